//! Mutation fuzzing of the GGUF reader and model loader, shared by the bounded test
//! (`gguf_tests::mutation_fuzz_50k`) and the unbounded `gguf-fuzz` binary.
//!
//! Host-only (needs `std` to read the corpus); not part of the model API.

use crate::gguf::Gguf;
use crate::model::Transformer;
use crate::sampler::{NoMask, Sampler, SamplerConfig};
use alloc::string::String;
use alloc::vec::Vec;

/// The committed seed files: `model/fixtures/gguf-corpus/*.gguf`, sorted by name.
pub fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/gguf-corpus");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "gguf"))
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy().into();
            (name, std::fs::read(&p).expect("corpus file"))
        })
        .collect();
    out.sort();
    out
}

/// Parse `bytes`; if that works, load a model; if that works, run a few tokens and sample.
/// Returns whether the model loaded. Any panic in here is a bug.
pub fn check_one(bytes: &[u8]) -> bool {
    let Ok(g) = Gguf::parse(bytes) else {
        return false;
    };
    // Walk everything the parser handed out, so lazily-read arrays are exercised too.
    for (_, v) in g.metadata() {
        if let Some(a) = v.as_array() {
            let n = a.iter().count();
            assert_eq!(n, a.len());
        }
    }
    let Ok(mut m) = Transformer::with_batch(&g, Some(8), 3) else {
        return false;
    };
    let vocab = m.config.vocab as u32;
    let toks = [0, vocab / 2, vocab - 1, 1 % vocab];
    let mut s = Sampler::new(vocab as usize, SamplerConfig::default());
    if let Ok(l) = m.forward(toks[0], 0) {
        let _ = s.sample(l, &mut NoMask);
    }
    let _ = m.prefill(&toks, 1);
    let _ = m.forward(vocab, 0);
    let _ = m.forward(0, 8);
    true
}

/// Byte-level mutations biased towards the header, where the reader's decisions are.
pub struct Mutator(u64);

impl Mutator {
    pub fn new(seed: u64) -> Self {
        Self(seed | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// A position, most often inside the first `HEAD` bytes (header, metadata, tensor infos).
    fn pos(&mut self, len: usize) -> usize {
        const HEAD: usize = 6000;
        if !self.next().is_multiple_of(4) {
            self.below(len.min(HEAD))
        } else {
            self.below(len)
        }
    }

    /// Write a mutated copy of `seed` into `out`.
    pub fn mutate(&mut self, seed: &[u8], out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(seed);
        let rounds = 1 + self.below(3);
        for _ in 0..rounds {
            let len = out.len();
            match self.below(7) {
                0 | 1 => {
                    let p = self.pos(len);
                    if p < len {
                        out[p] ^= 1 << self.below(8);
                    }
                }
                2 => {
                    let p = self.pos(len);
                    let v: u64 = match self.below(8) {
                        0 => 0,
                        1 => 1,
                        2 => u64::MAX,
                        3 => 1 << 63,
                        4 => 1 << 32,
                        5 => len as u64,
                        6 => self.next() % 64,
                        _ => self.next(),
                    };
                    let w = [1usize, 2, 4, 8][self.below(4)];
                    for (i, b) in v.to_le_bytes().iter().take(w).enumerate() {
                        if p + i < len {
                            out[p + i] = *b;
                        }
                    }
                }
                3 => {
                    let n = self.below(len + 1);
                    out.truncate(n);
                }
                4 => {
                    let p = self.pos(len);
                    let n = 1 + self.below(16);
                    for _ in 0..n {
                        let b = self.next() as u8;
                        out.insert(p.min(out.len()), b);
                    }
                }
                5 => {
                    let p = self.pos(len);
                    let n = (1 + self.below(16)).min(len - p.min(len));
                    out.drain(p..p + n);
                }
                _ => {
                    // Copy a chunk of the file over another place (duplicated names, counts).
                    let a = self.pos(len);
                    let b = self.pos(len);
                    let n = self.below(64).min(len.saturating_sub(a.max(b)));
                    out.copy_within(a..a + n, b);
                }
            }
        }
    }
}
