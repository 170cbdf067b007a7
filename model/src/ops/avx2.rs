//! AVX2 + FMA + F16C kernels, the same contract as [`super::portable`]: a weight row and an
//! activation row in ggml's byte layout, read with unaligned loads.
//!
//! # Safety (every `unsafe fn` here)
//! The CPU must support AVX2, FMA and F16C with YMM state enabled ([`super::simd`] says so), and
//! `w` must hold at least as many elements as `x` (the matrix product asserts both lengths).

use super::formats::{Q8_0_ACT_BYTES, Q8_K_BYTES, QK_K};
use core::arch::x86_64::*;

#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn hsum(v: __m256) -> f32 {
    let lo = _mm256_castps256_ps128(v);
    let hi = _mm256_extractf128_ps(v, 1);
    let s = _mm_add_ps(lo, hi);
    let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    let s = _mm_add_ss(s, _mm_movehdup_ps(s));
    _mm_cvtss_f32(s)
}

/// llama.cpp's `mul_sum_i8_pairs_float`: 32 signed byte products summed into 8 f32 lanes. The
/// tiles in `gemm.rs` inline it (|w| computed once per weight block); this is the reference
/// the widening test checks.
#[cfg_attr(not(test), allow(dead_code))]
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

/// The same eight lane sums without `sign`/`maddubs`/`madd`, by widening to i32. Kept from the
/// soft-float `x86_64-unknown-none` days, where LLVM aborted on those three; the kernel's
/// hard-float target does not need it, but it is the reference the `maddubs` version is
/// checked against on -128 (the lanes hold other partial sums, the total is the same).
#[cfg_attr(not(test), allow(dead_code))]
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

/// Eight f16 to eight f32 with integer AVX2 only (from the soft-float target, where
/// `_mm256_cvtph_ps` did not legalise); exact for every input, tested on the host against the
/// scalar conversion, and unused by the shipped kernels, which have F16C.
#[cfg_attr(not(test), allow(dead_code))]
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

/// One f16 (a block scale) to f32.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn h2f(b: &[u8], o: usize) -> f32 {
    let h = u16::from_le_bytes([b[o], b[o + 1]]);
    _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(h))))
}

/// # Safety
/// See the module: AVX2/FMA/F16C, `w.len() >= x.len()`.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn dot_f32(w: &[u8], x: &[u8]) -> f32 {
    debug_assert!(w.len() >= x.len());
    let n = x.len() / 4;
    let (wp, xp) = (w.as_ptr() as *const f32, x.as_ptr() as *const f32);
    let mut a = [_mm256_setzero_ps(); 4];
    let mut i = 0;
    // SAFETY: every load reads f32 indices < n, inside both rows.
    unsafe {
        while i + 32 <= n {
            for (k, acc) in a.iter_mut().enumerate() {
                let j = i + 8 * k;
                *acc =
                    _mm256_fmadd_ps(_mm256_loadu_ps(wp.add(j)), _mm256_loadu_ps(xp.add(j)), *acc);
            }
            i += 32;
        }
        while i + 8 <= n {
            a[0] = _mm256_fmadd_ps(_mm256_loadu_ps(wp.add(i)), _mm256_loadu_ps(xp.add(i)), a[0]);
            i += 8;
        }
        let mut s = hsum(_mm256_add_ps(
            _mm256_add_ps(a[0], a[1]),
            _mm256_add_ps(a[2], a[3]),
        ));
        while i < n {
            s += core::ptr::read_unaligned(wp.add(i)) * core::ptr::read_unaligned(xp.add(i));
            i += 1;
        }
        s
    }
}

// Helpers of the k-quant tiles in `gemm.rs` (Q5_K) and `lanes.rs` (Q4_K, Q6_K), whose quants are unpacked in
// registers (masks and shifts on 32 bytes at a time), never stored. Their quants are unsigned
// (Q6_K's offset of 32 is taken out through the activation sums), so `maddubs` takes them
// directly, as in llama.cpp's x86 kernels.

/// # Safety
/// 32 readable bytes at `p`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn ld32(p: *const u8) -> __m256i {
    // SAFETY: forwarded.
    unsafe { _mm256_loadu_si256(p as *const __m256i) }
}

/// Q4_K's and Q5_K's twelve scale bytes to eight 6-bit scales (bytes 0..8) and eight 6-bit
/// minimums (8..16), with 32-bit masks instead of eight [`super::quants::scale_min_k4`] calls.
#[inline]
pub(super) fn k4_scales_mins(sc: &[u8]) -> [u8; 16] {
    const M6: u32 = 0x3f3f_3f3f;
    const M4: u32 = 0x0f0f_0f0f;
    const M2: u32 = 0x0303_0303;
    let u = |i: usize| u32::from_le_bytes([sc[4 * i], sc[4 * i + 1], sc[4 * i + 2], sc[4 * i + 3]]);
    let (a, b, c) = (u(0), u(1), u(2));
    let scales_lo = a & M6;
    let scales_hi = (c & M4) | (((a >> 6) & M2) << 4);
    let mins_lo = b & M6;
    let mins_hi = ((c >> 4) & M4) | (((b >> 6) & M2) << 4);
    let mut out = [0u8; 16];
    for (o, w) in out
        .chunks_exact_mut(4)
        .zip([scales_lo, scales_hi, mins_lo, mins_hi])
    {
        o.copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// Horizontal sum of eight i32 lanes.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn hsum_i32(v: __m256i) -> i32 {
    let s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    let s = _mm_add_epi32(s, _mm_unpackhi_epi64(s, s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 1));
    _mm_cvtsi128_si32(s)
}

// The legacy quants' unpacking, for the tiles in `gemm.rs`: 16 bytes of nibbles become 32
// quants in one register (low nibbles first, as the block stores them), and Q5's 32 fifth bits
// 32 bytes of masks.

/// # Safety
/// 16 readable bytes at `p`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn nibbles32(p: *const u8) -> __m256i {
    // SAFETY: forwarded.
    let q = unsafe { _mm_loadu_si128(p as *const __m128i) };
    let m4 = _mm_set1_epi8(0x0F);
    _mm256_set_m128i(
        _mm_and_si128(_mm_srli_epi16(q, 4), m4),
        _mm_and_si128(q, m4),
    )
}

/// Bit i of `bits` as byte i: 0x10 if set, else 0 (llama.cpp's `bytes_from_bits_32`, masked).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn fifth_bits(bits: u32) -> __m256i {
    let spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(bits as i32),
        _mm256_set_epi64x(
            0x0303_0303_0303_0303,
            0x0202_0202_0202_0202,
            0x0101_0101_0101_0101,
            0,
        ),
    );
    let set = _mm256_cmpeq_epi8(
        _mm256_or_si256(spread, _mm256_set1_epi64x(0x7fbf_dfef_f7fb_fdfe)),
        _mm256_set1_epi64x(-1),
    );
    _mm256_and_si256(set, _mm256_set1_epi8(0x10))
}

// Activation converters: the same bytes as `formats`' portable ones (every step is the same
// IEEE operation lane by lane; only NaN inputs could differ), once per batch and product input.

/// `formats::act_f16` with F16C: round to f16 (nearest even).
///
/// # Safety
/// AVX2/FMA/F16C; `out` holds `2 * x.len()` bytes.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn act_f16(x: &[f32], out: &mut [u8]) {
    assert!(out.len() >= 2 * x.len());
    let n = x.len() / 8 * 8;
    for i in (0..n).step_by(8) {
        // SAFETY: elements i..i+8 of x and bytes 2i..2i+16 of out exist (asserted above).
        unsafe {
            let v = _mm256_loadu_ps(x.as_ptr().add(i));
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
            _mm_storeu_si128(out.as_mut_ptr().add(2 * i) as *mut __m128i, h);
        }
    }
    super::formats::act_f16(&x[n..], &mut out[2 * n..2 * x.len()]);
}

/// The largest lane of `v`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn hmax(v: __m256) -> f32 {
    let m = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    let m = _mm_max_ps(m, _mm_movehl_ps(m, m));
    _mm_cvtss_f32(_mm_max_ss(m, _mm_movehdup_ps(m)))
}

/// `|v|` lane by lane.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn abs_ps(v: __m256) -> __m256 {
    _mm256_andnot_ps(_mm256_set1_ps(-0.0), v)
}

/// Four vectors of eight i32 (each within i8) to 32 bytes in element order.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn pack_i8(q: [__m256i; 4]) -> __m256i {
    // packs interleaves the 128-bit lanes; the permute puts the 32-bit groups back in order.
    let a = _mm256_packs_epi32(q[0], q[1]);
    let b = _mm256_packs_epi32(q[2], q[3]);
    let p = _mm256_packs_epi16(a, b);
    _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7))
}

/// `round(v * s)` to i32, ties to even (as `formats::round_even`).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
fn round_scaled(v: __m256, s: __m256) -> __m256i {
    let r =
        _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(_mm256_mul_ps(v, s));
    _mm256_cvtps_epi32(r)
}

/// `formats::act_q8_0`, 32 elements at a time.
///
/// # Safety
/// AVX2/FMA/F16C; `x` is whole blocks and `out` holds their Q8_0 bytes.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn act_q8_0(x: &[f32], out: &mut [u8]) {
    assert!(x.len().is_multiple_of(32) && out.len() >= x.len() / 32 * Q8_0_ACT_BYTES);
    for (b, xs) in out.chunks_exact_mut(Q8_0_ACT_BYTES).zip(x.chunks_exact(32)) {
        // SAFETY: xs holds 32 f32s and b 36 bytes.
        unsafe {
            let v: [__m256; 4] = core::array::from_fn(|k| _mm256_loadu_ps(xs.as_ptr().add(8 * k)));
            let m = _mm256_max_ps(
                _mm256_max_ps(abs_ps(v[0]), abs_ps(v[1])),
                _mm256_max_ps(abs_ps(v[2]), abs_ps(v[3])),
            );
            let amax = hmax(m);
            let d = super::formats::f32_to_f16(amax / 127.0);
            b[..4].copy_from_slice(&super::formats::f16_to_f32(d).to_le_bytes());
            let id = _mm256_set1_ps(if amax != 0.0 { 127.0 / amax } else { 0.0 });
            let q = pack_i8(core::array::from_fn(|k| round_scaled(v[k], id)));
            _mm256_storeu_si256(b.as_mut_ptr().add(4) as *mut __m256i, q);
        }
    }
}

/// `formats::act_q8_k`: the element of largest magnitude (the first, on ties) maps to -127.
///
/// # Safety
/// AVX2/FMA/F16C; `x` is whole blocks of 256 and `out` holds their Q8_K bytes.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn act_q8_k(x: &[f32], out: &mut [u8]) {
    assert!(x.len().is_multiple_of(QK_K) && out.len() >= x.len() / QK_K * Q8_K_BYTES);
    for (b, xs) in out.chunks_exact_mut(Q8_K_BYTES).zip(x.chunks_exact(QK_K)) {
        // SAFETY: xs holds 256 f32s and b one Q8_K block (4 + 256 + 32 bytes).
        unsafe {
            let p = xs.as_ptr();
            let mut m = _mm256_setzero_ps();
            for k in 0..QK_K / 8 {
                m = _mm256_max_ps(m, abs_ps(_mm256_loadu_ps(p.add(8 * k))));
            }
            let amax = hmax(m);
            if amax == 0.0 {
                b.fill(0);
                continue;
            }
            // The signed value of the first element whose magnitude is amax.
            let am = _mm256_set1_ps(amax);
            let mut max = 0.0;
            for k in 0..QK_K / 8 {
                let eq = _mm256_cmp_ps::<_CMP_EQ_OQ>(abs_ps(_mm256_loadu_ps(p.add(8 * k))), am);
                let mask = _mm256_movemask_ps(eq);
                if mask != 0 {
                    max = xs[8 * k + mask.trailing_zeros() as usize];
                    break;
                }
            }
            let iscale = -127.0 / max;
            let s = _mm256_set1_ps(iscale);
            let cap = _mm256_set1_epi32(127);
            for g in 0..QK_K / 32 {
                let q: [__m256i; 4] = core::array::from_fn(|k| {
                    let v = _mm256_loadu_ps(p.add(32 * g + 8 * k));
                    _mm256_min_epi32(round_scaled(v, s), cap)
                });
                for h in 0..2 {
                    let sum = hsum_i32(_mm256_add_epi32(q[2 * h], q[2 * h + 1]));
                    let o = 4 + QK_K + 2 * (2 * g + h);
                    b[o..o + 2].copy_from_slice(&(sum as i16).to_le_bytes());
                }
                _mm256_storeu_si256(b.as_mut_ptr().add(4 + 32 * g) as *mut __m256i, pack_i8(q));
            }
            b[..4].copy_from_slice(&(1.0 / iscale).to_le_bytes());
        }
    }
}
