//! Token masks: which tokens keep a partial command viable from a state.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::dfa::{Dfa, StateId};
use crate::trie::{has_token, TokTrie};

/// A set of token ids as a bitset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenSet {
    words: Box<[u64]>,
}

impl TokenSet {
    pub fn new(vocab: usize) -> TokenSet {
        TokenSet {
            words: alloc::vec![0u64; vocab.div_ceil(64)].into_boxed_slice(),
        }
    }

    #[inline]
    pub fn insert(&mut self, t: u32) {
        self.words[(t >> 6) as usize] |= 1 << (t & 63);
    }

    #[inline]
    pub fn contains(&self, t: u32) -> bool {
        self.words
            .get((t >> 6) as usize)
            .is_some_and(|w| w & (1 << (t & 63)) != 0)
    }

    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn copy_from(&mut self, other: &TokenSet) {
        self.words.copy_from_slice(&other.words);
    }

    #[inline]
    pub fn remove(&mut self, t: u32) {
        if let Some(w) = self.words.get_mut((t >> 6) as usize) {
            *w &= !(1 << (t & 63));
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            core::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(i as u32 * 64 + b)
            })
        })
    }
}

/// Futures up to this many states get a dense transition table for the
/// walk; larger ones (the start state of a big grammar) step through the
/// sparse edges: filling a table costs more than it saves there.
const DENSE_LIMIT: usize = 64;
const DEAD: u16 = u16::MAX;

/// The one interface between an automaton and the token trie, in the shape of
/// llguidance toktrie's `Recognizer`: a stack of automaton states, one per
/// byte read since the walk began.
pub(crate) trait Recognizer {
    /// `if let Some(s) = step(top, b) { stack.push(s); true } else { false }`
    fn try_push_byte(&mut self, b: u8) -> bool;
    /// `stack.truncate(stack.len() - n)`
    fn pop_bytes(&mut self, n: usize);
    /// `accepting(top)`
    fn is_accepting(&self) -> bool;
}

/// A state stack over the automaton's sparse edges.
pub(crate) struct SparseRecognizer<'a> {
    pub dfa: &'a Dfa,
    pub stack: &'a mut Vec<StateId>,
}

impl<'a> SparseRecognizer<'a> {
    pub fn new(dfa: &'a Dfa, state: StateId, stack: &'a mut Vec<StateId>) -> Self {
        stack.clear();
        stack.push(state);
        SparseRecognizer { dfa, stack }
    }
}

impl Recognizer for SparseRecognizer<'_> {
    #[inline]
    fn try_push_byte(&mut self, b: u8) -> bool {
        // The stack starts with one state and pops never go below it.
        let top = *self.stack.last().expect("recognizer stack is never empty");
        match self.dfa.step(top, b) {
            Some(s) => {
                self.stack.push(s);
                true
            }
            None => false,
        }
    }
    #[inline]
    fn pop_bytes(&mut self, n: usize) {
        self.stack.truncate(self.stack.len() - n);
    }
    fn is_accepting(&self) -> bool {
        self.stack.last().is_some_and(|&s| self.dfa.is_accepting(s))
    }
}

/// A state stack over a dense table of the states reachable from the start
/// (`dense_future`): one lookup per byte instead of an edge search.
struct DenseRecognizer<'a> {
    table: &'a [u16],
    accepting: &'a [bool],
    stack: [u16; crate::trie::MAX_TOKEN_LEN + 1],
    len: usize,
}

impl Recognizer for DenseRecognizer<'_> {
    #[inline]
    fn try_push_byte(&mut self, b: u8) -> bool {
        debug_assert!(self.len >= 1 && self.len < self.stack.len());
        let next = self.table[self.stack[self.len - 1] as usize * 256 + b as usize];
        if next == DEAD {
            return false;
        }
        self.stack[self.len] = next;
        self.len += 1;
        true
    }
    #[inline]
    fn pop_bytes(&mut self, n: usize) {
        self.len -= n;
    }
    fn is_accepting(&self) -> bool {
        self.accepting[self.stack[self.len - 1] as usize]
    }
}

/// Adds to `out` every token whose bytes the automaton can read from `state`.
pub(crate) fn walk(
    dfa: &Dfa,
    trie: &TokTrie,
    state: StateId,
    out: &mut TokenSet,
    stack: &mut Vec<StateId>,
) {
    match dense_future(dfa, state) {
        Some((table, accepting)) => {
            let mut r = DenseRecognizer {
                table: &table,
                accepting: &accepting,
                stack: [0; crate::trie::MAX_TOKEN_LEN + 1],
                len: 1,
            };
            walk_trie(&mut r, trie, out);
        }
        None => walk_trie(&mut SparseRecognizer::new(dfa, state, stack), trie, out),
    }
    for &(kept, dup) in &trie.duplicates {
        if out.contains(kept) {
            out.insert(dup);
        }
    }
}

/// The walk, written once for every recognizer: visits only trie nodes whose
/// prefix the recognizer accepts, skipping a rejected subtree in one step.
#[inline(never)]
fn walk_trie<R: Recognizer>(r: &mut R, trie: &TokTrie, out: &mut TokenSet) {
    let nodes = &trie.nodes;
    // Bytes pushed: the depth of the last accepted node on the current path.
    let mut depth = 0;
    let mut i = 1;
    while i < nodes.len() {
        let n = &nodes[i];
        let d = n.depth as usize;
        // Depth-first order: a node's parent is the last node visited at
        // depth d-1, so its state is the stack's entry at d-1.
        debug_assert!(d >= 1 && d <= trie.max_depth && depth + 1 >= d);
        r.pop_bytes(depth + 1 - d);
        if r.try_push_byte(n.byte) {
            depth = d;
            if has_token(n) {
                out.insert(n.token);
            }
            i += 1;
        } else {
            depth = d - 1;
            i += n.subtree as usize;
        }
    }
}

/// The states reachable from `s`, renumbered from 0 (= `s`), as a table of
/// 256 next states each, and whether each accepts.
fn dense_future(dfa: &Dfa, s: StateId) -> Option<(Vec<u16>, Vec<bool>)> {
    let mut local: alloc::collections::BTreeMap<StateId, u16> = alloc::collections::BTreeMap::new();
    let mut order = alloc::vec![s];
    local.insert(s, 0);
    let mut i = 0;
    while i < order.len() {
        for &(_, _, t) in &dfa.states[order[i] as usize].edges {
            if let alloc::collections::btree_map::Entry::Vacant(e) = local.entry(t) {
                if order.len() >= DENSE_LIMIT {
                    return None;
                }
                e.insert(order.len() as u16);
                order.push(t);
            }
        }
        i += 1;
    }
    let mut table = alloc::vec![DEAD; order.len() * 256];
    for (li, &st) in order.iter().enumerate() {
        for &(lo, hi, t) in &dfa.states[st as usize].edges {
            let lt = local[&t];
            for b in lo..=hi {
                table[li * 256 + b as usize] = lt;
            }
        }
    }
    let accepting = order.iter().map(|&st| dfa.is_accepting(st)).collect();
    Some((table, accepting))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::build::{compile, PathEntry};
    use command::{AppletSpec, PathKind, Slot};

    static CAT: AppletSpec = AppletSpec {
        name: "cat",
        summary: "",
        slots: &[Slot::path("file", PathKind::File, true)],
        writes: false,
        role: None,
        examples: &[],
    };
    static ECHO: AppletSpec = AppletSpec {
        name: "echo",
        summary: "",
        slots: &[Slot::text("text")],
        writes: false,
        role: None,
        examples: &[],
    };

    /// Every state's mask, from both recognizers, equals the brute force:
    /// a token is allowed exactly when the automaton reads all its bytes.
    #[test]
    fn dense_and_sparse_walks_agree_with_brute_force() {
        // Enough files that the start state's future is too big for a
        // dense table.
        let mut paths: Vec<PathEntry> = (0..40)
            .map(|i| PathEntry {
                path: alloc::format!("/F{i}.TXT"),
                is_dir: false,
            })
            .collect();
        paths.push(PathEntry {
            path: "/A B.TXT".into(),
            is_dir: false,
        });
        let mut dfa = compile(&[&CAT, &ECHO], &paths).unwrap();
        dfa.prune();
        let mut words: Vec<Vec<u8>> = (0u8..128).map(|b| alloc::vec![b]).collect();
        for w in [
            "cat", "ca", "t /", "echo", " \"", "A B", ".TXT", "\"", "hi", "cat /A", "A",
        ] {
            words.push(w.as_bytes().to_vec());
        }
        words.push(b"cat".to_vec()); // a duplicate token
        let tokens: Vec<Option<&[u8]>> = words.iter().map(|w| Some(w.as_slice())).collect();
        let trie = TokTrie::new(&tokens);
        let mut stack = Vec::new();
        let (mut dense_states, mut sparse_states) = (0, 0);
        for s in 0..dfa.len() as StateId {
            let mut expected = TokenSet::new(words.len());
            for (t, w) in words.iter().enumerate() {
                let mut st = Some(s);
                for &b in w {
                    st = st.and_then(|x| dfa.step(x, b));
                }
                if st.is_some() {
                    expected.insert(t as u32);
                }
            }
            let mut got = TokenSet::new(words.len());
            walk(&dfa, &trie, s, &mut got, &mut stack);
            assert_eq!(got, expected, "state {s}");
            let mut sparse = TokenSet::new(words.len());
            walk_trie(
                &mut SparseRecognizer::new(&dfa, s, &mut stack),
                &trie,
                &mut sparse,
            );
            for &(kept, dup) in &trie.duplicates {
                if sparse.contains(kept) {
                    sparse.insert(dup);
                }
            }
            assert_eq!(sparse, expected, "state {s} (sparse)");
            match dense_future(&dfa, s) {
                Some(_) => dense_states += 1,
                None => sparse_states += 1,
            }
        }
        // Both recognizers were exercised by `walk`.
        assert!(
            dense_states > 0 && sparse_states > 0,
            "{dense_states} {sparse_states}"
        );
    }
}
