//! Lines of CP/M (`ERA OLD.TXT`, `REN NEW.TXT=OLD.TXT`, `PIP B:=A:X.TXT`,
//! `STAT`) and of AmigaDOS (`list DH0:DOCS`, `copy NOTES.TXT TO DOCS`,
//! `rename A.TXT AS B.TXT`, `makedir ARCHIVE`, `info`, `avail`).
//!
//! Both share names with DOS and English (`dir`, `type`, `copy`, `list`,
//! `info`); a line is theirs only with a mark of its own: CP/M's `=`
//! (destination first, as in an assignment), AmigaDOS's volume names
//! (`DH0:`, `SYS:`, `RAM:`), its keywords in capitals (`TO`, `AS`, `ALL`)
//! or its shell's prompt (`1.SYS:> `), or a name no other system has
//! (`makedir`, `avail`, `ERA`). A line with none of those that DOS reads
//! the same (`DIR`, `TYPE F`, `copy a b`) is left to DOS.
//!
//! The boot disk is this volume: CP/M's drive letters and AmigaDOS's
//! `DH0:`, `DF0:` and `SYS:` are its top folder. `RAM:`, another floppy
//! and the logical devices (`CON:`, `PRT:`, `LST:`) are not.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

enum Got {
    Read(Reading),
    /// Plainly the system's, for a job this machine has nothing for.
    Elsewhere(Shell),
    Not,
}

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    match retro(line) {
        Got::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str) -> Option<Shell> {
    match retro(line) {
        Got::Elsewhere(s) => Some(s),
        _ => None,
    }
}

fn retro(line: &str) -> Got {
    match cpm(line) {
        Got::Not => amiga(line),
        got => got,
    }
}

fn reading(shell: Shell, role: Role, parts: Vec<Part>, renames: bool) -> Got {
    Got::Read(Reading {
        shell,
        role,
        parts,
        renames,
    })
}

fn english(w: &str) -> bool {
    crate::dcl::english(w)
}

/// A CP/M file name, its drive (`B:NOTES.TXT`) gone: every drive is this
/// volume's top folder, which has no folders in CP/M.
fn cpm_file(w: &str) -> Option<Part> {
    let w = w.trim();
    let b = w.as_bytes();
    let name = if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        &w[2..]
    } else {
        w
    };
    if name.is_empty() {
        return Some(crate::root());
    }
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
    {
        return None;
    }
    crate::literal_path(name)
}

/// CP/M's logical devices: a file's text sent to the console is shown.
fn device(w: &str) -> Option<&'static str> {
    match w.trim().to_ascii_uppercase().as_str() {
        "CON:" | "TTY:" | "CRT:" | "UC1:" => Some("CON"),
        "LST:" | "LPT:" | "PRN:" | "UL1:" | "PUN:" | "PTP:" | "UP1:" | "UP2:" | "RDR:" | "PTR:"
        | "UR1:" | "UR2:" | "NUL:" | "EOF:" | "INP:" | "OUT:" | "AUX:" => Some("OTHER"),
        _ => None,
    }
}

fn cpm(line: &str) -> Got {
    use Shell::Cpm as C;
    let (verb, rest) = match line.split_once(char::is_whitespace) {
        Some((v, r)) => (v, r.trim()),
        None => (line, ""),
    };
    let upper = verb.bytes().all(|b| b.is_ascii_uppercase());
    let args: Vec<&str> = rest.split_whitespace().collect();
    match verb.to_ascii_uppercase().as_str() {
        "ERA" => {
            let [w] = args.as_slice() else {
                return Got::Not;
            };
            match cpm_file(w) {
                // `era` in lower case is a noun too: a file name says CP/M.
                Some(p @ Part::Path { spelt, .. }) if upper || spelt => {
                    if matches!(&p, Part::Path { path, .. } if path == "/") {
                        return Got::Not;
                    }
                    reading(C, Role::Remove, alloc::vec![p], false)
                }
                _ => Got::Not,
            }
        }
        // The new name first, as an assignment: `REN NEW.TXT=OLD.TXT`.
        "REN" | "RENAME" => {
            let Some((to, from)) = rest.split_once('=') else {
                return Got::Not;
            };
            if from.contains('=') || to.trim().contains(' ') || from.trim().contains(' ') {
                return Got::Not;
            }
            match (cpm_file(from), cpm_file(to)) {
                (Some(f @ Part::Path { .. }), Some(t @ Part::Path { .. }))
                    if f != crate::root() && t != crate::root() =>
                {
                    reading(C, Role::Move, alloc::vec![f, t], true)
                }
                _ => Got::Not,
            }
        }
        "PIP" => {
            if rest.is_empty() {
                // Alone it prompts with `*` for lines of its own.
                return if upper { Got::Elsewhere(C) } else { Got::Not };
            }
            let Some((to, from)) = rest.split_once('=') else {
                return Got::Not;
            };
            // Verifying or echoing the copy changes nothing of it.
            let from = from.trim();
            let from = from
                .strip_suffix("[V]")
                .or_else(|| from.strip_suffix("[E]"))
                .unwrap_or(from)
                .trim();
            if from.contains(['=', ',', '[', ' ']) || to.trim().contains(' ') {
                return Got::Not;
            }
            match (device(to), device(from)) {
                (Some("CON"), None) => match cpm_file(from) {
                    Some(p) if p != crate::root() => {
                        reading(C, Role::ShowText, alloc::vec![p], false)
                    }
                    _ => Got::Not,
                },
                (Some(_), _) | (_, Some(_)) => Got::Elsewhere(C),
                (None, None) => match (cpm_file(from), cpm_file(to)) {
                    (Some(f), Some(t)) if f != crate::root() => {
                        reading(C, Role::Copy, alloc::vec![f, t], false)
                    }
                    _ => Got::Not,
                },
            }
        }
        "STAT" => {
            let drive = |w: &str| {
                let b = w.as_bytes();
                b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
            };
            let up: Vec<String> = args.iter().map(|a| a.to_ascii_uppercase()).collect();
            match up.as_slice() {
                [] => reading(C, Role::FreeSpace, Vec::new(), false),
                [d] if drive(d) => reading(C, Role::FreeSpace, Vec::new(), false),
                // The drive's make-up: its size, blocks and directory.
                [d] if d == "DSK:"
                    || d.get(..2).is_some_and(drive) && d.get(2..) == Some("DSK:") =>
                {
                    reading(C, Role::Storage, Vec::new(), false)
                }
                [d] if matches!(d.as_str(), "VAL:" | "DEV:" | "USR:") => Got::Elsewhere(C),
                // `STAT X.TXT $R/O` sets a file's attributes.
                [_, attr] if attr.starts_with('$') => Got::Elsewhere(C),
                _ => Got::Not,
            }
        }
        "USER" | "DDT" | "ASM" | "MOVCPM" | "SYSGEN" | "XSUB" | "MBASIC" | "SID" | "GENCPM"
            if upper =>
        {
            if args
                .iter()
                .all(|a| !english(a) && !a.bytes().any(|b| b.is_ascii_lowercase()))
            {
                Got::Elsewhere(C)
            } else {
                Got::Not
            }
        }
        _ => Got::Not,
    }
}

/// AmigaDOS's shell prompt (`1> `, `1.SYS:> `, `2.Work:Docs> `): the
/// rest of the line.
fn amiga_prompt(line: &str) -> Option<&str> {
    let (head, rest) = line.split_once("> ")?;
    let (n, cwd) = match head.split_once('.') {
        Some((n, cwd)) => (n, Some(cwd)),
        None => (head, None),
    };
    let n_ok = (1..=2).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit());
    let cwd_ok = cwd.is_none_or(|c| c.contains(':') && !c.contains(' '));
    (n_ok && cwd_ok && !rest.trim().is_empty()).then(|| rest.trim())
}

/// Where an AmigaDOS word points.
enum Loc {
    /// On a volume of this disk (`DH0:DOCS`, `SYS:`, `:DOCS`).
    Here(Part),
    /// `RAM:`, another floppy, a device or an assign of the system's.
    Away,
    /// No volume: a word DOS reads as well.
    Plain(Part),
    Bad,
}

/// A volume of the boot disk: its hard disk's partitions, the first
/// floppy, the boot volume.
fn local(vol: &str) -> bool {
    let v = vol.to_ascii_uppercase();
    let unit = |prefix: &str| {
        v.strip_prefix(prefix)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    v == "SYS" || v == "DF0" || unit("DH") || unit("HD")
}

/// Volumes, devices and assigns of AmigaDOS that are not this disk.
fn away(vol: &str) -> bool {
    let v = vol.to_ascii_uppercase();
    let floppy = v
        .strip_prefix("DF")
        .is_some_and(|n| matches!(n, "1" | "2" | "3"));
    floppy
        || matches!(
            v.as_str(),
            "RAM"
                | "RAD"
                | "PRT"
                | "PAR"
                | "SER"
                | "CON"
                | "RAW"
                | "NIL"
                | "ENV"
                | "ENVARC"
                | "LIBS"
                | "DEVS"
                | "FONTS"
                | "LOCALE"
                | "REXX"
                | "CLIPS"
                | "KEYMAPS"
                | "PIPE"
                | "SPEAK"
                | "AUX"
                | "TCP"
                | "CD0"
                | "PC0"
                | "PC1"
        )
}

fn loc(w: &str) -> Loc {
    let Some((vol, rest)) = w.split_once(':') else {
        // A leading `/` is the parent folder in AmigaDOS.
        // Nor is a number or a range (`LIST 10-50` is BASIC's).
        if w.starts_with('/') || w.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return Loc::Bad;
        }
        return match crate::literal_path(w) {
            Some(p) => Loc::Plain(p),
            None => Loc::Bad,
        };
    };
    if rest.contains(':') || rest.starts_with('/') {
        return Loc::Bad;
    }
    if !vol.is_empty() && !local(vol) {
        // `C:` is a Windows drive as well; the others are not this disk.
        return if vol.len() > 1 && away(vol) {
            Loc::Away
        } else {
            Loc::Bad
        };
    }
    if rest.trim_end_matches('/').is_empty() {
        return Loc::Here(crate::root());
    }
    match crate::spelt_path(rest) {
        Some(p @ Part::Path { .. }) => Loc::Here(p),
        _ => Loc::Bad,
    }
}

/// Words, split at spaces outside double quotes, the quotes gone.
fn amiga_words(line: &str) -> Option<Vec<(String, bool)>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let (mut quote, mut quoted) = (false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quote = !quote;
                quoted = true;
            }
            c if c.is_whitespace() && !quote => {
                if !cur.is_empty() || quoted {
                    out.push((core::mem::take(&mut cur), quoted));
                }
                quoted = false;
            }
            c => cur.push(c),
        }
    }
    if quote {
        return None;
    }
    if !cur.is_empty() || quoted {
        out.push((cur, quoted));
    }
    Some(out)
}

/// Commands only AmigaDOS has, for jobs no applet here does.
const AMIGA_ONLY: &[&str] = &[
    "endcli",
    "newcli",
    "newshell",
    "endshell",
    "loadwb",
    "diskcopy",
    "relabel",
    "filenote",
    "setdate",
    "addbuffers",
    "setpatch",
    "iconx",
    "wbrun",
    "resident",
    "assign",
    "diskchange",
    "makelink",
    "setclock",
    "binddrivers",
    "lformat",
    "failat",
    "setenv",
    "getenv",
    "unsetenv",
    "changetaskpri",
    "conclip",
    "ipcs",
];

/// Commands AmigaDOS shares with English or another shell, for jobs no
/// applet here does: its only with a volume or a keyword of its own.
const AMIGA_SHARED: &[&str] = &[
    "cd", "execute", "run", "format", "install", "mount", "search", "join", "sort", "protect",
    "which", "status", "break", "path", "stack", "prompt", "lock", "eval", "echo", "ask",
    "version", "dir", "list", "copy", "delete", "rename", "type", "info", "makedir", "ed", "wait",
    "skip", "quit", "setfont", "more",
];

/// Keywords AmigaDOS commands take; written in capitals they are its.
const KEYWORDS: &[&str] = &[
    "TO", "AS", "FROM", "ALL", "QUIET", "FORCE", "QUICK", "FILES", "DIRS", "NODATES", "NOHEAD",
    "BLOCK", "HEX", "NUMBER", "OPT", "CLONE", "DATES", "NOPRO", "BUF", "CHIP", "FAST", "TOTAL",
    "FLUSH", "INTER", "FULL", "DRIVE", "NAME", "NOREQ",
];

fn amiga(line: &str) -> Got {
    use Shell::AmigaDos as A;
    let (prompted, line) = match amiga_prompt(line) {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let Some(words) = amiga_words(line) else {
        return Got::Not;
    };
    let Some(((verb, verb_quoted), args)) = words.split_first() else {
        return Got::Not;
    };
    if *verb_quoted || !verb.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Got::Not;
    }
    let name = verb.to_ascii_lowercase();
    let upper_verb = verb.bytes().all(|b| b.is_ascii_uppercase());
    let mut keys: Vec<String> = Vec::new();
    let mut caps_key = false;
    let mut places: Vec<Loc> = Vec::new();
    let mut volume = false;
    let mut any_away = false;
    let mut englishy = false;
    let mut lower_word = false;
    for (w, quoted) in args {
        let up = w.to_ascii_uppercase();
        if !quoted && KEYWORDS.contains(&up.as_str()) {
            caps_key |= w.bytes().all(|b| b.is_ascii_uppercase());
            keys.push(up);
            continue;
        }
        if !quoted && english(w) {
            englishy = true;
        }
        lower_word |= !quoted && !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase());
        let l = loc(w);
        match &l {
            Loc::Here(_) => volume = true,
            Loc::Away => {
                volume = true;
                any_away = true;
            }
            _ => {}
        }
        places.push(l);
    }
    if englishy {
        return Got::Not;
    }
    let only = AMIGA_ONLY.contains(&name.as_str());
    let marked = prompted || volume || caps_key;
    if only || (!matches!(name.as_str(), "version") && any_away) {
        // `assign LIBS: DH0:Libs`, `cd RAM:`, `copy NOTES.TXT TO RAM:`.
        // A bare word in lower case after one is English (`assign
        // tasks`); AmigaDOS's names are volumes, paths and capitals.
        return if (only || AMIGA_SHARED.contains(&name.as_str()))
            && places.iter().all(|p| !matches!(p, Loc::Bad))
            && !lower_word
        {
            Got::Elsewhere(A)
        } else {
            Got::Not
        };
    }
    if places.iter().any(|p| matches!(p, Loc::Bad)) {
        return Got::Not;
    }
    let part = |l: &Loc| match l {
        Loc::Here(p) | Loc::Plain(p) => Some(p.clone()),
        _ => None,
    };
    let keys_in = |allowed: &[&str]| keys.iter().all(|k| allowed.contains(&k.as_str()));
    match name.as_str() {
        "list" | "dir" => {
            // `dir` alone or with a DOS word is DOS's, read there.
            if name == "dir" && !marked {
                return Got::Not;
            }
            if !keys_in(&[
                "ALL", "QUICK", "FILES", "DIRS", "NODATES", "NOHEAD", "BLOCK", "INTER", "OPT",
            ]) {
                return Got::Not;
            }
            match places.as_slice() {
                [] => reading(A, Role::List, Vec::new(), false),
                [l] => match part(l) {
                    Some(p) => reading(A, Role::List, alloc::vec![p], false),
                    None => Got::Not,
                },
                _ => Got::Not,
            }
        }
        "type" | "ed" => {
            let [l] = places.as_slice() else {
                return Got::Not;
            };
            let Some(p) = part(l) else {
                return Got::Not;
            };
            if name == "type" {
                // `type X HEX` (or `OPT H`) dumps its bytes.
                let hex = keys.iter().any(|k| k == "HEX")
                    || keys.iter().any(|k| k == "OPT")
                        && args.iter().any(|(w, _)| w.eq_ignore_ascii_case("H"));
                if !marked && !hex || !keys_in(&["HEX", "NUMBER", "OPT"]) {
                    return Got::Not;
                }
                let role = if hex { Role::ShowBytes } else { Role::ShowText };
                return reading(A, role, alloc::vec![p], false);
            }
            // Opened in the editor, a file is shown; `ed` is the editor of
            // AmigaDOS (and of Unix), a file name after it no English word.
            let spelt = matches!(&p, Part::Path { spelt: true, .. });
            if !keys.is_empty() || !spelt || matches!(&p, Part::Path { folder: true, .. }) {
                return Got::Not;
            }
            // CP/M's `ED` too, typed in the capitals its console took.
            let shell = if upper_verb { Shell::Cpm } else { A };
            reading(shell, Role::ShowText, alloc::vec![p], false)
        }
        "delete" => {
            if !marked || !keys_in(&["ALL", "QUIET", "FORCE"]) {
                return Got::Not;
            }
            let [l] = places.as_slice() else {
                return Got::Not;
            };
            match part(l) {
                Some(p) if p != crate::root() => reading(A, Role::Remove, alloc::vec![p], false),
                _ => Got::Not,
            }
        }
        "copy" | "rename" => {
            let to_key = if name == "copy" { "TO" } else { "AS" };
            let linked = keys.iter().any(|k| k == "TO" || k == to_key);
            let allowed: &[&str] = if name == "copy" {
                &[
                    "FROM", "TO", "ALL", "QUIET", "CLONE", "DATES", "NOPRO", "BUF", "NOREQ",
                ]
            } else {
                &["FROM", "TO", "AS", "QUIET"]
            };
            if !marked || !keys_in(allowed) {
                return Got::Not;
            }
            // Without `TO` two names are what DOS's `copy a b` reads.
            if !linked && !volume {
                return Got::Not;
            }
            let [from, to] = places.as_slice() else {
                return Got::Not;
            };
            match (part(from), part(to)) {
                (Some(f), Some(t)) if f != crate::root() => {
                    let role = if name == "copy" {
                        Role::Copy
                    } else {
                        Role::Move
                    };
                    reading(A, role, alloc::vec![f, t], false)
                }
                _ => Got::Not,
            }
        }
        "makedir" => {
            let [l] = places.as_slice() else {
                return Got::Not;
            };
            match part(l) {
                Some(p) if keys.is_empty() && p != crate::root() => {
                    reading(A, Role::MakeDir, alloc::vec![crate::new_folder(p)], false)
                }
                _ => Got::Not,
            }
        }
        // Each volume with its size, what is used and what is free.
        "info" => match places.as_slice() {
            [] if keys.is_empty() => reading(A, Role::FreeSpace, Vec::new(), false),
            [Loc::Here(_)] if keys.is_empty() => reading(A, Role::FreeSpace, Vec::new(), false),
            _ => Got::Not,
        },
        "avail" => {
            if places.is_empty() && keys_in(&["CHIP", "FAST", "TOTAL", "FLUSH"]) {
                reading(A, Role::Memory, Vec::new(), false)
            } else {
                Got::Not
            }
        }
        // The ROM's and the Workbench's versions: no applet tells an
        // operating system's (the model's is another thing). `version`
        // alone in lower case is English as much as AmigaDOS.
        "version" => {
            let library = args.len() == 1
                && args[0].0.to_ascii_lowercase().ends_with(".library")
                && !args[0].1;
            if upper_verb && args.is_empty()
                || marked
                || library
                || keys_in(&["FULL"]) && !keys.is_empty()
            {
                Got::Elsewhere(A)
            } else {
                Got::Not
            }
        }
        n if marked && AMIGA_SHARED.contains(&n) && crate::lookup(n).is_none() => Got::Elsewhere(A),
        _ => Got::Not,
    }
}
