//! Noise a person adds to a request: casing, typos, filler words, dropped
//! words. It touches only the template's own words, never a slot's mention,
//! so the command the request means does not change.

use crate::rng::Rng;

/// A request being built: the template's words and the slots' mentions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Lit(String),
    Slot(String),
}

/// How much noise to add. `clean()` adds none.
#[derive(Clone, Copy, Debug)]
pub struct Noise {
    pub prefix: f64,
    pub suffix: f64,
    pub dropout: f64,
    pub typo: f64,
    pub shout: f64,
    pub capitalize: f64,
}

impl Noise {
    pub fn clean() -> Noise {
        Noise {
            prefix: 0.0,
            suffix: 0.0,
            dropout: 0.0,
            typo: 0.0,
            shout: 0.0,
            capitalize: 0.0,
        }
    }

    pub fn default_mix() -> Noise {
        Noise {
            prefix: 0.18,
            suffix: 0.12,
            dropout: 0.04,
            typo: 0.025,
            shout: 0.03,
            capitalize: 0.2,
        }
    }
}

const PREFIXES: &[&str] = &[
    "please",
    "can you",
    "could you",
    "hey,",
    "um",
    "i want to",
    "i'd like to",
    "quickly",
    "pls",
    "ok",
    "now",
    "hey",
    "would you",
    "go ahead and",
    "i need to",
    "so",
    "computer,",
    "yo",
    "can you please",
    "let's",
];
const SUFFIXES: &[&str] = &[
    "please",
    "thanks",
    "now",
    "for me",
    "?",
    "!",
    "pls",
    "thank you",
    "right now",
    "asap",
    ".",
];

/// Neighbouring keys on a QWERTY keyboard, for substitution typos.
fn neighbour(c: char) -> Option<char> {
    const ROWS: [&str; 3] = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
    for row in ROWS {
        if let Some(i) = row.find(c) {
            let b = row.as_bytes();
            let j = if i + 1 < b.len() { i + 1 } else { i - 1 };
            return Some(b[j] as char);
        }
    }
    None
}

fn typo(rng: &mut Rng, word: &str) -> String {
    let mut c: Vec<char> = word.chars().collect();
    if c.len() < 4 || !c.iter().all(|ch| ch.is_ascii_alphabetic()) {
        return word.to_string();
    }
    let i = 1 + rng.below(c.len() - 2);
    match rng.below(4) {
        0 => c.swap(i, i + 1),
        1 => {
            c.remove(i);
        }
        2 => c.insert(i, c[i]),
        _ => {
            if let Some(n) = neighbour(c[i]) {
                c[i] = n;
            }
        }
    }
    c.into_iter().collect()
}

/// Applies word-level noise to one literal, keeping its edge spaces.
fn noisy_words(rng: &mut Rng, lit: &str, noise: &Noise, allow_drop: bool) -> String {
    let lead = lit.starts_with(' ');
    let trail = lit.ends_with(' ') && !lit.trim().is_empty();
    let words: Vec<&str> = lit.split_whitespace().collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let last = words.len().saturating_sub(1);
    for (i, w) in words.iter().enumerate() {
        // The edge words may be glued to a slot (`'{1}'`, `{1}'s`): keep them.
        let inner = i != 0 && i != last;
        if allow_drop && inner && rng.chance(noise.dropout) {
            continue;
        }
        if rng.chance(noise.typo) {
            out.push(typo(rng, w));
        } else {
            out.push(w.to_string());
        }
    }
    let mut s = String::new();
    if lead {
        s.push(' ');
    }
    s.push_str(&out.join(" "));
    if trail && !out.is_empty() {
        s.push(' ');
    }
    s
}

/// Joins the segments into a request, adding noise to the literals only.
pub fn realise(rng: &mut Rng, segs: &[Seg], noise: &Noise) -> String {
    let lit_words: usize = segs
        .iter()
        .map(|s| match s {
            Seg::Lit(l) => l.split_whitespace().count(),
            Seg::Slot(_) => 0,
        })
        .sum();
    let shout = rng.chance(noise.shout);
    let mut parts: Vec<String> = Vec::new();
    if rng.chance(noise.prefix) {
        parts.push(format!("{} ", rng.pick(PREFIXES)));
    }
    for seg in segs {
        match seg {
            Seg::Lit(l) => {
                let w = noisy_words(rng, l, noise, lit_words >= 3);
                parts.push(if shout { w.to_ascii_uppercase() } else { w });
            }
            Seg::Slot(m) => parts.push(m.clone()),
        }
    }
    // Words after a trailing slot would read as part of it ("write ok now"
    // is the text "ok now"): no suffix there.
    let ends_in_slot = matches!(segs.last(), Some(Seg::Slot(_)));
    if !ends_in_slot && rng.chance(noise.suffix) {
        let s = rng.pick(SUFFIXES);
        if s.len() == 1 {
            parts.push(s.to_string());
        } else {
            parts.push(format!(" {s}"));
        }
    }
    let mut line = parts.concat();
    // Collapse the doubled spaces a dropped word leaves.
    while line.contains("  ") {
        line = line.replace("  ", " ");
    }
    let mut line = line.trim().to_string();
    if !shout && rng.chance(noise.capitalize) {
        if let Some(first) = line.chars().next() {
            if first.is_ascii_lowercase() && !first_is_slot(segs) {
                line.replace_range(0..1, &first.to_ascii_uppercase().to_string());
            }
        }
    }
    line
}

/// Whether the request starts with a slot mention (never re-cased).
fn first_is_slot(segs: &[Seg]) -> bool {
    matches!(segs.first(), Some(Seg::Slot(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_noise_joins_exactly() {
        let segs = vec![
            Seg::Lit("copy ".into()),
            Seg::Slot("notes.txt".into()),
            Seg::Lit(" to ".into()),
            Seg::Slot("b.txt".into()),
        ];
        let mut rng = Rng::new(0);
        assert_eq!(
            realise(&mut rng, &segs, &Noise::clean()),
            "copy notes.txt to b.txt"
        );
    }

    #[test]
    fn slot_mentions_survive_heavy_noise() {
        let noise = Noise {
            prefix: 1.0,
            suffix: 1.0,
            dropout: 0.5,
            typo: 1.0,
            shout: 0.5,
            capitalize: 1.0,
        };
        let segs = vec![
            Seg::Lit("please write ".into()),
            Seg::Slot("\"buy milk\"".into()),
            Seg::Lit(" into the file ".into()),
            Seg::Slot("todo.txt".into()),
        ];
        let mut rng = Rng::new(7);
        for _ in 0..500 {
            let r = realise(&mut rng, &segs, &noise);
            assert!(r.contains("\"buy milk\""), "{r}");
            assert!(r.contains("todo.txt"), "{r}");
        }
    }

    #[test]
    fn typos_change_long_words_only() {
        let mut rng = Rng::new(3);
        assert_eq!(typo(&mut rng, "ls"), "ls");
        let mut changed = 0;
        for _ in 0..100 {
            if typo(&mut rng, "memory") != "memory" {
                changed += 1;
            }
        }
        assert!(changed > 50);
    }
}
