//! The solve on several cores gives the one-core weights bit for bit, in
//! both forms and both kernel families: each product's rows are split
//! across the cores, never its sums (`gemm`'s reduction order).

use router::{Dataset, Method, Simd, SolveOptions};

fn rows(dim: usize, n: usize, classes: usize, seed: u64) -> Vec<(String, Vec<f32>)> {
    let mut s = seed;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 40) as f32) / ((1u64 << 24) as f32) - 0.5
    };
    (0..n)
        .map(|r| {
            let c = r % classes;
            let x = (0..dim).map(|i| next() + if i % classes == c { 1.0 } else { 0.0 });
            (format!("c{c}"), x.collect())
        })
        .collect()
}

fn solve(
    dim: usize,
    data: &[(String, Vec<f32>)],
    classes: &[&str],
    opts: SolveOptions,
) -> Vec<f64> {
    let mut ds = Dataset::new(dim);
    for (c, x) in data {
        ds.add(c, x).unwrap();
    }
    let first = ds.solve_f64(classes, 0.5, opts).unwrap();
    // A re-solve over fewer classes reuses the kept statistics: it must
    // not depend on the cores either.
    let fewer = ds.solve_f64(&classes[1..], 0.5, opts).unwrap();
    first.into_iter().chain(fewer).collect()
}

#[test]
fn every_core_count_gives_the_one_core_weights() {
    let threads: Vec<&'static pool::ThreadPool> = [1, 2]
        .into_iter()
        .map(|w| &*Box::leak(Box::new(pool::ThreadPool::new(w))))
        .collect();
    let names: Vec<String> = (0..12).map(|i| format!("c{i}")).collect();
    let classes: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    // Primal (rows > dim) and dual (rows < dim), both large enough that
    // the Gram sums, the row kernel and the Cholesky updates fork.
    for (dim, n, method) in [(300, 700, Method::Primal), (600, 240, Method::Dual)] {
        let data = rows(dim, n, classes.len(), dim as u64);
        for simd in [Simd::Avx2, Simd::Portable] {
            let one = SolveOptions {
                method,
                simd,
                pool: pool::serial(),
            };
            let want = solve(dim, &data, &classes, one);
            for tp in &threads {
                let before = tp.pool().chunks_by_workers();
                // Identical because nothing ran elsewhere would prove nothing. A worker
                // woken late finds its chunks taken (the caller revokes what nobody claimed),
                // which on a loaded machine can happen to every fork of a solve: solve
                // again until a worker has taken part, each time bit for bit.
                let mut solves = 0;
                while tp.pool().chunks_by_workers() == before && solves < 200 {
                    solves += 1;
                    let got = solve(
                        dim,
                        &data,
                        &classes,
                        SolveOptions {
                            pool: tp.pool(),
                            ..one
                        },
                    );
                    assert_eq!(want.len(), got.len());
                    let differ = want
                        .iter()
                        .zip(&got)
                        .filter(|(a, b)| a.to_bits() != b.to_bits())
                        .count();
                    assert_eq!(
                        differ,
                        0,
                        "{method:?} {simd:?} dim {dim}, {} workers: {differ} weights differ",
                        tp.pool().workers()
                    );
                }
                assert!(
                    tp.pool().chunks_by_workers() > before,
                    "{method:?} {simd:?}: the workers never ran a chunk in {solves} solves"
                );
            }
        }
    }
}
