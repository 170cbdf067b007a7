//! The pool on std threads: how the host runs the kernel's design (tests, benchmarks).

use std::sync::Arc;
use std::thread::JoinHandle;

use crate::{Pool, PoolFull, MAX_WORKERS};

/// A [`Pool`] with `workers` std threads serving it; the creating thread is participant 0.
/// Dropping it stops and joins the threads.
pub struct ThreadPool {
    pool: Arc<Pool>,
    threads: Vec<JoinHandle<Result<(), PoolFull>>>,
}

impl ThreadPool {
    /// Starts `workers` threads (at most [`MAX_WORKERS`]) and returns once all of them serve.
    pub fn new(workers: usize) -> Self {
        let workers = workers.min(MAX_WORKERS);
        let pool = Arc::new(Pool::with_capacity(workers));
        let threads = (0..workers)
            .map(|i| {
                let pool = Arc::clone(&pool);
                std::thread::Builder::new()
                    .name(format!("pool-{}", i + 1))
                    .spawn(move || pool.serve())
                    .expect("spawn a pool thread")
            })
            .collect();
        while pool.workers() < workers {
            std::thread::yield_now();
        }
        Self { pool, threads }
    }

    /// The pool the threads serve.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// The worker threads, e.g. to read their CPU clocks.
    pub fn threads(&self) -> impl Iterator<Item = &JoinHandle<Result<(), PoolFull>>> {
        self.threads.iter()
    }
}

impl core::ops::Deref for ThreadPool {
    type Target = Pool;
    fn deref(&self) -> &Pool {
        &self.pool
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.pool.stop();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}
