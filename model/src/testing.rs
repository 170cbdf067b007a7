//! Test support (feature `testing`): a small GGUF writer, and random-weight Qwen3 models with a
//! vocabulary laid out as Qwen3's GGUFs lay theirs out (151,936 ids: byte tokens and merges,
//! the 26 added tokens at 151,643, `[PAD…]` rows up to the model's output width) and a
//! ChatML chat template. The files are built in memory by the tests that use them, so nothing
//! of that size is committed.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::ops::formats::quantize_q8_0;

/// GGUF metadata value types (the spec's `gguf_metadata_value_type`).
const T_U32: u32 = 4;
const T_I32: u32 = 5;
const T_F32: u32 = 6;
const T_BOOL: u32 = 7;
const T_STRING: u32 = 8;
const T_ARRAY: u32 = 9;
/// ggml tensor types.
const GGML_F32: u32 = 0;
const GGML_Q8_0: u32 = 8;
const ALIGNMENT: usize = 32;

/// A GGUF v3 file being written: metadata in insertion order, then tensor infos, then data.
#[derive(Default)]
pub struct GgufWriter {
    kv: Vec<u8>,
    n_kv: u64,
    infos: Vec<u8>,
    n_tensors: u64,
    data: Vec<u8>,
}

fn put_str(buf: &mut Vec<u8>, s: &str) {
    buf.extend((s.len() as u64).to_le_bytes());
    buf.extend(s.as_bytes());
}

impl GgufWriter {
    pub fn new() -> Self {
        Self::default()
    }

    fn key(&mut self, k: &str, ty: u32) {
        put_str(&mut self.kv, k);
        self.kv.extend(ty.to_le_bytes());
        self.n_kv += 1;
    }

    pub fn u32(&mut self, k: &str, v: u32) -> &mut Self {
        self.key(k, T_U32);
        self.kv.extend(v.to_le_bytes());
        self
    }

    pub fn f32(&mut self, k: &str, v: f32) -> &mut Self {
        self.key(k, T_F32);
        self.kv.extend(v.to_le_bytes());
        self
    }

    pub fn bool(&mut self, k: &str, v: bool) -> &mut Self {
        self.key(k, T_BOOL);
        self.kv.push(v as u8);
        self
    }

    pub fn str(&mut self, k: &str, v: &str) -> &mut Self {
        self.key(k, T_STRING);
        put_str(&mut self.kv, v);
        self
    }

    pub fn strs<S: AsRef<str>>(&mut self, k: &str, v: &[S]) -> &mut Self {
        self.key(k, T_ARRAY);
        self.kv.extend(T_STRING.to_le_bytes());
        self.kv.extend((v.len() as u64).to_le_bytes());
        for s in v {
            put_str(&mut self.kv, s.as_ref());
        }
        self
    }

    pub fn i32s(&mut self, k: &str, v: &[i32]) -> &mut Self {
        self.key(k, T_ARRAY);
        self.kv.extend(T_I32.to_le_bytes());
        self.kv.extend((v.len() as u64).to_le_bytes());
        for x in v {
            self.kv.extend(x.to_le_bytes());
        }
        self
    }

    fn tensor(&mut self, name: &str, dims: &[u64], ty: u32, bytes: &[u8]) {
        let offset = self.data.len().next_multiple_of(ALIGNMENT);
        self.data.resize(offset, 0);
        self.data.extend_from_slice(bytes);
        put_str(&mut self.infos, name);
        self.infos.extend((dims.len() as u32).to_le_bytes());
        for d in dims {
            self.infos.extend(d.to_le_bytes());
        }
        self.infos.extend(ty.to_le_bytes());
        self.infos.extend((offset as u64).to_le_bytes());
        self.n_tensors += 1;
    }

    /// An F32 tensor; `dims` innermost first, as GGUF stores them.
    pub fn tensor_f32(&mut self, name: &str, dims: &[u64], x: &[f32]) -> &mut Self {
        let bytes: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.tensor(name, dims, GGML_F32, &bytes);
        self
    }

    /// A Q8_0 tensor quantised from `x` (`dims[0]` a multiple of 32).
    pub fn tensor_q8_0(&mut self, name: &str, dims: &[u64], x: &[f32]) -> &mut Self {
        let mut bytes = vec![0u8; x.len() / 32 * 34];
        quantize_q8_0(&mut bytes, x);
        self.tensor(name, dims, GGML_Q8_0, &bytes);
        self
    }

    pub fn finish(&self) -> Vec<u8> {
        let mut f = Vec::with_capacity(self.kv.len() + self.infos.len() + self.data.len() + 64);
        f.extend(b"GGUF");
        f.extend(3u32.to_le_bytes());
        f.extend(self.n_tensors.to_le_bytes());
        f.extend(self.n_kv.to_le_bytes());
        f.extend(&self.kv);
        f.extend(&self.infos);
        f.resize(f.len().next_multiple_of(ALIGNMENT), 0);
        f.extend(&self.data);
        f
    }
}

/// Qwen3's output width and the id of its first added token (`<|endoftext|>`).
pub const QWEN3_VOCAB: usize = 151_936;
pub const QWEN3_FIRST_ADDED: usize = 151_643;
/// Qwen3's added tokens in id order, with the types its converted GGUFs give them (3 control,
/// 4 user-defined).
pub const QWEN3_ADDED: [(&str, i32); 26] = [
    ("<|endoftext|>", 3),
    ("<|im_start|>", 3),
    ("<|im_end|>", 3),
    ("<|object_ref_start|>", 3),
    ("<|object_ref_end|>", 3),
    ("<|box_start|>", 3),
    ("<|box_end|>", 3),
    ("<|quad_start|>", 3),
    ("<|quad_end|>", 3),
    ("<|vision_start|>", 3),
    ("<|vision_end|>", 3),
    ("<|vision_pad|>", 3),
    ("<|image_pad|>", 3),
    ("<|video_pad|>", 3),
    ("<tool_call>", 4),
    ("</tool_call>", 4),
    ("<|fim_prefix|>", 4),
    ("<|fim_middle|>", 4),
    ("<|fim_suffix|>", 4),
    ("<|fim_pad|>", 4),
    ("<|repo_name|>", 4),
    ("<|file_sep|>", 4),
    ("<tool_response>", 4),
    ("</tool_response>", 4),
    ("<think>", 4),
    ("</think>", 4),
];

/// A ChatML template shaped like Qwen3's (system and user turns, the generation prompt, and the
/// empty think block `enable_thinking=false` writes); written for these tests.
pub const QWEN3_STYLE_TEMPLATE: &str = "{%- for message in messages %}\
{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}\
{%- endfor %}\
{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}\
{%- if enable_thinking is defined and enable_thinking is false %}\
{{- '<think>\\n\\n</think>\\n\\n' }}{%- endif %}{%- endif %}";

/// The shape of a random-weight Qwen3 model.
#[derive(Clone, Debug)]
pub struct Qwen3Spec<'a> {
    pub name: &'a str,
    pub dim: usize,
    pub n_layers: usize,
    pub n_heads: usize,
    pub n_kv_heads: usize,
    pub head_dim: usize,
    pub ff: usize,
    pub context: u32,
    /// Words the vocabulary spells as whole tokens (with and without a leading space), before
    /// the filler merges; e.g. the command language's words.
    pub words: &'a [&'a str],
    /// `tokenizer.chat_template`, if any.
    pub chat_template: Option<&'a str>,
    pub seed: u64,
}

impl Default for Qwen3Spec<'_> {
    fn default() -> Self {
        Qwen3Spec {
            name: "random qwen3-vocab test model",
            dim: 64,
            n_layers: 1,
            n_heads: 4,
            n_kv_heads: 2,
            head_dim: 16,
            ff: 128,
            context: 40_960,
            words: &[],
            chat_template: Some(QWEN3_STYLE_TEMPLATE),
            seed: 1,
        }
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Roughly uniform in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// GPT-2's byte-to-character map, as byte-level BPE vocabularies store their tokens.
fn byte_char(b: u8) -> char {
    let printable = matches!(b, b'!'..=b'~' | 0xa1..=0xac | 0xae..=0xff);
    if printable {
        return b as char;
    }
    let below = (0..b)
        .filter(|&c| !matches!(c, b'!'..=b'~' | 0xa1..=0xac | 0xae..=0xff))
        .count() as u32;
    char::from_u32(256 + below).unwrap_or('?')
}

fn encode_bytes(s: &[u8]) -> String {
    s.iter().map(|&b| byte_char(b)).collect()
}

/// Merges built so far, and the BPE they define.
#[derive(Default)]
struct Merges {
    rank: hashbrown::HashMap<(String, String), usize>,
    list: Vec<String>,
}

impl Merges {
    /// The pieces byte-level BPE splits `word` (GGUF text, one char per byte) into.
    fn split(&self, word: &str) -> Vec<String> {
        let mut parts: Vec<String> = word.chars().map(String::from).collect();
        loop {
            let best = (0..parts.len().saturating_sub(1))
                .filter_map(|i| {
                    let key = (parts[i].clone(), parts[i + 1].clone());
                    self.rank.get(&key).map(|&r| (r, i))
                })
                .min();
            let Some((_, i)) = best else { return parts };
            let right = parts.remove(i + 1);
            parts[i].push_str(&right);
        }
    }

    fn add(&mut self, a: &str, b: &str) {
        self.rank
            .insert((String::from(a), String::from(b)), self.list.len());
        self.list.push(format!("{a} {b}"));
    }
}

/// Tokens (GGUF text), types and merges of a Qwen3-laid-out vocabulary.
pub fn qwen3_vocab(words: &[&str], seed: u64) -> (Vec<String>, Vec<i32>, Vec<String>) {
    let mut tokens: Vec<String> = (0..=255u8).map(|b| encode_bytes(&[b])).collect();
    let mut merges = Merges::default();
    let mut known: hashbrown::HashSet<String> = tokens.iter().cloned().collect();
    // A word becomes one token through merges appended after every existing one: BPE applies
    // the older (lower-rank) merges first, so the new ones join what they leave, left to right.
    let mut add_word = |w: &[u8], tokens: &mut Vec<String>| {
        let mut parts = merges.split(&encode_bytes(w));
        while parts.len() > 1 && tokens.len() < QWEN3_FIRST_ADDED {
            let right = parts.remove(1);
            merges.add(&parts[0], &right);
            parts[0].push_str(&right);
            if known.insert(parts[0].clone()) {
                tokens.push(parts[0].clone());
            }
        }
    };
    for w in words {
        add_word(w.as_bytes(), &mut tokens);
        add_word(format!(" {w}").as_bytes(), &mut tokens);
    }
    let mut rng = Rng(seed | 1);
    let letters = b"etaoinshrdlcumwfgypbvkjxqz";
    while tokens.len() < QWEN3_FIRST_ADDED {
        let n = 2 + rng.below(8);
        let mut w: Vec<u8> = Vec::with_capacity(n + 1);
        if rng.below(2) == 0 {
            w.push(b' ');
        }
        w.extend((0..n).map(|_| letters[rng.below(26).min(rng.below(26))]));
        if rng.below(5) == 0 {
            let first = usize::from(w[0] == b' ');
            w[first] = w[first].to_ascii_uppercase();
        }
        add_word(&w, &mut tokens);
    }
    let mut types = vec![1i32; tokens.len()];
    for (t, ty) in QWEN3_ADDED {
        tokens.push(t.into());
        types.push(ty);
    }
    while tokens.len() < QWEN3_VOCAB {
        tokens.push(format!("[PAD{}]", tokens.len()));
        types.push(5);
    }
    (tokens, types, merges.list)
}

/// A random-weight Qwen3 model over [`qwen3_vocab`], tied embeddings: matrices Q8_0, norms F32.
pub fn qwen3_vocab_model(spec: &Qwen3Spec<'_>) -> Vec<u8> {
    let (tokens, types, merges) = qwen3_vocab(spec.words, spec.seed);
    let id = |t: &str| QWEN3_FIRST_ADDED + QWEN3_ADDED.iter().position(|a| a.0 == t).unwrap_or(0);
    let mut w = GgufWriter::new();
    w.str("general.architecture", "qwen3")
        .str("general.name", spec.name)
        .u32("general.file_type", 7)
        .u32("qwen3.context_length", spec.context)
        .u32("qwen3.embedding_length", spec.dim as u32)
        .u32("qwen3.block_count", spec.n_layers as u32)
        .u32("qwen3.feed_forward_length", spec.ff as u32)
        .u32("qwen3.attention.head_count", spec.n_heads as u32)
        .u32("qwen3.attention.head_count_kv", spec.n_kv_heads as u32)
        .u32("qwen3.attention.key_length", spec.head_dim as u32)
        .u32("qwen3.attention.value_length", spec.head_dim as u32)
        .u32("qwen3.rope.dimension_count", spec.head_dim as u32)
        .f32("qwen3.rope.freq_base", 1_000_000.0)
        .f32("qwen3.attention.layer_norm_rms_epsilon", 1e-6)
        .str("tokenizer.ggml.model", "gpt2")
        .str("tokenizer.ggml.pre", "qwen2")
        .strs("tokenizer.ggml.tokens", &tokens)
        .i32s("tokenizer.ggml.token_type", &types)
        .strs("tokenizer.ggml.merges", &merges)
        .u32("tokenizer.ggml.eos_token_id", id("<|im_end|>") as u32)
        .u32(
            "tokenizer.ggml.padding_token_id",
            id("<|endoftext|>") as u32,
        )
        .u32("tokenizer.ggml.bos_token_id", id("<|endoftext|>") as u32)
        .bool("tokenizer.ggml.add_bos_token", false);
    if let Some(t) = spec.chat_template {
        w.str("tokenizer.chat_template", t);
    }
    let mut rng = Rng(spec.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut mat = |w: &mut GgufWriter, name: &str, rows: usize, cols: usize, scale: f32| {
        let s = scale / kmath::sqrtf(cols as f32) * 1.7;
        let x: Vec<f32> = (0..rows * cols).map(|_| rng.unit() * s).collect();
        w.tensor_q8_0(name, &[cols as u64, rows as u64], &x);
    };
    let norm = |w: &mut GgufWriter, name: &str, n: usize| {
        w.tensor_f32(name, &[n as u64], &vec![1.0; n]);
    };
    let (d, hd) = (spec.dim, spec.head_dim);
    mat(
        &mut w,
        "token_embd.weight",
        QWEN3_VOCAB,
        d,
        kmath::sqrtf(d as f32),
    );
    norm(&mut w, "output_norm.weight", d);
    for l in 0..spec.n_layers {
        let p = |t: &str| format!("blk.{l}.{t}");
        norm(&mut w, &p("attn_norm.weight"), d);
        mat(&mut w, &p("attn_q.weight"), spec.n_heads * hd, d, 1.0);
        mat(&mut w, &p("attn_k.weight"), spec.n_kv_heads * hd, d, 1.0);
        mat(&mut w, &p("attn_v.weight"), spec.n_kv_heads * hd, d, 1.0);
        norm(&mut w, &p("attn_q_norm.weight"), hd);
        norm(&mut w, &p("attn_k_norm.weight"), hd);
        mat(&mut w, &p("attn_output.weight"), d, spec.n_heads * hd, 1.0);
        norm(&mut w, &p("ffn_norm.weight"), d);
        mat(&mut w, &p("ffn_gate.weight"), spec.ff, d, 1.0);
        mat(&mut w, &p("ffn_up.weight"), spec.ff, d, 1.0);
        mat(&mut w, &p("ffn_down.weight"), d, spec.ff, 1.0);
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::{TokenType, Tokenizer};
    use crate::{Gguf, Transformer};

    #[test]
    fn a_qwen3_vocab_model_loads_and_runs() {
        let words = ["ls", "cat", "/NOTES.TXT"];
        let bytes = qwen3_vocab_model(&Qwen3Spec {
            words: &words,
            ..Qwen3Spec::default()
        });
        let g = Gguf::parse(&bytes).unwrap();
        let tok = Tokenizer::from_gguf(&g).unwrap();
        assert_eq!(tok.vocab_size(), QWEN3_VOCAB);
        assert_eq!(tok.token_id("<|im_start|>"), Some(151_644));
        assert_eq!(tok.token_type(151_644), Some(TokenType::Control));
        assert_eq!(
            tok.token_type(QWEN3_VOCAB as u32 - 1),
            Some(TokenType::Unused)
        );
        // Declared words are one token each.
        assert_eq!(tok.encode("cat", false).len(), 1);
        assert_eq!(tok.encode(" cat", false).len(), 1);
        let text = "cat /NOTES.TXT, then ls";
        assert_eq!(
            tok.decode(&tok.encode(text, false)).unwrap(),
            text.as_bytes()
        );
        let mut m = Transformer::new(&g, Some(16)).unwrap();
        assert_eq!(m.config.vocab, QWEN3_VOCAB);
        let logits = m.prefill(&tok.encode(text, false), 0).unwrap();
        assert!(logits.iter().all(|v| v.is_finite()));
        let spread = logits.iter().fold(0.0f32, |a, v| a.max(v.abs()));
        assert!(spread > 0.1, "random weights give varied logits ({spread})");
    }

    #[test]
    fn a_prompt_prefilled_in_two_calls_gives_the_numbers_of_one() {
        // What lets the request path keep a prompt's shared prefix in the KV cache: a token's
        // result does not depend on how the prompt was cut into calls. 33 tokens whole is a
        // batch of 32 and a lone token unless the batching avoids it (`prefill_chunk`); the
        // lone token would take the one-row kernels, which round F32 and F16 products
        // differently from the four-row ones (by 9e-6 and 2e-7 here without it).
        for f in ["qwen3-f32-gqa2", "qwen3-f16", "qwen3-q4_k_m"] {
            let path = std::format!("{}/fixtures/parity/{f}.gguf", env!("CARGO_MANIFEST_DIR"));
            let bytes = std::fs::read(path).unwrap();
            let g = Gguf::parse(&bytes).unwrap();
            let tokens: Vec<u32> = (0..33u32).map(|i| (i * 37 + 13) % 290).collect();
            let mut whole = Transformer::new(&g, Some(64)).unwrap();
            let a = whole.prefill(&tokens, 0).unwrap().to_vec();
            let mut split = Transformer::new(&g, Some(64)).unwrap();
            split.prefill(&tokens[..30], 0).unwrap();
            let b = split.prefill(&tokens[30..], 30).unwrap().to_vec();
            assert!(a == b, "{f}: logits differ by {}", max_diff(&a, &b));
            assert!(whole.hidden() == split.hidden(), "{f}");
        }
    }

    fn max_diff(a: &[f32], b: &[f32]) -> f32 {
        a.iter().zip(b).fold(0.0, |m, (x, y)| m.max((x - y).abs()))
    }

    #[test]
    fn the_state_size_is_what_is_allocated() {
        let bytes = qwen3_vocab_model(&Qwen3Spec::default());
        let g = Gguf::parse(&bytes).unwrap();
        let m = Transformer::new(&g, Some(100)).unwrap();
        let c = &m.config;
        // 1 layer × 100 positions × (2 kv heads × 16) for keys and for values, f32.
        assert_eq!(c.kv_cache_bytes(), 100 * 2 * 32 * 4);
        let more = Transformer::new(&g, Some(200)).unwrap();
        assert_eq!(
            more.state_bytes() - m.state_bytes(),
            c.kv_cache_bytes() + 100 * 4 * crate::model::DEFAULT_BATCH,
            "another 100 positions: their keys, values and each batch token's attention scores"
        );
        assert!(
            m.state_bytes() > QWEN3_VOCAB * 4,
            "the logits are part of it"
        );
    }
}
