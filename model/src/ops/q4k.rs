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
/// of [`tokens`] for that row, then the same two `fma` per super-block in order and the
/// difference, so the bits of prefill.
///
/// Decode is bound by these instructions, not by memory (a matrix in L2 and one of 256 MiB
/// decode at about the same speed), so each super-block is kept to the fewest found: one
/// `vpshufb` per group for its scale, the minimums against the block's sums of 16 by one
/// `madd` (each minimum twice), I and M summed across the lanes together (docs/model-bench.md,
/// "Q8_0 prefill and Q4_K decode past llama.cpp"). Super-blocks go two at a time
/// ([`pair`]): their 6-bit scales and minimums unpacked together in vector registers (the
/// scalar unpacking and its moves into vector registers were dear: with constant scales the
/// kernel read 48 against 37 GMAC/s from L2), and their four sums reduced across the lanes
/// together (docs/model-bench.md, 2026-12-05 00:00 UTC).
///
/// # Safety
/// See [`super::lanes`]; token 0 is in the product and `w` starts one of its rows.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_row(g: &Gemm, w: *const u8, k: &Consts) -> f32 {
    let nb = g.cols / QK_K;
    // Lane 0 accumulates I·(d·dy), lane 2 M·(dmin·dy): per lane the `fma` of [`tokens`].
    let mut acc = _mm_setzero_ps();
    let mut blk = 0;
    while blk + 2 <= nb {
        // SAFETY: super-blocks blk, blk + 1 of the row and token 0's Q8_K blocks blk, blk + 1
        // exist (the caller).
        unsafe { pair(g, w, blk, k, &mut acc) };
        blk += 2;
    }
    if blk < nb {
        // SAFETY: as above, for the last super-block.
        unsafe { single(g, w, blk, k, &mut acc) };
    }
    _mm_cvtss_f32(_mm_sub_ss(acc, _mm_movehl_ps(acc, acc)))
}

/// [`decode_row`] for each of `rows`, with its masks made once.
///
/// # Safety
/// See [`super::lanes`]; token 0 and `rows` are in the product, their elements the caller's.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn decode_rows(g: &Gemm, rows: Range<usize>) {
    // Byte j of each 128-bit lane as the u16 of every i16 lane: group j's scale. Read
    // through `read_volatile` (once per call): LLVM otherwise turns constant `vpshufb`s into
    // other shuffles, two instructions each (and `black_box` copied them on every row).
    let k = Consts {
        sel: core::array::from_fn(|j| _mm256_set1_epi16((0x8000 | j) as i16)),
        // Minimums 0..4 (bytes 8..12) each twice in lane 0, 4..8 (bytes 12..16) in lane 1.
        mins: _mm256_setr_epi8(
            8, -128, 8, -128, 9, -128, 9, -128, 10, -128, 10, -128, 11, -128, 11, -128, 12, -128,
            12, -128, 13, -128, 13, -128, 14, -128, 14, -128, 15, -128, 15, -128,
        ),
    };
    // SAFETY: a local, read once.
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

/// [`decode_row`]'s shuffle masks.
#[derive(Clone, Copy)]
struct Consts {
    sel: [__m256i; 8],
    mins: __m256i,
}

/// The scales and minimums of two super-blocks (their 12 bytes at `b0 + 4`, `b1 + 4`), as
/// bytes: lane i of the result is super-block i's scales 0..8 then its minimums 0..8, the
/// layout of `avx2::k4_scales_mins`, computed as it does on the 32-bit words a, b, c.
///
/// # Safety
/// 16 readable bytes at `b0 + 4` and `b1 + 4`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn scales_mins2(b0: *const u8, b1: *const u8) -> __m256i {
    // SAFETY: the caller's 16 bytes each.
    let v = unsafe {
        _mm256_set_m128i(
            _mm_loadu_si128(b1.add(4) as *const __m128i),
            _mm_loadu_si128(b0.add(4) as *const __m128i),
        )
    };
    let m6 = _mm256_set1_epi32(0x3f3f_3f3f);
    let m4 = _mm256_set1_epi32(0x0f0f_0f0f);
    let m2 = _mm256_set1_epi32(0x0303_0303);
    // Words [a & M6, b & M6]: scales 0..4, minimums 0..4.
    let lo = _mm256_and_si256(v, m6);
    // Words [c, c >> 4] & M4 | ((a, b) >> 6 & M2) << 4: scales 4..8, minimums 4..8.
    let c = _mm256_srlv_epi32(
        _mm256_shuffle_epi32::<0b10_10_10_10>(v),
        _mm256_setr_epi32(0, 4, 0, 0, 0, 4, 0, 0),
    );
    let top = _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(v, 6), m2), 4);
    let hi = _mm256_or_si256(_mm256_and_si256(c, m4), top);
    _mm256_unpacklo_epi32(lo, hi)
}

/// The exact sums of one super-block: I (8 i32 lanes to add up) and M (likewise), with `x`
/// holding its scales and minimums (bytes 0..8 and 8..16) in both 128-bit lanes.
///
/// # Safety
/// Super-block `b` (144 bytes) and the Q8_K block `xb` exist.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn block_sums(b: *const u8, xb: *const u8, x: __m256i, k: &Consts) -> (__m256i, __m256i) {
    let m4 = _mm256_set1_epi8(0x0F);
    // SAFETY: every read is inside the super-block or the Q8_K block (the caller).
    unsafe {
        // m_j · (sum of group j's 32 activations) in lane j: the block's sums of 16 are pairs
        // of i16 lanes, each pair against m_j twice.
        let bs = _mm256_loadu_si256(xb.add(4 + QK_K) as *const __m256i);
        let mv = _mm256_madd_epi16(_mm256_shuffle_epi8(x, k.mins), bs);
        let y = |o: usize| _mm256_loadu_si256(xb.add(4 + o) as *const __m256i);
        let mut isum = _mm256_setzero_si256();
        for c in 0..4 {
            let q = _mm256_loadu_si256(b.add(16 + 32 * c) as *const __m256i);
            let lo = _mm256_and_si256(q, m4);
            let hi = _mm256_and_si256(_mm256_srli_epi16(q, 4), m4);
            let pl = _mm256_madd_epi16(
                _mm256_maddubs_epi16(lo, y(64 * c)),
                _mm256_shuffle_epi8(x, k.sel[2 * c]),
            );
            let ph = _mm256_madd_epi16(
                _mm256_maddubs_epi16(hi, y(64 * c + 32)),
                _mm256_shuffle_epi8(x, k.sel[2 * c + 1]),
            );
            isum = _mm256_add_epi32(isum, _mm256_add_epi32(pl, ph));
        }
        (isum, mv)
    }
}

/// Super-blocks `blk` and `blk + 1` of the row at `w` into `acc` (I in lane 0, M in lane 2):
/// the `fma`s of `blk`, then those of `blk + 1`.
///
/// # Safety
/// As [`decode_row`]; super-blocks `blk`, `blk + 1` exist.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn pair(g: &Gemm, w: *const u8, blk: usize, k: &Consts, acc: &mut __m128) {
    // SAFETY: super-blocks blk, blk + 1 and their Q8_K blocks (the caller).
    unsafe {
        let (b0, b1) = (w.add(blk * BYTES), w.add((blk + 1) * BYTES));
        let (x0, x1) = (g.x.add(blk * Q8_K_BYTES), g.x.add((blk + 1) * Q8_K_BYTES));
        let sm = scales_mins2(b0, b1);
        let (i0, m0) = block_sums(b0, x0, _mm256_permute4x64_epi64::<0b01_00_01_00>(sm), k);
        let (i1, m1) = block_sums(b1, x1, _mm256_permute4x64_epi64::<0b11_10_11_10>(sm), k);
        // [I0, I1, M0, M1], summed across the lanes together (exact integers: any order).
        let u = _mm256_add_epi32(_mm256_unpacklo_epi32(i0, i1), _mm256_unpackhi_epi32(i0, i1));
        let v = _mm256_add_epi32(_mm256_unpacklo_epi32(m0, m1), _mm256_unpackhi_epi32(m0, m1));
        let z = _mm256_add_epi32(_mm256_unpacklo_epi64(u, v), _mm256_unpackhi_epi64(u, v));
        let s = _mm_add_epi32(_mm256_castsi256_si128(z), _mm256_extracti128_si256::<1>(z));
        // [d0, d1, dmin0, dmin1] · [dy0, dy1, dy0, dy1]: the products [`tokens`] forms.
        let h = _mm_insert_epi32::<1>(
            _mm_cvtsi32_si128((b0 as *const i32).read_unaligned()),
            (b1 as *const i32).read_unaligned(),
        );
        let dd = _mm_cvtph_ps(_mm_shufflelo_epi16::<0b11_01_10_00>(h));
        let dy = _mm_unpacklo_ps(
            _mm_set1_ps((x0 as *const f32).read_unaligned()),
            _mm_set1_ps((x1 as *const f32).read_unaligned()),
        );
        let scale = _mm_mul_ps(dd, dy);
        let f = _mm_cvtepi32_ps(s);
        // Block blk in lanes 0 and 2, then block blk + 1 (lanes 1 and 3 moved there); lanes 1
        // and 3 of `acc` are never read.
        let a = _mm_fmadd_ps(f, scale, *acc);
        *acc = _mm_fmadd_ps(_mm_movehdup_ps(f), _mm_movehdup_ps(scale), a);
    }
}

/// Super-block `blk` alone into `acc`, as [`pair`] does each of its two.
///
/// # Safety
/// As [`decode_row`]; super-block `blk` exists.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn single(g: &Gemm, w: *const u8, blk: usize, k: &Consts, acc: &mut __m128) {
    // SAFETY: super-block blk and its Q8_K block (the caller).
    unsafe {
        let b = w.add(blk * BYTES);
        let xb = g.x.add(blk * Q8_K_BYTES);
        let sm = scales_mins2(b, b);
        let (i, m) = block_sums(b, xb, _mm256_permute4x64_epi64::<0b01_00_01_00>(sm), k);
        // I in lane 0, M in lane 2.
        let s = _mm256_add_epi32(_mm256_unpacklo_epi64(i, m), _mm256_unpackhi_epi64(i, m));
        let s = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
        let dd = _mm_cvtph_ps(_mm_cvtsi32_si128((b as *const i32).read_unaligned()));
        let dy = _mm_set1_ps((xb as *const f32).read_unaligned());
        // [d, d, dmin, dmin] · dy.
        let scale = _mm_mul_ps(_mm_unpacklo_ps(dd, dd), dy);
        *acc = _mm_fmadd_ps(_mm_cvtepi32_ps(s), scale, *acc);
    }
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
