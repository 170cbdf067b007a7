//! A line of Python or JavaScript that does one file or screen job with
//! literal arguments (`open('notes.txt').read()`, `os.listdir("/DOCS")`,
//! `shutil.copy("README.TXT", "readme_copy.txt")`, `console.log("done")`,
//! `with open("todo.txt", "a") as f: f.write("learn loops")`): what a
//! person who programs types into a prompt out of habit. Only calls whose
//! arguments are all written out are read; a variable, an expression or
//! any other call is not.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

/// One parsed expression: a literal, a bare name or a call (`a.b(x)`,
/// `open(p).read()`).
#[derive(Debug)]
pub(crate) enum Expr {
    Str(String),
    /// A number as written (`32`, `-1`, `0755`, R's `32L`).
    Num(String),
    /// A name that is not called: a constant (`TRUE`, `FILE_APPEND`,
    /// `String`), a value (`Sys.CPU_THREADS`, `Time.now`) or a variable.
    Name(String),
    Call {
        /// The dotted name (`os.listdir`, `read` for a method).
        name: String,
        /// What a method is called on (`open(p)` of `open(p).read()`).
        on: Option<Box<Expr>>,
        args: Vec<Expr>,
        keywords: Vec<(String, Expr)>,
    },
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
    /// Ruby calls a method without parentheses (`File.open(p).read`).
    bare_methods: bool,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.s.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn name(&mut self) -> Option<String> {
        self.ws();
        let start = self.at;
        loop {
            match self.s.get(self.at) {
                Some(b) if b.is_ascii_alphanumeric() || *b == b'_' || *b == b'.' => self.at += 1,
                // R's and Ruby's `pkg::name`, `FileUtils::cp`.
                Some(b':') if self.s.get(self.at + 1) == Some(&b':') && self.at > start => {
                    self.at += 2
                }
                // Rust's macros and Elixir's raising functions:
                // `println!("t")`, `File.read!("x")`.
                Some(b'!') if self.at > start && self.s.get(self.at + 1) == Some(&b'(') => {
                    self.at += 1;
                    break;
                }
                _ => break,
            }
        }
        let n = core::str::from_utf8(&self.s[start..self.at]).ok()?;
        (!n.is_empty() && !n.starts_with(|c: char| c.is_ascii_digit())).then(|| n.to_string())
    }

    fn string(&mut self) -> Option<String> {
        self.ws();
        let q = *self.s.get(self.at)?;
        if q != b'"' && q != b'\'' && q != b'`' {
            return None;
        }
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let b = *self.s.get(self.at)?;
            self.at += 1;
            match b {
                b'\\' => {
                    let e = *self.s.get(self.at)?;
                    self.at += 1;
                    match e {
                        b'n' | b't' | b'r' => out.push(b' '),
                        // A form feed clears R's console: `cat("\014")`.
                        b'f' => out.push(0x0c),
                        b'0'..=b'7' => {
                            let mut v = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.s.get(self.at) {
                                    Some(d @ b'0'..=b'7') => {
                                        v = v * 8 + u32::from(d - b'0');
                                        self.at += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(u8::try_from(v).ok().filter(u8::is_ascii)?);
                        }
                        b'x' => {
                            let hex = self.s.get(self.at..self.at + 2)?;
                            let v = u8::from_str_radix(core::str::from_utf8(hex).ok()?, 16).ok()?;
                            self.at += 2;
                            out.push(Some(v).filter(u8::is_ascii)?);
                        }
                        other => out.push(other),
                    }
                }
                // A template's `${…}` is a value this line does not hold.
                b'$' if q == b'`' => return None,
                _ if b == q => break,
                _ => out.push(b),
            }
        }
        String::from_utf8(out).ok()
    }

    fn expr(&mut self) -> Option<Expr> {
        self.ws();
        match self.s.get(self.at)? {
            b'"' | b'\'' | b'`' => return self.string().map(Expr::Str),
            b if b.is_ascii_digit() || *b == b'-' => {
                let start = self.at;
                if *b == b'-' {
                    self.at += 1;
                }
                let digits = self.at;
                while self
                    .s
                    .get(self.at)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
                {
                    self.at += 1;
                }
                if self.at == digits || !self.s[digits].is_ascii_digit() {
                    return None;
                }
                let n = core::str::from_utf8(&self.s[start..self.at])
                    .ok()?
                    .to_string();
                // R's integer `32L`.
                if self.s.get(self.at) == Some(&b'L') {
                    self.at += 1;
                }
                return Some(Expr::Num(n));
            }
            _ => {}
        }
        let name = self.name()?;
        self.ws();
        if self.s.get(self.at) != Some(&b'(') {
            return Some(Expr::Name(name));
        }
        let mut e = self.call(name, None)?;
        // Method calls on the result: `open(p).read()`, `Path(p).read_text()`.
        while self.eat(b'.') {
            let m = self.name()?;
            self.ws();
            e = if self.bare_methods && self.s.get(self.at) != Some(&b'(') {
                Expr::Call {
                    name: m,
                    on: Some(Box::new(e)),
                    args: Vec::new(),
                    keywords: Vec::new(),
                }
            } else {
                self.call(m, Some(Box::new(e)))?
            };
        }
        Some(e)
    }

    fn call(&mut self, name: String, on: Option<Box<Expr>>) -> Option<Expr> {
        if !self.eat(b'(') {
            return None;
        }
        let mut args = Vec::new();
        let mut keywords = Vec::new();
        if !self.eat(b')') {
            loop {
                // `end=""`, `encoding="utf-8"`: a keyword argument
                // (`mode: "a"` in Ruby).
                let save = self.at;
                if let Some(k) = self.name() {
                    let colon = self.s.get(self.at) == Some(&b':')
                        && self.s.get(self.at + 1) != Some(&b':');
                    if colon {
                        self.at += 1;
                    }
                    if colon || (self.eat(b'=') && self.s.get(self.at) != Some(&b'=')) {
                        keywords.push((k, self.expr()?));
                    } else {
                        self.at = save;
                        args.push(self.expr()?);
                    }
                } else {
                    self.at = save;
                    args.push(self.expr()?);
                }
                if self.eat(b')') {
                    break;
                }
                // Julia's keywords follow a `;`: `rm("x"; recursive=true)`.
                if !self.eat(b',') && !self.eat(b';') {
                    return None;
                }
            }
        }
        Some(Expr::Call {
            name,
            on,
            args,
            keywords,
        })
    }
}

fn parse(s: &str) -> Option<Expr> {
    parse_with(s, false)
}

/// `s` as one expression, all of it, or `None`.
pub(crate) fn parse_with(s: &str, bare_methods: bool) -> Option<Expr> {
    let mut p = Parser {
        s: s.as_bytes(),
        at: 0,
        bare_methods,
    };
    let e = p.expr()?;
    p.ws();
    (p.at == p.s.len()).then_some(e)
}

/// The quoted string `s` starts with, its escapes read, and how many
/// bytes it took.
pub(crate) fn quoted(s: &str) -> Option<(String, usize)> {
    let mut p = Parser {
        s: s.as_bytes(),
        at: 0,
        bare_methods: false,
    };
    let t = p.string()?;
    Some((t, p.at))
}

pub(crate) fn text(e: &Expr) -> Option<&str> {
    match e {
        Expr::Str(s) => Some(s),
        _ => None,
    }
}

pub(crate) fn path(e: &Expr) -> Option<Part> {
    crate::path(&crate::Tok {
        text: text(e)?.into(),
        quoted: true,
        op: None,
    })
}

/// What an `open(path[, mode])` call opens, and in which mode.
fn opened(e: &Expr) -> Option<(Part, &str)> {
    match e {
        Expr::Call {
            name,
            on: None,
            args,
            keywords,
        } if name == "open" || name == "io.open" => {
            let mode = args
                .get(1)
                .and_then(text)
                .or_else(|| {
                    keywords
                        .iter()
                        .find(|(k, _)| k == "mode")
                        .and_then(|(_, v)| text(v))
                })
                .unwrap_or("r");
            Some((path(args.first()?)?, mode))
        }
        Expr::Call {
            name,
            on: None,
            args,
            ..
        } if matches!(name.as_str(), "Path" | "pathlib.Path") && args.len() == 1 => {
            Some((path(&args[0])?, "path"))
        }
        _ => None,
    }
}

/// The job one call does.
fn job(e: &Expr) -> Option<(Role, Vec<Part>, bool)> {
    let Expr::Call { name, on, args, .. } = e else {
        return None;
    };
    let js = name.starts_with("fs.") || name.starts_with("console.");
    let n = args.len();
    let first = || args.first().and_then(path);
    let two = || Some((args.first().and_then(path)?, args.get(1).and_then(path)?));
    let done = |role, parts| Some((role, parts, js));
    if let Some(on) = on {
        let (p, mode) = opened(on)?;
        return match (name.as_str(), mode, n) {
            ("read" | "readlines" | "read_text", "r" | "rt" | "path", _) => {
                done(Role::ShowText, alloc::vec![p])
            }
            ("write" | "write_text", "w" | "wt" | "path", 1) => done(
                Role::Write,
                alloc::vec![p, Part::Text(text(&args[0])?.into())],
            ),
            ("write", "a" | "at", 1) => done(
                Role::Append,
                alloc::vec![p, Part::Text(text(&args[0])?.into())],
            ),
            ("mkdir", "path", 0) => done(Role::MakeDir, alloc::vec![p]),
            ("unlink" | "rmdir", "path", 0) => done(Role::Remove, alloc::vec![p]),
            _ => None,
        };
    }
    match (name.as_str(), n) {
        ("print" | "console.log", 1) => match &args[0] {
            // A control character (`"\f"`) is no text to say.
            Expr::Str(s) if s.chars().any(char::is_control) => None,
            Expr::Str(s) => done(Role::Say, alloc::vec![Part::Text(s.clone())]),
            inner => {
                let (role, parts, _) = job(inner)?;
                (role == Role::ShowText).then_some((role, parts, js))
            }
        },
        ("fs.readFileSync", 1 | 2) => done(Role::ShowText, alloc::vec![first()?]),
        ("os.listdir" | "os.scandir" | "fs.readdirSync", 0) => done(Role::List, Vec::new()),
        ("os.listdir" | "os.scandir" | "fs.readdirSync", 1) => {
            done(Role::List, alloc::vec![first()?])
        }
        ("os.mkdir" | "os.makedirs" | "fs.mkdirSync", 1) => {
            done(Role::MakeDir, alloc::vec![first()?])
        }
        (
            "os.remove" | "os.unlink" | "os.rmdir" | "shutil.rmtree" | "fs.unlinkSync"
            | "fs.rmSync" | "fs.rmdirSync",
            1,
        ) => done(Role::Remove, alloc::vec![first()?]),
        ("os.rename" | "os.replace" | "shutil.move" | "fs.renameSync", 2) => {
            let (a, b) = two()?;
            done(Role::Move, alloc::vec![a, b])
        }
        ("shutil.copy" | "shutil.copyfile" | "shutil.copy2" | "fs.copyFileSync", 2) => {
            let (a, b) = two()?;
            done(Role::Copy, alloc::vec![a, b])
        }
        ("fs.writeFileSync" | "fs.appendFileSync", 2) => {
            let role = if name == "fs.writeFileSync" {
                Role::Write
            } else {
                Role::Append
            };
            done(
                role,
                alloc::vec![first()?, Part::Text(text(&args[1])?.into())],
            )
        }
        _ => None,
    }
}

/// Reads `line` as one Python or JavaScript call, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let line = line.trim().trim_end_matches(';').trim_end();
    // `with open("todo.txt", "a") as f: f.write("learn loops")`
    let expr = if let Some(rest) = line.strip_prefix("with ") {
        let (open, body) = rest.split_once(':')?;
        let (open, var) = open.rsplit_once(" as ")?;
        let var = var.trim();
        let call = body.trim().strip_prefix(var)?.strip_prefix('.')?;
        let opener = parse(open.trim())?;
        let (p, mode) = opened(&opener)?;
        let Expr::Call { name, args, .. } = parse(call)? else {
            return None;
        };
        let role = match (name.as_str(), mode) {
            ("read", "r") => Role::ShowText,
            ("write", "w") => Role::Write,
            ("write", "a") => Role::Append,
            _ => return None,
        };
        let mut parts = alloc::vec![p];
        if role != Role::ShowText {
            parts.push(Part::Text(text(args.first()?)?.into()));
        } else if !args.is_empty() {
            return None;
        }
        return Some(Reading {
            shell: Shell::Python,
            role,
            parts,
            renames: false,
        });
    } else {
        parse(line)?
    };
    let (role, parts, js) = job(&expr)?;
    Some(Reading {
        shell: if js { Shell::JavaScript } else { Shell::Python },
        role,
        parts,
        renames: false,
    })
}
