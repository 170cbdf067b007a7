//! A line of Elixir, as typed at IEx, that does one file, screen or
//! machine job with literal arguments (`File.read!("NOTES.TXT")`,
//! `File.write!("TODO.TXT", "walk dog", [:append])`, `IO.puts "hi"`,
//! `:os.cmd('ls')`), through pipes that print or only reorder what it
//! gives (`File.ls!() |> Enum.sort() |> IO.inspect`); and IEx's help on a
//! function (`h File.cp/2`), as help on the job it does.
//!
//! Elixir's `File.read` and `File.rename` are Ruby's spellings too, with
//! the same jobs: the Ruby reader, which comes first, names the language.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::calls::shows;
use crate::code;
use crate::lang::{self, Job, Takes};
use crate::{Known, Part, Reading, Shell, Topic};

use Takes::{FileText, Folder, Nothing, Path, Say, Two};

const FUNCS: &[(&[&str], Takes)] = &[
    (&["File.read", "File.read!"], Path(Role::ShowText)),
    (&["File.ls", "File.ls!"], Folder),
    (
        &[
            "File.rm",
            "File.rm!",
            "File.rm_rf",
            "File.rm_rf!",
            "File.rmdir",
            "File.rmdir!",
        ],
        Path(Role::Remove),
    ),
    (
        &[
            "File.cp",
            "File.cp!",
            "File.cp_r",
            "File.cp_r!",
            "File.copy",
            "File.copy!",
        ],
        Two(Role::Copy),
    ),
    (&["File.rename", "File.rename!"], Two(Role::Move)),
    (
        &["File.mkdir", "File.mkdir!", "File.mkdir_p", "File.mkdir_p!"],
        Path(Role::MakeDir),
    ),
    (&["File.write", "File.write!"], FileText(Role::Write)),
    (&["IO.puts", "IO.write", "IO.inspect"], Say("")),
    (
        &["System.schedulers_online", "System.schedulers"],
        Nothing(Role::Processor),
    ),
    (
        &[
            "DateTime.utc_now",
            "DateTime.now",
            "DateTime.now!",
            "Date.utc_today",
            "NaiveDateTime.local_now",
            "NaiveDateTime.utc_now",
            "Time.utc_now",
            ":calendar.local_time",
            ":calendar.universal_time",
        ],
        Nothing(Role::Clock),
    ),
    (
        &[":erlang.memory", ":memsup.get_system_memory_data"],
        Nothing(Role::Memory),
    ),
    (&[":os.cmd", "System.shell", "System.cmd"], Takes::Shell),
];

fn takes(name: &str) -> Option<Takes> {
    lang::takes_in(FUNCS, name)
}

/// One Elixir term, as far as a one-call line needs them.
#[derive(Debug)]
enum V {
    /// A string or a charlist (`'ls'`).
    Str(String),
    Num,
    Atom(String),
    List(Vec<V>),
    /// `case: :lower`, in a call's arguments or a list.
    Kw(String, Box<V>),
    /// A call, with or without its parentheses (`IO.puts`, `:os.cmd('ls')`).
    Call(String, Vec<V>),
    /// `&IO.puts/1`.
    Capture(String),
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

    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        let hit = self.rest().starts_with(t);
        if hit {
            self.at += t.len();
        }
        hit
    }

    /// `File.read!`, `mkdir_p`, `os.cmd`: a dotted name, with a `!` or
    /// `?` at its end.
    fn name(&mut self) -> Option<String> {
        self.ws();
        let r = self.rest();
        let mut n = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .unwrap_or(r.len());
        if r[n..].starts_with(['!', '?']) {
            n += 1;
        }
        let name = &r[..n];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return None;
        }
        self.at += n;
        Some(name.to_string())
    }

    fn term(&mut self) -> Option<V> {
        self.ws();
        let r = self.rest();
        let c = r.chars().next()?;
        match c {
            '"' | '\'' => {
                let (t, n) = code::quoted(r)?;
                // `"#{x}"` holds a value the line does not.
                if r[..n].contains("#{") {
                    return None;
                }
                self.at += n;
                Some(V::Str(t))
            }
            '0'..='9' => {
                let n = r
                    .find(|c: char| !(c.is_ascii_digit() || c == '_'))
                    .unwrap_or(r.len());
                self.at += n;
                Some(V::Num)
            }
            ':' => {
                self.at += 1;
                let n = self.name()?;
                if n.contains('.') {
                    self.call(alloc::format!(":{n}"), false)
                } else {
                    Some(V::Atom(n))
                }
            }
            '[' => {
                self.at += 1;
                let items = self.items("]")?;
                Some(V::List(items))
            }
            '&' => {
                self.at += 1;
                let n = self.name()?;
                self.eat("/").then_some(())?;
                self.term()?;
                Some(V::Capture(n))
            }
            _ => {
                let n = self.name()?;
                self.call(n, false)
            }
        }
    }

    /// A call of `name`: its arguments in parentheses, written out after
    /// a space when `spaced` (`IO.puts "hi"`), or none.
    fn call(&mut self, name: String, spaced: bool) -> Option<V> {
        if self.rest().starts_with('(') {
            self.at += 1;
            let args = self.items(")")?;
            return Some(V::Call(name, args));
        }
        self.ws();
        if spaced && !self.rest().is_empty() && !self.rest().starts_with("|>") {
            let mut args = Vec::new();
            loop {
                args.push(self.item()?);
                if !self.eat(",") {
                    break;
                }
            }
            return Some(V::Call(name, args));
        }
        Some(V::Call(name, Vec::new()))
    }

    /// An argument or a list's item: a term, or a keyword and its term.
    fn item(&mut self) -> Option<V> {
        self.ws();
        let save = self.at;
        if let Some(k) = self.name() {
            if self.rest().starts_with(": ") {
                self.at += 1;
                return Some(V::Kw(k, Box::new(self.term()?)));
            }
        }
        self.at = save;
        self.term()
    }

    fn items(&mut self, close: &str) -> Option<Vec<V>> {
        let mut out = Vec::new();
        if self.eat(close) {
            return Some(out);
        }
        loop {
            out.push(self.item()?);
            if self.eat(close) {
                return Some(out);
            }
            self.eat(",").then_some(())?;
        }
    }

    /// One stage of a pipe: a call whose arguments may follow a space.
    fn stage(&mut self) -> Option<V> {
        self.ws();
        if self.rest().starts_with(['"', '\'', ':']) {
            return self.term();
        }
        let n = self.name()?;
        self.call(n, true)
    }
}

fn strings(args: &[V]) -> Option<Vec<String>> {
    args.iter()
        .map(|a| match a {
            V::Str(s) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

fn job(v: &V) -> Option<Job> {
    let V::Call(name, args) = v else {
        return None;
    };
    let shell = Shell::Elixir;
    let t = takes(name)?;
    match (t, args.as_slice()) {
        // `IO.puts File.read!("x")`: the print of a call that shows.
        (Say(_), [inner @ V::Call(..)]) => job(inner).filter(|j| shows(j.1)),
        (Say(_), [V::Str(s)]) => lang::apply(shell, t, core::slice::from_ref(s)),
        (Say(_), _) => None,
        (FileText(_), [V::Str(f), V::Str(body), rest @ ..]) => {
            let modes: &[V] = match rest {
                [] => &[],
                [V::List(m)] => m,
                _ => return None,
            };
            let atom = |m: &V, a: &str| matches!(m, V::Atom(x) if x == a);
            let known = ["append", "utf8", "binary", "write", "sync"];
            if !modes.iter().all(|m| known.iter().any(|a| atom(m, a))) {
                return None;
            }
            let role = if modes.iter().any(|m| atom(m, "append")) {
                Role::Append
            } else {
                Role::Write
            };
            lang::apply(shell, FileText(role), &[f.clone(), body.clone()])
        }
        (Nothing(Role::Processor), []) => Some((shell, Role::Processor, Vec::new())),
        // `:erlang.memory(:total)`.
        (Nothing(Role::Memory), [] | [V::Atom(_)]) => Some((shell, Role::Memory, Vec::new())),
        // `DateTime.now!("Etc/UTC")`: a zone, still now.
        (Nothing(Role::Clock), [] | [V::Str(_)]) => Some((shell, Role::Clock, Vec::new())),
        (Takes::Shell, [V::Str(cmd), V::List(words)]) if name == "System.cmd" => {
            let mut all = alloc::vec![cmd.clone()];
            all.extend(strings(words)?);
            lang::apply(shell, t, &all)
        }
        (Takes::Shell, [V::Str(_)]) if name == "System.cmd" => None,
        _ => lang::apply(shell, t, &strings(args)?),
    }
}

/// `:erlang.system_info(:logical_processors)` and its kin.
fn system_info(v: &V) -> Option<Job> {
    let V::Call(name, args) = v else { return None };
    let [V::Atom(a)] = args.as_slice() else {
        return None;
    };
    let cores = matches!(
        a.as_str(),
        "logical_processors" | "logical_processors_available" | "schedulers_online" | "schedulers"
    );
    (name == ":erlang.system_info" && cores).then(|| (Shell::Elixir, Role::Processor, Vec::new()))
}

/// What a stage after a pipe does to what comes in: prints it, puts it
/// in order, joins it or trims it (the job stays), or shows its bytes.
fn piped(mut j: Job, stage: &V) -> Option<Job> {
    let V::Call(name, args) = stage else {
        return None;
    };
    let prints = matches!(name.as_str(), "IO.puts" | "IO.write" | "IO.inspect");
    let each_puts =
        name == "Enum.each" && matches!(args.as_slice(), [V::Capture(c)] if c == "IO.puts");
    let keeps = match (name.as_str(), args.as_slice()) {
        _ if prints => args.is_empty(),
        ("Enum.sort" | "String.trim", []) => true,
        ("Enum.join", [] | [V::Str(_)]) => true,
        _ => each_puts,
    };
    if keeps {
        return (prints && j.1 == Role::Say || shows(j.1)).then_some(j);
    }
    let hex = match (name.as_str(), args.as_slice()) {
        ("Base.encode16", []) | (":binary.bin_to_list", []) => true,
        ("Base.encode16", [V::Kw(k, v)]) => {
            k == "case" && matches!(&**v, V::Atom(a) if a == "lower" || a == "upper")
        }
        _ => false,
    };
    if hex && j.1 == Role::ShowText {
        j.1 = Role::ShowBytes;
        return Some(j);
    }
    None
}

/// IEx's `h File.cp/2` (or `h File.cp`): help on the job of a function
/// here; for one nothing here does, Elixir's own documentation.
fn help(line: &str) -> Option<Known> {
    let rest = line.strip_prefix('h')?;
    let rest = match rest.trim().strip_prefix('(') {
        Some(r) => r.strip_suffix(')')?,
        None if rest.starts_with(' ') => rest,
        None => return None,
    }
    .trim();
    let name = match rest.split_once('/') {
        Some((n, arity)) if !arity.is_empty() && arity.bytes().all(|b| b.is_ascii_digit()) => n,
        Some(_) => return None,
        None => rest,
    };
    let (module, fun) = name.rsplit_once('.')?;
    let plain = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'!' | b'?'))
    };
    if !module.starts_with(|c: char| c.is_ascii_uppercase()) || !plain(module) || !plain(fun) {
        return None;
    }
    let Some(role) = takes(name).and_then(lang::role_of) else {
        return Some(Known::Elsewhere(Shell::Elixir));
    };
    Some(Known::Read(Reading {
        shell: Shell::Elixir,
        role: Role::Help,
        parts: alloc::vec![Part::Topic(Topic::Role(role))],
        renames: false,
    }))
}

/// What `line` is as Elixir typed at IEx, or `None`.
pub(crate) fn know(line: &str) -> Option<Known> {
    let mut line = line.trim();
    if line.starts_with("iex") {
        line = line.split_once("> ")?.1.trim();
    }
    if let Some(k) = help(line) {
        return Some(k);
    }
    let mut p = P { s: line, at: 0 };
    let mut stages = alloc::vec![p.stage()?];
    while p.eat("|>") {
        stages.push(p.stage()?);
    }
    p.ws();
    if !p.rest().is_empty() {
        return None;
    }
    let (first, rest) = stages.split_first()?;
    let mut j = match first {
        // `"hi" |> IO.puts`.
        V::Str(s) if !rest.is_empty() => {
            lang::apply(Shell::Elixir, Say(""), core::slice::from_ref(s))?
        }
        _ => job(first).or_else(|| system_info(first))?,
    };
    for st in rest {
        j = piped(j, st)?;
    }
    // A bare string says nothing; only a print of it does.
    if matches!(first, V::Str(_))
        && !rest
            .iter()
            .any(|s| matches!(s, V::Call(n, _) if n.starts_with("IO.")))
    {
        return None;
    }
    Some(Known::Read(lang::reading(j)))
}
