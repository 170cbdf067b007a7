//! The UEFI loader's side of leaving the firmware: whether boot services
//! are gone, COM1 lines after they are, and the panic report. The jump
//! itself is the `handoff` crate's, shared with the BIOS loader.

use core::fmt::Write;
use core::sync::atomic::{AtomicBool, Ordering};

use handoff::com1::Com1;

static BOOT_SERVICES_EXITED: AtomicBool = AtomicBool::new(false);
/// Set by the first panic: a panic while reporting one only halts.
static PANICKING: AtomicBool = AtomicBool::new(false);

/// Records that the firmware console is gone (panics go to COM1 only).
pub fn boot_services_exited() {
    BOOT_SERVICES_EXITED.store(true, Ordering::Release);
}

/// Whether [`boot_services_exited`] has run.
pub fn boot_services_exited_already() -> bool {
    BOOT_SERVICES_EXITED.load(Ordering::Acquire)
}

/// One line on COM1 (after boot services, the only output left).
pub fn serial_line(s: &str) {
    let _ = writeln!(Com1::default(), "{s}\r");
}

/// Reports a loader bug on COM1 and the firmware console (while it
/// exists), once: a panic raised while reporting (the console itself
/// failing) halts quietly instead of reporting again, and again.
pub fn report_panic(info: &core::panic::PanicInfo) -> ! {
    if !PANICKING.swap(true, Ordering::AcqRel) {
        let _ = writeln!(Com1::default(), "\r\nnosys-loader: panic: {info}\r");
        if !boot_services_exited_already() {
            say!("nosys-loader: panic: {info}");
            crate::firmware::wait_for_key();
        }
    }
    loop {
        // SAFETY: halting with interrupts in whatever state is harmless.
        unsafe { core::arch::asm!("hlt", options(nomem, nostack)) };
    }
}
