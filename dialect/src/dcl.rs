//! Lines of OpenVMS DCL: `$ DIRECTORY/SIZE [.LOGS]`, `TYPE NOTES.TXT;1`,
//! `COPY NOTES.TXT [.DOCS]`, `SHOW TIME`, `@SYS$SYSTEM:SHUTDOWN`.
//!
//! DCL takes any case, and `type`, `show`, `copy` and `directory` are
//! English words too: a line is DCL only with a mark of its own, a verb
//! in upper case, a qualifier (`/SIZE`), a `[dir]` or `;version` in a file
//! spec, a logical name (`SYS$OUTPUT`) or the `$ ` prompt. A line with no
//! mark but its case that another shell reads the same (`DIR`, `TYPE
//! NOTES.TXT`) is left to that shell.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell, Topic};

/// What a line comes to.
enum Dcl {
    Read(Reading),
    /// Plainly DCL, for a job this machine has nothing for.
    Elsewhere,
    Not,
}

/// Reads `line` (its prompt gone; `prompted` when it had DCL's `$ `), or
/// `None`.
pub(crate) fn read(line: &str, prompted: bool) -> Option<Reading> {
    match dcl(line, prompted) {
        Dcl::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str, prompted: bool) -> Option<Shell> {
    matches!(dcl(line, prompted), Dcl::Elsewhere).then_some(Shell::Dcl)
}

/// A word of the line: its parameter (empty for a lone `/QUALIFIER`) and
/// the qualifiers attached to it.
struct Word {
    param: String,
    quoted: bool,
    quals: Vec<Qual>,
}

/// A qualifier's name, upper case; its value (`/COLUMNS=2`) changes
/// nothing a qualifier's name does not already say here.
struct Qual {
    name: String,
}

/// The line's words, split at spaces outside quotes and at `/` outside
/// quotes and brackets; `None` for an unclosed quote or a stray `/`.
fn words(line: &str) -> Option<Vec<Word>> {
    let mut raw: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut quote = false;
    for c in line.chars() {
        if c == '"' {
            quote = !quote;
        }
        if c.is_whitespace() && !quote {
            if !cur.is_empty() {
                raw.push(core::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if quote {
        return None;
    }
    if !cur.is_empty() {
        raw.push(cur);
    }
    let mut out = Vec::new();
    for r in raw {
        if let Some(text) = whole_quote(&r) {
            out.push(Word {
                param: text,
                quoted: true,
                quals: Vec::new(),
            });
            continue;
        }
        let mut pieces: Vec<String> = alloc::vec![String::new()];
        let (mut depth, mut quote) = (0i32, false);
        for c in r.chars() {
            match c {
                '"' => quote = !quote,
                '[' | '<' if !quote => depth += 1,
                ']' | '>' if !quote => depth -= 1,
                '/' if !quote && depth == 0 => {
                    pieces.push(String::new());
                    continue;
                }
                _ => {}
            }
            pieces.last_mut()?.push(c);
        }
        let param = pieces.remove(0);
        if param.contains('"') {
            return None;
        }
        let mut quals = Vec::new();
        for q in pieces {
            let name = q.split_once('=').map_or(q.as_str(), |(n, _)| n);
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None;
            }
            quals.push(Qual {
                name: name.to_ascii_uppercase(),
            });
        }
        out.push(Word {
            param,
            quoted: false,
            quals,
        });
    }
    Some(out)
}

/// The text of a word that is wholly one quoted string, its `""` read as
/// `"`.
fn whole_quote(w: &str) -> Option<String> {
    let body = w.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' && chars.next() != Some('"') {
            return None;
        }
        out.push(c);
    }
    Some(out)
}

/// Whether `w`, upper case, is `full` cut to at least `min` letters, as
/// DCL takes its verbs and keywords.
fn abbrev(w: &str, full: &str, min: usize) -> bool {
    w.len() >= min.min(full.len()) && full.starts_with(w)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Verb {
    Directory,
    Type,
    Copy,
    Delete,
    Rename,
    Create,
    Dump,
    Show,
    Recall,
    Write,
    Help,
    Shutdown,
    /// A verb for a job no applet here does (`PRINT`, `SET`, `MAIL`).
    Other,
}

const VERBS: &[(&str, usize, Verb)] = &[
    ("DIRECTORY", 3, Verb::Directory),
    ("TYPE", 2, Verb::Type),
    ("COPY", 3, Verb::Copy),
    ("DELETE", 3, Verb::Delete),
    ("RENAME", 3, Verb::Rename),
    ("CREATE", 3, Verb::Create),
    ("DUMP", 3, Verb::Dump),
    ("SHOW", 2, Verb::Show),
    ("RECALL", 3, Verb::Recall),
    ("WRITE", 3, Verb::Write),
    ("HELP", 3, Verb::Help),
    // Not a DCL verb, but what people type for the shutdown procedure.
    ("SHUTDOWN", 8, Verb::Shutdown),
    ("SET", 3, Verb::Other),
    ("PRINT", 3, Verb::Other),
    ("SUBMIT", 3, Verb::Other),
    ("MAIL", 3, Verb::Other),
    ("LOGOUT", 3, Verb::Other),
    ("PURGE", 3, Verb::Other),
    ("EDIT", 3, Verb::Other),
    ("RUN", 3, Verb::Other),
    ("MCR", 3, Verb::Other),
    ("SPAWN", 3, Verb::Other),
    ("ATTACH", 3, Verb::Other),
    ("ASSIGN", 4, Verb::Other),
    ("DEFINE", 3, Verb::Other),
    ("DEASSIGN", 4, Verb::Other),
    ("MOUNT", 3, Verb::Other),
    ("DISMOUNT", 4, Verb::Other),
    ("INITIALIZE", 3, Verb::Other),
    ("BACKUP", 3, Verb::Other),
    ("ANALYZE", 3, Verb::Other),
    ("SEARCH", 3, Verb::Other),
    ("DIFFERENCES", 3, Verb::Other),
    ("SORT", 3, Verb::Other),
    ("APPEND", 3, Verb::Other),
    ("REPLY", 3, Verb::Other),
    ("STOP", 3, Verb::Other),
    ("INSTALL", 3, Verb::Other),
    ("LINK", 3, Verb::Other),
    ("LIBRARY", 3, Verb::Other),
    ("CONVERT", 4, Verb::Other),
    ("ALLOCATE", 3, Verb::Other),
    ("DEALLOCATE", 4, Verb::Other),
    ("MONITOR", 3, Verb::Other),
    ("PHONE", 3, Verb::Other),
    ("UNLOCK", 3, Verb::Other),
];

fn verb(w: &str) -> Option<Verb> {
    VERBS
        .iter()
        .find(|(full, min, _)| abbrev(w, full, *min))
        .map(|(_, _, v)| *v)
}

/// What `SHOW` shows: a job here, or `None` for one no applet does.
const SHOWS: &[(&str, usize, Option<Role>)] = &[
    ("TIME", 2, Some(Role::Clock)),
    ("DAYTIME", 3, Some(Role::Clock)),
    ("DEVICES", 3, Some(Role::Storage)),
    ("MEMORY", 3, Some(Role::Memory)),
    ("CPU", 3, Some(Role::Processor)),
    // VMS has no uptime command: the first line of SHOW SYSTEM (`…
    // Uptime 12 03:04:05`, all of it with /NOPROCESS) is how one asks.
    ("SYSTEM", 3, Some(Role::Uptime)),
    ("USERS", 3, None),
    ("PROCESS", 4, None),
    ("QUEUE", 3, None),
    ("DEFAULT", 3, None),
    ("LOGICAL", 3, None),
    ("SYMBOL", 3, None),
    ("NETWORK", 3, None),
    ("LICENSE", 3, None),
    ("ERROR", 3, None),
    ("PROTECTION", 4, None),
    ("TERMINAL", 3, None),
    ("STATUS", 3, None),
    ("QUOTA", 3, None),
    ("ACCOUNTING", 3, None),
    ("AUDIT", 3, None),
    ("CLUSTER", 3, None),
    ("ENTRY", 3, None),
    ("INTRUSION", 3, None),
    ("KEY", 3, None),
    ("PRINTER", 4, None),
    ("RMS_DEFAULT", 3, None),
    ("WORKING_SET", 3, None),
    ("BROADCAST", 3, None),
    ("TRANSLATION", 3, None),
    ("DISPLAY", 3, None),
    ("IMAGE", 3, None),
];

/// What `SET` sets: none of it is a job here.
const SETS: &[&str] = &[
    "DEFAULT",
    "PROCESS",
    "TERMINAL",
    "HOST",
    "PASSWORD",
    "PROTECTION",
    "FILE",
    "PROMPT",
    "VERIFY",
    "NOVERIFY",
    "DEVICE",
    "QUEUE",
    "TIME",
    "SYMBOL",
    "CONTROL",
    "MESSAGE",
    "ON",
    "NOON",
    "RMS_DEFAULT",
    "WORKING_SET",
    "BROADCAST",
    "DISPLAY",
    "ENTRY",
    "SECURITY",
    "DIRECTORY",
    "VOLUME",
    "LOGINS",
    "AUDIT",
    "ACCOUNTING",
    "CLUSTER",
    "KEY",
    "PRINTER",
    "UIC",
    "COMMAND",
    "DAY",
    "RIGHTS_LIST",
];

/// Qualifiers that change nothing this machine shows: sizes, dates,
/// paging, asking before each file, saying what was done.
const HARMLESS: &[(&str, usize)] = &[
    ("SIZE", 3),
    ("DATE", 3),
    ("FULL", 2),
    ("BRIEF", 2),
    ("OWNER", 2),
    ("PROTECTION", 4),
    ("TOTAL", 2),
    ("GRAND_TOTAL", 2),
    ("COLUMNS", 3),
    ("WIDTH", 2),
    ("HEADING", 3),
    ("NOHEADING", 5),
    ("TRAILING", 3),
    ("NOTRAILING", 5),
    ("SECURITY", 3),
    ("ACL", 3),
    ("FILE_ID", 3),
    ("ALL", 2),
    ("PAGE", 2),
    ("NOPAGE", 4),
    ("CONFIRM", 3),
    ("NOCONFIRM", 5),
    ("LOG", 3),
    ("NOLOG", 4),
    ("ERASE", 3),
    ("REPLACE", 3),
    ("NOREPLACE", 5),
    ("HEXADECIMAL", 3),
    ("BYTE", 3),
    ("NOPROCESS", 5),
    ("PHYSICAL_PAGES", 3),
    ("PHYSICAL", 4),
    ("MOUNTED", 3),
    ("ACTIVE", 3),
];

fn harmless(q: &Qual) -> bool {
    HARMLESS
        .iter()
        .any(|(full, min)| abbrev(&q.name, full, *min))
}

/// A file spec: on this volume, on a disk or node named by another
/// logical name, or not one this crate reads literally.
enum Spec {
    Here {
        part: Part,
        /// `[.DOCS]` or `[]` alone: a folder, written as one.
        folder_only: bool,
        /// Written with a `[dir]`: a place of its own, not a new name in
        /// the source's folder.
        placed: bool,
        /// `*.*;*`: every file (of a listing).
        everything: bool,
    },
    Away,
    Bad,
}

/// A physical disk (`DKA100`, `DUA0`, `$1$DGA100`): this machine has the
/// one, so it is the current disk.
fn physical(dev: &str) -> bool {
    let d = dev.trim_start_matches('_');
    let d = match d.strip_prefix('$') {
        Some(r) => match r.split_once('$') {
            Some((n, rest)) if n.bytes().all(|b| b.is_ascii_digit()) => rest,
            _ => return false,
        },
        None => d,
    };
    let letters = d.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
    let digits = &d[letters..];
    (2..=4).contains(&letters) && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A name of a file spec: letters, digits, `_` and `-`, with ODS-5's
/// `^_` for a space and `^.` for a dot.
fn name(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '^' => match chars.next()? {
                '_' => out.push(' '),
                c @ ('.' | ' ' | ',' | ';' | '[' | ']' | '^' | '&' | '+' | '!') => out.push(c),
                _ => return None,
            },
            c if c.is_ascii_alphanumeric() || c == '_' || c == '-' => out.push(c),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

fn spec(s: &str) -> Spec {
    if s.contains(['/', '\\']) {
        return Spec::Bad;
    }
    if s.contains("::") {
        return Spec::Away;
    }
    let mut rest = s;
    let bracket = s.find(['[', '<']).unwrap_or(s.len());
    if let Some(colon) = s[..bracket].find(':') {
        let dev = s[..colon].to_ascii_uppercase();
        rest = &s[colon + 1..];
        // `C:` is a Windows drive, `flash:` a Cisco file system.
        if dev.len() == 1 || crate::ios::file_system(&dev.to_ascii_lowercase()) {
            return Spec::Bad;
        }
        if dev != "SYS$DISK" && !physical(&dev) {
            return Spec::Away;
        }
    }
    let mut dirs: Vec<String> = Vec::new();
    let placed = rest.starts_with(['[', '<']);
    if placed {
        let close = if rest.starts_with('[') { ']' } else { '>' };
        let Some(end) = rest.find(close) else {
            return Spec::Bad;
        };
        let inner = &rest[1..end];
        rest = &rest[end + 1..];
        let inner = inner.strip_prefix("000000").unwrap_or(inner);
        let inner = inner.strip_prefix('.').unwrap_or(inner);
        if !inner.is_empty() {
            for d in inner.split('.') {
                // `-` is the parent, `*` and `...` every folder.
                match name(d) {
                    Some(n) if n != "-" && !n.starts_with('-') => dirs.push(n),
                    _ => return Spec::Bad,
                }
            }
        }
    }
    let (file, version) = match rest.split_once(';') {
        Some((f, v)) => (f, Some(v)),
        None => (rest, None),
    };
    let version_ok = version.is_none_or(|v| {
        let v = v.strip_prefix('-').unwrap_or(v);
        v.is_empty() || v == "*" || v.bytes().all(|b| b.is_ascii_digit())
    });
    if !version_ok {
        return Spec::Bad;
    }
    let everything = matches!(file, "*.*" | "*" | "*.");
    let mut folder_only = file.is_empty() || everything;
    let mut typed = false;
    if !folder_only {
        // The one unescaped dot parts the name from its type.
        let b = file.as_bytes();
        let dots: Vec<usize> = (0..b.len())
            .filter(|&i| b[i] == b'.' && (i == 0 || b[i - 1] != b'^'))
            .collect();
        let (stem, ty) = match dots.as_slice() {
            [] => (file, ""),
            [d] => (&file[..*d], &file[d + 1..]),
            _ => return Spec::Bad,
        };
        let Some(stem) = name(stem) else {
            return Spec::Bad;
        };
        typed = dots.len() == 1;
        if ty.eq_ignore_ascii_case("DIR") {
            // `ARCHIVE.DIR;1` is the folder ARCHIVE.
            dirs.push(stem);
            folder_only = true;
        } else if ty.is_empty() {
            dirs.push(stem);
        } else {
            let Some(ty) = name(ty) else {
                return Spec::Bad;
            };
            dirs.push(alloc::format!("{stem}.{ty}"));
        }
    } else if !placed && !everything {
        return Spec::Bad;
    }
    let path = alloc::format!("/{}", dirs.join("/"));
    Spec::Here {
        part: Part::Path {
            path,
            spelt: placed || typed || version.is_some() || folder_only,
            folder: folder_only,
        },
        folder_only,
        placed,
        everything,
    }
}

fn reading(role: Role, parts: Vec<Part>, renames: bool) -> Dcl {
    Dcl::Read(Reading {
        shell: Shell::Dcl,
        role,
        parts,
        renames,
    })
}

/// English words that no DCL parameter is.
pub(crate) fn english(w: &str) -> bool {
    crate::plain_english(w) || matches!(w.to_ascii_lowercase().as_str(), "all" | "out" | "up")
}

fn dcl(line: &str, prompted: bool) -> Dcl {
    let Some(words) = words(line) else {
        return Dcl::Not;
    };
    let Some((first, rest)) = words.split_first() else {
        return Dcl::Not;
    };
    if first.quoted || first.param.is_empty() {
        return Dcl::Not;
    }
    let typed = first.param.as_str();
    let upper_verb = typed.bytes().any(|b| b.is_ascii_alphabetic())
        && !typed.bytes().any(|b| b.is_ascii_lowercase());
    let params: Vec<&Word> = rest.iter().filter(|w| !w.param.is_empty()).collect();
    let quals: Vec<&Qual> = words.iter().flat_map(|w| w.quals.iter()).collect();
    let marked = !quals.is_empty()
        || params.iter().any(|w| {
            !w.quoted
                && (w.param.contains(['[', '<', ';', '^'])
                    || w.param.to_ascii_uppercase().contains("SYS$"))
        });
    // `@SYS$SYSTEM:SHUTDOWN`: a command procedure run.
    if let Some(proc_) = typed.strip_prefix('@') {
        let up = proc_.to_ascii_uppercase();
        let up = up.strip_suffix(".COM").unwrap_or(&up);
        if matches!(up, "SYS$SYSTEM:SHUTDOWN" | "SYS$SYSTEM:SHUTDOWN.COM") {
            // Its sixth parameter says whether to reboot after.
            let reboot = params
                .get(5)
                .is_some_and(|w| w.param.eq_ignore_ascii_case("YES"));
            let role = if reboot {
                Role::Restart
            } else {
                Role::PowerOff
            };
            return reading(role, Vec::new(), false);
        }
        let plain = !proc_.is_empty()
            && proc_
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"$_:.[]-;".contains(&b));
        return if plain { Dcl::Elsewhere } else { Dcl::Not };
    }
    if !typed.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_') {
        return Dcl::Not;
    }
    let up = typed.to_ascii_uppercase();
    let Some(v) = verb(&up) else {
        return Dcl::Not;
    };
    if !(upper_verb || marked || prompted) {
        return Dcl::Not;
    }
    // Only its case or a `$ ` says DCL, and another shell has the name.
    let loose = !marked && crate::lookup(&typed.to_ascii_lowercase()).is_some();
    let spec_of = |i: usize| params.get(i).filter(|w| !w.quoted).map(|w| spec(&w.param));
    let all_harmless = quals.iter().all(|q| harmless(q));
    let r = match v {
        Verb::Directory | Verb::Type | Verb::Delete | Verb::Dump => {
            if !all_harmless || params.len() > 1 || params.iter().any(|w| w.param.contains(',')) {
                return Dcl::Not;
            }
            let role = match v {
                Verb::Directory => Role::List,
                Verb::Type => Role::ShowText,
                Verb::Delete => Role::Remove,
                _ => Role::ShowBytes,
            };
            match spec_of(0) {
                None if v == Verb::Directory && params.is_empty() => {
                    reading(role, Vec::new(), false)
                }
                Some(Spec::Here {
                    part, everything, ..
                }) if (v == Verb::Directory) || !everything => {
                    if v == Verb::Type && matches!(&part, Part::Path { folder: true, .. }) {
                        return Dcl::Not;
                    }
                    reading(role, alloc::vec![part], false)
                }
                Some(Spec::Away) => Dcl::Elsewhere,
                _ => Dcl::Not,
            }
        }
        Verb::Copy | Verb::Rename => {
            if !all_harmless || params.len() != 2 || params.iter().any(|w| w.param.contains(',')) {
                return Dcl::Not;
            }
            match (spec_of(0), spec_of(1)) {
                (Some(Spec::Away), _) | (_, Some(Spec::Away)) => Dcl::Elsewhere,
                (
                    Some(Spec::Here {
                        part: from,
                        folder_only: false,
                        everything: false,
                        ..
                    }),
                    Some(Spec::Here {
                        part: to,
                        folder_only,
                        placed,
                        everything: false,
                    }),
                ) => {
                    let role = if v == Verb::Copy {
                        Role::Copy
                    } else {
                        Role::Move
                    };
                    // RENAME takes the source's folder for a bare new name.
                    let renames = v == Verb::Rename && !placed && !folder_only;
                    reading(role, alloc::vec![from, to], renames)
                }
                _ => Dcl::Not,
            }
        }
        Verb::Create => {
            let dir = quals.iter().any(|q| abbrev(&q.name, "DIRECTORY", 3));
            let others_harmless = quals
                .iter()
                .all(|q| abbrev(&q.name, "DIRECTORY", 3) || harmless(q));
            // A file's text comes after the line, typed until Ctrl-Z.
            if !dir || !others_harmless || params.len() != 1 {
                return Dcl::Not;
            }
            match spec_of(0) {
                Some(Spec::Here {
                    part,
                    folder_only: true,
                    everything: false,
                    ..
                }) if !matches!(&part, Part::Path { path, .. } if path == "/") => {
                    reading(Role::MakeDir, alloc::vec![crate::new_folder(part)], false)
                }
                Some(Spec::Away) => Dcl::Elsewhere,
                _ => Dcl::Not,
            }
        }
        Verb::Show => {
            let Some(kw) = params.first().filter(|w| !w.quoted) else {
                return Dcl::Not;
            };
            let kw = kw.param.to_ascii_uppercase();
            let Some((_, _, role)) = SHOWS.iter().find(|(full, min, _)| abbrev(&kw, full, *min))
            else {
                return Dcl::Not;
            };
            let Some(role) = role else {
                return if params.iter().skip(1).any(|w| english(&w.param)) {
                    Dcl::Not
                } else {
                    Dcl::Elsewhere
                };
            };
            if !all_harmless {
                return Dcl::Not;
            }
            // `SHOW DEVICE DKA100:` and `SHOW DEV D` name disks; nothing
            // else takes a word.
            let extra_ok = params[1..].iter().all(|w| {
                let dev = w.param.trim_end_matches(':').to_ascii_uppercase();
                *role == Role::Storage
                    && !w.quoted
                    && (physical(&dev)
                        || dev == "SYS$DISK"
                        || dev == "SYS$SYSDEVICE"
                        || (dev.len() <= 3 && dev.bytes().all(|b| b.is_ascii_alphabetic())))
            });
            if !extra_ok {
                return Dcl::Not;
            }
            reading(*role, Vec::new(), false)
        }
        Verb::Recall => {
            let all = quals.iter().any(|q| abbrev(&q.name, "ALL", 2));
            if all && params.is_empty() && quals.len() == 1 {
                reading(Role::History, Vec::new(), false)
            } else if params.iter().all(|w| !english(&w.param)) {
                Dcl::Elsewhere
            } else {
                Dcl::Not
            }
        }
        Verb::Write => {
            let [out, said] = params.as_slice() else {
                return Dcl::Not;
            };
            if !quals.is_empty()
                || !matches!(out.param.to_ascii_uppercase().as_str(), "SYS$OUTPUT" | "TT")
            {
                return Dcl::Not;
            }
            if said.quoted {
                // `''NAME'` substitutes a symbol this machine does not have.
                if said.param.contains("''") || said.param.is_empty() {
                    return Dcl::Not;
                }
                reading(
                    Role::Say,
                    alloc::vec![Part::Text(said.param.clone())],
                    false,
                )
            } else if said.param.eq_ignore_ascii_case("F$TIME()") {
                reading(Role::Clock, Vec::new(), false)
            } else {
                Dcl::Not
            }
        }
        Verb::Help => {
            if !quals.is_empty() {
                return Dcl::Not;
            }
            match params.as_slice() {
                [] => reading(Role::Help, Vec::new(), false),
                [w] if !w.quoted => {
                    let t = w.param.to_ascii_uppercase();
                    let role = match verb(&t) {
                        Some(Verb::Directory) => Some(Role::List),
                        Some(Verb::Type) => Some(Role::ShowText),
                        Some(Verb::Copy) => Some(Role::Copy),
                        Some(Verb::Delete) => Some(Role::Remove),
                        Some(Verb::Rename) => Some(Role::Move),
                        Some(Verb::Dump) => Some(Role::ShowBytes),
                        Some(Verb::Recall) => Some(Role::History),
                        Some(Verb::Shutdown) => Some(Role::PowerOff),
                        _ => None,
                    };
                    match role {
                        Some(r) => {
                            reading(Role::Help, alloc::vec![Part::Topic(Topic::Role(r))], false)
                        }
                        None => return Dcl::Not,
                    }
                }
                _ => Dcl::Not,
            }
        }
        Verb::Shutdown => {
            if params.is_empty() && all_harmless {
                reading(Role::PowerOff, Vec::new(), false)
            } else {
                Dcl::Not
            }
        }
        Verb::Other => {
            if up == "SET" {
                let kw = params.first().map(|w| w.param.to_ascii_uppercase());
                let known = kw.is_some_and(|k| SETS.iter().any(|s| abbrev(&k, s, 3)));
                if !known {
                    return Dcl::Not;
                }
            }
            // With nothing but its case to say DCL, every word must be
            // one: `PRINT NOTES.TXT`, not `PRINT THE NOTES`.
            if params.iter().any(|w| english(&w.param)) {
                return Dcl::Not;
            }
            // A quoted text is BASIC's `PRINT "READY."`, which says it.
            if up == "PRINT" && params.iter().any(|w| w.quoted) {
                return Dcl::Not;
            }
            Dcl::Elsewhere
        }
    };
    if loose && matches!(r, Dcl::Read(_)) && v != Verb::Help {
        return Dcl::Not;
    }
    r
}
