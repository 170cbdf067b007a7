//! `hexdump <file> [bytes]`: a file's bytes in hex and ASCII.


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files};

pub struct Hexdump;
pub static APPLET: Hexdump = Hexdump;

/// Shown when no count is given: a screenful, not a whole model file.
const DEFAULT_BYTES: usize = 256;
const ROW: usize = 16;

static SPEC: AppletSpec = AppletSpec {
    name: "hexdump",
    summary: "show a file's bytes in hex (the first 256 unless told)",
    slots: &[
        Slot::path("file", PathKind::File, true),
        Slot::integer("bytes", 1, 1 << 24).optional(),
    ],
    writes: false,
    role: Some(Role::ShowBytes),
    examples: &[
        Example::new("hex dump of hello.txt", "hexdump /HELLO.TXT"),
        Example::new("show the raw bytes of the boot log", "hexdump /LOGS/BOOT.LOG"),
        Example::new("look at notes.txt in hex", "hexdump /NOTES.TXT"),
        Example::new("first 64 bytes of the readme in hexadecimal", "hexdump /README.TXT 64"),
        Example::new("inspect the bytes of todo.txt", "hexdump /TODO.TXT"),
        Example::new("binary view of the faq", "hexdump /DOCS/FAQ.TXT"),
        Example::new("dump the first 16 bytes of guide.txt", "hexdump /DOCS/GUIDE.TXT 16"),
        Example::new("I want to see the byte values in hello.txt", "hexdump /HELLO.TXT"),
        Example::new("show 128 bytes of the boot log as hex", "hexdump /LOGS/BOOT.LOG 128"),
    ],
};

impl Applet for Hexdump {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let path = super::path(args, 0)?;
        let limit = match super::opt_integer(args, 1)? {
            Some(n) => usize::try_from(n).map_err(|_| AppletError::BadArgs)?,
            None => DEFAULT_BYTES,
        };
        let data = files(cx)?.read(path).map_err(at(path))?;
        let shown = &data[..data.len().min(limit)];
        let out = cx.out();
        for (row, chunk) in shown.chunks(ROW).enumerate() {
            write!(out, "{:08x} ", row * ROW)?;
            for i in 0..ROW {
                match chunk.get(i) {
                    Some(b) => write!(out, " {b:02x}")?,
                    None => out.write_str("   ")?,
                }
                if i == ROW / 2 - 1 {
                    out.write_char(' ')?;
                }
            }
            out.write_str("  |")?;
            for &b in chunk {
                let c = if b.is_ascii_graphic() || b == b' ' { b as char } else { '.' };
                out.write_char(c)?;
            }
            writeln!(out, "|")?;
        }
        if data.len() > shown.len() {
            writeln!(out, "... {} of {} bytes shown", shown.len(), data.len())?;
        } else {
            writeln!(out, "{} bytes", data.len())?;
        }
        Ok(())
    }
}
