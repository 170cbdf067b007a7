//! git's commands on files: `git rm HELLO.TXT`, `git mv A.TXT DOCS/`,
//! `git show HEAD:NOTES.TXT`, `git ls-files DOCS`.
//!
//! This machine keeps no versions, so only what a command does to the
//! files in front of it is read: removing and moving them, and showing or
//! listing what the last commit has, which is what the volume has. What
//! works on history, the index, branches or remotes (`git log`, `git
//! status`, `git commit`, `git push`, `git rm --cached`, `git show
//! HEAD~3:NOTES.TXT`) is another system's job. A line is git's only with
//! a subcommand git has and no English word among its arguments (`git is
//! confusing`, `git status please`).

use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell, Tok};

/// Subcommands for what only a repository has.
const ELSEWHERE_SUBS: &[&str] = &[
    "log",
    "status",
    "commit",
    "push",
    "pull",
    "fetch",
    "diff",
    "add",
    "checkout",
    "switch",
    "branch",
    "merge",
    "rebase",
    "clone",
    "init",
    "stash",
    "reset",
    "tag",
    "blame",
    "annotate",
    "remote",
    "config",
    "reflog",
    "cherry-pick",
    "revert",
    "restore",
    "clean",
    "bisect",
    "submodule",
    "worktree",
    "describe",
    "shortlog",
    "show",
    "cat-file",
    "ls-files",
    "ls-tree",
    "grep",
    "gc",
    "fsck",
    "am",
    "apply",
    "format-patch",
    "archive",
    "notes",
    "prune",
    "rev-parse",
    "rev-list",
    "whatchanged",
    "difftool",
    "mergetool",
    "lfs",
    "help",
    "version",
    "rm",
    "mv",
];

const ELSEWHERE: Option<Known> = Some(Known::Elsewhere(Shell::Git));

fn read_as(role: Role, parts: Vec<Part>) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::Git,
        role,
        parts,
        renames: false,
    }))
}

/// An argument git takes: a flag, a quoted text, or a word that is a
/// path, a revision or a name, not an English one (a lone letter is a
/// file's name as often as it is `a`: `git mv a b`).
fn gitish(t: &Tok) -> bool {
    t.quoted
        || t.is_flag()
        || t.text.starts_with('-')
        || t.text.len() == 1
        || !crate::dcl::english(&t.text)
}

/// The tip the working files match: `HEAD`, `@`, or the index (`:X`).
fn current(rev: &str) -> bool {
    matches!(rev, "" | "HEAD" | "@")
}

/// `HEAD:NOTES.TXT`: the file as the last commit has it, which is the
/// file on the volume; `None` for another revision's.
fn at_head(t: &Tok) -> Option<Option<Part>> {
    let (rev, path) = t.text.split_once(':')?;
    if !current(rev) {
        return Some(None);
    }
    let path = path.strip_prefix("./").unwrap_or(path);
    if path.is_empty() {
        return Some(Some(crate::root()));
    }
    Some(crate::spelt_path(path))
}

/// What `line` comes to as a git command, or `None` when it is not one.
pub(crate) fn know(line: &str) -> Option<Known> {
    let toks = crate::tokens(line)?;
    let (git, rest) = toks.split_first()?;
    if git.quoted || git.text != "git" {
        return None;
    }
    let mut rest = rest;
    while rest
        .first()
        .is_some_and(|t| matches!(t.text.as_str(), "--no-pager" | "-p" | "--paginate"))
    {
        rest = &rest[1..];
    }
    let (sub, args) = rest.split_first()?;
    if sub.quoted || sub.op.is_some() {
        return None;
    }
    // `git --version`, `git --help`.
    if args.is_empty() && matches!(sub.text.as_str(), "--version" | "--help") {
        return ELSEWHERE;
    }
    let sub = sub.text.as_str();
    if !ELSEWHERE_SUBS.contains(&sub) {
        return None;
    }
    // A pipe or a redirection: the output goes to something else.
    let piped = args.iter().position(|t| t.op.is_some());
    let own = &args[..piped.unwrap_or(args.len())];
    if !own.iter().all(gitish) {
        return None;
    }
    if piped.is_some() {
        return ELSEWHERE;
    }
    let flags: Vec<&str> = own
        .iter()
        .filter(|t| t.is_flag() && t.text != "--")
        .map(|t| t.text.as_str())
        .collect();
    let words: Vec<&Tok> = own
        .iter()
        .filter(|t| !t.is_flag() && t.text != "--")
        .collect();
    let only = |ok: &[&str]| flags.iter().all(|f| ok.contains(f));
    match sub {
        "rm" => {
            // `--cached` keeps the file and `-n` only says what would go.
            if !only(&["-f", "--force", "-q", "--quiet", "-r"]) {
                return ELSEWHERE;
            }
            let [w] = words.as_slice() else {
                return None;
            };
            let p = crate::path(w)?;
            if matches!(&p, Part::Path { path, .. } if path == "/") {
                return None;
            }
            read_as(Role::Remove, alloc::vec![p])
        }
        "mv" => {
            if !only(&["-f", "--force", "-k", "-v", "--verbose"]) {
                return ELSEWHERE;
            }
            let [a, b] = words.as_slice() else {
                return None;
            };
            read_as(Role::Move, alloc::vec![crate::path(a)?, crate::path(b)?])
        }
        "show" | "cat-file" => {
            let spec = match (sub, flags.as_slice(), words.as_slice()) {
                ("show", [], [w]) => w,
                ("cat-file", ["-p"], [w]) => w,
                ("cat-file", [], [kind, w]) if kind.text == "blob" => w,
                _ => return ELSEWHERE,
            };
            match at_head(spec) {
                Some(Some(p)) if matches!(&p, Part::Path { folder: false, path, .. } if path != "/") => {
                    read_as(Role::ShowText, alloc::vec![p])
                }
                // A commit, or a file as an older one had it.
                Some(None) | None => ELSEWHERE,
                Some(Some(_)) => None,
            }
        }
        "ls-files" => {
            // The others ask after untracked, changed or ignored files.
            if !only(&["-c", "--cached", "-z", "--full-name"]) {
                return ELSEWHERE;
            }
            match words.as_slice() {
                [] => read_as(Role::List, Vec::new()),
                [w] => read_as(Role::List, alloc::vec![crate::path(w)?]),
                _ => None,
            }
        }
        "ls-tree" => {
            if !only(&["-r", "-t", "-l", "--name-only", "--name-status", "--long"]) {
                return ELSEWHERE;
            }
            let (rev, path) = match words.as_slice() {
                [rev] => match rev.text.split_once(':') {
                    Some((r, p)) => (r, (!p.is_empty()).then(|| crate::spelt_path(p))),
                    None => (rev.text.as_str(), None),
                },
                [rev, p] => (rev.text.as_str(), Some(crate::path(p))),
                _ => return None,
            };
            if !current(rev) || rev.is_empty() {
                return ELSEWHERE;
            }
            match path {
                None => read_as(Role::List, Vec::new()),
                Some(p) => read_as(Role::List, alloc::vec![p?]),
            }
        }
        _ => ELSEWHERE,
    }
}
