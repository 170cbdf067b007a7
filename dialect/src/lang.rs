//! What the readers of Go, C#, Java, Kotlin, Rust, Swift, Lua, Elixir,
//! the Wolfram Language, Haskell, Perl and Clojure share: how a function
//! takes what its job needs, and the job made of the literal strings a
//! call gives it. Each reader parses its own syntax and checks that
//! everything else in the call is a harmless literal (a mode, a
//! permission, `true`); only then is a string here a path or a text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::code::{self, Expr};
use crate::{Part, Reading, Shell};

/// How a function takes what its job needs, from its strings in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// One path (`os.Remove("x")`, `removeFile "x"`).
    Path(Role),
    /// A folder, or none for the working one (`os.ReadDir(".")`).
    Folder,
    /// From and to (`File.Copy("a", "b")`).
    Two(Role),
    /// A file, then its text (`File.WriteAllText("f", "t")`).
    FileText(Role),
    /// Texts to say, joined by the separator the language puts between
    /// them.
    Say(&'static str),
    /// Nothing from the line (`runtime.NumCPU()`).
    Nothing(Role),
    /// A shell line, its words given one by one (`:os.cmd('ls')`).
    Shell,
}

/// How the function `name` of a language's table takes its job's parts.
pub(crate) fn takes_in(table: &[(&[&str], Takes)], name: &str) -> Option<Takes> {
    table
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|(_, t)| *t)
}

/// What one call does: the language, the job and its parts.
pub(crate) type Job = (Shell, Role, Vec<Part>);

/// The role a help line names when it asks about a function that `takes`.
pub(crate) fn role_of(takes: Takes) -> Option<Role> {
    match takes {
        Takes::Path(r) | Takes::Two(r) | Takes::FileText(r) | Takes::Nothing(r) => Some(r),
        Takes::Folder => Some(Role::List),
        Takes::Say(_) => Some(Role::Say),
        Takes::Shell => None,
    }
}

/// A path a string names, as a shell's quoted word is read: no glob, no
/// variable, no `..`.
pub(crate) fn path(s: &str) -> Option<Part> {
    code::path(&Expr::Str(s.into()))
}

/// A text to say or write: no control character left after the escapes,
/// and no value the line does not hold (`$x`, `#{x}`).
pub(crate) fn text(s: &str) -> Option<String> {
    let t = s.trim();
    let held = t.contains('$') || t.contains("#{");
    (!held && !t.chars().any(char::is_control)).then(|| t.to_string())
}

/// The job `takes` does with `strs`, all of them, in `shell`'s language.
pub(crate) fn apply(shell: Shell, takes: Takes, strs: &[String]) -> Option<Job> {
    let done = |role, parts| Some((shell, role, parts));
    match (takes, strs) {
        (Takes::Path(role), [p]) => done(role, alloc::vec![path(p)?]),
        (Takes::Folder, []) => done(Role::List, Vec::new()),
        (Takes::Folder, [p]) => done(Role::List, alloc::vec![path(p)?]),
        (Takes::Two(role), [a, b]) => done(role, alloc::vec![path(a)?, path(b)?]),
        (Takes::FileText(role), [f, t]) => {
            let t = text(t).filter(|t| !t.is_empty())?;
            done(role, alloc::vec![path(f)?, Part::Text(t)])
        }
        (Takes::Say(sep), _) => {
            let mut words = Vec::new();
            for s in strs {
                words.push(text(s)?);
            }
            words.retain(|w| !w.is_empty());
            let t = words.join(sep);
            done(
                Role::Say,
                (!t.is_empty())
                    .then_some(Part::Text(t))
                    .into_iter()
                    .collect(),
            )
        }
        (Takes::Nothing(role), []) => done(role, Vec::new()),
        (Takes::Shell, [_, ..]) => {
            let r = crate::read(&strs.join(" "))?;
            Some((r.shell, r.role, r.parts))
        }
        _ => None,
    }
}

/// `job` as a reading.
pub(crate) fn reading((shell, role, parts): Job) -> Reading {
    Reading {
        shell,
        role,
        parts,
        renames: false,
    }
}

/// The function of `name` in one of the tables here, for a help line
/// that names it (`?DeleteFile`).
pub(crate) fn topic(name: &str) -> Option<(Shell, Role)> {
    crate::wolfram::takes(name).and_then(|t| Some((Shell::Wolfram, role_of(t)?)))
}
