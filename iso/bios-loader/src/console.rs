//! Text output: the BIOS teletype (INT 10h AH=0Eh) while the screen is in
//! text mode, and COM1 (set up by boot.s) always, so tests read it too.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::bios::{self, Regs};

const COM1: u16 = 0x3f8;

/// Cleared once the loader has switched to a graphics mode.
static TEXT_SCREEN: AtomicBool = AtomicBool::new(true);

/// Stops using the BIOS teletype (the screen is a framebuffer now).
pub fn graphics_mode() {
    TEXT_SCREEN.store(false, Ordering::Relaxed);
}

fn outb(port: u16, value: u8) {
    // SAFETY: COM1 register writes have no memory effects.
    unsafe {
        core::arch::asm!("out dx, al", in("dx") port, in("al") value, options(nomem, nostack, preserves_flags))
    };
}

fn inb(port: u16) -> u8 {
    let value: u8;
    // SAFETY: reading COM1's line status has no side effects.
    unsafe {
        core::arch::asm!("in al, dx", in("dx") port, out("al") value, options(nomem, nostack, preserves_flags))
    };
    value
}

/// Status reads to wait for COM1's transmitter before output is dropped.
const COM1_SPINS: u32 = 100_000;
/// Set once the transmitter stayed busy for [`COM1_SPINS`] reads (absent
/// hardware, or a port nobody drains): from then on a byte is sent only if
/// the port is ready at once, so a dead port costs one wait, not one per
/// byte (the UEFI loader's rule too).
static STALLED: AtomicBool = AtomicBool::new(false);

fn serial_ready() -> bool {
    inb(COM1 + 5) & 0x20 != 0
}

fn serial_byte(b: u8) {
    if STALLED.load(Ordering::Relaxed) {
        if !serial_ready() {
            return;
        }
        STALLED.store(false, Ordering::Relaxed);
    }
    if !(0..COM1_SPINS).any(|_| serial_ready()) {
        STALLED.store(true, Ordering::Relaxed);
        return;
    }
    outb(COM1, b);
}

fn screen_byte(b: u8) {
    bios::int(
        0x10,
        Regs {
            eax: 0x0e00 | u32::from(b),
            ebx: 0x0007,
            ..Regs::default()
        },
    );
}

/// Serial only: for panics, which may come from inside a BIOS call.
pub struct Serial;

impl fmt::Write for Serial {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            if b == b'\n' {
                serial_byte(b'\r');
            }
            serial_byte(b);
        }
        Ok(())
    }
}

/// Screen (while in text mode) and serial.
pub struct Console;

impl fmt::Write for Console {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let screen = TEXT_SCREEN.load(Ordering::Relaxed);
        for b in s.bytes() {
            if b == b'\n' {
                serial_byte(b'\r');
                if screen {
                    screen_byte(b'\r');
                }
            }
            serial_byte(b);
            if screen {
                screen_byte(b);
            }
        }
        Ok(())
    }
}

/// `println!` to the console.
#[macro_export]
macro_rules! println {
    ($($arg:tt)*) => {{
        use core::fmt::Write as _;
        let _ = writeln!($crate::console::Console, $($arg)*);
    }};
}
