//! GGUF reader tests: hand-built malformed files, the committed corpus, and a bounded mutation
//! fuzz (the unbounded one is `cargo run -p model --features std --release --bin gguf-fuzz`).

use crate::fuzz::{check_one, corpus, Mutator};
use crate::gguf::{Gguf, GgufError, TensorType, Value};
use std::vec::Vec;

/// A minimal GGUF writer for hand-made test files.
struct Builder {
    kv: Vec<u8>,
    n_kv: u64,
    infos: Vec<u8>,
    n_tensors: u64,
    data: Vec<u8>,
    alignment: usize,
}

impl Builder {
    fn new() -> Self {
        Self {
            kv: Vec::new(),
            n_kv: 0,
            infos: Vec::new(),
            n_tensors: 0,
            data: Vec::new(),
            alignment: 32,
        }
    }
    fn s(buf: &mut Vec<u8>, s: &str) {
        buf.extend((s.len() as u64).to_le_bytes());
        buf.extend(s.as_bytes());
    }
    fn kv_u32(mut self, k: &str, v: u32) -> Self {
        Self::s(&mut self.kv, k);
        self.kv.extend(4u32.to_le_bytes());
        self.kv.extend(v.to_le_bytes());
        self.n_kv += 1;
        self
    }
    fn kv_str(mut self, k: &str, v: &str) -> Self {
        Self::s(&mut self.kv, k);
        self.kv.extend(8u32.to_le_bytes());
        Self::s(&mut self.kv, v);
        self.n_kv += 1;
        self
    }
    fn kv_strs(mut self, k: &str, v: &[&str]) -> Self {
        Self::s(&mut self.kv, k);
        self.kv.extend(9u32.to_le_bytes());
        self.kv.extend(8u32.to_le_bytes());
        self.kv.extend((v.len() as u64).to_le_bytes());
        for s in v {
            Self::s(&mut self.kv, s);
        }
        self.n_kv += 1;
        self
    }
    /// A tensor at an explicit offset (to build overlaps); data is appended as needed.
    fn tensor_at(mut self, name: &str, dims: &[u64], ty: u32, offset: u64, bytes: usize) -> Self {
        Self::s(&mut self.infos, name);
        self.infos.extend((dims.len() as u32).to_le_bytes());
        for d in dims {
            self.infos.extend(d.to_le_bytes());
        }
        self.infos.extend(ty.to_le_bytes());
        self.infos.extend(offset.to_le_bytes());
        let end = offset as usize + bytes;
        if self.data.len() < end {
            self.data.resize(end, 0);
        }
        self.n_tensors += 1;
        self
    }
    fn tensor_f32(self, name: &str, dims: &[u64]) -> Self {
        let n: u64 = dims.iter().product();
        let off = self.data.len().next_multiple_of(self.alignment) as u64;
        self.tensor_at(name, dims, 0, off, 4 * n as usize)
    }
    fn build(&self) -> Vec<u8> {
        let mut f = Vec::new();
        f.extend(b"GGUF");
        f.extend(3u32.to_le_bytes());
        f.extend(self.n_tensors.to_le_bytes());
        f.extend(self.n_kv.to_le_bytes());
        f.extend(&self.kv);
        f.extend(&self.infos);
        f.resize(f.len().next_multiple_of(self.alignment), 0);
        f.extend(&self.data);
        f
    }
}

fn ok_file() -> Builder {
    Builder::new()
        .kv_str("general.architecture", "qwen3")
        .kv_strs("tokenizer.ggml.tokens", &["a", "bc", "☃"])
        .tensor_f32("a", &[8, 2])
        .tensor_f32("b", &[3])
}

#[test]
fn parses_a_valid_file() {
    let f = ok_file().build();
    let g = Gguf::parse(&f).unwrap();
    assert_eq!(g.architecture(), Some("qwen3"));
    let toks: Vec<&str> = g
        .get_array("tokenizer.ggml.tokens")
        .unwrap()
        .strings()
        .unwrap()
        .collect();
    assert_eq!(toks, ["a", "bc", "☃"]);
    let a = g.tensor("a").unwrap();
    assert_eq!(
        (a.shape(), a.ty, a.data.len()),
        (&[8u64, 2][..], TensorType::F32, 64)
    );
    assert_eq!(g.tensor("b").unwrap().offset, 64);
    assert_eq!(g.data_offset % 32, 0);
}

#[test]
fn reads_every_value_type() {
    let mut b = Builder::new();
    let mut put = |k: &str, ty: u32, v: &[u8]| {
        Builder::s(&mut b.kv, k);
        b.kv.extend(ty.to_le_bytes());
        b.kv.extend(v);
        b.n_kv += 1;
    };
    put("u8", 0, &[200]);
    put("i8", 1, &[0xff]);
    put("u16", 2, &600u16.to_le_bytes());
    put("i16", 3, &(-600i16).to_le_bytes());
    put("u32", 4, &70000u32.to_le_bytes());
    put("i32", 5, &(-70000i32).to_le_bytes());
    put("f32", 6, &1.5f32.to_le_bytes());
    put("bool", 7, &[1]);
    put("u64", 10, &(1u64 << 40).to_le_bytes());
    put("i64", 11, &(-1i64).to_le_bytes());
    put("f64", 12, &2.5f64.to_le_bytes());
    let mut arr = Vec::new();
    arr.extend(5u32.to_le_bytes());
    arr.extend(2u64.to_le_bytes());
    arr.extend((-3i32).to_le_bytes());
    arr.extend(4i32.to_le_bytes());
    put("arr", 9, &arr);
    let f = b.build();
    let g = Gguf::parse(&f).unwrap();
    assert_eq!(g.get("u8"), Some(Value::U8(200)));
    assert_eq!(g.get("i8"), Some(Value::I8(-1)));
    assert_eq!(g.get("u16"), Some(Value::U16(600)));
    assert_eq!(g.get("i16"), Some(Value::I16(-600)));
    assert_eq!(g.get("u32"), Some(Value::U32(70000)));
    assert_eq!(g.get("i32"), Some(Value::I32(-70000)));
    assert_eq!(g.get_f32("f32"), Some(1.5));
    assert_eq!(g.get("bool"), Some(Value::Bool(true)));
    assert_eq!(g.get_u64("u64"), Some(1 << 40));
    assert_eq!(g.get("i64").unwrap().as_u64(), None);
    assert_eq!(g.get_f32("f64"), Some(2.5));
    let a = g.get_array("arr").unwrap();
    assert_eq!(a.i32s().unwrap().collect::<Vec<_>>(), [-3, 4]);
    assert_eq!(a.get(1), Some(Value::I32(4)));
}

fn err(f: &[u8]) -> GgufError {
    Gguf::parse(f).expect_err("must be rejected")
}

#[test]
fn rejects_malformed_headers() {
    let good = ok_file().build();
    let mut f = good.clone();
    f[0] = b'X';
    assert!(matches!(err(&f), GgufError::BadMagic(_)));
    let mut f = good.clone();
    f[4] = 2;
    assert_eq!(err(&f), GgufError::BadVersion(2));
    let mut f = good.clone();
    f[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(err(&f), GgufError::AbsurdCount { .. }));
    let mut f = good.clone();
    f[16..24].copy_from_slice(&(1u64 << 60).to_le_bytes());
    assert!(matches!(err(&f), GgufError::AbsurdCount { .. }));
    for n in 0..good.len() - 1 {
        // Every proper prefix fails; none panics.
        assert!(Gguf::parse(&good[..n]).is_err(), "prefix {n} accepted");
    }
}

#[test]
fn rejects_bad_strings_and_types() {
    let f = Builder::new().kv_str("k", "\u{e9}").build();
    let mut bad = f.clone();
    let at = bad.windows(2).position(|w| w == [0xc3, 0xa9]).unwrap();
    bad[at] = 0xff;
    assert!(matches!(err(&bad), GgufError::InvalidUtf8 { .. }));
    let mut bad = f.clone();
    bad[24 + 8 + 1] = 77; // value type of the first key
    assert_eq!(err(&bad), GgufError::BadValueType(77));
    let dup = Builder::new().kv_u32("k", 1).kv_u32("k", 2).build();
    assert!(matches!(err(&dup), GgufError::Duplicate { .. }));
    let dup = Builder::new()
        .tensor_f32("t", &[4])
        .tensor_f32("t", &[4])
        .build();
    assert!(matches!(err(&dup), GgufError::Duplicate { .. }));
}

#[test]
fn rejects_bad_tensors() {
    let ty_q8 = TensorType::Q8_0.ggml_id();
    let overlap = Builder::new()
        .tensor_at("a", &[16], 0, 0, 64)
        .tensor_at("b", &[16], 0, 32, 64)
        .build();
    assert!(matches!(
        err(&overlap),
        GgufError::OverlappingTensors { .. }
    ));
    let misaligned = Builder::new().tensor_at("a", &[4], 0, 4, 16).build();
    assert!(matches!(
        err(&misaligned),
        GgufError::MisalignedTensor { .. }
    ));
    let oob = Builder::new().tensor_at("a", &[4], 0, 0, 8).build();
    assert!(matches!(err(&oob), GgufError::TensorOutOfBounds { .. }));
    let zero = Builder::new().tensor_at("a", &[4, 0], 0, 0, 0).build();
    assert!(matches!(err(&zero), GgufError::BadShape { .. }));
    let huge = Builder::new()
        .tensor_at("a", &[1 << 32, 1 << 32, 1 << 8], 0, 0, 0)
        .build();
    assert!(matches!(err(&huge), GgufError::BadShape { .. }));
    let ragged = Builder::new().tensor_at("a", &[40], ty_q8, 0, 68).build();
    assert!(matches!(err(&ragged), GgufError::BadBlockAlignment { .. }));
    // IQ4_NL (ggml type 20): the message names the type and the first tensor using it.
    let iq4 = Builder::new()
        .tensor_f32("ok", &[4])
        .tensor_at("blk.0.attn_q.weight", &[32], 20, 32, 18)
        .build();
    let e = err(&iq4);
    assert!(
        matches!(e, GgufError::UnsupportedTensorType { ty: 20, tensor } if tensor.as_str() == "blk.0.attn_q.weight")
    );
    assert_eq!(
        e.to_string(),
        "gguf: tensor type IQ4_NL (ggml type 20) is not supported; first used by blk.0.attn_q.weight"
    );
    let dims5 = Builder::new()
        .tensor_at("a", &[1, 1, 1, 1, 1], 0, 0, 4)
        .build();
    assert!(matches!(err(&dims5), GgufError::AbsurdCount { .. }));
    let align = Builder::new().kv_u32("general.alignment", 24).build();
    assert_eq!(err(&align), GgufError::BadAlignment(24));
}

#[test]
fn model_rejects_wrong_shapes() {
    use crate::model::{ModelError, Transformer};
    // A real model with one tensor's shape swapped must be refused at load.
    let good = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/gguf-corpus/tiny-qwen3-q8_0.gguf"
    ))
    .unwrap();
    let g = Gguf::parse(&good).unwrap();
    assert!(Transformer::new(&g, Some(8)).is_ok());
    let t = g.tensor("blk.0.ffn_up.weight").unwrap();
    assert_ne!(t.dims[0], t.dims[1]);
    // Find the tensor info's dims in the header and swap ne0/ne1 (same byte size, wrong shape).
    let name = b"blk.0.ffn_up.weight";
    let at = good.windows(name.len()).position(|w| w == name).unwrap() + name.len() + 4;
    let mut f = good.clone();
    f[at..at + 8].copy_from_slice(&t.dims[1].to_le_bytes());
    f[at + 8..at + 16].copy_from_slice(&t.dims[0].to_le_bytes());
    let g = Gguf::parse(&f).unwrap();
    assert_eq!(
        Transformer::new(&g, Some(8)).err(),
        Some(ModelError::WrongShape {
            name: "ffn_up.weight",
            layer: Some(0)
        })
    );
}

#[test]
fn corpus_files_load_and_run() {
    let files = corpus();
    assert!(files.len() >= 3);
    for (name, f) in &files {
        let g = Gguf::parse(f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut m = crate::Transformer::new(&g, Some(8)).unwrap();
        let l = m.forward(1, 0).unwrap();
        assert!(l.iter().all(|v| v.is_finite()), "{name}");
    }
}

/// 50 000 mutated files: parsing, loading and a forward pass must never panic; every rejection
/// is an `Err`. (`check_one` runs the model on mutations the loader accepts.)
#[test]
fn mutation_fuzz_50k() {
    let files = corpus();
    let mut m = Mutator::new(0x5eed);
    let mut buf = Vec::new();
    let mut accepted = 0;
    for i in 0..50_000 {
        let (_, seed) = &files[i % files.len()];
        m.mutate(seed, &mut buf);
        accepted += usize::from(check_one(&buf));
    }
    // The mutator must both break and spare files, or it tests only one side.
    assert!(accepted > 1000 && accepted < 49_000, "accepted {accepted}");
}
