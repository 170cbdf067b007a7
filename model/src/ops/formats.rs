//! Number formats and block layouts: f16/bf16 conversion, and the activation formats llama.cpp
//! pairs with each weight type (its `vec_dot_type`).
//!
//! Converted activations are kept in the same byte layout as ggml's blocks (an f16 scale is
//! stored as f16), so a row of activations is a byte slice exactly like a row of weights and the
//! kernels index both the same way; the exception is BF16, whose activations are rounded to
//! bf16 but stored as f32.

/// Exact f16 → f32 without F16C (the portable kernels' inner loop; `half`'s software path is
/// several times slower). Exponent rebias with fix-ups for Inf/NaN and subnormals, written as
/// selects rather than branches so the compiler can vectorise the loops that call it.
#[inline]
pub fn f16_to_f32(h: u16) -> f32 {
    const SHIFTED_EXP: u32 = 0x7c00 << 13;
    let o = u32::from(h & 0x7fff) << 13;
    let exp = o & SHIFTED_EXP;
    let normal = o + ((127 - 15) << 23);
    let inf_nan = normal + ((128 - 16) << 23);
    // Subnormal: let the FPU normalise it.
    let sub = (f32::from_bits(normal + (1 << 23)) - f32::from_bits(113 << 23)).to_bits();
    let bits = if exp == SHIFTED_EXP {
        inf_nan
    } else if exp == 0 {
        sub
    } else {
        normal
    };
    f32::from_bits(bits | (u32::from(h & 0x8000) << 16))
}

/// Round to nearest even, like F16C's `vcvtps2ph` with rounding mode 0 (what ggml uses).
#[inline]
pub fn f32_to_f16(x: f32) -> u16 {
    half::f16::from_f32(x).to_bits()
}

#[inline]
pub fn bf16_to_f32(h: u16) -> f32 {
    f32::from_bits(u32::from(h) << 16)
}

/// ggml's `GGML_FP32_TO_BF16`: round to nearest even, quiet NaNs.
#[inline]
pub fn f32_to_bf16(x: f32) -> u16 {
    let u = x.to_bits();
    if u & 0x7fff_ffff > 0x7f80_0000 {
        return ((u >> 16) | 64) as u16;
    }
    ((u + (0x7fff + ((u >> 16) & 1))) >> 16) as u16
}

/// Round to nearest, ties to even, for |v| < 2^22: adding and subtracting 1.5·2^23 leaves no
/// fraction bits. Same result as `_mm256_round_ps(_MM_ROUND_NEAREST)` and ggml's `nearest_int`,
/// at a fraction of `kmath::rintf`'s cost (it showed up at 9% of decode).
#[inline]
pub(crate) fn round_even(v: f32) -> f32 {
    const MAGIC: f32 = 12_582_912.0;
    (v + MAGIC) - MAGIC
}

#[inline]
pub(crate) fn rd_f32(b: &[u8], i: usize) -> f32 {
    f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

/// The f16 at byte offset `o`.
#[inline]
pub(crate) fn rd_f16(b: &[u8], o: usize) -> f32 {
    f16_to_f32(u16::from_le_bytes([b[o], b[o + 1]]))
}

/// The formats activations are converted to before a product (llama.cpp's `vec_dot_type`s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActFormat {
    F32,
    /// Rounded to f16, stored as f16.
    F16,
    /// Rounded to bf16, stored as f32.
    Bf16,
    Q8_0,
    Q8_1,
    Q8K,
}

/// Q8_0 block size.
pub const QK8_0: usize = 32;
/// Bytes of one Q8_0 block: f16 scale + 32 × i8.
pub const Q8_0_BYTES: usize = 34;
/// Bytes of one Q8_0 activation block: the scale as f32 (its value rounded through f16, as
/// llama.cpp stores it), then 32 × i8; the products then read the scale without converting.
pub const Q8_0_ACT_BYTES: usize = 36;
/// Bytes of one Q8_1 activation block: f32 scale and f32 `d · Σq` (both rounded through f16, as
/// llama.cpp stores them), then 32 × i8.
pub const Q8_1_BYTES: usize = 40;
/// Super-block size of the k-quants.
pub const QK_K: usize = 256;
/// Bytes of one Q8_K block: f32 scale, 256 × i8, 16 × i16 sums of 16 quants.
pub const Q8_K_BYTES: usize = 4 + QK_K + 2 * (QK_K / 16);

// The activation converters. Each writes the whole of `x` (a multiple of its block size) into
// `out` in ggml's block layout.

pub(crate) fn act_f32(x: &[f32], out: &mut [u8]) {
    for (o, v) in out.chunks_exact_mut(4).zip(x) {
        o.copy_from_slice(&v.to_le_bytes());
    }
}

/// F16 weights' activations: each value rounded to f16 as llama.cpp rounds it, and stored as
/// f16, as llama.cpp stores them: half the bytes of f32 for the products to read (the prefill
/// tiles read the activations from L2), and widening back to f32 is exact.
pub(crate) fn act_f16(x: &[f32], out: &mut [u8]) {
    for (o, &v) in out.chunks_exact_mut(2).zip(x) {
        o.copy_from_slice(&f32_to_f16(v).to_le_bytes());
    }
}

/// BF16 weights' activations: rounded to bf16, stored as f32.
pub(crate) fn act_bf16(x: &[f32], out: &mut [u8]) {
    for (o, &v) in out.chunks_exact_mut(4).zip(x) {
        o.copy_from_slice(&bf16_to_f32(f32_to_bf16(v)).to_le_bytes());
    }
}

/// Quantize `x` (a multiple of 32 long) to Q8_0 blocks exactly as llama.cpp's x86 path does:
/// `d = amax / 127` rounded through f16, `q = round(x · 127 / amax)`.
pub fn quantize_q8_0(out: &mut [u8], x: &[f32]) {
    for (b, xs) in out.chunks_exact_mut(Q8_0_BYTES).zip(x.chunks_exact(QK8_0)) {
        let amax = xs.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        b[..2].copy_from_slice(&f32_to_f16(amax / 127.0).to_le_bytes());
        let id = if amax != 0.0 { 127.0 / amax } else { 0.0 };
        for (q, &v) in b[2..].iter_mut().zip(xs) {
            *q = round_even(v * id) as i8 as u8;
        }
    }
}

/// [`quantize_q8_0`]'s values in the activation layout ([`Q8_0_ACT_BYTES`]).
pub(crate) fn act_q8_0(x: &[f32], out: &mut [u8]) {
    let mut b = [0u8; Q8_0_BYTES];
    for (o, xs) in out
        .chunks_exact_mut(Q8_0_ACT_BYTES)
        .zip(x.chunks_exact(QK8_0))
    {
        quantize_q8_0(&mut b, xs);
        o[..4].copy_from_slice(&rd_f16(&b, 0).to_le_bytes());
        o[4..].copy_from_slice(&b[2..]);
    }
}

/// Q8_1, as llama.cpp's x86 path: Q8_0's rounding plus `s = d · Σq` (rounded through f16),
/// which the Q4_1/Q5_1 dot products use for the weights' minimum; layout [`Q8_1_BYTES`].
pub(crate) fn act_q8_1(x: &[f32], out: &mut [u8]) {
    for (b, xs) in out.chunks_exact_mut(Q8_1_BYTES).zip(x.chunks_exact(QK8_0)) {
        let amax = xs.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let d = amax / 127.0;
        let id = if amax != 0.0 { 127.0 / amax } else { 0.0 };
        let mut sum = 0i32;
        for (q, &v) in b[8..].iter_mut().zip(xs) {
            let r = round_even(v * id) as i8;
            sum += i32::from(r);
            *q = r as u8;
        }
        let h = |v: f32| f16_to_f32(f32_to_f16(v));
        b[..4].copy_from_slice(&h(d).to_le_bytes());
        b[4..8].copy_from_slice(&h(d * sum as f32).to_le_bytes());
    }
}

/// Q8_K, as ggml's `quantize_row_q8_K_ref` (which x86 uses): the element of largest magnitude
/// maps to -127, `d = 1 / iscale` in f32, and the sums of each 16 quants are kept for the
/// k-quants' minimums.
pub(crate) fn act_q8_k(x: &[f32], out: &mut [u8]) {
    for (b, xs) in out.chunks_exact_mut(Q8_K_BYTES).zip(x.chunks_exact(QK_K)) {
        let (mut max, mut amax) = (0.0f32, 0.0f32);
        for &v in xs {
            if v.abs() > amax {
                amax = v.abs();
                max = v;
            }
        }
        if amax == 0.0 {
            b.fill(0);
            continue;
        }
        let iscale = -127.0 / max;
        for (q, &v) in b[4..4 + QK_K].iter_mut().zip(xs) {
            *q = (round_even(iscale * v) as i32).min(127) as i8 as u8;
        }
        for j in 0..QK_K / 16 {
            let s: i32 = b[4 + 16 * j..4 + 16 * (j + 1)]
                .iter()
                .map(|&q| i32::from(q as i8))
                .sum();
            let o = 4 + QK_K + 2 * j;
            b[o..o + 2].copy_from_slice(&(s as i16).to_le_bytes());
        }
        b[..4].copy_from_slice(&(1.0 / iscale).to_le_bytes());
    }
}
