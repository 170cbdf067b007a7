//! COM1 with a bounded wait: the UEFI loader's output after
//! `ExitBootServices` and its panic report, and the BIOS loader's serial
//! copy of everything it prints. [`loader_core::serial::Stall`] decides
//! when a byte is given up.

use core::fmt;

use loader_core::serial::Stall;

use crate::{inb, outb};

const COM1: u16 = 0x3f8;
/// Line status register: bit 5, the transmitter holding register is empty.
const LSR: u16 = COM1 + 5;
const THR_EMPTY: u8 = 0x20;

/// Sends `byte` unless `stall` gives it up.
pub fn send(stall: &mut Stall, byte: u8) {
    if stall.admit(|| inb(LSR) & THR_EMPTY != 0) {
        outb(COM1, byte);
    }
}

/// A writer for one message: a stalled port costs one bounded wait per
/// message, not one per byte. Bytes go out as given (no newline changes).
#[derive(Default)]
pub struct Com1 {
    stall: Stall,
}

impl fmt::Write for Com1 {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            send(&mut self.stall, b);
        }
        Ok(())
    }
}
