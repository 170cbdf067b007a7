//! A line of the Wolfram Language (Mathematica) that does one file,
//! screen or machine job with literal arguments (`Import["NOTES.TXT",
//! "Text"]`, `FileNames["*", "LOGS"]`, `DeleteFile["OLD.TXT"]`,
//! `BinaryReadList["HELLO.TXT", "Byte", 48]`, `$ProcessorCount`), shown
//! as it is or through a form that only lays it out (`FileNames[] //
//! TableForm`), after a `SetDirectory["DOCS"];` that says where its
//! names are. Its help (`?DeleteFile`) is read with R's and Julia's `?`.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::calls::shows;
use crate::code;
use crate::lang::{self, Job, Takes};
use crate::{Reading, Shell};

use Takes::{FileText, Folder, Nothing, Path, Say, Two};

const FUNCS: &[(&[&str], Takes)] = &[
    (
        &["Import", "ReadString", "ReadList", "FilePrint"],
        Path(Role::ShowText),
    ),
    (&["BinaryReadList", "ReadByteArray"], Path(Role::ShowBytes)),
    (&["FileNames"], Folder),
    (&["DeleteFile", "DeleteDirectory"], Path(Role::Remove)),
    (&["RenameFile", "RenameDirectory"], Two(Role::Move)),
    (&["CopyFile", "CopyDirectory"], Two(Role::Copy)),
    (&["CreateDirectory"], Path(Role::MakeDir)),
    (&["Export"], FileText(Role::Write)),
    (&["Print"], Say("")),
    (
        &["DateString", "Date", "DateObject", "DateList", "TimeObject"],
        Nothing(Role::Clock),
    ),
    (&["MemoryInUse", "MemoryAvailable"], Nothing(Role::Memory)),
    (&["Run", "RunProcess"], Takes::Shell),
];

/// The function named `name`, for a help line that asks about it.
pub(crate) fn takes(name: &str) -> Option<Takes> {
    lang::takes_in(FUNCS, name)
}

/// Symbols whose value is what a job shows.
const SYMBOLS: &[(&str, Role)] = &[
    ("Now", Role::Clock),
    ("$ProcessorCount", Role::Processor),
    ("$ProcessorType", Role::Processor),
    ("$SystemMemory", Role::Memory),
];

/// Forms that only lay out or order what they are given.
const FORMS: &[&str] = &["Print", "TableForm", "Column", "Sort", "InputForm"];

#[derive(Debug)]
enum W {
    Str(String),
    Num(String),
    Sym(String),
    List(Vec<W>),
    /// An option: `DeleteContents -> True`.
    Rule(String, Box<W>),
    Call(String, Vec<W>),
}

struct P<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> P<'a> {
    fn rest(&self) -> &'a str {
        &self.s[self.at..]
    }

    fn eat(&mut self, t: &str) -> bool {
        let r = self.rest();
        self.at += r.len() - r.trim_start().len();
        let hit = self.rest().starts_with(t);
        if hit {
            self.at += t.len();
        }
        hit
    }

    fn symbol(&mut self) -> Option<String> {
        self.eat("");
        let r = self.rest();
        let n = r
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_alphanumeric() || c == '`' || (c == '$' && i == 0)))
            .map_or(r.len(), |(i, _)| i);
        let s = &r[..n];
        if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        self.at += n;
        Some(s.to_string())
    }

    /// `expr // Form`, `Form @ expr`, or one term.
    fn stmt(&mut self) -> Option<W> {
        let mut e = self.prefixed()?;
        while self.eat("//") {
            let form = self.symbol()?;
            e = W::Call(form, alloc::vec![e]);
        }
        Some(e)
    }

    fn prefixed(&mut self) -> Option<W> {
        let e = self.term()?;
        if let W::Sym(form) = &e {
            if self.eat("@") {
                return Some(W::Call(form.clone(), alloc::vec![self.prefixed()?]));
            }
        }
        Some(e)
    }

    fn term(&mut self) -> Option<W> {
        self.eat("");
        let r = self.rest();
        let c = r.chars().next()?;
        match c {
            '"' => {
                let (t, n) = code::quoted(r)?;
                self.at += n;
                Some(W::Str(t))
            }
            '0'..='9' => {
                let n = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
                self.at += n;
                Some(W::Num(r[..n].to_string()))
            }
            '{' => {
                self.at += 1;
                Some(W::List(self.items("}")?))
            }
            _ => {
                let s = self.symbol()?;
                if self.rest().starts_with('[') {
                    self.at += 1;
                    return Some(W::Call(s, self.items("]")?));
                }
                Some(W::Sym(s))
            }
        }
    }

    fn items(&mut self, close: &str) -> Option<Vec<W>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Some(out);
        }
        loop {
            let e = self.stmt()?;
            let e = match e {
                W::Sym(name) if self.eat("->") => W::Rule(name, Box::new(self.term()?)),
                e => e,
            };
            out.push(e);
            if self.eat(close) {
                return Some(out);
            }
            self.eat(",").then_some(())?;
        }
    }
}

/// Where the line's names are: the folder a `SetDirectory` went to.
struct Ctx<'a> {
    dir: Option<&'a str>,
}

impl Ctx<'_> {
    /// A string that names a file, read in the folder set, or a
    /// `FileNameJoin[{"DOCS", "FAQ.TXT"}]`.
    fn path(&self, w: &W) -> Option<String> {
        let s = match w {
            W::Str(s) => s.clone(),
            W::Call(f, args) if f == "FileNameJoin" => match args.as_slice() {
                [W::List(parts)] => {
                    let parts: Option<Vec<&str>> = parts
                        .iter()
                        .map(|p| match p {
                            W::Str(s) => Some(s.as_str()),
                            _ => None,
                        })
                        .collect();
                    parts?.join("/")
                }
                _ => return None,
            },
            _ => return None,
        };
        let rooted = s.starts_with(['/', '\\', '~']) || s.as_bytes().get(1) == Some(&b':');
        Some(match self.dir {
            Some(d) if !rooted => alloc::format!("{d}/{s}"),
            _ => s,
        })
    }

    fn job(&self, w: &W) -> Option<Job> {
        let shell = Shell::Wolfram;
        let (name, args) = match w {
            W::Sym(s) => {
                let &(_, role) = SYMBOLS.iter().find(|(n, _)| n == s)?;
                return Some((shell, role, Vec::new()));
            }
            W::Call(name, args) => (name.as_str(), args.as_slice()),
            _ => return None,
        };
        // `Print[Import["x"]]`, `TableForm[FileNames[]]`.
        if FORMS.contains(&name) {
            if let [inner @ (W::Call(..) | W::Sym(_))] = args {
                return self.job(inner).filter(|j| shows(j.1));
            }
        }
        let t = takes(name)?;
        let str_is = |w: &W, set: &[&str]| matches!(w, W::Str(s) if set.contains(&s.as_str()));
        let options = |ws: &[W]| {
            ws.iter().all(|w| match w {
                W::Rule(k, v) => {
                    matches!(
                        k.as_str(),
                        "DeleteContents" | "OverwriteTarget" | "CreateIntermediateDirectories"
                    ) && matches!(&**v, W::Sym(s) if matches!(s.as_str(), "True" | "False" | "Automatic"))
                }
                _ => false,
            })
        };
        match (t, args) {
            (Path(role), [p, rest @ ..]) => {
                let p = self.path(p)?;
                let mut parts_role = role;
                let mut count = None;
                let ok = match (name, rest) {
                    ("Import", []) => true,
                    ("Import", [f]) => {
                        if str_is(f, &["Byte"]) {
                            parts_role = Role::ShowBytes;
                        }
                        str_is(
                            f,
                            &[
                                "Text",
                                "String",
                                "Plaintext",
                                "Lines",
                                "List",
                                "Table",
                                "CSV",
                                "TSV",
                                "Byte",
                            ],
                        )
                    }
                    ("ReadString" | "FilePrint" | "ReadByteArray", []) => true,
                    ("ReadList", [W::Sym(k)]) => matches!(k.as_str(), "String" | "Record" | "Word"),
                    ("BinaryReadList", []) => true,
                    ("BinaryReadList", [b]) => str_is(b, &["Byte"]),
                    ("BinaryReadList", [b, W::Num(n)]) => {
                        count = n.parse::<u64>().ok().filter(|&n| n > 0);
                        str_is(b, &["Byte"]) && count.is_some()
                    }
                    ("DeleteFile" | "DeleteDirectory" | "CreateDirectory", opts) => options(opts),
                    _ => false,
                };
                if !ok {
                    return None;
                }
                let (s, r, mut parts) = lang::apply(shell, Path(parts_role), &[p])?;
                parts.extend(count.map(crate::Part::Count));
                Some((s, r, parts))
            }
            (Two(_), [a, b, opts @ ..]) if options(opts) => {
                lang::apply(shell, t, &[self.path(a)?, self.path(b)?])
            }
            (Folder, _) => {
                // Every name (`"*"`, `All`), in the folder given or set.
                let every = |w: &W| str_is(w, &["*"]) || matches!(w, W::Sym(s) if s == "All");
                let dir = match args {
                    [] => None,
                    [all] if every(all) => None,
                    [all, d] if every(all) => Some(self.path(d)?),
                    _ => return None,
                };
                let dir = dir.or_else(|| self.dir.map(ToString::to_string));
                lang::apply(shell, t, &dir.into_iter().collect::<Vec<_>>())
            }
            (FileText(_), [f, W::Str(body), rest @ ..]) => {
                if !(rest.is_empty() || matches!(rest, [fmt] if str_is(fmt, &["Text", "String"]))) {
                    return None;
                }
                lang::apply(shell, t, &[self.path(f)?, body.clone()])
            }
            (Say(_), _) => {
                let strs: Option<Vec<String>> = args
                    .iter()
                    .map(|a| match a {
                        W::Str(s) => Some(s.clone()),
                        _ => None,
                    })
                    .collect();
                lang::apply(shell, t, &strs?)
            }
            (Nothing(Role::Clock), [] | [W::Str(_)]) if name == "DateString" || args.is_empty() => {
                Some((shell, Role::Clock, Vec::new()))
            }
            (Nothing(role), []) => Some((shell, role, Vec::new())),
            (Takes::Shell, [cmd, rest @ ..]) => {
                let words: Vec<String> = match cmd {
                    W::Str(s) => alloc::vec![s.clone()],
                    W::List(ws) if name == "RunProcess" => ws
                        .iter()
                        .map(|w| match w {
                            W::Str(s) => Some(s.clone()),
                            _ => None,
                        })
                        .collect::<Option<_>>()?,
                    _ => return None,
                };
                let out_only =
                    name == "RunProcess" && matches!(rest, [o] if str_is(o, &["StandardOutput"]));
                if !rest.is_empty() && !out_only {
                    return None;
                }
                lang::apply(shell, t, &words)
            }
            _ => None,
        }
    }
}

/// Reads `line` as the Wolfram Language, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let mut line = line.trim();
    if line.starts_with("In[") {
        line = line.split_once(":=")?.1.trim();
    }
    let line = line.strip_suffix(';').unwrap_or(line);
    let mut p = P { s: line, at: 0 };
    let first = p.stmt()?;
    let second = if p.eat(";") { Some(p.stmt()?) } else { None };
    p.eat("");
    if !p.rest().is_empty() {
        return None;
    }
    let job = match second {
        // `SetDirectory["DOCS"]; FileNames[]`: the names are in DOCS.
        Some(then) => {
            let W::Call(set, args) = &first else {
                return None;
            };
            let [W::Str(dir)] = args.as_slice() else {
                return None;
            };
            if set != "SetDirectory" {
                return None;
            }
            let j = Ctx { dir: Some(dir) }.job(&then)?;
            let takes_path = matches!(
                j.1,
                Role::ShowText
                    | Role::ShowBytes
                    | Role::List
                    | Role::Remove
                    | Role::Move
                    | Role::Copy
                    | Role::MakeDir
                    | Role::Write
            );
            takes_path.then_some(j)?
        }
        None => Ctx { dir: None }.job(&first)?,
    };
    Some(lang::reading(job))
}
