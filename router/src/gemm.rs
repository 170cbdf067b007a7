//! `C += α·A·B` on dense f64 matrices, one 6×8 tile of C at a time: the
//! single kernel every heavy step of the solve reduces to (the Cholesky
//! trailing update, the Gram and row-kernel matrices, both triangular
//! solves, `W = Xᵀα`).
//!
//! `A(i, t)` is read through two strides, so the same kernel takes A
//! row-major, transposed, or as the columns of a triangular factor, with no
//! copy. B and C are row-major with unit column stride.
//!
//! # Reduction order
//!
//! Each `C(i, j)` gets one sum per block of [`KC`] values of `t`,
//! accumulated from zero in increasing `t` and then added to `C(i, j)`
//! once: the order does not depend on the tile sizes, on which tiles run,
//! or on the kernel family. The AVX2 kernel fuses each multiply-add (one
//! rounding); the portable one rounds the product and the sum separately, so
//! the two differ by at most one rounding per term, which is what the
//! solver's tests allow (they compare both against the unblocked reference).

use pool::{Disjoint, Pool};

use crate::simd::Simd;

/// Rows of one tile of C.
pub const MR: usize = 6;
/// Columns of one tile of C: two AVX2 registers of four f64.
pub const NR: usize = 8;
/// Values of `t` per pass over C: `KC` rows of B (8 × 256 f64 per column
/// tile, 16 KiB) stay in L1 while a column of tiles is computed.
pub const KC: usize = 256;

/// `n` rounded up to a whole number of tile columns.
pub const fn pad(n: usize) -> usize {
    n.div_ceil(NR) * NR
}

/// A strided operand: `A(i, t) = data[i·rs + t·ks]`.
#[derive(Clone, Copy)]
pub struct Strided<'a> {
    pub data: &'a [f64],
    pub rs: usize,
    pub ks: usize,
}

/// Which tiles of C to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Full,
    /// Only tiles holding some `C(i, j)` with `j ≥ i`: the upper triangle of
    /// a symmetric result. Entries below the diagonal inside those tiles are
    /// written too and must be ignored.
    Upper,
}

/// `C(i, j) += α · Σ_t A(i, t)·B(t, j)` for `i < m`, `j < n`, `t < k`, where
/// `B(t, j) = b[t·b_rs + j]` and `C(i, j) = c[i·c_rs + j]`.
///
/// Tiles are [`NR`] columns wide, so columns `n .. pad(n)` of B are read and
/// those of C written: both must exist in every row used, and C's row stride
/// must be at least `pad(n)`. Keeping B's padding columns zero keeps C's
/// unchanged. Panics if any of that does not hold.
#[allow(clippy::too_many_arguments)]
#[allow(
    unsafe_code,
    reason = "C's row ranges go to the cores through pool::Disjoint"
)]
pub fn gemm(
    simd: Simd,
    pool: &Pool,
    (m, n, k): (usize, usize, usize),
    alpha: f64,
    a: Strided<'_>,
    b: &[f64],
    b_rs: usize,
    c: &mut [f64],
    c_rs: usize,
    part: Part,
) {
    if m == 0 || n == 0 || k == 0 {
        return;
    }
    let np = pad(n);
    assert!(
        (m - 1) * a.rs + (k - 1) * a.ks < a.data.len(),
        "A is too short"
    );
    assert!((k - 1) * b_rs + np <= b.len(), "B is too short");
    assert!(
        c_rs >= np && (m - 1) * c_rs + np <= c.len(),
        "C is too short"
    );
    let p = Product {
        simd: crate::simd::effective(simd),
        n,
        k,
        alpha,
        a,
        b,
        b_rs,
        c_rs,
        part,
    };
    let tiles = m.div_ceil(MR);
    let width = if m * n * k >= PAR_MIN_MACS {
        pool.width().min(tiles)
    } else {
        1
    };
    if width <= 1 {
        return p.rows(0, m, c);
    }
    // A few chunks per core, claimed as they finish: with `Part::Upper` the
    // first rows have the most tiles.
    let grain = tiles.div_ceil(width * 4);
    let shared = Disjoint::new(c);
    pool.for_each_chunk_on(width, tiles, grain, |chunk, _| {
        let (r0, r1) = (chunk.start * MR, (chunk.end * MR).min(m));
        // Rows r0..r1 of C: from the first element of row r0 to the last
        // column tile of row r1-1, which ends before row r1 starts
        // (c_rs ≥ np), so the chunks' ranges do not overlap.
        let range = r0 * c_rs..(r1 - 1) * c_rs + np;
        // SAFETY: the chunks partition the row tiles, so no two
        // participants get overlapping ranges (above), and `c` is borrowed
        // exclusively until every chunk is done.
        let c = unsafe { shared.slice(range) };
        p.rows(r0, r1, c);
    });
}

/// Products below this many multiply-adds run on the caller alone: a fork
/// costs a few microseconds on spinning cores (the kernel's) and more when
/// a host worker has to be woken; 2^24 multiply-adds take about a millisecond.
const PAR_MIN_MACS: usize = 1 << 24;

/// One [`gemm`] call's operands, checked.
struct Product<'a> {
    simd: Simd,
    n: usize,
    k: usize,
    alpha: f64,
    a: Strided<'a>,
    b: &'a [f64],
    b_rs: usize,
    c_rs: usize,
    part: Part,
}

impl Product<'_> {
    /// Rows `r0..r1` of C (a multiple of [`MR`] from the top, or the end),
    /// with `c` starting at row `r0`. Every element gets its blocks of `t`
    /// in the same order whichever rows run together, so splitting the rows
    /// over cores changes no bit.
    fn rows(&self, r0: usize, r1: usize, c: &mut [f64]) {
        let (n, k, a) = (self.n, self.k, self.a);
        for k0 in (0..k).step_by(KC) {
            let kb = KC.min(k - k0);
            for j0 in (0..n).step_by(NR) {
                for i0 in (r0..r1).step_by(MR) {
                    if self.part == Part::Upper && j0 + NR <= i0 {
                        continue;
                    }
                    let t = Tile {
                        k: kb,
                        a: i0 * a.rs + k0 * a.ks,
                        a_rs: a.rs,
                        a_ks: a.ks,
                        b: k0 * self.b_rs + j0,
                        b_rs: self.b_rs,
                        c: (i0 - r0) * self.c_rs + j0,
                        c_rs: self.c_rs,
                        rows: MR.min(r1 - i0),
                        alpha: self.alpha,
                    };
                    match self.simd {
                        #[cfg(target_arch = "x86_64")]
                        Simd::Avx2 => avx2::tile(&t, a.data, self.b, c),
                        _ => tile_portable(&t, a.data, self.b, c),
                    }
                }
            }
        }
    }
}

/// One tile's offsets and strides. For every `ii < rows`, `t < k`,
/// `jj < NR`, the tile reads `a[a + ii·a_rs + t·a_ks]` and
/// `b[b + t·b_rs + jj]` and updates `c[c + ii·c_rs + jj]`; [`gemm`]'s
/// assertions bound all of them by the slices' lengths.
struct Tile {
    k: usize,
    a: usize,
    a_rs: usize,
    a_ks: usize,
    b: usize,
    b_rs: usize,
    c: usize,
    c_rs: usize,
    rows: usize,
    alpha: f64,
}

fn tile_portable(t: &Tile, a: &[f64], b: &[f64], c: &mut [f64]) {
    let mut acc = [[0.0f64; NR]; MR];
    for tt in 0..t.k {
        let brow = &b[t.b + tt * t.b_rs..][..NR];
        for (ii, row) in acc.iter_mut().enumerate().take(t.rows) {
            let av = a[t.a + ii * t.a_rs + tt * t.a_ks];
            for (s, &bv) in row.iter_mut().zip(brow) {
                *s += av * bv;
            }
        }
    }
    for (ii, row) in acc.iter().enumerate().take(t.rows) {
        let crow = &mut c[t.c + ii * t.c_rs..][..NR];
        for (cv, &s) in crow.iter_mut().zip(row) {
            // α is ±1 or a power of two in every caller, so α·s is exact and
            // this matches the fused update of the AVX2 kernel.
            *cv += t.alpha * s;
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use super::{Tile, MR, NR};
    use core::arch::x86_64::*;

    /// Runs [`tile_fma`] on the tile's slices.
    pub(super) fn tile(t: &Tile, a: &[f64], b: &[f64], c: &mut [f64]) {
        // What `tile_fma` touches is in bounds: the last A element,
        // `a + (rows-1)·a_rs + (k-1)·a_ks`, the last B element,
        // `b + (k-1)·b_rs + NR-1`, and the last C element,
        // `c + (rows-1)·c_rs + NR-1`, lie within the regions `gemm` asserted
        // for the whole product (rows, columns and t of every tile are inside
        // the product's).
        debug_assert!(t.rows >= 1 && t.rows <= MR && t.k >= 1);
        debug_assert!(t.a + (t.rows - 1) * t.a_rs + (t.k - 1) * t.a_ks < a.len());
        debug_assert!(t.b + (t.k - 1) * t.b_rs + NR <= b.len());
        debug_assert!(t.c + (t.rows - 1) * t.c_rs + NR <= c.len());
        // SAFETY: the caller only selects this kernel after `effective`
        // confirmed AVX2 and FMA (and the OS's YMM state); the offsets stay
        // in bounds as argued above.
        unsafe {
            tile_fma(
                t,
                a.as_ptr().add(t.a),
                b.as_ptr().add(t.b),
                c.as_mut_ptr().add(t.c),
            )
        }
    }

    /// # Safety
    /// AVX2 and FMA must be available. `a`, `b`, `c` point at the tile's
    /// first elements, and every element `tile_portable` would touch from
    /// them must be in bounds of one allocation.
    #[target_feature(enable = "avx2,fma")]
    unsafe fn tile_fma(t: &Tile, a: *const f64, b: *const f64, c: *mut f64) {
        // Rows past `rows` read the last real row again (always in bounds)
        // and are never stored.
        let last = t.rows - 1;
        let ar = |ii: usize| {
            // SAFETY: row min(ii, rows-1) of the tile's A is in bounds
            // (caller's contract).
            unsafe { a.add(ii.min(last) * t.a_rs) }
        };
        let (a0, a1, a2, a3, a4, a5) = (ar(0), ar(1), ar(2), ar(3), ar(4), ar(5));
        let z = _mm256_setzero_pd();
        let (mut c00, mut c01, mut c10, mut c11, mut c20, mut c21) = (z, z, z, z, z, z);
        let (mut c30, mut c31, mut c40, mut c41, mut c50, mut c51) = (z, z, z, z, z, z);
        let mut bp = b;
        let mut off = 0;
        for _ in 0..t.k {
            // SAFETY: row t of the tile's B and column t of its A are in
            // bounds (caller's contract).
            unsafe {
                let b0 = _mm256_loadu_pd(bp);
                let b1 = _mm256_loadu_pd(bp.add(4));
                let x = _mm256_set1_pd(*a0.add(off));
                c00 = _mm256_fmadd_pd(x, b0, c00);
                c01 = _mm256_fmadd_pd(x, b1, c01);
                let x = _mm256_set1_pd(*a1.add(off));
                c10 = _mm256_fmadd_pd(x, b0, c10);
                c11 = _mm256_fmadd_pd(x, b1, c11);
                let x = _mm256_set1_pd(*a2.add(off));
                c20 = _mm256_fmadd_pd(x, b0, c20);
                c21 = _mm256_fmadd_pd(x, b1, c21);
                let x = _mm256_set1_pd(*a3.add(off));
                c30 = _mm256_fmadd_pd(x, b0, c30);
                c31 = _mm256_fmadd_pd(x, b1, c31);
                let x = _mm256_set1_pd(*a4.add(off));
                c40 = _mm256_fmadd_pd(x, b0, c40);
                c41 = _mm256_fmadd_pd(x, b1, c41);
                let x = _mm256_set1_pd(*a5.add(off));
                c50 = _mm256_fmadd_pd(x, b0, c50);
                c51 = _mm256_fmadd_pd(x, b1, c51);
                bp = bp.add(t.b_rs);
            }
            off += t.a_ks;
        }
        let al = _mm256_set1_pd(t.alpha);
        let acc = [
            (c00, c01),
            (c10, c11),
            (c20, c21),
            (c30, c31),
            (c40, c41),
            (c50, c51),
        ];
        for (ii, &(s0, s1)) in acc.iter().enumerate().take(t.rows) {
            // SAFETY: row ii < rows of the tile's C is in bounds.
            unsafe {
                let p = c.add(ii * t.c_rs);
                _mm256_storeu_pd(p, _mm256_fmadd_pd(al, s0, _mm256_loadu_pd(p)));
                let p = p.add(4);
                _mm256_storeu_pd(p, _mm256_fmadd_pd(al, s1, _mm256_loadu_pd(p)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(seed: &mut u64) -> f64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((*seed >> 11) as f64) / ((1u64 << 53) as f64) - 0.5
    }

    /// Every shape edge (partial tiles in both directions, k across a KC
    /// boundary), A read transposed, both kernel families, against a plain
    /// triple loop.
    #[test]
    fn matches_the_triple_loop() {
        let mut seed = 3;
        for &(m, n, k) in &[(1, 1, 1), (6, 8, 3), (7, 9, 300), (13, 17, 5), (20, 3, 257)] {
            let np = pad(n);
            // A stored transposed (k × m): A(i, t) = at[t·m + i].
            let at: Vec<f64> = (0..k * m).map(|_| lcg(&mut seed)).collect();
            let mut b = vec![0.0; k * np];
            for t in 0..k {
                for j in 0..n {
                    b[t * np + j] = lcg(&mut seed);
                }
            }
            let c0: Vec<f64> = (0..m * np).map(|_| lcg(&mut seed)).collect();
            for simd in [Simd::Portable, Simd::Avx2] {
                let mut c = c0.clone();
                let a = Strided {
                    data: &at,
                    rs: 1,
                    ks: m,
                };
                gemm(
                    simd,
                    pool::serial(),
                    (m, n, k),
                    -1.0,
                    a,
                    &b,
                    np,
                    &mut c,
                    np,
                    Part::Full,
                );
                for i in 0..m {
                    for j in 0..np {
                        let mut want = c0[i * np + j];
                        if j < n {
                            want -= (0..k).map(|t| at[t * m + i] * b[t * np + j]).sum::<f64>();
                        }
                        let got = c[i * np + j];
                        assert!(
                            (got - want).abs() <= 1e-12 * (k as f64),
                            "{simd:?} {m}×{n}×{k} at ({i},{j}): {got} vs {want}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn upper_skips_only_tiles_below_the_diagonal() {
        let (m, n, k) = (20, 20, 4);
        let np = pad(n);
        let a = vec![1.0; m * k];
        let b = vec![1.0; k * np];
        let mut c = vec![0.0; m * np];
        let a = Strided {
            data: &a,
            rs: k,
            ks: 1,
        };
        gemm(
            Simd::Portable,
            pool::serial(),
            (m, n, k),
            1.0,
            a,
            &b,
            np,
            &mut c,
            np,
            Part::Upper,
        );
        for i in 0..m {
            for j in i..n {
                assert_eq!(c[i * np + j], k as f64, "({i},{j})");
            }
        }
        // Row 18's tile starts at row 18, past the first column tile.
        assert_eq!(c[18 * np], 0.0);
    }
}
