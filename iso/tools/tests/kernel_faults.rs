//! The kernel's panic screen, driven by the `fault=` kernel command-line flag: a deliberate fault
//! after init must end in a readable report on serial and on the framebuffer, never a silent hang
//! or a triple fault (QEMU runs with `-no-reboot`, so a triple fault would end the VM).

use std::time::Duration;

use nosys_iso::qemu::{Vm, VmConfig};
use nosys_iso::test_iso;

/// One boot under TCG on a loaded machine.
const BOOT_TIMEOUT: Duration = Duration::from_secs(300);
/// The last line the panic screen prints.
const HALTED: &str = "--- system halted";
/// What `fault=pagefault` reads (kernel/src/panic.rs, TEST_FAULT_ADDRESS).
const FAULT_ADDRESS: &str = "0x00007eadbeef0000";
/// The panic screen's background (kernel/src/fbtext.rs, PANIC_BG).
const PANIC_BG: [u8; 3] = [0x5a, 0x0a, 0x0a];

fn boot_until_halted(name: &str, cmdline: &str) -> (Vm, String) {
    let iso = test_iso(name, cmdline).unwrap();
    let vm = Vm::boot(&VmConfig::new(&iso)).unwrap();
    let out = vm
        .wait_for_serial(HALTED, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    (vm, out)
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn page_fault_shows_the_panic_screen_with_the_faulting_address() {
    let (mut vm, out) = boot_until_halted("test-fault-pagefault", "fault=pagefault");
    let panic = &out[out.find("KERNEL PANIC").expect("no panic banner")..];
    assert!(panic.contains("page fault (#PF, vector 14)"), "{panic}");
    assert!(
        panic.contains(&format!("faulting address (CR2): {FAULT_ADDRESS}")),
        "{panic}"
    );
    assert!(
        panic.contains("cause: read of a not-present page, kernel mode"),
        "{panic}"
    );
    // RIP is inside the kernel image (linked at 0xffffffff80000000).
    assert!(panic.contains("RIP 0xffffffff8"), "{panic}");
    // The log tail ends with the line announcing the fault.
    let tail = &panic[panic.find("--- last log lines ---").expect("no log tail")..];
    assert!(
        tail.contains("fault: triggering a deliberate pagefault"),
        "{tail}"
    );
    assert!(tail.contains("memory: heap of"), "{tail}");

    // The same report is on screen: a red background with text on it.
    let shot = vm.screendump().unwrap();
    let bg = shot.dominant_color(0, 0, shot.width, shot.height);
    assert_eq!(bg, PANIC_BG, "panic screen background");
    let ink = shot.count_not(bg, 0, 0, shot.width / 2, 64);
    assert!(
        ink > 500,
        "no text in the panic screen's first lines ({ink} pixels)"
    );

    // The machine stays halted on the report instead of resetting.
    std::thread::sleep(Duration::from_secs(2));
    assert!(vm.is_running(), "VM ended (triple fault?)");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn double_fault_runs_on_its_own_stack() {
    // fault=doublefault points RSP at unmapped memory and faults: only the IST stack in the TSS
    // lets the double-fault handler run at all.
    let (mut vm, out) = boot_until_halted("test-fault-doublefault", "fault=doublefault");
    let panic = &out[out.find("KERNEL PANIC").expect("no panic banner")..];
    assert!(panic.contains("double fault (#DF, vector 8)"), "{panic}");
    assert!(panic.contains(&format!("RSP {FAULT_ADDRESS}")), "{panic}");
    assert!(vm.is_running(), "VM ended (triple fault?)");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn rust_panic_shows_message_and_location() {
    let (_vm, out) = boot_until_halted("test-fault-panic", "fault=panic");
    let panic = &out[out.find("KERNEL PANIC").expect("no panic banner")..];
    assert!(
        panic.contains("Rust panic: deliberate panic requested by fault=panic"),
        "{panic}"
    );
    assert!(panic.contains("at kernel/src/panic.rs:"), "{panic}");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn stack_overflow_hits_the_guard_page() {
    // fault=stackoverflow recurses without end on the kernel stack, which has an unmapped guard
    // page below it: the overflow must be reported, not silently overwrite memory.
    let (_vm, out) = boot_until_halted("test-fault-stackoverflow", "fault=stackoverflow");
    let panic = &out[out.find("KERNEL PANIC").expect("no panic banner")..];
    assert!(panic.contains("kernel stack overflow"), "{panic}");
}
