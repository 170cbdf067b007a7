//! Parity with llama.cpp: logits at every position of 20 prompts per model, recorded by
//! `model/scripts/make_parity_fixtures.py` into `model/fixtures/parity/`.

use crate::gguf::Gguf;
use crate::model::{TestSwitches, Transformer};
use crate::ops::Simd;
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
    // The shipped default model is not copied into the fixtures: its logits
    // are (model/scripts/default_model_fixture.py).
    // An absolute path names a fixture outside the tree (the one-off Qwen3-0.6B check).
    let dir = if name.starts_with('/') { "" } else { dir };
    let gguf_path = if name == "default" {
        concat!(env!("CARGO_MANIFEST_DIR"), "/default/nosys.gguf").to_string()
    } else {
        format!("{dir}{name}.gguf")
    };
    let gguf = std::fs::read(gguf_path).expect("fixture gguf");
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

/// How far our logits are from llama.cpp's.
#[derive(Debug)]
struct Diff {
    /// Largest |ours − llama.cpp| over every logit of every position of every prompt.
    max: f32,
    /// Positions (prompt × token × {decode, prefill}) whose largest difference exceeds 1e-3.
    positions_over_1e3: usize,
    positions: usize,
}

/// Compare every logit at every position, computing ours both by token-at-a-time decode and by
/// batched prefill (batch 7, so prompts span several chunks).
fn diff(name: &str, switches: TestSwitches) -> Diff {
    diff_on(name, switches, crate::ops::simd())
}

fn diff_on(name: &str, switches: TestSwitches, kernels: Simd) -> Diff {
    let fx = load(name);
    let g = Gguf::parse(&fx.gguf).expect("parse");
    let mut worst = 0f32;
    let (mut over, mut positions) = (0, 0);
    let mut note = |ours: &[f32], theirs: &[f32], worst: &mut f32| {
        let d = ours
            .iter()
            .zip(theirs)
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        *worst = worst.max(d);
        positions += 1;
        over += usize::from(d > 1e-3);
    };
    for n_batch in [1usize, 7] {
        let mut m = Transformer::with_batch(&g, Some(64), n_batch).expect("load");
        m.inject(switches);
        m.set_kernels(kernels);
        assert_eq!(m.config.vocab, fx.vocab);
        for p in &fx.prompts {
            let v = fx.vocab;
            if n_batch == 1 {
                for (pos, &t) in p.tokens.iter().enumerate() {
                    let l = m.forward(t, pos).expect("forward");
                    note(l, &p.logits[pos * v..(pos + 1) * v], &mut worst);
                }
            } else {
                let mut out = vec![0f32; p.tokens.len() * v];
                m.prefill_all_logits(&p.tokens, 0, &mut out)
                    .expect("prefill");
                for (o, t) in out.chunks(v).zip(p.logits.chunks(v)) {
                    note(o, t, &mut worst);
                }
                // The last-token API agrees with the all-positions one exactly (see
                // `prefill_matches_decode_bit_for_bit`).
                let last = m.prefill(&p.tokens, 0).expect("prefill").to_vec();
                assert!(
                    last == out[out.len() - v..],
                    "prefill vs prefill_all_logits"
                );
            }
        }
    }
    Diff {
        max: worst,
        positions_over_1e3: over,
        positions,
    }
}

/// F32 weights: every logit within 1e-3.
fn check(name: &str) {
    let d = diff(name, TestSwitches::default());
    eprintln!("{name}: {d:?}");
    assert!(d.max <= 1e-3, "{name}: {d:?}");
}

/// F16/BF16/Q8_0 weights: llama.cpp rounds each activation vector to the weight's format before
/// the dot product (and so do we). Our f32 sums differ from its in the last bit (other SIMD
/// widths, other summation order); once in a while that flips the rounding of one activation by a
/// whole f16/bf16/int8 step, and the KV cache carries the step to later positions. So most
/// positions match within 1e-3, and the rest stay within `max` (measured, see docs/model.md).
fn check_quantized(name: &str, max: f32, max_share_over: f32) {
    let d = diff(name, TestSwitches::default());
    eprintln!("{name}: {d:?}");
    assert!(d.max <= max, "{name}: {d:?}");
    let share = d.positions_over_1e3 as f32 / d.positions as f32;
    assert!(share <= max_share_over, "{name}: {d:?}");
}

/// The model the ISO ships, on 20 dev requests tokenized by llama.cpp.
#[test]
fn parity_default_model() {
    check("default");
}

#[test]
fn parity_qwen3_f32_gqa2() {
    check("qwen3-f32-gqa2");
}

#[test]
fn parity_qwen3_f32_gqa6_hd32_untied() {
    check("qwen3-f32-gqa6-hd32");
}

#[test]
fn parity_qwen3_f32_mha_hd64() {
    check("qwen3-f32-mha-hd64");
}

#[test]
fn parity_llama_f32() {
    check("llama-f32");
}

#[test]
fn parity_qwen3_f16() {
    check_quantized("qwen3-f16", 5e-3, 0.2);
}

#[test]
fn parity_qwen3_bf16() {
    check_quantized("qwen3-bf16", 0.2, 0.1);
}

#[test]
fn parity_qwen3_q8_0() {
    check_quantized("qwen3-q8_0", 0.5, 0.1);
}

/// The portable kernels hold the same tolerance as the SIMD ones.
#[test]
fn parity_f32_portable_kernels() {
    for name in ["qwen3-f32-gqa2", "qwen3-f32-gqa6-hd32", "llama-f32"] {
        let d = diff_on(name, TestSwitches::default(), Simd::Portable);
        eprintln!("{name} (portable): {d:?}");
        assert!(d.max <= 1e-3, "{name}: {d:?}");
    }
}

/// Every fixture's fixtures: all weight types, GQA ratios 1 to 6, tied and untied outputs.
const ALL_FIXTURES: [&str; 16] = [
    "qwen3-f32-gqa2",
    "qwen3-f32-gqa6-hd32",
    "qwen3-f32-mha-hd64",
    "llama-f32",
    "qwen3-f16",
    "qwen3-bf16",
    "qwen3-q8_0",
    "qwen3-q4_k_m",
    "qwen3-q5_k_m",
    "qwen3-q6_k",
    "qwen3-q2_k",
    "qwen3-q3_k",
    "qwen3-q4_0",
    "qwen3-q4_1",
    "qwen3-q5_0",
    "qwen3-q5_1",
];

/// Batched prefill gives exactly the logits of decoding token by token, on both kernel
/// families and at batch sizes that split prompts differently: every product computes each
/// output element in an order that depends only on its row and token (`ops/gemm.rs`), and
/// attention sums each query's keys and values in position order whatever the batch.
#[test]
fn prefill_matches_decode_bit_for_bit() {
    for name in ALL_FIXTURES {
        let fx = load(name);
        let g = Gguf::parse(&fx.gguf).expect("parse");
        let v = fx.vocab;
        for k in [crate::ops::simd(), Simd::Portable] {
            let mut one = Transformer::with_batch(&g, Some(64), 1).expect("load");
            one.set_kernels(k);
            let mut batches = [3usize, 7, 32].map(|b| {
                let mut m = Transformer::with_batch(&g, Some(64), b).expect("load");
                m.set_kernels(k);
                (b, m)
            });
            for p in fx.prompts.iter().filter(|p| p.tokens.len() > 1) {
                let mut want = vec![0f32; p.tokens.len() * v];
                for (pos, &t) in p.tokens.iter().enumerate() {
                    let l = one.forward(t, pos).expect("forward");
                    want[pos * v..(pos + 1) * v].copy_from_slice(l);
                }
                for (b, m) in batches.iter_mut() {
                    let mut got = vec![0f32; p.tokens.len() * v];
                    m.prefill_all_logits(&p.tokens, 0, &mut got)
                        .expect("prefill");
                    let differ = want
                        .iter()
                        .zip(&got)
                        .position(|(a, b)| a.to_bits() != b.to_bits());
                    assert!(
                        differ.is_none(),
                        "{name} {k:?} batch {b}: position {} differs",
                        differ.unwrap_or(0) / v
                    );
                }
            }
        }
    }
}

/// Pairing dimension 2i with 2i+1 (the llama layout) on a qwen3 model must break parity.
#[test]
fn wrong_rope_pairing_fails_parity() {
    for name in ["qwen3-f32-gqa2", "qwen3-f32-gqa6-hd32"] {
        let s = TestSwitches {
            adjacent_rope: true,
            ..Default::default()
        };
        let d = diff(name, s);
        eprintln!("{name} with adjacent RoPE: {d:?}");
        assert!(d.max > 0.1, "{name}: adjacent RoPE went unnoticed ({d:?})");
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
        let d = diff(name, s);
        eprintln!("{name} without QK-Norm: {d:?}");
        assert!(
            d.max > 0.1,
            "{name}: missing QK-Norm went unnoticed ({d:?})"
        );
    }
}

/// The router's view: `prefill_hidden` gives the same final-norm hidden state as `prefill`,
/// the logits are the output matrix times it, and a captured last layer normalises to it.
#[test]
fn hidden_state_api() {
    let fx = load("qwen3-f32-gqa6-hd32");
    let g = Gguf::parse(&fx.gguf).unwrap();
    let mut m = Transformer::with_batch(&g, Some(64), 4).unwrap();
    let toks = &fx.prompts[7].tokens;
    let logits = m.prefill(toks, 0).unwrap().to_vec();
    let h = m.hidden().to_vec();
    assert_eq!(h.len(), m.config.dim);
    let last = m.config.n_layers - 1;
    m.set_capture_layer(Some(last)).unwrap();
    let h2 = m.prefill_hidden(toks, 0).unwrap().to_vec();
    for (a, b) in h.iter().zip(&h2) {
        assert!((a - b).abs() < 1e-5);
    }
    let mut normed = vec![0f32; m.config.dim];
    crate::ops::rmsnorm(
        &mut normed,
        m.layer_hidden(),
        m.weights.output_norm,
        m.config.norm_eps,
    );
    for (a, b) in normed.iter().zip(&h) {
        assert!((a - b).abs() < 1e-5);
    }
    let mut row = vec![0f32; m.config.dim];
    for tok in [0usize, 17, 298] {
        m.weights.output.dequantize_row(tok, &mut row);
        let want: f32 = row.iter().zip(&h).map(|(a, b)| a * b).sum();
        assert!((want - logits[tok]).abs() < 1e-3);
    }
    // The expected logits of the last position come from llama.cpp.
    let v = fx.vocab;
    let theirs = &fx.prompts[7].logits[(toks.len() - 1) * v..];
    assert!(logits.iter().zip(theirs).all(|(a, b)| (a - b).abs() < 1e-3));
    assert!(m.set_capture_layer(Some(m.config.n_layers)).is_err());
}

#[test]
fn forward_rejects_bad_arguments() {
    use crate::model::ModelError;
    let fx = load("qwen3-f32-gqa2");
    let g = Gguf::parse(&fx.gguf).unwrap();
    let mut m = Transformer::with_batch(&g, Some(8), 4).unwrap();
    let v = m.config.vocab as u32;
    assert_eq!(m.forward(v, 0).err(), Some(ModelError::TokenOutOfRange(v)));
    assert_eq!(
        m.forward(1, 8).err(),
        Some(ModelError::ContextFull { pos: 9, max: 8 })
    );
    assert_eq!(
        m.prefill(&[1; 9], 0).err(),
        Some(ModelError::ContextFull { pos: 9, max: 8 })
    );
    assert_eq!(
        m.prefill(&[1, 2, 3, 4, 5, v], 0).err(),
        Some(ModelError::TokenOutOfRange(v))
    );
    assert!(m.forward(1, usize::MAX).is_err());
    assert!(m.prefill(&[], 0).is_err());
    let mut out = vec![0f32; 3];
    assert!(m.prefill_all_logits(&[1, 2], 0, &mut out).is_err());
    assert!(m.forward(1, 7).is_ok());
}

/// What each silent bug costs the shipped model: with the bug put back by
/// its test switch, the largest logit change against the correct model over
/// the prompts, and exact-command accuracy of greedy decoding on the first
/// 300 dev requests (dev, not held-out: held-out reads are rationed).
/// `cargo test --release -p model silent_bug_costs -- --ignored --nocapture`
#[test]
#[ignore = "slow: decodes 300 dev requests four times; prints a table for docs/posts/4"]
fn silent_bug_costs() {
    use crate::tokenizer::{PreTokenizer, Tokenizer};
    use std::string::String;
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let bytes = std::fs::read(format!("{root}/model/default/nosys.gguf")).unwrap();
    let g = Gguf::parse(&bytes).unwrap();
    let dev: Vec<(String, String)> = std::fs::read_to_string(format!("{root}/data/dev.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut p = l.split('\t');
            Some((p.next()?.into(), p.next()?.into()))
        })
        .take(300)
        .collect();
    let run = |switches: TestSwitches, pre: Option<PreTokenizer>| -> (usize, Vec<Vec<f32>>) {
        let mut tok = Tokenizer::from_gguf(&g).unwrap();
        if let Some(p) = pre {
            tok.test_force_pre_tokenizer(p);
        }
        let end = tok.token_id("<|end|>").unwrap();
        let mut m = Transformer::new(&g, Some(128)).unwrap();
        m.inject(switches);
        let (mut exact, mut first_logits) = (0, Vec::new());
        for (req, want) in &dev {
            let prompt = tok.encode(std::format!("<|user|>{req}<|cmd|>"), true);
            let mut logits = m.prefill(&prompt, 0).unwrap().to_vec();
            first_logits.push(logits.clone());
            let mut out = Vec::new();
            for pos in prompt.len()..120 {
                let t = crate::sampler::argmax(&logits).unwrap();
                if t == end {
                    break;
                }
                out.push(t);
                logits = m.forward(t, pos).unwrap().to_vec();
            }
            exact += usize::from(tok.decode(&out).unwrap() == want.as_bytes());
        }
        (exact, first_logits)
    };
    let (base_exact, base) = run(TestSwitches::default(), None);
    let n = dev.len() as f32;
    std::println!(
        "| bug put back | max abs logit change (first step) | exact on 300 dev | change |"
    );
    std::println!("|---|---:|---:|---:|");
    std::println!(
        "| none (shipped) | 0 | {:.1}% | |",
        100.0 * base_exact as f32 / n
    );
    for (label, sw, pre) in [
        (
            "RoPE pairs (2i, 2i+1), not (i, i+d/2)",
            TestSwitches {
                adjacent_rope: true,
                ..Default::default()
            },
            None,
        ),
        (
            "QK-Norm dropped",
            TestSwitches {
                no_qk_norm: true,
                ..Default::default()
            },
            None,
        ),
        (
            "gpt2 pre-tokenizer where qwen2 is named",
            TestSwitches::default(),
            Some(PreTokenizer::Gpt2),
        ),
    ] {
        let (exact, logits) = run(sw, pre);
        let d = logits
            .iter()
            .zip(&base)
            .map(|(a, b)| {
                a.iter()
                    .zip(b)
                    .map(|(x, y)| (x - y).abs())
                    .fold(0f32, f32::max)
            })
            .fold(0f32, f32::max);
        std::println!(
            "| {label} | {d:.2} | {:.1}% | {:+.1} points |",
            100.0 * exact as f32 / n,
            100.0 * (exact as f32 - base_exact as f32) / n
        );
    }
}

/// Block-quantized weights written by llama.cpp's own quantizer
/// (`model/scripts/make_quant_fixtures.py`), against llama.cpp's logits, with the portable and
/// the AVX2 kernels. Most positions match to 1e-6 (llama.cpp built for AVX2 sums in our AVX2
/// order); as for Q8_0, a last-bit difference now and then flips one activation's rounding by a
/// quantisation step, which moves a few positions by up to a few hundredths (docs/model.md).
fn quant_parity(name: &str, max: f32, max_share_over: f32) {
    for k in [crate::ops::simd(), Simd::Portable] {
        let d = diff_on(name, TestSwitches::default(), k);
        eprintln!("{name} ({k:?}): {d:?}");
        assert!(d.max <= max, "{name} {k:?}: {d:?}");
        let share = d.positions_over_1e3 as f32 / d.positions as f32;
        assert!(share <= max_share_over, "{name} {k:?}: {d:?}");
    }
}

#[test]
fn parity_qwen3_q4_k_m() {
    quant_parity("qwen3-q4_k_m", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q5_k_m() {
    quant_parity("qwen3-q5_k_m", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q6_k() {
    quant_parity("qwen3-q6_k", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q2_k() {
    quant_parity("qwen3-q2_k", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q3_k() {
    quant_parity("qwen3-q3_k", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q4_0() {
    quant_parity("qwen3-q4_0", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q4_1() {
    quant_parity("qwen3-q4_1", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q5_0() {
    quant_parity("qwen3-q5_0", 0.1, 0.05);
}

#[test]
fn parity_qwen3_q5_1() {
    quant_parity("qwen3-q5_1", 0.1, 0.05);
}

/// The Qwen3-0.6B shape (dim 1024, 28 layers, 16 heads of 128 over 8 KV heads, ff 3072, vocabulary
/// 151,936, tied), random weights quantised by llama.cpp to Q4_K_M, Q5_K_M, Q6_K and Q8_0. Too big
/// to commit: `python3 model/scripts/make_quant_fixtures.py --qwen3-0.6b DIR`, then
/// `NOSYS_Q06_DIR=DIR cargo test -p model --release -- --ignored --nocapture quant_parity_qwen3_0_6b`.
#[test]
#[ignore = "one-off: needs the Qwen3-0.6B-shaped files (see the doc comment)"]
fn quant_parity_qwen3_0_6b() {
    let dir = std::env::var("NOSYS_Q06_DIR").expect("NOSYS_Q06_DIR");
    for q in ["q4_k_m", "q5_k_m", "q6_k", "q8_0"] {
        let name = format!("{dir}/qwen3-0.6b-{q}");
        for k in [crate::ops::simd(), Simd::Portable] {
            let d = diff_on(&name, TestSwitches::default(), k);
            eprintln!("qwen3-0.6b-{q} ({k:?}): {d:?}");
            // Random weights over 28 layers amplify every rounding flip: llama.cpp's own
            // token-by-token logits differ from its batched ones by up to 6.9 here (logits up
            // to 250; docs/model.md), so that is the noise floor this is held to.
            assert!(d.max <= 10.0, "{name} {k:?}: {d:?}");
        }
    }
}

/// The Qwen3-1.7B shape (dim 2048, ff 6144, otherwise as 0.6B), random weights quantised by
/// llama.cpp to the Q4_K_M and Q5_K_M mixes (1.1 and 1.3 GiB). Not committed:
/// `python3 model/scripts/make_quant_fixtures.py --qwen3-1.7b DIR`, then
/// `NOSYS_Q17_DIR=DIR cargo test -p model --release -- --ignored --nocapture quant_parity_qwen3_1_7b`.
#[test]
#[ignore = "one-off: needs the Qwen3-1.7B-shaped files (see the doc comment)"]
fn quant_parity_qwen3_1_7b() {
    let dir = std::env::var("NOSYS_Q17_DIR").expect("NOSYS_Q17_DIR");
    let mut worst = Vec::new();
    for q in ["q4_k_m", "q5_k_m"] {
        let name = format!("{dir}/qwen3-1.7b-{q}");
        for k in [crate::ops::simd(), Simd::Portable] {
            let d = diff_on(&name, TestSwitches::default(), k);
            eprintln!("qwen3-1.7b-{q} ({k:?}): {d:?}");
            worst.push((name.clone(), k, d));
        }
    }
    // The same depth and chaos as 0.6B with logits twice as large (up to 535): llama.cpp's
    // own token-by-token logits differ from its batched ones by up to 10.3 on the Q4_K_M file
    // (`make_quant_fixtures.py --noise DIR`, docs/model.md). Held to 1.5 times that.
    for (name, k, d) in worst {
        assert!(d.max <= 15.0, "{name} {k:?}: {d:?}");
    }
}
