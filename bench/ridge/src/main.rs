//! The router's ridge solve (`router::Dataset::solve`) on the host, at the
//! sizes issue 18 names: 5k, 12.7k and 50k parameters, each with as few rows
//! as the shipped feature cache has (220) and with more rows than features.
//!
//! Every figure is the best of N runs in CPU time of this thread
//! (`CLOCK_THREAD_CPUTIME_ID`), because the machine is shared: time another
//! process takes from us is not counted, and the best run is the one least
//! disturbed by caches shared with it. N is chosen per case so the repetitions
//! take about a second (at least 3, at most 200).
//!
//! Usage: `cargo run --release -p ridge-bench` (markdown table on stdout).
//! `--quick` skips the largest case.

use std::cell::RefCell;
use std::hint::black_box;

use router::{cholesky, reference, Dataset, Method, Simd, SolveOptions};

/// One benchmark problem: `rows` random feature rows of width `dim`, spread
/// evenly over `classes` classes.
struct Case {
    dim: usize,
    classes: usize,
    rows: usize,
}

const CASES: &[Case] = &[
    // The shipped model: hidden size 192, 220 cached rows.
    Case {
        dim: 192,
        classes: 26,
        rows: 220,
    },
    // Issue 18's target size with the shipped number of rows (fewer rows
    // than features) and with many more.
    Case {
        dim: 487,
        classes: 26,
        rows: 220,
    },
    Case {
        dim: 487,
        classes: 26,
        rows: 2000,
    },
    // The shell's router since the lexical features (request::lexical):
    // the hidden state and 512 hashed buckets.
    Case {
        dim: 704,
        classes: 26,
        rows: 220,
    },
    Case {
        dim: 1929,
        classes: 26,
        rows: 220,
    },
    Case {
        dim: 1929,
        classes: 26,
        rows: 4000,
    },
];

/// The relative ridge λ the shell uses (`request::Config::default`).
const LAMBDA: f64 = 1.0;

/// Classes dropped for the mode-toggle row: read-only mode removes the write
/// applets, about a third of the table.
const TOGGLE_DROP: usize = 8;

fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant
    // every Linux has.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Best and median of N thread-CPU-time runs, in seconds.
#[derive(Clone, Copy)]
struct Timing {
    best: f64,
    median: f64,
    n: usize,
}

/// Times `f` N times, each after an untimed `between()` (a mode toggle is a
/// solve over one set after a solve over the other). N is fixed by the
/// first run so the runs take about a second.
fn measure(mut between: impl FnMut(), mut f: impl FnMut()) -> Timing {
    let mut runs = Vec::new();
    let mut reps = 3;
    while runs.len() < reps {
        between();
        let t0 = thread_cpu_ns();
        f();
        runs.push(thread_cpu_ns() - t0);
        if runs.len() == 1 {
            reps = (1_000_000_000 / runs[0].max(1)).clamp(3, 200) as usize;
        }
    }
    runs.sort_unstable();
    Timing {
        best: runs[0] as f64 * 1e-9,
        median: runs[runs.len() / 2] as f64 * 1e-9,
        n: runs.len(),
    }
}

fn best_of(f: impl FnMut()) -> Timing {
    measure(|| {}, f)
}

/// Rows as noisy clusters around one random centre per class, so the
/// problem looks like router features (classes separable, features
/// correlated within a class) rather than pure noise. Row `r` is of class
/// `r % classes`.
fn rows(c: &Case, seed: u64) -> Vec<Vec<f32>> {
    let mut s = seed;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 40) as f32) / ((1u64 << 24) as f32) - 0.5
    };
    let centres: Vec<Vec<f32>> = (0..c.classes)
        .map(|_| (0..c.dim).map(|_| next() * 4.0).collect())
        .collect();
    (0..c.rows)
        .map(|r| centres[r % c.classes].iter().map(|m| m + next()).collect())
        .collect()
}

fn ms(s: f64) -> String {
    format!("{:.3}", s * 1e3)
}

/// Multiply-adds per second of the factorisation (n³/6) and of the two
/// triangular solves with 26 right-hand sides (n²·26), per kernel family:
/// where the solve sits against the machine's FMA rate.
fn kernel_rates(quick: bool) {
    println!();
    println!("| n | family | factor ms | factor GFMA/s | solve 26 ms | solve GFMA/s |");
    println!("|---:|---|---:|---:|---:|---:|");
    for n in [193usize, 488, 1930] {
        if quick && n > 1000 {
            continue;
        }
        let ld = n.div_ceil(8) * 8;
        // A = XᵀX + I for a random X with n + 10 rows: positive definite.
        let mut s = n as u64;
        let mut next = move || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64) / ((1u64 << 53) as f64) - 0.5
        };
        let k = n + 10;
        let x: Vec<f64> = (0..k * n).map(|_| next()).collect();
        let mut a = vec![0.0; n * ld];
        for r in 0..k {
            let row = &x[r * n..(r + 1) * n];
            for i in 0..n {
                for j in i..n {
                    a[i * ld + j] += row[i] * row[j];
                }
            }
        }
        for i in 0..n {
            a[i * ld + i] += 1.0;
        }
        let (m, bl) = (26, 32);
        let b: Vec<f64> = (0..n * bl).map(|i| (i % bl < m) as u8 as f64).collect();
        for simd in [Simd::Avx2, Simd::Portable] {
            let mut u = a.clone();
            let f = best_of(|| {
                u.copy_from_slice(&a);
                cholesky::factor(simd, pool::serial(), &mut u, n, ld).expect("positive definite");
            });
            let mut y = b.clone();
            let t = best_of(|| {
                y.copy_from_slice(&b);
                cholesky::solve(simd, pool::serial(), &u, n, ld, &mut y, m, bl);
            });
            let nf = n as f64;
            println!(
                "| {n} | {simd:?} | {} | {:.1} | {} | {:.1} |",
                ms(f.best),
                nf * nf * nf / 6.0 / f.best * 1e-9,
                ms(t.best),
                nf * nf * m as f64 / t.best * 1e-9
            );
        }
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    println!(
        "| dim+1 | classes | parameters | rows | form | before: solve ms | solve ms best / median | N \
         | before: toggle ms | toggle ms best / median ({TOGGLE_DROP} classes fewer) | N | first solve ms |"
    );
    println!("|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for c in CASES {
        if quick && c.dim > 1000 {
            continue;
        }
        let names: Vec<String> = (0..c.classes).map(|i| format!("applet{i}")).collect();
        let rows = rows(c, 0x5eed ^ c.dim as u64);
        let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let fewer = &all[..all.len() - TOGGLE_DROP];
        let mut ds = Dataset::new(c.dim);
        for (r, x) in rows.iter().enumerate() {
            ds.add(&names[r % c.classes], x)
                .expect("finite row of the right width");
        }
        // The first solve also computes the statistics its form keeps (Gram
        // matrices or the row kernel); later solves reuse them.
        let t0 = thread_cpu_ns();
        let params = ds.solve(&all, LAMBDA).expect("solvable").parameters();
        let first_s = (thread_cpu_ns() - t0) as f64 * 1e-9;
        let solve = best_of(|| {
            black_box(ds.solve(black_box(&all), LAMBDA).expect("solvable"));
        });
        let ds = RefCell::new(ds);
        let toggle = measure(
            || {
                black_box(ds.borrow_mut().solve(&all, LAMBDA).expect("solvable"));
            },
            || {
                let mut d = ds.borrow_mut();
                black_box(d.solve(black_box(fewer), LAMBDA).expect("solvable"));
            },
        );
        let form = if c.rows < c.dim + 1 {
            Method::Dual
        } else {
            Method::Primal
        };
        let (before, before_toggle) = if quick {
            ("-".to_string(), "-".to_string())
        } else {
            let mut old = reference::Dataset::new(c.dim);
            for (r, x) in rows.iter().enumerate() {
                old.add(&names[r % c.classes], x).expect("finite row");
            }
            let b = best_of(|| {
                black_box(old.solve(black_box(&all), LAMBDA).expect("solvable"));
            });
            let bt = measure(
                || {
                    black_box(old.solve(&all, LAMBDA).expect("solvable"));
                },
                || {
                    black_box(old.solve(black_box(fewer), LAMBDA).expect("solvable"));
                },
            );
            (ms(b.best), ms(bt.best))
        };
        println!(
            "| {} | {} | {} | {} | {:?} | {} | {} / {} | {} | {} | {} / {} | {} | {} |",
            c.dim + 1,
            c.classes,
            params,
            c.rows,
            form,
            before,
            ms(solve.best),
            ms(solve.median),
            solve.n,
            before_toggle,
            ms(toggle.best),
            ms(toggle.median),
            toggle.n,
            ms(first_s),
        );
    }
    kernel_rates(quick);
    cores(quick);
}

/// The first solve of every case (the Gram sums or the row kernel from every row, then
/// the factorisation) on one core and on every core, wall time (the
/// workers' CPU time is not the caller's), best of 3; and whether the two
/// give the same weights bit for bit, as the kernel's `-smp 2` must.
fn cores(quick: bool) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let pool: &'static pool::ThreadPool = Box::leak(Box::new(pool::ThreadPool::new(threads - 1)));
    // What the cores can give right now: a VM's vCPUs may be one physical
    // core's two threads, or share it with a neighbour, and then no split
    // of the work can go faster.
    let spin = || {
        let t0 = std::time::Instant::now();
        // Eight independent chains: bound by the multiply-add units, which
        // two threads of one physical core share.
        let mut x = [1.0f64; 8];
        for i in 0..50_000_000u64 {
            for (j, v) in x.iter_mut().enumerate() {
                *v = *v * 1.000_000_1 + ((i as usize + j) & 1) as f64;
            }
            x = black_box(x);
        }
        black_box(x);
        t0.elapsed().as_secs_f64()
    };
    let alone = spin();
    let together = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads).map(|_| s.spawn(spin)).collect();
        hs.into_iter()
            .map(|h| h.join().unwrap())
            .fold(0.0, f64::max)
    });
    println!();
    println!(
        "{threads} threads of a multiply-add loop, each alone {alone:.2} s, all at once {together:.2} s: \
         the cores give at most {:.2}x now",
        threads as f64 * alone / together
    );
    println!();
    println!(
        "| dim+1 | rows | first solve ms, 1 core | {threads} cores | speed-up | weights identical |"
    );
    println!("|---:|---:|---:|---:|---:|---|");
    for c in CASES {
        if quick && c.dim > 1000 {
            continue;
        }
        let names: Vec<String> = (0..c.classes).map(|i| format!("applet{i}")).collect();
        let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let rows = rows(c, 0x5eed ^ c.dim as u64);
        let first = |on: &'static pool::Pool| {
            let mut best = f64::INFINITY;
            let mut w = Vec::new();
            for _ in 0..5 {
                let mut ds = Dataset::new(c.dim);
                for (r, x) in rows.iter().enumerate() {
                    ds.add(&names[r % c.classes], x).expect("finite row");
                }
                let opts = SolveOptions {
                    pool: on,
                    ..SolveOptions::default()
                };
                let t0 = std::time::Instant::now();
                w = ds.solve_f64(&all, LAMBDA, opts).expect("solvable");
                best = best.min(t0.elapsed().as_secs_f64());
            }
            (best, w)
        };
        let (t1, w1) = first(pool::serial());
        let (tn, wn) = first(pool.pool());
        let same =
            w1.len() == wn.len() && w1.iter().zip(&wn).all(|(a, b)| a.to_bits() == b.to_bits());
        println!(
            "| {} | {} | {} | {} | {:.2}x | {} |",
            c.dim + 1,
            c.rows,
            ms(t1),
            ms(tn),
            t1 / tn,
            if same { "yes" } else { "NO" }
        );
    }
}
