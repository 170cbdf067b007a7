//! What one fork-join costs on std threads: an empty fork, and a fork over 4096 chunks of a
//! little work, for 0..=N workers (`cargo bench -p pool --features std -- [workers]`).
//! Wall time, best of many: the cost of waking and joining, not throughput.

use pool::ThreadPool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

fn best_ns(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..reps {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_nanos() as f64);
    }
    best
}

fn main() {
    let max: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1);
    for workers in 0..=max {
        let tp = ThreadPool::new(workers);
        let sink = AtomicU64::new(0);
        let empty = best_ns(2000, || tp.for_each_chunk(workers + 1, 1, |_, _| {}));
        let work = best_ns(50, || {
            tp.for_each_chunk(4096, 64, |r, _| {
                let mut acc = 0u64;
                for i in r {
                    for j in 0..256u64 {
                        acc = acc.wrapping_mul(31).wrapping_add(i as u64 ^ j);
                    }
                }
                sink.fetch_add(acc, Ordering::Relaxed);
            })
        });
        println!(
            "workers {workers}: empty fork {:.1} us, 4096 x 256 steps {:.1} us",
            empty / 1e3,
            work / 1e3
        );
    }
}
