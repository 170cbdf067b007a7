//! Unbounded mutation fuzzing of the GGUF reader and model loader.
//!
//! `cargo run -p model --features std --release --bin gguf-fuzz -- [iterations] [seed]`
//! A panic aborts with the offending input saved as `model/fixtures/gguf-corpus/crash-<seed>-<i>.bin`
//! (add it to the corpus once fixed).

use model::fuzz::{check_one, corpus, Mutator};
use std::panic;

fn main() {
    let mut args = std::env::args().skip(1);
    let iters: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let files = corpus();
    let mut m = Mutator::new(seed);
    let mut buf = Vec::new();
    let mut accepted = 0u64;
    let t0 = std::time::Instant::now();
    for i in 0..iters {
        let (_, f) = &files[(i % files.len() as u64) as usize];
        m.mutate(f, &mut buf);
        match panic::catch_unwind(|| check_one(&buf)) {
            Ok(ok) => accepted += u64::from(ok),
            Err(_) => {
                let path = format!(
                    "{}/fixtures/gguf-corpus/crash-{seed}-{i}.bin",
                    env!("CARGO_MANIFEST_DIR")
                );
                std::fs::write(&path, &buf).expect("write crash input");
                eprintln!("panic on iteration {i}; input saved to {path}");
                std::process::exit(1);
            }
        }
        if (i + 1) % 100_000 == 0 {
            eprintln!(
                "{} iterations, {accepted} loaded, {:.0?}",
                i + 1,
                t0.elapsed()
            );
        }
    }
    println!(
        "{iters} mutations, {accepted} loaded as models, no panic ({:.1?})",
        t0.elapsed()
    );
}
