//! Words that frame a request without asking for anything: `help me open
//! the docs folder` (how many people whose first language is Chinese ask,
//! 帮我…) asks to open the folder, not for `help`; a letter's salutation
//! and signature (`Dear computer, … Yours, Edith`) are not part of what it
//! asks. [`unframed`] is the request without them, for everything after
//! it: grounding, the model, the router and the reader.
//!
//! `help me with the ls command`, `help me understand rm` and `help me`
//! alone still ask for help: only an action verb after `help me` makes
//! the frame.

use alloc::string::{String, ToString};

/// Verbs that, after `help me`, are the request itself.
const ACTIONS: &[&str] = &[
    "look", "see", "open", "show", "read", "view", "write", "make", "create", "delete", "remove",
    "erase", "turn", "shut", "switch", "power", "check", "copy", "move", "rename", "put", "add",
    "append", "list", "print", "display", "clear", "save", "restart", "reboot", "tell", "count",
    "get", "give", "load", "type", "say", "find", "close", "start", "stop", "change", "dump",
];

/// Names people call a machine or an assistant by.
const CALLED: &[&str] = &[
    "alexa", "siri", "google", "cortana", "bixby", "jarvis", "hal", "computer", "machine", "nosys",
];

/// Greetings that open a line, longest first where one holds another.
const GREETINGS: &[&str] = &[
    "good morning",
    "good afternoon",
    "good evening",
    "good day",
    "morning",
    "afternoon",
    "evening",
    "hello there",
    "hi there",
    "hey there",
    "hello",
    "hiya",
    "hi",
    "hey",
    "howdy",
    "howzit",
    "g'day",
    "greetings",
    "yo",
    "aloha",
    "hola",
    "bonjour",
    "ciao",
    "namaste",
    "kia ora",
    "salaam",
    "shalom",
];

/// The one clause of a line wrapped in talk that asks for something
/// (`long day. anyway, would you show me the notes, I need to check
/// something`, `apologies in advance if this is the wrong command, but I'd
/// like to copy the guide to guide-copy.txt`): a clause that asks in so
/// many words (`can you`, `please`, `I'd like to`, …) or opens with an
/// order, when it is the only one. Not a clause that points back (`could
/// you display it`), asks how or why (`how would you delete everything`),
/// or turns something down. `None` when the line is that clause already.
pub fn asked_clause(line: &str) -> Option<String> {
    // Clauses, never cut inside a quote.
    let mut clauses: alloc::vec::Vec<&str> = alloc::vec::Vec::new();
    let (mut from, mut quote) = (0, None::<char>);
    let b = line.as_bytes();
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"') => quote = Some('"'),
            (None, '\'') if i == 0 || !b[i - 1].is_ascii_alphanumeric() => quote = Some('\''),
            (Some(q), c)
                if c == q
                    && (q == '"' || b.get(i + 1).is_none_or(|n| !n.is_ascii_alphanumeric())) =>
            {
                quote = None
            }
            (None, ',' | '.' | '?' | '!' | ';' | '(' | ')') => {
                // (Not a file name's dot: `notes.txt`.)
                if c == '.' && b.get(i + 1).is_some_and(|n| n.is_ascii_alphanumeric()) {
                    continue;
                }
                clauses.push(&line[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    clauses.push(&line[from..]);
    // ` but ` joins two clauses as a comma does.
    let clauses: alloc::vec::Vec<String> = clauses
        .iter()
        .flat_map(|c| c.split(" but "))
        .map(|c| {
            let mut c = c.trim();
            loop {
                let l = c.to_ascii_lowercase();
                let Some(rest) = [
                    "so ", "but ", "anyway ", "ok ", "okay ", "well ", "oh ", "and ", "um ", "uh ",
                ]
                .iter()
                .find_map(|p| l.starts_with(p).then(|| &c[p.len()..])) else {
                    break;
                };
                c = rest.trim_start();
            }
            String::from(c)
        })
        .filter(|c| !c.is_empty())
        .collect();
    let asks = |c: &str| {
        let l = alloc::format!(" {} ", c.to_ascii_lowercase().replace('\u{2019}', "'"));
        let words: alloc::vec::Vec<&str> = l.split_whitespace().collect();
        let cue = [
            " can you ",
            " could you ",
            " would you ",
            " will you ",
            " you could ",
            " you can ",
            " please ",
            " pls ",
            " i'd like to ",
            " i would like to ",
            " i want to ",
            " i need you to ",
            " can i ",
            " could i ",
            " may i ",
            " let me ",
            " is it possible to ",
        ]
        .iter()
        .any(|p| l.contains(p))
            || words.first().is_some_and(|w| ACTIONS.contains(w))
            // (A question of what the machine knows: `…; what's the
            // uptime?`, `how much memory is free`.)
            || [" what's the ", " whats the ", " what is the ", " how much ", " how many ", " how long "]
                .iter()
                .any(|p| l.starts_with(p));
        let points_back = words.iter().any(|w| {
            matches!(
                *w,
                "it" | "them" | "that" | "this" | "those" | "these" | "one"
            )
        });
        let declines = words.iter().any(|w| {
            matches!(
                *w,
                "don't" | "dont" | "not" | "never" | "no" | "didn't" | "wasn't" | "won't"
            )
        });
        let asks_how = words
            .first()
            .is_some_and(|w| matches!(*w, "how" | "why" | "if" | "when" | "should"));
        cue && !points_back && !declines && !asks_how && words.len() >= 3
    };
    // Another clause that puts it off, sets a condition or hedges (`if the
    // disk is full, delete the boot log`, `tomorrow, delete …`, `delete
    // the notes, not sure`, `…, wait, is that safe?`): the asking is not
    // meant now, and the whole line stands.
    let hedges = |c: &str| {
        let l = c.to_ascii_lowercase();
        let words: alloc::vec::Vec<&str> = l.split_whitespace().collect();
        // (`before I forget` is now, and so is a courtesy's `if`: `if it's
        // not too much trouble`, `if you don't mind`.)
        let now = l.starts_with("before i forget")
            || (l.starts_with("if ")
                && words.iter().any(|w| {
                    matches!(
                        *w,
                        "trouble"
                            | "mind"
                            | "possible"
                            | "ok"
                            | "okay"
                            | "chance"
                            | "moment"
                            | "bother"
                            | "can"
                            | "could"
                            | "please"
                    )
                }));
        !now && words.first().is_some_and(|w| {
            matches!(
                *w,
                "if" | "once"
                    | "when"
                    | "whenever"
                    | "before"
                    | "after"
                    | "unless"
                    | "until"
                    | "or"
                    | "on"
            )
        }) || words.iter().any(|w| {
            matches!(
                w.trim_matches(|c: char| !c.is_ascii_alphanumeric()),
                "sure"
                    | "safe"
                    | "maybe"
                    | "perhaps"
                    | "guess"
                    | "wait"
                    | "tomorrow"
                    | "tonight"
                    | "later"
                    | "next"
                    | "monday"
                    | "tuesday"
                    | "wednesday"
                    | "thursday"
                    | "friday"
                    | "saturday"
                    | "sunday"
                    | "week"
                    | "weekend"
            )
        })
    };
    if clauses.iter().any(|c| !asks(c) && hedges(c)) {
        return None;
    }
    let asking: alloc::vec::Vec<&String> = clauses.iter().filter(|c| asks(c)).collect();
    match asking.as_slice() {
        [one] if one.len() < line.trim().len() => Some((*one).clone()),
        _ => None,
    }
}

/// A request written as a brief for an assistant (`Role: archivist. Task:
/// create a folder named X. Constraints: no other changes.`, `Task:
/// restart. Reason: it feels sluggish.`): the task alone. The labels and
/// the sentences of role, constraints, reasons and priority ask nothing
/// of their own, and `(verbatim)` before a text's colon only says to copy
/// it, which every text is.
fn brief(request: &str) -> Option<String> {
    let lower = request.to_ascii_lowercase();
    let at = lower.find("task:")?;
    // (A label: the line's start or a sentence's.)
    if at > 0 && !lower[..at].trim_end().ends_with(['.', '!', ':']) {
        return None;
    }
    // What comes before the task is who is asked to do it (`Role:
    // sysadmin.`, `You are a helpful file assistant.`): nothing asked.
    let head = lower[..at].trim();
    if !(head.is_empty() || head.starts_with("role:") || head.starts_with("you are ")) {
        return None;
    }
    let mut task = request[at + "task:".len()..].trim().to_string();
    for label in [
        ". constraints:",
        ". constraint:",
        ". reason:",
        ". priority:",
        ". context:",
        ". note:",
        ". notes:",
        ". deadline:",
    ] {
        if let Some(end) = task.to_ascii_lowercase().find(label) {
            task.truncate(end + 1);
        }
    }
    let task = task
        .replace(" (verbatim):", ":")
        .replace(" (Verbatim):", ":");
    (!task.trim().is_empty()).then_some(task)
}

/// Labels of a form's fields (`Action: TRANSFER. Item: photo list.
/// Destination: DOCS.`), lower case: the job's first, then what it takes.
const FORM_JOB: &[&str] = &["action", "request type", "request", "operation", "job"];
const FORM_FIELDS: &[&str] = &[
    "item",
    "file",
    "name",
    "folder",
    "object",
    "destination",
    "target",
    "new name",
    "bytes",
    "lines",
    "contents",
    "content",
    "text",
];

/// A form's job in the words a request says it with (`TRANSFER` moves).
fn form_verb(job: &str) -> String {
    let job = job.to_ascii_lowercase();
    let said = match job.as_str() {
        "transfer" | "relocate" | "relocation" => "move",
        "duplicate" | "duplication" => "copy",
        "name change" | "change of name" => "rename",
        "new folder" => "make a folder",
        "new file" => "create file",
        "deletion" | "removal" | "erase" => "delete",
        "display (hex)" | "display hex" => "show in hex",
        "display" | "view" | "system info" | "information" => "show",
        "instructions" | "usage" => "how do I use",
        other => other,
    };
    String::from(said)
}

/// A request written as a form (`Action: CREATE FILE. Name: x.txt.
/// Contents: …`): the sentence its fields make (`create file x.txt: …`).
/// A text field (`Contents:`) runs to the line's end, as typed; any other
/// field ends at its sentence's end (`Item: TODO.TXT. Window 7.`).
fn form(request: &str) -> Option<String> {
    let lower = request.to_ascii_lowercase();
    let mut found: alloc::vec::Vec<(usize, usize, &str)> = alloc::vec::Vec::new();
    for label in FORM_JOB.iter().chain(FORM_FIELDS) {
        let pat = alloc::format!("{label}:");
        let mut from = 0;
        while let Some(i) = lower[from..].find(&pat) {
            let at = from + i;
            let before = lower[..at].trim_end();
            if before.is_empty() || before.ends_with(['.', ';']) {
                // (`new name:` is not `name:`.)
                if !found.iter().any(|(a, e, _)| *a <= at && at < *e) {
                    found.push((at, at + pat.len(), label));
                }
            }
            from = at + pat.len();
        }
    }
    found.sort();
    found.dedup_by(|b, a| b.0 < a.1);
    let (first, rest) = found.split_first()?;
    if first.0 != 0 || !FORM_JOB.contains(&first.2) || rest.is_empty() {
        return None;
    }
    let mut fields: alloc::vec::Vec<(&str, &str)> = alloc::vec::Vec::new();
    for (k, &(_, end, label)) in found.iter().enumerate() {
        let text = matches!(label, "contents" | "content" | "text");
        let stop = if text {
            request.len()
        } else {
            found.get(k + 1).map_or(request.len(), |n| n.0)
        };
        let mut value = request[end..stop].trim();
        if !text {
            value = value.split(". ").next().unwrap_or(value);
            value = value.trim_end_matches(['.', ';']).trim();
        }
        fields.push((label, value));
        if text {
            break;
        }
    }
    let get = |names: &[&str]| {
        fields
            .iter()
            .find(|(l, v)| names.contains(l) && !v.is_empty())
            .map(|(_, v)| *v)
    };
    let mut said = form_verb(fields[0].1);
    if let Some(n) = get(&["bytes", "lines"]) {
        let unit = if get(&["bytes"]).is_some() {
            "bytes"
        } else {
            "lines"
        };
        said.push_str(&alloc::format!(" the first {n} {unit} of"));
    }
    if let Some(item) = get(&["item", "file", "name", "folder", "object"]) {
        said.push(' ');
        said.push_str(item);
    }
    if let Some(to) = get(&["destination", "target", "new name"]) {
        said.push_str(" to ");
        said.push_str(to);
    }
    if let Some(t) = get(&["contents", "content", "text"]) {
        said.push_str(": ");
        said.push_str(t);
    }
    Some(said)
}

/// The request without its frame, or `None` when it has none.
pub fn unframed(request: &str) -> Option<String> {
    let briefed = brief(request).or_else(|| form(request));
    let mut s = briefed.as_deref().unwrap_or(request).trim();
    let mut changed = briefed.is_some();
    // `Dear computer,` / `Dear nosys,`: a salutation of one or two words.
    if let Some(rest) = strip_prefix_ci(s, "dear ") {
        if let Some((name, after)) = rest.split_once(',') {
            if (1..=2).contains(&name.split_whitespace().count()) && !after.trim().is_empty() {
                s = after.trim_start();
                changed = true;
            }
        }
    }
    // An assistant called by name (`Alexa, say …`, `ok google, show …`,
    // `computer, list …`): the name is who is asked, not what.
    if let Some((name, after)) = s.split_once(',') {
        let name = name.trim().to_ascii_lowercase();
        let name = name
            .strip_prefix("hey ")
            .or_else(|| name.strip_prefix("ok "))
            .or_else(|| name.strip_prefix("okay "))
            .unwrap_or(&name);
        if CALLED.contains(&name) && !after.trim().is_empty() {
            s = after.trim_start();
            changed = true;
        }
    }
    // A greeting before what is asked (`Howzit, show us the notes`, `Good
    // morning. When you have a moment, …`).
    for g in GREETINGS {
        if let Some(rest) = strip_prefix_ci(s, g) {
            // (A word of its own: `hello.txt contents` greets nobody.)
            if let Some(rest) = rest.strip_prefix([',', '.', '!']) {
                if rest.starts_with(char::is_whitespace) && !rest.trim().is_empty() {
                    s = rest.trim_start();
                    changed = true;
                    break;
                }
            }
        }
    }
    // Instructions given as a teacher gives them (`What you do is, you
    // make a folder …`, `what you want to do is go to …`): the order
    // after the frame, its `you` the person asked.
    {
        let lower = s.to_ascii_lowercase();
        let frame = [
            "what you do is",
            "what you want to do is",
            "what you wanna do is",
            "what you need to do is",
            "here's what you do",
            "heres what you do",
        ]
        .iter()
        .find(|p| lower.starts_with(*p));
        if let Some(p) = frame {
            let rest = s[p.len()..].trim_start_matches([',', ':', ' ']);
            let rest = strip_prefix_ci(rest, "you ").unwrap_or(rest);
            if !rest.trim().is_empty() {
                s = rest;
                changed = true;
            }
        }
    }
    // Pleasantries of their own sentence before the request (`hope you're
    // well. could you …`, `how are you? show …`).
    loop {
        let lower = s.to_ascii_lowercase().replace('\u{2019}', "'");
        let Some(p) = [
            "hope you're well",
            "hope you are well",
            "hope you're doing well",
            "hope you are doing well",
            "hope all is well",
            "how are you",
            "how's it going",
            "hows it going",
            "how are things",
        ]
        .iter()
        .find(|p| lower.starts_with(*p)) else {
            break;
        };
        let rest = s[p.len()..].trim_start_matches(['.', '!', '?', ',', ' ']);
        if rest.is_empty() || rest.len() == s.len() - p.len() {
            break;
        }
        s = rest;
        changed = true;
    }
    // A signature after the last sentence: `… do. Yours, Edith`, `…
    // please. Thank you.`
    if let Some((body, tail)) = s.trim_end_matches(['.', '!']).rsplit_once(['.', '!', '?']) {
        let t = tail.trim().to_ascii_lowercase();
        let signs_off = [
            "yours",
            "regards",
            "kind regards",
            "best",
            "cheers",
            "thanks",
            "thank you",
            "love",
            "sincerely",
            "many thanks",
        ]
        .iter()
        .any(|w| {
            t == *w
                || t.starts_with(&alloc::format!("{w},"))
                || t.starts_with(&alloc::format!("{w} "))
        });
        // (Thanks may run on: `thanks so much, you're a star`.)
        let thanks = ["thanks", "thank you", "thx", "ta", "cheers"]
            .iter()
            .any(|w| {
                t == *w
                    || t.starts_with(&alloc::format!("{w} "))
                    || t.starts_with(&alloc::format!("{w},"))
            });
        let short = t.split_whitespace().count() <= if thanks { 8 } else { 4 };
        if signs_off && !body.trim().is_empty() && short {
            let keep = body.len() + 1;
            s = &s[..keep.min(s.len())];
            changed = true;
        }
    }
    // Courtesy after the last comma, of courtesy's words only (`…
    // greeting.txt, thanks in advance`, `… monday, sorry for the trouble`,
    // `…, if you don't mind`): neither a file's nor a text's. (`…, thanks
    // to notes.txt` keeps its file.)
    if let Some((body, tail)) = s.rsplit_once(',') {
        const COURTESY: &[&str] = &[
            "thanks",
            "thank",
            "you",
            "in",
            "advance",
            "so",
            "much",
            "a",
            "lot",
            "sorry",
            "for",
            "the",
            "trouble",
            "bother",
            "bothering",
            "inconvenience",
            "if",
            "don't",
            "dont",
            "mind",
            "that's",
            "thats",
            "ok",
            "okay",
            "possible",
            "ta",
            "cheers",
            "please",
            "pls",
            "mate",
            "dear",
            "appreciated",
            "appreciate",
            "it",
            "very",
            "kindly",
            "again",
            "no",
            "rush",
            "whenever",
            "when",
            "can",
            "get",
            "chance",
            "that",
        ];
        let words: alloc::vec::Vec<String> = tail
            .split_whitespace()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                    .to_ascii_lowercase()
                    .replace('\u{2019}', "'")
            })
            .filter(|w| !w.is_empty())
            .collect();
        let courteous = !words.is_empty()
            && words.iter().all(|w| COURTESY.contains(&w.as_str()))
            && words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "thanks"
                        | "thank"
                        | "sorry"
                        | "mind"
                        | "ta"
                        | "cheers"
                        | "appreciated"
                        | "possible"
                        | "rush"
                        | "chance"
                )
            });
        // (Not inside a quoted text: `"…, thanks"`, `'…, sorry'`.)
        let quoting = body.contains('"') || body.starts_with('\'') || body.contains(" '");
        if courteous && !quoting && !tail.contains('"') && !body.trim().is_empty() {
            s = body.trim_end();
            changed = true;
        }
    }
    // A reason told before the order it leads to (`A friend asked me what
    // hardware I'm running, so show me the cpu`, `The guide was mentioned in
    // the todo list, so open /DOCS/GUIDE.TXT`): the order after `, so`.
    // Only a sentence without a quote (a text may hold `, so`).
    if !s.contains('"') {
        let lower = s.to_ascii_lowercase();
        if let Some(at) = lower.rfind(", so ") {
            let rest = &s[at + 5..];
            let rl = rest.to_ascii_lowercase();
            let mut ws = rl.split_whitespace();
            let mut first = ws.next().unwrap_or("");
            if matches!(first, "please" | "pls" | "just") {
                first = ws.next().unwrap_or("");
            }
            // (Not an order that points back into the reason: `…, so
            // delete it`, `…, so show me its bytes`; nor one sentence of
            // several.)
            let points_back = rl
                .split(|c: char| !c.is_alphanumeric() && c != '\'')
                .any(|w| {
                    matches!(
                        w,
                        "it" | "its"
                            | "them"
                            | "they"
                            | "that"
                            | "this"
                            | "those"
                            | "these"
                            | "one"
                    )
                });
            let one_sentence = ![". ", "! ", "? "]
                .iter()
                .any(|p| rest.trim_end().contains(p));
            if ACTIONS.contains(&first.trim_end_matches([',', '.']))
                && at > 0
                && !points_back
                && one_sentence
            {
                s = rest.trim_start();
                changed = true;
            }
        }
    }
    // `(please|can you|could you) help me (to) <verb> …`
    let lower = s.to_ascii_lowercase();
    let words: alloc::vec::Vec<&str> = lower.split_whitespace().collect();
    if let Some(lead) = help_me(&words) {
        let mut k = lead;
        if words.get(k) == Some(&"to") {
            k += 1;
        }
        let verb = words.get(k).map(|w| w.trim_end_matches([',', '.']));
        if verb.is_some_and(|v| ACTIONS.contains(&v)) {
            // The same words of `s`, from the verb on (case kept).
            let at = s
                .split_whitespace()
                .nth(k)
                .map(|w| w.as_ptr() as usize - s.as_ptr() as usize)?;
            s = &s[at..];
            changed = true;
        }
    }
    changed.then(|| s.trim().into())
}

/// Verbs after `help me` that ask about the shell itself (`help me with
/// the ls command`, `help me understand rm`).
const ABOUT_THE_SHELL: &[&str] = &[
    "with",
    "understand",
    "use",
    "using",
    "learn",
    "figure",
    "know",
    "get",
    "to",
    "please",
    "out",
    "here",
    "now",
    "",
];

/// Whether the request asks for help with something else to do (`you help
/// me translate to English: …`, `help me cook phở`): a verb after `help me`
/// that is neither one of the shell's jobs nor about the shell. No
/// reachable applet does that; `help` would answer a question not asked.
pub fn asks_help_with_other(request: &str) -> bool {
    let lower = request.trim().to_ascii_lowercase();
    let words: alloc::vec::Vec<&str> = lower.split_whitespace().collect();
    let Some(lead) = help_me(&words) else {
        return false;
    };
    let verb = words
        .get(lead)
        .map_or("", |w| w.trim_end_matches([',', '.', '?', '!']));
    !ACTIONS.contains(&verb) && !ABOUT_THE_SHELL.contains(&verb)
}

/// How many of the lower-cased `words` open a `help me` frame: `help me`,
/// `please help me`, `can you help me`, with the subject said, as in
/// Vietnamese (bạn giúp tôi…), `you help me`, or left out, `can help me`.
fn help_me(words: &[&str]) -> Option<usize> {
    match words {
        ["help", "me", ..] => Some(2),
        ["you" | "u", "help", "me", ..] | ["please" | "pls" | "plz", "help", "me", ..] => Some(3),
        // (Without the subject, as Singapore and Malaysia say it: `can
        // help me show the todo ah`.)
        ["can" | "could", "help", "me", ..] => Some(3),
        ["can" | "could" | "would" | "will", "you" | "u", "help", "me", ..] => Some(4),
        _ => None,
    }
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    s.get(..prefix.len())
        .filter(|h| h.eq_ignore_ascii_case(prefix))
        .map(|_| &s[prefix.len()..])
}

#[cfg(test)]
mod form_tests {
    use super::form;

    #[test]
    fn a_form_s_fields_make_its_sentence() {
        assert_eq!(
            form("Action: TRANSFER. Item: photo list. Destination: DOCS.").as_deref(),
            Some("move photo list to DOCS")
        );
        assert_eq!(
            form("Action: CREATE FILE. Name: closed.txt. Contents: Shut 12:00-12:30. Back soon.")
                .as_deref(),
            Some("create file closed.txt: Shut 12:00-12:30. Back soon.")
        );
        assert_eq!(
            form("Request type: DISPLAY. Item: TODO.TXT. Window 7.").as_deref(),
            Some("show TODO.TXT")
        );
        assert_eq!(
            form("Request type: DISPLAY (hex). Item: TODO.TXT. Bytes: 32.").as_deref(),
            Some("show in hex the first 32 bytes of TODO.TXT")
        );
    }

    #[test]
    fn instructions_given_as_a_teacher_gives_them_are_the_order() {
        assert_eq!(
            super::unframed("What you do is, you make a folder, you call it Tees.").as_deref(),
            Some("make a folder, you call it Tees.")
        );
        assert_eq!(
            super::unframed("what you want to do is copy the notes").as_deref(),
            Some("copy the notes")
        );
    }

    #[test]
    fn a_line_with_a_colon_is_no_form() {
        assert_eq!(form("add to the todo: Item: milk"), None);
        assert_eq!(form("Action: restart"), None);
        assert_eq!(form("note: action: call Bob. item: bread"), None);
    }
}

#[cfg(test)]
mod tests {
    use super::{asked_clause, unframed};

    #[test]
    fn help_me_and_a_verb_is_the_verbs_request() {
        assert_eq!(
            unframed("help me look the todo list").as_deref(),
            Some("look the todo list")
        );
        assert_eq!(
            unframed("help me turn off computer, I go sleep now").as_deref(),
            Some("turn off computer, I go sleep now")
        );
        assert_eq!(
            unframed("Please help me to delete the todo").as_deref(),
            Some("delete the todo")
        );
        assert_eq!(
            unframed("can you help me open docs folder").as_deref(),
            Some("open docs folder")
        );
        assert_eq!(
            unframed("you help me make folder name HocTap").as_deref(),
            Some("make folder name HocTap")
        );
        assert_eq!(
            unframed("can help me show the todo ah").as_deref(),
            Some("show the todo ah")
        );
        assert_eq!(unframed("can help me with the ls command"), None);
    }

    #[test]
    fn courtesy_after_the_last_comma_is_not_the_request() {
        assert_eq!(
            unframed("please write hello world to greeting.txt, thanks in advance").as_deref(),
            Some("please write hello world to greeting.txt")
        );
        assert_eq!(
            unframed("replace the notes with meeting moved to monday, sorry for the trouble")
                .as_deref(),
            Some("replace the notes with meeting moved to monday")
        );
        // A file after the thanks, a quoted text, or a list: kept.
        assert_eq!(unframed("write hello, thanks to notes.txt"), None);
        assert_eq!(unframed("write \"hi, thanks\" to notes.txt"), None);
        assert_eq!(unframed("add milk, eggs, bread to the todo"), None);
    }

    #[test]
    fn the_one_asking_clause_of_a_line_wrapped_in_talk() {
        assert_eq!(
            asked_clause(
                "long day. anyway, would you show me the notes, I need to check something"
            )
            .as_deref(),
            Some("would you show me the notes")
        );
        assert_eq!(
            asked_clause(
                "if it's not too much trouble, append 'ask about the raise, now' to notes.txt"
            )
            .as_deref(),
            Some("append 'ask about the raise, now' to notes.txt")
        );
        // Pointing back, asking how, two asks, a condition or a hedge, or
        // the whole line already: none.
        assert_eq!(
            asked_clause("I need the photo list, could you display it"),
            None
        );
        assert_eq!(
            asked_clause("if you had to, how would you delete everything?"),
            None
        );
        assert_eq!(
            asked_clause("show the notes, then please list the docs"),
            None
        );
        assert_eq!(
            asked_clause("if the disk is full, delete the boot log"),
            None
        );
        assert_eq!(asked_clause("delete the notes, not sure"), None);
        assert_eq!(asked_clause("please show the notes"), None);
        assert_eq!(
            asked_clause("oh wow, the weather is perfect today; what's the uptime?").as_deref(),
            Some("what's the uptime")
        );
    }

    #[test]
    fn an_assistant_called_by_name_is_not_the_request() {
        assert_eq!(
            unframed("Alexa, say Happy Birthday, Marit!").as_deref(),
            Some("say Happy Birthday, Marit!")
        );
        assert_eq!(
            unframed("hey siri, show me the notes").as_deref(),
            Some("show me the notes")
        );
        // Any other word before a comma is part of what is asked.
        assert_eq!(unframed("notes, show them"), None);
        assert_eq!(unframed("Alexa,"), None);
    }

    #[test]
    fn a_greeting_first_is_not_the_request() {
        assert_eq!(
            unframed("Howzit, show us the notes quickly").as_deref(),
            Some("show us the notes quickly")
        );
        assert_eq!(
            unframed("Good morning. When you have a moment, show me the todo").as_deref(),
            Some("When you have a moment, show me the todo")
        );
        // A greeting alone, or one that is the start of a word, stays.
        assert_eq!(unframed("hello!"), None);
        assert_eq!(unframed("history, please"), None);
        assert_eq!(unframed("hello.txt contents"), None);
    }

    #[test]
    fn help_me_with_a_command_still_asks_for_help() {
        for line in [
            "help me",
            "help me with the ls command",
            "help me understand rm",
            "help me please",
            "you help me translate this",
            "I need help",
            "show me the help",
        ] {
            assert_eq!(unframed(line), None, "{line}");
        }
    }

    #[test]
    fn help_with_something_else_is_no_question_about_the_shell() {
        use super::asks_help_with_other as other;
        assert!(other("you help me translate to English: cảm ơn nhiều"));
        assert!(other("can you help me cook dinner"));
        for line in [
            "help me",
            "help me with the ls command",
            "help me understand rm",
            "help me open the docs folder",
            "how do i get help",
        ] {
            assert!(!other(line), "{line}");
        }
    }

    #[test]
    fn a_brief_is_its_task() {
        assert_eq!(
            unframed("Role: clerk. Task: list the LOGS folder. Constraints: read only.").as_deref(),
            Some("list the LOGS folder.")
        );
        assert_eq!(
            unframed("Task: write a.txt. Text (verbatim): hi there").as_deref(),
            Some("write a.txt. Text: hi there")
        );
        // A text that holds the word is the text's.
        assert_eq!(unframed("add to the todo: Task: call the vet"), None);
    }

    #[test]
    fn a_letters_salutation_and_signature_are_not_the_request() {
        assert_eq!(
            unframed(
                "Dear computer, would you kindly show me the list of things I must do. Yours, Edith"
            )
            .as_deref(),
            Some("would you kindly show me the list of things I must do.")
        );
        assert_eq!(
            unframed("Dear computer, please add \"call Margaret\" to my list. Thank you.")
                .as_deref(),
            Some("please add \"call Margaret\" to my list.")
        );
        // A sentence that only ends in thanks keeps its words.
        assert_eq!(unframed("thank you"), None);
        assert_eq!(unframed("Dear me, what a mess"), Some("what a mess".into()));
    }
}
