//! `mv <src> <dst>`: move or rename a file or directory.


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::cp::target;
use super::{at, files, flush_after};

pub struct Mv;
pub static APPLET: Mv = Mv;

static SPEC: AppletSpec = AppletSpec {
    name: "mv",
    summary: "move or rename a file or directory",
    slots: &[
        Slot::path("src", PathKind::Any, true),
        Slot::path("dst", PathKind::Any, false),
    ],
    writes: true,
    role: Some(Role::Move),
    examples: &[
        Example::new("rename hello.txt to greeting.txt", "mv /HELLO.TXT /GREETING.TXT"),
        Example::new("move the notes into docs", "mv /NOTES.TXT /DOCS/NOTES.TXT"),
        Example::new("change the name of todo.txt to tasks.txt", "mv /TODO.TXT /TASKS.TXT"),
        Example::new("move the faq up to the top level", "mv /DOCS/FAQ.TXT /FAQ.TXT"),
        Example::new("relocate boot.log into the docs folder", "mv /LOGS/BOOT.LOG /DOCS/BOOT.LOG"),
        Example::new("call the readme readme.old from now on", "mv /README.TXT /README.OLD"),
        Example::new("shift guide.txt over to the logs directory", "mv /DOCS/GUIDE.TXT /LOGS/GUIDE.TXT"),
        Example::new("rename the docs folder to manuals", "mv /DOCS /MANUALS"),
    ],
};

impl Applet for Mv {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let src = super::path(args, 0)?;
        let dst = super::path(args, 1)?;
        if src == "/" {
            return Err(AppletError::Refused("the top directory cannot be moved".into()));
        }
        let fs = files(cx)?;
        let dst = target(fs, src, dst);
        if dst == src {
            return Err(AppletError::Refused(alloc::format!("{src} is already there")));
        }
        if dst.starts_with(src) && dst.as_bytes().get(src.len()) == Some(&b'/') {
            return Err(AppletError::Refused(alloc::format!("{src} cannot move into itself")));
        }
        let result = fs.rename(src, &dst).map_err(at(src));
        flush_after(cx, result)?;
        writeln!(cx.out(), "moved {src} to {dst}")?;
        Ok(())
    }
}
