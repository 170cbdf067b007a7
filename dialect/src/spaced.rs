//! Calls written with spaces rather than parentheses around their
//! arguments: Haskell's, as typed at GHCi (`removeFile "OLD.TXT"`,
//! `readFile "NOTES.TXT" >>= putStr`, `renameFile "a" "b"`), and Perl's
//! list operators (`unlink "OLD.TXT";`, `rename "a", "b"`, `mkdir "x",
//! 0755 or die`).
//!
//! A Perl line is only read with a mark of Perl on it (its `;`, a comma
//! between the arguments, an `or die`): `mkdir "x"` alone is a shell's
//! line too, and the shell's reader names it.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::calls::shows;
use crate::code;
use crate::lang::{self, Job, Takes};
use crate::{Reading, Shell};

use Takes::{FileText, Folder, Nothing, Path, Say, Two};

const HASKELL: &[(&[&str], Takes)] = &[
    (&["readFile"], Path(Role::ShowText)),
    (
        &[
            "removeFile",
            "removeDirectory",
            "removeDirectoryRecursive",
            "removePathForcibly",
        ],
        Path(Role::Remove),
    ),
    (
        &["renameFile", "renameDirectory", "renamePath"],
        Two(Role::Move),
    ),
    (&["copyFile", "copyFileWithMetadata"], Two(Role::Copy)),
    (
        &["createDirectory", "createDirectoryIfMissing"],
        Path(Role::MakeDir),
    ),
    (&["listDirectory", "getDirectoryContents"], Folder),
    (&["putStrLn", "putStr"], Say("")),
    (&["writeFile"], FileText(Role::Write)),
    (&["appendFile"], FileText(Role::Append)),
    (&["getCurrentTime", "getZonedTime"], Nothing(Role::Clock)),
    (
        &["getNumProcessors", "getNumCapabilities"],
        Nothing(Role::Processor),
    ),
    (&["callCommand", "system"], Takes::Shell),
];

/// Modules a GHCi user may name a function by.
const MODULES: &[&str] = &[
    "System.Directory.",
    "System.IO.",
    "System.Process.",
    "Prelude.",
    "Data.Time.Clock.",
    "Data.Time.",
    "GHC.Conc.",
];

const PERL: &[(&[&str], Takes)] = &[
    (&["unlink", "rmdir"], Path(Role::Remove)),
    (&["rename"], Two(Role::Move)),
    (&["mkdir"], Path(Role::MakeDir)),
    (&["print"], Say("")),
    (&["system"], Takes::Shell),
];

#[derive(Debug, PartialEq)]
enum T {
    /// A quoted string, and whether its quotes were double.
    Str(String, bool),
    Word(String),
    Num,
    Op(&'static str),
}

const OPS: &[&str] = &[">>=", "=<<", "||", ",", "(", ")", "$"];

fn tokens(line: &str) -> Option<Vec<T>> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        if rest.starts_with(['"', '\'']) {
            let (t, n) = code::quoted(rest)?;
            out.push(T::Str(t, rest.starts_with('"')));
            rest = &rest[n..];
        } else if let Some(op) = OPS.iter().find(|o| rest.starts_with(**o)) {
            out.push(T::Op(op));
            rest = &rest[op.len()..];
        } else {
            let n = rest
                .find(|c: char| c.is_whitespace() || "\"'(),$".contains(c))
                .unwrap_or(rest.len());
            let w = &rest[..n];
            if w.bytes().all(|b| b.is_ascii_digit()) {
                out.push(T::Num);
            } else {
                out.push(T::Word(w.into()));
            }
            rest = &rest[n..];
        }
        rest = rest.trim_start();
    }
    Some(out)
}

/// One Haskell application: a function of the table and its literals.
fn haskell_call(toks: &[T]) -> Option<Job> {
    let (T::Word(f), args) = toks.split_first()? else {
        return None;
    };
    let f = MODULES.iter().find_map(|m| f.strip_prefix(m)).unwrap_or(f);
    let t = lang::takes_in(HASKELL, f)?;
    // `createDirectoryIfMissing True "a/b"`: whether to make the parents.
    let args = match args {
        [T::Word(b), rest @ ..]
            if f == "createDirectoryIfMissing" && (b == "True" || b == "False") =>
        {
            rest
        }
        _ if f == "createDirectoryIfMissing" => return None,
        _ => args,
    };
    let strs: Option<Vec<String>> = args
        .iter()
        .map(|a| match a {
            T::Str(s, true) => Some(s.clone()),
            _ => None,
        })
        .collect();
    let strs = strs?;
    if matches!(t, Say(_) | Takes::Shell) && strs.len() != 1 {
        return None;
    }
    lang::apply(Shell::Haskell, t, &strs)
}

/// Whether `toks` print what comes to them: `putStr`, `print`, `mapM_
/// putStrLn`.
fn printer(toks: &[T]) -> bool {
    let w = |t: &T, set: &[&str]| matches!(t, T::Word(x) if set.contains(&x.as_str()));
    match toks {
        [p] => w(p, &["putStr", "putStrLn", "print"]),
        [m, p] => w(m, &["mapM_", "traverse_", "forM_"]) && w(p, &["putStrLn", "print"]),
        _ => false,
    }
}

fn haskell(line: &str) -> Option<Job> {
    let mut line = line.trim();
    for p in ["ghci>", "Prelude>", "λ>", "*Main>"] {
        line = line.strip_prefix(p).unwrap_or(line).trim_start();
    }
    let toks = tokens(line)?;
    let bind = toks.iter().position(|t| matches!(t, T::Op(">>=" | "=<<")));
    let j = match bind {
        // `readFile "x" >>= putStr`, `putStr =<< readFile "x"`.
        Some(i) => {
            let (left, right) = (&toks[..i], &toks[i + 1..]);
            let (action, print) = if toks[i] == T::Op(">>=") {
                (left, right)
            } else {
                (right, left)
            };
            if !printer(print) {
                return None;
            }
            haskell_call(action).filter(|j| shows(j.1))?
        }
        None => haskell_call(&toks)?,
    };
    Some(j)
}

fn perl(line: &str) -> Option<Job> {
    let line = line.trim();
    let semi = line.ends_with(';');
    let line = line.trim_end_matches(';').trim_end();
    let mut toks = tokens(line)?;
    // `… or die "can't: $!"`: what happens on failure changes nothing.
    let die = toks
        .iter()
        .position(|t| matches!(t, T::Op("||")) || *t == T::Word("or".into()));
    let died = match die {
        Some(i) => {
            let tail = &toks[i + 1..];
            if !matches!(tail, [T::Word(d)] | [T::Word(d), T::Str(..)] if d == "die") {
                return None;
            }
            toks.truncate(i);
            true
        }
        None => false,
    };
    let (T::Word(f), mut args) = toks.split_first()? else {
        return None;
    };
    let t = lang::takes_in(PERL, f)?;
    // `unlink("x")`: the same list, in parentheses.
    if let [T::Op("("), inner @ .., T::Op(")")] = args {
        args = inner;
    }
    let commas = args.contains(&T::Op(","));
    if !(semi || died || commas) {
        return None;
    }
    let mut strs = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let comma = *a == T::Op(",");
        if comma != (i % 2 == 1) {
            return None;
        }
        match a {
            T::Str(s, double) => {
                // `"@list"` is an array's items.
                if *double && s.contains('@') {
                    return None;
                }
                strs.push(s.clone());
            }
            // `mkdir "x", 0755`.
            T::Num if f == "mkdir" && i == 2 => {}
            _ if comma => {}
            _ => return None,
        }
    }
    if f == "system" && strs.len() != 1 {
        return None;
    }
    lang::apply(Shell::Perl, t, &strs)
}

/// Perl's clock: `print scalar localtime;`, `scalar(localtime)`.
fn perl_clock(line: &str) -> Option<Job> {
    let l = line.trim().trim_end_matches(';').trim_end();
    let l = l.strip_prefix("print ").unwrap_or(l).trim();
    matches!(
        l,
        "scalar localtime" | "scalar(localtime)" | "scalar localtime()" | "scalar(localtime())"
    )
    .then(|| (Shell::Perl, Role::Clock, Vec::new()))
}

/// Reads `line` as a Haskell or Perl call, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    haskell(line)
        .or_else(|| perl(line))
        .or_else(|| perl_clock(line))
        .map(lang::reading)
}
