//! Cholesky factorisation `A = UᵀU` and the triangular solves for a
//! symmetric positive definite system, in f64. Written here because the
//! kernel is no_std.
//!
//! Both are recursive and right-looking: split the rows in two, finish the
//! first half, subtract its contribution from the second half with one
//! [`gemm`] call, recurse. So all but about `n²·LEAF/4` of the `n³/6`
//! multiply-adds run in the 6×8 tile kernel (AVX2+FMA where the CPU has it),
//! and the leaves are short loops the compiler vectorises.
//!
//! Storage: row-major with row stride `ld ≥ pad(n)` ([`gemm::pad`]); only the
//! upper triangle (`j ≥ i`) of A is read and U overwrites it. Columns
//! `n .. ld` must be zero and stay zero; the strict lower triangle is
//! scratch (the tile kernel writes into it and nothing reads it).

use alloc::vec;
use alloc::vec::Vec;

use crate::gemm::{gemm, pad, Part, Strided};
use pool::Pool;

use crate::simd::{self, Simd};

/// The factorisation met a pivot that is not positive: the matrix is not
/// positive definite (for ridge, λ is too small or the data is degenerate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NotPositiveDefinite {
    pub row: usize,
    pub pivot: f64,
}

/// Rows finished by plain loops rather than split further: below this the
/// tile kernel's k (the split size) is too short to pay for its loads.
const LEAF: usize = 16;

/// Where to split `p..q` (`q - p > LEAF`): a whole number of tile columns
/// from `p`, so every `gemm` below starts its columns on a tile boundary when
/// `p` does (0 at the top).
fn split(p: usize, q: usize) -> usize {
    p + pad((q - p) / 2)
}

/// Calls `name(args)` compiled for the kernel family: the leaves are plain
/// Rust, instantiated once for the baseline target and once inside an
/// AVX2 `#[target_feature]` function, where the compiler vectorises them
/// 4-wide. Neither contracts a multiply and an add, so both give the same
/// bits.
macro_rules! leaf {
    ($simd:expr, $name:ident($($arg:expr),*)) => {
        match $simd {
            #[cfg(target_arch = "x86_64")]
            #[allow(unsafe_code)]
            Simd::Avx2 => {
                // SAFETY: `Simd::Avx2` only arrives here through
                // `simd::effective`, which confirmed AVX2 and FMA.
                unsafe { leaves::avx2::$name($($arg),*) }
            }
            _ => leaves::$name($($arg),*),
        }
    };
}

/// Factors the upper triangle of `a` (`n` rows, stride `ld`) into `U` in
/// place, `A = UᵀU`.
pub fn factor(
    simd: Simd,
    pool: &Pool,
    a: &mut [f64],
    n: usize,
    ld: usize,
) -> Result<(), NotPositiveDefinite> {
    assert!(
        ld >= pad(n) && a.len() >= n * ld,
        "a must be n rows of ld ≥ pad(n)"
    );
    factor_rows(simd::effective(simd), pool, a, n, ld, 0, n)
}

/// Rows `p..q` of U, given that every row above `p` has been subtracted
/// from them already.
fn factor_rows(
    simd: Simd,
    pool: &Pool,
    a: &mut [f64],
    n: usize,
    ld: usize,
    p: usize,
    q: usize,
) -> Result<(), NotPositiveDefinite> {
    if q - p <= LEAF {
        return leaf!(simd, factor_leaf(a, n, ld, p, q));
    }
    let mid = split(p, q);
    factor_rows(simd, pool, a, n, ld, p, mid)?;
    // A[mid..q][mid..n] -= U[p..mid][mid..q]ᵀ · U[p..mid][mid..n].
    let (top, bottom) = a.split_at_mut(mid * ld);
    let panel = &top[p * ld + mid..];
    let u = Strided {
        data: panel,
        rs: 1,
        ks: ld,
    };
    let dims = (q - mid, n - mid, mid - p);
    gemm(
        simd,
        pool,
        dims,
        -1.0,
        u,
        panel,
        ld,
        &mut bottom[mid..],
        ld,
        Part::Upper,
    );
    factor_rows(simd, pool, a, n, ld, mid, q)
}

/// Solves `UᵀU X = B` for the `m` columns of `b` (`n` rows, stride `b_ld ≥
/// pad(m)`, padding zero), overwriting `b` with X: forward substitution with
/// Uᵀ, then back substitution with U, every class at once.
#[allow(clippy::too_many_arguments)]
pub fn solve(
    simd: Simd,
    pool: &Pool,
    u: &[f64],
    n: usize,
    ld: usize,
    b: &mut [f64],
    m: usize,
    b_ld: usize,
) {
    assert!(
        ld >= pad(n) && u.len() >= n * ld,
        "u must be n rows of ld ≥ pad(n)"
    );
    assert!(
        b_ld >= pad(m) && b.len() >= n * b_ld,
        "b must be n rows of b_ld ≥ pad(m)"
    );
    let simd = simd::effective(simd);
    let sys = System { u, ld, m, b_ld };
    sys.forward(simd, pool, b, 0, n);
    sys.backward(simd, pool, b, 0, n);
}

#[derive(Clone, Copy)]
struct System<'a> {
    u: &'a [f64],
    ld: usize,
    m: usize,
    b_ld: usize,
}

impl System<'_> {
    /// `Uᵀ Y = B` on rows `p..q`, rows above `p` already subtracted.
    fn forward(self, simd: Simd, pool: &Pool, b: &mut [f64], p: usize, q: usize) {
        if q - p <= LEAF {
            return leaf!(simd, forward_leaf(self, b, p, q));
        }
        let mid = split(p, q);
        self.forward(simd, pool, b, p, mid);
        // Y[mid..q] -= U[p..mid][mid..q]ᵀ · Y[p..mid].
        let (top, bottom) = b.split_at_mut(mid * self.b_ld);
        let ut = Strided {
            data: &self.u[p * self.ld + mid..],
            rs: 1,
            ks: self.ld,
        };
        let dims = (q - mid, self.m, mid - p);
        let y = &top[p * self.b_ld..];
        gemm(
            simd,
            pool,
            dims,
            -1.0,
            ut,
            y,
            self.b_ld,
            bottom,
            self.b_ld,
            Part::Full,
        );
        self.forward(simd, pool, b, mid, q);
    }

    /// `U X = Y` on rows `p..q`, rows below `q` already subtracted.
    fn backward(self, simd: Simd, pool: &Pool, b: &mut [f64], p: usize, q: usize) {
        if q - p <= LEAF {
            return leaf!(simd, backward_leaf(self, b, p, q));
        }
        let mid = split(p, q);
        self.backward(simd, pool, b, mid, q);
        // Y[p..mid] -= U[p..mid][mid..q] · X[mid..q].
        let (top, bottom) = b.split_at_mut(mid * self.b_ld);
        let u = Strided {
            data: &self.u[p * self.ld + mid..],
            rs: self.ld,
            ks: 1,
        };
        let dims = (mid - p, self.m, q - mid);
        let c = &mut top[p * self.b_ld..];
        gemm(
            simd,
            pool,
            dims,
            -1.0,
            u,
            bottom,
            self.b_ld,
            c,
            self.b_ld,
            Part::Full,
        );
        self.backward(simd, pool, b, p, mid);
    }
}

mod leaves {
    use super::{NotPositiveDefinite, System};

    #[inline(always)]
    pub(super) fn factor_leaf(
        a: &mut [f64],
        n: usize,
        ld: usize,
        p: usize,
        q: usize,
    ) -> Result<(), NotPositiveDefinite> {
        for i in p..q {
            let d = a[i * ld + i];
            // NaN must be caught explicitly: it fails every comparison.
            if d.is_nan() || d <= 0.0 {
                return Err(NotPositiveDefinite { row: i, pivot: d });
            }
            let uii = kmath::sqrt(d);
            a[i * ld + i] = uii;
            let (head, tail) = a.split_at_mut((i + 1) * ld);
            let ri = &mut head[i * ld + i + 1..i * ld + n];
            for v in ri.iter_mut() {
                *v /= uii;
            }
            // Right-looking inside the leaf: row i leaves the rows below it.
            for i2 in i + 1..q {
                let f = ri[i2 - i - 1];
                let at = (i2 - i - 1) * ld;
                let r2 = &mut tail[at + i2..at + n];
                for (x, &y) in r2.iter_mut().zip(&ri[i2 - i - 1..]) {
                    *x -= f * y;
                }
            }
        }
        Ok(())
    }

    #[inline(always)]
    pub(super) fn forward_leaf(s: System<'_>, b: &mut [f64], p: usize, q: usize) {
        let (u, ld, m, bl) = (s.u, s.ld, s.m, s.b_ld);
        for i in p..q {
            let (head, tail) = b.split_at_mut((i + 1) * bl);
            let yi = &mut head[i * bl..i * bl + m];
            let d = u[i * ld + i];
            for v in yi.iter_mut() {
                *v /= d;
            }
            for i2 in i + 1..q {
                let f = u[i * ld + i2];
                let at = (i2 - i - 1) * bl;
                for (x, &y) in tail[at..at + m].iter_mut().zip(yi.iter()) {
                    *x -= f * y;
                }
            }
        }
    }

    #[inline(always)]
    pub(super) fn backward_leaf(s: System<'_>, b: &mut [f64], p: usize, q: usize) {
        let (u, ld, m, bl) = (s.u, s.ld, s.m, s.b_ld);
        for i in (p..q).rev() {
            let (head, tail) = b.split_at_mut(i * bl);
            let xi = &mut tail[..m];
            let d = u[i * ld + i];
            for v in xi.iter_mut() {
                *v /= d;
            }
            for i2 in p..i {
                let f = u[i2 * ld + i];
                for (x, &y) in head[i2 * bl..i2 * bl + m].iter_mut().zip(xi.iter()) {
                    *x -= f * y;
                }
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    pub(super) mod avx2 {
        use super::{NotPositiveDefinite, System};

        #[target_feature(enable = "avx2,fma")]
        pub(in crate::cholesky) fn factor_leaf(
            a: &mut [f64],
            n: usize,
            ld: usize,
            p: usize,
            q: usize,
        ) -> Result<(), NotPositiveDefinite> {
            super::factor_leaf(a, n, ld, p, q)
        }

        #[target_feature(enable = "avx2,fma")]
        pub(in crate::cholesky) fn forward_leaf(s: System<'_>, b: &mut [f64], p: usize, q: usize) {
            super::forward_leaf(s, b, p, q)
        }

        #[target_feature(enable = "avx2,fma")]
        pub(in crate::cholesky) fn backward_leaf(s: System<'_>, b: &mut [f64], p: usize, q: usize) {
            super::backward_leaf(s, b, p, q)
        }
    }
}

/// Convenience for tests and small callers: solves `A x = b` for one vector,
/// `a` row-major `n`×`n` (its upper triangle is read).
pub fn solve_spd(a: &[f64], n: usize, rhs: &[f64]) -> Result<Vec<f64>, NotPositiveDefinite> {
    assert_eq!(a.len(), n * n, "matrix must be n×n");
    assert_eq!(rhs.len(), n);
    let ld = pad(n);
    let mut u = vec![0.0; n * ld];
    for i in 0..n {
        u[i * ld + i..i * ld + n].copy_from_slice(&a[i * n + i..i * n + n]);
    }
    let simd = simd::detect();
    factor(simd, pool::serial(), &mut u, n, ld)?;
    let bl = pad(1);
    let mut b = vec![0.0; n * bl];
    for (i, &v) in rhs.iter().enumerate() {
        b[i * bl] = v;
    }
    solve(simd, pool::serial(), &u, n, ld, &mut b, 1, bl);
    Ok((0..n).map(|i| b[i * bl]).collect())
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

    /// `MᵀM + I` for a random M: symmetric positive definite.
    fn spd(n: usize, seed: &mut u64) -> Vec<f64> {
        let m: Vec<f64> = (0..n * n).map(|_| lcg(seed)).collect();
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                let mut s = if i == j { 1.0 } else { 0.0 };
                for k in 0..n {
                    s += m[k * n + i] * m[k * n + j];
                }
                a[i * n + j] = s;
            }
        }
        a
    }

    #[test]
    fn solves_random_spd_system() {
        // Sizes below, at and across the leaf and the tile boundaries.
        for n in [1, 5, 16, 17, 40, 97] {
            let mut seed = 7 + n as u64;
            let a = spd(n, &mut seed);
            let x_true: Vec<f64> = (0..n).map(|_| lcg(&mut seed)).collect();
            let b: Vec<f64> = (0..n)
                .map(|i| (0..n).map(|j| a[i * n + j] * x_true[j]).sum())
                .collect();
            let x = solve_spd(&a, n, &b).unwrap();
            for i in 0..n {
                assert!(
                    (x[i] - x_true[i]).abs() < 1e-9,
                    "n={n}: {} vs {}",
                    x[i],
                    x_true[i]
                );
            }
        }
    }

    /// The two kernel families on one system: the factor agrees to rounding,
    /// and the solution of many right-hand sides too.
    #[test]
    fn portable_and_avx2_agree() {
        let n = 75;
        let mut seed = 11;
        let a = spd(n, &mut seed);
        let ld = pad(n);
        let m = 13;
        let bl = pad(m);
        let mut b = vec![0.0; n * bl];
        for i in 0..n {
            for j in 0..m {
                b[i * bl + j] = lcg(&mut seed);
            }
        }
        let run = |simd| {
            let mut u = vec![0.0; n * ld];
            for i in 0..n {
                u[i * ld + i..i * ld + n].copy_from_slice(&a[i * n + i..i * n + n]);
            }
            factor(simd, pool::serial(), &mut u, n, ld).unwrap();
            let mut x = b.clone();
            solve(simd, pool::serial(), &u, n, ld, &mut x, m, bl);
            (u, x)
        };
        let (u0, x0) = run(Simd::Portable);
        let (u1, x1) = run(Simd::Avx2);
        for i in 0..n {
            for j in i..n {
                let (p, q) = (u0[i * ld + j], u1[i * ld + j]);
                assert!((p - q).abs() <= 1e-12 * p.abs().max(1.0), "U({i},{j})");
            }
            for j in 0..bl {
                let (p, q) = (x0[i * bl + j], x1[i * bl + j]);
                assert!((p - q).abs() <= 1e-12 * p.abs().max(1.0), "X({i},{j})");
                if j >= m {
                    assert_eq!(q, 0.0, "padding column {j} changed");
                }
            }
        }
    }

    #[test]
    fn reports_the_non_positive_pivot() {
        // Rank one: the second pivot is exactly zero.
        let a = [1.0, 1.0, 1.0, 1.0];
        let err = solve_spd(&a, 2, &[1.0, 1.0]).unwrap_err();
        assert_eq!(err.row, 1);
        assert!(err.pivot <= 0.0);
        let nan = [f64::NAN, 0.0, 0.0, 1.0];
        assert_eq!(solve_spd(&nan, 2, &[1.0, 1.0]).unwrap_err().row, 0);
        // Past the first split: the failure is reported with its row.
        let n = 40;
        let mut a = vec![0.0; n * n];
        for i in 0..n {
            a[i * n + i] = if i == 33 { -1.0 } else { 2.0 };
        }
        assert_eq!(solve_spd(&a, n, &vec![1.0; n]).unwrap_err().row, 33);
    }
}
