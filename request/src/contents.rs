//! What the volume's small text files say, so a request can name a file by
//! what it holds (`find the file that says "Hello from the nosys sample
//! disk!"`, `where did i write about the harbour at dawn`). People describe
//! their files by their contents as often as by their names; the names and
//! the declared examples' words cannot reach those.
//!
//! Grounding reads this, never the disk: the session reads the files when
//! the file list changes ([`Contents::read`]) and hands the result to the
//! interpreter. Only small files that are text are read, so a model file on
//! the volume costs a `stat`, not a read.

use alloc::string::String;
use alloc::vec::Vec;

use command::Files;
use grammar::PathEntry;

/// Files larger than this are not read: a note or a list is far smaller, a
/// GGUF far larger.
pub const MAX_BYTES: u64 = 16 * 1024;
/// At most this many files are read (the first ones by path).
pub const MAX_FILES: usize = 64;

/// The text of the volume's small text files, lower-cased.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    files: Vec<FileText>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct FileText {
    path: String,
    /// Lower case, every run of whitespace one space: what a phrase is
    /// looked for in, made once rather than per request.
    squeezed: String,
    /// Its words (letters and digits), lower case, sorted, once each.
    words: Vec<String>,
    /// The words of its first non-empty line.
    title: Vec<String>,
}

impl Contents {
    /// Contents from `(path, text)` pairs (tests, and the host's sample disk).
    pub fn from_texts<'a>(texts: impl IntoIterator<Item = (&'a str, &'a str)>) -> Contents {
        let mut files: Vec<FileText> = texts
            .into_iter()
            .take(MAX_FILES)
            .map(|(path, text)| FileText::new(path, text))
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Contents { files }
    }

    /// Reads the small text files among `paths` from `files`. A file that
    /// cannot be read, is too large or is not text is left out: a request
    /// can still name it by its name.
    pub fn read(files: &mut dyn Files, paths: &[PathEntry]) -> Contents {
        let mut texts: Vec<(String, String)> = Vec::new();
        for p in paths.iter().filter(|p| !p.is_dir) {
            if texts.len() == MAX_FILES {
                break;
            }
            let small = files.stat(&p.path).is_ok_and(|e| e.size <= MAX_BYTES);
            if !small {
                continue;
            }
            let Ok(bytes) = files.read(&p.path) else {
                continue;
            };
            if let Ok(text) = core::str::from_utf8(&bytes) {
                if !text
                    .chars()
                    .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
                {
                    texts.push((p.path.clone(), String::from(text)));
                }
            }
        }
        Contents::from_texts(texts.iter().map(|(p, t)| (p.as_str(), t.as_str())))
    }

    /// The files whose title (first non-empty line) has the word `w`
    /// (lower case; its plural or singular counts).
    pub fn titled(&self, w: &str) -> Vec<&str> {
        self.files
            .iter()
            .filter(|f| {
                f.title.iter().any(|t| {
                    t == w
                        || w.strip_suffix('s') == Some(t.as_str())
                        || t.strip_suffix('s') == Some(w)
                })
            })
            .map(|f| f.path.as_str())
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The files whose text holds `phrase`, ignoring case and runs of
    /// spaces.
    pub fn holding(&self, phrase: &str) -> Vec<&str> {
        let want = squeeze(phrase);
        if want.is_empty() {
            return Vec::new();
        }
        self.files
            .iter()
            .filter(|f| f.squeezed.contains(want.as_str()))
            .map(|f| f.path.as_str())
            .collect()
    }

    /// How many of `words` (lower case) each file holds, best first; files
    /// holding none are left out. A word's plural or singular counts.
    pub fn scores(&self, words: &[String]) -> Vec<(&str, usize)> {
        self.scored(words, false)
    }

    /// As [`Contents::scores`], another form of a word counting too
    /// (`reading` for `read`): for a question that says it describes what a
    /// file holds (`the list whose first task is reading the guide`). Not
    /// for words merely beside a request, where the extra forms find files
    /// nobody described (`I have been reading Wittgenstein …` is no note
    /// about read-only mode).
    pub fn scores_inflected(&self, words: &[String]) -> Vec<(&str, usize)> {
        self.scored(words, true)
    }

    fn scored(&self, words: &[String], bend: bool) -> Vec<(&str, usize)> {
        let mut out: Vec<(&str, usize)> = self
            .files
            .iter()
            .map(|f| {
                let n = words.iter().filter(|w| f.has_word(w, bend)).count();
                (f.path.as_str(), n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        out
    }
}

impl FileText {
    fn new(path: &str, text: &str) -> FileText {
        let lower = text.to_ascii_lowercase();
        let mut words: Vec<String> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        words.sort();
        words.dedup();
        let title = lower
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        FileText {
            path: String::from(path),
            squeezed: squeeze(&lower),
            words,
            title,
        }
    }

    fn has_word(&self, w: &str, bend: bool) -> bool {
        let has = |x: &str| self.words.binary_search_by(|v| v.as_str().cmp(x)).is_ok();
        // A name with a version after it is that name (`qwen` for
        // `Qwen3-0.6B`, split at its dashes and dots).
        let versioned = || {
            self.words.iter().any(|v| {
                v.len() > w.len()
                    && v.starts_with(w)
                    && v[w.len()..].bytes().all(|b| b.is_ascii_digit())
            })
        };
        // Another form of the same verb or noun (`reading` for `read`,
        // `stating` for `states`, `runs` for `run`): people describe a file
        // in their own grammar, not in its. Only words of five letters or
        // more are bent, so a short word is never another (`notes` is no
        // `not`).
        let inflected = || {
            bend && w.len() >= 5
                && self
                    .words
                    .iter()
                    .any(|v| v.len() >= 4 && stem(v) == stem(w))
        };
        has(w)
            || w.strip_suffix('s').is_some_and(has)
            || has(&alloc::format!("{w}s"))
            || versioned()
            || inflected()
    }
}

/// A word without its ending (`reading` → `read`, `states` and `stating`
/// → `stat`, `running` → `run`), at least three letters kept.
fn stem(w: &str) -> &str {
    for end in ["ing", "ed", "es", "s", "e"] {
        if let Some(s) = w.strip_suffix(end) {
            if s.len() >= 3 {
                let b = s.as_bytes();
                // (`running`, `stopped`: the doubled consonant is the
                // ending's.)
                let doubled = end.len() >= 2
                    && b.len() >= 4
                    && b[b.len() - 1] == b[b.len() - 2]
                    && !matches!(b[b.len() - 1], b'l' | b's' | b'e' | b'o');
                return if doubled { &s[..s.len() - 1] } else { s };
            }
        }
    }
    w
}

/// Lower case, with every run of whitespace one space.
fn squeeze(s: &str) -> String {
    let mut out = String::new();
    for w in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&w.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_form_of_a_word_counts_only_when_asked() {
        let c = Contents::from_texts([
            ("/TODO.TXT", "1. Read the guide.\n2. Look at the log.\n"),
            ("/N.TXT", "The shell runs inside the kernel.\n"),
        ]);
        let words = |ws: &[&str]| ws.iter().map(|w| String::from(*w)).collect::<Vec<_>>();
        assert!(c.scores(&words(&["reading"])).is_empty());
        assert_eq!(c.scores_inflected(&words(&["reading"])), [("/TODO.TXT", 1)]);
        assert_eq!(
            c.scores_inflected(&words(&["looking", "running"])),
            [("/N.TXT", 1), ("/TODO.TXT", 1)]
        );
        // Short words are never bent into others.
        assert!(c.scores_inflected(&words(&["the"])).len() == 2);
        assert!(c.scores_inflected(&words(&["gui"])).is_empty());
        assert_eq!(stem("stopped"), "stop");
        assert_eq!(stem("stating"), stem("states"));
    }

    #[test]
    fn phrases_and_words_find_the_files_that_hold_them() {
        let c = Contents::from_texts([
            ("/A.TXT", "Hello from the  nosys sample disk!\n"),
            (
                "/B.TXT",
                "IMG_0012.JPG harbour at dawn\nIMG_0013.JPG lighthouses\n",
            ),
        ]);
        assert_eq!(c.holding("hello FROM the nosys"), ["/A.TXT"]);
        assert!(c.holding("goodbye").is_empty());
        let words = ["harbour", "dawn", "lighthouse", "nosys"].map(String::from);
        assert_eq!(c.scores(&words), [("/B.TXT", 3), ("/A.TXT", 1)]);
        assert_eq!(c.titled("hellos"), ["/A.TXT"]);
        assert_eq!(c.titled("harbour"), ["/B.TXT"]);
        assert!(
            c.titled("lighthouses").is_empty(),
            "the second line is no title"
        );
    }
}
