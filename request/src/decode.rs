//! Greedy grammar-constrained decoding from a prefilled prompt, optionally
//! forced to one applet, polling for cancellation between tokens.
//!
//! The loop is `grammar::decode_with`'s; this file supplies its hooks: the
//! first step copies logits saved after the prefill (so two decodes can
//! start at the same KV position), every step polls for cancellation, the
//! token filter can restrict the command to one applet, and the pick is the
//! largest allowed logit.
//!
//! Restricting to applet `A` intersects the live grammar's mask with "the
//! bytes so far stay a prefix of `A` followed by a blank (or end right after
//! `A`)". Once `A ` is written the grammar alone decides, so `A`'s slots keep
//! their live alternatives — including `help <applet>`, whose alternatives
//! are the whole reachable set, which a grammar built from `A` alone would
//! lose — and the mask cache is shared with the unrestricted decode.

use grammar::{DecodeError, Grammar, Hooks, Stop, TokenSet, Vocab};
use model::{ModelError, Transformer};

/// Why a decode produced no command.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeFailure {
    /// `should_cancel` returned true.
    Cancelled,
    Grammar(DecodeError),
    Model(ModelError),
}

impl core::fmt::Display for DecodeFailure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DecodeFailure::Cancelled => f.write_str("cancelled"),
            DecodeFailure::Grammar(e) => write!(f, "{e}"),
            DecodeFailure::Model(e) => write!(f, "{e}"),
        }
    }
}

/// A finished decode.
pub use grammar::Decoded;

/// Scratch reused across decodes (one allocation per interpreter).
pub struct Scratch {
    pub logits: alloc::vec::Vec<f32>,
    pub mask: TokenSet,
}

impl Scratch {
    pub fn new(vocab: usize) -> Scratch {
        Scratch {
            logits: alloc::vec![0.0; vocab],
            mask: TokenSet::new(vocab),
        }
    }
}

/// Decodes greedily from `prompt_logits` (the logits after the last prompt
/// token, which sits at `pos - 1`). Each later token is fed at `pos`,
/// `pos + 1`, …, overwriting whatever an earlier decode left in the KV cache
/// there. `only` forces the command's applet. A token the grammar forces is
/// fed only when a later token is chosen (`grammar::Hooks::lazy`): at most
/// `max_fed` tokens are run through the model (the context left), while
/// the command may be `max_tokens` long, so a long text copied from the
/// request, whose tokens the grammar forces once it has begun, fits.
#[allow(clippy::too_many_arguments)]
pub fn greedy(
    model: &mut Transformer<'_>,
    grammar: &mut Grammar,
    vocab: &Vocab,
    prompt_logits: &[f32],
    pos: usize,
    max_tokens: usize,
    max_fed: usize,
    only: Option<&str>,
    scratch: &mut Scratch,
    should_cancel: &mut dyn FnMut() -> bool,
) -> Result<Decoded, DecodeFailure> {
    // Every decode looks once, even one the grammar forces throughout,
    // which runs no model step (and so polls nowhere else).
    if should_cancel() {
        return Err(DecodeFailure::Cancelled);
    }
    let Scratch { logits, mask } = scratch;
    let mut n = 0;
    let hooks = Hooks {
        step: |prev: Option<u32>, logits: &mut [f32]| {
            if should_cancel() {
                return Err(DecodeFailure::Cancelled);
            }
            match prev {
                None => logits.copy_from_slice(prompt_logits),
                Some(t) => {
                    let l = model
                        .forward(t, pos + n - 1)
                        .map_err(DecodeFailure::Model)?;
                    logits.copy_from_slice(l);
                }
            }
            n += 1;
            Ok(())
        },
        pick: |logits: &mut [f32], allowed: &TokenSet| best_allowed(logits, allowed),
        keep: |written: &[u8], t: u32| match only {
            Some(name) => keeps_applet(vocab, written, name.as_bytes(), t),
            None => true,
        },
        lazy: true,
        max_fed,
    };
    grammar::decode_with(grammar, vocab, max_tokens, logits, mask, hooks).map_err(|e| match e {
        Stop::Grammar(e) => DecodeFailure::Grammar(e),
        Stop::Step(e) => e,
    })
}

/// The allowed token with the largest logit (ties: the lowest id, as
/// `grammar::argmax`). NaN logits never win.
fn best_allowed(logits: &[f32], mask: &TokenSet) -> Option<u32> {
    let mut best: Option<(u32, f32)> = None;
    for t in mask.iter() {
        let l = logits[t as usize];
        if best.is_none_or(|(_, b)| l > b) {
            best = Some((t, l));
        }
    }
    best.map(|(t, _)| t)
}

/// Whether token `t` keeps the command on `name` followed by a blank or by
/// the end of the command, given the bytes `written` so far.
fn keeps_applet(vocab: &Vocab, written: &[u8], name: &[u8], t: u32) -> bool {
    if written.len() > name.len() {
        // `name ` is written: the applet is decided.
        return true;
    }
    if t == vocab.end() {
        return written == name;
    }
    vocab.token_bytes(t).iter().enumerate().all(|(i, &b)| {
        let at = written.len() + i;
        match at.cmp(&name.len()) {
            core::cmp::Ordering::Less => b == name[at],
            core::cmp::Ordering::Equal => b == b' ',
            core::cmp::Ordering::Greater => true,
        }
    })
}
