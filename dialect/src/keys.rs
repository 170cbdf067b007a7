//! Keys pressed, typed out as words: `Ctrl+Alt+Del`, `ctrl-l`, `⌘K`,
//! `CTRL-AMIGA-AMIGA`, `Alt+SysRq+B`, `press ctrl+c`.
//!
//! A chord is its modifiers and then one key, joined by `+` or `-` (or
//! written with the Mac's symbols); the line is the chord alone, or
//! `press` and the chord. The chords that reset, power off or blank a
//! machine on the systems people know them from are read as that job.
//! Any other is an application's shortcut (`alt+f4` closes a window,
//! `ctrl+c` interrupts a program, `ctrl+z` suspends one): nothing here
//! has windows or running programs, so it is another system's.
//!
//! A word that is not a key name (`alt-rock`, `co-op`, `ctrl x ctrl f
//! notes`) makes the line no chord. Spaces alone join keys only in the
//! one chord English writes that way, `ctrl alt del`.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Reading, Shell};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mod {
    Ctrl,
    Alt,
    Cmd,
    Shift,
    Win,
    Amiga,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Char(u8),
    Del,
    Backspace,
    Esc,
    Tab,
    Enter,
    Space,
    F(u8),
    Arrow,
    Power,
    Eject,
    SysRq,
}

/// A key name, lower case with its spaces gone: a modifier or a key.
fn name(w: &str) -> Option<Result<Mod, Key>> {
    let m = match w {
        "ctrl" | "control" | "ctl" | "strg" | "^" => Mod::Ctrl,
        "alt" | "option" | "opt" => Mod::Alt,
        "cmd" | "command" | "apple" => Mod::Cmd,
        "shift" => Mod::Shift,
        "win" | "windows" | "super" => Mod::Win,
        "amiga" | "lamiga" | "ramiga" | "leftamiga" | "rightamiga" => Mod::Amiga,
        _ => {
            let k = match w {
                // German keyboards say Entf, Spanish and French Supr.
                "del" | "delete" | "entf" | "supr" | "suppr" => Key::Del,
                "backspace" | "bksp" => Key::Backspace,
                "esc" | "escape" => Key::Esc,
                "tab" => Key::Tab,
                "enter" | "return" => Key::Enter,
                "space" => Key::Space,
                "up" | "down" | "left" | "right" | "home" | "end" | "pgup" | "pgdn" | "pageup"
                | "pagedown" => Key::Arrow,
                "power" => Key::Power,
                "eject" | "mediaeject" => Key::Eject,
                // SysRq shares the Print Screen key.
                "sysrq" | "sysreq" | "printscreen" | "prtsc" | "prtscn" | "prtscr" => Key::SysRq,
                _ if w.len() == 1 && w.as_bytes()[0].is_ascii_alphanumeric() => {
                    Key::Char(w.as_bytes()[0])
                }
                _ => {
                    let n: u8 = w.strip_prefix('f')?.parse().ok()?;
                    if !(1..=24).contains(&n) {
                        return None;
                    }
                    Key::F(n)
                }
            };
            return Some(Err(k));
        }
    };
    Some(Ok(m))
}

/// The line's key names, lower case, spaces inside one dropped (`Left
/// Amiga`, `Print Screen`); `None` when it is not written as a chord.
fn pieces(line: &str) -> Option<Vec<String>> {
    let lower = line.trim().to_ascii_lowercase();
    // `^L`: the caret notation terminals echo a control key in.
    if let Some(k) = lower.strip_prefix('^') {
        if k.len() == 1 && k.as_bytes()[0].is_ascii_alphabetic() {
            return Some(alloc::vec!["ctrl".into(), k.into()]);
        }
        return None;
    }
    if matches!(
        lower.as_str(),
        "ctrl alt del" | "ctrl alt delete" | "control alt delete" | "control alt del"
    ) {
        return Some(lower.split(' ').map(String::from).collect());
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    // After a symbol (`⌘K`, `⌘+K`) a joining `+` is optional.
    let mut after_symbol = false;
    let mut joined = false;
    for c in lower.chars() {
        let symbol = match c {
            '\u{2318}' => Some("cmd"),
            '\u{2325}' => Some("alt"),
            '\u{2303}' => Some("ctrl"),
            '\u{21e7}' => Some("shift"),
            _ => None,
        };
        if let Some(s) = symbol {
            if !cur.trim().is_empty() {
                return None;
            }
            cur.clear();
            out.push(s.into());
            after_symbol = true;
            joined = true;
            continue;
        }
        if c == '+' || c == '-' {
            if cur.trim().is_empty() {
                if after_symbol {
                    after_symbol = false;
                    continue;
                }
                return None;
            }
            out.push(cur.split_whitespace().collect());
            cur.clear();
            joined = true;
            after_symbol = false;
            continue;
        }
        cur.push(c);
        after_symbol = false;
    }
    if cur.trim().is_empty() {
        return None;
    }
    // `Left Amiga` is one key; `alt f4 please` is not one.
    let words: Vec<&str> = cur.split_whitespace().collect();
    if words.len() > 2
        || words.len() == 2 && !matches!(words[0], "left" | "right" | "print" | "sys")
    {
        return None;
    }
    out.push(words.concat());
    (joined && out.len() >= 2).then_some(out)
}

fn read_as(role: Role) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::Keys,
        role,
        parts: Vec::new(),
        renames: false,
    }))
}

const ELSEWHERE: Option<Known> = Some(Known::Elsewhere(Shell::Keys));

/// What `line` comes to as a chord, or `None` when it is not one.
pub(crate) fn know(line: &str) -> Option<Known> {
    let line = line.trim();
    let line = match line.get(..6) {
        Some(h) if h.eq_ignore_ascii_case("press ") => line[6..].trim_start(),
        _ => line,
    };
    let ps = pieces(line)?;
    let mut mods: Vec<Mod> = Vec::new();
    let mut keys: Vec<Key> = Vec::new();
    let (last, init) = ps.split_last()?;
    for p in init {
        match name(p)? {
            Ok(m) => mods.push(m),
            // Only SysRq comes before another key.
            Err(Key::SysRq) if keys.is_empty() => keys.push(Key::SysRq),
            Err(_) => return None,
        }
    }
    let has = |m: Mod| mods.contains(&m);
    let only = |ms: &[Mod]| mods.len() == ms.len() && ms.iter().all(|m| mods.contains(m));
    if keys == [Key::SysRq] {
        // The magic SysRq key of Linux: Alt, SysRq and a letter, or the
        // whole REISUB a stuck machine is rebooted with.
        if !(mods.is_empty() || only(&[Mod::Alt])) {
            return None;
        }
        let cmd = match last.as_str() {
            "reisub" => b'b',
            "reisuo" => b'o',
            w if w.len() == 1 && w.as_bytes()[0].is_ascii_alphanumeric() => w.as_bytes()[0],
            _ => return None,
        };
        return match cmd {
            b'b' => read_as(Role::Restart),
            b'o' => read_as(Role::PowerOff),
            // It writes the memory's state to the console.
            b'm' => read_as(Role::Memory),
            // Sync, remount, kill, the task list, log levels: none of it
            // is a job here.
            _ => ELSEWHERE,
        };
    }
    let key = match name(last)? {
        Ok(Mod::Amiga) => {
            // The Amiga resets at Ctrl and both Amiga keys.
            let amigas = mods.iter().filter(|m| **m == Mod::Amiga).count();
            return (mods.len() == 2 && has(Mod::Ctrl) && amigas == 1)
                .then(|| read_as(Role::Restart))
                .flatten();
        }
        Ok(_) => return None,
        Err(k) => k,
    };
    if mods.is_empty() {
        return None;
    }
    match key {
        Key::Del if only(&[Mod::Ctrl, Mod::Alt]) => read_as(Role::Restart),
        Key::Char(b'l') if only(&[Mod::Ctrl]) => read_as(Role::ClearScreen),
        // macOS Terminal's Clear to Start.
        Key::Char(b'k') if only(&[Mod::Cmd]) => read_as(Role::ClearScreen),
        // The Mac's: Control-Command with Power or Eject restarts,
        // Control-Option-Command shuts down.
        Key::Power | Key::Eject if only(&[Mod::Ctrl, Mod::Cmd]) => read_as(Role::Restart),
        Key::Power | Key::Eject if only(&[Mod::Ctrl, Mod::Alt, Mod::Cmd]) => {
            read_as(Role::PowerOff)
        }
        // Ctrl-Alt-Backspace kills an X server; there is none here.
        _ => ELSEWHERE,
    }
}
