//! Grounding: what one request can put in each slot.
//!
//! A must-exist path slot may name only a live path the request refers to
//! (by name, stem, a name without its extension, a misspelt name, the words
//! of a long name's stem, or a word the applets' declared examples use for
//! that file); a new path is spelt from the request's words, in the case
//! they were typed (a quoted name may hold spaces: `"new file.txt"`); a
//! text is a span of the request. The result
//! ([`grammar::Grounding`]) is compiled into that request's grammar, so a
//! file, name or text the request does not supply has no path through the
//! sampler. A token that looks like a file name and names nothing on the
//! volume is recorded as [`Missing`]: the proposal then runs nothing unless
//! its command creates that name.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::contents::Contents;
use command::{same_path, SlotKind, Table};
use grammar::{Grounding, PathEntry};

/// A file the request names that the volume does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// As the request spells it (`junk.txt`, `docs/x.txt`, `new file.txt`).
    pub name: String,
    /// The live paths nearest to it by edit distance (at most three).
    pub closest: Vec<String>,
    /// It stands where the file acted on would: no destination word before
    /// it and no file referred to before it (`copy movies.txt /TODO.TXT`).
    pub source: bool,
    /// A folder the request names by a word before `folder` or `directory`
    /// (`the music folder`).
    pub folder: bool,
}

impl Missing {
    /// The one-line answer: `no file junk.txt on NOSYS (closest: /TODO.TXT)`,
    /// a name with a space quoted as a command would quote it.
    pub fn reply(&self, label: &str) -> String {
        let kind = if self.folder { "folder" } else { "file" };
        let mut s = alloc::format!("no {kind} {} on {label}", command::quote(&self.name));
        if !self.closest.is_empty() {
            s.push_str(" (closest: ");
            s.push_str(&self.closest.join(", "));
            s.push(')');
        }
        s
    }
}

/// What [`ground`] found in a request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grounded {
    pub grounding: Grounding,
    /// File names in the request that the volume lacks.
    pub missing: Vec<Missing>,
    /// The request is one live path's name or description and nothing
    /// else but fillers (`faq`, `the photo list pls`, `notse`, `logs
    /// folder?`): a request to see it.
    pub names_only: bool,
    /// The live files the request spells by name (`readme.txt`, not `the
    /// readme`).
    pub spelt: Vec<String>,
    /// A word other than a kind of file or an applet's name referred to a
    /// live file (`the boot log`, `boot.log`, not `the log`): the request
    /// means that file, not what the kind or the applet shows.
    pub names_a_file: bool,
    /// The live file the request described by what it holds (it is among
    /// the referents too).
    pub by_content: Option<String>,
    /// Live files the request reaches only by one word of their long name
    /// that no other name has (`what did the meeting decide`): among the
    /// referents, for a read; no change of them is proposed.
    pub weak: Vec<String>,
    /// The live file the request reached only by a word of its first line
    /// (`what does the welcome text say`; among the referents too).
    pub titled: Option<String>,
    /// The request sends something to the root (`… up to the top level`).
    pub to_root: bool,
}

/// Words the declared examples use for a file without naming it, learnt as
/// (word, canonical path): a word is kept only when at least two examples
/// use it and every example that uses it refers to that one path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Descriptions {
    words: Vec<(String, String)>,
    /// Every applet's name: never a new name (`mkdir for my pictures` is
    /// not `mkdir /mkdir`).
    applets: Vec<String>,
}

impl Descriptions {
    /// Learns from the must-exist path arguments of every declared example.
    pub fn learn(table: &Table) -> Descriptions {
        // (word, the must-exist path its example refers to, if any).
        let mut seen: Vec<(String, Option<String>)> = Vec::new();
        for a in table.all() {
            let spec = a.spec();
            for e in spec.examples {
                // Words as the parser splits them: a quoted long name is one.
                let words = command::parse::split(e.command).words;
                let mut args = words.iter().skip(1).map(|w| w.text.as_str());
                let mut referred = None;
                for slot in spec.slots {
                    let Some(arg) = args.next() else { break };
                    if let SlotKind::Path {
                        must_exist: true, ..
                    } = slot.kind
                    {
                        referred = Some(String::from(arg));
                    }
                }
                // Words the command spells (`manuals` of `mv /DOCS /MANUALS`)
                // are names, not descriptions.
                let spelt = squash(e.command);
                for w in e.request.split_whitespace() {
                    let w = clean(w).to_ascii_lowercase();
                    if w.is_empty() || is_stopword(&w) || looks_like_file(&w) {
                        continue;
                    }
                    if spelt.contains(&squash(&w)) {
                        continue;
                    }
                    seen.push((w, referred.clone()));
                }
            }
        }
        let mut words: Vec<(String, String)> = Vec::new();
        for (w, p) in &seen {
            let Some(p) = p else { continue };
            let uses: Vec<_> = seen.iter().filter(|(v, _)| v == w).collect();
            // One example proves nothing (`remove` of `remove the todo
            // list`): a description is a word two examples share.
            let consistent = uses.len() >= 2 && uses.iter().all(|(_, q)| q.as_ref() == Some(p));
            if consistent && !words.iter().any(|(v, _)| v == w) {
                words.push((w.clone(), p.clone()));
            }
        }
        let applets = table.all().map(|a| String::from(a.spec().name)).collect();
        Descriptions { words, applets }
    }

    /// The learnt (word, path) pairs.
    pub fn words(&self) -> &[(String, String)] {
        &self.words
    }

    /// Whether `word` is an applet's name (any case).
    fn is_applet(&self, word: &str) -> bool {
        self.applets.iter().any(|a| a.eq_ignore_ascii_case(word))
    }

    fn path_for(&self, word: &str) -> Option<&str> {
        self.words
            .iter()
            .find(|(w, _)| w == word)
            .map(|(_, p)| p.as_str())
    }
}

/// Longest span of words a text slot may copy.
const MAX_SPAN_WORDS: usize = 32;

/// Words that never name a file or a new name on their own.
pub(crate) fn is_stopword(w: &str) -> bool {
    const WORDS: &[&str] = &[
        "a",
        "an",
        "the",
        // `the` as fingers slip it (`mvoe the fqa to teh root` had made
        // /teh).
        "teh",
        "hte",
        "thw",
        "tge",
        // Chat's asides (`… insides lol, list the pci devices` had asked
        // for a file `lol`).
        "lol",
        "lmao",
        "rofl",
        "omg",
        "btw",
        "fyi",
        "tbh",
        "idk",
        "imo",
        "smh",
        "ngl",
        "to",
        "into",
        "onto",
        "in",
        "on",
        "of",
        "at",
        "as",
        "for",
        "from",
        "with",
        "and",
        "or",
        "me",
        "my",
        "i",
        "it",
        "is",
        "its",
        "this",
        "that",
        "please",
        "file",
        "files",
        "called",
        "named",
        "new",
        "up",
        "over",
        "out",
        "can",
        "you",
        "show",
        "what",
        "whats",
        "what's",
        "do",
        "does",
        "let",
        "see",
        "be",
        "by",
        "all",
        "so",
        "now",
        "some",
        "any",
        "there",
        "here",
        // (`move the guide to where the readme is` had made /DOCS/where.)
        "where",
        "wherever",
        "folder",
        "directory",
        "dir",
    ];
    WORDS.contains(&w)
}

/// Words around a file's name that add nothing to it: a line of only these
/// and one name asks to see that file. Read verbs are among them; a word
/// that could ask for another action (`print` the word, `new`) is not.
pub(crate) fn is_filler(w: &str) -> bool {
    w.is_empty()
        || [
            "a",
            "an",
            "the",
            "my",
            "our",
            "this",
            "that",
            "its",
            "me",
            "i",
            "please",
            "pls",
            "plz",
            "thanks",
            "thx",
            "thank",
            "you",
            "ok",
            "okay",
            "hey",
            "um",
            "uh",
            "so",
            "now",
            "file",
            "document",
            "doc",
            "folder",
            "directory",
            "dir",
            "contents",
            "content",
            "again",
            "just",
            "show",
            "open",
            "read",
            "view",
            "display",
            "see",
            "let",
            "whats",
            "what's",
            "what",
            "is",
            "in",
            "here",
        ]
        .contains(&w)
}

/// The words a person wraps around a request to see something, asking
/// without saying for what (`i'd like to`, `could you kindly … for me`,
/// `gimme`): with one file and read verbs only, the line still asks to see
/// that file. None of them asks for another action.
pub(crate) fn is_asking_frame(w: &str) -> bool {
    matches!(
        w,
        "i'd"
            | "id"
            | "i'm"
            | "im"
            | "like"
            | "love"
            | "to"
            | "can"
            | "could"
            | "would"
            | "will"
            | "kindly"
            | "for"
            | "gimme"
            | "give"
            | "want"
            | "wanna"
            | "need"
            | "have"
            | "look"
            | "at"
            | "pull"
            | "bring"
            | "up"
            | "quick"
            | "quickly"
            // How soon, in anyone's words (`todo list, wicked quick`).
            | "wicked"
            | "real"
            | "fast"
            | "asap"
            | "pronto"
            | "sharpish"
            | "mind"
            | "let's"
            | "lets"
    )
}

/// Words that ask for the action or place its result rather than name it:
/// never a new name on their own (`Please create the directory …` is not
/// `mkdir /create`, `make folder drafts inside docs` not `/DOCS/make`).
fn asks_for_action(w: &str) -> bool {
    matches!(
        w,
        "create"
            | "make"
            | "mkae"
            // (`mk dir photos`: the verb before `dir` is no folder's name.)
            | "mk"
            | "new"
            | "add"
            | "build"
            | "folder"
            | "folders"
            | "directory"
            | "directories"
            | "dir"
            | "subfolder"
            | "subdirectory"
            | "please"
            | "pls"
            | "plz"
            | "kindly"
            | "call"
            | "name"
            | "named"
            | "called"
            | "rename"
            | "inside"
            | "within"
            | "under"
            | "could"
            | "would"
            | "should"
            | "will"
            | "want"
            | "need"
            | "like"
            | "i'd"
            | "let's"
            | "lets"
            | "hey"
            | "just"
            | "go"
            | "ahead"
            | "thanks"
            | "thank"
            // The verbs of the file applets: what to do, not a name
            // (`copy the meeting notes into docs` is not /DOCS/copy).
            | "copy"
            | "move"
            | "delete"
            | "remove"
            | "erase"
            | "duplicate"
            | "write"
            | "append"
            | "save"
            | "print"
            | "display"
            | "show"
            | "open"
            | "read"
            | "put"
            | "stick"
            | "tack"
            | "place"
            | "pull"
            // Adjectives and particles a request puts before or between
            // names (`in docs, not in logs`).
            | "also"
            | "same"
            | "other"
            | "whole"
            | "empty"
            | "not"
            | "but"
            | "content"
            | "contents"
            | "text"
            | "bring"
            | "fetch"
            | "grab"
            | "give"
            // Where in a file a text goes (`at the bottom of the notes`).
            | "bottom"
            | "end"
            | "beginning"
            | "line"
            | "item"
            | "entry"
            | "another"
    )
}

/// A typo of a word that asks to make, copy, move or delete (`cretae`,
/// `craete`, `delte`, `foldr`): one edit, or two neighbours swapped.
fn misspelt_action(w: &str) -> bool {
    const VERBS: &[&str] = &[
        "create",
        "delete",
        "remove",
        "rename",
        "folder",
        "directory",
        "append",
        "write",
        "copy",
        "move",
        "make",
    ];
    w.len() >= 4 && VERBS.iter().any(|v| slip_of(w, v))
}

/// Whether `w` is `word` with one slip: one edit, or two neighbouring
/// letters swapped (`fodler`).
fn slip_of(w: &str, word: &str) -> bool {
    let (a, b) = (w.as_bytes(), word.as_bytes());
    let swapped = a.len() == b.len() && {
        let diff: Vec<usize> = (0..a.len()).filter(|&k| a[k] != b[k]).collect();
        diff.len() == 2
            && diff[1] == diff[0] + 1
            && a[diff[0]] == b[diff[1]]
            && a[diff[1]] == b[diff[0]]
    };
    w != word && (edit_distance(w, word) == 1 || swapped)
}

/// `called` typed in a hurry or as said (`cald`, `caaled`, `kalled`):
/// two slips at most, its first sound and its last letter kept, and no
/// English word of its own (`caged`, `calmed`).
fn called_slip(w: &str) -> bool {
    (4..=7).contains(&w.len())
        && w.starts_with(['c', 'k'])
        && w.ends_with(['d', 't'])
        && w != "called"
        && !matches!(
            w,
            "caged"
                | "caked"
                | "caned"
                | "cased"
                | "caved"
                | "cared"
                | "calmed"
                | "culled"
                | "coiled"
                | "cooled"
                | "curled"
                | "kilted"
                | "colt"
                | "cult"
                | "cant"
                | "cast"
                | "coat"
                | "kind"
                | "cold"
                | "card"
                | "cord"
                | "could"
                | "coded"
                | "cited"
        )
        && edit_distance(w, "called") <= 2
}

/// A token without surrounding quotes, brackets, sentence punctuation and
/// a possessive `'s` (`/hello.txt's name`).
fn clean(token: &str) -> &str {
    let token = token
        .strip_suffix("'s")
        .or_else(|| token.strip_suffix("\u{2019}s"))
        .unwrap_or(token);
    token
        .trim_matches(|c: char| {
            matches!(
                c,
                '"' | '\'' | '`' | '(' | ')' | '[' | ']' | '{' | '}' | ',' | ';' | ':' | '!' | '?'
            )
        })
        .trim_end_matches('.')
}

/// `name.ext` (a letter in both, an extension of 1–4 letters or digits) or
/// a path with a `/`.
pub(crate) fn looks_like_file(w: &str) -> bool {
    // An address (`https://example.com/a`) is a text, never a path.
    // Nor is a shorthand with one letter on a side of its slash (`w/`,
    // `w/o`, `c/o`, `n/a`).
    // So is a rate (`tok/s`, `km/h`, `kb/s`, `tokens/sec`): one letter or
    // a unit of time after the slash, no extension.
    let rate = !w.starts_with('/')
        && !has_extension(w)
        && w.split_once('/').is_some_and(|(a, b)| {
            !a.is_empty()
                && (b.len() == 1 || matches!(b, "sec" | "min" | "hr" | "hour" | "day" | "ms"))
                && !b.contains('/')
                && b.bytes().all(|c| c.is_ascii_alphabetic())
        });
    // Nor two words typed as alternatives (`date/time`, `and/or`,
    // `read/write`): words of a sentence, no folder and file.
    const EITHER: &[&str] = &[
        "date", "time", "and", "or", "on", "off", "yes", "no", "read", "write", "input", "output",
        "his", "her", "he", "she", "either", "day", "night", "am", "pm", "true", "false", "start",
        "stop", "up", "down", "in", "out", "open", "close", "copy", "paste", "cut", "free", "used",
        "size", "speed",
    ];
    let either = !w.starts_with('/')
        && w.split_once('/').is_some_and(|(a, b)| {
            EITHER.contains(&a.to_ascii_lowercase().as_str())
                && EITHER.contains(&b.to_ascii_lowercase().as_str())
        });
    let shorthand = (w.len() <= 3 && w.contains('/') && !w.starts_with('/')) || rate || either;
    // Nor a date or a fraction (`05/12`, `1/2`, `12/05/2026`).
    let numbers = w.contains('/')
        && w.bytes()
            .all(|b| b.is_ascii_digit() || b == b'/' || b == b'.' || b == b',');
    !w.contains("://")
        && !shorthand
        && !numbers
        && ((w.contains('/') && !w.trim_matches('/').is_empty()) || has_extension(w))
}

/// A word typed as a file's name with its extension, the stem any word
/// (`2025.txt`, `later.txt`, `list.txt`): two to four letters after the
/// last dot. Looser than [`has_extension`] in the stem, stricter in the
/// extension, for telling a name's last word inside a line.
pub fn ends_with_extension(t: &str) -> bool {
    t.rsplit_once('.').is_some_and(|(b, e)| {
        !b.is_empty() && (2..=4).contains(&e.len()) && e.bytes().all(|c| c.is_ascii_alphabetic())
    })
}

/// `name.ext`: a letter in both, an extension of 1–4 letters or digits.
fn has_extension(w: &str) -> bool {
    // A dotted abbreviation (`a.m.`, `p.m`, `e.g.`, `i.e`, `a.k.a.`) is a
    // word of the text, one letter between dots: `11 a.m.` named /a.m.
    if w.split('.').filter(|s| !s.is_empty()).count() >= 2
        && w.split('.')
            .all(|s| s.len() <= 1 && s.bytes().all(|b| b.is_ascii_alphabetic()))
    {
        return false;
    }
    match w.rsplit_once('.') {
        Some((base, ext)) => {
            !base.is_empty()
                && base.chars().any(char::is_alphabetic)
                && (1..=4).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                && ext.bytes().any(|b| b.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// Characters a name copied from one unquoted word may hold: letters of
/// either case, in any alphabet (`Sýni`, `koulè.txt`, `経費`: FAT's long
/// names hold them), digits, `_ . ~ -` (so `what's` or `eggs,` is never a
/// name).
fn is_word_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '~' | '-')
}

/// A name the request spells, as typed (case kept), without leading or
/// trailing slashes; `None` when the parser would not keep it as it is (a
/// character FAT forbids, a trailing dot or space, `.`/`..`) or, for one
/// unquoted word, when it holds a character beyond [`is_word_name_char`]. A
/// `phrase` (a quoted name, or words that spell a live name) may hold
/// spaces and whatever else FAT allows.
fn canonical(w: &str, phrase: bool) -> Option<String> {
    // A home folder of another system (`~/packing.txt`) is this volume's
    // top: it had made a folder named `~`.
    let c = w.strip_prefix("~/").unwrap_or(w).trim_matches('/');
    let ok = !c.is_empty()
        && c.split('/').all(|p| {
            !p.starts_with('.')
                && (phrase || p.chars().all(is_word_name_char))
                && !p.starts_with(' ')
        });
    let whole = alloc::format!("/{c}");
    (ok && command::normalize_path(&whole).as_deref() == Ok(whole.as_str())).then(|| c.into())
}

/// A path's last part.
pub(crate) fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

fn stem(name: &str) -> &str {
    match name.rsplit_once('.') {
        Some((s, _)) if !s.is_empty() => s,
        _ => name,
    }
}

/// Letters and digits only, lower case (`to-do` and `TODO` meet).
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn digits(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_digit()).collect()
}

/// Edit distance over bytes, case-insensitive: letters inserted, deleted
/// or replaced, and two neighbours swapped, one edit each (a swap is the
/// commonest slip: `giude`, `lgo`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let eq = |x: u8, y: u8| x.eq_ignore_ascii_case(&y);
    let mut before: Vec<usize> = alloc::vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = alloc::vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let same = eq(a[i - 1], b[j - 1]);
            cur[j] = (prev[j] + 1)
                .min(cur[j - 1] + 1)
                .min(prev[j - 1] + usize::from(!same));
            if i > 1 && j > 1 && eq(a[i - 1], b[j - 2]) && eq(a[i - 2], b[j - 1]) {
                cur[j] = cur[j].min(before[j - 2] + 1);
            }
        }
        core::mem::swap(&mut before, &mut prev);
        core::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Whether `word` (or its singular) is what a word of a conventional
/// name means: a folder's usual short name by the word it stands for
/// (`documents`, `documentation` for DOCS), a file's by what it holds
/// (`questions` for a FAQ, `tasks` for a to-do list, `manual` for a
/// guide, `changelog` for release notes). Names people give everywhere,
/// not this disk's, in a fixed list rather than a rule on letters:
/// `doctors` shares its first letters and last with `docs` and is no such
/// word, and a word reaches only the path whose name says the same thing.
pub(crate) fn means(path: &str, word: &str, singular: &str) -> bool {
    const MEANS: &[(&str, &[&str])] = &[
        ("doc", &["document", "documentation"]),
        ("pic", &["picture"]),
        ("img", &["image"]),
        ("vid", &["video"]),
        ("app", &["application"]),
        ("msg", &["message"]),
        ("pref", &["preference"]),
        ("spec", &["specification"]),
        ("src", &["source"]),
        ("tmp", &["temporary"]),
        ("temp", &["temporary"]),
        ("conf", &["configuration"]),
        ("config", &["configuration"]),
        ("dl", &["download"]),
        ("proj", &["project"]),
        ("faq", &["questions", "question", "qa"]),
        ("todo", &["tasks", "task", "chores", "todos"]),
        ("guide", &["manual", "handbook", "instructions", "tutorial"]),
        ("hello", &["greeting"]),
        ("readme", &["welcome", "intro", "introduction"]),
        ("release", &["changelog", "changes"]),
        ("boot", &["startup", "start-up", "booting"]),
        ("changelog", &["changes", "release"]),
        ("license", &["licence", "copyright"]),
    ];
    let words = stem_words(stem(basename(path)));
    MEANS.iter().any(|(name, meant)| {
        let one = words.iter().any(|w| w == name);
        let many = words.iter().any(|w| w.strip_suffix('s') == Some(name));
        // A plural name is meant by a plural word (`the documents` for
        // DOCS), or a word of no plural (`documentation`): `the document`
        // is one file (`change the name of the document to do` had
        // renamed DOCS).
        (one || many)
            && meant.iter().any(|m| {
                (*m == word || *m == singular) && (one || word != singular || m.ends_with("ion"))
            })
    })
}

/// Whether `word` is a misspelling of `name`: a few edits for its length,
/// never a different number (`notes2` is not `notes`).
/// The slips a three- or four-letter word may have and still be a name:
/// two letters swapped (`dcos`, `lgos`, `fqa`), a doubled letter typed once
/// (`helo`), or one inner letter of a five-letter name left out (`gide`,
/// `nots`; not the first or last: `hell` is no `hello`). Any other
/// one-letter change makes another word too often (`does` is no `docs`).
fn short_slip(word: &str, name: &str) -> bool {
    let (w, n) = (word.as_bytes(), name.as_bytes());
    let swapped = w.len() == n.len()
        && (0..w.len().saturating_sub(1)).any(|i| {
            w[i] != w[i + 1]
                && w[i] == n[i + 1]
                && w[i + 1] == n[i]
                && w[..i] == n[..i]
                && w[i + 2..] == n[i + 2..]
        });
    let undoubled = n.len() == w.len() + 1
        && (1..n.len()).any(|i| n[i] == n[i - 1] && w[..i] == n[..i] && w[i..] == n[i + 1..]);
    let inner_dropped =
        w.len() == 4 && n.len() == 5 && (1..4).any(|i| w[..i] == n[..i] && w[i..] == n[i + 1..]);
    swapped || undoubled || inner_dropped
}

fn misspelt(word: &str, name: &str) -> bool {
    let n = word.len().min(name.len());
    let allowed = match n {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    allowed > 0 && digits(word) == digits(name) && edit_distance(word, name) <= allowed
}

/// The live paths a file-like token names exactly: by whole path or name,
/// ignoring case (no stems, no misspellings).
fn resolve_exact<'p>(token: &str, paths: &'p [PathEntry]) -> Vec<&'p PathEntry> {
    paths
        .iter()
        .filter(|p| {
            let path = p.path.trim_start_matches('/');
            same_path(path, token) || same_path(basename(path), token)
        })
        .collect()
}

/// The live paths a file-like token names without a misspelling: whole
/// path, name, or stem when the token has no extension.
fn resolve_spelt<'p>(token: &str, paths: &'p [PathEntry]) -> Vec<&'p PathEntry> {
    let token = &token.to_ascii_uppercase();
    let has_ext = token.contains('.');
    paths
        .iter()
        .filter(|p| {
            let path = p.path.to_ascii_uppercase();
            let name = basename(&path);
            let path = path.trim_start_matches('/');
            path == token
                || name == token
                || (!has_ext && stem(name) == token)
                // A path without its file's extension (`cat DOCS/FAQ`).
                || (!has_ext
                    && token.contains('/')
                    && path.rsplit_once('.').is_some_and(|(p, _)| p == token.trim_start_matches('/')))
        })
        .collect()
}

/// The live paths a file-like token names: exactly (whole path, name, or
/// stem when the token has no extension), else by a misspelling.
fn resolve<'p>(token: &str, paths: &'p [PathEntry]) -> Vec<&'p PathEntry> {
    let exact = resolve_spelt(token, paths);
    if !exact.is_empty() {
        return exact;
    }
    let token = &token.to_ascii_uppercase();
    let has_ext = token.contains('.');
    paths
        .iter()
        .filter(|p| {
            let path = p.path.to_ascii_uppercase();
            let name = basename(&path);
            // The same extension: the stems, each allowed its own slips
            // (`quotes.txt` is no slip of NOTES.TXT, two edits in five
            // letters); `boot.lgo` is still BOOT.LOG.
            let typed = basename(token);
            let same_ext = has_ext
                && typed.rsplit_once('.').map(|(_, e)| e) == name.rsplit_once('.').map(|(_, e)| e);
            if same_ext {
                // A name typed whole that differs by a plural `s` names
                // another file (NOTE.TXT beside NOTES.TXT), not a slip.
                let (a, b) = (stem(typed), stem(name));
                // (NOTESS.TXT, a doubled letter, is still a slip.)
                let plural = |long: &str, short: &str| {
                    long.strip_suffix('S') == Some(short) && !short.ends_with('S')
                };
                let plural = plural(a, b) || plural(b, a);
                !plural && misspelt(a, b)
            } else {
                let against = if has_ext { name } else { stem(name) };
                misspelt(typed, against)
            }
        })
        .collect()
}

/// The live names nearest to `name` (files when it looks like a file).
pub(crate) fn closest(name: &str, paths: &[PathEntry]) -> Vec<String> {
    let want = basename(name);
    let depth = |p: &str| p.trim_matches('/').matches('/').count();
    let mut scored: Vec<((usize, usize), &str)> = paths
        .iter()
        .filter(|p| !p.is_dir || !looks_like_file(name))
        .map(|p| {
            let d = edit_distance(want, basename(&p.path));
            // Ties go to names in the folder the request's name is in.
            (d, depth(&p.path).abs_diff(depth(name)))
        })
        .zip(paths.iter().filter(|p| !p.is_dir || !looks_like_file(name)))
        .map(|(k, p)| (k, p.path.as_str()))
        .collect();
    scored.sort();
    let Some(&(best, _)) = scored.first() else {
        return Vec::new();
    };
    scored
        .iter()
        .take_while(|(d, _)| *d == best)
        .take(3)
        .map(|(_, p)| String::from(*p))
        .collect()
}

/// Words that join a text to the rest of a request (lower case): never a
/// text alone, never a name a person gives a file (`session::classify`
/// reads `append to hello.txt …` as English because its new file would be
/// `/to`).
pub fn is_joining_word(w: &str) -> bool {
    matches!(
        w,
        "to" | "into"
            | "onto"
            | "in"
            | "on"
            | "at"
            | "the"
            | "a"
            | "an"
            | "and"
            | "of"
            | "with"
            | "as"
            | "for"
            | "from"
    )
}

/// Nouns for a kind of document, which follow the word that describes one.
fn is_document_noun(w: &str) -> bool {
    matches!(
        w,
        "list" | "document" | "doc" | "text" | "page" | "sheet" | "note" | "notes" | "log"
    )
}

/// Words that introduce a text rather than belong to it.
fn is_introducing_word(w: &str) -> bool {
    matches!(
        w,
        "to" | "into"
            | "onto"
            | "with"
            | "of"
            | "as"
            | "for"
            | "from"
            | "called"
            | "named"
            | "saying"
            | "containing"
            | "reading"
            // `extend x by one two three`.
            | "by"
            // Other shells' words for printing (`printf draft ready > x`).
            | "printf"
            | "echo"
    )
}

/// Words that introduce a destination: a missing name after one of them is
/// the name being created, not the file being read.
fn is_destination_word(w: &str) -> bool {
    matches!(w, "to" | "into" | "onto" | "as")
}

/// Most words a multi-word name or description may span.
const MAX_NAME_WORDS: usize = 6;

/// A run of tokens that spells one file name: `"new file.txt"` quoted, or
/// words that spell a live name whole (`meeting notes.txt`).
#[derive(Clone, Debug)]
struct Phrase {
    /// First and last token.
    first: usize,
    last: usize,
    /// The name as typed, quotes and sentence punctuation removed.
    name: String,
}

/// The quote a token opens with and its text after it, if any.
fn opening_quote(raw: &str) -> Option<char> {
    raw.chars().next().filter(|c| matches!(c, '"' | '\''))
}

/// Multi-word file names in the request, longest first where they overlap:
/// a quoted run of words that looks like a file name (it may name a file
/// to create), or unquoted words ending in `.ext` that together name a live
/// file exactly. One word alone is not a phrase (the word rules see it).
fn phrases(
    request: &str,
    tokens: &[(usize, usize)],
    raw: &[&str],
    paths: &[PathEntry],
) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::new();
    // One name, not a sentence about files: no word before the last looks
    // like a file itself (`'rename hello.txt to hi.txt'` is a request).
    let one_name = |i: usize, j: usize| (i..j).all(|k| !has_extension(clean(raw[k])));
    let mut i = 0;
    while i < tokens.len() {
        let mut found = None;
        if let Some(q) = opening_quote(raw[i]) {
            // The token that closes the quote, within reach.
            for j in i + 1..tokens.len().min(i + MAX_NAME_WORDS) {
                let end = raw[j].trim_end_matches(['?', '.', '!', ',', ';', ':']);
                if end.ends_with(q) {
                    let inner = &request
                        [tokens[i].0 + q.len_utf8()..tokens[j].0 + end.len() - q.len_utf8()];
                    // A file name, or any quoted name a file is given
                    // (`a folder called "Old Photos"`, `create the
                    // directory "Old Photos"`, `call it "Old Photos"`).
                    let back = |k: usize| {
                        if i >= k {
                            clean(raw[i - k]).to_ascii_lowercase()
                        } else {
                            String::new()
                        }
                    };
                    let given = matches!(
                        back(1).as_str(),
                        "called" | "named" | "folder" | "directory" | "dir" | "mkdir"
                    ) || (back(1) == "it"
                        && matches!(back(2).as_str(), "call" | "name"));
                    // A quoted line that ends on a live file's name and is
                    // no live name itself mentions that file (`stick "see
                    // also FAQ.TXT" at the bottom of the guide`): a text.
                    let mentions_live = inner.contains(' ')
                        && resolve_exact(inner.trim_matches('/'), paths).is_empty()
                        && inner
                            .rsplit(' ')
                            .next()
                            .is_some_and(|w| !resolve_exact(w.trim_matches('/'), paths).is_empty());
                    // After `to` or `as` in a rename, copy or move, it is
                    // the new name, whatever its last word names
                    // (`rename guide.txt to "User Guide.txt"`).
                    let renamed = matches!(back(1).as_str(), "to" | "as" | "into")
                        && (0..i).any(|k| {
                            has_extension(clean(raw[k]))
                                || matches!(
                                    clean(raw[k]).to_ascii_lowercase().as_str(),
                                    "rename" | "copy" | "move" | "duplicate" | "mv" | "cp"
                                )
                        });
                    if (looks_like_file(inner) || given)
                        && one_name(i, j)
                        && (given || renamed || !mentions_live)
                    {
                        found = Some((j, String::from(inner)));
                    }
                    break;
                }
            }
        }
        if found.is_none() {
            for j in (i + 1..tokens.len().min(i + MAX_NAME_WORDS)).rev() {
                let name = clean(&request[tokens[i].0..tokens[j].1]);
                if one_name(i, j)
                    && looks_like_file(name)
                    && !resolve_exact(name.trim_matches('/'), paths).is_empty()
                {
                    found = Some((j, String::from(name)));
                    break;
                }
            }
        }
        match found {
            Some((j, name)) => {
                out.push(Phrase {
                    first: i,
                    last: j,
                    name,
                });
                i = j + 1;
            }
            None => i += 1,
        }
    }
    out
}

/// The tokens of every quoted run of two or more words that is a text, not
/// a name: not a [`Phrase`] and not the words of a live long name's stem
/// (`show "meeting notes"` still names `/meeting notes.txt`). One quoted
/// word may be either (`say "done"`, `cat "readme"`), so the word rules
/// see it as before.
fn quoted_words(
    raw: &[&str],
    words: &[String],
    phrases: &[Phrase],
    multi_word: &[MultiWord<'_>],
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let Some(q) = opening_quote(raw[i]) else {
            i += 1;
            continue;
        };
        // One word quoted whole is the text after a word that writes or
        // says it (`write "TODO" in my notes`); elsewhere it may be a name
        // (`cat "readme"`).
        let writes_it = i >= 1
            && matches!(
                words[i - 1].as_str(),
                "write"
                    | "put"
                    | "add"
                    | "append"
                    | "say"
                    | "echo"
                    | "jot"
                    | "save"
                    | "store"
                    | "word"
                    | "text"
            );
        let closes = |j: usize| {
            let t = raw[j].trim_end_matches(['?', '.', '!', ',', ';', ':', ')']);
            t.ends_with(q) && (j > i || (writes_it && t.len() > 2 * q.len_utf8()))
        };
        let close = (i..raw.len()).find(|&j| closes(j));
        let Some(j) = close else {
            i += 1;
            continue;
        };
        let named = phrases.iter().any(|p| p.first <= j && i <= p.last)
            || stem_run(words, i, multi_word).is_some_and(|(end, _)| end == j);
        if !named {
            out.extend(i..=j);
        }
        i = j + 1;
    }
    out
}

/// The words of a name's stem: letters and digits, split at anything else
/// (`photo-list 2026` is photo, list, 2026).
fn stem_words(stem: &str) -> Vec<String> {
    stem.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect()
}

/// How the words of a request may spell a live name of several words:
/// its stem's words joined, or only those that are not numbers (`photo
/// list` for `photo-list 2026.txt`), each at least two words.
struct MultiWord<'p> {
    path: &'p PathEntry,
    all: String,
    letters: Option<String>,
}

fn multi_word_names(paths: &[PathEntry]) -> Vec<MultiWord<'_>> {
    paths
        .iter()
        .filter_map(|p| {
            let w = stem_words(stem(basename(&p.path)));
            if w.len() < 2 {
                return None;
            }
            let letters: Vec<&str> = w
                .iter()
                .map(String::as_str)
                .filter(|x| x.bytes().any(|b| b.is_ascii_alphabetic()))
                .collect();
            Some(MultiWord {
                path: p,
                all: w.concat(),
                letters: (letters.len() >= 2 && letters.len() < w.len()).then(|| letters.concat()),
            })
        })
        .collect()
}

/// Long names whose stem's words (letters, two or more) the request holds
/// apart or out of order within a few words (`the notes from the meeting`
/// for `/meeting notes.txt`), with those words' positions. Runs that
/// [`stem_run`] reads whole are left to it.
fn loose_stems<'p>(
    words: &[String],
    raw: &[&str],
    names: &[MultiWord<'p>],
    quoted: &[usize],
) -> Vec<(Vec<usize>, &'p PathEntry)> {
    const WINDOW: usize = 7;
    let mut out = Vec::new();
    for n in names {
        let parts: Vec<String> = stem_words(stem(basename(&n.path.path)))
            .into_iter()
            .filter(|w| w.bytes().any(|b| b.is_ascii_alphabetic()) && !is_stopword(w))
            .collect();
        if parts.len() < 2 {
            continue;
        }
        // A word in the plural still says it (`a list of photos`), and so
        // does another word for it, beside the name's other words (`the
        // list of pictures`).
        let at: Vec<Option<usize>> = parts
            .iter()
            .map(|p| {
                // A quoted word is the text's (`update the notes with
                // "meeting postponed"` is no meeting notes).
                words.iter().enumerate().position(|(i, w)| {
                    if quoted.contains(&i) {
                        return false;
                    }
                    let w = squash(w);
                    let one = w.strip_suffix('s').unwrap_or(&w);
                    w == *p || one == p.as_str() || other_word_for(p, one) || other_word_for(p, &w)
                })
            })
            .collect();
        // Or one of them with the name's number, which no other name has
        // (`the notes of the version 0.1` for `Release Notes 0.1.txt`).
        let number = numbered(&n.path.path, names);
        let by_number = || {
            let k = words
                .iter()
                .position(|w| number.as_deref() == Some(w.as_str()))?;
            let part = at
                .iter()
                .flatten()
                .copied()
                .min_by_key(|&p| p.abs_diff(k))?;
            Some(alloc::vec![k, part])
        };
        let Some(at) = at
            .iter()
            .copied()
            .collect::<Option<Vec<usize>>>()
            .or_else(by_number)
        else {
            continue;
        };
        // `the photos folder` names a folder, not the photo list; so does
        // `the folder logs`, not the boot log.
        let folder_kind = |k: usize| {
            words
                .get(k)
                .is_some_and(|n| matches!(n.as_str(), "folder" | "directory" | "dir"))
        };
        if at
            .iter()
            .any(|&k| folder_kind(k + 1) || (k >= 1 && folder_kind(k - 1)))
        {
            continue;
        }
        let (lo, hi) = (
            *at.iter().min().unwrap_or(&0),
            *at.iter().max().unwrap_or(&0),
        );
        let whole = hi - lo + 1 == parts.len() && stem_run(words, lo, names).is_some();
        // Within one sentence: `the notes: Meeting moved …` names the
        // notes (`the meeting is over, get rid of its notes` does not).
        // A comma before a new subject ends one too: `show me the notes, I
        // need them for the meeting` names the notes.
        let one_clause = (lo..hi).all(|k| {
            let new_subject = raw[k].ends_with(',')
                && words
                    .get(k + 1)
                    .is_some_and(|w| SUBJECTS.contains(&w.as_str()));
            !raw[k].ends_with([':', '.', ';', '!', '?']) && !new_subject
        });
        // Nor across a word that sends a text to a file: `add meeting at 3
        // to notes` adds a meeting to the notes.
        // Nor across one that opens the text (`add a line to notes saying
        // meeting at 3` adds to the notes).
        let sent = (lo + 1..hi).any(|k| {
            matches!(
                words[k].as_str(),
                "to" | "into"
                    | "onto"
                    | "in"
                    | "inside"
                    | "under"
                    | "saying"
                    | "says"
                    | "sayin"
                    | "reading"
                    | "stating"
                    | "containing"
            )
        });
        if hi - lo < WINDOW && !whole && one_clause && !sent {
            out.push((at, n.path));
        }
    }
    out
}

/// The texts a request offers, as a person means them: one that opens
/// with a quote ends where the quote does, the words after it being the
/// request's (`jot down "ask about the exam date" in my notes` offers no
/// `"ask about the exam date" in my`), unless it runs to the request's end
/// (`add this quote to story.txt: "We never saw it coming," said the
/// mayor.`); a long dash that opens one is punctuation (`add another line
/// to dawn.txt — and the boats, …`), and one that ends in the request's own
/// asking words after a dash ends before them (`reorder amoxicillin 500mg
/// x 3 boxes - add that to my todo`).
fn tidy_texts(texts: Vec<String>, request: &str) -> Vec<String> {
    let ends_request = |t: &str| {
        request
            .trim_end()
            .trim_end_matches(['.', '!', '?'])
            .ends_with(t.trim_end_matches(['.', '!', '?']))
    };
    let ends_at_its_quote = |t: &str| {
        let mut chars = t.chars();
        let close = match chars.next() {
            Some('"') => '"',
            Some('\'') => '\'',
            Some('\u{201c}') => '\u{201d}',
            Some('\u{2018}') => '\u{2019}',
            _ => return true,
        };
        let rest = chars
            .as_str()
            .trim_end_matches([',', '.', ';', ':', '!', '?']);
        rest.find(close)
            .is_none_or(|at| at + close.len_utf8() == rest.len())
    };
    let mut out: Vec<String> = Vec::new();
    for t in texts
        .iter()
        .filter(|t| ends_request(t) || ends_at_its_quote(t))
    {
        let t = trimmed_text(t);
        if !t.is_empty() && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The name of several words a request gives after `called`, `named`,
/// `name it`, `call it` or `calling it`: up to a word with an extension
/// (kept), or to a comma, a stop or a word that goes on to something else
/// (`with`, `in`, `and` …). Each word of it must be a name's (letters,
/// digits, `-_.()`), and it must hold a capital, a digit or an extension
/// where it has no quote: `called old todo.txt`, `named Travel Plans`.
fn named_span(request: &str) -> Option<String> {
    let toks: Vec<&str> = request.split_whitespace().collect();
    let lower: Vec<String> = toks.iter().map(|t| t.to_ascii_lowercase()).collect();
    let start = (0..toks.len()).find_map(|i| {
        let one = matches!(lower[i].as_str(), "called" | "named" | "titled");
        let two = matches!(lower[i].as_str(), "name" | "call" | "calling" | "naming")
            && lower.get(i + 1).is_some_and(|x| x == "it");
        if one {
            Some(i + 1)
        } else if two {
            Some(i + 2)
        } else {
            None
        }
    })?;
    let mut words: Vec<&str> = Vec::new();
    for (k, t) in toks.iter().enumerate().skip(start) {
        let bare = t.trim_end_matches([',', '.', ';', '!', '?']);
        let stop = matches!(
            lower[k].trim_end_matches([',', '.', ';', '!', '?']),
            "with"
                | "in"
                | "into"
                | "inside"
                | "and"
                | "to"
                | "that"
                | "containing"
                | "saying"
                | "please"
                | "for"
                | "under"
                | "on"
                | "which"
                | "so"
                | "then"
                | "within"
                | "folder"
                | "directory"
                | "dir"
                | "file"
                | "document"
                | "at"
                | "of"
                | "would"
                | "is"
                | "again"
                | "too"
                | "also"
                | "now"
                | "first"
                | "will"
                | "should"
                | "as"
                | "by"
                | "from"
                | "or"
                | "but"
                | "if"
                | "when"
                | "thx"
                | "thanks"
                | "pls"
                | "plz"
                | "ty"
                | "cheers"
        );
        if stop || bare.is_empty() {
            break;
        }
        if !bare
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '(' | ')'))
        {
            return None;
        }
        words.push(bare);
        if has_extension(bare) || bare.len() != t.len() {
            break;
        }
    }
    if words.len() < 2 || words.len() > 5 {
        return None;
    }
    let marked = words.iter().any(|w| {
        w.bytes()
            .any(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            || has_extension(w)
    });
    // Two plain words up to a stop are a name too (`a folder called old
    // stuff would be nice`).
    let plain_pair = words.len() == 2
        && !matches!(
            words[0].to_ascii_lowercase().as_str(),
            "the" | "a" | "an" | "my" | "our" | "this" | "that" | "your"
        );
    (marked || plain_pair).then(|| words.join(" "))
}

/// Pronouns that open a new sentence after a comma (`show me the notes, I
/// need them for the meeting`).
pub(crate) const SUBJECTS: &[&str] = &[
    "i", "i'm", "im", "i'll", "i've", "we", "we're", "they", "he", "she",
];

/// A new name of several words the request sends something to, up to its
/// extension, with no word that names after it: `rename readme to READ ME
/// FIRST.txt`, `back up the meeting notes to meeting notes backup.txt`,
/// `make a file Notes 2.txt with …`. The words run back from the last word
/// with an extension to `to`, `into`, `as` or `file` (at most four of them,
/// none an article); without that word (`append hello world notes.txt`)
/// they are no name. A live name is no new one.
fn spaced_name(request: &str, live: &dyn Fn(&str) -> bool) -> Option<String> {
    let toks: Vec<&str> = request.split_whitespace().collect();
    let bare = |t: &str| String::from(t.trim_end_matches([',', '.', ';', '!', '?', ':']));
    // (`Notes 2.txt`: a number before the extension is a name's too.)
    let extended = |t: &str| {
        has_extension(t)
            || (ends_with_extension(t)
                && t.rsplit_once('.').is_some_and(|(b, _)| {
                    b.bytes().any(|c| c.is_ascii_digit())
                        && b.bytes()
                            .all(|c| c.is_ascii_digit() || matches!(c, b'-' | b'_'))
                }))
    };
    let end = toks.iter().rposition(|t| extended(&bare(t)))?;
    if toks[end].contains('/') {
        return None;
    }
    let lower = |k: usize| bare(toks[k]).to_ascii_lowercase();
    // In a line Typed In Title Case a capital marks no name.
    let capitals = toks
        .iter()
        .filter(|t| t.starts_with(|c: char| c.is_ascii_uppercase()))
        .count();
    let title_case = capitals * 2 > toks.len();
    let capital = |t: &str| !title_case && t.bytes().any(|b| b.is_ascii_uppercase());
    let mut start = end;
    loop {
        if start == 0 || end - start >= 5 {
            return None;
        }
        let before = lower(start - 1);
        // `called to do later.txt`: the name may start with `to`.
        let named_before =
            start >= 2 && matches!(lower(start - 2).as_str(), "called" | "named" | "titled");
        // (`called Trip To Rome.txt`: a `To` in capitals is the name's.)
        if matches!(before.as_str(), "to" | "into" | "as")
            && !named_before
            && !capital(toks[start - 1])
        {
            break;
        }
        // After `file` or the verb that makes it only a name that looks
        // like one (`a file Notes 2.txt`, `create 2026-12-05 standup.txt`;
        // `a new file na utang.txt` is a word of another language).
        if matches!(before.as_str(), "file" | "create" | "make")
            && toks[start..end]
                .iter()
                .any(|t| capital(t) || t.bytes().any(|b| b.is_ascii_digit()))
        {
            break;
        }
        if matches!(before.as_str(), "called" | "named" | "titled") {
            break;
        }
        if toks[start - 1].ends_with([',', '.', ';', '!', '?', ':'])
            // (A word in capitals is the name's: `READ ME FIRST.txt`.)
            || !capital(toks[start - 1])
                && matches!(
                before.as_str(),
                "the" | "a" | "an" | "my" | "our" | "this" | "that" | "your" | "and" | "with"
                    | "in" | "on" | "at" | "of" | "for" | "by" | "from" | "is" | "be" | "it"
                    | "like" | "me" | "you" | "them" | "name" | "call" | "file" | "was" | "or"
                    | "inside" | "under" | "onto"
                    // (`free to delete notes.txt`: an order, not a name.)
                    | "delete" | "remove" | "copy" | "move" | "rename" | "write" | "add"
                    | "append" | "show" | "open" | "read" | "make" | "create" | "save"
                    | "put" | "print" | "cat" | "rm" | "cp" | "mv" | "erase" | "send"
                    | "overwrite" | "replace" | "update" | "edit" | "change" | "fill"
                    | "empty" | "clear" | "see" | "view" | "check" | "find" | "load"
            )
            || !before
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '(' | ')' | '.'))
        {
            return None;
        }
        start -= 1;
    }
    if start == end {
        return None;
    }
    let name = toks[start..=end]
        .iter()
        .enumerate()
        .map(|(k, t)| {
            if start + k == end {
                bare(t)
            } else {
                String::from(*t)
            }
        })
        .collect::<Vec<String>>()
        .join(" ");
    (!live(&name)).then_some(name)
}

/// Texts without the words that say where they go or that they are said:
/// `that says move to Berlin` says `move to Berlin`, `bread and milk on
/// it` is `bread and milk`, `hello Doris up on the screen` is `hello
/// Doris`; and `the end of my to-do` (of `add buy lightbulbs to the end of
/// my to-do list`) is where a text goes, not one.
fn placed_texts(texts: Vec<String>, request: &str) -> Vec<String> {
    let lower = request.to_ascii_lowercase();
    let positioned = [
        "to the end",
        "at the end",
        "on the end",
        "at the bottom",
        "to the bottom",
        "the end of",
        "the bottom of",
    ]
    .iter()
    .any(|p| lower.contains(p));
    let mut out: Vec<String> = Vec::new();
    for t in texts {
        let quoted = t.starts_with(['"', '\'']);
        let mut t = t.as_str();
        if !quoted {
            for lead in [
                "that says ",
                "which says ",
                "saying ",
                "says ",
                "that reads ",
                "reads ",
            ] {
                if t.len() > lead.len()
                    && t.get(..lead.len())
                        .is_some_and(|h| h.eq_ignore_ascii_case(lead))
                {
                    t = &t[lead.len()..];
                }
            }
            for lead in ["w/ "] {
                if let Some(rest) = t.strip_prefix(lead) {
                    t = rest;
                }
            }
            for tail in [
                " up on the screen",
                " on the screen",
                " on screen",
                " on it",
                " in it",
                " into it",
                " inside it",
                " to it",
            ] {
                let n = t.len();
                if n > tail.len()
                    && t.is_char_boundary(n - tail.len())
                    && t[n - tail.len()..].eq_ignore_ascii_case(tail)
                {
                    t = &t[..n - tail.len()];
                }
            }
            let l = t.to_ascii_lowercase();
            if positioned
                && ["the end", "the bottom", "end of", "bottom of"]
                    .iter()
                    .any(|p| l.starts_with(p))
            {
                continue;
            }
        }
        let t = String::from(t.trim());
        if !t.is_empty() && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// `output a blank line`, `print me a single empty line`: a request for an empty line, which no text of it says (unless one
/// is quoted).
fn asks_for_empty_line(request: &str, texts: &[String]) -> bool {
    if texts.iter().any(|t| t.starts_with(['"', '\''])) {
        return false;
    }
    let words = clause_words(request);
    let line = words
        .windows(2)
        .any(|w| matches!(w[0].as_str(), "blank" | "empty") && matches!(w[1].as_str(), "line"))
        || words.iter().any(|w| w == "newline");
    line
}

/// A clause's words, lower case, without the marks around them.
fn clause_words(clause: &str) -> Vec<String> {
    clause
        .split_whitespace()
        .map(|x| {
            x.trim_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_ascii_lowercase()
        })
        .collect()
}

/// A verb that puts a text somewhere (`add that`, `stick it on the todo`).
fn puts_a_text(w: &str) -> bool {
    matches!(
        w,
        "add"
            | "stick"
            | "put"
            | "pop"
            | "append"
            | "jot"
            | "save"
            | "note"
            | "write"
            | "store"
            | "record"
            | "tack"
            | "log"
            | "keep"
    )
}

/// The text of a request that says it first and then, in its last clause,
/// asks for `that` to be put somewhere (`nappy count today 9, stick that
/// on the todo`, `friday menu is soup of the day, sea bass, tarte tatin.
/// save that as menu.txt`): everything before that clause.
fn text_then_pointer(request: &str) -> Option<String> {
    let r = request.trim_end().trim_end_matches(['.', '!']);
    let (head, tail) = [", ", ". ", "; "]
        .iter()
        .filter_map(|sep| r.rsplit_once(sep))
        .max_by_key(|(head, _)| head.len())?;
    let w = clause_words(tail);
    let puts = w.first().is_some_and(|v| puts_a_text(v));
    let that = w
        .get(1)
        .is_some_and(|x| matches!(x.as_str(), "that" | "it" | "this" | "those"));
    let to = w.get(2).is_some_and(|x| {
        matches!(
            x.as_str(),
            "to" | "on" | "in" | "into" | "onto" | "as" | "at" | "under" | "down"
        )
    });
    let mut head = head.trim().trim_end_matches([',', ';']);
    // What the person means to do is the line, not that they mean it (`i
    // also need to buy stamps, put that on my todo`).
    loop {
        let lower = head.to_ascii_lowercase();
        let frame = [
            "i ",
            "also ",
            "still ",
            "really ",
            "need to ",
            "have to ",
            "got to ",
            "must ",
            "remember to ",
            "don't let me forget to ",
            "dont let me forget to ",
            "do not let me forget to ",
            "remind me to ",
            "i'll need to ",
            "ill need to ",
        ]
        .iter()
        .find(|f| lower.starts_with(*f));
        match frame {
            Some(f) if head.len() > f.len() => head = &head[f.len()..],
            _ => break,
        }
    }
    (puts && that && to && !head.is_empty() && !head.contains(['"', '\u{201c}']))
        .then(|| String::from(head))
}

/// What a file is made to say, after `make it say` or `so it reads`
/// (`wipe hello.txt and make it say Goodbye from nosys`): the rest of the
/// request, where nothing is quoted.
fn said_of_it(request: &str) -> Option<String> {
    if request.contains(['"', '\u{201c}', ':']) {
        return None;
    }
    // Only where the file is made to say it (`make it say`, `so it
    // reads`): `the file that says Hello …, show it` describes a file.
    let lower = request.to_ascii_lowercase();
    let at = ["make", "so", "have", "let", "that"].iter().find_map(|m| {
        ["it", "this"].iter().find_map(|p| {
            ["say", "says", "read", "reads"].iter().find_map(|v| {
                let pat = alloc::format!(" {m} {p} {v} ");
                lower.find(&pat).map(|i| i + pat.len())
            })
        })
    })?;
    let rest = request[at..].trim().trim_end_matches(['.', '!']);
    (!rest.is_empty()).then(|| String::from(rest))
}

/// `text` without a long dash that opens it, and without the asking words
/// after a last dash (`… boxes - add that`, `… friday -- add it`).
fn trimmed_text(text: &str) -> String {
    // A long dash then a space; `- ` opens a list's item (`add to meeting
    // notes: - Action: …`) and `-n hi` keeps its flag.
    let t = ["\u{2014} ", "\u{2013} "]
        .iter()
        .find_map(|d| text.strip_prefix(d))
        .map_or(text, str::trim_start);
    if t.is_empty() {
        return String::from(text);
    }
    for sep in [" -- ", " - ", " \u{2014} ", " \u{2013} "] {
        if let Some((head, tail)) = t.rsplit_once(sep) {
            let w = clause_words(tail);
            let asks = w.first().is_some_and(|v| puts_a_text(v))
                && w.len() <= 3
                && w[1..]
                    .iter()
                    .all(|x| matches!(x.as_str(), "that" | "it" | "this" | "them" | "down"));
            if asks && !head.trim().is_empty() {
                return String::from(head.trim_end());
            }
        }
    }
    String::from(t)
}

/// Words that say one word of a long name, said beside its other words
/// (`the list of pictures` is the photo list); alone they are too common
/// to name a file.
/// Whether `word` is another word for a word of a live name (`picture` for
/// the photo list): a description of a live file, no missing one.
pub(crate) fn another_word_for_a_live_name(paths: &[PathEntry], word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    let one = w.strip_suffix('s').unwrap_or(&w);
    paths.iter().any(|e| {
        stem_words(stem(basename(&e.path)))
            .iter()
            .any(|p| other_word_for(p, &w) || other_word_for(p, one))
    })
}

fn other_word_for(part: &str, word: &str) -> bool {
    const OTHER: &[(&str, &[&str])] = &[
        (
            "photo",
            &["picture", "pic", "image", "photograph", "snapshot", "shot"],
        ),
        ("notes", &["minutes"]),
        ("meeting", &["meet"]),
    ];
    OTHER
        .iter()
        .any(|(p, others)| *p == part && others.contains(&word))
}

/// The number with a dot in a long name's stem (`0.1` of `Release Notes
/// 0.1.txt`) when no other long name has it: a version said names the
/// file.
fn numbered(path: &str, names: &[MultiWord<'_>]) -> Option<String> {
    let of = |p: &str| -> Option<String> {
        stem(basename(p))
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map(|t| t.trim_matches('.'))
            .find(|t| t.contains('.') && t.bytes().any(|b| b.is_ascii_digit()))
            .map(String::from)
    };
    let n = of(path)?;
    names
        .iter()
        .filter(|m| m.path.path != path)
        .all(|m| of(&m.path.path).as_deref() != Some(n.as_str()))
        .then_some(n)
}

/// The live paths whose multi-word stem the words `words[i..=j]` spell
/// (`meeting notes` → `/meeting notes.txt`, `photolist` → `/photo-list
/// 2026.txt`), for the longest such run starting at `i`.
fn stem_run<'p>(
    words: &[String],
    i: usize,
    names: &[MultiWord<'p>],
) -> Option<(usize, Vec<&'p PathEntry>)> {
    if names.is_empty() || is_stopword(&words[i]) {
        return None;
    }
    for j in (i..words.len().min(i + MAX_NAME_WORDS)).rev() {
        if is_stopword(&words[j]) {
            continue;
        }
        let run = squash(&words[i..=j].concat());
        // A long name misspelt by a letter is still that name (`meting
        // notes` is /meeting notes.txt, not /NOTES.TXT).
        let hits: Vec<&PathEntry> = names
            .iter()
            .filter(|n| {
                n.all == run
                    || n.letters.as_deref() == Some(run.as_str())
                    // (Never another number: `photo-list 2025` is not the
                    // 2026 one, `release notes 0.2` not 0.1.)
                    || (j > i
                        && run.len() >= 8
                        && [Some(&n.all), n.letters.as_ref()]
                            .into_iter()
                            .flatten()
                            .any(|name| digits(&run) == digits(name) && edit_distance(&run, name) == 1))
                    // Two slips in a long one (`realese notes`).
                    || (j > i
                        && run.len() >= 12
                        && [Some(&n.all), n.letters.as_ref()]
                            .into_iter()
                            .flatten()
                            .any(|name| digits(&run) == digits(name) && edit_distance(&run, name) == 2))
            })
            .map(|n| n.path)
            .collect();
        if !hits.is_empty() {
            return Some((j, hits));
        }
    }
    None
}

/// `path` with its leading components spelt as the volume spells them,
/// as far as they match a live path ignoring case: `/docs/a.txt` is
/// `/DOCS/a.txt` when `/DOCS` exists, so the line a proposal shows names
/// what `ls` will show. The rest keeps the case given.
pub fn respell(path: &str, paths: &[PathEntry]) -> String {
    let mut out = String::new();
    let mut live = true;
    for comp in path.trim_start_matches('/').split('/') {
        let next = alloc::format!("{out}/{comp}");
        if live {
            if let Some(e) = paths.iter().find(|e| same_path(&e.path, &next)) {
                out.clone_from(&e.path);
                continue;
            }
            live = false;
        }
        out = next;
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// Grounds `request` in the live `paths`.
pub fn ground(request: &str, paths: &[PathEntry], learnt: &Descriptions) -> Grounded {
    ground_with(request, paths, learnt, &Contents::default())
}

/// [`ground`], and a file the request describes by what it holds (`the
/// file that says "…"`, `where did i write about the harbour at dawn`)
/// among the small text files of `contents`: a referent too, and
/// [`Grounded::by_content`].
pub fn ground_with(
    request: &str,
    paths: &[PathEntry],
    learnt: &Descriptions,
    contents: &Contents,
) -> Grounded {
    let mut g = ground_names(request, paths, learnt);
    no_name_inside_an_announced_text(request, &mut g);
    no_file_only_inside_a_written_text(request, paths, learnt, &mut g);
    folder_called_missing(request, paths, &mut g);
    said_before_the_screen(request, &mut g);
    quoted_name_given(request, &mut g);
    text_names_no_target(request, paths, &mut g);
    another_number(request, paths, &mut g);
    long_name_slipped(request, paths, &mut g);
    slip_is_no_new_name(request, paths, &mut g);
    into_the_folder_named(request, paths, &mut g);
    if contents.is_empty() {
        return g;
    }
    // The words of the volume's names are the names' to ground, not what a
    // file holds (`list` of the photo list's title is a verb as often).
    let name_words: Vec<String> = paths
        .iter()
        .flat_map(|p| stem_words(stem(basename(&p.path))))
        .collect();
    let a_name_word = |w: &str| {
        name_words.iter().any(|n| {
            n == w || w.strip_suffix('s') == Some(n.as_str()) || n.strip_suffix('s') == Some(w)
        })
    };
    // A word of one file's title, where nothing else named a file (`what
    // does the welcome text say`: README.TXT opens "Welcome to nosys."):
    // a document's first line names it as its name does.
    // Not where a file is named by its name, live or new (`write welcome
    // home to notes.txt`).
    let names_a_name = request
        .split_whitespace()
        .any(|t| looks_like_file(&clean(t).to_ascii_lowercase()));
    // (Nor where a new name is given and no file to give it to was found:
    // `Re-label the minutes of 2 December as minutes-2026-12-02.txt`, the
    // title's `December` is the file.)
    let only_new_names = !g.missing.is_empty() && g.missing.iter().all(|m| !m.source);
    if g.grounding.referents.is_empty()
        && ((!names_a_name && g.missing.is_empty()) || only_new_names)
        && !request.contains(['"', ':'])
    {
        let lower = request.to_ascii_lowercase();
        let lowered: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        // A title's word said as a verb of someone's is no name of it (`IT
        // has asked twice now` is not the FAQ's "Frequently asked").
        let said_as_a_verb = |i: usize| {
            i > 0
                && matches!(
                    lowered[i - 1],
                    "has"
                        | "have"
                        | "had"
                        | "i"
                        | "we"
                        | "they"
                        | "he"
                        | "she"
                        | "it"
                        | "you"
                        | "was"
                        | "were"
                        | "been"
                        | "is"
                        | "are"
                        | "who"
                        | "just"
                        | "already"
                )
        };
        let titled: Vec<&str> = lowered
            .iter()
            .enumerate()
            .filter(|&(i, _)| !said_as_a_verb(i))
            .map(|(_, w)| *w)
            .filter(|w| {
                w.len() >= 4
                    && w.bytes().all(|b| b.is_ascii_alphabetic())
                    && !is_stopword(w)
                    && !is_filler(w)
                    && !is_asking_frame(w)
                    && !is_content_cue(w)
                    && !learnt.is_applet(w)
                    && !a_name_word(w)
                    // A kind of file is no title's word (`show me the
                    // retinal scan image` is no boot log, whose first line
                    // names the image tool).
                    && !matches!(
                        *w,
                        "image" | "images" | "photo" | "photos" | "picture" | "pictures"
                            | "video" | "videos" | "scan" | "scans" | "file" | "files"
                    )
            })
            .filter_map(|w| match contents.titled(w).as_slice() {
                [one] => Some(*one),
                _ => None,
            })
            .collect();
        if let [first, rest @ ..] = titled.as_slice() {
            if rest.iter().all(|r| r == first) {
                if let Some(e) = paths.iter().find(|e| same_path(&e.path, first)) {
                    g.grounding.referents.push(e.clone());
                    g.titled = Some(e.path.clone());
                }
            }
        }
    }
    // `which file mentions cat HELLO.TXT`, `which file says to look at
    // the boot log`: the file asked for is the one holding those words;
    // a name among them is what it holds, not the file meant (the boot
    // log had been shown for the to-do list that says to look at it).
    if let Some(at) = content_question(request) {
        let phrase = &request[at..];
        let words: Vec<String> = phrase
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(|w| w.to_ascii_lowercase())
            .filter(|w| {
                w.len() >= 3
                    // (What a question in the file asks: `Where are my
                    // files?`.)
                    && (!is_stopword(w) || matches!(w.as_str(), "where" | "how" | "why" | "when"))
                    && !matches!(
                        w.as_str(),
                        "bit"
                            | "bits"
                            | "part"
                            | "line"
                            | "lines"
                            | "thing"
                            | "stuff"
                            | "word"
                            | "words"
                            | "one"
                            | "want"
                            | "that's"
                            | "thats"
                            | "thanks"
                            | "please"
                            | "about"
                            | "said"
                    )
            })
            // Where the file is sent is not what it holds (`move the file
            // about VFAT up to the top level`, `… into LOGS`).
            .filter(|w| {
                let root_word =
                    g.to_root && matches!(w.as_str(), "top" | "level" | "root" | "toplevel");
                let folder_sent_to = g
                    .grounding
                    .referents
                    .iter()
                    .any(|r| r.is_dir && basename(&r.path).eq_ignore_ascii_case(w));
                !root_word && !folder_sent_to
            })
            .collect();
        let scores = contents.scores_inflected(&words);
        // A quoted phrase one file holds (`which file has the '[boot]'
        // lines`) is that file.
        let quoted = ['"', '\''].iter().find_map(|&q| {
            let parts: Vec<&str> = phrase.split(q).collect();
            parts
                .iter()
                .skip(1)
                .step_by(2)
                .take(parts.len() / 2)
                .find_map(|s| match contents.holding(s).as_slice() {
                    [one] if s.trim().len() >= 3 => Some(String::from(*one)),
                    _ => None,
                })
        });
        let found = match scores.as_slice() {
            _ if quoted.is_some() => paths
                .iter()
                .find(|e| quoted.as_deref().is_some_and(|q| same_path(&e.path, q)))
                .cloned(),
            [(p, n), rest @ ..]
                if (*n >= 2 || words.len() == 1) && rest.first().is_none_or(|(_, m)| m < n) =>
            {
                paths.iter().find(|e| same_path(&e.path, p)).cloned()
            }
            // A tie on how many words: the words few files hold weigh
            // more (`which document addresses the model's authority to
            // modify my files`: `files` is in most of them, `model` and
            // `authority`… in fewer).
            [(_, n), (_, m), ..] if *n >= 2 && m == n => {
                let rare = rarest_holder(contents, &words);
                rare.and_then(|p| paths.iter().find(|e| same_path(&e.path, &p)).cloned())
            }
            _ => None,
        };
        // (Where no one file holds them, the words are the file's name as
        // before: `which file has my notes` is the notes.)
        if let Some(e) = found {
            let lower = phrase.to_ascii_lowercase();
            g.grounding
                .referents
                .retain(|r| r.is_dir || r.path == e.path);
            g.spelt.clear();
            g.missing
                .retain(|m| !lower.contains(&m.name.to_ascii_lowercase()));
            if !g.grounding.referents.contains(&e) {
                g.grounding.referents.push(e.clone());
            }
            keeps_its_name(&mut g, &e);
            g.by_content = Some(e.path.clone());
            return g;
        }
    }
    let folders: Vec<String> = g
        .grounding
        .referents
        .iter()
        .filter(|r| r.is_dir)
        .map(|r| r.path.clone())
        .collect();
    if let Some(p) = by_content(request, contents, &a_name_word, &folders) {
        if let Some(e) = paths.iter().find(|e| same_path(&e.path, &p)) {
            // The file it holds is the file meant, over one a word of the
            // question described (`where did i put the note about the
            // harbour at dawn` is not NOTES.TXT); one spelt out stays.
            let spelt = &g.spelt;
            g.grounding
                .referents
                .retain(|r| r.is_dir || spelt.iter().any(|s| same_path(s, &r.path)));
            if !g.grounding.referents.contains(e) {
                g.grounding.referents.push(e.clone());
            }
            keeps_its_name(&mut g, e);
            // A name the file holds is words of it, not a missing file
            // (`the file where Qwen3-0.6B-Q4_K_M.gguf is mentioned`).
            g.missing.retain(|m| {
                !contents
                    .holding(&m.name)
                    .iter()
                    .any(|h| same_path(h, &e.path))
            });
            g.by_content = Some(e.path.clone());
        }
    }
    g
}

/// `new file session.txt: Nadine album, track 4, 96kHz/24bit`: where a
/// file is named before a colon and the text runs from it to the end, a
/// new name spelt inside the text is the text's (it had made the file
/// /96kHz/24bit).
fn no_name_inside_an_announced_text(request: &str, g: &mut Grounded) {
    let Some(colon) = request.find(':') else {
        return;
    };
    let (head, tail) = request.split_at(colon);
    let named_before = head
        .split(|c: char| c.is_whitespace() || c == '"')
        .any(|t| looks_like_file(&clean(t).to_ascii_lowercase()));
    let texts_after = !g.grounding.texts.is_empty()
        && g.grounding.texts.iter().all(|t| tail.contains(t.as_str()));
    if !named_before || !texts_after {
        return;
    }
    g.grounding.new_paths.retain(|p| {
        let name = p.trim_start_matches('/');
        let in_head = head
            .to_ascii_lowercase()
            .contains(&name.to_ascii_lowercase())
            || head
                .to_ascii_lowercase()
                .contains(&basename(p).to_ascii_lowercase());
        in_head
            || !tail
                .to_ascii_lowercase()
                .contains(&name.to_ascii_lowercase())
    });
}

/// `Put Nau mai, haere mai on the screen for the visitors`: what goes on
/// the screen is said before `on the screen`; who it is for comes after
/// (it had said "the visitors").
fn said_before_the_screen(request: &str, g: &mut Grounded) {
    let lower = request.to_ascii_lowercase();
    // Unless the saying comes right before the screen and the words after
    // it (`ambiance! say on the screen Mokili ezali bongo`, `Tell the
    // screen to say Bitte warten`): those are what it says, as typed.
    for lead in [
        "say on the screen ",
        "print on the screen ",
        "write on the screen ",
        "show on the screen ",
        "put on the screen ",
        "type on the screen ",
        "display on the screen ",
        "say on screen ",
        "print on screen ",
        "write on screen ",
        "screen to say ",
        "screen to show ",
        "screen to read ",
    ] {
        let Some(i) = lower.find(lead) else {
            continue;
        };
        let from = i + lead.len();
        let text = request[from..]
            .trim()
            .trim_end_matches(['.', '!', '?'])
            .trim();
        // (Not who it is for: `say on the screen for the guests …`.)
        let first = text
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if text.is_empty()
            || text.contains('"')
            || matches!(
                first.as_str(),
                "for" | "so" | "because" | "please" | "that" | "what" | "the"
            )
        {
            continue;
        }
        g.grounding.texts = alloc::vec![String::from(text)];
        return;
    }
    let Some(at) = [
        " on the screen",
        " on screen",
        " onto the screen",
        " to the screen",
    ]
    .iter()
    .filter_map(|p| lower.find(p))
    .min() else {
        return;
    };
    let before = |t: &String| {
        lower
            .find(&t.to_ascii_lowercase())
            .is_some_and(|i| i + t.len() <= at)
    };
    if g.grounding.texts.iter().any(before) {
        g.grounding.texts.retain(before);
        // Who it is said to is not said (`say obrigada to my grandson on
        // the screen`): a text ending `to my …` loses those words.
        for t in g.grounding.texts.iter_mut() {
            let lower = t.to_ascii_lowercase();
            let cut = [" to my ", " to his ", " to her ", " to our ", " to your "]
                .iter()
                .filter_map(|p| lower.rfind(p))
                .max();
            if let Some(i) = cut {
                let rest = &lower[i..];
                if i > 0 && rest.split_whitespace().count() <= 4 {
                    t.truncate(i);
                }
            }
        }
    }
}

/// `a new directory which has the name "Rice Samples"`: a quoted name after
/// `name`, `named` or `called` is the new name, whatever other word looked
/// like one (it had made /which).
fn quoted_name_given(request: &str, g: &mut Grounded) {
    let lower = request.to_ascii_lowercase();
    for lead in [
        "name \"",
        "named \"",
        "called \"",
        "name it \"",
        "call it \"",
    ] {
        // (A word of its own: `rename "photo-list 2026.txt"` names no new
        // name.)
        let Some(i) = lower
            .match_indices(lead)
            .map(|(i, _)| i)
            .find(|&i| i == 0 || lower.as_bytes()[i - 1] == b' ')
        else {
            continue;
        };
        let from = i + lead.len();
        let Some(len) = request[from..].find('"') else {
            continue;
        };
        let Some(name) = canonical(&request[from..from + len], true) else {
            continue;
        };
        let path = alloc::format!("/{name}");
        g.grounding.new_paths.retain(|p| {
            p.eq_ignore_ascii_case(&path)
                || p.to_ascii_lowercase()
                    .ends_with(&alloc::format!("/{}", name.to_ascii_lowercase()))
        });
        if g.grounding.new_paths.is_empty() {
            g.grounding.new_paths.push(path);
        }
        return;
    }
}

/// `move the photo list into a folder called Photos`: a folder the line
/// sends a file to by its name after `called` or `named`, which the volume
/// lacks, is missing (it had become the file's new name, /Photos). Not
/// where the folder is to be made (`make a folder called Photos`).
fn folder_called_missing(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let typed: Vec<&str> = request.split_whitespace().collect();
    let words: Vec<String> = typed
        .iter()
        .map(|t| clean(t).to_ascii_lowercase())
        .collect();
    let makes = words
        .iter()
        .any(|w| matches!(w.as_str(), "make" | "create" | "mkdir" | "build" | "start"));
    if makes {
        return;
    }
    for i in 1..words.len().saturating_sub(2) {
        if !matches!(words[i].as_str(), "folder" | "directory")
            || !matches!(words[i + 1].as_str(), "called" | "named")
            || !(1..=3).any(|k| {
                i >= k
                    && matches!(words[i - k].as_str(), "to" | "into" | "in" | "inside")
                    && words[i - k + 1..i].iter().all(|w| {
                        matches!(
                            w.as_str(),
                            "a" | "an" | "the" | "new" | "my" | "our" | "that"
                        )
                    })
            })
        {
            continue;
        }
        let Some(name) = canonical(clean(typed[i + 2]), false) else {
            continue;
        };
        let live = paths
            .iter()
            .any(|p| p.is_dir && basename(&p.path).eq_ignore_ascii_case(&name));
        if live || g.missing.iter().any(|m| m.name.eq_ignore_ascii_case(&name)) {
            continue;
        }
        g.grounding
            .new_paths
            .retain(|p| !basename(p).eq_ignore_ascii_case(&name));
        g.missing.push(Missing {
            closest: closest(&name, paths),
            source: false,
            name,
            folder: true,
        });
    }
}

/// `write in the file: hello world`: when a colon announces the text a
/// line writes, a file is the one the words before the colon refer to; a
/// word of the text (`hello`) is no file (it had appended to HELLO.TXT).
fn no_file_only_inside_a_written_text(
    request: &str,
    paths: &[PathEntry],
    learnt: &Descriptions,
    g: &mut Grounded,
) {
    let Some(colon) = request.find(':') else {
        return;
    };
    let (head, tail) = request.split_at(colon);
    let texts_after = !g.grounding.texts.is_empty()
        && g.grounding.texts.iter().all(|t| tail.contains(t.as_str()));
    let writes = head.split_whitespace().any(|t| {
        matches!(
            clean(t).to_ascii_lowercase().as_str(),
            "write" | "add" | "append" | "put" | "jot" | "note" | "save" | "insert" | "type"
        )
    });
    if !texts_after || !writes {
        return;
    }
    if !g.grounding.referents.is_empty() {
        let before = ground_names(head, paths, learnt);
        g.grounding
            .referents
            .retain(|r| before.grounding.referents.iter().any(|b| b.path == r.path));
        g.missing
            .retain(|m| before.missing.iter().any(|b| b.name == m.name));
        g.spelt.retain(|p| before.spelt.contains(p));
        g.weak
            .retain(|p| before.spelt.contains(p) || before.weak.contains(p));
    }
    // Nor is it a new file's name (`write /HELLO.TXT "hello world"`), but
    // for the file the head refers to.
    let lower_head = head.to_ascii_lowercase();
    let referents = &g.grounding.referents;
    g.grounding.new_paths.retain(|p| {
        let name = stem(basename(p)).to_ascii_lowercase();
        referents.iter().any(|r| r.path.eq_ignore_ascii_case(p))
            || (!name.is_empty() && lower_head.contains(&name))
    });
}

/// `copy the faq into logs and call it faq2.txt`, `copy the faq to logs as
/// faq2.txt`: a new name given beside a live folder the line sends the
/// file into is made in that folder (the copy had gone to /DOCS/faq2.txt,
/// beside the source).
fn into_the_folder_named(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let words: Vec<String> = request
        .split_whitespace()
        .map(|t| clean(t).to_ascii_lowercase())
        .collect();
    // (Only a name given as such: `call it`, `name it`, `as`, `called`.)
    let gives = words.windows(2).any(|p| {
        matches!(p[0].as_str(), "call" | "name") && matches!(p[1].as_str(), "it" | "that")
    }) || words
        .iter()
        .any(|w| matches!(w.as_str(), "as" | "called" | "named"));
    if !gives {
        return;
    }
    let mut folder: Option<&PathEntry> = None;
    for (i, w) in words.iter().enumerate() {
        if !matches!(w.as_str(), "into" | "to") {
            continue;
        }
        let mut k = i + 1;
        if words
            .get(k)
            .is_some_and(|x| matches!(x.as_str(), "the" | "my"))
        {
            k += 1;
        }
        let Some(name) = words.get(k) else {
            continue;
        };
        let hit: Vec<&PathEntry> = paths
            .iter()
            .filter(|e| e.is_dir && e.path != "/")
            .filter(|e| basename(&e.path).eq_ignore_ascii_case(name))
            .collect();
        if let [one] = hit.as_slice() {
            folder = Some(one);
        }
    }
    let Some(dir) = folder else {
        return;
    };
    let prefix = alloc::format!("{}/", dir.path.to_ascii_lowercase());
    let inside = |n: &String| n.to_ascii_lowercase().starts_with(&prefix);
    if g.grounding.new_paths.iter().any(inside) {
        g.grounding.new_paths.retain(inside);
    }
}

/// `move notse.txt into logs`: a file named with a slip where the file
/// acted on stands is that file, and its slip no new name (the move had
/// made /LOGS/notse.txt). After a word that gives a name (`called`, `as`,
/// `to`) the name as typed is still offered (`create a file book.log`).
fn slip_is_no_new_name(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let raw: Vec<&str> = request.split_whitespace().collect();
    for (i, t) in raw.iter().enumerate() {
        let t = clean(t);
        if !looks_like_file(&t.to_ascii_lowercase()) || !resolve_spelt(t, paths).is_empty() {
            continue;
        }
        let live = resolve(t, paths);
        if live.is_empty() || !live.iter().all(|e| g.grounding.referents.contains(e)) {
            continue;
        }
        let before = if i > 0 {
            clean(raw[i - 1]).to_ascii_lowercase()
        } else {
            String::new()
        };
        if matches!(
            before.as_str(),
            "called" | "named" | "as" | "to" | "into" | "file" | "new" | "create" | "make"
        ) || raw[..i].iter().any(|w| w.contains('>'))
        {
            continue;
        }
        // (Into a folder, under the live file's own name.)
        let own = basename(&live[0].path);
        for n in g.grounding.new_paths.iter_mut() {
            if basename(n).eq_ignore_ascii_case(t) {
                let dir = &n[..n.len() - basename(n).len()];
                *n = alloc::format!("{dir}{own}");
            }
        }
        let mut seen: Vec<String> = Vec::new();
        g.grounding.new_paths.retain(|n| {
            let fresh = !seen.iter().any(|s| same_path(s, n));
            seen.push(n.clone());
            fresh
        });
    }
}

/// `open meeting ntoes.txt`, `delete meeting ntoes.txt`: a slip in the
/// last word of a live long name typed with its extension. The token alone
/// read as a slip of a short name (NOTES.TXT), and `delete` had removed
/// the notes; the words together are the long name, one or two slips off.
fn long_name_slipped(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let raw: Vec<&str> = request.split_whitespace().collect();
    for m in paths.iter().filter(|e| !e.is_dir) {
        let name = stem(basename(&m.path));
        let n_words = stem_words(name).len();
        let target = squash(name);
        if n_words < 2 || target.len() < 10 || raw.len() < n_words {
            continue;
        }
        for k in 0..=raw.len() - n_words {
            let window = &raw[k..k + n_words];
            let last = clean(window[n_words - 1]);
            // Typed as a file: the last word has the extension.
            let Some((last_stem, _)) = last.rsplit_once('.') else {
                continue;
            };
            let mut typed: String = window[..n_words - 1].iter().map(|t| clean(t)).collect();
            typed.push_str(last_stem);
            let typed = squash(&typed);
            let d = edit_distance(&typed, &target);
            if d == 0 || d > 2 || digits(&typed) != digits(&target) {
                continue;
            }
            // The short names the last word reached: not meant.
            let slipped = canonical(last, false);
            let inside: Vec<String> = stem_words(name);
            g.grounding.referents.retain(|r| {
                r.is_dir
                    || r == m
                    || !stem_words(stem(basename(&r.path)))
                        .iter()
                        .all(|w| inside.contains(w))
            });
            if let Some(c) = slipped {
                g.grounding
                    .new_paths
                    .retain(|n| !basename(n).eq_ignore_ascii_case(basename(&c)));
                g.missing.retain(|x| !x.name.eq_ignore_ascii_case(&c));
            }
            if !g.grounding.referents.contains(m) {
                g.grounding.referents.push(m.clone());
            }
            return;
        }
    }
}

/// `show photo-list 2025.txt`, `delete meeting notes 2.txt`, `read
/// Release Notes 0.2.txt`: a live long name's words, then a number that
/// is not its number. That is another file, which the volume lacks: the
/// words alone had reached the live one, and `delete` had removed it.
fn another_number(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let raw: Vec<&str> = request.split_whitespace().collect();
    let words: Vec<String> = raw.iter().map(|t| squash(clean(t))).collect();
    let mut gone: Vec<(PathEntry, String)> = Vec::new();
    for r in &g.grounding.referents {
        let name = stem(basename(&r.path));
        let parts: Vec<String> = stem_words(name)
            .into_iter()
            .filter(|w| w.bytes().any(|b| b.is_ascii_alphabetic()))
            .collect();
        if parts.len() < 2 {
            continue;
        }
        let last = parts.last().map(String::as_str).unwrap_or("");
        let first = parts[0].as_str();
        for k in 0..words.len().saturating_sub(1) {
            let next = &words[k + 1];
            let number = raw[k + 1].trim_start_matches(['(', '#', 'v', 'V']);
            // (`photo-list 2025` is one token of both words.)
            // (Or another word of it, with the extension typed: `open
            // photos 2025.txt`; `add photo 2025 to the photo list` is a text.)
            let with_extension = ends_with_extension(clean(raw[k + 1]));
            let part_word = with_extension
                && parts
                    .iter()
                    .any(|p| words[k] == *p || words[k].strip_suffix('s') == Some(p.as_str()));
            if !(words[k].ends_with(last) || part_word)
                || !number.starts_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
            // A count is no name (`the photo list, 64 bytes`, `the meeting
            // notes 48 bytes in hex`).
            let unit = words.get(k + 2).is_some_and(|u| {
                matches!(
                    u.as_str(),
                    "bytes"
                        | "byte"
                        | "b"
                        | "lines"
                        | "line"
                        | "chars"
                        | "characters"
                        | "kb"
                        | "words"
                        | "times"
                        | "rows"
                )
            });
            if raw[k].ends_with([',', ';', ':', '.']) || unit {
                continue;
            }
            // The number as typed, less a `.txt` it ends with.
            let typed = clean(raw[k + 1]);
            let typed = typed
                .strip_suffix(".txt")
                .or_else(|| typed.strip_suffix(".TXT"))
                .unwrap_or(typed);
            // Named like a name: with its extension, a version (`0.2`), or
            // as many digits as the live name's number (`2025` for 2026);
            // a bare count is an argument (`hexdump the photo list 64`).
            // (Or a version by its `v`: `release notes v2`.)
            let versioned = typed.len() >= 2
                && typed.starts_with(['v', 'V'])
                && typed[1..].bytes().all(|b| b.is_ascii_digit());
            let like_a_name = typed.len() < clean(raw[k + 1]).len()
                || typed.contains('.')
                || (versioned && !digits(name).is_empty())
                || (digits(name).len() >= 3 && digits(typed).len() == digits(name).len());
            if digits(typed) == digits(name) || next.is_empty() || !like_a_name {
                continue;
            }
            let from = (0..=k)
                .rev()
                .find(|&i| words[i].starts_with(first))
                .unwrap_or(k);
            // A new name is no missing file (`copy the photo list to
            // photo-list 2027.txt`).
            let gives = |t: &str| {
                let t = clean(t).to_ascii_lowercase();
                is_destination_word(&t) || matches!(t.as_str(), "called" | "named" | "file")
            };
            if from > 0 && gives(raw[from - 1]) {
                continue;
            }
            let said = raw[from..=k + 1]
                .iter()
                .map(|t| clean(t))
                .collect::<Vec<_>>()
                .join(" ");
            gone.push((r.clone(), said));
            break;
        }
        // The number before the name (`the 2025 photo list`): as many
        // digits as the live name's number, another number.
        if gone.iter().any(|(x, _)| x == r) || digits(name).len() < 3 {
            continue;
        }
        for k in 0..words.len().saturating_sub(1) {
            let typed = clean(raw[k]);
            let number = typed.bytes().all(|b| b.is_ascii_digit())
                && digits(typed).len() == digits(name).len()
                && digits(typed) != digits(name);
            let names_it =
                words[k + 1].starts_with(first) || parts.iter().any(|p| words[k + 1] == *p);
            // (Said of a file: `the 2025 photo list`; `add 2025 photos to
            // the photo list` gives a text.)
            let of_a_file = k >= 1
                && matches!(
                    words[k - 1].as_str(),
                    "the" | "my" | "our" | "your" | "this" | "that" | "last"
                );
            if !number || !names_it || !of_a_file {
                continue;
            }
            let end = (k + 1..words.len())
                .take_while(|&i| {
                    parts
                        .iter()
                        .any(|p| words[i] == *p || words[i].strip_suffix('s') == Some(p.as_str()))
                })
                .last()
                .unwrap_or(k + 1);
            let said = raw[k..=end]
                .iter()
                .map(|t| clean(t))
                .collect::<Vec<_>>()
                .join(" ");
            gone.push((r.clone(), said));
            break;
        }
    }
    for (r, said) in gone {
        g.grounding.referents.retain(|x| *x != r);
        g.grounding.new_paths.retain(|n| !same_path(n, &r.path));
        if !g.missing.iter().any(|m| m.name == said) {
            g.missing.push(Missing {
                closest: closest(&said, paths),
                name: said,
                source: true,
                folder: false,
            });
        }
    }
}

/// `add read the notes to the todo`, `write check the faq to notes`: a
/// text put somewhere may hold a live file's name, and that file is not
/// where the text goes. Where a line opens with a verb that puts a text,
/// the text is the whole span from after the verb to a last `to`/`into`/
/// `onto`/`in`/`on`, and the words after it name a live file, a file named
/// only inside the text is no referent (the grammar offered it as the
/// destination, and the LM took it about as often as the right one).
fn text_names_no_target(request: &str, paths: &[PathEntry], g: &mut Grounded) {
    let words: Vec<String> = request
        .split_whitespace()
        .map(|t| clean(t).to_ascii_lowercase())
        .collect();
    let puts = words.first().is_some_and(|w| {
        matches!(
            w.as_str(),
            "add" | "append" | "write" | "put" | "jot" | "stick" | "tack" | "insert" | "pop"
        )
    });
    if !puts || g.grounding.referents.is_empty() {
        return;
    }
    let Some(p) = (2..words.len().saturating_sub(1))
        .rev()
        .find(|&i| matches!(words[i].as_str(), "to" | "into" | "onto" | "in" | "on"))
    else {
        return;
    };
    // `put a copy of the boot log next to the FAQ` puts a file, not a text.
    if matches!(
        words[p - 1].as_str(),
        "next" | "close" | "back" | "up" | "down"
    ) || words[1..p].iter().any(|w| w.starts_with("cop"))
    {
        return;
    }
    let span = words[1..p].join(" ");
    let is_the_text = |t: &String| {
        let t = t.to_ascii_lowercase();
        let t: Vec<&str> = t.split_whitespace().collect();
        t.join(" ") == span || t.iter().map(|w| clean(w)).collect::<Vec<_>>().join(" ") == span
    };
    let names = |r: &PathEntry, ws: &[String]| {
        stem_words(stem(basename(&r.path))).iter().any(|n| {
            ws.iter()
                .any(|w| w == n || w.strip_suffix('s') == Some(n) || n.strip_suffix('s') == Some(w))
        })
    };
    // (Each word's parts: `photo-list 2026.txt` is photo, list, 2026.)
    let parts = |ws: &[String]| -> Vec<String> {
        ws.iter()
            .flat_map(|w| stem_words(w.strip_suffix(".txt").unwrap_or(w)))
            .collect()
    };
    let (inside, after) = (&words[1..p], parts(&words[p + 1..]));
    let target = |r: &PathEntry| !r.is_dir && names(r, &after);
    // The destination as spelt (`to notes`) is a new path of the same
    // name as a live file: the live file is where the text goes.
    let live_target: Vec<PathEntry> = g
        .grounding
        .new_paths
        .iter()
        .filter_map(|n| paths.iter().find(|e| !e.is_dir && same_path(&e.path, n)))
        .filter(|e| target(e))
        .cloned()
        .collect();
    if live_target.is_empty() && !g.grounding.referents.iter().any(target) {
        return;
    }
    // A name in the text is no missing file (`append IMG_0004.JPG beach to
    // photo-list 2026.txt`).
    // (Only where a text holds it whole: a text without it is cut short.)
    let texts = &g.grounding.texts;
    g.missing.retain(|m| {
        !(inside.iter().any(|w| w.eq_ignore_ascii_case(&m.name))
            && texts.iter().any(|t| t.contains(m.name.as_str())))
    });
    if !g.grounding.texts.iter().any(is_the_text) {
        return;
    }
    // The text is that span and no other (`add see also the faq to the
    // user guide` is not "the faq to the user").
    g.grounding.texts.retain(is_the_text);
    let inside = parts(inside);
    let inside = inside.as_slice();
    g.grounding
        .referents
        .retain(|r| target(r) || r.is_dir || !names(r, inside));
    // Nor is a word of the text a new file's name (`write hello to notes`
    // makes no HELLO.TXT).
    g.grounding.new_paths.retain(|n| {
        let e = PathEntry {
            path: n.clone(),
            is_dir: false,
        };
        names(&e, &after) || !names(&e, inside)
    });
    // `to notes` with NOTES.TXT live is NOTES.TXT, not a new `/DOCS/notes`.
    if !live_target.is_empty() {
        g.grounding
            .new_paths
            .retain(|n| live_target.iter().any(|e| same_path(&e.path, n)));
    }
    for e in live_target {
        if !g.grounding.referents.contains(&e) {
            g.grounding.referents.push(e);
        }
    }
}

/// The one file a request describes by what it holds, if it asks for a
/// file that way: a finding question (`which file …`, `where did i …`,
/// `the file that says …`, `… is mentioned`) and either a quoted phrase (or
/// a long token such as a model file's name) that one file holds, or at
/// least two of the request's content words that one file holds more of
/// than any other. Words of the volume's names are left to the names.
fn by_content(
    request: &str,
    contents: &Contents,
    a_name_word: &dyn Fn(&str) -> bool,
    folders: &[String],
) -> Option<String> {
    let lower = request.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .collect();
    let file_noun = |w: &str| {
        matches!(
            w,
            "file"
                | "files"
                | "doc"
                | "docs"
                | "document"
                | "documents"
                | "one"
                | "note"
                | "notes"
                | "list"
                | "text"
                | "bit"
                | "part"
                | "line"
                | "page"
        )
    };
    let finding = words.iter().enumerate().any(|(i, w)| {
        let after = |n: usize| words.get(i + n).copied().unwrap_or("");
        match *w {
            // (`which scroll speaks of the old lighthouse?`: whatever the
            // person calls a file, a verb of holding asks which one.)
            "which" | "what" => (1..=3).any(|n| {
                file_noun(after(n)) || matches!(after(n), "speaks" | "talks" | "mentions" | "tells")
            }),
            "where" | "where's" | "wheres" | "mentioned" | "mentions" | "says" => true,
            _ if file_noun(w) => matches!(
                after(1),
                "that"
                    | "where"
                    | "which"
                    | "with"
                    | "about"
                    | "whose"
                    | "telling"
                    | "saying"
                    | "listing"
                    | "mentioning"
                    | "explaining"
                    | "containing"
            ),
            _ => false,
        }
    });
    if !finding {
        return None;
    }
    let only = |found: Vec<&str>| match found.as_slice() {
        [one] => Some(String::from(*one)),
        _ => None,
    };
    // A quoted phrase, or a long token with digits or dots (`Qwen3-0.6B-Q4_K_M.gguf`).
    for q in ['"', '\''] {
        let parts: Vec<&str> = request.split(q).collect();
        for phrase in parts.iter().skip(1).step_by(2).take(parts.len() / 2) {
            if phrase.split_whitespace().count() >= 2 {
                if let Some(p) = only(contents.holding(phrase)) {
                    return Some(p);
                }
            }
        }
    }
    for t in request.split_whitespace() {
        let t = t.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        let odd = t.bytes().any(|b| b.is_ascii_digit()) && t.contains(['.', '-', '_']);
        if t.len() >= 8 && odd {
            if let Some(p) = only(contents.holding(t)) {
                return Some(p);
            }
        }
    }
    // Three capitals typed are a word of their own (`three IMG files`);
    // not in a line typed all in capitals (`WHAT FILES ARE ON THIS DISK`
    // had shown the FAQ for its `are`).
    // (Up to five: an acronym, `the file where it says VFAT`.)
    let shouted = !request.bytes().any(|b| b.is_ascii_lowercase());
    let capitals: Vec<String> = request
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|_| !shouted)
        .filter(|t| (3..=5).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_uppercase()))
        .map(|t| t.to_ascii_lowercase())
        .collect();
    let mut content: Vec<String> = words
        .iter()
        .filter(|w| {
            (w.len() >= 4 || capitals.iter().any(|c| c == *w))
                && w.bytes().all(|b| b.is_ascii_alphabetic())
        })
        .filter(|w| {
            !is_stopword(w)
                && !is_filler(w)
                && !is_asking_frame(w)
                && !file_noun(w)
                && !is_content_cue(w)
                && !a_name_word(w)
        })
        .map(|w| String::from(*w))
        .collect();
    content.sort();
    content.dedup();
    let scores = contents.scores(&content);
    // One long word that one file alone holds, asked after in so many
    // words (`which file mentions the old lighthouse`, `the file that talks
    // about the harbour`): that file too.
    let mentions = words.iter().any(|w| {
        matches!(
            *w,
            "mentions"
                | "mentioned"
                | "mention"
                | "talks"
                | "says"
                | "contains"
                | "about"
                | "has"
                | "holds"
                | "explains"
                | "explaining"
                | "describes"
                | "covers"
                | "telling"
                | "tells"
                | "lists"
                // (`the file with the pictures from the harbour`, `which
                // scroll speaks of the old lighthouse`.)
                | "with"
                | "speaks"
                | "records"
        )
    });
    // Not where a word of the request is a name's (`anything in the FAQ
    // about where my files are` asks about the FAQ).
    let long = content.iter().any(|w| w.len() >= 7 || capitals.contains(w))
        && !words.iter().any(|w| a_name_word(w));
    // Tied files, one of them in a folder the request names (`which of
    // the documents explains long file names`): that one.
    let in_named_folder = |p: &str| {
        folders.iter().any(|f| {
            p.len() > f.len()
                && p[..f.len()].eq_ignore_ascii_case(f)
                && p.as_bytes()[f.len()] == b'/'
        })
    };
    let top = scores.first().map_or(0, |(_, n)| *n);
    let tied: Vec<&str> = scores
        .iter()
        .filter(|(_, n)| *n == top)
        .map(|(p, _)| *p)
        .collect();
    let tied_in_folder: Vec<&str> = tied
        .iter()
        .copied()
        .filter(|p| in_named_folder(p))
        .collect();
    match scores.as_slice() {
        [(p, n), rest @ ..] if *n >= 2 && rest.first().is_none_or(|(_, m)| m < n) => {
            Some(String::from(*p))
        }
        _ if top >= 2 && tied.len() > 1 && tied_in_folder.len() == 1 => {
            Some(String::from(tied_in_folder[0]))
        }
        [(p, 1)] if mentions && long && content.len() <= 2 => Some(String::from(*p)),
        _ => None,
    }
}

/// Where the words a `which file says …` question looks for begin (byte
/// offset into `request`): after `which` or `what`, a kind of file within
/// three words, then a verb of holding (`which one's got the bit about
/// VFAT`, `what document mentions the harbour`).
/// The file the rarest of `words` point to: each word a file holds counts
/// one over the number of files holding it. `None` unless one file leads
/// by at least half a word's weight.
/// A file found by what it holds keeps its name where the request sends
/// it and names no other, as one found by its name does: at the root (`move the file about
/// VFAT long names up to the top level`) or in a folder it refers to.
fn keeps_its_name(g: &mut Grounded, e: &PathEntry) {
    // (A name the request gives is the one it goes by: `a backup of it in
    // the top folder called faq-backup.txt`.)
    if !g.grounding.new_paths.is_empty() {
        return;
    }
    let name = basename(&e.path);
    let mut dirs: Vec<String> = g
        .grounding
        .referents
        .iter()
        .filter(|r| r.is_dir && !e.path.starts_with(&alloc::format!("{}/", r.path)))
        .map(|r| r.path.clone())
        .collect();
    if g.to_root && e.path.rfind('/').is_some_and(|i| i > 0) {
        dirs.push(String::new());
    }
    for d in dirs {
        let p = alloc::format!("{d}/{name}");
        if !g.grounding.new_paths.iter().any(|q| same_path(q, &p)) {
            g.grounding.new_paths.push(p);
        }
    }
}

fn rarest_holder(contents: &Contents, words: &[String]) -> Option<String> {
    let mut weight: Vec<(String, f32)> = Vec::new();
    for w in words {
        let holders = contents.scores(core::slice::from_ref(w));
        for (p, _) in &holders {
            let share = 1.0 / holders.len() as f32;
            match weight.iter_mut().find(|(q, _)| q == p) {
                Some((_, x)) => *x += share,
                None => weight.push((String::from(*p), share)),
            }
        }
    }
    weight.sort_by(|a, b| b.1.total_cmp(&a.1));
    match weight.as_slice() {
        [(p, a), (_, b), ..] if a - b >= 0.5 => Some(p.clone()),
        [(p, _)] => Some(p.clone()),
        _ => None,
    }
}

fn content_question(request: &str) -> Option<usize> {
    let lower = request.to_ascii_lowercase();
    let bounds = word_bounds(&lower);
    let word = |i: usize| {
        bounds.get(i).map_or("", |&(s, e)| {
            lower[s..e].trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        })
    };
    let noun = |w: &str| {
        matches!(
            w,
            "file"
                | "files"
                | "document"
                | "doc"
                | "one"
                | "one's"
                | "note"
                | "text"
                | "page"
                | "item"
                | "record"
                | "list"
                | "entry"
                | "sheet"
        )
    };
    // Any verb says what a file holds once a relative pronoun stands
    // between it and the file (`the item that begins "Welcome"`, `the
    // document stating that …`): whether a file holds the words after it
    // is what decides, so a clause about something else (`the file that I
    // made`) finds no file and changes nothing. Not a verb of being or
    // doing, whose object is not the file's words.
    let some_verb = |w: &str| {
        w.len() >= 4
            && w.bytes().all(|b| b.is_ascii_alphabetic())
            && !matches!(
                w,
                "does" | "was" | "were" | "this" | "thus" | "less" | "isn't" | "wasn't"
            )
            && !is_stopword(w)
    };
    let participle = |w: &str| {
        w.len() >= 6 && w.ends_with("ing") && !matches!(w, "thing" | "nothing" | "something")
    };
    let holds = |w: &str| {
        matches!(
            w,
            "mentions"
                | "mention"
                | "says"
                | "say"
                | "contains"
                | "contain"
                | "has"
                | "have"
                | "talks"
                | "tells"
                | "holds"
                | "explains"
                | "describes"
                | "got"
                | "addresses"
                | "covers"
                | "discusses"
                | "records"
                | "lists"
                | "teaches"
                | "gives"
        )
    };
    for i in 0..bounds.len() {
        // (`the file that talks about …`, `any document here that
        // addresses …`, `the file about where my files live`.)
        let which = matches!(word(i), "which" | "what" | "whichever");
        let the = matches!(word(i), "the" | "any" | "a");
        if !which && !the {
            continue;
        }
        let Some(n) = (i + 1..=i + 3).find(|&k| noun(word(k))) else {
            continue;
        };
        // (A noun after `the` is the file's only when nothing but a word
        // or two of what it is like stands between: `the file that …`.)
        if the && word(n) == "one" {
            continue;
        }
        if the && word(n + 1) == "about" && !matches!(word(n + 2), "it" | "this" | "that") {
            return bounds.get(n + 2).map(|&(s, _)| s);
        }
        let mut k = n + 1;
        if word(k) == "here" {
            k += 1;
        }
        // (`which file, if any, discloses …`.)
        if word(k) == "if" && word(k + 1) == "any" {
            k += 2;
        }
        // (`the list whose first task is …`: the rest is what it holds.)
        if word(k) == "whose" {
            return bounds.get(k + 1).map(|&(s, _)| s);
        }
        // (`the file stating that …`, `the file comprising the words …`.)
        if participle(word(k)) {
            let v = if matches!(word(k + 1), "that" | "the" | "about") {
                k + 1
            } else {
                k
            };
            return bounds.get(v + 1).map(|&(s, _)| s);
        }
        let pronoun = matches!(word(k), "that" | "which");
        if !pronoun && the {
            continue;
        }
        let n = if pronoun { k } else { k - 1 };
        // (`which file has …`, `which one's got …`, `which file is it that says …` not.)
        if !holds(word(n + 1)) && !((pronoun || which) && some_verb(word(n + 1))) {
            continue;
        }
        let v = n + 1;
        // (`talks about`.)
        let v = if word(v + 1) == "about" { v + 1 } else { v };
        return bounds.get(v + 1).map(|&(s, _)| s);
    }
    None
}

/// Words of a question about where something is written: never the
/// something (`where did i write about …`).
fn is_content_cue(w: &str) -> bool {
    matches!(
        w,
        "which"
            | "where"
            | "where's"
            | "wheres"
            | "says"
            | "said"
            | "mentioned"
            | "mentions"
            | "about"
            | "wrote"
            | "written"
            | "write"
            | "read"
            | "find"
            | "holds"
            | "lists"
            | "contains"
            | "line"
            | "this"
            | "that"
            | "there"
            | "were"
            | "does"
            | "did"
            | "have"
            | "into"
            | "from"
            | "with"
            | "speaks"
            | "talks"
            | "tells"
            | "telling"
            | "records"
            | "mention"
            | "mentioning"
    )
}

fn ground_names(request: &str, paths: &[PathEntry], learnt: &Descriptions) -> Grounded {
    // Tokens with their byte offsets in the request.
    let mut tokens: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in request.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push((s, request.len()));
    }
    let raw: Vec<&str> = tokens.iter().map(|&(s, e)| &request[s..e]).collect();
    // As typed (case kept: a copied name keeps it) and lower case (to match).
    let typed: Vec<&str> = raw.iter().map(|t| clean(t)).collect();
    // A slip of `folder` or `directory` (`the log foldr`, `docs fodler`)
    // still says a folder, for every rule below that looks for one; the
    // typed words, which names are copied from, keep it.
    // Other languages' word for a folder, beside a live folder's name
    // (`Put the todo list in the map DOCS`, `Copy file readme to catalog
    // LOGS`) or a name given (`Make new catalog with name Faktury`), says a
    // folder; alone it keeps its own sense (`the old lighthouse on a map`).
    let live_dir = |t: &str| {
        paths
            .iter()
            .any(|p| p.is_dir && basename(&p.path).eq_ignore_ascii_case(t))
    };
    let foreign_folder = |i: usize| {
        let w = typed[i].to_ascii_lowercase();
        matches!(
            w.as_str(),
            "map"
                | "catalog"
                | "katalog"
                | "ordner"
                | "dossier"
                | "carpeta"
                | "cartella"
                | "pasta"
                | "mappe"
                | "mapp"
                | "kansio"
                | "mappa"
        ) && (typed.get(i + 1).is_some_and(|n| live_dir(n))
            // A new one is made (`make a new mappe, Merder`), where `map`
            // and `pasta` keep their own sense (`a new map of the bay`).
            || (i >= 1
                && typed[i - 1].eq_ignore_ascii_case("new")
                && !matches!(w.as_str(), "map" | "pasta" | "catalog"))
            || (i >= 1 && live_dir(typed[i - 1]))
            || typed.get(i + 1).is_some_and(|n| {
                matches!(n.to_ascii_lowercase().as_str(), "called" | "named" | "with")
            }))
    };
    let words: Vec<String> = typed
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if foreign_folder(i) {
                return String::from("folder");
            }
            let w = t.to_ascii_lowercase();
            // Words of their own one letter from `folder` are not slips.
            let english = matches!(
                w.as_str(),
                "folded" | "holder" | "fonder" | "solder" | "older"
            );
            let kind = ["folder", "directory"]
                .into_iter()
                .find(|k| w.len() >= 4 && slip_of(&w, k));
            match kind {
                Some(k)
                    if !english
                        && !paths
                            .iter()
                            .any(|p| stem(basename(&p.path)).eq_ignore_ascii_case(&w)) =>
                {
                    String::from(k)
                }
                // Other ways to say what a thing is called (`a wee folder
                // cawed Fitba`, `a file titled memo.txt`) say it, for every
                // rule that looks for `called`.
                _ if matches!(
                    w.as_str(),
                    "cawed" | "callt" | "caled" | "titled" | "entitled" | "labelled" | "labeled"
                ) || called_slip(&w) =>
                {
                    String::from("called")
                }
                _ => w,
            }
        })
        .collect();
    let phrases = phrases(request, &tokens, &raw, paths);
    let multi_word = multi_word_names(paths);
    let phrase_at = |i: usize| phrases.iter().find(|p| p.first == i);
    let in_phrase = |i: usize| phrases.iter().any(|p| (p.first..=p.last).contains(&i));
    let quoted = quoted_words(&raw, &words, &phrases, &multi_word);
    let in_quote = |i: usize| quoted.contains(&i);

    let mut named: Vec<&PathEntry> = Vec::new();
    // Files a file-like token reached only by a misspelling: the file to
    // read (`cat boot.lgo`), but not a name to write over, since the name as
    // typed is offered too (`create a file book.log …` is /book.log, not
    // /LOGS/BOOT.LOG).
    let mut misspelt_refs: Vec<&PathEntry> = Vec::new();
    let mut described: Vec<&PathEntry> = Vec::new();
    // The token that described each entry of `described`.
    let mut described_at: Vec<usize> = Vec::new();
    // The first token that spelt a live file's name (not a misspelling).
    let mut first_spelt: Option<usize> = None;
    let mut missing: Vec<Missing> = Vec::new();
    let mut source_missing = false;
    // Where the first such name stood (its tokens), and the name.
    let mut source_missing_at: Option<(core::ops::Range<usize>, String)> = None;
    let mut new_names: Vec<String> = Vec::new();
    let mut any_file_token = false;
    // File names right after a word that sends something there (`into
    // greet.txt`, `as boot.txt`): the new name, when the request has one.
    let mut dest_names: Vec<String> = Vec::new();
    // Names typed as a whole path (`/hello.txt`) or spelling a live file:
    // a new path only where they say, never moved into another folder
    // (`copy /notes/index.txt to /hello.txt` is not /notes/hello.txt).
    let mut pinned: Vec<String> = Vec::new();
    // The live paths a pinned name spells (`boot.log` → /LOGS/BOOT.LOG).
    let mut pinned_live: Vec<String> = Vec::new();
    let mut file_tokens: Vec<usize> = Vec::new();
    // File-like tokens that spell a name a file may have (live or not): a
    // text is never such a name alone (`show "meeting notes.txt"`).
    let mut name_tokens: Vec<usize> = Vec::new();
    // The first token that referred to a live path.
    let mut first_referent: Option<usize> = None;
    // Words that referred to a live file: never a new name themselves.
    let mut describing: Vec<usize> = Vec::new();
    // Words that reached a file only as a kind of file (`log`, `bin`).
    let mut by_kind: Vec<usize> = Vec::new();
    let loose = loose_stems(&words, &raw, &multi_word, &quoted);
    // Each live path's stem squashed, once per request, not once per word.
    let squashed_stems: Vec<String> = paths
        .iter()
        .map(|p| squash(stem(basename(&p.path))))
        .collect();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let at = i;
        i += 1;
        if w.is_empty() && phrase_at(at).is_none() {
            continue;
        }
        // Words quoted as a text are the text: they name no file and no new
        // name (`tack "IMG_0099.JPG sunset" onto the photo list` names no
        // IMG_0099.JPG, `put "hello world" in greet.txt` not /HELLO.TXT).
        if in_quote(at) {
            continue;
        }
        // A quoted word is a file name only where a file is being named:
        // `say "done"` is text (dev: `echo done`), `the file named "x"` is not.
        let after_named = at >= 2
            && matches!(words[at - 1].as_str(), "named" | "called")
            && words[at - 2] == "file";
        let phrase = phrase_at(at);
        let file_like = phrase.is_some() || looks_like_file(w) || after_named;
        if file_like {
            any_file_token = true;
            let (name, is_phrase) = match phrase {
                Some(p) => {
                    file_tokens.extend(p.first..=p.last);
                    i = p.last + 1;
                    (p.name.as_str(), true)
                }
                None => {
                    if looks_like_file(w) {
                        file_tokens.push(at);
                    }
                    (typed[at], false)
                }
            };
            let Some(c) = canonical(name, is_phrase) else {
                continue;
            };
            name_tokens.extend(at..i);
            let found = resolve(&c, paths);
            if resolve_spelt(&c, paths).is_empty() {
                misspelt_refs.extend(found.iter().copied());
            } else if found.iter().any(|p| !p.is_dir) {
                first_spelt.get_or_insert(at);
                pinned.push(c.clone());
                pinned_live.extend(found.iter().filter(|p| !p.is_dir).map(|p| p.path.clone()));
            }
            if !is_phrase && typed[at].starts_with('/') {
                pinned.push(c.clone());
            }
            let after_dest_word = (1..=2).any(|k| at >= k && is_destination_word(&words[at - k]));
            if found.is_empty() {
                // After a word that introduces a destination, or after the
                // request has already referred to a file, a missing name is
                // the new one (`copy my notes file /RECIPE.TXT`), and the
                // only one: `faq.txt -> faq2.txt (copy)` is not `/copy`.
                let dest = after_dest_word || first_referent.is_some();
                source_missing |= !dest;
                if !dest && source_missing_at.is_none() {
                    source_missing_at = Some((at..i, c.clone()));
                }
                missing.push(Missing {
                    closest: closest(&c, paths),
                    name: c.clone(),
                    source: !dest,
                    folder: false,
                });
                if dest && !after_dest_word {
                    dest_names.push(c.clone());
                }
            }
            if !found.is_empty() {
                first_referent.get_or_insert(at);
            }
            if after_dest_word {
                dest_names.push(c.clone());
            }
            named.extend(found);
            new_names.push(c);
            continue;
        }
        // Two words that spell a one-word name together (`to do` for
        // TODO.TXT), short words included; never from a verb that asks
        // (`read me the photo list` is no README).
        // A joining word opens such a pair only after a word that points
        // at a thing or before a document noun (`my to do list`, `to do
        // file`, `things to do`): `nothing to do` names no file.
        let opens_pair = !is_joining_word(w)
            || at == 0
            || matches!(
                words[at - 1].as_str(),
                "my" | "the"
                    | "our"
                    | "your"
                    | "this"
                    | "that"
                    | "his"
                    | "her"
                    | "their"
                    | "things"
                    | "stuff"
            )
            // (`things still to do`, `stuff left to do`.)
            || (at >= 2
                && matches!(words[at - 1].as_str(), "still" | "left" | "yet")
                && matches!(words[at - 2].as_str(), "things" | "stuff" | "tasks" | "jobs"))
            || words.get(at + 2).is_some_and(|n| is_document_noun(n));
        // After an article the verb is a noun's first word: `show me the
        // read me file` names the README.
        let after_article = at >= 1
            && matches!(
                words[at - 1].as_str(),
                "the" | "my" | "our" | "your" | "this" | "that"
            );
        if let Some(next) = words.get(at + 1).filter(|_| {
            opens_pair
                && !in_quote(at + 1)
                && ((!asks_for_action(w) && !is_asking_word(w)) || after_article)
        }) {
            let joined = squash(&alloc::format!("{w}{next}"));
            let hits: Vec<&PathEntry> = paths
                .iter()
                .zip(&squashed_stems)
                .filter(|(_, st)| **st == joined)
                .map(|(p, _)| p)
                .collect();
            if joined.len() >= 4 && !hits.is_empty() {
                described_at.extend(hits.iter().map(|_| at));
                described.extend(hits);
                describing.extend([at, at + 1]);
                first_referent.get_or_insert(at);
                i = at + 2;
                continue;
            }
        }
        // Words whose initials spell a short name (`the frequently asked
        // questions` for FAQ.TXT): three or four words, none a stopword or
        // one that asks, so a sentence does not spell a name by chance.
        if let Some((n, hits)) = (3..=4).find_map(|n| {
            let run = words.get(at..at + n)?;
            if (at..at + n).any(&in_quote)
                || run.iter().any(|v| {
                    v.len() < 3
                        || !v.bytes().all(|b| b.is_ascii_alphabetic())
                        || is_stopword(v)
                        || asks_for_action(v)
                        || is_asking_word(v)
                })
            {
                return None;
            }
            let initials: String = run.iter().filter_map(|v| v.chars().next()).collect();
            let hits: Vec<&PathEntry> = paths
                .iter()
                .zip(&squashed_stems)
                .filter(|(_, st)| st.eq_ignore_ascii_case(&initials))
                .map(|(p, _)| p)
                .collect();
            (!hits.is_empty()).then_some((n, hits))
        }) {
            described_at.extend(hits.iter().map(|_| at));
            described.extend(hits);
            describing.extend(at..at + n);
            first_referent.get_or_insert(at);
            i = at + n;
            continue;
        }
        if is_stopword(w) {
            continue;
        }
        // Words that spell a long name's stem together (`the meeting
        // notes`): that file, and none the words name one by one.
        // The words of a long name apart, in any order (`the notes from
        // the meeting`): that file, and none the words name one by one.
        if let Some((_, p)) = loose.iter().find(|(k, _)| k.contains(&at)) {
            if !described.contains(p) {
                described.push(p);
                described_at.push(at);
            }
            describing.push(at);
            first_referent.get_or_insert(at);
            continue;
        }
        if let Some((j, hits)) = stem_run(&words, at, &multi_word) {
            described_at.extend(hits.iter().map(|_| at));
            described.extend(hits);
            describing.extend(at..=j);
            first_referent.get_or_insert(at);
            i = j + 1;
            continue;
        }
        // A word after `another`, or after `a` that something is to be
        // made or added as, is a kind of thing, not a file the volume holds
        // (`add a note in the release notes` names no NOTES.TXT, `write a
        // guide` no GUIDE.TXT); `there's a guide file somewhere` still
        // names the guide.
        let made = at >= 2
            && matches!(words[at - 1].as_str(), "a" | "an")
            && matches!(
                words[at - 2].as_str(),
                "add" | "write" | "make" | "create" | "take" | "jot" | "put" | "leave" | "start"
            );
        // A part played (`play a tour guide and show me …`, `you're a
        // librarian`, `talk like a guide`): a kind of person, no file.
        let role_verb = |k: usize| {
            matches!(
                words[k].as_str(),
                "play"
                    | "playing"
                    | "be"
                    | "being"
                    | "am"
                    | "are"
                    | "you're"
                    | "youre"
                    | "as"
                    | "like"
                    | "pretend"
                    | "act"
            )
        };
        let article = |k: usize| matches!(words[k].as_str(), "a" | "an");
        let played = (at >= 2 && article(at - 1) && role_verb(at - 2))
            || (at >= 3 && article(at - 2) && role_verb(at - 3) && !is_stopword(&words[at - 1]));
        if made || played || (at >= 1 && words[at - 1] == "another") {
            continue;
        }
        // `note` as the verb that puts a line somewhere (`please note in the
        // to-do list: …`, `note down …`) names no NOTES.TXT.
        let noting = words[at] == "note"
            && words
                .get(at + 1)
                .is_some_and(|n| matches!(n.as_str(), "in" | "into" | "on" | "down" | "that"))
            && (at == 0
                || matches!(
                    words[at - 1].as_str(),
                    "please" | "pls" | "you" | "and" | "just" | "lets" | "let's" | "kindly"
                ));
        if noting {
            continue;
        }
        // A word the request calls a text is that text (`copy the text
        // hello into notes.txt` names no HELLO.TXT).
        let called_text = at >= 1
            && matches!(
                words[at - 1].as_str(),
                "text" | "word" | "words" | "phrase" | "message" | "saying" | "sentence"
            );
        if called_text {
            continue;
        }
        // Right after a verb that says something, a word that opens a
        // sentence is that sentence's (`print hello my friend`), not a file
        // (`print todo`, `print out TODO` still show the todo list).
        let said = at >= 1
            && matches!(
                words[at - 1].as_str(),
                "say" | "print" | "echo" | "type" | "shout" | "repeat"
            )
            && words.get(at + 1).is_some_and(|n| {
                !is_document_noun(n)
                    && !matches!(n.as_str(), "file" | "folder")
                    && !is_joining_word(n)
                    && !matches!(
                        n.as_str(),
                        "please"
                            | "pls"
                            | "plz"
                            | "now"
                            | "out"
                            | "thanks"
                            | "thx"
                            | "again"
                            | "contents"
                            | "content"
                    )
            });
        if said {
            continue;
        }
        let before = described.len();
        let sq = squash(w);
        // `the logs folder`, `the folder logs`, `folder called logs` name
        // the folder, not the log files in it.
        let folder_word = |k: usize| {
            words
                .get(k)
                .is_some_and(|n| matches!(n.as_str(), "folder" | "directory" | "dir"))
        };
        // Or where a thing is sent, spelt as the folder is (`copy the
        // meeting file into LOGS`): the folder is where it goes.
        let sent_into_folder = (1..=2).any(|k| {
            at >= k
                && matches!(words[at - k].as_str(), "into" | "to" | "inside" | "onto")
                && (k == 1 || words[at - 1] == "the")
        }) && paths
            .iter()
            .any(|p| p.is_dir && basename(&p.path).eq_ignore_ascii_case(w))
            // After `in`, spelt as the folder is to the letter (`Make a
            // copy of the meeting notes in LOGS`; `the ledger in logs` may
            // be a log file's).
            || (at >= 1
                && words[at - 1] == "in"
                && paths
                    .iter()
                    .any(|p| p.is_dir && basename(&p.path) == clean(raw[at])));
        let folder_named = folder_word(at + 1)
            || sent_into_folder
            || (at >= 1 && folder_word(at - 1))
            || (at >= 2
                && matches!(words[at - 1].as_str(), "called" | "named")
                && folder_word(at - 2))
            // (`the directory of logs`, `the folder of the logs`.)
            || (at >= 2 && words[at - 1] == "of" && folder_word(at - 2))
            || (at >= 3 && words[at - 1] == "the" && words[at - 2] == "of" && folder_word(at - 3));
        // Folders the word reaches only as their singular (`log` for
        // /LOGS): dropped below when it also names a file.
        let mut plural_dirs: Vec<&PathEntry> = Vec::new();
        for (p, st) in paths
            .iter()
            .zip(&squashed_stems)
            .filter(|(p, _)| p.is_dir || !folder_named)
        {
            let st = st.as_str();
            let path = p.path.to_ascii_uppercase();
            let singular = sq.strip_suffix('s').unwrap_or(&sq);
            let st_singular = st.strip_suffix('s').unwrap_or(st);
            // A kind of file by its extension (`the log` → /LOGS/BOOT.LOG),
            // except the one nearly every file has.
            let ext = basename(&path)
                .rsplit_once('.')
                .map(|(_, e)| e.to_ascii_lowercase());
            let by_ext = !p.is_dir
                && singular.len() >= 3
                && ext.as_deref().is_some_and(|e| e == singular && e != "txt");
            if !sq.is_empty()
                && (sq == st
                    || singular == st_singular
                    || by_ext
                    // The name with its extension run together (`bootlog`).
                    || (!p.is_dir && sq.len() >= 6 && sq == squash(basename(&path)))
                    || (means(&path, &sq, singular)
                        // (A program's name: `Task Manager` is no task list.)
                        && !(matches!(sq.as_str(), "task" | "tasks")
                            && words.get(at + 1).is_some_and(|n| {
                                matches!(n.as_str(), "manager" | "scheduler" | "bar" | "view" | "kill")
                            })))
                    || (sq.len() >= 5 && misspelt(&sq, st))
                    || ((3..=4).contains(&sq.len()) && short_slip(&sq, st)))
            {
                described.push(p);
                if by_ext {
                    by_kind.push(at);
                }
                if p.is_dir && sq != st && sq.len() < st.len() && singular == st_singular {
                    plural_dirs.push(p);
                }
            }
        }
        // A singular names a file before a folder of that name's plural
        // (`delete the old startup log` is /LOGS/BOOT.LOG, not /LOGS).
        if described[before..].iter().any(|p| !p.is_dir) {
            let found = described.split_off(before);
            described.extend(found.into_iter().filter(|p| !plural_dirs.contains(p)));
        }
        if let Some(p) = learnt.path_for(w) {
            described.extend(paths.iter().filter(|e| same_path(&e.path, p)));
        }
        described_at.resize(described.len(), at);
        if described.len() > before {
            describing.push(at);
            first_referent.get_or_insert(at);
            // A kind of document after the word that described the file is
            // part of the description (`my todo list`, `the guide document`),
            // never a new name.
            if words.get(at + 1).is_some_and(|n| is_document_noun(n)) {
                describing.push(at + 1);
                i = at + 2;
            }
        }
    }
    // New names: file-like tokens and the words right after a name-giving
    // word; when the request has neither, every content word.
    // `call it pics` and `name it pics` give `pics` too.
    // `to`, `as` and `into` give a name only where the file acted on is
    // already behind them (`rename notes to journal`): before it, the word
    // is a verb or the text (`remember to buy stamps, put it on my todo
    // list`).
    // The live folders the request's words describe, by the word: a folder
    // the request sends something into (`move the photo list into docs`) is
    // where it goes, not a name for it.
    let folder_at: Vec<(usize, String)> = described
        .iter()
        .zip(&described_at)
        .filter(|(p, _)| p.is_dir)
        .map(|(p, &at)| (at, p.path.clone()))
        .collect();
    // Not the folder acted on, described again after `to` (`rename docs to
    // documentation`): that word is its new name.
    let names_live_folder = |i: usize| {
        folder_at
            .iter()
            .any(|(at, p)| *at == i && !folder_at.iter().any(|(a, q)| a < at && q == p))
    };
    // Past a colon after the file acted on: a text (`add a line to notes:
    // remember to back up`), whose `to` sends nothing anywhere.
    let after_colon =
        |i: usize| first_referent.is_some_and(|r| (r..i).any(|k| raw[k].ends_with(':')));
    // Past a word that announces a text (`with`, `saying`), `under the
    // mat` is the text, not a folder (`creat file keys.txt with under the
    // mat`).
    // So is everything past a colon after the file's name (`new file
    // caption.txt: sunset … link in bio` has no folder `bio`).
    let in_text = |i: usize| {
        (0..i).any(|k| {
            let announces = matches!(
                words[k].as_str(),
                "with" | "saying" | "containing" | "says" | "reading" | "say"
            );
            let colon = raw[k].ends_with(':');
            (announces
                && (file_tokens.iter().any(|&f| f < k) || first_referent.is_some_and(|r| r < k)))
                || (colon
                    && (file_tokens.iter().any(|&f| f <= k)
                        || first_referent.is_some_and(|r| r <= k)))
        })
    };
    // A word typed as a name: a capital or a digit in it (`LabOrders`,
    // `EP42`).
    let typed_as_name = |i: usize| {
        typed[i]
            .bytes()
            .any(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    };
    // Right after words that name it: `called`, `named`, `call it`, and
    // a bare `call` before a name typed as one once a folder or file was
    // said (`a folder call Homework2`).
    let called = |i: usize| {
        i >= 1 && matches!(words[i - 1].as_str(), "called" | "named")
            || (i >= 1
                && !in_quote(i)
                && matches!(words[i - 1].as_str(), "call" | "name")
                && typed_as_name(i)
                && words[..i - 1]
                    .iter()
                    .any(|w| matches!(w.as_str(), "folder" | "directory" | "file")))
            || (i >= 2 && words[i - 1] == "it" && matches!(words[i - 2].as_str(), "call" | "name"))
            // `…, the name is Homework`, `its name should be Resibo`.
            || (i >= 2
                && matches!(words[i - 1].as_str(), "is" | "be")
                && (words[i - 2] == "name"
                    || (i >= 3 && words[i - 2] == "should" && words[i - 3] == "name")))
    };
    let gives = |i: usize| {
        let called = called(i);
        // (`to become Records`: the new name after `become`.)
        let sent = i >= 1
            && (matches!(words[i - 1].as_str(), "to" | "as" | "into")
                || (i >= 2 && words[i - 1] == "become" && words[i - 2] == "to"))
            && first_referent.is_none_or(|r| r < i)
            && !after_colon(i)
            && !in_text(i)
            && !names_live_folder(i)
            // What a new folder is for (`somewhere to keep my recipes`).
            && !(words[i - 1] == "to"
                && matches!(
                    words[i].as_str(),
                    "keep" | "hold" | "organise" | "organize" | "sort" | "tidy"
                ));
        // A name typed as one (a capital or a digit), set off by a comma at
        // the end of a request to make a folder (`make a folder for the lab
        // orders, LabOrders`, `spin up a folder for episode 42, EP42`).
        let appended = i >= 2
            && i + 1 == words.len()
            && raw[i - 1].ends_with([',', ':'])
            && typed_as_name(i)
            && words[..i - 1]
                .iter()
                .any(|w| matches!(w.as_str(), "folder" | "directory" | "dir" | "subfolder"));
        called || sent || appended
    };
    // Never a new name: a word that asks for the action, or an applet's
    // name (`mkdir for my pictures please, call it pics` is not /mkdir).
    let to_root = (0..words.len()).any(|i| {
        let root = names_root_at(&words, i)
            || (matches!(words[i].as_str(), "top" | "main")
                && i >= 1
                // (`move faq to top`, without its article, too.)
                // (Or an article as spoken or slipped: `copy de FAQ to de
                // top`, `to da top`.)
                && matches!(words[i - 1].as_str(), "the" | "to" | "de" | "da" | "teh")
                // At the end, or of a clause (`copy the FAQ up to the top,
                // it's what …`), or before where it leaves (`shift the boot
                // log up to the top out of LOGS`).
                && (i + 1 == words.len()
                    || raw[i].ends_with([',', ';', '.'])
                    || (matches!(words[i + 1].as_str(), "out" | "from")
                        && !raw[i + 1].ends_with([',', ';', '.']))
                    // or before why or how soon (`copy that faq up to the
                    // top so the new guy sees it`).
                    || matches!(
                        words[i + 1].as_str(),
                        "so" | "because" | "cause" | "cos" | "please" | "pls" | "now" | "asap"
                    )));
        // Not where it is said not to go (`… in the docs folder, not at
        // the top`).
        let denied = (1..=3).any(|k| i >= k && matches!(words[i - k].as_str(), "not" | "never"));
        // (`into the very top level folder`.)
        root && !denied
            && (1..=3).any(|k| {
                i >= k && matches!(words[i - k].as_str(), "to" | "into" | "in" | "onto" | "at")
            })
    });
    // Nor is the root sent to by name (`copy release notes to the root`
    // is no /root).
    let never_named = |w: &str| {
        asks_for_action(w)
            || learnt.is_applet(w)
            || misspelt_action(w)
            || (to_root
                && matches!(
                    w,
                    "root"
                        | "top"
                        | "main"
                        | "top-level"
                        | "toplevel"
                        | "topmost"
                        | "uppermost"
                        | "outermost"
                        | "highest"
                        | "very"
                        | "de"
                        | "da"
                        | "teh"
                ))
    };
    // A folder named by the word before `folder` or `directory` (`list
    // the music folder`) that the volume lacks: missing, as a file name
    // is; a request to make it (`make a recipes folder`) still makes it.
    // A name given after it says what the folder is called; the word
    // before `folder` then says what it is for (`make an evidence folder,
    // name it CASE-0193`).
    let named_later = |i: usize| {
        (i + 2..words.len()).any(|j| {
            called(j) && !is_stopword(&words[j]) && !never_named(&words[j]) && !in_quote(j)
        })
    };
    // (Or the last word after `the folder`, where nothing is made: `move
    // FAQ.TXT into the folder archive` had renamed it /archive.)
    let makes = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "make" | "create" | "new" | "mkdir" | "called" | "named" | "name" | "call"
        )
    });
    for i in 0..words.len() {
        let after_the_folder = !makes
            && i >= 2
            && matches!(words[i - 1].as_str(), "folder" | "directory")
            && words[i - 2] == "the"
            && words
                .get(i + 1)
                .is_none_or(|n| matches!(n.as_str(), "please" | "pls" | "now" | "thanks"));
        let before_folder = after_the_folder
            || words
                .get(i + 1)
                .is_some_and(|n| matches!(n.as_str(), "folder" | "directory" | "dir"));
        let w = words[i].as_str();
        // A folder said with `a` is one to make, not one that should be
        // there (`make a wee folder cawed Fitba`).
        // (Asked about, it should be there: `is there a flashcards folder`.)
        let indefinite = i >= 1
            && matches!(words[i - 1].as_str(), "a" | "an")
            && words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "make" | "create" | "new" | "add" | "build" | "start" | "spin" | "set"
                )
            });
        // (`list folder logs`: the line's first word is its verb, and the
        // folder's name comes after.)
        let verb_first = i == 0 && matches!(w, "list" | "show" | "open" | "see" | "view");
        // A name right after `folder` is the folder's (`I mean folder
        // Archiv`, `open a new trench: folder T3`): the word before it is
        // not.
        let name_after = words.get(i + 1).is_some_and(|f| f == "folder")
            && !raw[i + 1].ends_with([',', ';', ':', '.', '?', '!'])
            && typed.get(i + 2).is_some_and(|t| {
                let t = t.trim_matches(|c: char| !c.is_alphanumeric());
                (t.starts_with(char::is_uppercase) || t.chars().any(|c| c.is_ascii_digit()))
                    && !is_stopword(&t.to_lowercase())
                    // (A new one: `outside folder DOCS` is outside the
                    // live one.)
                    && !paths
                        .iter()
                        .any(|p| p.is_dir && basename(&p.path).eq_ignore_ascii_case(t))
            });
        // Nor before `folder` and a live folder's name (`ki ena dan folder
        // DOCS?`): that folder is the one meant.
        // (Not a place beside it: `move to outside folder DOCS` is out of
        // it.)
        let live_after = matches!(
            words.get(i + 1).map(String::as_str),
            Some("folder" | "directory")
        ) && !matches!(
            words[i].as_str(),
            "outside" | "inside" | "out" | "beyond" | "above" | "below" | "under" | "over"
        ) && typed.get(i + 2).is_some_and(|t| {
            let t = t.trim_matches(|c: char| !c.is_alphanumeric());
            !t.is_empty()
                && paths
                    .iter()
                    .any(|p| p.is_dir && basename(&p.path).eq_ignore_ascii_case(t))
        });
        if !before_folder
            || name_after
            || live_after
            || indefinite
            || verb_first
            || (i >= 1 && names_root_at(&words, i - 1))
            || named_later(i)
            || describing.contains(&i)
            || in_quote(i)
            || in_phrase(i)
            || looks_like_file(w)
            || is_stopword(w)
            || is_filler(w)
            || never_named(w)
            || !w
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            || [
                "old",
                "empty",
                "top",
                "root",
                "top-level",
                "toplevel",
                "same",
                "other",
                "another",
                "whole",
                "parent",
                "current",
                "main",
                "first",
                "second",
                "last",
                "which",
                "every",
                "each",
                "your",
                "their",
                "his",
                "her",
                "one",
                "shared",
                "entire",
                "data",
                "home",
                "base",
                "sub",
                "fresh",
                "separate",
                "own",
                "single",
                "little",
                "big",
                "special",
                "temporary",
            ]
            .contains(&w)
        {
            continue;
        }
        let Some(c) = canonical(typed[i], false) else {
            continue;
        };
        if missing.iter().any(|m| m.name.eq_ignore_ascii_case(&c)) {
            continue;
        }
        missing.push(Missing {
            closest: closest(&c, paths),
            source: first_referent.is_none_or(|r| r > i),
            name: c,
            folder: true,
        });
    }
    // Words that are never a name, wherever they stand (`a copy in docs as
    // well`, `… instead`).
    let filler_name = |w: &str| {
        matches!(
            w,
            "well"
                | "instead"
                | "too"
                | "also"
                | "again"
                | "back"
                | "anyway"
                | "there"
                | "here"
                | "now"
                | "then"
                | "today"
                | "tomorrow"
                // `set the readme to say …`, `… to become Records`: the
                // verb, not a name.
                | "say"
                | "become"
        )
    };
    let any_given = (0..words.len()).any(|i| {
        gives(i) && !is_stopword(&words[i]) && !never_named(&words[i]) && !filler_name(&words[i])
    });
    // A new name the request gives (`to journal`, `called pics`): a word
    // after a name-giving word that refers to no live file. Then that is
    // where the file goes, not a name the volume already has.
    let names_given = (0..words.len()).any(|i| {
        gives(i)
            && !is_stopword(&words[i])
            && !never_named(&words[i])
            && !filler_name(&words[i])
            && !describing.contains(&i)
            && !in_phrase(i)
            && canonical(typed[i], false).is_some()
    });
    // The first word that described a live file by more than its kind (a
    // folder is where a new name may go: `add a subfolder 2025 under logs`).
    let first_file_described = described
        .iter()
        .zip(&described_at)
        .filter(|(p, at)| !p.is_dir && !by_kind.contains(at))
        .map(|(_, &at)| at)
        .min();
    // A bare word is a new name only where something introduces it: a
    // word that gives a name or sends something (`called pics`, `to
    // archive`), a kind of folder around it (`a recipes folder`, `folder
    // boot2`), or the file it is made from right before it (`copy
    // notes.txt backup`). Any other word is the request's own (`show
    // them`, `pull up the notes`, `a copy in docs as well`), and a name
    // made of it would be a file the person never asked for.
    let folder_word = |w: &str| {
        matches!(w, "folder" | "directory" | "dir" | "subfolder") || edit_distance(w, "folder") == 1
    };
    let introduced = |i: usize| {
        let at = |k: usize| words.get(k).map_or("", |w| w.as_str());
        let back = |n: usize| if i >= n { at(i - n) } else { "" };
        let introducer = |w: &str| {
            folder_word(w)
                || matches!(
                    w,
                    "called" | "named" | "entitled" | "mkdir" | "md" | "name" | "file"
                )
        };
        let article = |w: &str| matches!(w, "the" | "a" | "an" | "my" | "our" | "new");
        let filler = filler_name(at(i));
        // `call it pics`, `name is work`.
        let named_so = (back(1) == "it" && matches!(back(2), "call" | "name"))
            || (back(1) == "is" && back(2) == "name");
        // Right after a file name the request spells (`copy notes.txt
        // backup`); a file only described is no such anchor (`my to do
        // list` names no /list).
        let after_file = i >= 1 && file_tokens.contains(&(i - 1));
        // What a folder is for (`a folder for my echo tests`, `a directory
        // for the year 2027`).
        let folder_for = (1..=3).any(|k| back(k) == "for" && folder_word(back(k + 1)));
        !filler
            && (gives(i)
                || introducer(back(1))
                || named_so
                || (article(back(1))
                    && (introducer(back(2)) || (i >= 1 && gives(i - 1)) || folder_word(at(i + 1))))
                || folder_word(at(i + 1))
                || folder_for
                || after_file)
    };
    for (i, w) in words.iter().enumerate() {
        if looks_like_file(w) || is_stopword(w) || in_phrase(i) || in_quote(i) || never_named(w) {
            continue;
        }
        // (`move the file about VFAT long names to the top` had made
        // /about: what a file is about names nothing.)
        let about_a_file = matches!(w.as_str(), "about" | "regarding" | "concerning")
            && i >= 1
            && matches!(
                words[i - 1].as_str(),
                "file" | "files" | "document" | "doc" | "one" | "note" | "notes" | "item" | "text"
            );
        if about_a_file {
            continue;
        }
        // A word that describes a live file is not a new name, unless a
        // name-giving word precedes it (`a directory called notes`).
        if describing.contains(&i) && !gives(i) {
            continue;
        }
        // Words after the file acted on may name where it goes (`copy
        // boot.log in logs music`), but not those after a colon past it:
        // the colon opens a text (`add a line to notes: remember to back
        // up` has no new name `back`).
        let after_source = first_referent.is_some_and(|r| i > r);
        if (after_colon(i) || in_text(i)) && !gives(i) {
            continue;
        }
        // Before a live file the request refers to, a content word is that
        // request's words, not a name (`add a line saying see you monday to
        // the meeting notes` names no /saying).
        let before_a_file = first_file_described.is_some_and(|r| i < r);
        if !introduced(i) {
            continue;
        }
        // A name given later (`as your manager I'm asking you to make a
        // folder called reports`, `it'd be handy to have a folder called
        // invoices`) is the name; a word after `as` or `to` before it is
        // none.
        let after_dest = i >= 1 && is_destination_word(&words[i - 1]);
        if after_dest && !called(i) && named_later(i) {
            continue;
        }
        if (!any_file_token && !any_given && !before_a_file) || gives(i) || after_source {
            if let Some(c) = canonical(typed[i], false) {
                new_names.push(c);
            }
        }
    }
    // Unquoted words after `called` or `named` that run to the end of the
    // request, or to the file's extension, may be one name (`a folder
    // called SECRET STUFF`, `a file called shopping list.txt with eggs`):
    // offered beside the first word's, the model chooses.
    for i in (1..words.len()).filter(|&i| matches!(words[i - 1].as_str(), "called" | "named")) {
        if in_quote(i) || in_phrase(i) {
            continue;
        }
        let plain = |k: usize| {
            !is_joining_word(&words[k])
                && !is_stopword(&words[k])
                && !is_filler(&words[k])
                && !is_asking_word(&words[k])
                && !filler_name(&words[k])
                && !matches!(
                    words[k].as_str(),
                    "with" | "saying" | "containing" | "please" | "pls"
                )
        };
        let mut j = i;
        while j + 1 < words.len()
            && j + 1 < i + 3
            && plain(j + 1)
            && !raw[j].ends_with([',', ';', ':', '.', '!', '?'])
            && !has_extension(clean(raw[j]))
        {
            j += 1;
        }
        let to_end = j + 1 == words.len() || has_extension(clean(raw[j]));
        if j > i && to_end && plain(i) {
            let name = typed[i..=j].join(" ");
            if let Some(c) = canonical(name.trim_end_matches(['.', '!', '?']), true) {
                // Every word capitalised is one name, typed as a title (`a
                // folder called Permission Slips`): not its first word.
                let title = typed[i..=j]
                    .iter()
                    .all(|w| w.chars().next().is_some_and(|c| c.is_uppercase()))
                    && typed[i..=j]
                        .iter()
                        .any(|w| w.chars().skip(1).any(|c| c.is_lowercase()));
                if title {
                    if let Some(first) = canonical(typed[i], false) {
                        new_names.retain(|n| *n != first);
                    }
                }
                new_names.push(c);
            }
        }
    }

    let mut referents: Vec<PathEntry> = Vec::new();
    // A missing name in the place of the file acted on: only files the
    // request names count, never one its other words describe.
    // Live files the request names by a name it spells, not by a misspelling.
    let spelt_files: Vec<PathEntry> = named
        .iter()
        .filter(|p| !p.is_dir && !misspelt_refs.contains(p))
        .map(|p| (*p).clone())
        .collect();
    let named_any: Vec<PathEntry> = named.iter().map(|p| (*p).clone()).collect();
    // Files described only after the first spelt name: not the file acted
    // on (`copy my todos HELLO.TXT` copies the todo list, which comes first).
    let described_after: Vec<PathEntry> = described
        .iter()
        .filter(|p| {
            let spelt = first_spelt.unwrap_or(usize::MAX);
            described
                .iter()
                .zip(&described_at)
                .filter(|(q, _)| q == p)
                .all(|(_, &at)| at > spelt)
        })
        .map(|p| (*p).clone())
        .collect();
    // What the request sends something into (`move todo into logs`: the
    // folder, and the log its word also describes) is where it goes, not
    // the thing moved, once something came before.
    // A folder after `in` is where something goes too, once the thing has
    // been named (`put the release notes in the logs directory` moves no
    // /LOGS); a file after `in` is where a text goes, and stays.
    // Only where every mention of it sends something there: `what
    // documents are in docs?` still lists /DOCS.
    let sent_at = |p: &PathEntry, at: usize| {
        // `into the folder logs`: the folder's word comes one later.
        let reach = if p.is_dir
            && at >= 1
            && matches!(words[at - 1].as_str(), "folder" | "directory" | "dir")
        {
            3
        } else {
            2
        };
        // `next to the FAQ` says where, beside what: nothing goes onto it.
        let beside = |k: usize| {
            at > k
                && matches!(
                    words[at - k - 1].as_str(),
                    "next" | "close" | "similar" | "compared"
                )
        };
        first_referent.is_some_and(|r| r < at)
            && (1..=reach).any(|k| {
                at >= k
                    && ((matches!(words[at - k].as_str(), "to" | "into" | "onto") && !beside(k))
                        || (p.is_dir && matches!(words[at - k].as_str(), "in" | "inside")))
            })
    };
    let sent_into: Vec<PathEntry> = described
        .iter()
        .zip(&described_at)
        .filter(|(p, _)| {
            described
                .iter()
                .zip(&described_at)
                .filter(|(q, _)| q == p)
                .all(|(q, &at)| sent_at(q, at))
        })
        .map(|(p, _)| (*p).clone())
        .collect();
    // Files the request reached by no more than their kind (`logs`).
    let kind_only_files: Vec<PathEntry> = described
        .iter()
        .filter(|p| {
            described
                .iter()
                .zip(&described_at)
                .filter(|(q, _)| q == p)
                .all(|(_, at)| by_kind.contains(at))
        })
        .map(|p| (*p).clone())
        .collect();
    // A name the volume lacks in the place of the file acted on, after a
    // word that adds a line, and a live file described by more than its
    // kind later, right after `to`, `into` or `onto` (`add IMG_0004.JPG
    // beach at sunset to the photo list` made /IMG_0004.JPG): the name is
    // part of the line the request adds, and the described file is where
    // it goes. A move stays a move of a missing file (`move notes3.txt to
    // logs`).
    let mut freed: Option<core::ops::Range<usize>> = None;
    if let Some((m, name)) = &source_missing_at {
        let sent = |at: usize| {
            (1..=3).any(|k| at >= k && matches!(words[at - k].as_str(), "to" | "into" | "onto"))
        };
        let adds = words[..m.start].iter().any(|w| {
            matches!(
                w.as_str(),
                "add" | "append" | "put" | "note" | "insert" | "include" | "jot" | "record"
            )
        });
        let goes_to_file = adds
            && described.iter().zip(&described_at).any(|(p, &at)| {
                !p.is_dir && !kind_only_files.contains(p) && at >= m.end && sent(at)
            });
        if goes_to_file {
            source_missing = false;
            missing.retain(|x| !(x.source && &x.name == name));
            new_names.retain(|n| n != name);
            // Its words are the text's.
            freed = Some(m.clone());
        }
    }
    // A folder the request mentions together with a file inside it that
    // another word reaches (the file spelt, or described by more than its
    // kind) says where that file is (`teleport the FAQ out of docs`, `the
    // docs folder has some release notes, rename them`). The word `logs`
    // that reaches both the folder and the boot log sets neither apart.
    let folder_words = |d: &PathEntry| -> Vec<usize> {
        described
            .iter()
            .zip(&described_at)
            .filter(|(q, _)| **q == d)
            .map(|(_, &at)| at)
            .collect()
    };
    let containers: Vec<String> = described
        .iter()
        .chain(named.iter())
        .filter(|d| d.is_dir)
        .filter(|d| {
            let own = folder_words(d);
            let inside = |f: &PathEntry| !f.is_dir && command::is_inside(&f.path, &d.path);
            named.iter().any(|f| inside(f))
                || described.iter().zip(&described_at).any(|(f, &at)| {
                    // Not a new name that happens to describe it (`rename
                    // docs to manual`: the guide).
                    inside(f) && !own.contains(&at) && !by_kind.contains(&at) && !gives(at)
                })
        })
        .map(|d| d.path.clone())
        .fold(Vec::new(), |mut v, p| {
            if !v.contains(&p) {
                v.push(p);
            }
            v
        });
    // Where each described path was mentioned, kept past the move below.
    let mentioned: Vec<(PathEntry, usize)> = described
        .iter()
        .zip(&described_at)
        .map(|(p, &at)| ((*p).clone(), at))
        .collect();
    let sources = if source_missing {
        named
    } else {
        named.into_iter().chain(described).collect()
    };
    for p in sources {
        if !referents.contains(p) {
            referents.push(p.clone());
        }
    }

    // Each new path once, ignoring case (one name on FAT); the first
    // spelling stays, and referred files come first, so a name the volume
    // already has keeps the volume's spelling.
    let mut new_paths: Vec<String> = Vec::new();
    // Never a live folder: no slot that may name something new takes one
    // (`mkdir /DOCS` and `write /DOCS …` fail, and `cp /HELLO.TXT /DOCS` is
    // `cp /HELLO.TXT /DOCS/HELLO.TXT`, which is offered when the request
    // refers to the folder), so `copy hello.txt into docs` names the file
    // the copy makes.
    let add = |p: String, new_paths: &mut Vec<String>| {
        let p = respell(&p, paths);
        let live_dir = paths.iter().any(|e| e.is_dir && same_path(&e.path, &p));
        let valid = canonical(&p, true).is_some() && p.starts_with('/') && !live_dir;
        if valid && !new_paths.iter().any(|q| same_path(q, &p)) {
            new_paths.push(p);
        }
    };
    // A referred file keeps its name at the root and in the folders the
    // request refers to (`move the notes into docs`), not in every folder:
    // `rename readme to info` must not offer /LOGS/README.TXT.
    let referred_dirs: Vec<&str> = referents
        .iter()
        .filter(|p| p.is_dir)
        .map(|p| p.path.as_str())
        .collect();
    // Where a new name may go: the root, the folders the request refers to,
    // and the folders of the files it refers to (`a copy of faq.txt called
    // faq2.txt` is /DOCS/faq2.txt).
    // Sent to the root (`to the root`, `into the top folder`): new names go
    // there and in no folder (`copy boot.log to the root as boot.txt` is
    // /boot.txt, not /LOGS/boot.txt).
    let referred_dirs: Vec<&str> = if to_root { Vec::new() } else { referred_dirs };
    // A rename keeps the file where it is (`rename Release Notes 0.1.txt to
    // Chronicle.txt` stays in DOCS): where no folder is referred to, the
    // new name goes beside the file and not at the root.
    let renaming = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "rename" | "renamed" | "renaming" | "rename's" | "retitle" | "relabel"
        )
    });
    let mut name_dirs: Vec<&str> = referred_dirs.clone();
    for r in referents
        .iter()
        .filter(|p| !p.is_dir && !to_root && !misspelt_refs.contains(p))
    {
        if let Some((d, _)) = r.path.rsplit_once('/') {
            if !d.is_empty() && !name_dirs.iter().any(|n| same_path(n, d)) {
                name_dirs.push(d);
            }
        }
    }
    // A file name the request sends the text or the copy to is the new
    // name, and no other is: `write hello world into greet.txt` must not
    // offer /HELLO.TXT, which `hello` describes.
    for p in &pinned_live {
        add(p.clone(), &mut new_paths);
    }
    // (Only one file is acted on, and it is in a folder.)
    let beside_only = renaming
        && !to_root
        && referred_dirs.is_empty()
        && name_dirs.len() == 1
        && referents.iter().filter(|r| !r.is_dir).count() == 1;
    // A name with its own folder goes where it says.
    let at_root_too = |n: &str| !beside_only || n.contains('/');
    if !dest_names.is_empty() {
        for n in &dest_names {
            if at_root_too(n) {
                add(alloc::format!("/{n}"), &mut new_paths);
            }
            if !n.contains('/') && !pinned.contains(n) {
                for d in &name_dirs {
                    add(alloc::format!("{d}/{n}"), &mut new_paths);
                }
            }
        }
    }
    // A file only described where something is sent, after the thing sent,
    // by no more than its kind (`copy todo to folder logs`: the boot log)
    // or where a folder is what is sent (`rename the docs folder to
    // Manual`: the guide), is no name to write over.
    let kind_only = |r: &PathEntry| kind_only_files.contains(r);
    let folder_sent = referents.first().is_some_and(|f| f.is_dir);
    let sent_to_dir = sent_into.iter().any(|d| d.is_dir);
    let overwrite_unsaid = |r: &PathEntry| {
        !r.is_dir
            && sent_into.contains(r)
            && !named_any.contains(r)
            && (kind_only(r) || folder_sent)
    };
    for r in referents.iter().filter(|r| {
        dest_names.is_empty() && !names_given && !misspelt_refs.contains(r) && !overwrite_unsaid(r)
    }) {
        add(r.path.clone(), &mut new_paths);
        if !r.is_dir {
            let name = basename(&r.path);
            // Sent into a folder (`move boot.log to the docs folder`), a
            // copy or move goes there, not to the root.
            if !sent_to_dir || to_root {
                add(alloc::format!("/{name}"), &mut new_paths);
            }
            for d in &referred_dirs {
                add(alloc::format!("{d}/{name}"), &mut new_paths);
            }
        }
    }
    for n in new_names.iter().filter(|_| dest_names.is_empty()) {
        // The name of a live file the request sends into a folder is that
        // file's, not a new one at the root.
        let moved_name = sent_to_dir
            && !to_root
            && referents
                .iter()
                .any(|r| !r.is_dir && basename(&r.path).eq_ignore_ascii_case(n));
        if !moved_name && at_root_too(n) {
            add(alloc::format!("/{n}"), &mut new_paths);
        }
        if !n.contains('/') && !pinned.contains(n) {
            for d in &name_dirs {
                add(alloc::format!("{d}/{n}"), &mut new_paths);
            }
        }
    }
    // A new file in a new folder the request names (`stats.dat in the src
    // folder`): each name with an extension under each word without one.
    let files = if dest_names.is_empty() {
        &new_names
    } else {
        &dest_names
    };
    // Only a word the request places the file in or calls a folder is one
    // (`in projects`, `in the music folder`, `the folder called src`): `hello
    // world into greet.txt` has no folder `world`, and `the todo list to
    // tasks.txt` no folder `list`.
    let folder_kind = |w: &str| matches!(w, "folder" | "directory" | "dir");
    let is_folder_word = |i: usize| {
        let at = |k: usize| words.get(k).map_or("", |w| w.as_str());
        let back = |n: usize| if i >= n { at(i - n) } else { "" };
        // (After a name: `In accordance with section 3, the file TODO.TXT
        // shall be renamed` has no folder `accordance`.)
        let after_a_name = words[..i].iter().any(|w| looks_like_file(w));
        // (`in case somebody messes with it`, `in fact`: idioms, no folder.)
        let idiom = back(1) == "in"
            && matches!(
                at(i),
                "case"
                    | "fact"
                    | "order"
                    | "time"
                    | "general"
                    | "particular"
                    | "short"
                    | "theory"
                    | "future"
                    | "advance"
                    | "addition"
                    | "total"
                    | "turn"
                    | "return"
                    | "doubt"
                    | "full"
                    | "detail"
                    | "brief"
                    | "private"
                    | "public"
                    | "person"
                    | "progress"
                    | "mind"
            );
        let placed = |k: usize| {
            matches!(back(k), "in" | "inside" | "under" | "within")
                && !in_text(i)
                && after_a_name
                && !idiom
        };
        placed(1)
            || (placed(2) && matches!(back(1), "the" | "my" | "a" | "our"))
            || folder_kind(at(i + 1))
            // `the docs folder has …`: that `folder` was the live folder's.
            || (folder_kind(back(1)) && !(i >= 2 && folder_at.iter().any(|(a, _)| *a == i - 2)))
            || (folder_kind(back(2)) && matches!(back(1), "called" | "named"))
    };
    let folders: Vec<String> = (0..words.len())
        .filter(|&i| {
            is_folder_word(i)
                && !is_stopword(&words[i])
                && !never_named(&words[i])
                && !looks_like_file(&words[i])
        })
        .filter_map(|i| canonical(typed[i], false))
        .collect();
    for f in files.iter().filter(|n| n.contains('.') && !n.contains('/')) {
        for d in &folders {
            add(alloc::format!("/{d}/{f}"), &mut new_paths);
        }
    }
    // A new file the request places in a folder right after its name
    // (`names.md in docs`, `boot2.md in music`, `friends.txt in the backup
    // folder`) goes there only: not at the root, nor in another folder.
    // So does a new folder's name right after `folder` or `called`
    // (`make a new folder work inside docs` is /DOCS/work).
    for t in 0..words.len() {
        let folder_name = t >= 1
            && matches!(
                words[t - 1].as_str(),
                "folder" | "directory" | "dir" | "called" | "named"
            )
            && !raw[t - 1].ends_with([',', ';', ':', '.'])
            && !matches!(words[t].as_str(), "not" | "but" | "then")
            && !is_stopword(&words[t])
            && !never_named(&words[t])
            && !describing.contains(&t);
        if !(looks_like_file(&words[t]) || folder_name) || in_quote(t) || typed[t].contains('/') {
            continue;
        }
        let Some(name) = canonical(typed[t], false) else {
            continue;
        };
        if !resolve(&name, paths).is_empty() {
            continue;
        }
        let placed = words
            .get(t + 1)
            .is_some_and(|w| matches!(w.as_str(), "in" | "inside" | "under" | "within"));
        if !placed {
            continue;
        }
        let mut d = t + 2;
        while words
            .get(d)
            .is_some_and(|w| matches!(w.as_str(), "the" | "my" | "a" | "our"))
        {
            d += 1;
        }
        if d >= words.len() || looks_like_file(&words[d]) {
            continue;
        }
        let live = folder_at
            .iter()
            .find(|(at, _)| *at == d)
            .map(|(_, p)| p.clone());
        let dir = match live {
            Some(p) => p,
            None if is_folder_word(d) && !never_named(&words[d]) && !is_stopword(&words[d]) => {
                match canonical(typed[d], false) {
                    Some(n) => alloc::format!("/{n}"),
                    None => continue,
                }
            }
            None => continue,
        };
        let dir = respell(&dir, paths);
        new_paths.retain(|p| match p.rsplit_once('/') {
            Some((parent, base)) if base.eq_ignore_ascii_case(&name) => {
                same_path(if parent.is_empty() { "/" } else { parent }, &dir)
            }
            _ => true,
        });
        add(alloc::format!("{dir}/{name}"), &mut new_paths);
    }

    // What a must-exist slot may take. A file the request spells by name
    // is the file acted on, not one its later words describe (`stats.txt
    // in the notes folder` is not /NOTES.TXT), and the folder it is said to
    // be in is where it is, not a second thing to act on (`photos.bin in
    // the projects folder` is not /projects). Both still place new names.
    // The root by name (`list out the root`, `what the top level has`): a
    // folder a must-exist slot may take, unless it is where a copy goes.
    let names_root = (0..words.len()).any(|i| names_root_at(&words, i));
    let root = PathEntry {
        path: String::from("/"),
        is_dir: true,
    };
    // Where every mention of a described path follows a word that sets it
    // apart (`anything in docs besides the guide`), it is not what the
    // request acts on.
    let mentions = |p: &PathEntry| -> Vec<usize> {
        mentioned
            .iter()
            .filter(|(q, _)| q == p)
            .map(|(_, at)| *at)
            .collect()
    };
    // A mention by kind alone (`logs` for the boot log) says less than
    // one by name: the latter decides.
    let said = |p: &PathEntry| -> Vec<usize> {
        let all = mentions(p);
        let by_name: Vec<usize> = all
            .iter()
            .copied()
            .filter(|a| !by_kind.contains(a))
            .collect();
        if by_name.is_empty() {
            all
        } else {
            by_name
        }
    };
    let set_apart = |p: &PathEntry| {
        said(p).into_iter().all(|at| {
            (1..=3).any(|k| {
                at >= k
                    && (matches!(words[at - k].as_str(), "besides" | "except" | "excluding")
                        || (at > k
                            && matches!(
                                (words[at - k - 1].as_str(), words[at - k].as_str()),
                                ("other", "than") | ("apart", "from") | ("aside", "from")
                            )))
            })
        })
    };
    // A folder said only as where a described file is (`the questions and
    // answers document in docs`) places that file: it is not a second
    // thing to act on.
    let places_a_file = |dir: &PathEntry| {
        let inside = alloc::format!("{}/", dir.path.to_ascii_uppercase());
        // `document` says what kind of file, not which folder, once the
        // folder is named (`the questions and answers document in docs`).
        let all = mentions(dir);
        let at_dir: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&a| !matches!(words[a].as_str(), "document" | "documents" | "doc"))
            .collect();
        let at_dir = if at_dir.is_empty() { all } else { at_dir };
        at_dir.iter().all(|&at| {
            (1..=2).any(|k| {
                at >= k && matches!(words[at - k].as_str(), "in" | "inside" | "from" | "within")
            })
        }) && mentioned.iter().any(|(f, at)| {
            !f.is_dir
                && f.path.to_ascii_uppercase().starts_with(&inside)
                && at_dir.iter().all(|d| d > at)
        })
    };
    let kept_apart = referents.iter().filter(|r| set_apart(r)).count();
    let mut existing: Vec<PathEntry> = referents
        .iter()
        .filter(|r| {
            if named_any.contains(r) {
                return true;
            }
            if sent_into.contains(r) {
                return false;
            }
            if kept_apart < referents.len() && set_apart(r) {
                return false;
            }
            if r.is_dir && places_a_file(r) {
                return false;
            }
            if r.is_dir {
                let inside = alloc::format!("{}/", r.path.to_ascii_uppercase());
                !spelt_files
                    .iter()
                    .any(|f| f.path.to_ascii_uppercase().starts_with(&inside))
            } else {
                !described_after.contains(r)
            }
        })
        .cloned()
        .collect();
    // One word of a long name that no other live name has (`what did the
    // meeting decide`, `which photos are on my list for 2026`), when the
    // request refers to nothing else: that file, as a weak referent (a
    // read may act on it; the proposal runs no change of it).
    let mut weak: Vec<String> = Vec::new();
    // Beside folders only (where a file goes: `move the file of the
    // meeting into DOCS`), the word must say the file, as what it is about
    // or before `file` (`the meeting file`).
    let only_folders = !existing.is_empty() && existing.iter().all(|e| e.is_dir);
    if (existing.is_empty() || only_folders) && missing.is_empty() && !any_file_token {
        let owners_of = |w: &str, singular: &str| -> Vec<&PathEntry> {
            paths
                .iter()
                .filter(|p| {
                    stem_words(stem(basename(&p.path)))
                        .iter()
                        .any(|s| s == w || s == singular)
                })
                .collect()
        };
        let mut hits: Vec<&PathEntry> = Vec::new();
        // Said as what a file is about (`the file of the meeting`, `the file
        // about the 2026 photos`), the word describes that file: no weak
        // reading of it.
        let mut described_file = false;
        let about_a_file = |at: usize| {
            (1..at).rev().any(|k| {
                (matches!(words[k - 1].as_str(), "file" | "files")
                    || is_document_noun(&words[k - 1]))
                    && matches!(words[k].as_str(), "of" | "about" | "on" | "from" | "with")
                    && words[k + 1..at].iter().all(|x| {
                        matches!(x.as_str(), "the" | "my" | "our" | "a" | "an" | "that")
                            || x.bytes().all(|b| b.is_ascii_digit())
                    })
            })
        };
        for (at, w) in words.iter().enumerate() {
            let singular = w.strip_suffix('s').unwrap_or(w);
            if in_quote(at)
                || singular.len() < 5
                || !w.bytes().all(|b| b.is_ascii_alphabetic())
                || is_stopword(w)
                || is_document_noun(w)
                || is_document_noun(singular)
                || asks_for_action(w)
            {
                continue;
            }
            let owners = owners_of(w, singular);
            if let [p] = owners.as_slice() {
                if !p.is_dir && stem_words(stem(basename(&p.path))).len() >= 2 && !hits.contains(p)
                {
                    hits.push(p);
                    described_file |= about_a_file(at)
                        || words
                            .get(at + 1)
                            .is_some_and(|n| matches!(n.as_str(), "file" | "files"));
                }
            }
        }
        if let ([p], true) = (hits.as_slice(), described_file || !only_folders) {
            // Sent into the folders named, a copy or move goes there.
            if only_folders {
                let name = basename(&p.path);
                for d in existing.iter().filter(|e| e.is_dir) {
                    let q = alloc::format!("{}/{name}", d.path);
                    if !new_paths.iter().any(|x| same_path(x, &q))
                        && !paths.iter().any(|e| same_path(&e.path, &q))
                    {
                        new_paths.push(q);
                    }
                }
            }
            existing.push((*p).clone());
            if !described_file {
                weak.push(p.path.clone());
            }
        }
    }
    if names_root && !to_root && !existing.contains(&root) {
        existing.push(root);
    }
    // The one referent's own words (`2026` in `show the 2026 photo list`).
    let own_words: Vec<String> = existing
        .first()
        .map(|p| stem_words(stem(basename(&p.path))))
        .unwrap_or_default();
    let names_only = existing.len() == 1
        && missing.is_empty()
        && !describing.is_empty() | !name_tokens.is_empty()
        && (0..words.len()).all(|k| {
            is_filler(&words[k])
                || is_asking_frame(&words[k])
                || name_tokens.contains(&k)
                || own_words.contains(&words[k])
                // How much of it, or which (`boot log, full`, `notes pls,
                // the main ones`).
                || matches!(
                    words[k].as_str(),
                    "full" | "whole" | "entire" | "all" | "complete" | "main" | "ones" | "again"
                )
                // A list after the words that describe it is what they
                // describe (`the to do list`, `my task list`).
                || (words[k] == "list" && k > 0 && describing.contains(&(k - 1)))
                // A kind of file (`log`, `bin`) or an applet's name says
                // what to do as much as what to do it to, unless a word
                // that names the file stands beside it (`the startup log`).
                || (describing.contains(&k)
                    && ((!by_kind.contains(&k) && !learnt.is_applet(&words[k]))
                        || [k.wrapping_sub(1), k + 1].iter().any(|&n| {
                            describing.contains(&n) && !by_kind.contains(&n) && !learnt.is_applet(&words[n])
                        })))
        });
    let (file_tokens, name_tokens) = match &freed {
        Some(m) => (
            file_tokens
                .iter()
                .copied()
                .filter(|k| !m.contains(k))
                .collect(),
            name_tokens
                .iter()
                .copied()
                .filter(|k| !m.contains(k))
                .collect(),
        ),
        None => (file_tokens, name_tokens),
    };
    let texts = spans(request, &tokens, &file_tokens, &name_tokens, &describing);
    // A pronoun alone is no text: it points at one (`…, put that at the end
    // of notes` is no line "that"). Nor is where a text is shown (`type
    // Gracias on the screen` offered "the screen").
    let texts: Vec<String> = texts
        .into_iter()
        .filter(|t| {
            let t = t.to_ascii_lowercase();
            let screen = [
                "screen",
                "the screen",
                "on the screen",
                "on screen",
                "my screen",
            ]
            .iter()
            .any(|s| {
                t.strip_prefix(s)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ',']))
            });
            // Nor the pronoun a text is said of (`make it say Goodbye`).
            let said_of = ["it ", "that ", "this ", "them "].iter().any(|p| {
                t.strip_prefix(p).is_some_and(|rest| {
                    ["say ", "says ", "read ", "reads "]
                        .iter()
                        .any(|v| rest.starts_with(v))
                })
            });
            !screen
                && !said_of
                && !matches!(
                    t.as_str(),
                    "that" | "this" | "it" | "these" | "those" | "them"
                )
        })
        .collect();
    // A live file the request describes, no name given and none spelt: the
    // words of a text before it are no new name for it (`put ship it at
    // the end of the release notes` is no /DOCS/ship); words after it may
    // say where it goes (`move readme to the home folder`).
    let about_folders = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "folder" | "directory" | "dir" | "subfolder" | "subdirectory"
        )
    });
    if existing.iter().any(|p| !p.is_dir)
        && !names_given
        && dest_names.is_empty()
        && !any_file_token
        && !about_folders
    {
        let first = first_referent.unwrap_or(0);
        let before: Vec<String> = (0..first)
            .filter(|&i| {
                texts.iter().any(|t| {
                    t.split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|x| x.eq_ignore_ascii_case(&words[i]))
                })
            })
            .filter_map(|i| canonical(typed[i], false))
            .collect();
        new_paths.retain(|p| !before.iter().any(|b| b.eq_ignore_ascii_case(basename(p))));
    }
    let names_a_file = !existing.is_empty()
        && (!name_tokens.is_empty()
            || describing
                .iter()
                .any(|&k| !by_kind.contains(&k) && !learnt.is_applet(&words[k])));
    let named: Vec<usize> = file_tokens.iter().chain(&describing).copied().collect();
    let requests = request_spans(request, &tokens, &words, &named);
    // Live files the request places something beside (`put a copy of the
    // boot log next to the FAQ and the guide`): no copy or move lands on
    // them.
    // From such a word to the end of its clause (`… and the guide`).
    let beside = |at: usize| {
        (0..at)
            .rev()
            .take_while(|&k| !raw[k].ends_with([',', '.', ';', ':', '!', '?']))
            .any(|k| {
                matches!(
                    words[k].as_str(),
                    "beside" | "near" | "alongside" | "where" | "wherever"
                )
                    || (words[k] == "to"
                        && k >= 1
                        && matches!(words[k - 1].as_str(), "next" | "close"))
                    // (`into the same folder as the readme`.)
                    || (words[k] == "as"
                        && k >= 1
                        && matches!(
                            words[k - 1].as_str(),
                            "folder" | "directory" | "dir" | "place" | "location"
                        ))
            })
    };
    let landmarks: Vec<String> = paths
        .iter()
        .filter(|p| {
            !p.is_dir
                && !named_any.contains(p)
                && mentioned.iter().any(|(q, at)| q == *p && beside(*at))
                && mentioned.iter().all(|(q, at)| q != *p || beside(*at))
        })
        .map(|p| p.path.clone())
        .collect();
    // Beside them is in their folder: a copy of the file sent goes there.
    for l in &landmarks {
        let Some((dir, _)) = l.rsplit_once('/') else {
            continue;
        };
        for r in existing
            .iter()
            .filter(|r| !r.is_dir && !landmarks.contains(&r.path))
        {
            let p = alloc::format!("{dir}/{}", basename(&r.path));
            if !new_paths.iter().any(|q| same_path(q, &p))
                && !paths.iter().any(|e| same_path(&e.path, &p))
            {
                new_paths.push(p);
            }
        }
    }
    // `a copy … called old todo.txt`: the name runs to its extension, so
    // `/old` alone is a name cut short.
    let whole: Vec<String> = new_paths.clone();
    new_paths.retain(|p| {
        has_extension(p)
            || !whole.iter().any(|q| {
                q.len() > p.len()
                    && q.starts_with(p.as_str())
                    && q[p.len()..].starts_with(' ')
                    && has_extension(q)
            })
    });
    // `called Shopping List.txt`, `name it Travel Plans`, `call it START
    // HERE.txt`: a name of several words after the word that names, to
    // its extension or the clause's end, is the name, in every folder a
    // part of it was offered in; its parts alone are names cut short, and
    // not missing files.
    let span = named_span(request).or_else(|| {
        spaced_name(request, &|n| {
            paths
                .iter()
                .any(|e| basename(&e.path).eq_ignore_ascii_case(n))
        })
    });
    if let Some(span) = &span {
        let parts: Vec<&str> = span.split(' ').collect();
        // (Where its last part was offered, else at the root: a rename in
        // DOCS stays there.)
        let mut dirs: Vec<String> = Vec::new();
        for p in &new_paths {
            if let Some((d, n)) = p.rsplit_once('/') {
                if parts.iter().any(|x| x.eq_ignore_ascii_case(n)) && !dirs.iter().any(|e| e == d) {
                    dirs.push(String::from(d));
                }
            }
        }
        if dirs.is_empty() {
            dirs.push(String::new());
        }
        new_paths.retain(|p| {
            !p.rsplit_once('/')
                .is_some_and(|(_, n)| parts.iter().any(|x| x.eq_ignore_ascii_case(n)))
        });
        for d in dirs {
            let p = alloc::format!("{d}/{span}");
            if !new_paths.iter().any(|q| same_path(q, &p)) {
                new_paths.push(p);
            }
        }
        missing.retain(|m| !parts.iter().any(|x| x.eq_ignore_ascii_case(&m.name)));
    }
    let mut texts = tidy_texts(texts, request);
    if let Some(span) = &span {
        // (Nor a text that runs into it: `write buy milk to shopping
        // list.txt` says `buy milk`.)
        // It is cut where the span's word opens.
        let first = span.split(' ').next().unwrap_or("").to_ascii_lowercase();
        let cut = |t: &str| -> Option<String> {
            let lt = t.to_ascii_lowercase();
            ["to", "into", "as", "called", "named"]
                .iter()
                .find_map(|o| {
                    let at = lt.find(&alloc::format!(" {o} {first} ")).or_else(|| {
                        lt.ends_with(&alloc::format!(" {o} {first}"))
                            .then(|| lt.len() - o.len() - first.len() - 2)
                    })?;
                    Some(String::from(t[..at].trim_end()))
                })
        };
        let mut kept: Vec<String> = Vec::new();
        for t in texts.drain(..) {
            let t = cut(&t).unwrap_or(t);
            if !t.is_empty() && !span.contains(t.as_str()) && !kept.contains(&t) {
                kept.push(t);
            }
        }
        texts = kept;
    }
    if let Some(t) = text_then_pointer(request).or_else(|| said_of_it(request)) {
        texts = alloc::vec![t];
    }
    texts = placed_texts(texts, request);
    // `add call the bank to the end of the todo list`: `the todo list`
    // refers to the file the text goes into; it is no text of it.
    if texts.len() > 1 {
        let names: Vec<String> = existing
            .iter()
            .flat_map(|r| stem_words(stem(basename(&r.path))))
            .collect();
        let refers = |t: &str| {
            let first = clause_words(t).into_iter().next().unwrap_or_default();
            if t.starts_with(['"', '\''])
                || !matches!(first.as_str(), "the" | "my" | "this" | "our" | "your")
            {
                return false;
            }
            let w: Vec<String> = clause_words(t)
                .into_iter()
                .filter(|x| {
                    !matches!(
                        x.as_str(),
                        "the"
                            | "my"
                            | "a"
                            | "an"
                            | "this"
                            | "that"
                            | "our"
                            | "your"
                            | "list"
                            | "file"
                            | "folder"
                            | "document"
                            | "doc"
                            | ""
                    )
                })
                .collect();
            !w.is_empty()
                && w.iter().all(|x| {
                    names.iter().any(|n| {
                        n == x
                            || x.strip_suffix('s') == Some(n.as_str())
                            || n.strip_suffix('s') == Some(x)
                    })
                })
        };
        if texts.iter().any(|t| !refers(t)) {
            texts.retain(|t| !refers(t));
        }
    }
    if asks_for_empty_line(request, &texts) {
        texts.clear();
    }
    if asks_for_empty_file(&words, &existing, &new_paths, &texts) {
        texts = alloc::vec![String::new()];
    }
    Grounded {
        grounding: Grounding {
            referents: existing,
            new_paths,
            texts,
            requests,
            numbers: numbers(&typed),
            containers,
            landmarks,
        },
        missing,
        names_only,
        names_a_file,
        spelt: pinned_live,
        to_root,
        by_content: None,
        weak,
        titled: None,
    }
}

/// Whether the word at `i` names the top folder: `root`, `top-level`, or
/// `top`/`main` before `level`, `folder`, `directory` or a word for a
/// place (`to the main place`).
fn names_root_at(words: &[String], i: usize) -> bool {
    matches!(words[i].as_str(), "root" | "top-level" | "toplevel")
        || (matches!(
            words[i].as_str(),
            "top" | "main" | "topmost" | "uppermost" | "outermost" | "highest"
        ) && words.get(i + 1).is_some_and(|w| {
            matches!(
                w.as_str(),
                "level" | "folder" | "directory" | "place" | "area" | "spot"
            )
        }))
}

/// Whether the request asks for one new file with nothing in it (`touch
/// plan.txt`, `create an empty file called plan.txt`, `new file
/// plan.txt`): a word that makes something, a file and no folder, no live
/// file it could mean, one new name, and no text but the words that ask
/// for the file and its name (`an empty file called` is no line to write).
fn asks_for_empty_file(
    words: &[String],
    existing: &[PathEntry],
    new_paths: &[String],
    texts: &[String],
) -> bool {
    let [new] = new_paths else {
        return false;
    };
    let name = basename(new);
    let makes = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "create" | "make" | "new" | "touch" | "start" | "empty" | "blank"
        )
    });
    let a_file = has_extension(name)
        || words
            .iter()
            .any(|w| matches!(w.as_str(), "file" | "touch" | "document"));
    let folder = words.iter().any(|w| {
        matches!(
            w.as_str(),
            "folder" | "directory" | "dir" | "subfolder" | "subdirectory" | "mkdir" | "md"
        )
    });
    let of_name = |w: &str| {
        name.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|n| n.eq_ignore_ascii_case(w))
    };
    let asking = |w: &str| {
        never_a_text(w)
            || matches!(
                w,
                "new"
                    | "empty"
                    | "blank"
                    | "file"
                    | "text"
                    | "txt"
                    | "document"
                    | "called"
                    | "named"
                    | "call"
                    | "name"
                    | "touch"
                    | "start"
                    | "fresh"
                    | "one"
                    | "with"
                    | "nothing"
                    | "in"
                    | "it"
                    | "for"
            )
    };
    makes
        && a_file
        && !folder
        && existing.is_empty()
        && texts.iter().all(|t| {
            // The name's own words are the text where nothing else is
            // (`write "draft" to a new file draft.txt`) or where no word
            // asks for a file beside them (`call mom` for mom.txt); beside
            // one they are its name (`file called shopping`).
            let words: Vec<String> = t
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(|w| w.to_ascii_lowercase())
                .collect();
            let strong = |w: &String| {
                matches!(
                    w.as_str(),
                    "file" | "empty" | "blank" | "new" | "touch" | "called" | "named"
                )
            };
            words.iter().all(|w| asking(w) || of_name(w))
                && words.iter().any(|w| asking(w))
                && (words.iter().all(|w| asking(w)) || words.iter().any(strong))
        })
}

/// The request a request asks about (`what would happen if I said delete
/// notes.txt`, `which command would you pick for list the logs`, `dry run
/// of shut down the machine`): the words after the last word that
/// introduces it, up to a clause that says not to run it (`, without
/// actually doing it`). `None` when no such word introduces one, or the
/// request quotes it (the quotes bound it).
pub fn embedded_request(request: &str) -> Option<String> {
    let tokens: Vec<&str> = request.split_whitespace().collect();
    if tokens.iter().any(|t| t.starts_with(['"', '\''])) {
        return quoted_request(request);
    }
    let word = |k: usize| clean(tokens[k]).to_ascii_lowercase();
    let n = tokens.len();
    let mut start = None;
    for (k, token) in tokens.iter().enumerate().take(n.saturating_sub(1)) {
        let w = word(k);
        let prev = if k >= 1 { word(k - 1) } else { String::new() };
        let opens = match w.as_str() {
            "route" | "routed" | "routing" | "said" | "typed" => true,
            // `pick for list the logs`, `run for: …`.
            "for" => matches!(
                prev.as_str(),
                "pick" | "run" | "choose" | "use" | "do" | "route" | "command"
            ),
            // `dry run of …`, `a trace of …`.
            "of" => matches!(prev.as_str(), "run" | "dryrun" | "trace"),
            // `if i told you to wipe …`, `asked you to …`.
            "to" => prev == "you" && k >= 2 && matches!(word(k - 2).as_str(), "told" | "asked"),
            _ => false,
        } || token.ends_with(':');
        if opens {
            start = Some(k + 1);
        }
    }
    let mut start = start?;
    // `route the request list the docs`: the request, not its label.
    while start + 1 < n && matches!(word(start).as_str(), "the" | "request" | "command" | "line") {
        start += 1;
    }
    if start >= n {
        return None;
    }
    // Up to a clause that says it is not to run or asks about it, or the
    // end of its question.
    let mut end = n;
    for k in start + 1..n {
        if tokens[k - 1].ends_with('?')
            || (tokens[k - 1].ends_with(',')
                && matches!(
                    word(k).as_str(),
                    "without" | "but" | "dont" | "don't" | "do" | "just" | "what" | "how" | "which"
                ))
        {
            end = k;
            break;
        }
    }
    let text = tokens[start..end]
        .join(" ")
        .trim_end_matches([',', '.', '?', '!', ';'])
        .to_string();
    (!text.is_empty() && text.split_whitespace().count() >= 2).then_some(text)
}

/// Where each whitespace-separated word of `text` starts and ends.
fn word_bounds(text: &str) -> Vec<(usize, usize)> {
    text.split_whitespace()
        .map(|w| {
            let at = w.as_ptr() as usize - text.as_ptr() as usize;
            (at, at + w.len())
        })
        .collect()
}

/// The one run of two words or more a request quotes (`trace 'shut
/// everything down' without running it`): the request it asks about, and
/// not the words after its close.
fn quoted_request(request: &str) -> Option<String> {
    let tokens = word_bounds(request);
    let (quoted, _) = quoted_texts(request, &tokens, &[]);
    match quoted.as_slice() {
        [one] if one.split_whitespace().count() >= 2 => Some(one.trim().into()),
        _ => None,
    }
}

/// The spans a request quoted in the request may be (`route`'s slot):
/// those that take in a file's name or description, which a text never
/// does (`don't run it, just tell me what rename hello.txt to hi.txt would
/// do`, `dryrun add milk to my todo list`). They neither start nor end on a
/// word that joins (`to hi.txt would`) nor start on a lead-in a colon closes
/// (`run: cat junk.txt`), and stand without the punctuation and quotes
/// around them.
fn request_spans(
    request: &str,
    tokens: &[(usize, usize)],
    words: &[String],
    named: &[usize],
) -> Vec<String> {
    let mut out: alloc::collections::BTreeSet<String> = alloc::collections::BTreeSet::new();
    let Some(&first_named) = named.iter().min() else {
        return Vec::new();
    };
    for i in 0..=first_named {
        if is_joining_word(&words[i]) || request[tokens[i].0..tokens[i].1].ends_with(':') {
            continue;
        }
        for j in first_named..tokens.len().min(i + MAX_SPAN_WORDS) {
            if is_joining_word(&words[j]) {
                continue;
            }
            let s = request[tokens[i].0..tokens[j].1].trim_matches(|c: char| {
                matches!(c, '"' | '\'' | ',' | ';' | ':' | '.' | '?' | '!')
            });
            // A single quote at a word's edge inside the span is a quote
            // mark the span crosses (`'overwrite the readme' would map`),
            // not an apostrophe (`don't`).
            let crosses_quote = s.split_whitespace().any(|w| {
                w.starts_with('\'')
                    || w.trim_end_matches([',', ';', ':', '.', '?', '!'])
                        .ends_with('\'')
            });
            if !s.is_empty() && !s.contains(['"', '\\']) && !crosses_quote {
                out.insert(s.to_string());
            }
        }
    }
    out.into_iter().collect()
}

/// Every token that is a whole digit sequence (`64`, `64,`), as its value.
/// Digits inside a token (`notes2.txt`, `4k`) are not a number the person
/// wrote.
fn numbers(typed: &[&str]) -> Vec<u64> {
    // Numbers spelt as words count as written in digits (`last two log
    // lines`, `sixteen bytes`).
    const WORDS: &[&str] = &[
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let mut out: Vec<u64> = Vec::new();
    // `one` is a count only before what it counts (`one line`, `one
    // byte`): `the kernel one`, `a weird one but …` and `the one in docs`
    // are the word as a pronoun.
    let counted = |k: usize| {
        typed.get(k + 1).is_some_and(|n| {
            matches!(
                n.trim_end_matches(['.', ',', '?', '!'])
                    .to_ascii_lowercase()
                    .as_str(),
                "line"
                    | "lines"
                    | "byte"
                    | "bytes"
                    | "entry"
                    | "entries"
                    | "row"
                    | "rows"
                    | "message"
                    | "messages"
                    | "page"
                    | "block"
                    | "sector"
                    | "item"
                    | "items"
                    | "word"
                    | "words"
                    | "kb"
                    | "kib"
                    | "kilobyte"
            )
        }) && !typed[k].ends_with([',', '.', '?', '!'])
    };
    for (k, t) in typed.iter().enumerate() {
        let t = t.trim_end_matches('.');
        if t.eq_ignore_ascii_case("one") && !counted(k) {
            continue;
        }
        // A count given as a flag (`dmesg | tail -20`, `head -5`).
        let t = t
            .strip_prefix('-')
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or(t);
        let lower = t.to_ascii_lowercase();
        if matches!(lower.as_str(), "kilobyte" | "kib" | "kb") {
            if !out.contains(&1024) {
                out.push(1024);
            }
            continue;
        }
        let spelt =
            WORDS
                .iter()
                .position(|w| *w == lower)
                .map(|n| n as u64)
                .or(match lower.as_str() {
                    "thirty" => Some(30),
                    "forty" => Some(40),
                    "fifty" => Some(50),
                    "hundred" => Some(100),
                    _ => None,
                });
        if let Some(n) = spelt {
            if !out.contains(&n) {
                out.push(n);
            }
            continue;
        }
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Ok(n) = t.parse::<u64>() {
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// Every run of whole words of the request, as typed, also without its
/// trailing `,;:.` and without quotes around it.
/// A span never takes in a file-like token: that is the file the text goes
/// to, not the text (`write hello world to hello.txt`).
///
/// Two marks narrow the choice to what the person meant as the text:
/// quotes (`write "the server is down" into status.txt` offers only the
/// quoted words), else a word that announces a text (`saying`, `containing`,
/// `with`, …): the text then starts right after one of them (`new file
/// memo.txt saying call bob` offers `call bob`, `call`, never `new`).
fn spans(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    name_tokens: &[usize],
    describing: &[usize],
) -> Vec<String> {
    // A colon after the asking words announces the text: it runs to the
    // request's end, commas, periods and digits included (`print the words:
    // Hello, World!`, `set todo.txt to just: 1. sleep`).
    if let Some(announced) = colon_text(request, tokens, file_tokens, describing) {
        return announced;
    }
    let (quoted, opens) = quoted_texts(request, tokens, file_tokens);
    // A text that runs on past its quote stops before the words that refer
    // to the file it goes to (`put "…" on the photo list`).
    let any = |i: usize, j: usize| !(i..=j).any(|k| describing.contains(&k));
    if !quoted.is_empty() {
        // The quoted words, or a text that begins with the quote and runs
        // on past its close (`say "hi" there`). A span that stops inside
        // the quote is a fragment of it: `Add "Q: Is there a GUI? A: No."`
        // must not offer `"Q`, which ends where `:` does.
        let mut out = quoted;
        for s in spans_from(request, tokens, file_tokens, Some(&opens), &any) {
            // Past the close, not at it: the quoted words with their quotes
            // (`file WISH.TXT: "a faster computer"`) are not the text.
            // An apostrophe inside a word (`'don't panic'`) closes nothing.
            let closed = s.chars().next().is_some_and(|q| {
                (q == '"' || q == '\'')
                    && s.char_indices().skip(1).any(|(c, ch)| {
                        let b = s.as_bytes();
                        let inside_word = q == '\''
                            && c > 0
                            && b[c - 1].is_ascii_alphabetic()
                            && b.get(c + 1).is_some_and(u8::is_ascii_alphabetic);
                        ch == q && !inside_word && c + q.len_utf8() < s.len()
                    })
            });
            if closed && !out.contains(&s) {
                out.push(s);
            }
        }
        return out;
    }
    // `jot down in my notes that the printer is fixed`, `note in the boot
    // log file that the disk check passed`: after a verb that notes
    // something down, the file, then `that`, the rest is what is noted.
    let word_at = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    let notes_down = (0..tokens.len()).any(|k| {
        matches!(
            word_at(k).as_str(),
            "note" | "jot" | "record" | "remember" | "add" | "write" | "log" | "mention" | "put"
        )
    });
    if notes_down {
        let that = (1..tokens.len().saturating_sub(1)).find(|&k| {
            word_at(k) == "that"
                && (1..=2).any(|n| {
                    k >= n && (describing.contains(&(k - n)) || file_tokens.contains(&(k - n)))
                })
        });
        if let Some(k) = that {
            let rest = request[tokens[k + 1].0..]
                .trim()
                .trim_end_matches(['.', '!']);
            if !rest.is_empty() {
                return alloc::vec![String::from(rest)];
            }
        }
    }
    if let Some(rest) = rest_after_mark(request, tokens, file_tokens, describing) {
        // `the text is pear`: the `is` joins the mark to the text; `with
        // just go in it`: `just` says how much, not what.
        let rest = ["is ", "are ", "Is ", "IS ", "just ", "Just ", "JUST "]
            .iter()
            .find_map(|p| rest.strip_prefix(p))
            .map_or(rest.clone(), String::from);
        // Up to the end of the question it is asked in (`how do i make …
        // with the word hello? just do it` is `hello`).
        let words: Vec<&str> = rest.split_whitespace().collect();
        if let Some(q) = words[..words.len().saturating_sub(1)]
            .iter()
            .position(|w| w.ends_with('?'))
        {
            let cut = words[..=q].join(" ");
            return alloc::vec![String::from(cut.trim_end_matches('?'))];
        }
        return alloc::vec![rest];
    }
    let word = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    let n = tokens.len();
    // `the number 3.14159`, `THE WORD YES`: the words that introduce the
    // text are not part of it, so a start that opens such an introduction
    // (`with the text the end`) gives way to the one after it.
    let starts: Vec<usize> = (0..n.saturating_sub(1))
        .filter(|&k| marks_text(&word, k, file_tokens, describing) || introduces_text(&word, k))
        .map(|k| k + 1)
        .filter(|&s| opens_label(&word, n, s).is_none())
        .collect();
    // The text is a whole phrase, not a piece of one: it starts after the
    // words that ask for it and ends where the request goes on to the file
    // (`could you write meeting at noon to plan.txt` offers `meeting at
    // noon`, not `meeting`, `you write meeting` or `at noon`). When no span
    // has such bounds, any span will do.
    // Only a text that goes to a file has those bounds: `display the
    // message happy birthday` or `what would happen if i said …` name no
    // file, and their asking words are not the ones a write uses.
    // A request that opens by asking to say something (`please say …`) has
    // them too.
    let word = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    let says = (0..tokens.len())
        .map(word)
        .take_while(|w| is_asking_word(w))
        .any(|w| matches!(w.as_str(), "say" | "echo" | "repeat" | "print" | "type"));
    // A text said to someone or shown somewhere (`put testing testing on
    // the screen`) is bounded like one that goes to a file.
    let n_tok = tokens.len();
    // Once per token, not once per span: a long request has thousands.
    let shown_at: Vec<bool> = (0..n_tok)
        .map(|k| said_to_or_shown(&word, n_tok, k))
        .collect();
    let say_word_at: Vec<bool> = (0..n_tok).map(|k| is_say_word(&word(k))).collect();
    let shown = shown_at.contains(&true);
    // What is said starts right after the words that ask to say it, or
    // after a mark or label (`print ready to go` is not `go`, `say i am the
    // king of nosys` not `nosys`).
    let first_said =
        (0..n_tok).find(|&k| !asks_at(&word, n_tok, k) && !is_say_particle(&word, n_tok, k));
    let to_file = says
        || shown
        || (0..tokens.len()).any(|k| {
            file_tokens.contains(&k) || sends_to_file(request, tokens, file_tokens, describing, k)
        });
    // Never only the words that ask (`show "meeting notes.txt"`, `Could you
    // open "X.txt"?`): when nothing else is left, the text slot has no
    // alternatives, and no write or echo can be proposed.
    // Nor only a file's name, even quoted.
    // Nor the words that give the file its name (`name it`, `call it`).
    let names_it = |i: usize, j: usize| {
        j == i + 1 && matches!(word(i).as_str(), "name" | "call") && word(j) == "it"
    };
    let asks_only = |i: usize, j: usize| {
        only_asks(&word, i, j) || names_it(i, j) || (i..=j).all(|k| name_tokens.contains(&k))
    };
    // Where a text goes, the words that name that file are not in the text
    // (`append milk to todo` is `milk`, not `todo`; `call mom to the bottom
    // of boot log` is not `boot log`).
    // (`extend debug.dat by TODO` is `TODO`: that word names another file,
    // and nothing sends the text there.)
    let sent_to = |i: usize| {
        (0..i).rev().take(4).any(|at| {
            sends_to_file(request, tokens, file_tokens, describing, at)
                && (at + 1..i).all(|k| leads_to_file(&word(k)))
        })
    };
    let names_its_file =
        |i: usize, j: usize| (i..=j).any(|k| sent_to(k) && describing.contains(&k));
    // Nor does it end on the noun that points at the file (`the end under
    // the file /friends.txt`, `call the plumber to bottom of the file
    // photos.txt`): a text sent to a file that ends on `file` took the
    // file's own mention in.
    let ends_on_its_file = |j: usize| {
        matches!(
            word(j).as_str(),
            "file" | "folder" | "directory" | "document"
        )
    };
    let bounded = |i: usize, j: usize| {
        !asks_only(i, j)
            && (!to_file
                || (text_bounds(request, tokens, file_tokens, describing, i, j)
                    && !names_its_file(i, j)
                    && !ends_on_its_file(j)
                    && !shown_at[i + 1..=j].contains(&true)
                    // Nor is it the verb that says it, or the wish before
                    // one (`i'd like to display buy milk on screen`).
                    && !say_word_at[i]
                    && !(j + 2 < n_tok && say_word_at[j + 2] && word(j + 1) == "to")
                    && (!says || Some(i) == first_said || starts.contains(&i))))
    };
    let some_text = |i: usize, j: usize| !asks_only(i, j);
    // After the file and a comma, the rest of the request is the text
    // (`add another item to my task list, water the plants`), when no
    // span before it has a text's bounds.
    let last_file = (0..tokens.len())
        .filter(|k| describing.contains(k) || file_tokens.contains(k))
        .max();
    let comma_rest = last_file.and_then(|f| {
        let k = (f..tokens.len().saturating_sub(1))
            .find(|&k| request[tokens[k].0..tokens[k].1].ends_with(','))?;
        let rest = request[tokens[k + 1].0..]
            .trim()
            .trim_end_matches(['.', '!']);
        // Less what names it (`, inside is good morning`).
        let lower = rest.to_ascii_lowercase();
        let lead = [
            "inside is ",
            "text is ",
            "content is ",
            "contents are ",
            "just ",
        ]
        .iter()
        .find(|l| lower.starts_with(**l))
        .map_or(0, |l| l.len());
        let rest = &rest[lead..];
        (!rest.is_empty()).then(|| String::from(rest))
    });
    // The words that refer to the file, and the noun after the words that
    // describe it (`the to do list`).
    let mention = |k: usize| {
        describing.contains(&k)
            || file_tokens.contains(&k)
            || (k > 0
                && describing.contains(&(k - 1))
                && matches!(word(k).as_str(), "list" | "file" | "document"))
    };
    // `add to the to do list call the vet about daisies foot`: the verb,
    // where it goes, the file, and all the rest is the line (a dictated
    // `colon` before it is the colon's).
    let verb_rest = {
        let first = (0..n_tok).find(|&k| !matches!(word(k).as_str(), "please" | "pls" | "kindly"));
        first.and_then(|v| {
            let adds = matches!(
                word(v).as_str(),
                "add" | "append" | "put" | "jot" | "note" | "write"
            ) && v + 1 < n_tok
                && matches!(word(v + 1).as_str(), "to" | "in" | "into" | "onto");
            let mut k = v + 2;
            while k < n_tok && matches!(word(k).as_str(), "the" | "my" | "our" | "your" | "this") {
                k += 1;
            }
            if !adds || k >= n_tok || !mention(k) {
                return None;
            }
            while k < n_tok && mention(k) {
                k += 1;
            }
            if k < n_tok && word(k) == "colon" {
                k += 1;
            }
            let rest = request[tokens.get(k)?.0..]
                .trim()
                .trim_end_matches(['.', '!']);
            (rest.split_whitespace().count() >= 2).then(|| String::from(rest))
        })
    };
    let pick = |starts: Option<&[usize]>| {
        let b = spans_from(request, tokens, file_tokens, starts, &bounded);
        match (&comma_rest, b.is_empty()) {
            (_, false) => b,
            (Some(rest), true) => alloc::vec![rest.clone()],
            // Unbounded, a text still leaves out the words that refer to
            // the file (`add to the todo call the vet` is no `the todo
            // call`), where any span does.
            (None, true) if verb_rest.is_some() => {
                alloc::vec![verb_rest.clone().unwrap_or_default()]
            }
            (None, true) => {
                let off_the_file = |i: usize, j: usize| some_text(i, j) && !(i..=j).any(mention);
                let clean = spans_from(request, tokens, file_tokens, starts, &off_the_file);
                if clean.is_empty() {
                    spans_from(request, tokens, file_tokens, starts, &some_text)
                } else {
                    clean
                }
            }
        }
    };
    // Unquoted and unannounced, a text is one sentence: it does not run
    // on past a question or an exclamation into the next (`with the word
    // hello? just do it` is `hello`).
    let one_sentence = |mut v: Vec<String>| {
        let within = |t: &String| {
            let words: Vec<&str> = t.split_whitespace().collect();
            words.len() < 2
                || !words[..words.len() - 1]
                    .iter()
                    .any(|w| w.ends_with(['?', '!']))
        };
        if v.iter().any(within) {
            v.retain(within);
        }
        v
    };
    let all_spans = one_sentence(pick(None));
    if starts.is_empty() {
        return all_spans;
    }
    let marked = one_sentence(pick(Some(&starts)));
    if marked.is_empty() {
        all_spans
    } else {
        marked
    }
}

/// Whether the words `i..=j` can be a text as they stand, not the words
/// around one: a text does not start on a slip of the verb that asks for
/// it (`ad eggs to todo.txt`, `addd pay rent`; a slip of another verb may
/// be a word of the text: `wake up` is one edit from `make`), on the `is` that follows
/// what names it (`text is apple`, `inside is good morning`), on who it is
/// said to (`say to me hello friend`) or on the noun that announces it
/// (`the url https://…`); it does not end on who it is said to or where it
/// is shown (`good night to me`, `'see you tomorrow' on screen`), nor on
/// the number of a list item whose words follow (`5. celebrate`).
fn said_as_is(request: &str, tokens: &[(usize, usize)], i: usize, j: usize) -> bool {
    let word = |k: usize| {
        request[tokens[k].0..tokens[k].1]
            .trim_matches(|c: char| !c.is_ascii_alphanumeric())
            .to_ascii_lowercase()
    };
    let raw = |k: usize| &request[tokens[k].0..tokens[k].1];
    let quoted = raw(i).starts_with(['"', '\'']);
    let first = if quoted { String::new() } else { word(i) };
    let names_text = |k: usize| {
        matches!(
            word(k).as_str(),
            "text" | "inside" | "content" | "contents" | "message" | "line" | "words"
        )
    };
    if matches!(first.as_str(), "ad" | "addd")
        || (matches!(first.as_str(), "is" | "are") && i > 0 && names_text(i - 1))
    {
        return false;
    }
    if first == "me" && i > 0 && word(i - 1) == "to" {
        return false;
    }
    if i < j && first == "to" && word(i + 1) == "me" {
        return false;
    }
    // The word that names where the text goes, then `is` (`inside is good
    // morning`), or `just` before the words (`with just go in it`).
    if i < j && names_text(i) && matches!(word(i + 1).as_str(), "is" | "are") {
        return false;
    }
    if i < j && first == "just" {
        return false;
    }
    // Nor on the word that places it (`in a new file`), nor on the verb
    // that opens the request and asks for it (`put the url …`, `print
    // ready to go`).
    if i < j
        && matches!(
            first.as_str(),
            "in" | "into" | "onto" | "inside" | "within" | "from"
        )
    {
        return false;
    }
    if i == 0 && i < j && is_asking_word(&first) {
        return false;
    }
    // Only the words that stand for a text, none of it (`add another item
    // to my task list, water the plants` is not `another item`).
    let placeholder = |k: usize| {
        matches!(
            word(k).as_str(),
            "another"
                | "a"
                | "an"
                | "new"
                | "item"
                | "entry"
                | "line"
                | "thing"
                | "something"
                | "more"
                | "one"
                | "note"
                | "my"
                | "your"
                | "our"
                | "its"
                | "file"
                | "files"
                | "document"
                | "doc"
                | "the"
        )
    };
    if !quoted && (i..=j).all(placeholder) {
        return false;
    }
    let announces = |w: &str| {
        matches!(
            w,
            "url"
                | "link"
                | "address"
                | "text"
                | "word"
                | "words"
                | "message"
                | "line"
                | "phrase"
                | "sentence"
                | "number"
        )
    };
    if i + 1 < j && matches!(first.as_str(), "the" | "a" | "this") && announces(&word(i + 1)) {
        return false;
    }
    // An address is never its own text (`put the url https://… in …`).
    if i == j && matches!(first.as_str(), "url" | "link" | "address") && tokens.len() > 2 {
        return false;
    }
    if i + 1 == j
        && matches!(first.as_str(), "the" | "a" | "this")
        && matches!(word(j).as_str(), "url" | "link" | "address")
    {
        return false;
    }
    if i < j && announces(&first) && !raw(i).ends_with([',', ':']) {
        return false;
    }
    let last = word(j);
    if j > i && last == "me" && matches!(word(j - 1).as_str(), "to" | "for") {
        return false;
    }
    let screen = |k: usize| matches!(word(k).as_str(), "screen" | "terminal" | "console");
    if j > i
        && screen(j)
        && (1..=2).any(|n| j >= i + n && matches!(word(j - n).as_str(), "on" | "to"))
    {
        return false;
    }
    let item_number = {
        let t = raw(j);
        i == j
            && (2..=3).contains(&t.len())
            && t.ends_with(['.', ')'])
            && t[..t.len() - 1].bytes().all(|b| b.is_ascii_digit())
    };
    !(item_number && j + 1 < tokens.len())
}

/// Words that ask or read, and politeness: never a text on their own.
fn never_a_text(w: &str) -> bool {
    matches!(
        w,
        "show"
            | "display"
            | "open"
            | "read"
            | "print"
            | "view"
            | "see"
            | "list"
            | "cat"
            | "type"
            | "output"
            | "dump"
            | "look"
            | "check"
            | "give"
            | "tell"
            | "get"
            | "find"
            | "write"
            | "append"
            | "add"
            | "say"
            | "echo"
            | "repeat"
            | "put"
            | "save"
            | "store"
            | "jot"
            | "tack"
            | "create"
            | "make"
            | "please"
            | "pls"
            | "plz"
            | "kindly"
            | "thanks"
            | "thank"
            | "thx"
            | "could"
            | "would"
            | "can"
            | "will"
            | "you"
            | "u"
            | "me"
            | "i"
            | "just"
            | "now"
            | "let"
            | "lets"
            | "let's"
            | "us"
            | "want"
            | "wanna"
            | "need"
            | "i'd"
            | "to"
            | "the"
            | "a"
            | "an"
    )
}

/// Whether tokens `i..=j` are only words that ask or read and politeness
/// (`show`, `could you open`, `please`): the request's asking, not a text.
/// After a word that asks to write or say something they are the text
/// (`say please`, `write thank you to mom.txt`).
fn only_asks(word: &dyn Fn(usize) -> String, i: usize, j: usize) -> bool {
    let said = i > 0
        && matches!(
            word(i - 1).as_str(),
            "say"
                | "says"
                | "saying"
                | "echo"
                | "repeat"
                | "write"
                | "append"
                | "add"
                | "put"
                | "jot"
                | "word"
                | "words"
                | "text"
                | "message"
        );
    !said && (i..=j).all(|k| never_a_text(&word(k)))
}

/// Words that, right before a colon, announce the text after it: what the
/// text is called (`the words:`, `content:`), where it is shown (`on the
/// screen:`) or how much of it (`to just:`).
fn announces_text(w: &str) -> bool {
    matches!(
        w,
        "word"
            | "words"
            | "text"
            | "content"
            | "contents"
            | "message"
            | "msg"
            | "line"
            | "lines"
            | "phrase"
            | "sentence"
            | "string"
            | "note"
            | "screen"
            | "terminal"
            | "console"
            | "following"
            | "this"
            | "below"
            | "exactly"
            | "only"
            | "just"
            | "output"
            | "show"
            | "display"
            | "print"
            | "read"
            | "type"
            | "saying"
            | "says"
            | "reading"
            | "containing"
            | "contains"
            // What a new file holds (`write results.csv with: …`, `a file
            // where is written: …`).
            | "with"
            | "written"
            | "say"
            | "reads"
            | "states"
            | "stating"
            | "holding"
            // Said as spoken (`new file tags.txt sayin: …`), and what goes
            // in it (`the name is arak.txt, inside: …`).
            | "sayin"
            | "inside"
    )
}

/// The text a colon announces, with and without its trailing `,;:.`: the
/// colon (the request's first, before any quote) comes after the asking
/// words (its word asks for or names the text, `print the words:`,
/// `display:`, `put on the screen:`, `content:`, `to just:`) or after the
/// file the text goes to (`make a note in new.dat:`), and the text runs
/// from after it to the request's end, less a trailing `please/thanks` and
/// a trailing `to/into/in … file`. `write todo: clean desk to guide.txt`
/// has no such colon (`todo:` is the text's own), nor has a colon inside a
/// quote. A text quoted whole after the colon is left to the quotes.
fn colon_text(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    describing: &[usize],
) -> Option<Vec<String>> {
    let n = tokens.len();
    let raw = |k: usize| &request[tokens[k].0..tokens[k].1];
    let word = |k: usize| clean(raw(k)).to_ascii_lowercase();
    // A dash standing alone right after the file's name spelt does what a
    // colon does (`new file handover.txt — Rm 6 G2P1 38/40, 4cm, …`).
    let dash = |k: usize| {
        matches!(raw(k), "\u{2014}" | "\u{2013}" | "-" | "--")
            && k >= 1
            && file_tokens.contains(&(k - 1))
    };
    let k = (0..n).find(|&k| raw(k).ends_with(':') || dash(k))?;
    // (A quoted file name before it is the file, no quote of the text:
    // `new file "studio rates.txt": $40/hr tracking, $300 per song mix`.)
    let parts: Vec<&str> = request[..tokens[k].1].split('"').collect();
    let quotes_a_text = parts.len().is_multiple_of(2)
        || parts
            .iter()
            .skip(1)
            .step_by(2)
            .any(|part| !ends_with_extension(part.trim()));
    if quotes_a_text || (0..=k).any(|i| raw(i).starts_with('\'')) {
        return None;
    }
    // `display :` puts the colon on a token of its own.
    let lead = if raw(k) == ":" || dash(k) {
        k.checked_sub(1)?
    } else {
        k
    };
    let sends = |at: usize| sends_to_file(request, tokens, file_tokens, describing, at);
    // `write in it:` points back at the file the request made or named.
    let into_it = word(lead) == "it"
        && lead >= 1
        && matches!(word(lead - 1).as_str(), "in" | "into" | "inside" | "to");
    // `repeat this back:`, `print the following:`: an asking verb and only
    // the words that point at what follows.
    let framed = is_asking_word(&word(0))
        && (1..=lead).all(|i| {
            matches!(
                word(i).as_str(),
                "this"
                    | "that"
                    | "the"
                    | "following"
                    | "back"
                    | "for"
                    | "me"
                    | "to"
                    | "out"
                    | "loud"
                    | "it"
                    | "exactly"
                    | "below"
                    | "here"
                    | "just"
                    | "now"
                    | "please"
            )
        });
    // `Print this for the players:`: an asking verb, then what points at
    // what follows, then a few words on whom it is for.
    let pointed = (2..=5).contains(&lead)
        && matches!(
            word(0).as_str(),
            "print" | "show" | "display" | "say" | "type" | "echo"
        )
        && matches!(word(1).as_str(), "this" | "these" | "following")
        && (2..=lead).all(|i| !file_tokens.contains(&i) && !describing.contains(&i));
    let announced = pointed
        || asks_at(&word, n, lead)
        || announces_text(&word(lead))
        // (`new file plan.txt, content is: buy milk`.)
        || (matches!(word(lead).as_str(), "is" | "are" | "reads" | "says")
            && lead >= 1
            && announces_text(&word(lead - 1)))
        || into_it
        || framed
        // The file it goes into, spelt, then the colon (`write
        // shopping.txt: eggs, milk, …`).
        || file_tokens.contains(&lead)
        // Or described (`one more thing for the notes: coffee machine is
        // broken`).
        || (describing.contains(&lead)
            && (1..=3).any(|d| {
                lead >= d
                    && matches!(word(lead - d).as_str(), "for" | "to" | "in" | "into" | "onto" | "on")
                    && (lead - d + 1..lead).all(|m| leads_to_file(&word(m)))
            }))
        || (0..=lead).any(&sends);
    if !announced {
        return None;
    }
    let start = k + 1;
    let mut end = n;
    loop {
        let last = if end > start { word(end - 1) } else { break };
        if matches!(last.as_str(), "please" | "pls" | "plz" | "thanks" | "thx") {
            end -= 1;
        } else if last == "you" && end - 1 > start && word(end - 2) == "thank" {
            end -= 2;
        } else {
            break;
        }
    }
    // Unless its file was named before the colon: then `to do` in
    // `with: nothing to do` sends nothing anywhere.
    // (The colon's own token may be the name: `new file float.txt: float
    // £50 in coins, £20 in notes` sends nothing to the notes.)
    let named_before = (0..=lead).any(|i| file_tokens.contains(&i) || describing.contains(&i));
    if let Some(a) = (start..end).find(|&a| sends(a)).filter(|_| !named_before) {
        end = a;
    }
    if end <= start {
        return None;
    }
    let s = &request[tokens[start].0..tokens[end - 1].1];
    let trimmed = s.trim_end_matches([',', ';', ':', '.']);
    if trimmed.is_empty() {
        return None;
    }
    let quoted_whole = ['"', '\''].iter().any(|&q| {
        trimmed.len() >= 2
            && trimmed.starts_with(q)
            && trimmed.ends_with(q)
            && !trimmed[1..trimmed.len() - 1].contains(q)
    });
    if quoted_whole {
        return None;
    }
    // `- Read-only mode is on (F2 toggles).` keeps its period; `: buy
    // eggs.` is the request's.
    if trimmed != s && !own_mark(s, ends_but_thanks(request, tokens, end)) {
        return Some(alloc::vec![String::from(trimmed)]);
    }
    Some(alloc::vec![String::from(s)])
}

/// Whether only thanks and politeness follow token `from` (`milk, eggs,
/// bread. thanks`): a mark before them ends the request, not the text.
fn ends_but_thanks(request: &str, tokens: &[(usize, usize)], from: usize) -> bool {
    tokens.get(from..).unwrap_or(&[]).iter().all(|&(a, b)| {
        matches!(
            clean(&request[a..b]).to_ascii_lowercase().as_str(),
            "please" | "pls" | "plz" | "thanks" | "thank" | "you" | "thx" | "ty"
        )
    })
}

/// Whether the mark a text span ends on (`.`, `!`, `?`) is the text's own.
/// Inside the request, a mark before the words that follow is (`write it's
/// done! into status.txt`). At its end, `!` and `?` are (the caller has
/// left out a question's own `?`), and `.` is when the text reads as a
/// sentence, opening on a capital or a sign (`Backup finished at 23:59.`,
/// `- Read-only mode is on.`), not when it is a few plain words the
/// request's period ends (`containing buy eggs.`).
fn own_mark(span: &str, at_end: bool) -> bool {
    if !span.ends_with(['.', '!', '?']) {
        return false;
    }
    if !at_end || !span.ends_with('.') {
        return true;
    }
    span.trim_start_matches(['"', '\''])
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || !c.is_alphabetic())
}

/// Words that ask for a text rather than belong to it: the request's verb
/// and its politeness (`please`, `could you`, `say`, `add`).
fn is_asking_word(w: &str) -> bool {
    // The verb misspelt asks as well (`apend fix the printer to todo`,
    // `wirte ok to status.txt`): one edit, its first letter kept (`wake`
    // is no `make`).
    let misspelt_verb = w.len() >= 4
        && [
            "append", "write", "create", "print", "repeat", "store", "save", "add",
        ]
        .iter()
        .any(|v| w != *v && w.as_bytes()[0] == v.as_bytes()[0] && edit_distance(w, v) == 1);
    misspelt_verb
        || matches!(
            w,
            "please"
            | "pls"
            | "kindly"
            | "could"
            | "can"
            | "would"
            | "will"
            | "you"
            | "u"
            | "i"
            | "want"
            | "need"
            | "just"
            | "now"
            | "write"
            | "append"
            | "add"
            | "say"
            | "echo"
            | "print"
            | "put"
            | "save"
            | "store"
            | "type"
            | "tack"
            | "jot"
            | "record"
            | "insert"
            | "paste"
            | "create"
            | "make"
            | "new"
            | "file"
            | "line"
            | "repeat"
            | "me"
            | "down"
            | "thanks"
            // Fillers and the machine addressed (`ok call mom to …`,
            // `computer, jot down …`).
            | "ok"
            | "okay"
            | "um"
            | "uh"
            | "hey"
            | "computer"
        )
}

/// Whether token `k` asks for the text, in its place: `you` only after
/// the word that asks it (`could you`, `please you`), so the text of `tack on
/// see you soon` is `see you soon`, not `soon`; a verb's particle (`tack on`,
/// `repeat after me`) asks with the verb.
fn asks_at(word: &dyn Fn(usize) -> String, n: usize, k: usize) -> bool {
    let w = word(k);
    let before = || if k == 0 { String::new() } else { word(k - 1) };
    match w.as_str() {
        // `append the line all good`: the article belongs to the asking.
        "the" | "a" | "an" => k + 1 < n && is_asking_word(&word(k + 1)),
        "you" | "u" => matches!(
            before().as_str(),
            "could" | "can" | "would" | "will" | "please" | "do" | "thank" | ""
        ),
        "on" | "up" => is_asking_word(&before()),
        "after" => before() == "repeat",
        // What is said may start with `i` or a filler (`say i am the king
        // of nosys`, `just say ok back to me`).
        "i" | "ok" | "okay" | "hey" | "thanks" => {
            !(is_say_word(&before()) || w == "i" && opens_a_line_of_mine(word, n, k, &before()))
        }
        _ => is_asking_word(&w),
    }
}

/// Whether the `i` at `k`, right after a verb that writes, starts the text:
/// `write i love mum in mum.txt`, `add i owe sam 5 to the todo`. Not when it
/// goes on with the person's own asking (`write i mean append`, `add i
/// guess`, `write i want …`).
fn opens_a_line_of_mine(word: &dyn Fn(usize) -> String, n: usize, k: usize, before: &str) -> bool {
    // (`write down I owe Tom 5 euros in the notes`.)
    let verb_down = before == "down"
        && k >= 2
        && matches!(word(k - 2).as_str(), "write" | "jot" | "note" | "put");
    (matches!(
        before,
        "write" | "append" | "add" | "jot" | "note" | "record"
    ) || verb_down)
        && k + 1 < n
        && !matches!(
            word(k + 1).as_str(),
            "mean" | "meant" | "guess" | "think" | "suppose" | "want" | "wanna" | "would" | "'d"
        )
}

/// Whether token `at` sends a text to a file: `to the todo list`, `into
/// greet.txt`, `in my notes`.
fn sends_to_file(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    describing: &[usize],
    at: usize,
) -> bool {
    let word = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    if !matches!(
        word(at).as_str(),
        "to" | "into"
            | "in"
            | "onto"
            | "as"
            | "inside"
            | "under"
            | "below"
            // `at the end of groceries.txt`
            | "at"
            | ">"
            | ">>"
            | "->"
            | "=>"
    ) {
        return false;
    }
    let mut k = at + 1;
    while k < tokens.len() && leads_to_file(&word(k)) {
        k += 1;
    }
    // `it` stands for the file a request that names one speaks of (`a
    // file with the number 42 in it, call it answer.txt`).
    // So does `there`, and a closing `inside` (`write cat and dog inside`).
    let named = !file_tokens.is_empty();
    let it = k == at + 1 && k < tokens.len() && matches!(word(k).as_str(), "it" | "there") && named;
    let inside = k == tokens.len() && word(at) == "inside" && named;
    inside || (k < tokens.len() && (file_tokens.contains(&k) || describing.contains(&k) || it))
}

/// Words between a word that sends a text somewhere and the file's
/// mention: `to (the) bottom of the file x`, `into a new file called x`.
fn leads_to_file(w: &str) -> bool {
    matches!(
        w,
        "the"
            | "a"
            | "an"
            | "my"
            | "our"
            | "new"
            | "file"
            | "folder"
            | "named"
            | "called"
            | "bottom"
            | "top"
            | "end"
            | "of"
    )
}

/// Whether tokens `i..=j` are a whole text: the first word is not one that
/// asks for the text, and comes first or after an asking, introducing or
/// joining word or the file's mention; the last ends the request or a
/// clause (`,;:.!?`), or comes before the file's mention, before a word
/// that sends the text to a file (`to`, `into`, `in`, `onto`, `as` followed,
/// past articles, by a file or a word that refers to one), or before an
/// asking word (`please`).
fn text_bounds(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    describing: &[usize],
    i: usize,
    j: usize,
) -> bool {
    // A quoted run is bounded by its quotes.
    if request[tokens[i].0..].starts_with(['"', '\''])
        && request[..tokens[j].1]
            .trim_end_matches(['?', '.', '!', ','])
            .ends_with(['"', '\''])
    {
        return true;
    }
    let word = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    let refers = |k: usize| file_tokens.contains(&k) || describing.contains(&k);
    let sends_to_file = |at: usize| sends_to_file(request, tokens, file_tokens, describing, at);
    let first = word(i);
    let asking = |k: usize| asks_at(&word, tokens.len(), k);
    // An article may open a text (`repeat after me the sky is blue`); the
    // other joining words may not (`buy eggs to`, `at noon`).
    let start = !asking(i)
        && (!is_joining_word(&first) || matches!(first.as_str(), "the" | "a" | "an"))
        && (i == 0 || {
            let before = word(i - 1);
            let marks = before != "with" || marks_text(&word, i - 1, file_tokens, describing);
            asking(i - 1)
                || is_say_word(&before)
                || is_say_particle(&word, tokens.len(), i - 1)
                || (is_introducing_word(&before) && marks)
                || (is_text_mark(&before) && marks)
                || introduces_text(&word, i - 1)
                || file_tokens.contains(&(i - 1))
        });
    if !start {
        return false;
    }
    // Nor does it take in where it goes (`milk to the todo`).
    if (i..j).any(|k| sends_to_file(k + 1)) {
        return false;
    }
    if j + 1 == tokens.len()
        || request[tokens[j].0..tokens[j].1].ends_with([',', ';', ':', '.', '!', '?'])
    {
        return true;
    }
    let next = word(j + 1);
    if refers(j + 1)
        || matches!(next.as_str(), "please" | "thanks" | "now")
        || said_to_or_shown(&word, tokens.len(), j + 1)
    {
        return true;
    }
    // A verb's particle before where the text goes: `jot the end down in
    // the file …`.
    if matches!(next.as_str(), "down" | "up") && j + 2 < tokens.len() && sends_to_file(j + 2) {
        return true;
    }
    sends_to_file(j + 1)
}

/// Nouns that say what kind of text follows them (`the password
/// hunter2`, `the headline HARBOUR GOES QUIET`): a label, not the text.
fn is_text_label(w: &str) -> bool {
    matches!(
        w,
        "word"
            | "words"
            | "number"
            | "text"
            | "line"
            | "phrase"
            | "sentence"
            | "message"
            | "password"
            | "passcode"
            | "code"
            | "pin"
            | "headline"
            | "title"
            | "caption"
            | "link"
            | "url"
            | "address"
            | "quote"
            | "slogan"
            | "motto"
            | "lede"
            | "name"
    )
}

/// Whether token `k` ends a `the word(s)`, `the number`, `the password`,
/// `the source link` or another label (`is_text_label`) after `the`,
/// perhaps with one word that says which: the text starts after it
/// (`store the number 3.14159 in pi.txt` is `3.14159`, `SAVE THE WORD YES`
/// is `YES`, `file the source link https://… in my notes` the link).
fn introduces_text(word: &dyn Fn(usize) -> String, k: usize) -> bool {
    if k < 1 || !is_text_label(&word(k)) {
        return false;
    }
    let which = |w: &str| {
        w.len() > 1
            && w.bytes().all(|b| b.is_ascii_alphabetic())
            && !is_stopword(w)
            && !is_asking_word(w)
            && !is_text_label(w)
    };
    word(k - 1) == "the" || (k >= 2 && word(k - 2) == "the" && which(&word(k - 1)))
}

/// `text` without a label that opens it (`the phrase Silence in the
/// reading room` is `Silence in the reading room`); as it is otherwise.
pub(crate) fn without_label(text: &str) -> &str {
    let tokens = word_bounds(text);
    let word = |k: usize| clean(&text[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    match opens_label(&word, tokens.len(), 0) {
        Some(label) if label + 1 < tokens.len() => &text[tokens[label + 1].0..],
        _ => text,
    }
}

/// Whether a text starting at token `s` opens with a label that
/// introduces the real one (`the phrase …`, `the source link …`): then
/// the text starts after the label instead.
fn opens_label(word: &dyn Fn(usize) -> String, n: usize, s: usize) -> Option<usize> {
    if s >= n || word(s) != "the" {
        return None;
    }
    (s + 1..(s + 3).min(n.saturating_sub(1))).find(|&k| introduces_text(word, k))
}

/// The words a text is said to, or where it is shown (`good night to
/// me`, `testing testing on the screen`): from token `k` on, they end a
/// text rather than belong to it.
fn said_to_or_shown(word: &dyn Fn(usize) -> String, n: usize, k: usize) -> bool {
    let at = |i: usize| if i < n { word(i) } else { String::new() };
    let place = |i: usize| {
        let i = if at(i) == "the" { i + 1 } else { i };
        matches!(
            at(i).as_str(),
            "screen" | "terminal" | "console" | "display"
        )
    };
    match at(k).as_str() {
        "to" => matches!(at(k + 1).as_str(), "me" | "us") || place(k + 1),
        "on" => place(k + 1),
        "back" => {
            at(k + 1).is_empty() || (at(k + 1) == "to" && matches!(at(k + 2).as_str(), "me" | "us"))
        }
        // `bake a cake show on screen`, `gym at 7 say it back`.
        // (`show it` alone shows a file: `the file that says …, show it`.)
        v if is_say_word(v) => {
            let i = if matches!(at(k + 1).as_str(), "it" | "that") {
                k + 1
            } else {
                k
            };
            let said = matches!(v, "say" | "repeat" | "echo");
            (said && i > k && (at(i + 1).is_empty() || at(i + 1) == "back"))
                || matches!(at(i + 1).as_str(), "on" | "to") && said_to_or_shown(word, n, i + 1)
        }
        _ => false,
    }
}

/// Verbs that ask for a text to be said or shown, and the particles that
/// go with them (`type out`, `say after me`, `say back`).
fn is_say_word(w: &str) -> bool {
    matches!(
        w,
        "say" | "echo" | "repeat" | "print" | "type" | "display" | "show" | "shout"
    )
}

/// The words between a verb that says and what is said: `out`, `back`,
/// `after me`, `to me`, `aloud`.
fn is_say_particle(word: &dyn Fn(usize) -> String, n: usize, k: usize) -> bool {
    let next = || {
        if k + 1 < n {
            word(k + 1)
        } else {
            String::new()
        }
    };
    match word(k).as_str() {
        "out" | "back" | "aloud" | "me" | "us" => true,
        "after" | "to" => matches!(next().as_str(), "me" | "us"),
        _ => false,
    }
}

/// The words after the last text mark when they run to the request's end
/// with no file named or described among them (`make a file called
/// groceries.txt containing eggs, milk, bread`, `test the router with the
/// sentence where are my files`): the whole rest is the text, not a piece
/// of it (the model had taken `eggs, milk`). A clause that asks about it
/// after a comma (`…, what would happen`) and a closing `please` are not
/// part of it.
fn rest_after_mark(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    describing: &[usize],
) -> Option<String> {
    let word = |k: usize| clean(&request[tokens[k].0..tokens[k].1]).to_ascii_lowercase();
    let n = tokens.len();
    // The first mark: a later one is in the text (`lunch with sam`); past
    // an introduction that follows it (`with the text …`).
    // `say` after a word that says what a file should hold (`the readme
    // should just say Welcome!`) marks one too.
    let modal_say = |k: usize| {
        k >= 1
            && word(k) == "say"
            && matches!(
                word(k - 1).as_str(),
                "should" | "must" | "just" | "will" | "would" | "shall" | "to"
            )
            && (0..k).any(|m| file_tokens.contains(&m) || describing.contains(&m))
    };
    let mark = (0..n.saturating_sub(1)).find(|&k| {
        marks_text(&word, k, file_tokens, describing) || introduces_text(&word, k) || modal_say(k)
    })?;
    let mut start = mark + 1;
    while let Some(label) = opens_label(&word, n, start) {
        start = label + 1;
    }
    // A short lead-in before a colon names the text that follows it
    // (`with the lede: Residents of …`, `saying the following: …`).
    if let Some(c) = (start..(start + 3).min(n.saturating_sub(1)))
        .find(|&k| request[tokens[k].0..tokens[k].1].ends_with(':'))
    {
        if matches!(
            word(start).as_str(),
            "the" | "this" | "these" | "following" | "my" | "our"
        ) {
            start = c + 1;
        }
    }
    if start >= n {
        return None;
    }
    // A file named in the rest is where the text goes (`saying hi to
    // notes.txt`): the rest is no text. A word that only describes one,
    // nothing sending to it, is the text's (`saying second notes file`).
    let sent = |k: usize| {
        (1..=3).any(|d| {
            k >= d
                && k - d >= start
                && matches!(
                    word(k - d).as_str(),
                    "to" | "into" | "in" | "onto" | "inside"
                )
                && (k - d + 1..k).all(|m| leads_to_file(&word(m)))
        })
    };
    // (Only past a file the request names: `the file that says Hello
    // from …` describes the file by its words.)
    let named_before = modal_say(mark) || file_tokens.iter().any(|&f| f < mark);
    if (start..n).any(|k| {
        file_tokens.contains(&k) || (describing.contains(&k) && (sent(k) || !named_before))
    }) {
        return None;
    }
    // Up to a comma that opens a question about it.
    let mut end = n;
    for k in start + 1..n {
        let prev = &request[tokens[k - 1].0..tokens[k - 1].1];
        let asks = matches!(
            word(k).as_str(),
            "what" | "would" | "how" | "will" | "please" | "thanks" | "thank"
        );
        if prev.ends_with(',') && asks {
            end = k;
            break;
        }
    }
    while end > start + 1
        && matches!(
            word(end - 1).as_str(),
            "please" | "pls" | "thanks" | "instead"
        )
    {
        end -= 1;
    }
    // `… from now on`: when, not what.
    if end > start + 3 && word(end - 1) == "on" && word(end - 2) == "now" && word(end - 3) == "from"
    {
        end -= 3;
    }
    // `… on the screen`: where it is shown, not the text.
    if end > start + 2 && matches!(word(end - 1).as_str(), "screen" | "terminal" | "console") {
        let on = if word(end - 2) == "the" {
            end - 3
        } else {
            end - 2
        };
        if on > start && matches!(word(on).as_str(), "on" | "to") {
            end = on;
        }
    }
    // `… in it`: where the text goes, not the text.
    if end > start + 2
        && word(end - 1) == "it"
        && matches!(word(end - 2).as_str(), "in" | "inside" | "into")
    {
        end -= 2;
    }
    let whole = request[tokens[start].0..tokens[end - 1].1].trim();
    let text = if own_mark(whole, ends_but_thanks(request, tokens, end))
        && !(whole.ends_with('?') && asks_a_question(request))
    {
        whole.trim_end_matches([',', ';'])
    } else {
        whole.trim_end_matches([',', '.', '!', '?', ';']).trim()
    };
    (!text.is_empty() && !text.contains(['"', '\''])).then(|| String::from(text))
}

/// Whether token `k` announces a text: a text mark (`saying`, `with`, …),
/// `with` only once a file or a kind of file is spoken of before it
/// (`make wifi.txt with hunter2`, `a file with the number 42`): before
/// one, it is a word of the text (`add lunch with priya to the todo
/// list`).
fn marks_text(
    word: &dyn Fn(usize) -> String,
    k: usize,
    file_tokens: &[usize],
    describing: &[usize],
) -> bool {
    let w = word(k);
    is_text_mark(&w)
        && (w != "with"
            || (0..k).any(|m| {
                file_tokens.contains(&m)
                    || describing.contains(&m)
                    || matches!(
                        word(m).as_str(),
                        "file" | "document" | "doc" | "it" | "one" | "folder" | "directory"
                    )
            }))
}

/// Words after which the text of a `write`/`append`/`echo` begins.
fn is_text_mark(w: &str) -> bool {
    matches!(
        w,
        "saying"
            | "says"
            | "containing"
            | "contains"
            | "reading"
            | "with"
            | "text"
            | "words"
            // What a person would type, quoted without quotes (`what would
            // happen if I said delete notes.txt`).
            | "said"
            | "typed"
            | "sentence"
    )
}

/// The contents of every quoted run of tokens that is not a file name, and
/// the tokens that open them.
fn quoted_texts(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
) -> (Vec<String>, Vec<usize>) {
    let mut out: Vec<String> = Vec::new();
    let mut opens = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let start = &request[tokens[i].0..];
        let Some(q) = start.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            i += 1;
            continue;
        };
        let close = (i..tokens.len()).find(|&j| {
            let t =
                request[tokens[j].0..tokens[j].1].trim_end_matches(['?', '.', '!', ',', ';', ':']);
            t.ends_with(q) && (j > i || t.len() > 1)
        });
        match close {
            Some(j) if !(i..=j).any(|k| file_tokens.contains(&k)) => {
                let run = request[tokens[i].0..tokens[j].1]
                    .trim_end_matches(['?', '.', '!', ',', ';', ':']);
                let inner = &run[q.len_utf8()..run.len() - q.len_utf8()];
                if !inner.trim().is_empty() && !out.iter().any(|o| o == inner) {
                    out.push(inner.to_string());
                    opens.push(i);
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    (out, opens)
}

/// Whether the request is put as a question to the machine (`could you
/// …`, `can todo.txt say …`): its first words ask.
fn asks_a_question(request: &str) -> bool {
    request.split_whitespace().take(3).any(|w| {
        matches!(
            clean(w).to_ascii_lowercase().as_str(),
            "can" | "could" | "would" | "will" | "may" | "might" | "should" | "shall"
        )
    })
}

/// Every span as [`spans`] describes, starting anywhere or only at `starts`.
fn spans_from(
    request: &str,
    tokens: &[(usize, usize)],
    file_tokens: &[usize],
    starts: Option<&[usize]>,
    bounded: &dyn Fn(usize, usize) -> bool,
) -> Vec<String> {
    // A set: a long request has thousands of spans, and a linear search
    // per span made a 43-word request cost 11 ms on the host.
    let mut out: alloc::collections::BTreeSet<String> = alloc::collections::BTreeSet::new();
    // Punctuation alone (`=>` of `TODO.TXT => TASKS.TXT`) says nothing.
    let mut push = |s: &str| {
        if s.chars().any(char::is_alphanumeric) && !out.contains(s) {
            out.insert(s.to_string());
        }
    };
    for i in 0..tokens.len() {
        if starts.is_some_and(|s| !s.contains(&i)) {
            continue;
        }
        for j in i..tokens.len().min(i + MAX_SPAN_WORDS) {
            let quoted = request[tokens[i].0..].starts_with(['"', '\''])
                && request[..tokens[j].1]
                    .trim_end_matches(['?', '.', '!', ','])
                    .ends_with(['"', '\'']);
            if (i..=j).any(|k| file_tokens.contains(&k)) && !quoted {
                continue;
            }
            // A text never ends on a word that joins it to what follows
            // (`buy eggs to` of `add buy eggs to list.txt`), nor is one
            // (`trade the text in x for y` is not the text `in`), nor ends
            // on the words that place it (`test in it`).
            let last = request[tokens[j].0..tokens[j].1].to_ascii_lowercase();
            if is_joining_word(&last) {
                continue;
            }
            // Nor on a word said about it rather than in it (`write hello
            // instead`, `say hi please`).
            if j > i
                && matches!(
                    last.trim_end_matches(['.', '!', '?', ',']),
                    "instead" | "please" | "pls" | "plz" | "thanks" | "thx"
                )
            {
                continue;
            }
            if j > i
                && matches!(last.trim_end_matches(['.', '!', '?', ',']), "it")
                && matches!(
                    request[tokens[j - 1].0..tokens[j - 1].1]
                        .to_ascii_lowercase()
                        .as_str(),
                    "in" | "inside" | "on" | "to" | "into"
                )
            {
                continue;
            }
            // Nor starts on the word that introduces it (`with milk`,
            // `called shopping.txt`, `saying call mom`).
            let first = request[tokens[i].0..tokens[i].1].to_ascii_lowercase();
            if is_introducing_word(&first) {
                continue;
            }
            if !said_as_is(request, tokens, i, j) {
                continue;
            }
            if !bounded(i, j) {
                continue;
            }
            let s = &request[tokens[i].0..tokens[j].1];
            // A request that asks (`could todo.txt just say all tests
            // passed?`) ends on its own question mark, not the text's.
            let asked = s.ends_with('?') && asks_a_question(request);
            // Whose the last mark is, the text's or the request's, is
            // decided here, not left to the model, which drops it (`write
            // it's done! into status.txt` wrote `it's done`).
            let own = !asked && own_mark(s, ends_but_thanks(request, tokens, j + 1));
            if own {
                push(s);
            }
            let trimmed = s.trim_end_matches([',', ';', ':', '.']);
            if !asked && (own || !s.ends_with('.')) {
                push(trimmed);
            }
            if !own || !s.ends_with(['!', '?']) {
                push(s.trim_end_matches([',', ';', ':', '.', '?', '!']));
            }
            for q in ['"', '\''] {
                if let Some(inner) = trimmed.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
                    push(inner);
                }
                if let Some(inner) = trimmed.strip_prefix(q) {
                    push(inner);
                }
                if let Some(inner) = trimmed.strip_suffix(q) {
                    push(inner);
                }
            }
        }
    }
    out.into_iter().collect()
}
