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
        Example::new("what files are there", "ls"),
        Example::new("show me what's in the docs folder", "ls /DOCS"),
        Example::new("which logs do we have?", "ls /LOGS"),
        Example::new("list the disk", "ls"),
        Example::new("directory listing of docs please", "ls /DOCS"),
        Example::new("what's on the data volume", "ls"),
        Example::new("show the contents of the logs directory", "ls /LOGS"),
        Example::new("any files in DOCS?", "ls /DOCS"),
        Example::new("let me see the top-level folder", "ls"),
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
