//! What the dialect tests share: parts as a reading gives them, and the
//! three verdicts on a line (read as a job, another system's with nothing
//! here to do it, or English that no reader takes).

use super::*;

pub(crate) fn p(path: &str, spelt: bool) -> Part {
    Part::Path {
        path: path.into(),
        spelt,
        folder: false,
    }
}

pub(crate) fn dir(path: &str) -> Part {
    Part::Path {
        path: path.into(),
        spelt: true,
        folder: true,
    }
}

/// A folder named by a bare word (`#logs`, `dir docs`).
pub(crate) fn dir_bare(path: &str) -> Part {
    Part::Path {
        path: path.into(),
        spelt: false,
        folder: true,
    }
}

pub(crate) fn t(s: &str) -> Part {
    Part::Text(s.into())
}

/// A help line's topic: the job a command does.
pub(crate) fn help_on(role: Role) -> Part {
    Part::Topic(Topic::Role(role))
}

/// `line` reads as `role` with `parts` in `shell`'s language.
#[track_caller]
pub(crate) fn reads(line: &str, shell: Shell, role: Role, parts: Vec<Part>) {
    let r = read(line).unwrap_or_else(|| panic!("{line:?} was not read"));
    assert_eq!(
        (r.shell, r.role, &r.parts),
        (shell, role, &parts),
        "{line:?}"
    );
}

/// None of `lines` is read.
#[track_caller]
pub(crate) fn not_read(lines: &[&str]) {
    for line in lines {
        assert_eq!(read(line), None, "{line:?} was read");
    }
}

/// `line` is `shell`'s, for a job nothing here does.
#[track_caller]
pub(crate) fn elsewhere_in(line: &str, shell: Shell) {
    assert_eq!(read(line), None, "{line:?} was read");
    assert_eq!(elsewhere(line), Some(shell), "{line:?}");
}

/// `line` is neither read nor said to be another system's.
#[track_caller]
pub(crate) fn english(line: &str) {
    assert_eq!(read(line), None, "{line:?} was read");
    assert_eq!(elsewhere(line), None, "{line:?} was said to be elsewhere");
}
