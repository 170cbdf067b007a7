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

/// Adds to `out` every token whose bytes the automaton can read from `state`.
/// The walk visits only trie nodes whose prefix stays viable, skipping a
/// rejected subtree in one step.
pub fn walk(
    dfa: &Dfa,
    trie: &TokTrie,
    state: StateId,
    out: &mut TokenSet,
    stack: &mut Vec<StateId>,
) {
    match dense_future(dfa, state) {
        Some(table) => walk_dense(&table, trie, out),
        None => walk_sparse(dfa, trie, state, out, stack),
    }
    for &(kept, dup) in &trie.duplicates {
        if out.contains(kept) {
            out.insert(dup);
        }
    }
}

/// The states reachable from `s`, renumbered from 0 (= `s`), as a table of
/// 256 next states each.
fn dense_future(dfa: &Dfa, s: StateId) -> Option<Vec<u16>> {
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
    Some(table)
}

#[inline(never)]
fn walk_dense(table: &[u16], trie: &TokTrie, out: &mut TokenSet) {
    let mut stack = [0u16; crate::trie::MAX_TOKEN_LEN + 1];
    let nodes = &trie.nodes;
    let mut i = 1;
    while i < nodes.len() {
        let n = &nodes[i];
        let d = n.depth as usize;
        // Depth-first order: the parent of a node at depth d is the last
        // node visited at depth d-1, whose state is stack[d-1].
        debug_assert!(d >= 1 && d <= trie.max_depth);
        let next = table[stack[d - 1] as usize * 256 + n.byte as usize];
        if next == DEAD {
            i += n.subtree as usize;
        } else {
            stack[d] = next;
            if has_token(n) {
                out.insert(n.token);
            }
            i += 1;
        }
    }
}

#[inline(never)]
fn walk_sparse(
    dfa: &Dfa,
    trie: &TokTrie,
    state: StateId,
    out: &mut TokenSet,
    stack: &mut Vec<StateId>,
) {
    stack.clear();
    stack.resize(trie.max_depth + 1, 0);
    stack[0] = state;
    let nodes = &trie.nodes;
    let mut i = 1;
    while i < nodes.len() {
        let n = &nodes[i];
        let d = n.depth as usize;
        debug_assert!(d >= 1 && d <= trie.max_depth);
        match dfa.step(stack[d - 1], n.byte) {
            None => i += n.subtree as usize,
            Some(s) => {
                stack[d] = s;
                if has_token(n) {
                    out.insert(n.token);
                }
                i += 1;
            }
        }
    }
}
