//! Lines typed in an odd case, read in the case the model learnt.
//!
//! The model learnt its requests as people usually type them: lower case,
//! or a capital first (about 99% of the training requests). A line typed
//! with caps lock on (`SHOW ME THE README`), in title case (`What Is In The
//! Todo List`) or with capitals scattered inside words (`sHoW tHe NoTeS`)
//! tokenizes into pieces the model rarely saw, and it guessed: the default
//! model proposed nothing for the first two and `history` for the third.
//! Such a line is read with its plain words in lower case: the prompt and
//! the router's lexical features see that reading, as they see
//! [`crate::spelling`]'s. Grounding does not: files, names and texts are
//! still taken as typed, so a reading can never put a word into a command.
//!
//! Only plain words change with the line's case: quoted words and words
//! with a dot, a slash or a digit (`README.TXT`, `/DOCS`, `v2`) keep theirs,
//! as file names are spelt both ways in the training requests. A file name
//! in mixed case (`Hello.Txt`), which those requests never spell, is read in
//! lower case in any line. A line in ordinary case
//! (`Show me README.TXT`, `Delete the FAQ`, `is the CPU busy`) is left
//! alone: one capitalised word, or a short word in capitals, is how people
//! write names and acronyms.

use alloc::string::String;
use alloc::vec::Vec;

/// Fewest plain words a line needs before its case pattern says anything:
/// `OK` or `Hello There` alone are ordinary.
const MIN_WORDS: usize = 2;

/// How a plain word is spelt.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Lower,
    /// A capital, then lower case (`Show`).
    Capital,
    /// Two or more letters, all capitals (`SHOW`).
    Upper,
    /// A capital after a lower-case letter (`sHoW`, `iPhone`).
    Mixed,
    /// One letter in capitals (`I`, `A`).
    Single,
}

fn shape(word: &str) -> Shape {
    let b = word.as_bytes();
    let upper = b.iter().filter(|c| c.is_ascii_uppercase()).count();
    if upper == 0 {
        Shape::Lower
    } else if b.len() == 1 {
        Shape::Single
    } else if upper == b.len() {
        Shape::Upper
    } else if upper == 1 && b[0].is_ascii_uppercase() {
        Shape::Capital
    } else {
        Shape::Mixed
    }
}

/// `request` with its plain words in lower case when its case is odd (see
/// the module docs), or `None` when it is ordinary.
pub fn ordinary(request: &str) -> Option<String> {
    let tokens = words(request);
    let shapes: Vec<Shape> = tokens
        .iter()
        .filter(|w| w.plain)
        .map(|w| shape(w.core(request)))
        .collect();
    // Title case reads every word, names too (`Copy Readme.Txt To
    // Readme.Bak`): whether each after the first starts with a capital.
    let capitals: Vec<bool> = tokens
        .iter()
        .filter_map(|w| {
            let first = w.core(request).bytes().find(u8::is_ascii_alphabetic)?;
            Some(first.is_ascii_uppercase())
        })
        .collect();
    let odd = odd(&shapes, &capitals);
    let mut out = String::with_capacity(request.len());
    let mut at = 0;
    for w in &tokens {
        let lower = if w.plain {
            odd
        } else {
            w.name && mixed_letters(w.core(request))
        };
        if !lower {
            continue;
        }
        out.push_str(&request[at..w.start]);
        out.push_str(&w.core(request).to_ascii_lowercase());
        at = w.end;
    }
    out.push_str(&request[at..]);
    (out != request).then_some(out)
}

/// Whether a name's letters are neither all lower case nor all capitals
/// (`Hello.Txt`, `Readme.md`): the training requests spell file names one of
/// those two ways.
fn mixed_letters(name: &str) -> bool {
    let b = name.as_bytes();
    b.iter().any(u8::is_ascii_uppercase) && b.iter().any(u8::is_ascii_lowercase)
}

/// Whether the plain words' shapes are not how people ordinarily write.
fn odd(shapes: &[Shape], capitals: &[bool]) -> bool {
    let long = shapes.iter().filter(|s| **s != Shape::Single).count();
    if long < MIN_WORDS {
        return false;
    }
    let count = |k: Shape| shapes.iter().filter(|s| **s == k).count();
    // Caps lock: most words in capitals (`SHOW ME THE README`, `DELETE
    // the old log`), not one acronym among lower-case words (`is the CPU
    // busy`, `show the FAQ`).
    let shouting = 2 * count(Shape::Upper) > long && count(Shape::Upper) >= MIN_WORDS;
    // Title case: every word after the first capitalised, three words at
    // least (`Show Me Notes`), so a sentence naming one thing (`Open Notes`)
    // is not read as one.
    let title = capitals.len() >= 3
        && capitals[1..].iter().all(|c| *c)
        && count(Shape::Capital) >= MIN_WORDS;
    // Capitals inside words, twice (`sHoW tHe notes`); one such word is a
    // name (`iPhone`).
    let scattered = count(Shape::Mixed) >= 2;
    shouting || title || scattered
}

/// A whitespace-separated token of the request: its word inside its
/// punctuation, and whether that word is plain (letters only, outside
/// quotes, not part of a path or file name).
struct Word {
    start: usize,
    end: usize,
    plain: bool,
    /// A file name outside quotes (`Hello.Txt`): a dot, no slash.
    name: bool,
}

impl Word {
    fn core<'a>(&self, request: &'a str) -> &'a str {
        &request[self.start..self.end]
    }
}

fn words(request: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut quoted = false;
    let mut offset = 0;
    for token in request.split(char::is_whitespace) {
        let start_tok = offset;
        offset += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        let quotes = token.matches(['"', '\'']).count();
        let opens_or_closes = token.starts_with(['"', '\'']) || token.ends_with(['"', '\'']);
        let core = token.trim_matches(|c: char| c.is_ascii_punctuation());
        // An apostrophe inside a word (`what's`, `don't`) is no quote.
        let apostrophes = core.matches('\'').count();
        let lead = token.find(core).unwrap_or(0);
        let plain = !quoted
            && !opens_or_closes
            && !core.is_empty()
            && core.bytes().all(|b| b.is_ascii_alphabetic() || b == b'\'')
            && !token.contains('/');
        let name = !quoted
            && !opens_or_closes
            && core.contains('.')
            && !token.contains('/')
            && core
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
        if !core.is_empty() {
            out.push(Word {
                start: start_tok + lead,
                end: start_tok + lead + core.len(),
                plain,
                name,
            });
        }
        if (quotes - apostrophes) % 2 == 1 {
            quoted = !quoted;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_lock_title_case_and_scattered_capitals_are_read_in_lower_case() {
        assert_eq!(
            ordinary("SHOW ME THE README").as_deref(),
            Some("show me the readme")
        );
        assert_eq!(
            ordinary("What Is In The Todo List").as_deref(),
            Some("what is in the todo list")
        );
        assert_eq!(
            ordinary("sHoW tHe NoTeS").as_deref(),
            Some("show the notes")
        );
        assert_eq!(
            ordinary("DELETE THE OLD LOG, PLEASE!").as_deref(),
            Some("delete the old log, please!")
        );
    }

    #[test]
    fn names_paths_and_quoted_text_keep_their_case() {
        assert_eq!(
            ordinary("DELETE HELLO.TXT NOW").as_deref(),
            Some("delete HELLO.TXT now")
        );
        assert_eq!(
            ordinary("LIST THE FILES IN /Docs").as_deref(),
            Some("list the files in /Docs")
        );
        assert_eq!(
            ordinary("LIST /DOCS FOLDER").as_deref(),
            Some("list /DOCS folder")
        );
        assert_eq!(
            ordinary("APPEND \"Buy MILK\" TO THE LIST").as_deref(),
            Some("append \"Buy MILK\" to the list")
        );
        assert_eq!(
            ordinary("WHAT'S IN THE TODO LIST").as_deref(),
            Some("what's in the todo list")
        );
    }

    #[test]
    fn a_name_in_mixed_case_is_read_in_lower_case() {
        assert_eq!(
            ordinary("Delete Hello.Txt").as_deref(),
            Some("Delete hello.txt")
        );
        assert_eq!(
            ordinary("Copy Readme.Txt To Readme.Bak").as_deref(),
            Some("copy readme.txt to readme.bak")
        );
        assert_eq!(ordinary("show README.TXT and notes.txt"), None);
    }

    #[test]
    fn ordinary_lines_are_left_alone() {
        for line in [
            "show me the readme",
            "Show me the readme",
            "Show me README.TXT",
            "is the CPU busy",
            "show the FAQ",
            "Open Notes",
            "OK",
            "I need the FAQ",
            "Delete the FAQ",
            "copy my iPhone notes",
            "Hello There",
        ] {
            assert_eq!(ordinary(line), None, "{line}");
        }
    }
}
