//! `ls [dir]`: list a directory of the data volume.


use alloc::format;
use alloc::string::String;

use command::Arg;
use command::DirEntry;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, bytes, files};

pub struct Ls;
pub static APPLET: Ls = Ls;

static SPEC: AppletSpec = AppletSpec {
    name: "ls",
    summary: "list the files in a directory (the top one by default)",
    slots: &[Slot::path("dir", PathKind::Dir, true).optional()],
    writes: false,
    role: Some(Role::List),
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
        // Directories first, then by name ignoring case (names keep the case
        // they were given, and `NOTES.TXT` belongs beside `notes 2.txt`):
        // stable output whatever the FAT order.
        entries.sort_by(|a, b| {
            b.is_dir
                .cmp(&a.is_dir)
                .then_with(|| fold(&a.name).cmp(fold(&b.name)))
                .then_with(|| a.name.cmp(&b.name))
        });
        let out = cx.out();
        if entries.is_empty() {
            writeln!(out, "{dir} is empty")?;
        }
        for e in &entries {
            writeln!(out, "{}", line(e))?;
        }
        Ok(())
    }
}

/// A name's letters compared without case.
fn fold(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars().flat_map(char::to_lowercase)
}

/// One listing line: size (or `<dir>`), the modification time when the
/// volume has one, and the name as it was given (spaces and case kept).
fn line(e: &DirEntry) -> String {
    let size = if e.is_dir {
        String::from("<dir>")
    } else {
        bytes(e.size)
    };
    let date = match e.modified {
        Some(t) => format!(
            "  {:04}-{:02}-{:02} {:02}:{:02}",
            t.year, t.month, t.day, t.hour, t.minute
        ),
        None => String::new(),
    };
    let slash = if e.is_dir { "/" } else { "" };
    format!("{size:>10}{date}  {}{slash}", e.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use command::DateTime;

    #[test]
    fn lines_show_size_date_and_the_name_as_given() {
        let t = DateTime {
            year: 2026,
            month: 12,
            day: 2,
            hour: 9,
            minute: 5,
            second: 30,
        };
        let file = DirEntry {
            name: "meeting notes.txt".into(),
            is_dir: false,
            size: 2048,
            modified: Some(t),
        };
        assert_eq!(line(&file), "   2.0 KiB  2026-12-02 09:05  meeting notes.txt");
        let dir = DirEntry {
            name: "Project Files".into(),
            is_dir: true,
            size: 0,
            modified: Some(t),
        };
        assert_eq!(line(&dir), "     <dir>  2026-12-02 09:05  Project Files/");
        // Without a date (a volume that keeps none) the column is absent.
        let bare = DirEntry {
            modified: None,
            ..file
        };
        assert_eq!(line(&bare), "   2.0 KiB  meeting notes.txt");
    }
}
