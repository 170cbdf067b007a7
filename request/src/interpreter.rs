//! [`Interpreter`]: the model, its tokenizer, the grammar over the live
//! reachable set and the ridge router, and the request path over them.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use applets::{Files, FsError, Mode, Table};
use grammar::{BuildError, Grammar, PathEntry, Vocab};
use model::tokenizer::{TokenType, Tokenizer, TokenizerError};
use model::{Gguf, GgufError, ModelError, Transformer};
use router::{Dataset, Router, RouterError};

use crate::decode::{self, DecodeFailure, Scratch};
use crate::features::{max_rel_diff, model_hash, CacheError, FeatureCache, FeatureRow, EXTRA_ROW};
use crate::proposal::{Proposal, RidgeGuess, Timings, Via};
use crate::{Clock, CMD, END, USER};

/// Largest relative difference between a cached feature and the recomputed
/// one before the cache is refused (see `features::max_rel_diff`).
pub const CACHE_TOLERANCE: f32 = 1e-4;

/// Fewest decode steps a request must leave in the context.
pub const MIN_COMMAND_TOKENS: usize = 16;

/// Which hidden state feeds the router.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Final-norm hidden state at the last prompt token.
    FinalNorm,
    /// Residual stream after this layer (0-based) at the last prompt token.
    Layer(usize),
}

impl Feature {
    /// The code stored in `features.bin`.
    pub fn code(self) -> u32 {
        match self {
            Feature::FinalNorm => 0,
            Feature::Layer(l) => 1 + l as u32,
        }
    }
}

/// Tuning of the request path. λ and the temperature were chosen on dev
/// (`nosys-shell eval --split dev --lambda L`, docs/posts/3-ridge.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Ridge λ, relative to the mean diagonal of XᵀX (`router::Dataset::solve`).
    pub lambda: f64,
    /// Ridge confidence at or above which the ridge path's command is chosen.
    pub threshold: f32,
    /// Softmax temperature over the ridge scores (one-hot regression scores
    /// are O(1), so 1.0 gives flat, useless confidences).
    pub temperature: f32,
    /// Decode steps allowed for one command, the end token included (fewer
    /// when the context has less room left after the prompt).
    pub max_command_tokens: usize,
    /// KV cache length, capped at the model's trained context.
    pub max_seq: usize,
    pub feature: Feature,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            // Chosen on dev (docs/posts/3-ridge.md): accuracy is flat from
            // 1e-3 to 10 (72.2–72.7 %), calibration is best at 1 (ECE 0.054,
            // fitted T 0.10).
            lambda: 1.0,
            threshold: 0.5,
            temperature: 0.1,
            max_command_tokens: 64,
            max_seq: 256,
            feature: Feature::FinalNorm,
        }
    }
}

/// Why a model could not be turned into an interpreter.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    Gguf(GgufError),
    Model(ModelError),
    Tokenizer(TokenizerError),
    /// The vocabulary lacks a token the prompt format needs.
    MissingToken(&'static str),
    /// The tokenizer has more tokens than the model's output.
    VocabMismatch {
        tokenizer: usize,
        model: usize,
    },
    Grammar(BuildError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Gguf(e) => write!(f, "GGUF: {e}"),
            LoadError::Model(e) => write!(f, "model: {e}"),
            LoadError::Tokenizer(e) => write!(f, "tokenizer: {e}"),
            LoadError::MissingToken(t) => write!(f, "the vocabulary has no {t} token"),
            LoadError::VocabMismatch { tokenizer, model } => write!(
                f,
                "tokenizer has {tokenizer} tokens but the model outputs {model}"
            ),
            LoadError::Grammar(e) => write!(f, "grammar: {e:?}"),
        }
    }
}

impl core::error::Error for LoadError {}

/// Why a line or a rebuild failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ShellError {
    /// `should_cancel` returned true.
    Cancelled,
    /// The prompt and the longest command do not fit the KV cache.
    RequestTooLong {
        tokens: usize,
        max: usize,
    },
    Model(ModelError),
    Grammar(BuildError),
}

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShellError::Cancelled => f.write_str("cancelled"),
            ShellError::RequestTooLong { tokens, max } => write!(
                f,
                "request is {tokens} tokens; at most {max} fit beside a command"
            ),
            ShellError::Model(e) => write!(f, "model: {e}"),
            ShellError::Grammar(e) => write!(f, "grammar: {e:?}"),
        }
    }
}

impl core::error::Error for ShellError {}

impl From<ModelError> for ShellError {
    fn from(e: ModelError) -> Self {
        ShellError::Model(e)
    }
}

/// What a grammar rebuild and router re-solve cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Rebuild {
    pub grammar_ns: u64,
    /// Zero when the router did not need re-solving (files changed).
    pub router_ns: u64,
    pub grammar_states: usize,
    /// Classes of the solved router (0 when none could be solved).
    pub router_classes: usize,
    pub router_parameters: usize,
    /// Why there is no router now, if there is none.
    pub router_error: Option<RouterError>,
}

/// What happened to the feature cache.
#[derive(Clone, Debug, PartialEq)]
pub enum CacheStatus {
    /// No cache was given.
    Absent,
    /// Used after recomputing `verified` sampled rows.
    Used { verified: usize },
    /// Not used (wrong model, corrupt, or a sampled row differed): every row
    /// was recomputed.
    Refused(CacheError),
}

/// What [`Interpreter::warm_router`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct WarmReport {
    pub cache: CacheStatus,
    /// Declared-example rows taken from the cache.
    pub cached: usize,
    /// Declared-example rows computed now.
    pub computed: usize,
    /// Rows beyond the declared examples (from the cache).
    pub extra: usize,
    pub rebuild: Rebuild,
}

pub use grammar::paths_from_list;

/// Every file and directory on a volume (the root itself excluded), depth
/// first. Directory nesting is bounded so a corrupt, cyclic volume ends.
pub fn walk_files(files: &mut dyn Files) -> Result<Vec<PathEntry>, FsError> {
    const MAX_DEPTH: usize = 16;
    let mut out = Vec::new();
    let mut stack: Vec<(String, usize)> = alloc::vec![(String::from("/"), 0)];
    while let Some((dir, depth)) = stack.pop() {
        let mut entries = files.list(&dir)?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for e in entries {
            if e.name == "." || e.name == ".." {
                continue;
            }
            let path = if dir == "/" {
                alloc::format!("/{}", e.name)
            } else {
                alloc::format!("{dir}/{}", e.name)
            };
            if e.is_dir && depth + 1 < MAX_DEPTH {
                stack.push((path.clone(), depth + 1));
            }
            out.push(PathEntry {
                path,
                is_dir: e.is_dir,
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// The request path: owns the model (borrowing the GGUF bytes), the
/// tokenizer, the grammar vocabulary, the grammar over the reachable set and
/// the live files, the router's rows and the solved router, and the mode.
pub struct Interpreter<'m> {
    model: Transformer<'m>,
    hash: u64,
    tokenizer: Tokenizer,
    vocab: Vocab,
    /// `<|user|>` and `<|cmd|>`.
    user: u32,
    cmd: u32,
    table: Table,
    mode: Mode,
    paths: Vec<PathEntry>,
    grammar: Grammar,
    /// Every router row: the declared examples of every applet (whatever the
    /// mode) and any extra rows.
    rows: Vec<FeatureRow>,
    dataset: Dataset,
    router: Option<Router>,
    router_error: Option<RouterError>,
    config: Config,
    tokens: Vec<u32>,
    prompt_logits: Vec<f32>,
    /// The router feature of the last proposed request.
    last_features: Vec<f32>,
    scratch: Scratch,
}

impl<'m> Interpreter<'m> {
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
        // Positions past the trained context would be out of distribution.
        let trained = g
            .architecture()
            .and_then(|a| g.get_u64(&alloc::format!("{a}.context_length")))
            .map_or(config.max_seq, |c| c as usize);
        let max_seq = config.max_seq.min(trained).max(1);
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
        let id = |t: &'static str| tokenizer.token_id(t).ok_or(LoadError::MissingToken(t));
        let (user, cmd, end) = (id(USER)?, id(CMD)?, id(END)?);
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
        let mut grammar = Grammar::build(&table.specs(mode), &paths).map_err(LoadError::Grammar)?;
        grammar.warm(&vocab);
        let dim = model.config.dim;
        Ok(Interpreter {
            model,
            hash,
            tokenizer,
            vocab,
            user,
            cmd,
            table,
            mode,
            paths,
            grammar,
            rows: Vec::new(),
            dataset: Dataset::new(dim),
            router: None,
            router_error: Some(RouterError::NoClasses),
            config,
            tokens: Vec::new(),
            prompt_logits: alloc::vec![0.0; n_vocab],
            last_features: Vec::new(),
            scratch: Scratch::new(n_vocab),
        })
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The live file list the grammar was last built from.
    pub fn paths(&self) -> &[PathEntry] {
        &self.paths
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// xxHash64 of the GGUF bytes.
    pub fn model_hash(&self) -> u64 {
        self.hash
    }

    pub fn model(&self) -> &Transformer<'m> {
        &self.model
    }

    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }

    pub fn grammar(&self) -> &Grammar {
        &self.grammar
    }

    /// The solved router, if the reachable set has any rows.
    pub fn router(&self) -> Option<&Router> {
        self.router.as_ref()
    }

    /// Why there is no router, when there is none.
    pub fn router_error(&self) -> Option<&RouterError> {
        self.router_error.as_ref()
    }

    /// Every router row (what `features.bin` stores).
    pub fn rows(&self) -> &[FeatureRow] {
        &self.rows
    }

    /// The router feature of the last request [`Interpreter::propose`]
    /// prefilled (for evaluation: raw scores, calibration).
    pub fn last_features(&self) -> &[f32] {
        &self.last_features
    }

    /// Width of a feature row.
    pub fn feature_dim(&self) -> usize {
        self.model.config.dim
    }

    pub fn set_threshold(&mut self, threshold: f32) {
        self.config.threshold = threshold;
    }

    /// Softmax temperature of the router's confidence (ignored unless
    /// positive and finite).
    pub fn set_temperature(&mut self, t: f32) {
        if t > 0.0 && t.is_finite() {
            self.config.temperature = t;
            if let Some(r) = &mut self.router {
                r.set_temperature(t);
            }
        }
    }

    /// Token ids of the prompt for `request`.
    pub fn prompt_tokens(&self, request: &str, out: &mut Vec<u32>) {
        out.clear();
        if self.tokenizer.add_bos() {
            out.extend(self.tokenizer.bos());
        }
        out.push(self.user);
        // Not `parse_special`: a request that spells `<|cmd|>` stays text.
        self.tokenizer.encode_into(request.as_bytes(), false, out);
        out.push(self.cmd);
    }

    /// Decode steps left for a command after a prompt of `prompt` tokens,
    /// or an error when fewer than [`MIN_COMMAND_TOKENS`] would be: the
    /// default model's context is short (128), so a long request gets the
    /// room that is left rather than a fixed reserve.
    fn command_budget(&self, prompt: usize) -> Result<usize, ShellError> {
        let room = self.model.config.seq_len.saturating_sub(prompt);
        if room < MIN_COMMAND_TOKENS {
            return Err(ShellError::RequestTooLong {
                tokens: prompt,
                max: self.model.config.seq_len.saturating_sub(MIN_COMMAND_TOKENS),
            });
        }
        Ok(room.min(self.config.max_command_tokens))
    }

    /// The router feature of `request`: one prefill without the output
    /// projection.
    pub fn features(&mut self, request: &str) -> Result<Vec<f32>, ShellError> {
        let mut tokens = core::mem::take(&mut self.tokens);
        self.prompt_tokens(request, &mut tokens);
        let r = self.command_budget(tokens.len()).and_then(|_| {
            self.model.prefill_hidden(&tokens, 0)?;
            Ok(self.feature_slice().to_vec())
        });
        self.tokens = tokens;
        r
    }

    fn feature_slice(&self) -> &[f32] {
        match self.config.feature {
            Feature::FinalNorm => self.model.hidden(),
            Feature::Layer(_) => self.model.layer_hidden(),
        }
    }

    /// Recomputes `n` rows of `cache` spread over it; refuses the cache if
    /// it is for another model or feature, or if any row differs by more
    /// than [`CACHE_TOLERANCE`]. Returns how many rows were checked.
    pub fn verify_sample(&mut self, cache: &FeatureCache, n: usize) -> Result<usize, CacheError> {
        cache.check_model(self.hash, self.config.feature.code(), self.feature_dim())?;
        let sample = cache.sample(n);
        for &i in &sample {
            let row = &cache.rows[i];
            let max_diff = match self.features(&row.request) {
                Ok(fresh) => max_rel_diff(&row.features, &fresh),
                Err(_) => f32::INFINITY,
            };
            if max_diff > CACHE_TOLERANCE {
                return Err(CacheError::Mismatch {
                    class: row.class.clone(),
                    example: row.example,
                    max_diff,
                });
            }
        }
        Ok(sample.len())
    }

    /// Trains the router from every applet's declared examples (taken from
    /// `cache` when it fits the model and its sample of `verify` rows
    /// recomputes equal, computed otherwise) plus the cache's extra rows,
    /// then solves it over the reachable set. `progress(done, total)` is
    /// called after each computed row.
    pub fn warm_router(
        &mut self,
        cache: Option<&FeatureCache>,
        verify: usize,
        clock: &mut dyn Clock,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<WarmReport, ShellError> {
        let status = match cache {
            None => CacheStatus::Absent,
            Some(c) => match self.verify_sample(c, verify) {
                Ok(verified) => CacheStatus::Used { verified },
                Err(e) => CacheStatus::Refused(e),
            },
        };
        let usable = match status {
            CacheStatus::Used { .. } => cache,
            _ => None,
        };
        let wanted: Vec<(&'static str, u32, &'static str)> = self
            .table
            .all()
            .flat_map(|a| {
                let spec = a.spec();
                spec.examples
                    .iter()
                    .enumerate()
                    .map(move |(i, e)| (spec.name, i as u32, e.request))
            })
            .collect();
        let total = wanted.len();
        let mut rows = Vec::with_capacity(total);
        let (mut cached, mut computed) = (0, 0);
        for (i, &(class, example, request)) in wanted.iter().enumerate() {
            let features = match usable.and_then(|c| c.find(class, example, request)) {
                Some(row) => {
                    cached += 1;
                    row.features.clone()
                }
                None => {
                    computed += 1;
                    let f = self.features(request)?;
                    progress(i + 1, total);
                    f
                }
            };
            rows.push(FeatureRow {
                class: class.into(),
                example,
                request: request.into(),
                features,
            });
        }
        let mut extra = 0;
        if let Some(c) = usable {
            for row in c.rows.iter().filter(|r| r.example == EXTRA_ROW) {
                rows.push(row.clone());
                extra += 1;
            }
        }
        self.rows = rows;
        self.dataset = Dataset::new(self.feature_dim());
        for row in &self.rows {
            // Rows were checked finite and of the model's width.
            if let Err(e) = self.dataset.add(&row.class, &row.features) {
                self.router_error = Some(e);
            }
        }
        let rebuild = self.resolve(clock, 0, self.grammar.states());
        Ok(WarmReport {
            cache: status,
            cached,
            computed,
            extra,
            rebuild,
        })
    }

    /// Adds rows beyond the declared examples (e.g. training-split requests)
    /// and re-solves. `progress(done, total)` after each row.
    pub fn add_rows(
        &mut self,
        requests: &[(&str, &str)],
        clock: &mut dyn Clock,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Rebuild, ShellError> {
        for (i, &(class, request)) in requests.iter().enumerate() {
            let features = self.features(request)?;
            if self.dataset.add(class, &features).is_ok() {
                self.rows.push(FeatureRow {
                    class: class.into(),
                    example: EXTRA_ROW,
                    request: request.into(),
                    features,
                });
            }
            progress(i + 1, requests.len());
        }
        Ok(self.resolve(clock, 0, self.grammar.states()))
    }

    /// The cache to write beside the model: every current row.
    pub fn feature_cache(&self) -> FeatureCache {
        FeatureCache {
            model_hash: self.hash,
            feature: self.config.feature.code(),
            dim: self.feature_dim(),
            rows: self.rows.clone(),
        }
    }

    /// Solves the router over the reachable applets that have rows.
    fn resolve(&mut self, clock: &mut dyn Clock, grammar_ns: u64, states: usize) -> Rebuild {
        let t0 = clock.now_ns();
        let classes: Vec<&'static str> = self
            .table
            .specs(self.mode)
            .iter()
            .map(|s| s.name)
            .filter(|n| self.dataset.rows(n) > 0)
            .collect();
        match self.dataset.solve(&classes, self.config.lambda) {
            Ok(mut r) => {
                r.set_temperature(self.config.temperature);
                self.router = Some(r);
                self.router_error = None;
            }
            Err(e) => {
                self.router = None;
                self.router_error = Some(e);
            }
        }
        let router_ns = clock.now_ns().saturating_sub(t0);
        Rebuild {
            grammar_ns,
            router_ns,
            grammar_states: states,
            router_classes: self.router.as_ref().map_or(0, |r| r.classes().len()),
            router_parameters: self.router.as_ref().map_or(0, |r| r.parameters()),
            router_error: self.router_error.clone(),
        }
    }

    fn rebuild_grammar(&mut self, mode: Mode, clock: &mut dyn Clock) -> Result<u64, ShellError> {
        let t0 = clock.now_ns();
        let mut g =
            Grammar::build(&self.table.specs(mode), &self.paths).map_err(ShellError::Grammar)?;
        g.warm(&self.vocab);
        self.grammar = g;
        Ok(clock.now_ns().saturating_sub(t0))
    }

    /// Switches mode: rebuilds the grammar and re-solves the router over the
    /// new reachable set. On a grammar error nothing changes.
    pub fn set_mode(&mut self, mode: Mode, clock: &mut dyn Clock) -> Result<Rebuild, ShellError> {
        let grammar_ns = self.rebuild_grammar(mode, clock)?;
        self.mode = mode;
        Ok(self.resolve(clock, grammar_ns, self.grammar.states()))
    }

    /// The volume's files changed: rebuilds the grammar (the router does
    /// not read file names, so it stays).
    pub fn files_changed(
        &mut self,
        paths: Vec<PathEntry>,
        clock: &mut dyn Clock,
    ) -> Result<Rebuild, ShellError> {
        let old = core::mem::replace(&mut self.paths, paths);
        match self.rebuild_grammar(self.mode, clock) {
            Ok(grammar_ns) => Ok(Rebuild {
                grammar_ns,
                router_ns: 0,
                grammar_states: self.grammar.states(),
                router_classes: self.router.as_ref().map_or(0, |r| r.classes().len()),
                router_parameters: self.router.as_ref().map_or(0, |r| r.parameters()),
                router_error: self.router_error.clone(),
            }),
            Err(e) => {
                self.paths = old;
                Err(e)
            }
        }
    }

    /// Turns a request into a proposed command (see [`Via`] for which path's
    /// command is chosen). Polls `should_cancel` before the prefill and
    /// between decoded tokens.
    pub fn propose(
        &mut self,
        request: &str,
        clock: &mut dyn Clock,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Proposal, ShellError> {
        let mut t = Timings::default();
        let start = clock.now_ns();
        let mut tokens = core::mem::take(&mut self.tokens);
        self.prompt_tokens(request, &mut tokens);
        let n = tokens.len();
        t.prompt_tokens = n;
        let prefilled = self.command_budget(n).and_then(|budget| {
            if should_cancel() {
                return Err(ShellError::Cancelled);
            }
            let logits = self.model.prefill(&tokens, 0)?;
            self.prompt_logits.copy_from_slice(logits);
            Ok(budget)
        });
        self.tokens = tokens;
        let max = prefilled?;
        let t1 = clock.now_ns();
        t.prefill_ns = t1.saturating_sub(start);
        // Decoding overwrites the model's hidden state: keep the feature.
        let feature = match self.config.feature {
            Feature::FinalNorm => self.model.hidden(),
            Feature::Layer(_) => self.model.layer_hidden(),
        };
        self.last_features.clear();
        self.last_features.extend_from_slice(feature);

        // Ridge: one matrix-vector product on the prefill's hidden state.
        let guess = match &self.router {
            Some(r) => r.predict(&self.last_features).ok().map(|p| {
                let name = |i: usize| self.static_name(r.class_name(i));
                (
                    name(p.class),
                    p.confidence,
                    p.second.and_then(|(i, c)| name(i).map(|n| (n, c))),
                )
            }),
            None => None,
        };
        let guess = guess.and_then(|(a, c, s)| a.map(|a| (a, c, s)));
        let t2 = clock.now_ns();
        t.ridge_ns = t2.saturating_sub(t1);

        let whole = decode::greedy(
            &mut self.model,
            &mut self.grammar,
            &self.vocab,
            &self.prompt_logits,
            n,
            max,
            None,
            &mut self.scratch,
            should_cancel,
        );
        if whole == Err(DecodeFailure::Cancelled) {
            return Err(ShellError::Cancelled);
        }
        let t3 = clock.now_ns();
        t.grammar_ns = t3.saturating_sub(t2);
        if let Ok(d) = &whole {
            t.grammar_tokens = d.tokens;
        }

        let ridge = match guess {
            None => None,
            Some((applet, confidence, second)) => {
                let same = whole.as_ref().ok().filter(|d| d.command.applet == applet);
                let (command, reused) = match same {
                    Some(d) => (Ok(d.clone()), true),
                    None => (
                        decode::greedy(
                            &mut self.model,
                            &mut self.grammar,
                            &self.vocab,
                            &self.prompt_logits,
                            n,
                            max,
                            Some(applet),
                            &mut self.scratch,
                            should_cancel,
                        ),
                        false,
                    ),
                };
                if command == Err(DecodeFailure::Cancelled) {
                    return Err(ShellError::Cancelled);
                }
                if let (Ok(d), false) = (&command, reused) {
                    t.fill_tokens = d.tokens;
                }
                Some(RidgeGuess {
                    applet,
                    confidence,
                    second,
                    command: command.map(|d| d.command),
                    reused,
                })
            }
        };
        let t4 = clock.now_ns();
        t.fill_ns = t4.saturating_sub(t3);
        t.total_ns = t4.saturating_sub(start);

        let grammar = whole.map(|d| d.command);
        let confident = ridge
            .as_ref()
            .is_some_and(|r| r.confidence >= self.config.threshold);
        let ridge_cmd = ridge.as_ref().and_then(|r| r.command.as_ref().ok());
        let (via, command) = match (confident, ridge_cmd, grammar.as_ref().ok()) {
            (true, Some(c), _) => (Via::Ridge, Some(c.clone())),
            (_, _, Some(g)) => (Via::Grammar, Some(g.clone())),
            (_, Some(c), None) => (Via::Ridge, Some(c.clone())),
            (_, None, None) => (Via::Neither, None),
        };
        let agree = match (&ridge, &grammar) {
            (Some(r), Ok(g)) => r.applet == g.applet,
            _ => false,
        };
        Ok(Proposal {
            input: request.into(),
            command,
            via,
            low_confidence: !confident,
            agree,
            ridge,
            grammar: Some(grammar),
            timings: t,
        })
    }

    /// One fresh prefill and one greedy grammar decode, optionally forced to
    /// `applet` (for `route`-style explanations, evaluation and tests).
    pub fn decode_command(
        &mut self,
        request: &str,
        applet: Option<&str>,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Result<applets::Command, DecodeFailure>, ShellError> {
        let mut tokens = core::mem::take(&mut self.tokens);
        self.prompt_tokens(request, &mut tokens);
        let n = tokens.len();
        let prefilled = self.command_budget(n).and_then(|budget| {
            let logits = self.model.prefill(&tokens, 0)?;
            self.prompt_logits.copy_from_slice(logits);
            Ok(budget)
        });
        self.tokens = tokens;
        let max = prefilled?;
        let d = decode::greedy(
            &mut self.model,
            &mut self.grammar,
            &self.vocab,
            &self.prompt_logits,
            n,
            max,
            applet,
            &mut self.scratch,
            should_cancel,
        );
        match d {
            Err(DecodeFailure::Cancelled) => Err(ShellError::Cancelled),
            d => Ok(d.map(|d| d.command)),
        }
    }

    /// The table's `'static` name for a router class, if it is reachable.
    fn static_name(&self, class: &str) -> Option<&'static str> {
        self.table.get(class, self.mode).map(|a| a.spec().name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use applets::{DirEntry, VolumeInfo};

    /// A tree given as (directory, entries); everything else fails.
    struct Tree(Vec<(&'static str, Vec<DirEntry>)>);

    fn entry(name: &str, is_dir: bool) -> DirEntry {
        DirEntry {
            name: name.into(),
            is_dir,
            size: 0,
        }
    }

    impl Files for Tree {
        fn info(&mut self) -> Result<VolumeInfo, FsError> {
            Err(FsError::NoVolume)
        }
        fn list(&mut self, dir: &str) -> Result<Vec<DirEntry>, FsError> {
            self.0
                .iter()
                .find(|(d, _)| *d == dir)
                .map(|(_, e)| e.clone())
                .ok_or(FsError::NotFound)
        }
        fn stat(&mut self, _: &str) -> Result<DirEntry, FsError> {
            Err(FsError::NotFound)
        }
        fn read(&mut self, _: &str) -> Result<Vec<u8>, FsError> {
            Err(FsError::NotFound)
        }
        fn write(&mut self, _: &str, _: &[u8], _: bool) -> Result<(), FsError> {
            Err(FsError::ReadOnly)
        }
        fn remove(&mut self, _: &str) -> Result<(), FsError> {
            Err(FsError::ReadOnly)
        }
        fn mkdir(&mut self, _: &str) -> Result<(), FsError> {
            Err(FsError::ReadOnly)
        }
        fn rename(&mut self, _: &str, _: &str) -> Result<(), FsError> {
            Err(FsError::ReadOnly)
        }
        fn flush(&mut self) -> Result<(), FsError> {
            Ok(())
        }
    }

    fn p(path: &str, is_dir: bool) -> PathEntry {
        PathEntry {
            path: path.into(),
            is_dir,
        }
    }

    #[test]
    fn walk_lists_every_level_sorted() {
        let mut t = Tree(vec![
            (
                "/",
                vec![entry("B.TXT", false), entry("DOCS", true), entry(".", true)],
            ),
            ("/DOCS", vec![entry("SUB", true), entry("A.TXT", false)]),
            ("/DOCS/SUB", vec![]),
        ]);
        assert_eq!(
            walk_files(&mut t).unwrap(),
            vec![
                p("/B.TXT", false),
                p("/DOCS", true),
                p("/DOCS/A.TXT", false),
                p("/DOCS/SUB", true)
            ]
        );
        // A listing that fails is an error, not a partial list.
        let mut broken = Tree(vec![("/", vec![entry("GONE", true)])]);
        assert_eq!(walk_files(&mut broken), Err(FsError::NotFound));
    }

    #[test]
    fn walk_ends_on_a_cyclic_volume() {
        // A corrupt FAT can make a directory contain itself.
        let mut t = Tree(vec![("/", vec![entry("LOOP", true)])]);
        t.0.push(("/LOOP", vec![entry("LOOP", true)]));
        let mut depth = String::from("/LOOP");
        for _ in 0..20 {
            depth.push_str("/LOOP");
            t.0.push((
                Box::leak(depth.clone().into_boxed_str()),
                vec![entry("LOOP", true)],
            ));
        }
        let paths = walk_files(&mut t).unwrap();
        assert!(paths.len() < 20, "{}", paths.len());
    }

    #[test]
    fn sample_list_marks_directories() {
        assert_eq!(
            paths_from_list(&["/A.TXT", "/DOCS/", "/DOCS/B.TXT"]),
            vec![
                p("/A.TXT", false),
                p("/DOCS", true),
                p("/DOCS/B.TXT", false)
            ]
        );
    }
}
