//! Host CLI: load a GGUF, tokenize a prompt, generate, report prefill and decode speed.
//!
//! ```text
//! nosys-model MODEL.gguf [-p PROMPT | --tokens 1,2,3] [-n STEPS] [-t TEMP] [-k TOP_K]
//!             [--top-p P] [-s SEED] [--ctx N] [--batch N] [--portable]
//! ```

use model::ops;
use model::sampler::{NoMask, Sampler, SamplerConfig};
use model::tokenizer::Tokenizer;
use model::{Gguf, Transformer};
use std::io::Write;
use std::process::exit;
use std::time::Instant;

struct Args {
    path: String,
    prompt: Option<String>,
    tokens: Option<Vec<u32>>,
    steps: usize,
    sampler: SamplerConfig,
    ctx: usize,
    batch: usize,
    portable: bool,
}

fn usage() -> ! {
    eprintln!(
        "usage: nosys-model MODEL.gguf [-p PROMPT | --tokens 1,2,3] [-n STEPS] [-t TEMP] \
         [-k TOP_K] [--top-p P] [-s SEED] [--ctx N] [--batch N] [--portable]"
    );
    exit(2)
}

fn parse_args() -> Args {
    let mut a = Args {
        path: String::new(),
        prompt: None,
        tokens: None,
        steps: 64,
        sampler: SamplerConfig::default(),
        ctx: 2048,
        batch: model::model::DEFAULT_BATCH,
        portable: false,
    };
    let mut it = std::env::args().skip(1);
    fn num<T: std::str::FromStr>(v: Option<String>) -> T {
        v.and_then(|s| s.parse().ok()).unwrap_or_else(|| usage())
    }
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-p" => a.prompt = Some(it.next().unwrap_or_else(|| usage())),
            "--tokens" => {
                let s = it.next().unwrap_or_else(|| usage());
                a.tokens = Some(s.split(',').map(|t| num(Some(t.trim().into()))).collect());
            }
            "-n" => a.steps = num(it.next()),
            "-t" => a.sampler.temperature = num(it.next()),
            "-k" => a.sampler.top_k = num(it.next()),
            "--top-p" => a.sampler.top_p = num(it.next()),
            "-s" => a.sampler.seed = num(it.next()),
            "--ctx" => a.ctx = num(it.next()),
            "--batch" => a.batch = num(it.next()),
            "--portable" => a.portable = true,
            "-h" | "--help" => usage(),
            _ if a.path.is_empty() && !arg.starts_with('-') => a.path = arg,
            _ => usage(),
        }
    }
    if a.path.is_empty() {
        usage()
    }
    a
}

fn main() {
    let args = parse_args();
    if args.portable {
        ops::force_portable(true);
    }
    let bytes = std::fs::read(&args.path).unwrap_or_else(|e| {
        eprintln!("{}: {e}", args.path);
        exit(1)
    });
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("{}: {e}", args.path);
        exit(1)
    };
    let g = Gguf::parse(&bytes).unwrap_or_else(|e| fail(&e));
    let mut m =
        Transformer::with_batch(&g, Some(args.ctx), args.batch).unwrap_or_else(|e| fail(&e));
    let tok = Tokenizer::from_gguf(&g);
    let c = &m.config;
    eprintln!(
        "{:?}: dim {} layers {} heads {}/{} head_dim {} ff {} vocab {} ctx {} kernels {:?}",
        c.arch,
        c.dim,
        c.n_layers,
        c.n_heads,
        c.n_kv_heads,
        c.head_dim,
        c.ff,
        c.vocab,
        c.seq_len,
        ops::simd()
    );

    let prompt: Vec<u32> = match (&args.tokens, &args.prompt, &tok) {
        (Some(t), _, _) => t.clone(),
        (None, Some(p), Ok(tk)) => {
            let mut ids = Vec::new();
            if let (true, Some(b)) = (tk.add_bos(), tk.bos()) {
                ids.push(b);
            }
            ids.extend(tk.encode(p, true));
            ids
        }
        (None, Some(_), Err(e)) => fail(&format!("tokenizer: {e:?}")),
        (None, None, _) => vec![0],
    };
    if prompt.is_empty() {
        fail(&"empty prompt");
    }

    let mut sampler = Sampler::new(m.config.vocab, args.sampler);
    let t0 = Instant::now();
    let logits = m.prefill(&prompt, 0).unwrap_or_else(|e| fail(&e));
    let prefill_s = t0.elapsed().as_secs_f64();
    let mut next = sampler
        .sample(logits, &mut NoMask)
        .unwrap_or_else(|e| fail(&format!("{e:?}")));

    let out = std::io::stdout();
    let mut out = out.lock();
    let mut pos = prompt.len();
    let mut generated = 0;
    let t1 = Instant::now();
    while generated < args.steps && pos < m.config.seq_len {
        match &tok {
            Ok(tk) => {
                if tk.is_eog(next) {
                    break;
                }
                let _ = out.write_all(tk.token_bytes(next).unwrap_or(b"?"));
            }
            Err(_) => {
                let _ = write!(out, "{next} ");
            }
        }
        let _ = out.flush();
        let logits = m.forward(next, pos).unwrap_or_else(|e| fail(&e));
        next = sampler
            .sample(logits, &mut NoMask)
            .unwrap_or_else(|e| fail(&format!("{e:?}")));
        pos += 1;
        generated += 1;
    }
    let decode_s = t1.elapsed().as_secs_f64();
    let _ = writeln!(out);
    eprintln!(
        "prefill: {} tokens in {:.1} ms ({:.1} tok/s); decode: {} tokens in {:.1} ms ({:.1} tok/s)",
        prompt.len(),
        prefill_s * 1e3,
        prompt.len() as f64 / prefill_s,
        generated,
        decode_s * 1e3,
        generated as f64 / decode_s.max(1e-9)
    );
}
