//! Documents a request names that the volume does not hold, though a word
//! of theirs is a live file's (`my trade log`, `my rhubarb notes`, `the
//! first file`): named missing in the proposal rather than read as that
//! live file.

use alloc::string::String;
use alloc::vec::Vec;

use crate::ground;

use super::phrases::*;

/// A log of the person's own (`my trade log`, `the tips log for
/// december`), not the machine's (`the kernel log`, `the system log`, `the
/// boot log`): a document the volume lacks, though `log` is a word the boot
/// log and the LOGS folder answer to.
pub(super) fn own_log_missing(
    request: &str,
    paths: &[grammar::PathEntry],
    table: &command::Table,
) -> Option<ground::Missing> {
    let w: Vec<&str> = words(request).filter(|w| !w.is_empty()).collect();
    let live_word = |x: &str| is_a_live_word(paths, x);
    const MACHINE_LOGS: &[&str] = &[
        "kernel", "system", "sys", "syslog", "buffer", "message", "messages", "event", "events",
        "startup", "boot", "booting", "bootup", "dmesg", "error", "errors", "console", "debug",
        "crash", "machine", "computer", "nosys", "driver", "drivers", "hardware", "nvme", "disk",
        "device", "devices", "pci", "output", "printed", "whole", "entire", "full", "last",
        "latest", "recent", "old", "new", "same", "other", "current", "live", "raw", "main",
        "shell", "command", "commands", "history", "session", "today", "todays",
    ];
    (2..w.len()).find_map(|i| {
        let noun = w[i].to_ascii_lowercase();
        if !matches!(noun.as_str(), "log" | "logs" | "logbook") {
            return None;
        }
        // The folder's own name as it is spelt (`Show the map LOGS`,
        // `what's inside LOGS these days`): the folder.
        let spelt_live = w[i].len() > 1
            && w[i].bytes().all(|b| b.is_ascii_uppercase())
            && paths
                .iter()
                .any(|p| p.path.rsplit('/').next().is_some_and(|b| b == w[i]));
        if spelt_live {
            return None;
        }
        let said = w[i - 1].to_ascii_lowercase();
        // Someone's own log (`the keeper's log`, `the captain's log`) is
        // whose it is, as `my` says.
        let owner = said.len() > 3 && (said.ends_with("'s") || said.ends_with("\u{2019}s"));
        let x = if owner {
            String::from(said.trim_end_matches("'s").trim_end_matches("\u{2019}s"))
        } else {
            said
        };
        let det = w[i - 2].to_ascii_lowercase();
        let whose = owner
            || matches!(
                det.as_str(),
                "the" | "my" | "our" | "your" | "his" | "her" | "their"
            )
            || (det.len() > 3
                && (det.ends_with("'s") || det.ends_with("\u{2019}s"))
                // (`what's`, `that's`: a verb, not whose.)
                && !matches!(
                    det.trim_end_matches("'s").trim_end_matches("\u{2019}s"),
                    "what" | "that" | "there" | "here" | "where" | "who" | "it" | "let"
                ));
        // What something is for is no log asked for (`need it for the
        // spray log`).
        let for_it = i >= 3 && w[i - 3].eq_ignore_ascii_case("for");
        let machine = MACHINE_LOGS
            .iter()
            .any(|m| *m == x || (m.len() >= 5 && ground::edit_distance(m, &x) <= 2));
        (whose
            && !for_it
            && x.len() >= 3
            && x.bytes().all(|b| b.is_ascii_alphabetic())
            && !machine
            && !ground::is_stopword(&x)
            && !ground::is_filler(&x)
            && !ground::is_asking_frame(&x)
            && table.get_any(&x).is_none()
            && !live_word(&x))
        .then(|| {
            let name = alloc::format!("{} {}", w[i - 1], w[i]);
            let files: Vec<grammar::PathEntry> =
                paths.iter().filter(|p| !p.is_dir).cloned().collect();
            ground::Missing {
                closest: ground::closest(&name, &files),
                name,
                source: true,
                folder: false,
            }
        })
    })
}

// Words that say what a file is like or which of them, not its name.
pub(super) const NOT_NAMES: &[&str] = &[
    "first",
    "last",
    "new",
    "old",
    "big",
    "small",
    "text",
    "random",
    "other",
    "same",
    "whole",
    "entire",
    "next",
    "previous",
    "latest",
    "recent",
    "empty",
    "main",
    "right",
    "wrong",
    "one",
    "each",
    "every",
    "any",
    "some",
    "which",
    "what",
    "little",
    "large",
    "biggest",
    "smallest",
    "newest",
    "oldest",
    "only",
    "single",
    "shared",
    "log",
    "top",
    "root",
    "home",
    "current",
    "sample",
    "test",
    "binary",
    "data",
    "config",
    "system",
    "hidden",
    "important",
    "long",
    "short",
    "named",
    "called",
    "whose",
    "that",
    "this",
    "request",
    "command",
    "exact",
    "actual",
    "correct",
    "specific",
    "particular",
    "original",
    "real",
    "proper",
    "full",
    "complete",
    // `put the words Homework due Friday on the screen` (a `word
    // document` is still one).
    "words",
    "phrase",
    "message",
];

/// A live file whose name holds a year (`photo-list 2026.txt`), asked for
/// by a year said from today (`last years photo list`, `the photo list
/// from last year`): the person means that year's document, which the
/// volume lacks, not the one it holds.
pub(super) fn dated_missing(
    request: &str,
    paths: &[grammar::PathEntry],
) -> Option<ground::Missing> {
    let lower = request.to_ascii_lowercase().replace('\u{2019}', "'");
    let w: Vec<&str> = words(&lower).filter(|w| !w.is_empty()).collect();
    let year = |x: &str| {
        x.len() == 4
            && x.bytes().all(|b| b.is_ascii_digit())
            && (x.starts_with("19") || x.starts_with("20"))
    };
    let relative = w.windows(2).position(|p| {
        matches!(p[0], "last" | "next" | "previous")
            && matches!(p[1], "year" | "years" | "year's" | "yrs" | "yr")
    });
    let said_year = w.iter().position(|x| year(x));
    let files: Vec<grammar::PathEntry> = paths.iter().filter(|p| !p.is_dir).cloned().collect();
    files.iter().find_map(|f| {
        let base = ground::basename(&f.path).to_ascii_lowercase();
        let parts: Vec<&str> = base
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|x| !x.is_empty())
            .collect();
        let its_year = parts.iter().find(|x| year(x))?;
        // The file's other words, said in the line (`photo`, `list`).
        let of_name = |x: &str| {
            x.len() >= 4
                && !year(x)
                && parts
                    .iter()
                    .any(|n| n != its_year && (*n == x || x.strip_suffix('s') == Some(*n)))
        };
        let said: Vec<&str> = w.iter().copied().filter(|x| of_name(x)).collect();
        let first = w.iter().position(|x| of_name(x))?;
        let last = w.iter().rposition(|x| of_name(x))?;
        // (Another year spelt out is grounding's own missing name.)
        let by = match (relative, said_year) {
            (_, Some(_)) => return None,
            // Of the name: right before it (`last years photo list`) or
            // after it (`the photo list from last year`); not a text's
            // (`add last year trip to the photo list`).
            (Some(i), None)
                if first == i + 2 || (i == last + 2 && matches!(w[i - 1], "from" | "of")) =>
            {
                alloc::format!("{} {}", w[i], w[i + 1])
            }
            _ => return None,
        };
        let name = alloc::format!("{by} {}", said.join(" "));
        Some(ground::Missing {
            closest: alloc::vec![f.path.clone()],
            name,
            source: true,
            folder: false,
        })
    })
}

/// A live file's word said with another word before it that makes it
/// someone else's or another kind (`my rhubarb notes from last spring`,
/// `Mike's notes`): the person means a document of that name, which the
/// volume lacks, not the live file, unless the word is in the file's name,
/// in what the file says, or only says which or what it is like (`my old
/// notes`, `the main notes`).
pub(super) fn qualified_missing(
    request: &str,
    paths: &[grammar::PathEntry],
    table: &command::Table,
    contents: &crate::Contents,
) -> Option<ground::Missing> {
    // What notes and lists are like, not whose or what about.
    // (A folder's kind, in English or another language, `the map DOCS`,
    // is in `FOLDER_WORDS`.)
    const LIKE: &[&str] = &[
        // When, which says which one (`the notes from the December
        // meeting`).
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        // (The days of the week are `WEEKDAYS`.)
        "weekly",
        "monthly",
        "yearly",
        "annual",
        "morning",
        "evening",
        "afternoon",
        "yesterday",
        "tomorrow",
        "week",
        "month",
        "year",
        "daily",
        "personal",
        "private",
        "quick",
        "own",
        "favourite",
        "favorite",
        "useful",
        "handy",
        "usual",
        "good",
        "nice",
        "few",
        "two",
        "three",
        "latest",
        "newer",
        "older",
        "saved",
        "written",
        "typed",
        "stored",
        "current",
        "today",
        "todays",
        "damn",
        "stupid",
        "bloody",
        "darn",
        "silly",
        "blasted",
        "flipping",
        "freaking",
        "user",
        "users",
        "whole",
        // How big or how dear, in any English (`the wee todo list`, `the
        // canny guide`, `the laal folder`).
        "wee",
        "canny",
        "laal",
        "little",
        "lil",
        "tiny",
        "small",
        "short",
        "big",
        "long",
        "trusty",
        "dear",
    ];
    let w: Vec<&str> = words(request).filter(|w| !w.is_empty()).collect();
    (1..w.len()).find_map(|i| {
        let noun = w[i].to_ascii_lowercase();
        // The log has its own reading (`own_log_missing`).
        let stands_for = paths
            .iter()
            .any(|p| ground::means(&p.path, &noun, noun.strip_suffix('s').unwrap_or(&noun)));
        if noun.len() < 4
            || noun.starts_with("log")
            || !(is_a_live_word(paths, &noun) || stands_for)
        {
            return None;
        }
        let q = w[i - 1].to_ascii_lowercase();
        let possessive = q.len() > 3 && (q.ends_with("'s") || q.ends_with("\u{2019}s"));
        let stem = if possessive {
            q.trim_end_matches("'s").trim_end_matches("\u{2019}s")
        } else {
            q.as_str()
        };
        let determiner = i >= 2
            && matches!(
                w[i - 2].to_ascii_lowercase().as_str(),
                "the" | "my" | "our" | "your" | "his" | "her" | "their"
            );
        // A word that is a live name's, misspelt (`the meting notes`, `the
        // relase notes`), or one a name stands for (`my task list`).
        let a_name = paths.iter().any(|p| {
            ground::means(&p.path, stem, stem.strip_suffix('s').unwrap_or(stem))
                || crate::cues::words(&p.path).any(|n| {
                    let n = n.to_ascii_lowercase();
                    n.len() >= 4 && ground::edit_distance(&n, stem) <= 2
                })
        });
        // Whose, said by a person's name (`Mike's notes`), not a place's
        // (`the clinic's notes file`).
        let someones = possessive && w[i - 1].starts_with(|c: char| c.is_ascii_uppercase());
        // The two words side by side (`the double, list the LOGS folder`
        // has a comma between them).
        let adjacent = request.contains(&alloc::format!("{} {}", w[i - 1], w[i]));
        let odd = stem.len() >= 3
            && adjacent
            && !a_name
            && !(stem.len() > 5 && stem.ends_with("est"))
            && stem.bytes().all(|b| b.is_ascii_alphabetic())
            && (someones || (determiner && !possessive))
            && !NOT_NAMES.contains(&stem)
            && !LIKE.contains(&stem)
            && !WEEKDAYS.contains(&stem)
            && !FOLDER_WORDS.contains(&stem)
            && !ground::is_stopword(stem)
            && !ground::is_filler(stem)
            && !ground::is_asking_frame(stem)
            && table.get_any(stem).is_none()
            && !is_a_live_word(paths, stem)
            // (`the picture list` is the photo list.)
            && !ground::another_word_for_a_live_name(paths, stem)
            && contents.holding(stem).is_empty();
        odd.then(|| {
            let name = alloc::format!("{} {}", w[i - 1], w[i]);
            let files: Vec<grammar::PathEntry> =
                paths.iter().filter(|p| !p.is_dir).cloned().collect();
            ground::Missing {
                closest: ground::closest(&name, &files),
                name,
                source: true,
                folder: false,
            }
        })
    })
}

/// A word before a noun that says a file or folder (`budget spreadsheet`,
/// `passwords file`, `music folder`) that no live name holds, no applet is
/// called, and that says which file rather than what it is like (`the
/// first file`, `a text file`, `the log file`): the missing name.
pub(super) fn described_missing(
    request: &str,
    paths: &[grammar::PathEntry],
    table: &command::Table,
) -> Option<ground::Missing> {
    // One sentence at a time: `the top level? List it` has no `level list`.
    let mut sentences: Vec<&str> = Vec::new();
    let mut from = 0;
    let bytes = request.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'?' | b'!' | b';')
            || (b == b'.' && bytes.get(i + 1).is_some_and(|n| n.is_ascii_whitespace()));
        if ends {
            sentences.push(&request[from..i]);
            from = i + 1;
        }
    }
    sentences.push(&request[from..]);
    sentences
        .into_iter()
        .find_map(|s| described_missing_in(s, paths, table))
}

/// [`described_missing`] within one sentence.
fn described_missing_in(
    request: &str,
    paths: &[grammar::PathEntry],
    table: &command::Table,
) -> Option<ground::Missing> {
    const FILE_NOUNS: &[&str] = &[
        "file",
        "spreadsheet",
        "document",
        "doc",
        "pdf",
        "photo",
        "picture",
        "image",
        "video",
        "presentation",
        "slides",
        "sheet",
        // `show me the cattle list`, `is there an overdue books list`.
        "list",
        // Documents people keep by what they are (`the M-Pesa statement`,
        // `the consent form template`, `the parish newsletter`).
        "statement",
        "template",
        "newsletter",
        "calendar",
        "diary",
        "readings",
        "invoice",
        "receipt",
        "contract",
        "letter",
        "report",
        "spreadsheets",
        "files",
        "minutes",
        "roster",
        "rota",
        "register",
        "schedule",
        "agenda",
        "itinerary",
        "ledger",
        "transcript",
        "scan",
        "export",
        "draft",
        "essay",
        "recipe",
        "menu",
        "card",
        "chart",
        "bill",
        "plan",
        "inventory",
        "estimate",
        "playlist",
        "homework",
        "manifest",
        "datasheet",
        "catalog",
        "catalogue",
        "results",
        "brochure",
        "flyer",
        "poster",
        "form",
        "booklet",
        "certificate",
        "payslip",
        "timesheet",
        "worksheet",
    ];
    const FOLDER_NOUNS: &[&str] = &["folder", "directory", "dir"];
    let w: Vec<&str> = words(request).filter(|w| !w.is_empty()).collect();
    let live_word = |x: &str| is_a_live_word(paths, x);
    (1..w.len()).find_map(|i| {
        let noun = w[i].to_ascii_lowercase();
        let folder = FOLDER_NOUNS.contains(&noun.as_str());
        if !folder && !FILE_NOUNS.contains(&noun.as_str()) {
            return None;
        }
        // `list` ends the description (`the cattle list`, `… list on this
        // disk`), or it is a verb (`the request "list pci devices"`).
        if noun == "list"
            && w.get(i + 1).is_some_and(|n| {
                let n = n.to_ascii_lowercase();
                !ground::is_joining_word(&n) && !ground::is_stopword(&n) && !ground::is_filler(&n)
            })
        {
            return None;
        }
        let name = w[i - 1];
        let lower = name.to_ascii_lowercase();
        // A possessive says whose, as `my` does (`tomorrow's duty roster`,
        // `Sandra's client card`).
        let determiner = |k: usize| {
            let x = w[k].to_ascii_lowercase();
            matches!(
                x.as_str(),
                "the" | "my" | "our" | "your" | "his" | "her" | "their" | "an" | "a"
            ) || (x.len() > 3 && (x.ends_with("'s") || x.ends_with("\u{2019}s")))
        };
        // Perhaps with one word that says which between (`an overdue books
        // list`); `a`/`an` only then, or before a list.
        let says_which = i >= 2
            && ((determiner(i - 2)
                && (noun == "list"
                    || !matches!(w[i - 2].to_ascii_lowercase().as_str(), "a" | "an")))
                || (i >= 3
                    && determiner(i - 3)
                    && w[i - 2].bytes().all(|b| b.is_ascii_alphabetic())
                    && !ground::is_stopword(&w[i - 2].to_ascii_lowercase())
                    && !live_word(w[i - 2])));
        let plain = lower.len() >= 3 && lower.bytes().all(|b| b.is_ascii_alphabetic());
        // What something is for is no file asked for (`need it for the post
        // schedule`, `a folder named RX for the controlled drug register`).
        let for_it = (2..=4).any(|k| i >= k && w[i - k].eq_ignore_ascii_case("for"))
            // Nor what something is like (`list every one, like a word
            // list`).
            || (2..=3).any(|k| {
                i >= k && matches!(w[i - k].to_ascii_lowercase().as_str(), "like" | "as")
            })
            // Nor where something goes (`need it on the consent form`).
            || (2..=3).any(|k| {
                i >= k && matches!(w[i - k].to_ascii_lowercase().as_str(), "on" | "onto")
            });
        // Or the document itself, said whose or which by what follows
        // (`the letter from my grandson`, `my invoice for March`, `the
        // contract with the landlord`): the noun names it.
        let said_after = !folder
            && !matches!(noun.as_str(), "file" | "files" | "list")
            && determiner(i - 1)
            && !matches!(lower.as_str(), "a" | "an")
            && !for_it
            && w.get(i + 1).is_some_and(|n| {
                matches!(
                    n.to_ascii_lowercase().as_str(),
                    "from" | "of" | "for" | "about" | "with" | "on" | "to" | "in"
                )
            })
            && w.len() > i + 2
            && !live_word(&noun);
        if said_after {
            let same_kind: Vec<grammar::PathEntry> =
                paths.iter().filter(|p| !p.is_dir).cloned().collect();
            return Some(ground::Missing {
                name: alloc::string::String::from(w[i]),
                closest: ground::closest(w[i], &same_kind),
                source: true,
                folder: false,
            });
        }
        (says_which
            && plain
            && !for_it
            && !NOT_NAMES.contains(&lower.as_str())
            && !ground::is_stopword(&lower)
            && !ground::is_filler(&lower)
            && !ground::is_joining_word(&lower)
            && !ground::is_asking_frame(&lower)
            && table.get_any(&lower).is_none()
            && !live_word(&lower)
            // (`the picture list` is the photo list.)
            && !ground::another_word_for_a_live_name(paths, &lower))
        .then(|| {
            let same_kind: Vec<grammar::PathEntry> = paths
                .iter()
                .filter(|p| p.is_dir == folder)
                .cloned()
                .collect();
            ground::Missing {
                name: alloc::string::String::from(name),
                closest: ground::closest(name, &same_kind),
                source: true,
                folder,
            }
        })
    })
}

/// Another document than the live file `path` a command would act on, as
/// the request says it: the same name with another year or version (`the
/// photo list from 2025` beside `photo-list 2026.txt`, `release notes
/// 0.2`), or, for a change only, a copy of it (`the backup of the notes`)
/// or a log of another kind (`the crash log` is no boot log). The name the
/// request means, which the volume lacks.
pub(super) fn another_document(request: &str, path: &str, change: bool) -> Option<String> {
    let base = path.rsplit('/').next().unwrap_or(path);
    let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
    // Numbers as a name holds them: a year, or a version `0.1`.
    let numbers = |s: &str| -> Vec<String> {
        s.split(|c: char| c.is_whitespace() || matches!(c, '-' | '_' | ',' | '(' | ')'))
            .map(|t| t.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
            .filter(|t| {
                let year = t.len() == 4
                    && t.bytes().all(|b| b.is_ascii_digit())
                    && (t.starts_with("19") || t.starts_with("20"));
                let version = t.contains('.')
                    && t.split('.').count() == 2
                    && t.split('.')
                        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
                year || version
            })
            .map(String::from)
            .collect()
    };
    let own = numbers(stem);
    let said = numbers(request);
    for o in &own {
        let kind = |t: &str| t.contains('.') == o.contains('.');
        if said.iter().any(|t| t == o) {
            continue;
        }
        if let Some(other) = said.iter().find(|t| kind(t)) {
            return Some(base.replacen(o.as_str(), other, 1));
        }
    }
    if !change {
        return None;
    }
    let w: Vec<String> = words(request)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    // A copy of it: `the backup of the notes`, `the copy of the guide`.
    const COPIES: &[&str] = &["backup", "back-up", "copy", "duplicate", "draft", "version"];
    if let Some(i) = w
        .windows(2)
        .position(|p| COPIES.contains(&p[0].as_str()) && p[1] == "of")
    {
        let first = w
            .iter()
            .find(|x| !ground::is_filler(x))
            .map_or("", |x| x.as_str());
        // (`copy of` after the verb `make` is a copy to be made.)
        let makes = matches!(first, "make" | "create" | "copy" | "duplicate" | "backup");
        if i >= 1 && matches!(w[i - 1].as_str(), "the" | "my" | "our" | "that") && !makes {
            return Some(alloc::format!("{} of {}", w[i], base));
        }
    }
    // A log of another kind, where the file is a log: `the crash log`.
    let is_log = base.to_ascii_lowercase().ends_with(".log");
    if is_log {
        let own_words: Vec<String> = stem
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(|x| x.to_ascii_lowercase())
            .collect();
        if let Some(i) = w.iter().position(|x| x == "log") {
            let q = if i >= 1 { w[i - 1].as_str() } else { "" };
            let same = own_words.iter().any(|o| o == q)
                || matches!(
                    q,
                    "" | "the"
                        | "my"
                        | "this"
                        | "that"
                        | "a"
                        | "our"
                        | "startup"
                        | "start-up"
                        | "booting"
                        | "bootup"
                        | "old"
                        | "whole"
                        | "entire"
                        | "kernel"
                        | "system"
                );
            if !same && q.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Some(alloc::format!("{q} log"));
            }
        }
    }
    None
}
