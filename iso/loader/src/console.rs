//! The loader's one way to show text, which can never stop the boot.
//!
//! `uefi::println!` panics when the firmware's console reports an error, and
//! consoles do: OVMF's serial driver gives up with a device error after a
//! second when nobody reads the far end of the port (a console server with
//! no one attached, a VirtualBox pipe, a BMC's serial-over-LAN), and text
//! drivers answer characters they have no glyph for with a warning. Neither
//! is a reason not to boot, so [`line`] ignores every status the console
//! returns. Before `ExitBootServices` text goes to the firmware console
//! (screen, and serial through its mirror); after, to COM1 with a bounded
//! wait ([`crate::exit::serial_line`]).

use core::fmt::{self, Write};

use uefi::proto::console::text::Output;
use uefi::CStr16;

/// Prints `args` and a newline; never fails, never panics on a console error.
pub fn line(args: fmt::Arguments) {
    if !firmware_console_available() {
        let mut text = Utf8Line::default();
        let _ = text.write_fmt(args);
        crate::exit::serial_line(text.as_str());
        return;
    }
    let mut out = FirmwareText::default();
    let _ = out.write_fmt(args);
    let _ = out.write_str("\n");
    out.flush();
}

/// `line(format_args!(…))`; every module after `console` in main.rs has it.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::console::line(core::format_args!($($arg)*))
    };
}

/// Whether boot services and a console-out protocol are there to write to.
fn firmware_console_available() -> bool {
    if crate::exit::boot_services_exited_already() {
        return false;
    }
    let Some(st) = uefi::table::system_table_raw() else {
        return false;
    };
    // SAFETY: the pointer was set from the image's entry arguments by the
    // `uefi` crate, and the firmware keeps the table valid while we run.
    let st = unsafe { st.as_ref() };
    // `with_stdout` asserts both; a console-less firmware must not panic here.
    !st.boot_services.is_null() && !st.stdout.is_null()
}

/// Text in UCS-2 chunks for `OutputString` (the console's only encoding),
/// flushed whenever the chunk is full.
struct FirmwareText {
    /// One chunk and its NUL.
    buf: [u16; CHUNK + 1],
    len: usize,
}

const CHUNK: usize = 128;

impl Default for FirmwareText {
    fn default() -> Self {
        FirmwareText {
            buf: [0; CHUNK + 1],
            len: 0,
        }
    }
}

impl FirmwareText {
    fn push(&mut self, unit: u16) {
        self.buf[self.len] = unit;
        self.len += 1;
        if self.len == CHUNK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.len == 0 {
            return;
        }
        self.buf[self.len] = 0;
        let text = &self.buf[..=self.len];
        self.len = 0;
        if let Ok(text) = CStr16::from_u16_with_nul(text) {
            // Errors (a serial console nobody reads) and warnings (unknown
            // glyphs) alike: the text went wherever it could.
            uefi::system::with_stdout(|out: &mut Output| {
                let _ = out.output_string(text);
            });
        }
    }
}

impl Write for FirmwareText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '\n' => {
                    self.push(u16::from(b'\r'));
                    self.push(u16::from(b'\n'));
                }
                // NUL would end the string early.
                '\0' => {}
                // UCS-2 has no surrogate pairs: what does not fit is shown as '?'.
                c => self.push(u16::try_from(u32::from(c)).unwrap_or(u16::from(b'?'))),
            }
        }
        Ok(())
    }
}

/// A line for COM1 after the firmware console is gone (cut at its size).
struct Utf8Line {
    buf: [u8; 256],
    len: usize,
}

impl Default for Utf8Line {
    fn default() -> Self {
        Utf8Line {
            buf: [0; 256],
            len: 0,
        }
    }
}

impl Utf8Line {
    fn as_str(&self) -> &str {
        let bytes = &self.buf[..self.len];
        match core::str::from_utf8(bytes) {
            Ok(s) => s,
            // A cut inside a UTF-8 sequence: keep what is whole.
            Err(e) => core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
        }
    }
}

impl Write for Utf8Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}
