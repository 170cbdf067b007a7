//! The console end to end: the shell driven over serial, the PS/2 path driven with the QEMU
//! monitor's `sendkey`, and the screen checked with `screendump`.

use std::time::Duration;

use nosys_iso::qemu::{Serial, Vm, VmConfig};
use nosys_iso::{test_iso, READY};

/// One boot under TCG on a loaded machine.
const BOOT_TIMEOUT: Duration = Duration::from_secs(300);
/// One command's reply.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);
/// Status-bar colors (ui/src/lib.rs).
const READ_ONLY_BG: [u8; 3] = [0x1f, 0x7a, 0x3a];
const READ_WRITE_BG: [u8; 3] = [0xb0, 0x24, 0x24];

fn boot() -> Vm {
    // The default configuration, from the artifacts `make iso` built.
    let vm = Vm::boot(&VmConfig::new(test_iso("test-console", "").unwrap())).unwrap();
    vm.wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    vm
}

/// Serial text as a terminal shows it (escape sequences and CRs removed).
fn plain(s: &str) -> String {
    nosys_iso::plain_text(s)
}

/// Sends `line` and Enter over serial, then waits until `expect` appears on a line of its own
/// (so the echo of the typed command does not count). Returns the plain reply text.
fn run(vm: &mut Vm, line: &str, expect: &str) -> String {
    let mark = vm.serial_len();
    vm.send_serial(line.as_bytes()).unwrap();
    vm.send_serial(b"\r").unwrap();
    wait_line(vm, mark, expect)
}

fn wait_line(vm: &Vm, mark: usize, expect: &str) -> String {
    let deadline = std::time::Instant::now() + REPLY_TIMEOUT;
    loop {
        let raw = vm
            .wait_for_serial_after(mark, "nosys> ", REPLY_TIMEOUT)
            .unwrap_or_else(|e| panic!("waiting for {expect:?}: {e}"));
        let text = plain(&raw);
        if text
            .lines()
            .any(|l| l.trim_end() == expect || l.starts_with(expect))
        {
            return text;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no line {expect:?} in reply:\n{text}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn assert_alive(vm: &mut Vm, token: &str) {
    run(vm, &format!("echo {token}"), token);
    let out = vm.serial_output();
    assert!(!out.contains("KERNEL PANIC"), "{out}");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn shell_over_serial() {
    let mut vm = boot();

    let help = run(
        &mut vm,
        "help",
        "help <command> shows its usage; anything else is read as a request in plain English",
    );
    let listed = |name: &str| {
        help.lines()
            .any(|l| l.trim_start().starts_with(&format!("{name} ")))
    };
    for name in [
        "echo", "mem", "cpu", "uptime", "date", "lspci", "log", "history", "clear",
    ] {
        assert!(listed(name), "help lacks {name}:\n{help}");
    }
    // Read-only mode at boot: the machine-changing applets are not in the reachable set.
    for name in ["reboot", "shutdown"] {
        assert!(!listed(name), "read-only help lists {name}:\n{help}");
    }
    assert!(help.contains("press F2 for read-write mode"), "{help}");
    let hint = run(&mut vm, "reboot", "reboot changes the disk or the machine");
    assert!(hint.contains("press F2"), "{hint}");

    run(&mut vm, "echo hello   world", "hello world");
    // Tab completes the command name from the live table ("ec" has one candidate).
    run(&mut vm, "ec\tcompleted-by-tab", "completed-by-tab");
    run(&mut vm, "echo \"a  b\"", "a  b");

    // Not a command: without a model it is refused with a hint; with the default model it is a
    // request in plain English, routed to some reachable applet ("→ <applet> ...").
    let mark = vm.serial_len();
    vm.send_serial(b"frobnicate the disk\r").unwrap();
    let reply = plain(
        &vm.wait_for_serial_after(mark + 1, "nosys> ", REPLY_TIMEOUT)
            .unwrap(),
    );
    assert!(
        reply.contains("frobnicate: not a command, and no language model is loaded")
            || reply.lines().any(|l| l.starts_with("→ ")),
        "{reply}"
    );

    // An over-long line: the editor refuses input past its limit (never a crash), so what runs
    // is the line cut at the limit; the shell answers after.
    let long = "x".repeat(10_000);
    let mark = vm.serial_len();
    vm.send_serial(format!("echo {long}\r").as_bytes()).unwrap();
    let reply = wait_line(&vm, mark, "xxxxxxxx");
    let echoed = reply
        .lines()
        .filter(|l| l.starts_with("xxxx"))
        .map(str::len)
        .max()
        .unwrap_or(0);
    assert!(
        (1000..10_000).contains(&echoed),
        "echoed {echoed} of 10000 characters"
    );
    assert_alive(&mut vm, "alive-after-long-line");

    // Garbage: every byte value, stray escape sequences, then Ctrl-C to drop whatever is left.
    let garbage: Vec<u8> = (0u8..=255)
        .chain(*b"\x1b[\x1b[99~\x1bO\xff\xfe\x1b[1;2")
        .collect();
    vm.send_serial(&garbage).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    vm.send_serial(b"\x03").unwrap();
    assert_alive(&mut vm, "alive-after-garbage");

    // Applets that read the hardware: CPUID through the kernel's Services.
    let cpu = run(&mut vm, "cpu", "vendor:");
    assert!(
        cpu.contains("features:") && cpu.contains("avx2") && cpu.contains("fma"),
        "{cpu}"
    );
    let mem = run(&mut vm, "mem", "memory:");
    assert!(mem.contains("heap:") && mem.contains("GiB total"), "{mem}");
    run(&mut vm, "uptime", "up 00:");
    // QEMU's RTC starts at the host's UTC time.
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let year = 1970 + secs / 31_556_952;
    run(&mut vm, "date", &format!("{year}-"));
    // The kernel log ring, from the first line the kernel printed.
    run(
        &mut vm,
        "log",
        &format!("[INFO ] nosys {}", env!("CARGO_PKG_VERSION")),
    );
    // q35's host bridge (Intel 82G33/G31/P35/P31 DRAM controller).
    run(&mut vm, "lspci", "00:00.0 8086:29c0");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn keyboard_typing_and_f2_through_the_ps2_path() {
    let mut vm = boot();
    let shot = vm.screendump().unwrap();
    let status_row = (shot.height - 8, 8);
    assert_eq!(
        shot.dominant_color(0, status_row.0, 80, 4),
        READ_ONLY_BG,
        "boot mode is read-only, shown at the left of the status bar"
    );

    let mark = vm.serial_len();
    vm.type_text("echo hi").unwrap();
    vm.sendkey("ret").unwrap();
    let reply = wait_line(&vm, mark, "hi");
    assert!(
        reply.lines().any(|l| l.trim_end().ends_with("echo hi")),
        "typed text not mirrored:\n{reply}"
    );

    let mark = vm.serial_len();
    vm.sendkey("f2").unwrap();
    vm.wait_for_serial_after(mark, "console: mode READ-WRITE (F2)", REPLY_TIMEOUT)
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let shot = vm.screendump().unwrap();
    assert_eq!(
        shot.dominant_color(0, status_row.0, 80, 4),
        READ_WRITE_BG,
        "status bar did not switch to read-write"
    );

    // Typed text is on screen: type without Enter and compare the prompt row with a blank row.
    vm.type_text("echo typed on screen").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let shot = vm.screendump().unwrap();
    let bg = shot.dominant_color(0, 0, shot.width, shot.height);
    let ink_top: usize = (0..shot.height / 2)
        .step_by(16)
        .map(|y| shot.count_not(bg, 0, y, shot.width / 2, 16))
        .sum();
    assert!(ink_top > 2000, "no text on screen ({ink_top} pixels)");
    // F2 again returns to read-only.
    let mark = vm.serial_len();
    vm.sendkey("f2").unwrap();
    vm.wait_for_serial_after(mark, "console: mode READ-ONLY (F2)", REPLY_TIMEOUT)
        .unwrap();
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn shutdown_powers_off_through_acpi_s5() {
    let mut vm = boot();
    let out = vm.serial_output();
    assert!(
        out.contains("acpi: \\_S5 SLP_TYPa="),
        "\\_S5 not found at boot:\n{out}"
    );
    // F2 as a serial terminal sends it (xterm's SS3 Q): shutdown is a read-write applet.
    vm.press_f2("READ-WRITE (F2)", REPLY_TIMEOUT).unwrap();
    let mark = vm.serial_len();
    vm.send_serial(b"shutdown\r").unwrap();
    vm.wait_for_serial_after(mark, "powering off...", REPLY_TIMEOUT)
        .unwrap();
    // QEMU exits when the guest enters S5; a failed attempt would print an error and stay up.
    let deadline = std::time::Instant::now() + REPLY_TIMEOUT;
    while vm.is_running() {
        assert!(
            std::time::Instant::now() < deadline,
            "still running after shutdown:\n{}",
            plain(&vm.serial_output()[mark..])
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(!vm.serial_output().contains("KERNEL PANIC"));
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn reboot_resets_the_machine() {
    let mut vm = boot();
    vm.press_f2("READ-WRITE (F2)", REPLY_TIMEOUT).unwrap();
    let mark = vm.serial_len();
    vm.send_serial(b"reboot\r").unwrap();
    // QEMU runs with -no-reboot: a reset ends the VM.
    let deadline = std::time::Instant::now() + REPLY_TIMEOUT;
    while vm.is_running() {
        assert!(
            std::time::Instant::now() < deadline,
            "still running after reboot:\n{}",
            plain(&vm.serial_output()[mark..])
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let out = plain(&vm.serial_output()[mark..]);
    assert!(out.contains("rebooting"), "{out}");
    assert!(!out.contains("KERNEL PANIC"), "{out}");
}

/// How long the serial client of `a_serial_console_nobody_reads_stops_nothing` reads nothing:
/// more than a whole boot under TCG (about 16 s here, docs/boot.md), so firmware, loader and
/// kernel all meet a full transmitter.
const UNREAD_FOR: Duration = Duration::from_secs(40);

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn a_serial_console_nobody_reads_stops_nothing() {
    let mut cfg = VmConfig::new(test_iso("test-unread-serial", "").unwrap());
    cfg.serial = Serial::Unread;
    let mut vm = Vm::boot(&cfg).unwrap();
    std::thread::sleep(UNREAD_FOR);

    // Before anyone reads: the console owns the screen (banner line at the top, status bar at the
    // bottom), so the boot got past the loader and the kernel's serial writes.
    let shot = vm.screendump().unwrap();
    let background = shot.dominant_color(0, 0, shot.width, shot.height);
    let (w, h) = (shot.width / 2, 32);
    let ink = shot.count_not(background, 0, 0, w, h);
    assert!(
        ink * 200 > w * h,
        "banner region is background after {UNREAD_FOR:?}: {ink} of {} pixels differ",
        w * h
    );
    assert_eq!(
        shot.dominant_color(0, shot.height - 8, 80, 4),
        READ_ONLY_BG,
        "no status bar after {UNREAD_FOR:?}"
    );

    // Now read: the shell answers, and its log ring has the ready line serial may have dropped.
    vm.resume_serial();
    run(&mut vm, "echo still-here", "still-here");
    let log = run(&mut vm, "log", "[INFO ] nosys: ready");
    assert!(!log.contains("PANIC"), "{log}");
    let out = plain(&vm.serial_output());
    for bad in ["panic", "PANIC", "Failed to write"] {
        assert!(!out.contains(bad), "serial shows {bad:?}:\n{out}");
    }
    // What could not be sent is counted, once the line drains.
    assert!(
        out.contains("bytes dropped"),
        "no drop count on serial:\n{out}"
    );
}
