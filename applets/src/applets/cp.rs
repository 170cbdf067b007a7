//! `cp <src> <dst>`: copy a file.

use alloc::string::String;

use command::Arg;
use command::Files;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Cp;
pub static APPLET: Cp = Cp;

static SPEC: AppletSpec = AppletSpec {
    name: "cp",
    summary: "copy a file (into a directory, if the target is one)",
    slots: &[
        Slot::path("src", PathKind::File, true),
        Slot::path("dst", PathKind::Any, false),
    ],
    writes: true,
    role: Some(Role::Copy),
    examples: &[
        Example::new("copy notes.txt to notes.bak", "cp /NOTES.TXT /NOTES.BAK"),
        Example::new("make a backup of the todo list", "cp /TODO.TXT /TODO.BAK"),
        Example::new("duplicate hello.txt as hello2.txt", "cp /HELLO.TXT /HELLO2.TXT"),
        Example::new("copy the guide up into the top folder", "cp /DOCS/GUIDE.TXT /GUIDE.TXT"),
        Example::new("put a copy of the readme in docs", "cp /README.TXT /DOCS/README.TXT"),
        Example::new("clone the boot log to docs/boot.txt", "cp /LOGS/BOOT.LOG /DOCS/BOOT.TXT"),
        Example::new("save a second copy of faq.txt called faq2.txt", "cp /DOCS/FAQ.TXT /DOCS/FAQ2.TXT"),
        Example::new("copy my notes over to the logs directory", "cp /NOTES.TXT /LOGS/NOTES.TXT"),
    ],
};

/// `dst`, or `dst/<name of src>` when `dst` is an existing directory (as
/// `cp` and `mv` do on every shell people know).
pub fn target(fs: &mut dyn Files, src: &str, dst: &str) -> String {
    match fs.stat(dst) {
        Ok(e) if e.is_dir => {
            let name = src.rsplit('/').next().unwrap_or(src);
            let mut t = String::from(dst.trim_end_matches('/'));
            t.push('/');
            t.push_str(name);
            t
        }
        _ => String::from(dst),
    }
}

impl Applet for Cp {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let src = super::path(args, 0)?;
        let dst = super::path(args, 1)?;
        let fs = files(cx)?;
        let dst = target(fs, src, dst);
        if dst == src {
            return Err(AppletError::Refused(alloc::format!("{src} and {dst} are the same file")));
        }
        let result = fs
            .read(src)
            .map_err(at(src))
            .and_then(|data| fs.write(&dst, &data, false).map_err(at(&dst)).map(|()| data.len()));
        let n = match result {
            Ok(n) => n,
            Err(e) => return flush_after(cx, Err(e)),
        };
        flush_after(cx, Ok(()))?;
        writeln!(cx.out(), "copied {n} bytes from {src} to {dst}")?;
        Ok(())
    }
}
