//! Misspelt words, read as the words the model knows before it reads them.
//!
//! The model learnt its words from its training requests; a keyboard slip in
//! the one word that says what to do (`delet hello.txt`, `renmae notes.txt`,
//! `Tiem now`) leaves it a word it never saw, and it guesses from the rest
//! (`delet hello.txt` ran `cat`). A word the model does not know that is
//! one edit (a letter wrong, missing, extra, or two swapped) from exactly
//! one word it does know is read as that word: the prompt and the router's
//! lexical features see the corrected request. Grounding does not: files,
//! names and texts are still taken from what was typed, so a correction can
//! never put a word into a command.
//!
//! The words known are the model's own: its tokenizer's whole-word tokens
//! (a space and at least [`MIN_LETTERS`] letters) and the words of the
//! applets' declared examples, so an added applet's words count too.

use alloc::string::String;
use alloc::vec::Vec;

use model::tokenizer::Tokenizer;

/// Shorter words are not corrected: at three letters nearly every word is
/// one edit from another (`cat`, `cap`, `car`).
pub const MIN_LETTERS: usize = 4;

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')
}

/// A word of letters without a vowel (`y` is none).
fn vowelless(w: &str) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() && !is_vowel(c))
}

/// Words without vowels that every line may have (`pls`, `thx`, `my`,
/// `why`, a command's name): no text-speak, and no name typed without its
/// vowels.
pub(crate) fn is_common_vowelless(w: &str) -> bool {
    matches!(
        w,
        "pls"
            | "plz"
            | "thx"
            | "ty"
            | "rm"
            | "ls"
            | "cp"
            | "mv"
            | "cd"
            | "pwd"
            | "my"
            | "by"
            | "why"
            | "try"
            | "fly"
            | "sky"
            | "shy"
            | "gym"
            | "thy"
            | "dry"
            | "cry"
    )
}

/// The words a model knows, by first letter.
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    by_letter: Vec<Vec<String>>,
    /// The words a slip may be read as: those of the requests the model and
    /// the router learnt from, not every whole word of the tokenizer (a
    /// word nobody asked with, like `user`, is no slip of `used`).
    targets: Vec<Vec<String>>,
}

impl Lexicon {
    /// The tokenizer's whole-word tokens and the words of `extra` (texts
    /// such as the applets' declared requests).
    pub fn new<'a>(tokenizer: &Tokenizer, extra: impl Iterator<Item = &'a str>) -> Lexicon {
        let mut lex = Lexicon {
            by_letter: alloc::vec![Vec::new(); 26],
            targets: alloc::vec![Vec::new(); 26],
        };
        for t in 0..tokenizer.vocab_size() as u32 {
            let Some(bytes) = tokenizer.token_bytes(t) else {
                continue;
            };
            if let Some(word) = bytes.strip_prefix(b" ") {
                if let Ok(w) = core::str::from_utf8(word) {
                    lex.add(w);
                }
            }
        }
        // Words of chat a small vocabulary lacks, each an edit from a word
        // of a command: known, so never read as it (`you're a star` is no
        // `start`).
        for w in [
            "star", "stars", "mate", "cheers", "haha", "hehe", "lmao", "dear", "shot", "lovely",
            // (`somewhere safe` is no `save`.)
            "safe",
        ] {
            lex.add(w);
        }
        for text in extra {
            for w in text.split(|c: char| !c.is_ascii_alphabetic()) {
                let w = w.to_ascii_lowercase();
                lex.add(&w);
                if w.len() >= MIN_LETTERS && w.bytes().all(|b| b.is_ascii_lowercase()) {
                    lex.targets[(w.as_bytes()[0] - b'a') as usize].push(w);
                }
            }
        }
        for bucket in lex.by_letter.iter_mut().chain(lex.targets.iter_mut()) {
            bucket.sort_unstable();
            bucket.dedup();
        }
        lex
    }

    fn add(&mut self, w: &str) {
        if w.len() >= MIN_LETTERS && w.bytes().all(|b| b.is_ascii_lowercase()) {
            self.by_letter[(w.as_bytes()[0] - b'a') as usize].push(String::from(w));
        }
    }

    fn bucket(&self, w: &str) -> &[String] {
        match w.as_bytes().first() {
            Some(b @ b'a'..=b'z') => &self.by_letter[(b - b'a') as usize],
            _ => &[],
        }
    }

    /// Whether `w` (lower case) is a known word.
    pub fn knows(&self, w: &str) -> bool {
        self.bucket(w)
            .binary_search_by(|k| k.as_str().cmp(w))
            .is_ok()
    }

    /// A word of text-speak, read in a line typed that way (two or more
    /// words without vowels, `shw th nts`): short forms everyone reads
    /// (`wt tym`), and words typed without their vowels, read as the one
    /// word of the requests with those consonants (`rbt`, `mmry`). Not in
    /// other lines: `hlp with maths` or `nvm` alone is no request to read.
    fn sms(&self, w: &str) -> Option<&str> {
        const SMS: &[(&str, &str)] = &[
            ("th", "the"),
            ("hw", "how"),
            ("wt", "what"),
            ("wht", "what"),
            ("wot", "what"),
            ("nw", "now"),
            ("bn", "been"),
            ("cn", "can"),
            ("tym", "time"),
            ("tm", "time"),
            ("mch", "much"),
            ("lng", "long"),
            ("wud", "would"),
            ("shud", "should"),
            ("sed", "said"),
        ];
        if let Some((_, k)) = SMS.iter().find(|(s, _)| *s == w) {
            return Some(k);
        }
        if w.len() < 3 || self.knows(w) || !vowelless(w) {
            return None;
        }
        let skeleton = |k: &str| -> String { k.chars().filter(|&c| !is_vowel(c)).collect() };
        let targets = match w.as_bytes()[0] {
            b @ b'a'..=b'z' => &self.targets[(b - b'a') as usize],
            _ => return None,
        };
        let mut hits = targets.iter().filter(|k| skeleton(k) == w);
        // Only one word: `lst` is `list` and `last` alike.
        match (hits.next(), hits.next()) {
            (Some(k), None) => Some(k.as_str()),
            _ => None,
        }
    }

    /// The one known word one edit from `w` (lower case) with the same
    /// first letter, if `w` is unknown and there is exactly one. The first
    /// letter is kept because a slip there is rare and matching on it keeps
    /// real words apart (`bake` is not `make`).
    pub fn correction(&self, w: &str) -> Option<&str> {
        self.correction_where(w, false)
    }

    /// [`Self::correction`], where `naming` says the word stands before a
    /// word for a file (`the nose file`): there any one letter may be the
    /// slip, since the word is a name's, not a word of the sentence.
    fn correction_where(&self, w: &str, naming: bool) -> Option<&str> {
        // Short words slip too, the commonest always the same way (`teh`):
        // too short for edits, known by heart.
        const SHORT_SLIPS: &[(&str, &str)] = &[
            ("teh", "the"),
            ("hte", "the"),
            ("thw", "the"),
            ("tge", "the"),
            ("adn", "and"),
            ("nad", "and"),
            ("taht", "that"),
            ("waht", "what"),
            ("yuo", "you"),
            ("sya", "say"),
        ];
        if let Some((_, k)) = SHORT_SLIPS.iter().find(|(s, _)| *s == w) {
            return Some(k);
        }
        if w.len() < MIN_LETTERS || !w.bytes().all(|b| b.is_ascii_lowercase()) || self.knows(w) {
            return None;
        }
        if self.inflects_a_known_word(w) {
            return None;
        }
        let mut found = None;
        for k in self.bucket(w) {
            // A known word with `s` or `d` after it is that word inflected
            // (`saved`, `lists`), not a slip: `I saved my essay` is not
            // `I save my essay`.
            let inflected =
                w.len() == k.len() + 1 && w.starts_with(k.as_str()) && w.ends_with(['s', 'd']);
            if inflected {
                return None;
            }
            if one_edit(w.as_bytes(), k.as_bytes()) {
                if found.is_some() {
                    return None;
                }
                found = Some(k.as_str());
            }
        }
        // The one word within an edit, and one the requests asked with.
        let targets = match w.as_bytes().first() {
            Some(b @ b'a'..=b'z') if self.targets.iter().any(|t| !t.is_empty()) => {
                Some(&self.targets[(b - b'a') as usize])
            }
            _ => None,
        };
        // Never into a word that powers the machine off or deletes by a
        // dropped letter: `shout HELLO` is no `shut HELLO`, and a slip
        // toward such a word costs more than a request left unread.
        // (Nor by one letter for another: `half` is no `halt`.)
        let drops_into_harm = matches!(found, Some("shut" | "kill" | "wipe" | "nuke" | "halt"))
            && found.is_some_and(|k| w.len() == k.len() + 1 || w.len() == k.len());
        found
            .filter(|_| !drops_into_harm)
            .filter(|k| naming || slips_to(w.as_bytes(), k.as_bytes()))
            .filter(|k| targets.is_none_or(|t| t.binary_search_by(|x| x.as_str().cmp(k)).is_ok()))
    }

    /// A word with a letter held down (`notesssss`, `pleaseeee`,
    /// `shhhow`): the known word its run makes at one letter or two.
    /// Runs of three or more only; `committee` keeps its doubles.
    fn unstretched(&self, w: &str) -> Option<String> {
        let b = w.as_bytes();
        if !b.windows(3).any(|t| t[0] == t[1] && t[1] == t[2]) || self.knows(w) {
            return None;
        }
        // Each run of three or more as `keep` letters; shorter runs as
        // typed (`hellooooo` is `hello`, not `helo`).
        let squeeze = |keep: usize| -> String {
            let mut out = String::new();
            let mut i = 0;
            while i < b.len() {
                let run = b[i..].iter().take_while(|&&c| c == b[i]).count();
                let n = if run >= 3 { keep } else { run };
                for _ in 0..n {
                    out.push(b[i] as char);
                }
                i += run;
            }
            out
        };
        let known = |k: &str| self.knows(k) || SHORT.contains(&k) || MISREAD_TARGETS.contains(&k);
        [squeeze(1), squeeze(2)].into_iter().find(|k| known(k))
    }

    /// An unknown word whose letters a scanner or a font ran together or
    /// split (`rn` for `m`, `cl` for `d`, `vv` for `w`: `rernove`, `tirne`,
    /// `clocs`, `guicle`) read as the known word they make.
    fn misread(&self, w: &str) -> Option<&str> {
        if w.len() < 3 || self.knows(w) || self.inflects_a_known_word(w) {
            return None;
        }
        for (seen, meant) in [("rn", "m"), ("cl", "d"), ("vv", "w")] {
            if !w.contains(seen) {
                continue;
            }
            let fixed = w.replace(seen, meant);
            if let Some(k) = SHORT.iter().find(|s| **s == fixed) {
                return Some(k);
            }
            if let Some(k) = MISREAD_TARGETS.iter().find(|k| **k == fixed) {
                return Some(k);
            }
            if let Ok(i) = self.bucket(&fixed).binary_search(&fixed) {
                return Some(self.bucket(&fixed)[i].as_str());
            }
        }
        None
    }

    /// A word of letters with `0`, `1`, `3` or `4` among them read as `o`,
    /// `l`, `e` and `a` (`n0tes`, `a11`, `TOD0`; a broken E key's `th3
    /// not3s`, `d3l3t3`), in the word's case, when that makes a known word.
    /// Numbers (`10`, `2026`) and names with other digits stay.
    fn digits_as_letters(&self, core: &str) -> Option<String> {
        let letters = core.bytes().filter(|b| b.is_ascii_alphabetic()).count();
        // (Two letters only for the pronouns a broken E key leaves: `m3`,
        // `w3`; `a4`, `b1` and `x1` are names.)
        // (Lower case only: `M3` is a chip's or a car's name.)
        let pronoun = matches!(core, "m3" | "w3" | "h3");
        if letters == 0
            || (core.len() < 3 && !pronoun)
            || !core
                .bytes()
                .all(|b| b.is_ascii_alphabetic() || matches!(b, b'0' | b'1' | b'3' | b'4'))
            || core.bytes().all(|b| b.is_ascii_alphabetic())
        {
            return None;
        }
        let upper = core
            .bytes()
            .filter(|b| b.is_ascii_alphabetic())
            .all(|b| b.is_ascii_uppercase());
        let mapped: String = core
            .chars()
            .map(|c| match (c, upper) {
                ('0', false) => 'o',
                ('0', true) => 'O',
                ('1', false) => 'l',
                ('1', true) => 'L',
                ('3', false) => 'e',
                ('3', true) => 'E',
                ('4', false) => 'a',
                ('4', true) => 'A',
                (c, _) => c,
            })
            .collect();
        let lower = mapped.to_ascii_lowercase();
        let known = pronoun
            || self.knows(&lower)
            || SHORT.contains(&lower.as_str())
            || MISREAD_TARGETS.contains(&lower.as_str());
        known.then_some(mapped)
    }

    /// Whether `w` is a known word with an ending English puts on it
    /// (`printed`, `listing`, `copies`, `stopped`, `deleter`): a word of its
    /// own, not a slip of another one an edit away (`my boss printed the
    /// faq` had become `printer`).
    fn inflects_a_known_word(&self, w: &str) -> bool {
        const ENDINGS: &[(&str, &[&str])] = &[
            ("ied", &["y"]),
            ("ies", &["y"]),
            ("ing", &["", "e"]),
            ("ed", &["", "e"]),
            ("es", &["", "e"]),
            ("er", &["", "e"]),
            ("s", &[""]),
        ];
        ENDINGS.iter().any(|(end, backs)| {
            w.strip_suffix(end).is_some_and(|stem| {
                let undoubled = stem
                    .len()
                    .checked_sub(2)
                    .filter(|&i| stem.as_bytes()[i] == stem.as_bytes()[i + 1])
                    .map(|i| &stem[..=i]);
                backs.iter().any(|b| {
                    let whole = alloc::format!("{stem}{b}");
                    self.knows(&whole) || (b.is_empty() && undoubled.is_some_and(|u| self.knows(u)))
                })
            })
        })
    }

    /// `line` with only its digits typed for letters read as the letters
    /// (`d3l3t3 th3 photo list` as `delete the photo list`), no other
    /// slip guessed; `None` when there were none.
    pub fn digits_read(&self, line: &str) -> Option<String> {
        let mut changed = false;
        let out: Vec<String> = line
            .split(' ')
            .map(|token| {
                let core = token.trim_matches(|c: char| c.is_ascii_punctuation());
                match (!token.contains('/'))
                    .then(|| self.digits_as_letters(core))
                    .flatten()
                {
                    Some(k) if !core.is_empty() => {
                        changed = true;
                        token.replacen(core, &k, 1)
                    }
                    _ => String::from(token),
                }
            })
            .collect();
        changed.then(|| out.join(" "))
    }

    /// `request` with each correctable word corrected, its case pattern
    /// kept, or `None` when no word changed. Quoted words, file names
    /// (`notes.txt`, `/DOCS`) and words with digits are left as typed.
    pub fn correct(&self, request: &str) -> Option<String> {
        // (Text-speak: two words without vowels, not counting the ones
        // every line may have.)
        let sms = request
            .split_whitespace()
            .map(|t| {
                t.trim_matches(|c: char| c.is_ascii_punctuation())
                    .to_ascii_lowercase()
            })
            .filter(|w| w.len() >= 2 && vowelless(w) && !is_common_vowelless(w))
            .count()
            >= 2;
        let mut out = String::with_capacity(request.len());
        let mut changed = false;
        let mut quoted = false;
        let mut rest = request;
        while !rest.is_empty() {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let (token, after) = rest.split_at(end);
            let ws = after.len() - after.trim_start().len();
            let quotes = token.matches(['"', '\'']).count();
            let opens_or_closes = token.starts_with(['"', '\'']) || token.ends_with(['"', '\'']);
            // The word inside its punctuation (`tiem,`), only letters, and
            // not part of a path.
            let core = token.trim_matches(|c: char| c.is_ascii_punctuation());
            let plain = !core.is_empty()
                && core.bytes().all(|b| b.is_ascii_alphabetic())
                && !token.contains('/');
            let lower = core.to_ascii_lowercase();
            let naming = after.split_whitespace().next().is_some_and(|n| {
                matches!(
                    n.trim_matches(|c: char| c.is_ascii_punctuation())
                        .to_ascii_lowercase()
                        .as_str(),
                    "file" | "files" | "folder" | "list" | "document" | "doc"
                )
            });
            let fix = (!quoted && !opens_or_closes && plain)
                .then(|| {
                    sms.then(|| self.sms(&lower))
                        .flatten()
                        .map(String::from)
                        .or_else(|| self.unstretched(&lower))
                        .or_else(|| self.misread(&lower).map(String::from))
                        .or_else(|| self.correction_where(&lower, naming).map(String::from))
                        .or_else(|| (core == lower).then(|| self.split(&lower)).flatten())
                })
                .flatten();
            // A letter a scanner or a font read as a digit (`sh0w the
            // n0tes`, `1ist the d0cs`, `TOD0`): the word it makes, when
            // that is a known one.
            // (In the case it was typed in: the mapping keeps it.)
            let (fix, cased) = match fix {
                Some(f) => (Some(f), false),
                None if !quoted && !opens_or_closes && !token.contains('/') => {
                    (self.digits_as_letters(core), true)
                }
                None => (None, false),
            };
            match fix.as_deref() {
                Some(k) => {
                    let at = token.find(core).unwrap_or(0);
                    out.push_str(&token[..at]);
                    if cased {
                        out.push_str(k);
                    } else {
                        out.push_str(&same_case(core, k));
                    }
                    out.push_str(&token[at + core.len()..]);
                    changed = true;
                }
                None => out.push_str(token),
            }
            // An odd number of quote marks opens or closes a quoted run.
            if quotes % 2 == 1 {
                quoted = !quoted;
            }
            out.push_str(&after[..ws]);
            rest = &after[ws..];
        }
        changed.then_some(out)
    }
}

/// Words of the requests a misread letter pair hides most often, known
/// even where the tokenizer has no whole-word token for them.
const MISREAD_TARGETS: &[&str] = &[
    "me", "time", "remove", "move", "docs", "guide", "memory", "name", "rename", "some", "from",
    "make", "home", "command", "commands", "model", "mode", "delete", "hello", "todo", "notes",
    "show", "list", "open", "files", "file", "clock", "all", "log", "logs", "readme", "shell",
];

/// Short words a run typed without spaces is made of besides the known
/// ones (which have at least [`MIN_LETTERS`] letters).
const SHORT: &[&str] = &[
    "me", "my", "the", "is", "it", "to", "in", "on", "of", "at", "up", "do", "go", "an", "be",
    "us", "we", "you", "all", "can", "how", "who", "why", "get", "put", "are", "and", "for", "off",
    "out", "new", "old", "ls", "cat", "rm", "cp", "mv", "mem", "cpu", "df", "log", "its", "now",
    "pls", "see", "way",
];

impl Lexicon {
    /// A run of words typed without spaces (`showmethenotes`,
    /// `whattimeisit`) as those words, when it is no known word and splits
    /// into known and short words only, in the fewest pieces (at least
    /// three, none a lone letter: `document at i on` is no reading).
    pub fn split(&self, w: &str) -> Option<String> {
        // Shorter runs and runs of two are as often one word the model
        // never learnt (`catalog` is no `cat a log`, `overview` no `over
        // view`).
        const MIN_RUN: usize = 10;
        // A verb run into its object is a request of its own
        // (`showtodo`, `deletetodo`, `listdocs`, `diskspace`): two pieces
        // are enough after one of these.
        const OPENERS: &[&str] = &[
            "show", "open", "delete", "remove", "list", "read", "print", "display", "copy", "move",
            "rename", "disk", "clear", "make",
        ];
        let opener = OPENERS
            .iter()
            .find(|o| w.len() >= o.len() + 3 && w.starts_with(**o))
            .filter(|o| {
                let rest = &w[o.len()..];
                rest.len() >= 4 && self.knows(rest)
            });
        if let Some(o) = opener {
            if !self.knows(w) && w.bytes().all(|b| b.is_ascii_lowercase()) {
                return Some(alloc::format!("{o} {}", &w[o.len()..]));
            }
        }
        if w.len() < MIN_RUN
            || w.len() > 40
            || self.knows(w)
            || !w.bytes().all(|b| b.is_ascii_lowercase())
        {
            return None;
        }
        let word = |p: &str| SHORT.contains(&p) || self.knows(p);
        // best[i]: the fewest pieces covering w[..i], and where the last
        // piece starts.
        let n = w.len();
        let mut best: Vec<Option<(usize, usize)>> = alloc::vec![None; n + 1];
        best[0] = Some((0, 0));
        for end in 1..=n {
            for start in 0..end {
                let Some((k, _)) = best[start] else { continue };
                if word(&w[start..end]) && best[end].is_none_or(|(b, _)| k + 1 < b) {
                    best[end] = Some((k + 1, start));
                }
            }
        }
        let (pieces, _) = best[n]?;
        if pieces < 3 {
            return None;
        }
        let mut parts = Vec::new();
        let mut end = n;
        while end > 0 {
            let (_, start) = best[end]?;
            parts.push(&w[start..end]);
            end = start;
        }
        parts.reverse();
        Some(parts.join(" "))
    }
}

/// `word` spelt in the case pattern of `typed` (all capitals, a capital
/// first, or lower case).
fn same_case(typed: &str, word: &str) -> String {
    let upper = typed.bytes().filter(u8::is_ascii_uppercase).count();
    if upper == typed.len() {
        word.to_ascii_uppercase()
    } else if typed.as_bytes()[0].is_ascii_uppercase() {
        let mut s = word.to_ascii_lowercase();
        s[..1].make_ascii_uppercase();
        s
    } else {
        String::from(word)
    }
}

/// Whether `a` and `b` differ by exactly one substituted, inserted or
/// deleted letter, or by two neighbours swapped.
/// Whether a one-letter change from `typed` to `word` is one a hand makes:
/// a key next to the right one on a QWERTY keyboard, or one vowel for
/// another (a spelling slip). Words of the same length that differ by
/// letters far apart are other words (`hate` is no `have`, `yeah` no
/// `year`, `point` no `print`); inserted, dropped and swapped letters stay
/// slips.
fn slips_to(typed: &[u8], word: &[u8]) -> bool {
    if typed.len() != word.len() {
        return true;
    }
    let Some(i) = (0..typed.len()).find(|&i| typed[i] != word[i]) else {
        return true;
    };
    // Two neighbours swapped.
    if i + 1 < typed.len() && typed[i] == word[i + 1] && typed[i + 1] == word[i] {
        return true;
    }
    let (a, b) = (typed[i], word[i]);
    let vowel = |c: u8| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y');
    // (And the slips of other hands: a German keyboard's `z` and `y`
    // changed places, `copz`; a child's `w` for `r` or `l`, `tuwn off`.)
    let other_hands = matches!(
        (a, b),
        (b'z', b'y') | (b'y', b'z') | (b'w', b'r') | (b'w', b'l')
    );
    (vowel(a) && vowel(b)) || keys_touch(a, b) || other_hands
}

/// Whether two letter keys are neighbours on a QWERTY keyboard (in a row,
/// or the next row up or down, half a key over).
fn keys_touch(a: u8, b: u8) -> bool {
    const ROWS: [&[u8]; 3] = [b"qwertyuiop", b"asdfghjkl", b"zxcvbnm"];
    let at = |c: u8| {
        ROWS.iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&k| k == c).map(|x| (r, x)))
    };
    let (Some((ra, xa)), Some((rb, xb))) = (at(a), at(b)) else {
        return false;
    };
    match ra.abs_diff(rb) {
        0 => xa.abs_diff(xb) == 1,
        // The row below sits half a key right: `a` touches `q` and `w`.
        1 => {
            let (upper, lower) = if ra < rb { (xa, xb) } else { (xb, xa) };
            upper == lower || upper == lower + 1
        }
        _ => false,
    }
}

fn one_edit(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return false;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => {
            let i = (0..a.len()).find(|&i| a[i] != b[i]).unwrap_or(a.len());
            // One letter wrong, or two neighbours swapped; the rest equal.
            a[i + 1..] == b[i + 1..]
                || (i + 1 < a.len()
                    && a[i] == b[i + 1]
                    && a[i + 1] == b[i]
                    && a[i + 2..] == b[i + 2..])
        }
        1 => {
            let i = (0..short.len())
                .find(|&i| short[i] != long[i])
                .unwrap_or(short.len());
            short[i..] == long[i + 1..]
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(words: &[&str]) -> Lexicon {
        let mut l = Lexicon {
            by_letter: alloc::vec![Vec::new(); 26],
            targets: alloc::vec![Vec::new(); 26],
        };
        for w in words {
            l.add(w);
        }
        for b in &mut l.by_letter {
            b.sort_unstable();
        }
        l
    }

    #[test]
    fn a_letter_held_down_is_read_as_the_word_its_run_makes() {
        let l = lex(&["notes", "please", "show", "committee", "todo"]);
        assert_eq!(
            l.correct("pleaseeee show the notessssss").as_deref(),
            Some("please show the notes")
        );
        assert_eq!(l.correct("the todoooo").as_deref(), Some("the todo"));
        // A known word keeps its doubles; a run that makes no known word stays.
        assert_eq!(l.correct("committee"), None);
        assert_eq!(l.correct("brrrr"), None);
        // Inside a quoted text it is the text.
        assert_eq!(l.correct("say \"yesss\""), None);
    }

    #[test]
    fn one_edit_is_one_letter_or_one_swap() {
        assert!(one_edit(b"delet", b"delete"));
        assert!(one_edit(b"remvoe", b"remove"));
        assert!(one_edit(b"tiem", b"time"));
        assert!(one_edit(b"calemdar", b"calendar"));
        assert!(one_edit(b"harddware", b"hardware"));
        assert!(!one_edit(b"delete", b"delete"));
        assert!(!one_edit(b"dlette", b"delete"));
        assert!(!one_edit(b"rmoeve", b"remove"));
        assert!(!one_edit(b"del", b"delete"));
    }

    #[test]
    fn an_unknown_word_one_edit_from_one_known_word_is_that_word() {
        let l = lex(&[
            "delete", "remove", "rename", "time", "make", "list", "last", "save",
        ]);
        assert_eq!(l.correction("delet"), Some("delete"));
        assert_eq!(l.correction("renmae"), Some("rename"));
        // Known, too short, another first letter, or two candidates: kept.
        assert_eq!(l.correction("delete"), None);
        assert_eq!(l.correction("tme"), None);
        assert_eq!(l.correction("bake"), None);
        assert_eq!(l.correction("lost"), None);
        // An inflection of a known word is no slip.
        assert_eq!(l.correction("saved"), None);
        assert_eq!(l.correction("makes"), None);
        // The commonest slips of short words are known by heart.
        assert_eq!(l.correction("teh"), Some("the"));
        assert_eq!(l.correction("sya"), Some("say"));
        assert_eq!(
            l.correct("Delet hello.txt").as_deref(),
            Some("Delete hello.txt")
        );
        assert_eq!(l.correct("TIEM now?").as_deref(), Some("TIME now?"));
        assert_eq!(l.correct("tiem, please").as_deref(), Some("time, please"));
        assert_eq!(l.correct("delete hello.txt"), None);
    }

    #[test]
    fn names_quotes_and_paths_stay_as_typed() {
        let l = lex(&["delete", "notes", "time"]);
        assert_eq!(l.correct("show notez.txt"), None);
        assert_eq!(l.correct("cat /notez"), None);
        assert_eq!(l.correct("echo \"tiem to go\" now"), None);
        assert_eq!(l.correct("write 'delet' to x"), None);
        assert_eq!(
            l.correct("echo \"tiem to go\" tiem").as_deref(),
            Some("echo \"tiem to go\" time")
        );
        assert_eq!(l.correct("tiem2"), None);
    }

    #[test]
    fn a_known_word_with_an_english_ending_is_no_slip() {
        // `printed` is an edit from `printer`, `listing` from `listings`
        // would be none: each is `print`, `list` with an ending.
        let l = lex(&[
            "print", "printer", "list", "lasting", "stop", "stopper", "copy", "copier",
        ]);
        assert_eq!(l.correction("printed"), None);
        assert_eq!(l.correction("listing"), None);
        assert_eq!(l.correction("stopped"), None);
        assert_eq!(l.correction("copies"), None);
        // A slip of the known word itself is still read as it.
        assert_eq!(l.correction("prnter"), Some("printer"));
    }

    #[test]
    fn letters_a_scanner_misread_are_read_as_the_word_they_make() {
        let l = lex(&[
            "show", "notes", "remove", "time", "docs", "guide", "todo", "clock", "the",
        ]);
        assert_eq!(
            l.correct("sh0w the n0tes").as_deref(),
            Some("show the notes")
        );
        assert_eq!(l.correct("TOD0 list").as_deref(), Some("TODO list"));
        assert_eq!(l.correct("rernove it").as_deref(), Some("remove it"));
        assert_eq!(l.correct("the clocs").as_deref(), Some("the docs"));
        assert_eq!(
            l.correct("sh0w m3 th3 not3s").as_deref(),
            Some("show me the notes")
        );
        // (A name or number with those digits stays: `mp3`, `b4` and
        // `2026` make no known word.)
        assert_eq!(l.correct("show the mp3 in 2026"), None);
        // Numbers, names with other digits, and known words stay.
        assert_eq!(l.correct("add 10 things"), None);
        assert_eq!(l.correct("open report2b"), None);
        assert_eq!(l.correct("the clock"), None);
    }

    #[test]
    fn a_slip_is_read_only_as_a_word_the_requests_asked_with() {
        let mut l = lex(&["delete", "time", "tile"]);
        l.targets[(b'd' - b'a') as usize] = alloc::vec![String::from("delete")];
        assert_eq!(l.correction("delet"), Some("delete"));
        // `time` is a known word, but no request asked with it.
        assert_eq!(l.correction("tiem"), None);
    }

    #[test]
    fn a_letter_for_another_is_a_slip_only_from_a_key_beside_it() {
        let l = lex(&[
            "have", "year", "print", "show", "list", "delete", "copy", "halt",
        ]);
        // Keys far apart: another word typed, not a slip.
        assert_eq!(l.correction("hate"), None);
        assert_eq!(l.correction("yeah"), None);
        assert_eq!(l.correction("point"), None);
        assert_eq!(l.correction("slow"), None);
        // Keys beside each other, vowels, dropped and swapped letters,
        // a German keyboard's z for y: slips.
        assert_eq!(l.correction("shiw"), Some("show"));
        assert_eq!(l.correction("lidt"), Some("list"));
        assert_eq!(l.correction("delite"), Some("delete"));
        assert_eq!(l.correction("dlete"), Some("delete"));
        assert_eq!(l.correction("cpoy"), Some("copy"));
        assert_eq!(l.correction("copz"), Some("copy"));
        // Never into halting by a letter changed.
        assert_eq!(l.correction("half"), None);
        assert!(keys_touch(b'a', b'q') && keys_touch(b'g', b'h') && keys_touch(b'b', b'h'));
        assert!(!keys_touch(b't', b'v') && !keys_touch(b'q', b'p'));
    }

    #[test]
    fn words_run_together_are_read_apart() {
        let l = lex(&["show", "notes", "what", "time", "list", "files"]);
        assert_eq!(
            l.correct("showmethenotes").as_deref(),
            Some("show me the notes")
        );
        assert_eq!(
            l.correct("whattimeisit?").as_deref(),
            Some("what time is it?")
        );
        // A name, a known word and a run of unknown pieces stay.
        assert_eq!(l.correct("make Faktury"), None);
        assert_eq!(l.split("notes"), None);
        assert_eq!(l.split("zzqqxxwy"), None);
        // Quoted, it is a text.
        assert_eq!(l.correct("echo \"showmethenotes\""), None);
    }
}
