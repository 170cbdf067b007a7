//! Tab completion over the reachable set and the live filesystem.
//!
//! The ui crate knows nothing of applets (and applets nothing of the ui):
//! the shell hands the line left of the cursor to [`complete`] and gives
//! the ui the resulting [`Completion`].

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::files::Files;
use crate::parse::{quote, split};
use crate::spec::{PathKind, SlotKind};
use crate::table::{Mode, Table};

/// What may replace the end of the line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completion {
    /// Byte offset in the line where the word being completed starts; each
    /// candidate replaces `line[start..]`.
    pub start: usize,
    /// Full replacements for the word, sorted by name ignoring case, already
    /// quoted where needed.
    /// A directory ends with `/` (more may follow); anything else is a whole
    /// word after which a space belongs.
    pub candidates: Vec<String>,
}

impl Completion {
    /// The longest prefix shared by every candidate (what Tab inserts when
    /// there is more than one).
    pub fn common_prefix(&self) -> &str {
        let Some(first) = self.candidates.first() else {
            return "";
        };
        let mut len = first.len();
        for c in &self.candidates[1..] {
            len = len.min(
                first
                    .char_indices()
                    .zip(c.chars())
                    .find(|((_, a), b)| a != b)
                    .map_or(len.min(c.len()), |((i, _), _)| i),
            );
        }
        &first[..len]
    }
}

/// Completes the word that ends `line` (the text left of the cursor): the
/// command name, a path from `files` for path slots, a word for one-of
/// slots, an applet name for `help`. Text and integer slots have nothing to
/// offer.
pub fn complete(
    table: &Table,
    mode: Mode,
    line: &str,
    files: Option<&mut dyn Files>,
) -> Completion {
    let words = split(line);
    let (index, start, partial) = match words.words.last() {
        Some(w) if !words.trailing_space => (words.words.len() - 1, w.start, w.text.clone()),
        _ => (words.words.len(), line.len(), String::new()),
    };
    let mut candidates: Vec<String> = if index == 0 {
        names(table, mode, &partial)
    } else {
        let Some(applet) = table.get(&words.words[0].text, mode) else {
            return Completion {
                start,
                candidates: Vec::new(),
            };
        };
        match applet.spec().slot(index - 1).map(|s| s.kind) {
            Some(SlotKind::Path { kind, .. }) => match files {
                Some(fs) => paths(fs, kind, &partial),
                None => Vec::new(),
            },
            Some(SlotKind::OneOf(options)) => options
                .iter()
                .filter(|w| w.starts_with(partial.as_str()))
                .map(|w| quote(w))
                .collect(),
            Some(SlotKind::AppletName) => names(table, mode, &partial),
            _ => Vec::new(),
        }
    };
    // By name as a person reads it: a quoted candidate sorts by what is
    // inside its quotes, and case is ignored (`/meeting notes.txt` between
    // `/LOGS/` and `/NOTES.TXT`).
    candidates.sort_by_cached_key(|c| {
        let key: String = c
            .trim_start_matches('"')
            .chars()
            .flat_map(char::to_lowercase)
            .collect();
        (key, c.clone())
    });
    candidates.dedup();
    Completion { start, candidates }
}

fn names(table: &Table, mode: Mode, partial: &str) -> Vec<String> {
    table
        .reachable(mode)
        .map(|a| a.spec().name)
        .filter(|n| n.starts_with(partial))
        .map(|n| n.to_string())
        .collect()
}

/// Entries of the partial path's directory whose names start with what
/// follows its last `/`, compared without case as FAT does. The directory
/// part is kept as typed, so completion never rewrites what is on screen.
fn paths(fs: &mut dyn Files, kind: PathKind, partial: &str) -> Vec<String> {
    // Nothing typed yet: offer absolute paths, the form the examples use.
    let (dir_typed, prefix) = match partial.rfind('/') {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None if partial.is_empty() => ("/", ""),
        None => ("", partial),
    };
    let Ok(dir) = crate::parse::normalize_path(if dir_typed.is_empty() { "/" } else { dir_typed })
    else {
        return Vec::new();
    };
    let Ok(entries) = fs.list(&dir) else {
        return Vec::new();
    };
    let prefix_upper = prefix.to_ascii_uppercase();
    entries
        .into_iter()
        // Directories are always offered: a file may lie below one.
        .filter(|e| e.is_dir || kind != PathKind::Dir)
        .filter(|e| e.name.to_ascii_uppercase().starts_with(&prefix_upper))
        .map(|e| {
            let mut s = String::from(dir_typed);
            s.push_str(&e.name);
            if e.is_dir {
                s.push('/');
            }
            quote(&s)
        })
        .collect()
}
