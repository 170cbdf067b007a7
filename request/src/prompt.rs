//! The prompt, defined here once for every model.
//!
//! The default model was trained on its own format (`<|user|>REQUEST<|cmd|>COMMAND<|end|>`):
//! the corpus writes its training sequences with [`sequence`], and the tokenizer's special
//! tokens are these strings. Any other model is asked in the chat format its GGUF names in
//! `tokenizer.chat_template`. The template is Jinja; rather than run it, [`ChatFormat::detect`]
//! recognises the ChatML family that Qwen's templates belong to (`<|im_start|>ROLE\n…<|im_end|>`,
//! as llama.cpp's `llm_chat_detect_template` does by the same marker) and writes that format
//! itself, with Qwen3's empty think block when the template has the `enable_thinking` switch.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use model::tokenizer::Tokenizer;

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

/// ChatML's turn markers.
pub const IM_START: &str = "<|im_start|>";
pub const IM_END: &str = "<|im_end|>";
/// What Qwen3's template writes after the generation prompt with `enable_thinking=false`.
pub const EMPTY_THINK: &str = "<think>\n\n</think>\n\n";

/// The system turn of a chat model: the grammar keeps the answer a command, this says so.
pub const SYSTEM: &str = "You are the shell of nosys. Answer with one command line.";

/// The text the default model is given for a request: it continues with a command.
pub fn prompt(request: &str) -> String {
    format!("{USER}{request}{CMD}")
}

/// The command column of a pair for which nothing runs (`data/*.tsv`).
pub const NOTHING: &str = "nothing";

/// One training sequence: the prompt, the command, the end. A pair whose
/// command is [`NOTHING`] ends right after the prompt: the model learns
/// that a request no applet does has no command at all.
pub fn sequence(request: &str, command: &str) -> String {
    let command = if command == NOTHING { "" } else { command };
    format!("{USER}{request}{CMD}{command}{END}")
}

/// How a model is asked for a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatFormat {
    /// The default model's own tokens: `<|user|>REQUEST<|cmd|>`, the command ends at `<|end|>`.
    Nosys,
    /// ChatML: a system turn, the request as the user turn, then the assistant's turn, which
    /// the command ends at `<|im_end|>`. `empty_think`: Qwen3's template, whose non-thinking
    /// mode writes an empty think block first (the answer comes without reasoning).
    ChatMl { empty_think: bool },
}

/// Why no format fits a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoFormat {
    /// No `<|user|>`/`<|cmd|>`/`<|end|>` tokens and no `tokenizer.chat_template`.
    NoTemplate,
    /// A template, but not one in the ChatML family (no `<|im_start|>`/`<|im_end|>`).
    UnknownTemplate,
    /// A ChatML template whose markers are not tokens of the vocabulary.
    MissingToken(&'static str),
}

impl core::fmt::Display for NoFormat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NoFormat::NoTemplate => f.write_str(
                "no prompt format: the vocabulary has no <|user|>/<|cmd|> tokens and the file \
                 has no tokenizer.chat_template",
            ),
            NoFormat::UnknownTemplate => f.write_str(
                "no prompt format: tokenizer.chat_template is not a ChatML (<|im_start|>) \
                 template, the one family recognised besides nosys's own tokens",
            ),
            NoFormat::MissingToken(t) => write!(
                f,
                "no prompt format: the chat template writes {t}, which is not a token"
            ),
        }
    }
}

impl ChatFormat {
    /// The format for a model whose vocabulary has the tokens `has_token` accepts and whose
    /// GGUF carries `template`. The default model's own tokens come first.
    pub fn detect(
        has_token: impl Fn(&str) -> bool,
        template: Option<&str>,
    ) -> Result<ChatFormat, NoFormat> {
        if [USER, CMD, END].iter().all(|t| has_token(t)) {
            return Ok(ChatFormat::Nosys);
        }
        let template = template.ok_or(NoFormat::NoTemplate)?;
        if !(template.contains(IM_START) && template.contains(IM_END)) {
            return Err(NoFormat::UnknownTemplate);
        }
        if let Some(t) = [IM_START, IM_END].into_iter().find(|t| !has_token(t)) {
            return Err(NoFormat::MissingToken(t));
        }
        let empty_think = template.contains("enable_thinking")
            && template.contains("<think>")
            && has_token("<think>")
            && has_token("</think>");
        Ok(ChatFormat::ChatMl { empty_think })
    }

    /// What `model` calls it.
    pub fn name(self) -> &'static str {
        match self {
            ChatFormat::Nosys => "nosys (<|user|> request <|cmd|> command <|end|>)",
            ChatFormat::ChatMl { empty_think: true } => {
                "ChatML from the model's template (<|im_start|>), Qwen3 non-thinking"
            }
            ChatFormat::ChatMl { empty_think: false } => {
                "ChatML from the model's template (<|im_start|>)"
            }
        }
    }

    /// The token that ends a command.
    pub fn end_token(self) -> &'static str {
        match self {
            ChatFormat::Nosys => END,
            ChatFormat::ChatMl { .. } => IM_END,
        }
    }

    /// The prompt for `request` as pieces of text, each with whether special tokens written
    /// in it are parsed. The request is never parsed for them, so a request that spells
    /// `<|cmd|>` or `<|im_end|>` stays text. Concatenated, the pieces are [`Self::render`].
    pub fn pieces(self, request: &str) -> [(String, bool); 3] {
        match self {
            ChatFormat::Nosys => [
                (USER.into(), true),
                (request.into(), false),
                (CMD.into(), true),
            ],
            ChatFormat::ChatMl { empty_think } => [
                (
                    format!("{IM_START}system\n{SYSTEM}{IM_END}\n{IM_START}"),
                    true,
                ),
                // The role and the request are one piece, as the template renders them, so
                // the tokens at their seam are the ones llama.cpp would give.
                (format!("user\n{request}"), false),
                (
                    format!(
                        "{IM_END}\n{IM_START}assistant\n{}",
                        if empty_think { EMPTY_THINK } else { "" }
                    ),
                    true,
                ),
            ],
        }
    }

    /// The prompt's text, as the model's template would render it for one user turn and the
    /// generation prompt.
    pub fn render(self, request: &str) -> String {
        self.pieces(request)
            .iter()
            .map(|(s, _)| s.as_str())
            .collect()
    }

    /// Appends the prompt's token ids for `request` (no BOS: the caller adds it when the
    /// tokenizer asks for one).
    pub fn encode(self, tokenizer: &Tokenizer, request: &str, out: &mut Vec<u32>) {
        for (text, special) in self.pieces(request) {
            tokenizer.encode_into(text.as_bytes(), special, out);
        }
    }
}
