//! `mkdir <dir>`: create a directory.


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Mkdir;
pub static APPLET: Mkdir = Mkdir;

static SPEC: AppletSpec = AppletSpec {
    name: "mkdir",
    summary: "create a directory",
    slots: &[Slot::path("dir", PathKind::Dir, false)],
    writes: true,
    role: Some(Role::MakeDir),
    examples: &[
        Example::new("make a folder called projects", "mkdir /PROJECTS"),
        Example::new("create a directory named backup", "mkdir /BACKUP"),
        Example::new("new folder for photos", "mkdir /PHOTOS"),
        Example::new("add a subdirectory old inside docs", "mkdir /DOCS/OLD"),
        Example::new("I need somewhere to keep music, make a dir for it", "mkdir /MUSIC"),
        Example::new("create logs/archive", "mkdir /LOGS/ARCHIVE"),
        Example::new("set up an empty directory tmp", "mkdir /TMP"),
        Example::new("could you open a fresh folder named work", "mkdir /WORK"),
    ],
};

impl Applet for Mkdir {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let path = super::path(args, 0)?;
        let result = files(cx)?.mkdir(path).map_err(at(path));
        flush_after(cx, result)?;
        writeln!(cx.out(), "created {path}/")?;
        Ok(())
    }
}
