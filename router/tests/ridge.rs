use router::calibrate::{expected_calibration_error, fit_temperature};
use router::{Dataset, RouterError};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32) - 0.5
    }
}

type Rows = Vec<Vec<(usize, Vec<f32>)>>;

/// Classes are noisy clusters around random centres.
fn clusters(
    dim: usize,
    classes: usize,
    per_class: usize,
    noise: f32,
    seed: u64,
) -> (Vec<Vec<f32>>, Rows) {
    let mut rng = Rng(seed);
    let centres: Vec<Vec<f32>> = (0..classes)
        .map(|_| (0..dim).map(|_| rng.next() * 4.0).collect())
        .collect();
    let rows = (0..classes)
        .map(|c| {
            (0..per_class)
                .map(|_| {
                    (
                        c,
                        centres[c].iter().map(|&m| m + noise * rng.next()).collect(),
                    )
                })
                .collect()
        })
        .collect();
    (centres, rows)
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("c{i}")).collect()
}

#[test]
fn separable_clusters_are_routed_correctly() {
    let (dim, k) = (32, 6);
    // 60 rows per class: the first 40 train, the last 20 are held out.
    let (_, rows) = clusters(dim, k, 60, 1.0, 1);
    let names = names(k);
    let mut ds = Dataset::new(dim);
    for class in &rows {
        for (c, x) in class.iter().take(40) {
            ds.add(&names[*c], x).unwrap();
        }
    }
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let r = ds.solve(&refs, 1e-3).unwrap();
    assert_eq!(r.parameters(), (dim + 1) * k);
    let (mut correct, mut total) = (0, 0);
    for class in &rows {
        for (c, x) in class.iter().skip(40) {
            total += 1;
            correct += (r.predict(x).unwrap().class == *c) as usize;
        }
    }
    assert!(correct * 100 >= total * 95, "{correct}/{total}");
}

#[test]
fn solution_satisfies_the_normal_equations() {
    let (dim, k) = (8, 3);
    let (_, rows) = clusters(dim, k, 10, 2.0, 5);
    let names = names(k);
    let mut ds = Dataset::new(dim);
    let mut all = Vec::new();
    for class in &rows {
        for (c, x) in class {
            ds.add(&names[*c], x).unwrap();
            all.push((*c, x.clone()));
        }
    }
    let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let lambda = 0.1;
    let r = ds.solve(&refs, lambda).unwrap();
    // Gradient of Σ‖xW − y‖² + pen‖W‖² must vanish: Xᵀ(XW − Y) + pen·W = 0
    // (bias row unpenalised).
    let n = dim + 1;
    let ext = |x: &Vec<f32>, i: usize| if i < dim { x[i] as f64 } else { 1.0 };
    let trace: f64 = all
        .iter()
        .map(|(_, x)| x.iter().map(|v| (*v as f64).powi(2)).sum::<f64>())
        .sum();
    let pen = lambda * trace / dim as f64;
    let mut s = vec![0f32; k];
    for c in 0..k {
        for i in 0..n {
            let mut g = 0.0f64;
            for (label, x) in &all {
                r.scores(x, &mut s).unwrap();
                let resid = s[c] as f64 - if *label == c { 1.0 } else { 0.0 };
                g += ext(x, i) * resid;
            }
            // Recover W[i][c] from the scores of unit vectors.
            let w_ic = {
                let mut e = vec![0f32; dim];
                let mut s0 = vec![0f32; k];
                r.scores(&e, &mut s0).unwrap();
                if i < dim {
                    e[i] = 1.0;
                    r.scores(&e, &mut s).unwrap();
                    (s[c] - s0[c]) as f64
                } else {
                    0.0
                }
            };
            g += pen * w_ic;
            assert!(g.abs() < 1e-2, "gradient {g} at ({i},{c})");
        }
    }
}

#[test]
fn resolving_over_a_subset_removes_the_class() {
    let (dim, k) = (16, 4);
    let (_, rows) = clusters(dim, k, 30, 0.5, 9);
    let names = names(k);
    let mut ds = Dataset::new(dim);
    for class in &rows {
        for (c, x) in class {
            ds.add(&names[*c], x).unwrap();
        }
    }
    let sub = ["c0", "c2", "c3"];
    let r = ds.solve(&sub, 1e-3).unwrap();
    assert_eq!(r.classes(), &["c0", "c2", "c3"]);
    // A c1 row can only land on a reachable class.
    let p = r.predict(&rows[1][0].1).unwrap();
    assert!(sub.contains(&r.class_name(p.class)));
    // A c2 row still lands on c2.
    assert_eq!(r.class_name(r.predict(&rows[2][3].1).unwrap().class), "c2");
}

#[test]
fn errors_are_reported() {
    let mut ds = Dataset::new(3);
    assert_eq!(
        ds.add("a", &[1.0, 2.0]),
        Err(RouterError::DimensionMismatch {
            expected: 3,
            got: 2
        })
    );
    assert_eq!(
        ds.add("a", &[1.0, f32::NAN, 0.0]),
        Err(RouterError::NonFinite)
    );
    ds.add("a", &[1.0, 0.0, 0.0]).unwrap();
    assert!(matches!(ds.solve(&["a", "b"], 1e-3), Err(RouterError::UnknownClass(c)) if c == "b"));
    assert!(matches!(ds.solve(&["a"], 0.0), Err(RouterError::BadLambda)));
    assert!(matches!(ds.solve(&[], 1.0), Err(RouterError::NoClasses)));
    let r = ds.solve(&["a"], 1.0).unwrap();
    assert!(r.predict(&[0.0; 4]).is_err());
}

#[test]
fn temperature_fit_improves_calibration() {
    // Scores whose margin overstates certainty: 70% of rows are right.
    let mut scores = Vec::new();
    let mut labels = Vec::new();
    for i in 0..200 {
        scores.push(vec![1.0f32, 0.0, 0.0]);
        labels.push(if i % 10 < 7 { 0 } else { 1 + i % 2 });
    }
    let refs: Vec<&[f32]> = scores.iter().map(|s| s.as_slice()).collect();
    let t = fit_temperature(&refs, &labels);
    let conf_at = |t: f32| router::prediction_from_scores(&scores[0], t).confidence;
    let correct: Vec<bool> = labels.iter().map(|&l| l == 0).collect();
    let ece_sharp = expected_calibration_error(&vec![conf_at(0.01); 200], &correct, 10);
    let ece_fit = expected_calibration_error(&vec![conf_at(t); 200], &correct, 10);
    assert!(
        (conf_at(t) - 0.7).abs() < 0.03,
        "confidence {} at t={t}",
        conf_at(t)
    );
    assert!(ece_fit < ece_sharp / 5.0, "{ece_fit} vs {ece_sharp}");
}
