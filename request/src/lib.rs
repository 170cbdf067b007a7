#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! The request path shared by the kernel and the host tool `nosys-shell`, so
//! the host's answers are the kernel's answers.
//!
//! A typed line that parses as a reachable command runs as typed. Anything
//! else is a request, and [`Interpreter::propose`] turns it into a command:
//!
//! 1. one prefill of the prompt: `<|user|>REQUEST<|cmd|>` for the default
//!    model ([`prompt()`]), the model's own ChatML turns for a chat model
//!    ([`ChatFormat`], defined once in [`prompt`](mod@prompt));
//! 2. the ridge router reads the final-norm hidden state at the last prompt
//!    token and names an applet with a confidence;
//! 3. grammar-constrained greedy decoding proposes a whole command;
//! 4. grammar-constrained decoding forced to start with the ridge applet's
//!    name fills that applet's arguments, decoding again from the same KV
//!    position (skipped when step 3 already chose that applet: greedy under a
//!    subset mask that contains the unrestricted choice picks the same token,
//!    so the result would be identical).
//!
//! Which command is shown is [`Via`]'s rule; the router is trained from the
//! applets' declared examples, whose features are cached beside the model in
//! `features.bin` ([`features`]).
extern crate alloc;

pub mod abstain;
pub mod carrier;
pub mod case;
pub mod conjoined;
pub mod contents;
pub mod correction;
pub mod cues;
pub mod decode;
pub mod features;
mod files;
pub mod foreign;
pub mod framing;
pub mod ground;
mod interpreter;
pub mod lexical;
pub mod pictographs;
pub mod prompt;
mod proposal;
pub mod spelling;

pub use contents::Contents;
pub use cues::{Cues, CUES_KEY};
pub use features::{model_hash, CacheError, FeatureCache, FeatureRow, EXTRA_ROW};
pub use features::{volume_path as features_volume_path, VOLUME_DIR as FEATURES_DIR};
pub use files::{paths_from_list, walk_files};
pub use ground::{ground, ground_with, respell, Descriptions, Grounded, Missing};
pub use interpreter::{
    CacheStatus, Config, Feature, Interpreter, LoadError, Rebuild, RequestError, StateSize,
    WarmReport, CACHE_TOLERANCE, INTENT_KEY, LEARNT_KEY, MIN_COMMAND_TOKENS, NOTHING_KEY,
    WORDS_KEY,
};
pub use prompt::{prompt, ChatFormat, NoFormat, CMD, END, USER};
pub use proposal::{Abstain, Decision, Display, Proposal, RidgeGuess, Timings, Via};

/// Whether `line` is a statement of a programming language the `dialect`
/// crate reads (PHP's `echo file_get_contents('NOTES.TXT');`), not a
/// POSIX, cmd or PowerShell line: typed, it would parse as this shell's
/// `echo` and say the code back; the request path reads what it asks.
pub fn reads_as_code(line: &str) -> bool {
    dialect::read(line).is_some_and(|r| {
        !matches!(
            r.shell,
            dialect::Shell::Posix | dialect::Shell::Cmd | dialect::Shell::PowerShell
        )
    })
}

/// The reachable applet whose name is `request`'s first word, in any case
/// and before `,:;.!?` (`Cp NOTES.TXT the notes file`, `ROUTE what cpu is
/// this`, `mv todo.txt to done.txt`). A line that reaches the request path
/// did not parse as typed, yet its first word is the one a person chose
/// because the shell knows it: [`Interpreter::propose`] takes it as the
/// applet and leaves only its arguments to the model.
///
/// Politeness before it does not hide it (`could you route read the faq`,
/// `please cat the notes`, `go ahead and ls`).
pub fn named_applet(
    table: &command::Table,
    mode: command::Mode,
    request: &str,
) -> Option<&'static str> {
    named_applet_at(table, mode, request).map(|(name, _)| name)
}

/// [`named_applet`] and the byte offset just past its name in `request`.
pub(crate) fn named_applet_at(
    table: &command::Table,
    mode: command::Mode,
    request: &str,
) -> Option<(&'static str, usize)> {
    let polite = |w: &str| {
        [
            "please", "pls", "kindly", "could", "can", "would", "will", "you", "u", "just", "now",
            "ok", "okay", "hey", "go", "ahead", "and", "i", "i'd", "want", "need", "like", "to",
            "let's", "lets",
        ]
        .iter()
        .any(|p| w.eq_ignore_ascii_case(p))
    };
    let (start, word) = request
        .split_whitespace()
        .map(|w| {
            // Each piece is a subslice of `request`: its offset is exact.
            let at = w.as_ptr() as usize - request.as_ptr() as usize;
            (at, w.trim_end_matches([',', ':', ';', '.', '!', '?']))
        })
        .find(|(_, w)| !polite(w))?;
    // A name that a particle after it makes another verb (`write off the
    // hello file`, `write out hello world`, `log out`, `log in as root`)
    // names no applet.
    let next = request[start + word.len()..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches([',', ':', ';', '.', '!', '?'])
        .to_ascii_lowercase();
    // (`log this in notes: …`, `log it in boot.log` record a line: the
    // log applet shows the machine's log and takes no such object.)
    let particle = matches!(next.as_str(), "off" | "out")
        || (word.eq_ignore_ascii_case("log")
            && matches!(
                next.as_str(),
                // (`log my surf session on strava` records an activity.)
                "in" | "on" | "it" | "this" | "that" | "my"
            ));
    if particle {
        return None;
    }
    table
        .reachable(mode)
        .map(|a| a.spec().name)
        .find(|n| n.eq_ignore_ascii_case(word))
        .map(|n| (n, start + word.len()))
}

/// A monotonic clock: the kernel reads the TSC, the host `Instant`.
pub trait Clock {
    /// Nanoseconds since an arbitrary fixed origin.
    fn now_ns(&mut self) -> u64;
}
