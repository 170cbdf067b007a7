//! A person who corrects themselves in mid-line asks for what the
//! correction leaves: `delete notes, no wait, the todo list` asks to delete
//! the todo list, `copy the readme to a.txt, I mean b.txt` to copy it to
//! b.txt, `show the faq - actually the guide` to show the guide. Read whole,
//! such a line names both things, and the first (usually the stronger
//! match) won: the wrong file, or the wrong name, proposed with confidence.
//! [`corrected`] is the request the correction leaves, built only from the
//! words typed, so texts and names are still copied from the line.
//!
//! A line whose correction takes the request back (`delete the readme, no
//! wait, never mind`, `… just kidding`) asks for nothing: [`Correction::TakenBack`].
//!
//! The correction replaces the part of the first request it matches: a
//! whole request after the marker stands alone (`print hi, no, print
//! hello`); a phrase that opens with `the`/`my` replaces the first
//! request's last such phrase; one that opens with `to`/`into`/… replaces
//! from that word; a single name replaces the last word. A marker inside a
//! quoted text is part of the text.

use alloc::string::String;
use alloc::vec::Vec;

/// What a self-correcting line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Correction {
    /// The request the correction leaves.
    Request(String),
    /// The line takes its request back: nothing is asked.
    TakenBack,
}

/// Words that correct what came before them. A `strong` one may also end
/// the line to take the request back (`delete it, no wait`); a `bare` one
/// needs no comma or dash before it (`show the readme I mean the faq`); a
/// `closed` one needs a comma or stop after it too (`…, no, print hello`,
/// not `…; no comment`).
struct Marker {
    words: &'static [&'static str],
    strong: bool,
    bare: bool,
    closed: bool,
}

const fn m(words: &'static [&'static str], strong: bool, bare: bool) -> Marker {
    Marker {
        words,
        strong,
        bare,
        closed: false,
    }
}

/// Longest first where one begins another.
const MARKERS: &[Marker] = &[
    m(&["no", "wait"], true, true),
    m(&["wait", "no"], true, true),
    m(&["oh", "wait"], true, true),
    m(&["scratch", "that"], true, true),
    m(&["strike", "that"], true, true),
    m(&["never", "mind"], true, false),
    m(&["nevermind"], true, false),
    m(&["just", "kidding"], true, true),
    m(&["actually", "no"], true, false),
    m(&["no", "actually"], true, true),
    m(&["no", "don't"], true, false),
    m(&["no", "dont"], true, false),
    m(&["no", "no"], true, false),
    m(&["on", "second", "thought"], true, false),
    m(&["on", "second", "thoughts"], true, false),
    m(&["second", "thoughts"], true, false),
    m(&["or", "rather"], false, true),
    m(&["i", "mean"], false, true),
    m(&["i", "meant"], false, true),
    m(&["wait"], true, false),
    m(&["actually"], false, false),
    m(&["sorry"], false, false),
    m(&["oops"], true, false),
    m(&["jk"], true, false),
    m(&["kidding"], true, false),
    m(&["whoops"], true, false),
    m(&["correction"], false, false),
    m(&["nope"], false, false),
    m(&["er"], false, false),
    m(&["erm"], false, false),
    m(&["um"], false, false),
    m(&["uh"], false, false),
    m(&["rather"], false, false),
    Marker {
        words: &["no"],
        strong: false,
        bare: false,
        closed: true,
    },
];

/// After the marker, the rest takes the request back when it is one of
/// these (or nothing, after a strong marker).
const TAKEN_BACK: &[&str] = &[
    "never mind",
    "nevermind",
    "forget it",
    "forget that",
    "forget about it",
    "cancel",
    "cancel that",
    "cancel it",
    "don't",
    "dont",
    "do not",
    "don't do that",
    "don't do it",
    "dont do it",
    "do not do that",
    "do not do it",
    "don't bother",
    "leave it",
    "leave it be",
    "keep it",
    "keep them",
    "leave them",
    "skip it",
    "skip that",
    "stop",
    "just kidding",
    "kidding",
    "jk",
    "ignore that",
    "ignore me",
    "not that",
];

/// Verbs that open a request of their own and act on a thing: an `it`
/// after them is the thing the first request named.
const ACTIONS: &[&str] = &[
    "show",
    "display",
    "open",
    "read",
    "view",
    "print",
    "cat",
    "type",
    "list",
    "ls",
    "dir",
    "delete",
    "remove",
    "erase",
    "rm",
    "del",
    "trash",
    "copy",
    "cp",
    "duplicate",
    "move",
    "mv",
    "rename",
    "ren",
    "make",
    "create",
    "mkdir",
    "write",
    "append",
    "add",
    "put",
    "save",
    "echo",
    "say",
    "tell",
    "give",
    "get",
    "clear",
    "reboot",
    "restart",
    "shutdown",
    "shut",
    "turn",
    "power",
    "switch",
    "check",
    "count",
    "dump",
    "free",
    "find",
    "load",
    "run",
    "go",
    "start",
    "stop",
    "hexdump",
    "wipe",
    "empty",
];

/// Other words that open a request of their own: asking, not acting.
const ASKING: &[&str] = &[
    "can", "could", "would", "will", "please", "pls", "kindly", "let's", "lets", "let", "i'd",
    "how", "what", "what's", "which", "where", "when", "who", "is", "are", "do", "does",
];

/// Words that open a phrase naming a thing.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "my", "our", "your", "this", "that", "these", "those", "his", "her", "their",
];

/// Words that say what kind of thing the word before them names.
const KINDS: &[&str] = &[
    "folder",
    "directory",
    "dir",
    "file",
    "log",
    "document",
    "doc",
];

/// Words that open a phrase saying where or what a thing becomes.
const PREPOSITIONS: &[&str] = &[
    "to", "into", "in", "inside", "onto", "from", "as", "under", "called", "named", "saying",
    "with",
];

/// A word of the line: where it is and how it reads.
struct Word {
    start: usize,
    end: usize,
    /// Lower case, without the punctuation around it.
    bare: String,
    /// The text before it since the last word holds `,` `.` `;` `:` `!`
    /// `?` or a dash (or it opens the line).
    after_break: bool,
    /// The raw word ends with such punctuation.
    ends_clause: bool,
}

fn words(line: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut in_quote: Option<char> = None;
    let mut prev_end = 0;
    let mut i = 0;
    let bytes: Vec<(usize, char)> = line.char_indices().collect();
    while i < bytes.len() {
        let (at, c) = bytes[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // A word runs to the next whitespace; one that opens a quote runs
        // to its close, so a marker inside a quoted text is never found.
        let start = at;
        let mut j = i;
        while j < bytes.len() {
            let (_, d) = bytes[j];
            if let Some(q) = in_quote {
                if d == q {
                    in_quote = None;
                }
            } else if d == '"' || (d == '\'' && j == i) {
                in_quote = Some(d);
            } else if d.is_whitespace() {
                break;
            }
            j += 1;
        }
        let end = bytes.get(j).map_or(line.len(), |&(e, _)| e);
        let text = &line[start..end];
        let gap = &line[prev_end..start];
        let after_break = out.is_empty()
            || gap.contains(['-', '\u{2013}', '\u{2014}', '.', ',', ';', ':', '!', '?'])
            || out.last().is_some_and(|w: &Word| w.ends_clause);
        let ends_clause =
            text.ends_with([',', '.', ';', ':', '!', '?', '-', '\u{2013}', '\u{2014}']);
        let bare = text
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_ascii_lowercase();
        out.push(Word {
            start,
            end,
            bare,
            after_break,
            ends_clause,
        });
        prev_end = end;
        i = j;
    }
    out
}

/// The marker at word `i`, as the number of words it takes.
fn marker_at(ws: &[Word], i: usize) -> Option<(usize, &'static Marker)> {
    MARKERS.iter().find_map(|mk| {
        let n = mk.words.len();
        let fits = i + n <= ws.len()
            && mk
                .words
                .iter()
                .zip(&ws[i..i + n])
                .all(|(a, w)| w.bare == *a)
            // The marker's own words run without a break between them.
            && ws[i + 1..i + n].iter().all(|w| !w.after_break);
        // `sorry to bother you`, `sorry about that`: an apology.
        let apology = mk.words == ["sorry"]
            && ws
                .get(i + 1)
                .is_some_and(|w| matches!(w.bare.as_str(), "to" | "for" | "about" | "if" | "that"));
        let closed = !mk.closed || ws.get(i + n - 1).is_some_and(|w| w.ends_clause);
        (fits && closed && !apology && (mk.bare || ws[i].after_break)).then_some((n, mk))
    })
}

fn trim_clause(s: &str) -> &str {
    s.trim().trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                ',' | '.' | ';' | ':' | '!' | '-' | '\u{2013}' | '\u{2014}'
            )
    })
}

/// What a line with a mid-line correction asks, or `None` when it has no
/// correction (or one that leaves nothing clear to replace).
///
/// `live` says whether a word is a word of a live path's name: a single word
/// after the marker that is none, where the first request ends on a file's
/// name, corrects that request's text, not its file (`add milk to the todo,
/// I mean eggs`).
pub fn corrected(line: &str, live: &dyn Fn(&str) -> bool) -> Option<Correction> {
    // A `no` said before what not to do (`No, not the todo… the guide`,
    // `nah not notes, todo`) is the same turn of mind: the line reads
    // without it.
    let ws = words(line);
    if let [no, not, ..] = &ws[..] {
        if NO_WORDS.contains(&no.bare.as_str())
            && NEGATIONS.iter().any(|n| n.len() == 1 && n[0] == not.bare)
        {
            // (Only where the rest says what to do instead: `nope, not the
            // notes` alone asks nothing.)
            if let Some(c) = corrected(&line[not.start..], live) {
                return Some(c);
            }
        }
    }
    // A line that only sets a thing apart (`not the notes`, `nope, not
    // the notes`) asks for nothing: it had shown the notes.
    if let Some(first) = ws.iter().position(|w| w.bare == "not") {
        let rest = &ws[first + 1..];
        if ws[..first]
            .iter()
            .all(|w| NO_WORDS.contains(&w.bare.as_str()))
            && (2..=3).contains(&rest.len())
            && DETERMINERS.contains(&rest[0].bare.as_str())
            && !rest[..rest.len() - 1].iter().any(|w| w.ends_clause)
        {
            return Some(Correction::TakenBack);
        }
    }
    if let Some(r) = set_apart(line) {
        return Some(corrected(&r, live).unwrap_or(Correction::Request(r)));
    }
    if let Some(r) = negated_first(line, &ws, live) {
        return Some(Correction::Request(r));
    }
    // The first marker after some words of a request.
    let (at, n, mk) = (1..ws.len()).find_map(|i| marker_at(&ws, i).map(|(n, mk)| (i, n, mk)))?;
    // Further markers and fillers right after it (`no wait, sorry, I mean`).
    let mut k = at + n;
    let mut strong = mk.strong;
    while k < ws.len() {
        if let Some((n2, mk2)) = marker_at(&ws, k).or_else(|| {
            MARKERS
                .iter()
                .filter(|m| m.words.len() == 1 || m.bare)
                .find_map(|mk| {
                    let n = mk.words.len();
                    (k + n <= ws.len()
                        && mk
                            .words
                            .iter()
                            .zip(&ws[k..k + n])
                            .all(|(a, w)| w.bare == *a))
                    .then_some((n, mk))
                })
        }) {
            strong |= mk2.strong;
            k += n2;
        } else {
            break;
        }
    }
    let before = trim_clause(&line[..ws[at].start]);
    let after = if k < ws.len() {
        trim_clause(&line[ws[k].start..])
    } else {
        ""
    };
    let after_lower = after
        .trim_end_matches(['.', '!'])
        .to_ascii_lowercase()
        .replace('\u{2019}', "'");
    // `I mean it`: said to be meant, not corrected.
    if matches!(after_lower.as_str(), "it" | "it!" | "business" | "well")
        && mk.words.first() == Some(&"i")
    {
        return None;
    }
    // One word corrected by one word only after a break (`reboot, I mean
    // uptime`), not in a phrase (`print I mean business`).
    if words(before).len() == 1 && !ws[at].after_break {
        return None;
    }
    if TAKEN_BACK.contains(&after_lower.as_str()) || (after.is_empty() && strong) {
        return (!before.is_empty()).then_some(Correction::TakenBack);
    }
    // `delete the notes? no!`: the question answered, the request back.
    if after.is_empty()
        && mk.words == ["no"]
        && line.trim_end().ends_with('!')
        && before.trim_end().ends_with('?')
    {
        return (!before.is_empty()).then_some(Correction::TakenBack);
    }
    // `… the list of pictures I mean`: the marker closes the line and
    // points back; the line reads as typed.
    if after.is_empty() || before.is_empty() {
        return (before.is_empty() && !after.is_empty()).then(|| Correction::Request(after.into()));
    }
    // A question tag (`…, no?`) is not a correction.
    if after.ends_with('?') && mk.words == ["no"] {
        return None;
    }
    Some(Correction::Request(replaced(before, after, live)?))
}

/// `copy the guide, not the faq, into logs`, `delete the meeting notes,
/// not the notes`, `print hi not hello`: a thing set apart with `not` is
/// not the thing asked for. The line without it; read whole, the thing set
/// apart had been the copy's destination, written over.
fn set_apart(line: &str) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    // (`show the guide rather than the faq`, `… instead of the readme`.)
    for joint in [" rather than ", " instead of "] {
        if let Some(at) = lower.find(joint) {
            let set = &line[at + joint.len()..];
            let first = set
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if at > 0 && DETERMINERS.contains(&first.as_str()) && !set.contains(',') {
                return Some(String::from(line[..at].trim_end()));
            }
        }
    }
    if let Some(at) = lower.find(", not ") {
        let rest = &line[at + 6..];
        // To the next comma, or the end of the line.
        let end = rest.find(',').map_or(line.len(), |e| at + 6 + e + 1);
        let set = &line[at + 6..end.min(line.len())];
        let first = set
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        // A thing (`the faq`, `hello.txt`), not a clause (`, not now`,
        // `, not sure which`).
        let thing = DETERMINERS.contains(&first.as_str())
            || first.contains('.')
            || set.split_whitespace().count() == 1
                && !matches!(first.as_str(), "now" | "sure" | "yet" | "really" | "today");
        if !thing || at == 0 {
            return None;
        }
        let mut out = String::from(line[..at].trim_end());
        if end < line.len() {
            out.push(' ');
            out.push_str(line[end..].trim_start());
        }
        return Some(out);
    }
    // `print hi not hello`: a verb, a word, `not` and a word.
    let ws: Vec<&str> = line.split_whitespace().collect();
    if ws.len() == 4
        && !line.contains(['"', '\'', '\u{201c}'])
        && ws[2].eq_ignore_ascii_case("not")
        && ACTIONS.contains(&ws[0].to_ascii_lowercase().as_str())
    {
        return Some(alloc::format!("{} {}", ws[0], ws[1]));
    }
    None
}

/// Words that open a clause saying what not to do.
const NEGATIONS: &[&[&str]] = &[
    &["rather", "than"],
    &["instead", "of"],
    &["you", "don't", "need", "to"],
    &["you", "dont", "need", "to"],
    &["don't", "need", "to"],
    &["dont", "need", "to"],
    &["i", "don't", "want", "to"],
    &["i", "dont", "want", "to"],
    &["i", "don't", "want"],
    &["i", "dont", "want"],
    &["no", "need", "to"],
    &["do", "not"],
    &["don't"],
    &["dont"],
    &["doan"],
    &["not"],
    &["never"],
];

/// Words that only say no, in English and in the languages a person may
/// start a line in before going on in English.
const NO_WORDS: &[&str] = &[
    "no", "nah", "na", "nope", "naw", "nein", "non", "nee", "nie", "niet",
];

/// `don't remove it, just show me the readme`, `not the readme, the
/// notes`: a first clause that says what not to do, and after it what to
/// do. The request is the second clause, its `it` the first one's thing.
fn negated_first(line: &str, ws: &[Word], live: &dyn Fn(&str) -> bool) -> Option<String> {
    let neg = NEGATIONS
        .iter()
        .find(|n| n.len() < ws.len() && n.iter().zip(ws).all(|(a, w)| w.bare == *a))?;
    // `don't let me forget to renew my passport, put it on the list` asks
    // for the second clause with the first's words.
    if ws
        .get(neg.len())
        .is_some_and(|w| matches!(w.bare.as_str(), "forget" | "let"))
    {
        return None;
    }
    let cut = ws.iter().position(|w| w.ends_clause)?;
    if cut < neg.len() || cut + 1 >= ws.len() {
        return None;
    }
    let before = trim_clause(&line[ws[neg.len()].start..ws[cut].end]);
    let after = trim_clause(&line[ws[cut + 1].start..]);
    // What follows is no request but who said so or a sign-off (`never
    // delete the notes, my teacher said`, `don't reboot, no worries`):
    // the line turns its change down, and nothing is asked.
    if words(after).iter().any(|w| {
        matches!(
            w.bare.as_str(),
            "said"
                | "says"
                | "told"
                | "tells"
                | "warned"
                | "insists"
                | "insisted"
                | "reminded"
                | "worry"
                | "worries"
                | "thanks"
        )
    }) {
        return None;
    }
    // `don't reboot, don't shut down, just show the date`: every clause
    // that says what not to do, then what to do.
    let after_ws = words(after);
    if let Some(r) = negated_first(after, &after_ws, live) {
        return Some(r);
    }
    let before_ws = words(before);
    if before_ws
        .first()
        .is_some_and(|w| DETERMINERS.contains(&w.bare.as_str()))
    {
        return Some(after.into());
    }
    replaced(before, after, live)
}

/// `before` with `after` in place of the part it corrects.
fn replaced(before: &str, after: &str, live: &dyn Fn(&str) -> bool) -> Option<String> {
    let mut after_ws = words(after);
    // `make it Clients-2026`, `call it hi.txt`: the name after is the
    // correction.
    if after_ws.len() >= 3
        && matches!(
            after_ws[0].bare.as_str(),
            "make" | "call" | "name" | "change"
        )
        && matches!(after_ws[1].bare.as_str(), "it" | "that" | "this")
    {
        let rest = trim_clause(&after[after_ws[2].start..]);
        return replaced(before, rest, live);
    }
    // `Recipes not Recipies`: what follows `not` is what was wrong.
    if let Some(i) = after_ws.iter().position(|w| w.bare == "not") {
        if i > 0 {
            let cut = trim_clause(&after[..after_ws[i].start]);
            return replaced(before, cut, live);
        }
    }
    // `just the guide`: what the correction is, without its hedge.
    if after_ws.len() > 1 && matches!(after_ws[0].bare.as_str(), "just" | "only" | "oh") {
        return replaced(before, trim_clause(&after[after_ws[1].start..]), live);
    }
    // `the guide instead`, `b.txt please`.
    while after_ws.len() > 1
        && matches!(
            after_ws.last().map(|w| w.bare.as_str()),
            Some("instead" | "please" | "then" | "thanks")
        )
    {
        after_ws.pop();
    }
    let after = trim_clause(&after[..after_ws.last()?.end]);
    let first = after_ws.first()?.bare.as_str();
    let before_ws = words(before);
    if before_ws.is_empty() {
        return Some(after.into());
    }
    let join = |head: &str, tail: &str| {
        let mut s = String::from(trim_clause(head));
        s.push(' ');
        s.push_str(tail);
        s
    };
    if ASKING.contains(&first) {
        return Some(after.into());
    }
    if ACTIONS.contains(&first) {
        // `delete it, it's a phony`: the thing the first request named.
        let pronoun = after_ws
            .iter()
            .skip(1)
            .find(|w| matches!(w.bare.as_str(), "it" | "them"));
        // The thing: a phrase opened by `the`/`my`, or the word after a
        // verb (`delete hello.txt`); `no need to have it running` has none.
        let object = before_ws
            .iter()
            .skip(1)
            .find(|w| DETERMINERS.contains(&w.bare.as_str()))
            .or_else(|| {
                before_ws
                    .get(1)
                    .filter(|_| ACTIONS.contains(&before_ws[0].bare.as_str()))
            });
        return Some(match (pronoun, object) {
            (Some(p), Some(object)) => {
                let object_at = object.start;
                let mut s = String::from(&after[..p.start]);
                s.push_str(trim_clause(&before[object_at..]));
                // The pronoun's own letters: its comma stays.
                s.push_str(after.get(p.start + p.bare.len()..).unwrap_or(""));
                s
            }
            // `write hi to notes.txt, no wait, write bye`: the new text
            // goes where the first one was going.
            _ => {
                let sends = |ws: &[Word]| {
                    ws.iter()
                        .rposition(|w| matches!(w.bare.as_str(), "to" | "into" | "in" | "onto"))
                };
                let puts = matches!(
                    first,
                    "write" | "add" | "append" | "put" | "echo" | "type" | "jot"
                );
                match (puts, sends(&before_ws), sends(&after_ws)) {
                    (true, Some(k), None) if k >= 2 => {
                        let mut s = String::from(after);
                        s.push(' ');
                        s.push_str(&before[before_ws[k].start..]);
                        s
                    }
                    _ => after.into(),
                }
            }
        });
    }
    if PREPOSITIONS.contains(&first) {
        let at = before_ws.iter().rev().find(|w| w.bare == first)?;
        return Some(join(&before[..at.start], after));
    }
    // Any other phrase (`about the mess` after `sorry`) is no correction
    // this can place.
    if after_ws.len() > 1 && !DETERMINERS.contains(&first) {
        return None;
    }
    if DETERMINERS.contains(&first) {
        // `read me the bottom line of the... no, just the whole readme`:
        // a line broken off mid-phrase is corrected as a whole, from its
        // first thing.
        let broken = before_ws.last().is_some_and(|w| {
            DETERMINERS.contains(&w.bare.as_str()) || PREPOSITIONS.contains(&w.bare.as_str())
        });
        let mut things = before_ws
            .iter()
            .skip(1)
            .filter(|w| DETERMINERS.contains(&w.bare.as_str()));
        let at = if broken {
            things.next()
        } else {
            things.next_back()
        }
        .or(before_ws.get(1))?;
        return Some(join(&before[..at.start], after));
    }
    // One word: a name in place of the last one, or of the one before a
    // word saying what kind of thing it is (`list the logs folder, no, docs`).
    // A line of one word is replaced whole (`reboot, I mean uptime`).
    if before_ws.len() < 2 {
        return (before_ws.len() == 1 && after_ws.len() == 1).then(|| after.into());
    }
    let n = before_ws.len();
    // `show 10 log lines, I mean 20`: a number for the number.
    if after_ws[0].bare.bytes().all(|b| b.is_ascii_digit()) {
        if let Some(k) = before_ws
            .iter()
            .rposition(|w| w.bare.bytes().all(|b| b.is_ascii_digit()))
        {
            let mut s = String::from(&before[..before_ws[k].start]);
            s.push_str(after);
            s.push_str(&before[before_ws[k].end..]);
            return Some(s);
        }
    }
    // `add milk to the todo, I mean eggs`: the first request ends on a
    // live file, the correction names none, so it replaces the word before
    // the file's preposition (the text), not the file.
    if !live(&after_ws[0].bare) && live(&before_ws[n - 1].bare) {
        if let Some(p) = (2..n - 1).rev().find(|&i| {
            matches!(
                before_ws[i].bare.as_str(),
                "to" | "into" | "onto" | "in" | "on"
            )
        }) {
            let mut s = join(&before[..before_ws[p - 1].start], after);
            s.push(' ');
            s.push_str(&before[before_ws[p].start..]);
            return Some(s);
        }
    }
    let kind = before_ws[n - 1].bare.as_str();
    if n >= 3 && KINDS.contains(&kind) && !DETERMINERS.contains(&before_ws[n - 2].bare.as_str()) {
        let mut s = join(&before[..before_ws[n - 2].start], after);
        s.push(' ');
        s.push_str(&before[before_ws[n - 1].start..]);
        return Some(s);
    }
    Some(join(&before[..before_ws[n - 1].start], after))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of the sample volume's names.
    fn live(w: &str) -> bool {
        [
            "todo", "notes", "readme", "faq", "guide", "docs", "logs", "boot",
        ]
        .contains(&w)
    }

    fn req(line: &str) -> Option<String> {
        match corrected(line, &live) {
            Some(Correction::Request(r)) => Some(r),
            _ => None,
        }
    }

    #[test]
    fn the_correction_replaces_what_it_matches() {
        let cases = [
            (
                "delete notes, no wait, the todo list",
                "delete the todo list",
            ),
            ("show the faq - actually the guide", "show the guide"),
            (
                "show me the faq, sorry, I mean the guide",
                "show me the guide",
            ),
            (
                "make a folder Clients, no wait, make it Clients-2026",
                "make a folder Clients-2026",
            ),
            ("print hi, no, print hello", "print hello"),
            (
                "copy the readme to a.txt, I mean b.txt",
                "copy the readme to b.txt",
            ),
            (
                "rename todo.txt to tasks.txt -- no, to jobs.txt",
                "rename todo.txt to jobs.txt",
            ),
            ("show the readme. actually no, show the faq", "show the faq"),
            (
                "restart the till... i mean the computer",
                "restart the computer",
            ),
            ("clear the table, I mean the screen", "clear the screen"),
            ("add milk to the todo, I mean eggs", "add eggs to the todo"),
            (
                "add eggs to the todo, no wait, milk",
                "add milk to the todo",
            ),
            ("delete notes, no wait, eggs", "delete eggs"),
            (
                "make a folder called Recipes I mean Recipes not Recipies",
                "make a folder called Recipes",
            ),
            (
                "put the photo list in the overhead... I mean the DOCS folder",
                "put the photo list in the DOCS folder",
            ),
            (
                "Exchange the hello file — I mean delete it, it's a phony",
                "delete the hello file, it's a phony",
            ),
            ("show the readme no wait the faq", "show the faq"),
            (
                "delete notes, sorry, just the todo list",
                "delete the todo list",
            ),
            (
                "don't remove it, just show me the readme",
                "show me the readme",
            ),
            ("not the readme, the notes", "the notes"),
            ("don't show me the notes, delete them", "delete the notes"),
            ("no need to have it running, turn it off", "turn it off"),
            (
                "you don't need to delete the boot log, just show it",
                "show the boot log",
            ),
            (
                "don't reboot, don't shut down, just show the date",
                "show the date",
            ),
            ("list the logs folder, no, docs", "list the docs folder"),
            (
                "delete hello.txt... no don't. show it instead",
                "show hello.txt",
            ),
            ("reboot, no, shut it down", "shut it down"),
            ("shutdown, no wait, just restart", "restart"),
            (
                "rename todo to tasks.txt, wait, make that chores.txt",
                "rename todo to chores.txt",
            ),
            ("show memory, er, cpu", "show cpu"),
            (
                "what's the date, scratch that, how long has it been up",
                "how long has it been up",
            ),
            (
                "show me the todo list. nope, the notes.",
                "show me the notes",
            ),
            ("hexdump readme – sorry, hello.txt", "hexdump hello.txt"),
            (
                "print goodbye, no, print see you later",
                "print see you later",
            ),
            (
                "read me the bottom line of the... no, just the whole readme",
                "read me the whole readme",
            ),
        ];
        for (line, want) in cases {
            assert_eq!(req(line).as_deref(), Some(want), "{line}");
        }
    }

    #[test]
    fn taking_the_request_back_asks_nothing() {
        for line in [
            "delete the readme, no wait, never mind",
            "delete the readme... no wait",
            "rm the todo list. scratch that.",
            "delete everything, just kidding",
            "shut down — actually no, don't",
            "delete the boot log. no, actually, don't.",
            "remove the notes. jk",
            "delete the notes? no!",
            "reboot, wait, don't",
        ] {
            assert_eq!(
                corrected(line, &live),
                Some(Correction::TakenBack),
                "{line}"
            );
        }
    }

    #[test]
    fn a_no_before_not_is_the_same_correction() {
        assert_eq!(
            req("No, not the readme, the guide").as_deref(),
            Some("the guide")
        );
        assert_eq!(
            req("nope, not the faq... show the readme").as_deref(),
            Some("show the readme")
        );
        assert_eq!(
            req("doan show de notes, show de todo").as_deref(),
            Some("show de todo")
        );
        // Only a thing set apart: nothing asked.
        for line in ["not the notes", "nope, not the notes", "no, not that one"] {
            assert_eq!(
                corrected(line, &live),
                Some(Correction::TakenBack),
                "{line}"
            );
        }
        // Not a `no` before a request of its own.
        assert_eq!(corrected("no, show the notes", &live), None);
    }

    #[test]
    fn lines_without_a_correction_read_as_typed() {
        for line in [
            "what can i actually do in this shell",
            "write \"no wait, I mean it\" to a.txt",
            "echo 'sorry, no'",
            "is there a notes file, no?",
            "show the list of pictures I mean",
            "could you shelve the guide under logs? move it there, I mean",
            "no files please",
            "delete the notes",
            "I mean it, delete the notes",
            "don't delete the readme",
            "not now",
            "don't let me forget to renew my passport, put it on the to do list",
            "sorry, the screen is full, please clear it",
            "delete the readme, sorry about the mess",
            "append to the meeting notes: Press asked about release date; no comment.",
            "Write a new file orders.txt: Parade 0900, best boots, no excuses",
            "copy the readme to a.txt, sorry to bother you",
        ] {
            assert_eq!(corrected(line, &live), None, "{line}");
        }
    }

    /// Lines of any script are corrected on character boundaries.
    #[test]
    fn any_script_is_cut_cleanly() {
        for line in [
            "delete «it» — no wait, the faq",
            "show the faq — I mean 日本",
            "delete hello.txt… no don't. show «it» instead",
            "print hi, no, print “hé”",
        ] {
            let _ = corrected(line, &live);
        }
    }
}
