//! The words of a request that say what kind of thing it asks: questions
//! about the machine or the world, changes, readings, texts to say or put
//! somewhere, discards. Each predicate reads the line as typed or as the
//! speller read it; [`super::propose`] weighs them against the two paths.

use alloc::string::String;
use alloc::vec::Vec;

use crate::ground::{self, Grounded};
use command::Role;

/// `line` without the texts it quotes, as the words-only reader learnt
/// its lines (the texts of its write requests cut out): `put the sentence
/// "The meeting is cancelled" into cancel.txt` is about a write, not a
/// meeting. A quoted file name (`"meeting notes.txt"`) stays.
pub(super) fn without_quoted_text(line: &str) -> alloc::borrow::Cow<'_, str> {
    let mut out = alloc::string::String::new();
    let mut rest = line;
    let mut cut = false;
    while let Some(open) = rest.find('"') {
        let Some(len) = rest[open + 1..].find('"') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        let names_file = inner.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=4).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        });
        out.push_str(&rest[..open]);
        if names_file {
            out.push_str(&rest[open..open + len + 2]);
        } else {
            cut = true;
        }
        rest = &rest[open + len + 2..];
    }
    if !cut {
        return alloc::borrow::Cow::Borrowed(line);
    }
    out.push_str(rest);
    alloc::borrow::Cow::Owned(out)
}

/// Whether the request asks for something to be made: a word that only a
/// request to create a file or folder, or to copy, move or rename one to a
/// new name, uses (`Copy Readme.Txt To Readme.Bak`).
pub(super) fn asks_to_make(request: &str) -> bool {
    any_word(
        request,
        &[
            "create",
            "make",
            "prepare",
            "new",
            "save",
            "store",
            "start",
            "copy",
            "duplicate",
            "backup",
            "rename",
            "move",
        ],
    )
}

/// Whether the request asks for something to be written into a file: a
/// word such a request uses (`add eggs to list.txt`, `jot down …`), or a
/// shell's redirection (`hi > a.txt`).
pub(super) fn asks_to_write(request: &str) -> bool {
    request.contains('>')
        || any_word(
            request,
            &[
                "write",
                "put",
                "add",
                "append",
                "note",
                "jot",
                "record",
                "tack",
                "type",
                "enter",
                "insert",
                "paste",
                "saying",
                "containing",
                "says",
                "say",
            ],
        )
}

/// What a request asks first: a change only a write does, or to see
/// something (with its verb), or a question (`what`, `how`, …).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ask {
    Change,
    See(&'static str),
    Question,
}

/// Whether the words from `w[i]` say a change only a write does: a file
/// deleted, renamed, moved or copied, or the machine restarted or turned
/// off (`delete`, `getting rid of`, `let go of`, `shut it down`). `make`,
/// `add`, `write`, `wipe` and `erase` are left to the readers: `make the
/// screen clean` and `wipe the screen` clear it.
pub(super) fn change_at(w: &[alloc::string::String], i: usize) -> bool {
    let at = |k: usize| w.get(k).map_or("", |x| x.as_str());
    match at(i) {
        "delete" | "deleting" | "remove" | "removing" | "rename" | "renaming" | "del" | "rm"
        | "trash" | "restart" | "reboot" | "shutdown" | "move" | "copy" => true,
        "shut" | "turn" | "switch" | "power" => {
            matches!(at(i + 1), "off" | "down") || matches!(at(i + 2), "off" | "down")
        }
        // (Adding words to a file, not adding up: `add the line Saturn
        // rings open … to the notes` had read as opening them.)
        "add" | "append" | "insert" => !matches!(at(i + 1), "up" | "together"),
        "get" | "getting" => at(i + 1) == "rid",
        "let" => at(i + 1) == "go" && at(i + 2) == "of",
        _ => false,
    }
}

/// The request's words in lower case.
pub(super) fn lower_words(request: &str) -> Vec<alloc::string::String> {
    words(request)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect()
}

/// The request's words, lowercased, in sentences: a comma before a new
/// subject (`show me the notes, I need them for the meeting`) starts one.
pub(super) fn subject_clauses(request: &str) -> Vec<Vec<alloc::string::String>> {
    let mut out = alloc::vec![Vec::new()];
    let mut comma = false;
    for raw in request.split_whitespace() {
        let w: alloc::string::String = raw
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_ascii_lowercase();
        let subject = crate::ground::SUBJECTS.contains(&w.as_str());
        if comma && subject {
            out.push(Vec::new());
        }
        comma = raw.ends_with(',');
        if let Some(last) = out.last_mut() {
            last.extend(lower_words(&w));
        }
    }
    out
}

/// The change a line opens by asking, past its politeness (`delete …`,
/// `please copy …`, `rename …`), or a file to be shown (`show …`).
pub(super) fn opened_as(asked: &str) -> Option<command::Role> {
    let opening = lower_words(asked)
        .into_iter()
        .find(|x| !is_politeness(x))
        .unwrap_or_default();
    match opening.as_str() {
        "delete" | "remove" | "erase" | "rm" | "del" | "trash" => Some(command::Role::Remove),
        "copy" | "duplicate" | "cp" => Some(command::Role::Copy),
        "move" | "mv" | "rename" => Some(command::Role::Move),
        // (`print` may send a text into a file: a write is no other
        // change than it.)
        "show" | "open" | "view" | "display" | "cat" | "print" | "read" => {
            Some(command::Role::ShowText)
        }
        _ => None,
    }
}

/// Whether the line tells what a file says and asks nothing (`the boot log
/// says nothing has been written yet, interesting`, `the hello file just
/// says hello, funny`): a remark about a text, not one to write. Not a
/// file described by it (`a file that says hello`), nor a line with a verb
/// that asks for a change or a wish (`make the todo say …`, `the todo
/// should say …`), nor a question.
pub(super) fn tells_what_a_file_says(asked: &str) -> bool {
    let w = lower_words(&without_quoted_text(asked));
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    const ASKS: &[&str] = &[
        "write",
        "put",
        "add",
        "append",
        "make",
        "create",
        "change",
        "replace",
        "set",
        "update",
        "overwrite",
        "save",
        "jot",
        "note",
        "record",
        "type",
        "enter",
        "insert",
        "edit",
        "fix",
        "correct",
        "should",
        "must",
        "need",
        "needs",
        "want",
        "let",
        "can",
        "could",
        "would",
        "please",
        "pls",
        "new",
        "echo",
        "print",
        "show",
        "say",
    ];
    if matches!(
        at(0),
        "what" | "whats" | "which" | "does" | "do" | "did" | "is" | "how" | "why" | "where"
    ) {
        return false;
    }
    // (Words after the verb are what the file says: `the faq says the
    // model can change my files` asks no change.)
    w.iter().enumerate().any(|(i, x)| {
        let verb = matches!(x.as_str(), "says" | "reads")
            // (`my notes say …`; not `to say`, `make them say`.)
            || (x == "say"
                && i >= 2
                && (at(i - 1).ends_with('s') || at(i - 1) == "notes")
                && !matches!(at(i - 1), "does" | "this" | "his" | "its" | "us" | "always"));
        verb && !w[..i].iter().any(|x| ASKS.contains(&x.as_str())) && {
            let mut j = i;
            while j > 0
                && matches!(
                    at(j - 1),
                    "just"
                        | "only"
                        | "still"
                        | "already"
                        | "now"
                        | "currently"
                        | "literally"
                        | "basically"
                        | "apparently"
                        | "actually"
                        | "also"
                )
            {
                j -= 1;
            }
            j >= 2 && !matches!(at(j - 1), "that" | "which" | "who" | "it" | "what")
        }
    })
}

/// The text after `make … say` (or `read`, `contain`) to the end of its
/// clause, as typed, its quotes taken off (`make the todo say buy milk,
/// I've done everything else` → `buy milk`).
pub(super) fn said_after_make(asked: &str) -> Option<alloc::string::String> {
    let lower = asked.to_ascii_lowercase();
    let make = lower.find("make ").or_else(|| lower.find("have "))?;
    let rest = &lower[make..];
    let (at, verb) = [" say ", " read ", " contain "]
        .iter()
        .filter_map(|v| rest.find(v).map(|i| (i, v.len())))
        .min()?;
    let start = make + at + verb;
    let tail = &asked[start..];
    let quoted = tail.trim_start().starts_with(['"', '\'']);
    let text = if quoted {
        let t = tail.trim_start();
        let q = t.chars().next()?;
        let end = t[1..].find(q)?;
        &t[1..=end]
    } else {
        let end = tail.find([',', ';', '.', '!', '?']).unwrap_or(tail.len());
        tail[..end].trim()
    };
    (!text.trim().is_empty()).then(|| alloc::string::String::from(text.trim()))
}

/// Whether the line's first word past politeness asks to see (`open …`,
/// `please show …`); not `print` or `cat`, which also send a text into a
/// file.
pub(super) fn opens_to_see(asked: &str) -> bool {
    lower_words(asked)
        .into_iter()
        .find(|x| !is_politeness(x))
        .is_some_and(|x| matches!(x.as_str(), "open" | "show" | "view" | "display" | "read"))
}

/// What the request asks first, past `can you` and `could you` (`i want
/// to delete the boot log because …` asks a change; `Could you display the
/// release notes` to see; `how do i delete` a question).
pub(super) fn first_ask(request: &str) -> Option<Ask> {
    const SEE: &[&str] = &[
        "show", "open", "read", "see", "view", "display", "print", "list", "cat", "look", "check",
        "tell", "produce", "fetch", "retrieve",
    ];
    let w = lower_words(request);
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    for i in 0..w.len() {
        if change_at(&w, i) {
            return Some(Ask::Change);
        }
        if let Some(v) = SEE.iter().find(|v| **v == at(i)) {
            return Some(Ask::See(v));
        }
        // Handing over to the person is showing (`give us the readme`,
        // `gimme the todo`).
        if (at(i) == "give" && matches!(at(i + 1), "me" | "us")) || at(i) == "gimme" {
            return Some(Ask::See("give"));
        }
        let question = matches!(
            at(i),
            "what"
                | "whats"
                | "which"
                | "where"
                | "how"
                | "who"
                | "when"
                | "why"
                | "is"
                | "are"
                | "does"
                | "do"
                | "did"
                | "can"
                | "could"
        );
        if question && !(matches!(at(i), "can" | "could" | "do") && at(i + 1) == "you") {
            return Some(Ask::Question);
        }
    }
    None
}

/// Whether each word `fixed` corrects in `typed` gained, lost or swapped
/// a letter rather than changed one in a short word: `guid` is the guide,
/// but `legs` is no slip of `logs`, nor `boat` of `boot`.
pub(super) fn no_letter_changed_in_a_short_word(typed: &str, fixed: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        typed.split_whitespace().collect(),
        fixed.split_whitespace().collect(),
    );
    a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            // (A digit read as the letter it looks like is no changed
            // letter: `he11o` is `hello`.)
            // (Both sides alike: a number stays a number.)
            let as_letters = |w: &str| -> String {
                w.to_ascii_lowercase()
                    .chars()
                    .map(|c| match c {
                        '0' => 'o',
                        '1' => 'l',
                        '3' => 'e',
                        '4' => 'a',
                        c => c,
                    })
                    .collect()
            };
            let (x, y) = (as_letters(x), as_letters(y));
            let changed = x.len() == y.len() && x != y;
            let transposed = changed && {
                let d: Vec<usize> = (0..x.len())
                    .filter(|&i| x.as_bytes()[i] != y.as_bytes()[i])
                    .collect();
                d.len() == 2
                    && d[1] == d[0] + 1
                    && x.as_bytes()[d[0]] == y.as_bytes()[d[1]]
                    && x.as_bytes()[d[1]] == y.as_bytes()[d[0]]
            };
            !changed || transposed || x.len() >= 6
        })
}

/// Whether `clear my <thing>` names a thing of the person's that is no
/// screen (`clear my browser history`, `clear my mind`); `clear my screen`
/// and its slips (`clear my scren`) are the screen.
pub(super) fn clears_something_else(request: &str) -> bool {
    let w = lower_words(request);
    w.windows(3).any(|p| {
        p[0] == "clear"
            && matches!(p[1].as_str(), "my" | "our")
            && ![
                "screen", "console", "display", "terminal", "output", "monitor",
            ]
            .iter()
            .any(|s| ground::edit_distance(s, &p[2]) <= 2)
    })
}

/// Whether the line asks to change what an applet of `role` only shows:
/// the disk formatted (`format the disk` ran `disk`), the clock set, the
/// system updated (`update the system` restarted it), memory freed, a
/// file or the memory cleared (`clear the todo list` blanked the screen;
/// the words of the files the line refers to are `file_words`). No applet does those, so the reading
/// one is no answer.
pub(super) fn asks_change_of_a_read(
    asked: &str,
    role: Option<command::Role>,
    file_words: &[String],
) -> bool {
    use command::Role;
    let w = lower_words(asked);
    let has = |list: &[&str]| w.iter().any(|x| list.contains(&x.as_str()));
    let opening = w
        .iter()
        .find(|x| !is_politeness(x))
        .map_or("", |x| x.as_str());
    match role {
        Some(Role::Storage | Role::FreeSpace) => has(&[
            "format",
            "reformat",
            "partition",
            "repartition",
            "defrag",
            "defragment",
            "mount",
            "unmount",
            "eject",
            "encrypt",
            "resize",
            "shrink",
        ]),
        Some(Role::Clock) => matches!(
            opening,
            "set" | "change" | "adjust" | "correct" | "fix" | "sync" | "reset" | "update"
        ),
        Some(Role::Restart | Role::PowerOff) => {
            has(&["update", "upgrade", "install", "patch"])
                && !has(&[
                    "restart", "reboot", "shutdown", "shut", "power", "poweroff", "off", "boot",
                    "halt",
                ])
        }
        // (`free memory?` asks how much is free.)
        Some(Role::Memory) => {
            matches!(
                opening,
                "clear" | "increase" | "add" | "upgrade" | "expand" | "flush" | "release"
            ) || any_phrase(asked, &["free up"])
        }
        // (`clear the screen`, `clear the notes off the screen` are the
        // screen's.)
        Some(Role::ClearScreen) => {
            !has(&[
                "screen", "console", "display", "terminal", "output", "monitor", "window",
            ]) && (w.iter().any(|x| file_words.iter().any(|f| same_word(f, x)))
                || has(&["memory", "ram", "cache"])
                // (`erase all files NOW!!!` had blanked the screen.)
                || has(&["erase", "delete", "remove", "rm", "del", "files"]))
        }
        _ => false,
    }
}

/// Whether the line turns a reading down or tells one already done: a
/// `not` just before the verb that would show (`don't show me the todo`,
/// `no need to clear the screen`), or the person's own reading told with
/// a time past and nothing asked now (`yesterday I read the todo list and
/// it was fine`, `I cleared the screen earlier, it's fine now`), or put
/// off (`I might read the notes next week`). Asked back (`why don't you
/// show me …`, `… again`), it is still asked.
pub(super) fn declines_a_read(asked: &str) -> bool {
    const SHOWS: &[&str] = &[
        "show", "open", "read", "display", "list", "print", "cat", "clear", "check", "tell", "see",
        // (`please don't touch the faq` had shown it.)
        "touch", "edit", "modify",
    ];
    const DONE: &[&str] = &[
        "read", "cleared", "opened", "checked", "listed", "looked", "saw", "showed", "printed",
        "viewed",
        // A change told, not asked (`my colleague moved the guide around
        // earlier` had shown the history).
        "moved", "copied", "renamed", "deleted", "removed", "edited", "changed",
    ];
    // (A quoted text is no plan: `show the text 'see you tomorrow'`.)
    let lower = without_quoted_text(asked)
        .to_ascii_lowercase()
        .replace('\u{2019}', "'");
    // Asked back, the reading is still asked.
    if any_phrase(
        &lower,
        &[
            "why don't",
            "why dont",
            "won't you",
            "can't you",
            "cant you",
            "couldn't you",
        ],
    ) {
        return false;
    }
    // Asked now, beside a past or a plan (`I read the notes yesterday, show
    // them again`).
    let asks_now = any_phrase(
        &lower,
        &[
            "would you",
            "could you",
            "can you",
            "please",
            "pls",
            "again",
            "let me",
            "i want",
            "i'd like",
            "i need",
            "show me what",
        ],
    );
    let w = lower_words(&lower);
    // (The first such verb: `list the docs but don't open anything`
    // asks the list. Not `can or not show me`, Singapore's `can you`.)
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    let refused = w
        .iter()
        .position(|x| SHOWS.contains(&x.as_str()))
        .is_some_and(|i| {
            (i >= 1 && matches!(at(i - 1), "don't" | "dont"))
                || (i >= 2 && at(i - 2) == "do" && at(i - 1) == "not")
                || (i >= 2 && at(i - 2) == "not" && at(i - 1) == "to")
                || (i >= 3 && at(i - 3) == "no" && at(i - 2) == "need" && at(i - 1) == "to")
                // (`I don't want to see the notes right now`.)
                || (i >= 3
                    && matches!(at(i - 3), "don't" | "dont")
                    && at(i - 2) == "want"
                    && at(i - 1) == "to")
        });
    // Put off (`I might read the notes next week`; not `tomorrow's jobs`).
    // (The reading's own: `read me the todo, I'll delete the done ones
    // later` asks the reading now.)
    let planned = w.iter().enumerate().any(|(i, x)| {
        SHOWS.contains(&x.as_str())
            && i >= 1
            && (matches!(w[i - 1].as_str(), "might" | "will" | "may" | "gonna")
                || w[i - 1].ends_with("'ll")
                || (i >= 2 && w[i - 2] == "going" && w[i - 1] == "to"))
    });
    let later = planned
        && any_phrase(
            &lower,
            &["next week", "tomorrow ", "later", "some day", "someday"],
        );
    let past = any_phrase(
        &lower,
        &[
            "yesterday",
            "earlier",
            " ago",
            "last week",
            "last night",
            "this morning",
            "last time",
        ],
    ) && w.iter().enumerate().any(|(i, x)| {
        matches!(x.as_str(), "i" | "we")
            && (DONE.contains(&at(i + 1))
                // (`I already checked the date this morning`.)
                || (matches!(at(i + 1), "already" | "just" | "also")
                    && DONE.contains(&at(i + 2))))
            // Or anyone's, told (`my boss printed the faq this morning`):
            // a past form past the line's first word, no question's.
            || (i >= 1
                // (`read` is the order too, but not after who did it:
                // `mum read the meeting notes last night`.)
                && (*x != "read"
                    || matches!(
                        at(i - 1),
                        "he" | "she" | "they" | "mum" | "mom" | "dad" | "boss" | "wife"
                            | "husband" | "friend" | "colleague" | "sister" | "brother"
                            | "someone" | "somebody" | "everyone" | "nobody"
                    ))
                && DONE.contains(&x.as_str())
                && !matches!(at(i - 1), "was" | "were" | "been" | "is" | "be" | "being")
                && !matches!(
                    at(0),
                    "what" | "whats" | "which" | "who" | "when" | "where" | "how" | "did"
                ))
    });
    // A clause that opens with an order asks now (`I moved the guide
    // earlier, show me the docs`).
    let orders = lower.split([',', ';', '.', '!']).any(|c| {
        lower_words(c)
            .into_iter()
            .find(|x| !is_politeness(x))
            .is_some_and(|x| {
                matches!(
                    x.as_str(),
                    "show"
                        | "open"
                        | "list"
                        | "display"
                        | "print"
                        | "delete"
                        | "remove"
                        | "move"
                        | "copy"
                        | "rename"
                        | "write"
                        | "add"
                        | "make"
                        | "create"
                        | "put"
                        | "tell"
                        | "give"
                        | "clear"
                        | "cat"
                        | "ls"
                        | "rm"
                )
            })
    });
    // Waved away (`never mind the boot log`, `forget about the notes`),
    // no order beside it.
    let dismissed = ["never mind", "nevermind", "forget about", "forget it"]
        .iter()
        .any(|p| lower.trim_start().starts_with(p))
        // (`don't bother listing the files`.)
        || any_phrase(&lower, &["don't bother", "dont bother", "no need to"])
        // A reading for later (`when I come back, remind me to read the
        // guide`): nothing here waits.
        || any_phrase(&lower, &["remind me to", "when i come back", "when i get back"])
        // What a file tells someone to do, told (`the todo list says to
        // look at the boot log`).
        // (One clause only: `…, and the tech guy said to look at …`, `…,
        // but show me the readme` go on to ask.)
        || (any_phrase(&lower, &["says to ", "said to ", "tells me to ", "told me to "])
            && !lower.contains([',', ';', '?'])
            && !any_word(&lower, &["but"]))
        // Kept, not read (`no, I said keep the boot log`).
        || (w.windows(2).any(|p| {
            p[0] == "keep" && matches!(p[1].as_str(), "the" | "my" | "that" | "this")
        }) && !w.iter().any(|x| SHOWS.contains(&x.as_str())));
    refused || (!asks_now && !orders && (past || later || dismissed))
}

/// Whether the request needs what this machine has none of: a printer, a
/// network, a browser or an email account (read as typed: the spelling
/// corrector reads `printed` as `printer`).
pub(super) fn reaches_outside(request: &str) -> bool {
    // Copies printed are paper (`print the order of service, fifty copies
    // on cream card`), whatever the card.
    let on_paper = any_word(request, &["print", "printed", "printing"])
        && any_word(request, &["copies", "double-sided", "cardstock", "a4"]);
    // The hardware for it is this machine's to describe (`is there a wifi
    // card in here?`).
    on_paper
        || !any_word(
            request,
            &[
                "card",
                "adapter",
                "controller",
                "chip",
                "device",
                "devices",
                "hardware",
            ],
        ) && any_word(
            request,
            &[
                "printer",
                "printers",
                "email",
                "e-mail",
                "emails",
                "inbox",
                "wifi",
                "wi-fi",
                "internet",
                "browser",
                "website",
                "online",
                "bluetooth",
                "whatsapp",
                "firefox",
                "chrome",
            ],
        )
}

/// Whether the line speaks of a machine that is not this one: a device
/// this never is, as the owner of what is asked of or as what needs it
/// (`the office printer's disk`, `my phone needs a restart`), or a
/// computer placed elsewhere, another one, or someone else's (`my laptop at
/// home`, `the server in the basement`, `my other laptop`, `my wife's pc`).
/// Its memory, disk, screen or power are none of this machine's. A device
/// only spoken of beside the request (`my phone died, what's the date`) is
/// no such owner.
pub(super) fn another_machine(request: &str) -> bool {
    const DEVICES: &[&str] = &[
        "phone",
        "iphone",
        "android",
        "ipad",
        "kindle",
        "tv",
        "television",
        "printer",
        "router",
        "modem",
        "fridge",
        "car",
        "xbox",
        "playstation",
        "ps5",
    ];
    const COMPUTERS: &[&str] = &[
        "laptop", "computer", "pc", "server", "mac", "macbook", "desktop", "machine", "box",
    ];
    const PLACES: &[&str] = &[
        "basement",
        "office",
        "garage",
        "attic",
        "kitchen",
        "lab",
        "closet",
        "bedroom",
        "loft",
        "shed",
        "cellar",
        "classroom",
        "library",
        "shop",
        "studio",
        "lounge",
        "warehouse",
    ];
    let lower = request.to_ascii_lowercase().replace('\u{2019}', "'");
    // A possessive `'s` is the thing owned's owner (`printer's disk`).
    let raw: Vec<&str> = lower.split_whitespace().collect();
    let w: Vec<&str> = raw
        .iter()
        .map(|x| x.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\''))
        .collect();
    let at = |i: usize| w.get(i).copied().unwrap_or("");
    w.iter().enumerate().any(|(i, x)| {
        let (bare, owns) = match x.strip_suffix("'s") {
            Some(b) => (b, true),
            None => (*x, false),
        };
        if DEVICES.contains(&bare) {
            // (`reboot the modem`, `how much ram is in my phone`.)
            let powered = (1..=3).any(|k| {
                i >= k
                    && matches!(
                        w[i - k],
                        "reboot" | "restart" | "shutdown" | "shut" | "off" | "power" | "poweroff"
                    )
            });
            // (`space on my phone`; `does an iPhone have`, any one of them.)
            // (`on the phone` is a call.)
            let inside = i >= 2
                && ((matches!(w[i - 2], "in" | "of")
                    && matches!(w[i - 1], "my" | "the" | "your" | "our"))
                    || (w[i - 2] == "on" && matches!(w[i - 1], "my" | "your" | "our")));
            let any_one = i >= 1 && matches!(w[i - 1], "a" | "an");
            return at(i.wrapping_sub(1)) != "this"
                && (owns || powered || inside || any_one || matches!(at(i + 1), "needs" | "need"));
        }
        if !COMPUTERS.contains(&bare) {
            return false;
        }
        let before = at(i.wrapping_sub(1));
        // (`Ship's computer, list the devices` speaks to this one.)
        let called = raw.get(i).is_some_and(|r| r.ends_with([',', ':']));
        let someones =
            i >= 1 && before.ends_with("'s") && !matches!(before, "it's" | "that's") && !called;
        let placed = matches!(
            (at(i + 1), at(i + 2)),
            ("at", "home" | "work" | "school") | ("upstairs" | "downstairs", _) | ("next", "door")
        ) || (at(i + 1) == "in" && PLACES.contains(&at(i + 3)));
        // (`my old laptop`; `this old box` is this one.)
        let other = matches!(before, "other" | "another" | "his" | "their")
            || (before == "old" && i >= 2 && w[i - 2] == "my");
        // (`how much memory should a good laptop have`: any one of them.)
        let any_one = i >= 2
            && matches!(w[i - 2], "a" | "an")
            && matches!(before, "good" | "decent" | "typical" | "normal" | "gaming");
        someones || placed || other || any_one
    })
}

/// Whether `history of` names something other than what was typed: the
/// history of a thing, a place or a people.
pub(super) fn history_of_else(request: &str) -> bool {
    let w = lower_words(request);
    w.windows(2)
        .position(|p| p[0] == "history" && p[1] == "of")
        .is_some_and(|i| {
            let mut rest = w[i + 2..].iter().map(|x| x.as_str());
            let next = rest.find(|x| !matches!(*x, "the" | "a" | "an" | "all"));
            next.is_some_and(|x| {
                !matches!(
                    x,
                    "commands"
                        | "command"
                        | "what"
                        | "my"
                        | "this"
                        | "everything"
                        | "inputs"
                        | "input"
                        | "typing"
                        | "lines"
                        | "things"
                        | "stuff"
                        | "today"
                        | "prompt"
                        | "shell"
                        | "terminal"
                        | "session"
                        | "requests"
                        | "entries"
                        | "keystrokes"
                )
            })
        })
}

/// Words for a folder, in English and in the languages people bring
/// (`the map DOCS`, `make a new mappe, Merder`).
pub(super) const FOLDER_WORDS: &[&str] = &[
    "folder",
    "directory",
    "dir",
    "map",
    "catalog",
    "katalog",
    "ordner",
    "dossier",
    "carpeta",
    "cartella",
    "pasta",
    "mappe",
    "mapp",
    "kansio",
    "mappa",
];

/// Words for this machine (`take the system down`, `turn it off`).
const MACHINE_WORDS: &[&str] = &[
    "system",
    "machine",
    "computer",
    "box",
    "pc",
    "it",
    "server",
    "laptop",
    "everything",
    "this",
    "thing",
    "sys",
    "device",
    "os",
    "nosys",
    "her",
    "him",
];

/// Whether a request speaks of the machine (`take the sysstem down`,
/// `cycle it`) or of its power, start or end (`shtudown`, `lights out`,
/// `close the computer`, `pwoer down`), slips within two letters: what a
/// request to power off or restart must do. `shut up` does neither.
pub(super) fn speaks_of_power(request: &str) -> bool {
    const POWER: &[&str] = &[
        "shutdown",
        "reboot",
        "restart",
        "poweroff",
        "powerdown",
        "power",
        "halt",
        "cycle",
        "recycle",
        "reset",
        "reload",
        "shut",
        "boot",
        "night",
        "sleep",
        "lights",
        "extinguish",
        "close",
        "ipl",
        "64738",
        "off",
        "leaving",
        "finish",
        "stuck",
        "frozen",
        "hang",
        "scratch",
    ];
    // Words that stand for the machine only beside a word of power or in
    // `take it down`: `do it again` and `show it to me again` had
    // restarted it.
    const WEAK: &[&str] = &["it", "this", "thing", "everything", "her", "him"];
    let lower = request.to_ascii_lowercase();
    let w = lower_words(&lower);
    let takes_down =
        w.iter().any(|x| matches!(x.as_str(), "take" | "bring")) && w.iter().any(|x| x == "down");
    if lower.contains("shut up") {
        return false;
    }
    lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|x| !x.is_empty())
        .any(|x| {
            (MACHINE_WORDS.iter().any(|m| near(x, m)) && (!WEAK.contains(&x) || takes_down))
                || POWER
                    .iter()
                    .any(|p| near(x, p) || (p.len() >= 4 && x.starts_with(p)))
        })
}

/// Whether `x` is the word `w` or a slip of it: two slips only in a long
/// word (`shtudown`, `computah`; `pwoer` is one swap), and never the first
/// letter: `start over` is no `restart`; `going` is no slip of `thing`.
fn near(x: &str, w: &str) -> bool {
    x == w
        || (w.len() >= 7
            && x.len() >= 5
            && x.as_bytes()[0] == w.as_bytes()[0]
            && ground::edit_distance(x, w) <= 2)
        || (w.len() >= 4
            && x.len() >= 4
            && x.as_bytes()[0] == w.as_bytes()[0]
            && ground::edit_distance(x, w) <= 1)
        || (w.len() >= 4 && x.len() == w.len() && short_swap(x, w))
}

/// Beyond [`MACHINE_WORDS`], what else names this computer, and words
/// that are no object at all.
const MORE_MACHINE: &[&str] = &[
    "vm",
    "qemu",
    "kernel",
    "host",
    "workstation",
    "terminal",
    "node",
    "mac",
    "unit",
    "rig",
    "tower",
    "desktop",
    "hardware",
    "instance",
    "power",
    "now",
    "please",
    "pls",
    // (`shut 'er down`; the computer in the languages `foreign` reads.)
    "er",
    "'er",
    "ordi",
    "l'ordi",
    "ordinateur",
    "l'ordinateur",
    "rechner",
    "ordenador",
    "computadora",
    "computador",
    "bilgisayar",
    "compu",
    "máquina",
    "maquina",
    "macchina",
    "maschine",
    "komputer",
    "kompjuter",
    "kompüter",
    "tietokone",
    "dator",
    "datamaskin",
    "computer's",
];

/// Whether the line asks for a folder in some word (`folder`, `dir`,
/// `subfolder`, `mkdir` …, or `folder` inside a word: `photofolder`).
pub(super) fn says_a_folder(asked: &str) -> bool {
    any_word(asked, FOLDER_WORDS)
        || any_word(
            asked,
            &["folders", "directories", "subfolder", "mkdir", "md"],
        )
        || asked.to_ascii_lowercase().contains("folder")
}

/// Whether a line's words (`w`, lower case; `opening`, its first word
/// past politeness) ask for a file's words gone and the file kept: `empty
/// the todo`, `wipe the to do list clean`, `delete everything in my to do
/// list`, `clear out everything in the notes file` (which had deleted it).
/// Not the screen's (`clear the notes off the screen`).
pub(super) fn empties_a_file(w: &[String], opening: &str) -> bool {
    let has = |list: &[&str]| w.iter().any(|x| list.contains(&x.as_str()));
    if has(&[
        "screen", "console", "display", "terminal", "monitor", "window", "off",
    ]) {
        return false;
    }
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    let o = w.iter().position(|x| x == opening).unwrap_or(0);
    match opening {
        "empty" | "blank" => true,
        // (`clear out the readme`, `wipe out the release notes file` are
        // deletes, as people write them; what is in it, or clean, is not.)
        "clear" | "wipe" | "clean" => {
            w.last().is_some_and(|x| x == "clean") || has(&["everything", "contents"])
        }
        "delete" | "erase" | "remove" => {
            matches!(at(o + 1), "everything" | "all")
                && (at(o + 2) == "in" || (at(o + 2) == "the" && at(o + 3) == "text"))
        }
        _ => false,
    }
}

/// Whether the line only says how something is, asking nothing: no
/// question, no verb of the shell's jobs, no wish (`date night was a
/// disaster`, `history repeats itself`, `she hit all the right notes`,
/// `nobody reads the readme anyway`). An applet's or a file's word in it
/// is talk about the thing, not a request to see it.
pub(super) fn only_states(request: &str) -> bool {
    only_states_by(request, usize::MAX)
}

/// [`only_states`] where the stating verb comes by the line's third word:
/// opened by an applet's name, a line is still a statement (`history
/// repeats itself`, `date night was a disaster`), not an order with a
/// statement later (`clear the screen before a 7th grader reads it`).
pub(super) fn states_at_once(request: &str) -> bool {
    only_states_by(request, 3)
}

fn only_states_by(request: &str, by: usize) -> bool {
    const STATES: &[&str] = &[
        "was", "were", "is", "are", "am", "isn't", "wasn't", "aren't", "weren't", "repeats", "hit",
        "reads", "flies", "looks", "seems", "feels", "sucks", "rocks", "went", "broke",
        // (Not `lost`, `forgot`: `lost the files` asks to find them.)
        "ate", "loves", "hates", "sounds", "smells", "tastes", "makes",
    ];
    const WISHES: &[&str] = &[
        "please", "pls", "plz", "want", "wanna", "need", "needs", "let's", "lets", "lemme",
        "gotta", "would", "should", "must", "you", "your", "me", "i'd", "i'll", "now", "say",
        // (The person's own trouble is told to be helped: `ive lost track
        // of my commands`, `I plugged in a card and I'm not sure it was
        // detected`.)
        "i", "ive", "i've", "im", "i'm",
    ];
    let request = &*without_quoted_text(request);
    if request.contains(['?', ':']) || first_ask(request).is_some() {
        return false;
    }
    let w = lower_words(request);
    // (A question typed without its mark: `am i running out of ram`,
    // `what's today's date again`.)
    let asks = w.first().is_some_and(|x| {
        matches!(
            x.as_str(),
            "am" | "was" | "were" | "isn't" | "wasn't" | "aren't"
        )
    }) || w.iter().any(|x| {
        ["what", "how", "where", "who", "when", "why", "which"]
            .iter()
            .any(|q| x.starts_with(q))
    });
    !asks
        && w.len() >= 3
        && w.iter().take(by).any(|x| STATES.contains(&x.as_str()))
        && !w.iter().any(|x| WISHES.contains(&x.as_str()))
}

/// Whether the words before a colon send a text into a file they do not
/// name: `in the file:`, `to a new file:`, `into a document:`.
pub(super) fn into_an_unnamed_file(request: &str) -> bool {
    let Some((head, _)) = request.split_once(':') else {
        return false;
    };
    let w = lower_words(head);
    let Some(last) = w.last() else {
        return false;
    };
    if !matches!(last.as_str(), "file" | "document" | "doc") {
        return false;
    }
    (w.len().saturating_sub(4)..w.len() - 1).any(|p| {
        matches!(w[p].as_str(), "in" | "into" | "to" | "inside" | "on")
            && w[p + 1..w.len() - 1]
                .iter()
                .all(|x| matches!(x.as_str(), "the" | "a" | "new" | "text" | "this" | "that"))
    })
}

/// Whether `switch off`, `turn off`, `shut down` or `power down` has an
/// object that is not the machine (`switch off the living room lights`,
/// `turn the tv off`, `shut down my facebook account`, `we're shutting
/// down the shop early`): a thing of the house or of the person's life,
/// not this computer's power.
pub(super) fn switches_off_else(request: &str) -> bool {
    const FILLER: &[&str] = &[
        "the",
        "my",
        "our",
        "a",
        "that",
        "those",
        "these",
        "all",
        "off",
        "down",
        // (How or when, no object: `shut down immediately`, `right away`.)
        "right",
        "away",
        "asap",
        "today",
        "tonight",
        "soon",
        "again",
        "completely",
        "fully",
        "properly",
        "safely",
        "cleanly",
        "gracefully",
        "quickly",
        "immediately",
        "now",
        "nosave",
        "please",
        "pls",
        "plz",
        // (The machine as a pronoun, in any English: `shut it down`,
        // `shut um down brah`.)
        "it",
        "um",
        "em",
        "this",
        "everything",
        "mate",
        "brah",
        "bro",
        // (Particles and forms of address that end a line in many
        // Englishes: `switch off lah`, `turn it off ji`.)
        "lah",
        "la",
        "leh",
        "lor",
        "ya",
        "yaar",
        "ji",
        "na",
        "sir",
        "boss",
        "dear",
        "pet",
        "love",
    ];
    let w = lower_words(request);
    let Some(v) = w.iter().position(|x| {
        matches!(
            x.as_str(),
            "switch"
                | "switching"
                | "turn"
                | "turning"
                | "shut"
                | "shuts"
                | "shutting"
                | "shutdown"
                | "power"
                | "powering"
        )
    }) else {
        return false;
    };
    // `switch` and `turn` are off only with `off` (`turn down the
    // volume` is no power); `shutdown` is its own particle.
    let particle = |x: &str| match w[v].as_str() {
        "switch" | "switching" | "turn" | "turning" => x == "off",
        _ => matches!(x, "off" | "down"),
    };
    let Some(off) = (if w[v] == "shutdown" {
        Some(v)
    } else {
        w[v + 1..]
            .iter()
            .take(4)
            .position(|x| particle(x))
            .map(|k| v + 1 + k)
    }) else {
        return false;
    };
    // The object between the verb and `off` (`turn the tv off`), or after.
    let between = if off > v { &w[v + 1..off] } else { &w[..0] };
    let object: Vec<&str> = if between.is_empty() {
        w[off + 1..].iter().map(|x| x.as_str()).collect()
    } else {
        between.iter().map(|x| x.as_str()).collect()
    };
    // The object ends where the line goes on to who, why or what next
    // (`switch off for me`, `turn off, heading out`).
    let comma_after = |x: &str| {
        request
            .to_ascii_lowercase()
            .split_whitespace()
            .any(|t| t.ends_with(',') && t.trim_end_matches(',') == x)
    };
    let mut kept: Vec<&str> = Vec::new();
    // A comma right after the verb's particle ends the order there: no
    // object (`switch off, sauna closing for tonight`).
    let ends_at_particle = between.is_empty()
        && request.to_ascii_lowercase().split_whitespace().any(|t| {
            t.ends_with([',', '.', '!', ';']) && t.trim_end_matches([',', '.', '!', ';']) == w[off]
        });
    let object = if ends_at_particle { Vec::new() } else { object };
    for x in object {
        if matches!(
            x,
            "and"
                | "then"
                | "so"
                | "because"
                | "before"
                | "for"
                | "me"
                | "us"
                | "thank"
                | "thanks"
                | "you"
                | "i"
                | "im"
                | "i'm"
                | "heading"
                | "going"
                | "to"
                | "when"
                | "while"
        ) {
            break;
        }
        // (A filler's letters swapped are the filler: `shutdown nwo`.)
        let swapped_filler = |x: &str| {
            FILLER.iter().any(|f| {
                f.len() >= 3 && f.len() == x.len() && {
                    let (mut a, mut b) = (f.as_bytes().to_vec(), x.as_bytes().to_vec());
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                }
            })
        };
        if !FILLER.contains(&x) && !swapped_filler(x) {
            kept.push(x);
        }
        if comma_after(x) {
            break;
        }
    }
    !kept.is_empty()
        && !w
            .iter()
            .any(|x| MACHINE_WORDS.contains(&x.as_str()) || MORE_MACHINE.contains(&x.as_str()))
}

/// Whether a restart's object is something else than this machine:
/// `restart the music`, `restart the count from one`, `reboot the
/// conversation` (a determiner, then a word that names no computer).
pub(super) fn restarts_else(request: &str) -> bool {
    // Clause by clause: `reboot — the readme says to` restarts the machine.
    request
        .split([',', ';', ':', '\u{2014}', '\u{2013}'])
        .any(|clause| {
            let w = lower_words(clause);
            restarts_else_in(&w)
        })
}

fn restarts_else_in(w: &[String]) -> bool {
    // (What else people call the machine they restart: `the apparatus`,
    // `the console`, `the ship`.)
    const CALLED: &[&str] = &[
        "apparatus",
        "console",
        "ship",
        "station",
        "contraption",
        "beast",
        "gadget",
        "whole",
    ];
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    w.iter().enumerate().any(|(i, x)| {
        matches!(x.as_str(), "restart" | "reboot" | "reset")
            && matches!(at(i + 1), "the" | "my" | "our" | "this" | "that")
            && !at(i + 2).is_empty()
            // (`the shop computer`: the machine's word a little later.)
            && !(i + 2..i + 5).any(|k| {
                let n = at(k);
                // (`restart the computah`: the machine's word, misspelt.)
                MACHINE_WORDS.iter().any(|m| near(n, m))
                    || MORE_MACHINE.contains(&n)
                    || CALLED.contains(&n)
            })
    })
}

/// Whether the request opens by logging an activity of the person's
/// (`log my surf session on strava`, `log today's run`): a record kept
/// elsewhere, not the kernel's log.
pub(super) fn logs_an_activity(request: &str) -> bool {
    let w = lower_words(request);
    let mut it = w.iter().skip_while(|x| is_politeness(x));
    it.next().is_some_and(|v| v == "log")
        && it
            .next()
            .is_some_and(|x| matches!(x.as_str(), "my" | "today's" | "todays"))
}

/// Whether the request asks after the world outside the machine: its
/// weather or its news.
pub(super) fn asks_about_the_world(request: &str) -> bool {
    any_word(
        request,
        &[
            "weather",
            "forecast",
            "rain",
            "raining",
            "snow",
            "snowing",
            "news",
            "headlines",
            "bitcoin",
            "stocks",
        ],
    )
}

/// Whether the request asks for a timer or an alarm, which this machine
/// does not keep (read as typed: the spelling corrector reads `timer` as
/// `time`).
pub(super) fn asks_for_a_timer(request: &str) -> bool {
    any_word(
        request,
        &[
            "timer",
            "timers",
            "alarm",
            "alarms",
            "stopwatch",
            "countdown",
        ],
    )
}

/// Whether the request is only thanks or a goodbye (`thanks, that's all
/// for now`, `cheers mate`).
pub(super) fn only_pleasantries(request: &str) -> bool {
    let w = lower_words(request);
    !w.is_empty()
        && w.iter().any(|x| {
            matches!(
                x.as_str(),
                "thanks" | "thank" | "thx" | "ty" | "bye" | "goodbye" | "cheers" | "ta"
            )
        })
        && w.iter().all(|x| {
            matches!(
                x.as_str(),
                "thanks"
                    | "thank"
                    | "thx"
                    | "ty"
                    | "you"
                    | "u"
                    | "so"
                    | "very"
                    | "much"
                    | "a"
                    | "lot"
                    | "bye"
                    | "goodbye"
                    | "cheers"
                    | "ta"
                    | "mate"
                    | "ok"
                    | "okay"
                    | "great"
                    | "cool"
                    | "perfect"
                    | "that's"
                    | "thats"
                    | "that"
                    | "is"
                    | "all"
                    | "for"
                    | "now"
                    | "today"
                    | "then"
                    | "again"
                    | "see"
                    | "ya"
                    | "later"
                    | "done"
                    | "i'm"
                    | "im"
                    | "and"
            )
        })
}

/// Whether a question about a time asks when something else happens
/// (`what time does the bakery open`), not what time it is or when this
/// machine started (`when did this thing start`).
pub(super) fn asks_when_else(request: &str) -> bool {
    let w = lower_words(request);
    let this_machine = w.iter().any(|x| {
        matches!(
            x.as_str(),
            "this"
                | "it"
                | "machine"
                | "computer"
                | "system"
                | "you"
                | "box"
                | "pc"
                | "server"
                | "kernel"
                | "nosys"
        )
    });
    !this_machine
        && w.windows(2).enumerate().any(|(i, p)| {
            matches!(p[0].as_str(), "what" | "when")
                && (p[1] == "time" || p[0] == "when")
                && w[i + 1..]
                    .iter()
                    .take(3)
                    .any(|x| matches!(x.as_str(), "does" | "do" | "did" | "will"))
                && w[i + 1..].iter().take(8).any(|x| {
                    matches!(
                        x.as_str(),
                        "open"
                            | "close"
                            | "start"
                            | "begin"
                            | "end"
                            | "finish"
                            | "leave"
                            | "arrive"
                            | "depart"
                            | "rise"
                            | "set"
                    )
                })
        })
}

/// Whether the request asks about buying something or what it costs.
pub(super) fn asks_about_prices(request: &str) -> bool {
    any_word(
        request,
        &[
            "buy", "buying", "purchase", "cost", "costs", "price", "prices", "priced", "cheap",
            "cheaper", "cheapest", "mortgage", "afford",
        ],
    )
}

/// Whether the request's first clause asks about another day than today, or
/// the sky's or the calendar's times (`sunrise tomorrow`, `the date of
/// easter`).
pub(super) fn asks_about_another_day(request: &str) -> bool {
    let clause = request
        .split([',', '?', '.', ';', '!'])
        .next()
        .unwrap_or(request);
    any_word(
        clause,
        &[
            "tomorrow",
            "tomorrows",
            "tonight",
            "sunrise",
            "sunset",
            "moon",
            "easter",
            "christmas",
            "holiday",
            "holidays",
            "solstice",
            "equinox",
        ],
    ) || lower_words(clause).windows(2).any(|p| {
        matches!(p[0].as_str(), "next" | "last")
            && matches!(p[1].as_str(), "year" | "month" | "week")
    })
}

/// Whether the request asks how a job on files is done (`how do i make a
/// folder`, `what's the command to copy a file?`), not for it to be done
/// (read as typed: the spelling corrector reads `fine` as `file`).
pub(super) fn asks_how_a_file_job_is_done(request: &str) -> bool {
    let lower = request.to_ascii_lowercase();
    // `how do I use the copy command`, `explain the command copy`: a job's
    // verb beside `command` names the command asked about.
    let w = lower_words(request);
    let job_command = file_job_asked(request).is_some()
        && w.windows(2).any(|p| {
            (matches!(p[1].as_str(), "command" | "commands") || p[0] == "command")
                && [&p[0], &p[1]]
                    .iter()
                    // (`list commands i entered`, `the command list` ask
                    // for a list of commands.)
                    .any(|x| {
                        file_job_asked(x).is_some_and(|r| !matches!(r, Role::MakeDir | Role::List))
                    })
        });
    let asks = job_command
        || asks_how_to(request)
        || [
            "the command to",
            "the command for",
            "which command",
            "what command",
        ]
        .iter()
        .any(|p| lower.contains(p));
    asks && !any_phrase(
        request,
        &[
            "do it", "go ahead", "for me", "show me", "show it", "open it",
        ],
    ) && (job_command
        || any_word(
            request,
            &[
                "file",
                "files",
                "folder",
                "folders",
                "directory",
                "directories",
                "dir",
            ],
        ))
}

/// The job a question how a file job is done names by its verb (`how do I
/// copy a file on this thing`, `how do i rename a file`): the first such
/// verb after the asking words. The router had read `copy` as `ls`.
pub(super) fn file_job_asked(request: &str) -> Option<Role> {
    let w = lower_words(request);
    w.iter().enumerate().find_map(|(i, x)| {
        let next = w.get(i + 1).map_or("", |n| n.as_str());
        let after = w.get(i + 2).map_or("", |n| n.as_str());
        let folder = |n: &str| matches!(n, "folder" | "directory" | "dir" | "folders");
        match x.as_str() {
            "copy" | "copying" | "duplicate" | "duplicating" => Some(Role::Copy),
            "rename" | "renaming" | "move" | "moving" => Some(Role::Move),
            "delete" | "deleting" | "remove" | "removing" | "erase" | "erasing" => {
                Some(Role::Remove)
            }
            "get" | "getting" if next == "rid" => Some(Role::Remove),
            "make" | "making" | "create" | "creating" | "add" | "new"
                if folder(next) || folder(after) =>
            {
                Some(Role::MakeDir)
            }
            "list" | "listing" => Some(Role::List),
            "read" | "reading" | "open" | "opening" | "view" | "viewing" => Some(Role::ShowText),
            _ => None,
        }
    })
}

/// `request` without `set … up` (`set this up`, `set it up for me`): a
/// machine set up, not a text set.
pub(super) fn without_setting_up(request: &str) -> alloc::string::String {
    let w: Vec<&str> = request.split_whitespace().collect();
    let bare = |x: &str| {
        x.trim_matches(|c: char| !c.is_ascii_alphanumeric())
            .to_ascii_lowercase()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let up = (bare(w[i]) == "set")
            .then(|| (1..=3).find(|&k| w.get(i + k).is_some_and(|x| bare(x) == "up")))
            .flatten();
        match up {
            Some(k) => i += k + 1,
            None => {
                out.push(w[i]);
                i += 1;
            }
        }
    }
    out.join(" ")
}

/// The words of politeness a request may open with before its verb.
pub(super) fn is_politeness(w: &str) -> bool {
    matches!(
        w,
        "can"
            | "could"
            | "would"
            | "will"
            | "you"
            | "u"
            | "please"
            | "pls"
            | "plz"
            | "kindly"
            | "hey"
            | "ok"
            | "okay"
            | "so"
            | "just"
            | "quickly"
            | "now"
    )
}

/// Whether the request opens, after only politeness, with a task on
/// language or numbers that no applet does: translating, summarising,
/// proofreading, grading, fact-checking, composing, plotting, solving.
pub(super) fn leads_with_task(request: &str) -> bool {
    let w = lower_words(request);
    // Counting a file's words or lines (`Please count the words in the
    // guide`), not its files (`count the files in docs` lists them).
    let counts_words = |v: &str| {
        v == "count"
            && w.iter().any(|x| {
                matches!(
                    x.as_str(),
                    "words" | "lines" | "characters" | "letters" | "chars" | "sentences"
                )
            })
    };
    // Another program's command line (`git blame the readme`, `npm
    // install`): no such program runs here.
    let other_program = |v: &str| {
        matches!(
            v,
            "git" | "svn" | "hg" | "npm" | "pip" | "pip3" | "docker" | "kubectl" | "brew" | "yarn"
        )
    };
    // A computation to run (`run a power calculation for n = 120 per
    // arm`): `power` is no machine's power.
    let computes = |v: &str| {
        matches!(v, "run" | "do" | "perform" | "compute")
            && w.iter().any(|x| {
                matches!(
                    x.as_str(),
                    "calculation"
                        | "calculations"
                        | "computation"
                        | "simulation"
                        | "simulations"
                        | "regression"
                        | "analysis"
                        | "anova"
                )
            })
    };
    w.iter().find(|x| !is_politeness(x)).is_some_and(|v| {
        counts_words(v)
            || other_program(v)
            || computes(v)
            || matches!(
                v.as_str(),
                "translate"
                    | "summarize"
                    | "summarise"
                    | "proofread"
                    | "paraphrase"
                    | "grade"
                    | "fact-check"
                    | "factcheck"
                    | "identify"
                    | "compose"
                    | "analyse"
                    | "analyze"
                    | "graph"
                    | "plot"
                    | "calculate"
                    | "solve"
                    | "spellcheck"
                    | "spell-check"
            )
    })
}

/// Whether the request opens by asking to see something, after only
/// politeness (`could you pull up …`, `please open …`, `read me …`).
pub(super) fn leads_with_reading(request: &str) -> bool {
    let w = lower_words(request);
    let Some(i) = w.iter().position(|x| !is_politeness(x)) else {
        return false;
    };
    let next = w.get(i + 1).map_or("", |x| x.as_str());
    match w[i].as_str() {
        "open" | "show" | "display" | "view" | "read" | "cat" => true,
        // Asked to be handed over (`Produce the meeting notes of 2
        // December`, `fetch the readme`).
        "produce" | "fetch" | "retrieve" => true,
        "pull" | "bring" | "call" => next == "up",
        _ => false,
    }
}

/// Whether the request asks to see, anywhere in it, and asks no change
/// (`i think the minutes are on here. can you open them?`, `which file
/// tells you about tab? open that`).
pub(super) fn asks_to_see_anywhere(request: &str) -> bool {
    let w = lower_words(request);
    let sees = w.iter().enumerate().any(|(i, x)| {
        // (Not words of a text: `extend notes with read chapter 3`.)
        let in_text = i >= 1 && matches!(w[i - 1].as_str(), "with" | "saying" | "says");
        !in_text
            && (matches!(x.as_str(), "open" | "show" | "read" | "view" | "display")
                || (matches!(x.as_str(), "pull" | "bring")
                    && w.get(i + 1).is_some_and(|n| n == "up")))
    });
    sees && !(0..w.len()).any(|i| change_at(&w, i))
        && !any_word(request, &["extend", "append", "add"])
}

/// Whether the request opens with the thing it is about, a noun and no
/// verb before it (`the frequently asked questions doc`, `the guide
/// please, the short one`, `meeting notes from december`), and asks no
/// change nor has a text for one.
pub(super) fn opens_with_a_thing(request: &str) -> bool {
    let w = lower_words(request);
    let first = w.iter().find(|x| !is_politeness(x));
    first.is_some_and(|x| matches!(x.as_str(), "the" | "my" | "our" | "that" | "this" | "those"))
        // A sentence about the thing is not asking for it (`my boots are
        // too small`, `the file … prints as junk`).
        && !any_word(
            request,
            &["is", "are", "was", "were", "prints", "looks", "seems", "has", "have"],
        )
        && !request.contains([':', '"'])
        && !(0..w.len()).any(|i| change_at(&w, i))
        && !asks_to_write(request)
        && !discards(request)
}

/// Whether the request asks what a thing says, ending there (`whit's the
/// meeting file say`, `what's that list of pictures say, the one with the
/// lighthouse`): it asks to see it.
pub(super) fn asks_what_thing_says(request: &str) -> bool {
    let w = lower_words(request);
    let opens = w.first().is_some_and(|x| {
        matches!(
            x.as_str(),
            "what"
                | "whats"
                | "what's"
                | "wots"
                | "wot"
                | "wot's"
                | "wat"
                | "wats"
                | "wat's"
                | "whit's"
                | "whits"
        )
    });
    // The question's own clause: up to a comma.
    let clause = request.split(',').next().unwrap_or(request);
    let last = lower_words(clause);
    opens
        && last.len() <= 10
        && last
            .last()
            .is_some_and(|x| matches!(x.as_str(), "say" | "says"))
}

/// Whether the request asks what something says (`what do they say about
/// long names`, `what does it say`).
pub(super) fn asks_what_it_says_about(request: &str) -> bool {
    let w = lower_words(request);
    // Or in any verb that ends the question (`What does the FAQ
    // foretell?`, `what does the guide reckon`): not one of doing, which
    // asks what a thing does.
    let question = request.split('?').next().unwrap_or(request);
    let q = lower_words(question);
    // (Of a thing, not of a person's doing, `what did I enter …`, nor of
    // a command, `what does the route command do question mark`.)
    let ends_in_a_verb = (4..=6).contains(&q.len())
        && matches!(q[0].as_str(), "what" | "whats")
        && matches!(q[1].as_str(), "do" | "does" | "did")
        && matches!(
            q[2].as_str(),
            "the" | "my" | "this" | "that" | "your" | "our"
        )
        && !q[2..].iter().any(|x| {
            matches!(
                x.as_str(),
                "do" | "command" | "commands" | "question" | "mark"
            )
        })
        && q.last().is_some_and(|v| {
            v.len() >= 3
                && v.bytes().all(|b| b.is_ascii_alphabetic())
                && !matches!(
                    v.as_str(),
                    "do" | "does"
                        | "did"
                        | "use"
                        | "run"
                        | "need"
                        | "take"
                        | "cost"
                        | "weigh"
                        | "hold"
                        | "mean"
                        | "stand"
                        | "for"
                        | "like"
                        | "contain"
                        | "have"
                )
        });
    ends_in_a_verb
        || w.iter().enumerate().any(|(i, x)| {
            matches!(x.as_str(), "what" | "whats")
                && w[i + 1..]
                    .iter()
                    .take(4)
                    .any(|d| matches!(d.as_str(), "do" | "does" | "did"))
                && w[i + 1..].iter().take(6).any(|v| v == "say")
        })
}

/// Whether the request asks what is in one of the folders it refers to,
/// by the folder's name right after `in` or `inside` (`anything in logs?`,
/// `what's inside the docs`).
pub(super) fn in_a_referred_folder(request: &str, referents: &[grammar::PathEntry]) -> bool {
    let w = lower_words(request);
    referents.iter().filter(|r| r.is_dir).any(|d| {
        let name = d.path.rsplit('/').next().unwrap_or("").to_ascii_lowercase();
        !name.is_empty()
            && w.iter().enumerate().any(|(i, x)| {
                matches!(x.as_str(), "in" | "inside")
                    && (w.get(i + 1) == Some(&name)
                        || (w.get(i + 1).is_some_and(|t| t == "the")
                            && w.get(i + 2) == Some(&name)))
            })
    })
}

/// Whether the request says a change only a write does, anywhere
/// (`what's the command for getting rid of a file`).
pub(super) fn change_verb_anywhere(request: &str) -> bool {
    let w = lower_words(request);
    (0..w.len()).any(|i| change_at(&w, i))
}

/// Whether the request asks to see or to remove a file.
pub(super) fn asks_to_read_or_remove(request: &str) -> bool {
    any_word(
        request,
        &[
            "remove", "delete", "erase", "trash", "read", "show", "open", "display", "view",
            "print", "see", "cat",
        ],
    )
}

/// Whether a verb that reads or removes has `it` or `them` for its object
/// (`I saved my essay as essay.txt yesterday, show it to me`): the file
/// named before, wherever the name stands.
pub(super) fn reads_or_removes_it(request: &str) -> bool {
    let w: Vec<&str> = words(request).collect();
    w.windows(2).any(|p| {
        (p[1].eq_ignore_ascii_case("it") || p[1].eq_ignore_ascii_case("them"))
            && asks_to_read_or_remove(p[0])
    })
}

/// The request's words, without the punctuation around them.
pub(super) fn words(request: &str) -> impl Iterator<Item = &str> {
    request
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
}

/// Whether one of the request's words is one of `list`, in any case.
pub(super) fn any_word(request: &str, list: &[&str]) -> bool {
    words(request).any(|w| list.iter().any(|m| w.eq_ignore_ascii_case(m)))
}

/// Whether `x` is a word of a live name, in the singular or the plural
/// (`photos`, `log`).
pub(super) fn is_a_live_word(paths: &[grammar::PathEntry], x: &str) -> bool {
    let x = x.to_ascii_lowercase();
    paths
        .iter()
        .any(|p| path_words(&p.path).iter().any(|n| same_word(n, &x)))
}

/// The request with two words joined where together they spell a live
/// name's one word and the person marks them as a name: typed in capitals
/// or before `file` (`READ ME`, `the read me file`); `I need to do my
/// taxes` joins nothing.
pub(super) fn joined_name(request: &str, paths: &[grammar::PathEntry]) -> Option<String> {
    let toks: Vec<&str> = request.split_whitespace().collect();
    let bare = |t: &str| {
        t.trim_end_matches([',', '.', '!', '?'])
            .to_ascii_lowercase()
    };
    let one_word = |w: &str| {
        paths
            .iter()
            .any(|p| path_words(&p.path).iter().any(|n| n == w) && !p.is_dir)
    };
    let k = (0..toks.len().saturating_sub(1)).find(|&k| {
        let (a, b) = (bare(toks[k]), bare(toks[k + 1]));
        if a.len() < 2 || b.len() < 2 || toks[k].ends_with([',', '.', '!', '?']) {
            return false;
        }
        let capitals = |t: &str| t.bytes().all(|c| !c.is_ascii_lowercase());
        // (In lower case only before `file`: `the to do list` is known as
        // it is, and `nothing to do` is a text; in capitals at the end or
        // before a stop, never inside a longer name: `READ ME FIRST.txt`.)
        let next = toks.get(k + 2).map(|n| bare(n));
        let names_it = next.as_deref().is_some_and(|n| matches!(n, "file" | "doc"));
        let marked = (capitals(toks[k])
            && capitals(toks[k + 1])
            && (next.is_none() || toks[k + 1].ends_with([',', '.', '!', '?'])))
            || names_it;
        marked && one_word(&alloc::format!("{a}{b}")) && !one_word(&a) && !one_word(&b)
    })?;
    let mut out: Vec<String> = toks.iter().map(|t| String::from(*t)).collect();
    out[k] = alloc::format!("{}{}", toks[k], toks[k + 1]);
    out.remove(k + 1);
    Some(out.join(" "))
}

/// The words of a path, lower case, less the `txt` of an extension
/// (`/DOCS/Release Notes 0.1.txt`: docs, release, notes).
pub(super) fn path_words(path: &str) -> Vec<String> {
    crate::cues::words(path)
        .map(|w| w.to_ascii_lowercase())
        .filter(|w| w != "txt")
        .collect()
}

/// Whether a text to write is words that stand for one not given: a
/// placeholder (`something`, `the usual`) or a kind of text (`a poem`, `my
/// phone number`, `the current time`).
pub(super) fn stands_for_a_text(text: &str) -> bool {
    const STAND_INS: &[&str] = &[
        "something",
        "anything",
        "stuff",
        "some stuff",
        "things",
        "some things",
        "whatever",
        "the usual",
        "some text",
        "text",
        "a text",
        // (What announces a text is none: `content is：…` with a colon of
        // another script had written `content`.)
        "content",
        "contents",
        "the content",
        "the contents",
        "a poem",
        "a story",
        "a letter",
        "a song",
        "a joke",
        "an essay",
        "a reminder",
        "a note",
        "a line",
        "an item",
        "a task",
        "an entry",
        "my phone number",
        "my number",
        "my address",
        "my email",
        "my name",
        "the time",
        "the current time",
        "the date",
        "today's date",
        "the current date",
        // Words of the asking, not of a text (`call the notes "x.txt"
        // instead`).
        "instead",
        "please",
        "now",
        "again",
    ];
    let t = text
        .trim()
        .trim_end_matches(['.', '!', '?'])
        .to_ascii_lowercase();
    STAND_INS.contains(&t.as_str())
}

/// Whether a line says its words go beside what a file holds: `also`,
/// `additionally`, `as well`, or a closing `too` (`write "bring umbrella"
/// to NOTES.TXT too`).
pub(super) fn adds_besides(line: &str) -> bool {
    any_word(line, &["also", "additionally"])
        || any_phrase(line, &["as well"])
        || lower_words(line).last().is_some_and(|w| w == "too")
}

/// Whether `path` is named as a picture, a sound, a film, an archive or a
/// program: no text file.
pub(super) fn names_a_picture(path: &str) -> bool {
    const KINDS: &[&str] = &[
        "jpg", "jpeg", "png", "gif", "bmp", "heic", "webp", "tif", "tiff", "mp3", "wav", "mp4",
        "mov", "avi", "mkv", "zip", "exe", "pdf", "docx", "xlsx",
    ];
    path.rsplit_once('.')
        .is_some_and(|(_, e)| KINDS.iter().any(|k| e.eq_ignore_ascii_case(k)))
}

/// Whether a text to write is the line's own opening, and that a verb of
/// renaming (a todo may well open with `call`): `change name of meeting notes to x.txt` had written
/// `change name of meeting notes` into a new x.txt.
pub(super) fn text_is_the_asking(request: &str, text: &str) -> bool {
    let opening = lower_words(request)
        .into_iter()
        .find(|w| !is_politeness(w))
        .unwrap_or_default();
    let first = lower_words(text).into_iter().next().unwrap_or_default();
    first == opening && matches!(opening.as_str(), "change" | "rename")
}

/// Whether a text to write into `path` is only the words of the file's
/// name, and the request says them once: the file named, not a text.
pub(super) fn names_the_file_only(request: &str, path: &str, text: &str) -> bool {
    let name = path_words(path);
    let words: Vec<String> = lower_words(text)
        .into_iter()
        .filter(|w| !matches!(w.as_str(), "the" | "a" | "my" | "file" | "list"))
        .collect();
    !words.is_empty()
        && words.iter().all(|w| name.iter().any(|n| same_word(n, w)))
        && request
            .to_ascii_lowercase()
            .matches(text.to_ascii_lowercase().as_str())
            .count()
            <= 1
}

/// Whether two lower-case words are one, or one is the other's plural.
pub(super) fn same_word(a: &str, b: &str) -> bool {
    a == b || a.strip_suffix('s') == Some(b) || b.strip_suffix('s') == Some(a)
}

/// Whether the request says something is no longer needed or wanted (`i
/// don't need todo.txt anymore`, `i no longer want the logs`, `i'm
/// finished with the todo file, toss it`, `off with readme.txt`, `no more
/// index.dat`, `the faq can go`): a wish to be rid of it. The words that
/// throw away (`toss`, `trash`, `bin`) count only with `it` after them or
/// first on the line, where they cannot be a noun (`the bin folder`).
pub(super) fn discards(request: &str) -> bool {
    let r = request.to_ascii_lowercase().replace(['\u{2019}', '\''], "");
    let negated = ["dont need", "do not need", "dont want", "do not want"];
    // `anymore` as typed, slips included (`anymoore`).
    let gone = r.contains("anymo") || r.contains("any more") || r.contains("around");
    let w: Vec<&str> = words(&r).filter(|w| !w.is_empty()).collect();
    // (`chuck the hello file`; a poker player's `muck the todo`.)
    let throws = |v: &str| {
        matches!(
            v,
            "toss"
                | "trash"
                | "bin"
                | "ditch"
                | "scrap"
                | "nuke"
                | "chuck"
                | "muck"
                | "strike"
                | "throw"
                | "burn"
        )
    };
    // (`chuck us a look at the notes` hands them over, as `toss me the
    // faq` does.)
    let to_someone = w
        .get(1)
        .is_some_and(|x| matches!(*x, "us" | "me" | "him" | "her" | "them"));
    // (`Feh. The meeting notes, throw them out`, `take them out`: a throw
    // with its object and `out` or `away` a few words on.)
    let thrown_out = w.iter().enumerate().any(|(i, v)| {
        matches!(*v, "throw" | "toss" | "chuck" | "bin" | "trash" | "ditch" | "take")
            // (Not `out of`: `take the faq out of DOCS` moves it.)
            && (i + 1..w.len().min(i + 7)).any(|k| {
                w[k] == "away" || (w[k] == "out" && w.get(k + 1).is_none_or(|n| *n != "of"))
            })
    });
    let throws_away = (w.first().is_some_and(|v| throws(v)) && !to_someone)
        || w.windows(2)
            .any(|p| throws(p[0]) && matches!(p[1], "it" | "them" | "this" | "that"))
        || thrown_out;
    let done_with = [
        "finished with",
        "done with",
        "through with",
        "off with",
        "write off",
        "chuck out",
        "chuck away",
        "throw out",
        "throw away",
        "compost",
        // Idioms of an end (`lay the hello file to rest`, `give it the
        // chop`, `pour it down the sink`).
        "to rest",
        "the chop",
        "the axe",
        "down the sink",
        "down the drain",
        "in the bin",
        "into the bin",
        "tear down",
        "liquidate",
        // British: `get shot of it` (not `pull me a shot of the todo`).
        "get shot of",
        "got shot of",
        "overboard",
        "dispose of",
        "do away with",
    ]
    .iter()
    .any(|p| r.contains(p));
    // Letting it go (`let the hello file go quietly`).
    let lets_go = w.first().is_some_and(|v| *v == "let")
        && w.get(1).is_some_and(|x| !matches!(*x, "me" | "us" | "it"))
        && w.iter().skip(2).any(|x| *x == "go");
    // Kitchen slang for taking something off (`86 the hello file`).
    let no_more = r.trim_start().starts_with("no more ") || r.trim_start().starts_with("86 ");
    let ends = r.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    let can_go = [
        "can go",
        "has to go",
        "must go",
        "needs to go",
        "is not needed",
        "isnt needed",
    ]
    .iter()
    .any(|p| ends.ends_with(p));
    r.contains("no longer need")
        || r.contains("no longer want")
        || (negated.iter().any(|n| r.contains(n)) && gone)
        || throws_away
        || done_with
        || no_more
        || can_go
        || lets_go
}

/// A placing verb, a quoted text after it, then `on`, `in`, `into` or
/// `to` and something other than the screen: `put "bingo Tuesday" on my
/// list`, `add 'milk' to the todo`, not `write "hi" on the screen`.
pub(super) fn places_quoted_text(request: &str) -> bool {
    let lower = request.to_ascii_lowercase();
    let Some(open) = lower.find(['"', '\'']) else {
        return false;
    };
    let q = lower[open..].chars().next().unwrap_or('"');
    let Some(len) = lower[open + 1..].find(q) else {
        return false;
    };
    let (before, after) = (&lower[..open], &lower[open + 1 + len + 1..]);
    let verb = words(before).any(|w| {
        matches!(
            w,
            "put"
                | "add"
                | "write"
                | "append"
                | "save"
                | "store"
                | "insert"
                | "record"
                | "note"
                | "jot"
                | "paste"
                | "stick"
        )
    });
    let mut rest = words(after).filter(|w| !w.is_empty());
    let placed = rest
        .next()
        .is_some_and(|w| matches!(w, "on" | "in" | "into" | "to" | "onto" | "at"));
    let screen = words(&lower)
        .any(|w| matches!(w, "screen" | "display" | "terminal" | "console" | "monitor"));
    verb && placed && !screen
}

/// Whether the request asks to add to the end of a file rather than write
/// it anew.
pub(super) fn adds_to_end(request: &str) -> bool {
    let r = request.to_ascii_lowercase();
    any_word(
        &r,
        &["grow", "extend", "append", "add", "jot", "tack", "continue"],
    ) || places_at_end(&r)
        || [
            "note down",
            "one more line",
            "another line",
            "add a line",
        ]
        .iter()
        .any(|p| r.contains(p))
        // A new line, unless the file is covered by it (`cover up the todo
        // with a new line: …` is its whole text).
        || (["new line", "new entry", "new item"]
            .iter()
            .any(|p| r.contains(p))
            && !["cover up", "cover over", "paint over"]
                .iter()
                .any(|p| r.contains(p)))
}

/// A text put into a file or the file updated with it (`put "ring bob" in
/// the notes`, `update the notes with 'meeting postponed'`): into a file
/// the volume holds, a line more, as every hand-written split expects;
/// writing over it takes a word that says so ([`replaces`]).
pub(super) fn puts_into(request: &str) -> bool {
    let r = request.to_ascii_lowercase();
    let w: Vec<&str> = words(&r).filter(|w| !w.is_empty()).collect();
    w.iter().enumerate().any(|(i, t)| {
        matches!(*t, "put" | "stick" | "pop" | "insert")
            || (*t == "update" && w[i + 1..].contains(&"with"))
    })
}

/// `update the todo with pay rent`: the same request as `add pay rent to
/// the todo`, which the model and the router know (they read `update … with`
/// as a text to say). `file` is whether the words before `with` name a live
/// file. The text is the typed words after `with`.
pub(super) fn update_with(request: &str, file: &dyn Fn(&str) -> bool) -> Option<String> {
    let lower = request.to_ascii_lowercase();
    let start = ["please update ", "pls update ", "update ", "kindly update "]
        .iter()
        .find(|p| lower.starts_with(*p))?
        .len();
    let with = lower[start..].find(" with ")? + start;
    let thing = request[start..with].trim();
    let text = request[with + 6..].trim();
    (!text.is_empty() && thing.split_whitespace().count() <= 4 && file(thing))
        .then(|| alloc::format!("add {text} to {thing}"))
}

/// Whether the request asks how a request would be read rather than for
/// it to be done (`route …`, `trace the request …`, `what would happen if
/// i said …`, `dry-run …`, `what does … become`): every development row
/// that expects `route` says one of these. Without one, a `route` proposed
/// explains what nobody asked to have explained (`kindly do the needful
/// and show the todo list`).
pub(super) fn asks_the_route(request: &str) -> bool {
    const KEYS: &[&str] = &[
        "rout",
        "trace",
        "would do",
        "would happen",
        "would run",
        "would you",
        "would it",
        "would that",
        "would be routed",
        "what would",
        "woould",
        "without",
        "don't run",
        "dont run",
        "not run",
        "explain",
        "which command",
        "what command",
        "command for",
        "as command",
        "as a command",
        "dry",
        "simulat",
        "pretend",
        "before running",
        "before it runs",
        "befpre",
        "before you act",
        "before anything runs",
        "interpret",
        "you'd",
        "how you",
        "map to",
        "maps to",
        "become",
        "translate",
        "turn into",
        "turns into",
        "mean",
        "don't do anything",
        "dont do anything",
        "what you will do",
        "what will you do",
        "would read",
        "read it as",
        "how the shell",
        "how it reads",
        // (`how would the machine construe "remove the notes"? Do not act
        // upon it`, `what wud "…" do? dont actually`, `indicate how the
        // request "…" would be handled`.)
        "construe",
        "understand",
        "handled",
        "parse",
        "make of",
        "would treat",
        "wud",
        "what you do with",
        "what do you do with",
        "will do if",
        "would do if",
        "don't actually",
        "dont actually",
        "do not actually",
        "do not do it",
        "don't do it",
        "dont do it",
        "not act",
    ];
    let r = request.to_ascii_lowercase().replace('\u{2019}', "'");
    KEYS.iter().any(|k| r.contains(k))
}

/// `note` as the verb that puts a line into a file (`note in the todo: fix
/// the printer`, `note in the boot log that the check passed`, `let's note
/// … in todo.txt`): a line more, never the file's whole text, which a
/// person who meant that says (`replace`, `only`, `a note file`).
pub(super) fn notes_in(lower: &str) -> bool {
    let w: Vec<&str> = lower.split_whitespace().collect();
    w.iter().enumerate().any(|(i, t)| {
        let next = w.get(i + 1).copied().unwrap_or("");
        let verb = i == 0 || matches!(w[i - 1], "let's" | "lets" | "pls" | "please" | "and");
        (*t == "note:" && i == 0)
            || (*t == "note"
                && (matches!(next, "in" | "that" | "into" | "on") || (verb && next != "file")))
    })
}

/// Whether the request asks how much room the volume has.
pub(super) fn asks_space(request: &str) -> bool {
    any_word(
        request,
        &["space", "free", "usage", "used", "full", "room", "left"],
    )
}

/// Whether the request asks about the storage device itself.
pub(super) fn asks_device(request: &str) -> bool {
    any_word(
        request,
        &[
            "ssd",
            "nvme",
            "namespace",
            "namespaces",
            "firmware",
            "serial",
            "controller",
            "vendor",
            "manufacturer",
            "manufactured",
            "information",
            "info",
            "details",
            "specs",
        ],
    )
}

/// Whether the request names the storage device (`ssd model`, `which disk
/// controller is this`).
pub(super) fn names_storage(request: &str) -> bool {
    any_word(
        request,
        &["ssd", "nvme", "drive", "disk", "namespace", "namespaces"],
    )
}

/// Whether the request is about the language model.
pub(super) fn asks_ai(request: &str) -> bool {
    any_word(
        request,
        &[
            "ai",
            "llm",
            "language",
            "weights",
            "gguf",
            "network",
            "tokens",
            "quantization",
            "layers",
        ],
    )
}

/// Whether the request asks for a text to be said back: a verb that says,
/// shows or prints, or a quoted text.
pub(super) fn asks_to_say(request: &str) -> bool {
    request.contains(['"', ':'])
        || request.matches('\'').count() >= 2
        || any_word(
            request,
            &[
                "say", "says", "echo", "print", "repeat", "display", "show", "shout", "type",
                "write", "output", "tell", "message", "text", "phrase", "word", "words",
                "sentence", "screen",
            ],
        )
}

/// Whether the request asks for a file's bytes rather than its text.
pub(super) fn wants_bytes(request: &str) -> bool {
    any_word(
        request,
        &[
            "hex",
            "hexdump",
            "hexadecimal",
            "hd",
            "bytes",
            "byte",
            "raw",
            "binary",
            "garbage",
            "junk",
            "gibberish",
            "od",
            "xxd",
            "encoding",
        ],
    )
}

/// Whether the request asks how a request would be handled rather than
/// to handle it.
pub(super) fn asks_to_route(request: &str) -> bool {
    // `what would happen`, `what would you run`; not the polite opener
    // (`Would you kindly put …`) nor a wish (`I would like …`).
    let w: Vec<alloc::string::String> = words(request)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let asks_what_would = w.iter().enumerate().any(|(i, x)| {
        x == "would" && i > 0 && !matches!(w[i - 1].as_str(), "i" | "we" | "please" | "kindly")
    });
    asks_what_would
        || any_word(
            request,
            &[
                "route",
                "routes",
                "routed",
                "routing",
                "router",
                "explain",
                "dry",
                "trace",
                "pick",
                "choose",
                "command",
                "interpret",
                "handle",
                "happen",
                "dryrun",
                "before",
                "translate",
                "translates",
                "turn",
                "turns",
            ],
        )
}

/// Whether the line asks, in so many words, what would be run for a
/// request it quotes (`what would you do with 'delete the boot log'? only
/// say it`, `what would you do if I said "throw out the old fight cards"`):
/// a question about the quoted request, never the request itself, in
/// either mode. Narrower than [`asks_to_route`], whose `before` or `turn`
/// also open ordinary requests with a quoted text (`before I go, write
/// "bye" to notes.txt`).
pub(super) fn asks_what_a_quote_would_run(request: &str) -> bool {
    let w = lower_words(&without_quoted_text(request));
    let asks = w.windows(3).any(|p| {
        matches!(p[0].as_str(), "what" | "how" | "which")
            && matches!(p[1].as_str(), "would" | "will" | "wud")
            && matches!(
                p[2].as_str(),
                "you" | "u" | "happen" | "it" | "that" | "nosys"
            )
    });
    asks && crate::ground::embedded_request(request).is_some() && request.contains(['"', '\''])
}

/// Whether the request names a log file rather than the kernel's log: the
/// file spelt (`boot.log`), or `log` with the words that describe the file
/// (`the startup log`), and nothing of the kernel's messages (`kernel
/// messages from this boot` is the log applet's).
pub(super) fn names_log_file(request: &str, grounded: &Grounded) -> bool {
    let kernel = any_word(
        request,
        &[
            "kernel", "kernel's", "kernels", "messages", "message", "dmesg",
        ],
    );
    !grounded.spelt.is_empty() || (any_word(request, &["log"]) && !kernel)
}

/// Whether the request asks what, which, where or whether something is:
/// a question about the volume, not a request to change it.
/// Whether the request asks how something is done (`how do i …`, `how
/// can we …`, `how to …`).
pub(super) fn asks_how_to(request: &str) -> bool {
    let w: Vec<alloc::string::String> = words(request)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    w.windows(3).any(|x| {
        x[0] == "how"
            && matches!(
                x[1].as_str(),
                "do" | "can" | "could" | "would" | "should" | "does"
            )
            && matches!(x[2].as_str(), "i" | "we" | "one" | "you" | "someone")
    }) || w
        .windows(2)
        .any(|x| x[0] == "how" && matches!(x[1].as_str(), "to" | "does"))
}

/// Whether the lower-cased request holds one of `phrases`.
pub(super) fn any_phrase(request: &str, phrases: &[&str]) -> bool {
    let r = request.to_ascii_lowercase();
    phrases.iter().any(|p| r.contains(p))
}

/// The request's first two words, lower case, past the fillers a line may
/// open with (`so`, `ok`, `hey`, …).
pub(super) fn opening_words(request: &str) -> Vec<alloc::string::String> {
    // `what's` opens as `whats` does.
    words(request)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase().replace(['\'', '\u{2019}'], ""))
        .skip_while(|w| matches!(w.as_str(), "so" | "ok" | "okay" | "hey" | "um" | "and"))
        .take(2)
        .collect()
}

/// Whether the request opens as a question (`how do i …`, `what is …`,
/// `is there …`), whatever follows.
pub(super) fn asks_how_or_what(request: &str) -> bool {
    match opening_words(request).as_slice() {
        [a, ..]
            if matches!(
                a.as_str(),
                "how" | "what" | "whats" | "which" | "where" | "wheres" | "who" | "why" | "when"
            ) =>
        {
            true
        }
        [a, b] => matches!(
            (a.as_str(), b.as_str()),
            ("is" | "are", "there") | ("did" | "do" | "does", "i" | "we" | "you")
        ),
        _ => false,
    }
}

pub(super) fn asks_what_is(request: &str) -> bool {
    // Not when it goes on to ask for something (`where can i keep my
    // screenshots? make a folder screenshots`).
    if request
        .split_once('?')
        .is_some_and(|(_, rest)| rest.chars().any(|c| c.is_ascii_alphabetic()))
    {
        return false;
    }
    match opening_words(request).as_slice() {
        [a, ..]
            if matches!(
                a.as_str(),
                "what" | "whats" | "which" | "where" | "wheres" | "who"
            ) =>
        {
            true
        }
        [a, b] => matches!(
            (a.as_str(), b.as_str()),
            ("is" | "are", "there") | ("did", "i" | "we") | ("do", "i")
        ),
        _ => false,
    }
}

/// Whether the request asks for a new name: `rename`, `ren`, `change the
/// name`.
pub(super) fn renames(request: &str) -> bool {
    let lower = request.to_ascii_lowercase();
    any_word(request, &["rename", "renaming", "ren"])
        || lower.contains("change the name")
        || lower.contains("change its name")
}

/// Whether the request has a verb that reads.
pub(super) fn reads(request: &str) -> bool {
    any_word(
        request,
        &[
            "read", "open", "show", "see", "view", "display", "print", "cat",
        ],
    )
}

/// Whether the request asks for a file's text.
pub(super) fn wants_text(request: &str) -> bool {
    any_word(
        request,
        &[
            "text", "read", "contents", "content", "says", "say", "words",
        ],
    )
}

/// Whether the request's first word past politeness asks to say something.
pub(super) fn opens_with_say(request: &str) -> bool {
    const POLITE: &[&str] = &[
        "please", "pls", "can", "could", "would", "you", "u", "just", "now", "ok", "hey",
        "computer",
    ];
    let mut w = words(request).filter(|w| !POLITE.iter().any(|p| w.eq_ignore_ascii_case(p)));
    let first = w.next().unwrap_or("");
    // `write out hello world` writes it out to be seen, where no file is
    // said after it.
    let writes_out = first.eq_ignore_ascii_case("write")
        && w.next().is_some_and(|x| x.eq_ignore_ascii_case("out"))
        && !w.any(|x| any_word(x, &["to", "into", "in", "onto", "file"]));
    writes_out || any_word(first, &["say", "shout", "repeat"])
}

/// Whether the request asks what is on or in something (`what jobs are on
/// the to-do`, `remind me what's on my list of things to do`), changing
/// nothing.
pub(super) fn asks_whats_in(request: &str) -> bool {
    let w = lower_words(request);
    let what = w
        .iter()
        .position(|x| matches!(x.as_str(), "what" | "whats" | "what's"));
    what.is_some_and(|i| {
        w[i + 1..]
            .iter()
            .any(|x| matches!(x.as_str(), "on" | "in" | "inside"))
    }) && !asks_to_write(request)
        && !adds_to_end(request)
}

/// Whether the request's first word, past politeness, is `say`, `shout`
/// or `repeat`.
pub(super) fn opens_with_spoken_say(request: &str) -> bool {
    said_after(request).is_some()
}

/// Whether the say word is followed by a colon (`announce: …`, `say:
/// …`): what comes after it is all text, whatever file a word of it
/// might describe.
pub(super) fn opens_with_colon_say(request: &str) -> bool {
    said_after(request).is_some_and(|(t, _)| {
        // `t` is a slice of `request`: what precedes it.
        let at = (t.as_ptr() as usize).saturating_sub(request.as_ptr() as usize);
        request
            .get(..at)
            .is_some_and(|before| before.trim_end().ends_with(':'))
    })
}

/// What follows the opening `say` (`shout`, `repeat`, `announce:`) after
/// politeness, as typed: a quoted text alone when the words open with one (`say "With
/// deepest sympathy" on the screen so I can check`), else the whole rest
/// of the line without a final full stop; and whether it was quoted.
/// `None` when the line does not open so, or nothing follows.
pub(super) fn said_after(request: &str) -> Option<(&str, bool)> {
    let mut rest = request.trim_start();
    loop {
        let (word, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let bare = word.trim_end_matches([',', ':']).to_ascii_lowercase();
        if is_politeness(&bare) {
            rest = tail.trim_start();
            continue;
        }
        let says = matches!(bare.as_str(), "say" | "shout" | "repeat")
            || (bare == "announce" && word.ends_with(':'));
        if !says {
            return None;
        }
        let tail = tail.trim_start().trim_start_matches(':').trim();
        for (open, close) in [('"', '"'), ('\u{201c}', '\u{201d}'), ('\'', '\'')] {
            if let Some(inner) = tail.strip_prefix(open) {
                // The closing quote ends a word (`'don't panic'` is one
                // text, not `don`).
                let end = inner.match_indices(close).map(|(i, _)| i).find(|&i| {
                    inner[i + close.len_utf8()..]
                        .chars()
                        .next()
                        .is_none_or(|c| c.is_whitespace() || ".,!?;:".contains(c))
                });
                if let Some(end) = end {
                    let quoted = inner[..end].trim();
                    return (!quoted.is_empty()).then_some((quoted, true));
                }
            }
        }
        let text = tail.strip_suffix('.').unwrap_or(tail).trim_end();
        return (!text.is_empty()).then_some((text, false));
    }
}

/// Whether the request asks about what was typed before.
pub(super) fn asks_past(request: &str) -> bool {
    any_word(
        request,
        &[
            "ran",
            "typed",
            "earlier",
            "previous",
            "previously",
            "entered",
        ],
    )
}

/// Whether the request asks which commands there are to use, not which
/// were used: `commands` with a word of having or being able, and no word
/// of the past.
pub(super) fn asks_commands_at_hand(request: &str) -> bool {
    any_word(request, &["command", "commands"])
        && any_word(
            request,
            &[
                "disposal", "available", "exist", "exists", "offer", "offers", "support",
                "supports", "know", "knows", "understand", "understands", "can", "could",
                "able", "have", "got",
            ],
        )
        && !asks_past(request)
        // (`what commands have I played so far`: a perfect is the past.)
        && !(any_word(request, &["have", "i've", "ive"])
            && request
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w.len() >= 5 && w.to_ascii_lowercase().ends_with("ed")))
        && !any_word(
            request,
            &[
                "used", "did", "done", "gave", "given", "executed", "issued", "sent", "run",
                "history", "last", "recent", "recently", "before", "already", "today", "tonight",
                "session", "typing", "wrote", "asked", "far",
            ],
        )
}

/// Whether the request places its text after what a file holds.
pub(super) fn places_at_end(request: &str) -> bool {
    let r = request.to_ascii_lowercase();
    [
        "at the end",
        "at the bottom",
        "to the end",
        "to the bottom",
        "under the last",
        "after the last",
        "below the last",
        "after last line",
        "under the line",
        "after the line",
        "after the existing",
        "under the existing",
    ]
    .iter()
    .any(|p| r.contains(p))
}

/// `request` with its redirection `>` spaced out (`echo hi>a.txt` → `echo
/// hi > a.txt`), or `None` when it has none outside quotes.
pub(super) fn redirected(request: &str) -> Option<alloc::string::String> {
    let mut quoted = None;
    let mut at = None;
    for (i, c) in request.char_indices() {
        match (c, quoted) {
            ('"', None) => quoted = Some('"'),
            ('"', Some('"')) => quoted = None,
            ('>', None) if !request[..i].ends_with('-') => at = Some(i),
            _ => {}
        }
    }
    let at = at?;
    let (before, after) = (request[..at].trim_end(), request[at + 1..].trim_start());
    (!before.is_empty() && !after.is_empty()).then(|| alloc::format!("{before} > {after}"))
}

/// Whether the request asks to write a file anew, its old text gone.
pub(super) fn replaces(request: &str) -> bool {
    // A new line is one more (`… as a new line`); covering the file is
    // its whole text anew (`cover up the todo with a new line: …`).
    let mut r = request
        .to_ascii_lowercase()
        .replace("new line", "line")
        .replace("new entry", "entry")
        .replace("new item", "item");
    // Something new at its end is one more (`the faq needs a new q at the
    // end: …`).
    if ["at the end", "to the end", "at the bottom", "to the bottom"]
        .iter()
        .any(|p| r.contains(p))
    {
        r = r.replace("new ", "");
    }
    any_word(
        &r,
        &[
            "replace",
            "replacing",
            "overwrite",
            "overwriting",
            "instead",
            "blank",
            "erase",
            "wipe",
            "create",
            "new",
            "only",
            "swap",
            "trade",
        ],
    ) || [
        "make a file",
        "a file called",
        "a file named",
        "just say",
        "only say",
        "cover up",
        "cover over",
        "paint over",
    ]
    .iter()
    .any(|p| r.contains(p))
}

/// Whether every time the request says `name` a determiner or possessive
/// comes before it (`a cat`, `my history`) and no word that makes it a
/// command after it (`the cat command`).
pub(super) fn only_as_a_noun(request: &str, name: &str) -> bool {
    let w: Vec<&str> = words(request).filter(|w| !w.is_empty()).collect();
    let at: Vec<usize> = (0..w.len())
        .filter(|&i| w[i].eq_ignore_ascii_case(name))
        .collect();
    !at.is_empty()
        && at.iter().all(|&i| {
            let before = i.checked_sub(1).map(|k| w[k].to_ascii_lowercase());
            let after = w.get(i + 1).map(|a| a.to_ascii_lowercase());
            matches!(
                before.as_deref(),
                Some(
                    "a" | "an"
                        | "the"
                        | "my"
                        | "your"
                        | "his"
                        | "her"
                        | "our"
                        | "their"
                        | "its"
                        | "this"
                        | "that"
                        | "some"
                )
            ) && !matches!(
                after.as_deref(),
                Some("command" | "applet" | "tool" | "program" | "cmd" | "commands")
            )
        })
}

/// The one live file a line puts into the one live folder it names, where
/// grounding sends it there (the folder's copy of its name is a new path,
/// and the only one in a folder other than its own): no word copies,
/// deletes, shows or asks a question. The file and where it goes.
pub(super) fn placed_into<'g>(
    request: &str,
    g: &'g crate::Grounded,
    paths: &[grammar::PathEntry],
) -> Option<(&'g grammar::PathEntry, alloc::string::String)> {
    let refs = &g.grounding.referents;
    let files: Vec<&grammar::PathEntry> = refs.iter().filter(|r| !r.is_dir).collect();
    let [file] = files.as_slice() else {
        return None;
    };
    let (parent, name) = file.path.rsplit_once('/')?;
    let dests: Vec<&alloc::string::String> = g
        .grounding
        .new_paths
        .iter()
        .filter(|p| {
            p.rsplit_once('/').is_some_and(|(d, n)| {
                !d.is_empty()
                    && !command::same_path(d, parent)
                    && command::same_path(n, name)
                    && paths
                        .iter()
                        .any(|e| e.is_dir && command::same_path(&e.path, d))
            })
        })
        .collect();
    let [dest] = dests.as_slice() else {
        return None;
    };
    if g.weak.contains(&file.path) {
        return None;
    }
    let w = lower_words(request);
    // A word of another live name sends it somewhere else (`change the
    // filename hello.txt to the faq in docs`).
    let ours = |x: &str| {
        path_words(&file.path)
            .iter()
            .chain(path_words(dest.rsplit_once('/').map_or("", |(d, _)| d)).iter())
            .any(|n| n == x || x.strip_suffix('s') == Some(n.as_str()))
    };
    let generic = |x: &str| matches!(x, "list" | "file" | "files");
    if w.iter()
        .any(|x| x.len() >= 3 && !generic(x) && is_a_live_word(paths, x) && !ours(x))
    {
        return None;
    }
    let first = w.iter().find(|x| !is_politeness(x))?;
    let question = matches!(
        first.as_str(),
        "is" | "are"
            | "was"
            | "does"
            | "do"
            | "did"
            | "where"
            | "what"
            | "whats"
            | "which"
            | "why"
            | "how"
            | "when"
            | "who"
            | "can"
            | "should"
            | "will"
    ) && !w.iter().any(|x| x == "you");
    let into = w.iter().any(|x| {
        matches!(
            x.as_str(),
            "in" | "into" | "inside" | "under" | "to" | "onto"
        )
    });
    let copies = any_word(
        request,
        &[
            "copy",
            "copies",
            // Slips of it the speller leaves (`cpy the boot lgo to docs`).
            "cpy",
            "cpoy",
            "coppy",
            "ocpy",
            "copu",
            // (`I'd like the photo list copied into docs` had moved it.)
            "copied",
            "copying",
            "duplicated",
            "duplicating",
            "duplicate",
            "backup",
            "clone",
            "cp",
            "twin",
            "also",
            "too",
            // (`let's keep a spare of the boot log in docs` had moved it.)
            "spare",
            "backups",
            "replica",
            "extra",
        ],
    ) || any_phrase(request, &["back up", "back it up", "back them up"])
        || renames(request)
        || any_word(request, &["name", "filename", "nae", "hex", "bytes"]);
    let removes = any_word(
        request,
        &[
            "delete", "remove", "erase", "rm", "del", "trash", "bin", "ls", "show", "open",
        ],
    ) || discards(request);
    (into && !question && !copies && !removes).then(|| (*file, (*dest).clone()))
}

/// The thing a line opens by asking to see (`Open the Nutcracker running
/// order`, `open the photo of the harbour at dawn`, `pull up the appraisal
/// sheet for the Rolex`): the words after the reading verb and a
/// determiner, up to a word that says which (`of`, `for`, `from` …), as
/// typed. None for a thing of the machine's (`the time`, `the memory`),
/// which an applet answers.
pub(super) fn seen_thing(request: &str) -> Option<alloc::string::String> {
    if !leads_with_reading(request) {
        return None;
    }
    let typed: Vec<&str> = words(request).filter(|w| !w.is_empty()).collect();
    let lower: Vec<String> = typed.iter().map(|w| w.to_ascii_lowercase()).collect();
    let mut i = lower.iter().position(|x| !is_politeness(x))? + 1;
    if lower.get(i).is_some_and(|x| x == "up") {
        i += 1;
    }
    while lower
        .get(i)
        .is_some_and(|x| matches!(x.as_str(), "me" | "us"))
    {
        i += 1;
    }
    // A document of someone's, said definitely (`the`, `my`): `open
    // youtube` and `show me a picture of a cat` ask for no file.
    let definite = lower.get(i).is_some_and(|x| {
        matches!(
            x.as_str(),
            "the" | "my" | "our" | "his" | "her" | "their" | "your"
        ) || (x.len() > 3
            && x.ends_with("'s")
            // (Not `what's`, `that's`: `show me what's stored in docs`.)
            && !matches!(
                x.as_str(),
                "what's" | "that's" | "it's" | "there's" | "here's" | "who's" | "where's"
            ))
    });
    // (Or as spoken: `open mi price list`, `open di fishermen debt book`.)
    let spoken = lower
        .get(i)
        .is_some_and(|x| matches!(x.as_str(), "mi" | "di" | "da" | "ma" | "yer"));
    // Or a name typed as one, without an article: a capital, then a
    // number (`Open Exhibit 22`, `open Invoice 4471`); `open Spotify` or
    // `open Sage Payroll`, an app's name, asks for no file.
    let named = !definite
        && !spoken
        && typed
            .get(i)
            .is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase));
    if !definite && !spoken && !named {
        return None;
    }
    if !named {
        i += 1;
    }
    let start = i;
    // (Where a thing's name ends: a preposition, a courtesy, who asks.)
    const ENDS: &[&str] = &[
        "from", "for", "at", "in", "on", "to", "please", "pls", "and", "so", "that", "which", "i",
        "we", "now",
    ];
    while lower.get(i).is_some_and(|x| {
        !(matches!(x.as_str(), "of" | "with" | "about") || ENDS.contains(&x.as_str()))
    }) {
        i += 1;
    }
    let thing = &lower[start..i];
    const MACHINE: &[&str] = &[
        "time",
        "date",
        "clock",
        "memory",
        "ram",
        "cpu",
        "processor",
        "disk",
        "disks",
        "drive",
        "storage",
        "space",
        "log",
        "logs",
        "history",
        "help",
        "commands",
        "command",
        "model",
        "uptime",
        "screen",
        "devices",
        "device",
        "pci",
        "files",
        "file",
        "folder",
        "folders",
        "directory",
        "list",
        "contents",
        "everything",
        "all",
        "it",
        "them",
        "one",
        "bytes",
        "hex",
        "kernel",
        "system",
        "machine",
        "computer",
        "route",
        "benchmark",
        "bench",
        "speed",
        // Things of the house and the web, and words to say.
        "door",
        "doors",
        "window",
        "windows",
        "gate",
        "garage",
        "app",
        "browser",
        "tab",
        "fridge",
        "curtains",
        "blinds",
        "lid",
        "message",
        "words",
        "text",
        "way",
    ];
    let plain = |x: &String| x.len() >= 2 && x.chars().all(|c| c.is_alphanumeric() || c == '-');
    // (A capital or a digit alone is part of a name: `the Part B fire
    // strategy`, `Grade 8`.)
    let part = |t: &&str| {
        t.len() == 1
            && t.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    };
    // A file named by what it holds (`the file of my carpet prices`, `the
    // file with the mass times`) is named so.
    if matches!(thing, [x] if matches!(x.as_str(), "file" | "document"))
        && lower
            .get(i)
            .is_some_and(|x| matches!(x.as_str(), "of" | "with"))
    {
        let mut j = i + 1;
        if lower.get(j).is_some_and(|x| {
            matches!(
                x.as_str(),
                "the" | "my" | "our" | "his" | "her" | "their" | "your"
            )
        }) {
            j += 1;
        }
        let from = j;
        while j < lower.len() && j < from + 4 && !ENDS.contains(&lower[j].as_str()) {
            j += 1;
        }
        let holds = &lower[from..j];
        return (!holds.is_empty()
            && holds.iter().all(plain)
            && !holds
                .iter()
                .any(|x| MACHINE.contains(&x.as_str()) || ground::is_stopword(x)))
        .then(|| typed[start..j].join(" "));
    }
    if named
        && (thing.len() < 2
            || !typed[start + 1..i]
                .iter()
                .any(|t| t.chars().any(|c| c.is_ascii_digit())))
    {
        return None;
    }
    (!thing.is_empty()
        && thing.len() <= 4
        && thing
            .iter()
            .zip(&typed[start..i])
            .all(|(x, t)| plain(x) || part(t))
        && !thing
            .iter()
            .any(|x| MACHINE.contains(&x.as_str()) || ground::is_stopword(x)))
    .then(|| typed[start..i].join(" "))
}

/// Whether the words after an `if` at `at` ask leave rather than set a
/// condition: the clause is about the asking itself (`if it's ok`, `if
/// that is in order`, `If it's no trouble`, `if it is not too much
/// trouble`), not about the world (`if everything is fine`, `if there's a
/// problem`, `if the order is wrong` are conditions).
fn asks_leave_after(w: &[String], at: usize) -> bool {
    let word = |k: usize| w.get(k).map_or("", |x| x.as_str());
    if !matches!(
        word(at + 1),
        "it" | "it's" | "its" | "that" | "that's" | "thats" | "this"
    ) {
        return false;
    }
    (at + 2..at + 7).any(|k| match word(k) {
        "ok" | "okay" | "fine" | "alright" | "possible" | "convenient" | "allowed" => true,
        "trouble" | "bother" | "problem" => {
            (at + 2..k).any(|m| matches!(word(m), "no" | "not" | "too"))
        }
        "order" => word(k - 1) == "in",
        _ => false,
    })
}

/// Whether a line that opens with a change's `-ing` form announces it,
/// now, in a few words (`restarting now`, `rebooting please`), rather than
/// saying something of it (`rebooting is annoying`).
fn announced_now(w: &[String]) -> bool {
    w.len() <= 4
        && w.iter().any(|x| {
            matches!(
                x.as_str(),
                "now" | "asap" | "immediately" | "please" | "pls" | "plz"
            )
        })
        && !w
            .iter()
            .any(|x| matches!(x.as_str(), "is" | "was" | "are" | "were" | "be" | "been"))
}

/// Why a line that a change answered asks no change at all, if it does
/// not: the change is refused in so many words (`do not shut down`,
/// `please don't reboot`), told as done already or elsewhere (`i
/// accidentally removed my notes last week`, `my computer shut down by
/// itself last night`), weighed rather than asked (`should i delete the
/// photo list?`, `is it safe to delete the boot log?`, `suppose i moved
/// the faq …`), said of the person rather than the machine (`power down
/// my brain`, `restart my life`), or sent where nothing here reaches
/// (`text the meeting notes to anna`, `back up my notes to the cloud`).
/// The audit of 6 December (eleventh session) found each proposed as the
/// change.
pub(super) fn asks_no_change(request: &str) -> Option<&'static str> {
    let r = request.to_ascii_lowercase().replace('\u{2019}', "'");
    let w = lower_words(&r);
    let at = |i: usize| w.get(i).map_or("", |x| x.as_str());
    const CHANGES: &[&str] = &[
        "poweroff",
        "halt",
        "delete",
        "remove",
        "erase",
        "rm",
        "del",
        "move",
        "copy",
        "rename",
        "shut",
        "shutdown",
        "reboot",
        "restart",
        "power",
        "turn",
        "switch",
        "write",
        "append",
        "add",
        "wipe",
        "trash",
        "overwrite",
        "format",
    ];
    // Refused: the first change word with a `not` shortly before it (`no
    // need to reboot`, `the notes should not be deleted`).
    const DONE_FORMS: &[&str] = &[
        "deleted",
        "removed",
        "erased",
        "moved",
        "copied",
        "renamed",
        "rebooted",
        "restarted",
        "wiped",
        "trashed",
        "overwritten",
        "formatted",
    ];
    // (In the change's own clause: `no cap, delete the notes` refuses
    // nothing.)
    let is_change = |x: &str| CHANGES.contains(&x) || DONE_FORMS.contains(&x);
    let clause_words = r
        .split([',', ';', '.', '!', '?'])
        .map(lower_words)
        .find(|cw| cw.iter().any(|x| is_change(x)))
        .unwrap_or_default();
    if let Some(i) = clause_words.iter().position(|x| is_change(x)) {
        let at = |k: usize| clause_words.get(k).map_or("", |x| x.as_str());
        // Nothing to change (`remove nothing, I only want to see the
        // notes` had deleted them): what else the line asks may still run.
        if matches!(at(i + 1), "nothing" | "none")
            || (at(i + 1) == "down" && at(i + 2) == "nothing")
        {
            return Some("declined");
        }
        let negated = (1..=2).any(|k| {
            i >= k
                && matches!(
                    at(i - k),
                    "don't" | "dont" | "not" | "never" | "no" | "stop"
                        // (`I'd rather you didn't shut down the machine`.)
                        | "didn't" | "didnt" | "shouldn't" | "shouldnt" | "mustn't" | "mustnt"
                )
        });
        // A `not` further back, with only words between that carry the
        // wish or the asking to the change (`I don't want you to delete
        // the todo` had deleted it; `I wasn't going to ask you to reboot`).
        let carries = |x: &str| {
            matches!(
                x,
                "want"
                    | "wanted"
                    | "wants"
                    | "wanna"
                    | "you"
                    | "u"
                    | "to"
                    | "going"
                    | "gonna"
                    | "ask"
                    | "asking"
                    | "asked"
                    | "need"
                    | "needed"
                    | "mean"
                    | "meant"
                    | "planning"
                    | "trying"
                    | "intend"
                    | "intending"
                    | "me"
                    | "i"
                    | "be"
                    | "have"
                    | "would"
                    | "ever"
                    | "really"
                    | "actually"
            )
        };
        let denied_wish = (3..=6).any(|k| {
            i >= k
                && matches!(
                    at(i - k),
                    "don't"
                        | "dont"
                        | "not"
                        | "never"
                        | "wasn't"
                        | "wasnt"
                        | "won't"
                        | "wont"
                        | "wouldn't"
                        | "didn't"
                        | "didnt"
                        | "doesn't"
                        | "isn't"
                        | "aren't"
                )
                && (i - k + 1..i).all(|j| carries(at(j)))
        });
        // (`no need to reboot`, `should not be deleted`.)
        let negated = negated
            || denied_wish
            || (i >= 3 && at(i - 3) == "no" && at(i - 2) == "need")
            || (i >= 2 && at(i - 1) == "be" && matches!(at(i - 2), "not" | "never"));
        let first = w.iter().position(|x| is_change(x)).unwrap_or(0);
        let again = w[first + 1..].iter().any(|x| CHANGES.contains(&x.as_str()));
        if negated && !again {
            return Some("refused");
        }
    }
    // Said of doing it, not asked (`rebooting is annoying`, `deleting the
    // notes was a mistake`), or wished undone (`I wish I hadn't deleted
    // the todo list`), or of a thing gone (`I used to have a folder …`).
    if matches!(
        w.first().map(|x| x.as_str()),
        Some(
            "rebooting"
                | "restarting"
                | "shutting"
                | "deleting"
                | "removing"
                | "erasing"
                | "copying"
                | "moving"
                | "renaming"
                | "wiping"
                | "formatting"
                | "writing"
                | "appending"
        )
    ) && !announced_now(&w)
        || r.contains("wish i")
        || r.contains("used to")
    {
        return Some("told");
    }
    // Told as done by someone, with no change asked after it (`the intern
    // created a folder called temp and forgot about it`): a story.
    // (Not asked of the machine: `you deleted my notes` is a complaint,
    // `have you made the folder?` a question; neither is told here.)
    const DONE_BY: &[&str] = &[
        "created",
        "made",
        "deleted",
        "removed",
        "erased",
        "moved",
        "copied",
        "renamed",
        "wrote",
        "added",
        "appended",
        "wiped",
        "trashed",
        "rebooted",
        "restarted",
    ];
    let own_words = lower_words(&without_quoted_text(&r));
    if let Some(i) = own_words.iter().position(|x| DONE_BY.contains(&x.as_str())) {
        // (Its subject's verb, opening the line: not `… containing Meeting
        // moved to Monday`, `I need the meeting notes erased`.)
        let opening = r
            .split([',', ':', ';'])
            .next()
            .is_some_and(|c| lower_words(c).len() > i);
        // (A subject before it: a pronoun, `the intern`, `my boss`, a
        // name; not `add rebooted ok to the boot log`.)
        let subject = match i {
            0 => false,
            1 => {
                matches!(
                    own_words[0].as_str(),
                    "i" | "he"
                        | "she"
                        | "they"
                        | "we"
                        | "someone"
                        | "somebody"
                        | "everyone"
                        | "nobody"
                        | "mom"
                        | "dad"
                        | "mum"
                ) || request
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_uppercase())
                    && !matches!(
                        own_words[0].as_str(),
                        "add" | "write" | "append" | "put" | "note" | "log"
                    )
            }
            _ => matches!(
                own_words[i - 2].as_str(),
                "the" | "my" | "our" | "his" | "her" | "their" | "your" | "a" | "an" | "some"
            ),
        };
        let by_someone = (1..=3).contains(&i) && opening && subject;
        let asked_after = own_words[i + 1..].iter().any(|x| {
            CHANGES.contains(&x.as_str())
                || matches!(
                    x.as_str(),
                    "make" | "create" | "mkdir" | "please" | "pls" | "can" | "could"
                )
        });
        if by_someone && !asked_after {
            return Some("told");
        }
    }
    // Put off: nothing here waits (`reboot later`, `reboot the server
    // tonight`), by a clause before it (`after lunch, reboot`, `once the
    // meeting is over, delete the meeting notes`, `when the build
    // finishes, reboot`) or a time after it (`don't forget to delete the
    // todo tomorrow`, `maybe tomorrow I'll shut it down`): nothing here
    // waits. Not a clause of the person's readiness (`when you get a
    // chance, …`) nor `after that` of a line before.
    // (Not a clause of what already happened: `After the meeting ran
    // long, my manager wanted the notes archived, so move …` tells a story.)
    let told_before = r.split(',').next().is_some_and(|c| {
        let cw = lower_words(c);
        !cw.iter()
            .any(|x| matches!(x.as_str(), "has" | "have" | "is" | "are" | "will"))
            && cw.iter().any(|x| {
                matches!(
                    x.as_str(),
                    "ran"
                        | "was"
                        | "were"
                        | "had"
                        | "did"
                        | "went"
                        | "came"
                        | "got"
                        | "took"
                        | "made"
                        | "said"
                        | "told"
                        | "left"
                        | "began"
                        | "broke"
                        | "wanted"
                )
            })
    });
    let opens_when = matches!(at(0), "after" | "once" | "when" | "whenever")
        && !matches!(at(1), "that" | "this" | "you" | "u")
        && r.contains(',')
        && !told_before
        && !r
            .split(',')
            .next()
            .is_some_and(|c| any_word(c, &["you", "u"]));
    // (In the clause of the change, outside quotes: `delete the to-do,
    // I'm starting fresh tomorrow` gives a reason, `write "see you
    // tomorrow"` a text.)
    let unquoted: String = {
        let mut q = false;
        r.chars()
            .filter(|&c| {
                if c == '"' {
                    q = !q;
                }
                !q
            })
            .collect()
    };
    // (Nor in a file's name: `a file called to do later.txt`.)
    let unquoted: String = unquoted
        .split_whitespace()
        .filter(|t| !crate::ground::ends_with_extension(t))
        .collect::<Vec<&str>>()
        .join(" ");
    let change_clause = unquoted
        .split([',', ';', '.', '!', '?'])
        .find(|c| lower_words(c).iter().any(|x| CHANGES.contains(&x.as_str())))
        .unwrap_or("");
    let later = [
        "tomorrow",
        "tonight",
        "next week",
        "later today",
        "later on",
        "this evening",
        "in an hour",
        "at midnight",
    ]
    .iter()
    // (`for tonight`, `for the night` is how long it stays off, from
    // now: `switch off for tonight`.)
    .any(|p| {
        change_clause
            .replace("for tonight", " ")
            .replace("for the night", " ")
            .contains(p)
    });
    // (Or opening the line: `tomorrow, delete the boot log`, `next week,
    // move the faq`, `on friday, reboot`, `in 10 minutes, shut down`.)
    const DAYS: &[&str] = WEEKDAYS;
    let first_clause = r.split(',').next().unwrap_or("");
    let opens_later = matches!(at(0), "tomorrow" | "tonight" | "later" | "afterwards")
        || (at(0) == "at" && at(1).starts_with(|c: char| c.is_ascii_digit()))
        || (at(0) == "in" && matches!(at(1), "an" | "a" | "half") && r.contains(','))
        || (matches!(at(0), "before" | "after" | "when")
            && ["tonight", "tomorrow", "later", "this evening"]
                .iter()
                .any(|p| first_clause.contains(p)))
        || (at(0) == "next"
            && (DAYS.contains(&at(1)) || matches!(at(1), "week" | "month" | "time")))
        || (at(0) == "on" && DAYS.contains(&at(1)))
        || (at(0) == "in" && at(1).starts_with(|c: char| c.is_ascii_digit()))
        || (at(0) == "this" && matches!(at(1), "evening" | "afternoon" | "weekend"));
    // (Or a time after the change: `reboot at 5pm`, `reboot after lunch`.)
    // (Only of a change that waits; a text may hold a time: `write
    // meeting at 3pm into the faq`.)
    let cw = lower_words(change_clause);
    let timed_change = cw.iter().any(|x| {
        matches!(
            x.as_str(),
            "reboot"
                | "restart"
                | "shutdown"
                | "shut"
                | "power"
                | "turn"
                | "switch"
                | "delete"
                | "remove"
                | "erase"
                | "rm"
                | "del"
                | "move"
                | "rename"
                | "trash"
        )
    }) && !cw.iter().any(|x| {
        matches!(
            x.as_str(),
            "write" | "add" | "append" | "put" | "note" | "echo" | "say" | "print"
        )
    });
    let at_time = timed_change
        && cw.windows(2).any(|p| {
            (p[0] == "at" && p[1].starts_with(|c: char| c.is_ascii_digit()))
                || (p[0] == "after"
                    && matches!(p[1].as_str(), "lunch" | "dinner" | "work" | "school"))
                || (p[0] == "in" && p[1].starts_with(|c: char| c.is_ascii_digit()))
                // (`restart the machine when the update is done`: a clause
                // of something else still to happen; not `when you can`.)
                // (`restart after deleting the notes`: after another job.)
                || (p[0] == "after" && p[1].len() > 4 && p[1].ends_with("ing"))
                || (matches!(p[0].as_str(), "when" | "once" | "whenever")
                    && matches!(p[1].as_str(), "the" | "it" | "its" | "it's" | "my" | "this"))
        });
    // (`maybe I'll delete the readme later`.)
    let ends_later = change_clause
        .trim_end()
        .trim_end_matches(['.', '!', '?'])
        .ends_with(" later");
    let later = later || opens_later || at_time || ends_later;
    let remind = r.contains("don't forget to")
        || r.contains("dont forget to")
        || r.contains("remind me to")
        || r.contains("remember to");
    // (A text put somewhere may say when: `add call mom tomorrow to the
    // todo`.)
    let puts_a_text = lower_words(change_clause).iter().any(|x| {
        matches!(
            x.as_str(),
            "add"
                | "write"
                | "append"
                | "put"
                | "note"
                | "echo"
                | "say"
                | "print"
                | "jot"
                | "record"
        )
    });
    let later = later && !puts_a_text;
    let any_change = w.iter().any(|x| {
        CHANGES.contains(&x.as_str()) || matches!(x.as_str(), "make" | "create" | "mkdir")
    });
    if any_change && (opens_when || (later && (remind || w.len() <= 10))) {
        return Some("put off");
    }
    // Held off in so many words (`hold off on rebooting, I'm saving`),
    // outside a text (`add "not now, maybe later" to the notes`).
    let unquoted = without_quoted_text(&r);
    let own = unquoted.split(':').next().unwrap_or("");
    let held = (any_phrase(
        own,
        &[
            "hold off",
            "not yet",
            "not now",
            "wait with",
            "hang on with",
        ],
    ) || any_word(own, &["postpone"]))
        && w.iter().any(|x| {
            CHANGES.contains(&x.as_str())
                || matches!(x.as_str(), "mkdir" | "make" | "create" | "md")
                || x.strip_suffix("ing").is_some_and(|s| {
                    CHANGES.contains(&s) || CHANGES.contains(&alloc::format!("{s}e").as_str())
                })
        });
    if held {
        return Some("put off");
    }
    // Unsure of it (`delete the notes, not sure`, `not sure if i should
    // reboot`): a change waits for a person who is.
    // (Not of something else: `copy the notes, I'm not sure they're backed
    // up` gives a reason.)
    let trimmed = r.trim_end_matches(['.', '!', '?', ' ']);
    // (Unsure of something the machine did is no doubt about the change:
    // `Not sure if you saw my last request, but please add …`.)
    let unsure = (r.contains("not sure if") && !r.contains("not sure if you"))
        || (r.contains("not sure whether") && !r.contains("not sure whether you"))
        || r.contains("not sure about")
        || r.contains("not sure i should")
        || trimmed.ends_with("not sure")
        || any_word(&r, &["unsure", "undecided"])
        || trimmed.ends_with("or maybe not")
        || trimmed.ends_with("or not")
        || at(0) == "maybe"
        || trimmed.ends_with(" maybe")
        // (`I wonder whether you could move …` asks it politely.)
        || ((r.contains("wonder if") || r.contains("wonder whether"))
            && !["wonder if you", "wonder whether you", "wonder if u"]
                .iter()
                .any(|p| r.contains(p)))
        // (`delete the notes, maybe?`, `perhaps reboot?`, `…, i guess?`.)
        || (r.trim_end().ends_with('?')
            && (any_word(&r, &["maybe", "perhaps"]) || r.contains("i guess")));
    if any_change && unsure {
        return Some("weighed");
    }
    // A condition the machine is not asked to judge (`if the disk is full,
    // delete the boot log`, `if I were to reboot, would I lose anything?`),
    // not a polite one (`if you could delete the notes`).
    let polite = |w: &str| {
        matches!(
            w,
            "you"
                | "u"
                | "possible"
                | "ok"
                | "okay"
                | "you'd"
                | "youd"
                | "you're"
                | "needed"
                | "necessary"
                | "convenient"
                | "not"
        )
    };
    // (`if it's ok, …`, `if that is fine, …`, `If it's no trouble, …`.)
    let first_clause = r.split(',').next().unwrap_or("");
    let asks_leave = any_word(first_clause, &["ok", "okay", "fine", "alright", "possible"])
        || (at(0) == "if" && asks_leave_after(&w, 0));
    let opens_condition = (at(0) == "if" && !polite(at(1)) && !asks_leave)
        || at(0) == "unless"
        || (at(0) == "in" && at(1) == "case");
    if any_change && opens_condition {
        return Some("weighed");
    }
    // Only imagined (`in theory, could you wipe the notes? I'm just
    // wondering`, `imagine I asked you to shut down`).
    let imagined = any_phrase(
        own,
        &[
            "in theory",
            "theoretically",
            "hypothetically",
            "imagine ",
            "just wondering",
            "suppose i ",
            "supposing",
            "what if ",
            "pretend ",
        ],
    );
    if any_change && imagined {
        return Some("weighed");
    }
    // Mocked, not asked (`sure, rename my notes to garbage.txt, why not`,
    // `I bet you'd love to erase the meeting notes`, `reboot it again,
    // because that always helps, right?`): sarcasm's own turns of phrase.
    let last_clause = own
        .trim_end()
        .trim_end_matches(['.', '!', '?', ' '])
        .rsplit([',', ';'])
        .next()
        .unwrap_or("")
        .trim();
    let mocked = any_phrase(
        own,
        &[
            "i bet you",
            "you'd love to",
            "you would love to",
            "that always helps",
            "that'll help",
            "that will help",
            "because that works",
            "what a brilliant idea",
            "what a great idea",
            "yeah right",
            "what could go wrong",
            "what could possibly go wrong",
            "like that would help",
            "remember when",
        ],
    ) || matches!(
        last_clause,
        "why not"
            | "genius"
            | "wouldn't you"
            | "great idea"
            | "brilliant"
            | "brilliant idea"
            | "classic"
            | "smart"
            | "real smart"
            | "nice one"
    )
        // A laugh after a shrug of a reason (`sure, wipe the todo, because
        // who needs plans anyway, lol`); a laugh alone after a request asks
        // it (`write 'meeting moved to 3pm' into a new file called
        // update.txt, lol`).
        || (matches!(last_clause, "lol" | "lmao")
            && (matches!(at(0), "sure" | "oh" | "yeah" | "great" | "wow")
                || any_phrase(own, &["who needs", "who cares", "anyway"])));
    // A plan of the person's own after an order is theirs, not the order's
    // (`Make a folder called Signed-Firsts; I'll sort the list later`):
    // where the line opens by asking a change, only a later clause that
    // speaks of a change can put it off.
    let planned_part: String = {
        let clauses: Vec<&str> = own
            .split([',', ';', '.', '!', '?'])
            .filter(|c| !c.trim().is_empty())
            .collect();
        let changes_in = |c: &str| {
            lower_words(c).iter().any(|x| {
                CHANGES.contains(&x.as_str()) || matches!(x.as_str(), "make" | "create" | "mkdir")
            })
        };
        let opens_an_order = clauses.first().is_some_and(|c| {
            lower_words(c).first().is_some_and(|x| {
                CHANGES.contains(&x.as_str()) || matches!(x.as_str(), "make" | "create" | "mkdir")
            })
        });
        if opens_an_order {
            clauses
                .iter()
                .filter(|c| changes_in(c))
                .copied()
                .collect::<Vec<&str>>()
                .join(",")
        } else {
            String::from(own)
        }
    };
    // Advised against, or only planned for some day (`I wouldn't delete
    // the logs folder if I were you`, `I'm thinking about adding … next
    // week`, `someday I want to make a folder`, `at some point we should
    // move the FAQ`).
    let advised = any_phrase(
        own,
        &[
            "if i were you",
            "i wouldn't ",
            "i would not ",
            "i'd never ",
            "i'd not ",
            "thinking about ",
            "thinking of ",
            "someday",
            "some day",
            "one day i",
            "one of these days",
            "at some point",
            "eventually",
            "sooner or later",
            "advise against",
            "recommend against",
            "wouldn't recommend",
            "would not recommend",
            "i'd advise",
        ],
    ) || (any_phrase(
        &planned_part,
        &[
            "going to ",
            "gonna ",
            "we'll ",
            "i'll ",
            "we will ",
            "i will ",
            "planning to ",
        ],
    ) && !any_phrase(
        own,
        &[
            "can you",
            "could you",
            "would you",
            "please",
            "pls",
            "i want",
            "i'd like",
            "i need",
        ],
    ) && any_phrase(
        own,
        &[
            "next week",
            "next month",
            "next year",
            "tomorrow",
            "tonight",
            "later",
            "on monday",
            "on friday",
            "this weekend",
        ],
    ));
    // (`thinking about adding …`: the change said as doing it.)
    let changing = any_change
        || w.iter().any(|x| DONE_FORMS.contains(&x.as_str()))
        || w.iter().any(|x| {
            x.strip_suffix("ing").is_some_and(|s| {
                CHANGES.contains(&s)
                    || CHANGES.contains(&alloc::format!("{s}e").as_str())
                    || matches!(s, "mak" | "creat")
            })
        });
    if changing && mocked {
        return Some("mocked");
    }
    if changing && advised {
        return Some("weighed");
    }
    // An example of a command, not an order (`for example, append
    // /TODO.TXT "feed the cat" would add a line`, `my tutorial uses the
    // example write /test.txt hello`).
    let example = any_phrase(
        own,
        &[
            "for example",
            "for instance",
            "e.g.",
            "the example",
            "as an example",
            "example command",
            "tutorial",
        ],
    );
    // A condition put first as a question (`should the meeting notes
    // mention Qwen, move them to DOCS`).
    let inverted = at(0) == "should"
        && !matches!(at(1), "i" | "we" | "you" | "u")
        && own.contains(',')
        && !any_word(own, &["please"]);
    if changing && (example || inverted) {
        return Some("weighed");
    }
    // After something the person is still to do (`append "done" to the
    // todo list once I've finished reading the guide`).
    if changing
        && any_phrase(
            own,
            &[
                "once i've",
                "once i have",
                "after i've",
                "after i have",
                "when i've",
                "once i'm",
                "after i finish",
                "when i finish",
                "once i finish",
            ],
        )
    {
        return Some("put off");
    }
    // A condition after it (`delete the notes if the disk is full`,
    // `reboot unless someone is logged in`, `… in case it crashes`).
    // (Outside quotes, and not in a text put somewhere: `add "if it
    // rains, take the bus" to the notes`.)
    let uw = lower_words(&unquoted);
    let uat = |i: usize| uw.get(i).map_or("", |x| x.as_str());
    // Asking leave after it is no condition (`…, if that is in order`,
    // `…, if it is not too much trouble`), nor is a precaution (`copy the
    // todo to todo-backup.txt, in case somebody messes with it`: every
    // hand-written `in case` after a change wanted it made).
    let cond_after = !puts_a_text
        && uw.iter().enumerate().skip(1).any(|(i, x)| {
            (x == "if"
                && !polite(uat(i + 1))
                && !matches!(uat(i + 1), "i" | "we")
                && !asks_leave_after(&uw, i))
                || x == "unless"
        });
    if any_change && cond_after && !r.contains("if you") {
        return Some("weighed");
    }
    // Of the person: their brain, life, head; idioms of going on or
    // stopping that turn nothing off.
    const IDIOMS: &[&str] = &[
        "power through",
        "write off the whole",
        "write off the week",
        "write off the day",
        "hands off",
        "power nap",
        "shut the door",
        "shut your",
        "shut up",
        "drop it",
        "move on",
        "moving on",
        "copy that",
        "roger",
        "rest in peace",
        "let it go",
        "drop the mic",
        "turn the page",
        "kill time",
        "kill two birds",
        "midnight oil",
        "put a pin in",
        "file that under",
        "copy and paste is",
        "a copy of a copy",
        "this feeling",
        "with fire",
        "kill me",
        "wipe that smile",
        "cut it out",
        "cut to the chase",
        "call it a day",
        "call it a night",
        "sleep on it",
        "hit the road",
        "hit the hay",
        "hit the sack",
        "start from scratch",
        "starting from scratch",
    ];
    // (Beside a change asked in other words it is only a way of ending the
    // line: `shut it down and call it a day`, `give the todo another name,
    // standoff-todo.txt, and move on`.)
    // (`copy that` is the radio's only where it ends a clause: `copy that
    // faq up to the top` copies.)
    let said = |p: &str| {
        r.match_indices(p).any(|(at, _)| {
            p != "copy that"
                || r[at + p.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != ' ')
                || r[at + p.len()..].starts_with(" over")
                || r[at + p.len()..].starts_with(" and ")
        })
    };
    let besides = IDIOMS
        .iter()
        .filter(|p| said(p))
        .fold(r.clone(), |rest, p| rest.replace(p, " "));
    let change_besides = lower_words(&besides)
        .iter()
        .any(|x| CHANGES.contains(&x.as_str()) && x != "turn")
        || ["another name", "new name"]
            .iter()
            .any(|p| besides.contains(p));
    if IDIOMS.iter().any(|p| said(p)) && !change_besides {
        return Some("idiom");
    }
    // A clause that opens by asking the change asks it, whatever reason
    // or weighing comes with it (`delete the photo list, i moved
    // everything to my phone`, `… should you turn off first? please turn
    // off`).
    let ordered = r.split(['.', '?', '!', ',', ';']).any(|clause| {
        let cw = lower_words(clause);
        let mut it = cw.iter().skip_while(|x| is_politeness(x) || *x == "just");
        it.next().is_some_and(|v| {
            matches!(
                v.as_str(),
                "delete"
                    | "remove"
                    | "erase"
                    | "rm"
                    | "del"
                    | "move"
                    | "copy"
                    | "rename"
                    | "shut"
                    | "shutdown"
                    | "reboot"
                    | "restart"
                    | "turn"
                    | "switch"
                    | "power"
                    | "trash"
                    | "wipe"
            )
        })
    });
    if ordered {
        return None;
    }
    // Bed is no power-off, but for a clause that orders one (`ok slay,
    // shut it down, im going to bed`).
    if ["going to bed", "go to bed", "off to bed"]
        .iter()
        .any(|p| r.contains(p))
    {
        return Some("idiom");
    }
    // (`it would be great if the notes were renamed` asks it.)
    let pleased = [
        "great",
        "nice",
        "good",
        "helpful",
        "lovely",
        "awesome",
        "wonderful",
        "brilliant",
        "ideal",
        "perfect",
        "handy",
        "useful",
        "appreciated",
        "grand",
        "super",
    ];
    // (Only before what it asks: `…, that would be just perfect` after a
    // change is as often said in scorn.)
    let asks_kindly = r.split("it would be ").skip(1).any(|rest| {
        let next = lower_words(rest);
        (0..2).any(|k| {
            next.get(k).is_some_and(|x| pleased.contains(&x.as_str()))
                && next
                    .get(k + 1)
                    .is_some_and(|x| matches!(x.as_str(), "if" | "to"))
        })
    });
    // Of someone else, or said of it (`he wants to delete the todo`,
    // `someone should really delete the boot log`, `people often rename
    // hello.txt to hi.txt`, `the readme says to reboot after installing`,
    // `a friend told me rm /TODO.TXT is harmless`), or the person's own
    // maybe (`I would delete the meeting notes if I could`, `I'm thinking
    // about deleting the readme`, `it would be funny to shut down`): no
    // change asked of the machine.
    if let Some(i) = w.iter().position(|x| {
        CHANGES.contains(&x.as_str())
            || DONE_FORMS.contains(&x.as_str())
            || matches!(
                x.as_str(),
                "deleting" | "removing" | "erasing" | "rebooting" | "renaming" | "moving"
            )
    }) {
        let before = &w[..i];
        let has = |xs: &[&str]| before.iter().any(|x| xs.contains(&x.as_str()));
        let asks_me = (has(&["you", "u", "can", "could"]) || any_word(&r, &["please", "pls"]))
            && !has(&["told", "tells"]);
        // `bob wants the photo list removed`, `the manager asked bob to
        // reboot`: a third person's wish.
        let wished = before.iter().enumerate().any(|(k, x)| {
            matches!(x.as_str(), "wants" | "wanted" | "asked")
                && k >= 1
                && !matches!(before[k - 1].as_str(), "i" | "you" | "we" | "u")
        });
        let others = wished
            || matches!(
                at(0),
                "he" | "she" | "they" | "someone" | "somebody" | "people" | "everyone" | "nobody"
            )
            || (at(0) == "my"
                && matches!(
                    at(2),
                    "wants"
                        | "said"
                        | "says"
                        | "should"
                        | "thinks"
                        | "keeps"
                        | "always"
                        | "often"
                        | "is"
                        | "was"
                        | "will"
                        | "might"
                        | "asked"
                ));
        // (Not the person's own word again: `I said DELETE the todo`.)
        let reported = before.iter().enumerate().any(|(k, x)| {
            matches!(
                x.as_str(),
                "says"
                    | "said"
                    | "explains"
                    | "explained"
                    | "told"
                    | "tells"
                    | "typed"
                    | "often"
                    | "usually"
                    | "always"
                    | "sometimes"
                    | "reads"
                    | "wrote"
                    | "writes"
            ) && (k == 0 || before[k - 1] != "i")
        });
        let maybe = (r.contains("it would be") || r.contains("that would be")) && !asks_kindly
            || before.windows(2).any(|p| {
                matches!(p[0].as_str(), "i" | "we")
                    && matches!(p[1].as_str(), "would" | "might" | "may" | "could" | "'d")
            }) && !r.contains("would like")
                && !r.contains("would love")
            || r.contains("thinking about")
            || r.contains("was going to")
            || r.contains("were going to")
            || r.contains("thinking of")
            || r.contains("considering");
        // (Relayed with a plea it is asked: `my boss says please delete the
        // todo now`.)
        let relayed_plea = any_word(&r, &["please", "pls"])
            || w.iter().any(|x| x == "now")
            || ["i'd like", "i would like", "i want", "could you", "can you"]
                .iter()
                .any(|p| r.contains(p));
        // Passed on as an order, in its own imperative (`dispatch says
        // reboot the pc`, `chat says add "touch grass" to the todo`, `he
        // says copy the photo list into DOCS`): the person relays it to the
        // machine, it is asked. (Not a saying about the change: `he says
        // reboot fixes it`; nor a wish reported, `she wants me to delete
        // the todo`.)
        let relayed_order = CHANGES.contains(&at(i))
            && matches!(before.last().map(|x| x.as_str()), Some("says" | "said"))
            && !matches!(
                at(i + 1),
                "is" | "was"
                    | "fixes"
                    | "fixed"
                    | "helps"
                    | "works"
                    | "will"
                    | "would"
                    | "solves"
                    | "might"
                    | "can"
                    | "should"
                    | "does"
                    | "did"
            );
        if (others && !asks_me && !relayed_order)
            || (reported && !relayed_plea && !relayed_order)
            || (maybe && !has(&["you", "u", "please"]))
        {
            return Some("told");
        }
    }
    // What the person does as a habit (`I write in the notes every day`,
    // `we usually delete the boot log on fridays`): told, not asked.
    let habit = any_word(
        &r,
        &[
            "every",
            "always",
            "usually",
            "often",
            "sometimes",
            "daily",
            "weekly",
            "normally",
        ],
    ) || r.contains("all the time");
    // Said of the machine, done (`great, now you deleted my notes`), or in
    // scorn (`like I'd want you to reboot now`, `as if I'd …`), or asked
    // whether it ever would (`would you ever delete my notes?`).
    // (`I'd be grateful if you deleted the readme` asks it.)
    let you_did = (0..w.len().saturating_sub(1)).any(|k| {
        matches!(at(k), "you" | "u")
            && DONE_FORMS.contains(&at(k + 1))
            && !(k >= 1 && matches!(at(k - 1), "if" | "when" | "once" | "unless"))
    }) && !matches!(at(0), "did" | "have" | "has" | "can" | "could");
    let scorn = [
        "like i'd want",
        "like i would want",
        "as if i'd",
        "as if i would",
        "yeah right",
    ]
    .iter()
    .any(|p| r.contains(p));
    let ever = [
        "would you ever",
        "will you ever",
        "could you ever",
        "do you ever",
    ]
    .iter()
    .any(|p| r.contains(p));
    if you_did || scorn {
        return Some("told");
    }
    if ever {
        return Some("weighed");
    }
    if habit
        && matches!(at(0), "i" | "we")
        && (CHANGES.contains(&at(1))
            || matches!(
                at(1),
                "usually" | "always" | "often" | "normally" | "sometimes"
            ) && CHANGES.contains(&at(2)))
    {
        return Some("habit");
    }
    // Done to it, by someone (`the todo was deleted by someone`), or
    // never asked (`I never asked you to delete the notes`), or asked
    // back (`restore it`, `undo that`), which no applet does.
    let passive = w.windows(2).any(|p| {
        matches!(p[0].as_str(), "was" | "were" | "been" | "got")
            && DONE_FORMS.contains(&p[1].as_str())
    });
    // (Not a text that tells it: `record in the notes that hello.txt was
    // copied`.)
    let puts_text = any_word(
        &r,
        &[
            "record", "note", "add", "write", "append", "put", "say", "echo", "log",
        ],
    );
    if (passive && !puts_text && !asks_kindly)
        || r.contains("never asked")
        || r.contains("didn't ask")
        || r.contains("did not ask")
        || any_word(&r, &["restore", "undelete", "unerase", "recover"])
    {
        return Some("told");
    }
    // Kept as it is (`leave the meeting notes alone`, `keep the boot log`,
    // `nevermind, leave the photo list as is`, `i don't want to delete
    // anything`), no change ordered beside it.
    let opens_keep = matches!(w.first().map(|x| x.as_str()), Some("keep" | "leave"))
        // (`keep a spare copy of my todo list as todo.bak` asks a copy.)
        && !any_word(&r, &["copy", "backup", "spare", "duplicate", "as"]);
    if opens_keep
        || [
            " alone",
            "as is",
            "never mind",
            "nevermind",
            "don't want to",
            "dont want to",
            "keep everything",
            "not the ",
        ]
        .iter()
        .any(|p| r.contains(p))
    {
        return Some("kept");
    }
    // Told as done: a mark of the past, or a person then a change in the
    // past tense, and no asking.
    const PAST: &[&str] = &[
        "yesterday",
        "last night",
        "last week",
        "last month",
        "last year",
        " ago",
        "already",
        "by itself",
        "accidentally",
        "by accident",
        "by mistake",
        "this morning",
        "earlier today",
    ];
    const DONE: &[&str] = &[
        "deleted",
        "removed",
        "erased",
        "copied",
        "moved",
        "renamed",
        "made",
        "created",
        "wrote",
        "rebooted",
        "restarted",
        "crashed",
        "trashed",
        "appended",
        "added",
        "saved",
        "wiped",
        "lost",
        "jotted",
        "noted",
        "scribbled",
        "typed",
    ];
    // (`can`, `could`, `would` ask of someone: `can you …`, not `I can
    // never remember what I jotted down`.)
    let asking = any_word(&r, &["please", "pls", "again", "undo", "now"])
        || w.windows(2).any(|p| {
            matches!(p[0].as_str(), "can" | "could" | "would")
                && matches!(p[1].as_str(), "you" | "u" | "i" | "we" | "ya" | "it")
        });
    // (`I'd be grateful if you deleted the readme` asks it.)
    let person_did = w.windows(2).any(|p| {
        !(p[0] == "you" && r.contains("if you"))
            && matches!(
                p[0].as_str(),
                "i" | "we"
                    | "you"
                    | "he"
                    | "she"
                    | "they"
                    | "someone"
                    | "somebody"
                    | "sister"
                    | "brother"
                    | "wife"
                    | "husband"
                    | "son"
                    | "daughter"
                    | "boss"
                    | "computer"
                    | "it"
            )
            && DONE.contains(&p[1].as_str())
    }) || w.windows(3).any(|p| {
        p[0] == "i"
            && matches!(p[1].as_str(), "accidentally" | "already" | "just")
            && DONE.contains(&p[2].as_str())
    });
    if !asking && (PAST.iter().any(|p| r.contains(p)) || person_did) {
        return Some("told");
    }
    // Weighed: advice or a hypothesis.
    let opens = |p: &[&str]| w.len() >= p.len() && w.iter().zip(p).all(|(a, b)| a == b);
    if opens(&["should", "i"])
        || opens(&["should", "we"])
        || opens(&["is", "it", "safe"])
        // (`is it okay if you delete the photo list?` asks it.)
        // (Nor with the go-ahead given after the question: `Is it okay if I
        // make a folder for my grandkids' pictures? Call it Grandkids`.)
        || ((opens(&["is", "it", "ok"]) || opens(&["is", "it", "okay"]))
            && !(matches!(at(3), "if") && matches!(at(4), "you" | "u"))
            && !r.split_once('?').is_some_and(|(_, after)| {
                any_phrase(after, &["call it", "name it", "go ahead", "do it", "please do"])
            }))
        || opens(&["do", "you", "think"])
        || opens(&["suppose"])
        || opens(&["what", "if"])
        || opens(&["what", "would", "happen"])
        // (`would it be too much to ask to make …`, `would it be possible
        // to …` ask it.)
        || (r.contains("would it be")
            && ![
                "too much to ask",
                "would it be possible",
                "would it be ok",
                "would it be okay",
                "would it be alright",
                "would it be all right",
                "would it be fine",
            ]
                .iter()
                .any(|p| r.contains(p)))
        || r.contains("what happens if")
        || r.contains("what happens when")
        // Who did it, why it is so, how big it is: about the thing.
        || opens(&["who"])
        || (opens(&["why"])
            && !matches!(
                at(1),
                "not" | "don't" | "dont" | "can't" | "cant" | "won't" | "wont" | "cannot"
            ))
        || opens(&["shall", "i"])
        || opens(&["did", "you"])
        || opens(&["shall", "we"])
        || (opens(&["would"]) && at(1).ends_with("ing"))
        || opens(&["why", "is"])
        || opens(&["why", "are"])
        || opens(&["why", "does"])
        || opens(&["why", "did"])
        || opens(&["how", "big"])
        || opens(&["how", "long"])
        || opens(&["how", "old"])
        || opens(&["do", "i", "have"])
        // A question about the thing, not to the machine to do it (`are
        // the release notes up to date?`).
        || (matches!(
            w.first().map(|x| x.as_str()),
            Some("is" | "are" | "was" | "were" | "does" | "did")
        ) && !w.iter().any(|x| x == "you")
            // (`is possible to erase the file todo?` asks it, as `is it
            // possible` does.)
            // (Nor `is it okay if I make a folder …`: leave asked.)
            && !w
                .iter()
                .take(3)
                .any(|x| matches!(x.as_str(), "possible" | "ok" | "okay" | "alright" | "allowed")))
    {
        return Some("weighed");
    }
    // An opinion of a thing, and nothing asked of it (`this readme is
    // useless`): the model had read it as a delete.
    let judged = w.windows(2).any(|p| {
        matches!(
            p[0].as_str(),
            "is" | "are" | "looks" | "seems" | "feels" | "sounds"
        ) && matches!(
            p[1].as_str(),
            "useless"
                | "pointless"
                | "rubbish"
                | "garbage"
                | "terrible"
                | "awful"
                | "boring"
                | "outdated"
                | "obsolete"
                | "stupid"
                | "ugly"
                | "confusing"
                | "wrong"
                | "bad"
                | "great"
                | "good"
                | "nice"
                | "fine"
                | "perfect"
                | "too"
                | "so"
                | "really"
                | "very"
        )
    }) || r.contains("'s useless")
        || r.contains("'s rubbish");
    let acts = w.iter().any(|x| {
        CHANGES.contains(&x.as_str())
            || matches!(
                x.as_str(),
                "bin"
                    | "toss"
                    | "ditch"
                    | "scrap"
                    | "nuke"
                    | "chuck"
                    | "kill"
                    | "get"
                    | "rid"
                    | "throw"
                    | "away"
                    | "out"
                    | "lose"
                    | "dump"
                    | "junk"
                    | "please"
                    | "pls"
                    | "can"
                    | "could"
                    | "show"
                    | "open"
                    | "read"
                    | "fix"
            )
    });
    if judged && !acts {
        return Some("judged");
    }
    if [
        "my brain",
        "my life",
        "my head",
        "my mind",
        "my body",
        "myself",
        "my heart",
        "my career",
        "my week",
        "my day",
    ]
    .iter()
    .any(|p| r.contains(p))
    {
        return Some("of the person");
    }
    // Sent where nothing here reaches.
    let first = w
        .iter()
        .find(|x| !is_politeness(x))
        .map_or("", |x| x.as_str());
    let sends = matches!(
        first,
        "post"
            | "upload"
            | "share"
            | "text"
            | "email"
            | "e-mail"
            | "mail"
            | "fax"
            | "tweet"
            | "sms"
            | "whatsapp"
            | "airdrop"
            | "publish"
            | "forward"
            // Another machine's copy (`scp the notes to the jumpbox`).
            | "scp"
            | "rsync"
            | "sftp"
    );
    const PLACES: &[&str] = &[
        "phone", "cloud", "forum", "tablet", "icloud", "dropbox", "onedrive", "usb", "stick",
        "inbox", "email", "website", "internet", "web", "printer", "laptop", "pc", "mac", "server",
        "drive", "jumpbox", "bastion", "nas",
    ];
    // (Not in a text a colon announces: `Add to the to-do: whitelist
    // Jake on the server`.)
    let w = lower_words(request.split(':').next().unwrap_or(request));
    let to_place = w.windows(3).any(|p| {
        matches!(p[0].as_str(), "to" | "onto" | "on" | "into")
            && matches!(p[1].as_str(), "my" | "the" | "our" | "a" | "her" | "his")
            && PLACES.contains(&p[2].as_str())
    }) || w
        .windows(2)
        .any(|p| matches!(p[0].as_str(), "to" | "onto") && PLACES.contains(&p[1].as_str()));
    (sends || to_place).then_some("sent elsewhere")
}

/// Whether `x` is `w` with two neighbouring letters swapped (`pwoer`).
fn short_swap(x: &str, w: &str) -> bool {
    let (a, b) = (x.as_bytes(), w.as_bytes());
    a.len() == b.len()
        && (0..a.len().saturating_sub(1)).any(|i| {
            a[i] != a[i + 1]
                && a[i] == b[i + 1]
                && a[i + 1] == b[i]
                && a[..i] == b[..i]
                && a[i + 2..] == b[i + 2..]
        })
}

/// The days of the week: words of time for the clock, and words that say
/// which document (`the notes from tuesday`) for a missing one.
pub(super) const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Whether a line asks the clock in words of time: the time, the date, an
/// hour, a part of the day or a day of the week (`is it still tuesday?`,
/// `is it bedtime yet`), slips of them (`whar tine is it`, `wot dait`), or
/// today asked about (`what's the dare today`); `i am sad today` and
/// `what's the soup of the day` do not.
pub(super) fn asks_the_clock(request: &str) -> bool {
    let r = request.to_ascii_lowercase().replace('\u{2019}', "'");
    const TIME: &[&str] = &[
        "date",
        "time",
        "tine",
        "tiem",
        "tyme",
        "dait",
        "clock",
        "hour",
        "minute",
        "o'clock",
        "oclock",
        "morning",
        "afternoon",
        "evening",
        "night",
        "late",
        "early",
        "noon",
        "bedtime",
        "weekend",
        "week",
        "month",
        "year",
        "calendar",
        "now",
        "utc",
        "gmt",
        "zone",
        "hora",
        "heure",
        "zeit",
        "uhr",
        "oras",
        "jam ",
        "saa ",
        "tarehe",
        "datum",
        "fecha",
        "jikan",
        "klok",
        "se3a",
        "sa3a",
        "today()",
        "day is it",
        "day it is",
        "what day",
        "which day",
        "wat day",
        "waht day",
        "whats the day",
        "what's the day",
        "day of the week",
        "day today",
    ];
    let w = lower_words(&r);
    let asks = w.iter().any(|x| {
        matches!(
            x.as_str(),
            "what" | "whats" | "what's" | "which" | "is" | "wot" | "how" | "when" | "whar"
        )
    });
    // (`what rime is it`: a slip of `time` before `is it`.)
    let slipped_time = w.windows(3).any(|p| {
        p[1] == "is" && p[2] == "it" && p[0].len() == 4 && ground::edit_distance(&p[0], "time") <= 1
    });
    TIME.iter().any(|t| r.contains(t))
        || slipped_time
        || WEEKDAYS.iter().any(|d| r.contains(d))
        || (asks && (r.contains("today") || r.contains("tooday")))
}

/// Whether `line` is one call in a programming language (a dotted name, its
/// parenthesised arguments, perhaps a `;`) whose arguments hold a variable
/// or an expression: a bare name no live file has a word of (`path`,
/// `folder`, `message`), a `+`, or a formatted string's `{…}`. A name a
/// live file has (`delete(notes)`) is the file, as a person writing
/// pseudo-code means it.
pub(super) fn calls_on_variables(line: &str, live_word: &dyn Fn(&str) -> bool) -> bool {
    let line = line.trim().trim_end_matches(';').trim_end();
    let Some(open) = line.find('(') else {
        return false;
    };
    let callee = &line[..open];
    let is_name = |s: &str| {
        !s.is_empty()
            && s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'!'))
    };
    if !is_name(callee) || !line.ends_with(')') {
        return false;
    }
    let inner = &line[open + 1..line.len() - 1];
    // One call: its parentheses balanced, none opened again after it.
    let mut depth = 0i32;
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    if depth != 0 || inner.trim().is_empty() {
        return false;
    }
    // The arguments outside quotes.
    let mut bare = String::new();
    let mut quote: Option<char> = None;
    let mut formatted = false;
    for c in inner.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => formatted |= c == '{',
            None if c == '"' || c == '\'' => quote = Some(c),
            None => bare.push(c),
        }
    }
    // (A formatted string: `f"hello {name}"`, `$"…{x}…"`, `"#{name}"`.)
    let fstring =
        formatted && (inner.contains("f\"") || inner.contains("$\"") || inner.contains("#{"));
    let variable = bare.split([',', ' ', '(', ')']).map(str::trim).any(|a| {
        !a.is_empty()
            && a.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && a.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && a.len() > 1
            && !live_word(a)
            && !matches!(
                a.to_ascii_lowercase().as_str(),
                "true" | "false" | "none" | "nil" | "null" | "utf8" | "f" | "r" | "b"
            )
    });
    variable || bare.contains('+') || fstring
}
