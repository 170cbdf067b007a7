//! nosys kernel entry: the one place that calls every subsystem's `init`, in
//! the order their dependencies need. Each step is one line; the modules say
//! how they work.

#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

mod acpi;
mod apic;
mod assistant;
mod boot;
mod console;
mod cpu;
mod fbtext;
mod gdt;
mod interrupts;
mod memory;
mod nvme_hal;
mod panic;
mod pci;
mod ps2;
mod rt;
mod serial;
mod simd;
mod smp;
mod time;

use alloc::string::ToString;
use log::{info, warn};

/// The kernel's version, printed in the banner.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Reached from `_start` (kernel/src/rt.rs, the entry point linker.ld names) once SSE is on.
/// The loader (Limine or ours) arrives there with a valid stack, interrupts off, and the
/// requests in `boot` answered.
#[no_mangle]
extern "C" fn kmain() -> ! {
    // 1. Serial first: everything after this can report what went wrong.
    serial::init();
    info!("nosys {VERSION}");
    if !boot::base_revision_supported() {
        warn!(
            "boot: loader did not accept base revision {}; continuing",
            boot::REQUESTED_BASE_REVISION
        );
    }
    report_boot_info();

    // 2. CPU state, exceptions, memory, then everything that needs the heap.
    platform_init();

    // 3. The rest runs on a heap stack with a guard page: an overflow faults visibly.
    let e = memory::run_on_guarded_stack(KERNEL_STACK_BYTES, kernel_main);
    panic!("memory: cannot switch to a guarded kernel stack: {e}");
}

/// The kernel stack from step 3 on (the loader's is 1 MiB, unguarded).
const KERNEL_STACK_BYTES: usize = 8 << 20;

/// `kmain` continued on the guarded stack.
extern "C" fn kernel_main() -> ! {
    if let Some(kind) = boot::cmdline_value("fault") {
        // `fault=ap-<kind>`: the same fault on an application processor.
        let result = match kind.strip_prefix("ap-") {
            Some(kind) => smp::trigger_test_fault(kind),
            None => panic::trigger_test_fault(kind).map_err(|e| e.to_string()),
        };
        if let Err(e) = result {
            warn!("fault={kind}: {e}");
        }
    }
    // 4. Devices for the applets (PCI, NVMe, the data volume), then the console, which prints
    //    the ready line once the prompt is up and never returns.
    let devices = nvme_hal::discover(boot::rsdp_physical());
    console::run(devices)
}

/// Logs what the loader gave us, so a boot log shows the machine we run on.
fn report_boot_info() {
    if let Some((name, version)) = boot::bootloader() {
        info!("boot: loaded by {name} {version}");
    }
    let cmdline = boot::cmdline();
    if !cmdline.is_empty() {
        info!("boot: cmdline \"{cmdline}\"");
    }
    match boot::hhdm_offset() {
        Some(off) => info!("boot: hhdm at {off:#x}"),
        None => warn!("boot: no HHDM response"),
    }
    let map = boot::memory_map();
    let usable: u64 = map
        .iter()
        .filter(|e| e.entry_type == limine::memory_map::EntryType::USABLE)
        .map(|e| e.length)
        .sum();
    info!(
        "boot: {} memory map entries, {} MiB usable",
        map.len(),
        usable >> 20
    );
    match boot::framebuffer() {
        Some(fb) => info!(
            "boot: framebuffer {}x{} {}bpp",
            fb.width(),
            fb.height(),
            fb.bpp()
        ),
        None => warn!("boot: no framebuffer"),
    }
    if let Some(rsdp) = boot::rsdp_physical() {
        info!("boot: rsdp at {rsdp:#x}");
    }
    for m in boot::modules() {
        info!(
            "boot: module {} ({} bytes) \"{}\"",
            m.path().to_str().unwrap_or("?"),
            m.size(),
            m.string().to_str().unwrap_or("?")
        );
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    panic::rust_panic(info)
}

/// Step 2 of `kmain`, in dependency order: SIMD before any float code, the IDT before anything
/// that can fault, the heap before anything that allocates.
fn platform_init() {
    match simd::init() {
        Ok(f) => info!("simd: SSE on, AVX {} AVX2 {} FMA {}", f.avx, f.avx2, f.fma),
        Err(e) => warn!("simd: {e}"),
    }
    gdt::init();
    interrupts::init();
    info!("cpu: GDT, TSS (double-fault IST) and IDT loaded");
    let Some(hhdm) = boot::hhdm_offset() else {
        panic!("boot: the loader gave no HHDM offset; physical memory is unreachable");
    };
    let usable = || {
        boot::memory_map()
            .iter()
            .filter(|e| e.entry_type == limine::memory_map::EntryType::USABLE)
            .map(|e| memory::Region {
                base: e.base,
                len: e.length,
            })
    };
    // The APs' start-up code needs a page below 1 MiB: taken before the heap claims it all.
    let trampoline = smp::pick_trampoline(usable());
    let heap = memory::init(
        hhdm,
        usable().flat_map(|r| smp::carve(r, trampoline).into_iter().flatten()),
    );
    info!("memory: heap of {} MiB", heap >> 20);
    if let Some(fb) = boot::framebuffer() {
        fbtext::init(fbtext::FbInfo::from_limine(&fb));
        fbtext::banner(VERSION);
        serial::set_log_sink(fbtext::log_sink);
    }
    let (hz, how) = time::init();
    info!("time: TSC {} MHz ({how:?})", hz / 1_000_000);
    match time::rtc_now() {
        Ok(now) => info!("time: RTC {now}"),
        Err(e) => warn!("time: {e}"),
    }
    info!("cpu: {}", cpu::info());
    if let Err(e) = acpi::init(boot::rsdp_physical()) {
        warn!("acpi: {e}");
    }
    if let Err(e) = smp::start(trampoline, boot::rsdp_physical()) {
        warn!("smp: {e}; running on one core");
    }
}
