//! The default model's trainer, evaluator and logits dumper.
//!
//! ```text
//! train train  [--steps N] [--model DIR] [--data DIR] [--lr X] [--init DIR]
//!                                            train on DIR/train.tsv, curve on DIR/dev.tsv;
//!                                            --init: fine-tune from DIR/weights.safetensors
//! train eval   --split dev|heldout [--engine model|candle] [--model DIR]
//! train logits [--model DIR]                 logits for the parity check (JSON on stdout)
//! train tokens [--model DIR] < lines         token ids of each line (parity check)
//! train intent [--data DIR] [--out FILE] [--check A.tsv,B.tsv] [--nothing-repeat N]
//!              [--hand A.tsv,B.tsv] [--hand-repeat N]
//!                                            the words-only applet reader (`intent` crate) on
//!                                            DIR/train.tsv (and spent hand-written splits),
//!                                            as JSON for `add_vocab.py --intent`
//! ```
//! The whole pipeline with its fixed settings is `train/model.sh`.
#![forbid(unsafe_code)]

mod model;
mod ship;
mod tokenizer;

use candle_core::{DType, Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use corpus::rng::Rng;
use corpus::score::Scores;
use model::{Cache, Config, Qwen3};
use std::collections::BTreeMap;
use std::error::Error;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tokenizer::Tokenizer;

type Res<T> = Result<T, Box<dyn Error>>;

/// The shipped architecture. Chosen on dev and for speed in the kernel; see
/// docs/training.md.
fn arch(vocab: usize) -> Config {
    Config {
        vocab,
        dim: env_usize("NOSYS_DIM", 192),
        layers: env_usize("NOSYS_LAYERS", 4),
        heads: 4,
        kv_heads: 2,
        head_dim: env_usize("NOSYS_DIM", 192) / 4,
        ff: env_usize("NOSYS_FF", 512),
        context: 128,
        rope_theta: 10000.0,
        eps: 1e-6,
    }
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Hyper {
    steps: usize,
    batch: usize,
    lr: f64,
    warmup: usize,
    weight_decay: f64,
    seed: u64,
    eval_every: usize,
}

/// A tokenised pair: the whole sequence and where the command starts.
struct Seq {
    ids: Vec<u32>,
    /// Index of the `<|cmd|>` token: targets after it are scored.
    cmd: usize,
}

/// The applets a split's pairs ask for, sorted, "nothing" left out: the
/// model learns to name them (`nosys.applets`) and the words-only reader
/// has a class for each.
fn applets_of(pairs: &[(String, String)]) -> std::collections::BTreeSet<&str> {
    pairs
        .iter()
        .filter(|(_, c)| c != corpus::NOTHING)
        .map(|(_, c)| corpus::applet_of(c))
        .collect()
}

fn load_pairs(path: &Path) -> Res<Vec<(String, String)>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(corpus::read_tsv(&text).map_err(|e| format!("{}: {e}", path.display()))?)
}

fn tokenise(tok: &Tokenizer, pairs: &[(String, String)], context: usize) -> Vec<Seq> {
    let cmd_id = tok.id(corpus::CMD).unwrap_or(2);
    pairs
        .iter()
        .filter_map(|(r, c)| {
            let ids = tok.encode(&corpus::sequence(r, c));
            let cmd = ids.iter().position(|&i| i == cmd_id)?;
            (ids.len() <= context).then_some(Seq { ids, cmd })
        })
        .collect()
}

/// Inputs `[B, T]`, the rows of the flattened `[B*T]` positions that are
/// scored, and their targets.
fn batch(seqs: &[&Seq], pad: u32, dev: &Device) -> Res<(Tensor, Tensor, Tensor)> {
    let t = seqs.iter().map(|s| s.ids.len() - 1).max().unwrap_or(1);
    let mut input = Vec::with_capacity(seqs.len() * t);
    let mut rows = Vec::new();
    let mut targets = Vec::new();
    for (b, s) in seqs.iter().enumerate() {
        for i in 0..t {
            input.push(*s.ids.get(i).unwrap_or(&pad));
            if i >= s.cmd && i + 1 < s.ids.len() {
                rows.push((b * t + i) as u32);
                targets.push(s.ids[i + 1]);
            }
        }
    }
    Ok((
        Tensor::from_vec(input, (seqs.len(), t), dev)?,
        Tensor::new(rows.as_slice(), dev)?,
        Tensor::new(targets.as_slice(), dev)?,
    ))
}

fn loss_of(m: &Qwen3, seqs: &[&Seq], pad: u32, dev: &Device) -> Res<Tensor> {
    let (input, rows, targets) = batch(seqs, pad, dev)?;
    let (b, t) = input.dims2()?;
    let h = m.hidden(&input, 0, None)?.reshape((b * t, m.cfg.dim))?;
    let logits = m.logits(&h.index_select(&rows, 0)?)?;
    Ok(candle_nn::loss::cross_entropy(&logits, &targets)?)
}

fn dev_loss(m: &Qwen3, seqs: &[Seq], pad: u32, dev: &Device) -> Res<f32> {
    let mut sum = 0.0;
    let mut n = 0;
    for chunk in seqs.chunks(64) {
        let refs: Vec<&Seq> = chunk.iter().collect();
        sum += loss_of(m, &refs, pad, dev)?.to_scalar::<f32>()? * chunk.len() as f32;
        n += chunk.len();
    }
    Ok(sum / n.max(1) as f32)
}

/// One epoch's batches: shuffled, then sorted by length within windows of
/// 16 batches so a batch wastes little on padding, then the batches shuffled.
fn epoch_batches(rng: &mut Rng, seqs: &[Seq], batch: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..seqs.len()).collect();
    rng.shuffle(&mut order);
    let mut batches = Vec::new();
    for window in order.chunks(batch * 16) {
        let mut w = window.to_vec();
        w.sort_by_key(|&i| seqs[i].ids.len());
        for b in w.chunks(batch) {
            if b.len() == batch {
                batches.push(b.to_vec());
            }
        }
    }
    rng.shuffle(&mut batches);
    batches
}

struct Paths {
    data: PathBuf,
    out: PathBuf,
}

fn arg(args: &[String], flag: &str) -> Option<String> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("train: {e}");
        std::process::exit(1);
    }
}

fn run() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let paths = Paths {
        data: arg(&args, "--data").unwrap_or_else(|| "data".into()).into(),
        out: arg(&args, "--model")
            .unwrap_or_else(|| "model/default".into())
            .into(),
    };
    match args.first().map(String::as_str) {
        Some("train") => train(&paths, &args),
        Some("eval") => eval(
            &paths,
            &arg(&args, "--split").unwrap_or_else(|| "dev".into()),
            &args,
        ),
        Some("logits") => logits(&paths),
        Some("tokens") => tokens(&paths),
        // The request vocabulary a training split gives the GGUF
        // (`nosys.words`, `nosys.cues`), without training: to read the cues.
        Some("vocab") => {
            let pairs = load_pairs(&paths.data.join("train.tsv"))?;
            let v = serde_json::json!({"words": known_words(&pairs), "cues": cue_words(&pairs)});
            println!("{v}");
            Ok(())
        }
        Some("intent") => intent(&paths, &args),
        _ => Err(
            "usage: train train|eval|logits|tokens|vocab|intent [options] (see src/main.rs)".into(),
        ),
    }
}

/// Trains the words-only applet reader (`intent`) on the training split and
/// writes its weights as JSON (`train/scripts/add_vocab.py --intent` puts them
/// into a GGUF). `--check` prints its applet accuracy on other TSVs.
fn intent(paths: &Paths, args: &[String]) -> Res<()> {
    let pairs = load_pairs(&paths.data.join("train.tsv"))?;
    let classes: Vec<String> = applets_of(&pairs).into_iter().map(String::from).collect();
    let index = |c: &str| classes.iter().position(|x| x == corpus::applet_of(c));
    // The words a request gives as a text to write are the person's, not a
    // sign of the applet: `tuesday` in a hundred `write` requests made `pull
    // up the meeting notes from tuesday` a write. They are cut out of the
    // request before it is read (the texts stay in the corpus for the
    // language model).
    let table = applets::builtin();
    let mut cut = 0usize;
    let framed: Vec<(String, &str)> = pairs
        .iter()
        .map(|(r, c)| {
            let (r, n) = without_written_text(&table, r, c);
            cut += n;
            (r, c.as_str())
        })
        .collect();
    eprintln!("intent: texts cut from {cut} requests");
    let mut rows: Vec<(&str, usize)> = framed
        .iter()
        .filter_map(|(r, c)| Some((r.as_str(), index(c)?)))
        .collect();
    // Lines no applet does (`corpus/natural/more/nothing.txt`), as one more
    // class; every fourth family is left out, for the out-of-scope dev set
    // (`--nothing-dev FILE` writes it as a TSV).
    let mut classes = classes;
    let mut dev_lines = String::new();
    if !args.iter().any(|a| a == "--no-nothing") {
        // Each line counted this many times (`--nothing-repeat`): three,
        // chosen on dev_nothing and the left-out lines, keeps the class its
        // share beside the 112 357 requests of the shipped reader's corpus
        // (docs/training.md).
        let repeat: usize = arg(args, "--nothing-repeat")
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let k = classes.len();
        classes.push(intent::NOTHING.to_string());
        for (i, fam) in
            corpus::templates::natural_file_families(corpus::templates::NOTHING_FILE).enumerate()
        {
            for v in fam.split('|').map(str::trim).filter(|v| !v.is_empty()) {
                if i % 4 == 3 {
                    dev_lines.push_str(&format!("{v}\tnothing\t-\tdev/nothing/{i}\n"));
                } else {
                    for _ in 0..repeat {
                        rows.push((v, k));
                    }
                }
            }
        }
    }
    // Hand-written splits whose reads are spent (`--hand FILE,FILE`), each row
    // `--hand-repeat` times: a request that runs is its applet's, one that
    // abstains is "nothing fits"; missing files and read-only hints name no
    // applet and are left out.
    let hand_text: Vec<String> = arg(args, "--hand")
        .iter()
        .flat_map(|s| s.split(','))
        .map(|f| std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}")))
        .collect::<Result<_, _>>()?;
    let hand_repeat: usize = arg(args, "--hand-repeat")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let nothing_k = classes.iter().position(|c| c == intent::NOTHING);
    let mut hand_rows = 0usize;
    let mut hand: Vec<(String, usize)> = Vec::new();
    for line in hand_text.iter().flat_map(|t| t.lines()) {
        let c: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || c.len() < 6 {
            continue;
        }
        let k = match c[5] {
            "run" => classes.iter().position(|x| x == c[2]),
            "abstain" => nothing_k,
            _ => None,
        };
        if let Some(k) = k {
            // (Their texts kept: cut as the corpus's are, the left-out
            // handwritten22 lost a row, 88.0 % → 87.8 %.)
            hand.push((c[0].to_string(), k));
        }
    }
    for (r, k) in &hand {
        for _ in 0..hand_repeat {
            rows.push((r.as_str(), *k));
        }
        hand_rows += 1;
    }
    eprintln!("intent: {hand_rows} hand-written rows, each {hand_repeat} times");
    if let Some(f) = arg(args, "--nothing-dev") {
        std::fs::write(&f, &dev_lines).map_err(|e| format!("{f}: {e}"))?;
    }
    let d = intent::TrainOptions::default();
    let o = intent::TrainOptions {
        buckets: arg(args, "--buckets")
            .and_then(|s| s.parse().ok())
            .unwrap_or(d.buckets),
        epochs: arg(args, "--epochs")
            .and_then(|s| s.parse().ok())
            .unwrap_or(d.epochs),
        lr: arg(args, "--lr")
            .and_then(|s| s.parse().ok())
            .unwrap_or(d.lr),
        seed: d.seed,
    };
    let t0 = Instant::now();
    let it = intent::train(&rows, classes.clone(), o);
    let nothing = it.class(intent::NOTHING);
    eprintln!(
        "intent: {} rows, {} classes, {} buckets, {} epochs, lr {}: {:.1} s",
        rows.len(),
        classes.len(),
        o.buckets,
        o.epochs,
        o.lr,
        t0.elapsed().as_secs_f64()
    );
    for f in arg(args, "--check").iter().flat_map(|s| s.split(',')) {
        let (mut n, mut right) = (0, 0);
        for (r, c) in load_pairs(Path::new(f))? {
            let p = it.probs(&r);
            let best = (0..p.len())
                .max_by(|&a, &b| p[a].total_cmp(&p[b]))
                .unwrap_or(0);
            n += 1;
            right += usize::from(if c == corpus::NOTHING || c == "nothing" {
                Some(best) == nothing
            } else {
                classes[best] == corpus::applet_of(&c)
            });
        }
        eprintln!(
            "intent: {f}: applet {right} of {n} ({:.1}%)",
            100.0 * right as f64 / n.max(1) as f64
        );
    }
    if let Some(out) = arg(args, "--out") {
        let v = serde_json::json!({
            "classes": it.classes(),
            "weights": it.weights(),
            "bias": it.bias(),
        });
        std::fs::write(&out, v.to_string()).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok(())
}

fn load_tokenizer(paths: &Paths) -> Res<Tokenizer> {
    let p = paths.out.join("tokenizer.json");
    let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
    Ok(Tokenizer::from_json(&text)?)
}

fn train(paths: &Paths, args: &[String]) -> Res<()> {
    let dev = Device::Cpu;
    let tok = load_tokenizer(paths)?;
    let cfg = arch(tok.vocab_size());
    let hp = Hyper {
        steps: arg(args, "--steps")
            .and_then(|s| s.parse().ok())
            .unwrap_or(1400),
        batch: env_usize("NOSYS_BATCH", 64),
        lr: arg(args, "--lr")
            .and_then(|s| s.parse().ok())
            .unwrap_or(2e-3),
        warmup: 100,
        weight_decay: 0.01,
        seed: 6,
        eval_every: env_usize("NOSYS_EVAL_EVERY", 250),
    };
    let train_pairs = load_pairs(&paths.data.join("train.tsv"))?;
    // The applets the model learns to name, for the GGUF (`nosys.applets`):
    // the request path lets only the router choose an applet outside them.
    let applets = applets_of(&train_pairs);
    // Whether it learns to end at once when nothing fits (`nosys.nothing`).
    let nothing = train_pairs.iter().any(|(_, c)| c == corpus::NOTHING);
    let words = known_words(&train_pairs);
    let cues = cue_words(&train_pairs);
    let train_seqs = tokenise(&tok, &train_pairs, cfg.context);
    let mut dev_pairs = load_pairs(&paths.data.join("dev.tsv"))?;
    // A fixed subset keeps the curve cheap; eval uses the whole split.
    Rng::new(hp.seed).shuffle(&mut dev_pairs);
    dev_pairs.truncate(256);
    let dev_seqs = tokenise(&tok, &dev_pairs, cfg.context);
    let pad = tok.id(corpus::PAD).ok_or("no <|pad|> token")?;
    let tokens: usize = train_seqs.iter().map(|s| s.ids.len()).sum();
    println!(
        "model: {} params (dim {} layers {} heads {}/{} ff {} vocab {}); train {} seqs {} tokens; dev subset {}",
        cfg.params(), cfg.dim, cfg.layers, cfg.heads, cfg.kv_heads, cfg.ff, cfg.vocab,
        train_seqs.len(), tokens, dev_seqs.len()
    );
    // `--init DIR`: start from a trained model's weights (a fine-tune)
    // rather than fresh ones.
    let m = match arg(args, "--init") {
        Some(dir) => Qwen3::load(
            cfg,
            &std::path::Path::new(&dir).join("weights.safetensors"),
            &dev,
        )?,
        None => Qwen3::new(cfg, hp.seed, &dev)?,
    };
    let mut opt = AdamW::new(
        m.vars(),
        ParamsAdamW {
            lr: hp.lr,
            beta1: 0.9,
            beta2: 0.98,
            eps: 1e-8,
            weight_decay: hp.weight_decay,
        },
    )?;
    let mut rng = Rng::new(hp.seed ^ 0x5eed);
    let mut batches: Vec<Vec<usize>> = Vec::new();
    let mut next_batch = 0;
    let start = Instant::now();
    let mut curve = String::from("step\tseconds\ttrain_loss\tdev_loss\n");
    let mut running = 0.0f32;
    let mut running_n = 0;
    for step in 1..=hp.steps {
        let lr = if step <= hp.warmup {
            hp.lr * step as f64 / hp.warmup as f64
        } else {
            let p = (step - hp.warmup) as f64 / (hp.steps - hp.warmup).max(1) as f64;
            hp.lr * (0.1 + 0.9 * 0.5 * (1.0 + (std::f64::consts::PI * p).cos()))
        };
        opt.set_learning_rate(lr);
        if next_batch == batches.len() {
            batches = epoch_batches(&mut rng, &train_seqs, hp.batch);
            next_batch = 0;
        }
        let seqs: Vec<&Seq> = batches[next_batch]
            .iter()
            .map(|&i| &train_seqs[i])
            .collect();
        next_batch += 1;
        let t0 = Instant::now();
        let loss = loss_of(&m, &seqs, pad, &dev)?;
        let t1 = Instant::now();
        let grads = loss.backward()?;
        let t2 = Instant::now();
        opt.step(&grads)?;
        if std::env::var("NOSYS_PROFILE").is_ok() {
            eprintln!(
                "step {step}: forward {:.2}s backward {:.2}s update {:.2}s",
                (t1 - t0).as_secs_f64(),
                (t2 - t1).as_secs_f64(),
                t2.elapsed().as_secs_f64()
            );
        }
        running += loss.to_scalar::<f32>()?;
        running_n += 1;
        if step % hp.eval_every == 0 || step == hp.steps {
            let dl = dev_loss(&m, &dev_seqs, pad, &dev)?;
            let secs = start.elapsed().as_secs_f64();
            let tl = running / running_n as f32;
            println!("step {step:5} {secs:7.1}s lr {lr:.2e} train {tl:.4} dev {dl:.4}");
            std::io::stdout().flush().ok();
            curve.push_str(&format!("{step}\t{secs:.1}\t{tl:.4}\t{dl:.4}\n"));
            running = 0.0;
            running_n = 0;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("trained {} steps in {secs:.0}s", hp.steps);
    std::fs::create_dir_all(&paths.out)?;
    m.save(&paths.out.join("weights.safetensors"))?;
    std::fs::write(paths.out.join("curve.tsv"), curve)?;
    std::fs::write(
        paths.out.join("config.json"),
        config_json(&cfg, &applets, nothing, &words, &cues),
    )?;
    Ok(())
}

/// How often a word of the training requests must occur to be known.
/// Chosen on dev with the model of 4 December, afternoon (docs/eval.md):
/// at 2 the typos the corpus repeats (`tiem` 21 times) count as known and
/// stay unread; with the tokenizer's words alone, real words it lacks are
/// misread (`slow` as `show`, `came` as `cake`).
const KNOWN_AFTER: usize = 20;

/// The words the model reads often enough to know them (`nosys.words`):
/// runs of at least four letters of the training requests, lower case, seen
/// at least [`KNOWN_AFTER`] times. The request path reads a word outside
/// them and the tokenizer's words, one edit from one of them, as that word
/// (`request::spelling`).
fn known_words(pairs: &[(String, String)]) -> Vec<String> {
    let mut count: std::collections::BTreeMap<String, usize> = Default::default();
    for (r, _) in pairs {
        for w in r.split(|c: char| !c.is_ascii_alphabetic()) {
            if w.len() >= corpus::MIN_WORD_LETTERS {
                *count.entry(w.to_ascii_lowercase()).or_default() += 1;
            }
        }
    }
    count
        .into_iter()
        .filter(|(_, n)| *n >= KNOWN_AFTER)
        .map(|(w, _)| w)
        .collect()
}

/// `request` without the texts its command `c` writes, and how many were cut.
/// The words a request gives as a text to write are the person's, not a sign
/// of the applet. Only a write's: cutting what `echo` and `route` are given
/// too cost dev_natural 3 points (89.1% → 86.2%), the words around a text to
/// say are few.
fn without_written_text(table: &command::Table, request: &str, c: &str) -> (String, usize) {
    let mut r = request.to_string();
    let Ok(cmd) = table.parse(c, command::Mode::ReadWrite) else {
        return (r, 0);
    };
    let writes = table.get_any(cmd.applet).is_some_and(|a| a.spec().writes);
    let mut cut = 0;
    for a in cmd.args.iter().filter(|_| writes) {
        if let command::Arg::Text(t) = a {
            let lower = r.to_lowercase();
            if let Some(i) = lower
                .find(&t.to_lowercase())
                .filter(|_| lower.len() == r.len())
            {
                r.replace_range(i..i + t.len(), " ");
                cut += 1;
            }
        }
    }
    (r, cut)
}

/// How often a word must come with an applet's requests to be a cue of it.
const CUE_AFTER: usize = 3;
/// And the least share of the requests holding the word that are that
/// applet's (1 in 10; chosen on dev and on the out-of-scope lines of
/// `corpus/natural/more/nothing.txt`, docs/eval.md).
const CUE_SHARE: usize = 10;

/// The words that point at each applet (`nosys.cues`): a word of at least
/// two letters, lower case, that at least [`CUE_AFTER`] of an applet's
/// training requests hold and at least one in [`CUE_SHARE`] of the requests
/// holding it ask for that applet. The request path runs nothing when the
/// command it would run is an applet none of whose cues the request says and
/// nothing else (a file referred to, the applet's name) points at it:
/// `play some jazz` had run `clear` (`request::Interpreter::cued`).
fn cue_words(pairs: &[(String, String)]) -> std::collections::BTreeMap<String, Vec<String>> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut by_applet: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    let mut total: BTreeMap<String, usize> = BTreeMap::new();
    for (r, c) in pairs {
        let applet = if c == corpus::NOTHING {
            None
        } else {
            Some(corpus::applet_of(c))
        };
        let mine: BTreeSet<String> = r
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 2)
            .map(str::to_ascii_lowercase)
            .collect();
        for w in mine {
            *total.entry(w.clone()).or_default() += 1;
            if let Some(a) = applet {
                *by_applet.entry(a).or_default().entry(w).or_default() += 1;
            }
        }
    }
    by_applet
        .into_iter()
        .map(|(a, counts)| {
            let cues = counts
                .into_iter()
                .filter(|(w, n)| *n >= CUE_AFTER && *n * CUE_SHARE >= total[w])
                .map(|(w, _)| w)
                .collect();
            (a.to_string(), cues)
        })
        .collect()
}

fn config_json(
    c: &Config,
    applets: &std::collections::BTreeSet<&str>,
    nothing: bool,
    words: &[String],
    cues: &std::collections::BTreeMap<String, Vec<String>>,
) -> String {
    serde_json::json!({
        "vocab": c.vocab, "dim": c.dim, "layers": c.layers, "heads": c.heads,
        "kv_heads": c.kv_heads, "head_dim": c.head_dim, "ff": c.ff, "context": c.context,
        "rope_theta": c.rope_theta, "eps": c.eps, "applets": applets,
        "nothing": nothing, "words": words, "cues": cues,
    })
    .to_string()
}

fn load_config(paths: &Paths) -> Res<Config> {
    let p = paths.out.join("config.json");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&p)?)?;
    let u = |k: &str| -> Res<usize> {
        Ok(v.get(k)
            .and_then(|x| x.as_u64())
            .ok_or(format!("config.json: no {k}"))? as usize)
    };
    Ok(Config {
        vocab: u("vocab")?,
        dim: u("dim")?,
        layers: u("layers")?,
        heads: u("heads")?,
        kv_heads: u("kv_heads")?,
        head_dim: u("head_dim")?,
        ff: u("ff")?,
        context: u("context")?,
        rope_theta: v["rope_theta"].as_f64().unwrap_or(10000.0) as f32,
        eps: v["eps"].as_f64().unwrap_or(1e-6),
    })
}

fn load_model(paths: &Paths, dev: &Device) -> Res<Qwen3> {
    let cfg = load_config(paths)?;
    Ok(Qwen3::load(
        cfg,
        &paths.out.join("weights.safetensors"),
        dev,
    )?)
}

/// Greedy decode without a grammar, prompts batched by token length so no
/// padding is needed; stops at `<|end|>` or after `max_new` tokens.
fn greedy(m: &Qwen3, tok: &Tokenizer, requests: &[String], dev: &Device) -> Res<Vec<String>> {
    let end = tok.id(corpus::END).ok_or("no <|end|> token")?;
    let prompts: Vec<Vec<u32>> = requests
        .iter()
        .map(|r| tok.encode(&corpus::prompt(r)))
        .collect();
    let mut by_len: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, p) in prompts.iter().enumerate() {
        by_len.entry(p.len()).or_default().push(i);
    }
    let mut out = vec![String::new(); requests.len()];
    for (len, idx) in by_len {
        for chunk in idx.chunks(128) {
            let max_new = m.cfg.context.saturating_sub(len).min(64);
            if max_new == 0 {
                continue;
            }
            let flat: Vec<u32> = chunk.iter().flat_map(|&i| prompts[i].clone()).collect();
            let input = Tensor::from_vec(flat, (chunk.len(), len), dev)?;
            let mut cache = Cache::new();
            let mut logits = m.last_logits(&input, 0, Some(&mut cache))?;
            let mut gen: Vec<Vec<u32>> = vec![Vec::new(); chunk.len()];
            let mut done = vec![false; chunk.len()];
            for step in 0..max_new {
                let next: Vec<u32> = logits.argmax(candle_core::D::Minus1)?.to_vec1()?;
                for (j, &t) in next.iter().enumerate() {
                    if !done[j] {
                        if t == end {
                            done[j] = true;
                        } else {
                            gen[j].push(t);
                        }
                    }
                }
                if done.iter().all(|&d| d) || step + 1 == max_new {
                    break;
                }
                let input = Tensor::from_vec(next, (chunk.len(), 1), dev)?;
                logits = m.last_logits(&input, len + step, Some(&mut cache))?;
            }
            for (j, &i) in chunk.iter().enumerate() {
                out[i] = tok.decode(&gen[j]);
            }
        }
    }
    Ok(out)
}

fn eval(paths: &Paths, split: &str, args: &[String]) -> Res<()> {
    let dev = Device::Cpu;
    // The trainer's checkpoint is not committed (the GGUF is): without it
    // only the model/ engine runs.
    let checkpoint = paths.out.join("weights.safetensors").exists();
    // Figures per source file as well as for the whole split.
    let mut sources: Vec<(String, usize)> = Vec::new();
    let (pairs, mark) = match split {
        "dev" => (load_pairs(&paths.data.join("dev.tsv"))?, String::new()),
        "heldout" => {
            let who =
                arg(args, "--who").unwrap_or_else(|| "train eval (greedy, no grammar)".into());
            let gen = paths.data.join("heldout_generated.tsv");
            let hand = paths.data.join("heldout_handwritten.tsv");
            let (pairs, read) = corpus::ledger::open_heldout(
                &paths.data.join("heldout_ledger.txt"),
                &[&gen, &hand],
                &who,
                "exact/applet accuracy of model/default",
            )?;
            println!("held-out read #{}{}", read.number, read.mark());
            for (name, p) in ["generated", "handwritten"].iter().zip(&pairs) {
                sources.push((name.to_string(), p.len()));
            }
            (pairs.concat(), read.mark().to_string())
        }
        other => return Err(format!("unknown split {other}").into()),
    };
    let table = applets::builtin();
    let requests: Vec<String> = pairs.iter().map(|(r, _)| r.clone()).collect();
    let t0 = Instant::now();
    let engine = arg(args, "--engine").unwrap_or_else(|| "model".into());
    let preds = match engine.as_str() {
        // What ships: model/ on the exported GGUF.
        "model" => {
            let (preds, per) = ship::greedy(&paths.out.join("nosys.gguf"), &requests)?;
            println!(
                "engine model/ (nosys.gguf): {:.1} ms per request on the host, one thread",
                per * 1e3
            );
            // The trainer's own decode of the same weights must agree.
            if checkpoint {
                let m = load_model(paths, &dev)?;
                let ours = greedy(&m, &load_tokenizer(paths)?, &requests, &dev)?;
                let same = ours.iter().zip(&preds).filter(|(a, b)| a == b).count();
                println!(
                    "candle and model/ agree on {same}/{} predictions",
                    preds.len()
                );
            } else {
                println!("no weights.safetensors: candle agreement not checked");
            }
            preds
        }
        "candle" => greedy(
            &load_model(paths, &dev)?,
            &load_tokenizer(paths)?,
            &requests,
            &dev,
        )?,
        other => return Err(format!("unknown engine {other}").into()),
    };
    let secs = t0.elapsed().as_secs_f64();
    let mut scores = Scores::default();
    let mut errors = String::new();
    for ((req, want), got) in pairs.iter().zip(&preds) {
        let valid = table.parse(got, command::Mode::ReadWrite).is_ok();
        scores.add(want, got, valid);
        if want != got {
            errors.push_str(&format!("{req}\t{want}\t{got}\n"));
        }
    }
    println!(
        "{split}: {} requests, exact {:.1}%, applet {:.1}%, invalid {:.1}% ({secs:.1}s){mark}",
        scores.all.total,
        100.0 * scores.all.exact_rate(),
        100.0 * scores.all.applet_rate(),
        100.0 * scores.all.invalid_rate()
    );
    println!("{}", scores.table(&mark));
    let mut at = 0;
    for (name, n) in &sources {
        let mut s = Scores::default();
        for ((_, want), got) in pairs[at..at + n].iter().zip(&preds[at..at + n]) {
            s.add(
                want,
                got,
                table.parse(got, command::Mode::ReadWrite).is_ok(),
            );
        }
        at += n;
        println!(
            "{split} {name}: {} requests, exact {:.1}%, applet {:.1}%, invalid {:.1}%{mark}",
            s.all.total,
            100.0 * s.all.exact_rate(),
            100.0 * s.all.applet_rate(),
            100.0 * s.all.invalid_rate()
        );
    }
    if split == "dev" {
        std::fs::write(paths.out.join("dev_errors.tsv"), errors)?;
    }
    Ok(())
}

/// Token ids of each stdin line, space-separated, for the llama.cpp check.
fn tokens(paths: &Paths) -> Res<()> {
    let tok = load_tokenizer(paths)?;
    let mut out = String::new();
    for line in std::io::stdin().lines() {
        let ids: Vec<String> = tok.encode(&line?).iter().map(u32::to_string).collect();
        out.push_str(&ids.join(" "));
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// Logits at every position for a few prompts, for the llama.cpp check.
fn logits(paths: &Paths) -> Res<()> {
    let dev = Device::Cpu;
    let tok = load_tokenizer(paths)?;
    let m = load_model(paths, &dev)?;
    let prompts = [
        corpus::prompt("show me the notes"),
        corpus::sequence("copy todo.txt to backup.txt", "cp /TODO.TXT /BACKUP.TXT"),
        corpus::prompt("how much memory is free"),
        corpus::prompt("Write 'buy milk' into the todo list please"),
    ];
    let mut out = Vec::new();
    for p in prompts {
        let ids = tok.encode(&p);
        let input = Tensor::new(ids.as_slice(), &dev)?.unsqueeze(0)?;
        let h = m.hidden(&input, 0, None)?.squeeze(0)?;
        let l: Vec<Vec<f32>> = m.logits(&h)?.to_dtype(DType::F32)?.to_vec2()?;
        let mut entry = serde_json::json!({"text": p, "ids": ids, "logits": l});
        // model/ (what ships) on the exported GGUF, when it exists.
        let gguf = paths.out.join("nosys.gguf");
        if gguf.exists() {
            entry["model_logits"] = serde_json::json!(ship::all_logits(&gguf, &ids)?);
        }
        out.push(entry);
    }
    println!("{}", serde_json::Value::Array(out));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(rows: &[(&str, &str)]) -> Vec<(String, String)> {
        rows.iter()
            .map(|(r, c)| (r.to_string(), c.to_string()))
            .collect()
    }

    #[test]
    fn a_cue_is_a_word_an_applets_requests_use_and_others_seldom_do() {
        let mut rows = vec![
            ("wipe the screen", "clear"),
            ("Wipe it", "clear"),
            ("wipe everything", "clear"),
            ("the screen pls", "clear"),
        ];
        // `the` in many other requests: under one in ten of them are clear's.
        for _ in 0..40 {
            rows.push(("show the notes", "cat /NOTES.TXT"));
        }
        // A line no applet does counts for the word's total, for no applet.
        rows.push(("wipe your tears", corpus::NOTHING));
        let cues = cue_words(&pairs(&rows));
        let clear = &cues["clear"];
        assert!(clear.contains(&"wipe".to_string()), "{clear:?}");
        // Twice only: not a cue.
        assert!(!clear.contains(&"screen".to_string()), "{clear:?}");
        assert!(!clear.contains(&"the".to_string()), "{clear:?}");
        assert!(cues["cat"].contains(&"notes".to_string()));
        assert!(!cues.contains_key(corpus::NOTHING));
    }
}
