//! A line that carries a text: a head that says where the text goes, a
//! colon or a dash, and the text (`todo: call the vet`, `note to self -
//! the spare key is under the blue pot`, `Print this for the players: You
//! have 60 minutes.`), or a verb that says and a word that announces the
//! text (`print the phrase shutdown now`). Its words are the text's: read
//! whole, `todo: move the boot log to the archive` had moved the todo list
//! over the boot log, and `print the phrase shutdown now` had shut the
//! machine down. [`carried`] splits such a line; the interpreter grounds
//! the head alone, so nothing in the text can pick a command or a file.

use alloc::string::String;

/// A line split into the head and the text it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried<'a> {
    /// The words before the colon or dash (or the saying verb and its
    /// noun), as typed.
    pub head: &'a str,
    /// The text, as typed (a text wholly in quotes without them).
    pub text: &'a str,
    /// The head asks for the text on the screen, not in a file.
    pub shown: bool,
    /// The text opens with a verb of a job (`todo: move the boot log to
    /// the archive`): a note of a job only when it names another thing
    /// than the head does, which the caller checks.
    pub orders: bool,
    /// The text is a job on the head's own thing and no more (`delete`,
    /// `rename to …`, `update it`): asked, not noted.
    pub bare_order: bool,
    /// The head says a line is being noted (`add`, `note`, `one more
    /// line`), so a question or a job in the text is the text.
    pub noting: bool,
    /// Where in the head the file is named: after its last `to`/`into`/
    /// `in`/`onto` (`Bingo log into notes`), or all of it.
    pub target: &'a str,
}

/// Verbs that say a text on the screen.
const SAY: &[&str] = &[
    "print", "say", "echo", "display", "show", "output", "type", "tell", "shout", "repeat",
];

/// Words of a head that asks for the screen.
const SCREEN: &[&str] = &["screen", "terminal", "console"];

/// Nouns that announce a text after a saying verb (`print the phrase …`).
const ANNOUNCE: &[&str] = &[
    "phrase", "words", "word", "text", "message", "sentence", "line",
];

/// Words a head that adds its text to a file may hold, besides the words
/// of the file's name (`todo`, `notes`, `boot log`): verbs of noting
/// things down and the small words around them. Any other word (`rename`,
/// `set`, `cover`, `look`, `name`) asks something else of the file.
const HEAD_WORDS: &[&str] = &[
    "add",
    "append",
    "put",
    "jot",
    "note",
    "notes",
    "log",
    "record",
    "insert",
    "ink",
    "tag",
    "dictate",
    "dictating",
    "dictation",
    "remember",
    "reminder",
    "item",
    "entry",
    "line",
    "lines",
    "one",
    "more",
    "another",
    "new",
    "quick",
    "ps",
    "self",
    "to",
    "in",
    "into",
    "on",
    "onto",
    "for",
    "of",
    "at",
    "the",
    "a",
    "an",
    "my",
    "our",
    "this",
    "that",
    "these",
    "it",
    "down",
    "please",
    "pls",
    "kindly",
    "end",
    "bottom",
    "list",
    "file",
    "needs",
    "need",
    "should",
    "get",
    "gets",
    "can",
    "could",
    "would",
    "you",
    "u",
    "with",
    "and",
    "here",
    "here's",
    "is",
    "be",
    "let",
    "me",
    "us",
    "text",
    "stick",
    "pop",
    "scribble",
    "just",
    "also",
    "too",
    "following",
    "below",
    "do",
    "ro",
    "inna",
    "di",
    "dis",
    "entries",
    "bit",
    "thing",
    "things",
    "task",
    "tasks",
    "todo",
    "to-do",
    "memo",
    "jotting",
];

/// Verbs that do away with a thing (`take it off the field`).
const DISCARDS: &[&str] = &[
    "take", "bin", "ditch", "kill", "lose", "drop", "toss", "trash", "nuke", "chuck", "burn",
    "scrap", "destroy", "wipe", "erase", "axe",
];

/// Words that open a question.
const QUESTIONS: &[&str] = &[
    "what", "what's", "whats", "which", "where", "how", "why", "who", "when", "is", "are", "does",
    "did", "can't", "cannot",
];

/// Words that open a question or a request to see (`faq: show me`).
const ASKING: &[&str] = &[
    "who", "whom", "whose", "any", "anything", "do", "can", "could", "should", "will", "would",
    "has", "have", "was", "were", "show", "open", "read", "list", "print", "display",
];

/// Words of a head that notes a line down.
const NOTING: &[&str] = &[
    "add",
    "append",
    "put",
    "jot",
    "note",
    "record",
    "insert",
    "ink",
    "tag",
    "dictate",
    "dictating",
    "dictation",
    "remember",
    "reminder",
    "line",
    "item",
    "entry",
    "memo",
    "stick",
    "pop",
    "scribble",
    "ps",
];

/// Jobs on a file no applet here does.
const UNDONE: &[&str] = &[
    "update", "fix", "edit", "clean", "tidy", "sort", "shorten", "trim", "empty", "check",
    "change", "set",
];

/// Verbs of jobs a text may open with (`move the boot log …`).
const JOBS: &[&str] = &[
    "show", "open", "read", "view", "cat", "list", "ls", "delete", "remove", "erase", "rm", "del",
    "copy", "cp", "move", "mv", "rename", "make", "create", "mkdir", "write", "add", "append",
    "put", "clear", "reboot", "restart", "shutdown", "shut", "get", "give", "print", "hexdump",
    "dump", "save", "set", "change", "replace", "empty", "update", "fix", "clean", "tidy", "edit",
    "sort", "shorten", "trim", "check",
];

/// Words a head that asks for the screen may hold besides a saying verb.
const SHOW_FILLER: &[&str] = &[
    "this",
    "that",
    "it",
    "these",
    "following",
    "exactly",
    "out",
    "back",
    "me",
    "us",
    "to",
    "for",
    "on",
    "the",
    "a",
    "please",
    "pls",
    "can",
    "could",
    "would",
    "you",
    "just",
    "now",
    "up",
    "aloud",
    "loud",
    "all",
    "them",
    "here",
    "put",
];

fn lower_words(s: &str) -> alloc::vec::Vec<alloc::string::String> {
    s.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_ascii_lowercase()
                .replace('\u{2019}', "'")
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Where the head ends and the text begins: the first colon followed by a
/// space (not a time's, a URL's or a drive's), or a spaced dash or arrow,
/// outside quotes.
fn separator(line: &str) -> Option<(usize, usize)> {
    let mut quote: Option<char> = None;
    let bytes = line.as_bytes();
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => continue,
            None if c == '"' || c == '\u{201c}' => {
                quote = Some(if c == '"' { '"' } else { '\u{201d}' });
                continue;
            }
            // A single quote that opens a word opens a quote (`put 'todo:
            // clean desk' in …`); inside a word it is an apostrophe.
            None if c == '\'' && (i == 0 || bytes[i - 1] == b' ') => {
                quote = Some('\'');
                continue;
            }
            None => {}
        }
        if c == ':' && bytes.get(i + 1).is_some_and(|b| *b == b' ') {
            return Some((i, i + 1));
        }
        if c == ' ' {
            for dash in [" - ", " -- ", " \u{2014} ", " \u{2013} ", " -> "] {
                if line[i..].starts_with(dash) {
                    return Some((i, i + dash.len()));
                }
            }
        }
    }
    None
}

/// The head and the text a line carries, or `None` when it carries none
/// this can place. `names` says whether a word is a word of a live
/// file's name.
pub fn carried<'a>(line: &'a str, names: &dyn Fn(&str) -> bool) -> Option<Carried<'a>> {
    let line = line.trim();
    if let Some((end, start)) = separator(line) {
        let head = line[..end].trim();
        let text = unquoted(line[start..].trim());
        let words = lower_words(head);
        if head.is_empty() || text.is_empty() || words.is_empty() || words.len() > 9 {
            return None;
        }
        // Who it is for is no part of the asking (`Print this for the
        // players:`).
        let asking = words
            .iter()
            .position(|w| w == "for")
            .map_or(&words[..], |i| &words[..i]);
        let screen = words.iter().any(|w| SCREEN.contains(&w.as_str()));
        let says = words.iter().any(|w| SAY.contains(&w.as_str()));
        // `Print this for the players:`, `tell me on screen:`, `display:`.
        if (says || screen)
            && asking.iter().all(|w| {
                SAY.contains(&w.as_str())
                    // (`write on the screen: Happy Diwali …`: written
                    // where a screen shows it, not into a file.)
                    || (screen && w == "write")
                    || SCREEN.contains(&w.as_str())
                    || SHOW_FILLER.contains(&w.as_str())
                    || ANNOUNCE.contains(&w.as_str())
            })
        {
            return Some(Carried {
                head,
                text,
                shown: true,
                orders: false,
                bare_order: false,
                noting: false,
                target: head,
            });
        }
        let target = ["into", "onto", "to", "in", "inside"]
            .iter()
            .filter_map(|p| {
                head.to_ascii_lowercase()
                    .rfind(&alloc::format!(" {p} "))
                    .map(|at| at + p.len() + 2)
            })
            .max()
            .map(|at| head[at..].trim())
            .filter(|t| lower_words(t).iter().any(|w| names(w)))
            .unwrap_or(head);
        // Before a `into`/`to` the head may say what the text is (`Bingo
        // log into notes`, `patrol log into notes`), but not ask a job.
        let before_target = lower_words(&head[..head.len() - target.len()]);
        let allowed = |w: &String| HEAD_WORDS.contains(&w.as_str()) || names(w);
        if screen
            || !lower_words(target).iter().all(allowed)
            || !before_target.iter().all(|w| {
                allowed(w)
                    || (target != head
                        && !JOBS.contains(&w.as_str())
                        && !QUESTIONS.contains(&w.as_str()))
            })
            || !words.iter().any(|w| names(w))
        {
            return None;
        }
        let tw = lower_words(text);
        let first = tw
            .iter()
            .find(|w| !matches!(w.as_str(), "just" | "please" | "pls" | "and"));
        let noting = words.iter().any(|w| NOTING.contains(&w.as_str()));
        // `todo: what's on it?`, `the boot log: any errors?`: a question
        // about the file, not a line for it (after `add to the faq:` it is
        // the line).
        if !noting
            && (text.trim_end().ends_with('?')
                || first.is_some_and(|w| {
                    QUESTIONS.contains(&w.as_str()) || ASKING.contains(&w.as_str())
                }))
        {
            return None;
        }
        // `faq.txt -> faq2.txt (copy)`: a name where the text goes; `…
        // clean desk in /draft.md`: the text says where it goes itself;
        // `…, add it to the notes`: the line's own asking is in the text.
        let file_like = |w: &str| w.contains('/') || crate::ground::looks_like_file(w);
        let sends = tw
            .windows(2)
            .any(|p| matches!(p[0].as_str(), "in" | "into" | "to" | "onto") && file_like(&p[1]))
            || tw.windows(2).any(|p| {
                (JOBS.contains(&p[0].as_str()) || DISCARDS.contains(&p[0].as_str()))
                    && !UNDONE.contains(&p[0].as_str())
                    && matches!(p[1].as_str(), "it" | "this" | "that" | "them")
            });
        // `TODO: add "back up the disk"`: the text is asked to be added
        // in its own words.
        let adds = first.is_some_and(|w| matches!(w.as_str(), "add" | "append" | "put"));
        if sends || adds || first.is_some_and(|w| file_like(w)) {
            return None;
        }
        return Some(Carried {
            head,
            text,
            shown: false,
            // `rename to …`, `delete it`, `show`: a job on the head's own
            // thing; `move the boot log to the archive` is a note of one.
            orders: first
                .is_some_and(|w| JOBS.contains(&w.as_str()) || DISCARDS.contains(&w.as_str())),
            // (A job no applet does, `update it`, is left unsettled: the
            // caller runs nothing for it.)
            bare_order: first.is_some_and(|w| {
                (JOBS.contains(&w.as_str()) || DISCARDS.contains(&w.as_str()))
                    && !UNDONE.contains(&w.as_str())
            }) && tw
                .iter()
                .skip_while(|w| !JOBS.contains(&w.as_str()) && !DISCARDS.contains(&w.as_str()))
                .nth(1)
                .is_none_or(|w| {
                    matches!(
                        w.as_str(),
                        "to" | "as" | "into" | "it" | "them" | "this" | "that" | "in"
                    )
                }),
            noting,
            target,
        });
    }
    // `print the phrase shutdown now`, `say the words list the files`.
    let ws: alloc::vec::Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect();
    let low = |i: usize| ws[i].1.to_ascii_lowercase();
    if ws.len() < 2 || !SAY.contains(&low(0).as_str()) {
        return None;
    }
    let mut i = 1;
    while i < ws.len()
        && matches!(
            low(i).as_str(),
            "out" | "back" | "me" | "us" | "the" | "this"
        )
    {
        i += 1;
    }
    // `show "Wait... what?!"`: a verb that says, then a text wholly in
    // quotes. The caller makes sure the text names no file.
    let rest = line[ws[1].0..].trim();
    let quoted = unquoted(rest);
    if i == 1 && quoted.len() < rest.len() {
        return Some(Carried {
            head: ws[0].1,
            text: quoted,
            shown: true,
            orders: false,
            bare_order: false,
            noting: false,
            target: quoted,
        });
    }
    if i + 1 >= ws.len() || !ANNOUNCE.contains(&low(i).as_str()) {
        return None;
    }
    let mut text = unquoted(line[ws[i + 1].0..].trim());
    // `print the words good morning on the screen`: where, not what.
    for tail in [
        " on the screen",
        " on screen",
        " to the screen",
        " on the terminal",
        " on the console",
    ] {
        let n = text.len();
        if n > tail.len()
            && text.is_char_boundary(n - tail.len())
            && text[n - tail.len()..].eq_ignore_ascii_case(tail)
        {
            text = text[..n - tail.len()].trim_end();
        }
    }
    // (`display text "Welcome to Sunshine Rentals" on screen`: the quotes
    // were inside the tail.)
    let text = unquoted(text);
    let head = line[..ws[i].0 + ws[i].1.len()].trim();
    (!text.is_empty()).then_some(Carried {
        head,
        text,
        shown: true,
        orders: false,
        bare_order: false,
        noting: false,
        target: head,
    })
}

/// A text wholly in one pair of quotes, without them.
fn unquoted(text: &str) -> &str {
    for (open, close) in [('"', '"'), ('\u{201c}', '\u{201d}'), ('\'', '\'')] {
        if let Some(inner) = text.strip_prefix(open).and_then(|t| t.strip_suffix(close)) {
            if !inner.contains(close) && !inner.is_empty() {
                return inner;
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample disk's name words.
    fn names(w: &str) -> bool {
        matches!(
            w,
            "todo"
                | "notes"
                | "note"
                | "readme"
                | "faq"
                | "guide"
                | "boot"
                | "log"
                | "hello"
                | "docs"
                | "logs"
                | "meeting"
        )
    }

    fn split(line: &str) -> Option<(&str, &str, bool)> {
        carried(line, &names).map(|c| (c.head, c.text, c.shown))
    }

    #[test]
    fn a_head_a_separator_and_a_text() {
        assert_eq!(
            split("todo: call the vet"),
            Some(("todo", "call the vet", false))
        );
        assert!(!carried("todo: call the vet", &names).unwrap().orders);
        // A job is the caller's to weigh: a note of it when it is about another
        // thing.
        assert!(
            carried("todo: move the boot log to the archive", &names)
                .unwrap()
                .orders
        );
        assert!(carried("todo: rename to jobs", &names).unwrap().orders);
        assert_eq!(
            carried("note to self: water the plants", &names).map(|c| c.target),
            Some("note to self")
        );
        assert_eq!(
            split("note to self - the spare key is under the blue pot"),
            Some(("note to self", "the spare key is under the blue pot", false))
        );
        assert_eq!(
            split("todo: move the boot log to the archive"),
            Some(("todo", "move the boot log to the archive", false))
        );
        let c = carried("Bingo log into notes: QUIXOTIC 8D", &names).unwrap();
        assert_eq!(
            (c.target, c.text, c.orders),
            ("notes", "QUIXOTIC 8D", false)
        );
        let c = carried("todo - cp the photos to the backup drive", &names).unwrap();
        assert!(c.orders);
        assert_eq!(
            split("todo — buy a birthday card for Sam"),
            Some(("todo", "buy a birthday card for Sam", false))
        );
        assert_eq!(
            split("Print this for the players: You have 60 minutes. Good luck."),
            Some((
                "Print this for the players",
                "You have 60 minutes. Good luck.",
                true
            ))
        );
        assert_eq!(
            split("tell me on screen: the boot log is clean"),
            Some(("tell me on screen", "the boot log is clean", true))
        );
        assert_eq!(
            split("display: \"Stop!\""),
            Some(("display", "Stop!", true))
        );
        assert_eq!(
            split("todo: pick up the prescription @ 8:15 a.m."),
            Some(("todo", "pick up the prescription @ 8:15 a.m.", false))
        );
    }

    #[test]
    fn a_saying_verb_and_its_noun_announce_the_rest() {
        for line in [
            "write on the screen: good night",
            "write to the screen: good night",
        ] {
            let c = carried(line, &names).unwrap();
            assert_eq!((c.text, c.shown), ("good night", true), "{line}");
        }
        assert_eq!(
            carried(
                "display text \"Welcome to Sunshine Rentals\" on screen",
                &names
            )
            .map(|c| c.text),
            Some("Welcome to Sunshine Rentals")
        );
        assert_eq!(
            split("print the phrase shutdown now"),
            Some(("print the phrase", "shutdown now", true))
        );
        assert_eq!(
            split("print the words list the files"),
            Some(("print the words", "list the files", true))
        );
        assert_eq!(
            split("print the words good morning on the screen"),
            Some(("print the words", "good morning", true))
        );
        assert_eq!(split("print the readme"), None);
        assert_eq!(split("print hello"), None);
        assert_eq!(
            split("show \"Wait... what?!\""),
            Some(("show", "Wait... what?!", true))
        );
        assert_eq!(split("say \"on my way\" on the screen"), None);
    }

    #[test]
    fn lines_that_carry_no_text() {
        for line in [
            "delete the notes: they are old",
            "show me the notes: I need them",
            "make room: get rid of the greeting file",
            "what time is it: I forgot",
            "meet at 10:30 tomorrow",
            "read https://example.com tonight",
            "write to notes.txt: meeting moved to friday",
            "new file lineup.txt: GK Sam",
            "HELLO.TXT - delete",
            "faq.txt -> faq2.txt (copy)",
            "set todo.txt to just: 1. sleep",
            "give the notes a new name: Marginalia.txt",
            "Would you put the welcome message on the screen: \"Welcome\"",
            "chart note for Biscuit: vaccines up to date, add it to the notes",
            "note down todo: clean desk in /draft.md",
            "can u put 'todo: clean desk' in the file /backup.txt?",
            "I'd like a closer look at the todo — its bytes, in hex",
            "The hello file — given out, LBW. Take it off the field.",
            "rename the readme to notes: done",
            "readme: delete it",
            "todo: what's on it?",
            "the boot log: any errors?",
            "faq: show me",
            "notes - anything new?",
            "the guide: where is it",
        ] {
            assert_eq!(split(line), None, "{line}");
        }
    }

    /// Lines of any script split on character boundaries.
    #[test]
    fn any_script_splits_cleanly() {
        for line in [
            "todo: café — 日本 📝",
            "say “hi” — on the screen",
            "print the words «ß» on the screen",
            "CPU — …",
            "notes -> ü",
        ] {
            let _ = carried(line, &names);
        }
    }
}
