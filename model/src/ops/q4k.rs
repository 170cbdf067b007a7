//! Q4_K against Q8_K on AVX2, one row per lane ([`super::lanes`]).
//!
//! The arithmetic of element (row, token): for each super-block in order, the exact integers
//! `I = Σ_j sc_j · Σ_{i∈j} q_i·y_i` and `M = Σ_j m_j · Σ_{i∈j} y_i` (j the eight groups of
//! 32), then `acc = fma(I, d·dy, acc)` and `accm = fma(M, dmin·dy, accm)` in f32; the result
//! is `acc − accm`, the order of llama.cpp's repacked Q4_K product.

// The layouts are index arithmetic over rows, groups and tokens; indexed loops say it plainest.
#![allow(clippy::needless_range_loop)]

use super::formats::{Q8_K_BYTES, QK_K};
use super::gemm::Gemm;
use super::lanes::{pick16, transpose, transpose16, Lanes, RowPtrs};
use core::arch::x86_64::*;
use core::ops::Range;

/// Bytes of a Q4_K super-block: d, dmin (f16), scales[12], qs[128].
const BYTES: usize = 144;
/// Tokens per register tile (measured: see docs/model-bench.md).
const RN: usize = 4;

/// The scales of one super-block of eight rows, expanded. Lane r of every vector is row r.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct Heads {
    /// `sc[j]`: group j's scale of row r, twice, as the two i16 of lane r.
    sc: [__m256i; 8],
    /// `mn[k]`: the minimums of groups 2k and 2k + 1 of row r as the two i16 of lane r.
    mn: [__m256i; 4],
    d: __m256,
    dmin: __m256,
}

/// One super-block of eight rows, rearranged.
#[repr(C, align(32))]
pub(super) struct Rows8 {
    /// `q[c][h][g]`: byte 4r + i of lane r is quant 64c + 32h + 4g + i of row r (h = 0: the low
    /// nibbles of qs[32c..32c+32], group 2c; h = 1: the high nibbles, group 2c + 1).
    q: [[[__m256i; 8]; 2]; 4],
    h: Heads,
}

/// The scales, minimums, d and dmin of super-block `blk` of the rows at `rp`.
///
/// # Safety
/// See the module; each `rp[r]` is the start of a row of at least `blk + 1` super-blocks.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn heads(rp: &RowPtrs, blk: usize, out: &mut Heads) {
    // SAFETY: every load is inside super-block `blk` of one of the rows (the caller).
    unsafe {
        // Word w of every row's 16-byte head: d | dmin << 16, then the twelve scale bytes.
        let [w0, wa, wb, wc] = transpose16(rp, blk * BYTES);
        // `avx2::k4_scales_mins` on eight rows at once: the low four scales and minimums are
        // six bits of words a and b, the high four nibbles of c with two bits of a and b.
        let m6 = _mm256_set1_epi32(0x3f3f_3f3f);
        let m4 = _mm256_set1_epi32(0x0f0f_0f0f);
        let m2 = _mm256_set1_epi32(0x0303_0303);
        let top2 = |x: __m256i| _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(x, 6), m2), 4);
        let s_lo = _mm256_and_si256(wa, m6);
        let s_hi = _mm256_or_si256(_mm256_and_si256(wc, m4), top2(wa));
        let m_lo = _mm256_and_si256(wb, m6);
        let m_hi = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(wc, 4), m4), top2(wb));
        for j in 0..4 {
            let p = pick16::<false>(j as i32, j as i32);
            out.sc[j] = _mm256_shuffle_epi8(s_lo, p);
            out.sc[4 + j] = _mm256_shuffle_epi8(s_hi, p);
        }
        for k in 0..2 {
            let p = pick16::<false>(2 * k as i32, 2 * k as i32 + 1);
            out.mn[k] = _mm256_shuffle_epi8(m_lo, p);
            out.mn[2 + k] = _mm256_shuffle_epi8(m_hi, p);
        }
        // Word 0 is d | dmin << 16: the d of rows 0..8, then their dmin, as f16, then f32.
        let dd = _mm256_shuffle_epi8(
            w0,
            _mm256_setr_epi8(
                0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9, 12, 13, 2,
                3, 6, 7, 10, 11, 14, 15,
            ),
        );
        let dd = _mm256_permute4x64_epi64::<0b11_01_10_00>(dd);
        out.d = _mm256_cvtph_ps(_mm256_castsi256_si128(dd));
        out.dmin = _mm256_cvtph_ps(_mm256_extracti128_si256::<1>(dd));
    }
}

/// Rearrange super-block `blk` of the rows at `rp` into `out`.
///
/// # Safety
/// As [`heads`].
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn rearrange(rp: &RowPtrs, blk: usize, out: &mut Rows8) {
    let m4 = _mm256_set1_epi8(0x0F);
    // SAFETY: forwarded.
    unsafe { heads(rp, blk, &mut out.h) };
    for c in 0..4 {
        // SAFETY: forwarded.
        let t = unsafe { transpose(rp, blk * BYTES + 16 + 32 * c) };
        for g in 0..8 {
            out.q[c][0][g] = _mm256_and_si256(t[g], m4);
            out.q[c][1][g] = _mm256_and_si256(_mm256_srli_epi16(t[g], 4), m4);
        }
    }
}

/// Tokens `t0..t0 + N` over the rearranged super-blocks `s` (super-blocks `b0..b0 + s.len()`
/// of the row), adding into their accumulators `acc` (`[acc, accm]` per token).
///
/// # Safety
/// See the module; tokens `t0..t0 + N` are in the product.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn tokens<const N: usize>(
    g: &Gemm,
    s: &[Rows8],
    b0: usize,
    t0: usize,
    acc: &mut [[__m256; 2]],
) {
    // SAFETY: each token's activation row holds `cols / 256` Q8_K blocks and
    // `b0 + s.len()` of them exist (the caller); every read is inside one.
    unsafe {
        let mut a: [[__m256; 2]; N] = core::array::from_fn(|t| acc[t]);
        for (k, rb) in s.iter().enumerate() {
            let xb: [*const u8; N] =
                core::array::from_fn(|t| g.x.add((t0 + t) * g.x_stride + (b0 + k) * Q8_K_BYTES));
            let y = |t: usize, o: usize| {
                _mm256_set1_epi32((xb[t].add(4 + o) as *const i32).read_unaligned())
            };
            let mut isum = [_mm256_setzero_si256(); N];
            for c in 0..4 {
                // Sixteen products of at most 15 · 127 per 16-bit lane: no overflow.
                let mut lo = [_mm256_setzero_si256(); N];
                let mut hi = [_mm256_setzero_si256(); N];
                for gi in 0..8 {
                    let (wl, wh) = (rb.q[c][0][gi], rb.q[c][1][gi]);
                    for t in 0..N {
                        let pl = _mm256_maddubs_epi16(wl, y(t, 64 * c + 4 * gi));
                        let ph = _mm256_maddubs_epi16(wh, y(t, 64 * c + 32 + 4 * gi));
                        lo[t] = _mm256_add_epi16(lo[t], pl);
                        hi[t] = _mm256_add_epi16(hi[t], ph);
                    }
                }
                for t in 0..N {
                    let p = _mm256_add_epi32(
                        _mm256_madd_epi16(lo[t], rb.h.sc[2 * c]),
                        _mm256_madd_epi16(hi[t], rb.h.sc[2 * c + 1]),
                    );
                    isum[t] = _mm256_add_epi32(isum[t], p);
                }
            }
            for t in 0..N {
                let (m, dy) = min_sum(&rb.h, xb[t]);
                a[t][0] = _mm256_fmadd_ps(
                    _mm256_cvtepi32_ps(isum[t]),
                    _mm256_mul_ps(rb.h.d, dy),
                    a[t][0],
                );
                a[t][1] =
                    _mm256_fmadd_ps(_mm256_cvtepi32_ps(m), _mm256_mul_ps(rb.h.dmin, dy), a[t][1]);
            }
        }
        acc[..N].copy_from_slice(&a);
    }
}

/// Σ_j m_j · (the sum of group j's 32 activations) per row, and the activation block's scale.
///
/// # Safety
/// `xb` is one Q8_K block.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn min_sum(h: &Heads, xb: *const u8) -> (__m256i, __m256) {
    // SAFETY: the block's scale and its 32 bytes of sums of 16 (the caller).
    let (bs, dy) = unsafe {
        (
            _mm256_loadu_si256(xb.add(4 + QK_K) as *const __m256i),
            _mm256_set1_ps((xb as *const f32).read_unaligned()),
        )
    };
    // Sums of 32 (pairs of the block's sums of 16), groups 2k and 2k + 1 in word k.
    let pairs = _mm_hadd_epi16(
        _mm256_castsi256_si128(bs),
        _mm256_extracti128_si256::<1>(bs),
    );
    let p = _mm256_broadcastsi128_si256(pairs);
    let m = _mm256_add_epi32(
        _mm256_add_epi32(
            _mm256_madd_epi16(h.mn[0], _mm256_shuffle_epi32::<0x00>(p)),
            _mm256_madd_epi16(h.mn[1], _mm256_shuffle_epi32::<0x55>(p)),
        ),
        _mm256_add_epi32(
            _mm256_madd_epi16(h.mn[2], _mm256_shuffle_epi32::<0xAA>(p)),
            _mm256_madd_epi16(h.mn[3], _mm256_shuffle_epi32::<0xFF>(p)),
        ),
    );
    (m, dy)
}

/// One row against token 0 (decode), read in place as the GGUF stores it: the integers I and M
/// of [`tokens`] for that row, then the same two `fma` and the difference, so the bits of
/// prefill.
///
/// Decode is bound by these instructions, not by memory (a matrix in L2 and one of 256 MiB
/// decode at about the same speed), so each super-block is kept to the fewest found: one
/// `vpshufb` per group for its scale, the minimums against the block's sums of 16 by one
/// `madd` (each minimum twice), I and M summed across the lanes together, and the two `fma`
/// as lanes 0 and 2 of one (docs/model-bench.md, "Q8_0 prefill and Q4_K decode past
/// llama.cpp": 10-20% faster than a shift and a broadcast per scale, `hadd` for the sums of
/// 32 and two scalar reductions).
///
/// # Safety
/// See [`super::lanes`]; token 0 is in the product and `w` starts one of its rows.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_row(g: &Gemm, w: *const u8) -> f32 {
    let m4 = _mm256_set1_epi8(0x0F);
    // Group j's scale (i16 j of the expanded scales) in every i16 lane. Through black_box:
    // LLVM otherwise turns each constant `vpshufb` into a shift and a broadcast, two
    // instructions.
    let sel: [__m256i; 8] = core::hint::black_box(core::array::from_fn(|j| {
        let v = (((2 * j + 1) << 8) | (2 * j)) as i16;
        _mm256_set1_epi16(v)
    }));
    // The mins' bytes (8..16 of the decoded scales) each twice, as i16 after widening.
    let dup = _mm_setr_epi8(8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15);
    // Lane 0 accumulates I·(d·dy), lane 2 M·(dmin·dy): per lane the `fma` of [`tokens`].
    let mut acc = _mm_setzero_ps();
    for blk in 0..g.cols / QK_K {
        // SAFETY: super-block `blk` of the row and token 0's Q8_K block `blk` exist (the
        // caller); every read is inside them.
        unsafe {
            let b = w.add(blk * BYTES);
            let xb = g.x.add(blk * Q8_K_BYTES);
            let dd = _mm_cvtph_ps(_mm_cvtsi32_si128((b as *const i32).read_unaligned()));
            let sm = super::avx2::k4_scales_mins(core::slice::from_raw_parts(b.add(4), 12));
            let smv = _mm_loadu_si128(sm.as_ptr() as *const __m128i);
            let sc = _mm256_broadcastsi128_si256(_mm_cvtepu8_epi16(smv));
            // m_j · (sum of group j's 32 activations) in lane j: the block's sums of 16 are
            // pairs of i16 lanes, each pair against m_j twice.
            let mn = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(smv, dup));
            let bs = _mm256_loadu_si256(xb.add(4 + QK_K) as *const __m256i);
            let mv = _mm256_madd_epi16(mn, bs);
            let y = |o: usize| _mm256_loadu_si256(xb.add(4 + o) as *const __m256i);
            let mut isum = _mm256_setzero_si256();
            for c in 0..4 {
                let q = _mm256_loadu_si256(b.add(16 + 32 * c) as *const __m256i);
                let lo = _mm256_and_si256(q, m4);
                let hi = _mm256_and_si256(_mm256_srli_epi16(q, 4), m4);
                let pl = _mm256_madd_epi16(
                    _mm256_maddubs_epi16(lo, y(64 * c)),
                    _mm256_shuffle_epi8(sc, sel[2 * c]),
                );
                let ph = _mm256_madd_epi16(
                    _mm256_maddubs_epi16(hi, y(64 * c + 32)),
                    _mm256_shuffle_epi8(sc, sel[2 * c + 1]),
                );
                isum = _mm256_add_epi32(isum, _mm256_add_epi32(pl, ph));
            }
            // I and M summed together: I in lane 0, M in lane 2 (exact integers, so any order).
            let s = _mm256_add_epi32(
                _mm256_unpacklo_epi64(isum, mv),
                _mm256_unpackhi_epi64(isum, mv),
            );
            let s = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
            let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
            let dy = _mm_set1_ps((xb as *const f32).read_unaligned());
            // [d, d, dmin, dmin] · dy: the products [`tokens`] forms.
            let scale = _mm_mul_ps(_mm_unpacklo_ps(dd, dd), dy);
            acc = _mm_fmadd_ps(_mm_cvtepi32_ps(s), scale, acc);
        }
    }
    _mm_cvtss_f32(_mm_sub_ss(acc, _mm_movehl_ps(acc, acc)))
}

/// Q4_K's eight-row kernels.
struct Q4k;

super::lanes::lanes_impl!(Q4k, RN, 1 2 3);

/// # Safety
/// See [`super::lanes`].
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_q4_k(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe { super::lanes::gemm::<Q4k>(g, rows) }
}
