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

use std::hint::black_box;

use router::Dataset;

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

/// Best of N thread-CPU-time runs of `f`, in seconds, and N.
fn best_of(mut f: impl FnMut()) -> (f64, usize) {
    let t0 = thread_cpu_ns();
    f();
    let first = thread_cpu_ns() - t0;
    let reps = (1_000_000_000 / first.max(1)).clamp(3, 200) as usize;
    let mut best = first;
    for _ in 1..reps {
        let t0 = thread_cpu_ns();
        f();
        best = best.min(thread_cpu_ns() - t0);
    }
    (best as f64 * 1e-9, reps)
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

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    println!("| dim+1 | classes | parameters | rows | add all rows ms | solve ms | N | toggle solve ms ({TOGGLE_DROP} classes fewer) | N |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for c in CASES {
        if quick && c.dim > 1000 {
            continue;
        }
        let names: Vec<String> = (0..c.classes).map(|i| format!("applet{i}")).collect();
        let rows = rows(c, 0x5eed ^ c.dim as u64);
        let t0 = thread_cpu_ns();
        let mut ds = Dataset::new(c.dim);
        for (r, x) in rows.iter().enumerate() {
            ds.add(&names[r % c.classes], x)
                .expect("finite row of the right width");
        }
        let add_s = (thread_cpu_ns() - t0) as f64 * 1e-9;
        let all: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let fewer = &all[..all.len() - TOGGLE_DROP];
        let (solve_s, n) = best_of(|| {
            black_box(ds.solve(black_box(&all), LAMBDA).expect("solvable"));
        });
        let (toggle_s, tn) = best_of(|| {
            black_box(ds.solve(black_box(fewer), LAMBDA).expect("solvable"));
        });
        let params = ds.solve(&all, LAMBDA).expect("solvable").parameters();
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            c.dim + 1,
            c.classes,
            params,
            c.rows,
            ms(add_s),
            ms(solve_s),
            n,
            ms(toggle_s),
            tn
        );
    }
}
