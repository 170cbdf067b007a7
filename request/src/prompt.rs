//! The prompt format the default model was trained on, defined here once:
//! the corpus writes its training sequences with it, the request path
//! prefills with it, and the tokenizer's special tokens are these strings.

use alloc::format;
use alloc::string::String;

/// Starts a request.
pub const USER: &str = "<|user|>";
/// Ends the request and starts the command.
pub const CMD: &str = "<|cmd|>";
/// Ends the command.
pub const END: &str = "<|end|>";
/// Fills a training batch after `END`; never predicted.
pub const PAD: &str = "<|pad|>";
/// The special tokens in id order: `<|end|>` is id 0, and so on.
pub const SPECIALS: [&str; 4] = [END, USER, CMD, PAD];

/// The text the model is given for a request: it continues with a command.
pub fn prompt(request: &str) -> String {
    format!("{USER}{request}{CMD}")
}

/// One training sequence: the prompt, the command, the end.
pub fn sequence(request: &str, command: &str) -> String {
    format!("{USER}{request}{CMD}{command}{END}")
}
