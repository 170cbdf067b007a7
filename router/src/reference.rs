//! The solver as it was before issue 18, kept as the oracle the fast path is
//! tested against and as the benchmark's baseline: per-class Gram matrices
//! (full `(dim+1)²` each) accumulated row by row, summed per solve, an
//! unblocked left-looking Cholesky `A = LLᵀ` and one substitution per row.
//! Nothing in the shell uses it.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::cholesky::NotPositiveDefinite;
use crate::RouterError;

struct ClassStats {
    name: String,
    rows: usize,
    /// Upper triangle used; (dim+1)² with the bias column last.
    gram: Vec<f64>,
    /// Σ x over the class's rows (with the bias 1 last): its column of XᵀY.
    sum: Vec<f64>,
}

/// Training rows as per-class sufficient statistics.
pub struct Dataset {
    dim: usize,
    classes: Vec<ClassStats>,
}

impl Dataset {
    pub fn new(dim: usize) -> Self {
        Dataset {
            dim,
            classes: Vec::new(),
        }
    }

    /// Adds one labelled row (same checks as [`crate::Dataset::add`]).
    pub fn add(&mut self, class: &str, x: &[f32]) -> Result<(), RouterError> {
        if x.len() != self.dim {
            return Err(RouterError::DimensionMismatch {
                expected: self.dim,
                got: x.len(),
            });
        }
        if x.iter().any(|v| !v.is_finite()) {
            return Err(RouterError::NonFinite);
        }
        let n = self.dim + 1;
        let idx = match self.classes.iter().position(|c| c.name == class) {
            Some(i) => i,
            None => {
                self.classes.push(ClassStats {
                    name: class.into(),
                    rows: 0,
                    gram: vec![0.0; n * n],
                    sum: vec![0.0; n],
                });
                self.classes.len() - 1
            }
        };
        let c = &mut self.classes[idx];
        c.rows += 1;
        let xe = |i: usize| if i < n - 1 { x[i] as f64 } else { 1.0 };
        for i in 0..n {
            let xi = xe(i);
            c.sum[i] += xi;
            let row = &mut c.gram[i * n..(i + 1) * n];
            for (j, g) in row.iter_mut().enumerate().skip(i) {
                *g += xi * xe(j);
            }
        }
        Ok(())
    }

    /// The `(dim+1) × classes` weights (bias row last) of the ridge system
    /// over `classes`, with the penalty of [`crate::Dataset::solve`].
    pub fn solve(&self, classes: &[&str], lambda: f64) -> Result<Vec<f64>, RouterError> {
        if lambda.is_nan() || lambda <= 0.0 || lambda.is_infinite() {
            return Err(RouterError::BadLambda);
        }
        if classes.is_empty() {
            return Err(RouterError::NoClasses);
        }
        let n = self.dim + 1;
        let m = classes.len();
        let mut a = vec![0.0f64; n * n];
        let mut b = vec![0.0f64; n * m];
        for (ci, name) in classes.iter().enumerate() {
            let c = self
                .classes
                .iter()
                .find(|c| c.name == *name && c.rows > 0)
                .ok_or_else(|| RouterError::UnknownClass((*name).into()))?;
            for (acc, g) in a.iter_mut().zip(&c.gram) {
                *acc += g;
            }
            for i in 0..n {
                b[i * m + ci] = c.sum[i];
            }
        }
        // Mirror the upper triangle the accumulation filled.
        for i in 0..n {
            for j in 0..i {
                a[i * n + j] = a[j * n + i];
            }
        }
        let trace: f64 = (0..n - 1).map(|i| a[i * n + i]).sum();
        let penalty = lambda * (trace / (n - 1).max(1) as f64).max(f64::MIN_POSITIVE);
        for i in 0..n - 1 {
            a[i * n + i] += penalty;
        }
        factor(&mut a, n).map_err(RouterError::NotPositiveDefinite)?;
        solve(&a, n, &mut b, m);
        Ok(b)
    }
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
