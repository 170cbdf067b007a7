//! Prefill and decode of one GGUF on 1, 2, … cores: the kernel's SMP design (a `pool::Pool`
//! whose workers are std threads here, application processors in the kernel) on the host.
//!
//! `par-bench MODEL.gguf [prefill_tokens] [decode_tokens] [reps] [--threads 1,2]` runs each
//! repetition once per thread count, alternating (so every count sees the same minutes of a
//! shared machine), and prints one JSON line per thread count and a last line with the
//! speed-ups. Token ids are `(i * 7919 + 13) % vocab`, as `model-bench` uses.
//!
//! Timing. Wall time is what a speed-up is about, but on a machine shared with other jobs it
//! also counts time a thread was descheduled; so every figure is the best of `reps`, and for
//! that best run the line gives each thread's CPU seconds (`CLOCK_THREAD_CPUTIME_ID` through
//! `pthread_getcpuclockid`). Idle workers spin between products, so in an undisturbed run every
//! thread's CPU time is close to the wall time; one well below it was descheduled for the
//! difference. `worker_share` is the share of the prefill's parallel chunks the workers ran.

use model::{Gguf, Transformer};
use pool::ThreadPool;
use std::os::unix::thread::JoinHandleExt;
use std::time::Instant;

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    fn pthread_getcpuclockid(thread: usize, clk: *mut i32) -> i32;
}

/// CLOCK_THREAD_CPUTIME_ID: the calling thread's CPU time.
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

fn clock_s(clk: i32) -> f64 {
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec with the C layout of x86_64 Linux; std links
    // the C library that provides clock_gettime.
    let rc = unsafe { clock_gettime(clk, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The CPU clocks of the pool's worker threads.
fn worker_clocks(tp: &ThreadPool) -> Vec<i32> {
    tp.threads()
        .map(|t| {
            let mut clk = 0;
            // SAFETY: the handle names a live thread (joined only when `tp` drops) and `clk`
            // is writable.
            let rc = unsafe { pthread_getcpuclockid(t.as_pthread_t() as usize, &mut clk) };
            assert_eq!(rc, 0, "pthread_getcpuclockid");
            clk
        })
        .collect()
}

/// One timed phase: wall seconds, and CPU seconds of the calling thread and of each worker.
#[derive(Clone)]
struct Sample {
    wall: f64,
    cpu: Vec<f64>,
}

impl Sample {
    fn none() -> Self {
        Self {
            wall: f64::MAX,
            cpu: Vec::new(),
        }
    }
}

fn measure(clocks: &[i32], f: impl FnOnce()) -> Sample {
    let read = || -> Vec<f64> {
        std::iter::once(clock_s(CLOCK_THREAD_CPUTIME_ID))
            .chain(clocks.iter().map(|&c| clock_s(c)))
            .collect()
    };
    let c0 = read();
    let t0 = Instant::now();
    f();
    let wall = t0.elapsed().as_secs_f64();
    let c1 = read();
    Sample {
        wall,
        cpu: c1.iter().zip(&c0).map(|(b, a)| b - a).collect(),
    }
}

fn list(v: &[f64]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x:.4}")).collect();
    format!("[{}]", items.join(", "))
}

/// One thread count's pool, model and best runs.
struct Run<'a> {
    threads: usize,
    tp: &'a ThreadPool,
    clocks: Vec<i32>,
    m: Transformer<'a>,
    prefill: Sample,
    decode: Sample,
    worker_share: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads: Vec<usize> = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .map(|s| {
            s.split(',')
                .map(|n| n.parse().expect("--threads 1,2"))
                .collect()
        })
        .unwrap_or_else(|| vec![1, 2]);
    let mut pos_args = Vec::new();
    let mut skip = false;
    for a in &args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a == "--threads" {
            skip = true;
        } else if !a.starts_with("--") {
            pos_args.push(a.as_str());
        }
    }
    let Some(path) = pos_args.first() else {
        eprintln!("usage: par-bench MODEL.gguf [prefill] [decode] [reps] [--threads 1,2]");
        std::process::exit(2);
    };
    let num = |i: usize, d: usize| pos_args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n_prefill, n_decode, reps) = (num(1, 128), num(2, 32), num(3, 5));
    // The pools first: each transformer borrows one for as long as it lives.
    let pools: Vec<ThreadPool> = threads
        .iter()
        .map(|&n| ThreadPool::new(n.max(1) - 1))
        .collect();
    let bytes = std::fs::read(path).expect("read model");
    let g = Gguf::parse(&bytes).expect("parse");
    let mut runs: Vec<Run<'_>> = threads
        .iter()
        .zip(&pools)
        .map(|(&n, tp)| {
            let clocks = worker_clocks(tp);
            let mut m = Transformer::new(&g, Some(n_prefill + n_decode + 1)).expect("load");
            m.set_pool(tp.pool());
            Run {
                threads: n.max(1),
                tp,
                clocks,
                m,
                prefill: Sample::none(),
                decode: Sample::none(),
                worker_share: 0.0,
            }
        })
        .collect();
    let vocab = runs[0].m.config.vocab;
    let toks: Vec<u32> = (0..n_prefill + n_decode)
        .map(|i| ((i * 7919 + 13) % vocab) as u32)
        .collect();
    let mut logits: Vec<Vec<u32>> = vec![Vec::new(); runs.len()];
    for _ in 0..reps {
        for (run, last) in runs.iter_mut().zip(logits.iter_mut()) {
            let Run { tp, clocks, m, .. } = run;
            let (w0, f0) = (tp.chunks_by_workers(), tp.chunks_forked());
            let p = measure(clocks, || {
                m.prefill(&toks[..n_prefill], 0).expect("prefill");
            });
            let (w1, f1) = (tp.chunks_by_workers(), tp.chunks_forked());
            let d = measure(clocks, || {
                for (i, &t) in toks[n_prefill..].iter().enumerate() {
                    m.forward(t, n_prefill + i).expect("forward");
                }
            });
            *last = m.logits().iter().map(|x| x.to_bits()).collect();
            if p.wall < run.prefill.wall {
                run.worker_share = (w1 - w0) as f64 / (f1 - f0).max(1) as f64;
                run.prefill = p;
            }
            if d.wall < run.decode.wall {
                run.decode = d;
            }
        }
    }
    for r in &runs {
        println!(
            "{{\"threads\": {}, \"prefill_tps\": {:.2}, \"decode_tps\": {:.2}, \"prefill_wall_s\": {:.4}, \"prefill_cpu_s\": {}, \"decode_wall_s\": {:.4}, \"decode_cpu_s\": {}, \"worker_share\": {:.3}}}",
            r.threads,
            n_prefill as f64 / r.prefill.wall,
            n_decode as f64 / r.decode.wall,
            r.prefill.wall,
            list(&r.prefill.cpu),
            r.decode.wall,
            list(&r.decode.cpu),
            r.worker_share
        );
    }
    let base = &runs[0];
    let speedups: Vec<String> = runs[1..]
        .iter()
        .map(|r| {
            format!(
                "\"{}_threads\": {{\"prefill\": {:.3}, \"decode\": {:.3}}}",
                r.threads,
                base.prefill.wall / r.prefill.wall,
                base.decode.wall / r.decode.wall
            )
        })
        .collect();
    let identical = logits.windows(2).all(|w| w[0] == w[1]);
    println!(
        "{{\"speedup_over_{}_thread\": {{{}}}, \"last_logits_identical\": {identical}}}",
        base.threads,
        speedups.join(", ")
    );
}
