//! Element-wise blocks: RMSNorm, softmax, SwiGLU and RoPE, each rounding the way ggml does.

use super::formats::{rd_f32, round_even};

/// Read an f32 norm weight vector stored in the GGUF bytes.
#[inline]
pub fn weight_f32(w: &[u8], i: usize) -> f32 {
    rd_f32(w, i)
}

/// `o = x / sqrt(mean(x²) + eps) * w`, with ggml's double-precision sum of squares.
pub fn rmsnorm(o: &mut [f32], x: &[f32], w: &[u8], eps: f32) {
    let ss: f64 = x.iter().map(|&v| f64::from(v * v)).sum();
    let mean = (ss / x.len() as f64) as f32;
    let scale = 1.0 / kmath::sqrtf(mean + eps);
    for (i, (ov, &xv)) in o.iter_mut().zip(x).enumerate() {
        *ov = xv * scale * rd_f32(w, i);
    }
}

/// In-place RMSNorm (QK-Norm on one head).
pub fn rmsnorm_inplace(x: &mut [f32], w: &[u8], eps: f32) {
    let ss: f64 = x.iter().map(|&v| f64::from(v * v)).sum();
    let mean = (ss / x.len() as f64) as f32;
    let scale = 1.0 / kmath::sqrtf(mean + eps);
    for (i, xv) in x.iter_mut().enumerate() {
        *xv = *xv * scale * rd_f32(w, i);
    }
}

/// e^x in f32 (Cephes `expf`: Cody-Waite reduction by ln 2, degree-6 polynomial; within about
/// 2 ulp). Softmax and SwiGLU call it per element, and a general-purpose f64 `exp` measured 22% of
/// decode; ggml also uses an approximation of its own here (`ggml_v_expf`). Branch-free apart
/// from the range clamps, so the loops that call it can vectorise.
#[inline]
pub fn expf(x: f32) -> f32 {
    const LOG2E: f32 = core::f32::consts::LOG2_E;
    // ln 2 split so that n·C1 is exact.
    const C1: f32 = 0.693_359_4;
    const C2: f32 = -2.121_944_4e-4;
    if x.is_nan() {
        return x;
    }
    if x > 88.72283 {
        return f32::INFINITY;
    }
    if x < -87.33654 {
        // Below the smallest normal: zero is close enough for softmax and SiLU.
        return 0.0;
    }
    let n = round_even(x * LOG2E);
    let r = x - n * C1 - n * C2;
    let z = r * r;
    let p = ((((1.987_569_2e-4 * r + 1.398_2e-3) * r + 8.333_452e-3) * r + 4.166_579_6e-2) * r
        + 1.666_666_5e-1)
        * r
        + 5.0e-1; // Cephes writes 5.0000001e-1: the same f32.
    let e = p * z + r + 1.0;
    // 2^n by building the exponent bits; n is in [-126, 128] after the clamps above.
    let n = n as i32;
    if n == 128 {
        return e * 2.0 * f32::from_bits(127 << 23);
    }
    e * f32::from_bits(((n + 127) as u32) << 23)
}

/// Softmax in place, with ggml's double-precision sum.
///
/// The exponentials are one loop and the sum another (the same values added in the same order,
/// so the same bits as one loop doing both): the first then vectorises, where the sequential f64
/// sum kept the fused loop scalar (decode attention of the 28 layers at the 0.6B shape, position
/// 32: 0.29 → 0.25 ms; docs/model-bench.md, 2026-12-05 00:00 UTC).
pub fn softmax(x: &mut [f32]) {
    let max = x.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    #[cfg(target_arch = "x86_64")]
    if super::simd() == super::Simd::Avx2 {
        // SAFETY: AVX2 and FMA are present (`simd` detected them).
        unsafe { exp_shifted_avx2(x, max) };
    } else {
        exp_shifted(x, max);
    }
    #[cfg(not(target_arch = "x86_64"))]
    exp_shifted(x, max);
    let mut sum = 0.0f64;
    for &v in x.iter() {
        sum += f64::from(v);
    }
    let inv = (1.0 / sum) as f32;
    for v in x.iter_mut() {
        *v *= inv;
    }
}

/// `x = expf(x - max)` element by element.
#[inline(always)]
fn exp_shifted(x: &mut [f32], max: f32) {
    for v in x.iter_mut() {
        *v = expf(*v - max);
    }
}

/// [`exp_shifted`] compiled for AVX2 (eight lanes; each element the same IEEE operations, so
/// the same bits, as [`swiglu_avx2`]).
///
/// # Safety
/// The CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn exp_shifted_avx2(x: &mut [f32], max: f32) {
    exp_shifted(x, max);
}

/// SwiGLU: `g = silu(g) * u`.
pub fn swiglu(g: &mut [f32], u: &[f32]) {
    #[cfg(target_arch = "x86_64")]
    if super::simd() == super::Simd::Avx2 {
        // SAFETY: AVX2 and FMA are present (`simd` detected them).
        return unsafe { swiglu_avx2(g, u) };
    }
    swiglu_lanes(g, u);
}

/// The same loop compiled for AVX2: eight elements per vector instead of SSE's four (the loop
/// was 3% of a 120M Q8_0 prefill), each element the same IEEE operations, so the same bits.
///
/// # Safety
/// The CPU has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn swiglu_avx2(g: &mut [f32], u: &[f32]) {
    swiglu_lanes(g, u);
}

#[inline(always)]
pub(super) fn swiglu_lanes(g: &mut [f32], u: &[f32]) {
    for (gv, &uv) in g.iter_mut().zip(u) {
        *gv = *gv / (1.0 + expf(-*gv)) * uv;
    }
}

/// How RoPE pairs the dimensions of a head.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RopeStyle {
    /// Dimension `i` rotates with `i + n_rot/2` (GPT-NeoX; llama.cpp's qwen3).
    Neox,
    /// Dimension `2i` rotates with `2i+1` (llama.cpp's llama, whose converter permutes Q/K).
    Adjacent,
}

/// Fill `cache` (`n_rot` long) with (cos, sin) pairs for position `pos`, computing the angle
/// as ggml does: `theta_scale = base^(-2/n_rot)` and `theta *= theta_scale` per pair (the
/// repeated f32 multiply rounds differently from `powf`, and parity wants the same rounding).
pub fn rope_cache(cache: &mut [f32], pos: usize, base: f32) {
    let n_rot = cache.len();
    let theta_scale = kmath::powf(base, -2.0 / n_rot as f32);
    let mut theta = pos as f32;
    for pair in cache.chunks_exact_mut(2) {
        pair[0] = kmath::cosf(theta);
        pair[1] = kmath::sinf(theta);
        theta *= theta_scale;
    }
}

/// Rotate the first `cache.len()` dimensions of one head.
pub fn rope_apply(x: &mut [f32], cache: &[f32], style: RopeStyle) {
    let n_rot = cache.len();
    match style {
        RopeStyle::Neox => {
            let half = n_rot / 2;
            for i in 0..half {
                let (c, s) = (cache[2 * i], cache[2 * i + 1]);
                let (x0, x1) = (x[i], x[i + half]);
                x[i] = x0 * c - x1 * s;
                x[i + half] = x0 * s + x1 * c;
            }
        }
        RopeStyle::Adjacent => {
            for i in 0..n_rot / 2 {
                let (c, s) = (cache[2 * i], cache[2 * i + 1]);
                let (x0, x1) = (x[2 * i], x[2 * i + 1]);
                x[2 * i] = x0 * c - x1 * s;
                x[2 * i + 1] = x0 * s + x1 * c;
            }
        }
    }
}
