//! Parity with llama.cpp: logits at every position of 20 prompts per model, recorded by
//! `model/scripts/make_parity_fixtures.py` into `model/fixtures/parity/`.

use crate::gguf::Gguf;
use crate::model::{TestSwitches, Transformer};
use std::vec::Vec;

struct Prompt {
    tokens: Vec<u32>,
    /// (tokens × vocab)
    logits: Vec<f32>,
}

struct Fixture {
    gguf: Vec<u8>,
    vocab: usize,
    prompts: Vec<Prompt>,
}

fn load(name: &str) -> Fixture {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/parity/");
    let gguf = std::fs::read(format!("{dir}{name}.gguf")).expect("fixture gguf");
    let raw = std::fs::read(format!("{dir}{name}.logits")).expect("fixture logits");
    let u32_at = |o: usize| u32::from_le_bytes(raw[o..o + 4].try_into().unwrap());
    assert_eq!(&raw[..4], b"NSPL");
    assert_eq!(u32_at(4), 1);
    let vocab = u32_at(8) as usize;
    let n = u32_at(12) as usize;
    let mut o = 16;
    let mut prompts = Vec::new();
    for _ in 0..n {
        let len = u32_at(o) as usize;
        o += 4;
        let tokens: Vec<u32> = (0..len).map(|i| u32_at(o + 4 * i)).collect();
        o += 4 * len;
        let logits: Vec<f32> = (0..len * vocab)
            .map(|i| f32::from_bits(u32_at(o + 4 * i)))
            .collect();
        o += 4 * len * vocab;
        prompts.push(Prompt { tokens, logits });
    }
    assert_eq!(o, raw.len());
    Fixture {
        gguf,
        vocab,
        prompts,
    }
}

/// Largest |ours − llama.cpp| over every logit of every position of every prompt, computing
/// ours both by token-at-a-time decode and by batched prefill (batch 7, so prompts span chunks).
fn max_diff(name: &str, switches: TestSwitches) -> f32 {
    let fx = load(name);
    let g = Gguf::parse(&fx.gguf).expect("parse");
    let mut worst = 0f32;
    for n_batch in [1usize, 7] {
        let mut m = Transformer::with_batch(&g, Some(64), n_batch).expect("load");
        m.switches = switches;
        assert_eq!(m.config.vocab, fx.vocab);
        for p in &fx.prompts {
            let v = fx.vocab;
            if n_batch == 1 {
                for (pos, &t) in p.tokens.iter().enumerate() {
                    let l = m.forward(t, pos).expect("forward");
                    for (a, b) in l.iter().zip(&p.logits[pos * v..(pos + 1) * v]) {
                        worst = worst.max((a - b).abs());
                    }
                }
            } else {
                let mut out = vec![0f32; p.tokens.len() * v];
                m.prefill_all_logits(&p.tokens, 0, &mut out).expect("prefill");
                for (a, b) in out.iter().zip(&p.logits) {
                    worst = worst.max((a - b).abs());
                }
                // The last-token API agrees with the all-positions one.
                let last = m.prefill(&p.tokens, 0).expect("prefill").to_vec();
                assert_eq!(last, out[out.len() - v..]);
            }
        }
    }
    worst
}

fn check(name: &str, tol: f32) -> f32 {
    let d = max_diff(name, TestSwitches::default());
    eprintln!("{name}: max |ours - llama.cpp| = {d:e}");
    assert!(d <= tol, "{name}: max abs logit diff {d} > {tol}");
    d
}

#[test]
fn parity_qwen3_f32_gqa2() {
    check("qwen3-f32-gqa2", 1e-3);
}

#[test]
fn parity_qwen3_f32_gqa6_hd32_untied() {
    check("qwen3-f32-gqa6-hd32", 1e-3);
}

#[test]
fn parity_qwen3_f32_mha_hd64() {
    check("qwen3-f32-mha-hd64", 1e-3);
}

#[test]
fn parity_llama_f32() {
    check("llama-f32", 1e-3);
}

#[test]
fn parity_qwen3_f16() {
    check("qwen3-f16", 1e-3);
}

#[test]
fn parity_qwen3_bf16() {
    check("qwen3-bf16", 1e-3);
}

#[test]
fn parity_qwen3_q8_0() {
    check("qwen3-q8_0", 1e-3);
}

/// Pairing dimension 2i with 2i+1 (the llama layout) on a qwen3 model must break parity.
#[test]
fn wrong_rope_pairing_fails_parity() {
    for name in ["qwen3-f32-gqa2", "qwen3-f32-gqa6-hd32"] {
        let s = TestSwitches {
            adjacent_rope: true,
            ..Default::default()
        };
        let d = max_diff(name, s);
        assert!(d > 1e-2, "{name}: adjacent RoPE went unnoticed ({d})");
    }
}

/// Dropping the per-head QK-Norm must break parity.
#[test]
fn missing_qk_norm_fails_parity() {
    for name in ["qwen3-f32-gqa2", "qwen3-f32-gqa6-hd32"] {
        let s = TestSwitches {
            no_qk_norm: true,
            ..Default::default()
        };
        let d = max_diff(name, s);
        assert!(d > 1e-2, "{name}: missing QK-Norm went unnoticed ({d})");
    }
}
