//! The language model in the kernel: the default model read in place from
//! its boot module, checked (hash, GGUF validation), its router warmed from
//! the shipped feature cache, and the `applets::Assistant` service that
//! `route`, `model` and `bench` use. The request path itself is
//! `request::Interpreter`, the same code the host command runs.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use applets::{Mode, Table};
use grammar::PathEntry;
use model::{Gguf, Transformer};
use request::{Clock, Config, FeatureCache, Interpreter, ShellError};

use crate::{boot, time};

/// Module names (the `module_cmdline` in limine.conf, or the file name).
pub const MODEL_MODULE: &str = "model";
pub const FEATURES_MODULE: &str = "features";

/// Cached feature rows recomputed at boot to check the cache still fits the
/// model (any difference refuses the whole cache).
const VERIFY_ROWS: usize = 4;

/// Nanoseconds from the calibrated TSC.
pub struct TscClock;

impl Clock for TscClock {
    fn now_ns(&mut self) -> u64 {
        time::uptime_ns()
    }
}

pub struct Assistant {
    pub interp: Interpreter<'static>,
    /// The GGUF bytes the interpreter borrows (the boot module, or a file
    /// read by `model load`, leaked so it lives as long as the kernel).
    gguf: &'static [u8],
    origin: String,
    /// How boot went: cache use and timings, for `model`.
    pub boot_report: String,
    /// Last `bench` result: (prefill tok/s, decode tok/s).
    last_bench: Option<(f64, f64)>,
}

/// Draws a progress bar into the status bar: `stage [#####.....] 50%`.
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

/// Loads the boot module's model. `progress` gets the status text to show.
pub fn load_default(
    mode: Mode,
    paths: Vec<PathEntry>,
    progress: &mut dyn FnMut(&str),
) -> Result<Assistant, String> {
    let gguf = boot::find_module(MODEL_MODULE)
        .or_else(|| boot::find_module("nosys.gguf"))
        .ok_or_else(|| String::from("no model module in the boot image (/boot/nosys.gguf)"))?;
    let cache = boot::find_module(FEATURES_MODULE)
        .or_else(|| boot::find_module("features.bin"))
        .map(FeatureCache::parse);
    let cache = match cache {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => {
            log::warn!("model: feature cache unreadable ({e}); computing every row");
            None
        }
        None => {
            log::warn!("model: no feature cache module; computing every row");
            None
        }
    };
    // What reading the module in place saves: the copy a loader that owns
    // its buffer would make (measured once, then dropped).
    let t0 = time::rdtsc();
    let copy = gguf.to_vec();
    let copy_cycles = time::rdtsc().wrapping_sub(t0);
    core::hint::black_box(&copy);
    drop(copy);
    log::info!(
        "model: reading in place saves a {} KiB copy: {} cycles ({} ms) and the memory",
        gguf.len() / 1024,
        copy_cycles,
        time::cycles_to_ns(copy_cycles) / 1_000_000
    );
    build(
        gguf,
        String::from("boot module /boot/nosys.gguf"),
        mode,
        paths,
        cache.as_ref(),
        progress,
    )
}

fn build(
    gguf: &'static [u8],
    origin: String,
    mode: Mode,
    paths: Vec<PathEntry>,
    cache: Option<&FeatureCache>,
    progress: &mut dyn FnMut(&str),
) -> Result<Assistant, String> {
    let mut clock = TscClock;
    progress(&progress_text("checking model", 0, 1));
    let t0 = clock.now_ns();
    let mut interp = Interpreter::new(gguf, Table::builtin(), mode, paths, Config::default())
        .map_err(|e| format!("model rejected: {e}"))?;
    let check_ns = clock.now_ns() - t0;
    log::info!(
        "model: {} bytes in place, xxh64 {:016x}, checked in {} ms",
        gguf.len(),
        interp.model_hash(),
        check_ns / 1_000_000
    );
    let mut last_pct = usize::MAX;
    let report = interp
        .warm_router(cache, VERIFY_ROWS, &mut clock, &mut |done, total| {
            let pct = (done * 100).checked_div(total).unwrap_or(100);
            if pct / 5 != last_pct / 5 {
                last_pct = pct;
                progress(&progress_text("warming router", done, total));
            }
        })
        .map_err(|e| format!("router: {e}"))?;
    let warm_ns = clock.now_ns() - t0 - check_ns;
    let boot_report = format!(
        "checked in {} ms; router warmed in {} ms ({:?}: {} cached, {} computed rows), solved over {} classes \
         ({} parameters) in {:.2} ms",
        check_ns / 1_000_000,
        warm_ns / 1_000_000,
        report.cache,
        report.cached,
        report.computed,
        report.rebuild.router_classes,
        report.rebuild.router_parameters,
        report.rebuild.router_ns as f64 / 1e6
    );
    log::info!("model: {boot_report}");
    Ok(Assistant {
        interp,
        gguf,
        origin,
        boot_report,
        last_bench: None,
    })
}

impl Assistant {
    /// A one-word-ish state for the status bar.
    pub fn status(&self) -> String {
        let c = &self.interp.model().config;
        format!(
            "ready {}L d{} · {}",
            c.n_layers,
            c.dim,
            self.interp.mode().label()
        )
    }

    fn parameters(&self) -> Result<(u64, Vec<(String, u64)>), String> {
        let g = Gguf::parse(self.gguf).map_err(|e| format!("{e}"))?;
        let mut total = 0u64;
        let mut by_type: Vec<(String, u64)> = Vec::new();
        for t in g.tensors() {
            let n = t.n_elements();
            total += n;
            let name = format!("{:?}", t.ty);
            match by_type.iter_mut().find(|(k, _)| *k == name) {
                Some((_, v)) => *v += n,
                None => by_type.push((name, n)),
            }
        }
        Ok((total, by_type))
    }
}

impl applets::Assistant for Assistant {
    fn route(&mut self, request: &str, out: &mut dyn Write) -> Result<(), String> {
        let p = self
            .interp
            .propose(request, &mut TscClock, &mut || false)
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
            "  via {} · prefill {:.1} ms ({} tokens) · ridge {:.2} ms · grammar {:.1} ms · total {:.1} ms (not run)",
            p.via.name(),
            t.prefill_ns as f64 / 1e6,
            t.prompt_tokens,
            t.ridge_ns as f64 / 1e6,
            t.grammar_ns as f64 / 1e6,
            t.total_ns as f64 / 1e6
        );
        Ok(())
    }

    fn describe(&mut self, out: &mut dyn Write) -> Result<(), String> {
        let c = &self.interp.model().config;
        let (params, types) = self.parameters()?;
        let tok = self.interp.tokenizer();
        let _ = writeln!(
            out,
            "model:      {} ({} bytes, read in place)",
            self.origin,
            self.gguf.len()
        );
        let _ = writeln!(out, "hash:       xxh64 {:016x}", self.interp.model_hash());
        let _ = writeln!(
            out,
            "arch:       {:?} · {} layers · dim {} · ffn {} · heads {}/{} kv · head dim {}",
            c.arch, c.n_layers, c.dim, c.ff, c.n_heads, c.n_kv_heads, c.head_dim
        );
        let _ = writeln!(out, "parameters: {params}");
        for (ty, n) in types {
            let _ = writeln!(out, "  {ty:>6}: {n}");
        }
        let _ = writeln!(
            out,
            "context:    {} tokens (trained {}, KV cache {})",
            c.train_ctx, c.train_ctx, c.seq_len
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
        let g = Gguf::parse(self.gguf).map_err(|e| format!("{e}"))?;
        // A second transformer over the same weights (borrowed, not copied),
        // so the interpreter's KV cache is untouched.
        let mut m = Transformer::new(&g, Some(PREFILL + DECODE + 1)).map_err(|e| format!("{e}"))?;
        let vocab = m.config.vocab as u32;
        let prompt: Vec<u32> = (0..PREFILL as u32).map(|i| (i * 7 + 11) % vocab).collect();
        let mut clock = TscClock;
        let t0 = clock.now_ns();
        m.prefill(&prompt, 0).map_err(|e| format!("{e}"))?;
        let t1 = clock.now_ns();
        let mut tok = prompt[PREFILL - 1];
        for i in 0..DECODE {
            let logits = m.forward(tok, PREFILL + i).map_err(|e| format!("{e}"))?;
            tok = grammar::argmax(logits);
        }
        let t2 = clock.now_ns();
        let prefill = PREFILL as f64 / ((t1 - t0) as f64 / 1e9);
        let decode = DECODE as f64 / ((t2 - t1) as f64 / 1e9);
        self.last_bench = Some((prefill, decode));
        let _ = writeln!(
            out,
            "prefill: {PREFILL} tokens in {:.1} ms = {prefill:.1} tok/s\ndecode:  {DECODE} tokens in {:.1} ms = {decode:.1} tok/s\n(one core, {:?} SIMD path)",
            (t1 - t0) as f64 / 1e6,
            (t2 - t1) as f64 / 1e6,
            model::ops::simd()
        );
        Ok(())
    }

    fn load(&mut self, path: &str, bytes: Vec<u8>, out: &mut dyn Write) -> Result<(), String> {
        let mut clock = TscClock;
        let t0 = clock.now_ns();
        // Validate before leaking anything: a bad file leaves the old model.
        Gguf::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
        let len = bytes.len();
        // The interpreter borrows its model for the kernel's lifetime.
        let leaked: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let mode = self.interp.mode();
        let paths = self.interp.paths().to_vec();
        let next = build(
            leaked,
            format!("{path} (data volume)"),
            mode,
            paths,
            None,
            &mut |_| {},
        )?;
        *self = next;
        let ms = (clock.now_ns() - t0) as f64 / 1e6;
        let _ = writeln!(
            out,
            "loaded {path}: {len} bytes, checked and router warmed in {ms:.0} ms"
        );
        Ok(())
    }
}

/// Why a model could not be used, short enough for the status bar.
pub fn short_error(e: &str) -> String {
    let mut s: String = e.chars().take(48).collect();
    if e.chars().count() > 48 {
        s.push('…');
    }
    s
}

/// What the console does after the assistant has looked at a line.
pub enum Next {
    /// A typed command, or no model: the console runs the line as typed.
    Typed,
    /// Run this read-only command now.
    Run(applets::Command),
    /// A write applet: ask y/n first (only reachable in read-write mode).
    Confirm(applets::Command),
    /// Nothing to run; what happened has been printed.
    Nothing,
}

/// Looks at a submitted line: a line that parses as a reachable command (or
/// names an applet and does not fit it) goes back to the console as typed;
/// anything else is a request, answered with the proposal line
/// (`→ cat /NOTES.TXT   ridge 0.97 · 1.4 ms | grammar agrees · 38 ms`).
pub fn interpret(
    assistant: Option<&mut Assistant>,
    table: &Table,
    mode: Mode,
    line: &str,
    out: &mut dyn Write,
    status: &mut dyn FnMut(&str),
    should_cancel: &mut dyn FnMut() -> bool,
) -> Next {
    use applets::ParseError;
    let Some(a) = assistant else {
        return Next::Typed;
    };
    match table.parse(line, mode) {
        Ok(_) | Err(ParseError::Empty) => return Next::Typed,
        Err(e) if !(matches!(e, ParseError::NotACommand(_)) || e.could_be_prose()) => {
            return Next::Typed
        }
        Err(_) => {}
    }
    status("thinking… (Ctrl-C cancels)");
    let result = a.interp.propose(line.trim(), &mut TscClock, should_cancel);
    status(&a.status());
    match result {
        Ok(p) => {
            let _ = writeln!(out, "{}", p.display());
            match p.command {
                Some(cmd) => {
                    let writes = table.get(cmd.applet, mode).is_some_and(|x| x.spec().writes);
                    if writes {
                        Next::Confirm(cmd)
                    } else {
                        Next::Run(cmd)
                    }
                }
                None => {
                    let _ = writeln!(
                        out,
                        "no command fits that request; type `help` for the commands"
                    );
                    Next::Nothing
                }
            }
        }
        Err(ShellError::Cancelled) => {
            let _ = writeln!(out, "^C cancelled");
            Next::Nothing
        }
        Err(e) => {
            let _ = writeln!(out, "model: {e}");
            Next::Nothing
        }
    }
}
