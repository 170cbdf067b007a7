//! The same numbers on any number of cores: every fixture model, both kernel families, run on
//! the caller alone and on pools of 1, 2 and 3 worker threads, must give the same logits and
//! hidden states bit for bit (prefill over two batches, decode, all-position logits).

use crate::gguf::Gguf;
use crate::model::Transformer;
use crate::ops::Simd;
use pool::{Pool, ThreadPool};
use std::vec::Vec;

const FIXTURES: &[&str] = &[
    "llama-f32",
    "qwen3-f32-gqa2",
    "qwen3-f32-gqa6-hd32",
    "qwen3-f32-mha-hd64",
    "qwen3-f16",
    "qwen3-bf16",
    "qwen3-q8_0",
    "qwen3-q4_0",
    "qwen3-q4_1",
    "qwen3-q5_0",
    "qwen3-q5_1",
    "qwen3-q2_k",
    "qwen3-q3_k",
    "qwen3-q4_k_m",
    "qwen3-q6_k",
    "default",
];

fn gguf_bytes(name: &str) -> Vec<u8> {
    let path = if name == "default" {
        concat!(env!("CARGO_MANIFEST_DIR"), "/default/nosys.gguf").to_string()
    } else {
        format!("{}/fixtures/parity/{name}.gguf", env!("CARGO_MANIFEST_DIR"))
    };
    std::fs::read(path).expect("fixture gguf")
}

/// Every number a run produces, as bit patterns.
fn run(bytes: &[u8], kernels: Simd, pool: &Pool) -> Vec<u32> {
    let g = Gguf::parse(bytes).expect("parse");
    let mut out = Vec::new();
    let bits = |v: &[f32], out: &mut Vec<u32>| out.extend(v.iter().map(|x| x.to_bits()));
    let mut m = Transformer::with_batch(&g, Some(32), 16).expect("load");
    m.set_kernels(kernels);
    m.set_pool(pool);
    let vocab = m.config.vocab;
    let toks: Vec<u32> = (0..24).map(|i| ((i * 7919 + 13) % vocab) as u32).collect();
    // 21 prompt tokens: a full batch of 16, then 5; then three decoded.
    bits(m.prefill(&toks[..21], 0).expect("prefill"), &mut out);
    bits(m.hidden(), &mut out);
    for (i, &t) in toks[21..].iter().enumerate() {
        bits(m.forward(t, 21 + i).expect("forward"), &mut out);
    }
    let mut all = std::vec![0.0; 10 * vocab];
    let mut m = Transformer::with_batch(&g, Some(32), 8).expect("load");
    m.set_kernels(kernels);
    m.set_pool(pool);
    m.prefill_all_logits(&toks[..10], 0, &mut all)
        .expect("all logits");
    bits(&all, &mut out);
    bits(
        m.prefill_hidden(&toks[10..16], 10).expect("hidden"),
        &mut out,
    );
    out
}

fn first_difference(name: &str, kernels: Simd, pools: &[(&str, &Pool)]) -> Option<String> {
    let bytes = gguf_bytes(name);
    let one = run(&bytes, kernels, pool::serial());
    for (label, p) in pools {
        let got = run(&bytes, kernels, p);
        assert_eq!(got.len(), one.len());
        if let Some(i) = got.iter().zip(&one).position(|(a, b)| a != b) {
            return Some(std::format!(
                "{name} {kernels:?} on {label}: value {i} is {} on one core, {} here",
                f32::from_bits(one[i]),
                f32::from_bits(got[i])
            ));
        }
    }
    None
}

/// One test, not two: the bug switch is global and would leak into a test running beside it.
#[test]
fn every_core_count_gives_the_one_core_numbers() {
    let pools = [ThreadPool::new(1), ThreadPool::new(2), ThreadPool::new(3)];
    let labels = ["1 worker", "2 workers", "3 workers"];
    let pools: Vec<(&str, &Pool)> = labels
        .iter()
        .copied()
        .zip(pools.iter().map(|p| p.pool()))
        .collect();
    for name in FIXTURES {
        for kernels in [Simd::Avx2, Simd::Portable] {
            if let Some(d) = first_difference(name, kernels, &pools) {
                panic!("{d}");
            }
        }
    }
    // A worker that is late for a fork gets no part of it, so the comparison above would also
    // pass if no worker ever ran anything: check that they did.
    for (label, p) in &pools {
        assert!(
            p.chunks_by_workers() > 0,
            "the workers of {label} never ran a chunk"
        );
    }
    a_core_on_other_kernels_would_be_caught(pools[1].1);
}

/// The check above can fail: when the workers compute their rows with the portable kernels,
/// as a core whose SIMD state differed from the boot CPU's would, the numbers change.
fn a_core_on_other_kernels_would_be_caught(pool: &Pool) {
    if crate::ops::simd() != Simd::Avx2 {
        return;
    }
    let pools = [("2 workers, workers on portable kernels", pool)];
    crate::ops::WORKERS_PORTABLE.store(true, core::sync::atomic::Ordering::Relaxed);
    let caught = FIXTURES
        .iter()
        .filter(|name| first_difference(name, Simd::Avx2, &pools).is_some())
        .count();
    crate::ops::WORKERS_PORTABLE.store(false, core::sync::atomic::Ordering::Relaxed);
    std::eprintln!(
        "workers on the portable kernels changed the numbers of {caught} of {} fixtures",
        FIXTURES.len()
    );
    assert!(caught > 0, "no fixture noticed workers on other kernels");
}
