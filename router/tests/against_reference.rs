//! The fast solver (both forms, both kernel families) against the unblocked
//! reference solver of `router::reference`, on random problems: more rows
//! than features and fewer, subsets of the classes, features of large
//! magnitude, and ill-conditioned ones (nearly collinear features, tiny λ).

use router::reference;
use router::{Dataset, Method, Simd, SolveOptions};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64) / ((1u64 << 53) as f64) - 0.5
    }
}

struct Problem {
    dim: usize,
    classes: usize,
    rows: usize,
    /// Features are `rank` random directions mixed, plus this much noise:
    /// a small value with `rank < dim` makes XᵀX nearly singular.
    rank: usize,
    noise: f64,
    scale: f64,
    lambda: f64,
}

fn names(k: usize) -> Vec<String> {
    (0..k).map(|i| format!("c{i}")).collect()
}

/// The labelled rows of a problem, in the order added.
type Rows = Vec<(usize, Vec<f32>)>;

fn build(p: &Problem, seed: u64) -> (Dataset, reference::Dataset, Rows) {
    let mut rng = Rng(seed);
    let basis: Vec<Vec<f64>> = (0..p.rank)
        .map(|_| (0..p.dim).map(|_| rng.next()).collect())
        .collect();
    let centres: Vec<Vec<f64>> = (0..p.classes)
        .map(|_| (0..p.rank).map(|_| 4.0 * rng.next()).collect())
        .collect();
    let names = names(p.classes);
    let mut fast = Dataset::new(p.dim);
    let mut slow = reference::Dataset::new(p.dim);
    let mut rows = Vec::new();
    for r in 0..p.rows {
        let c = r % p.classes;
        let coef: Vec<f64> = centres[c].iter().map(|m| m + rng.next()).collect();
        let x: Vec<f32> = (0..p.dim)
            .map(|i| {
                let v: f64 = coef.iter().zip(&basis).map(|(a, b)| a * b[i]).sum();
                ((v + p.noise * rng.next()) * p.scale) as f32
            })
            .collect();
        fast.add(&names[c], &x).unwrap();
        slow.add(&names[c], &x).unwrap();
        rows.push((c, x));
    }
    (fast, slow, rows)
}

/// Largest difference relative to the largest reference weight.
fn rel_diff(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    let scale = b.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    a.iter()
        .zip(b)
        .fold(0.0f64, |m, (x, y)| m.max((x - y).abs()))
        / scale
}

/// Solves `p` over every class and over the first two thirds (read-only
/// mode), in both forms with both kernel families: each must be within
/// `tol` of the reference, relative to its largest weight.
fn check(p: &Problem, seed: u64, tol: f64) {
    let (mut fast, slow, _) = build(p, seed);
    let names = names(p.classes);
    let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let fewer = (p.classes * 2 / 3).max(1);
    for k in [p.classes, fewer] {
        let set = &all[..k];
        let want = slow.solve(set, p.lambda).unwrap();
        for method in [Method::Primal, Method::Dual] {
            for simd in [Simd::Portable, Simd::Avx2] {
                let opts = SolveOptions {
                    method,
                    simd,
                    ..SolveOptions::default()
                };
                let got = fast.solve_f64(set, p.lambda, opts).unwrap();
                let d = rel_diff(&got, &want);
                let what = format!(
                    "dim {} rows {} λ {:e}, {k} classes, {method:?} {simd:?}",
                    p.dim, p.rows, p.lambda
                );
                assert!(d <= tol, "{what}: relative difference {d:e} > {tol:e}");
            }
        }
    }
}

fn well(dim: usize, rows: usize) -> Problem {
    Problem {
        dim,
        classes: 7,
        rows,
        rank: dim,
        noise: 1.0,
        scale: 1.0,
        lambda: 1.0,
    }
}

#[test]
fn well_conditioned_problems_agree() {
    // Rows above, near and below dim + 1; sizes across the leaf and tile edges.
    for (dim, rows) in [
        (1, 9),
        (8, 40),
        (23, 20),
        (40, 41),
        (40, 39),
        (97, 300),
        (130, 50),
    ] {
        check(&well(dim, rows), dim as u64, 1e-12);
    }
}

#[test]
fn large_features_and_small_lambda_agree() {
    let p = Problem {
        scale: 1e3,
        lambda: 1e-3,
        ..well(60, 90)
    };
    check(&p, 1, 1e-11);
    let p = Problem {
        lambda: 1e-6,
        ..well(60, 40)
    };
    check(&p, 2, 1e-8);
}

#[test]
fn ill_conditioned_problems_agree() {
    // Rank 5 in 64 dimensions with noise 1e-4 and λ 1e-8: XᵀX + pI has a
    // condition number near 1e10 on the rows' span.
    for rows in [30, 200] {
        let p = Problem {
            dim: 64,
            rank: 5,
            noise: 1e-4,
            lambda: 1e-8,
            ..well(64, rows)
        };
        check(&p, rows as u64, 1e-6);
    }
}

/// Rows added after a solve reach the next one (the Gram matrices, the
/// summed systems and the row kernel are all brought up to date), also
/// across mode toggles: the result equals a dataset built in one go.
#[test]
fn rows_added_between_solves_are_used() {
    let p = well(30, 70);
    let (mut grown, _, rows) = build(&p, 4);
    let names = names(p.classes);
    let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let fewer = &all[..4];
    let extra = build(&p, 5).2;
    let mut fresh = Dataset::new(p.dim);
    for (c, x) in rows.iter().chain(&extra) {
        fresh.add(&names[*c], x).unwrap();
    }
    for method in [Method::Primal, Method::Dual] {
        let opts = SolveOptions {
            method,
            ..SolveOptions::default()
        };
        for set in [&all[..], fewer, &all[..]] {
            grown.solve_f64(set, 1.0, opts).unwrap();
        }
    }
    // Rows for one class in the toggled set, then for the others.
    for (c, x) in &extra {
        grown.add(&names[*c], x).unwrap();
        if *c == 0 {
            break;
        }
    }
    let opts = SolveOptions::default();
    let partial = grown.solve_f64(fewer, 1.0, opts).unwrap();
    let mut one_more = Dataset::new(p.dim);
    for (c, x) in rows.iter().chain(extra.iter().take(1)) {
        one_more.add(&names[*c], x).unwrap();
    }
    let want = one_more.solve_f64(fewer, 1.0, opts).unwrap();
    assert!(rel_diff(&partial, &want) < 1e-12);
    for (c, x) in extra.iter().skip(1) {
        grown.add(&names[*c], x).unwrap();
    }
    for method in [Method::Primal, Method::Dual] {
        let opts = SolveOptions {
            method,
            ..SolveOptions::default()
        };
        for set in [fewer, &all[..]] {
            let got = grown.solve_f64(set, 1.0, opts).unwrap();
            let want = fresh.solve_f64(set, 1.0, opts).unwrap();
            let d = rel_diff(&got, &want);
            assert!(d < 1e-12, "{method:?}, {} classes: {d:e}", set.len());
        }
    }
}

/// All-zero features: the penalty falls to its floor, and both forms must
/// still give zero weights and the class frequencies as the bias (the dual
/// form divides by the penalty last for this reason).
#[test]
fn zero_features_give_the_class_frequencies() {
    let mut ds = Dataset::new(3);
    for (c, k) in [("a", 1), ("b", 3)] {
        for _ in 0..k {
            ds.add(c, &[0.0; 3]).unwrap();
        }
    }
    for method in [Method::Primal, Method::Dual] {
        for lambda in [1.0, 1e-6] {
            let opts = SolveOptions {
                method,
                ..SolveOptions::default()
            };
            let w = ds.solve_f64(&["a", "b"], lambda, opts).unwrap();
            assert_eq!(&w[..6], &[0.0; 6], "{method:?}");
            assert!(
                (w[6] - 0.25).abs() < 1e-15 && (w[7] - 0.75).abs() < 1e-15,
                "{method:?} {w:?}"
            );
        }
    }
}

/// Adds `x·y` to a double-double accumulator (Dekker's two-product by a
/// fused multiply-add, Knuth's two-sum): residuals accurate far beyond f64.
fn dd_add(acc: &mut (f64, f64), x: f64, y: f64) {
    let p = x * y;
    let pe = x.mul_add(y, -p);
    let s = acc.0 + p;
    let bb = s - acc.0;
    let se = (acc.0 - (s - bb)) + (p - bb);
    *acc = (s, acc.1 + se + pe);
}

/// The ridge solution of `rows` over all `m` classes, accurate to far below
/// the solvers' rounding: the reference solution refined by iterative
/// refinement with the normal equations and their residuals kept in
/// double-double (it converges while cond·ε < 1).
fn refined(rows: &Rows, dim: usize, m: usize, lambda: f64, start: Vec<f64>) -> Vec<f64> {
    let n = dim + 1;
    let mut a = vec![(0.0, 0.0); n * n];
    let mut b = vec![(0.0, 0.0); n * m];
    let mut trace = 0.0;
    for (c, x) in rows {
        let mut xe: Vec<f64> = x.iter().map(|&v| v as f64).collect();
        xe.push(1.0);
        for i in 0..n {
            for j in 0..n {
                dd_add(&mut a[i * n + j], xe[i], xe[j]);
            }
            dd_add(&mut b[i * m + c], xe[i], 1.0);
        }
        trace += xe[..dim].iter().map(|v| v * v).sum::<f64>();
    }
    let pen = lambda * trace / dim as f64;
    for i in 0..dim {
        dd_add(&mut a[i * n + i], pen, 1.0);
    }
    let rounded: Vec<f64> = a.iter().map(|v| v.0 + v.1).collect();
    let mut w = start;
    for _ in 0..6 {
        for c in 0..m {
            let r: Vec<f64> = (0..n)
                .map(|i| {
                    let mut acc = (-b[i * m + c].0, -b[i * m + c].1);
                    for j in 0..n {
                        dd_add(&mut acc, a[i * n + j].0, w[j * m + c]);
                        dd_add(&mut acc, a[i * n + j].1, w[j * m + c]);
                    }
                    acc.0 + acc.1
                })
                .collect();
            let d = router::cholesky::solve_spd(&rounded, n, &r).unwrap();
            for i in 0..n {
                w[i * m + c] -= d[i];
            }
        }
    }
    w
}

/// On ill-conditioned problems the solvers differ from each other by about
/// cond·ε; against a refined solution, both forms must be about as accurate
/// as the reference (within 4×).
#[test]
fn ill_conditioned_problems_are_solved_as_accurately_as_the_reference() {
    for (rows, noise, lambda) in [(30, 1e-4, 1e-8), (200, 1e-4, 1e-8), (30, 1e-6, 1e-10)] {
        let p = Problem {
            dim: 64,
            rank: 5,
            noise,
            lambda,
            ..well(64, rows)
        };
        let (mut fast, slow, data) = build(&p, rows as u64);
        let names = names(p.classes);
        let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let reference = slow.solve(&all, lambda).unwrap();
        let exact = refined(&data, p.dim, p.classes, lambda, reference.clone());
        let err_ref = rel_diff(&reference, &exact);
        for method in [Method::Primal, Method::Dual] {
            for simd in [Simd::Portable, Simd::Avx2] {
                let opts = SolveOptions {
                    method,
                    simd,
                    ..SolveOptions::default()
                };
                let got = fast.solve_f64(&all, lambda, opts).unwrap();
                let err = rel_diff(&got, &exact);
                assert!(
                    err <= 4.0 * err_ref + 1e-15,
                    "rows {rows} λ {lambda:e} {method:?} {simd:?}: error {err:e}, reference's {err_ref:e}"
                );
            }
        }
    }
}

/// The row kernel is filled by whichever solve needs a row first, and each
/// entry is one fixed-order sum: a solve over every class after one over a
/// subset gives the same bits as the solve over every class alone.
#[test]
fn the_row_kernel_does_not_depend_on_the_solve_order() {
    let p = well(50, 30);
    let (mut after_subset, _, _) = build(&p, 8);
    let (mut alone, _, _) = build(&p, 8);
    let names = names(p.classes);
    let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let opts = SolveOptions {
        method: Method::Dual,
        ..SolveOptions::default()
    };
    after_subset.solve_f64(&all[..3], 1.0, opts).unwrap();
    let a = after_subset.solve_f64(&all, 1.0, opts).unwrap();
    let b = alone.solve_f64(&all, 1.0, opts).unwrap();
    assert_eq!(a, b);
}
