//! Command lines: quoting, typed slots, paths, and the canonical rendering.
//!
//! Quoting follows the POSIX shell where it matters to a person typing:
//! whitespace separates words; `'...'` is literal; `"..."` keeps spaces and
//! understands `\"`, `\\`, `\n`, `\t` and `\r`; outside quotes a backslash
//! makes the next character literal. A text slot is the last slot and takes
//! the rest of the words, joined by one space.
//!
//! Paths are normalised to one spelling: absolute (`notes.txt` means
//! `/notes.txt`, there is no working directory) and `.`/`..`/`//` collapsed.
//! Every name keeps the case typed, 8.3 or long (issue 17): `write
//! /Notes.txt …` creates `Notes.txt` and `write "/Meeting Notes.txt" …`
//! that name, as written. Lookups ignore case (the `Files` implementation's
//! job, as FAT's do), so `cat notes.txt` reads `/NOTES.TXT`; two commands
//! whose paths differ only in case name the same files ([`same_files`]). A
//! name FAT cannot hold is a parse error here, before any applet runs.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::parsed::{Arg, Command};
use crate::spec::{AppletSpec, Slot, SlotKind};
use crate::table::{Applet, Mode, Table, MODE_TOGGLE_KEY};

/// What is wrong with a slot's argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A required slot has no argument.
    Missing(&'static str),
    /// More words than slots; the first extra word.
    Extra(String),
    NotInteger {
        slot: &'static str,
        text: String,
    },
    OutOfRange {
        slot: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
    NotOneOf {
        slot: &'static str,
        text: String,
        words: &'static [&'static str],
    },
    /// An applet-name slot names nothing reachable.
    NoSuchApplet(String),
    BadPath {
        slot: &'static str,
        text: String,
    },
    /// A path with a name FAT cannot hold (forbidden character, trailing
    /// dot or space, too long).
    BadName {
        slot: &'static str,
        text: String,
        why: PathError,
    },
    /// An argument of the wrong type (only from a hand-built [`Command`]).
    WrongType(&'static str),
}

/// Why a line is not a runnable command. Each displays as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but whitespace.
    Empty,
    /// The first word is not an applet (in any mode): the shell treats the
    /// line as a natural-language request.
    NotACommand(String),
    /// The applet exists but writes, and the mode is read-only.
    ReadOnly(&'static str),
    /// A quote is not closed.
    UnterminatedQuote { applet: &'static AppletSpec },
    /// The words do not fit the applet's slots.
    Usage {
        applet: &'static AppletSpec,
        problem: Problem,
    },
}

impl ParseError {
    /// Whether a line that starts with an applet's name but does not fit it
    /// may be a sentence instead ("help me find my notes", "ls what's in
    /// docs"): stray words, an apostrophe read as a quote, a word where a
    /// number or keyword belongs. A shell with a model may hand such lines to
    /// it; without one it prints the error. A missing argument or a bad path
    /// is a mistyped command, not prose; a quoted sentence where the file
    /// goes is (`write "ERROR 0x1F: disk timeout" to err.txt`: no file is
    /// named with spaces and a colon), and so is a word that a colon or a
    /// question mark ends (`write todo: clean desk to guide.txt`, `cat
    /// notes?`): punctuation of a sentence, where FAT forbids both. A web
    /// address where the file goes is a text put first (`append
    /// https://example.org/a to notes`): no file name holds `://`.
    pub fn could_be_prose(&self) -> bool {
        match self {
            ParseError::UnterminatedQuote { .. } => true,
            ParseError::Usage {
                problem: Problem::BadName { text, .. },
                ..
            } => {
                text.contains(char::is_whitespace)
                    || text.ends_with([':', '?'])
                    || text.contains("://")
            }
            ParseError::Usage { problem, .. } => matches!(
                problem,
                Problem::Extra(_)
                    | Problem::NoSuchApplet(_)
                    | Problem::NotInteger { .. }
                    | Problem::NotOneOf { .. }
            ),
            _ => false,
        }
    }

    /// The applet the line named, when it named one.
    pub fn applet(&self) -> Option<&'static str> {
        match self {
            ParseError::ReadOnly(name) => Some(name),
            ParseError::UnterminatedQuote { applet } | ParseError::Usage { applet, .. } => {
                Some(applet.name)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing(slot) => write!(f, "missing <{slot}>"),
            Problem::Extra(word) => write!(f, "unexpected \"{word}\""),
            Problem::NotInteger { slot, text } => {
                write!(f, "<{slot}> must be a number, not \"{text}\"")
            }
            Problem::OutOfRange {
                slot,
                value,
                min,
                max,
            } => write!(f, "<{slot}> must be {min} to {max}, not {value}"),
            Problem::NotOneOf { slot, text, words } => {
                write!(
                    f,
                    "<{slot}> must be one of {}, not \"{text}\"",
                    words.join(", ")
                )
            }
            Problem::NoSuchApplet(name) => write!(f, "no command named \"{name}\""),
            Problem::BadPath { slot, text } => {
                write!(f, "<{slot}> is not a valid path: \"{text}\"")
            }
            Problem::BadName { slot, text, why } => {
                write!(f, "<{slot}> \"{text}\": {why}")
            }
            Problem::WrongType(slot) => write!(f, "<{slot}> has the wrong type"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("empty line"),
            ParseError::NotACommand(word) => write!(f, "{word}: not a command"),
            ParseError::ReadOnly(name) => write!(
                f,
                "{name} changes the disk or the machine and exists in read-write mode only; press {MODE_TOGGLE_KEY} to switch"
            ),
            ParseError::UnterminatedQuote { applet } => {
                write!(f, "{}: unterminated quote; usage: {}", applet.name, applet.usage())
            }
            ParseError::Usage { applet, problem } => {
                write!(f, "{}: {problem}; usage: {}", applet.name, applet.usage())
            }
        }
    }
}

/// One word of a line, unquoted, with where it starts in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    /// Byte offset of the word's first character (its opening quote if any).
    pub start: usize,
}

/// The words of a line so far, and whether the line ends inside a quote
/// (an error for parsing, the normal state while completing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub words: Vec<Word>,
    pub open_quote: bool,
    /// The line ends with unquoted whitespace: the next word has not begun.
    pub trailing_space: bool,
}

/// Splits a line into words. Never fails: an open quote at the end is
/// reported in [`Words::open_quote`] and its text kept.
pub fn split(line: &str) -> Words {
    #[derive(PartialEq)]
    enum Q {
        None,
        Single,
        Double,
    }
    let mut words = Vec::new();
    let mut cur: Option<Word> = None;
    let mut q = Q::None;
    let mut chars = line.char_indices().peekable();
    let mut trailing_space = false;
    while let Some((i, c)) = chars.next() {
        trailing_space = false;
        match q {
            Q::None => {
                if c.is_whitespace() {
                    if let Some(w) = cur.take() {
                        words.push(w);
                    }
                    trailing_space = true;
                    continue;
                }
                let w = cur.get_or_insert_with(|| Word {
                    text: String::new(),
                    start: i,
                });
                match c {
                    '\'' => q = Q::Single,
                    '"' => q = Q::Double,
                    '\\' => {
                        if let Some((_, n)) = chars.next() {
                            w.text.push(n);
                        }
                    }
                    _ => w.text.push(c),
                }
            }
            Q::Single => {
                // A quote opened the word, so it exists; `get_or_insert_with`
                // keeps this free of a panic path all the same.
                let w = cur.get_or_insert_with(|| Word {
                    text: String::new(),
                    start: i,
                });
                if c == '\'' {
                    q = Q::None;
                } else {
                    w.text.push(c);
                }
            }
            Q::Double => {
                let w = cur.get_or_insert_with(|| Word {
                    text: String::new(),
                    start: i,
                });
                match c {
                    '"' => q = Q::None,
                    '\\' => match chars.peek().map(|&(_, n)| n) {
                        Some(n @ ('"' | '\\')) => {
                            w.text.push(n);
                            chars.next();
                        }
                        Some('n') => {
                            w.text.push('\n');
                            chars.next();
                        }
                        Some('t') => {
                            w.text.push('\t');
                            chars.next();
                        }
                        Some('r') => {
                            w.text.push('\r');
                            chars.next();
                        }
                        _ => w.text.push('\\'),
                    },
                    _ => w.text.push(c),
                }
            }
        }
    }
    if let Some(w) = cur.take() {
        words.push(w);
    }
    Words {
        words,
        open_quote: q != Q::None,
        trailing_space,
    }
}

/// Why a path cannot be normalised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathError {
    Empty,
    /// Control characters have no place in a FAT name.
    ControlCharacter,
    /// A character FAT forbids in a name: one of `"*:<>?\|`.
    ForbiddenCharacter(char),
    /// A name ends with a dot or a space (Windows and FAT drop them, so the
    /// name would not read back as written).
    TrailingDotOrSpace,
    /// A name longer than a VFAT long name can be (255 UTF-16 code units).
    TooLong,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathError::Empty => f.write_str("empty path"),
            PathError::ControlCharacter => f.write_str("control character in a name"),
            PathError::ForbiddenCharacter(c) => {
                write!(f, "{c:?} is not allowed in a name (FAT forbids \"*:<>?\\|)")
            }
            PathError::TrailingDotOrSpace => f.write_str("a name cannot end with a dot or a space"),
            PathError::TooLong => write!(f, "a name is longer than {MAX_NAME_UNITS} characters"),
        }
    }
}

/// The longest VFAT long name, in UTF-16 code units.
pub const MAX_NAME_UNITS: usize = 255;

/// Characters FAT forbids in any name (besides `/`, the separator, and
/// control characters).
const FORBIDDEN: &[char] = &['"', '*', ':', '<', '>', '?', '\\', '|'];

/// Whether `name` fits an 8.3 short name once upper-cased: 1–8 characters,
/// an optional dot and 1–3 more, from the characters short names allow
/// (no spaces, no second dot). Such a name needs no long-name entry when it
/// is all one case per part (`NOTES.TXT`, `notes.txt`); `Notes.txt` gets
/// one to keep its case.
pub fn fits_short_name(name: &str) -> bool {
    let ok = |s: &str, max: usize| {
        !s.is_empty()
            && s.len() <= max
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'()-@^_`{}~".contains(&b))
    };
    match name.split_once('.') {
        None => ok(name, 8),
        Some((base, ext)) => ok(base, 8) && ok(ext, 3),
    }
}

/// The one spelling of a path: absolute, no `.`/`..`/empty components, no
/// trailing slash (`/` itself stays `/`), every name in the case given.
/// `..` above the root stays at the root. Each name must be one FAT can
/// hold.
pub fn normalize_path(path: &str) -> Result<String, PathError> {
    if path.is_empty() {
        return Err(PathError::Empty);
    }
    if path.chars().any(char::is_control) {
        return Err(PathError::ControlCharacter);
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => {
                if let Some(c) = p.chars().find(|c| FORBIDDEN.contains(c)) {
                    return Err(PathError::ForbiddenCharacter(c));
                }
                if p.ends_with('.') || p.ends_with(' ') {
                    return Err(PathError::TrailingDotOrSpace);
                }
                if p.encode_utf16().count() > MAX_NAME_UNITS {
                    return Err(PathError::TooLong);
                }
                parts.push(p)
            }
        }
    }
    let mut out = String::with_capacity(path.len() + 1);
    for p in &parts {
        out.push('/');
        out.push_str(p);
    }
    if out.is_empty() {
        out.push('/');
    }
    Ok(out)
}

fn usage(applet: &'static AppletSpec, problem: Problem) -> ParseError {
    ParseError::Usage { applet, problem }
}

/// Looks up the first word: reachable, exists only in the other mode, or
/// not an applet at all.
fn lookup(table: &Table, name: &str, mode: Mode) -> Result<&'static dyn Applet, ParseError> {
    match table.get_any(name) {
        Some(a) if mode.allows(a.spec()) => Ok(a),
        Some(a) => Err(ParseError::ReadOnly(a.spec().name)),
        None => Err(ParseError::NotACommand(name.to_string())),
    }
}

/// Turns one word into the argument for `slot`.
fn arg_for(
    table: &Table,
    mode: Mode,
    spec: &'static AppletSpec,
    slot: &'static Slot,
    text: String,
) -> Result<Arg, ParseError> {
    match slot.kind {
        SlotKind::Path { .. } => match normalize_path(&text) {
            Ok(p) => Ok(Arg::Path(p)),
            Err(PathError::Empty | PathError::ControlCharacter) => Err(usage(
                spec,
                Problem::BadPath {
                    slot: slot.name,
                    text,
                },
            )),
            Err(why) => Err(usage(
                spec,
                Problem::BadName {
                    slot: slot.name,
                    text,
                    why,
                },
            )),
        },
        SlotKind::Text | SlotKind::Request => Ok(Arg::Text(text)),
        SlotKind::Integer { min, max } => {
            let value: i64 = text.parse().map_err(|_| {
                usage(
                    spec,
                    Problem::NotInteger {
                        slot: slot.name,
                        text: text.clone(),
                    },
                )
            })?;
            if value < min || value > max {
                return Err(usage(
                    spec,
                    Problem::OutOfRange {
                        slot: slot.name,
                        value,
                        min,
                        max,
                    },
                ));
            }
            Ok(Arg::Integer(value))
        }
        SlotKind::OneOf(words) => match words.iter().find(|w| **w == text) {
            Some(w) => Ok(Arg::Word(w)),
            None => Err(usage(
                spec,
                Problem::NotOneOf {
                    slot: slot.name,
                    text,
                    words,
                },
            )),
        },
        SlotKind::AppletName => match table.get_any(&text) {
            Some(a) if mode.allows(a.spec()) => Ok(Arg::Word(a.spec().name)),
            // `help rm` in read-only mode gets the same hint as `rm`.
            Some(a) => Err(ParseError::ReadOnly(a.spec().name)),
            None => Err(usage(spec, Problem::NoSuchApplet(text))),
        },
    }
}

/// Parses a line against the reachable set of `table` in `mode`.
pub fn parse(table: &Table, line: &str, mode: Mode) -> Result<Command, ParseError> {
    let Words {
        words, open_quote, ..
    } = split(line);
    let Some(first) = words.first() else {
        return Err(if open_quote {
            ParseError::NotACommand(line.trim().to_string())
        } else {
            ParseError::Empty
        });
    };
    // A line that opens with a quote is prose, not a command name.
    let first_raw = &line[first.start..];
    if first_raw.starts_with(['"', '\'']) {
        return Err(ParseError::NotACommand(first.text.clone()));
    }
    let applet = lookup(table, &first.text, mode)?;
    let spec = applet.spec();
    if open_quote {
        return Err(ParseError::UnterminatedQuote { applet: spec });
    }
    let mut rest = words.into_iter().skip(1).map(|w| w.text);
    let mut args = Vec::with_capacity(spec.slots.len());
    for slot in spec.slots {
        let text = if slot.is_text() {
            let all: Vec<String> = rest.by_ref().collect();
            if all.is_empty() {
                None
            } else {
                Some(all.join(" "))
            }
        } else {
            rest.next()
        };
        match text {
            Some(t) => args.push(arg_for(table, mode, spec, slot, t)?),
            None if slot.required => return Err(usage(spec, Problem::Missing(slot.name))),
            None => break,
        }
    }
    if let Some(extra) = rest.next() {
        return Err(usage(spec, Problem::Extra(extra)));
    }
    Ok(Command {
        applet: spec.name,
        args,
    })
}

/// Checks a command built anywhere (parser, grammar, test) against the
/// reachable set and its applet's slots; returns the applet to run.
pub fn check(
    table: &Table,
    command: &Command,
    mode: Mode,
) -> Result<&'static dyn Applet, ParseError> {
    let applet = lookup(table, command.applet, mode)?;
    let spec = applet.spec();
    if command.args.len() > spec.slots.len() {
        return Err(usage(
            spec,
            Problem::Extra(render_arg(&command.args[spec.slots.len()])),
        ));
    }
    for (i, slot) in spec.slots.iter().enumerate() {
        let Some(arg) = command.args.get(i) else {
            if slot.required {
                return Err(usage(spec, Problem::Missing(slot.name)));
            }
            break;
        };
        let ok = match (slot.kind, arg) {
            (SlotKind::Path { .. }, Arg::Path(p)) => normalize_path(p).as_deref() == Ok(p.as_str()),
            (SlotKind::Text | SlotKind::Request, Arg::Text(_)) => true,
            (SlotKind::Integer { min, max }, Arg::Integer(v)) => {
                if *v < min || *v > max {
                    return Err(usage(
                        spec,
                        Problem::OutOfRange {
                            slot: slot.name,
                            value: *v,
                            min,
                            max,
                        },
                    ));
                }
                true
            }
            (SlotKind::OneOf(words), Arg::Word(w)) => words.contains(w),
            (SlotKind::AppletName, Arg::Word(w)) => match table.get_any(w) {
                Some(a) if mode.allows(a.spec()) => true,
                Some(a) => return Err(ParseError::ReadOnly(a.spec().name)),
                None => return Err(usage(spec, Problem::NoSuchApplet(w.to_string()))),
            },
            _ => false,
        };
        if !ok {
            return Err(usage(spec, Problem::WrongType(slot.name)));
        }
    }
    Ok(applet)
}

/// Whether a word must be quoted to read back as itself.
fn needs_quotes(s: &str) -> bool {
    s.is_empty()
        || s.chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '\\'))
}

/// A word as it must be typed to read back as `s`.
pub fn quote(s: &str) -> String {
    if !needs_quotes(s) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn render_arg(arg: &Arg) -> String {
    match arg {
        Arg::Path(p) | Arg::Text(p) => quote(p),
        Arg::Integer(v) => format!("{v}"),
        Arg::Word(w) => quote(w),
    }
}

/// The canonical line for a command: `parse(render(c)) == c` for every
/// command the parser can produce.
pub fn render(command: &Command) -> String {
    let mut line = String::from(command.applet);
    for arg in &command.args {
        line.push(' ');
        line.push_str(&render_arg(arg));
    }
    line
}

/// Whether two paths name the same file on FAT: equal ignoring case.
pub fn same_path(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// Whether `path` lies inside the folder `dir`, at any depth, ignoring
/// case as FAT does (`/DOCS/FAQ.TXT` is inside `/docs`; `/DOCS` is not).
pub fn is_inside(path: &str, dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    path.len() > dir.len() + 1
        && path.as_bytes()[dir.len()] == b'/'
        && path.get(..dir.len()).is_some_and(|p| same_path(p, dir))
}

/// Whether two commands do the same thing on FAT: the same applet and
/// arguments, paths compared ignoring case (`cat /notes.txt` and `cat
/// /NOTES.TXT` read one file). A created name's case still differs in what
/// `ls` then shows; this is the equality lookups and evaluations use.
pub fn same_files(a: &Command, b: &Command) -> bool {
    a.applet == b.applet
        && a.args.len() == b.args.len()
        && a.args.iter().zip(&b.args).all(|(x, y)| match (x, y) {
            (Arg::Path(p), Arg::Path(q)) => same_path(p, q),
            (x, y) => x == y,
        })
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self))
    }
}
