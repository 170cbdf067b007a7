#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! Constrained decoding built from the live command table.
//!
//! `Grammar::build` compiles the reachable applets and the live file list
//! into a byte automaton (`build`); a `Vocab` holds the tokenizer's tokens as
//! a flat trie (`trie`); a `Matcher` walks the two together to give, at each
//! decode step, exactly the tokens that keep the command completable, and
//! turns the finished bytes into a typed `Command`. A command that is not in
//! the table — or a write applet in read-only mode — has no path through it.
extern crate alloc;

mod build;
mod dfa;
mod mask;
mod trie;

use alloc::collections::BTreeMap;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use command::{AppletSpec, Arg, Command, SlotKind};

pub use build::{is_path_byte, paths_from_list, BuildError, PathEntry};
use dfa::{Dfa, Role, StateId};
pub use mask::TokenSet;
use trie::TokTrie;

/// The tokenizer's vocabulary as the grammar needs it.
pub struct Vocab {
    trie: TokTrie,
    /// The token that ends a command (e.g. `<|end|>`).
    end: u32,
    bytes: Vec<Vec<u8>>,
}

impl Vocab {
    /// `tokens[i]` are token `i`'s bytes. `special` tokens (control tokens
    /// other than `end`) never appear inside a command and are left out.
    pub fn new(tokens: Vec<Vec<u8>>, end: u32, special: &[u32]) -> Vocab {
        let view: Vec<Option<&[u8]>> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let i = i as u32;
                if i == end || special.contains(&i) {
                    None
                } else {
                    Some(t.as_slice())
                }
            })
            .collect();
        let trie = TokTrie::new(&view);
        Vocab {
            trie,
            end,
            bytes: tokens,
        }
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub fn end(&self) -> u32 {
        self.end
    }

    pub fn token_bytes(&self, t: u32) -> &[u8] {
        &self.bytes[t as usize]
    }

    /// Trie nodes: the size of the precomputed structure.
    pub fn trie_nodes(&self) -> usize {
        self.trie.nodes.len()
    }
}

/// What one request can put in each kind of slot (built by the request
/// path from the request's words and the live files). A grammar built with
/// it ([`Grammar::build_grounded`]) has no path to a file the request did
/// not refer to, nor to a name or text the request does not contain.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grounding {
    /// The live paths the request refers to: the alternatives of every
    /// must-exist path slot (filtered by the slot's kind). May be empty,
    /// and then those slots have no way forward.
    pub referents: Vec<PathEntry>,
    /// Canonical new paths spelt from the request: the alternatives of every
    /// path slot that may name something new.
    pub new_paths: Vec<String>,
    /// Spans of the request: the alternatives of every text slot.
    pub texts: Vec<String>,
    /// Spans of the request that may name files (`rename hello.txt to
    /// hi.txt`): with `texts`, the alternatives of a request slot.
    pub requests: Vec<String>,
    /// The numbers the request writes in digits, each a whole digit
    /// sequence: the alternatives of every integer slot (those in its
    /// range). Empty leaves an optional integer slot only its omission, so
    /// the sampler cannot write 46 for the request's 64.
    pub numbers: Vec<u64>,
    /// Referred folders the request only places a referred file in (`the
    /// FAQ out of docs`): a slot that takes a file or a folder takes the
    /// file, not them; a folders-only slot (`ls`) still may.
    pub containers: Vec<String>,
    /// Live files the request refers to without spelling their names or
    /// sending anything to them: never a copy's or a move's destination
    /// (`a copy of the boot log next to the FAQ` writes over no FAQ).
    pub landmarks: Vec<String>,
}

/// A compiled grammar with its mask caches (valid for one `Vocab`).
pub struct Grammar {
    dfa: Dfa,
    specs: Vec<&'static AppletSpec>,
    /// Mask of the tokens (end token excluded) readable from each state,
    /// computed on first use.
    cache: Vec<Option<Rc<TokenSet>>>,
    /// Masks by the canonical future they were computed for. Survives
    /// `rebuild`: toggling read-only mode or deleting a file does not change
    /// what may follow `echo "`, so that mask is not walked again.
    by_future: BTreeMap<Vec<u8>, Rc<TokenSet>>,
    stack: Vec<StateId>,
}

/// States whose future is larger than this are cached per grammar only: the
/// expensive masks (free text, new paths) have futures of a few states.
const FUTURE_KEY_LIMIT: usize = 64;
/// Bound on masks kept across rebuilds.
const BY_FUTURE_CAPACITY: usize = 256;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The token is not allowed here: the caller sampled outside the mask.
    Rejected { token: u32 },
    /// A token id outside the vocabulary.
    UnknownToken(u32),
    /// The command is already complete.
    Finished,
    /// The step limit passed without the model ending the command.
    TooLong,
    /// Every token is masked (cannot happen for a pruned, non-empty grammar
    /// unless the vocabulary cannot spell the command at all).
    NoAllowedToken,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Rejected { token } => {
                write!(f, "token {token} is not allowed by the grammar here")
            }
            DecodeError::UnknownToken(t) => write!(f, "token {t} is outside the vocabulary"),
            DecodeError::Finished => f.write_str("the command is already complete"),
            DecodeError::TooLong => f.write_str("no complete command within the step limit"),
            DecodeError::NoAllowedToken => {
                f.write_str("the vocabulary cannot continue the command")
            }
        }
    }
}

impl Grammar {
    /// Compiles the reachable applets and the live paths.
    pub fn build(
        specs: &[&'static AppletSpec],
        paths: &[PathEntry],
    ) -> Result<Grammar, BuildError> {
        let mut dfa = build::compile(specs, paths)?;
        dfa.prune();
        let n = dfa.len();
        Ok(Grammar {
            dfa,
            specs: specs.to_vec(),
            cache: alloc::vec![None; n],
            by_future: BTreeMap::new(),
            stack: Vec::new(),
        })
    }

    /// Compiles the reachable applets with the slots restricted to what one
    /// request supplies (see [`Grounding`]).
    pub fn build_grounded(
        specs: &[&'static AppletSpec],
        grounding: &Grounding,
    ) -> Result<Grammar, BuildError> {
        let mut dfa = build::compile_with(specs, &[], Some(grounding))?;
        dfa.prune();
        let n = dfa.len();
        Ok(Grammar {
            dfa,
            specs: specs.to_vec(),
            cache: alloc::vec![None; n],
            by_future: BTreeMap::new(),
            stack: Vec::new(),
        })
    }

    /// [`Grammar::build_grounded`] keeping the masks whose future is
    /// unchanged (the vocabulary must be the same): one request's grammar
    /// becomes the next one's.
    pub fn rebuild_grounded(
        self,
        specs: &[&'static AppletSpec],
        grounding: &Grounding,
    ) -> Result<Grammar, BuildError> {
        let mut g = Grammar::build_grounded(specs, grounding)?;
        g.by_future = self.by_future;
        Ok(g)
    }

    /// Builds the grammar for a new reachable set or file list, keeping the
    /// masks whose future is unchanged (the vocabulary must be the same).
    pub fn rebuild(
        self,
        specs: &[&'static AppletSpec],
        paths: &[PathEntry],
    ) -> Result<Grammar, BuildError> {
        let mut g = Grammar::build(specs, paths)?;
        g.by_future = self.by_future;
        Ok(g)
    }

    pub fn states(&self) -> usize {
        self.dfa.len()
    }

    pub fn specs(&self) -> &[&'static AppletSpec] {
        &self.specs
    }

    /// Whether `line` is a complete command of this grammar.
    pub fn accepts(&self, line: &[u8]) -> bool {
        use mask::Recognizer;
        let mut stack = Vec::with_capacity(line.len() + 1);
        let mut r = mask::SparseRecognizer::new(&self.dfa, Dfa::START, &mut stack);
        line.iter().all(|&b| r.try_push_byte(b)) && r.is_accepting()
    }

    /// Precomputes the mask of the start state (the first decode step).
    pub fn warm(&mut self, vocab: &Vocab) {
        self.cached_mask(vocab, Dfa::START);
    }

    fn cached_mask(&mut self, vocab: &Vocab, s: StateId) -> &TokenSet {
        if self.cache[s as usize].is_none() {
            let key = self.dfa.future_key(s, FUTURE_KEY_LIMIT);
            let shared = key.as_ref().and_then(|k| self.by_future.get(k)).cloned();
            let set = match shared {
                Some(set) => set,
                None => {
                    let mut set = TokenSet::new(vocab.len());
                    mask::walk(&self.dfa, &vocab.trie, s, &mut set, &mut self.stack);
                    let set = Rc::new(set);
                    if let Some(k) = key {
                        if self.by_future.len() >= BY_FUTURE_CAPACITY {
                            self.by_future.clear();
                        }
                        self.by_future.insert(k, set.clone());
                    }
                    set
                }
            };
            self.cache[s as usize] = Some(set);
        }
        self.cache[s as usize].as_deref().unwrap()
    }

    /// Masks computed by walking the vocabulary trie (not shared).
    pub fn shared_masks(&self) -> usize {
        self.by_future.len()
    }

    pub fn matcher(&mut self) -> Matcher<'_> {
        Matcher {
            grammar: self,
            state: Dfa::START,
            bytes: Vec::new(),
            roles: Vec::new(),
            done: None,
        }
    }
}

/// One decode under the grammar: ask for the mask, commit a token, repeat.
pub struct Matcher<'g> {
    grammar: &'g mut Grammar,
    state: StateId,
    bytes: Vec<u8>,
    roles: Vec<Role>,
    done: Option<Command>,
}

impl Matcher<'_> {
    /// Fills `out` with exactly the allowed tokens: those whose bytes keep
    /// the command completable, plus the end token in accepting states.
    pub fn mask(&mut self, vocab: &Vocab, out: &mut TokenSet) {
        if self.done.is_some() {
            out.clear();
            return;
        }
        let s = self.state;
        out.copy_from(self.grammar.cached_mask(vocab, s));
        if self.grammar.dfa.is_accepting(s) {
            out.insert(vocab.end);
        }
    }

    /// Sets every disallowed logit to −∞ (the model's logits hook).
    pub fn apply(
        &mut self,
        vocab: &Vocab,
        logits: &mut [f32],
        scratch: &mut TokenSet,
    ) -> Result<(), DecodeError> {
        self.mask(vocab, scratch);
        if scratch.is_empty() {
            return Err(DecodeError::NoAllowedToken);
        }
        for (t, l) in logits.iter_mut().enumerate() {
            if !scratch.contains(t as u32) {
                *l = f32::NEG_INFINITY;
            }
        }
        Ok(())
    }

    /// Advances by one token. Returns the finished command when `token` is
    /// the end token.
    pub fn commit(&mut self, vocab: &Vocab, token: u32) -> Result<Option<&Command>, DecodeError> {
        if self.done.is_some() {
            return Err(DecodeError::Finished);
        }
        if token as usize >= vocab.len() {
            return Err(DecodeError::UnknownToken(token));
        }
        if token == vocab.end {
            if !self.grammar.dfa.is_accepting(self.state) {
                return Err(DecodeError::Rejected { token });
            }
            self.done = Some(self.to_command());
            return Ok(self.done.as_ref());
        }
        let mut s = self.state;
        let mut roles = Vec::with_capacity(vocab.bytes[token as usize].len());
        for &b in &vocab.bytes[token as usize] {
            match self.grammar.dfa.step(s, b) {
                Some(t) => {
                    s = t;
                    roles.push(self.grammar.dfa.states[t as usize].role);
                }
                None => return Err(DecodeError::Rejected { token }),
            }
        }
        self.state = s;
        self.bytes.extend_from_slice(&vocab.bytes[token as usize]);
        self.roles.extend(roles);
        Ok(None)
    }

    /// The bytes so far.
    pub fn text(&self) -> &[u8] {
        &self.bytes
    }

    /// The bytes every completion must write next: from the current state,
    /// as long as it is not accepting and has exactly one way on (a copied
    /// text once its first distinct byte is written, up to where another
    /// text of the request leaves it). Empty at a choice.
    pub fn forced_bytes(&self) -> Vec<u8> {
        let dfa = &self.grammar.dfa;
        let mut out = Vec::new();
        let mut s = self.state;
        // A cycle of single edges cannot occur in a grammar of finite
        // texts, but a free-text slot may loop; the bound keeps it finite.
        while out.len() < 256 && self.done.is_none() && !dfa.is_accepting(s) {
            match dfa.states[s as usize].edges.as_slice() {
                [(lo, hi, to)] if lo == hi => {
                    out.push(*lo);
                    s = *to;
                }
                _ => break,
            }
        }
        out
    }

    pub fn is_accepting(&self) -> bool {
        self.grammar.dfa.is_accepting(self.state)
    }

    pub fn finished(&self) -> Option<&Command> {
        self.done.as_ref()
    }

    /// Builds the typed command from the bytes and the slot each byte was
    /// read into. Only called in an accepting state, where the automaton
    /// guarantees every value is well formed.
    fn to_command(&self) -> Command {
        let applet = self.grammar.dfa.states[self.state as usize]
            .applet
            .expect("accepting state names its applet");
        let spec = self.grammar.specs[applet as usize];
        let mut values: Vec<(u8, Vec<u8>)> = Vec::new();
        let mut escaped = false;
        for (&b, &r) in self.bytes.iter().zip(&self.roles) {
            let (slot, is_value) = match r {
                Role::Value { slot, .. } => (slot, true),
                Role::Quote { slot, .. } | Role::Escape { slot, .. } => (slot, false),
                Role::Syntax => continue,
            };
            if values.last().is_none_or(|(s, _)| *s != slot) {
                values.push((slot, Vec::new()));
            }
            if is_value {
                let b = match (escaped, b) {
                    (true, b'n') => b'\n',
                    (true, b't') => b'\t',
                    (true, b'r') => b'\r',
                    (_, b) => b,
                };
                values.last_mut().unwrap().1.push(b);
            }
            escaped = matches!(r, Role::Escape { .. });
        }
        let args = values
            .into_iter()
            .map(|(slot, v)| {
                let text = String::from_utf8(v).unwrap_or_default();
                match spec.slots[slot as usize].kind {
                    SlotKind::Path { .. } => Arg::Path(text),
                    SlotKind::Text | SlotKind::Request => Arg::Text(text),
                    SlotKind::Integer { .. } => Arg::Integer(text.parse().unwrap_or(0)),
                    SlotKind::OneOf(words) => {
                        Arg::Word(words.iter().find(|w| **w == text).copied().unwrap_or(""))
                    }
                    SlotKind::AppletName => Arg::Word(
                        self.grammar
                            .specs
                            .iter()
                            .map(|s| s.name)
                            .find(|n| *n == text)
                            .unwrap_or(""),
                    ),
                }
            })
            .collect();
        Command {
            applet: spec.name,
            args,
        }
    }
}

/// Greedy or sampled decoding under the grammar. `step` runs the model on
/// one token (the previous one, `None` first) and writes its logits into the
/// buffer; `pick` chooses a token from the masked logits (argmax for greedy,
/// a seeded sampler otherwise).
pub fn decode(
    grammar: &mut Grammar,
    vocab: &Vocab,
    max_tokens: usize,
    mut step: impl FnMut(Option<u32>, &mut [f32]),
    mut pick: impl FnMut(&[f32]) -> u32,
) -> Result<Command, DecodeError> {
    let mut scratch = TokenSet::new(vocab.len());
    let mut logits = alloc::vec![0f32; vocab.len()];
    let hooks = Hooks {
        step: |prev: Option<u32>, l: &mut [f32]| {
            step(prev, l);
            Ok::<(), core::convert::Infallible>(())
        },
        pick: |l: &mut [f32], allowed: &TokenSet| {
            for (t, x) in l.iter_mut().enumerate() {
                if !allowed.contains(t as u32) {
                    *x = f32::NEG_INFINITY;
                }
            }
            Some(pick(l))
        },
        keep: |_: &[u8], _: u32| true,
        lazy: false,
        max_fed: usize::MAX,
    };
    match decode_with(grammar, vocab, max_tokens, &mut logits, &mut scratch, hooks) {
        Ok(d) => Ok(d.command),
        Err(Stop::Grammar(e)) => Err(e),
        Err(Stop::Step(never)) => match never {},
    }
}

/// What [`decode_with`] calls at each step.
pub struct Hooks<S, P, K> {
    /// `step(prev, logits)`: runs the model on the previous token (`None`
    /// first) and writes its logits. An error stops the decode (a model
    /// failure, or the person cancelling).
    pub step: S,
    /// `pick(logits, allowed)`: the next token among `allowed`, or `None`.
    pub pick: P,
    /// The token filter: `keep(bytes_so_far, token)` removes tokens from the
    /// grammar's mask before `pick` sees it (e.g. forcing one applet).
    pub keep: K,
    /// Whether a token the mask forces (the only one allowed) is committed
    /// without running the model: its logits choose nothing. The model is
    /// run on such tokens only when a later step has a choice to make, so a
    /// forced tail (the rest of a copied text, its closing quote, the end)
    /// costs no forward pass and no context. Greedy decoding gives the same
    /// command either way; a sampler would draw its random numbers at other
    /// steps.
    pub lazy: bool,
    /// With `lazy`, how many tokens the model may be run on (its context
    /// left after the prompt); `usize::MAX` for no bound.
    pub max_fed: usize,
}

/// Why [`decode_with`] stopped without a command.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop<E> {
    Grammar(DecodeError),
    Step(E),
}

/// A finished decode.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    pub command: Command,
    /// Tokens committed, the end token included.
    pub tokens: usize,
}

/// The decode loop, written once: step → mask → filter → pick → commit.
/// `logits` and `mask` are the caller's scratch (one allocation per caller).
pub fn decode_with<E, S, P, K>(
    grammar: &mut Grammar,
    vocab: &Vocab,
    max_tokens: usize,
    logits: &mut [f32],
    mask: &mut TokenSet,
    mut hooks: Hooks<S, P, K>,
) -> Result<Decoded, Stop<E>>
where
    S: FnMut(Option<u32>, &mut [f32]) -> Result<(), E>,
    P: FnMut(&mut [f32], &TokenSet) -> Option<u32>,
    K: FnMut(&[u8], u32) -> bool,
{
    let mut m = grammar.matcher();
    // Tokens committed but not yet run through the model (one at most
    // unless `Hooks::lazy`); `started` once the prompt's logits were asked
    // for.
    let mut unfed: Vec<u32> = Vec::new();
    let mut started = false;
    let mut fed = 0;
    for i in 0..max_tokens {
        m.mask(vocab, mask);
        let written = m.text();
        let drop: Vec<u32> = mask.iter().filter(|&t| !(hooks.keep)(written, t)).collect();
        for t in drop {
            mask.remove(t);
        }
        if mask.is_empty() {
            return Err(Stop::Grammar(DecodeError::NoAllowedToken));
        }
        // One allowed token is no choice. Past the model's room, bytes the
        // grammar still forces are written by the longest token within
        // them: the model can no longer be asked, and they are the same
        // bytes however they are cut (earlier, the model's own cut is kept,
        // as it reads best what it would have written).
        let out_of_room = fed + unfed.len() >= hooks.max_fed;
        let forced = if !hooks.lazy {
            None
        } else if mask.len() == 1 {
            mask.iter().next()
        } else if out_of_room {
            let run = m.forced_bytes();
            let t = mask
                .iter()
                .filter(|&t| {
                    let b = vocab.token_bytes(t);
                    t != vocab.end() && !b.is_empty() && run.starts_with(b)
                })
                .max_by_key(|&t| (vocab.token_bytes(t).len(), core::cmp::Reverse(t)));
            Some(t.ok_or(Stop::Grammar(DecodeError::TooLong))?)
        } else {
            None
        };
        let t = match forced {
            Some(t) => t,
            None => {
                // The model catches up on what it has not read, then picks.
                if !started {
                    (hooks.step)(None, logits).map_err(Stop::Step)?;
                    started = true;
                }
                for p in core::mem::take(&mut unfed) {
                    (hooks.step)(Some(p), logits).map_err(Stop::Step)?;
                    fed += 1;
                }
                (hooks.pick)(logits, mask).ok_or(Stop::Grammar(DecodeError::NoAllowedToken))?
            }
        };
        if let Some(cmd) = m.commit(vocab, t).map_err(Stop::Grammar)? {
            return Ok(Decoded {
                command: cmd.clone(),
                tokens: i + 1,
            });
        }
        unfed.push(t);
    }
    Err(Stop::Grammar(DecodeError::TooLong))
}

/// Index of the largest logit (ties: the lowest id).
pub fn argmax(logits: &[f32]) -> u32 {
    let mut best = 0;
    for (i, &l) in logits.iter().enumerate() {
        if l > logits[best] {
            best = i;
        }
    }
    best as u32
}
impl core::error::Error for DecodeError {}
