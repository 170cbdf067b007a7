//! Lines of Cisco IOS: `show flash:`, `more flash:NOTES.TXT`, `copy
//! flash:TODO.TXT flash:DOCS/TODO.TXT`, `sh clock`, `reload`.
//!
//! `show` is an English verb too: a line is IOS when `show` is followed by
//! a keyword of IOS's own (`show clock`, `sh ver`, `show running-config`),
//! when a path carries a file system's prefix (`flash:`, `bootflash:`), or
//! after a router's prompt (`R1#`). `show me the notes` and `show notes`
//! are English. The local file systems (flash and its kin) are this volume;
//! NVRAM, `system:` and the network ones (`tftp:`) are not.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

enum Ios {
    Read(Reading),
    /// Plainly IOS, for a job this machine has nothing for.
    Elsewhere,
    Not,
}

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    match ios(line) {
        Ios::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str) -> Option<Shell> {
    matches!(ios(line), Ios::Elsewhere).then_some(Shell::Ios)
}

/// `name` (lower case, no colon) with its unit number gone.
fn family(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// A file system on the device itself, which is this volume.
fn local(name: &str) -> bool {
    matches!(
        family(name),
        "flash" | "bootflash" | "disk" | "usbflash" | "slot" | "harddisk" | "bootdisk"
    )
}

/// A file system IOS names (lower case, no colon), this volume's or not.
pub(crate) fn file_system(name: &str) -> bool {
    local(name)
        || matches!(
            family(name),
            "nvram"
                | "system"
                | "tftp"
                | "ftp"
                | "scp"
                | "sftp"
                | "http"
                | "https"
                | "rcp"
                | "null"
                | "xmodem"
                | "ymodem"
                | "tmpsys"
                | "archive"
                | "cns"
                | "syslog"
        )
}

/// Where a word of a file command points.
enum Loc {
    /// On a local file system: a path of this volume.
    Here(Part),
    /// The configuration, NVRAM or another machine.
    Away,
    /// No prefix: a word another shell reads as well.
    Plain,
    Bad,
}

fn loc(w: &str) -> Loc {
    let lower = w.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "running-config" | "startup-config" | "run" | "running" | "start" | "startup"
    ) {
        return Loc::Away;
    }
    let Some((fs, rest)) = w.split_once(':') else {
        return Loc::Plain;
    };
    let fs = fs.to_ascii_lowercase();
    if !local(&fs) {
        return if file_system(&fs) {
            Loc::Away
        } else {
            Loc::Plain
        };
    }
    if rest.trim_matches('/').is_empty() {
        return Loc::Here(Part::Path {
            path: "/".into(),
            spelt: true,
            folder: true,
        });
    }
    match crate::spelt_path(rest) {
        Some(p @ Part::Path { .. }) => Loc::Here(p),
        _ => Loc::Bad,
    }
}

/// `w`, lower case, is `full` cut to at least `min` letters, as IOS takes
/// any unambiguous start of a keyword.
fn abbrev(w: &str, full: &str, min: usize) -> bool {
    w.len() >= min.min(full.len()) && full.starts_with(w)
}

/// A router's prompt (`R1#`, `Switch>`, `R1(config)#`) and whether it is
/// configuration mode's; the rest of the line.
fn without_prompt(line: &str) -> (Option<bool>, &str) {
    let Some(i) = line.find(['#', '>']) else {
        return (None, line);
    };
    let head = &line[..i];
    let (host, mode) = match head.split_once('(') {
        Some((h, m)) => (h, Some(m)),
        None => (head, None),
    };
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    let mode_ok = mode.is_none_or(|m| m.starts_with("config") && m.ends_with(')'));
    let rest = line[i + 1..].trim_start();
    if !host_ok || !mode_ok || rest.is_empty() {
        return (None, line);
    }
    (Some(mode.is_some()), rest)
}

/// English words that no IOS argument is.
fn english(w: &str) -> bool {
    crate::plain_english(w)
        || matches!(
            w.to_ascii_lowercase().as_str(),
            "file" | "files" | "folder" | "list" | "notes"
        )
}

fn reading(role: Role, parts: Vec<Part>, renames: bool) -> Ios {
    Ios::Read(Reading {
        shell: Shell::Ios,
        role,
        parts,
        renames,
    })
}

fn ios(line: &str) -> Ios {
    let (prompt, line) = without_prompt(line);
    let line = match prompt {
        // `do` runs an exec command from configuration mode.
        Some(true) => match line.strip_prefix("do ") {
            Some(rest) => rest.trim_start(),
            None => return Ios::Elsewhere,
        },
        _ => line,
    };
    let r = exec(line);
    match r {
        // After a prompt, a command the readers here do not take is still
        // the router's.
        // (Not a command another shell knows: `A>TYPE README.TXT` is a
        // DOS prompt's.)
        Ios::Not
            if prompt.is_some()
                && line.starts_with(|c: char| c.is_ascii_alphabetic())
                && !line.split_whitespace().any(english)
                && line
                    .split_whitespace()
                    .next()
                    .is_none_or(|w| crate::lookup(&w.to_ascii_lowercase()).is_none()) =>
        {
            Ios::Elsewhere
        }
        r => r,
    }
}

/// What `show` shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum What {
    Flash,
    Clock,
    Memory,
    Processes,
    Logging,
    History,
    File,
    Version,
    Devices,
    /// A keyword for a job no applet here does.
    No,
}

const SHOWS: &[(&str, usize, What)] = &[
    ("flash", 3, What::Flash),
    ("bootflash", 5, What::Flash),
    ("clock", 3, What::Clock),
    ("memory", 3, What::Memory),
    ("processes", 4, What::Processes),
    ("logging", 3, What::Logging),
    ("history", 3, What::History),
    ("file", 4, What::File),
    ("version", 3, What::Version),
    ("inventory", 3, What::Devices),
    ("diag", 4, What::Devices),
    ("running-config", 3, What::No),
    ("startup-config", 4, What::No),
    ("configuration", 4, What::No),
    ("interfaces", 3, What::No),
    ("ip", 2, What::No),
    ("ipv6", 4, What::No),
    ("vlan", 2, What::No),
    ("cdp", 3, What::No),
    ("lldp", 4, What::No),
    ("arp", 3, What::No),
    ("mac", 3, What::No),
    ("mac-address-table", 4, What::No),
    ("users", 3, What::No),
    ("tech-support", 4, What::No),
    ("spanning-tree", 4, What::No),
    ("controllers", 4, What::No),
    ("access-lists", 3, What::No),
    ("ntp", 3, What::No),
    ("license", 3, What::No),
    ("environment", 3, What::No),
    ("etherchannel", 5, What::No),
    ("vtp", 3, What::No),
    ("standby", 4, What::No),
    ("crypto", 3, What::No),
    ("snmp", 4, What::No),
    ("sessions", 4, What::No),
    ("privilege", 4, What::No),
    ("debugging", 3, What::No),
    ("route-map", 5, What::No),
    ("policy-map", 5, What::No),
    ("class-map", 5, What::No),
    ("aaa", 3, What::No),
    ("dot1x", 5, What::No),
    ("port-security", 4, What::No),
    ("redundancy", 3, What::No),
    ("module", 3, What::No),
    ("platform", 4, What::No),
    ("buffers", 3, What::No),
    ("stacks", 5, What::No),
    ("protocols", 4, What::No),
    ("ssh", 3, What::No),
    ("bgp", 3, What::No),
    ("mpls", 4, What::No),
    ("vrf", 3, What::No),
    ("cef", 3, What::No),
    ("bootvar", 5, What::No),
    ("sdm", 3, What::No),
    ("errdisable", 4, What::No),
    ("dial-peer", 4, What::No),
];

/// The words of a `| include …` after a show command, lower case, or
/// `None` for a pipe that turns the output into something else (`|
/// count`, `| redirect flash:x`).
fn pipe(words: &[&str]) -> Option<Vec<String>> {
    let (kind, rest) = words.split_first()?;
    let kind = kind.to_ascii_lowercase();
    ["include", "exclude", "begin", "section"]
        .iter()
        .any(|k| abbrev(&kind, k, 1))
        .then(|| rest.iter().map(|w| w.to_ascii_lowercase()).collect())
}

fn show(args: &[&str], filter: Option<&[&str]>) -> Ios {
    let Some((kw, rest)) = args.split_first() else {
        return Ios::Not;
    };
    let lower = kw.to_ascii_lowercase();
    let picked = match filter {
        Some(f) => match pipe(f) {
            Some(words) => Some(words),
            None => return Ios::Elsewhere,
        },
        None => None,
    };
    // `show flash:`, `show bootflash:/DOCS`, `show nvram:`.
    if lower.contains(':') {
        return match loc(kw) {
            Loc::Here(part) if matches!(rest, [] | ["all"]) => {
                reading(Role::List, alloc::vec![part], false)
            }
            Loc::Away => Ios::Elsewhere,
            _ => Ios::Not,
        };
    }
    let what = if local(&lower) && lower != family(&lower) {
        // `show flash0`, `show disk0`: a unit number makes it a file system.
        Some(What::Flash)
    } else {
        SHOWS
            .iter()
            .find(|(full, min, _)| abbrev(&lower, full, *min))
            .map(|(_, _, w)| *w)
    };
    let Some(what) = what else {
        return Ios::Not;
    };
    let rest: Vec<String> = rest.iter().map(|w| w.to_ascii_lowercase()).collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let one_of = |opts: &[(&str, usize)]| match rest.as_slice() {
        [] => true,
        [w] => opts.iter().any(|(o, m)| abbrev(w, o, *m)),
        _ => false,
    };
    let fixed = |role: Role, ok: bool| {
        if ok {
            reading(role, Vec::new(), false)
        } else {
            Ios::Not
        }
    };
    match what {
        What::Flash => {
            if one_of(&[("all", 3), ("detailed", 3)]) {
                reading(Role::List, alloc::vec![crate::root()], false)
            } else {
                Ios::Not
            }
        }
        What::Clock => fixed(Role::Clock, one_of(&[("detail", 3)])),
        What::Memory => fixed(
            Role::Memory,
            one_of(&[
                ("statistics", 4),
                ("summary", 3),
                ("free", 4),
                ("processor", 4),
                ("platform", 4),
            ]),
        ),
        What::Logging => fixed(Role::KernelLog, rest.is_empty()),
        What::History => fixed(Role::History, one_of(&[("all", 3)])),
        What::Devices => fixed(Role::Devices, rest.is_empty()),
        What::Processes => match rest.as_slice() {
            [cpu, more @ ..] if abbrev(cpu, "cpu", 3) => fixed(
                Role::Processor,
                more.len() <= 1
                    && more
                        .iter()
                        .all(|m| abbrev(m, "sorted", 3) || abbrev(m, "history", 4)),
            ),
            [mem, more @ ..] if abbrev(mem, "memory", 3) => fixed(
                Role::Memory,
                more.len() <= 1 && more.iter().all(|m| abbrev(m, "sorted", 3)),
            ),
            [] => Ios::Elsewhere,
            _ => Ios::Not,
        },
        What::File => match rest.as_slice() {
            [sys] if abbrev(sys, "systems", 3) => reading(Role::FreeSpace, Vec::new(), false),
            [info, ..] if abbrev(info, "information", 4) || abbrev(info, "descriptors", 4) => {
                Ios::Elsewhere
            }
            _ => Ios::Not,
        },
        // Its news is the image and the uptime: there is no image here to
        // name, and the uptime line is what `| include uptime` asks for.
        What::Version => {
            if !rest.is_empty() {
                return Ios::Not;
            }
            match picked {
                None => reading(Role::Uptime, Vec::new(), false),
                Some(words) if words.iter().any(|w| w.starts_with("upt")) => {
                    reading(Role::Uptime, Vec::new(), false)
                }
                Some(words) if words.iter().any(|w| w.starts_with("mem")) => {
                    reading(Role::Memory, Vec::new(), false)
                }
                Some(_) => Ios::Elsewhere,
            }
        }
        What::No => {
            if rest.iter().any(|w| english(w)) {
                Ios::Not
            } else {
                Ios::Elsewhere
            }
        }
    }
}

fn exec(line: &str) -> Ios {
    let all: Vec<&str> = line.split_whitespace().collect();
    let (words, filter) = match all.iter().position(|w| *w == "|") {
        Some(i) => (&all[..i], Some(&all[i + 1..])),
        None => (&all[..], None),
    };
    if words.iter().any(|w| w.contains('|')) {
        return Ios::Not;
    }
    let Some((cmd, args)) = words.split_first() else {
        return Ios::Not;
    };
    let cmd = cmd.to_ascii_lowercase();
    if abbrev(&cmd, "show", 2) {
        return show(args, filter);
    }
    if filter.is_some() {
        return Ios::Not;
    }
    // English beside the command (`delete the todo, fresh start`) is a
    // request, whatever IOS would make of `start`.
    // (`reload in 5` schedules.)
    if !abbrev(&cmd, "reload", 4) && args.iter().any(|a| english(a.trim_end_matches([',', '.']))) {
        return Ios::Not;
    }
    // File commands' own switches (`dir /all`, `delete /force`).
    let (switches, args): (Vec<&str>, Vec<&str>) = args.iter().partition(|a| a.starts_with('/'));
    let switches: Vec<String> = switches.iter().map(|s| s.to_ascii_lowercase()).collect();
    let switched = |allowed: &[&str]| switches.iter().all(|s| allowed.contains(&s.as_str()));
    let locs: Vec<Loc> = args.iter().map(|a| loc(a)).collect();
    let any_away = locs.iter().any(|l| matches!(l, Loc::Away));
    let any_here = locs.iter().any(|l| matches!(l, Loc::Here(_)));
    // A word with no prefix beside one with a prefix is on this volume.
    let part = |i: usize| match (&locs[i], args[i]) {
        (Loc::Here(p), _) => Some(p.clone()),
        (Loc::Plain, w) => crate::literal_path(w),
        _ => None,
    };
    match cmd.as_str() {
        "dir" | "more" | "mkdir" | "rmdir" | "delete" | "del" | "dele" | "delet" => {
            let role = match cmd.as_str() {
                "dir" => Role::List,
                "more" if switches.iter().any(|s| s == "/binary") => Role::ShowBytes,
                "more" => Role::ShowText,
                "mkdir" => Role::MakeDir,
                _ => Role::Remove,
            };
            let allowed: &[&str] = match role {
                Role::List => &["/all", "/recursive"],
                Role::ShowText | Role::ShowBytes => &["/ascii", "/binary"],
                Role::Remove => &["/force", "/recursive"],
                _ => &[],
            };
            if any_away {
                return Ios::Elsewhere;
            }
            if !switched(allowed) || args.len() > 1 {
                return Ios::Not;
            }
            match args.first() {
                // `dir /all`: the switch alone says IOS.
                None if role == Role::List && !switches.is_empty() => {
                    reading(role, Vec::new(), false)
                }
                Some(_) if any_here || (!switches.is_empty() && role == Role::Remove) => {
                    match part(0) {
                        Some(p) if role == Role::MakeDir => {
                            reading(role, alloc::vec![crate::new_folder(p)], false)
                        }
                        Some(p) => reading(role, alloc::vec![p], false),
                        None => Ios::Not,
                    }
                }
                _ => Ios::Not,
            }
        }
        "copy" | "rename" | "ren" | "rena" | "renam" => {
            if any_away {
                return Ios::Elsewhere;
            }
            if args.len() != 2 || !any_here || !switched(&["/erase", "/verify", "/noverify"]) {
                return Ios::Not;
            }
            let (Some(from), Some(to)) = (part(0), part(1)) else {
                return Ios::Not;
            };
            let role = if cmd == "copy" {
                Role::Copy
            } else {
                Role::Move
            };
            reading(role, alloc::vec![from, to], false)
        }
        _ if abbrev(&cmd, "reload", 4) => match args.first().map(|a| a.to_ascii_lowercase()) {
            None if switched(&["/noverify", "/verify"]) => {
                reading(Role::Restart, Vec::new(), false)
            }
            Some(a) if matches!(a.as_str(), "in" | "at" | "cancel") => Ios::Elsewhere,
            _ => Ios::Not,
        },
        "erase" | "format" | "squeeze" | "verify" | "fsck" | "cd" | "undelete"
            if any_here || any_away =>
        {
            Ios::Elsewhere
        }
        _ if abbrev(&cmd, "write", 2) => {
            let ok = match args.as_slice() {
                [] => true,
                [a] => ["memory", "erase", "terminal", "network"]
                    .iter()
                    .any(|k| abbrev(&a.to_ascii_lowercase(), k, 1)),
                _ => false,
            };
            if ok && switches.is_empty() {
                Ios::Elsewhere
            } else {
                Ios::Not
            }
        }
        _ if abbrev(&cmd, "configure", 4) => {
            let ok = match args.as_slice() {
                [] => true,
                [a] => ["terminal", "memory", "network", "replace"]
                    .iter()
                    .any(|k| abbrev(&a.to_ascii_lowercase(), k, 1)),
                _ => false,
            };
            if ok {
                Ios::Elsewhere
            } else {
                Ios::Not
            }
        }
        _ if abbrev(&cmd, "terminal", 4) => match args.first().map(|a| a.to_ascii_lowercase()) {
            Some(a)
                if ["length", "width", "monitor", "no"]
                    .iter()
                    .any(|k| abbrev(&a, k, 2)) =>
            {
                Ios::Elsewhere
            }
            _ => Ios::Not,
        },
        _ if abbrev(&cmd, "clear", 5) || abbrev(&cmd, "debug", 3) || abbrev(&cmd, "undebug", 2) => {
            let kws = [
                "counters",
                "line",
                "arp-cache",
                "ip",
                "mac",
                "logging",
                "interface",
                "crypto",
                "access-list",
                "all",
                "spanning-tree",
                "cdp",
                "aaa",
            ];
            match args.first().map(|a| a.to_ascii_lowercase()) {
                Some(a)
                    if kws.iter().any(|k| abbrev(&a, k, 2)) && !args.iter().any(|w| english(w)) =>
                {
                    Ios::Elsewhere
                }
                _ => Ios::Not,
            }
        }
        "enable" if args.is_empty() => Ios::Elsewhere,
        _ => Ios::Not,
    }
}
