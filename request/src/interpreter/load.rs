//! Loading: GGUF bytes (read in place) to a checked interpreter with its
//! tokenizer, grammar vocabulary and grammar; the router comes later
//! ([`super::warm`]).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use command::{Mode, Table};
use grammar::{BuildError, Grammar, PathEntry, Vocab};
use model::tokenizer::{TokenType, Tokenizer, TokenizerError};
use model::{Gguf, GgufError, ModelError, Transformer};
use router::{Dataset, RouterError};

use super::{Config, Feature, Interpreter};
use crate::decode::Scratch;
use crate::features::model_hash;
use crate::prompt::{ChatFormat, NoFormat};

/// The GGUF key listing the applets a model was trained to name (an array
/// of strings, written by `train/scripts/export_gguf.py`).
pub const LEARNT_KEY: &str = "nosys.applets";

/// The GGUF key (a bool) saying the model was trained on requests no applet
/// does, with a command that ends before it starts: the end token's chance
/// right after the prompt is then its own "nothing fits"
/// ([`crate::Interpreter::nothing_share`]).
pub const NOTHING_KEY: &str = "nosys.nothing";

/// The GGUF key listing the words of a model's training requests it saw
/// often enough to know (an array of strings, lower case; written by
/// `train/scripts/export_gguf.py`): with the tokenizer's whole words, the
/// words a misspelling is read as ([`crate::spelling`]).
pub const WORDS_KEY: &str = "nosys.words";

/// Why a model could not be turned into an interpreter.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    Gguf(GgufError),
    Model(ModelError),
    Tokenizer(TokenizerError),
    /// Neither the default model's tokens nor a chat template this path can write.
    NoChatFormat(NoFormat),
    /// The tokenizer has more tokens than the model's output.
    VocabMismatch {
        tokenizer: usize,
        model: usize,
    },
    Grammar(BuildError),
    /// The GGUF's words-only applet reader (`nosys.intent.*`) is malformed.
    Intent(intent::IntentError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Gguf(e) => write!(f, "GGUF: {e}"),
            // `ModelError` names itself (`model: …`, `gguf: …`).
            LoadError::Model(e) => write!(f, "{e}"),
            LoadError::Tokenizer(e) => write!(f, "tokenizer: {e}"),
            LoadError::NoChatFormat(e) => write!(f, "{e}"),
            LoadError::VocabMismatch { tokenizer, model } => write!(
                f,
                "tokenizer has {tokenizer} tokens but the model outputs {model}"
            ),
            LoadError::Grammar(e) => write!(f, "grammar: {e:?}"),
            LoadError::Intent(e) => write!(f, "{INTENT_KEY}: {e}"),
        }
    }
}

impl core::error::Error for LoadError {}

/// The KV cache length `config` gives a model: `max_seq`, capped at the trained context
/// (positions past it would be out of distribution).
fn positions(g: &Gguf<'_>, config: &Config) -> usize {
    let trained = g
        .architecture()
        .and_then(|a| g.get_u64(&alloc::format!("{a}.context_length")))
        .map_or(config.max_seq, |c| c as usize);
    config.max_seq.min(trained).max(1)
}

/// What a model's run state takes under a [`Config`], known before anything is allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateSize {
    /// KV cache positions (the context).
    pub positions: usize,
    /// The model's trained context.
    pub trained: usize,
    /// The KV cache's bytes.
    pub kv_bytes: usize,
    /// Everything sized by the model that [`Interpreter::new`] allocates: the run state (KV
    /// cache, activations, logits) and the request path's logits and mask.
    pub bytes: usize,
    /// Bytes one more position adds.
    pub per_position: usize,
}

impl StateSize {
    /// Most positions whose state fits in `free` bytes (0 when not even the rest fits).
    pub fn positions_fitting(&self, free: u64) -> usize {
        let fixed = self.bytes - self.positions * self.per_position;
        (free as usize).saturating_sub(fixed) / self.per_position.max(1)
    }
}

impl<'m> Interpreter<'m> {
    /// The memory [`Interpreter::new`] would take for the run state of the model in `gguf`
    /// under `config`, computed from the header alone, so a caller can refuse a context that
    /// does not fit before allocating it.
    pub fn state_size(gguf: &[u8], config: &Config) -> Result<StateSize, LoadError> {
        let g = Gguf::parse(gguf).map_err(LoadError::Gguf)?;
        let positions = positions(&g, config);
        let c = model::Config::from_gguf(&g, Some(positions)).map_err(LoadError::Model)?;
        let one_more = model::Config {
            seq_len: positions + 1,
            ..c.clone()
        };
        let batch = model::model::DEFAULT_BATCH;
        // `prompt_logits`, the decode scratch's logits and its mask.
        let request_path = c.vocab * 8 + c.vocab / 8;
        Ok(StateSize {
            positions,
            trained: c.train_ctx,
            kv_bytes: c.kv_cache_bytes(),
            bytes: c.state_bytes(batch).saturating_add(request_path),
            per_position: one_more.state_bytes(batch) - c.state_bytes(batch),
        })
    }

    /// Loads the model from GGUF bytes (read in place, never copied),
    /// hashes them, and builds the grammar for `mode` and `paths`. The
    /// router is empty until [`Interpreter::warm_router`].
    pub fn new(
        gguf: &'m [u8],
        table: Table,
        mode: Mode,
        paths: Vec<PathEntry>,
        config: Config,
    ) -> Result<Interpreter<'m>, LoadError> {
        let hash = model_hash(gguf);
        let g = Gguf::parse(gguf).map_err(LoadError::Gguf)?;
        let tokenizer = Tokenizer::from_gguf(&g).map_err(LoadError::Tokenizer)?;
        let max_seq = positions(&g, &config);
        let mut model = Transformer::new(&g, Some(max_seq)).map_err(LoadError::Model)?;
        if let Feature::Layer(l) = config.feature {
            model.set_capture_layer(Some(l)).map_err(LoadError::Model)?;
        }
        let n_vocab = model.config.vocab;
        if tokenizer.vocab_size() > n_vocab {
            return Err(LoadError::VocabMismatch {
                tokenizer: tokenizer.vocab_size(),
                model: n_vocab,
            });
        }
        let has = |t: &str| tokenizer.token_id(t).is_some();
        let format = ChatFormat::detect(has, g.get_str("tokenizer.chat_template"))
            .map_err(LoadError::NoChatFormat)?;
        // `detect` checked the format's tokens are there.
        let end = tokenizer.token_id(format.end_token()).unwrap_or(0);
        // Only ordinary and byte tokens may spell a command; control tokens,
        // unused ids and the model's padding rows past the tokenizer never do.
        let mut tokens = Vec::with_capacity(n_vocab);
        let mut special = Vec::new();
        for t in 0..n_vocab as u32 {
            let bytes = tokenizer.token_bytes(t).unwrap_or(&[]);
            let spells = matches!(
                tokenizer.token_type(t),
                Some(TokenType::Normal | TokenType::Byte)
            ) && !bytes.is_empty();
            if !spells && t != end {
                special.push(t);
            }
            tokens.push(bytes.to_vec());
        }
        let vocab = Vocab::new(tokens, end, &special);
        // Only the default format ends a command with the token a model
        // trained on "nothing" rows learnt to put first.
        let nothing_token = (format == ChatFormat::Nosys
            && g.get(NOTHING_KEY).and_then(|v| v.as_bool()) == Some(true))
        .then_some(end);
        let mut grammar = Grammar::build(&table.specs(mode), &paths).map_err(LoadError::Grammar)?;
        grammar.warm(&vocab);
        let dim = model.config.dim;
        let descriptions = crate::ground::Descriptions::learn(&table);
        let trained_words = g.get_array(WORDS_KEY).and_then(|a| a.strings());
        let lexicon = crate::spelling::Lexicon::new(
            &tokenizer,
            table
                .all()
                .flat_map(|a| a.spec().examples.iter().map(|e| e.request))
                .chain(table.all().map(|a| a.spec().name))
                .chain(trained_words.into_iter().flatten()),
        );
        let cues = g
            .get_array(crate::CUES_KEY)
            .and_then(|a| a.strings())
            .map(|lines| crate::Cues::new(lines, &table));
        let learnt = g
            .get_array(LEARNT_KEY)
            .and_then(|a| a.strings())
            .map(|names| names.map(String::from).collect());
        let intent = read_intent(&g).transpose().map_err(LoadError::Intent)?;
        Ok(Interpreter {
            model,
            hash,
            tokenizer,
            vocab,
            format,
            table,
            mode,
            paths,
            grammar,
            request_grammar: None,
            descriptions,
            contents: crate::Contents::default(),
            lexicon,
            learnt,
            cues,
            intent,
            nothing_token,
            rows: Vec::new(),
            dataset: Dataset::new(dim),
            router: None,
            router_error: Some(RouterError::NoClasses),
            config,
            tokens: Vec::new(),
            kv_tokens: Vec::new(),
            prompt_logits: alloc::vec![0.0; n_vocab],
            last_features: Vec::new(),
            scratch: Scratch::new(n_vocab),
        })
    }
}

/// The GGUF keys of the words-only applet reader ([`intent`]):
/// `nosys.intent.classes` (applet names), `nosys.intent.weights` (buckets ×
/// classes, bucket-major) and `nosys.intent.bias`, all metadata arrays.
pub const INTENT_KEY: &str = "nosys.intent";

fn read_intent(g: &Gguf<'_>) -> Option<Result<intent::Intent, intent::IntentError>> {
    let key = |k: &str| g.get_array(&alloc::format!("{INTENT_KEY}.{k}"));
    let classes = key("classes")?;
    let Some(classes) = classes.strings() else {
        return Some(Err(intent::IntentError::NoClasses));
    };
    let floats = |k: &str| -> Vec<f32> {
        key(k)
            .and_then(|a| a.f32s().map(|f| f.collect()))
            .unwrap_or_default()
    };
    Some(intent::Intent::new(
        classes.map(String::from).collect(),
        floats("weights"),
        floats("bias"),
    ))
}
