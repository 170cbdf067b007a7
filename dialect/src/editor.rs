//! Keys and commands of Emacs and Vim: `C-x C-f ~/NOTES.TXT`, `M-x
//! make-directory RET ARCHIVE`, `C-h f copy-file`, `:e NOTES.TXT`, `:Ex
//! DOCS`, `:!ls`.
//!
//! An editor's line is plain from its first characters: Emacs's `M-x`,
//! `M-!`, `C-x` and `C-h`, Vim's `:` and a command name right after it.
//! Opening a file is reading it, a directory editor is a listing; what
//! works on the editor's own buffer (`:w`, `C-x C-s`, `:%!xxd`) has no
//! buffer here to work on, and nothing fits it.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell, Topic};

enum Ed {
    Read(Reading),
    /// Plainly an editor's, for a job this machine has nothing for.
    Elsewhere(Shell),
    Not,
}

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    match ed(line) {
        Ed::Read(r) => Some(r),
        _ => None,
    }
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(line: &str) -> Option<Shell> {
    match ed(line) {
        Ed::Elsewhere(s) => Some(s),
        _ => None,
    }
}

fn ed(line: &str) -> Ed {
    match line.strip_prefix(':') {
        Some(rest) => vim(rest),
        None => emacs(line),
    }
}

fn reading(shell: Shell, role: Role, parts: Vec<Part>) -> Ed {
    Ed::Read(Reading {
        shell,
        role,
        parts,
        renames: false,
    })
}

/// A shell command run from the editor (`M-! ls`, `:!cat NOTES.TXT`) is
/// that command, read in its own shell's language.
fn inner(line: &str) -> Ed {
    let line = line.trim();
    if line.is_empty() {
        return Ed::Not;
    }
    match crate::read(line) {
        Some(r) => Ed::Read(r),
        None => crate::elsewhere(line).map_or(Ed::Not, Ed::Elsewhere),
    }
}

/// A file name as the minibuffer or the command line takes it, quotes
/// around it dropped: a folder when it ends in `/` or is `.` or `~`.
fn file(arg: &str) -> Option<Part> {
    let a = arg.trim();
    let a = a
        .strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .unwrap_or(a);
    let p = crate::literal_path(a)?;
    let Part::Path { path, spelt, .. } = p else {
        return None;
    };
    let folder = a.ends_with('/') || matches!(a, "." | "~" | "./" | "~/");
    Some(Part::Path {
        path,
        spelt: spelt || folder,
        folder,
    })
}

fn is_folder(p: &Part) -> bool {
    matches!(p, Part::Path { folder: true, .. })
}

/// Opening `arg`: a folder is listed, a file read.
fn open(shell: Shell, arg: &str) -> Ed {
    match file(arg) {
        Some(p) if is_folder(&p) => reading(shell, Role::List, alloc::vec![p]),
        Some(p) => reading(shell, Role::ShowText, alloc::vec![p]),
        None => Ed::Not,
    }
}

/// What an Emacs command does here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Does {
    Open,
    List,
    Bytes,
    MakeDir,
    Remove,
    Move,
    Copy,
    Lossage,
    Describe,
    Man,
    Help,
    Shell,
    Uptime,
    Memory,
    Clear,
}

const COMMANDS: &[(&str, Does)] = &[
    ("find-file", Does::Open),
    ("find-file-read-only", Does::Open),
    ("find-file-other-window", Does::Open),
    ("find-file-other-frame", Does::Open),
    ("find-file-literally", Does::Open),
    ("find-alternate-file", Does::Open),
    ("view-file", Does::Open),
    ("insert-file", Does::Open),
    ("dired", Does::List),
    ("dired-other-window", Does::List),
    ("dired-other-frame", Does::List),
    ("list-directory", Does::List),
    ("hexl-find-file", Does::Bytes),
    ("make-directory", Does::MakeDir),
    ("delete-file", Does::Remove),
    ("delete-directory", Does::Remove),
    ("move-file-to-trash", Does::Remove),
    ("rename-file", Does::Move),
    ("copy-file", Does::Copy),
    ("view-lossage", Does::Lossage),
    ("list-command-history", Does::Lossage),
    ("describe-function", Does::Describe),
    ("describe-command", Does::Describe),
    ("man", Does::Man),
    ("woman", Does::Man),
    ("help", Does::Help),
    ("help-for-help", Does::Help),
    ("info", Does::Help),
    ("shell-command", Does::Shell),
    ("async-shell-command", Does::Shell),
    ("emacs-uptime", Does::Uptime),
    ("memory-report", Does::Memory),
    ("eshell/clear", Does::Clear),
    ("eshell/clear-scrollback", Does::Clear),
    ("comint-clear-buffer", Does::Clear),
];

/// The job of an Emacs command, for `C-h f` to name.
fn job(does: Does) -> Option<Role> {
    match does {
        Does::Open => Some(Role::ShowText),
        Does::List => Some(Role::List),
        Does::Bytes => Some(Role::ShowBytes),
        Does::MakeDir => Some(Role::MakeDir),
        Does::Remove => Some(Role::Remove),
        Does::Move => Some(Role::Move),
        Does::Copy => Some(Role::Copy),
        Does::Lossage => Some(Role::History),
        Does::Uptime => Some(Role::Uptime),
        Does::Memory => Some(Role::Memory),
        Does::Clear => Some(Role::ClearScreen),
        Does::Help | Does::Describe | Does::Man => Some(Role::Help),
        Does::Shell => None,
    }
}

/// The keys after `C-x`, for the commands they run.
const KEYS: &[(&str, Does)] = &[
    ("C-f", Does::Open),
    ("C-r", Does::Open),
    ("C-v", Does::Open),
    ("4 f", Does::Open),
    ("4 C-f", Does::Open),
    ("4 r", Does::Open),
    ("5 f", Does::Open),
    ("5 C-f", Does::Open),
    ("i", Does::Open),
    ("d", Does::List),
    ("4 d", Does::List),
    ("5 d", Does::List),
    ("C-d", Does::List),
];

/// Keys under `C-x` that only work on the editor's own buffers, windows
/// and session (save, kill, switch, undo, quit).
const BUFFER_KEYS: &[&str] = &[
    "C-s", "C-w", "C-c", "k", "b", "u", "o", "0", "1", "2", "3", "s", "h", "C-b", "C-e", "C-q",
    "C-x", "C-o", "C-t", "C-u", "C-l", "C-z", "z", "g", "^", "{", "}", "+", "-", "[", "]", "`",
    "f", "q", "e", "n", "r", "8", "C-+", "C--", "C-0", "C-SPC", "SPC", "TAB", "RET", "x",
];

fn is_ret(w: &str) -> bool {
    matches!(
        w,
        "RET" | "<RET>" | "<return>" | "<enter>" | "ENTER" | "Enter" | "\u{23ce}" | "\u{21b5}"
    )
}

/// The minibuffer answers after a command: split at `RET` where the line
/// shows the keys, else one answer (a file's name may hold spaces) or,
/// for a command that asks twice, two words.
fn answers(rest: &str, asks: usize) -> Option<Vec<String>> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.iter().any(|w| is_ret(w)) {
        let mut out: Vec<String> = Vec::new();
        let mut cur: Vec<&str> = Vec::new();
        for w in words {
            if is_ret(w) {
                if !cur.is_empty() {
                    out.push(cur.join(" "));
                }
                cur.clear();
            } else {
                cur.push(w);
            }
        }
        if !cur.is_empty() {
            out.push(cur.join(" "));
        }
        return Some(out);
    }
    match asks {
        _ if words.is_empty() => Some(Vec::new()),
        1 => Some(alloc::vec![words.join(" ")]),
        _ => Some(words.iter().map(|w| String::from(*w)).collect()),
    }
}

/// The topic of `C-h f NAME`: an Emacs command's job, or a shell's
/// command (`C-h f` of a name Emacs does not have is not asked here).
fn describe(name: &str) -> Option<Topic> {
    if let Some((_, does)) = COMMANDS.iter().find(|(n, _)| *n == name) {
        return job(*does).map(Topic::Role);
    }
    let topic = crate::topic(&name.to_ascii_lowercase());
    matches!(topic, Topic::Role(_)).then_some(topic)
}

/// Runs Emacs command `does` with the minibuffer's answers in `rest`.
fn run(does: Does, rest: &str) -> Ed {
    const E: Shell = Shell::Emacs;
    let two = matches!(does, Does::Move | Does::Copy);
    let Some(args) = answers(rest, if two { 2 } else { 1 }) else {
        return Ed::Not;
    };
    let fixed = |role: Role| {
        if args.is_empty() {
            reading(E, role, Vec::new())
        } else {
            Ed::Not
        }
    };
    match does {
        Does::Shell => match args.as_slice() {
            [line] => inner(line),
            _ => Ed::Not,
        },
        Does::Open => match args.as_slice() {
            [a] => open(E, a),
            _ => Ed::Not,
        },
        Does::List => match args.as_slice() {
            [] => reading(E, Role::List, Vec::new()),
            [a] => match file(a) {
                Some(p) => reading(E, Role::List, alloc::vec![p]),
                None => Ed::Not,
            },
            _ => Ed::Not,
        },
        Does::Bytes | Does::MakeDir | Does::Remove => {
            let role = match does {
                Does::Bytes => Role::ShowBytes,
                Does::MakeDir => Role::MakeDir,
                _ => Role::Remove,
            };
            match args.as_slice() {
                [a] => match file(a) {
                    Some(p) if role == Role::MakeDir => {
                        reading(E, role, alloc::vec![crate::new_folder(p)])
                    }
                    Some(p) if !(role == Role::ShowBytes && is_folder(&p)) => {
                        reading(E, role, alloc::vec![p])
                    }
                    _ => Ed::Not,
                },
                _ => Ed::Not,
            }
        }
        Does::Move | Does::Copy => match args.as_slice() {
            [a, b] => match (file(a), file(b)) {
                (Some(from), Some(to)) => {
                    let role = if does == Does::Copy {
                        Role::Copy
                    } else {
                        Role::Move
                    };
                    reading(E, role, alloc::vec![from, to])
                }
                _ => Ed::Not,
            },
            _ => Ed::Not,
        },
        Does::Describe => match args.as_slice() {
            [name] => match describe(name) {
                Some(t) => reading(E, Role::Help, alloc::vec![Part::Topic(t)]),
                None if name.bytes().all(|b| b.is_ascii_graphic()) => Ed::Elsewhere(E),
                None => Ed::Not,
            },
            _ => Ed::Not,
        },
        Does::Man => match args.as_slice() {
            [name] if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') => {
                let topic = crate::topic(&name.to_ascii_lowercase());
                reading(E, Role::Help, alloc::vec![Part::Topic(topic)])
            }
            _ => Ed::Not,
        },
        Does::Help => fixed(Role::Help),
        Does::Lossage => fixed(Role::History),
        Does::Uptime => fixed(Role::Uptime),
        Does::Memory => fixed(Role::Memory),
        Does::Clear => fixed(Role::ClearScreen),
    }
}

/// An Emacs command's name: a Lisp symbol as commands are named.
fn symbol(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_lowercase())
        && w.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-/:+*!?<>=".contains(&b))
}

fn emacs(line: &str) -> Ed {
    const E: Shell = Shell::Emacs;
    let line = line.trim();
    // `C-l` is Ctrl+L, the key that clears a terminal; in Emacs it puts the
    // line at the top, which is what someone pressing it here wants.
    if matches!(line, "C-l" | "C-c M-o") {
        return reading(E, Role::ClearScreen, Vec::new());
    }
    if let Some(rest) = line
        .strip_prefix("M-! ")
        .or_else(|| line.strip_prefix("M-& "))
    {
        let words: Vec<&str> = rest.split_whitespace().filter(|w| !is_ret(w)).collect();
        return inner(&words.join(" "));
    }
    if let Some(rest) = line.strip_prefix("M-x ") {
        let rest = rest.trim_start();
        let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !symbol(name) {
            return Ed::Not;
        }
        return match COMMANDS.iter().find(|(n, _)| *n == name) {
            Some((_, does)) => run(*does, args),
            // Any other command works on the editor itself.
            None => Ed::Elsewhere(E),
        };
    }
    if let Some(rest) = line.strip_prefix("C-h ") {
        let rest = rest.trim_start();
        let (key, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        return match key {
            "l" => run(Does::Lossage, args),
            "f" | "x" => run(Does::Describe, args),
            "k" => {
                let keys: Vec<&str> = args.split_whitespace().collect();
                let keys = keys.join(" ");
                let does = keys
                    .strip_prefix("C-x ")
                    .and_then(|k| KEYS.iter().find(|(key, _)| *key == k));
                match does.and_then(|(_, d)| job(*d)) {
                    Some(role) => {
                        reading(E, Role::Help, alloc::vec![Part::Topic(Topic::Role(role))])
                    }
                    None if !keys.is_empty() => Ed::Elsewhere(E),
                    None => Ed::Not,
                }
            }
            "?" | "C-h" | "i" if args.trim().is_empty() => reading(E, Role::Help, Vec::new()),
            "t" | "m" | "v" | "a" | "b" | "w" | "o" | "e" | "r" | "p" | "c" | "s" => {
                Ed::Elsewhere(E)
            }
            _ => Ed::Not,
        };
    }
    if let Some(rest) = line.strip_prefix("C-x ") {
        let words: Vec<&str> = rest.split_whitespace().collect();
        // The longest run of keys a command is bound to, then its answers.
        for n in (1..=2).rev() {
            if words.len() < n {
                continue;
            }
            let keys = words[..n].join(" ");
            if let Some((_, does)) = KEYS.iter().find(|(k, _)| *k == keys) {
                let args = words[n..].join(" ");
                if args.is_empty() && *does == Does::Open {
                    return Ed::Not;
                }
                return run(*does, &args);
            }
        }
        let first = words.first().copied().unwrap_or("");
        let keys_only = words
            .iter()
            .all(|w| w.starts_with("C-") || w.starts_with("M-") || w.chars().count() == 1);
        if BUFFER_KEYS.contains(&first) && keys_only {
            return Ed::Elsewhere(E);
        }
        // `C-x C-w NAME`: write the buffer to a file.
        if first == "C-w" {
            return Ed::Elsewhere(E);
        }
    }
    Ed::Not
}

/// What a Vim command does here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ex {
    Open,
    Explore,
    History,
    Help,
    Echo,
    /// Works on the buffer, the window or the editor.
    Buffer,
}

/// Ex commands: full name, shortest form, what it does.
const EX: &[(&str, usize, Ex)] = &[
    ("edit", 1, Ex::Open),
    ("visual", 2, Ex::Open),
    ("view", 3, Ex::Open),
    ("split", 2, Ex::Open),
    ("vsplit", 2, Ex::Open),
    ("new", 3, Ex::Open),
    ("vnew", 3, Ex::Open),
    ("tabedit", 4, Ex::Open),
    ("tabnew", 6, Ex::Open),
    ("sview", 2, Ex::Open),
    ("read", 1, Ex::Open),
    ("Explore", 2, Ex::Explore),
    ("Sexplore", 3, Ex::Explore),
    ("Vexplore", 3, Ex::Explore),
    ("Texplore", 3, Ex::Explore),
    ("Lexplore", 3, Ex::Explore),
    ("Hexplore", 3, Ex::Explore),
    ("NERDTree", 8, Ex::Explore),
    ("NERDTreeToggle", 14, Ex::Explore),
    ("history", 3, Ex::History),
    ("help", 1, Ex::Help),
    ("echo", 2, Ex::Echo),
    ("write", 1, Ex::Buffer),
    ("wq", 2, Ex::Buffer),
    ("wqall", 3, Ex::Buffer),
    ("wall", 2, Ex::Buffer),
    ("xit", 1, Ex::Buffer),
    ("xall", 2, Ex::Buffer),
    ("quit", 1, Ex::Buffer),
    ("qall", 2, Ex::Buffer),
    ("quitall", 5, Ex::Buffer),
    ("update", 2, Ex::Buffer),
    ("saveas", 3, Ex::Buffer),
    ("set", 2, Ex::Buffer),
    ("setlocal", 4, Ex::Buffer),
    ("syntax", 2, Ex::Buffer),
    ("nohlsearch", 3, Ex::Buffer),
    ("bdelete", 2, Ex::Buffer),
    ("bnext", 2, Ex::Buffer),
    ("bprevious", 2, Ex::Buffer),
    ("buffer", 1, Ex::Buffer),
    ("buffers", 7, Ex::Buffer),
    ("ls", 2, Ex::Buffer),
    ("files", 5, Ex::Buffer),
    ("make", 3, Ex::Buffer),
    ("undo", 1, Ex::Buffer),
    ("redo", 3, Ex::Buffer),
    ("colorscheme", 4, Ex::Buffer),
    ("only", 2, Ex::Buffer),
    ("tabnext", 4, Ex::Buffer),
    ("tabclose", 4, Ex::Buffer),
    ("cd", 2, Ex::Buffer),
    ("lcd", 2, Ex::Buffer),
    ("pwd", 2, Ex::Buffer),
    ("source", 2, Ex::Buffer),
    ("substitute", 1, Ex::Buffer),
    ("global", 1, Ex::Buffer),
    ("normal", 4, Ex::Buffer),
    ("terminal", 3, Ex::Buffer),
    ("version", 2, Ex::Buffer),
    ("messages", 3, Ex::Buffer),
    ("registers", 3, Ex::Buffer),
    ("marks", 5, Ex::Buffer),
    ("jumps", 2, Ex::Buffer),
    ("sort", 3, Ex::Buffer),
    ("retab", 3, Ex::Buffer),
    ("filetype", 5, Ex::Buffer),
    ("PlugInstall", 11, Ex::Buffer),
    ("PlugUpdate", 10, Ex::Buffer),
    ("PackerSync", 10, Ex::Buffer),
    ("Lazy", 4, Ex::Buffer),
    ("Mason", 5, Ex::Buffer),
    ("checkhealth", 6, Ex::Buffer),
];

fn ex(name: &str) -> Option<(&'static str, Ex)> {
    EX.iter()
        .find(|(full, min, _)| name.len() >= *min && full.starts_with(name))
        .map(|(full, _, e)| (*full, *e))
}

/// A Vim file argument: `\ ` is a space in a name.
fn vim_arg(arg: &str) -> String {
    arg.trim().replace("\\ ", " ")
}

fn vim(rest: &str) -> Ed {
    const V: Shell = Shell::Vim;
    if let Some(cmd) = rest.strip_prefix('!') {
        return inner(cmd);
    }
    // A range before a command (`%!xxd`, `1,5d`, `%s/a/b/`) edits lines of
    // the buffer.
    if rest.starts_with(|c: char| c.is_ascii_digit() || "%.$'".contains(c)) {
        let after =
            rest.trim_start_matches(|c: char| c.is_ascii_digit() || "%.$,'<>+-".contains(c));
        return if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '!') {
            Ed::Elsewhere(V)
        } else {
            Ed::Not
        };
    }
    let name_len = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    let mut args = &rest[name_len..];
    let bang = args.starts_with('!');
    if bang {
        args = &args[1..];
    }
    // `:D`, `:P`: a face, not a command.
    if name.is_empty() || (name.len() == 1 && name.bytes().all(|b| b.is_ascii_uppercase())) {
        return Ed::Not;
    }
    // The name runs into its argument only with a separator (`:e NOTES`,
    // `:s/a/b/`, `:r!date`).
    if !(args.is_empty() || args.starts_with([' ', '/', '!', '#']) || bang) {
        return Ed::Not;
    }
    let Some((full, what)) = ex(name) else {
        return Ed::Not;
    };
    let arg = vim_arg(args);
    match what {
        Ex::Open => {
            // `:r !date` reads a command's output.
            if let Some(cmd) = arg.strip_prefix('!') {
                return if full == "read" { inner(cmd) } else { Ed::Not };
            }
            if bang && full == "read" {
                return inner(&arg);
            }
            if arg.is_empty() || arg.starts_with(['%', '#', '+']) || arg.contains('*') {
                return Ed::Elsewhere(V);
            }
            open(V, &arg)
        }
        Ex::Explore => {
            if arg.is_empty() {
                return reading(V, Role::List, Vec::new());
            }
            match file(&arg) {
                Some(p) => reading(V, Role::List, alloc::vec![p]),
                None => Ed::Not,
            }
        }
        Ex::History => {
            let ok = arg.split_whitespace().all(|w| {
                matches!(
                    w,
                    ":" | "/" | "?" | "=" | "@" | ">" | "all" | "cmd" | "search" | "expr" | "input"
                ) || w
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b',' || b == b'-')
            });
            if ok {
                reading(V, Role::History, Vec::new())
            } else {
                Ed::Not
            }
        }
        Ex::Help => {
            let topic = arg.trim();
            if topic.is_empty() {
                return reading(V, Role::Help, Vec::new());
            }
            if topic.contains(char::is_whitespace) {
                return Ed::Not;
            }
            let t = topic.strip_prefix(':').unwrap_or(topic);
            let role = match ex(t) {
                Some((_, Ex::Open)) => Some(Role::ShowText),
                Some((_, Ex::Explore)) => Some(Role::List),
                Some((_, Ex::History)) => Some(Role::History),
                Some((_, Ex::Help)) => Some(Role::Help),
                _ => None,
            };
            match role {
                Some(r) => reading(V, Role::Help, alloc::vec![Part::Topic(Topic::Role(r))]),
                // Vim's help is of Vim: only a shell command's name is one here.
                None => match crate::topic(&t.to_ascii_lowercase()) {
                    Topic::Role(r) if !topic.starts_with(':') => {
                        reading(V, Role::Help, alloc::vec![Part::Topic(Topic::Role(r))])
                    }
                    _ => Ed::Elsewhere(V),
                },
            }
        }
        Ex::Echo => {
            let a = arg.trim();
            let text = a
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .or_else(|| a.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')));
            match text {
                Some(t) if !t.is_empty() && !t.contains(['"', '\'']) => {
                    reading(V, Role::Say, alloc::vec![Part::Text(t.into())])
                }
                _ => Ed::Not,
            }
        }
        Ex::Buffer => Ed::Elsewhere(V),
    }
}
