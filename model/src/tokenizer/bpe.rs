//! The merge loop of llama.cpp's `llm_tokenizer_bpe_session::tokenize`, over raw bytes.
//!
//! Every string that can occur as a symbol (a single byte, a side of a merge, a merge result,
//! a token) gets a small integer, so the loop compares and looks up integers only. Pending
//! merges sit in a binary heap ordered by (rank, left position) as llama.cpp's queue is; an
//! entry whose pair no longer holds its rank is skipped when popped. A word of n bytes costs
//! O(n log n), whatever its content. Short words skip the heap: a scan for the lowest-ranked,
//! leftmost adjacent pair picks the same merge the heap would.

use alloc::collections::BinaryHeap;
use alloc::vec::Vec;
use core::cmp::Reverse;

use hashbrown::HashMap;

use super::{byte_decode_into, byte_encode, Arena, ArenaIndex, TokenizerError};

const NONE: u32 = u32::MAX;

pub(super) struct Bpe {
    /// (left symbol, right symbol) packed in a u64 -> (rank, merged symbol).
    merges: HashMap<u64, (u32, u32)>,
    /// Token id of each symbol, or NONE when the string is not a token.
    sym_token: Vec<u32>,
    /// For a byte left in a symbol that is not a token, llama.cpp looks up each byte of the
    /// byte's GPT-2 character as a one-byte token text, and drops those it does not find.
    fallback: [[u32; 2]; 256],
    /// The symbols' bytes, kept for llama.cpp's `ignore_merges` (whole word -> token).
    word_index: Option<Interner>,
}

struct Interner {
    bytes: Arena,
    index: ArenaIndex,
}

impl Interner {
    fn intern(&mut self, key: &[u8], sym_token: &mut Vec<u32>) -> Result<u32, TokenizerError> {
        if let Some(s) = self.index.find(&self.bytes, key) {
            return Ok(s);
        }
        let s = sym_token.len() as u32;
        self.bytes.push(key)?;
        // Cannot collide: `find` just failed.
        let _ = self.index.insert(&self.bytes, s);
        sym_token.push(NONE);
        Ok(s)
    }
}

#[inline]
fn pair_key(left: u32, right: u32) -> u64 {
    (u64::from(left) << 32) | u64::from(right)
}

impl Bpe {
    pub(super) fn new<M: AsRef<[u8]>>(
        texts: &Arena,
        text_index: &ArenaIndex,
        merge_list: &[M],
        ignore_merges: bool,
    ) -> Result<Self, TokenizerError> {
        let n_tokens = texts.ends.len();
        let mut int = Interner {
            bytes: Arena::default(),
            index: ArenaIndex::with_capacity(n_tokens + merge_list.len() / 4),
        };
        let mut sym_token = Vec::with_capacity(n_tokens + 256);
        // Symbols 0..256 are the single bytes, which every word starts from.
        for b in 0..=255u8 {
            int.intern(&[b], &mut sym_token)?;
        }
        let mut buf = Vec::new();
        for i in 0..n_tokens {
            let text = texts.get(i).unwrap_or(&[]);
            // Tokens whose text is not a byte encoding can never equal an encoded word.
            if byte_decode_into(text, &mut buf) && !buf.is_empty() {
                let s = int.intern(&buf, &mut sym_token)?;
                sym_token[s as usize] = i as u32;
            }
        }

        let mut merges = HashMap::with_capacity(merge_list.len());
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (rank, m) in merge_list.iter().enumerate() {
            let m = m.as_ref();
            // llama.cpp splits at the first space at or after index 1.
            let Some(sp) = m.iter().skip(1).position(|&b| b == b' ').map(|p| p + 1) else {
                continue;
            };
            if !byte_decode_into(&m[..sp], &mut l) || !byte_decode_into(&m[sp + 1..], &mut r) {
                continue;
            }
            if l.is_empty() || r.is_empty() {
                continue;
            }
            let ls = int.intern(&l, &mut sym_token)?;
            let rs = int.intern(&r, &mut sym_token)?;
            l.extend_from_slice(&r);
            let merged = int.intern(&l, &mut sym_token)?;
            // llama.cpp's bpe_ranks.emplace keeps the first rank of a repeated merge.
            merges
                .entry(pair_key(ls, rs))
                .or_insert((rank as u32, merged));
        }

        let mut fallback = [[NONE; 2]; 256];
        let mut enc = Vec::new();
        for (b, slot) in fallback.iter_mut().enumerate() {
            enc.clear();
            byte_encode(&[b as u8], &mut enc);
            for (k, e) in enc.iter().enumerate() {
                slot[k] = text_index
                    .find(texts, core::slice::from_ref(e))
                    .unwrap_or(NONE);
            }
        }

        Ok(Self {
            merges,
            sym_token,
            fallback,
            word_index: ignore_merges.then_some(int),
        })
    }

    /// Appends the tokens of one pre-tokenized word.
    pub(super) fn encode_word(
        &self,
        word: &[u8],
        ignore_merges: bool,
        s: &mut Scratch,
        out: &mut Vec<u32>,
    ) {
        if word.is_empty() {
            return;
        }
        if ignore_merges {
            let sym = self
                .word_index
                .as_ref()
                .and_then(|w| w.index.find(&w.bytes, word));
            if let Some(id) = sym
                .map(|s| self.sym_token[s as usize])
                .filter(|&id| id != NONE)
            {
                out.push(id);
                return;
            }
        }
        if word.len() == 1 {
            self.emit(u32::from(word[0]), word, out);
            return;
        }
        if word.len() <= SHORT_WORD {
            self.encode_short(word, s, out);
            return;
        }

        s.syms.clear();
        let last = word.len() - 1;
        s.syms.extend(word.iter().enumerate().map(|(i, &b)| Symbol {
            sym: u32::from(b),
            start: i as u32,
            len: 1,
            prev: if i == 0 { NONE } else { i as u32 - 1 },
            next: if i == last { NONE } else { i as u32 + 1 },
        }));
        s.heap.clear();
        for i in 1..word.len() as u32 {
            self.queue_pair(&s.syms, i - 1, i, &mut s.heap);
        }

        while let Some(Reverse(key)) = s.heap.pop() {
            let (rank, left) = ((key >> 32) as u32, key as u32);
            let l = s.syms[left as usize];
            if l.len == 0 || l.next == NONE {
                continue;
            }
            let right = l.next;
            let r = s.syms[right as usize];
            // Each rank belongs to one pair, so an entry is current exactly when the pair now at
            // `left` still has its rank (symbols only grow: the same pair means no change).
            let Some(&(now_rank, merged)) = self.merges.get(&pair_key(l.sym, r.sym)) else {
                continue;
            };
            if now_rank != rank {
                continue;
            }
            let lm = &mut s.syms[left as usize];
            lm.len += r.len;
            lm.sym = merged;
            lm.next = r.next;
            s.syms[right as usize].len = 0;
            if r.next != NONE {
                s.syms[r.next as usize].prev = left;
            }
            if l.prev != NONE {
                self.queue_pair(&s.syms, l.prev, left, &mut s.heap);
            }
            if r.next != NONE {
                self.queue_pair(&s.syms, left, r.next, &mut s.heap);
            }
        }

        // Symbol 0 is never merged away (merges absorb the right side), so the chain starts there.
        let mut i = 0;
        while i != NONE {
            let sym = s.syms[i as usize];
            let bytes = &word[sym.start as usize..(sym.start + sym.len) as usize];
            self.emit(sym.sym, bytes, out);
            i = sym.next;
        }
    }

    /// The same merge order for short words without the heap: the heap always pops the
    /// lowest-ranked, leftmost pair among the pairs adjacent now, which a scan finds directly.
    fn encode_short(&self, word: &[u8], s: &mut Scratch, out: &mut Vec<u32>) {
        let parts = &mut s.parts;
        parts.clear();
        parts.extend(word.iter().enumerate().map(|(i, &b)| Part {
            sym: u32::from(b),
            start: i as u32,
            rank: NONE,
            merged: NONE,
        }));
        let pair = |parts: &mut [Part], i: usize| {
            let (rank, merged) = parts
                .get(i + 1)
                .and_then(|r| self.merges.get(&pair_key(parts[i].sym, r.sym)))
                .copied()
                .unwrap_or((NONE, NONE));
            parts[i].rank = rank;
            parts[i].merged = merged;
        };
        for i in 0..parts.len() {
            pair(parts, i);
        }
        loop {
            // First minimum: the leftmost among equal ranks.
            let mut best = NONE;
            let mut at = 0;
            for (i, p) in parts.iter().enumerate() {
                if p.rank < best {
                    best = p.rank;
                    at = i;
                }
            }
            if best == NONE {
                break;
            }
            parts[at].sym = parts[at].merged;
            parts.remove(at + 1);
            pair(parts, at);
            if at > 0 {
                pair(parts, at - 1);
            }
        }
        for (i, p) in parts.iter().enumerate() {
            let end = parts.get(i + 1).map_or(word.len(), |n| n.start as usize);
            self.emit(p.sym, &word[p.start as usize..end], out);
        }
    }

    #[inline]
    fn queue_pair(
        &self,
        syms: &[Symbol],
        left: u32,
        right: u32,
        heap: &mut BinaryHeap<Reverse<u64>>,
    ) {
        let (ls, rs) = (syms[left as usize].sym, syms[right as usize].sym);
        if let Some(&(rank, _)) = self.merges.get(&pair_key(ls, rs)) {
            // Ordered by rank, then leftmost: llama.cpp's comparator.
            heap.push(Reverse((u64::from(rank) << 32) | u64::from(left)));
        }
    }

    #[inline]
    fn emit(&self, sym: u32, bytes: &[u8], out: &mut Vec<u32>) {
        let id = self.sym_token[sym as usize];
        if id != NONE {
            out.push(id);
            return;
        }
        for &b in bytes {
            out.extend(
                self.fallback[b as usize]
                    .iter()
                    .copied()
                    .filter(|&t| t != NONE),
            );
        }
    }
}

#[derive(Clone, Copy)]
struct Symbol {
    sym: u32,
    start: u32,
    /// 0 once merged into its left neighbour.
    len: u32,
    prev: u32,
    next: u32,
}

/// Words up to this many bytes are merged by [`Bpe::encode_short`].
const SHORT_WORD: usize = 24;

/// A symbol of a short word, with the merge it would make with its right neighbour.
#[derive(Clone, Copy)]
struct Part {
    sym: u32,
    start: u32,
    rank: u32,
    merged: u32,
}

#[derive(Default)]
pub(super) struct Scratch {
    parts: Vec<Part>,
    syms: Vec<Symbol>,
    /// Pending merges as `rank << 32 | left position`.
    heap: BinaryHeap<Reverse<u64>>,
}
