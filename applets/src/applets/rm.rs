//! `rm <path>`: delete a file or an empty directory.


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Rm;
pub static APPLET: Rm = Rm;

static SPEC: AppletSpec = AppletSpec {
    name: "rm",
    summary: "delete a file or an empty directory",
    slots: &[Slot::path("path", PathKind::Any, true)],
    writes: true,
    role: Some(Role::Remove),
    examples: &[
        Example::new("delete hello.txt", "rm /HELLO.TXT"),
        Example::new("remove the todo list", "rm /TODO.TXT"),
        Example::new("get rid of the boot log", "rm /LOGS/BOOT.LOG"),
        Example::new("erase the faq in docs", "rm /DOCS/FAQ.TXT"),
        Example::new("throw away my notes", "rm /NOTES.TXT"),
        Example::new("I don't need the guide anymore, delete it", "rm /DOCS/GUIDE.TXT"),
        Example::new("trash readme.txt", "rm /README.TXT"),
        Example::new("unlink the file called hello in the top folder", "rm /HELLO.TXT"),
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
