//! A form of Clojure, as typed at its REPL, that does one file, screen or
//! machine job with literal arguments (`(slurp "NOTES.TXT")`, `(spit
//! "TODO.TXT" "walk dog" :append true)`, `(io/delete-file "OLD.TXT")`,
//! `(println "hi")`), or a print of one that shows something; and
//! `(doc spit)`, as help on the job the function does.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::calls::shows;
use crate::code;
use crate::lang::{self, Job, Takes};
use crate::{Part, Reading, Shell, Topic};

use Takes::{FileText, Nothing, Path, Say};

const FUNCS: &[(&[&str], Takes)] = &[
    (&["slurp"], Path(Role::ShowText)),
    (&["spit"], FileText(Role::Write)),
    (&["println", "print", "prn", "pr"], Say(" ")),
    (
        &[
            "io/delete-file",
            "clojure.java.io/delete-file",
            "fs/delete",
            "babashka.fs/delete",
        ],
        Path(Role::Remove),
    ),
    (
        &[
            "java.util.Date.",
            "Date.",
            "java.time.LocalDateTime/now",
            "LocalDateTime/now",
            "java.time.Instant/now",
            "Instant/now",
            "System/currentTimeMillis",
        ],
        Nothing(Role::Clock),
    ),
    (&["sh", "shell/sh", "clojure.java.shell/sh"], Takes::Shell),
];

fn takes(name: &str) -> Option<Takes> {
    lang::takes_in(FUNCS, name)
}

#[derive(Debug)]
enum F {
    Str(String),
    Kw(String),
    Sym(String),
    List(Vec<F>),
}

struct P<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> P<'a> {
    fn rest(&self) -> &'a str {
        &self.s[self.at..]
    }

    fn ws(&mut self) {
        let r = self.rest();
        self.at += r.len() - r.trim_start().len();
    }

    fn form(&mut self) -> Option<F> {
        self.ws();
        let r = self.rest();
        match r.chars().next()? {
            '"' => {
                let (t, n) = code::quoted(r)?;
                self.at += n;
                Some(F::Str(t))
            }
            '(' => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.ws();
                    if self.rest().starts_with(')') {
                        self.at += 1;
                        return Some(F::List(items));
                    }
                    items.push(self.form()?);
                }
            }
            _ => {
                let n = r
                    .find(|c: char| c.is_whitespace() || "()[]{}\"';`~@^".contains(c))
                    .unwrap_or(r.len());
                if n == 0 {
                    return None;
                }
                self.at += n;
                let w = &r[..n];
                Some(match w.strip_prefix(':') {
                    Some(k) => F::Kw(k.to_string()),
                    None => F::Sym(w.to_string()),
                })
            }
        }
    }
}

/// The path of `(io/file "x")` or `(java.io.File. "x")`.
fn file(f: &F) -> Option<String> {
    let F::List(items) = f else { return None };
    match items.as_slice() {
        [F::Sym(h), F::Str(p)] if matches!(h.as_str(), "io/file" | "java.io.File." | "File.") => {
            Some(p.clone())
        }
        _ => None,
    }
}

fn job(f: &F) -> Option<Job> {
    let shell = Shell::Clojure;
    let F::List(items) = f else { return None };
    let (F::Sym(head), args) = items.split_first()? else {
        return None;
    };
    // Java's methods on a file: `(.delete (io/file "x"))`.
    if let Some(m) = head.strip_prefix('.') {
        let (t, strs) = match (m, args) {
            ("delete", [f]) => (Path(Role::Remove), alloc::vec![file(f)?]),
            ("mkdir" | "mkdirs", [f]) => (Path(Role::MakeDir), alloc::vec![file(f)?]),
            ("list" | "listFiles", [f]) => (Takes::Folder, alloc::vec![file(f)?]),
            ("renameTo", [a, b]) => (Takes::Two(Role::Move), alloc::vec![file(a)?, file(b)?]),
            ("availableProcessors", [F::List(rt)]) => {
                return matches!(rt.as_slice(), [F::Sym(g)] if g == "Runtime/getRuntime")
                    .then(|| (shell, Role::Processor, Vec::new()));
            }
            _ => return None,
        };
        return lang::apply(shell, t, &strs);
    }
    if matches!(head.as_str(), "io/copy" | "clojure.java.io/copy") {
        let [a, b] = args else { return None };
        return lang::apply(shell, Takes::Two(Role::Copy), &[file(a)?, file(b)?]);
    }
    // `(seq (.list (io/file "DOCS")))`.
    if head == "seq" {
        let [inner] = args else { return None };
        return job(inner).filter(|j| j.1 == Role::List);
    }
    let t = takes(head)?;
    match (t, args) {
        (Say(_), [inner @ F::List(_)]) => job(inner).filter(|j| shows(j.1)),
        (FileText(_), [F::Str(p), F::Str(body), rest @ ..]) => {
            let role = match rest {
                [] => Role::Write,
                [F::Kw(k), F::Sym(v)] if k == "append" && v == "true" => Role::Append,
                [F::Kw(k), F::Sym(v)] if k == "append" && v == "false" => Role::Write,
                _ => return None,
            };
            lang::apply(shell, FileText(role), &[p.clone(), body.clone()])
        }
        // `(io/delete-file "x" true)` fails quietly.
        (Path(Role::Remove), [F::Str(p), F::Sym(q)]) if q == "true" => {
            lang::apply(shell, t, core::slice::from_ref(p))
        }
        _ => {
            let strs: Option<Vec<String>> = args
                .iter()
                .map(|a| match a {
                    F::Str(s) => Some(s.clone()),
                    _ => None,
                })
                .collect();
            lang::apply(shell, t, &strs?)
        }
    }
}

/// `(doc spit)`: help on the job a function here does.
fn doc(f: &F) -> Option<Job> {
    let F::List(items) = f else { return None };
    let [F::Sym(d), F::Sym(name)] = items.as_slice() else {
        return None;
    };
    if d != "doc" && d != "clojure.repl/doc" {
        return None;
    }
    let role = lang::role_of(takes(name)?)?;
    Some((
        Shell::Clojure,
        Role::Help,
        alloc::vec![Part::Topic(Topic::Role(role))],
    ))
}

/// Reads `line` as one Clojure form, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let mut line = line.trim();
    if let Some((ns, rest)) = line.split_once("=> ") {
        if !ns.is_empty() && !ns.contains(char::is_whitespace) {
            line = rest.trim();
        }
    }
    if !line.starts_with('(') {
        return None;
    }
    let mut p = P { s: line, at: 0 };
    let f = p.form()?;
    p.ws();
    if !p.rest().is_empty() {
        return None;
    }
    doc(&f).or_else(|| job(&f)).map(lang::reading)
}
