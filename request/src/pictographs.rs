//! Pictographs typed for the words of a job: `🗑️ the meeting notes`, `📋
//! the todo ➡️ DOCS`, `🕒??`, `👀 the LOGS 📁`.
//!
//! A person who writes to friends in emoji writes to the machine the same
//! way; the model learnt words and read the pictures as nothing (`🗑️ the
//! meeting notes` had shown them, `🚚 the photo list ➡️ LOGS` listed LOGS).
//! [`worded`] reads each picture whose meaning is one job's word as that
//! word, before a colon and outside quotes: after a colon is a text, as
//! typed. A picture that could mean many things (a heart, a fire, a cross)
//! is left alone.

use alloc::string::String;

/// Each picture and the word it is read as. Clock faces are found by range
/// ([`clock_face`]).
const PICTURES: &[(char, &str)] = &[
    ('🗑', "delete"),
    ('📋', "copy"),
    ('🚚', "move"),
    ('🆕', "new"),
    ('📄', "file"),
    ('📃', "file"),
    ('📁', "folder"),
    ('📂', "folder"),
    ('🗂', "folder"),
    ('👀', "show"),
    ('👁', "show"),
    ('⏰', "time"),
    ('⌚', "time"),
    ('🕰', "time"),
    ('📅', "date"),
    ('📆', "date"),
    ('🧠', "memory"),
    ('➡', "to"),
    ('→', "to"),
    ('⇒', "to"),
    ('🧹', "clear"),
    ('🔄', "restart"),
    ('🔁', "restart"),
    ('📴', "turn off"),
    ('⏻', "turn off"),
    ('📢', "say"),
    ('📣', "say"),
];

/// Words after which the line quotes what the person would type or say.
const QUOTING: &[&str] = &[
    "say", "says", "said", "saying", "type", "typed", "typing", "echo",
];

/// 🕐 to 🕧, the clock at each hour and half hour.
fn clock_face(c: char) -> bool {
    ('\u{1F550}'..='\u{1F567}').contains(&c)
}

/// What a picture is read as; `✏️` renames when it points at a new name
/// (`✏️ the faq ➡️ faq2.txt`) and writes otherwise.
fn word(c: char, points: bool) -> Option<&'static str> {
    if clock_face(c) {
        return Some("time");
    }
    if c == '✏' || c == '📝' {
        return Some(if points { "rename" } else { "write" });
    }
    PICTURES.iter().find(|(p, _)| *p == c).map(|(_, w)| *w)
}

/// Marks that only shape the picture before them: the variation selector,
/// the joiner, skin tones.
fn shapes(c: char) -> bool {
    matches!(c, '\u{FE0F}' | '\u{FE0E}' | '\u{200D}') || ('\u{1F3FB}'..='\u{1F3FF}').contains(&c)
}

/// `line` with each picture of a job's word read as the word, if any was.
pub fn worded(line: &str) -> Option<String> {
    let head = line.split(':').next().unwrap_or(line);
    let points = head.chars().any(|c| matches!(c, '➡' | '→' | '⇒'));
    let mut out = String::with_capacity(line.len() + 16);
    let mut changed = false;
    let mut quote = false;
    let mut after_colon = false;
    for c in line.chars() {
        if after_colon || quote {
            quote ^= c == '"';
            out.push(c);
            continue;
        }
        match word(c, points) {
            Some(w) => {
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str(w);
                out.push(' ');
                changed = true;
            }
            None if shapes(c) && changed => {}
            None => {
                // (After a word, a space is already there.)
                if c == ' ' && out.ends_with(' ') && changed {
                    continue;
                }
                // What follows a word that quotes is the person's own
                // (`what if i said 🗑️ the todo`, `say 👋 to all`).
                let last = out
                    .rsplit(|c: char| !c.is_alphabetic())
                    .next()
                    .unwrap_or("");
                let quotes = c == ' ' && QUOTING.contains(&last.to_lowercase().as_str());
                quote = c == '"';
                after_colon = c == ':' || quotes;
                out.push(c);
            }
        }
    }
    changed.then(|| String::from(out.trim()))
}

#[cfg(test)]
mod tests {
    use super::worded;

    #[test]
    fn pictures_of_jobs_read_as_their_words() {
        assert_eq!(
            worded("🗑️ the meeting notes babe").as_deref(),
            Some("delete the meeting notes babe")
        );
        assert_eq!(
            worded("📋 the todo ➡️ DOCS").as_deref(),
            Some("copy the todo to DOCS")
        );
        assert_eq!(worded("🕒??").as_deref(), Some("time ??"));
        assert_eq!(
            worded("👀 the LOGS 📁").as_deref(),
            Some("show the LOGS folder")
        );
        assert_eq!(
            worded("✏️ the faq ➡️ faq-salon.txt").as_deref(),
            Some("rename the faq to faq-salon.txt")
        );
        assert_eq!(
            worded("🆕📄 prices.txt: gel mani 💅 £25").as_deref(),
            Some("new file prices.txt: gel mani 💅 £25")
        );
    }

    #[test]
    fn texts_and_other_pictures_stay_as_typed() {
        assert_eq!(worded("say \"🗑️ day\""), None);
        assert_eq!(worded("add to the todo: 📅 book the van"), None);
        assert_eq!(worded("❤️ the notes"), None);
        assert_eq!(worded("what if i said 🗑️ the todo"), None);
        assert_eq!(worded("say 👀 to all"), None);
        assert_eq!(worded("show the notes"), None);
    }
}
