//! A query at a Prolog top level (SWI-Prolog's `?-`): `?-
//! read_file_to_string('NOTES.TXT', S, []).`, `?- delete_file('OLD.TXT').`,
//! `?- open('TODO.TXT', append, S), format(S, "milk~n", []), close(S).`
//!
//! Someone who works in Prolog types a goal at a prompt out of habit. A
//! query is read only when it starts with the `?-` prompt, every goal in it
//! is one this file knows, and every argument that carries the job is
//! written out (a quoted atom or a string); a variable stands only where
//! the predicate returns something (`S` in `read_file_to_string(F, S,
//! [])`). Without the prompt, `format("hi")` is the other languages' (and
//! `calls.rs` reads it).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell, Topic};

/// One argument of a goal, as written.
#[derive(Debug, PartialEq)]
enum Arg {
    /// `'NOTES.TXT'` or `notes`: an atom (a file's name, a mode).
    Atom(String),
    /// `"text"`: a string (a text, a format).
    Str(String),
    /// `S`, `_Entries`: a variable, bound by the goal.
    Var,
    /// `[]`, `['x', 1]`: a list, its items as written.
    List(Vec<Arg>),
    /// A number, or anything else (a compound term).
    Other,
}

/// `line` without its `?-` prompt and final full stop.
fn query(line: &str) -> Option<&str> {
    let q = line.trim().strip_prefix("?-")?.trim();
    Some(q.strip_suffix('.').unwrap_or(q).trim_end())
}

/// `s` cut at the commas outside quotes, parentheses and brackets.
fn split_top(s: &str) -> Option<Vec<&str>> {
    let mut parts = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0);
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some(q), '\\') if q != '`' => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => quote = Some(c),
            (None, '(' | '[') => depth += 1,
            (None, ')' | ']') => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            (None, ',') if depth == 0 => {
                parts.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 || quote.is_some() {
        return None;
    }
    parts.push(s[start..].trim());
    Some(parts)
}

/// A quoted atom's or string's text, its escapes read.
fn unquote(s: &str, q: char) -> Option<String> {
    let inner = s.strip_prefix(q)?.strip_suffix(q)?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                c => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

fn arg(s: &str) -> Option<Arg> {
    let first = s.chars().next()?;
    Some(match first {
        '\'' => Arg::Atom(unquote(s, '\'')?),
        '"' | '`' => Arg::Str(unquote(s, first)?),
        '[' => {
            let inner = s.strip_prefix('[')?.strip_suffix(']')?.trim();
            if inner.is_empty() {
                Arg::List(Vec::new())
            } else {
                Arg::List(
                    split_top(inner)?
                        .into_iter()
                        .map(arg)
                        .collect::<Option<_>>()?,
                )
            }
        }
        c if c.is_ascii_uppercase() || c == '_' => {
            if !s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None;
            }
            Arg::Var
        }
        c if c.is_ascii_lowercase()
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
        {
            Arg::Atom(s.to_string())
        }
        _ => Arg::Other,
    })
}

/// A goal's name and arguments: `delete_file('x')`, or `ls` alone.
fn goal(s: &str) -> Option<(&str, Vec<Arg>)> {
    let Some((name, rest)) = s.split_once('(') else {
        return s
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_')
            .then(|| (s, Vec::new()));
    };
    let name = name.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let inner = rest.trim_end().strip_suffix(')')?;
    let args = split_top(inner)?
        .into_iter()
        .map(arg)
        .collect::<Option<Vec<Arg>>>()?;
    Some((name, args))
}

/// A file's name, as an atom or a string gives it.
fn file(a: &Arg) -> Option<Part> {
    let (Arg::Atom(t) | Arg::Str(t)) = a else {
        return None;
    };
    crate::path(&crate::Tok {
        text: t.as_str().into(),
        quoted: true,
        op: None,
    })
}

/// What `format(Fmt, Args)` prints: `~w`, `~a`, `~s`, `~p` take the next
/// argument, `~n` ends a line (dropped at the end), `~~` is a tilde.
/// `None` for a directive it does not know.
fn formatted(fmt: &str, args: &[Arg]) -> Option<String> {
    let mut out = String::new();
    let mut args = args.iter();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '~' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            '~' => out.push('~'),
            'w' | 'a' | 's' | 'p' | 'q' => match args.next()? {
                Arg::Atom(t) | Arg::Str(t) => out.push_str(t),
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(out.trim_end_matches('\n').to_string())
}

/// The text a printing goal writes, or `None`.
fn printed(name: &str, args: &[Arg]) -> Option<String> {
    match (name, args) {
        ("format", [Arg::Atom(f) | Arg::Str(f)]) => formatted(f, &[]),
        ("format", [Arg::Atom(f) | Arg::Str(f), Arg::List(xs)]) => formatted(f, xs),
        ("write" | "writeln" | "print" | "print_message_lines", [Arg::Atom(t) | Arg::Str(t)]) => {
            Some(t.clone())
        }
        _ => None,
    }
}

/// The job a predicate named in `help/1` does.
fn topic(name: &str) -> Option<Role> {
    Some(match name {
        "read_file_to_string" | "read_file_to_codes" | "read_file_to_terms" | "see" => {
            Role::ShowText
        }
        "directory_files" | "ls" => Role::List,
        "delete_file" | "delete_directory" => Role::Remove,
        "rename_file" => Role::Move,
        "copy_file" => Role::Copy,
        "make_directory" | "make_directory_path" => Role::MakeDir,
        "format" | "write" | "writeln" | "print" => Role::Say,
        "get_time" => Role::Clock,
        _ => return None,
    })
}

fn reading(role: Role, parts: Vec<Part>) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::Prolog,
        role,
        parts,
        renames: false,
    }))
}

/// One goal alone: what it asks.
fn one(name: &str, args: &[Arg]) -> Option<Known> {
    match (name, args) {
        (
            "read_file_to_string" | "read_file_to_codes" | "read_file_to_terms",
            [f, Arg::Var, Arg::List(_)],
        ) => reading(Role::ShowText, alloc::vec![file(f)?]),
        ("directory_files", [d, Arg::Var]) | ("ls", [d]) => {
            let Part::Path { path, spelt, .. } = file(d)? else {
                return None;
            };
            reading(
                Role::List,
                alloc::vec![Part::Path {
                    path,
                    spelt,
                    folder: true,
                }],
            )
        }
        ("ls", []) => reading(Role::List, Vec::new()),
        ("delete_file" | "delete_directory", [f]) => reading(Role::Remove, alloc::vec![file(f)?]),
        ("rename_file", [a, b]) => reading(Role::Move, alloc::vec![file(a)?, file(b)?]),
        ("copy_file", [a, b]) => reading(Role::Copy, alloc::vec![file(a)?, file(b)?]),
        ("make_directory" | "make_directory_path", [d]) => {
            reading(Role::MakeDir, alloc::vec![file(d)?])
        }
        ("shell", [Arg::Atom(c) | Arg::Str(c)] | [Arg::Atom(c) | Arg::Str(c), Arg::Var]) => {
            crate::know(c)
        }
        ("get_time", [Arg::Var]) => reading(Role::Clock, Vec::new()),
        ("help" | "apropos", []) => reading(Role::Help, Vec::new()),
        ("help" | "apropos", [Arg::Atom(p)]) => reading(
            Role::Help,
            alloc::vec![Part::Topic(match topic(p) {
                Some(role) => Topic::Role(role),
                None => Topic::Name(p.to_ascii_lowercase()),
            })],
        ),
        // (The top level's own `halt` leaves Prolog, not the machine.)
        _ => printed(name, args).map(|t| Known::Read(said(t))),
    }
}

fn said(t: String) -> Reading {
    Reading {
        shell: Shell::Prolog,
        role: Role::Say,
        parts: alloc::vec![Part::Text(t)],
        renames: false,
    }
}

/// `open(F, Mode, S)`, the writes to `S`, `close(S)`: the file and what is
/// written to it, appended or written anew.
fn stream(goals: &[(&str, Vec<Arg>)]) -> Option<Known> {
    let [("open", open), body @ .., ("close", close)] = goals else {
        return None;
    };
    let [f, Arg::Atom(mode), Arg::Var] = open.as_slice() else {
        return None;
    };
    if !matches!(close.as_slice(), [Arg::Var]) || body.is_empty() {
        return None;
    }
    let role = match mode.as_str() {
        "append" => Role::Append,
        "write" => Role::Write,
        _ => return None,
    };
    let mut text = String::new();
    for (name, args) in body {
        // Each writing goal names the stream first.
        let (Arg::Var, rest) = args.split_first()? else {
            return None;
        };
        let t = match (*name, rest) {
            ("nl", []) => String::from("\n"),
            _ => printed(name, rest)?,
        };
        text.push_str(&t);
        if *name == "writeln" {
            text.push('\n');
        }
    }
    let text = text.trim_end_matches('\n');
    if text.is_empty() || text.contains('\n') {
        return None;
    }
    reading(role, alloc::vec![file(f)?, Part::Text(text.to_string())])
}

/// What `line` asks as a query at Prolog's top level, if it is one.
pub(crate) fn know(line: &str) -> Option<Known> {
    let q = query(line)?;
    let goals = split_top(q)?
        .into_iter()
        .map(goal)
        .collect::<Option<Vec<_>>>()?;
    match goals.as_slice() {
        [(name, args)] => one(name, args),
        _ => stream(&goals),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_split_outside_quotes_and_brackets() {
        assert_eq!(
            split_top("open('a, b', append, S), format(S, \"x,y~n\", [1, 2])"),
            Some(alloc::vec![
                "open('a, b', append, S)",
                "format(S, \"x,y~n\", [1, 2])"
            ])
        );
        assert_eq!(split_top("f('x'"), None);
    }

    #[test]
    fn format_reads_its_directives() {
        let args = [Arg::Atom(String::from("no"))];
        assert_eq!(
            formatted("The answer is ~w~n", &args).as_deref(),
            Some("The answer is no")
        );
        assert_eq!(formatted("~d", &[]), None);
        assert_eq!(formatted("~w", &[]), None);
    }
}
