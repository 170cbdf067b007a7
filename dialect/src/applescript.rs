//! One-line AppleScript, as typed in Script Editor or after `osascript
//! -e`: `tell application "Finder" to delete file "HELLO.TXT"`, `display
//! dialog "hi"`, `do shell script "ls"`, `tell application "System
//! Events" to restart`.
//!
//! AppleScript reads like English, so a line is its only when the grammar
//! holds to the end: a quoted name after `file` or `folder`, a text in
//! quotes after `display dialog` (`display dialog boxes are annoying` is
//! English). `the` is AppleScript's own word, which it skips, and so does
//! this reader.
//!
//! Finder's paths are names in folders (`file "FAQ.TXT" of folder
//! "DOCS"`) or HFS paths from a disk (`"Macintosh HD:DOCS:FAQ.TXT"`);
//! the disk is this volume, and the home folder its top, as `~/` is for a
//! shell. Another application's command is for a job with nothing here.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell};

#[derive(Clone, Debug, PartialEq, Eq)]
enum T {
    /// A word, lower case: AppleScript's terms take any case.
    W(String),
    /// A text in quotes.
    S(String),
    N(String),
    P(char),
}

fn tokens(line: &str) -> Option<Vec<T>> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '"' | '\u{201c}' => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next()? {
                        '\\' => s.push(chars.next()?),
                        '"' | '\u{201d}' => break,
                        c => s.push(c),
                    }
                }
                out.push(T::S(s));
            }
            '{' | '}' | '(' | ')' | ':' | ',' | '&' => {
                chars.next();
                out.push(T::P(c));
            }
            c if c.is_ascii_digit() => {
                let mut n = String::new();
                while let Some(&d) = chars.peek() {
                    if !(d.is_ascii_digit() || d == '.') {
                        break;
                    }
                    n.push(d);
                    chars.next();
                }
                out.push(T::N(n));
            }
            c if c.is_alphabetic() || c == '_' => {
                let mut w = String::new();
                while let Some(&d) = chars.peek() {
                    if !(d.is_alphanumeric() || d == '_') {
                        break;
                    }
                    w.extend(d.to_lowercase());
                    chars.next();
                }
                out.push(T::W(w));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The tokens left to read.
struct Cur<'a>(&'a [T]);

impl Cur<'_> {
    fn done(&self) -> bool {
        self.0.is_empty()
    }

    fn peek_word(&self, w: &str) -> bool {
        matches!(self.0.first(), Some(T::W(x)) if x == w)
    }

    /// Takes the words `ws` when they come next.
    fn eat(&mut self, ws: &[&str]) -> bool {
        if ws.len() > self.0.len()
            || !ws
                .iter()
                .zip(self.0)
                .all(|(w, t)| matches!(t, T::W(x) if x == w))
        {
            return false;
        }
        self.0 = &self.0[ws.len()..];
        true
    }

    fn punct(&mut self, c: char) -> bool {
        if self.0.first() == Some(&T::P(c)) {
            self.0 = &self.0[1..];
            return true;
        }
        false
    }

    fn string(&mut self) -> Option<String> {
        match self.0.first() {
            Some(T::S(s)) => {
                let s = s.clone();
                self.0 = &self.0[1..];
                Some(s)
            }
            _ => None,
        }
    }

    fn number(&mut self) -> bool {
        if matches!(self.0.first(), Some(T::N(_))) {
            self.0 = &self.0[1..];
            return true;
        }
        false
    }
}

/// A place as Finder names one: the folders from the top down, and
/// whether it was written as a folder.
#[derive(Clone, Debug)]
struct Place {
    names: Vec<String>,
    folder: bool,
}

impl Place {
    fn part(&self) -> Option<Part> {
        let p = crate::spelt_path(&alloc::format!("/{}", self.names.join("/")))?;
        Some(match p {
            Part::Path { path, spelt, .. } => Part::Path {
                path,
                spelt,
                folder: self.folder,
            },
            other => other,
        })
    }

    fn is_top(&self) -> bool {
        self.names.is_empty()
    }
}

/// The names a Finder string gives: an HFS path from its disk
/// (`"Macintosh HD:DOCS:"`, the disk being this volume), a POSIX path, or
/// a name.
fn names_of(s: &str, posix: bool) -> Option<(Vec<String>, bool)> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    let (body, sep) = if posix || !s.contains(':') {
        (s, '/')
    } else {
        // A leading `:` is relative; otherwise the first name is a disk.
        match s.strip_prefix(':') {
            Some(rel) => (rel, ':'),
            None => (s.split_once(':')?.1, ':'),
        }
    };
    let folder = body.ends_with(sep);
    let mut names = Vec::new();
    for n in body.split(sep) {
        match n {
            "" | "." => {}
            ".." => return None,
            n if n.contains(['*', '?']) => return None,
            n => names.push(n.into()),
        }
    }
    Some((names, folder))
}

/// `home`, `desktop`, `path to documents folder`, `startup disk`: the
/// folders Finder has names for.
fn known_folder(c: &mut Cur) -> Option<Vec<String>> {
    if c.peek_word("path") && !c.eat(&["path", "to"]) {
        return None;
    }
    if c.eat(&["home", "folder"]) || c.eat(&["home"]) || c.eat(&["startup", "disk"]) {
        Some(Vec::new())
    } else if c.eat(&["desktop", "folder"]) || c.eat(&["desktop"]) {
        Some(alloc::vec!["Desktop".into()])
    } else if c.eat(&["documents", "folder"]) {
        Some(alloc::vec!["Documents".into()])
    } else {
        None
    }
}

/// A reference to a file or folder: `file "X" of folder "Y" of home`,
/// `POSIX file "/X"`, `alias "Disk:X"`, `folder "DOCS"`, `home`.
fn reference(c: &mut Cur) -> Option<Place> {
    if c.punct('(') {
        let p = reference(c)?;
        return c.punct(')').then_some(p);
    }
    let save = c.0;
    if let Some(names) = known_folder(c) {
        return Some(Place {
            names,
            folder: true,
        });
    }
    c.0 = save;
    if c.eat(&["posix", "file"]) {
        let s = c.string()?;
        let (names, folder) = names_of(&s, true)?;
        return Some(Place { names, folder });
    }
    if c.eat(&["disk"]) {
        c.string()?;
        return Some(Place {
            names: Vec::new(),
            folder: true,
        });
    }
    let folder = if c.eat(&["folder"]) {
        true
    } else if c.eat(&["file"])
        || c.eat(&["document", "file"])
        || c.eat(&["disk", "item"])
        || c.eat(&["item"])
        || c.eat(&["alias"])
    {
        false
    } else {
        return None;
    };
    let s = c.string()?;
    let (mut names, slash) = names_of(&s, false)?;
    if names.is_empty() {
        return None;
    }
    if c.eat(&["of"]) {
        let outer = reference(c)?;
        let mut all = outer.names;
        all.append(&mut names);
        names = all;
    }
    Some(Place {
        names,
        folder: folder || slash,
    })
}

fn read_as(role: Role, parts: Vec<Part>, renames: bool) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::AppleScript,
        role,
        parts,
        renames,
    }))
}

const ELSEWHERE: Option<Known> = Some(Known::Elsewhere(Shell::AppleScript));

/// What `line` comes to as AppleScript, or `None` when it is not.
pub(crate) fn know(line: &str) -> Option<Known> {
    let line = line.trim();
    // `osascript -e '…'`: the script, from a shell.
    if let Some(rest) = line.strip_prefix("osascript -e ") {
        let rest = rest.trim();
        let inner = rest
            .strip_prefix('\'')
            .and_then(|r| r.strip_suffix('\''))
            .filter(|r| !r.contains('\''))?;
        return script(inner);
    }
    script(line)
}

fn script(line: &str) -> Option<Known> {
    let toks = tokens(line)?;
    // The clipboard is the only thing AppleScript names with `the` that
    // this reader has to see: `the clipboard`, `set the clipboard to "x"`.
    if toks
        .windows(2)
        .any(|w| w[0] == T::W("the".into()) && w[1] == T::W("clipboard".into()))
    {
        let words: Vec<&T> = toks.iter().filter(|t| !matches!(t, T::S(_))).collect();
        let plain = |t: &&T| matches!(t, T::W(w) if matches!(w.as_str(), "the" | "clipboard" | "set" | "get" | "to" | "as" | "text" | "string" | "return"));
        return words
            .iter()
            .all(plain)
            .then_some(Known::Elsewhere(Shell::AppleScript));
    }
    let toks: Vec<T> = toks
        .into_iter()
        .filter(|t| *t != T::W("the".into()))
        .collect();
    let mut c = Cur(&toks);
    if c.eat(&["tell"]) {
        if !(c.eat(&["application"]) || c.eat(&["app"])) {
            return None;
        }
        c.eat(&["id"]);
        let app = c.string()?.to_ascii_lowercase();
        if c.done() {
            // The first line of a `tell` block.
            return ELSEWHERE;
        }
        if !c.eat(&["to"]) || c.done() {
            return None;
        }
        return match app.as_str() {
            "finder" | "com.apple.finder" | "system events" | "com.apple.systemevents" => {
                match command(&mut c, true) {
                    Some(k) => Some(k),
                    // Trash, windows, selection, processes: Finder's
                    // and System Events' own.
                    None => ELSEWHERE,
                }
            }
            "terminal" | "com.apple.terminal" => {
                if c.eat(&["do", "script"]) {
                    let s = c.string()?;
                    return c.done().then(|| inner(&s)).flatten();
                }
                ELSEWHERE
            }
            _ => ELSEWHERE,
        };
    }
    command(&mut c, false)
}

/// A shell line run from the script, read in its own language.
fn inner(s: &str) -> Option<Known> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    crate::know(s)
}

/// A command; `finder` when it is told to Finder or System Events, which
/// work on files and the machine.
fn command(c: &mut Cur, finder: bool) -> Option<Known> {
    let job = command_job(c, finder)?;
    c.done().then_some(job)
}

fn command_job(c: &mut Cur, finder: bool) -> Option<Known> {
    if c.eat(&["do", "shell", "script"]) {
        let s = c.string()?;
        c.eat(&["with", "administrator", "privileges"]);
        if !c.done() {
            return None;
        }
        return inner(&s);
    }
    if c.eat(&["display", "dialog"])
        || c.eat(&["display", "alert"])
        || c.eat(&["display", "notification"])
    {
        let text = c.string()?;
        options(c)?;
        return say(text);
    }
    // `say` speaks the text aloud; this machine has no voice, and showing
    // the words is the nearest it comes to saying them.
    if c.eat(&["say"]) {
        let text = c.string()?;
        loop {
            if c.eat(&["using"]) {
                c.string()?;
            } else if c.eat(&["speaking", "rate"]) {
                if !c.number() {
                    return None;
                }
            } else {
                break;
            }
        }
        return say(text);
    }
    if c.eat(&["current", "date"])
        || c.eat(&["get", "current", "date"])
        || c.eat(&["return", "current", "date"])
    {
        return read_as(Role::Clock, Vec::new(), false);
    }
    if (c.eat(&["time", "string", "of"]) || c.eat(&["date", "string", "of"]))
        && c.punct('(')
        && c.eat(&["current", "date"])
        && c.punct(')')
    {
        return read_as(Role::Clock, Vec::new(), false);
    }
    if c.eat(&["list", "folder"]) {
        let s = c.string()?;
        let (names, _) = names_of(&s, false)?;
        return list(Place {
            names,
            folder: true,
        });
    }
    if c.eat(&["beep"]) {
        c.number();
        return ELSEWHERE;
    }
    // Applications, the Finder's choosers, URLs, system information.
    for ws in [
        &["activate", "application"][..],
        &["quit", "application"],
        &["launch", "application"],
        &["open", "location"],
        &["run", "application"],
    ] {
        if c.eat(ws) {
            c.string()?;
            return ELSEWHERE;
        }
    }
    for ws in [
        &["choose", "file"][..],
        &["choose", "folder"],
        &["system", "info"],
        &["list", "disks"],
    ] {
        if c.eat(ws) {
            return ELSEWHERE;
        }
    }
    if !finder {
        return None;
    }
    if c.eat(&["shut", "down"]) {
        return read_as(Role::PowerOff, Vec::new(), false);
    }
    if c.eat(&["restart"]) {
        return read_as(Role::Restart, Vec::new(), false);
    }
    if c.eat(&["sleep"]) || c.eat(&["log", "out"]) || c.eat(&["empty", "trash"]) {
        return ELSEWHERE;
    }
    if c.eat(&["delete"]) {
        let p = reference(c)?;
        if p.is_top() {
            return None;
        }
        return read_as(Role::Remove, alloc::vec![p.part()?], false);
    }
    if c.eat(&["open"]) {
        let p = reference(c)?;
        let role = if p.folder { Role::List } else { Role::ShowText };
        return read_as(role, alloc::vec![p.part()?], false);
    }
    let copy = c.eat(&["duplicate"]);
    if copy || c.eat(&["move"]) {
        let from = reference(c)?;
        if from.is_top() || !c.eat(&["to"]) {
            return None;
        }
        let mut to = reference(c)?;
        to.folder = true;
        c.eat(&["with", "replacing"]);
        let role = if copy { Role::Copy } else { Role::Move };
        return read_as(role, alloc::vec![from.part()?, to.part()?], false);
    }
    if c.eat(&["set", "name", "of"]) {
        let from = reference(c)?;
        if from.is_top() || !c.eat(&["to"]) {
            return None;
        }
        let new = c.string()?;
        if new.is_empty() || new.contains(['/', ':']) {
            return None;
        }
        let to = crate::spelt_path(&new)?;
        return read_as(Role::Move, alloc::vec![from.part()?, to], true);
    }
    if c.eat(&["make", "new", "folder"]) {
        let mut at: Option<Place> = None;
        let mut name: Option<String> = None;
        loop {
            if at.is_none() && c.eat(&["at"]) {
                at = Some(reference(c)?);
            } else if name.is_none() && c.eat(&["with", "properties"]) {
                if !(c.punct('{') && c.eat(&["name"]) && c.punct(':')) {
                    return None;
                }
                name = Some(c.string()?);
                if !c.punct('}') {
                    return None;
                }
            } else {
                break;
            }
        }
        let name = name?;
        if name.is_empty() || name.contains(['/', ':']) {
            return None;
        }
        let mut place = at.unwrap_or(Place {
            names: Vec::new(),
            folder: true,
        });
        place.names.push(name);
        place.folder = false;
        return read_as(
            Role::MakeDir,
            alloc::vec![crate::new_folder(place.part()?)],
            false,
        );
    }
    // `get name of every file of folder "DOCS"`, `every item of home`.
    c.eat(&["get"]);
    c.eat(&["name", "of"]);
    if c.eat(&["every", "file", "of"])
        || c.eat(&["every", "item", "of"])
        || c.eat(&["every", "folder", "of"])
        || c.eat(&["items", "of"])
        || c.eat(&["files", "of"])
    {
        let mut p = reference(c)?;
        p.folder = true;
        return list(p);
    }
    None
}

fn list(p: Place) -> Option<Known> {
    read_as(Role::List, alloc::vec![p.part()?], false)
}

fn say(text: String) -> Option<Known> {
    if text.trim().is_empty() {
        return None;
    }
    read_as(Role::Say, alloc::vec![Part::Text(text)], false)
}

/// A dialog's, an alert's or a notification's options: buttons, a title,
/// an icon, a time-out. They change how the text is shown, not what it is.
fn options(c: &mut Cur) -> Option<()> {
    loop {
        if c.done() {
            return Some(());
        }
        if c.eat(&["buttons"]) {
            if !c.punct('{') {
                return None;
            }
            loop {
                c.string()?;
                if c.punct('}') {
                    break;
                }
                if !c.punct(',') {
                    return None;
                }
            }
        } else if c.eat(&["default", "button"]) || c.eat(&["cancel", "button"]) {
            if c.string().is_none() && !c.number() {
                return None;
            }
        } else if c.eat(&["with", "title"]) || c.eat(&["subtitle"]) || c.eat(&["sound", "name"]) {
            c.string()?;
        } else if c.eat(&["with", "icon"]) {
            if !(c.eat(&["note"]) || c.eat(&["caution"]) || c.eat(&["stop"]) || c.number()) {
                return None;
            }
        } else if c.eat(&["giving", "up", "after"]) {
            if !c.number() {
                return None;
            }
        } else if c.eat(&["as"]) {
            if !(c.eat(&["critical"]) || c.eat(&["warning"]) || c.eat(&["informational"])) {
                return None;
            }
        } else {
            return None;
        }
    }
}
