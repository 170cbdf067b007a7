//! Greedy decoding through model/, the inference code that ships in the
//! kernel, on the exported GGUF: the evaluation that counts. The candle path
//! in main.rs is the trainer's view of the same weights.

use model::tokenizer::Tokenizer;
use model::{Gguf, Transformer};
use std::error::Error;
use std::path::Path;

/// Greedy completions of `requests` and the mean seconds per request.
pub fn greedy(gguf_path: &Path, requests: &[String]) -> Result<(Vec<String>, f64), Box<dyn Error>> {
    let bytes = std::fs::read(gguf_path).map_err(|e| format!("{}: {e}", gguf_path.display()))?;
    let g = Gguf::parse(&bytes).map_err(|e| format!("{}: {e}", gguf_path.display()))?;
    let tok = Tokenizer::from_gguf(&g).map_err(|e| format!("tokenizer: {e}"))?;
    let mut tf = Transformer::new(&g, None).map_err(|e| format!("model: {e}"))?;
    let context = 128;
    let start = std::time::Instant::now();
    let mut out = Vec::with_capacity(requests.len());
    for r in requests {
        let prompt = tok.encode(corpus::prompt(r), true);
        if prompt.len() >= context {
            out.push(String::new());
            continue;
        }
        let mut logits = tf
            .prefill(&prompt, 0)
            .map_err(|e| format!("model: {e}"))?
            .to_vec();
        let mut gen = Vec::new();
        for pos in prompt.len()..context {
            let next = argmax(&logits);
            if tok.is_eog(next) {
                break;
            }
            gen.push(next);
            logits = tf
                .forward(next, pos)
                .map_err(|e| format!("model: {e}"))?
                .to_vec();
        }
        out.push(
            tok.decode_lossy(&gen)
                .map_err(|e| format!("tokenizer: {e}"))?,
        );
    }
    let per = start.elapsed().as_secs_f64() / requests.len().max(1) as f64;
    Ok((out, per))
}

fn argmax(v: &[f32]) -> u32 {
    let mut best = 0;
    for (i, &x) in v.iter().enumerate() {
        if x > v[best] {
            best = i;
        }
    }
    best as u32
}

/// Logits at every position of `ids` through model/, row-major
/// (`ids.len() x vocab`), for the three-way parity check.
pub fn all_logits(gguf_path: &Path, ids: &[u32]) -> Result<Vec<Vec<f32>>, Box<dyn Error>> {
    let bytes = std::fs::read(gguf_path).map_err(|e| format!("{}: {e}", gguf_path.display()))?;
    let g = Gguf::parse(&bytes).map_err(|e| format!("{}: {e}", gguf_path.display()))?;
    let mut tf = Transformer::new(&g, None).map_err(|e| format!("model: {e}"))?;
    let vocab = tf.logits().len();
    let mut out = vec![0.0; ids.len() * vocab];
    tf.prefill_all_logits(ids, 0, &mut out)
        .map_err(|e| format!("model: {e}"))?;
    Ok(out.chunks(vocab).map(<[f32]>::to_vec).collect())
}
