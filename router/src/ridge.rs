//! Ridge regression from one hidden state to one-hot applet labels:
//! `W = (XᵀX + λI)⁻¹ XᵀY`, solved by Cholesky.
//!
//! Rows are kept as per-class sufficient statistics (the class's Gram matrix
//! and row sum), so re-solving over a different reachable set — F2, or an
//! applet added — sums a few matrices and factors once, without touching the
//! rows again.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::cholesky::{self, NotPositiveDefinite};

#[derive(Clone, Debug, PartialEq)]
pub enum RouterError {
    /// A feature row had the wrong length.
    DimensionMismatch {
        expected: usize,
        got: usize,
    },
    /// A feature was NaN or infinite.
    NonFinite,
    /// None of the requested classes has any rows.
    NoClasses,
    /// A requested class has no rows.
    UnknownClass(String),
    NotPositiveDefinite(NotPositiveDefinite),
    /// λ must be positive and finite.
    BadLambda,
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::DimensionMismatch { expected, got } => {
                write!(f, "feature has {got} dimensions, router expects {expected}")
            }
            RouterError::NonFinite => f.write_str("feature contains NaN or infinity"),
            RouterError::NoClasses => f.write_str("no reachable class has training rows"),
            RouterError::UnknownClass(c) => write!(f, "class {c} has no training rows"),
            RouterError::NotPositiveDefinite(e) => write!(
                f,
                "Cholesky pivot {} at row {} is not positive (λ too small?)",
                e.pivot, e.row
            ),
            RouterError::BadLambda => f.write_str("λ must be positive and finite"),
        }
    }
}

struct ClassStats {
    name: String,
    rows: usize,
    /// Upper triangle used; (dim+1)² with the bias column last.
    gram: Vec<f64>,
    /// Σ x over the class's rows (with the bias 1 last): its column of XᵀY.
    sum: Vec<f64>,
}

/// Training rows, grouped by class.
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

    pub fn dim(&self) -> usize {
        self.dim
    }

    pub fn class_names(&self) -> impl Iterator<Item = &str> {
        self.classes.iter().map(|c| c.name.as_str())
    }

    pub fn rows(&self, class: &str) -> usize {
        self.classes
            .iter()
            .find(|c| c.name == class)
            .map_or(0, |c| c.rows)
    }

    /// Adds one labelled row.
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

    /// Solves the ridge system over `classes` (in that order; each must have
    /// rows). `lambda` is relative: the penalty added to the diagonal is
    /// `lambda · trace(XᵀX)/dim`, so one λ suits features of any scale. The
    /// bias is not penalised.
    pub fn solve(&self, classes: &[&str], lambda: f64) -> Result<Router, RouterError> {
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
        cholesky::factor(&mut a, n).map_err(RouterError::NotPositiveDefinite)?;
        cholesky::solve(&a, n, &mut b, m);
        Ok(Router {
            dim: self.dim,
            classes: classes.iter().map(|s| String::from(*s)).collect(),
            w: b.iter().map(|&v| v as f32).collect(),
            temperature: 1.0,
        })
    }
}

/// A solved router: `(dim+1) × classes` weights, bias row last.
#[derive(Clone, Debug)]
pub struct Router {
    dim: usize,
    classes: Vec<String>,
    w: Vec<f32>,
    /// Softmax temperature over the regression scores, fitted on dev.
    temperature: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    pub class: usize,
    pub confidence: f32,
    /// The runner-up, when there is more than one class.
    pub second: Option<(usize, f32)>,
}

impl Router {
    pub fn classes(&self) -> &[String] {
        &self.classes
    }

    pub fn class_name(&self, i: usize) -> &str {
        &self.classes[i]
    }

    /// Number of weights, bias included.
    pub fn parameters(&self) -> usize {
        self.w.len()
    }

    pub fn temperature(&self) -> f32 {
        self.temperature
    }

    pub fn set_temperature(&mut self, t: f32) {
        if t > 0.0 && t.is_finite() {
            self.temperature = t;
        }
    }

    /// Raw regression scores, one per class.
    pub fn scores(&self, x: &[f32], out: &mut [f32]) -> Result<(), RouterError> {
        if x.len() != self.dim {
            return Err(RouterError::DimensionMismatch {
                expected: self.dim,
                got: x.len(),
            });
        }
        let m = self.classes.len();
        let bias = &self.w[self.dim * m..];
        out[..m].copy_from_slice(bias);
        for (i, &xi) in x.iter().enumerate() {
            let row = &self.w[i * m..(i + 1) * m];
            for (o, &w) in out[..m].iter_mut().zip(row) {
                *o += xi * w;
            }
        }
        Ok(())
    }

    /// The best class with a softmax confidence at the fitted temperature.
    pub fn predict(&self, x: &[f32]) -> Result<Prediction, RouterError> {
        let mut s = vec![0.0f32; self.classes.len()];
        self.scores(x, &mut s)?;
        Ok(prediction_from_scores(&s, self.temperature))
    }
}

/// Softmax over `scores / t`, reporting the top two.
pub fn prediction_from_scores(scores: &[f32], t: f32) -> Prediction {
    let probs = softmax(scores, t);
    let mut best = 0;
    for i in 1..probs.len() {
        if probs[i] > probs[best] {
            best = i;
        }
    }
    let second = (0..probs.len())
        .filter(|&i| i != best)
        .max_by(|&a, &b| probs[a].total_cmp(&probs[b]))
        .map(|i| (i, probs[i]));
    Prediction {
        class: best,
        confidence: probs[best],
        second,
    }
}

pub fn softmax(scores: &[f32], t: f32) -> Vec<f32> {
    let max = scores.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let mut p: Vec<f32> = scores.iter().map(|&s| kmath::expf((s - max) / t)).collect();
    let z: f32 = p.iter().sum();
    for v in &mut p {
        *v /= z;
    }
    p
}
