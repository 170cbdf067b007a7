//! A line of R, MATLAB or Octave, Julia, Ruby or PHP that does one file,
//! screen or machine job with literal arguments (`readLines("NOTES.TXT")`,
//! `dir('DOCS')`, `readdir("LOGS")`, `puts File.read("TODO.TXT")`, `echo
//! file_get_contents('NOTES.TXT');`, `?file.copy`, `cat("\014")`): what a
//! person who works in one of those languages types at a prompt out of
//! habit. As for Python, only calls whose arguments are all written out are
//! read; a variable, an expression, a glob or any other call is not.
//!
//! The five languages share names (`mkdir` is MATLAB's, Julia's and PHP's,
//! `unlink` R's and PHP's); the job is the same whichever it is, and the
//! language named is a guess from how the line is written: a closing `;`
//! is PHP's, single quotes MATLAB's, double quotes Julia's or R's.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::code::{self, Expr};
use crate::{Part, Reading, Shell, Topic};

use Shell::{Julia as J, Matlab as M, Php as H, Ruby as B, R};

/// How a function takes what its job needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A file to show: its path first.
    Show,
    /// A file's bytes: its path, then how many (`readBin(p, "raw", 32)`,
    /// `File.binread(p, 32)`).
    Bytes,
    /// Julia's `read`: the text with `String`, else the bytes.
    JuliaRead,
    /// A folder to list, or the working one.
    List,
    /// Prints its arguments, or what the call in them shows.
    Print,
    /// A file and a text for it (`File.write(p, t)`, `file_put_contents`).
    WriteTo,
    /// A text, then the file it goes to (`writeLines(t, p)`); alone, said.
    WriteLines,
    /// R's `write(x, file)` or Julia's `write(file, x)`.
    Write,
    Remove,
    MakeDir,
    Move,
    Copy,
    /// A job that takes nothing from the line.
    Fixed(Role),
    /// Usage, of one function or of all.
    Help,
    /// Runs a shell line (`system("ls")`): the line is read as such.
    System,
}

/// Function names, as each language spells them, with the languages that
/// have them, likeliest first.
const FUNCS: &[(&[&str], &[Shell], Kind)] = &[
    (
        &[
            "readLines",
            "read.csv",
            "read.csv2",
            "read.table",
            "read.delim",
            "readr::read_lines",
            "readr::read_file",
            "readr::read_csv",
            "read_lines",
            "read_file",
            "file.show",
            "data.table::fread",
            "fread",
        ],
        &[R],
        Kind::Show,
    ),
    (&["type", "fileread"], &[M], Kind::Show),
    (&["readlines"], &[J, M], Kind::Show),
    (
        &["File.read", "IO.read", "File.readlines", "IO.readlines"],
        &[B],
        Kind::Show,
    ),
    (
        &[
            "file_get_contents",
            "readfile",
            "file",
            "highlight_file",
            "show_source",
        ],
        &[H],
        Kind::Show,
    ),
    (&["readBin"], &[R], Kind::Bytes),
    (&["File.binread", "IO.binread"], &[B], Kind::Bytes),
    (&["read"], &[J], Kind::JuliaRead),
    (
        &["list.files", "list.dirs", "fs::dir_ls", "dir_ls"],
        &[R],
        Kind::List,
    ),
    (&["dir"], &[R, M], Kind::List),
    (&["ls"], &[M], Kind::List),
    (&["readdir"], &[J], Kind::List),
    (&["Dir.entries", "Dir.children"], &[B], Kind::List),
    (&["scandir"], &[H], Kind::List),
    (&["cat", "message", "print", "format"], &[R], Kind::Print),
    (&["disp", "fprintf"], &[M], Kind::Print),
    (&["display"], &[J, M], Kind::Print),
    (&["printf"], &[M, H], Kind::Print),
    (&["println", "show"], &[J], Kind::Print),
    (&["puts", "p", "pp"], &[B], Kind::Print),
    (
        &["echo", "print_r", "var_dump", "var_export"],
        &[H],
        Kind::Print,
    ),
    (
        &["File.write", "IO.write", "file_put_contents"],
        &[B, H],
        Kind::WriteTo,
    ),
    (
        &[
            "writeLines",
            "readr::write_lines",
            "readr::write_file",
            "write_lines",
            "write_file",
        ],
        &[R],
        Kind::WriteLines,
    ),
    (&["writelines"], &[M], Kind::WriteLines),
    (&["write"], &[J, R], Kind::Write),
    (
        &[
            "file.remove",
            "fs::file_delete",
            "fs::dir_delete",
            "file_delete",
            "dir_delete",
        ],
        &[R],
        Kind::Remove,
    ),
    (&["unlink"], &[R, H], Kind::Remove),
    (&["delete"], &[M], Kind::Remove),
    (&["rmdir"], &[M, H], Kind::Remove),
    (&["rm"], &[J], Kind::Remove),
    (
        &[
            "File.delete",
            "File.unlink",
            "Dir.rmdir",
            "Dir.delete",
            "Dir.unlink",
            "FileUtils.rm",
            "FileUtils.rm_f",
            "FileUtils.rm_r",
            "FileUtils.rm_rf",
            "FileUtils.rmdir",
            "FileUtils.remove",
            "FileUtils.remove_file",
            "FileUtils.remove_dir",
            "FileUtils.remove_entry",
        ],
        &[B],
        Kind::Remove,
    ),
    (
        &["dir.create", "fs::dir_create", "dir_create"],
        &[R],
        Kind::MakeDir,
    ),
    (&["mkdir"], &[J, M, H], Kind::MakeDir),
    (&["mkpath"], &[J], Kind::MakeDir),
    (
        &[
            "Dir.mkdir",
            "FileUtils.mkdir",
            "FileUtils.mkdir_p",
            "FileUtils.makedirs",
            "FileUtils.mkpath",
        ],
        &[B],
        Kind::MakeDir,
    ),
    (
        &["file.rename", "fs::file_move", "file_move"],
        &[R],
        Kind::Move,
    ),
    (&["movefile"], &[M], Kind::Move),
    (&["mv"], &[J], Kind::Move),
    (
        &["File.rename", "FileUtils.mv", "FileUtils.move"],
        &[B],
        Kind::Move,
    ),
    (&["rename"], &[H], Kind::Move),
    (
        &["file.copy", "fs::file_copy", "file_copy"],
        &[R],
        Kind::Copy,
    ),
    (&["copyfile"], &[M], Kind::Copy),
    (&["cp"], &[J], Kind::Copy),
    (
        &[
            "FileUtils.cp",
            "FileUtils.copy",
            "FileUtils.cp_r",
            "FileUtils.copy_file",
            "FileUtils.copy_entry",
            "IO.copy_stream",
        ],
        &[B],
        Kind::Copy,
    ),
    (&["copy"], &[H], Kind::Copy),
    (
        &["Sys.time", "Sys.Date", "date", "lubridate::now"],
        &[R, H],
        Kind::Fixed(Role::Clock),
    ),
    (
        &["datetime", "datestr", "clock"],
        &[M],
        Kind::Fixed(Role::Clock),
    ),
    (
        &["now", "Dates.now", "today", "Dates.today"],
        &[J],
        Kind::Fixed(Role::Clock),
    ),
    (&["time"], &[J, H], Kind::Fixed(Role::Clock)),
    (
        &["Time.now", "Date.today", "DateTime.now", "Time.new"],
        &[B],
        Kind::Fixed(Role::Clock),
    ),
    (
        &[
            "parallel::detectCores",
            "detectCores",
            "future::availableCores",
            "availableCores",
            "benchmarkme::get_cpu",
        ],
        &[R],
        Kind::Fixed(Role::Processor),
    ),
    (
        &["Sys.cpu_info", "Sys.cpu_summary"],
        &[J],
        Kind::Fixed(Role::Processor),
    ),
    (&["Etc.nprocessors"], &[B], Kind::Fixed(Role::Processor)),
    (
        &[
            "memory.size",
            "memory.limit",
            "benchmarkme::get_ram",
            "ps::ps_system_memory",
        ],
        &[R],
        Kind::Fixed(Role::Memory),
    ),
    (&["memory"], &[M], Kind::Fixed(Role::Memory)),
    (
        &[
            "Sys.total_memory",
            "Sys.free_memory",
            "Sys.total_physical_memory",
            "Sys.free_physical_memory",
        ],
        &[J],
        Kind::Fixed(Role::Memory),
    ),
    (&["Sys.uptime"], &[J], Kind::Fixed(Role::Uptime)),
    (&["diskstat"], &[J], Kind::Fixed(Role::FreeSpace)),
    (
        &["disk_free_space", "disk_total_space"],
        &[H],
        Kind::Fixed(Role::FreeSpace),
    ),
    (
        &["memory_get_usage", "memory_get_peak_usage"],
        &[H],
        Kind::Fixed(Role::Memory),
    ),
    (&["history"], &[R], Kind::Fixed(Role::History)),
    (&["commandhistory"], &[M], Kind::Fixed(Role::History)),
    (&["clc"], &[M], Kind::Fixed(Role::ClearScreen)),
    (&["help"], &[R, M], Kind::Help),
    (&["help.start"], &[R], Kind::Help),
    (&["doc"], &[M], Kind::Help),
    (&["system2", "shell"], &[R], Kind::System),
    (&["system"], &[R, M, B, H], Kind::System),
    (&["unix", "dos"], &[M], Kind::System),
    (&["run"], &[J], Kind::System),
    (&["shell_exec", "exec", "passthru"], &[H], Kind::System),
];

/// Names typed without parentheses that still do their job: MATLAB's
/// commands, Julia's and Ruby's values.
const BARE: &[(&str, Shell, Role)] = &[
    ("clc", M, Role::ClearScreen),
    ("clock", M, Role::Clock),
    ("datetime", M, Role::Clock),
    ("now", M, Role::Clock),
    ("memory", M, Role::Memory),
    ("maxNumCompThreads", M, Role::Processor),
    ("commandhistory", M, Role::History),
    ("doc", M, Role::Help),
    ("Sys.CPU_THREADS", J, Role::Processor),
    ("Time.now", B, Role::Clock),
    ("Date.today", B, Role::Clock),
    ("DateTime.now", B, Role::Clock),
    ("Etc.nprocessors", B, Role::Processor),
];

fn func(name: &str) -> Option<(&'static [Shell], Kind)> {
    FUNCS
        .iter()
        .find(|(names, _, _)| names.contains(&name))
        .map(|(_, shells, kind)| (*shells, *kind))
}

/// How the line is written, for guessing which language it is.
#[derive(Clone, Copy, Default)]
struct Hints {
    /// It ends with `;` (PHP, or MATLAB keeping quiet).
    semi: bool,
    /// Its first quote mark.
    quote: Option<char>,
}

impl Hints {
    fn pick(self, shells: &[Shell]) -> Shell {
        let has = |s: Shell| shells.contains(&s);
        if self.semi && has(H) {
            return H;
        }
        match self.quote {
            Some('\'') if has(M) => M,
            Some('\'') if has(H) => H,
            _ => shells.first().copied().unwrap_or(R),
        }
    }
}

/// Jobs that only show something: a print of one shows the same.
pub(crate) fn shows(role: Role) -> bool {
    matches!(
        role,
        Role::ShowText
            | Role::ShowBytes
            | Role::List
            | Role::Clock
            | Role::Processor
            | Role::Memory
            | Role::Uptime
            | Role::FreeSpace
            | Role::History
            | Role::Storage
            | Role::Devices
    )
}

/// A value written out that changes nothing of what a call does: a
/// string, a number, a constant (`TRUE`, `FILE_APPEND`, `String`,
/// `nothing`). A lower-case name is a variable.
fn literal(e: &Expr) -> bool {
    match e {
        Expr::Str(_) | Expr::Num(_) => true,
        Expr::Name(n) => {
            matches!(
                n.as_str(),
                "T" | "F" | "true" | "false" | "nil" | "nothing" | "String"
            ) || (n.len() > 1
                && n.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'))
        }
        _ => false,
    }
}

fn truthy(e: &Expr) -> bool {
    matches!(e, Expr::Name(n) if matches!(n.as_str(), "TRUE" | "T" | "true"))
}

/// What one call or name does: the language, the job and its parts.
type Job = (Shell, Role, Vec<Part>);

/// The call's arguments, positional and keyword, with what was taken.
struct Args<'a> {
    pos: &'a [Expr],
    kw: &'a [(String, Expr)],
}

impl<'a> Args<'a> {
    /// The keyword argument named one of `names`.
    fn kw(&self, names: &[&str]) -> Option<&'a Expr> {
        self.kw
            .iter()
            .find(|(k, _)| names.contains(&k.as_str()))
            .map(|(_, v)| v)
    }

    /// The `i`th positional argument, or the keyword argument that names
    /// it.
    fn get(&self, i: usize, names: &[&str]) -> Option<&'a Expr> {
        self.kw(names).or_else(|| self.pos.get(i))
    }

    /// Every keyword a literal, none of `refused` (a filter, a dry run),
    /// and no positional argument past `n` but literals.
    fn plain(&self, n: usize, refused: &[&str]) -> bool {
        self.kw
            .iter()
            .all(|(k, v)| literal(v) && !refused.contains(&k.as_str()))
            && self.pos.iter().skip(n).all(literal)
    }
}

/// Keywords that change what a call gives: a filter or a dry run.
const REFUSED: &[&str] = &["pattern", "glob", "regexp", "noop", "skip", "offset"];

fn text(e: &Expr) -> Option<String> {
    let s = code::text(e)?;
    (!s.chars().any(char::is_control)).then(|| s.trim().to_string())
}

/// A number of lines or bytes: a whole one above zero.
fn count(e: &Expr) -> Option<u64> {
    match e {
        Expr::Num(n) => n.parse().ok().filter(|&n| n > 0),
        _ => None,
    }
}

fn job(e: &Expr, h: Hints) -> Option<Job> {
    let (name, args, keywords) = match e {
        Expr::Name(n) => {
            return BARE
                .iter()
                .find(|(b, _, _)| b == n)
                .map(|&(_, shell, role)| (shell, role, Vec::new()))
                .or_else(|| time_format(n));
        }
        Expr::Call { on: Some(on), .. } => return method(e, on),
        Expr::Call {
            name,
            on: None,
            args,
            keywords,
        } => (name, args, keywords),
        _ => return None,
    };
    if let Some(j) = time_format(name) {
        return args.iter().all(literal).then_some(j);
    }
    // MATLAB's `feature('numcores')`.
    if name == "feature" {
        return match args.as_slice() {
            [a] if code::text(a).is_some_and(|t| t.eq_ignore_ascii_case("numcores")) => {
                Some((M, Role::Processor, Vec::new()))
            }
            _ => None,
        };
    }
    let (shells, kind) = func(name)?;
    let a = Args {
        pos: args,
        kw: keywords,
    };
    let shell = h.pick(shells);
    let done = |role, parts| Some((shell, role, parts));
    let path_at = |i, names: &[&str]| a.get(i, names).and_then(code::path);
    const PATH: &[&str] = &["con", "file", "path", "filename", "description", "x"];
    match kind {
        Kind::Show => {
            let p = path_at(0, PATH)?;
            if !a.plain(1, REFUSED) {
                return None;
            }
            done(Role::ShowText, alloc::vec![p])
        }
        Kind::Bytes => {
            let p = path_at(0, &["con", "file", "path"])?;
            if shell == B {
                // `File.binread(name, length)`; an offset starts elsewhere.
                let n = match args.len() {
                    1 => None,
                    2 => Some(count(&args[1])?),
                    _ => return None,
                };
                return done(
                    Role::ShowBytes,
                    [p].into_iter().chain(n.map(Part::Count)).collect(),
                );
            }
            let raw = match a.get(1, &["what"]) {
                None => true,
                Some(Expr::Str(s)) => s == "raw",
                Some(Expr::Call { name, args, .. }) => name == "raw" && args.is_empty(),
                _ => false,
            };
            let n = match a.get(2, &["n"]) {
                Some(n) => Some(count(n)?),
                None => None,
            };
            let settings = keywords.iter().all(|(k, v)| match k.as_str() {
                "what" | "con" | "n" => true,
                "size" | "endian" | "signed" => literal(v),
                _ => false,
            });
            if !raw || !settings || args.len() > 3 || !args.iter().skip(3).all(literal) {
                return None;
            }
            done(
                Role::ShowBytes,
                [p].into_iter().chain(n.map(Part::Count)).collect(),
            )
        }
        Kind::JuliaRead => {
            let p = path_at(0, &[])?;
            match args.get(1) {
                None => done(Role::ShowBytes, alloc::vec![p]),
                Some(Expr::Name(s)) if s == "String" && args.len() == 2 => {
                    done(Role::ShowText, alloc::vec![p])
                }
                Some(n) if args.len() == 2 => {
                    done(Role::ShowBytes, alloc::vec![p, Part::Count(count(n)?)])
                }
                _ => None,
            }
        }
        Kind::List => {
            let at = a.get(0, &["path", "dir", "directory"]);
            if !a.plain(1, REFUSED) {
                return None;
            }
            match at {
                Some(p) => done(Role::List, alloc::vec![code::path(p)?]),
                None => done(Role::List, Vec::new()),
            }
        }
        Kind::Print => print(name, shell, &a, h),
        Kind::WriteTo | Kind::WriteLines | Kind::Write => {
            // R's order is the text, then the file; Julia's the file first.
            let r_order = kind == Kind::WriteLines
                || kind == Kind::Write
                    && (a.kw(&["file", "con"]).is_some()
                        || args.len() == 2 && filename(&args[1]) && !filename(&args[0]));
            let (file, body) = if r_order {
                (a.get(1, &["con", "file"]), a.get(0, &["text", "x"]))
            } else {
                (a.get(0, &["file", "filename"]), a.get(1, &["data", "x"]))
            };
            let shell = if kind == Kind::Write {
                if r_order {
                    R
                } else {
                    J
                }
            } else {
                shell
            };
            let body = body?;
            let Some(file) = file else {
                // `writeLines("hi")` says it; `writeLines(readLines(p))` shows p.
                if kind != Kind::WriteLines || args.len() != 1 || !keywords.is_empty() {
                    return None;
                }
                return match text(body) {
                    Some(t) => Some((shell, Role::Say, said(t))),
                    None if code::text(body).is_some() => None,
                    None => job(body, h).filter(|j| shows(j.1)),
                };
            };
            let append = a.kw(&["append"]).is_some_and(truthy)
                || a.kw(&["mode"])
                    .and_then(code::text)
                    .is_some_and(|m| m.starts_with('a'))
                || args.iter().skip(2).any(|e| {
                    matches!(e, Expr::Name(n) if n == "FILE_APPEND")
                        || code::text(e).is_some_and(|t| t.eq_ignore_ascii_case("append"))
                });
            // Any other extra is a flag or a setting the job has no place for.
            let extras_ok = args.iter().skip(2).all(|e| {
                literal(e)
                    && code::text(e).is_none_or(|t| {
                        t.eq_ignore_ascii_case("append") || t.eq_ignore_ascii_case("writemode")
                    })
            }) && keywords
                .iter()
                .all(|(k, v)| literal(v) && !REFUSED.contains(&k.as_str()));
            if !extras_ok {
                return None;
            }
            let t = text(body).filter(|t| !t.is_empty())?;
            if matches!(shell, J | B | H) && (t.contains('$') || t.contains("#{")) {
                return None;
            }
            let role = if append { Role::Append } else { Role::Write };
            Some((shell, role, alloc::vec![code::path(file)?, Part::Text(t)]))
        }
        Kind::Remove => {
            let p = path_at(0, &["x", "path", "file", "dir"])?;
            // MATLAB's `rmdir(p, 's')` takes the folder's contents too.
            let extras = args.iter().skip(1).all(|e| match code::text(e) {
                Some(t) => t == "s",
                None => literal(e),
            });
            if !extras || !a.plain(1, REFUSED) {
                return None;
            }
            done(Role::Remove, alloc::vec![p])
        }
        Kind::MakeDir => {
            let p = path_at(0, &["path", "dir"])?;
            // MATLAB's `mkdir(parent, new)`.
            let p = match (args.get(1).and_then(code::text), &p) {
                (Some(new), Part::Path { path: parent, .. }) if shell != H => {
                    let joined = alloc::format!("{}/{new}", parent.trim_end_matches('/'));
                    code::path(&Expr::Str(joined))?
                }
                _ => p,
            };
            let extras = args.iter().skip(1).all(literal);
            if !extras || !a.plain(1, REFUSED) || args.len() > 3 {
                return None;
            }
            done(Role::MakeDir, alloc::vec![p])
        }
        Kind::Move | Kind::Copy => {
            let from = path_at(0, &["from", "src", "source"])?;
            let to = path_at(1, &["to", "dest", "dst", "destination"])?;
            // MATLAB's `'f'` forces; anything else is a setting.
            let extras = args.iter().skip(2).all(|e| match code::text(e) {
                Some(t) => t == "f",
                None => literal(e),
            });
            if !extras || !a.plain(2, REFUSED) {
                return None;
            }
            let role = if kind == Kind::Copy {
                Role::Copy
            } else {
                Role::Move
            };
            done(role, alloc::vec![from, to])
        }
        Kind::Fixed(role) => {
            // `datestr(now)`, `format(Sys.time(), "%H:%M")`: the same job
            // inside; a number sets something (`memory.limit(8000)`) or
            // names another day (`datetime(2020, 1, 1)`).
            let inner_ok = |e: &Expr| match e {
                Expr::Num(_) => false,
                Expr::Str(_) | Expr::Name(_) if literal(e) => true,
                _ => job(e, h).is_some_and(|j| j.1 == role && j.2.is_empty()),
            };
            if !args.iter().all(inner_ok) || !keywords.iter().all(|(_, v)| inner_ok(v)) {
                return None;
            }
            // `date()` is R's; `date('Y-m-d')` PHP's.
            let shell = if name == "date" && !args.is_empty() {
                H
            } else {
                shell
            };
            Some((shell, role, Vec::new()))
        }
        Kind::Help => {
            if !keywords.is_empty() {
                return None;
            }
            match args.as_slice() {
                [] => done(Role::Help, Vec::new()),
                [Expr::Str(t) | Expr::Name(t)] => {
                    let (_, topic) = topic(t)?;
                    done(Role::Help, alloc::vec![Part::Topic(topic)])
                }
                _ => None,
            }
        }
        Kind::System => {
            // `system2("ls", "DOCS")`, `system("ls", intern = TRUE)`.
            let mut words = Vec::new();
            for e in args {
                match e {
                    Expr::Str(s) => words.push(s.clone()),
                    Expr::Call { name, args, .. } if name == "c" => {
                        for w in args {
                            words.push(code::text(w)?.to_string());
                        }
                    }
                    _ => return None,
                }
            }
            if let Some(v) = a.kw(&["args"]) {
                words.push(code::text(v)?.to_string());
            }
            if words.is_empty() || !keywords.iter().all(|(_, v)| literal(v)) {
                return None;
            }
            let r = crate::read(&words.join(" "))?;
            Some((r.shell, r.role, r.parts))
        }
    }
}

/// Ruby's clock written with a format: `Time.now.strftime(…)`,
/// `Time.now.to_s`.
fn time_format(name: &str) -> Option<Job> {
    ["Time.now.", "DateTime.now.", "Date.today."]
        .iter()
        .any(|p| name.starts_with(p))
        .then(|| (B, Role::Clock, Vec::new()))
}

/// A method called on a value (`File.open(p).read`, `File.new(p).read`).
fn method(e: &Expr, on: &Expr) -> Option<Job> {
    let Expr::Call { name, args, .. } = e else {
        return None;
    };
    let Expr::Call {
        name: opener,
        on: None,
        args: oargs,
        keywords,
    } = on
    else {
        return None;
    };
    if !matches!(opener.as_str(), "File.open" | "File.new") || !keywords.is_empty() {
        return None;
    }
    let p = code::path(oargs.first()?)?;
    let mode = match oargs.get(1) {
        None => "r",
        Some(m) => code::text(m)?,
    };
    match (name.as_str(), mode, args.len()) {
        ("read" | "readlines", "r", 0) => Some((B, Role::ShowText, alloc::vec![p])),
        _ => None,
    }
}

fn said(t: String) -> Vec<Part> {
    (!t.is_empty())
        .then_some(Part::Text(t))
        .into_iter()
        .collect()
}

/// A print: of texts it says them (or with `file =`, writes them); of
/// one call that shows something it shows the same.
fn print(name: &str, shell: Shell, a: &Args<'_>, h: Hints) -> Option<Job> {
    // `puts` and `print` with no parentheses, or `print "x";`.
    let shell = match name {
        "print" if h.semi => H,
        "print" if h.quote.is_some() && a.pos.iter().all(|e| code::text(e).is_some()) => B,
        "display" => h.pick(&[J, M]),
        _ => shell,
    };
    if let [inner] = a.pos {
        if code::text(inner).is_none() {
            if a.kw
                .iter()
                .any(|(k, _)| matches!(k.as_str(), "file" | "append"))
            {
                return None;
            }
            // `format(Sys.time(), "%H:%M")`, `print(x, digits = 3)`.
            let j = job(inner, h).filter(|j| shows(j.1))?;
            return a.plain(1, &[]).then_some(j);
        }
    }
    if name == "format" {
        let [first, ..] = a.pos else { return None };
        let j = job(first, h).filter(|j| shows(j.1))?;
        return a.plain(1, &[]).then_some(j);
    }
    let mut parts: Vec<String> = Vec::new();
    let formats = matches!(name, "fprintf" | "printf");
    for (i, e) in a.pos.iter().enumerate() {
        let s = match e {
            Expr::Str(s) => s.clone(),
            Expr::Name(n) if n == "PHP_EOL" => String::new(),
            _ => return None,
        };
        if formats {
            // A format with its values, or a file id first, is no text.
            if i > 0 {
                return None;
            }
            let bare = s.replace("%%", "");
            if bare.contains('%') {
                return None;
            }
            parts.push(s.replace("%%", "%"));
        } else {
            parts.push(s);
        }
    }
    // A string's `$x` or `#{x}` is a value the line does not hold.
    if matches!(shell, J | B | H) && parts.iter().any(|p| p.contains('$') || p.contains("#{")) {
        return None;
    }
    let sep = match name {
        "echo" | "println" | "print" if shell != R => "",
        _ => match a.kw(&["sep"]).map(code::text) {
            Some(Some(s)) => s,
            Some(None) => return None,
            None => " ",
        },
    };
    let whole = parts.join(sep);
    // RStudio clears its console on a form feed: `cat("\014")`.
    if name == "cat" && !whole.is_empty() && whole.trim_matches([' ', '\x0c']).is_empty() {
        return a.kw.is_empty().then(|| (R, Role::ClearScreen, Vec::new()));
    }
    if whole.chars().any(char::is_control) {
        return None;
    }
    let t = whole.trim().to_string();
    if name == "cat" {
        if let Some(file) = a.kw(&["file"]) {
            let append = a.kw(&["append"]).is_some_and(truthy);
            let ok = a.kw.iter().all(|(k, v)| {
                matches!(k.as_str(), "file" | "append" | "sep" | "fill") && literal(v)
            });
            if !ok || t.is_empty() {
                return None;
            }
            let role = if append { Role::Append } else { Role::Write };
            return Some((R, role, alloc::vec![code::path(file)?, Part::Text(t)]));
        }
    }
    if !a
        .kw
        .iter()
        .all(|(k, v)| literal(v) && !matches!(k.as_str(), "file" | "append"))
    {
        return None;
    }
    Some((shell, Role::Say, said(t)))
}

/// A string that names a file: a stem and an extension, no spaces.
fn filename(e: &Expr) -> bool {
    code::text(e).is_some_and(|t| {
        !t.contains(' ')
            && t.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty()
                    && !ext.is_empty()
                    && ext.bytes().all(|b| b.is_ascii_alphanumeric())
            })
    })
}

/// The job a function named in a help line does (`?file.copy`,
/// `help copyfile`), with the language it is of.
fn topic(name: &str) -> Option<(Shell, Topic)> {
    let name = name.trim();
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
    {
        return None;
    }
    let Some((shells, kind)) = func(name) else {
        // `?DeleteFile` is the Wolfram Language's help.
        if let Some((shell, role)) = crate::lang::topic(name) {
            return Some((shell, Topic::Role(role)));
        }
        return Some((R, crate::topic(&name.to_ascii_lowercase())));
    };
    let role = match kind {
        Kind::Show => Some(Role::ShowText),
        Kind::Bytes => Some(Role::ShowBytes),
        Kind::JuliaRead => Some(Role::ShowText),
        Kind::List => Some(Role::List),
        Kind::Print => Some(Role::Say),
        Kind::WriteTo | Kind::WriteLines | Kind::Write => Some(Role::Write),
        Kind::Remove => Some(Role::Remove),
        Kind::MakeDir => Some(Role::MakeDir),
        Kind::Move => Some(Role::Move),
        Kind::Copy => Some(Role::Copy),
        Kind::Fixed(r) => Some(r),
        Kind::Help => Some(Role::Help),
        Kind::System => None,
    };
    let topic = match role {
        Some(r) => Topic::Role(r),
        None => Topic::Name(name.to_ascii_lowercase()),
    };
    Some((shells[0], topic))
}

/// A prompt pasted with the line: R's `> `, MATLAB's `>> `, `julia> `,
/// `irb(main):001:0> `, `php > `, `octave:1> `.
fn without_prompt(line: &str) -> &str {
    for p in ["julia>", "php >", ">>", ">"] {
        if let Some(rest) = line.strip_prefix(p) {
            return rest.trim_start();
        }
    }
    for p in ["irb(", "octave:"] {
        if line.starts_with(p) {
            if let Some((_, rest)) = line.split_once("> ") {
                return rest.trim_start();
            }
        }
    }
    line
}

/// Reads `line` as one call in R, MATLAB, Julia, Ruby or PHP, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let line = without_prompt(line.trim());
    let line = line
        .strip_prefix("<?php")
        .map(|l| l.trim().trim_end_matches("?>").trim())
        .unwrap_or(line);
    let reading = |(shell, role, parts): Job| {
        Some(Reading {
            shell,
            role,
            parts,
            renames: false,
        })
    };
    // Julia's shell mode and MATLAB's `!`: what follows is a shell line.
    if let Some(rest) = line.strip_prefix(';').or_else(|| line.strip_prefix('!')) {
        let rest = rest.trim();
        if rest.is_empty() || rest.starts_with(['!', ';', '=']) {
            return None;
        }
        return crate::read(rest);
    }
    // R's and Julia's help: `?file.copy`, `??copy`, `?"file.copy"`.
    if let Some(rest) = line.strip_prefix('?') {
        let rest = rest.strip_prefix('?').unwrap_or(rest).trim();
        let name = rest.trim_matches(['"', '\'', '`']);
        let (shell, topic) = topic(name)?;
        return reading((shell, Role::Help, alloc::vec![Part::Topic(topic)]));
    }
    let semi = line.ends_with(';');
    let line = line.trim_end_matches(';').trim_end();
    // `FILE_APPEND | LOCK_EX`: the lock changes nothing of the job.
    let unlocked;
    let line = if line.contains("LOCK_EX") {
        unlocked = line
            .replace("FILE_APPEND | LOCK_EX", "FILE_APPEND")
            .replace("LOCK_EX | FILE_APPEND", "FILE_APPEND");
        unlocked.as_str()
    } else {
        line
    };
    let hints = Hints {
        semi,
        quote: line.chars().find(|c| matches!(c, '"' | '\'')),
    };
    if let Some(j) = block(line) {
        return reading(j);
    }
    // A print with no parentheses: `puts "hi"`, `echo 'hi';`, `puts
    // File.read("a")`; read as the call it is.
    let called;
    let mut expr_line = line;
    if let Some((word, rest)) = line.split_once(char::is_whitespace) {
        let rest = rest.trim();
        if matches!(word, "puts" | "p" | "pp" | "print" | "echo")
            && !rest.starts_with('(')
            && !rest.is_empty()
        {
            // `echo "hi"` is a POSIX shell's too: PHP's wants its `;` or a call.
            if word == "echo" && !semi && !rest.contains('(') {
                return None;
            }
            let rest = php_eol(rest);
            called = alloc::format!("{word}({rest})");
            expr_line = &called;
        }
    }
    let e = code::parse_with(expr_line, true)?;
    reading(job(&e, hints)?)
}

/// PHP's `"hi" . PHP_EOL` and `"hi" . "\n"`: the line's end, not text.
fn php_eol(s: &str) -> &str {
    let t = s.trim_end();
    for end in ["PHP_EOL", "\"\\n\""] {
        if let Some(head) = t.strip_suffix(end) {
            if let Some(head) = head.trim_end().strip_suffix('.') {
                return head.trim_end();
            }
        }
    }
    s
}

/// A file opened with a block that writes one text to it: Ruby's
/// `File.open("f", "a") { |f| f.puts "t" }` (or `do |f| … end`) and
/// Julia's `open("f", "a") do io write(io, "t") end`.
fn block(line: &str) -> Option<Job> {
    let (opener, body, shell) = if let Some((o, b)) = line.split_once('{') {
        (o, b.trim().strip_suffix('}')?, B)
    } else {
        let (o, b) = line.split_once(" do ")?;
        let b = b.trim().strip_suffix("end")?.trim_end();
        let shell = if b.starts_with('|') { B } else { J };
        (o, b, shell)
    };
    let Expr::Call {
        name,
        on: None,
        args,
        keywords,
    } = code::parse_with(opener.trim(), false)?
    else {
        return None;
    };
    let ok_opener = match shell {
        B => matches!(name.as_str(), "File.open" | "open"),
        _ => name == "open",
    };
    if !ok_opener || !keywords.is_empty() || args.len() != 2 {
        return None;
    }
    let p = code::path(&args[0])?;
    let role = match code::text(&args[1])? {
        "a" | "a+" | "ab" => Role::Append,
        "w" | "w+" | "wb" => Role::Write,
        _ => return None,
    };
    // The block's variable, then one statement on it.
    let (var, stmt) = if shell == B {
        let (var, rest) = body.strip_prefix('|')?.split_once('|')?;
        (var.trim(), rest.trim())
    } else {
        let (var, rest) = body.split_once(|c: char| c.is_whitespace() || c == ';')?;
        (var.trim(), rest.trim().trim_start_matches(';').trim())
    };
    let stmt = stmt.trim_end_matches(';').trim_end();
    if var.is_empty() || !var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let t = if shell == B {
        // `f.puts "t"`, `f.write("t")`, `f << "t"`.
        let rest = stmt.strip_prefix(var)?.trim_start();
        let arg = match rest.strip_prefix("<<") {
            Some(v) => v.trim(),
            None => {
                let rest = rest.strip_prefix('.')?;
                let end = rest
                    .find(|c: char| c == '(' || c.is_whitespace())
                    .unwrap_or(rest.len());
                let (m, v) = rest.split_at(end);
                if !matches!(m, "puts" | "write" | "print") {
                    return None;
                }
                let v = v.trim();
                match v.strip_prefix('(') {
                    Some(inner) => inner.strip_suffix(')')?.trim(),
                    None => v,
                }
            }
        };
        text(&code::parse_with(arg, false)?)?
    } else {
        // `write(io, "t")`, `println(io, "t")`.
        let Expr::Call { name, args, .. } = code::parse_with(stmt, false)? else {
            return None;
        };
        let [Expr::Name(v), t] = args.as_slice() else {
            return None;
        };
        if v != var || !matches!(name.as_str(), "write" | "println" | "print") {
            return None;
        }
        text(t)?
    };
    if t.is_empty() || t.contains('$') || t.contains("#{") {
        return None;
    }
    Some((shell, role, alloc::vec![p, Part::Text(t)]))
}
