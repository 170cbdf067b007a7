//! A line that asks for two things: `show the todo; rm /NOTES.TXT`, `tell
//! me the time and reboot`, `move the faq to the root and delete the
//! guide`, `make a folder called new and a file called x`. The shell runs
//! one command per line, and read whole such a line gave one command made
//! of both halves: the file to show was deleted, the guide moved onto the
//! FAQ's place. Neither half alone is what was asked, so nothing runs and
//! the reply says to ask one at a time ([`crate::Abstain::TwoRequests`]).
//!
//! [`two_requests`] looks only at the words: a clause joined by `and`,
//! `then`, `also`, `plus`, `after that`, `;` or a full stop that opens with
//! a verb of a command, after a clause that asks something itself. A verb
//! of the same kind on the same thing (`open the faq and read it`, `shut
//! down and restart`) is one request, and so is `copy and paste`. Words in
//! quotes or after a colon are a text, never a clause.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// What a command verb does, so two of the same kind on one thing read as
/// one request.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Read,
    List,
    Remove,
    Copy,
    Move,
    Make,
    Put,
    Power,
    Clear,
    Say,
}

/// Verbs that open a request for a command, and their kind.
const VERBS: &[(&str, Kind)] = &[
    ("show", Kind::Read),
    ("display", Kind::Read),
    ("open", Kind::Read),
    ("read", Kind::Read),
    ("view", Kind::Read),
    ("cat", Kind::Read),
    ("list", Kind::List),
    ("ls", Kind::List),
    ("delete", Kind::Remove),
    ("remove", Kind::Remove),
    ("erase", Kind::Remove),
    ("rm", Kind::Remove),
    ("del", Kind::Remove),
    ("trash", Kind::Remove),
    ("backup", Kind::Copy),
    ("copy", Kind::Copy),
    ("cp", Kind::Copy),
    ("duplicate", Kind::Copy),
    ("move", Kind::Move),
    ("mv", Kind::Move),
    ("rename", Kind::Move),
    ("make", Kind::Make),
    ("create", Kind::Make),
    ("mkdir", Kind::Make),
    ("write", Kind::Put),
    ("append", Kind::Put),
    ("add", Kind::Put),
    ("put", Kind::Put),
    ("reboot", Kind::Power),
    ("restart", Kind::Power),
    ("shutdown", Kind::Power),
    ("shut", Kind::Power),
    ("poweroff", Kind::Power),
    ("power", Kind::Power),
    ("clear", Kind::Clear),
    ("echo", Kind::Say),
    ("print", Kind::Say),
    ("say", Kind::Say),
];

/// Words before a clause's verb that leave it a request (`also, delete`,
/// `then please show`).
const LEAD: &[&str] = &[
    "and",
    "then",
    "also",
    "plus",
    "please",
    "pls",
    "can",
    "could",
    "would",
    "you",
    "u",
    "just",
    "afterwards",
    "after",
    "that",
    "finally",
    "now",
    "next",
    "lastly",
    "maybe",
    "want",
    "like",
    "i'd",
    "let's",
    "lets",
    "wanna",
    "gonna",
    "to",
    "need",
    "go",
    "ahead",
    "kindly",
    "will",
    "first",
    "second",
    "secondly",
    "third",
];

/// Words that ask without a verb of a command (`what time is it and
/// reboot`).
const ASKING: &[&str] = &[
    "give", "what", "what's", "whats", "how", "when", "where", "which", "why", "who", "tell",
    "does", "do", "did", "is", "are", "was", "can", "could", "will", "should", "have", "has",
];

/// A verb of a command that is none here (`make sure`, `shut up`).
fn idle(clause: &[String], i: usize) -> bool {
    let next = clause.get(i + 1).map(String::as_str);
    matches!(
        (clause[i].as_str(), next),
        ("make", Some("sure")) | ("shut", Some("up"))
    ) || (clause[i] == "make" && next == Some("it") && clause.get(i + 2).is_some_and(|w| w == "so"))
}

fn kind(w: &str) -> Option<Kind> {
    VERBS.iter().find(|(v, _)| *v == w).map(|&(_, k)| k)
}

/// A clause of the line: its words, lower case, and whether a full stop or
/// question mark opened it (rather than `and`, `then`, `;`).
struct Clause {
    words: Vec<String>,
    after_stop: bool,
}

/// The line's clauses: words in quotes and after a colon are dropped (a
/// text, not a clause).
fn clauses(line: &str) -> Vec<Clause> {
    let mut out: Vec<Clause> = vec![Clause {
        words: Vec::new(),
        after_stop: false,
    }];
    let mut quote: Option<char> = None;
    let mut word = String::new();
    let open = |out: &mut Vec<Clause>, after_stop: bool| {
        out.push(Clause {
            words: Vec::new(),
            after_stop,
        })
    };
    let flush = |word: &mut String, out: &mut Vec<Clause>| {
        if !word.is_empty() {
            let w = core::mem::take(word);
            let joiner = |w: &str| matches!(w, "and" | "then" | "also" | "plus");
            // `and then` opens one clause.
            if joiner(&w)
                && !out
                    .last()
                    .is_some_and(|c| c.words.iter().all(|x| joiner(x)))
            {
                open(out, false);
            }
            if let Some(last) = out.last_mut() {
                last.words.push(w);
            }
        }
    };
    let chars: Vec<char> = line.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        let opens = matches!(c, '"' | '\u{201c}')
            || (c == '\'' && (i == 0 || !chars[i - 1].is_alphanumeric()));
        if opens {
            flush(&mut word, &mut out);
            quote = Some(if c == '\u{201c}' { '\u{201d}' } else { c });
            continue;
        }
        match c {
            ':' => {
                flush(&mut word, &mut out);
                break;
            }
            // (A text announced by `saying`: `create a file called
            // steps.txt saying delete the todo then reboot`.)
            c if c.is_whitespace()
                && matches!(word.as_str(), "saying" | "containing" | "reading") =>
            {
                break;
            }
            ';' | ',' | '&' => {
                flush(&mut word, &mut out);
                // (`also, delete hello.txt` is one clause.)
                let lead_only = out
                    .last()
                    .is_some_and(|c| c.words.iter().all(|w| LEAD.contains(&w.as_str())));
                if !lead_only {
                    open(&mut out, false);
                }
            }
            // A full stop ends a sentence only before a space (`hello.txt`
            // is a name).
            '.' | '!' | '?' if chars.get(i + 1).is_none_or(|n| n.is_whitespace()) => {
                flush(&mut word, &mut out);
                open(&mut out, true);
            }
            c if c.is_alphanumeric() || matches!(c, '\'' | '/' | '.' | '-' | '_') => {
                word.extend(c.to_lowercase());
            }
            _ => flush(&mut word, &mut out),
        }
    }
    flush(&mut word, &mut out);
    out.retain(|c| !c.words.is_empty());
    out
}

/// The verb a clause opens with after its leading words, and what follows.
fn opening(clause: &[String]) -> Option<(Kind, &[String])> {
    // (`i` only before a word that asks: `i want to delete …`, not `i put
    // songs there`.)
    let at = (0..clause.len()).find(|&i| {
        let w = clause[i].as_str();
        let i_asks = matches!(w, "i" | "we")
            && clause
                .get(i + 1)
                .is_some_and(|n| LEAD.contains(&n.as_str()) && n != "to");
        !(LEAD.contains(&w) || i_asks)
    })?;
    if idle(clause, at) {
        return None;
    }
    // `back up the notes` copies them.
    if clause[at] == "back" && clause.get(at + 1).is_some_and(|w| w == "up") {
        return Some((Kind::Copy, &clause[at + 2..]));
    }
    let k = kind(&clause[at])?;
    Some((k, &clause[at + 1..]))
}

/// What a clause asks: the kind of the verb it opens with (after polite
/// words), `Some(None)` for a question (`what time is it`, `does the photo
/// list have a BOM`), `None` for anything else (`the photo list is
/// missing one`, `i put songs there`).
fn asks(clause: &[String]) -> Option<Option<Kind>> {
    if let Some((k, _)) = opening(clause) {
        return Some(Some(k));
    }
    ASKING.contains(&clause[0].as_str()).then_some(None)
}

/// Whether the object is only the first clause's thing again (`it`,
/// `them`) or nothing at all.
fn same_thing(rest: &[String]) -> bool {
    // (`open the readme and read it to me`.)
    // (Not sent elsewhere: `copy the readme to docs, then copy it to
    // logs` is two copies.)
    let sent = rest.windows(2).any(|p| {
        matches!(p[0].as_str(), "to" | "into" | "onto" | "as" | "in")
            && !matches!(p[1].as_str(), "me" | "us")
    });
    if rest
        .first()
        .is_some_and(|w| matches!(w.as_str(), "it" | "them" | "that" | "this"))
        && !sent
    {
        return true;
    }
    rest.iter()
        .filter(|w| {
            !matches!(
                w.as_str(),
                "it" | "them" | "that" | "up" | "down" | "please" | "pls" | "too" | "again"
            )
        })
        .count()
        == 0
}

/// Whether `line` asks for two commands (module docs).
pub fn two_requests(line: &str) -> bool {
    if chains(line) {
        return true;
    }
    let cs = clauses(line);
    for (at, pair) in cs.windows(2).enumerate() {
        let (first, second) = (&pair[0].words, &pair[1].words);
        let Some(before) = asks(first) else {
            continue;
        };
        // (`Do a copy of the guide and put it in …`: the copy asked.)
        let before = before.or_else(|| {
            first
                .iter()
                .any(|w| matches!(w.as_str(), "copy" | "duplicate" | "backup"))
                .then_some(Kind::Copy)
        });
        // `copy and paste the faq into docs` is one copy.
        if second.iter().any(|w| w == "paste") {
            continue;
        }
        if let Some((k, rest)) = opening(second) {
            if before == Some(k) && same_thing(rest) {
                continue;
            }
            // (`open the docs folder and show me what's inside`: one look.)
            if before == Some(k)
                && matches!(k, Kind::Read | Kind::List)
                && rest.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "it" | "them" | "inside" | "what's" | "whats" | "contents" | "there"
                            // (`Show me the guide, I want to read the part
                            // about the Tab key`.)
                            | "part"
                            | "bit"
                            | "section"
                    )
                })
            {
                continue;
            }
            // A last clause that adds the text after a colon is the
            // request, what comes before it the occasion (`show notes
            // time, append to notes: [00:14:32] …`).
            if k == Kind::Put && at + 2 == cs.len() && line.contains(':') {
                continue;
            }
            // A power verb stands alone; any other needs its thing.
            if k != Kind::Power && k != Kind::Clear && rest.is_empty() {
                continue;
            }
            // A question, then what to do about it (`what changed in 0.1?
            // show the release notes`, `where can i keep my screenshots?
            // make a folder screenshots`): one request. Joined by `and`, a
            // change is a second one (`tell me the time and reboot`).
            let joined = matches!(second[0].as_str(), "and" | "then" | "also" | "plus");
            if before.is_none() && (!joined || matches!(k, Kind::Read | Kind::List | Kind::Say)) {
                continue;
            }
            // Steps of one command, the second on the first's thing (`make
            // a file plan.txt and write in it …`, `make a copy of the notes
            // and put it in docs`, `erase the readme and write hello
            // instead`).
            // (`… and put eggs and those biscuits in it`: the `it` may be
            // a clause on.)
            let later = cs[at + 2..].iter().flat_map(|c| c.words.iter());
            // (`duplicate the boot log, put the copy in DOCS`.)
            let the_copy = rest.windows(2).any(|p| p[0] == "the" && p[1] == "copy");
            let back = the_copy
                || rest
                    .iter()
                    .chain(later)
                    .any(|w| matches!(w.as_str(), "it" | "them" | "inside" | "instead" | "there"));
            let it_first = rest.first().is_some_and(|w| w == "it");
            // (A folder made and a file moved into it are two: `make a
            // folder called archive and move the notes into it`.)
            let copy_made = first.iter().any(|w| w == "copy");
            let builds = match (before, k) {
                (Some(Kind::Make), Kind::Put) => true,
                (Some(Kind::Make), Kind::Move | Kind::Copy) => copy_made,
                (Some(Kind::Clear | Kind::Remove | Kind::Put), Kind::Put | Kind::Make) => true,
                (Some(Kind::Copy | Kind::Move), Kind::Put | Kind::Move) => true,
                // (`rename the photo list, make it ramp-photos.txt`: its
                // new name.)
                (Some(Kind::Copy | Kind::Move), Kind::Make) => it_first,
                // (`put the guide somewhere more obvious, move it up to the
                // top folder`: where, said again.)
                (Some(Kind::Put), Kind::Move) => first.iter().any(|w| w == "somewhere"),
                // (`show the time, echo it back to me`: the one showing.)
                (Some(Kind::Read), Kind::Say) => it_first,
                // (`open the notes and write hello in them`: the writing.)
                (Some(Kind::Read), Kind::Put) => true,
                _ => false,
            };
            if back && builds {
                continue;
            }
            return true;
        }
        // A change, then a question (`reboot. also, what time is it?`).
        let question = second
            .iter()
            .find(|w| !LEAD.contains(&w.as_str()))
            .is_some_and(|w| ASKING.contains(&w.as_str()) && w != "give");
        let joined = matches!(second[0].as_str(), "and" | "then" | "also" | "plus");
        if question
            && (pair[1].after_stop || joined)
            && matches!(before, Some(Kind::Power | Kind::Remove))
        {
            return true;
        }
        // `make a folder called new and a file called x`.
        let names_another = matches!(
            second.as_slice(),
            [j, a, kind, called, ..]
                if j == "and"
                    && matches!(a.as_str(), "a" | "an" | "another")
                    && matches!(kind.as_str(), "file" | "folder" | "directory")
                    && matches!(called.as_str(), "called" | "named")
        );
        if names_another && before == Some(Kind::Make) {
            return true;
        }
        // `write hi to a.txt and bye to b.txt`, `copy a to b and c to d`:
        // a second thing sent somewhere else.
        let sends = |c: &[String]| {
            c.iter()
                .position(|w| matches!(w.as_str(), "to" | "into"))
                .is_some_and(|i| i > 1 && i + 1 < c.len())
        };
        if matches!(before, Some(Kind::Copy | Kind::Move | Kind::Put))
            && !pair[1].after_stop
            && matches!(second[0].as_str(), "and" | "then" | "also" | "plus")
            && sends(first)
            && sends(second)
        {
            return true;
        }
    }
    false
}

/// Whether `line` chains commands as a Unix shell does: `&&` or `||`
/// outside quotes, or `;` before a command's name (`ls; cat /TODO.TXT`,
/// `echo hi; reboot`). A semicolon in prose or SQL (`… the kernel's
/// messages; I'd like …`, `DROP TABLE hello;`) chains nothing.
pub fn chains(line: &str) -> bool {
    const COMMANDS: &[&str] = &[
        "rm", "ls", "cat", "cp", "mv", "echo", "mkdir", "reboot", "shutdown", "clear", "del",
        "dir", "type", "copy", "move", "ren", "rmdir", "touch", "head", "tail", "less", "more",
        "date", "uptime", "mem", "log", "lspci", "hexdump", "write", "append", "halt", "poweroff",
        "sudo", "cd", "pwd", "free", "df",
    ];
    let mut quote = None;
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'"' => quote = Some(c),
            None if c == b';' => {
                let next = line[i + 1..].split_whitespace().next().unwrap_or("");
                if COMMANDS.contains(&next.to_ascii_lowercase().as_str()) {
                    return true;
                }
            }
            None if (c == b'&' || c == b'|') && b.get(i + 1) == Some(&c) => return true,
            None => {}
        }
    }
    false
}

/// What the machine's own applets tell about, by the words people use:
/// two of them asked together (`show me the memory and the cpu`, `check
/// disk space and memory`) are two requests, as two files are.
const SUBJECTS: &[&[&str]] = &[
    &["memory", "ram"],
    &["cpu", "processor"],
    &["disk", "storage", "space"],
    &["uptime"],
    &["date", "time", "day"],
    &["pci", "devices"],
    &["history"],
];

/// Whether the line asks about two of the machine's subjects side by side
/// ([`SUBJECTS`]); not where the words are a text put somewhere.
pub fn asks_two_subjects(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let puts = lower.contains(['"', '\'', ':'])
        || lower.split_whitespace().any(|w| {
            matches!(
                w,
                "add" | "write" | "append" | "put" | "echo" | "say" | "note" | "jot" | "print"
            )
        });
    if puts {
        return false;
    }
    let names: Vec<Vec<String>> = SUBJECTS
        .iter()
        .map(|g| g.iter().map(|w| String::from(*w)).collect())
        .collect();
    names_two(line, &names)
}

/// Whether the line asks two questions, joined by `and`, each about
/// another of the machine's subjects (`what time is it and how much memory
/// is free`, `what's the date and how long has it been up`): further apart
/// than [`names_two`] looks.
pub fn asks_two_questions(line: &str) -> bool {
    const ASKS: &[&str] = &[
        "what", "whats", "what's", "how", "hows", "how's", "which", "when", "is", "are", "does",
        "do", "show", "tell", "give",
    ];
    // `how long has it been up` asks the uptime in words of its own.
    let subject = |part: &str| -> Option<usize> {
        let w: Vec<&str> = part
            .split_whitespace()
            .map(|x| x.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\''))
            .collect();
        if part.contains("how long") && (part.contains(" up") || part.contains(" on")) {
            return Some(3);
        }
        SUBJECTS
            .iter()
            .position(|g| w.iter().any(|x| g.contains(x)))
    };
    let lower = line.to_ascii_lowercase();
    if lower.contains(['"', ':']) {
        return false;
    }
    let Some((first, second)) = lower.split_once(" and ") else {
        return false;
    };
    let opens_asking = |part: &str| {
        part.split_whitespace()
            .next()
            .is_some_and(|x| ASKS.contains(&x))
    };
    opens_asking(first.trim_start_matches(|c: char| !c.is_ascii_alphabetic()))
        && opens_asking(second)
        && matches!((subject(first), subject(second)), (Some(a), Some(b)) if a != b)
}

/// Whether the line asks about one of the machine's subjects and, joined
/// by `and` or `also`, about a file (`how much space is left and show me
/// the notes`, `is the disk full? also open the meeting notes`, `what's
/// plugged in, and how big is the hello file`): two requests, of which one
/// would run. `file_word` says which words refer to a file.
pub fn machine_and_file(line: &str, file_word: &dyn Fn(&str) -> bool) -> bool {
    // Beyond [`SUBJECTS`], how people ask those things in other words.
    const MORE: &[&str] = &["room", "plugged", "cpus", "chip", "gigabytes", "clock"];
    let lower = line.to_ascii_lowercase();
    if lower.contains(['"', ':']) {
        return false;
    }
    let words = |part: &str| -> Vec<String> {
        part.split_whitespace()
            .map(|x| {
                x.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
                    .into()
            })
            .filter(|x: &String| !x.is_empty())
            .collect()
    };
    let machine = |w: &[String]| {
        w.iter()
            .any(|x| MORE.contains(&x.as_str()) || SUBJECTS.iter().any(|g| g.contains(&x.as_str())))
            || w.windows(2).any(|p| p[0] == "how" && p[1] == "long")
    };
    let filed = |w: &[String]| {
        w.iter().any(|x| {
            matches!(
                x.as_str(),
                "file" | "files" | "folder" | "folders" | "document" | "documents"
            ) || file_word(x)
        })
    };
    // Each part asks (`the file telling to use the Up and Down keys for
    // history, open it` is one request).
    let asks = |w: &[String]| {
        w.iter()
            .find(|x| !matches!(x.as_str(), "then" | "also" | "please" | "and" | "now"))
            .is_some_and(|x| {
                matches!(
                    x.as_str(),
                    "what"
                        | "whats"
                        | "what's"
                        | "how"
                        | "hows"
                        | "how's"
                        | "which"
                        | "when"
                        | "is"
                        | "are"
                        | "does"
                        | "do"
                        | "show"
                        | "tell"
                        | "give"
                        | "list"
                        | "open"
                        | "read"
                        | "display"
                        | "check"
                        | "print"
                        | "view"
                        | "can"
                        | "could"
                        | "where"
                )
            })
    };
    [" and ", " also "].iter().any(|sep| {
        lower.match_indices(sep).any(|(at, _)| {
            let (a, b) = (words(&lower[..at]), words(&lower[at + sep.len()..]));
            asks(&a)
                && asks(&b)
                && ((machine(&a) && !filed(&a) && filed(&b) && !machine(&b))
                    || (filed(&a) && !machine(&a) && machine(&b) && !filed(&b)))
        })
    })
}

/// Whether the line gives one job two of what it takes one of: two names
/// typed with their extensions joined by `and` (`write hi to a.txt and to
/// b.txt`), two quoted texts (`add "eggs" to the todo and "milk" to the
/// notes`), or a second thing added at the end (`copy the guide to logs
/// and the faq too`). Whichever ran would be half of what was asked.
pub fn two_of_one(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let w: Vec<&str> = lower
        .split_whitespace()
        .map(|x| x.trim_matches(|c: char| matches!(c, ',' | '!' | '?' | ';' | '"' | '\'')))
        .collect();
    let named = |x: &str| crate::ground::ends_with_extension(x);
    let two_names = w.iter().enumerate().any(|(i, x)| {
        named(x)
            && matches!(w.get(i + 1), Some(&"and") | Some(&"or"))
            && match w.get(i + 2) {
                Some(&"to") | Some(&"into") => w.get(i + 3).is_some_and(|y| named(y)),
                Some(y) => named(y),
                None => false,
            }
    });
    // `write in a.txt hello and in b.txt bye`: two names each sent to,
    // with `and` between them.
    let sent: Vec<usize> = (1..w.len())
        .filter(|&i| named(w[i]) && matches!(w[i - 1], "in" | "into" | "to" | "onto"))
        .collect();
    let two_sent = sent.windows(2).any(|p| {
        w[p[0]] != w[p[1]] && w[p[0] + 1..p[1]].iter().any(|x| matches!(*x, "and" | "or"))
    });
    let two_names = two_names || two_sent;
    let quotes = line.matches('"').count();
    let two_texts = quotes >= 4 && {
        let mut parts = line.split('"');
        parts.next();
        // The words between the first text's end and the second's start.
        let _first = parts.next();
        parts.next().is_some_and(|between| {
            between
                .split_whitespace()
                .any(|x| x.eq_ignore_ascii_case("and"))
        })
    };
    // `… and the faq too`: a short thing named after the last `and`.
    // (Past a closing `please`: `…, and the date too please`.)
    let end = w
        .iter()
        .rposition(|x| !matches!(*x, "please" | "pls" | "thanks" | "thx"))
        .map_or(0, |i| i + 1);
    let w = &w[..end];
    let added_at_end = matches!(w.last(), Some(&"too"))
        && w.iter().rposition(|x| *x == "and").is_some_and(|a| {
            let between = w.len() - a - 2;
            (1..=3).contains(&between) && matches!(w[a + 1], "the" | "my" | "our")
        });
    two_names || two_texts || added_at_end
}

/// Words that may stand between two things named together (`the todo
/// and the notes`, `hello.txt or readme.txt`, `the logs folder and the
/// docs folder`).
const BETWEEN: &[&str] = &[
    "and",
    "or",
    "then",
    "the",
    "my",
    "a",
    "also",
    "plus",
    "folder",
    "file",
    "directory",
    "dir",
    "both",
    "usage",
    "info",
    "free",
    "used",
    "either",
    "too",
    // A kind said after a name (`the todo list and the notes`).
    "list",
    "lists",
    "files",
    "document",
];

/// Whether the line names two of the things in `names` (each a live path's
/// name words, lower case) side by side, joined by `and`, `or`, a comma or
/// `&` (`delete the todo and the notes`, `show me the photo list and the
/// meeting notes`): every command here takes one, so whichever ran would be
/// half of what was asked.
pub fn names_two(line: &str, names: &[Vec<String>]) -> bool {
    let line = line.replace(" + ", " and ");
    let cs = clauses(&line);
    // The clauses' words in one run, a break marked by an empty word.
    let mut ws: Vec<&str> = Vec::new();
    for c in &cs {
        if !ws.is_empty() {
            ws.push("");
        }
        ws.extend(c.words.iter().map(String::as_str));
    }
    let same = |a: &str, b: &str| {
        let a = a.trim_end_matches(".txt");
        a == b || a.strip_suffix('s') == Some(b) || b.strip_suffix('s') == Some(a)
    };
    // Where each thing is named: its first and last word. A word of a
    // longer name named there is that name's (`the notes and the meeting
    // notes`: the second `notes` is the meeting notes').
    let at_of = |n: &Vec<String>| -> Vec<usize> {
        (0..ws.len())
            .filter(|&i| n.iter().any(|x| same(ws[i], x)))
            .collect()
    };
    let longer_at = |n: &Vec<String>, i: usize| {
        names.iter().any(|m| {
            m.len() > n.len()
                && m.iter().all(|x| ws.iter().any(|w| same(w, x)))
                && i >= 1
                && m.iter().any(|x| same(ws[i - 1], x))
        })
    };
    let spans: Vec<(usize, usize)> = names
        .iter()
        .filter_map(|n| {
            let at: Vec<usize> = at_of(n).into_iter().filter(|&i| !longer_at(n, i)).collect();
            Some((*at.first()?, *at.last()?))
        })
        .collect();
    spans.iter().enumerate().any(|(i, a)| {
        spans.iter().skip(i + 1).any(|b| {
            let (x, y) = if a.1 < b.0 {
                (a, b)
            } else if b.1 < a.0 {
                (b, a)
            } else {
                return false;
            };
            let gap = &ws[x.1 + 1..y.0];
            gap.iter().any(|w| matches!(*w, "and" | "or" | "then" | ""))
                && gap.iter().all(|w| w.is_empty() || BETWEEN.contains(w))
        })
    })
}

/// Whether the line is two applets' names and nothing else but the words
/// that join them (`cpu mem`, `ls and df`, `cpu, mem`); side by side with
/// no joining word only names that never modify a noun (`cpu model?`
/// asks about the cpu).
pub fn names_two_applets(line: &str, is_applet: &dyn Fn(&str) -> bool) -> bool {
    let ws: Vec<String> = line
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let joining = |w: &str| matches!(w, "and" | "then" | "plus" | "also");
    let joined = line.contains(',')
        || ws.iter().any(|w| joining(w))
        || ws.iter().all(|w| {
            matches!(
                w.as_str(),
                "ls" | "df" | "cpu" | "mem" | "lspci" | "uptime" | "clear"
            )
        });
    ws.iter().filter(|w| is_applet(w)).count() >= 2
        && joined
        && ws.iter().all(|w| is_applet(w) || joining(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_machine_question_and_a_file_are_two_requests() {
        let file = |w: &str| matches!(w, "notes" | "readme" | "guide" | "hello" | "todo");
        for line in [
            "how much space is left and show me the notes",
            "what's plugged in, and how big is the hello file",
            "is the disk full? also open the meeting notes",
            "list my files and tell me how much room is left",
        ] {
            assert!(machine_and_file(line, &file), "{line}");
        }
        for line in [
            "the file telling to use the Up and Down keys for history, open it",
            "list files sorted by date and size",
            "show me the notes from monday and tuesday",
            "what time is it and how much memory is free",
            "add to the notes: check disk space and memory",
        ] {
            assert!(!machine_and_file(line, &file), "{line}");
        }
    }

    /// A second clause that says the first's thing again (`the copy`,
    /// `make it …` of a rename, a part of the file read, `somewhere` then
    /// where) is one request; a second copy or a folder then a move are
    /// still two.
    #[test]
    fn a_clause_on_the_first_ones_thing_is_one_request() {
        for line in [
            "duplicate the notes, put the copy in DOCS",
            "rename the todo, make it tasks.txt",
            "Show me the guide, I want to read the part about history",
            "Do a copy of the faq and put it in the logs folder",
            "put the notes somewhere safer, move them to docs",
            "show the date, echo it back to me",
        ] {
            assert!(!two_requests(line), "{line}");
        }
        for line in [
            "copy the readme to docs, then copy it to logs",
            "make a folder called archive and move the notes into it",
            "show the notes and delete the readme",
        ] {
            assert!(two_requests(line), "{line}");
        }
    }

    #[test]
    fn two_applets_names_alone_are_two_requests() {
        let applet = |w: &str| matches!(w, "cpu" | "mem" | "ls" | "df" | "model");
        for line in ["cpu mem", "ls and df", "cpu, mem"] {
            assert!(names_two_applets(line, &applet), "{line}");
        }
        for line in ["cpu model?", "cpu", "show cpu and mem usage"] {
            assert!(!names_two_applets(line, &applet), "{line}");
        }
    }

    #[test]
    fn two_commands_in_one_line_are_two_requests() {
        for line in [
            "show the todo; rm /NOTES.TXT",
            "show me the guide. also, delete hello.txt",
            "move the faq to the root and delete the guide",
            "tell me the time and reboot",
            "make a folder called new and a file called x",
            "delete the todo and then show the notes",
            "copy the faq to docs, then delete the guide",
            "what time is it and shut down",
            "list the docs folder plus show the readme",
            "write hi to a.txt and bye to b.txt",
            "copy a.txt to b.txt and c.txt to d.txt",
            "cat /TODO.TXT && rm /TODO.TXT",
            "first list the docs, second delete the faq",
            "make a folder called archive and move the notes into it",
        ] {
            assert!(two_requests(line), "{line}");
        }
    }

    #[test]
    fn one_request_with_and_is_one() {
        for line in [
            "add milk and eggs to the todo",
            "open the faq and read it",
            "shut down and restart",
            "copy and paste the faq into docs",
            "write \"show the todo and delete it\" to notes.txt",
            "todo: show the notes, then delete them",
            "hi there. show me the todo",
            "the notes are old. delete them",
            "make a folder and call it pics",
            "copy the faq and name it faq2.txt",
            "add 'call mom and then reboot the router' to the todo",
            "delete the readme, no wait, the faq",
            "make sure the notes are there and show them",
            "and show the todo",
            "where can i keep my screenshots? make a folder screenshots",
            "make a file plan.txt and write in it: Monday gym",
            "Kindly make a copy of the meeting notes and put it in the DOCS folder",
            "erase whats in the readme and write hello instead",
            "shut up and show me the notes",
            "does the photo list have a BOM at the start? show its first 8 bytes",
            "what is the readme and can you open it for me",
            "how fast can the model go? put it through its paces",
            "the file HELLO.TXT should now be called Welcome.txt; could you rename it for me?",
            "can you make a file called shopping.txt and put eggs and those biscuits in it",
            "the docs folder has some release notes in it and i want to rename them",
            "The screen is rather crowded; would you clear it, please.",
        ] {
            assert!(!two_requests(line), "{line}");
        }
    }
}

#[cfg(test)]
mod names_two_tests {
    use super::*;
    use alloc::string::ToString;

    fn names(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter()
            .map(|n| n.iter().map(|w| w.to_string()).collect())
            .collect()
    }

    #[test]
    fn two_things_named_together_are_two_requests() {
        let n = names(&[
            &["todo"],
            &["notes"],
            &["meeting", "notes"],
            &["logs"],
            &["docs"],
        ]);
        for line in [
            "delete the todo and the notes",
            "show me the notes and the todo please",
            "list the logs folder and the docs folder",
            "delete the notes, the todo",
        ] {
            assert!(names_two(line, &n), "{line}");
        }
        for line in [
            "copy the todo to the docs folder",
            "add milk and eggs to the todo",
            "show the todo",
            "move the notes into logs",
        ] {
            assert!(!names_two(line, &n), "{line}");
        }
    }
}
