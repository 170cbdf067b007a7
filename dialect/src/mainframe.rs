//! Lines of IBM z/OS: TSO and ISPF commands (`LISTC LEVEL(DOCS)`, `BROWSE
//! 'NOTES.TXT'`, `DELETE 'OLD.TXT'`, `TSO RENAME 'A' 'B'`) and MVS operator
//! commands (`D T`, `D IPLINFO`, `D M=CPU`, `/D U,DASD` from SDSF, `$DA`).
//!
//! A data set name in quotes is a file named in full: one written as a
//! file is (`'NOTES.TXT'`, a name and a short type), so it is this volume's
//! literal path. A name of three qualifiers or more (`'USER.NOTES.TEXT'`),
//! a system library (`'SYS1.PARMLIB'`) or a member (`'USER.JCL(JOB)'`) is
//! a data set in a catalogue this machine does not have.
//!
//! The operator's commands are letters (`D`, `S`, `P`, `Z`) with operands
//! of their own shape (`M=CPU`, `U,DASD`, `JES2`); `BROWSE` and `VIEW` are
//! English words, so they are z/OS's with a quoted name or in capitals.

use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

enum Zos {
    Read(Reading),
    /// Plainly z/OS, for a job this machine has nothing for.
    Elsewhere,
    Not,
}

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    match zos(line) {
        Zos::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str) -> Option<Shell> {
    matches!(zos(line), Zos::Elsewhere).then_some(Shell::Zos)
}

fn reading(role: Role, parts: Vec<Part>, renames: bool) -> Zos {
    Zos::Read(Reading {
        shell: Shell::Zos,
        role,
        parts,
        renames,
    })
}

/// What a data set name comes to.
enum Dsn {
    /// Written as a file: a path of this volume.
    File(Part),
    /// A catalogued data set or a member of one.
    Catalogued,
    Bad,
}

/// A qualifier of a data set name: letters, digits and the national
/// characters; `_` and `-` as this volume's file names have them.
fn qualifier(q: &str) -> bool {
    !q.is_empty()
        && q.len() <= 44
        && q.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'@' | b'#' | b'$' | b'-' | b'_'))
}

fn dsn(name: &str) -> Dsn {
    if let Some((base, member)) = name.split_once('(') {
        let member = member.strip_suffix(')').unwrap_or("");
        return if base.split('.').all(qualifier) && qualifier(member) {
            Dsn::Catalogued
        } else {
            Dsn::Bad
        };
    }
    let quals: Vec<&str> = name.split('.').collect();
    if !quals.iter().all(|q| qualifier(q)) {
        return Dsn::Bad;
    }
    let system = quals[0].len() == 4
        && quals[0][..3].eq_ignore_ascii_case("SYS")
        && quals[0].as_bytes()[3].is_ascii_digit();
    let file = match quals.as_slice() {
        [_] => true,
        [_, ty] => (1..=4).contains(&ty.len()) && ty.bytes().all(|b| b.is_ascii_alphanumeric()),
        _ => false,
    };
    if system || !file || name.contains('$') {
        return Dsn::Catalogued;
    }
    match crate::spelt_path(name) {
        Some(p @ Part::Path { .. }) => Dsn::File(p),
        _ => Dsn::Bad,
    }
}

/// A word in TSO's quotes (`'NOTES.TXT'`), its text.
fn quoted(w: &str) -> Option<&str> {
    w.strip_prefix('\'')?.strip_suffix('\'')
}

/// ISPF's command line and the `TSO` before a command typed on it.
fn without_prompt(line: &str) -> &str {
    let mut line = line.trim();
    if let Some(i) = line.find("===>") {
        let head = line[..i].trim();
        if head.is_empty()
            || head.eq_ignore_ascii_case("COMMAND")
            || head.eq_ignore_ascii_case("OPTION")
        {
            line = line[i + 4..].trim();
        }
    }
    if line
        .get(..4)
        .is_some_and(|h| h.eq_ignore_ascii_case("TSO "))
    {
        line = line[4..].trim();
    }
    line
}

fn zos(line: &str) -> Zos {
    let line = without_prompt(line);
    if line.is_empty() {
        return Zos::Not;
    }
    // ISPF's jump to a panel: `=3.4`, `=X`.
    if let Some(opt) = line.strip_prefix('=') {
        let ok = !opt.is_empty()
            && (opt.eq_ignore_ascii_case("X")
                || opt.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                    && opt.starts_with(|c: char| c.is_ascii_digit()));
        return if ok { Zos::Elsewhere } else { Zos::Not };
    }
    if let Some(jes) = line.strip_prefix('$') {
        return if jes2(jes) { Zos::Elsewhere } else { Zos::Not };
    }
    // SDSF passes a `/` line to the console.
    if let Some(cmd) = line.strip_prefix('/') {
        return match console(cmd) {
            Zos::Not if cmd.starts_with('$') && jes2(&cmd[1..]) => Zos::Elsewhere,
            z => z,
        };
    }
    match tso(line) {
        Zos::Not => console(line),
        z => z,
    }
}

fn tso(line: &str) -> Zos {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((verb, args)) = words.split_first() else {
        return Zos::Not;
    };
    let upper = !verb.bytes().any(|b| b.is_ascii_lowercase());
    let v = verb.to_ascii_uppercase();
    match v.as_str() {
        "LISTC" | "LISTCAT" => {
            let mut level = None;
            for a in args {
                let au = a.to_ascii_uppercase();
                if matches!(au.as_str(), "ALL" | "NAME" | "NAMES" | "VOLUME" | "HISTORY") {
                    continue;
                }
                let inner = au
                    .strip_prefix("LEVEL(")
                    .or_else(|| au.strip_prefix("LVL("))
                    .and_then(|r| r.strip_suffix(')'));
                match inner {
                    Some(_) if level.is_none() => {
                        // The value as typed, its case kept.
                        let open = a.find('(').unwrap_or(0);
                        let raw = &a[open + 1..a.len() - 1];
                        level = Some(quoted(raw).unwrap_or(raw));
                    }
                    // `ENT('X')` and the rest describe entries, not a folder.
                    _ => return Zos::Not,
                }
            }
            match level {
                None => reading(Role::List, Vec::new(), false),
                Some(l) if l.contains('.') => {
                    if l.split('.').all(qualifier) {
                        Zos::Elsewhere
                    } else {
                        Zos::Not
                    }
                }
                Some(l) if qualifier(l) && !l.contains('$') => match crate::literal_path(l) {
                    Some(Part::Path { path, .. }) => reading(
                        Role::List,
                        alloc::vec![Part::Path {
                            path,
                            spelt: true,
                            folder: true,
                        }],
                        false,
                    ),
                    _ => Zos::Not,
                },
                _ => Zos::Not,
            }
        }
        "BROWSE" | "VIEW" | "DELETE" => {
            let keep = |a: &&&str| {
                v == "DELETE"
                    && matches!(
                        a.to_ascii_uppercase().as_str(),
                        "PURGE" | "SCRATCH" | "NONVSAM" | "NOERASE"
                    )
            };
            let names: Vec<&&str> = args.iter().filter(|a| !keep(a)).collect();
            let [w] = names.as_slice() else {
                return Zos::Not;
            };
            // Unquoted, a name has the user's prefix put before it; in
            // capitals it is still the user's file.
            let (name, ok) = match quoted(w) {
                Some(n) => (n, upper || v != "DELETE"),
                None => (**w, upper && v != "DELETE" && w.contains('.')),
            };
            if !ok || !upper && names.len() != args.len() {
                return Zos::Not;
            }
            let role = if v == "DELETE" {
                Role::Remove
            } else {
                Role::ShowText
            };
            match dsn(name) {
                Dsn::File(p) => reading(role, alloc::vec![p], false),
                Dsn::Catalogued => Zos::Elsewhere,
                Dsn::Bad => Zos::Not,
            }
        }
        "RENAME" if upper => {
            let [a, b] = args else {
                return Zos::Not;
            };
            let (Some(a), Some(b)) = (quoted(a), quoted(b)) else {
                return Zos::Not;
            };
            match (dsn(a), dsn(b)) {
                (Dsn::File(a), Dsn::File(b)) => reading(Role::Move, alloc::vec![a, b], true),
                (Dsn::Bad, _) | (_, Dsn::Bad) => Zos::Not,
                _ => Zos::Elsewhere,
            }
        }
        // Sessions, panels and allocations: nothing here has them.
        "LOGOFF" | "ISPF" | "PDF" | "SDSF" | "OMVS" | "ISHELL" | "LISTA" | "LISTALC"
        | "PROFILE" | "ALLOC" | "ALLOCATE" | "FREE" | "LISTDS" | "SUBMIT" | "SUB" | "XMIT"
        | "TRANSMIT" | "RECEIVE" | "EX" | "EXEC" | "LISTUSER" | "LU" | "PERMIT" | "ALTUSER"
        | "LOGON" | "RACONTROL"
            if upper =>
        {
            let operand = |a: &&str| {
                quoted(a).is_some_and(|n| !matches!(dsn(n), Dsn::Bad))
                    || !a.bytes().any(|b| b.is_ascii_lowercase())
                        && !crate::dcl::english(a)
                        && (a.contains('(') && a.ends_with(')')
                            || a.bytes().all(|b| b.is_ascii_alphanumeric()))
            };
            // `FREE` alone is Linux's memory, and `SUB` and `EX` too bare.
            let bare_ok = !matches!(v.as_str(), "FREE" | "SUB" | "EX" | "EXEC" | "SUBMIT");
            if (args.is_empty() && bare_ok || !args.is_empty()) && args.iter().all(operand) {
                Zos::Elsewhere
            } else {
                Zos::Not
            }
        }
        _ => Zos::Not,
    }
}

/// An MVS operator command: `D T`, `DISPLAY IPLINFO`, `S JOB`, `Z EOD`.
fn console(line: &str) -> Zos {
    let Some((verb, rest)) = line.trim().split_once(' ') else {
        return Zos::Not;
    };
    let rest = rest.trim();
    let operand = rest.to_ascii_uppercase();
    let v = verb.to_ascii_uppercase();
    // Only MODIFY's text and a quoted reply have spaces in them.
    let spaced = matches!(v.as_str(), "F" | "MODIFY") || rest.contains('\'');
    if rest.is_empty() || rest.contains(' ') && !spaced {
        return Zos::Not;
    }
    let upper = !line.bytes().any(|b| b.is_ascii_lowercase());
    if v == "D" || v == "DISPLAY" {
        let role = match operand.as_str() {
            "T" => Some(Role::Clock),
            // The date and time of the last IPL: when it started.
            "IPLINFO" => Some(Role::Uptime),
            "M=STOR" | "M=STORAGE" => Some(Role::Memory),
            "M=CPU" => Some(Role::Processor),
            "M=DEV" => Some(Role::Devices),
            "U,DASD" | "U,DASD,ONLINE" | "U,DASD,ONLINE,,999" | "U,,,DASD" => Some(Role::Storage),
            _ => None,
        };
        if let Some(role) = role {
            return reading(role, Vec::new(), false);
        }
        let head = operand.split([',', '=', '(', ' ']).next().unwrap_or("");
        let known = matches!(
            head,
            "A" | "J"
                | "JOBS"
                | "TS"
                | "R"
                | "GRS"
                | "XCF"
                | "SMS"
                | "OMVS"
                | "NET"
                | "ETR"
                | "STP"
                | "PROD"
                | "SYMBOLS"
                | "PARMLIB"
                | "IOS"
                | "CF"
                | "CONSOLES"
                | "C"
                | "SLIP"
                | "LLA"
                | "APF"
                | "LOGREC"
                | "OPDATA"
                | "PFK"
                | "EMCS"
                | "WLM"
                | "SSI"
                | "TRACE"
                | "DUMP"
                | "ASM"
                | "MPF"
                | "M"
                | "U"
                | "IPLINFO"
                | "LOGGER"
                | "RRS"
                | "PROG"
                | "ALLOC"
                | "VIRTSTOR"
        );
        return if known && (upper || v == "D") {
            Zos::Elsewhere
        } else {
            Zos::Not
        };
    }
    if !upper {
        return Zos::Not;
    }
    let name_ok = |n: &str| {
        (1..=8).contains(&n.len())
            && n.starts_with(|c: char| c.is_ascii_alphabetic() || matches!(c, '@' | '#' | '$'))
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'@' | b'#' | b'$'))
    };
    let first = operand.split(',').next().unwrap_or("");
    let job = first.split('.').next().unwrap_or("");
    let shaped = match v.as_str() {
        // A procedure started, a job stopped or cancelled.
        "S" | "START" | "P" | "STOP" => name_ok(job),
        "C" | "CANCEL" => name_ok(job) || operand.starts_with("U="),
        // The rest need what follows their comma.
        "F" | "MODIFY" | "V" | "VARY" => name_ok(job) && operand.contains(','),
        "R" | "REPLY" => {
            !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) && operand.contains(',')
        }
        "Z" | "HALT" => operand == "EOD",
        "SETPROG" | "SETSMS" | "SETXCF" | "SETOMVS" => operand.contains(['=', ',']),
        _ => false,
    };
    // What follows a comma is the program's or the reply's own text.
    if shaped && !first.split(['=', '.', ' ']).any(crate::dcl::english) {
        Zos::Elsewhere
    } else {
        Zos::Not
    }
}

/// A JES2 command after its `$` (`DA`, `PJES2`, `D J123`): a verb letter
/// and an object JES2 has, so `$PATH` and `$HOME` are not one.
fn jes2(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(verb) = chars.next() else {
        return false;
    };
    if !"DPSCAEHOTZ".contains(verb) {
        return false;
    }
    let rest = chars.as_str().trim_start();
    let obj = rest.split(',').next().unwrap_or("");
    let numbered = |prefixes: &[&str]| {
        prefixes.iter().any(|p| {
            obj.strip_prefix(p).is_some_and(|n| {
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit() || b == b'-')
            })
        })
    };
    let object = matches!(
        obj,
        "JES2"
            | "A"
            | "Q"
            | "I"
            | "U"
            | "N"
            | "SPL"
            | "SPOOL"
            | "JQ"
            | "JOBQ"
            | "INIT"
            | "M"
            | "O"
            | "ACTIVE"
            | "JOB"
    ) || numbered(&[
        "J", "JOB", "STC", "TSU", "T", "I", "INIT", "PRT", "PUN", "RMT", "LINE", "R",
    ]) || obj.starts_with('\'') && obj.ends_with('\'') && obj.len() > 2;
    object && !rest.bytes().any(|b| b.is_ascii_lowercase())
}
