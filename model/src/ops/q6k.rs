//! Q6_K against Q8_K on AVX2, one row per lane ([`super::lanes`]).
//!
//! The arithmetic of element (row, token): for each super-block in order, the exact integer
//! `I = Σ_G sc_G · Σ_{i∈G} q_i·y_i − 32 · Σ_G sc_G · Σ_{i∈G} y_i` (G the sixteen groups of 16,
//! q the unsigned 6-bit quants, so the second sum takes out their offset of 32), then
//! `acc = fma(I, d·dy, acc)` in f32.
//!
//! Prefill reads the rearranged rows ([`Rows8`]); decode reads one row at a time in place, 32
//! quants per vector as the GGUF stores them, and sums the vector's lanes at the end of every
//! super-block ([`decode_row`]): the same integers, so the same bits.

// The layouts are index arithmetic over rows, groups and tokens; indexed loops say it plainest.
#![allow(clippy::needless_range_loop)]

use super::formats::{Q8_K_BYTES, QK_K};
use super::gemm::Gemm;
use super::lanes::{pick16, transpose, transpose16, Lanes, RowPtrs};
use core::arch::x86_64::*;
use core::ops::Range;

/// Bytes of a Q6_K super-block: ql[128], qh[64], scales[16] (i8), d (f16).
const BYTES: usize = 210;
/// Tokens per register tile (no 16-bit accumulator outlives a pair of products, so the tile
/// holds only its tokens' 32-bit sums).
const RN: usize = 8;

/// One super-block of eight rows, rearranged. Lane r of every vector is row r.
#[repr(C, align(32))]
pub(super) struct Rows8 {
    /// `q[n][k][g]`: byte 4r + i of lane r is quant 128n + 32k + 4g + i of row r (0..64).
    q: [[[__m256i; 8]; 4]; 2],
    /// `sc[G]`: group G's scale of row r, twice, as the two i16 of lane r.
    sc: [__m256i; 16],
    /// `sp[k]`: the scales of groups 2k and 2k + 1 of row r as the two i16 of lane r.
    sp: [__m256i; 8],
    d: __m256,
}

/// Eight rows' d (f16 at byte 208 of the super-block) as f32.
///
/// # Safety
/// Super-block `blk` of each row exists.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn d8(rp: &RowPtrs, blk: usize) -> __m256 {
    // SAFETY: bytes 208..210 of super-block `blk` of each row (the caller).
    let h: [i16; 8] = core::array::from_fn(|r| unsafe {
        (rp[r].add(blk * BYTES + 208) as *const i16).read_unaligned()
    });
    _mm256_cvtph_ps(_mm_setr_epi16(
        h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
    ))
}

/// Rearrange super-block `blk` of the rows at `rp` into `out`.
///
/// # Safety
/// See [`super::lanes`]; super-block `blk` of each row exists.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn rearrange(rp: &RowPtrs, blk: usize, out: &mut Rows8) {
    let b = blk * BYTES;
    // SAFETY: every read is inside super-block `blk` of one of the rows (the caller).
    unsafe {
        // Scale bytes 4w..4w + 4 of every row, then each byte sign-extended into both halves.
        let w = transpose16(rp, b + 192);
        for (gi, v) in out.sc.iter_mut().enumerate() {
            let j = (gi % 4) as i32;
            *v = _mm256_srai_epi16(_mm256_shuffle_epi8(w[gi / 4], pick16::<true>(j, j)), 8);
        }
        for (k, v) in out.sp.iter_mut().enumerate() {
            let j = 2 * (k % 2) as i32;
            *v = _mm256_srai_epi16(_mm256_shuffle_epi8(w[k / 2], pick16::<true>(j, j + 1)), 8);
        }
        out.d = d8(rp, blk);
        let m4 = _mm256_set1_epi8(0x0F);
        let m2 = _mm256_set1_epi8(0x03);
        let m30 = _mm256_set1_epi8(0x30);
        for n in 0..2 {
            let l0 = transpose(rp, b + 64 * n);
            let l1 = transpose(rp, b + 64 * n + 32);
            let h = transpose(rp, b + 128 + 32 * n);
            for g in 0..8 {
                let h2 = _mm256_srli_epi16(h[g], 2);
                out.q[n][0][g] = _mm256_or_si256(
                    _mm256_and_si256(l0[g], m4),
                    _mm256_slli_epi16(_mm256_and_si256(h[g], m2), 4),
                );
                out.q[n][1][g] = _mm256_or_si256(
                    _mm256_and_si256(l1[g], m4),
                    _mm256_slli_epi16(_mm256_and_si256(h2, m2), 4),
                );
                out.q[n][2][g] = _mm256_or_si256(
                    _mm256_and_si256(_mm256_srli_epi16(l0[g], 4), m4),
                    _mm256_and_si256(h[g], m30),
                );
                out.q[n][3][g] = _mm256_or_si256(
                    _mm256_and_si256(_mm256_srli_epi16(l1[g], 4), m4),
                    _mm256_and_si256(h2, m30),
                );
            }
        }
    }
}

/// `32 · Σ_G sc_G · (the sum of group G's 16 activations)` per row.
///
/// # Safety
/// `xb` is one Q8_K block.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn offset(sp: &[__m256i; 8], xb: *const u8) -> __m256i {
    let mut o = _mm256_setzero_si256();
    for k in 0..8 {
        // SAFETY: the block's sums of 16 at bytes 260..292 (the caller).
        let s = unsafe { (xb.add(4 + QK_K + 4 * k) as *const i32).read_unaligned() };
        o = _mm256_add_epi32(o, _mm256_madd_epi16(sp[k], _mm256_set1_epi32(s)));
    }
    _mm256_slli_epi32(o, 5)
}

/// Tokens `t0..t0 + N` over the rearranged super-blocks `s` (super-blocks `b0..b0 + s.len()`
/// of the rows), adding into their accumulators `acc[..N][0]`.
///
/// # Safety
/// See [`super::lanes`]; tokens `t0..t0 + N` are in the product.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn tokens<const N: usize>(
    g: &Gemm,
    s: &[Rows8],
    b0: usize,
    t0: usize,
    acc: &mut [[__m256; 2]],
) {
    // SAFETY: each token's activation row holds super-blocks b0..b0 + s.len() (the caller);
    // every read is inside one.
    unsafe {
        let mut a: [__m256; N] = core::array::from_fn(|t| acc[t][0]);
        for (k, rb) in s.iter().enumerate() {
            let xb: [*const u8; N] =
                core::array::from_fn(|t| g.x.add((t0 + t) * g.x_stride + (b0 + k) * Q8_K_BYTES));
            let y = |t: usize, o: usize| {
                _mm256_set1_epi32((xb[t].add(4 + o) as *const i32).read_unaligned())
            };
            let mut isum = [_mm256_setzero_si256(); N];
            for n in 0..2 {
                for kk in 0..4 {
                    let base = 128 * n + 32 * kk;
                    for p in 0..4 {
                        let (w0, w1) = (rb.q[n][kk][2 * p], rb.q[n][kk][2 * p + 1]);
                        // Group 8n + 2kk + p / 2 (16 quants: four words of each row).
                        let sc = rb.sc[8 * n + 2 * kk + p / 2];
                        for t in 0..N {
                            // Four products of at most 63 · 127 per 16-bit lane.
                            let s16 = _mm256_add_epi16(
                                _mm256_maddubs_epi16(w0, y(t, base + 8 * p)),
                                _mm256_maddubs_epi16(w1, y(t, base + 8 * p + 4)),
                            );
                            isum[t] = _mm256_add_epi32(isum[t], _mm256_madd_epi16(s16, sc));
                        }
                    }
                }
            }
            for t in 0..N {
                let i = _mm256_sub_epi32(isum[t], offset(&rb.sp, xb[t]));
                let dy = _mm256_set1_ps((xb[t] as *const f32).read_unaligned());
                a[t] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(i), _mm256_mul_ps(rb.d, dy), a[t]);
            }
        }
        for t in 0..N {
            acc[t][0] = a[t];
        }
    }
}

/// One row against token 0 (decode), read in place as the GGUF stores it (the four 6-bit planes
/// of each half rebuilt 32 quants at a time): the integer of [`tokens`] for that row, summed
/// across the vector per super-block, then the same `fma` per super-block in order. Super-blocks
/// go two at a time (their sums reduced across the lanes together, their scale products formed
/// together), and each group's scale comes from the block's 16 scales widened once, each
/// half's eight in both 128-bit lanes by one `vpermq`, by one `vpshufb` ([`block_sum`];
/// docs/model-bench.md, 2026-12-05 00:00 UTC).
///
/// # Safety
/// See [`super::lanes`]; token 0 is in the product and `w` starts one of its rows.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_row(g: &Gemm, w: *const u8, k: &Consts) -> f32 {
    let nb = g.cols / QK_K;
    let mut acc = _mm_setzero_ps();
    let mut blk = 0;
    while blk + 2 <= nb {
        // SAFETY: super-blocks blk, blk + 1 of the row and token 0's Q8_K blocks blk, blk + 1
        // exist (the caller).
        let (i0, i1) = unsafe { (block_sum(g, w, blk, k), block_sum(g, w, blk + 1, k)) };
        // [I0, I1] in lanes 0 and 1 (exact integers: any order).
        let u = _mm256_add_epi32(_mm256_unpacklo_epi32(i0, i1), _mm256_unpackhi_epi32(i0, i1));
        let u = _mm_add_epi32(_mm256_castsi256_si128(u), _mm256_extracti128_si256::<1>(u));
        let s = _mm_add_epi32(u, _mm_unpackhi_epi64(u, u));
        // SAFETY: d of both super-blocks and dy of both Q8_K blocks (the caller).
        let scale = unsafe {
            let (b0, b1) = (w.add(blk * BYTES), w.add((blk + 1) * BYTES));
            let h = _mm_insert_epi16::<1>(
                _mm_cvtsi32_si128(i32::from((b0.add(208) as *const u16).read_unaligned())),
                i32::from((b1.add(208) as *const u16).read_unaligned()),
            );
            let x = g.x.add(blk * Q8_K_BYTES);
            let dy = _mm_unpacklo_ps(
                _mm_set_ss((x as *const f32).read_unaligned()),
                _mm_set_ss((x.add(Q8_K_BYTES) as *const f32).read_unaligned()),
            );
            // [d0 · dy0, d1 · dy1]: the products [`tokens`] forms.
            _mm_mul_ps(_mm_cvtph_ps(h), dy)
        };
        let f = _mm_cvtepi32_ps(s);
        // Block blk in lane 0, then block blk + 1 (lane 1 moved there); lanes 1..4 of `acc`
        // are never read.
        acc = _mm_fmadd_ps(f, scale, acc);
        acc = _mm_fmadd_ps(_mm_movehdup_ps(f), _mm_movehdup_ps(scale), acc);
        blk += 2;
    }
    if blk < nb {
        // SAFETY: as above, for the last super-block.
        unsafe {
            let i = super::avx2::hsum_i32(block_sum(g, w, blk, k));
            let b = w.add(blk * BYTES);
            let d = _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(
                (b.add(208) as *const u16).read_unaligned(),
            ))));
            let dy = (g.x.add(blk * Q8_K_BYTES) as *const f32).read_unaligned();
            acc = _mm_fmadd_ss(_mm_cvtsi32_ss(_mm_setzero_ps(), i), _mm_set_ss(d * dy), acc);
        }
    }
    _mm_cvtss_f32(acc)
}

/// [`decode_row`]'s shuffle masks.
#[derive(Clone, Copy)]
struct Consts {
    /// `sel[k]`: i16 2k of a 128-bit lane in every i16 of the low lane, i16 2k + 1 in the high.
    sel: [__m256i; 4],
}

/// The exact integer of super-block `blk` of the row at `w` against token 0 (8 i32 lanes to
/// add up).
///
/// # Safety
/// As [`decode_row`]; super-block `blk` exists.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn block_sum(g: &Gemm, w: *const u8, blk: usize, k: &Consts) -> __m256i {
    let m4 = _mm256_set1_epi8(0x0F);
    let m2 = _mm256_set1_epi8(0x03);
    let m30 = _mm256_set1_epi8(0x30);
    // SAFETY: super-block `blk` of the row and token 0's Q8_K block `blk` exist (the caller);
    // every read is inside them.
    unsafe {
        let xb = g.x.add(blk * Q8_K_BYTES);
        let bs = _mm256_loadu_si256(xb.add(4 + QK_K) as *const __m256i);
        let b = w.add(blk * BYTES);
        let sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(b.add(192) as *const __m128i));
        let mut isum = _mm256_slli_epi32(_mm256_madd_epi16(sc16, bs), 5);
        isum = _mm256_sub_epi32(_mm256_setzero_si256(), isum);
        for n in 0..2 {
            // Scales 8n..8n + 8 in both 128-bit lanes.
            let sh = if n == 0 {
                _mm256_permute4x64_epi64::<0b01_00_01_00>(sc16)
            } else {
                _mm256_permute4x64_epi64::<0b11_10_11_10>(sc16)
            };
            let ql0 = _mm256_loadu_si256(b.add(64 * n) as *const __m256i);
            let ql1 = _mm256_loadu_si256(b.add(64 * n + 32) as *const __m256i);
            let qh = _mm256_loadu_si256(b.add(128 + 32 * n) as *const __m256i);
            let qh2 = _mm256_srli_epi16(qh, 2);
            let q = [
                _mm256_or_si256(
                    _mm256_and_si256(ql0, m4),
                    _mm256_slli_epi16(_mm256_and_si256(qh, m2), 4),
                ),
                _mm256_or_si256(
                    _mm256_and_si256(ql1, m4),
                    _mm256_slli_epi16(_mm256_and_si256(qh2, m2), 4),
                ),
                _mm256_or_si256(
                    _mm256_and_si256(_mm256_srli_epi16(ql0, 4), m4),
                    _mm256_and_si256(qh, m30),
                ),
                _mm256_or_si256(
                    _mm256_and_si256(_mm256_srli_epi16(ql1, 4), m4),
                    _mm256_and_si256(qh2, m30),
                ),
            ];
            for (kk, qk) in q.iter().enumerate() {
                let yv = _mm256_loadu_si256(xb.add(4 + 128 * n + 32 * kk) as *const __m256i);
                let sv = _mm256_shuffle_epi8(sh, k.sel[kk]);
                let p = _mm256_madd_epi16(_mm256_maddubs_epi16(*qk, yv), sv);
                isum = _mm256_add_epi32(isum, p);
            }
        }
        isum
    }
}

/// [`decode_row`] for each of `rows`, with its masks made once.
///
/// # Safety
/// See [`super::lanes`]; token 0 and `rows` are in the product, their elements the caller's.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_rows(g: &Gemm, rows: Range<usize>) {
    let k = Consts {
        sel: core::array::from_fn(|kk| {
            let (lo, hi) = ((4 * kk) as i16, (4 * kk + 2) as i16);
            let (lo, hi) = (lo | ((lo + 1) << 8), hi | ((hi + 1) << 8));
            _mm256_setr_epi16(
                lo, lo, lo, lo, lo, lo, lo, lo, hi, hi, hi, hi, hi, hi, hi, hi,
            )
        }),
    };
    // SAFETY: a local, read once: LLVM otherwise turns constant `vpshufb`s into other
    // shuffles.
    let k = unsafe { core::ptr::read_volatile(&k) };
    for r in rows {
        // SAFETY: row r and token 0 are in the product, element (0, r) the caller's.
        unsafe {
            g.out
                .add(r)
                .write(decode_row(g, g.w.add(r * g.w_stride), &k))
        };
    }
}

/// Q6_K's eight-row kernels.
struct Q6k;

super::lanes::lanes_impl!(Q6k, RN, 1 2 3 4 5 6 7);

/// # Safety
/// See [`super::lanes`].
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_q6_k(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe { super::lanes::gemm::<Q6k>(g, rows) }
}
