//! The loaded model as the applets see it ([`command::Assistant`]): the
//! request path's [`Interpreter`] together with the GGUF bytes it borrows,
//! and `route`, `model`, `bench` and `model load` over it.
//!
//! The interpreter borrows its weights from the GGUF bytes (they are read in
//! place, never copied), so the bytes must live as long as the interpreter.
//! A boot module lives for ever; a file read by `model load` is owned here,
//! beside the interpreter that borrows it ([`self_cell`]), and freed with it
//! when the next model replaces it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use command::{Mode, Table};
use grammar::PathEntry;
use model::{Gguf, Transformer};
use request::{Clock, Config, FeatureCache, Interpreter, WarmReport};

use crate::NowNs;

/// Cached feature rows recomputed when a model is loaded, to check the cache
/// still fits the model (any difference refuses the whole cache).
pub const VERIFY_ROWS: usize = 4;

/// The GGUF bytes an interpreter borrows.
pub enum ModelBytes {
    /// A boot module: mapped for the kernel's whole life.
    Static(&'static [u8]),
    /// A file read at run time (`model load`), freed with its interpreter. A `Vec` as the
    /// volume returned it: turning it into a boxed slice could reallocate (its capacity is
    /// whole clusters), which would copy the weights once more.
    Owned(Vec<u8>),
}

impl ModelBytes {
    pub fn get(&self) -> &[u8] {
        match self {
            ModelBytes::Static(b) => b,
            ModelBytes::Owned(b) => b,
        }
    }
}

type Interp<'a> = Interpreter<'a>;

self_cell::self_cell!(
    /// An interpreter and the bytes it borrows, dropped together.
    struct Loaded {
        owner: ModelBytes,
        #[covariant]
        dependent: Interp,
    }
);

/// [`Clock`] over a plain function (the kernel's TSC, the host's `Instant`).
pub(crate) struct FnClock(pub(crate) NowNs);

impl Clock for FnClock {
    fn now_ns(&mut self) -> u64 {
        (self.0)()
    }
}

/// What [`Assistant::load`] loads, and for which table, mode and files.
pub struct Load<'a> {
    pub bytes: ModelBytes,
    /// Where the bytes came from, for `model`.
    pub origin: String,
    /// The table the grammar and the router are built from.
    pub table: Table,
    pub mode: Mode,
    /// The live file list the grammar offers.
    pub paths: Vec<PathEntry>,
    /// The router feature cache shipped beside the model, if any.
    pub cache: Option<&'a FeatureCache>,
    /// The request path's tuning; its `max_seq` is the context (KV cache positions), which
    /// later `model load`s keep unless given `--ctx`.
    pub config: Config,
    /// Heap bytes free for the model's run state, when known: a context that does not fit is
    /// refused before anything is allocated.
    pub free_bytes: Option<u64>,
}

/// The model: interpreter, bytes, and what loading it reported.
pub struct Assistant {
    loaded: Loaded,
    origin: String,
    /// The configuration later loads start from (the machine's context, not a `--ctx`).
    base: Config,
    /// How loading went: cache use and timings, for `model`.
    boot_report: String,
    /// How long checking the model took.
    check_ns: u64,
    /// What warming the router did; `None` until it is warmed.
    warm: Option<WarmReport>,
    /// Last `bench` result: (prefill tok/s, decode tok/s).
    last_bench: Option<(f64, f64)>,
    now: NowNs,
}

/// Draws a progress bar for the status bar: `stage [#####.....] 50%`.
pub fn progress_text(stage: &str, done: usize, total: usize) -> String {
    const WIDTH: usize = 20;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let mut bar = String::with_capacity(WIDTH);
    for i in 0..WIDTH {
        bar.push(if i < filled { '#' } else { '.' });
    }
    let pct = (done * 100).checked_div(total).unwrap_or(100);
    format!("{stage} [{bar}] {pct}%")
}

/// The refusal of a context whose run state does not fit in `free` bytes.
fn too_big(need: &request::StateSize, free: u64) -> String {
    let mib = |b: u64| b.div_ceil(1 << 20);
    let fits = need.positions_fitting(free);
    let hint = if fits >= request::MIN_COMMAND_TOKENS * 4 {
        format!("at most --ctx {fits} fits")
    } else {
        String::from("not even a short context fits")
    };
    format!(
        "model rejected: a context of {} positions needs {} MiB (KV cache {} MiB) and {} MiB \
         are free; {hint}",
        need.positions,
        mib(need.bytes as u64),
        mib(need.kv_bytes as u64),
        mib(free)
    )
}

/// Why a model could not be used, short enough for the status bar.
pub fn short_error(e: &str) -> String {
    let mut s: String = e.chars().take(48).collect();
    if e.chars().count() > 48 {
        s.push('…');
    }
    s
}

impl Assistant {
    /// Checks the model (GGUF validation, hash), builds the interpreter for
    /// `mode` and `paths`, and warms its router from `cache` where it fits.
    /// `progress` gets the status text to show while that runs.
    pub fn load(
        what: Load<'_>,
        now: NowNs,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Assistant, String> {
        let cache = what.cache;
        let mut a = Assistant::check(what, now, progress)?;
        a.warm(cache, progress)?;
        Ok(a)
    }

    /// [`Assistant::load`] without warming the router (`what.cache` is not read): the
    /// session warms it from wherever the features are ([`crate::Session::warm_model`]).
    /// Until then the assistant answers with the grammar alone.
    pub fn check(
        what: Load<'_>,
        now: NowNs,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Assistant, String> {
        let Load {
            bytes,
            origin,
            table,
            mode,
            paths,
            cache: _,
            config,
            free_bytes,
        } = what;
        let mut clock = FnClock(now);
        progress(&progress_text("checking model", 0, 1));
        let t0 = clock.now_ns();
        if let Some(free) = free_bytes {
            let need = Interpreter::state_size(bytes.get(), &config)
                .map_err(|e| format!("model rejected: {e}"))?;
            if need.bytes as u64 > free {
                return Err(too_big(&need, free));
            }
        }
        let loaded = Loaded::try_new(bytes, |b| {
            Interpreter::new(b.get(), table, mode, paths, config)
        })
        .map_err(|e| format!("model rejected: {e}"))?;
        let check_ns = clock.now_ns() - t0;
        let interp = loaded.borrow_dependent();
        log::info!(
            "model: {} bytes in place, xxh64 {:016x}, checked in {} ms",
            loaded.borrow_owner().get().len(),
            interp.model_hash(),
            check_ns / 1_000_000
        );
        Ok(Assistant {
            loaded,
            origin,
            base: config,
            boot_report: format!("checked in {} ms; router not warmed", check_ns / 1_000_000),
            check_ns,
            warm: None,
            last_bench: None,
            now,
        })
    }

    /// Whether the router has been warmed ([`Assistant::warm`]).
    pub fn is_warm(&self) -> bool {
        self.warm.is_some()
    }

    /// What the last warm-up did.
    pub fn warm_report(&self) -> Option<&WarmReport> {
        self.warm.as_ref()
    }

    /// Warms the router: one feature row per declared example, from `cache` where it fits the
    /// model (its sample of [`VERIFY_ROWS`] recomputes equal), computed otherwise, with a
    /// progress bar through `progress`.
    pub fn warm(
        &mut self,
        cache: Option<&FeatureCache>,
        progress: &mut dyn FnMut(&str),
    ) -> Result<&WarmReport, String> {
        let mut clock = FnClock(self.now);
        let t0 = clock.now_ns();
        let mut last_pct = usize::MAX;
        let report = self
            .loaded
            .with_dependent_mut(|_, it| {
                it.warm_router(cache, VERIFY_ROWS, &mut clock, &mut |done, total| {
                    let pct = (done * 100).checked_div(total).unwrap_or(100);
                    if pct / 5 != last_pct / 5 {
                        last_pct = pct;
                        progress(&progress_text("router features", done, total));
                    }
                })
            })
            .map_err(|e| format!("router: {e}"))?;
        let warm_ns = clock.now_ns() - t0;
        let ms = |ns: u64| ns as f64 / 1e6;
        self.boot_report = format!(
            "checked in {} ms; router warmed in {} ms ({:?}: {} cached, {} computed rows; \
             verify {:.1} ms, features {:.1} ms, rows {:.1} ms), solved over {} classes \
             ({} parameters) in {:.2} ms",
            self.check_ns / 1_000_000,
            warm_ns / 1_000_000,
            report.cache,
            report.cached,
            report.computed,
            ms(report.verify_ns),
            ms(report.features_ns),
            ms(report.rows_ns),
            report.rebuild.router_classes,
            report.rebuild.router_parameters,
            ms(report.rebuild.router_ns)
        );
        log::info!("model: {}", self.boot_report);
        Ok(self.warm.insert(report))
    }

    /// An interpreter the caller builds (and warms) itself over `bytes`:
    /// the host tool, which reports its own cache use and timings.
    pub fn build<E>(
        bytes: ModelBytes,
        origin: String,
        now: NowNs,
        build: impl for<'a> FnOnce(&'a [u8]) -> Result<Interpreter<'a>, E>,
    ) -> Result<Assistant, E> {
        Ok(Assistant {
            loaded: Loaded::try_new(bytes, |b| build(b.get()))?,
            origin,
            boot_report: String::from("loaded by the host tool"),
            base: Config::default(),
            check_ns: 0,
            // The host tool warms the interpreter it builds.
            warm: None,
            last_bench: None,
            now,
        })
    }

    pub fn interpreter(&self) -> &Interpreter<'_> {
        self.loaded.borrow_dependent()
    }

    /// Runs `f` on the interpreter (mutable access cannot hand out the
    /// borrowed lifetime, so it is a closure).
    pub fn with_interpreter<R>(&mut self, f: impl FnOnce(&mut Interpreter<'_>) -> R) -> R {
        self.loaded.with_dependent_mut(|_, it| f(it))
    }

    /// The GGUF bytes the interpreter reads.
    pub fn bytes(&self) -> &[u8] {
        self.loaded.borrow_owner().get()
    }

    pub(crate) fn clock(&self) -> FnClock {
        FnClock(self.now)
    }

    /// The model's state for the status bar. The mode is not repeated here:
    /// the status bar shows it once, at its left.
    pub fn status(&self) -> String {
        let c = &self.interpreter().model().config;
        format!("ready {}L d{}", c.n_layers, c.dim)
    }

    /// The file's tensors by type, largest share first: (type, tensors, elements, bytes).
    fn quant_mix(g: &Gguf<'_>) -> Vec<(&'static str, usize, u64, u64)> {
        let mut mix: Vec<(&'static str, usize, u64, u64)> = Vec::new();
        for t in g.tensors() {
            let name = t.ty.name();
            let (n, bytes) = (t.n_elements(), t.data.len() as u64);
            match mix.iter_mut().find(|m| m.0 == name) {
                Some(m) => {
                    m.1 += 1;
                    m.2 += n;
                    m.3 += bytes;
                }
                None => mix.push((name, 1, n, bytes)),
            }
        }
        mix.sort_by_key(|m| core::cmp::Reverse(m.3));
        mix
    }
}

/// Bytes as MiB with one decimal.
fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

impl command::Assistant for Assistant {
    fn route(&mut self, request: &str, out: &mut dyn Write) -> Result<(), String> {
        let mut clock = self.clock();
        let p = self
            .with_interpreter(|it| it.propose(request, &mut clock, &mut || false))
            .map_err(|e| format!("{e}"))?;
        let _ = writeln!(out, "{}", p.display());
        // The answer without timings: the line `nosys-shell` prints as
        // `decision` for the same model and request.
        let _ = writeln!(out, "  decision: {}", p.decision());
        if let Some(r) = &p.ridge {
            let _ = write!(out, "  ridge:   {} ({:.2})", r.applet, r.confidence);
            if let Some((second, c)) = r.second {
                let _ = write!(out, ", then {second} ({c:.2})");
            }
            let _ = writeln!(out);
        }
        match &p.grammar {
            Some(Ok(c)) => {
                let _ = writeln!(out, "  grammar: {c}");
            }
            Some(Err(e)) => {
                let _ = writeln!(out, "  grammar: failed ({e:?})");
            }
            None => {}
        }
        let t = &p.timings;
        let _ = writeln!(
            out,
            "  via {} · ground {:.2} ms · prefill {:.1} ms ({} tokens) · ridge {:.2} ms · grammar {:.1} ms · total {:.1} ms (not run)",
            p.via.name(),
            t.ground_ns as f64 / 1e6,
            t.prefill_ns as f64 / 1e6,
            t.prompt_tokens,
            t.ridge_ns as f64 / 1e6,
            t.grammar_ns as f64 / 1e6,
            t.total_ns as f64 / 1e6
        );
        Ok(())
    }

    fn describe(&mut self, out: &mut dyn Write) -> Result<(), String> {
        let g = Gguf::parse(self.bytes()).map_err(|e| format!("{e}"))?;
        let mix = Self::quant_mix(&g);
        let it = self.interpreter();
        let c = &it.model().config;
        let tok = it.tokenizer();
        let name = g.get_str("general.name").unwrap_or("(no general.name)");
        let _ = writeln!(out, "model:      {name}");
        let _ = writeln!(
            out,
            "file:       {} ({} bytes, read in place)",
            self.origin,
            self.bytes().len()
        );
        let _ = writeln!(out, "hash:       xxh64 {:016x}", it.model_hash());
        let _ = writeln!(
            out,
            "arch:       {} · {} layers · dim {} · ffn {} · heads {}/{} kv · head dim {}",
            g.architecture().unwrap_or("?"),
            c.n_layers,
            c.dim,
            c.ff,
            c.n_heads,
            c.n_kv_heads,
            c.head_dim
        );
        let params: u64 = mix.iter().map(|m| m.2).sum();
        let weight_bytes: u64 = mix.iter().map(|m| m.3).sum();
        let _ = writeln!(out, "parameters: {params} in {} tensors", g.tensors().len());
        let _ = write!(out, "quant mix: ");
        for (i, (ty, n, _, bytes)) in mix.iter().enumerate() {
            let share = *bytes as f64 * 100.0 / weight_bytes.max(1) as f64;
            let sep = if i == 0 { " " } else { " · " };
            let _ = write!(
                out,
                "{sep}{ty} {n} tensors {:.1} MiB ({share:.0}%)",
                mib(*bytes)
            );
        }
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "context:    {} tokens (KV cache; trained {})",
            c.seq_len, c.train_ctx
        );
        let _ = writeln!(out, "chat:       {}", it.chat_format().name());
        let state = it.model().state_bytes() as u64;
        let _ = writeln!(
            out,
            "memory:     weights {:.1} MiB (read in place) · KV cache {:.1} MiB · activations and logits {:.1} MiB",
            mib(weight_bytes),
            mib(c.kv_cache_bytes() as u64),
            mib(state.saturating_sub(c.kv_cache_bytes() as u64))
        );
        let _ = writeln!(
            out,
            "tokenizer:  byte-level BPE, {} tokens, pre-tokenizer {:?}",
            tok.vocab_size(),
            tok.pre_tokenizer()
        );
        let _ = writeln!(out, "boot:       {}", self.boot_report);
        match self.last_bench {
            Some((p, d)) => {
                let _ = writeln!(
                    out,
                    "speed:      prefill {p:.1} tok/s · decode {d:.1} tok/s (last `bench`)"
                );
            }
            None => {
                let _ = writeln!(out, "speed:      not measured yet: run `bench`");
            }
        }
        Ok(())
    }

    fn bench(&mut self, out: &mut dyn Write) -> Result<(), String> {
        const PREFILL: usize = 32;
        const DECODE: usize = 32;
        let g = Gguf::parse(self.bytes()).map_err(|e| format!("{e}"))?;
        let vocab = g
            .tensor("token_embd.weight")
            .map_or(1, |t| t.dims[1].max(1)) as u32;
        let prompt: Vec<u32> = (0..PREFILL as u32).map(|i| (i * 7 + 11) % vocab).collect();
        let mut clock = self.clock();
        // One core, then every core of the platform's pool, on the same tokens; each run on a
        // second transformer over the same weights (borrowed, not copied), so the
        // interpreter's KV cache is untouched.
        let all = pool::global();
        let pools: &[&pool::Pool] = if all.width() > 1 {
            &[pool::serial(), all]
        } else {
            &[all]
        };
        let mut runs = Vec::new();
        for p in pools {
            let mut m =
                Transformer::new(&g, Some(PREFILL + DECODE + 1)).map_err(|e| format!("{e}"))?;
            m.set_pool(p);
            // Every logit of every step, to compare the runs bit for bit.
            let mut bits = Vec::new();
            let t0 = clock.now_ns();
            let logits = m.prefill(&prompt, 0).map_err(|e| format!("{e}"))?;
            bits.extend(logits.iter().map(|x| x.to_bits()));
            let mut tok = grammar::argmax(logits);
            let t1 = clock.now_ns();
            for i in 0..DECODE {
                let logits = m.forward(tok, PREFILL + i).map_err(|e| format!("{e}"))?;
                bits.extend(logits.iter().map(|x| x.to_bits()));
                tok = grammar::argmax(logits);
            }
            let t2 = clock.now_ns();
            runs.push((p.width(), t1 - t0, t2 - t1, bits));
        }
        let secs = |ns: u64| (ns.max(1)) as f64 / 1e9;
        let cores = |n: usize| {
            if n == 1 {
                String::from("1 core")
            } else {
                format!("{n} cores")
            }
        };
        for (label, tokens, pick) in [("prefill:", PREFILL, 1), ("decode: ", DECODE, 2)] {
            let _ = write!(out, "{label} {tokens} tokens");
            for (i, r) in runs.iter().enumerate() {
                let ns = if pick == 1 { r.1 } else { r.2 };
                let sep = if i == 0 { ": " } else { " · " };
                let _ = write!(
                    out,
                    "{sep}{} {:.1} ms = {:.1} tok/s",
                    cores(r.0),
                    ns as f64 / 1e6,
                    tokens as f64 / secs(ns)
                );
            }
            if let [one, all] = &runs[..] {
                let (a, b) = if pick == 1 {
                    (one.1, all.1)
                } else {
                    (one.2, all.2)
                };
                let _ = write!(out, " ({:.2}x)", a as f64 / b.max(1) as f64);
            }
            let _ = writeln!(out);
        }
        if all.width() > 1 {
            // What one fork-join costs (post, run or revoke, join), empty: the floor under
            // every parallel step.
            const FORKS: u64 = 200;
            let t0 = clock.now_ns();
            for _ in 0..FORKS {
                all.for_each_chunk(all.width(), 1, |_, _| {});
            }
            let ns = (clock.now_ns() - t0) / FORKS;
            let _ = writeln!(out, "an empty fork-join costs {:.1} us", ns as f64 / 1e3);
        }
        if let [one, all] = &runs[..] {
            let same = one.3 == all.3;
            let _ = writeln!(
                out,
                "{} and {}: {} logits (every step, bit for bit)",
                cores(one.0),
                cores(all.0),
                if same { "identical" } else { "DIFFERENT" }
            );
        }
        let best = runs.last().expect("at least one run");
        let (prefill, decode) = (PREFILL as f64 / secs(best.1), DECODE as f64 / secs(best.2));
        self.last_bench = Some((prefill, decode));
        let _ = writeln!(out, "({:?} SIMD path)", model::ops::simd());
        Ok(())
    }

    fn load(
        &mut self,
        path: &str,
        bytes: Vec<u8>,
        options: command::LoadOptions,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        let mut clock = self.clock();
        let t0 = clock.now_ns();
        // Validate before building anything: a bad file leaves the old model.
        Gguf::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let len = bytes.len();
        let it = self.interpreter();
        let (table, mode, paths) = (it.table().clone(), it.mode(), it.paths().to_vec());
        let base = self.base;
        let config = Config {
            max_seq: options.ctx.unwrap_or(base.max_seq),
            ..base
        };
        // The router is warmed by the session, which has the volume the model's features
        // are kept on (`Session::warm_model`).
        let mut next = Assistant::check(
            Load {
                bytes: ModelBytes::Owned(bytes),
                origin: format!("{path} (data volume)"),
                table,
                mode,
                paths,
                cache: None,
                config,
                free_bytes: options.free_bytes,
            },
            self.now,
            &mut |_| {},
        )?;
        next.base = base;
        // The old interpreter and the bytes it borrowed are freed here.
        *self = next;
        let ms = (clock.now_ns() - t0) as f64 / 1e6;
        let c = &self.interpreter().model().config;
        let _ = writeln!(
            out,
            "loaded {path}: {len} bytes, checked in {ms:.0} ms; context {} positions (KV cache {:.1} MiB)",
            c.seq_len,
            c.kv_cache_bytes() as f64 / (1024.0 * 1024.0)
        );
        Ok(())
    }
}
