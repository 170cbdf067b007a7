//! `cat <file>`: print a text file.

use alloc::format;


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files};

pub struct Cat;
pub static APPLET: Cat = Cat;

static SPEC: AppletSpec = AppletSpec {
    name: "cat",
    summary: "print a text file",
    slots: &[Slot::path("file", PathKind::File, true)],
    writes: false,
    role: Some(Role::ShowText),
    examples: &[
        Example::new("show me the notes", "cat /NOTES.TXT"),
        Example::new("read the readme", "cat /README.TXT"),
        Example::new("what's in todo.txt?", "cat /TODO.TXT"),
        Example::new("open the guide in the docs folder", "cat /DOCS/GUIDE.TXT"),
        Example::new("print the faq", "cat /DOCS/FAQ.TXT"),
        Example::new("display the boot log file", "cat /LOGS/BOOT.LOG"),
        Example::new("let me see hello.txt", "cat /HELLO.TXT"),
        Example::new("what does my to-do list say", "cat /TODO.TXT"),
        Example::new("type out the contents of the readme file", "cat /README.TXT"),
    ],
};

/// Whether bytes read as text: UTF-8 with no control characters other than
/// tab, newline, carriage return and form feed. A console fed anything else
/// shows garbage (or interprets escape sequences on the serial mirror).
pub(crate) fn is_text(data: &[u8]) -> bool {
    match core::str::from_utf8(data) {
        Ok(s) => !s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c')),
        Err(_) => false,
    }
}

impl Applet for Cat {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let path = super::path(args, 0)?;
        let data = files(cx)?.read(path).map_err(at(path))?;
        if !is_text(&data) {
            return Err(AppletError::Refused(format!(
                "{path} is not text; use hexdump {path} to see its bytes"
            )));
        }
        let text = core::str::from_utf8(&data).map_err(|_| AppletError::BadArgs)?;
        let out = cx.out();
        out.write_str(text)?;
        if !text.is_empty() && !text.ends_with('\n') {
            out.write_char('\n')?;
        }
        Ok(())
    }
}
