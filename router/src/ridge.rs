//! Ridge regression from one hidden state to one-hot applet labels:
//! `W = (XᵀX + pI)⁻¹ XᵀY` with an unpenalised bias, solved by Cholesky in
//! one of two equivalent forms:
//!
//! - **primal** (rows ≥ dim + 1): the `(dim+1)²` normal equations. Each
//!   class keeps the upper triangle of its Gram matrix `Σ x̃x̃ᵀ` (x̃ = x with
//!   the bias 1 appended), computed from its rows the first time it is
//!   needed and extended by rows added later, so re-solving over another
//!   reachable set (F2, an applet added) sums a few matrices and factors
//!   once without touching the rows again. `XᵀY` is the Gram matrices' bias
//!   column.
//! - **dual** (fewer rows than dim + 1, as with the declared examples): the
//!   `rows²` kernel system. With `K = XXᵀ` over the reachable rows and
//!   `M = K/p + I`, the stationarity conditions of the same objective give
//!   `M α' = Y − 1bᵀ`, `1ᵀα' = 0`, so with `M V = Y` and `M u = 1` the bias
//!   is `b = Vᵀ1 / uᵀ1`, `α' = V − u bᵀ`, and `W = Xᵀα' / p`. `K` is kept
//!   for every row a solve has needed, so a re-solve over another reachable
//!   set takes its submatrix and computes only rows it has not seen. (Scaling by `p` keeps `M ≥ I` even when the penalty is tiny.)
//!
//! Both forms minimise `‖XW + 1bᵀ − Y‖² + p‖W‖²` exactly; they differ only
//! in rounding, which the tests bound against [`crate::reference`].

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use pool::{Disjoint, Pool};

use crate::cholesky::{self, NotPositiveDefinite};
use crate::gemm::{gemm, pad, Part, Strided};
use crate::simd::{self, Simd};

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
    /// A class was requested twice.
    DuplicateClass(String),
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
            RouterError::DuplicateClass(c) => write!(f, "class {c} is requested twice"),
            RouterError::NotPositiveDefinite(e) => write!(
                f,
                "Cholesky pivot {} at row {} is not positive (λ too small?)",
                e.pivot, e.row
            ),
            RouterError::BadLambda => f.write_str("λ must be positive and finite"),
        }
    }
}

/// Which form of the ridge system to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Dual when the reachable classes have fewer rows than dim + 1 (the
    /// smaller system), primal otherwise.
    Auto,
    Primal,
    Dual,
}

/// How [`Dataset::solve_with`] solves. The default is what [`Dataset::solve`]
/// does; the fields exist so tests and benchmarks can pin each form and
/// kernel family.
#[derive(Clone, Copy)]
pub struct SolveOptions {
    pub method: Method,
    /// AVX2 is only used if the CPU has it, whatever this says.
    pub simd: Simd,
    /// The cores the products run on (rows of each product split across
    /// them; the result is the same bit for bit on any number).
    pub pool: &'static Pool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            method: Method::Auto,
            simd: simd::detect(),
            pool: pool::global(),
        }
    }
}

struct Class {
    name: String,
    /// Its rows' indices in `Dataset::rows`, in the order added.
    members: Vec<usize>,
    /// Upper triangle of `Σ x̃x̃ᵀ` over the first `gram_rows` members,
    /// packed: row i holds columns i..=dim, starting at [`packed_row`]`(i)`.
    /// Empty until the primal form first needs it.
    gram: Vec<f64>,
    gram_rows: usize,
}

/// The penalty for a trace of `XᵀX` (features only).
fn penalty(dim: usize, lambda: f64, trace: f64) -> f64 {
    lambda * (trace / dim.max(1) as f64).max(f64::MIN_POSITIVE)
}

/// Offset of row `i` in a packed upper triangle of order `n`.
fn packed_row(n: usize, i: usize) -> usize {
    i * n - i * i.saturating_sub(1) / 2
}

/// Training rows, grouped by class, and the statistics derived from them.
pub struct Dataset {
    dim: usize,
    /// Row stride of `rows`: `pad(dim + 1)`.
    ld: usize,
    classes: Vec<Class>,
    /// Every row in the order added: the features, the bias 1, zeros.
    rows: Vec<f64>,
    /// `XXᵀ` (features only), row stride `kernel_ld`: entry (a, b) is valid
    /// when `in_kernel[a]` and `in_kernel[b]`. Each dual solve adds the rows
    /// it needs, so the read-only set at boot computes only its own rows.
    kernel: Vec<f64>,
    kernel_ld: usize,
    in_kernel: Vec<bool>,
    /// The primal systems summed for the most recent class sets, newest
    /// first: toggling between two modes re-uses both sums and factors once.
    summed: Vec<Summed>,
}

/// How many summed primal systems are kept: one per mode.
const SUMMED_SETS: usize = 2;

/// `XᵀX` and `XᵀY` of the primal form over one class set, before the penalty.
struct Summed {
    ids: Vec<usize>,
    /// Rows of those classes when summed (rows are only ever added, so a
    /// different count means some Gram matrix changed).
    rows: usize,
    /// Upper triangle, `n` rows of stride `pad(n)`.
    a: Vec<f64>,
    /// `n` rows of stride `pad(classes)`.
    b: Vec<f64>,
}

impl Dataset {
    pub fn new(dim: usize) -> Self {
        Dataset {
            dim,
            ld: pad(dim + 1),
            classes: Vec::new(),
            rows: Vec::new(),
            kernel: Vec::new(),
            kernel_ld: 0,
            in_kernel: Vec::new(),
            summed: Vec::new(),
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
            .map_or(0, |c| c.members.len())
    }

    fn total_rows(&self) -> usize {
        self.rows.len() / self.ld
    }

    /// Adds one labelled row. Only the row is stored: the statistics a solve
    /// needs are brought up to date by the next solve.
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
        let idx = match self.classes.iter().position(|c| c.name == class) {
            Some(i) => i,
            None => {
                self.classes.push(Class {
                    name: class.into(),
                    members: Vec::new(),
                    gram: Vec::new(),
                    gram_rows: 0,
                });
                self.classes.len() - 1
            }
        };
        let row = self.total_rows();
        self.rows.extend(x.iter().map(|&v| v as f64));
        self.rows.push(1.0);
        self.rows.resize((row + 1) * self.ld, 0.0);
        self.classes[idx].members.push(row);
        Ok(())
    }

    /// Solves the ridge system over `classes` (in that order; each must have
    /// rows). `lambda` is relative: the penalty added to the diagonal is
    /// `lambda · trace(XᵀX)/dim`, so one λ suits features of any scale. The
    /// bias is not penalised.
    ///
    /// Takes `&mut self` because it completes the kept statistics (Gram
    /// matrices or the row kernel) for rows added since the last solve.
    pub fn solve(&mut self, classes: &[&str], lambda: f64) -> Result<Router, RouterError> {
        self.solve_with(classes, lambda, SolveOptions::default())
    }

    /// [`Dataset::solve`] with the form and kernel family chosen.
    pub fn solve_with(
        &mut self,
        classes: &[&str],
        lambda: f64,
        opts: SolveOptions,
    ) -> Result<Router, RouterError> {
        let w = self.solve_f64(classes, lambda, opts)?;
        Ok(Router {
            dim: self.dim,
            classes: classes.iter().map(|s| String::from(*s)).collect(),
            w: w.iter().map(|&v| v as f32).collect(),
            temperature: 1.0,
        })
    }

    /// The `(dim+1) × classes` weights in f64, row-major with the bias row
    /// last: what [`Dataset::solve_with`] rounds to f32.
    pub fn solve_f64(
        &mut self,
        classes: &[&str],
        lambda: f64,
        opts: SolveOptions,
    ) -> Result<Vec<f64>, RouterError> {
        if lambda.is_nan() || lambda <= 0.0 || lambda.is_infinite() {
            return Err(RouterError::BadLambda);
        }
        if classes.is_empty() {
            return Err(RouterError::NoClasses);
        }
        let mut ids = Vec::with_capacity(classes.len());
        for (i, name) in classes.iter().enumerate() {
            if classes[..i].contains(name) {
                return Err(RouterError::DuplicateClass((*name).into()));
            }
            let id = self
                .classes
                .iter()
                .position(|c| c.name == *name && !c.members.is_empty())
                .ok_or_else(|| RouterError::UnknownClass((*name).into()))?;
            ids.push(id);
        }
        let rows: usize = ids.iter().map(|&c| self.classes[c].members.len()).sum();
        let simd = simd::effective(opts.simd);
        let dual = match opts.method {
            Method::Auto => rows < self.dim + 1,
            Method::Primal => false,
            Method::Dual => true,
        };
        if dual {
            self.solve_dual(simd, opts.pool, &ids, lambda)
        } else {
            self.solve_primal(simd, opts.pool, &ids, lambda)
        }
    }

    /// Brings the Gram matrices of classes `ids` up to date with their rows.
    /// Several classes are spread over the cores whole, one fork for all
    /// (a class's matrix is one core's serial product, the same bits
    /// wherever it runs); a single class splits its product's rows instead.
    /// Forking once per class was slower than one core: an idle worker
    /// gone to sleep between two classes' products came back late each time.
    #[allow(
        unsafe_code,
        reason = "the classes go to the cores through pool::Disjoint"
    )]
    fn update_grams(&mut self, simd: Simd, pool: &Pool, ids: &[usize]) {
        let (n, ld) = (self.dim + 1, self.ld);
        let stale: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&c| self.classes[c].gram_rows < self.classes[c].members.len())
            .collect();
        let rows = &self.rows;
        if stale.len() < 2 || pool.width() < 2 {
            let mut scratch = (Vec::new(), Vec::new());
            for &c in &stale {
                update_gram(simd, pool, n, ld, rows, &mut self.classes[c], &mut scratch);
            }
            return;
        }
        let classes = Disjoint::new(&mut self.classes);
        pool.for_each_chunk(stale.len(), 1, |chunk, _| {
            let mut scratch = (Vec::new(), Vec::new());
            for &c in &stale[chunk] {
                // SAFETY: `ids` holds no class twice (checked by the solve),
                // so each class is one chunk's alone; `self.classes` is
                // borrowed exclusively until every chunk is done.
                let class = unsafe { &mut classes.slice(c..c + 1)[0] };
                update_gram(simd, pool::serial(), n, ld, rows, class, &mut scratch);
            }
        });
    }

    /// The summed primal system over `ids`, from the cache or summed now
    /// from the per-class Gram matrices; moved to the front of the cache.
    fn summed(&mut self, simd: Simd, pool: &Pool, ids: &[usize]) -> &Summed {
        let rows: usize = ids.iter().map(|&c| self.classes[c].members.len()).sum();
        if let Some(i) = self
            .summed
            .iter()
            .position(|s| s.ids == ids && s.rows == rows)
        {
            let hit = self.summed.remove(i);
            self.summed.insert(0, hit);
            return &self.summed[0];
        }
        self.update_grams(simd, pool, ids);
        let (n, ld, m) = (self.dim + 1, self.ld, ids.len());
        let bl = pad(m);
        let mut a = vec![0.0; n * ld];
        let mut b = vec![0.0; n * bl];
        for (ci, &c) in ids.iter().enumerate() {
            let g = &self.classes[c].gram;
            for i in 0..n {
                let at = packed_row(n, i);
                let src = &g[at..at + n - i];
                for (d, s) in a[i * ld + i..i * ld + n].iter_mut().zip(src) {
                    *d += s;
                }
                // The bias column: Σ x_i over the class's rows, its column of XᵀY.
                b[i * bl + ci] = src[n - 1 - i];
            }
        }
        self.summed.truncate(SUMMED_SETS - 1);
        let entry = Summed {
            ids: ids.to_vec(),
            rows,
            a,
            b,
        };
        self.summed.insert(0, entry);
        &self.summed[0]
    }

    fn solve_primal(
        &mut self,
        simd: Simd,
        pool: &Pool,
        ids: &[usize],
        lambda: f64,
    ) -> Result<Vec<f64>, RouterError> {
        let (n, ld, m) = (self.dim + 1, self.ld, ids.len());
        let bl = pad(m);
        let dim = self.dim;
        let sum = self.summed(simd, pool, ids);
        let mut a = sum.a.clone();
        let mut b = sum.b.clone();
        let trace: f64 = (0..n - 1).map(|i| a[i * ld + i]).sum();
        let penalty = penalty(dim, lambda, trace);
        for i in 0..n - 1 {
            a[i * ld + i] += penalty;
        }
        cholesky::factor(simd, pool, &mut a, n, ld).map_err(RouterError::NotPositiveDefinite)?;
        cholesky::solve(simd, pool, &a, n, ld, &mut b, m, bl);
        let mut w = vec![0.0; n * m];
        for i in 0..n {
            w[i * m..(i + 1) * m].copy_from_slice(&b[i * bl..i * bl + m]);
        }
        Ok(w)
    }

    /// Brings the row kernel `XXᵀ` up to date for the rows `needed`: their
    /// products with each other and with every row already in it. Each
    /// entry is one fixed-order sum (`gemm`'s reduction order), so its value
    /// does not depend on which solve computed it.
    fn update_kernel(&mut self, simd: Simd, pool: &Pool, needed: &[usize]) {
        let total = self.total_rows();
        if self.kernel_ld < total {
            // Rows were added: a wider matrix, the computed part copied over.
            let (old, old_ld) = (core::mem::take(&mut self.kernel), self.kernel_ld);
            let ld = pad(total);
            self.kernel = vec![0.0; total * ld];
            for a in (0..self.in_kernel.len()).filter(|&a| self.in_kernel[a]) {
                self.kernel[a * ld..a * ld + old_ld].copy_from_slice(&old[a * old_ld..][..old_ld]);
            }
            self.kernel_ld = ld;
        }
        self.in_kernel.resize(total, false);
        let missing: Vec<usize> = needed
            .iter()
            .copied()
            .filter(|&a| !self.in_kernel[a])
            .collect();
        if missing.is_empty() {
            return;
        }
        // Columns: the missing rows first, so the block among them is the
        // upper triangle of a square and every column after it lies right
        // of the diagonal.
        let cols: Vec<usize> = missing
            .iter()
            .copied()
            .chain((0..total).filter(|&a| self.in_kernel[a]))
            .collect();
        let (dim, ld, cl) = (self.dim, self.ld, pad(cols.len()));
        let mut xm = Vec::with_capacity(missing.len() * ld);
        for &a in &missing {
            xm.extend_from_slice(&self.rows[a * ld..(a + 1) * ld]);
        }
        // The columns' rows transposed, so the kernel's B operand has unit
        // stride along rows.
        let mut xt = vec![0.0; dim.max(1) * cl];
        for (j, &a) in cols.iter().enumerate() {
            for t in 0..dim {
                xt[t * cl + j] = self.rows[a * ld + t];
            }
        }
        let mut c = vec![0.0; missing.len() * cl];
        let x = Strided {
            data: &xm,
            rs: ld,
            ks: 1,
        };
        let dims = (missing.len(), cols.len(), dim);
        gemm(simd, pool, dims, 1.0, x, &xt, cl, &mut c, cl, Part::Upper);
        let kl = self.kernel_ld;
        for (i, &a) in missing.iter().enumerate() {
            for (k, &b) in cols.iter().enumerate().skip(i) {
                let v = c[i * cl + k];
                self.kernel[a * kl + b] = v;
                self.kernel[b * kl + a] = v;
            }
        }
        for &a in &missing {
            self.in_kernel[a] = true;
        }
    }

    fn solve_dual(
        &mut self,
        simd: Simd,
        pool: &Pool,
        ids: &[usize],
        lambda: f64,
    ) -> Result<Vec<f64>, RouterError> {
        let (dim, ld, m) = (self.dim, self.ld, ids.len());
        let idx: Vec<usize> = ids
            .iter()
            .flat_map(|&c| self.classes[c].members.iter().copied())
            .collect();
        self.update_kernel(simd, pool, &idx);
        let kl = self.kernel_ld;
        let r = idx.len();
        let rl = pad(r);
        let kernel = &self.kernel;
        let trace: f64 = idx.iter().map(|&a| kernel[a * kl + a]).sum();
        let p = penalty(dim, lambda, trace);
        // M = K/p + I over the reachable rows (upper triangle).
        let mut mm = vec![0.0; r * rl];
        for (i, &a) in idx.iter().enumerate() {
            let krow = &kernel[a * kl..(a + 1) * kl];
            for (j, &b) in idx.iter().enumerate().skip(i) {
                mm[i * rl + j] = krow[b] / p;
            }
            mm[i * rl + i] += 1.0;
        }
        // Right-hand sides: Y one-hot in columns 0..m, the ones vector in m.
        let bl = pad(m + 1);
        let mut v = vec![0.0; r * bl];
        let mut row = 0;
        for (ci, &c) in ids.iter().enumerate() {
            for _ in &self.classes[c].members {
                v[row * bl + ci] = 1.0;
                v[row * bl + m] = 1.0;
                row += 1;
            }
        }
        cholesky::factor(simd, pool, &mut mm, r, rl).map_err(RouterError::NotPositiveDefinite)?;
        cholesky::solve(simd, pool, &mm, r, rl, &mut v, m + 1, bl);
        // b = Vᵀ1 / uᵀ1, then α' = V − u bᵀ in place (u's column cleared).
        let su: f64 = (0..r).map(|i| v[i * bl + m]).sum();
        let mut bias = vec![0.0; m];
        for i in 0..r {
            for (s, &x) in bias.iter_mut().zip(&v[i * bl..i * bl + m]) {
                *s += x;
            }
        }
        for s in bias.iter_mut() {
            *s /= su;
        }
        for i in 0..r {
            let u = v[i * bl + m];
            v[i * bl + m] = 0.0;
            for (x, &s) in v[i * bl..i * bl + m].iter_mut().zip(&bias) {
                *x -= u * s;
            }
        }
        // W = X_Sᵀ α' / p, X_S the reachable rows in solve order.
        let mut xs = Vec::with_capacity(r * ld);
        for &a in &idx {
            xs.extend_from_slice(&self.rows[a * ld..(a + 1) * ld]);
        }
        let wl = pad(m);
        let mut wacc = vec![0.0; dim * wl];
        let x = Strided {
            data: &xs,
            rs: 1,
            ks: ld,
        };
        gemm(
            simd,
            pool,
            (dim, m, r),
            1.0,
            x,
            &v,
            bl,
            &mut wacc,
            wl,
            Part::Full,
        );
        let mut w = vec![0.0; (dim + 1) * m];
        for i in 0..dim {
            for (o, &s) in w[i * m..(i + 1) * m].iter_mut().zip(&wacc[i * wl..]) {
                *o = s / p;
            }
        }
        w[dim * m..].copy_from_slice(&bias);
        Ok(w)
    }
}

/// Adds the rows `class` gained since its last update to its packed Gram
/// matrix. `scratch` is the rows gathered and the full product: the tile
/// kernel needs a constant row stride, the kept matrix is packed.
fn update_gram(
    simd: Simd,
    pool: &Pool,
    n: usize,
    ld: usize,
    rows: &[f64],
    class: &mut Class,
    (x, g): &mut (Vec<f64>, Vec<f64>),
) {
    let new = &class.members[class.gram_rows..];
    if new.is_empty() {
        return;
    }
    x.clear();
    for &r in new {
        x.extend_from_slice(&rows[r * ld..(r + 1) * ld]);
    }
    g.clear();
    g.resize(n * ld, 0.0);
    let xt = Strided {
        data: x,
        rs: 1,
        ks: ld,
    };
    gemm(
        simd,
        pool,
        (n, n, new.len()),
        1.0,
        xt,
        x,
        ld,
        g,
        ld,
        Part::Upper,
    );
    if class.gram.is_empty() {
        class.gram = vec![0.0; n * (n + 1) / 2];
    }
    for i in 0..n {
        let at = packed_row(n, i);
        let dst = &mut class.gram[at..at + n - i];
        for (d, s) in dst.iter_mut().zip(&g[i * ld + i..i * ld + n]) {
            *d += s;
        }
    }
    class.gram_rows = class.members.len();
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

    /// The `(dim+1) × classes` weights, row-major, bias row last.
    pub fn weights(&self) -> &[f32] {
        &self.w
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

    /// The softmax probability of every class at the fitted temperature.
    pub fn probs(&self, x: &[f32]) -> Result<Vec<f32>, RouterError> {
        let mut s = vec![0.0f32; self.classes.len()];
        self.scores(x, &mut s)?;
        Ok(softmax(&s, self.temperature))
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
    prediction_from_probs(&softmax(scores, t))
}

/// The top two of a probability per class (at least one class).
pub fn prediction_from_probs(probs: &[f32]) -> Prediction {
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
