//! Cholesky factorisation and triangular solves for a symmetric positive
//! definite system, in f64. Written here because the kernel is no_std and
//! the systems are small (hidden size + 1 unknowns); see docs for the cost.

use alloc::vec::Vec;

/// The factorisation met a pivot that is not positive: the matrix is not
/// positive definite (for ridge, λ is too small or the data is degenerate).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NotPositiveDefinite {
    pub row: usize,
    pub pivot: f64,
}

/// Factors the row-major `n`×`n` matrix `a` in place into `L` (lower
/// triangle, `a = L Lᵀ`). The strict upper triangle is left untouched and
/// must be ignored by the caller.
pub fn factor(a: &mut [f64], n: usize) -> Result<(), NotPositiveDefinite> {
    assert_eq!(a.len(), n * n, "matrix must be n×n");
    for j in 0..n {
        // Row j of L so far dotted with itself: the left-looking update.
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        // NaN must be caught explicitly: it fails every comparison.
        if d.is_nan() || d <= 0.0 {
            return Err(NotPositiveDefinite { row: j, pivot: d });
        }
        let ljj = kmath::sqrt(d);
        a[j * n + j] = ljj;
        for i in (j + 1)..n {
            let mut s = a[i * n + j];
            let (ri, rj) = (i * n, j * n);
            for k in 0..j {
                s -= a[ri + k] * a[rj + k];
            }
            a[i * n + j] = s / ljj;
        }
    }
    Ok(())
}

/// Solves `L Lᵀ X = B` for `m` right-hand sides stored column-wise in `b`
/// (`b` is `n`×`m`, row-major), overwriting `b` with `X`.
pub fn solve(l: &[f64], n: usize, b: &mut [f64], m: usize) {
    assert_eq!(l.len(), n * n);
    assert_eq!(b.len(), n * m);
    // Forward: L Y = B.
    for i in 0..n {
        for k in 0..i {
            let lik = l[i * n + k];
            if lik != 0.0 {
                for c in 0..m {
                    b[i * m + c] -= lik * b[k * m + c];
                }
            }
        }
        let lii = l[i * n + i];
        for c in 0..m {
            b[i * m + c] /= lii;
        }
    }
    // Backward: Lᵀ X = Y.
    for i in (0..n).rev() {
        for k in (i + 1)..n {
            let lki = l[k * n + i];
            if lki != 0.0 {
                for c in 0..m {
                    b[i * m + c] -= lki * b[k * m + c];
                }
            }
        }
        let lii = l[i * n + i];
        for c in 0..m {
            b[i * m + c] /= lii;
        }
    }
}

/// Convenience for tests and small callers: solves `A x = b` for one vector.
pub fn solve_spd(a: &[f64], n: usize, rhs: &[f64]) -> Result<Vec<f64>, NotPositiveDefinite> {
    let mut l = a.to_vec();
    factor(&mut l, n)?;
    let mut x = rhs.to_vec();
    solve(&l, n, &mut x, 1);
    Ok(x)
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

    #[test]
    fn solves_random_spd_system() {
        let n = 17;
        let mut seed = 7;
        let m: Vec<f64> = (0..n * n).map(|_| lcg(&mut seed)).collect();
        // A = MᵀM + I is symmetric positive definite.
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
        let x_true: Vec<f64> = (0..n).map(|_| lcg(&mut seed)).collect();
        let b: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| a[i * n + j] * x_true[j]).sum())
            .collect();
        let x = solve_spd(&a, n, &b).unwrap();
        for i in 0..n {
            assert!((x[i] - x_true[i]).abs() < 1e-9, "{} vs {}", x[i], x_true[i]);
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
    }
}
