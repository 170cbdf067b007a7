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

#[test]
#[ignore = "benchmark: run with --ignored --nocapture in release"]
fn encode_throughput() {
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
