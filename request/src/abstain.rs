//! Abstaining: when nothing reachable fits a request, nothing runs.
//!
//! It is an answer the request path learns, not a refusal bolted on
//! afterwards, and it has two kinds:
//!
//! - nothing on this machine does it (the weather, a pizza, keyboard
//!   mashing): the router is solved with one more class, [`NOTHING_FITS`],
//!   from the hand-written [`OUT_OF_SCOPE`] requests, in every mode;
//!   A model trained on lines no applet does (GGUF `nosys.nothing`, from
//!   `corpus/natural/more/nothing.txt` with `NOSYS_NOTHING_PAIRS`; not the
//!   default model, docs/training.md says why) says so itself: their command ends
//!   before it starts, so the end token's chance right after the prompt,
//!   against the reachable applets' first tokens, is the model's own
//!   "nothing fits" ([`crate::Interpreter::nothing_share`], above
//!   `Config::lm_nothing` nothing runs). The grammar has no empty command:
//!   that share is read beside it, never decoded;
//! - in read-only mode, only a write applet would do it. The write applets
//!   are in neither the grammar nor the router then, so neither can say so.
//!   The language model can: it was trained on every applet, and after the
//!   prompt its next-token probabilities still rank the applet names.
//!   [`crate::Interpreter::write_share`] is the share of that probability
//!   on write applets; above `Config::write_share` the request is taken
//!   for a write. The reply names F2 and no applet.
//!
//! A pooled "needs a write" router class (every write applet's examples as
//! one class) was tried first and lost: on dev in read-only mode at the
//! same hint rate (about 93 %) it abstained on 12.3 % of requests that had
//! a reachable answer, against 5.4 % for the model's share
//! ([docs/eval.md](../../docs/eval.md)).

/// Class of requests nothing on this machine does.
pub const NOTHING_FITS: &str = "(nothing fits)";
/// What the shell answers when a read-only request asks for a write.
pub const NEEDS_WRITE_REPLY: &str =
    "nothing reachable does that; write commands exist in read-write mode (F2)";
/// What the shell answers when nothing fits.
/// What is said to a line that takes its own request back.
pub const TAKEN_BACK_REPLY: &str = "the line takes its request back; nothing runs";
/// What is said to a line that asks for two commands.
pub const TWO_REQUESTS_REPLY: &str =
    "that asks for two things; nothing runs: ask for one at a time";
pub const NOTHING_FITS_REPLY: &str = "nothing reachable does that; type `help` for the commands";

/// Lines that are no request to any machine, written by hand for the
/// router's out-of-scope class (not taken from any evaluation split): chat,
/// trivia and keyboard mashing. Errands a future applet could do (the
/// weather, music, alarms) are deliberately absent: with them in this class,
/// an applet added later with eight examples lost its own requests to it
/// (three of four weather paraphrases in `default_model.rs`). Requests like
/// those end as [`crate::Abstain::Unsure`] when no applet is confident.
pub const OUT_OF_SCOPE: &[&str] = &[
    "tell me a joke",
    "how are you today",
    "thanks, that's all",
    "write me a poem about autumn",
    "who wrote hamlet",
    "what is the meaning of life",
    "you are a good computer",
    "hmm",
    "lorem ipsum dolor sit amet",
    "aaaaaaa",
    "zxcv bnm",
    "hjkl hjkl",
    "1234567",
    "?!",
];

/// What the shell answers when the router's applet needs a file and the
/// request refers to none on the volume ([`crate::Abstain::NoFile`]).
pub fn no_file_reply(applet: &str) -> alloc::string::String {
    alloc::format!(
        "`{applet}` needs a file and none here is one you named; nothing ran (`ls` lists them)"
    )
}

/// What the shell answers when the router's applet fits but the request
/// does not give it what it needs ([`crate::Abstain::Unfilled`]).
pub fn unfilled_reply(applet: &str) -> alloc::string::String {
    alloc::format!(
        "`{applet}` fits, but the request does not say what to give it; nothing ran: say it another way, or type the command (`help {applet}`)"
    )
}

/// What the shell answers when the ridge is not confident: the two paths
/// disagree, or agree on an applet the router barely placed
/// (`Config::floor`). The candidates, all reachable, and nothing run.
pub fn unsure_reply(ridge: &str, grammar: &str) -> alloc::string::String {
    if ridge == grammar {
        return alloc::format!(
            "not sure what you mean (`{ridge}`?); nothing ran: say it another way, or type the command"
        );
    }
    alloc::format!(
        "not sure what you mean (`{ridge}` or `{grammar}`?); nothing ran: say it another way, or type the command"
    )
}
