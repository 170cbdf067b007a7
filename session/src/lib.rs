#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! [`Session`]: everything between a submitted line and an applet run, in
//! one place, so the kernel's console and the host tool `nosys-shell`
//! cannot disagree.
//!
//! A front end moves keys in and text out. It hands the session what the
//! line editor reported: a submitted line ([`Session::submit`]), Ctrl-C
//! ([`Session::cancel`]) or F2 ([`Session::toggle_mode`]), and shows
//! [`Session::prompt`]. The session decides, once ([`classify`]), whether a
//! line is a typed command or a request for the model; asks the model for a
//! proposal; asks y/N before a proposed write runs; and runs commands
//! through [`command::Table::run`], with the loaded model as the applets'
//! [`command::Assistant`] (so `model load` replaces it here).
//!
//! ```text
//!             submit(line)                      the answer to the question
//!  Idle ──────────────────────► typed ─► run     y / yes     ─► run, Idle
//!   ▲   request ─► propose ─► read-only ─► run   n, empty,   ─► "not run", Idle
//!   │                     └─► writes ─► Confirming  anything else
//!   └──────────────────────────────────┘  Ctrl-C or F2 ─► "not run", Idle
//! ```
extern crate alloc;

mod assistant;
mod services;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use command::{Command, Mode, ParseError, Services, Table};
use grammar::PathEntry;
use request::{abstain, Abstain, FeatureCache, Proposal, RequestError};

pub use assistant::{progress_text, short_error, Assistant, Load, ModelBytes, VERIFY_ROWS};

/// Monotonic nanoseconds (the kernel's TSC, the host's `Instant`).
pub type NowNs = fn() -> u64;

/// The usual prompt.
pub const PROMPT: &str = "nosys> ";
/// The prompt while a proposed write waits for its answer: the one line
/// that asks (the proposal line above it names the command).
pub const CONFIRM_PROMPT: &str = "this writes to the disk: run it? [y/N] ";

/// What a line is. [`classify`] is the only place this is decided.
#[derive(Clone, Debug, PartialEq)]
pub enum Line<'a> {
    /// Blank.
    Empty,
    /// Parses as a reachable command: runs as typed, the model unasked.
    Typed(Command),
    /// Names an applet but does not fit it (or names a write applet in
    /// read-only mode): the error is shown, nothing is guessed.
    Rejected(ParseError),
    /// Anything else: a request in plain English (trimmed).
    Request(&'a str),
}

/// The one line said when a proposal runs nothing and names no missing file.
pub fn abstain_reply(p: &Proposal) -> alloc::string::String {
    let unsure = match (&p.ridge, &p.grammar) {
        (Some(r), Some(Ok(g))) if p.abstain == Some(Abstain::Unsure) => {
            Some(abstain::unsure_reply(r.applet, g.applet))
        }
        (Some(r), _) if p.abstain == Some(Abstain::NoFile) => {
            Some(abstain::no_file_reply(r.applet))
        }
        (Some(r), _) if p.abstain == Some(Abstain::Unfilled) => {
            Some(abstain::unfilled_reply(r.applet))
        }
        _ => None,
    };
    match (p.abstain, unsure) {
        (_, Some(u)) => u,
        (Some(Abstain::NeedsWriteMode), _) => abstain::NEEDS_WRITE_REPLY.into(),
        (Some(Abstain::TakenBack), _) => abstain::TAKEN_BACK_REPLY.into(),
        (Some(Abstain::TwoRequests), _) => abstain::TWO_REQUESTS_REPLY.into(),
        _ => abstain::NOTHING_FITS_REPLY.into(),
    }
}

/// Decides what `line` is. `live` is the model's view of the volume, `None`
/// when no model is loaded. A line that names an applet but reads as prose
/// ([`ParseError::could_be_prose`]) is a request only when there is a model
/// to ask; without one its usage error is more use than "not a command".
/// So is a line that parses but names, where a file must exist, one the
/// volume does not hold (`cat notes`, `rm hello`): run as typed it could
/// only fail, and the request path either finds the file the person meant
/// (`/NOTES.TXT`, and a write still asks first) or says none is there.
pub fn classify<'a>(
    table: &Table,
    mode: Mode,
    line: &'a str,
    live: Option<&[PathEntry]>,
) -> Line<'a> {
    let line = line.trim();
    match table.parse(line, mode) {
        // `rm /TODO.TXT && ls`, `cat a; rm b`: shell chaining, which runs
        // one command here; as typed the first had run with the rest as
        // its arguments. The request path says it asks for two.
        Ok(_) if live.is_some() && request::conjoined::chains(line) => Line::Request(line),
        Ok(command) => match live {
            Some(paths) if names_a_missing_file(table, &command, paths) => Line::Request(line),
            Some(paths) if text_reads_as_prose(table, line, &command, paths) => Line::Request(line),
            Some(paths) if names_a_joining_word(table, &command, paths) => Line::Request(line),
            Some(_) if redirects(&command) => Line::Request(line),
            Some(_) if announces_its_text(line) => Line::Request(line),
            // (`echo file_get_contents('NOTES.TXT');` is PHP showing the
            // notes, not this shell's `echo` of the code.)
            Some(_) if says_code(table, &command, line) => Line::Request(line),
            Some(_) if path_typed_with_a_comma(table, line, &command) => Line::Request(line),
            _ => Line::Typed(command),
        },
        // A write applet's name opening a sentence about the screen in
        // read-only mode (`write "bom dia" in the screen`): the line
        // read-write mode would hand to the request path goes there too,
        // where what it asks is reachable (`echo`); a command typed as one,
        // or a sentence asking a change, keeps its F2 error.
        Err(ParseError::ReadOnly(_))
            if live.is_some()
                && line
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| w.eq_ignore_ascii_case("screen"))
                && matches!(
                    classify(table, Mode::ReadWrite, line, live),
                    Line::Request(_)
                ) =>
        {
            Line::Request(line)
        }
        Err(ParseError::Empty) => Line::Empty,
        Err(ParseError::NotACommand(_)) => Line::Request(line),
        Err(e) if live.is_some() && e.could_be_prose() => Line::Request(line),
        Err(e) => Line::Rejected(e),
    }
}

/// Whether a command that says its text back was typed as a line of
/// another language's code ([`request::reads_as_code`]).
fn says_code(table: &Table, command: &Command, line: &str) -> bool {
    let says = table
        .get_any(command.applet)
        .is_some_and(|a| a.spec().role == Some(command::Role::Say));
    says && request::reads_as_code(line)
}

/// Whether the word where a path goes was typed with a comma after it
/// (`append nothing, I changed my mind`, `mkdir later, not now`): a pause
/// in a sentence, no file's name.
fn path_typed_with_a_comma(table: &Table, line: &str, command: &Command) -> bool {
    let Some(spec) = table.get_any(command.applet).map(|a| a.spec()) else {
        return false;
    };
    let first_is_path = spec
        .slots
        .first()
        .is_some_and(|s| matches!(s.kind, command::SlotKind::Path { .. }));
    first_is_path
        && line
            .split_whitespace()
            .nth(1)
            .is_some_and(|w| w.len() > 1 && w.ends_with(',') && !w.starts_with(['"', '\'']))
}

/// Whether an unquoted text argument reads as English that names where it
/// goes: `write hi to a.txt` parses as the file `/hi` holding "to a.txt",
/// and `write done into the todo list` as the file `/done` holding "into
/// the todo list", which is not what anyone typing them means. A text whose
/// unquoted words hold "to", "into", "onto", "in" or "inside" followed
/// (past `the/a/my/file/folder`) by a file name (`a.txt`, `/x/y`) makes the
/// line a request, where a write still asks first. When the command also
/// names a file (`write`, `append`), so does a word that is a live name's
/// stem (`the todo list`, `the guide`): such a line already has its file,
/// and the text says another. Quoting the text keeps it typed
/// (`write /a.txt "hi to a.txt"`); a quoted file name does not
/// (`write "back at 3" to door.txt` is a text typed where the file goes).
fn text_reads_as_prose(table: &Table, line: &str, command: &Command, live: &[PathEntry]) -> bool {
    let Some(spec) = table.get_any(command.applet).map(|a| a.spec()) else {
        return false;
    };
    // Only a text: a request slot's words are quoted, not acted on, so
    // `route rename hello.txt to hi.txt` stays typed.
    let Some(text_at) = spec
        .slots
        .iter()
        .position(|s| s.kind == command::SlotKind::Text)
    else {
        return false;
    };
    if text_at >= command.args.len() {
        return false;
    }
    let has_path = command
        .args
        .iter()
        .any(|a| matches!(a, command::Arg::Path(_)));
    // The text slot takes every word after the slots before it.
    let words = command::parse::split(line).words;
    let text: alloc::vec::Vec<&command::parse::Word> = words.iter().skip(1 + text_at).collect();
    // A text that ends by saying it goes on the screen (`write hello on
    // the screen`): the screen is no file's text.
    let on_screen = {
        let lower = line.to_ascii_lowercase();
        let lower = lower.trim_end_matches(['.', '!', '?', ' ']);
        [
            "on the screen",
            "to the screen",
            "in the screen",
            "on screen",
            "onto the screen",
        ]
        .iter()
        .any(|e| lower.ends_with(e))
    };
    if on_screen {
        return true;
    }
    // A text that opens by announcing itself (`write results.csv with:
    // sample,od600 …`): the announcing word is the request's, not the
    // text's.
    if text.first().is_some_and(|w| {
        matches!(
            w.text.to_ascii_lowercase().as_str(),
            "with:" | "saying:" | "containing:" | "text:" | "content:" | "contents:" | "says:"
        )
    }) {
        return true;
    }
    // A particle or a determiner typed where the file goes (`write off the
    // hello file, total loss`, `write down call the plumber`, `append the
    // milk`): the verb's own word, no file anyone would name.
    let particle_for_a_path = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p)
        if !live.iter().any(|e| command::same_path(&e.path, p))
            && matches!(
                p.trim_start_matches('/').to_ascii_lowercase().as_str(),
                "off" | "out" | "up" | "down" | "away" | "over" | "back" | "on" | "in"
                    | "into" | "to" | "the" | "a" | "an" | "my" | "this" | "that" | "it"
                    | "some" | "me" | "us" | "something" | "please" | "again" | "also"
            ))
    }) && !line
        .split_whitespace()
        .nth(1)
        .is_some_and(|w| w.starts_with('/'));
    if particle_for_a_path {
        return true;
    }
    // A text that says where it goes by a word pointing back (`append
    // done to it`, `append eggs to it` had made the files /done and
    // /eggs): the word where the file goes was the text.
    let points_back = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p) if !live.iter().any(|e| command::same_path(&e.path, p)))
    }) && match text.as_slice() {
        [first, second, ..] => {
            matches!(
                first.text.to_ascii_lowercase().as_str(),
                "to" | "into" | "onto" | "in"
            ) && matches!(
                second
                    .text
                    .trim_end_matches([',', '.', '!', '?'])
                    .to_ascii_lowercase()
                    .as_str(),
                "it" | "them" | "this" | "that" | "there" | "here"
            )
        }
        _ => false,
    };
    if points_back {
        return true;
    }
    let names_a_file = |w: &str| {
        w.starts_with('/')
            || w.contains('/')
            || w.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty()
                    && (1..=4).contains(&ext.len())
                    && ext.starts_with(|c: char| c.is_ascii_alphabetic())
            })
    };
    // A quoted text is typed as a text; not when the words after it send
    // it to a file (`write "Release 0.2" to "Release Notes 0.2.txt" in
    // docs` had made the file `/Release 0.2`).
    let quoted = |w: &&command::parse::Word| line[w.start..].starts_with(['"', '\'']);
    let sent_to_a_name = text.windows(2).any(|p| {
        matches!(
            p[0].text.to_ascii_lowercase().as_str(),
            "to" | "into" | "onto" | "in"
        ) && names_a_file(p[1].text.trim_end_matches([',', '.', '!', '?']))
    });
    if text.iter().any(quoted) && !sent_to_a_name {
        return false;
    }
    let live_stem = |w: &str| {
        w.len() >= 3
            && live.iter().any(|e| {
                let name = e.path.rsplit('/').next().unwrap_or("");
                let stem = name.split_once('.').map_or(name, |(s, _)| s);
                stem.eq_ignore_ascii_case(w)
            })
    };
    // A quoted text typed where the file goes (`write "Haud yer wheesht"
    // intae a new file cawed wheesht.txt`): the path is a phrase, no name
    // (spaces, no extension), and the words after it spell a file.
    // Or where the words after it say where it goes (`write "v0.2 coming
    // soon" into the release notes`).
    let phrase_for_a_path = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p)
            if p.contains(' ') && !names_a_file(p.rsplit('/').next().unwrap_or("")))
    }) && (text
        .iter()
        .any(|w| names_a_file(w.text.trim_end_matches([',', '.', '!', '?'])))
        || text.first().is_some_and(|w| {
            matches!(
                w.text.to_ascii_lowercase().as_str(),
                "to" | "into" | "onto" | "in" | "inside"
            )
        }));
    if phrase_for_a_path {
        return true;
    }
    // An English word typed where the file goes, the file's name just
    // after it (`write new file debt.txt: Miss Pearl owe mi $2,500`): the
    // path is `/new`, no name anyone gave, and the text opens with the name.
    let word_for_a_path = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p)
            if !p.contains('.') && !live.iter().any(|e| command::same_path(&e.path, p)))
    }) && {
        let name = |w: &command::parse::Word| {
            names_a_file(w.text.trim_end_matches([',', '.', '!', '?', ':', ';']))
        };
        // (Or another language's word for them: `write new fichier
        // ecocert.txt: …`.)
        let announces = |w: &command::parse::Word| {
            let said = |t: &str| matches!(t, "file" | "called" | "named");
            said(w.text.to_ascii_lowercase().as_str())
                || request::foreign::english(&w.text).is_some_and(|e| said(&e))
        };
        match text.as_slice() {
            [first, ..] if name(first) => true,
            [first, second, ..] => announces(first) && name(second),
            _ => false,
        }
    };
    if word_for_a_path {
        return true;
    }
    // A bare word where the file goes and a text that opens with what it
    // is about (`write lyrics about love`): a composition asked for in
    // English, no file `/lyrics`. Not a live name's stem (`write notes
    // about the meeting` stays the new file it types, rather than a
    // request that might be read as a write over the notes).
    let about_for_a_path = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p)
            if !p.contains('.')
                && !live.iter().any(|e| command::same_path(&e.path, p))
                && !live_stem(p.trim_start_matches('/')))
    }) && text.first().is_some_and(|w| {
        matches!(
            w.text.to_ascii_lowercase().as_str(),
            "about" | "on" | "of" | "for" | "regarding"
        )
    }) && !line
        .split_whitespace()
        .nth(1)
        .is_some_and(|w| w.starts_with('/'));
    if about_for_a_path {
        return true;
    }
    // A bare word where the file goes (`append buy stamps to my task
    // list`, `append hello to that file`): after `to` with `my`, `the` or
    // `that`, the text says where it goes, and `/buy` is no file anyone
    // named. So does the first word of a live name of several words
    // (`append IMG_0004.JPG beach to photo-list 2026.txt`).
    let bare_path = command.args.first().is_some_and(|a| {
        matches!(a, command::Arg::Path(p)
            if !p.contains('.') && !live.iter().any(|e| command::same_path(&e.path, p)))
    });
    let opens_long_name = |w: &str| {
        w.len() >= 3
            && live.iter().any(|e| {
                let name = e.path.rsplit('/').next().unwrap_or("");
                name.contains(' ')
                    && name
                        .split(' ')
                        .next()
                        .is_some_and(|f| f.eq_ignore_ascii_case(w))
            })
    };
    text.iter().enumerate().any(|(i, w)| {
        if !matches!(
            w.text.to_ascii_lowercase().as_str(),
            "to" | "into" | "onto" | "in" | "inside"
        ) {
            return false;
        }
        let det = text.get(i + 1).is_some_and(|d| {
            matches!(
                d.text.to_ascii_lowercase().as_str(),
                "my" | "the" | "that" | "this" | "your" | "our"
            )
        });
        // (`write buy milk to shopping list.txt`: a name of several words
        // with its extension a few words on.)
        let spaced_name = bare_path
            && text[i + 1..].iter().take(4).any(|n| {
                request::ground::ends_with_extension(n.text.trim_end_matches([',', '.', '!', '?']))
            });
        if (bare_path && det)
            || spaced_name
            || text.get(i + 1).is_some_and(|n| opens_long_name(&n.text))
        {
            return true;
        }
        let Some(next) = text[i + 1..].iter().map(|w| w.text.as_str()).find(|w| {
            !matches!(
                w.to_ascii_lowercase().as_str(),
                "the"
                    | "a"
                    | "an"
                    | "my"
                    | "your"
                    | "this"
                    | "that"
                    | "file"
                    | "folder"
                    // (`write "hi" to a file called todo2.txt`.)
                    | "new"
                    | "called"
                    | "named"
            )
        }) else {
            return false;
        };
        names_a_file(next) || (has_path && live_stem(next.trim_end_matches([',', '.', '!', '?'])))
    })
}

/// Whether `command` passes, in a slot whose path must exist, a path that
/// is not among `paths` (FAT names compare without case).
fn names_a_missing_file(table: &Table, command: &Command, paths: &[PathEntry]) -> bool {
    let Some(spec) = table.get_any(command.applet).map(|a| a.spec()) else {
        return false;
    };
    command.paths(spec).any(|(p, must_exist)| {
        must_exist && p != "/" && !paths.iter().any(|e| e.path.eq_ignore_ascii_case(p))
    })
}

/// Whether a new path the command would make is an English joining word
/// that names nothing on the volume: `append to hello.txt the words and
/// goodbye` parses as the file `/to` holding "hello.txt the words and
/// goodbye", which no one typing it means. Such a line is a request.
fn names_a_joining_word(table: &Table, command: &Command, paths: &[PathEntry]) -> bool {
    let Some(spec) = table.get_any(command.applet).map(|a| a.spec()) else {
        return false;
    };
    command.paths(spec).any(|(p, must_exist)| {
        let name = p.trim_start_matches('/');
        let lower = name.to_ascii_lowercase();
        !must_exist
            && (request::ground::is_joining_word(&lower) || is_function_word(&lower))
            && !paths.iter().any(|e| e.path.eq_ignore_ascii_case(p))
    })
}

/// A pronoun or determiner, which no one names a file: `write me a poem
/// about the sea` and `write my essay for me` parse as the files `/me` and
/// `/my`, and are prose.
fn is_function_word(w: &str) -> bool {
    matches!(
        w,
        "me" | "my"
            | "a"
            | "an"
            | "the"
            | "it"
            | "this"
            | "that"
            | "your"
            | "our"
            | "us"
            | "him"
            | "her"
            | "them"
            | "some"
            | "something"
            | "i"
            | "you"
    )
}

/// Whether an unquoted text ends in a shell's redirection to a file name
/// (`echo hi there>notes.txt`, `echo done > a.txt`): whoever types it means
/// the file, which the request path writes (asking first), not the text
/// with the `>` in it.
/// `Echo this back to me: all systems nominal`: an unquoted text whose
/// words before a colon only announce what follows is English that says
/// which text; typed, the whole of it would be printed.
fn announces_its_text(line: &str) -> bool {
    let Some((name, rest)) = line.split_once(char::is_whitespace) else {
        return false;
    };
    if !matches!(name.to_ascii_lowercase().as_str(), "echo" | "say" | "print") || rest.contains('"')
    {
        return false;
    }
    let Some((head, text)) = rest.split_once(": ") else {
        return false;
    };
    !text.trim().is_empty()
        && !head.trim().is_empty()
        && head.split_whitespace().all(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "this"
                    | "that"
                    | "back"
                    | "to"
                    | "me"
                    | "us"
                    | "the"
                    | "following"
                    | "out"
                    | "loud"
                    | "aloud"
                    | "please"
                    | "for"
                    | "exactly"
                    | "words"
                    | "text"
                    | "line"
            )
        })
}

fn redirects(command: &Command) -> bool {
    command.args.iter().any(|a| match a {
        command::Arg::Text(t) => t.rsplit_once('>').is_some_and(|(before, after)| {
            let after = after.trim();
            !before.trim().is_empty()
                && !before.ends_with('-')
                && !after.is_empty()
                && !after.contains(char::is_whitespace)
                && (after.contains('.') || after.contains('/'))
        }),
        _ => false,
    })
}

/// What the session made of a line, before anything runs.
#[derive(Debug, PartialEq)]
pub enum Step {
    Empty,
    /// A typed command ([`request::Via::Typed`]).
    Typed(Proposal),
    Rejected(ParseError),
    /// A request, and no model is loaded.
    NoModel,
    /// The model's proposal for a request (its command may be `None`).
    Proposed(Proposal),
    /// The model failed or was cancelled.
    Failed(RequestError),
}

/// What the session needs from the front end beyond key events.
pub trait Frontend {
    /// The machine, for the applets; `out()` is where the session prints.
    fn services(&mut self) -> &mut dyn Services;
    /// Polled before the prefill and between decoded tokens: Ctrl-C.
    fn should_cancel(&mut self) -> bool {
        false
    }
    /// The model's state for the status bar changed.
    fn model_state(&mut self, _state: &str) {}
    /// A raw counter for the call-path log line (the TSC in the kernel).
    fn cycles(&mut self) -> u64 {
        0
    }
    fn cycles_to_ns(&self, cycles: u64) -> u64 {
        cycles
    }
}

/// What [`Session::submit`] did (what was printed is on the front end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do (blank line).
    Nothing,
    /// The command ran; `ok` is false when it failed (the error was printed).
    Ran {
        command: Command,
        ok: bool,
    },
    /// A proposed write waits for y/N.
    Asked(Command),
    /// The answer was not yes, or the question was cancelled.
    NotRun(Command),
    /// A typed line did not fit its applet; the error was printed.
    Rejected,
    /// A request with no model loaded, or no command fits it.
    Unanswered,
    /// The model was cancelled (Ctrl-C) or failed.
    Cancelled,
    Failed,
}

/// One console's session: the live table, the mode, the loaded model, and
/// the write that waits for its answer.
pub struct Session {
    table: Table,
    mode: Mode,
    assistant: Option<Assistant>,
    pending: Option<Command>,
    now: NowNs,
}

/// Yes, as the question's `[y/N]` offers it; anything else is no.
fn is_yes(answer: &str) -> bool {
    matches!(answer.trim(), "y" | "Y" | "yes" | "Yes" | "YES")
}

impl Session {
    pub fn new(table: Table, mode: Mode, now: NowNs) -> Session {
        Session {
            table,
            mode,
            assistant: None,
            pending: None,
            now,
        }
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn assistant(&self) -> Option<&Assistant> {
        self.assistant.as_ref()
    }

    pub fn assistant_mut(&mut self) -> Option<&mut Assistant> {
        self.assistant.as_mut()
    }

    /// Installs (or removes) the model. Its mode must be the session's.
    pub fn set_assistant(&mut self, assistant: Option<Assistant>) {
        self.assistant = assistant;
    }

    /// The write waiting for its answer, if any.
    pub fn pending(&self) -> Option<&Command> {
        self.pending.as_ref()
    }

    /// The prompt to show for the next line.
    pub fn prompt(&self) -> &'static str {
        if self.pending.is_some() {
            CONFIRM_PROMPT
        } else {
            PROMPT
        }
    }

    /// What running a proposed write would take away that the volume holds
    /// now: the file or folder it deletes, the file it writes over (a
    /// write, or a copy or move onto a file's name), with its size. `None`
    /// for a write that loses nothing (a new name, a line added).
    pub fn what_it_loses(&self, command: &Command, services: &mut dyn Services) -> Option<String> {
        use command::Role;
        let spec = self.table.get_any(command.applet)?.spec();
        let paths: Vec<&str> = command.paths(spec).map(|(p, _)| p).collect();
        let files = services.files()?;
        let size = |n: u64| {
            if n == 1 {
                String::from("1 byte")
            } else {
                alloc::format!("{n} bytes")
            }
        };
        match spec.role? {
            Role::Remove => {
                let p = *paths.first()?;
                let e = files.stat(p).ok()?;
                Some(if e.is_dir {
                    alloc::format!("deletes the folder {}", command::quote(p))
                } else {
                    alloc::format!("deletes {} ({})", command::quote(p), size(e.size))
                })
            }
            Role::Write => {
                let p = *paths.first()?;
                let e = files.stat(p).ok().filter(|e| !e.is_dir)?;
                Some(alloc::format!(
                    "replaces all of {} ({})",
                    command::quote(p),
                    size(e.size)
                ))
            }
            Role::Copy | Role::Move => {
                let (src, dst) = (*paths.first()?, *paths.get(1)?);
                // Onto a folder, the file goes inside it, as the applets do.
                let dst = applets::copy_target(files, src, dst);
                let e = files.stat(&dst).ok().filter(|e| !e.is_dir)?;
                Some(alloc::format!(
                    "replaces {} ({})",
                    command::quote(&dst),
                    size(e.size)
                ))
            }
            _ => None,
        }
    }

    /// Whether a proposed command must be confirmed before it runs.
    pub fn needs_confirmation(&self, command: &Command) -> bool {
        self.table
            .get_any(command.applet)
            .is_some_and(|a| a.spec().writes)
    }

    /// What `line` is, with the model's proposal for a request. Runs
    /// nothing and asks nothing: [`Session::submit`] does, and the host
    /// tool prints this as JSON.
    pub fn decide(&mut self, line: &str, should_cancel: &mut dyn FnMut() -> bool) -> Step {
        let mut clock = assistant::FnClock(self.now);
        let t0 = (self.now)();
        let live = self.assistant.as_ref().map(|a| a.interpreter().paths());
        match classify(&self.table, self.mode, line, live) {
            Line::Empty => Step::Empty,
            Line::Typed(command) => Step::Typed(Proposal::typed(
                line.trim(),
                command,
                (self.now)().saturating_sub(t0),
            )),
            Line::Rejected(e) => Step::Rejected(e),
            Line::Request(request) => match self.assistant.as_mut() {
                None => Step::NoModel,
                Some(a) => {
                    match a.with_interpreter(|it| it.propose(request, &mut clock, should_cancel)) {
                        Ok(p) => Step::Proposed(p),
                        Err(e) => Step::Failed(e),
                    }
                }
            },
        }
    }

    /// A submitted line: the answer to a pending question, or a new line
    /// to decide, print and run.
    pub fn submit(&mut self, line: &str, fe: &mut dyn Frontend) -> Outcome {
        if let Some(command) = self.pending.take() {
            if is_yes(line) {
                return self.run(command, fe);
            }
            let _ = writeln!(fe.services().out(), "not run");
            return Outcome::NotRun(command);
        }
        let thinking = self.assistant.is_some()
            && matches!(
                classify(
                    &self.table,
                    self.mode,
                    line,
                    self.assistant.as_ref().map(|a| a.interpreter().paths())
                ),
                Line::Request(_)
            );
        if thinking {
            fe.model_state("thinking… (Ctrl-C cancels)");
        }
        let step = self.decide(line, &mut || fe.should_cancel());
        if thinking {
            if let Some(a) = &self.assistant {
                fe.model_state(&a.status());
            }
        }
        match step {
            Step::Empty => Outcome::Nothing,
            Step::Typed(p) => match p.command {
                Some(command) => self.run(command, fe),
                None => Outcome::Nothing,
            },
            Step::Rejected(e) => {
                let _ = writeln!(fe.services().out(), "{e}");
                Outcome::Rejected
            }
            Step::NoModel => {
                let word = line.split_whitespace().next().unwrap_or("");
                let _ = writeln!(
                    fe.services().out(),
                    "{word}: not a command, and no language model is loaded to interpret it; type `help`"
                );
                Outcome::Unanswered
            }
            Step::Proposed(p) => {
                let out = fe.services().out();
                let _ = writeln!(out, "{}", p.display());
                match p.command {
                    None => {
                        match &p.missing {
                            Some(m) => {
                                let label = volume_label(fe);
                                let _ = writeln!(fe.services().out(), "{}", m.reply(&label));
                            }
                            None => {
                                let _ = writeln!(out, "{}", abstain_reply(&p));
                            }
                        }
                        Outcome::Unanswered
                    }
                    Some(command) if self.needs_confirmation(&command) => {
                        // What a yes would lose, said before the question:
                        // a proposal is trusted on what it shows.
                        if let Some(loss) = self.what_it_loses(&command, fe.services()) {
                            let _ = writeln!(fe.services().out(), "{loss}");
                        }
                        self.pending = Some(command.clone());
                        Outcome::Asked(command)
                    }
                    Some(command) => self.run(command, fe),
                }
            }
            Step::Failed(RequestError::Cancelled) => {
                let _ = writeln!(fe.services().out(), "^C cancelled");
                Outcome::Cancelled
            }
            Step::Failed(e) => {
                let _ = writeln!(fe.services().out(), "model: {e}");
                Outcome::Failed
            }
        }
    }

    /// Ctrl-C at the prompt: a pending question is answered no.
    pub fn cancel(&mut self, fe: &mut dyn Frontend) -> Option<Command> {
        let command = self.pending.take()?;
        let _ = writeln!(fe.services().out(), "not run");
        Some(command)
    }

    /// F2, a key a person pressed: the only way the mode changes. A write
    /// waiting for its answer is dropped, never carried into the new mode.
    /// The model's grammar and router are rebuilt for the new reachable set.
    pub fn toggle_mode(&mut self, fe: &mut dyn Frontend) -> Mode {
        let mode = self.mode.toggled();
        self.mode = mode;
        if self.pending.take().is_some() {
            let _ = writeln!(fe.services().out(), "not run: the mode changed");
        }
        let now = self.now;
        let rebuilt = self
            .assistant
            .as_mut()
            .map(|a| a.with_interpreter(|it| it.set_mode(mode, &mut assistant::FnClock(now))));
        match rebuilt {
            Some(Ok(r)) => {
                let ms = (r.grammar_ns + r.router_ns) as f64 / 1e6;
                log::info!(
                    "console: mode {} (F2): grammar rebuilt in {:.2} ms ({} states), router re-solved in {:.2} ms ({} classes)",
                    mode.label(),
                    r.grammar_ns as f64 / 1e6,
                    r.grammar_states,
                    r.router_ns as f64 / 1e6,
                    r.router_classes
                );
                if let Some(a) = &self.assistant {
                    let mut s = a.status();
                    let _ = write!(s, " · rebuilt {ms:.1} ms");
                    fe.model_state(&s);
                }
            }
            Some(Err(e)) => log::warn!(
                "console: mode {} (F2): model rebuild failed: {e}",
                mode.label()
            ),
            None => log::info!("console: mode {} (F2)", mode.label()),
        }
        mode
    }

    /// Walks the volume again and rebuilds the model's grammar over it.
    fn refresh_files(&mut self, fe: &mut dyn Frontend) {
        let Some(a) = self.assistant.as_mut() else {
            return;
        };
        let Some(files) = fe.services().files() else {
            return;
        };
        let now = self.now;
        match request::walk_files(files) {
            Ok(paths) => {
                if let Err(e) =
                    a.with_interpreter(|it| it.files_changed(paths, &mut assistant::FnClock(now)))
                {
                    log::warn!("console: file list not updated: {e}");
                }
            }
            Err(e) => log::warn!("console: file list not updated: {e}"),
        }
        self.refresh_contents(fe);
    }

    /// Reads what the volume's small text files say, for requests that
    /// describe a file by its contents (`request::Contents`).
    fn refresh_contents(&mut self, fe: &mut dyn Frontend) {
        let Some(a) = self.assistant.as_mut() else {
            return;
        };
        let Some(files) = fe.services().files() else {
            return;
        };
        let paths = a.interpreter().paths().to_vec();
        let contents = request::Contents::read(files, &paths);
        a.with_interpreter(|it| it.set_contents(contents));
    }

    /// Runs a command (typed, proposed, or confirmed) in the current mode;
    /// [`Table::run`] checks it again, so nothing the mode excludes runs.
    fn run(&mut self, command: Command, fe: &mut dyn Frontend) -> Outcome {
        let loaded = self.assistant.as_ref().map(|a| a.bytes().as_ptr());
        let t0 = fe.cycles();
        let result = {
            let mut services = services::WithAssistant {
                inner: fe.services(),
                assistant: self.assistant.as_mut(),
            };
            self.table.run(&command, self.mode, &mut services)
        };
        // The call path from a decision to the applet (and down to the NVMe
        // driver for file applets) is a call: its cost goes to the log for
        // docs/posts/1.
        let cycles = fe.cycles().wrapping_sub(t0);
        log::info!(
            "run: `{command}` in {cycles} cycles ({} ns)",
            fe.cycles_to_ns(cycles)
        );
        if let Err(e) = &result {
            let _ = writeln!(fe.services().out(), "{e}");
        }
        // A write changed the files a request may refer to: the grammar's
        // live paths follow, so a new file can be named and a removed one
        // cannot.
        if result.is_ok() && self.needs_confirmation(&command) {
            self.refresh_files(fe);
        }
        // `model load` replaced the model: its router is warmed from the volume's features
        // (or they are computed and kept there), and the status bar says so.
        if let Some(a) = &self.assistant {
            if loaded != Some(a.bytes().as_ptr()) {
                self.warm_model(None, fe);
            }
        }
        if let Some(a) = &self.assistant {
            if loaded != Some(a.bytes().as_ptr()) {
                fe.model_state(&a.status());
            }
        }
        Outcome::Ran {
            command,
            ok: result.is_ok(),
        }
    }
}

impl Session {
    /// Warms the loaded model's router if it is not warm yet. The features come from `given`
    /// (the boot image's `features.bin`) when there is one; otherwise from the data volume's
    /// file for this model ([`request::features_volume_path`]), and when that is missing or
    /// does not fit, they are computed now (a progress bar in the status bar) and written
    /// there, so the next load or boot of the same file reads them. Says on `out` where they
    /// came from. Rows computed beside a given cache are not written (the boot image's cache
    /// is the build's to refresh).
    pub fn warm_model(&mut self, given: Option<&FeatureCache>, fe: &mut dyn Frontend) {
        self.refresh_contents(fe);
        let Some(a) = self.assistant.as_mut() else {
            return;
        };
        if a.is_warm() {
            return;
        }
        let path = request::features_volume_path(a.interpreter().model_hash());
        let mut note = alloc::string::String::new();
        let stored = match given {
            Some(_) => None,
            None => match fe.services().files().map(|f| f.read(&path)) {
                Some(Ok(bytes)) => match FeatureCache::parse(&bytes) {
                    Ok(c) => Some(c),
                    Err(e) => {
                        let _ = write!(note, "{path}: {e}; ");
                        None
                    }
                },
                _ => None,
            },
        };
        let cache = given.or(stored.as_ref());
        let t0 = (self.now)();
        let report = match a.warm(cache, &mut |text| fe.model_state(text)) {
            Ok(r) => r.clone(),
            Err(e) => {
                let _ = writeln!(fe.services().out(), "model: {e}");
                return;
            }
        };
        let secs = ((self.now)() - t0) as f64 / 1e9;
        let from = if given.is_some() {
            "the boot image"
        } else {
            path.as_str()
        };
        match (&report.cache, stored.is_some() || given.is_some()) {
            (request::CacheStatus::Used { verified }, _) => {
                let _ = write!(
                    note,
                    "router: features from {from} ({verified} rows recomputed to check them"
                );
                if report.computed > 0 {
                    let _ = write!(note, ", {} new rows computed", report.computed);
                }
                note.push(')');
            }
            (request::CacheStatus::Refused(e), true) => {
                let _ = write!(
                    note,
                    "router: {from} refused ({e}); {} rows computed",
                    report.computed
                );
            }
            _ => {
                let _ = write!(note, "router: {} feature rows computed", report.computed);
            }
        }
        let _ = write!(note, " in {secs:.1} s");
        if given.is_none() && report.computed > 0 {
            let bytes = a.with_interpreter(|it| it.feature_cache().to_bytes());
            let saved = match (bytes, fe.services().files()) {
                (Ok(b), Some(files)) => save_features(files, &path, &b),
                (Err(e), _) => Err(alloc::format!("{e}")),
                (_, None) => Err("no data volume".into()),
            };
            match saved {
                Ok(()) => {
                    let _ = write!(note, "; saved to {path} for the next load");
                    self.refresh_files(fe);
                }
                Err(e) => {
                    let _ = write!(note, "; not saved ({e})");
                }
            }
        }
        log::info!("{note}");
        let _ = writeln!(fe.services().out(), "{note}");
    }
}

/// Writes a feature cache at `path` (its directory made first) and makes it durable.
fn save_features(
    files: &mut dyn command::Files,
    path: &str,
    bytes: &[u8],
) -> Result<(), alloc::string::String> {
    let fail = |e: command::FsError| alloc::format!("{e}");
    if files.stat(request::FEATURES_DIR).is_err() {
        files.mkdir(request::FEATURES_DIR).map_err(fail)?;
    }
    files.write(path, bytes, false).map_err(fail)?;
    files.flush().map_err(fail)
}

/// The data volume's label for a reply (`NOSYS`), or a plain phrase when
/// there is no volume.
fn volume_label(fe: &mut dyn Frontend) -> alloc::string::String {
    fe.services()
        .files()
        .and_then(|f| f.info().ok())
        .map(|i| i.label)
        .unwrap_or_else(|| "the volume".into())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_device;
