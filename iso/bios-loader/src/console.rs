//! Text output: the BIOS teletype (INT 10h AH=0Eh) while the screen is in
//! text mode, and COM1 (set up by boot.s) always, so tests read it too.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};

use loader_core::serial::Stall;

use crate::bios::{self, Regs};

/// Cleared once the loader has switched to a graphics mode.
static TEXT_SCREEN: AtomicBool = AtomicBool::new(true);

/// Stops using the BIOS teletype (the screen is a framebuffer now).
pub fn graphics_mode() {
    TEXT_SCREEN.store(false, Ordering::Relaxed);
}

/// COM1's stall state ([`loader_core::serial::Stall`]) across messages:
/// once the transmitter has stayed busy for the bounded wait, later bytes
/// are sent only if the port is ready at once, so a dead port costs one
/// wait, not one per byte (the UEFI loader waits once per message).
static STALLED: AtomicBool = AtomicBool::new(false);

fn serial_byte(b: u8) {
    let mut stall = Stall::new(STALLED.load(Ordering::Relaxed));
    handoff::com1::send(&mut stall, b);
    STALLED.store(stall.stalled(), Ordering::Relaxed);
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
