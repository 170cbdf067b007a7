//! Grounding: what one request can put in each slot.
//!
//! A must-exist path slot may name only a live path the request refers to
//! (by name, stem, a name without its extension, a misspelt name, or a word
//! the applets' declared examples use for that file); a new path is spelt
//! from the request's words; a text is a span of the request. The result
//! ([`grammar::Grounding`]) is compiled into that request's grammar, so a
//! file, name or text the request does not supply has no path through the
//! sampler. A token that looks like a file name and names nothing on the
//! volume is recorded as [`Missing`]: the proposal then runs nothing unless
//! its command creates that name.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use command::{SlotKind, Table};
use grammar::is_path_byte;
use grammar::{Grounding, PathEntry};

/// A file the request names that the volume does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    /// As the volume would spell it (`JUNK.TXT`, `DOCS/X.TXT`).
    pub name: String,
    /// The live paths nearest to it by edit distance (at most three).
    pub closest: Vec<String>,
}

impl Missing {
    /// The one-line answer: `no file JUNK.TXT on NOSYS (closest: /TODO.TXT)`.
    pub fn reply(&self, label: &str) -> String {
        let mut s = alloc::format!("no file {} on {label}", self.name);
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
}

/// Words the declared examples use for a file without naming it, learnt as
/// (word, canonical path): a word is kept only when at least two examples
/// use it and every example that uses it refers to that one path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Descriptions {
    words: Vec<(String, String)>,
}

impl Descriptions {
    /// Learns from the must-exist path arguments of every declared example.
    pub fn learn(table: &Table) -> Descriptions {
        // (word, the must-exist path its example refers to, if any).
        let mut seen: Vec<(String, Option<String>)> = Vec::new();
        for a in table.all() {
            let spec = a.spec();
            for e in spec.examples {
                let mut args = e.command.split_whitespace().skip(1);
                let mut referred = None;
                for slot in spec.slots {
                    let Some(arg) = args.next() else { break };
                    if let SlotKind::Path {
                        must_exist: true, ..
                    } = slot.kind
                    {
                        referred = Some(arg.to_ascii_uppercase());
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
        Descriptions { words }
    }

    /// The learnt (word, path) pairs.
    pub fn words(&self) -> &[(String, String)] {
        &self.words
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
fn is_stopword(w: &str) -> bool {
    const WORDS: &[&str] = &[
        "a",
        "an",
        "the",
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
        "folder",
        "directory",
        "dir",
    ];
    WORDS.contains(&w)
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
fn looks_like_file(w: &str) -> bool {
    if w.contains('/') && !w.trim_matches('/').is_empty() {
        return true;
    }
    match w.rsplit_once('.') {
        Some((base, ext)) => {
            !base.is_empty()
                && base.bytes().any(|b| b.is_ascii_alphabetic())
                && (1..=4).contains(&ext.len())
                && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                && ext.bytes().any(|b| b.is_ascii_alphabetic())
        }
        None => false,
    }
}

/// A request token spelt as the volume spells names: upper case, no
/// leading slash; `None` when a component has a byte no name may hold.
fn canonical(w: &str) -> Option<String> {
    let c = w.trim_matches('/').to_ascii_uppercase();
    let ok = !c.is_empty()
        && c.split('/').all(|p| {
            p.bytes()
                .next()
                .is_some_and(|b| b != b'.' && is_path_byte(b))
                && p.bytes().all(is_path_byte)
        });
    ok.then_some(c)
}

fn basename(path: &str) -> &str {
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

/// Levenshtein distance over bytes, case-insensitive.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = alloc::vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let same = a[i - 1].eq_ignore_ascii_case(&b[j - 1]);
            cur[j] = (prev[j] + 1)
                .min(cur[j - 1] + 1)
                .min(prev[j - 1] + usize::from(!same));
        }
        core::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Whether `word` is a misspelling of `name`: a few edits for its length,
/// never a different number (`notes2` is not `notes`).
fn misspelt(word: &str, name: &str) -> bool {
    let n = word.len().min(name.len());
    let allowed = match n {
        0..=3 => 0,
        4..=6 => 1,
        _ => 2,
    };
    allowed > 0 && digits(word) == digits(name) && edit_distance(word, name) <= allowed
}

/// The live paths a file-like token names: exactly (whole path, name, or
/// stem when the token has no extension), else by a misspelling.
fn resolve<'p>(token: &str, paths: &'p [PathEntry]) -> Vec<&'p PathEntry> {
    let has_ext = token.contains('.');
    let exact: Vec<&PathEntry> = paths
        .iter()
        .filter(|p| {
            let path = p.path.to_ascii_uppercase();
            let name = basename(&path);
            path.trim_start_matches('/') == token
                || name == token
                || (!has_ext && stem(name) == token)
        })
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    paths
        .iter()
        .filter(|p| {
            let path = p.path.to_ascii_uppercase();
            let name = basename(&path);
            let against = if has_ext { name } else { stem(name) };
            misspelt(basename(token), against)
        })
        .collect()
}

/// The live names nearest to `name` (files when it looks like a file).
fn closest(name: &str, paths: &[PathEntry]) -> Vec<String> {
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
        .map(|(_, p)| p.to_ascii_uppercase())
        .collect()
}

/// Words that join a text to the rest of a request.
fn is_joining_word(w: &str) -> bool {
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
    )
}

/// Words that introduce a destination: a missing name after one of them is
/// the name being created, not the file being read.
fn is_destination_word(w: &str) -> bool {
    matches!(w, "to" | "into" | "onto" | "as")
}

/// Grounds `request` in the live `paths`.
pub fn ground(request: &str, paths: &[PathEntry], learnt: &Descriptions) -> Grounded {
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
    let words: Vec<String> = raw.iter().map(|t| clean(t).to_ascii_lowercase()).collect();

    let mut named: Vec<&PathEntry> = Vec::new();
    let mut described: Vec<&PathEntry> = Vec::new();
    let mut missing: Vec<Missing> = Vec::new();
    let mut source_missing = false;
    let mut new_names: Vec<String> = Vec::new();
    let mut any_file_token = false;
    let mut file_tokens: Vec<usize> = Vec::new();
    // The first token that referred to a live path.
    let mut first_referent: Option<usize> = None;
    // Words that referred to a live file: never a new name themselves.
    let mut describing: Vec<usize> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if w.is_empty() {
            continue;
        }
        // A quoted word is a file name only where a file is being named:
        // `say "done"` is text (dev: `echo done`), `the file named "x"` is not.
        let after_named =
            i >= 2 && matches!(words[i - 1].as_str(), "named" | "called") && words[i - 2] == "file";
        let file_like = looks_like_file(w) || after_named;
        if file_like {
            any_file_token = true;
            if looks_like_file(w) {
                file_tokens.push(i);
            }
            let Some(c) = canonical(w) else { continue };
            let found = resolve(&c, paths);
            if found.is_empty() {
                // After a word that introduces a destination, or after the
                // request has already referred to a file, a missing name is
                // the new one (`copy my notes file /RECIPE.TXT`).
                let dest = (1..=2).any(|k| i >= k && is_destination_word(&words[i - k]))
                    || first_referent.is_some();
                source_missing |= !dest;
                missing.push(Missing {
                    closest: closest(&c, paths),
                    name: c.clone(),
                });
            }
            if !found.is_empty() {
                first_referent.get_or_insert(i);
            }
            named.extend(found);
            new_names.push(c);
            continue;
        }
        if is_stopword(w) {
            continue;
        }
        let before = described.len();
        let sq = squash(w);
        for p in paths {
            let path = p.path.to_ascii_uppercase();
            let st = squash(stem(basename(&path)));
            let singular = sq.strip_suffix('s').unwrap_or(&sq);
            let st_singular = st.strip_suffix('s').unwrap_or(&st);
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
                    || (sq.len() >= 5 && misspelt(&sq, &st)))
            {
                described.push(p);
            }
        }
        if let Some(p) = learnt.path_for(w) {
            described.extend(paths.iter().filter(|e| e.path.eq_ignore_ascii_case(p)));
        }
        if described.len() > before {
            describing.push(i);
            first_referent.get_or_insert(i);
        }
    }
    // New names: file-like tokens and the words right after a name-giving
    // word; when the request has neither, every content word.
    let gives = |i: usize| {
        i >= 1
            && matches!(
                words[i - 1].as_str(),
                "to" | "as" | "called" | "named" | "into"
            )
    };
    let any_given = (0..words.len()).any(|i| gives(i) && !is_stopword(&words[i]));
    for (i, w) in words.iter().enumerate() {
        if looks_like_file(w) || is_stopword(w) {
            continue;
        }
        // A word that describes a live file is not a new name, unless a
        // name-giving word precedes it (`a directory called notes`).
        if describing.contains(&i) && !gives(i) {
            continue;
        }
        // Words after the file acted on may name where it goes (`copy
        // boot.log in logs music`).
        let after_source = first_referent.is_some_and(|r| i > r);
        if (!any_file_token && !any_given) || gives(i) || after_source {
            if let Some(c) = canonical(w) {
                new_names.push(c);
            }
        }
    }

    let mut referents: Vec<PathEntry> = Vec::new();
    // A missing name in the place of the file acted on: only files the
    // request names count, never one its other words describe.
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

    let mut new_paths: Vec<String> = Vec::new();
    let add = |p: String, new_paths: &mut Vec<String>| {
        if canonical(&p).is_some() && !new_paths.contains(&p) {
            new_paths.push(p);
        }
    };
    // A referred file keeps its name at the root and in the folders the
    // request refers to (`move the notes into docs`), not in every folder:
    // `rename readme to info` must not offer /LOGS/README.TXT.
    let referred_dirs: Vec<String> = referents
        .iter()
        .filter(|p| p.is_dir)
        .map(|p| p.path.to_ascii_uppercase())
        .collect();
    // Where a new name may go: the root, the folders the request refers to,
    // and the folders of the files it refers to (`a copy of faq.txt called
    // faq2.txt` is /DOCS/FAQ2.TXT).
    let mut name_dirs = referred_dirs.clone();
    for r in referents.iter().filter(|p| !p.is_dir) {
        let path = r.path.to_ascii_uppercase();
        if let Some((d, _)) = path.rsplit_once('/') {
            if !d.is_empty() && !name_dirs.iter().any(|n| n == d) {
                name_dirs.push(d.into());
            }
        }
    }
    for r in &referents {
        let path = r.path.to_ascii_uppercase();
        add(path.clone(), &mut new_paths);
        if !r.is_dir {
            let name = basename(&path);
            add(alloc::format!("/{name}"), &mut new_paths);
            for d in &referred_dirs {
                add(alloc::format!("{d}/{name}"), &mut new_paths);
            }
        }
    }
    for n in &new_names {
        add(alloc::format!("/{n}"), &mut new_paths);
        if !n.contains('/') {
            for d in &name_dirs {
                add(alloc::format!("{d}/{n}"), &mut new_paths);
            }
        }
    }
    // A new file in a new folder the request names (`stats.dat in the src
    // folder`): each name with an extension under each word without one.
    for f in new_names
        .iter()
        .filter(|n| n.contains('.') && !n.contains('/'))
    {
        for d in new_names.iter().filter(|n| !n.contains('.')) {
            add(alloc::format!("/{d}/{f}"), &mut new_paths);
        }
    }

    Grounded {
        grounding: Grounding {
            referents,
            new_paths,
            texts: spans(request, &tokens, &file_tokens),
        },
        missing,
    }
}

/// Every run of whole words of the request, as typed, also without its
/// trailing `,;:.` and without quotes around it.
/// A span never takes in a file-like token: that is the file the text goes
/// to, not the text (`write hello world to hello.txt`).
fn spans(request: &str, tokens: &[(usize, usize)], file_tokens: &[usize]) -> Vec<String> {
    // A set: a long request has thousands of spans, and a linear search
    // per span made a 43-word request cost 11 ms on the host.
    let mut out: alloc::collections::BTreeSet<String> = alloc::collections::BTreeSet::new();
    let mut push = |s: &str| {
        if !s.is_empty() && !out.contains(s) {
            out.insert(s.to_string());
        }
    };
    for i in 0..tokens.len() {
        for j in i..tokens.len().min(i + MAX_SPAN_WORDS) {
            let quoted = request[tokens[i].0..].starts_with(['"', '\''])
                && request[..tokens[j].1]
                    .trim_end_matches(['?', '.', '!', ','])
                    .ends_with(['"', '\'']);
            if (i..=j).any(|k| file_tokens.contains(&k)) && !quoted {
                continue;
            }
            // A text never ends on a word that joins it to what follows
            // (`buy eggs to` of `add buy eggs to list.txt`).
            let last = request[tokens[j].0..tokens[j].1].to_ascii_lowercase();
            if j > i && is_joining_word(&last) {
                continue;
            }
            // Nor starts on the word that introduces it (`with milk`,
            // `called shopping.txt`, `saying call mom`).
            let first = request[tokens[i].0..tokens[i].1].to_ascii_lowercase();
            if is_introducing_word(&first) {
                continue;
            }
            let s = &request[tokens[i].0..tokens[j].1];
            push(s);
            let trimmed = s.trim_end_matches([',', ';', ':', '.']);
            push(trimmed);
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
