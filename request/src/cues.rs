//! The words that point at each applet, so that a command runs only for a
//! request that says something about it.
//!
//! The model and the router always rank some applet first: after a line no
//! applet does (`play some jazz`, `who painted the mona lisa`, `qwerty`)
//! their first is an applet the line never spoke of (`clear`, `date`,
//! `model`). A model trained by this project lists, per applet, the words its
//! training requests for that applet use (GGUF `nosys.cues`, written by
//! `train`'s `cue_words`): the words people use to ask for it, typos
//! included, and the common words its requests share with others. A request
//! with none of them, nor the applet's name (nor, for an applet the GGUF
//! does not list, a word of its declared examples) gives that applet
//! nothing to stand on.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::{String, ToString};
use command::Table;

/// The GGUF key holding the cues: an array of strings, one per applet, its
/// name then its cue words, separated by spaces, lower case.
pub const CUES_KEY: &str = "nosys.cues";

/// Each applet's cue words.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cues {
    by_applet: BTreeMap<String, BTreeSet<String>>,
}

impl Cues {
    /// From the GGUF's lines (`applet word word …`), with every applet of the
    /// table given its own name, and one the lines leave out its declared
    /// examples' words.
    pub fn new<'a>(lines: impl IntoIterator<Item = &'a str>, table: &Table) -> Self {
        let mut by_applet: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for line in lines {
            let mut w = line.split_ascii_whitespace();
            if let Some(applet) = w.next() {
                by_applet
                    .entry(applet.to_string())
                    .or_default()
                    .extend(w.map(str::to_ascii_lowercase));
            }
        }
        // The model's requests for an applet hold its examples' words
        // already, and the common ones (`the`, `what`) besides: only an
        // applet the GGUF lists nothing for (one added later) takes them.
        for a in table.all() {
            let spec = a.spec();
            let listed = by_applet.contains_key(spec.name);
            let mine = by_applet.entry(spec.name.to_string()).or_default();
            mine.insert(spec.name.to_ascii_lowercase());
            if !listed {
                for e in spec.examples {
                    mine.extend(words(e.request).map(|w| w.to_ascii_lowercase()));
                }
            }
        }
        Cues { by_applet }
    }

    /// Whether the request says any of the applet's cue words (`None`: an
    /// applet neither the table nor the GGUF knows, of which nothing can be
    /// said).
    pub fn said(&self, applet: &str, request: &str) -> Option<bool> {
        self.said_besides(applet, request, |_| false)
    }

    /// [`Cues::said`], not counting the words `named` takes for a file's
    /// name: the training requests named the sample disk's files (`delete
    /// hello.txt`), so `hello` is a cue of `rm`, and `hello?? anyone home`
    /// ran `rm /HELLO.TXT`.
    pub fn said_besides(
        &self,
        applet: &str,
        request: &str,
        named: impl Fn(&str) -> bool,
    ) -> Option<bool> {
        let mine = self.by_applet.get(applet)?;
        // The applet's own name is said whatever else it names (`dump the
        // log`: the log file's word and `log`'s name).
        // Questions to the machine about itself (`what can i enter here?`,
        // `what does this machine do?`) are help's in its function words;
        // the same words about anything else (`what does dna stand for`)
        // are not.
        let to_the_machine = applet == "help"
            && words(request).any(|w| ABOUT_THE_MACHINE.iter().any(|m| m.eq_ignore_ascii_case(w)));
        Some(words(request).any(|w| {
            let w = w.to_ascii_lowercase();
            let cue = |x: &str| {
                mine.contains(x) && !named(&w) && (to_the_machine || !FUNCTION_WORDS.contains(&x))
            };
            w.eq_ignore_ascii_case(applet) || cue(&w) || base_forms(&w).iter().any(|b| cue(b))
        }))
    }
}

/// The forms a verb's inflection may come from (`erased` of `erase`,
/// `deleting` of `delete`, `wiped` of `wipe`, `scrapped` of `scrap`): the
/// trainer listed the words its requests used, and people inflect them.
pub(crate) fn base_forms(w: &str) -> alloc::vec::Vec<String> {
    let mut out = alloc::vec::Vec::new();
    for suffix in ["ed", "ing"] {
        if let Some(stem) = w.strip_suffix(suffix).filter(|s| s.len() >= 3) {
            out.push(stem.to_string());
            out.push(alloc::format!("{stem}e"));
            // A doubled last letter (`scrapped`, `binned`).
            let b = stem.as_bytes();
            if b.len() >= 2 && b[b.len() - 1] == b[b.len() - 2] {
                out.push(stem[..stem.len() - 1].to_string());
            }
        }
    }
    out
}

/// Words of every request, whatever it asks: the trainer kept some as cues
/// where one applet's requests happened to use them more (`what` for `ls`,
/// `this` for `cpu`), and then `what's my VO2 max` spoke of listing files.
const FUNCTION_WORDS: &[&str] = &[
    "what", "when", "where", "which", "who", "how", "why", "is", "are", "was", "were", "be", "am",
    "do", "does", "did", "can", "could", "would", "will", "should", "may", "might", "must", "my",
    "me", "you", "your", "it", "its", "this", "that", "these", "those", "the", "an", "on", "in",
    "at", "for", "to", "of", "from", "with", "by", "about", "here", "there", "and", "or", "but",
    "so", "if", "get", "got", "thing", "things", "some", "any", "we", "us", "our", "they", "them",
    "he", "she", "his", "her", "has", "have", "had", "yes", "please", "pls", "just",
];

/// Words that make a question one about this machine.
const ABOUT_THE_MACHINE: &[&str] = &[
    "here", "machine", "computer", "system", "box", "you", "nosys", "os", "shell", "thing",
    "commands", "command",
];

/// The words as the trainer counted them: runs of at least two ASCII
/// letters (`i'm` holds none; `mp3` holds `mp`).
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_says_a_cue_its_applets_name_or_an_example_word() {
        let table = applets::builtin();
        let cues = Cues::new(["clear screen wipe", "date time"], &table);
        assert_eq!(cues.said("clear", "Wipe it all"), Some(true));
        assert_eq!(cues.said("clear", "play some jazz"), Some(false));
        // Its own name, though the GGUF's line lacks it.
        assert_eq!(cues.said("date", "date pls"), Some(true));
        // An applet the lines leave out: its examples' words.
        let example = table.get_any("mem").unwrap().spec().examples[0].request;
        let word = words(example)
            .find(|w| !FUNCTION_WORDS.contains(&w.to_ascii_lowercase().as_str()))
            .unwrap();
        assert_eq!(cues.said("mem", word), Some(true));
        // One they list: not unless listed (`the` of `show the notes`).
        assert_eq!(cues.said("clear", "the"), Some(false));
        assert_eq!(cues.said("nosuchapplet", "clear"), None);
    }

    #[test]
    fn an_inflected_cue_is_its_cue() {
        let table = applets::builtin();
        let cues = Cues::new(["rm erase delete scrap", "clear wipe"], &table);
        assert_eq!(
            cues.said("rm", "I need the meeting notes erased"),
            Some(true)
        );
        assert_eq!(cues.said("rm", "deleting it now"), Some(true));
        assert_eq!(cues.said("rm", "scrapped"), Some(true));
        assert_eq!(cues.said("clear", "wiped"), Some(true));
        assert_eq!(cues.said("clear", "wiring"), Some(false));
    }

    #[test]
    fn a_function_word_is_no_cue_but_to_help_about_the_machine() {
        let table = applets::builtin();
        let cues = Cues::new(["ls what files", "help what can"], &table);
        assert_eq!(cues.said("ls", "what's my VO2 max"), Some(false));
        assert_eq!(cues.said("ls", "what files are there"), Some(true));
        assert_eq!(cues.said("help", "what does dna stand for"), Some(false));
        assert_eq!(cues.said("help", "what can i type here"), Some(true));
    }
}
