//! `ls [dir]`: list a directory of the data volume.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, PathKind, Slot};
use crate::table::{Applet, AppletError, Context};

use super::{at, bytes, files};

pub struct Ls;
pub static APPLET: Ls = Ls;

static SPEC: AppletSpec = AppletSpec {
    name: "ls",
    summary: "list the files in a directory (the top one by default)",
    slots: &[Slot::path("dir", PathKind::Dir, true).optional()],
    writes: false,
    examples: &[
        Example { request: "what files are there", command: "ls" },
        Example { request: "show me what's in the docs folder", command: "ls /DOCS" },
        Example { request: "which logs do we have?", command: "ls /LOGS" },
        Example { request: "list the disk", command: "ls" },
        Example { request: "directory listing of docs please", command: "ls /DOCS" },
        Example { request: "what's on the data volume", command: "ls" },
        Example { request: "show the contents of the logs directory", command: "ls /LOGS" },
        Example { request: "any files in DOCS?", command: "ls /DOCS" },
        Example { request: "let me see the top-level folder", command: "ls" },
    ],
};

impl Applet for Ls {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let dir = super::opt_path(args, 0)?.unwrap_or("/");
        let mut entries = files(cx)?.list(dir).map_err(at(dir))?;
        // Directories first, then by name: stable output whatever the FAT order.
        entries.sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then_with(|| a.name.cmp(&b.name)));
        let out = cx.out();
        if entries.is_empty() {
            writeln!(out, "{dir} is empty")?;
        }
        for e in &entries {
            if e.is_dir {
                writeln!(out, "{:>10}  {}/", "<dir>", e.name)?;
            } else {
                writeln!(out, "{:>10}  {}", bytes(e.size), e.name)?;
            }
        }
        Ok(())
    }
}
