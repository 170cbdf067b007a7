//! Leaf kernels, one file per job: [`formats`] (f16/bf16, the activation block formats),
//! `portable` and `avx2` (one dequantiser and one dot product per weight type), `gemm` (the AVX2
//! products tiled over rows and tokens) and `lanes` with `q4k`/`q6k` (Q4_K and Q6_K with one row
//! per vector lane), `matmul` (matrices and the products over them) and `norm` (RMSNorm,
//! softmax, SwiGLU, RoPE).
//!
//! Every hot kernel exists twice: a portable version and an AVX2+FMA+F16C version compiled with
//! `#[target_feature]` and chosen at run time from CPUID (the kernel target has no
//! `is_x86_feature_detected!`). Tests run both on the same inputs and compare.
//!
//! Weights stay in the GGUF bytes and are read with unaligned loads, so nothing needs copying or
//! aligning (the Q4_K and Q6_K products rearrange eight rows at a time on the stack, per call:
//! `lanes`). Activations are converted once per product to the format llama.cpp pairs with each
//! weight type (its `vec_dot_type`): f32 for F32, f16 for F16, bf16 for BF16, Q8_0 blocks for
//! Q8_0. That rounding is part of what llama.cpp computes, so parity needs it too.
//!
//! Everything that depends on the weight type is in one table, [`kernels`]: a weight type is
//! added by writing its kernels and one entry there.

mod attention;
#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod formats;
#[cfg(target_arch = "x86_64")]
mod gemm;
#[cfg(target_arch = "x86_64")]
mod lanes;
mod matmul;
mod norm;
mod portable;
#[cfg(target_arch = "x86_64")]
mod q4k;
#[cfg(target_arch = "x86_64")]
mod q6k;
mod quants;
#[cfg(test)]
mod tests;

pub use attention::{attention_heads, attention_heads_on, Attention};
pub use formats::{
    bf16_to_f32, f16_to_f32, f32_to_bf16, f32_to_f16, quantize_q8_0, ActFormat, QK8_0,
};
#[cfg(test)]
pub(crate) use matmul::WORKERS_PORTABLE;
pub use matmul::{
    axpy, dot_f32, dot_f32_on, matmul, matmul_on, matmul_par, matmul_rows, matmul_rows_on,
    matmul_shared, par_grain, par_width, Act, ActScratch, Matrix, ROW_TILE,
};
pub use norm::{
    expf, rmsnorm, rmsnorm_inplace, rope_apply, rope_cache, softmax, swiglu, weight_f32, RopeStyle,
};

use crate::gguf::TensorType;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU8, Ordering};

// ---------------------------------------------------------------------------------------------
// CPU feature dispatch
// ---------------------------------------------------------------------------------------------

const SIMD_UNKNOWN: u8 = 0;
const SIMD_NONE: u8 = 1;
const SIMD_AVX2: u8 = 2;
static SIMD: AtomicU8 = AtomicU8::new(SIMD_UNKNOWN);

/// Which kernel family runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Simd {
    Portable,
    /// AVX2 + FMA + F16C, with the OS saving YMM state.
    Avx2,
}

/// The best kernel family this CPU supports (detected once).
pub fn simd() -> Simd {
    let mut s = SIMD.load(Ordering::Relaxed);
    if s == SIMD_UNKNOWN {
        s = if detect_avx2() { SIMD_AVX2 } else { SIMD_NONE };
        SIMD.store(s, Ordering::Relaxed);
    }
    if s == SIMD_AVX2 {
        Simd::Avx2
    } else {
        Simd::Portable
    }
}

/// Force the portable kernels (benchmarks and tests); `false` restores detection.
pub fn force_portable(on: bool) {
    SIMD.store(if on { SIMD_NONE } else { SIMD_UNKNOWN }, Ordering::Relaxed);
}

/// Never run AVX2 code on a CPU without it, whatever the caller asked for.
fn effective(s: Simd) -> Simd {
    if s == Simd::Avx2 {
        simd()
    } else {
        Simd::Portable
    }
}

fn detect_avx2() -> bool {
    simd_detect::avx2_fma_f16c()
}

/// Random weights of type `ty` (`rows × cols`, ggml layout) for benchmarks and tests: random
/// quant bits with small finite f16 scales where the type keeps scales, random values in
/// [-1, 1) for the float types. `seed` picks the numbers.
#[doc(hidden)]
pub fn random_weights(ty: TensorType, rows: usize, cols: usize, seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    let n = rows * cols;
    let mut out = Vec::new();
    match ty {
        TensorType::F32 => (0..n).for_each(|_| out.extend(next().to_le_bytes())),
        TensorType::F16 => (0..n).for_each(|_| out.extend(f32_to_f16(next()).to_le_bytes())),
        TensorType::BF16 => (0..n).for_each(|_| out.extend(f32_to_bf16(next()).to_le_bytes())),
        _ => {
            // The byte offsets of each block's f16 scales.
            let scales: &[usize] = match ty {
                TensorType::Q8_0 | TensorType::Q4_0 | TensorType::Q5_0 => &[0],
                TensorType::Q4_1 | TensorType::Q5_1 | TensorType::Q4_K | TensorType::Q5_K => {
                    &[0, 2]
                }
                TensorType::Q2_K => &[80, 82],
                TensorType::Q3_K => &[108],
                TensorType::Q6_K => &[208],
                _ => unreachable!("every type is listed"),
            };
            let bytes = ty.block_bytes() as usize;
            for _ in 0..n / ty.block_elems() as usize {
                let start = out.len();
                out.extend((0..bytes).map(|_| (next() * 128.0 + 128.0) as u8));
                for &o in scales {
                    let v = f32_to_f16(next() * 0.05).to_le_bytes();
                    out[start + o..start + o + 2].copy_from_slice(&v);
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The weight-type table
// ---------------------------------------------------------------------------------------------

/// A weight row and an activation row (bytes, ggml layout) to their dot product.
pub(crate) type DotFn = fn(&[u8], &[u8]) -> f32;
/// An activation converter needing AVX2+FMA+F16C.
#[cfg(target_arch = "x86_64")]
pub(crate) type ActAvx2Fn = unsafe fn(&[f32], &mut [u8]);

/// Everything the products need to know about one weight type.
pub(crate) struct Kernels {
    /// The activation format (weight types that share one share converted activations).
    pub act: ActFormat,
    /// Elements per activation block, and its bytes (`vec_dot_type`'s layout).
    pub act_block: usize,
    pub act_block_bytes: usize,
    /// f32 activations (a multiple of `act_block`) into that layout.
    pub to_act: fn(&[f32], &mut [u8]),
    /// The same conversion on AVX2 (the same bytes), where one is written.
    #[cfg(target_arch = "x86_64")]
    pub to_act_avx2: Option<ActAvx2Fn>,
    /// A weight row to f32 (embedding lookup, tests).
    pub dequantize: fn(&[u8], &mut [f32]),
    pub dot: DotFn,
    /// The AVX2 product, tiled over rows and tokens (`gemm.rs`).
    #[cfg(target_arch = "x86_64")]
    pub gemm_avx2: gemm::GemmFn,
}

impl Kernels {
    /// Bytes of an activation row of `n` elements.
    pub fn act_row_bytes(&self, n: usize) -> usize {
        n / self.act_block * self.act_block_bytes
    }
}

macro_rules! kernels {
    ($fmt:ident, $blk:expr, $bytes:expr, $act:path, $deq:path, $dot:path, $avx:expr) => {
        Kernels {
            act: ActFormat::$fmt,
            act_block: $blk,
            act_block_bytes: $bytes,
            to_act: $act,
            #[cfg(target_arch = "x86_64")]
            to_act_avx2: act_avx2(ActFormat::$fmt),
            dequantize: $deq,
            dot: $dot,
            #[cfg(target_arch = "x86_64")]
            gemm_avx2: $avx,
        }
    };
}

use formats as fm;
use portable as pt;

/// The AVX2 converter of an activation format, where one is written.
#[cfg(target_arch = "x86_64")]
const fn act_avx2(f: ActFormat) -> Option<ActAvx2Fn> {
    match f {
        ActFormat::F16 => Some(avx2::act_f16),
        ActFormat::Q8_0 => Some(avx2::act_q8_0),
        ActFormat::Q8K => Some(avx2::act_q8_k),
        _ => None,
    }
}

static F32: Kernels = kernels!(
    F32,
    1,
    4,
    fm::act_f32,
    pt::dequant_f32,
    pt::dot_f32,
    gemm::gemm_f32
);
// F16 activations are rounded to f16 and stored as f16, as llama.cpp stores them (its F16
// `vec_dot_type`): the prefill tiles read them from L2, and half the bytes there made the
// products faster, most on the 3072-column matrices (docs/model-bench.md, 2026-12-04 18:50 UTC).
// BF16 activations are rounded to bf16 and kept as f32.
static F16: Kernels = kernels!(
    F16,
    1,
    2,
    fm::act_f16,
    pt::dequant_f16,
    pt::dot_f16,
    gemm::gemm_f16
);
static BF16: Kernels = kernels!(
    Bf16,
    1,
    4,
    fm::act_bf16,
    pt::dequant_bf16,
    pt::dot_bf16,
    gemm::gemm_bf16
);
static Q8_0: Kernels = kernels!(
    Q8_0,
    32,
    fm::Q8_0_ACT_BYTES,
    fm::act_q8_0,
    pt::dequant_q8_0,
    pt::dot_q8_0,
    gemm::gemm_q8_0
);

use quants::typed as qt;
const Q8_0_ACT: (usize, usize) = (32, fm::Q8_0_ACT_BYTES);
const Q8_1_ACT: (usize, usize) = (32, fm::Q8_1_BYTES);
const Q8_K_ACT: (usize, usize) = (fm::QK_K, fm::Q8_K_BYTES);
static Q4_0: Kernels = kernels!(
    Q8_0,
    Q8_0_ACT.0,
    Q8_0_ACT.1,
    fm::act_q8_0,
    qt::Q4_0::dequant,
    qt::Q4_0::dot,
    gemm::gemm_q4_0
);
static Q4_1: Kernels = kernels!(
    Q8_1,
    Q8_1_ACT.0,
    Q8_1_ACT.1,
    fm::act_q8_1,
    qt::Q4_1::dequant,
    qt::Q4_1::dot,
    gemm::gemm_q4_1
);
static Q5_0: Kernels = kernels!(
    Q8_0,
    Q8_0_ACT.0,
    Q8_0_ACT.1,
    fm::act_q8_0,
    qt::Q5_0::dequant,
    qt::Q5_0::dot,
    gemm::gemm_q5_0
);
static Q5_1: Kernels = kernels!(
    Q8_1,
    Q8_1_ACT.0,
    Q8_1_ACT.1,
    fm::act_q8_1,
    qt::Q5_1::dequant,
    qt::Q5_1::dot,
    gemm::gemm_q5_1
);
static Q2_K: Kernels = kernels!(
    Q8K,
    Q8_K_ACT.0,
    Q8_K_ACT.1,
    fm::act_q8_k,
    qt::Q2_K::dequant,
    qt::Q2_K::dot,
    gemm::gemm_q2_k
);
static Q3_K: Kernels = kernels!(
    Q8K,
    Q8_K_ACT.0,
    Q8_K_ACT.1,
    fm::act_q8_k,
    qt::Q3_K::dequant,
    qt::Q3_K::dot,
    gemm::gemm_q3_k
);
static Q4_K: Kernels = kernels!(
    Q8K,
    Q8_K_ACT.0,
    Q8_K_ACT.1,
    fm::act_q8_k,
    qt::Q4_K::dequant,
    qt::Q4_K::dot,
    q4k::gemm_q4_k
);
static Q5_K: Kernels = kernels!(
    Q8K,
    Q8_K_ACT.0,
    Q8_K_ACT.1,
    fm::act_q8_k,
    qt::Q5_K::dequant,
    qt::Q5_K::dot,
    gemm::gemm_q5_k
);
static Q6_K: Kernels = kernels!(
    Q8K,
    Q8_K_ACT.0,
    Q8_K_ACT.1,
    fm::act_q8_k,
    qt::Q6_K::dequant,
    qt::Q6_K::dot,
    q6k::gemm_q6_k
);

/// The kernels for weights of type `ty`: the one place that dispatches on the weight type.
pub(crate) fn kernels(ty: TensorType) -> &'static Kernels {
    match ty {
        TensorType::F32 => &F32,
        TensorType::F16 => &F16,
        TensorType::BF16 => &BF16,
        TensorType::Q8_0 => &Q8_0,
        TensorType::Q4_0 => &Q4_0,
        TensorType::Q4_1 => &Q4_1,
        TensorType::Q5_0 => &Q5_0,
        TensorType::Q5_1 => &Q5_1,
        TensorType::Q2_K => &Q2_K,
        TensorType::Q3_K => &Q3_K,
        TensorType::Q4_K => &Q4_K,
        TensorType::Q5_K => &Q5_K,
        TensorType::Q6_K => &Q6_K,
    }
}
