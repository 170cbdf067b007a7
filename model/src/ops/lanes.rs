//! k-quant products on AVX2 with one weight row per 32-bit vector lane (Q4_K in `q4k.rs`,
//! Q6_K in `q6k.rs`): eight rows side by side, so each activation load (four quants broadcast
//! to every lane) serves eight rows, the products of a group add up in 16-bit lanes before its
//! scale is applied once, and no horizontal sum is left at the end (lane r is row r's result).
//!
//! The weights stay in the GGUF bytes. Per call, each group of eight rows is rearranged on the
//! stack, [`KC`] super-blocks at a time: the quants transposed so that a vector holds four
//! consecutive quants of each of the eight rows, already unpacked to bytes; the scales
//! expanded to the 16-bit pairs `madd` takes; d (and dmin) as f32. Every token of the batch then
//! reads that copy from L1. It is the interleaved layout of llama.cpp's `q4_K_8x8` repack,
//! built per call in about 11 KiB of stack instead of a second copy of the matrix. One token
//! (decode) reads each row once, so it skips the copy and reads the rows one at a time as the
//! GGUF stores them ([`Lanes::decode_rows`]), summing each row's vector lanes per super-block.
//!
//! The arithmetic of element (row, token), whatever the tile: per super-block in order, the
//! block's exact integer sums, then one f32 `fma` per sum into that element's accumulator (the
//! types' files say which). The integers are exact and each lane does its own float operations,
//! so the batch, the row range and the lane a row takes change nothing: decode gives the bits
//! of prefill.
//!
//! # Safety (every `unsafe fn` here and in the types' files)
//! The CPU has AVX2, FMA and F16C with YMM state enabled ([`super::simd`]), and the [`Gemm`]
//! satisfies its field contracts for the row range passed.

use super::gemm::Gemm;
use core::arch::x86_64::*;
use core::ops::Range;

/// Rows per group: one per lane.
pub(super) const ROWS: usize = 8;
/// Super-blocks rearranged at a time (1024 columns; 10-11 KiB).
const KC: usize = 4;
/// Tokens whose accumulators are kept at a time (4 KiB).
const NT: usize = 64;

/// The start of each of a group's eight rows.
pub(super) type RowPtrs = [*const u8; ROWS];

/// A weight type's eight-row kernels.
///
/// # Safety
/// `Block` is plain vectors, valid when all zero.
pub(super) unsafe trait Lanes {
    /// Bytes of a super-block of one row.
    const BYTES: usize;
    /// A super-block of eight rows, rearranged.
    type Block;
    /// Rearrange super-block `blk` of the rows at `rp` into `out`.
    ///
    /// # Safety
    /// See the module; each row holds at least `blk + 1` super-blocks.
    unsafe fn rearrange(rp: &RowPtrs, blk: usize, out: &mut Self::Block);
    /// Tokens `t0..t0 + n` over the rearranged super-blocks `s` (super-blocks
    /// `b0..b0 + s.len()` of the rows), adding into their accumulators `acc[..n]`.
    ///
    /// # Safety
    /// See the module; tokens `t0..t0 + n` are in the product, super-blocks `b0..b0 + s.len()`
    /// in the rows.
    unsafe fn tokens(
        g: &Gemm,
        s: &[Self::Block],
        b0: usize,
        t0: usize,
        n: usize,
        acc: &mut [[__m256; 2]],
    );
    /// Token 0 alone against each row of `rows`, read in place, one row at a time: per row
    /// the same integers and float operations as that row's lane of [`Lanes::tokens`].
    ///
    /// # Safety
    /// See the module; token 0 is in the product, and so are `rows`, whose elements of token
    /// 0 are the caller's to write.
    unsafe fn decode_rows(g: &Gemm, rows: Range<usize>);
}

/// The [`Lanes`] impl of a type whose module has the kernels as free functions (`rearrange`,
/// `tokens::<N>`, `decode_rows`, with `BYTES` and `Rows8`): the same forwarding and the same
/// token tiling (`RN` at a time, then one call for the rest) for every type, written once.
/// The listed literals are the remainders below `RN`.
macro_rules! lanes_impl {
    ($ty:ident, $rn:ident, $($k:literal)*) => {
        // SAFETY: `Rows8` is vectors only.
        unsafe impl Lanes for $ty {
            const BYTES: usize = BYTES;
            type Block = Rows8;

            #[inline]
            unsafe fn rearrange(rp: &RowPtrs, blk: usize, out: &mut Rows8) {
                // SAFETY: forwarded; AVX2 (the module's contract).
                unsafe { rearrange(rp, blk, out) }
            }

            #[inline]
            unsafe fn tokens(
                g: &Gemm,
                s: &[Rows8],
                b0: usize,
                t0: usize,
                n: usize,
                acc: &mut [[__m256; 2]],
            ) {
                let mut t = 0;
                // SAFETY: the tiles cover tokens t0..t0 + n, the caller's.
                unsafe {
                    while t + $rn <= n {
                        tokens::<$rn>(g, s, b0, t0 + t, &mut acc[t..]);
                        t += $rn;
                    }
                    match n - t {
                        0 => {}
                        $($k => tokens::<$k>(g, s, b0, t0 + t, &mut acc[t..]),)*
                        _ => unreachable!("the remainder is below RN"),
                    }
                }
            }

            #[inline]
            unsafe fn decode_rows(g: &Gemm, rows: Range<usize>) {
                // SAFETY: forwarded; AVX2 (the module's contract).
                unsafe { decode_rows(g, rows) }
            }
        }
    };
}
pub(super) use lanes_impl;

/// Prefetch the `ROWS * bytes` bytes at `p` (never dereferenced, so it may lie past the matrix:
/// prefetches do not fault).
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn prefetch(p: *const u8, bytes: usize) {
    for l in 0..ROWS * bytes / 64 {
        _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64 * l) as *const i8);
    }
}

/// Bytes `o..o + 32` of the rows at `rp` as an 8 × 8 transpose of 32-bit words: vector g holds
/// bytes `o + 4g..o + 4g + 4` of row r in lane r.
///
/// # Safety
/// Each row has 32 readable bytes at `o`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn transpose(rp: &RowPtrs, o: usize) -> [__m256i; 8] {
    // SAFETY: forwarded.
    let r: [__m256i; 8] =
        core::array::from_fn(|i| unsafe { _mm256_loadu_si256(rp[i].add(o) as *const __m256i) });
    let t: [__m256i; 8] = core::array::from_fn(|i| {
        let (x, y) = (r[2 * (i / 2)], r[2 * (i / 2) + 1]);
        if i % 2 == 0 {
            _mm256_unpacklo_epi32(x, y)
        } else {
            _mm256_unpackhi_epi32(x, y)
        }
    });
    // u[4h + g]: word g (low half) and g + 4 (high half) of rows 4h..4h+4.
    let u: [__m256i; 8] = core::array::from_fn(|i| {
        let (h, g) = (i / 4, i % 4);
        let (x, y) = (t[4 * h + g / 2], t[4 * h + 2 + g / 2]);
        if g % 2 == 0 {
            _mm256_unpacklo_epi64(x, y)
        } else {
            _mm256_unpackhi_epi64(x, y)
        }
    });
    core::array::from_fn(|g| {
        if g < 4 {
            _mm256_permute2x128_si256::<0x20>(u[g], u[4 + g])
        } else {
            _mm256_permute2x128_si256::<0x31>(u[g - 4], u[g])
        }
    })
}

/// 16 bytes at offset `o` of each row, as four vectors: vector w holds bytes `o + 4w..+4` of
/// row r in lane r (a 4 × 4 transpose of words within each half).
///
/// # Safety
/// Each row has 16 readable bytes at `o`.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn transpose16(rp: &RowPtrs, o: usize) -> [__m256i; 4] {
    // SAFETY: forwarded.
    let v: [__m256i; 4] = core::array::from_fn(|r| unsafe {
        _mm256_set_m128i(
            _mm_loadu_si128(rp[r + 4].add(o) as *const __m128i),
            _mm_loadu_si128(rp[r].add(o) as *const __m128i),
        )
    });
    let a = _mm256_unpacklo_epi32(v[0], v[1]);
    let e = _mm256_unpacklo_epi32(v[2], v[3]);
    let c = _mm256_unpackhi_epi32(v[0], v[1]);
    let f = _mm256_unpackhi_epi32(v[2], v[3]);
    [
        _mm256_unpacklo_epi64(a, e),
        _mm256_unpackhi_epi64(a, e),
        _mm256_unpacklo_epi64(c, f),
        _mm256_unpackhi_epi64(c, f),
    ]
}

/// `pshufb` masks within each 32-bit lane: bytes `a`, `b` of that lane into the low (`HIGH`
/// false) or high byte of its two 16-bit halves, zeros elsewhere.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) fn pick16<const HIGH: bool>(a: i32, b: i32) -> __m256i {
    let m = |i: i32| {
        let (x, y) = (4 * i + a, 4 * i + b);
        if HIGH {
            0x80 | (x << 8) | (0x80 << 16) | (y << 24)
        } else {
            x | (0x80 << 8) | (y << 16) | (0x80 << 24)
        }
    };
    _mm256_setr_epi32(m(0), m(1), m(2), m(3), m(0), m(1), m(2), m(3))
}

/// Write lanes `0..rm` of `v` to elements (t, r0..r0 + rm).
///
/// # Safety
/// See the module; those elements are in the product and the caller's to write.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn store(g: &Gemm, t: usize, r0: usize, rm: usize, v: __m256) {
    // SAFETY: the caller's elements (`Gemm::out`).
    unsafe {
        let o = g.out.add(t * g.out_stride + r0);
        if rm == ROWS {
            _mm256_storeu_ps(o, v);
        } else {
            let mut l = [0f32; ROWS];
            _mm256_storeu_ps(l.as_mut_ptr(), v);
            core::ptr::copy_nonoverlapping(l.as_ptr(), o, rm);
        }
    }
}

/// The product over `rows` for a type of [`Lanes`] kernels.
///
/// # Safety
/// See the module.
#[inline]
#[target_feature(enable = "avx2,fma,f16c")]
pub(super) unsafe fn gemm<K: Lanes>(g: &Gemm, rows: Range<usize>) {
    if g.n_tok == 1 {
        // Decode reads one row at a time: the matrix as one sequential stream, which this
        // memory system serves fastest (docs/model-bench.md: eight rows side by side with the
        // next group prefetched decoded the 0.6B Q4_K_M at 21 tok/s, one row at a time at 34).
        // SAFETY: rows and token 0 are in the product, their elements the caller's.
        unsafe { K::decode_rows(g, rows) };
        return;
    }
    let nb = g.cols / super::formats::QK_K;
    // SAFETY: all-zero bytes are a valid `K::Block` (the trait's contract).
    let mut s: [K::Block; KC] = unsafe { core::mem::zeroed() };
    let mut acc = [[_mm256_setzero_ps(); 2]; NT];
    let mut r0 = rows.start;
    while r0 < rows.end {
        let rm = ROWS.min(rows.end - r0);
        // A group short of eight rows repeats its last row in the spare lanes, never stored.
        // SAFETY: rows r0..r0 + rm are in the caller's range, so inside the matrix.
        let rp: RowPtrs =
            core::array::from_fn(|i| unsafe { g.w.add((r0 + i.min(rm - 1)) * g.w_stride) });
        // The next group's rows as one stream, fetched while this one is read.
        let next = g.w.wrapping_add((r0 + ROWS) * g.w_stride);
        let mut t0 = 0;
        while t0 < g.n_tok {
            let nt = NT.min(g.n_tok - t0);
            acc[..nt].fill([_mm256_setzero_ps(); 2]);
            let mut b0 = 0;
            while b0 < nb {
                let kc = KC.min(nb - b0);
                for (k, blk) in s[..kc].iter_mut().enumerate() {
                    if t0 == 0 {
                        prefetch(next.wrapping_add(ROWS * (b0 + k) * K::BYTES), K::BYTES);
                    }
                    // SAFETY: super-block b0 + k < nb of each row (the caller's contract).
                    unsafe { K::rearrange(&rp, b0 + k, blk) };
                }
                // SAFETY: tokens t0..t0 + nt are below n_tok; super-blocks b0..b0 + kc exist.
                unsafe { K::tokens(g, &s[..kc], b0, t0, nt, &mut acc) };
                b0 += kc;
            }
            for (t, a) in acc[..nt].iter().enumerate() {
                let v = _mm256_sub_ps(a[0], a[1]);
                // SAFETY: token t0 + t and rows r0..r0 + rm are the caller's.
                unsafe { store(g, t0 + t, r0, rm, v) };
            }
            t0 += nt;
        }
        r0 += ROWS;
    }
}
