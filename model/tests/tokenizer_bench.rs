//! Encode throughput, a benchmark rather than a test (it asserts no timing). Run with
//! `cargo test --release -p model --test tokenizer_bench -- --ignored --nocapture`.

use std::time::Instant;

use model::gguf::Gguf;
use model::tokenizer::Tokenizer;

fn load(name: &str) -> Tokenizer {
    let path = format!("{}/fixtures/tokenizer/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap();
    let t0 = Instant::now();
    let tok = Tokenizer::from_gguf(&Gguf::parse(&bytes).unwrap()).unwrap();
    println!(
        "{name}: built in {:.1} ms",
        t0.elapsed().as_secs_f64() * 1e3
    );
    tok
}

fn measure(label: &str, tok: &Tokenizer, text: &[u8]) {
    let mut n_tokens = 0;
    let t0 = Instant::now();
    let mut rounds = 0;
    while t0.elapsed().as_secs_f64() < 1.0 {
        n_tokens = tok.encode(text, true).len();
        rounds += 1;
    }
    let secs = t0.elapsed().as_secs_f64() / rounds as f64;
    println!(
        "{label:<28} {:>7.2} MB  {:>8} tokens  {:>7.2} MB/s  {:>6.2} Mtok/s",
        text.len() as f64 / 1e6,
        n_tokens,
        text.len() as f64 / 1e6 / secs,
        n_tokens as f64 / 1e6 / secs
    );
}

/// A Qwen-sized vocabulary (151 643 tokens and merges): the 256 byte tokens, then merges of two
/// random earlier tokens, each result a token. Only the sizes are realistic, not the text.
fn synthetic_large() -> Tokenizer {
    let chars: Vec<char> = (0..=255u8)
        .map(|b| {
            let printable = (0x21..=0x7E).contains(&b) || (0xA1..=0xAC).contains(&b) || b >= 0xAE;
            if printable {
                char::from(b)
            } else {
                let n = (0..b)
                    .filter(|&x| {
                        !((0x21..=0x7E).contains(&x) || (0xA1..=0xAC).contains(&x) || x >= 0xAE)
                    })
                    .count() as u32;
                char::from_u32(256 + n).unwrap()
            }
        })
        .collect();
    let mut tokens: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
    let mut seen: std::collections::HashSet<String> = tokens.iter().cloned().collect();
    let mut merges = Vec::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    // Favour ASCII letters and the space so English text finds long merges.
    let common: Vec<usize> = b" etaoinshrdlucmfwypvbgkjqxz"
        .iter()
        .map(|&b| b as usize)
        .collect();
    while tokens.len() < 151_643 {
        let pick = |r: u64| -> usize {
            if r.is_multiple_of(4) {
                common[(r >> 8) as usize % common.len()]
            } else {
                (r >> 8) as usize % tokens.len()
            }
        };
        let (l, r) = (pick(next()), pick(next()));
        let joined = format!("{}{}", tokens[l], tokens[r]);
        if joined.chars().count() > 16 || !seen.insert(joined.clone()) {
            continue;
        }
        merges.push(format!("{} {}", tokens[l], tokens[r]));
        tokens.push(joined);
    }
    let mut best = f64::MAX;
    let mut tok = None;
    for _ in 0..3 {
        let t0 = Instant::now();
        tok = Some(Tokenizer::new(&tokens, &[], &merges, "qwen2", Default::default()).unwrap());
        best = best.min(t0.elapsed().as_secs_f64());
    }
    println!(
        "synthetic: {} tokens, {} merges, built in {:.1} ms (best of 3)",
        tokens.len(),
        merges.len(),
        best * 1e3
    );
    tok.unwrap()
}

#[test]
#[ignore = "benchmark: run with --ignored --nocapture in release"]
fn encode_throughput() {
    let big = synthetic_large();
    let english =
        "The kernel's shell asks the model, which answers with a command. ".repeat(16_000);
    measure("synthetic 151k english", &big, english.as_bytes());
    let corpus = std::fs::read(format!(
        "{}/fixtures/tokenizer/corpus.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for name in ["vocab_qwen2.gguf", "vocab_gpt2.gguf"] {
        let tok = load(name);
        measure(&format!("{name} corpus"), &tok, &corpus);
        let english =
            "The kernel's shell asks the model, which answers with a command. ".repeat(16_000);
        measure(&format!("{name} english"), &tok, english.as_bytes());
        measure(
            &format!("{name} one 1MB word"),
            &tok,
            "a".repeat(1 << 20).as_bytes(),
        );
    }
}
