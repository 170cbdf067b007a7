//! `mkdir <dir>`: create a directory.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, PathKind, Slot};
use crate::table::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Mkdir;
pub static APPLET: Mkdir = Mkdir;

static SPEC: AppletSpec = AppletSpec {
    name: "mkdir",
    summary: "create a directory",
    slots: &[Slot::path("dir", PathKind::Dir, false)],
    writes: true,
    examples: &[
        Example { request: "make a folder called projects", command: "mkdir /PROJECTS" },
        Example { request: "create a directory named backup", command: "mkdir /BACKUP" },
        Example { request: "new folder for photos", command: "mkdir /PHOTOS" },
        Example { request: "add a subdirectory old inside docs", command: "mkdir /DOCS/OLD" },
        Example { request: "I need somewhere to keep music, make a dir for it", command: "mkdir /MUSIC" },
        Example { request: "create logs/archive", command: "mkdir /LOGS/ARCHIVE" },
        Example { request: "set up an empty directory tmp", command: "mkdir /TMP" },
        Example { request: "could you open a fresh folder named work", command: "mkdir /WORK" },
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
