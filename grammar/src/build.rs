//! Compiles the reachable command table and the live file list into a `Dfa`.
//!
//! A command line is `name (' ' value)*`, one value per slot in order, the
//! optional slots trailing. Values:
//! - path that must exist: exactly one of the live paths of the slot's kind;
//! - any other path: `/` then `[A-Za-z0-9_.~/-]*`;
//! - text: a bare word (no blank, quote, backslash or control byte) or a
//!   double-quoted string with `\"` and `\\` escapes, valid UTF-8 throughout;
//! - integer: decimal without leading zeros, inside the slot's range;
//! - one-of: one of the words.

use alloc::string::String;
use alloc::vec::Vec;

use command::{AppletSpec, PathKind, SlotKind};

use crate::dfa::{Dfa, Role, StateId};

/// One entry of the live filesystem, as the grammar sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEntry {
    /// Absolute path, no trailing slash (the root is `/`).
    pub path: String,
    pub is_dir: bool,
}

/// Paths from a list whose directories end with `/` (as `command::SAMPLE_FS`).
pub fn paths_from_list(list: &[&str]) -> Vec<PathEntry> {
    list.iter()
        .map(|p| match p.strip_suffix('/') {
            Some(d) if !d.is_empty() => PathEntry {
                path: d.into(),
                is_dir: true,
            },
            _ => PathEntry {
                path: (*p).into(),
                is_dir: p.ends_with('/'),
            },
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// Two applets share a name.
    DuplicateName(&'static str),
    /// An applet name must be non-empty lowercase ASCII letters/digits.
    BadName(&'static str),
    /// The slot's integer range is empty or negative (not supported).
    BadRange {
        applet: &'static str,
        slot: &'static str,
    },
    /// More applets or slots than the state tags can count.
    TooLarge,
}

/// Bytes of a component of a new path the grammar writes: an 8.3-style
/// spelling (upper case, no blanks, no quotes), the one the default model
/// was trained on. Live paths are not limited to these: long names are
/// offered as the volume spells them (see `existing_paths`).
pub fn is_path_byte(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_digit() || matches!(b, b'_' | b'.' | b'~' | b'-')
}

/// A component may not start with `.`: that excludes `.` and `..`, which
/// normalisation would remove, so every path the grammar writes is canonical.
fn is_path_start_byte(b: u8) -> bool {
    is_path_byte(b) && b != b'.'
}

fn is_bare_text_byte(b: u8) -> bool {
    b > 0x20 && b != 0x7f && b != b'"' && b != b'\'' && b != b'\\' && b < 0x80
}

/// Builds the automaton. `specs` are the reachable applets, `paths` the
/// live filesystem.
pub fn compile(specs: &[&'static AppletSpec], paths: &[PathEntry]) -> Result<Dfa, BuildError> {
    compile_with(specs, paths, None)
}

/// Builds the automaton with the slots restricted to what one request can
/// supply ([`crate::Grounding`]): must-exist paths are the grounding's
/// referents, new paths and text its spans. A new path that follows a
/// must-exist path (`cp`/`mv` destination) never repeats that source.
pub fn compile_with(
    specs: &[&'static AppletSpec],
    paths: &[PathEntry],
    grounding: Option<&crate::Grounding>,
) -> Result<Dfa, BuildError> {
    if specs.len() > u16::MAX as usize {
        return Err(BuildError::TooLarge);
    }
    let mut dfa = Dfa::default();
    let start = dfa.add(Role::Syntax);
    debug_assert_eq!(start, Dfa::START);
    for (i, spec) in specs.iter().enumerate() {
        if spec.name.is_empty()
            || !spec
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        {
            return Err(BuildError::BadName(spec.name));
        }
        if specs[..i].iter().any(|s| s.name == spec.name) {
            return Err(BuildError::DuplicateName(spec.name));
        }
        if spec.slots.len() > u8::MAX as usize {
            return Err(BuildError::TooLarge);
        }
        let applet = i as u16;
        let end_of_name = trie_insert(&mut dfa, start, spec.name.as_bytes(), Role::Syntax);
        let mut ends: Vec<StateId> = alloc::vec![end_of_name];
        // The previous slot's must-exist paths and their end states.
        let mut sources: Option<Vec<(StateId, String)>> = None;
        for (si, slot) in spec.slots.iter().enumerate() {
            // Every state that may end the command so far gets one edge on
            // ' ' into this slot; optional slots also accept before it.
            // A grounded integer slot the request gives a number for takes
            // one (`show boot.log as hex, 32 bytes` is `hexdump … 32`), unless
            // an optional slot before it may be left out too (`model`'s
            // positions follow `--ctx`).
            let given_number = match (slot.kind, grounding) {
                (SlotKind::Integer { min, max }, Some(g)) if min >= 0 && max >= min => {
                    let (lo, hi) = (min as u64, max as u64);
                    let after_required = si == 0 || spec.slots[si - 1].required;
                    after_required && g.numbers.iter().any(|n| (lo..=hi).contains(n))
                }
                // A text the request gives is what an optional text slot
                // says: `print see you later` is never a bare `echo`.
                (SlotKind::Text, Some(g)) => !g.texts.is_empty(),
                _ => false,
            };
            if !slot.required && !given_number {
                for &e in &ends {
                    mark_accepting(&mut dfa, e, applet);
                }
            }
            let role = Role::Value {
                applet,
                slot: si as u8,
            };
            if let (
                Some(g),
                SlotKind::Path {
                    must_exist: false, ..
                },
                Some(srcs),
            ) = (grounding, slot.kind, sources.take())
            {
                // One branch per source, so the destination never names it
                // nor anything inside it: a folder cannot go into itself or
                // onto its own file (`rename the logs folder to journal` is
                // never `mv /LOGS /LOGS/BOOT.LOG`).
                let mut next = Vec::new();
                for (e, src) in srcs {
                    let sep = dfa.add(Role::Syntax);
                    dfa.edge(e, b' ', b' ', sep);
                    let names = g.new_paths.iter().filter(|p| {
                        !same_or_inside(p, &src)
                            && !g.landmarks.iter().any(|l| command::same_path(l, p))
                    });
                    for t in new_path_literals(&mut dfa, sep, role, names.map(|s| s.as_str())) {
                        if !next.contains(&t) {
                            next.push(t);
                        }
                    }
                }
                ends = next;
                continue;
            }
            sources = None;
            let sep = dfa.add(Role::Syntax);
            for &e in &ends {
                dfa.edge(e, b' ', b' ', sep);
            }
            ends = match (slot.kind, grounding) {
                (
                    SlotKind::Path {
                        kind,
                        must_exist: true,
                    },
                    Some(g),
                ) => {
                    let container = |p: &PathEntry| {
                        kind == PathKind::Any
                            && g.containers.iter().any(|c| command::same_path(c, &p.path))
                    };
                    // Nor is what something goes beside the thing sent.
                    let sends = matches!(
                        spec.slots.get(si + 1).map(|s| s.kind),
                        Some(SlotKind::Path {
                            must_exist: false,
                            ..
                        })
                    );
                    let landmark = |p: &PathEntry| {
                        sends && g.landmarks.iter().any(|l| command::same_path(l, &p.path))
                    };
                    let acted_on: Vec<PathEntry> = g
                        .referents
                        .iter()
                        .filter(|p| !container(p) && !landmark(p))
                        .cloned()
                        .collect();
                    let found = existing_paths_named(&mut dfa, sep, role, kind, &acted_on);
                    let ends = found.iter().map(|(e, _)| *e).collect();
                    sources = Some(found);
                    ends
                }
                // A new folder is never a path the request refers to: that
                // exists, and `mkdir` of it can only fail (`a directory
                // called notes` is /notes, not /NOTES.TXT).
                (
                    SlotKind::Path {
                        kind: PathKind::Dir,
                        must_exist: false,
                    },
                    Some(g),
                ) => {
                    let names = g
                        .new_paths
                        .iter()
                        .filter(|p| !g.referents.iter().any(|r| command::same_path(&r.path, p)));
                    new_path_literals(&mut dfa, sep, role, names.map(|s| s.as_str()))
                }
                // A file written to, not copied or moved to: a referred
                // file is itself, never its name in another folder, which
                // only a copy's or a move's destination takes (`put "…" at
                // the end of the release notes` is no new /Release Notes
                // 0.1.txt at the root).
                (
                    SlotKind::Path {
                        must_exist: false, ..
                    },
                    Some(g),
                ) => {
                    let elsewhere = |p: &str| {
                        g.referents.iter().any(|r| {
                            !r.is_dir
                                && base(&r.path).eq_ignore_ascii_case(base(p))
                                && !command::same_path(&r.path, p)
                        })
                    };
                    let names = g.new_paths.iter().filter(|p| !elsewhere(p));
                    new_path_literals(&mut dfa, sep, role, names.map(|s| s.as_str()))
                }
                // An empty text (a new file asked for with nothing in it,
                // `touch plan.txt`) is a whole file's content, never a line
                // added or a thing said.
                (SlotKind::Text, Some(g)) => grounded_text(
                    &mut dfa,
                    sep,
                    applet,
                    si as u8,
                    &g.texts,
                    spec.role == Some(command::Role::Write),
                ),
                // A request quoted in a request: its texts, and the spans
                // that name files, which a text never takes in (a span in
                // both is one path of the trie).
                (SlotKind::Request, Some(g)) => grounded_text(
                    &mut dfa,
                    sep,
                    applet,
                    si as u8,
                    g.texts.iter().chain(&g.requests),
                    false,
                ),
                (SlotKind::Path { kind, must_exist }, None) => {
                    if must_exist {
                        existing_paths(&mut dfa, sep, role, kind, paths)
                    } else {
                        any_path(&mut dfa, sep, role)
                    }
                }
                (SlotKind::Text | SlotKind::Request, None) => text(&mut dfa, sep, applet, si as u8),
                (SlotKind::Integer { min, max }, g) => {
                    if min < 0 || max < min {
                        return Err(BuildError::BadRange {
                            applet: spec.name,
                            slot: slot.name,
                        });
                    }
                    match g {
                        Some(g) => {
                            let (lo, hi) = (min as u64, max as u64);
                            let mut ends = Vec::new();
                            for n in g.numbers.iter().filter(|n| (lo..=hi).contains(*n)) {
                                let digits = alloc::format!("{n}");
                                let e = trie_insert(&mut dfa, sep, digits.as_bytes(), role);
                                if !ends.contains(&e) {
                                    ends.push(e);
                                }
                            }
                            ends
                        }
                        None => integer(&mut dfa, sep, role, min as u64, max as u64),
                    }
                }
                (SlotKind::OneOf(words), _) => {
                    words_trie(&mut dfa, sep, role, words.iter().copied())
                }
                // The live alternatives: the applets this grammar is built from.
                (SlotKind::AppletName, _) => {
                    words_trie(&mut dfa, sep, role, specs.iter().map(|s| s.name))
                }
            };
            // A must-exist slot with nothing to name leaves no way forward:
            // `Dfa::prune` then removes the slot's separator edge.
        }
        for &e in &ends {
            mark_accepting(&mut dfa, e, applet);
        }
    }
    Ok(dfa)
}

/// Whether `path` is `src` or lies inside it, ignoring case (names that
/// differ only in case are one file on FAT).
fn same_or_inside(path: &str, src: &str) -> bool {
    command::same_path(path, src.trim_end_matches('/')) || command::is_inside(path, src)
}

fn words_trie<'w>(
    dfa: &mut Dfa,
    from: StateId,
    role: Role,
    words: impl Iterator<Item = &'w str>,
) -> Vec<StateId> {
    let mut ends = Vec::new();
    for w in words {
        let e = trie_insert(dfa, from, w.as_bytes(), role);
        if !ends.contains(&e) {
            ends.push(e);
        }
    }
    ends
}

fn mark_accepting(dfa: &mut Dfa, s: StateId, applet: u16) {
    let st = &mut dfa.states[s as usize];
    st.accepting = true;
    st.applet = Some(applet);
}

/// Follows or creates single-byte edges for `bytes` from `from`.
fn trie_insert(dfa: &mut Dfa, from: StateId, bytes: &[u8], role: Role) -> StateId {
    let mut s = from;
    for &b in bytes {
        s = match dfa.exact(s, b) {
            Some(t) => t,
            None => {
                let t = dfa.add(role);
                dfa.edge(s, b, b, t);
                t
            }
        };
    }
    s
}

fn existing_paths(
    dfa: &mut Dfa,
    from: StateId,
    role: Role,
    kind: PathKind,
    paths: &[PathEntry],
) -> Vec<StateId> {
    let mut ends = Vec::new();
    for p in paths {
        let fits = match kind {
            PathKind::File => !p.is_dir,
            PathKind::Dir => p.is_dir,
            PathKind::Any => true,
        };
        // The canonical spelling, as the parser normalises it (each name as
        // the volume spells it), written the way `render` writes it: quoted
        // when it holds a space. A path the parser would refuse has no way
        // in.
        let canon = match command::normalize_path(&p.path) {
            Ok(c) if c == "/" || c.bytes().all(|b| b >= 0x20 && b != 0x7f) => c,
            _ => continue,
        };
        if !fits || canon.contains(['"', '\\']) {
            continue;
        }
        let Some(e) = path_literal(dfa, from, role, &canon) else {
            continue;
        };
        if !ends.contains(&e) {
            ends.push(e);
        }
    }
    ends
}

/// One path value spelt `canon`, written the way `render` writes it:
/// bare, or in double quotes when it holds a space (the quotes are syntax
/// of the slot, not part of the path). `None` for a path `render` would
/// have to escape (FAT forbids `"` and `\` in names anyway).
fn path_literal(dfa: &mut Dfa, from: StateId, role: Role, canon: &str) -> Option<StateId> {
    if canon.contains(['"', '\\']) {
        return None;
    }
    if command::quote(canon).len() == canon.len() {
        return Some(trie_insert(dfa, from, canon.as_bytes(), role));
    }
    let Role::Value { applet, slot } = role else {
        return None;
    };
    let quote = Role::Quote { applet, slot };
    let open = trie_insert(dfa, from, b"\"", quote);
    let body = trie_insert(dfa, open, canon.as_bytes(), role);
    Some(trie_insert(dfa, body, b"\"", quote))
}

/// New paths spelt from the request (canonical, as the grounding checked),
/// quoted where `render` quotes.
fn new_path_literals<'w>(
    dfa: &mut Dfa,
    from: StateId,
    role: Role,
    paths: impl Iterator<Item = &'w str>,
) -> Vec<StateId> {
    let mut ends = Vec::new();
    for p in paths {
        if let Some(e) = path_literal(dfa, from, role, p) {
            if !ends.contains(&e) {
                ends.push(e);
            }
        }
    }
    ends
}

/// [`existing_paths`] keeping which path each end state spells (the
/// canonical spelling), for a following slot that must differ from it.
fn existing_paths_named(
    dfa: &mut Dfa,
    from: StateId,
    role: Role,
    kind: PathKind,
    paths: &[PathEntry],
) -> Vec<(StateId, String)> {
    let mut out = Vec::new();
    for p in paths {
        for e in existing_paths(dfa, from, role, kind, core::slice::from_ref(p)) {
            if !out.iter().any(|(s, _)| *s == e) {
                out.push((e, p.path.clone()));
            }
        }
    }
    out
}

/// Text values restricted to `texts`: each one bare when it can be (one
/// word of bare bytes), and always double-quoted with the parser's escapes.
/// An empty text is `""`, and only where `empty` allows it.
fn grounded_text<'t>(
    dfa: &mut Dfa,
    from: StateId,
    applet: u16,
    slot: u8,
    texts: impl IntoIterator<Item = &'t String>,
    empty: bool,
) -> Vec<StateId> {
    let value = Role::Value { applet, slot };
    let quote = Role::Quote { applet, slot };
    let escape = Role::Escape { applet, slot };
    let mut ends = Vec::new();
    let push = |e: StateId, ends: &mut Vec<StateId>| {
        if !ends.contains(&e) {
            ends.push(e);
        }
    };
    for t in texts {
        let b = t.as_bytes();
        if b.is_empty() && empty {
            let s = trie_insert(dfa, from, b"\"", quote);
            let e = trie_insert(dfa, s, b"\"", quote);
            push(e, &mut ends);
        }
        if b.is_empty() || b.iter().any(|&c| c < 0x20 || c == 0x7f) {
            continue;
        }
        if b.iter().all(|&c| c >= 0x80 || is_bare_text_byte(c)) {
            let e = trie_insert(dfa, from, b, value);
            push(e, &mut ends);
        }
        let mut s = trie_insert(dfa, from, b"\"", quote);
        for &c in b {
            if c == b'"' || c == b'\\' {
                s = trie_insert(dfa, s, b"\\", escape);
            }
            s = trie_insert(dfa, s, &[c], value);
        }
        let e = trie_insert(dfa, s, b"\"", quote);
        push(e, &mut ends);
    }
    ends
}

fn any_path(dfa: &mut Dfa, from: StateId, role: Role) -> Vec<StateId> {
    // `/` (COMPONENT `/`)* COMPONENT — never the root itself, which no
    // applet creates.
    // A component may not end with `.` (FAT drops a trailing dot, and the
    // parser refuses it): after a dot the component must go on.
    let slash = dfa.add(role);
    let body = dfa.add(role);
    let dot = dfa.add(role);
    dfa.edge(from, b'/', b'/', slash);
    add_class_edges(dfa, slash, is_path_start_byte, body);
    add_class_edges(dfa, body, is_path_start_byte, body);
    dfa.edge(body, b'.', b'.', dot);
    dfa.edge(dot, b'.', b'.', dot);
    add_class_edges(dfa, dot, is_path_start_byte, body);
    dfa.edge(body, b'/', b'/', slash);
    alloc::vec![body]
}

/// Adds edges from `s` to `to` on every byte where `pred` holds, as ranges.
fn add_class_edges(dfa: &mut Dfa, s: StateId, pred: fn(u8) -> bool, to: StateId) {
    let mut b = 0u16;
    while b < 256 {
        if pred(b as u8) {
            let lo = b;
            while b + 1 < 256 && pred((b + 1) as u8) {
                b += 1;
            }
            dfa.edge(s, lo as u8, b as u8, to);
        }
        b += 1;
    }
}

fn text(dfa: &mut Dfa, from: StateId, applet: u16, slot: u8) -> Vec<StateId> {
    let value = Role::Value { applet, slot };
    let quote = Role::Quote { applet, slot };
    // Bare word.
    let bare = dfa.add(value);
    add_class_edges(dfa, from, is_bare_text_byte, bare);
    add_class_edges(dfa, bare, is_bare_text_byte, bare);
    // Non-ASCII needs no quotes either (`echo café`), as long as it is UTF-8.
    let u = utf8_states(dfa, bare, value);
    utf8_leads(dfa, from, &u);
    utf8_leads(dfa, bare, &u);
    // Quoted string: open, body (UTF-8 aware), escapes, close.
    let open = dfa.add(quote);
    dfa.edge(from, b'"', b'"', open);
    let body = dfa.add(value);
    let escape = dfa.add(Role::Escape { applet, slot });
    let close = dfa.add(quote);
    for s in [open, body] {
        dfa.edge(s, 0x20, 0x21, body);
        dfa.edge(s, b'"', b'"', close);
        dfa.edge(s, 0x23, 0x5b, body);
        dfa.edge(s, b'\\', b'\\', escape);
        dfa.edge(s, 0x5d, 0x7e, body);
    }
    // The parser's escapes; `Matcher` turns n, t, r back into the control
    // characters.
    for b in [b'"', b'\\', b'n', b'r', b't'] {
        dfa.edge(escape, b, b, body);
    }
    utf8_into(dfa, open, body, value);
    utf8_into_existing(dfa, body, value);
    // An empty quoted string is a value too (`write /A.TXT ""`).
    alloc::vec![bare, close]
}

/// Continuation states for multi-byte UTF-8 sequences that return to `back`.
/// Encodes the RFC 3629 table exactly: no overlongs, no surrogates, ≤ U+10FFFF.
struct Utf8States {
    c1: StateId,
    c2: StateId,
    c3: StateId,
    e0: StateId,
    ed: StateId,
    f0: StateId,
    f4: StateId,
}

fn utf8_states(dfa: &mut Dfa, back: StateId, role: Role) -> Utf8States {
    let c1 = dfa.add(role);
    let c2 = dfa.add(role);
    let c3 = dfa.add(role);
    let e0 = dfa.add(role);
    let ed = dfa.add(role);
    let f0 = dfa.add(role);
    let f4 = dfa.add(role);
    dfa.edge(c1, 0x80, 0xbf, back);
    dfa.edge(c2, 0x80, 0xbf, c1);
    dfa.edge(c3, 0x80, 0xbf, c2);
    dfa.edge(e0, 0xa0, 0xbf, c1);
    dfa.edge(ed, 0x80, 0x9f, c1);
    dfa.edge(f0, 0x90, 0xbf, c2);
    dfa.edge(f4, 0x80, 0x8f, c2);
    Utf8States {
        c1,
        c2,
        c3,
        e0,
        ed,
        f0,
        f4,
    }
}

fn utf8_leads(dfa: &mut Dfa, from: StateId, u: &Utf8States) {
    dfa.edge(from, 0xc2, 0xdf, u.c1);
    dfa.edge(from, 0xe0, 0xe0, u.e0);
    dfa.edge(from, 0xe1, 0xec, u.c2);
    dfa.edge(from, 0xed, 0xed, u.ed);
    dfa.edge(from, 0xee, 0xef, u.c2);
    dfa.edge(from, 0xf0, 0xf0, u.f0);
    dfa.edge(from, 0xf1, 0xf3, u.c3);
    dfa.edge(from, 0xf4, 0xf4, u.f4);
}

fn utf8_into(dfa: &mut Dfa, from: StateId, back: StateId, role: Role) {
    let u = utf8_states(dfa, back, role);
    utf8_leads(dfa, from, &u);
}

fn utf8_into_existing(dfa: &mut Dfa, s: StateId, role: Role) {
    utf8_into(dfa, s, s, role);
}

/// Decimal integers in `[min, max]` without leading zeros, as a digit-DP
/// automaton: a state is the prefix's length and how it compares with the
/// same-length prefixes of `min` and `max`.
fn integer(dfa: &mut Dfa, from: StateId, role: Role, min: u64, max: u64) -> Vec<StateId> {
    use core::cmp::Ordering::{self, *};
    let dmax: Vec<u8> = alloc::format!("{max}").into_bytes();
    let dmin: Vec<u8> = alloc::format!("{min}").into_bytes();
    let (lmax, lmin) = (dmax.len(), dmin.len());
    // A number of final length `l` whose first digits compare as given:
    // unread digits can always be picked to make an Equal prefix compare
    // either way, so only a strict comparison decides.
    let fits = |l: usize, cmax: Ordering, cmin: Ordering| {
        (l < lmax || cmax != Greater) && (l > lmin || (l == lmin && cmin != Less))
    };
    let in_range = |k: usize, cmax: Ordering, cmin: Ordering| fits(k, cmax, cmin);
    let viable = |k: usize, cmax: Ordering, cmin: Ordering| (k..=lmax).any(|l| fits(l, cmax, cmin));
    let mut ends = Vec::new();
    // Zero is its own state: nothing may follow a leading zero.
    if min == 0 {
        let z = dfa.add(role);
        dfa.edge(from, b'0', b'0', z);
        ends.push(z);
    }
    let mut states: Vec<((usize, Ordering, Ordering), StateId)> = Vec::new();
    let mut frontier = alloc::vec![(from, 0usize, Equal, Equal)];
    while let Some((s, k, cmax, cmin)) = frontier.pop() {
        if k == lmax {
            continue;
        }
        for d in b'0'..=b'9' {
            if k == 0 && d == b'0' {
                continue;
            }
            let nmax = if cmax != Equal { cmax } else { d.cmp(&dmax[k]) };
            // Longer than `min` means greater than it.
            let nmin = if k >= lmin {
                Greater
            } else if cmin != Equal {
                cmin
            } else {
                d.cmp(&dmin[k])
            };
            if !viable(k + 1, nmax, nmin) {
                continue;
            }
            let key = (k + 1, nmax, nmin);
            let t = match states.iter().find(|(key2, _)| *key2 == key) {
                Some(&(_, t)) => t,
                None => {
                    let t = dfa.add(role);
                    states.push((key, t));
                    if in_range(k + 1, nmax, nmin) {
                        ends.push(t);
                    }
                    frontier.push((t, k + 1, nmax, nmin));
                    t
                }
            };
            dfa.edge(s, d, d, t);
        }
    }
    ends
}

impl core::fmt::Display for BuildError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BuildError::DuplicateName(n) => write!(f, "two applets are named {n}"),
            BuildError::BadName(n) => write!(f, "applet name {n:?} is not lowercase ASCII"),
            BuildError::BadRange { applet, slot } => {
                write!(
                    f,
                    "{applet}: slot {slot} has an empty or negative integer range"
                )
            }
            BuildError::TooLarge => f.write_str("too many applets or slots for the grammar"),
        }
    }
}

impl core::error::Error for BuildError {}

/// A path's last component.
fn base(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}
