//! Leaf kernels: number formats, dot products, matrix products, RMSNorm, softmax, SwiGLU, RoPE.
//!
//! Every hot kernel exists twice: a portable version and an AVX2+FMA+F16C version compiled with
//! `#[target_feature]` and chosen at run time from CPUID (the kernel target has no
//! `is_x86_feature_detected!`). Tests run both on the same inputs and compare.
//!
//! Weights stay in the GGUF bytes and are read with unaligned loads, so nothing needs copying or
//! aligning. Activations are converted once per product to the format llama.cpp pairs with each
//! weight type (its `vec_dot_type`): f32 for F32, f16 for F16, bf16 for BF16, Q8_0 blocks for
//! Q8_0. That rounding is part of what llama.cpp computes, so parity needs it too.

use crate::gguf::TensorType;
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

#[cfg(target_arch = "x86_64")]
fn detect_avx2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: CPUID exists on every x86_64 CPU.
    #[allow(unused_unsafe)]
    let l0 = unsafe { __cpuid(0) };
    if l0.eax < 7 {
        return false;
    }
    // SAFETY: as above; leaf 1 exists since max leaf >= 7.
    #[allow(unused_unsafe)]
    let l1 = unsafe { __cpuid(1) };
    let fma = l1.ecx & (1 << 12) != 0;
    let osxsave = l1.ecx & (1 << 27) != 0;
    let avx = l1.ecx & (1 << 28) != 0;
    let f16c = l1.ecx & (1 << 29) != 0;
    // SAFETY: leaf 7 exists since max leaf >= 7.
    #[allow(unused_unsafe)]
    let l7 = unsafe { __cpuid_count(7, 0) };
    let avx2 = l7.ebx & (1 << 5) != 0;
    if !(fma && osxsave && avx && f16c && avx2) {
        return false;
    }
    // The CPU having AVX is not enough: the OS must have enabled saving of XMM and YMM state
    // (XCR0 bits 1 and 2), or the first context switch corrupts the upper halves.
    // SAFETY: OSXSAVE is set, so XGETBV is enabled.
    let xcr0 = unsafe { xgetbv0() };
    xcr0 & 0b110 == 0b110
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "xsave")]
unsafe fn xgetbv0() -> u64 {
    // SAFETY: caller checked OSXSAVE.
    unsafe { core::arch::x86_64::_xgetbv(0) }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_avx2() -> bool {
    false
}

// ---------------------------------------------------------------------------------------------
// Number formats
// ---------------------------------------------------------------------------------------------

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

/// Q8_0 block size.
pub const QK8_0: usize = 32;
/// Bytes of one Q8_0 block in a GGUF file: f16 scale + 32 × i8.
pub const Q8_0_BYTES: usize = 34;

/// A Q8_0 block of an activation vector; `d` is the f16-rounded scale, as llama.cpp stores it.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
pub struct BlockQ8 {
    pub d: f32,
    pub qs: [i8; QK8_0],
}

/// Quantize `x` (a multiple of 32 long) to Q8_0 blocks exactly as llama.cpp's x86 path does.
pub fn quantize_q8_0(out: &mut [BlockQ8], x: &[f32]) {
    for (b, xs) in out.iter_mut().zip(x.chunks_exact(QK8_0)) {
        let amax = xs.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let d = amax / 127.0;
        b.d = f16_to_f32(f32_to_f16(d));
        let id = if amax != 0.0 { 127.0 / amax } else { 0.0 };
        for (q, &v) in b.qs.iter_mut().zip(xs) {
            *q = round_even(v * id) as i8;
        }
    }
}

/// Round to nearest, ties to even, for |v| < 2^22 (here |v| ≤ 127): adding and subtracting
/// 1.5·2^23 leaves no fraction bits. Same result as `_mm256_round_ps(_MM_ROUND_NEAREST)`, at a
/// fraction of `libm::rintf`'s cost (it showed up at 9% of decode).
#[inline]
fn round_even(v: f32) -> f32 {
    const MAGIC: f32 = 12_582_912.0;
    (v + MAGIC) - MAGIC
}

/// An activation vector converted for one weight type.
#[derive(Clone, Copy)]
pub enum Act<'a> {
    F32(&'a [f32]),
    F16(&'a [u16]),
    BF16(&'a [u16]),
    Q8(&'a [BlockQ8]),
}

/// Scratch space for converted activations, sized once for the widest product.
pub struct ActScratch {
    half: alloc::vec::Vec<u16>,
    q8: alloc::vec::Vec<BlockQ8>,
}

impl ActScratch {
    /// Room for `n` activation elements.
    pub fn new(n: usize) -> Self {
        Self {
            half: alloc::vec![0; n],
            q8: alloc::vec![BlockQ8::default(); n.div_ceil(QK8_0)],
        }
    }

    /// Convert `x` (one or more rows, each of length a multiple of the block size for Q8_0)
    /// into the format that pairs with weights of type `ty`.
    pub fn convert<'a>(&'a mut self, ty: TensorType, x: &'a [f32]) -> Act<'a> {
        match ty {
            TensorType::F32 => Act::F32(x),
            TensorType::F16 => {
                let h = &mut self.half[..x.len()];
                for (o, &v) in h.iter_mut().zip(x) {
                    *o = f32_to_f16(v);
                }
                Act::F16(h)
            }
            TensorType::BF16 => {
                let h = &mut self.half[..x.len()];
                for (o, &v) in h.iter_mut().zip(x) {
                    *o = f32_to_bf16(v);
                }
                Act::BF16(h)
            }
            TensorType::Q8_0 => {
                let q = &mut self.q8[..x.len() / QK8_0];
                quantize_q8_0(q, x);
                Act::Q8(q)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dot products: portable
// ---------------------------------------------------------------------------------------------

#[inline]
fn rd_f32(b: &[u8], i: usize) -> f32 {
    f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

#[inline]
fn rd_u16(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[2 * i], b[2 * i + 1]])
}

/// Dot of a weight row (raw bytes of type matching `x`) with a converted activation row.
fn dot_portable(w: &[u8], x: Act<'_>) -> f32 {
    match x {
        Act::F32(x) => {
            // Eight partial sums, like the SIMD path, so both round in a similar order.
            let mut acc = [0.0f32; 8];
            let (wc, xc) = (w.chunks_exact(32), x.chunks_exact(8));
            let (wt, xt) = (wc.remainder(), xc.remainder());
            for (wb, xb) in wc.zip(xc) {
                for (j, (a, &xv)) in acc.iter_mut().zip(xb).enumerate() {
                    let b: [u8; 4] = [wb[4 * j], wb[4 * j + 1], wb[4 * j + 2], wb[4 * j + 3]];
                    *a += f32::from_le_bytes(b) * xv;
                }
            }
            let mut s: f32 = acc.iter().sum();
            for (b, &xv) in wt.chunks_exact(4).zip(xt) {
                s += f32::from_le_bytes([b[0], b[1], b[2], b[3]]) * xv;
            }
            s
        }
        Act::F16(x) => {
            let mut acc = [0.0f32; 8];
            let (wc, xc) = (w.chunks_exact(16), x.chunks_exact(8));
            let (wt, xt) = (wc.remainder(), xc.remainder());
            for (wb, xb) in wc.zip(xc) {
                for (j, (a, &xv)) in acc.iter_mut().zip(xb).enumerate() {
                    let wv = f16_to_f32(u16::from_le_bytes([wb[2 * j], wb[2 * j + 1]]));
                    *a += wv * f16_to_f32(xv);
                }
            }
            let mut s: f32 = acc.iter().sum();
            for (b, &xv) in wt.chunks_exact(2).zip(xt) {
                s += f16_to_f32(u16::from_le_bytes([b[0], b[1]])) * f16_to_f32(xv);
            }
            s
        }
        Act::BF16(x) => {
            let mut s = 0.0f32;
            for (b, &xv) in w.chunks_exact(2).zip(x) {
                s += bf16_to_f32(u16::from_le_bytes([b[0], b[1]])) * bf16_to_f32(xv);
            }
            s
        }
        Act::Q8(x) => {
            let mut s = 0.0f32;
            for (wb, xb) in w.chunks_exact(Q8_0_BYTES).zip(x) {
                let d = f16_to_f32(u16::from_le_bytes([wb[0], wb[1]])) * xb.d;
                let mut isum = 0i32;
                for (&q, &y) in wb[2..].iter().zip(&xb.qs) {
                    isum += i32::from(q as i8) * i32::from(y);
                }
                s += d * isum as f32;
            }
            s
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dot products: AVX2 + FMA + F16C
// ---------------------------------------------------------------------------------------------

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Act, BlockQ8, Q8_0_BYTES};
    use core::arch::x86_64::*;

    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn hsum(v: __m256) -> f32 {
        let lo = _mm256_castps256_ps128(v);
        let hi = _mm256_extractf128_ps(v, 1);
        let s = _mm_add_ps(lo, hi);
        let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
        let s = _mm_add_ss(s, _mm_movehdup_ps(s));
        _mm_cvtss_f32(s)
    }

    /// # Safety
    /// `w` must hold at least `x.len()` f32 values.
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot_f32(w: *const u8, x: &[f32]) -> f32 {
        let n = x.len();
        let xp = x.as_ptr();
        let wp = w as *const f32;
        let mut a0 = _mm256_setzero_ps();
        let mut a1 = _mm256_setzero_ps();
        let mut a2 = _mm256_setzero_ps();
        let mut a3 = _mm256_setzero_ps();
        let mut i = 0;
        // SAFETY: every load reads indices < n, inside both `x` and `w`.
        unsafe {
            while i + 32 <= n {
                a0 = _mm256_fmadd_ps(_mm256_loadu_ps(wp.add(i)), _mm256_loadu_ps(xp.add(i)), a0);
                a1 = _mm256_fmadd_ps(
                    _mm256_loadu_ps(wp.add(i + 8)),
                    _mm256_loadu_ps(xp.add(i + 8)),
                    a1,
                );
                a2 = _mm256_fmadd_ps(
                    _mm256_loadu_ps(wp.add(i + 16)),
                    _mm256_loadu_ps(xp.add(i + 16)),
                    a2,
                );
                a3 = _mm256_fmadd_ps(
                    _mm256_loadu_ps(wp.add(i + 24)),
                    _mm256_loadu_ps(xp.add(i + 24)),
                    a3,
                );
                i += 32;
            }
            while i + 8 <= n {
                a0 = _mm256_fmadd_ps(_mm256_loadu_ps(wp.add(i)), _mm256_loadu_ps(xp.add(i)), a0);
                i += 8;
            }
            let mut s = hsum(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)));
            while i < n {
                s += core::ptr::read_unaligned(wp.add(i)) * *xp.add(i);
                i += 1;
            }
            s
        }
    }

    /// # Safety
    /// `w` must hold at least `x.len()` f16 values.
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot_f16(w: *const u8, x: &[u16]) -> f32 {
        let n = x.len();
        let xp = x.as_ptr();
        let wp = w as *const u16;
        let mut a0 = _mm256_setzero_ps();
        let mut a1 = _mm256_setzero_ps();
        let mut i = 0;
        // SAFETY: every load reads indices < n, inside both `x` and `w`.
        unsafe {
            while i + 16 <= n {
                let w0 = cvtph256(_mm_loadu_si128(wp.add(i) as *const __m128i));
                let x0 = cvtph256(_mm_loadu_si128(xp.add(i) as *const __m128i));
                let w1 = cvtph256(_mm_loadu_si128(wp.add(i + 8) as *const __m128i));
                let x1 = cvtph256(_mm_loadu_si128(xp.add(i + 8) as *const __m128i));
                a0 = _mm256_fmadd_ps(w0, x0, a0);
                a1 = _mm256_fmadd_ps(w1, x1, a1);
                i += 16;
            }
            let mut s = hsum(_mm256_add_ps(a0, a1));
            while i < n {
                let wv = super::f16_to_f32(core::ptr::read_unaligned(wp.add(i)));
                s += wv * super::f16_to_f32(*xp.add(i));
                i += 1;
            }
            s
        }
    }

    /// # Safety
    /// `w` must hold at least `x.len()` bf16 values.
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot_bf16(w: *const u8, x: &[u16]) -> f32 {
        let n = x.len();
        let xp = x.as_ptr();
        let wp = w as *const u16;
        let mut a0 = _mm256_setzero_ps();
        let mut i = 0;
        // SAFETY: every load reads indices < n, inside both `x` and `w`.
        unsafe {
            while i + 8 <= n {
                let wv = _mm256_castsi256_ps(_mm256_slli_epi32(
                    _mm256_cvtepu16_epi32(_mm_loadu_si128(wp.add(i) as *const __m128i)),
                    16,
                ));
                let xv = _mm256_castsi256_ps(_mm256_slli_epi32(
                    _mm256_cvtepu16_epi32(_mm_loadu_si128(xp.add(i) as *const __m128i)),
                    16,
                ));
                a0 = _mm256_fmadd_ps(wv, xv, a0);
                i += 8;
            }
            let mut s = hsum(a0);
            while i < n {
                let wv = super::bf16_to_f32(core::ptr::read_unaligned(wp.add(i)));
                s += wv * super::bf16_to_f32(*xp.add(i));
                i += 1;
            }
            s
        }
    }

    /// llama.cpp's `mul_sum_i8_pairs_float`: 32 signed byte products summed into 8 f32 lanes.
    #[cfg(not(target_os = "none"))]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) fn mul_sum_i8_maddubs(x: __m256i, y: __m256i) -> __m256 {
        // maddubs wants one unsigned operand: move x's sign onto y.
        let ax = _mm256_sign_epi8(x, x);
        let sy = _mm256_sign_epi8(y, x);
        let dot16 = _mm256_maddubs_epi16(ax, sy);
        let dot32 = _mm256_madd_epi16(dot16, _mm256_set1_epi16(1));
        _mm256_cvtepi32_ps(dot32)
    }

    #[cfg(not(target_os = "none"))]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn mul_sum_i8(x: __m256i, y: __m256i) -> __m256 {
        mul_sum_i8_maddubs(x, y)
    }

    /// The same eight lane sums without `sign`/`maddubs`/`madd`: on the kernel's soft-float
    /// target LLVM aborts on those three ("Do not know how to split the result of this
    /// operator"; found by bisection). Widen to i32 instead; exact, tested on the host against
    /// the `maddubs` version (the lanes hold other partial sums, the total is the same).
    #[cfg_attr(not(target_os = "none"), allow(dead_code))]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) fn mul_sum_i8_widen(x: __m256i, y: __m256i) -> __m256 {
        let mut acc = _mm256_setzero_si256();
        let xs = [_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1)];
        let ys = [_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1)];
        for (xh, yh) in xs.into_iter().zip(ys) {
            let (xh2, yh2) = (_mm_unpackhi_epi64(xh, xh), _mm_unpackhi_epi64(yh, yh));
            let a = _mm256_mullo_epi32(_mm256_cvtepi8_epi32(xh), _mm256_cvtepi8_epi32(yh));
            let b = _mm256_mullo_epi32(_mm256_cvtepi8_epi32(xh2), _mm256_cvtepi8_epi32(yh2));
            acc = _mm256_add_epi32(acc, _mm256_add_epi32(a, b));
        }
        _mm256_cvtepi32_ps(acc)
    }

    #[cfg(target_os = "none")]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn mul_sum_i8(x: __m256i, y: __m256i) -> __m256 {
        mul_sum_i8_widen(x, y)
    }

    /// Eight f16 to eight f32 with F16C.
    #[cfg(not(target_os = "none"))]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn cvtph256(h: __m128i) -> __m256 {
        _mm256_cvtph_ps(h)
    }

    /// Eight f16 to eight f32 with integer AVX2 only, for the kernel target: there rustc lowers
    /// `_mm256_cvtph_ps` to a generic `fpext <8 x half>` that LLVM cannot legalise on the
    /// soft-float ABI ("Do not know how to split the result of this operator"), and inline
    /// assembly with vector operands is refused too ("scalar-to-vector conversion failed"). Exact for every input (tested on the host
    /// against the scalar conversion); the same select trick as [`super::f16_to_f32`].
    #[cfg_attr(not(target_os = "none"), allow(dead_code))]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) fn cvtph256_int(h: __m128i) -> __m256 {
        const SHIFTED_EXP: i32 = 0x7c00 << 13;
        let x = _mm256_cvtepu16_epi32(h);
        let sign = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x8000)), 16);
        let o = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x7fff)), 13);
        let exp = _mm256_and_si256(o, _mm256_set1_epi32(SHIFTED_EXP));
        let normal = _mm256_add_epi32(o, _mm256_set1_epi32(112 << 23));
        let inf_nan = _mm256_add_epi32(normal, _mm256_set1_epi32(112 << 23));
        let sub = _mm256_castps_si256(_mm256_sub_ps(
            _mm256_castsi256_ps(_mm256_add_epi32(normal, _mm256_set1_epi32(1 << 23))),
            _mm256_castsi256_ps(_mm256_set1_epi32(113 << 23)),
        ));
        let is_inf_nan = _mm256_cmpeq_epi32(exp, _mm256_set1_epi32(SHIFTED_EXP));
        let is_sub = _mm256_cmpeq_epi32(exp, _mm256_setzero_si256());
        let r = _mm256_blendv_epi8(normal, inf_nan, is_inf_nan);
        let r = _mm256_blendv_epi8(r, sub, is_sub);
        _mm256_castsi256_ps(_mm256_or_si256(r, sign))
    }

    #[cfg(target_os = "none")]
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn cvtph256(h: __m128i) -> __m256 {
        cvtph256_int(h)
    }

    /// One f16 to f32 (a Q8_0 block's scale).
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    fn h2f(h: u16) -> f32 {
        #[cfg(not(target_os = "none"))]
        {
            _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(h))))
        }
        #[cfg(target_os = "none")]
        {
            super::f16_to_f32(h)
        }
    }

    /// # Safety
    /// `w` must hold at least `x.len()` Q8_0 blocks (34 bytes each).
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot_q8(w: *const u8, x: &[BlockQ8]) -> f32 {
        let mut acc = _mm256_setzero_ps();
        for (b, xb) in x.iter().enumerate() {
            // SAFETY: block b lies at b*34 < len*34, inside `w`.
            unsafe {
                let wb = w.add(b * Q8_0_BYTES);
                let d = h2f(core::ptr::read_unaligned(wb as *const u16)) * xb.d;
                let qw = _mm256_loadu_si256(wb.add(2) as *const __m256i);
                let qx = _mm256_loadu_si256(xb.qs.as_ptr() as *const __m256i);
                acc = _mm256_fmadd_ps(_mm256_set1_ps(d), mul_sum_i8(qw, qx), acc);
            }
        }
        hsum(acc)
    }

    /// Four rows against one activation vector: `x` is loaded once for four rows, and four
    /// independent streams keep more loads in flight (decode is memory-bound).
    ///
    /// # Safety
    /// `w` must point at four consecutive rows of `stride` bytes, each holding at least as many
    /// elements as `x`, of the type matching `x`.
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot4(w: *const u8, stride: usize, x: Act<'_>) -> [f32; 4] {
        // SAFETY: every load reads element indices < n of rows 0..4 of `w` and of
        // `x`, as the caller guarantees.
        unsafe {
            let (w0, w1, w2, w3) = (w, w.add(stride), w.add(2 * stride), w.add(3 * stride));
            let mut a = [_mm256_setzero_ps(); 4];
            let mut tail = [0f32; 4];
            match x {
                Act::F32(x) => {
                    let n = x.len();
                    let xp = x.as_ptr();
                    let rows = [
                        w0 as *const f32,
                        w1 as *const f32,
                        w2 as *const f32,
                        w3 as *const f32,
                    ];
                    let mut i = 0;
                    while i + 8 <= n {
                        let xv = _mm256_loadu_ps(xp.add(i));
                        for r in 0..4 {
                            a[r] = _mm256_fmadd_ps(_mm256_loadu_ps(rows[r].add(i)), xv, a[r]);
                        }
                        i += 8;
                    }
                    while i < n {
                        for r in 0..4 {
                            tail[r] += core::ptr::read_unaligned(rows[r].add(i)) * *xp.add(i);
                        }
                        i += 1;
                    }
                }
                Act::F16(x) => {
                    let n = x.len();
                    let xp = x.as_ptr();
                    let rows = [
                        w0 as *const u16,
                        w1 as *const u16,
                        w2 as *const u16,
                        w3 as *const u16,
                    ];
                    let mut i = 0;
                    while i + 8 <= n {
                        let xv = cvtph256(_mm_loadu_si128(xp.add(i) as *const __m128i));
                        for r in 0..4 {
                            let wv = cvtph256(_mm_loadu_si128(rows[r].add(i) as *const __m128i));
                            a[r] = _mm256_fmadd_ps(wv, xv, a[r]);
                        }
                        i += 8;
                    }
                    while i < n {
                        for r in 0..4 {
                            let wv = h2f(core::ptr::read_unaligned(rows[r].add(i)));
                            tail[r] += wv * h2f(*xp.add(i));
                        }
                        i += 1;
                    }
                }
                Act::BF16(x) => {
                    let n = x.len();
                    let xp = x.as_ptr();
                    let rows = [
                        w0 as *const u16,
                        w1 as *const u16,
                        w2 as *const u16,
                        w3 as *const u16,
                    ];
                    let ld = |p: *const u16| {
                        _mm256_castsi256_ps(_mm256_slli_epi32(
                            _mm256_cvtepu16_epi32(_mm_loadu_si128(p as *const __m128i)),
                            16,
                        ))
                    };
                    let mut i = 0;
                    while i + 8 <= n {
                        let xv = ld(xp.add(i));
                        for r in 0..4 {
                            a[r] = _mm256_fmadd_ps(ld(rows[r].add(i)), xv, a[r]);
                        }
                        i += 8;
                    }
                    while i < n {
                        for r in 0..4 {
                            let wv = super::bf16_to_f32(core::ptr::read_unaligned(rows[r].add(i)));
                            tail[r] += wv * super::bf16_to_f32(*xp.add(i));
                        }
                        i += 1;
                    }
                }
                Act::Q8(x) => {
                    let rows = [w0, w1, w2, w3];
                    for (b, xb) in x.iter().enumerate() {
                        let qx = _mm256_loadu_si256(xb.qs.as_ptr() as *const __m256i);
                        for r in 0..4 {
                            let wb = rows[r].add(b * Q8_0_BYTES);
                            let d = h2f(core::ptr::read_unaligned(wb as *const u16)) * xb.d;
                            let qw = _mm256_loadu_si256(wb.add(2) as *const __m256i);
                            a[r] = _mm256_fmadd_ps(_mm256_set1_ps(d), mul_sum_i8(qw, qx), a[r]);
                        }
                    }
                }
            }
            [
                hsum(a[0]) + tail[0],
                hsum(a[1]) + tail[1],
                hsum(a[2]) + tail[2],
                hsum(a[3]) + tail[3],
            ]
        }
    }

    /// # Safety
    /// `w` must be a row holding at least as many elements as `x`, of the type matching `x`.
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    pub unsafe fn dot(w: *const u8, x: Act<'_>) -> f32 {
        // SAFETY: forwarded from the caller.
        unsafe {
            match x {
                Act::F32(x) => dot_f32(w, x),
                Act::F16(x) => dot_f16(w, x),
                Act::BF16(x) => dot_bf16(w, x),
                Act::Q8(x) => dot_q8(w, x),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Matrices
// ---------------------------------------------------------------------------------------------

/// A weight matrix borrowed from the GGUF file: `rows` rows of `cols` elements, row-major
/// (ggml's `ne0 = cols`, `ne1 = rows`).
#[derive(Debug, Clone, Copy)]
pub struct Matrix<'a> {
    pub ty: TensorType,
    pub rows: usize,
    pub cols: usize,
    pub row_bytes: usize,
    pub data: &'a [u8],
}

impl<'a> Matrix<'a> {
    /// The bytes of row `r`.
    pub fn row(&self, r: usize) -> &'a [u8] {
        &self.data[r * self.row_bytes..(r + 1) * self.row_bytes]
    }

    /// Write row `r` as f32 into `out` (embedding lookup).
    pub fn dequantize_row(&self, r: usize, out: &mut [f32]) {
        let w = self.row(r);
        match self.ty {
            TensorType::F32 => {
                for (i, o) in out.iter_mut().enumerate().take(self.cols) {
                    *o = rd_f32(w, i);
                }
            }
            TensorType::F16 => {
                for (i, o) in out.iter_mut().enumerate().take(self.cols) {
                    *o = f16_to_f32(rd_u16(w, i));
                }
            }
            TensorType::BF16 => {
                for (i, o) in out.iter_mut().enumerate().take(self.cols) {
                    *o = bf16_to_f32(rd_u16(w, i));
                }
            }
            TensorType::Q8_0 => {
                for (blk, os) in w.chunks_exact(Q8_0_BYTES).zip(out.chunks_mut(QK8_0)) {
                    let d = f16_to_f32(u16::from_le_bytes([blk[0], blk[1]]));
                    for (o, &q) in os.iter_mut().zip(&blk[2..]) {
                        *o = f32::from(q as i8) * d;
                    }
                }
            }
        }
    }
}

fn act_len(x: &Act<'_>) -> usize {
    match x {
        Act::F32(x) => x.len(),
        Act::F16(x) | Act::BF16(x) => x.len(),
        Act::Q8(x) => x.len() * QK8_0,
    }
}

fn act_row<'a>(x: &Act<'a>, t: usize, n: usize) -> Act<'a> {
    match *x {
        Act::F32(x) => Act::F32(&x[t * n..(t + 1) * n]),
        Act::F16(x) => Act::F16(&x[t * n..(t + 1) * n]),
        Act::BF16(x) => Act::BF16(&x[t * n..(t + 1) * n]),
        Act::Q8(x) => Act::Q8(&x[t * n / QK8_0..(t + 1) * n / QK8_0]),
    }
}

/// `out[t * rows_total + r] = W[r] · x[t]` for `r` in `rows` and `t` in `0..n_tok`, where `x`
/// holds `n_tok` converted rows of `w.cols` elements. One token is a matrix-vector product; more
/// reuse each weight row (loaded once, kept in L1) across all tokens, which is what makes prefill
/// faster than decode. `rows` lets a caller split the work across cores.
pub fn matmul_rows(
    out: &mut [f32],
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    matmul_rows_on(simd(), out, w, x, n_tok, rows)
}

/// Never run AVX2 code on a CPU without it, whatever the caller asked for.
fn effective(s: Simd) -> Simd {
    if s == Simd::Avx2 {
        simd()
    } else {
        Simd::Portable
    }
}

/// [`matmul_rows`] on a chosen kernel family (tests compare both).
pub fn matmul_rows_on(
    s: Simd,
    out: &mut [f32],
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
) {
    let n = w.cols;
    // These are programming errors (shapes are validated at load), not input errors; the unsafe
    // kernels below rely on them.
    assert!(act_len(&x) == n * n_tok, "activation length mismatch");
    assert!(rows.end <= w.rows && w.data.len() >= w.rows * w.row_bytes);
    assert!(out.len() >= (n_tok.max(1) - 1) * w.rows + rows.end);
    let rows_total = w.rows;
    match effective(s) {
        #[cfg(target_arch = "x86_64")]
        Simd::Avx2 => {
            // SAFETY: detection confirmed AVX2/FMA/F16C; lengths asserted above.
            unsafe { matmul_avx2(out, w, x, n_tok, rows, rows_total) }
        }
        _ => {
            for r in rows {
                let wr = w.row(r);
                for t in 0..n_tok {
                    out[t * rows_total + r] = dot_portable(wr, act_row(&x, t, n));
                }
            }
        }
    }
}

/// # Safety
/// AVX2, FMA and F16C must be available; shapes as asserted by `matmul_rows`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn matmul_avx2(
    out: &mut [f32],
    w: &Matrix<'_>,
    x: Act<'_>,
    n_tok: usize,
    rows: core::ops::Range<usize>,
    rows_total: usize,
) {
    let n = w.cols;
    let mut r = rows.start;
    // Prefill: groups of four rows, each group staying in L1 while every token passes over it.
    // Decode (one token) streams the matrix from memory row by row instead: interleaving four
    // rows measured 3x slower there (model-bench, qwen3-d512-l8-q8_0: 145 vs 470 tok/s).
    while n_tok > 1 && r + 4 <= rows.end {
        let wr = w.row(r).as_ptr();
        for t in 0..n_tok {
            // SAFETY: rows r..r+4 exist (r + 4 <= rows.end <= w.rows) and hold `n` elements each.
            let d = unsafe { avx2::dot4(wr, w.row_bytes, act_row(&x, t, n)) };
            out[t * rows_total + r..t * rows_total + r + 4].copy_from_slice(&d);
        }
        r += 4;
    }
    for r in r..rows.end {
        let wr = w.row(r).as_ptr();
        for t in 0..n_tok {
            // SAFETY: row r holds `n` elements of the type matching `x`.
            out[t * rows_total + r] = unsafe { avx2::dot(wr, act_row(&x, t, n)) };
        }
    }
}

/// Matrix-vector (one token) or matrix-matrix (several tokens) product over all rows.
pub fn matmul(out: &mut [f32], w: &Matrix<'_>, x: Act<'_>, n_tok: usize) {
    matmul_rows(out, w, x, n_tok, 0..w.rows)
}

/// [`matmul`] on a chosen kernel family (AVX2 falls back to portable where unsupported).
pub fn matmul_on(s: Simd, out: &mut [f32], w: &Matrix<'_>, x: Act<'_>, n_tok: usize) {
    matmul_rows_on(s, out, w, x, n_tok, 0..w.rows)
}

/// Dot of two f32 slices of equal length (attention scores).
pub fn dot_f32(a: &[f32], b: &[f32]) -> f32 {
    dot_f32_on(simd(), a, b)
}

/// [`dot_f32`] on a chosen kernel family.
pub fn dot_f32_on(s: Simd, a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    match effective(s) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: AVX2 detected; `a` holds `b.len()` f32 values.
        Simd::Avx2 => unsafe { avx2::dot_f32(a.as_ptr() as *const u8, b) },
        _ => {
            let mut acc = [0.0f32; 8];
            let n8 = a.len() / 8 * 8;
            for i in (0..n8).step_by(8) {
                for (j, s) in acc.iter_mut().enumerate() {
                    *s += a[i + j] * b[i + j];
                }
            }
            let mut s: f32 = acc.iter().sum();
            for i in n8..a.len() {
                s += a[i] * b[i];
            }
            s
        }
    }
}

/// `y += a * x` (attention's weighted sum of values).
pub fn axpy(y: &mut [f32], a: f32, x: &[f32]) {
    for (yv, &xv) in y.iter_mut().zip(x) {
        *yv += a * xv;
    }
}

// ---------------------------------------------------------------------------------------------
// Element-wise blocks
// ---------------------------------------------------------------------------------------------

/// Read an f32 norm weight vector stored in the GGUF bytes.
#[inline]
pub fn weight_f32(w: &[u8], i: usize) -> f32 {
    rd_f32(w, i)
}

/// `o = x / sqrt(mean(x²) + eps) * w`, with ggml's double-precision sum of squares.
pub fn rmsnorm(o: &mut [f32], x: &[f32], w: &[u8], eps: f32) {
    let ss: f64 = x.iter().map(|&v| f64::from(v * v)).sum();
    let mean = (ss / x.len() as f64) as f32;
    let scale = 1.0 / libm::sqrtf(mean + eps);
    for (i, (ov, &xv)) in o.iter_mut().zip(x).enumerate() {
        *ov = xv * scale * rd_f32(w, i);
    }
}

/// In-place RMSNorm (QK-Norm on one head).
pub fn rmsnorm_inplace(x: &mut [f32], w: &[u8], eps: f32) {
    let ss: f64 = x.iter().map(|&v| f64::from(v * v)).sum();
    let mean = (ss / x.len() as f64) as f32;
    let scale = 1.0 / libm::sqrtf(mean + eps);
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
pub fn softmax(x: &mut [f32]) {
    let max = x.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
    let mut sum = 0.0f64;
    for v in x.iter_mut() {
        *v = expf(*v - max);
        sum += f64::from(*v);
    }
    let inv = (1.0 / sum) as f32;
    for v in x.iter_mut() {
        *v *= inv;
    }
}

/// SwiGLU: `g = silu(g) * u`.
pub fn swiglu(g: &mut [f32], u: &[f32]) {
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
    let theta_scale = libm::powf(base, -2.0 / n_rot as f32);
    let mut theta = pos as f32;
    for pair in cache.chunks_exact_mut(2) {
        pair[0] = libm::cosf(theta);
        pair[1] = libm::sinf(theta);
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    struct Lcg(u64);
    impl Lcg {
        fn f(&mut self) -> f32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
        }
    }

    fn encode(ty: TensorType, vals: &[f32]) -> Vec<u8> {
        let mut out = Vec::new();
        match ty {
            TensorType::F32 => vals.iter().for_each(|v| out.extend(v.to_le_bytes())),
            TensorType::F16 => vals
                .iter()
                .for_each(|v| out.extend(f32_to_f16(*v).to_le_bytes())),
            TensorType::BF16 => vals
                .iter()
                .for_each(|v| out.extend(f32_to_bf16(*v).to_le_bytes())),
            TensorType::Q8_0 => {
                for c in vals.chunks(32) {
                    let amax = c.iter().fold(0f32, |m, v| m.max(v.abs()));
                    let d = amax / 127.0;
                    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
                    out.extend(f32_to_f16(d).to_le_bytes());
                    c.iter()
                        .for_each(|v| out.push(libm::roundf(v * id) as i8 as u8));
                }
            }
        }
        out
    }

    /// Both kernel families, on every type and on lengths with and without SIMD tails, agree
    /// with each other and with a plain f64 reference on the same rounded inputs.
    #[test]
    fn avx2_and_portable_agree() {
        if simd() != Simd::Avx2 {
            eprintln!("no AVX2 here: only the portable path is tested");
        }
        let mut rng = Lcg(7);
        for ty in [
            TensorType::F32,
            TensorType::F16,
            TensorType::BF16,
            TensorType::Q8_0,
        ] {
            for &cols in &[32usize, 64, 96, 160, 1024] {
                let cols = if ty == TensorType::Q8_0 {
                    cols
                } else {
                    cols + 3
                };
                let rows = 13;
                let n_tok = 5;
                let wv: Vec<f32> = (0..rows * cols).map(|_| rng.f()).collect();
                let xv: Vec<f32> = (0..n_tok * cols).map(|_| rng.f() * 3.0).collect();
                let data = encode(ty, &wv);
                let w = Matrix {
                    ty,
                    rows,
                    cols,
                    row_bytes: ty.row_bytes(cols as u64).unwrap() as usize,
                    data: &data,
                };
                let mut sc = ActScratch::new(n_tok * cols);
                let mut out_p = alloc::vec![0f32; n_tok * rows];
                let mut out_s = alloc::vec![0f32; n_tok * rows];
                let rr = 0..rows;
                matmul_rows_on(
                    Simd::Portable,
                    &mut out_p,
                    &w,
                    sc.convert(ty, &xv),
                    n_tok,
                    rr,
                );
                matmul_rows_on(simd(), &mut out_s, &w, sc.convert(ty, &xv), n_tok, 0..rows);
                // Reference on dequantized weights and converted activations, in f64.
                let act = sc.convert(ty, &xv);
                let mut xd = alloc::vec![0f32; n_tok * cols];
                match act {
                    Act::F32(a) => xd.copy_from_slice(a),
                    Act::F16(a) => xd.iter_mut().zip(a).for_each(|(o, &h)| *o = f16_to_f32(h)),
                    Act::BF16(a) => xd.iter_mut().zip(a).for_each(|(o, &h)| *o = bf16_to_f32(h)),
                    Act::Q8(a) => {
                        for (o, b) in xd.chunks_mut(32).zip(a) {
                            o.iter_mut()
                                .zip(&b.qs)
                                .for_each(|(o, &q)| *o = f32::from(q) * b.d);
                        }
                    }
                }
                let mut wrow = alloc::vec![0f32; cols];
                for r in 0..rows {
                    w.dequantize_row(r, &mut wrow);
                    for t in 0..n_tok {
                        let want: f64 = wrow
                            .iter()
                            .zip(&xd[t * cols..(t + 1) * cols])
                            .map(|(&a, &b)| f64::from(a) * f64::from(b))
                            .sum();
                        let tol = 1e-4 * (cols as f64).sqrt() * 3.0;
                        let p = f64::from(out_p[t * rows + r]);
                        let s = f64::from(out_s[t * rows + r]);
                        assert!(
                            (p - want).abs() < tol,
                            "{ty:?} {cols} portable {p} vs {want}"
                        );
                        assert!((s - want).abs() < tol, "{ty:?} {cols} simd {s} vs {want}");
                    }
                }
            }
        }
    }

    #[test]
    fn dot_f32_paths_agree() {
        let mut rng = Lcg(3);
        for n in [1usize, 7, 8, 31, 64, 129] {
            let a: Vec<f32> = (0..n).map(|_| rng.f()).collect();
            let b: Vec<f32> = (0..n).map(|_| rng.f()).collect();
            let p = dot_f32_on(Simd::Portable, &a, &b);
            let s = dot_f32_on(simd(), &a, &b);
            let want: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            assert!(
                (p - want).abs() < 1e-5 && (s - want).abs() < 1e-5,
                "{n}: {p} {s} {want}"
            );
        }
    }

    #[test]
    fn f16_conversion_is_exact_for_every_value() {
        for h in 0..=u16::MAX {
            let want = half::f16::from_bits(h).to_f32();
            let got = f16_to_f32(h);
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "{h:#06x}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn expf_is_accurate() {
        let mut worst = 0f64;
        for i in -900_000..=900_000 {
            let x = i as f32 / 10_000.0;
            let want = (x as f64).exp();
            let got = expf(x) as f64;
            if want > 1e-37 && want < 1e38 {
                worst = worst.max(((got - want) / want).abs());
            }
        }
        assert!(worst < 3e-7, "relative error {worst}");
        assert_eq!(expf(0.0), 1.0);
        assert_eq!(expf(-1000.0), 0.0);
        assert_eq!(expf(1000.0), f32::INFINITY);
        assert_eq!(expf(f32::NEG_INFINITY), 0.0);
        assert!(expf(f32::NAN).is_nan());
    }

    /// The kernel target's integer-only f16 conversion, checked on the host for every value.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_integer_f16_conversion_is_exact() {
        if simd() != Simd::Avx2 {
            return;
        }
        use core::arch::x86_64::*;
        for base in (0..=u16::MAX as u32).step_by(8) {
            let hs: [u16; 8] = core::array::from_fn(|i| (base + i as u32) as u16);
            let mut got = [0f32; 8];
            // SAFETY: AVX2/F16C detected above; the loads and stores stay inside the arrays.
            unsafe {
                let v = avx2::cvtph256_int(_mm_loadu_si128(hs.as_ptr() as *const __m128i));
                _mm256_storeu_ps(got.as_mut_ptr(), v);
            }
            for (h, g) in hs.iter().zip(got) {
                let want = f16_to_f32(*h);
                assert!(
                    g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan()),
                    "{h:#x}"
                );
            }
        }
    }

    /// The kernel target's widening Q8 block product sums to the same as `maddubs` on the host.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_widening_q8_product_matches_maddubs() {
        if simd() != Simd::Avx2 {
            return;
        }
        use core::arch::x86_64::*;
        let mut rng = Lcg(11);
        for round in 0..2000 {
            let x: [i8; 32] = core::array::from_fn(|_| (rng.f() * 127.0) as i8);
            let mut y: [i8; 32] = core::array::from_fn(|_| (rng.f() * 128.0) as i8);
            if round % 7 == 0 {
                y[round % 32] = -128; // Weights may hold -128; activations never do.
            }
            let want: i32 = x
                .iter()
                .zip(&y)
                .map(|(&a, &b)| i32::from(a) * i32::from(b))
                .sum();
            let (mut a, mut b) = ([0f32; 8], [0f32; 8]);
            // SAFETY: AVX2 detected above; loads and stores stay inside the arrays.
            unsafe {
                let xv = _mm256_loadu_si256(x.as_ptr() as *const __m256i);
                let yv = _mm256_loadu_si256(y.as_ptr() as *const __m256i);
                _mm256_storeu_ps(a.as_mut_ptr(), avx2::mul_sum_i8_widen(yv, xv));
                _mm256_storeu_ps(b.as_mut_ptr(), avx2::mul_sum_i8_maddubs(yv, xv));
            }
            assert_eq!(a.iter().sum::<f32>(), want as f32);
            assert_eq!(b.iter().sum::<f32>(), want as f32);
        }
    }

    #[test]
    fn round_even_matches_rint() {
        for i in -300_000..300_000 {
            let v = i as f32 / 2000.0;
            assert_eq!(round_even(v), libm::rintf(v), "{v}");
        }
        assert_eq!(round_even(2.5), 2.0);
        assert_eq!(round_even(-3.5), -4.0);
    }

    #[test]
    fn number_formats_round_trip() {
        assert_eq!(f16_to_f32(f32_to_f16(1.5)), 1.5);
        assert_eq!(f16_to_f32(0x3c00), 1.0);
        assert_eq!(bf16_to_f32(f32_to_bf16(-2.25)), -2.25);
        // Ties to even: 1 + 2^-8 is halfway between two bf16 values and rounds down to 1.
        assert_eq!(bf16_to_f32(f32_to_bf16(1.0 + 1.0 / 256.0)), 1.0);
        let mut b = [BlockQ8::default()];
        let x: Vec<f32> = (0..32).map(|i| i as f32 - 16.0).collect();
        quantize_q8_0(&mut b, &x);
        assert_eq!(b[0].qs[0], -127);
        assert_eq!(b[0].qs[16], 0);
    }

    #[test]
    fn rope_neox_pairs_half_apart() {
        let mut cache = [0f32; 4];
        rope_cache(&mut cache, 1, 10000.0);
        let mut x = [1.0, 0.0, 0.0, 0.0];
        rope_apply(&mut x, &cache, RopeStyle::Neox);
        // Dimension 0 rotates into dimension 2 (half apart), not 1.
        assert!((x[0] - libm::cosf(1.0)).abs() < 1e-6);
        assert!((x[2] - libm::sinf(1.0)).abs() < 1e-6);
        assert_eq!(x[1], 0.0);
        let mut y = [1.0, 0.0, 0.0, 0.0];
        rope_apply(&mut y, &cache, RopeStyle::Adjacent);
        assert!((y[1] - libm::sinf(1.0)).abs() < 1e-6);
    }
}
