//! `nosys-shell`: the kernel's session and request path on the host, with the same crates
//! and the same model, so its answers are the kernel's answers.
//!
//! ```text
//! nosys-shell [OPTIONS]                  requests on stdin, one JSON object per line on stdout
//! nosys-shell features [OPTIONS] [--out PATH] [--train-rows N]
//!                                        write the router feature cache (features.bin)
//! nosys-shell eval [OPTIONS] [--split dev|heldout|handwritten|handwritten2|handwritten3|handwritten4|handwritten5|handwritten6|handwritten7|handwritten8|handwritten9|handwritten10|handwritten11|handwritten12|handwritten13|handwritten14|handwritten15|handwritten16|handwritten17|handwritten18|handwritten19|handwritten20|handwritten21|handwritten22|handwritten23|handwritten24|handwritten25|handwritten26|handwritten27|handwritten28|handwritten29|handwritten30|handwritten31|handwritten32 | --tsv PATH] [--limit N] [--train-rows N]
//!                  [--train-tsv A.tsv,B.tsv]  (hand-written splits' requests as extra router rows)
//!                  [--unseen APPLET,APPLET]  (also report applets the LM was not trained on)
//!                  [--classify]  (lines that parse as typed commands are scored as typed, as the shell runs them)
//!                  [--errors FILE]  (every row whose chosen answer is not the expected one)
//!                                        ridge path vs grammar path on a split
//!
//! OPTIONS
//!   --model PATH        GGUF model (default model/default/nosys.gguf)
//!   --features PATH     feature cache (default: features.bin beside the model; missing = computed)
//!   --no-features       ignore any feature cache
//!   --verify N          cached rows recomputed before the cache is trusted (default 8)
//!   --disk PATH         FAT image for live file names (default build/disk.img if present,
//!                       else the sample volume's names, command::SAMPLE_FS)
//!   --sample-fs         use SAMPLE_FS even if build/disk.img exists
//!   --read-only         read-only mode: write applets unreachable (default read-write)
//!   --threshold X       ridge confidence needed to choose the ridge path (default 0.5)
//!   --temperature T     softmax temperature of the ridge confidence (default 0.1)
//!   --abstain X         ridge confidence "nothing fits" needs for nothing to run (default 0.5)
//!   --write-share X     read-only: model's probability share on write applets that means
//!                       "a write was asked for" (default 0.5)
//!   --unsure X          ridge confidence below which a disagreeing grammar runs nothing (0.5)
//!   --lambda L          ridge λ, relative to mean diag(XᵀX) (default 0.01)
//!   --layer L           router feature: residual after layer L instead of the final norm
//! ```

mod eval;
mod handwritten;
mod json;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use command::{Mode, SAMPLE_FS};
use grammar::PathEntry;
use json::{Obj, V};
use request::{
    paths_from_list, walk_files, CacheStatus, Clock, Config, Feature, FeatureCache, Interpreter,
    Proposal,
};
use session::{Assistant, ModelBytes, Session, Step};

/// Host clock: nanoseconds since the tool started.
pub struct HostClock(Instant);

impl HostClock {
    pub fn new() -> HostClock {
        HostClock(Instant::now())
    }
}

impl Default for HostClock {
    fn default() -> Self {
        HostClock::new()
    }
}

/// Nanoseconds since the first call: the session's clock.
pub fn host_now() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

impl Clock for HostClock {
    fn now_ns(&mut self) -> u64 {
        self.0.elapsed().as_nanos() as u64
    }
}

pub struct Options {
    pub model: PathBuf,
    pub features: Option<PathBuf>,
    pub no_features: bool,
    pub verify: usize,
    pub disk: Option<PathBuf>,
    pub sample_fs: bool,
    pub mode: Mode,
    pub config: Config,
    /// Subcommand arguments not consumed here.
    pub rest: Vec<String>,
}

pub type Res<T> = Result<T, String>;

fn value<T: std::str::FromStr>(it: &mut impl Iterator<Item = String>, flag: &str) -> Res<T> {
    let v = it.next().ok_or(format!("{flag} needs a value"))?;
    v.parse().map_err(|_| format!("{flag}: bad value {v:?}"))
}

fn parse_options(args: impl Iterator<Item = String>) -> Res<Options> {
    let mut o = Options {
        model: PathBuf::from("model/default/nosys.gguf"),
        features: None,
        no_features: false,
        verify: 8,
        disk: None,
        sample_fs: false,
        mode: Mode::ReadWrite,
        config: Config::default(),
        rest: Vec::new(),
    };
    let mut it = args;
    while let Some(a) = it.next() {
        match a.as_str() {
            "--model" => o.model = value(&mut it, &a)?,
            "--features" => o.features = Some(value(&mut it, &a)?),
            "--no-features" => o.no_features = true,
            "--verify" => o.verify = value(&mut it, &a)?,
            "--disk" => o.disk = Some(value(&mut it, &a)?),
            "--sample-fs" => o.sample_fs = true,
            "--read-only" => o.mode = Mode::ReadOnly,
            "--threshold" => o.config.threshold = value(&mut it, &a)?,
            "--abstain" => o.config.abstain = value(&mut it, &a)?,
            "--write-share" => o.config.write_share = value(&mut it, &a)?,
            "--unsure" => o.config.unsure = value(&mut it, &a)?,
            "--floor" => o.config.floor = value(&mut it, &a)?,
            "--lm-trust" => o.config.lm_trust = value(&mut it, &a)?,
            "--lm-nothing" => o.config.lm_nothing = value(&mut it, &a)?,
            "--spelling" => o.config.spelling = value(&mut it, &a)?,
            "--case" => o.config.case = value(&mut it, &a)?,
            "--no-file" => o.config.no_file = value(&mut it, &a)?,
            "--runner-up" => o.config.runner_up = value(&mut it, &a)?,
            "--own-words" => o.config.own_words = value(&mut it, &a)?,
            "--cues" => o.config.cues = value(&mut it, &a)?,
            "--intent" => o.config.intent = value(&mut it, &a)?,
            "--intent-veto" => o.config.intent_veto = value(&mut it, &a)?,
            "--intent-write" => o.config.intent_write = value(&mut it, &a)?,
            "--intent-cues" => o.config.intent_cues = value(&mut it, &a)?,
            "--intent-over-lm" => o.config.intent_over_lm = value(&mut it, &a)?,
            "--intent-sure-write" => o.config.intent_sure_write = value(&mut it, &a)?,
            "--shell-lines" => o.config.shell_lines = value(&mut it, &a)?,
            "--intent-write-backing" => o.config.intent_write_backing = value(&mut it, &a)?,
            "--lm-over-ridge" => o.config.lm_over_ridge = value(&mut it, &a)?,
            "--lexical" => o.config.lexical = value(&mut it, &a)?,
            "--lexical-norm" => o.config.lexical_norm = value(&mut it, &a)?,
            "--temperature" => o.config.temperature = value(&mut it, &a)?,
            "--lambda" => o.config.lambda = value(&mut it, &a)?,
            "--layer" => o.config.feature = Feature::Layer(value(&mut it, &a)?),
            "-h" | "--help" => return Err(usage()),
            _ => {
                o.rest.push(a);
                // A subcommand flag's value travels with it.
                if matches!(
                    o.rest.last().map(String::as_str),
                    Some(
                        "--out"
                            | "--split"
                            | "--tsv"
                            | "--limit"
                            | "--train-rows"
                            | "--train-tsv"
                            | "--train-kind"
                            | "--data"
                            | "--who"
                    )
                ) {
                    if let Some(v) = it.next() {
                        o.rest.push(v);
                    }
                }
            }
        }
    }
    Ok(o)
}

fn usage() -> String {
    "usage: nosys-shell [features|eval] [--model PATH] [--features PATH|--no-features] \
     [--verify N] [--disk PATH|--sample-fs] [--read-only] [--threshold X] [--abstain X] [--write-share X] [--unsure X] [--floor X] [--lm-trust X] [--lm-over-ridge true|false] [--temperature T] \
     [--lambda L] [--layer L]  (features: [--out PATH] [--train-rows N]; eval: [--split dev|heldout|handwritten|handwritten2|handwritten3|handwritten4|handwritten5|handwritten6|handwritten7|handwritten8|handwritten9|handwritten10|handwritten11|handwritten12|handwritten13|handwritten14|handwritten15|handwritten16|handwritten17|handwritten18|handwritten19|handwritten20|handwritten21|handwritten22|handwritten23|handwritten24|handwritten25|handwritten26|handwritten27|handwritten28|handwritten29|handwritten30|handwritten31|handwritten32 \
     | --tsv PATH] [--limit N] [--train-rows N] [--train-tsv A,B] [--unseen A,B] [--data DIR] [--who NAME])"
        .into()
}

/// The volume's label for replies (the sample volume's is NOSYS).
static LABEL: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// What the live files say: the FAT image's small text files, or for
/// `SAMPLE_FS` the sample disk's sources in `iso/sample-disk/` (none when
/// run from elsewhere).
fn live_contents(o: &Options, paths: &[PathEntry]) -> request::Contents {
    let default = Path::new("build/disk.img");
    let disk = match (&o.disk, o.sample_fs) {
        (Some(d), _) => Some(d.clone()),
        (None, false) if default.exists() => Some(default.to_path_buf()),
        _ => None,
    };
    match disk {
        Some(disk) => storage::FileDisk::open(&disk, 512, false)
            .ok()
            .and_then(|dev| storage::Volume::mount(dev).ok())
            .map(|mut vol| request::Contents::read(&mut vol, paths))
            .unwrap_or_default(),
        None => {
            let texts: Vec<(String, String)> = paths
                .iter()
                .filter(|p| !p.is_dir)
                .filter_map(|p| {
                    let file = Path::new("iso/sample-disk").join(p.path.trim_start_matches('/'));
                    std::fs::read_to_string(file)
                        .ok()
                        .map(|t| (p.path.clone(), t))
                })
                .collect();
            request::Contents::from_texts(texts.iter().map(|(p, t)| (p.as_str(), t.as_str())))
        }
    }
}

/// The live file names: from the FAT image when there is one.
fn live_paths(o: &Options) -> Res<(Vec<PathEntry>, String)> {
    let default = Path::new("build/disk.img");
    let disk = match (&o.disk, o.sample_fs) {
        (Some(d), _) => Some(d.clone()),
        (None, false) if default.exists() => Some(default.to_path_buf()),
        _ => None,
    };
    let Some(disk) = disk else {
        return Ok((paths_from_list(SAMPLE_FS), "SAMPLE_FS".into()));
    };
    let dev = storage::FileDisk::open(&disk, 512, false)
        .map_err(|e| format!("{}: {e}", disk.display()))?;
    let mut vol = storage::Volume::mount(dev).map_err(|e| format!("{}: {e}", disk.display()))?;
    let paths = walk_files(&mut vol).map_err(|e| format!("{}: {e}", disk.display()))?;
    if let Ok(info) = command::Files::info(&mut vol) {
        let _ = LABEL.set(info.label);
    }
    let source = format!("{} ({} paths)", disk.display(), paths.len());
    Ok((paths, source))
}

/// Reads the model; the interpreter borrows these bytes for its lifetime.
pub fn read_model(o: &Options) -> Res<Vec<u8>> {
    std::fs::read(&o.model).map_err(|e| format!("{}: {e}", o.model.display()))
}

fn features_path(o: &Options) -> PathBuf {
    o.features
        .clone()
        .unwrap_or_else(|| o.model.with_file_name("features.bin"))
}

/// Loads the interpreter and trains its router (from the cache when it fits).
pub fn load<'m>(o: &Options, bytes: &'m [u8], use_cache: bool) -> Res<Interpreter<'m>> {
    let (paths, source) = live_paths(o)?;
    let t0 = Instant::now();
    let contents = live_contents(o, &paths);
    let mut it = Interpreter::new(bytes, applets::builtin(), o.mode, paths, o.config)
        .map_err(|e| format!("{}: {e}", o.model.display()))?;
    it.set_contents(contents);
    let load_ms = t0.elapsed().as_secs_f64() * 1e3;
    let cache = if use_cache && !o.no_features {
        let p = features_path(o);
        match std::fs::read(&p) {
            Ok(b) => match FeatureCache::parse(&b) {
                Ok(c) => Some(c),
                Err(e) => {
                    eprintln!("nosys-shell: {}: {e}; recomputing", p.display());
                    None
                }
            },
            Err(_) => None,
        }
    } else {
        None
    };
    let t1 = Instant::now();
    let w = it
        .warm_router(
            cache.as_ref(),
            o.verify,
            &mut HostClock::new(),
            &mut |_, _| {},
        )
        .map_err(|e| e.to_string())?;
    let cache_note = match &w.cache {
        CacheStatus::Absent => "no cache".to_string(),
        CacheStatus::Used { verified } => format!("cache used ({verified} rows verified)"),
        CacheStatus::Refused(e) => format!("cache refused: {e}"),
    };
    eprintln!(
        "nosys-shell: model {} ({:016x}) loaded in {load_ms:.0} ms; files from {source}; mode {}; \
         router: {} rows ({} cached, {} computed, {} extra), {cache_note}, {} classes, {} params, \
         warm {:.0} ms, solve {:.2} ms{}",
        o.model.display(),
        it.model_hash(),
        o.mode.label(),
        it.rows().len(),
        w.cached,
        w.computed,
        w.extra,
        w.rebuild.router_classes,
        w.rebuild.router_parameters,
        t1.elapsed().as_secs_f64() * 1e3,
        w.rebuild.router_ns as f64 / 1e6,
        match &w.rebuild.router_error {
            Some(e) => format!(" (no router: {e})"),
            None => String::new(),
        }
    );
    Ok(it)
}

fn ms(ns: u64) -> V<'static> {
    V::Num(ns as f64 / 1e6)
}

/// One JSON line for a proposal.
pub fn proposal_json(p: &Proposal) -> String {
    let line = p.line();
    let ridge = match &p.ridge {
        Some(r) => {
            let cmd = r.command.as_ref().ok().map(command::render);
            let mut o = Obj::new()
                .field("applet", V::Str(r.applet))
                .field("confidence", V::Num(r.confidence as f64))
                .opt_str("command", cmd.as_deref());
            if let Err(e) = &r.command {
                o = o.field("error", V::Str(&e.to_string()));
            }
            o = match r.second {
                Some((a, c)) => o.field(
                    "second",
                    V::Obj(
                        Obj::new()
                            .field("applet", V::Str(a))
                            .field("confidence", V::Num(c as f64)),
                    ),
                ),
                None => o.field("second", V::Null),
            };
            V::Obj(o.field("reused_grammar_decode", V::Bool(r.reused)))
        }
        None => V::Null,
    };
    let grammar = match &p.grammar {
        Some(Ok(c)) => V::Obj(Obj::new().field("command", V::Str(&command::render(c)))),
        Some(Err(e)) => V::Obj(
            Obj::new()
                .field("command", V::Null)
                .field("error", V::Str(&e.to_string())),
        ),
        None => V::Null,
    };
    let t = &p.timings;
    Obj::new()
        .field("input", V::Str(&p.input))
        .opt_str("read_as", p.read_as.as_deref())
        .field(
            "nothing",
            p.nothing_share.map_or(V::Null, |s| V::Num(s as f64)),
        )
        .opt_str("command", line.as_deref())
        .opt_str("applet", p.applet())
        .field("via", V::Str(p.via.name()))
        .field("ridge", ridge)
        .field("grammar", grammar)
        .field("agree", V::Bool(p.agree))
        .field("low_confidence", V::Bool(p.low_confidence))
        // What the person reads when nothing runs: the missing file, or why
        // nothing fits (the F2 hint in read-only mode), as the shell says it.
        .opt_str(
            "reply",
            p.missing
                .as_ref()
                .map(|m| m.reply(LABEL.get().map_or("NOSYS", |l| l.as_str())))
                .or_else(|| line.is_none().then(|| session::abstain_reply(p)))
                .as_deref(),
        )
        .field(
            "ms",
            V::Obj(
                Obj::new()
                    .field("ground", ms(t.ground_ns))
                    .field("prefill", ms(t.prefill_ns))
                    .field("ridge", ms(t.ridge_ns))
                    .field("fill", ms(t.fill_ns))
                    .field("grammar", ms(t.grammar_ns))
                    .field("total", ms(t.total_ns)),
            ),
        )
        .field(
            "tokens",
            V::Obj(
                Obj::new()
                    .field("prompt", V::Int(t.prompt_tokens as u64))
                    .field("grammar", V::Int(t.grammar_tokens as u64))
                    .field("fill", V::Int(t.fill_tokens as u64)),
            ),
        )
        .field("display", V::Str(&p.display().to_string()))
        .field("decision", V::Str(&p.decision().to_string()))
        .finish()
}

/// The kernel's session, deciding each line exactly as the console does;
/// nothing runs, each decision is printed as one JSON object.
fn run_stdin(o: &Options) -> Res<()> {
    let bytes = ModelBytes::Owned(read_model(o)?);
    let origin = o.model.display().to_string();
    let assistant = Assistant::build(bytes, origin, host_now, |b| load(o, b, true))?;
    let mut session = Session::new(applets::builtin(), o.mode, host_now);
    session.set_assistant(Some(assistant));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let error = |line: &str, kind: &str, e: &dyn std::fmt::Display| {
        Obj::new()
            .field("input", V::Str(line.trim()))
            .field("command", V::Null)
            .field("via", V::Str(kind))
            .field("error", V::Str(&e.to_string()))
            .finish()
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        let json = match session.decide(&line, &mut || false) {
            Step::Empty => continue,
            Step::Typed(p) | Step::Proposed(p) => proposal_json(&p),
            Step::Rejected(e) => error(&line, "typed", &e),
            Step::NoModel => error(&line, "error", &"no model"),
            Step::Failed(e) => error(&line, "error", &e),
        };
        writeln!(out, "{json}").map_err(|e| format!("stdout: {e}"))?;
        out.flush().map_err(|e| format!("stdout: {e}"))?;
    }
    Ok(())
}

fn flag(rest: &[String], name: &str) -> Option<String> {
    rest.iter()
        .position(|a| a == name)
        .and_then(|i| rest.get(i + 1).cloned())
}

/// Adds the `--train-rows` rows to the router and re-solves; says what it
/// cost (nothing when the flag is absent).
pub fn add_train_rows(o: &Options, it: &mut Interpreter) -> Res<()> {
    let data = PathBuf::from(flag(&o.rest, "--data").unwrap_or_else(|| "data".into()));
    let extra = train_rows(&o.rest, &data)?;
    if extra.is_empty() {
        return Ok(());
    }
    let refs: Vec<(&str, &str)> = extra
        .iter()
        .map(|(a, r)| (a.as_str(), r.as_str()))
        .collect();
    let t = std::time::Instant::now();
    let r = it
        .add_rows(&refs, &mut HostClock::new(), &mut |_, _| {})
        .map_err(|e| e.to_string())?;
    eprintln!(
        "router: +{} training rows ({:.1} s), solve {:.2} ms, {} params",
        refs.len(),
        t.elapsed().as_secs_f64(),
        r.router_ns as f64 / 1e6,
        r.router_parameters
    );
    Ok(())
}

/// `--train-rows N`: N training pairs of each applet, as extra rows; with
/// `--train-kind K` only pairs of families of that kind (the third part of
/// `applet/kind/n`: `template`, `natural`, `more`, ...), spread evenly over
/// the applet's pairs of that kind rather than its first N.
pub fn train_rows(rest: &[String], data: &Path) -> Res<Vec<(String, String)>> {
    // `--train-tsv A,B`: the requests of hand-written splits (their reply
    // column says which run, and which abstain as "nothing fits").
    if let Some(files) = flag(rest, "--train-tsv") {
        let mut out = Vec::new();
        for f in files.split(',') {
            let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
            for line in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            {
                let c: Vec<&str> = line.split('\t').collect();
                if c.len() < 6 {
                    continue;
                }
                let class = match c[5] {
                    "run" => c[2],
                    "abstain" => request::abstain::NOTHING_FITS,
                    _ => continue,
                };
                out.push((class.to_string(), c[0].to_string()));
            }
        }
        return Ok(out);
    }
    let Some(n) = flag(rest, "--train-rows") else {
        return Ok(Vec::new());
    };
    let n: usize = n
        .parse()
        .map_err(|_| "--train-rows: bad value".to_string())?;
    let kind = flag(rest, "--train-kind");
    let path = data.join("train.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    // Checked for its shape; the family column is read below.
    corpus::read_tsv(&text).map_err(|e| format!("{}: {e:?}", path.display()))?;
    let mut per: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (req, cmd) = (cols[0], cols[1]);
        let family_kind = cols.get(3).and_then(|f| f.split('/').nth(1));
        // `--train-kind nothing`: the lines no applet does, as rows of the
        // router's "nothing fits" class.
        let nothing = cmd == corpus::NOTHING;
        if kind.as_deref() == Some("nothing") {
            if !nothing {
                continue;
            }
        } else if kind.is_none() && nothing || (kind.is_some() && family_kind != kind.as_deref()) {
            continue;
        }
        let class = if nothing {
            request::abstain::NOTHING_FITS
        } else {
            corpus::applet_of(cmd)
        };
        per.entry(class.to_string())
            .or_default()
            .push(req.to_string());
    }
    let mut out = Vec::new();
    for (applet, reqs) in per {
        let take = n.min(reqs.len());
        let step = if kind.is_some() {
            reqs.len() / take.max(1)
        } else {
            1
        };
        for r in reqs.into_iter().step_by(step.max(1)).take(take) {
            out.push((applet.clone(), r));
        }
    }
    Ok(out)
}

fn write_features(o: &Options) -> Res<()> {
    let bytes = read_model(o)?;
    let mut it = load(o, &bytes, false)?;
    add_train_rows(o, &mut it)?;
    let out = flag(&o.rest, "--out")
        .map(PathBuf::from)
        .unwrap_or_else(|| features_path(o));
    let cache = it.feature_cache();
    let b = cache.to_bytes().map_err(|e| e.to_string())?;
    std::fs::write(&out, &b).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!(
        "nosys-shell: {} rows × {} floats for model {:016x} -> {} ({} bytes); on a NOSYS volume \
         beside the model it goes at {}",
        cache.rows.len(),
        cache.dim,
        cache.model_hash,
        out.display(),
        b.len(),
        request::features_volume_path(cache.model_hash)
    );
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let sub = match args.first().map(String::as_str) {
        Some("features") | Some("eval") => Some(args.remove(0)),
        _ => None,
    };
    let r = parse_options(args.into_iter()).and_then(|o| match sub.as_deref() {
        Some("features") => write_features(&o),
        Some("eval") => eval::run(&o),
        _ => match o.rest.first() {
            Some(a) => Err(format!("unknown argument {a:?}\n{}", usage())),
            None => run_stdin(&o),
        },
    });
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("nosys-shell: {e}");
            ExitCode::FAILURE
        }
    }
}
