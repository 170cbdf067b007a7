//! The products on AVX2, tiled: a register tile of `RM` weight rows × `RN` tokens, so each
//! weight vector loaded serves `RN` tokens and each activation vector `RM` rows. A matrix is
//! walked one group of `RM` rows at a time (the group stays in L1 while every token of the batch
//! passes over it, so the weights stream from memory once per batch), and within a group the
//! tokens `RN` at a time (their activations stay in L2). Decode is the same walk with one token.
//!
//! Every output element is computed in an order that depends on nothing but its row and its
//! token: one 8-lane accumulator per element over the columns (for block formats, over the
//! blocks, scaled per block as llama.cpp scales), then [`hsum`], then any scalar tail. So the
//! tile shape, where a row range starts (cores can split a matrix anywhere) and the batch size
//! do not change a single bit: prefill gives exactly the logits of decoding token by token.
//!
//! # Safety (every `unsafe fn` here)
//! The CPU has AVX2, FMA and F16C with YMM state enabled ([`super::simd`]), and the [`Gemm`]
//! satisfies its field contracts for the row range passed.

// Tiles are index arithmetic over rows and tokens at once; indexed loops say it plainest.
#![allow(clippy::needless_range_loop)]

use super::avx2::{fifth_bits, h2f, hsum, k4_scales_mins, ld32, nibbles32};
use super::formats::{Q8_0_ACT_BYTES, Q8_0_BYTES, Q8_1_BYTES, Q8_K_BYTES, QK_K};
use super::quants::{min_sum, q8k_parts, KBlock, UnpackK};
use core::arch::x86_64::*;
use core::ops::Range;

/// One product as raw parts: `out[t * out_stride + r] = W[r] · x[t]`. Built by
/// `matmul.rs` after its shape checks.
pub struct Gemm {
    /// Row `r` of the weights starts at `w + r * w_stride` and holds `cols` elements.
    pub w: *const u8,
    pub w_stride: usize,
    pub cols: usize,
    /// Token `t`'s activation row (the weight type's activation format) starts at
    /// `x + t * x_stride`, for `t < n_tok`.
    pub x: *const u8,
    pub x_stride: usize,
    pub n_tok: usize,
    /// Written only at `t * out_stride + r` for `t < n_tok` and `r` in the row range, which
    /// nothing else reads or writes during the call.
    pub out: *mut f32,
    pub out_stride: usize,
}

/// A tiled product over a row range.
pub type GemmFn = unsafe fn(&Gemm, Range<usize>);

/// One register tile: rows `r0..r0 + RM` × tokens `t0..t0 + RN`, both inside the product.
pub(super) trait Tile {
    /// # Safety
    /// See the module.
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize);
}

/// Walk `rows` in groups of `RM` (1 ≤ RM ≤ 4), each group over the tokens `RN` at a time
/// (1 ≤ RN ≤ 8); the last group and the last tokens take smaller tiles.
///
/// # Safety
/// See the module.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn drive<T: Tile, const RM: usize, const RN: usize>(
    g: &Gemm,
    rows: Range<usize>,
) {
    let mut r = rows.start;
    // SAFETY: every tile below lies inside `rows` × `0..n_tok`, the caller's contract.
    unsafe {
        while r + RM <= rows.end {
            tokens::<T, RM, RN>(g, r);
            r += RM;
        }
        match rows.end - r {
            0 => {}
            1 => tokens::<T, 1, RN>(g, r),
            2 => tokens::<T, 2, RN>(g, r),
            3 => tokens::<T, 3, RN>(g, r),
            _ => unreachable!("RM is at most 4"),
        }
    }
}

/// # Safety
/// See the module; rows `r..r + RM` are in the caller's range.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn tokens<T: Tile, const RM: usize, const RN: usize>(g: &Gemm, r: usize) {
    let mut t = 0;
    // SAFETY: the tiles below cover tokens t..t + RN (fewer at the end), all below n_tok.
    unsafe {
        while t + RN <= g.n_tok {
            T::tile::<RM, RN>(g, r, t);
            t += RN;
        }
        match g.n_tok - t {
            0 => {}
            1 => T::tile::<RM, 1>(g, r, t),
            2 => T::tile::<RM, 2>(g, r, t),
            3 => T::tile::<RM, 3>(g, r, t),
            4 => T::tile::<RM, 4>(g, r, t),
            5 => T::tile::<RM, 5>(g, r, t),
            6 => T::tile::<RM, 6>(g, r, t),
            7 => T::tile::<RM, 7>(g, r, t),
            _ => unreachable!("RN is at most 8"),
        }
    }
}

/// Store a tile's results.
///
/// # Safety
/// See [`Gemm::out`].
#[inline]
unsafe fn store<const RM: usize, const RN: usize>(
    g: &Gemm,
    r0: usize,
    t0: usize,
    v: &[[f32; RN]; RM],
) {
    for (r, row) in v.iter().enumerate() {
        for (t, &x) in row.iter().enumerate() {
            // SAFETY: element (t0 + t, r0 + r) is inside the tile the caller may write.
            unsafe { g.out.add((t0 + t) * g.out_stride + r0 + r).write(x) };
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Float weights (F32, F16, BF16) against f32 activations
// ---------------------------------------------------------------------------------------------

/// Eight weights of one float format to f32.
pub(super) trait FloatWeights {
    /// Bytes per element.
    const SIZE: usize;
    /// # Safety
    /// `8 * SIZE` readable bytes at `p`; AVX2/F16C.
    unsafe fn load8(p: *const u8) -> __m256;
    /// # Safety
    /// `SIZE` readable bytes at `p`.
    unsafe fn load1(p: *const u8) -> f32;
}

pub(super) struct F32w;
pub(super) struct F16w;
pub(super) struct Bf16w;

impl FloatWeights for F32w {
    const SIZE: usize = 4;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn load8(p: *const u8) -> __m256 {
        // SAFETY: 32 bytes at p (the caller).
        unsafe { _mm256_loadu_ps(p as *const f32) }
    }
    #[inline]
    unsafe fn load1(p: *const u8) -> f32 {
        // SAFETY: 4 bytes at p (the caller).
        unsafe { (p as *const f32).read_unaligned() }
    }
}

impl FloatWeights for F16w {
    const SIZE: usize = 2;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn load8(p: *const u8) -> __m256 {
        // SAFETY: 16 bytes at p (the caller).
        _mm256_cvtph_ps(unsafe { _mm_loadu_si128(p as *const __m128i) })
    }
    #[inline]
    unsafe fn load1(p: *const u8) -> f32 {
        // SAFETY: 2 bytes at p (the caller).
        super::formats::f16_to_f32(unsafe { (p as *const u16).read_unaligned() })
    }
}

impl FloatWeights for Bf16w {
    const SIZE: usize = 2;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn load8(p: *const u8) -> __m256 {
        // SAFETY: 16 bytes at p (the caller).
        let h = unsafe { _mm_loadu_si128(p as *const __m128i) };
        _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16))
    }
    #[inline]
    unsafe fn load1(p: *const u8) -> f32 {
        // SAFETY: 2 bytes at p (the caller).
        super::formats::bf16_to_f32(unsafe { (p as *const u16).read_unaligned() })
    }
}

/// Float weights of format `W` against activations stored in format `X`: F16's as f16, as
/// llama.cpp stores them (its `vec_dot_type`; widening is exact, so the values are those of f32
/// storage, and the prefill tiles, which read the activations from L2, read half the bytes);
/// F32's as f32, BF16's as f32 already rounded to bf16. With `PF` the tile prefetches the next
/// row group as one sequential stream while it reads its own rows: decode reads several rows
/// side by side from memory, short interleaved streams the hardware prefetcher follows badly
/// (four F16 rows read at 11-21 GB/s without it, 22-28 GB/s with it; one row at a time, whose
/// single accumulator chain is latency-bound, at 18, on an Intel Xeon). On the AMD Zen 4 of the
/// later tables two rows are the faster (F16 decode: `gemm_f16`).
pub(super) struct FloatTile<W, X, const PF: bool>(core::marker::PhantomData<(W, X)>);

impl<W: FloatWeights, X: FloatWeights, const PF: bool> Tile for FloatTile<W, X, PF> {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize) {
        let n = g.cols;
        // SAFETY: rows r0..r0+RM and tokens t0..t0+RN are inside the product (the caller), so
        // every element index below n of them is readable.
        unsafe {
            let w = |r: usize| g.w.add((r0 + r) * g.w_stride);
            let x = |t: usize| g.x.add((t0 + t) * g.x_stride);
            let mut acc = [[_mm256_setzero_ps(); RN]; RM];
            let mut i = 0;
            // At the matrix's end this points past it: prefetches never fault, and wrapping_add
            // makes no claim that the address is inside the allocation.
            let next = g.w.wrapping_add((r0 + RM) * g.w_stride);
            while i + 8 <= n {
                if PF {
                    _mm_prefetch::<_MM_HINT_T0>(next.wrapping_add(RM * W::SIZE * i) as *const i8);
                }
                let mut wv = [_mm256_setzero_ps(); RM];
                for (r, v) in wv.iter_mut().enumerate() {
                    *v = W::load8(w(r).add(W::SIZE * i));
                }
                for t in 0..RN {
                    let xv = X::load8(x(t).add(X::SIZE * i));
                    for r in 0..RM {
                        acc[r][t] = _mm256_fmadd_ps(wv[r], xv, acc[r][t]);
                    }
                }
                i += 8;
            }
            let mut s = [[0f32; RN]; RM];
            for r in 0..RM {
                for t in 0..RN {
                    let mut v = hsum(acc[r][t]);
                    for j in i..n {
                        v += W::load1(w(r).add(W::SIZE * j)) * X::load1(x(t).add(X::SIZE * j));
                    }
                    s[r][t] = v;
                }
            }
            store(g, r0, t0, &s);
        }
    }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_f32(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe {
        if g.n_tok == 1 {
            // One f32 row at a time already reads at about the memory bandwidth.
            drive::<FloatTile<F32w, F32w, false>, 1, 1>(g, rows)
        } else {
            drive::<FloatTile<F32w, F32w, true>, 3, 3>(g, rows)
        }
    }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_f16(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe {
        if g.n_tok == 1 {
            // Two rows (two accumulator chains; one alone is latency-bound) with the next pair
            // prefetched as one stream: on the Zen 4 (docs/model-bench.md) faster than one row
            // at a time, which was faster than four rows. One row with two chains (chunk c into
            // accumulator c mod 2, and the prefill tiles in that order) decoded faster on 4 KiB
            // pages, but on the 2 MiB pages the model is on this order was as fast or faster in
            // both decode and prefill (docs/model-bench.md, 2026-12-04 18:50 UTC).
            drive::<FloatTile<F16w, F16w, true>, 2, 1>(g, rows)
        } else {
            // 2 × 6: 12 accumulators, 2 weight vectors and one activation, 15 of the 16
            // registers. With the activations as f16 the best shape measured (3 × 3 had been,
            // with f32 activations: docs/model-bench.md, 2026-12-04 18:50 UTC).
            drive::<FloatTile<F16w, F16w, true>, 2, 6>(g, rows)
        }
    }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_bf16(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe {
        if g.n_tok == 1 {
            drive::<FloatTile<Bf16w, F32w, true>, 4, 1>(g, rows)
        } else {
            drive::<FloatTile<Bf16w, F32w, true>, 3, 3>(g, rows)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Q8_0 weights against Q8_0 activations
// ---------------------------------------------------------------------------------------------

/// A 32-element weight block with signed quants: Q8_0, Q4_0, Q5_0.
pub(super) trait Signed32 {
    const BYTES: usize;
    /// The block's 32 quants as signed bytes, in element order.
    ///
    /// # Safety
    /// One whole block at `b`; AVX2.
    unsafe fn quants(b: *const u8) -> __m256i;
}

pub(super) struct Q8_0w;
pub(super) struct Q4_0w;
pub(super) struct Q5_0w;

impl Signed32 for Q8_0w {
    const BYTES: usize = Q8_0_BYTES;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn quants(b: *const u8) -> __m256i {
        // SAFETY: the 32 quants after the scale (the caller).
        unsafe { ld32(b.add(2)) }
    }
}

impl Signed32 for Q4_0w {
    const BYTES: usize = 18;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn quants(b: *const u8) -> __m256i {
        // SAFETY: 16 bytes of nibbles after the scale (the caller).
        _mm256_sub_epi8(unsafe { nibbles32(b.add(2)) }, _mm256_set1_epi8(8))
    }
}

impl Signed32 for Q5_0w {
    const BYTES: usize = 22;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn quants(b: *const u8) -> __m256i {
        // SAFETY: the 4 bytes of fifth bits and 16 of nibbles after the scale (the caller).
        let (q, h) = unsafe {
            (
                nibbles32(b.add(6)),
                (b.add(2) as *const u32).read_unaligned(),
            )
        };
        _mm256_sub_epi8(_mm256_or_si256(q, fifth_bits(h)), _mm256_set1_epi8(16))
    }
}

/// Signed 32-element blocks (scale an f16 at byte 0) against Q8_0 activations, llama.cpp's
/// integer block product: `maddubs` on |w| and x carrying w's sign, then the two scales once
/// per block. `PF` as in [`FloatTile`]: Q8_0 prefill's tiles read 42 GMAC/s without it, 50
/// with it (3072 × 1024 against 32 tokens). Per (row, token, block) the tile issues five vector
/// ALU instructions (`sign`, `maddubs`, `madd`, the conversion, the FMA) and one load: the
/// scale products of a token's RM rows are stored to the stack by one multiply and each is
/// broadcast back by the load unit ([`bcast_mem`]), where a shuffle from a register was a sixth
/// ALU instruction. The tile is bound by those ALU instructions; the broadcast also frees the
/// register the products were shuffled from, and Q8_0's 4 × 4 tile reads 8-10% faster than
/// the 4 × 3 one with the shuffle (docs/model-bench.md, "Q8_0 prefill and Q4_K decode past
/// llama.cpp"). The scales' conversion and the
/// weights' `abs` are paid once per row and block, shared by the RN tokens.
pub(super) struct Signed32Tile<B, const PF: bool>(core::marker::PhantomData<B>);

impl<B: Signed32, const PF: bool> Tile for Signed32Tile<B, PF> {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize) {
        let nb = g.cols / 32;
        // SAFETY: rows r0..r0+RM and tokens t0..t0+RN are inside the product, each `nb`
        // blocks of B::BYTES (weights) or 36 (activations), as the caller guarantees.
        unsafe {
            let w = |r: usize| g.w.add((r0 + r) * g.w_stride);
            let x = |t: usize| g.x.add((t0 + t) * g.x_stride);
            let mut acc = [[_mm256_setzero_ps(); RN]; RM];
            // As in the float tiles: the next row group streams in while this one is read.
            let next = g.w.wrapping_add((r0 + RM) * g.w_stride);
            let ones = _mm256_set1_epi16(1);
            let mut ds = [[0f32; 4]; RN];
            for b in 0..nb {
                let (o, ox) = (b * B::BYTES, b * Q8_0_ACT_BYTES);
                if PF && t0 == 0 {
                    // Every cache line of the next group's RM blocks (RM · BYTES bytes; one
                    // prefetch per block left some lines out), and only while the first tokens
                    // pass over the group: the later tiles would prefetch the same lines again.
                    let mut l = 0;
                    while l < RM * B::BYTES {
                        _mm_prefetch::<_MM_HINT_T0>(next.wrapping_add(RM * o + l) as *const i8);
                        l += 64;
                    }
                }
                // The RM rows' f16 scales side by side, converted together (as llamafile's
                // tinyBLAS does): one conversion per block, not one per row.
                let mut bits = 0u64;
                let mut qw = [_mm256_setzero_si256(); RM];
                let mut aw = [_mm256_setzero_si256(); RM];
                for r in 0..RM {
                    bits |= u64::from((w(r).add(o) as *const u16).read_unaligned()) << (16 * r);
                    qw[r] = B::quants(w(r).add(o));
                    aw[r] = _mm256_abs_epi8(qw[r]);
                }
                let dw = _mm_cvtph_ps(_mm_cvtsi64_si128(bits as i64));
                // dw · dx for the RM rows of each token at once (each lane the product one
                // multiply per row gave), kept on the stack for `bcast_mem`.
                if RM > 1 {
                    for t in 0..RN {
                        let dx = (x(t).add(ox) as *const f32).read_unaligned();
                        _mm_storeu_ps(ds[t].as_mut_ptr(), _mm_mul_ps(dw, _mm_set1_ps(dx)));
                    }
                }
                for t in 0..RN {
                    let qx = ld32(x(t).add(ox + 4));
                    // Decode: one scalar product, broadcast.
                    let d1 = if RM == 1 {
                        let dx = (x(t).add(ox) as *const f32).read_unaligned();
                        _mm256_set1_ps(_mm_cvtss_f32(dw) * dx)
                    } else {
                        _mm256_setzero_ps()
                    };
                    for r in 0..RM {
                        let p = _mm256_madd_epi16(
                            _mm256_maddubs_epi16(aw[r], _mm256_sign_epi8(qx, qw[r])),
                            ones,
                        );
                        let dr = if RM == 1 {
                            d1
                        } else {
                            bcast_mem(ds[t].as_ptr().add(r))
                        };
                        acc[r][t] = _mm256_fmadd_ps(dr, _mm256_cvtepi32_ps(p), acc[r][t]);
                    }
                }
            }
            let mut s = [[0f32; RN]; RM];
            for r in 0..RM {
                for t in 0..RN {
                    s[r][t] = hsum(acc[r][t]);
                }
            }
            store(g, r0, t0, &s);
        }
    }
}

/// Eight copies of the f32 at `p`, by the load unit: `vbroadcastss` from memory is a load and
/// no vector ALU operation, where a broadcast or shuffle from a register is one. (Written as
/// `asm!` because LLVM forwards a store to a later load of the same bytes and then shuffles
/// registers again.)
///
/// # Safety
/// Four readable bytes at `p`; AVX.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn bcast_mem(p: *const f32) -> __m256 {
    let v: __m256;
    // SAFETY: reads the four bytes at p (the caller's contract); touches no stack or flags.
    unsafe {
        core::arch::asm!(
            "vbroadcastss {v}, dword ptr [{p}]",
            p = in(reg) p,
            v = out(ymm_reg) v,
            options(pure, readonly, nostack, preserves_flags)
        );
    }
    v
}

/// A 32-element weight block with unsigned quants and a minimum: Q4_1, Q5_1 (d and m f16 at
/// bytes 0 and 2).
pub(super) trait Unsigned32 {
    const BYTES: usize;
    /// The block's 32 quants as unsigned bytes, in element order.
    ///
    /// # Safety
    /// One whole block at `b`; AVX2.
    unsafe fn quants(b: *const u8) -> __m256i;
}

pub(super) struct Q4_1w;
pub(super) struct Q5_1w;

impl Unsigned32 for Q4_1w {
    const BYTES: usize = 20;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn quants(b: *const u8) -> __m256i {
        // SAFETY: 16 bytes of nibbles after d and m (the caller).
        unsafe { nibbles32(b.add(4)) }
    }
}

impl Unsigned32 for Q5_1w {
    const BYTES: usize = 24;
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn quants(b: *const u8) -> __m256i {
        // SAFETY: 4 bytes of fifth bits and 16 of nibbles after d and m (the caller).
        let (q, h) = unsafe {
            (
                nibbles32(b.add(8)),
                (b.add(4) as *const u32).read_unaligned(),
            )
        };
        _mm256_or_si256(q, fifth_bits(h))
    }
}

/// Unsigned 32-element blocks against Q8_1 activations: `maddubs` takes the quants directly,
/// and the weights' minimum meets the activations' `d·Σq`, summed as a scalar beside the lanes
/// (the decode kernel's order).
pub(super) struct Unsigned32Tile<B, const PF: bool>(core::marker::PhantomData<B>);

impl<B: Unsigned32, const PF: bool> Tile for Unsigned32Tile<B, PF> {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize) {
        let nb = g.cols / 32;
        // SAFETY: as in Signed32Tile, with 40-byte activation blocks.
        unsafe {
            let w = |r: usize| g.w.add((r0 + r) * g.w_stride);
            let x = |t: usize| g.x.add((t0 + t) * g.x_stride);
            let mut acc = [[_mm256_setzero_ps(); RN]; RM];
            let mut mins = [[0f32; RN]; RM];
            let next = g.w.wrapping_add((r0 + RM) * g.w_stride);
            let ones = _mm256_set1_epi16(1);
            for b in 0..nb {
                let (o, ox) = (b * B::BYTES, b * Q8_1_BYTES);
                if PF {
                    _mm_prefetch::<_MM_HINT_T0>(next.wrapping_add(RM * o) as *const i8);
                }
                let mut qw = [_mm256_setzero_si256(); RM];
                let mut dw = [0f32; RM];
                let mut mw = [0f32; RM];
                for r in 0..RM {
                    let hb = core::slice::from_raw_parts(w(r).add(o), 4);
                    qw[r] = B::quants(w(r).add(o));
                    (dw[r], mw[r]) = (h2f(hb, 0), h2f(hb, 2));
                }
                for t in 0..RN {
                    let xb = x(t).add(ox);
                    let qx = ld32(xb.add(8));
                    let dx = (xb as *const f32).read_unaligned();
                    let sx = (xb.add(4) as *const f32).read_unaligned();
                    for r in 0..RM {
                        let p = _mm256_madd_epi16(_mm256_maddubs_epi16(qw[r], qx), ones);
                        let d = _mm256_set1_ps(dw[r] * dx);
                        acc[r][t] = _mm256_fmadd_ps(d, _mm256_cvtepi32_ps(p), acc[r][t]);
                        mins[r][t] += mw[r] * sx;
                    }
                }
            }
            let mut s = [[0f32; RN]; RM];
            for r in 0..RM {
                for t in 0..RN {
                    s[r][t] = hsum(acc[r][t]) + mins[r][t];
                }
            }
            store(g, r0, t0, &s);
        }
    }
}

/// The legacy quants' products: one row at a time for one token, `RM × RN` tiles otherwise
/// (measured per type against 32 tokens: 2 × 2 is best where unpacking is cheap, 1 × 4 where it
/// costs more; Q8_0 4 × 4 since its scales are converted four rows at a time, and with the
/// scale products broadcast from memory 4 × 4 and 2 × 4 read 41-45 GMAC/s against 40-44 for
/// 3 × 3 and 3 × 4 and 40-42 for 4 × 3, whose accumulators and weights fill 16 registers).
///
/// Decode reads one row at a time because the memory system serves one sequential stream best:
/// from memory (a 250 MiB matrix), Q8_0 one row at a time read 14.5-15.7 GMAC/s, four rows side
/// by side 5 (with the next group prefetched line by line 11-12) and two 13-14, although four
/// rows are faster from L2 (27-29 against 21-23 GMAC/s: four independent FMA chains). A decode
/// step's weights come from memory (they are read once per token and a model is larger than the
/// caches), so the single stream wins; software prefetch ahead of it (0.5 to 8 KiB, T0, T1, T2
/// and NTA hints) did not read faster than the hardware prefetcher alone.
macro_rules! gemm_32 {
    ($($name:ident: $tile:ident<$w:ty>, $rm:literal, $rn:literal;)*) => {
        $(
            /// # Safety
            /// See the module.
            #[target_feature(enable = "avx2,fma,f16c")]
            pub(super) unsafe fn $name(g: &Gemm, rows: Range<usize>) {
                // SAFETY: forwarded.
                unsafe {
                    if g.n_tok == 1 {
                        drive::<$tile<$w, false>, 1, 1>(g, rows)
                    } else {
                        drive::<$tile<$w, true>, $rm, $rn>(g, rows)
                    }
                }
            }
        )*
    };
}

gemm_32! {
    gemm_q8_0: Signed32Tile<Q8_0w>, 4, 4;
    gemm_q4_0: Signed32Tile<Q4_0w>, 2, 2;
    gemm_q5_0: Signed32Tile<Q5_0w>, 1, 4;
    gemm_q4_1: Unsigned32Tile<Q4_1w>, 1, 4;
    gemm_q5_1: Unsigned32Tile<Q5_1w>, 1, 4;
}

// ---------------------------------------------------------------------------------------------
// Q5_K against Q8_K activations (Q4_K and Q6_K: one row per lane, `lanes.rs`)
// ---------------------------------------------------------------------------------------------
//
// The integer work of a super-block is llama.cpp's (`maddubs` on the unsigned quants, `madd`
// with each group's scale); the tile unpacks each row's quants and scales once and reuses them
// for its tokens, and each (row, token) keeps the decode kernels' float order: the block's i32
// lanes scaled by d·dy into one f32 accumulator, the minimums summed as scalars beside it.
// Q5_K is not in the Q4_K_M mix and stays here; in the row-per-lane layout its 5-bit quants would
// allow 8 products per 16-bit sum (8 · 31 · 127 = 31,496), so two `madd` per group.

/// Q8_K activation block: (scale, the 256 quants, the sixteen group sums as i16 lanes).
///
/// # Safety
/// `xb` points at one Q8_K block.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn q8k(xb: *const u8) -> (f32, *const u8, __m256i) {
    // SAFETY: the block's f32 scale, 256 quants and 32 bytes of sums (the caller).
    unsafe {
        (
            (xb as *const f32).read_unaligned(),
            xb.add(4),
            _mm256_loadu_si256(xb.add(4 + QK_K) as *const __m256i),
        )
    }
}

/// Q5_K (176-byte blocks).
pub(super) struct Q5kTile<const PF: bool>;

impl<const PF: bool> Tile for Q5kTile<PF> {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize) {
        let (bytes, qs_at) = (176, 48);
        let nb = g.cols / QK_K;
        // SAFETY: rows r0..r0+RM and tokens t0..t0+RN are inside the product, `nb` blocks of
        // `bytes` (weights) and of Q8_K_BYTES (activations) each (the caller).
        unsafe {
            let w = |r: usize| g.w.add((r0 + r) * g.w_stride);
            let x = |t: usize| g.x.add((t0 + t) * g.x_stride);
            let next = g.w.wrapping_add((r0 + RM) * g.w_stride);
            let m4 = _mm256_set1_epi8(0x0F);
            let one = _mm256_set1_epi8(1);
            let mut acc = [[_mm256_setzero_ps(); RN]; RM];
            let mut mins = [[0f32; RN]; RM];
            for blk in 0..nb {
                // Rows: scales, minimums, d and dmin, once for all the tile's tokens.
                let mut sv = [[_mm256_setzero_si256(); 8]; RM];
                let mut mv = [_mm_setzero_si128(); RM];
                let mut d = [0f32; RM];
                let mut dmin = [0f32; RM];
                for r in 0..RM {
                    let b = w(r).add(blk * bytes);
                    if PF {
                        _mm_prefetch::<_MM_HINT_T0>(
                            next.wrapping_add(RM * blk * bytes) as *const i8
                        );
                        _mm_prefetch::<_MM_HINT_T0>(
                            next.wrapping_add(RM * blk * bytes + 64) as *const i8
                        );
                    }
                    let hb = core::slice::from_raw_parts(b, 16);
                    d[r] = h2f(hb, 0);
                    dmin[r] = h2f(hb, 2);
                    let sm = k4_scales_mins(&hb[4..16]);
                    for j in 0..8 {
                        sv[r][j] = _mm256_set1_epi16(i16::from(sm[j]));
                    }
                    mv[r] =
                        _mm_cvtepu8_epi16(_mm_loadl_epi64(sm.as_ptr().add(8) as *const __m128i));
                }
                // Tokens: scale and the group sums in pairs (a minimum covers 32 elements).
                let mut dy = [0f32; RN];
                let mut pairs = [_mm_setzero_si128(); RN];
                let mut ys = [core::ptr::null(); RN];
                for t in 0..RN {
                    let (s, q, bs) = q8k(x(t).add(blk * Q8_K_BYTES));
                    dy[t] = s;
                    ys[t] = q;
                    pairs[t] =
                        _mm_hadd_epi16(_mm256_castsi256_si128(bs), _mm256_extracti128_si256(bs, 1));
                }
                let mut isum = [[_mm256_setzero_si256(); RN]; RM];
                for c in 0..4 {
                    let mut lo = [_mm256_setzero_si256(); RM];
                    let mut hi = [_mm256_setzero_si256(); RM];
                    for r in 0..RM {
                        let b = w(r).add(blk * bytes);
                        let q = ld32(b.add(qs_at + 32 * c));
                        lo[r] = _mm256_and_si256(q, m4);
                        hi[r] = _mm256_and_si256(_mm256_srli_epi16(q, 4), m4);
                        // The fifth bits: bit 2c of qh for the low nibbles, 2c + 1 the high.
                        let h = _mm256_srl_epi16(ld32(b.add(16)), _mm_cvtsi32_si128(2 * c as i32));
                        let h0 = _mm256_and_si256(h, one);
                        let h1 = _mm256_and_si256(_mm256_srli_epi16(h, 1), one);
                        lo[r] = _mm256_or_si256(lo[r], _mm256_slli_epi16(h0, 4));
                        hi[r] = _mm256_or_si256(hi[r], _mm256_slli_epi16(h1, 4));
                    }
                    for t in 0..RN {
                        let ylo = ld32(ys[t].add(64 * c));
                        let yhi = ld32(ys[t].add(64 * c + 32));
                        for r in 0..RM {
                            let a =
                                _mm256_madd_epi16(_mm256_maddubs_epi16(lo[r], ylo), sv[r][2 * c]);
                            let b = _mm256_madd_epi16(
                                _mm256_maddubs_epi16(hi[r], yhi),
                                sv[r][2 * c + 1],
                            );
                            isum[r][t] = _mm256_add_epi32(isum[r][t], _mm256_add_epi32(a, b));
                        }
                    }
                }
                for r in 0..RM {
                    for t in 0..RN {
                        let m = _mm_madd_epi16(mv[r], pairs[t]);
                        let m = _mm_add_epi32(m, _mm_unpackhi_epi64(m, m));
                        let msum = _mm_cvtsi128_si32(_mm_add_epi32(m, _mm_shuffle_epi32(m, 1)));
                        let f = _mm256_cvtepi32_ps(isum[r][t]);
                        acc[r][t] = _mm256_fmadd_ps(_mm256_set1_ps(dy[t] * d[r]), f, acc[r][t]);
                        mins[r][t] += dy[t] * (dmin[r] * msum as f32);
                    }
                }
            }
            let mut s = [[0f32; RN]; RM];
            for r in 0..RM {
                for t in 0..RN {
                    s[r][t] = hsum(acc[r][t]) - mins[r][t];
                }
            }
            store(g, r0, t0, &s);
        }
    }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_q5_k(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe {
        if g.n_tok == 1 {
            drive::<Q5kTile<false>, 1, 1>(g, rows)
        } else {
            drive::<Q5kTile<true>, 1, 4>(g, rows)
        }
    }
}

/// Q2_K and Q3_K: each row's block unpacked once by the portable unpacker (`quants.rs`) into
/// plain quants and group scales, then used for all the tile's tokens (decode unpacked it once
/// per token); the products are 32 bytes at a time with `maddubs` on |q| and y carrying q's
/// sign, `madd` with the two groups' scales.
pub(super) struct UnpackedKTile<const BYTES: usize>;

/// The unpacker of the k-quant whose blocks are `BYTES` long.
const fn unpacker(bytes: usize) -> UnpackK {
    match bytes {
        84 => super::quants::unpack_q2_k,
        _ => super::quants::unpack_q3_k,
    }
}

impl<const BYTES: usize> Tile for UnpackedKTile<BYTES> {
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const RM: usize, const RN: usize>(g: &Gemm, r0: usize, t0: usize) {
        let nb = g.cols / QK_K;
        let unpack = unpacker(BYTES);
        let mut u = KBlock::new();
        for r in 0..RM {
            let mut acc = [_mm256_setzero_ps(); RN];
            let mut mins = [0f32; RN];
            // SAFETY: row r0 + r and tokens t0..t0+RN are inside the product, `nb` blocks each
            // (the caller); every load below is inside a block or inside `u`.
            unsafe {
                let w = g.w.add((r0 + r) * g.w_stride);
                for blk in 0..nb {
                    unpack(
                        core::slice::from_raw_parts(w.add(blk * BYTES), BYTES),
                        &mut u,
                    );
                    let mut sc = [_mm256_setzero_si256(); 8];
                    let mut aq = [_mm256_setzero_si256(); 8];
                    let mut q = [_mm256_setzero_si256(); 8];
                    for c in 0..8 {
                        sc[c] = _mm256_set_m128i(
                            _mm_set1_epi16(u.scale[2 * c + 1]),
                            _mm_set1_epi16(u.scale[2 * c]),
                        );
                        q[c] = ld32(u.q.as_ptr().add(32 * c) as *const u8);
                        aq[c] = _mm256_sign_epi8(q[c], q[c]);
                    }
                    for t in 0..RN {
                        let xb = g.x.add((t0 + t) * g.x_stride + blk * Q8_K_BYTES);
                        let (dy, ys, bs) = q8k_parts(core::slice::from_raw_parts(xb, Q8_K_BYTES));
                        let mut isum = _mm256_setzero_si256();
                        for c in 0..8 {
                            let y = ld32(ys.as_ptr().add(32 * c));
                            let p16 = _mm256_maddubs_epi16(aq[c], _mm256_sign_epi8(y, q[c]));
                            isum = _mm256_add_epi32(isum, _mm256_madd_epi16(p16, sc[c]));
                        }
                        let f = _mm256_cvtepi32_ps(isum);
                        acc[t] = _mm256_fmadd_ps(_mm256_set1_ps(dy * u.d), f, acc[t]);
                        mins[t] += dy * u.dmin * min_sum(&u, &bs) as f32;
                    }
                }
                for t in 0..RN {
                    let v = hsum(acc[t]) - mins[t];
                    g.out.add((t0 + t) * g.out_stride + r0 + r).write(v);
                }
            }
        }
    }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_q2_k(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe { drive::<UnpackedKTile<84>, 1, 8>(g, rows) }
}

/// # Safety
/// See the module.
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm_q3_k(g: &Gemm, rows: Range<usize>) {
    // SAFETY: forwarded.
    unsafe { drive::<UnpackedKTile<110>, 1, 8>(g, rows) }
}
