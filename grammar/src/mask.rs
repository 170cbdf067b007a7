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

/// Adds to `out` every token whose bytes the automaton can read from `state`.
/// The walk visits only trie nodes whose prefix stays viable, skipping a
/// rejected subtree in one step.
#[inline(never)]
pub fn walk(
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
        // Invariant: depth-first order means the parent of a node at depth d
        // was visited last among depth d-1 nodes, so stack[d-1] is its state.
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
    for &(kept, dup) in &trie.duplicates {
        if out.contains(kept) {
            out.insert(dup);
        }
    }
}
