//! Prefill and decode speed of one GGUF, single thread; driven by `model/scripts/bench.py`.
//!
//! `model-bench MODEL.gguf [prefill_tokens] [decode_tokens] [reps] [--portable]` prints one JSON
//! line (tokens per second of thread CPU time). Token ids are `(i * 7919 + 13) % vocab`, the same
//! formula bench.py feeds llama.cpp.
//!
//! With `--serve` it loads the model once, prints `ready`, and then runs one repetition per line
//! read from stdin, printing `{"prefill_s": .., "decode_s": ..}` for each: bench.py alternates
//! these with llama.cpp's repetitions, so both see the same minutes of a shared machine.

use model::{ops, Gguf, Transformer};

/// CPU time of this thread in seconds: on a machine shared with other jobs, time spent
/// descheduled is not ours to count. (`/proc/thread-self/schedstat` only advances at scheduler
/// ticks, too coarse for a small model; `CLOCK_THREAD_CPUTIME_ID` is exact. It is what Python's
/// `time.thread_time`, used for llama.cpp, reads.)
fn cpu_s() -> f64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec with the C layout of x86_64 Linux; std links
    // the C library that provides clock_gettime.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let portable = args.iter().any(|a| a == "--portable");
    let pos_args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some(path) = pos_args.first() else {
        eprintln!("usage: model-bench MODEL.gguf [prefill] [decode] [reps] [--portable]");
        std::process::exit(2);
    };
    let num = |i: usize, d: usize| pos_args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n_prefill, n_decode, reps) = (num(1, 128), num(2, 64), num(3, 3));
    if portable {
        ops::force_portable(true);
    }
    let bytes = std::fs::read(path).expect("read model");
    let g = Gguf::parse(&bytes).expect("parse");
    let mut m = Transformer::new(&g, Some(n_prefill + n_decode + 1)).expect("load");
    let vocab = m.config.vocab;
    let toks: Vec<u32> = (0..n_prefill + n_decode)
        .map(|i| ((i * 7919 + 13) % vocab) as u32)
        .collect();
    let mut rep = || {
        let t0 = cpu_s();
        m.prefill(&toks[..n_prefill], 0).expect("prefill");
        let t1 = cpu_s();
        for (i, &t) in toks[n_prefill..].iter().enumerate() {
            m.forward(t, n_prefill + i).expect("forward");
        }
        (t1 - t0, cpu_s() - t1)
    };
    if args.iter().any(|a| a == "--serve") {
        use std::io::{BufRead, Write};
        println!("ready");
        std::io::stdout().flush().expect("stdout");
        for line in std::io::stdin().lock().lines() {
            if line.is_err() {
                break;
            }
            let (p, d) = rep();
            println!("{{\"prefill_s\": {p:.6}, \"decode_s\": {d:.6}}}");
            std::io::stdout().flush().expect("stdout");
        }
        return;
    }
    let (mut best_p, mut best_d) = (f64::MAX, f64::MAX);
    for _ in 0..reps {
        let (p, d) = rep();
        best_p = best_p.min(p);
        best_d = best_d.min(d);
    }
    println!(
        "{{\"prefill_tps\": {:.2}, \"decode_tps\": {:.2}, \"kernels\": \"{:?}\"}}",
        n_prefill as f64 / best_p,
        n_decode as f64 / best_d,
        ops::simd()
    );
}
