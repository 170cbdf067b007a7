//! Immediate-mode lines of the home computers' BASICs (Commodore, GW-BASIC
//! and QBasic, BBC BASIC and its star commands): `PRINT "HELLO"`, `?
//! FRE(0)`, `PRINT CHR$(147)`, `LOAD "$",8`, `KILL "OLD.TXT"`, `*CAT`, `SYS
//! 64738`.
//!
//! BASIC's keywords are English words (`print`, `list`, `files`, `new`,
//! `run`), and the machines that took them typed in capitals: a keyword is
//! BASIC's in upper case, or in any case with an argument only BASIC
//! writes (`FRE(0)`, `CHR$(147)`, `TI$`, a device number `,8`, a quoted
//! file name). A program line (`10 PRINT "HI"`) and a keyword for a job
//! on the program in memory (`RUN`, `GOTO 10`, `LOAD "PACMAN",8,1`) are
//! BASIC's for a job this machine has nothing for.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

enum Basic {
    Read(Reading),
    /// Plainly BASIC, for a job this machine has nothing for.
    Elsewhere,
    Not,
}

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    match basic(line) {
        Basic::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str) -> Option<Shell> {
    matches!(basic(line), Basic::Elsewhere).then_some(Shell::Basic)
}

fn reading(role: Role, parts: Vec<Part>) -> Basic {
    Basic::Read(Reading {
        shell: Shell::Basic,
        role,
        parts,
        renames: false,
    })
}

/// The rest of `line` after the keyword `kw` (any case; BASIC needs no
/// space after it: `PRINT"HI"`, `SYS64738`), and whether it was typed in
/// capitals.
fn keyword<'a>(line: &'a str, kw: &str) -> Option<(&'a str, bool)> {
    let head = line.get(..kw.len())?;
    if !head.eq_ignore_ascii_case(kw) {
        return None;
    }
    let rest = &line[kw.len()..];
    // `PRINTER` is not `PRINT` and `ER`.
    if rest.starts_with(|c: char| c.is_ascii_alphabetic()) && kw != "?" {
        return None;
    }
    Some((rest.trim(), !head.bytes().any(|b| b.is_ascii_lowercase())))
}

/// A string literal that is the whole of `s`: BASIC has no escapes in one.
fn string(s: &str) -> Option<&str> {
    let body = s.strip_prefix('"')?.strip_suffix('"')?;
    (!body.contains('"')).then_some(body)
}

/// Keywords that work on the program in memory or the machine's own
/// hardware: nothing here keeps a BASIC program.
const PROGRAM: &[&str] = &[
    "RUN", "NEW", "GOTO", "GOSUB", "POKE", "CLR", "CONT", "RENUM", "AUTO", "TRON", "TROFF", "OLD",
    "CHAIN", "BLOAD", "BSAVE", "LOAD", "SAVE", "VERIFY", "DLOAD", "DSAVE", "SYSTEM", "LIST",
    "SHELL", "CHDIR", "MERGE", "RESTORE",
];

/// Arguments BASIC writes after such a keyword: line numbers and ranges,
/// addresses and values, a quoted file name, a device number.
fn program_args(s: &str) -> bool {
    let mut quote = false;
    for c in s.chars() {
        if c == '"' {
            quote = !quote;
        } else if !(quote || c.is_ascii_digit() || matches!(c, ',' | '-' | ' ' | '.' | ':' | '$')) {
            return false;
        }
    }
    !quote
}

/// Statements of a numbered program line: what makes `10 PRINT "HI"`
/// BASIC rather than a count and a sentence.
const STATEMENTS: &[&str] = &[
    "PRINT", "?", "GOTO", "GOSUB", "IF", "FOR", "NEXT", "LET", "INPUT", "REM", "DIM", "POKE",
    "END", "RETURN", "ON", "DATA", "READ", "CLS", "GET", "SYS", "OPEN", "CLOSE", "DEF", "STOP",
    "WEND", "WHILE", "COLOR", "BEEP", "LOCATE", "SOUND", "VDU", "MODE", "PROC", "REPEAT", "UNTIL",
];

/// The job of a `PRINT` of `arg`, or `None` when it prints something else.
fn print(arg: &str, upper: bool, question: bool) -> Option<Basic> {
    // A closing `;` keeps the cursor on the line; it prints nothing.
    let arg = arg.trim().trim_end_matches(';').trim_end();
    let compact: String = arg
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let role = match compact.as_str() {
        "FRE(0)"
        | "FRE(1)"
        | "FRE(-1)"
        | "FRE(X)"
        | "FRE(\"\")"
        | "FRE(0)-(FRE(0)<0)*65536"
        | "FRE(0)-65536*(FRE(0)<0)" => Some(Role::Memory),
        // The Commodore's code for a blank screen, and the form feed the
        // PC's and the BBC's screens blank at.
        "CHR$(147)" | "CHR$(12)" => Some(Role::ClearScreen),
        "TIME$" | "DATE$" | "TI$" | "DATE$;\"\";TIME$" | "DATE$,TIME$" | "DATE$;TIME$" => {
            Some(Role::Clock)
        }
        // The Commodore's jiffies counted since switch-on; `PRINT TIME`
        // (the BBC's) is English as well.
        "TI" if upper => Some(Role::Uptime),
        _ => None,
    };
    // `print time` and the like in lower case are English: only BASIC's
    // own spellings (`fre(0)`, `ti$`) say BASIC in any case.
    let role = role.filter(|_| upper || question || compact.contains(['$', '(']));
    if let Some(role) = role {
        return Some(reading(role, Vec::new()));
    }
    let text = string(arg)?;
    // R's help is `?"file.copy"`: a quoted name, not capitals.
    let r_topic = question
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
        && text.bytes().any(|b| b.is_ascii_lowercase());
    // `print "hello"` in lower case is Python's or Ruby's, read there.
    if text.is_empty() || r_topic || !(upper || question) {
        return None;
    }
    Some(reading(Role::Say, alloc::vec![Part::Text(text.into())]))
}

/// A file name BBC BASIC's filing systems write (`$.DOCS.FAQ`, `:0.$.X`,
/// `NOTES`): from the root `$`, a dot parts folders; otherwise the name
/// is as typed.
fn bbc_path(w: &str) -> Option<Part> {
    let w = match w.strip_prefix(':') {
        Some(r) => r
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .strip_prefix('.')?,
        None => w,
    };
    match w.strip_prefix("$.") {
        Some(r) => crate::spelt_path(&r.replace('.', "/")),
        None if w == "$" => Some(crate::root()),
        None => crate::literal_path(w),
    }
}

/// BBC's `*` commands to the operating system and its filing system.
fn star(cmd: &str) -> Basic {
    let mut words = cmd.split_whitespace();
    let Some(verb) = words.next() else {
        return Basic::Not;
    };
    let args: Vec<&str> = words.collect();
    let verb = verb.to_ascii_uppercase();
    if !verb.bytes().all(|b| b.is_ascii_alphabetic() || b == b'.') {
        return Basic::Not;
    }
    let one = |role: Role| match args.as_slice() {
        [w] => match bbc_path(w) {
            Some(p) => reading(role, alloc::vec![p]),
            None => Basic::Not,
        },
        _ => Basic::Not,
    };
    match verb.as_str() {
        // `*.` is `*CAT` cut short; a drive number changes nothing here.
        "CAT" | "." | "EX" if args.iter().all(|a| a.bytes().all(|b| b.is_ascii_digit())) => {
            reading(Role::List, Vec::new())
        }
        "TYPE" | "LIST" => one(Role::ShowText),
        "DUMP" => one(Role::ShowBytes),
        "DELETE" => one(Role::Remove),
        "CDIR" => match args.as_slice() {
            [w] => match bbc_path(w) {
                Some(p) => reading(Role::MakeDir, alloc::vec![crate::new_folder(p)]),
                None => Basic::Not,
            },
            _ => Basic::Not,
        },
        "RENAME" => match args.as_slice() {
            [a, b] => match (bbc_path(a), bbc_path(b)) {
                (Some(a), Some(b)) => reading(Role::Move, alloc::vec![a, b]),
                _ => Basic::Not,
            },
            _ => Basic::Not,
        },
        "TIME" if args.is_empty() => reading(Role::Clock, Vec::new()),
        "HELP" if args.is_empty() => reading(Role::Help, Vec::new()),
        "FX" | "RUN" | "LOAD" | "SAVE" | "EXEC" | "SPOOL" | "BASIC" | "DISC" | "DISK" | "TAPE"
        | "OPT" | "KEY" | "MOTOR" | "COMPACT" | "ACCESS" | "BACKUP" | "COPY" | "CONFIGURE"
        | "STATUS" | "SHUT" | "DRIVE" | "MOUNT" | "WIPE" | "DESTROY" | "ENABLE" | "FORMAT"
        | "VERIFY" | "INFO" | "TITLE" | "BUILD" | "DIR" | "LIB" | "ADFS" | "DFS" | "NET"
        | "ROMS" | "SRLOAD" | "CODE" | "LINE" => {
            if args.iter().all(|a| !crate::dcl::english(a)) {
                Basic::Elsewhere
            } else {
                Basic::Not
            }
        }
        _ => Basic::Not,
    }
}

fn basic(line: &str) -> Basic {
    // BBC BASIC's prompt: `>PRINT "HI"`, `>*CAT`.
    let line = match line.strip_prefix('>') {
        Some(r) if r.starts_with(|c: char| c.is_ascii_uppercase() || c == '*' || c == '?') => r,
        _ => line,
    };
    let line = line.trim();
    if line.is_empty() {
        return Basic::Not;
    }
    if let Some(cmd) = line.strip_prefix('*') {
        if cmd.starts_with(|c: char| c.is_ascii_alphabetic() || c == '.') {
            return star(cmd);
        }
        return Basic::Not;
    }
    // A numbered line is a line of a program, stored, not run.
    let digits = line.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 {
        let rest = line[digits..].trim_start();
        let stmt = STATEMENTS.iter().find_map(|kw| keyword(rest, kw));
        return match stmt {
            Some((args, true)) if !words_english(args) && !lower_outside_quotes(args) => {
                Basic::Elsewhere
            }
            _ => Basic::Not,
        };
    }
    if let Some(b) = vba(line) {
        return b;
    }
    if let Some((arg, upper)) = keyword(line, "PRINT") {
        return print(arg, upper, false).unwrap_or(Basic::Not);
    }
    if let Some((arg, _)) = keyword(line, "?") {
        return print(arg, false, true).unwrap_or(Basic::Not);
    }
    // The disk's directory, loaded as a program to be listed.
    if let Some((arg, _)) = keyword(line, "LOAD") {
        let compact: String = arg.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(dev) = compact
            .strip_prefix("\"$\",")
            .or_else(|| compact.strip_prefix("\"$0\","))
        {
            if matches!(dev, "8" | "9" | "10" | "11") {
                return reading(Role::List, Vec::new());
            }
        }
    }
    if let Some((arg, upper)) = keyword(line, "FILES") {
        return match (arg, string(arg)) {
            ("", _) if upper => reading(Role::List, Vec::new()),
            (_, Some(p)) => match quoted_path(p) {
                Some(p) => reading(Role::List, alloc::vec![p]),
                None => Basic::Not,
            },
            _ => Basic::Not,
        };
    }
    if let Some(("", true)) = keyword(line, "CATALOG") {
        return reading(Role::List, Vec::new());
    }
    if let Some(("", true)) = keyword(line, "SCNCLR") {
        return reading(Role::ClearScreen, Vec::new());
    }
    if let Some((arg, _)) = keyword(line, "VDU") {
        return if arg == "12" {
            reading(Role::ClearScreen, Vec::new())
        } else if program_args(arg) && !arg.is_empty() {
            Basic::Elsewhere
        } else {
            Basic::Not
        };
    }
    // GW-BASIC's and QBasic's file statements take quoted names only.
    if let Some((arg, _)) = keyword(line, "KILL") {
        return match string(arg).and_then(quoted_path) {
            Some(p) => reading(Role::Remove, alloc::vec![p]),
            None => Basic::Not,
        };
    }
    if let Some((arg, _)) = keyword(line, "SCRATCH") {
        return match string(arg).and_then(quoted_path) {
            Some(p) => reading(Role::Remove, alloc::vec![p]),
            None => Basic::Not,
        };
    }
    if let Some((arg, _)) = keyword(line, "NAME") {
        return name_as(arg).unwrap_or(Basic::Not);
    }
    if let Some((arg, _)) = keyword(line, "SYS") {
        let n = arg.trim();
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return Basic::Not;
        }
        // The Commodore 64's reset routine, called as people called it.
        return if n == "64738" {
            reading(Role::Restart, Vec::new())
        } else {
            Basic::Elsewhere
        };
    }
    // `SHELL "DIR"` runs a DOS line from QBasic: read as that line.
    if let Some((arg, _)) = keyword(line, "SHELL") {
        if let Some(inner) = string(arg).filter(|s| !s.trim().is_empty()) {
            return match crate::read(inner) {
                Some(r) => Basic::Read(r),
                None => Basic::Not,
            };
        }
    }
    for kw in PROGRAM {
        if let Some((arg, upper)) = keyword(line, kw) {
            // `LIST` alone is a listing of files where the program has
            // nothing in memory (AmigaDOS reads it so).
            if *kw == "LIST" && arg.is_empty() {
                return Basic::Not;
            }
            // A device number says Commodore in any case: `load "x",8,1`.
            let device = arg.contains("\",8") || arg.contains("\",9");
            // These take a number; alone they are English's capitals.
            if arg.is_empty() && matches!(*kw, "GOTO" | "GOSUB" | "POKE") {
                return Basic::Not;
            }
            if (upper || device) && program_args(arg) {
                return Basic::Elsewhere;
            }
            return Basic::Not;
        }
    }
    Basic::Not
}

/// A statement of Visual Basic for Applications, as typed into the
/// immediate window: `Debug.Print Now`, `MsgBox "Done"`, `FileCopy "A.TXT",
/// "DOCS\A.TXT"`, `Open "TODO.TXT" For Append As #1:
/// Print #1, "call Bob": Close #1`.
fn vba(line: &str) -> Option<Basic> {
    let shown = keyword(line, "Debug.Print").or_else(|| keyword(line, "MsgBox"));
    if let Some((arg, _)) = shown {
        let arg = arg.trim();
        let compact: String = arg
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let role = match compact.as_str() {
            "now" | "now()" | "time" | "time()" | "date" | "date()" | "time$" | "date$" => {
                Some(Role::Clock)
            }
            // Milliseconds since Windows started.
            "gettickcount" | "gettickcount()" | "gettickcount64" => Some(Role::Uptime),
            "application.memoryfree" | "application.memoryused" | "application.memorytotal" => {
                Some(Role::Memory)
            }
            _ => None,
        };
        if let Some(role) = role {
            return Some(reading(role, Vec::new()));
        }
        if let Some(text) = string(arg).filter(|t| !t.is_empty()) {
            return Some(reading(Role::Say, alloc::vec![Part::Text(text.into())]));
        }
        // `Dir("DOCS\*.*")`: the folder's names.
        let inner = compact
            .strip_prefix("dir(\"")
            .and_then(|r| r.strip_suffix("\")"))?;
        let folder = arg
            .get(5..5 + inner.len())?
            .trim_end_matches("*.*")
            .trim_end_matches(['\\', '/']);
        let part = if folder.is_empty() {
            crate::root()
        } else {
            quoted_path(folder)?
        };
        return Some(reading(Role::List, alloc::vec![part]));
    }
    if let Some((arg, _)) = keyword(line, "FileCopy") {
        let (from, rest) = quoted_head(arg.trim_start())?;
        let (to, tail) = quoted_head(rest.trim_start().strip_prefix(',')?.trim_start())?;
        if !tail.trim().is_empty() {
            return None;
        }
        let (from, to) = (quoted_path(from)?, quoted_path(to)?);
        return Some(reading(Role::Copy, alloc::vec![from, to]));
    }
    // `Open "F" For Append|Output As #1: Print #1, "T": Close #1`.
    let (arg, _) = keyword(line, "Open")?;
    let (file, rest) = quoted_head(arg.trim_start())?;
    let rest = rest.trim_start();
    let lower = rest.to_ascii_lowercase();
    let role = if lower.starts_with("for append") {
        Role::Append
    } else if lower.starts_with("for output") {
        Role::Write
    } else {
        return None;
    };
    let statements: Vec<&str> = rest.split(':').map(str::trim).collect();
    let printed = statements.iter().find_map(|st| {
        let (a, _) = keyword(st, "Print")?;
        let (_, text) = a.trim_start().strip_prefix('#')?.split_once(',')?;
        string(text.trim())
    })?;
    Some(reading(
        role,
        alloc::vec![quoted_path(file)?, Part::Text(printed.into())],
    ))
}

/// `NAME "OLD.TXT" AS "NEW.TXT"`: a new name or place, as written.
fn name_as(arg: &str) -> Option<Basic> {
    let (from, rest) = quoted_head(arg)?;
    let rest = rest.trim_start();
    let (as_, rest) = rest.split_at(rest.find(|c: char| c.is_whitespace() || c == '"')?);
    if !as_.eq_ignore_ascii_case("AS") {
        return None;
    }
    let (to, tail) = quoted_head(rest.trim_start())?;
    if !tail.trim().is_empty() {
        return None;
    }
    let (from, to) = (quoted_path(from)?, quoted_path(to)?);
    Some(reading(Role::Move, alloc::vec![from, to]))
}

/// A file name BASIC wrote in quotes: spelt as a path.
fn quoted_path(name: &str) -> Option<Part> {
    crate::spelt_path(name)
}

/// The quoted text `s` starts with, and what follows it.
fn quoted_head(s: &str) -> Option<(&str, &str)> {
    let body = s.strip_prefix('"')?;
    let end = body.find('"')?;
    Some((&body[..end], &body[end + 1..]))
}

fn words_english(s: &str) -> bool {
    let mut quote = false;
    let bare: String = s
        .chars()
        .filter(|&c| {
            if c == '"' {
                quote = !quote;
            }
            !quote && c != '"'
        })
        .collect();
    bare.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| !w.is_empty() && crate::dcl::english(w))
}

fn lower_outside_quotes(s: &str) -> bool {
    let mut quote = false;
    s.chars().any(|c| {
        if c == '"' {
            quote = !quote;
        }
        !quote && c.is_ascii_lowercase()
    })
}
