//! `rm <path>`: delete a file or an empty directory.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, PathKind, Slot};
use crate::table::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Rm;
pub static APPLET: Rm = Rm;

static SPEC: AppletSpec = AppletSpec {
    name: "rm",
    summary: "delete a file or an empty directory",
    slots: &[Slot::path("path", PathKind::Any, true)],
    writes: true,
    examples: &[
        Example { request: "delete hello.txt", command: "rm /HELLO.TXT" },
        Example { request: "remove the todo list", command: "rm /TODO.TXT" },
        Example { request: "get rid of the boot log", command: "rm /LOGS/BOOT.LOG" },
        Example { request: "erase the faq in docs", command: "rm /DOCS/FAQ.TXT" },
        Example { request: "throw away my notes", command: "rm /NOTES.TXT" },
        Example { request: "I don't need the guide anymore, delete it", command: "rm /DOCS/GUIDE.TXT" },
        Example { request: "trash readme.txt", command: "rm /README.TXT" },
        Example { request: "unlink the file called hello in the top folder", command: "rm /HELLO.TXT" },
    ],
};

impl Applet for Rm {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let path = super::path(args, 0)?;
        if path == "/" {
            return Err(AppletError::Refused("the top directory cannot be removed".into()));
        }
        let result = files(cx)?.remove(path).map_err(at(path));
        flush_after(cx, result)?;
        writeln!(cx.out(), "removed {path}")?;
        Ok(())
    }
}
