use super::*;
use std::sync::atomic::AtomicU32;
use std::sync::Mutex;

/// Every index of `0..n` is visited exactly once, for pools of 0..=3 workers.
#[test]
fn every_index_runs_exactly_once() {
    for workers in 0..=3 {
        let tp = ThreadPool::new(workers);
        for (n, grain) in [(0, 1), (1, 1), (7, 3), (64, 4), (1000, 7), (5, 100)] {
            let hits: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
            tp.for_each_chunk(n, grain, |r, p| {
                assert!(p < tp.width(), "participant {p} of {}", tp.width());
                for i in r {
                    hits[i].fetch_add(1, Ordering::Relaxed);
                }
            });
            assert!(
                hits.iter().all(|h| h.load(Ordering::Relaxed) == 1),
                "n {n} grain {grain} workers {workers}"
            );
        }
    }
}

/// The chunks are the same whoever runs them: they depend on `n` and `grain` only.
#[test]
fn chunk_bounds_do_not_depend_on_the_worker_count() {
    let chunks_with = |workers: usize| {
        let tp = ThreadPool::new(workers);
        let seen = Mutex::new(Vec::new());
        tp.for_each_chunk(103, 8, |r, _| seen.lock().unwrap().push(r));
        let mut v = seen.into_inner().unwrap();
        v.sort_by_key(|r| r.start);
        v
    };
    let one = chunks_with(0);
    assert_eq!(one.len(), 13);
    assert_eq!(one.last(), Some(&(96..103)));
    for workers in 1..=3 {
        assert_eq!(chunks_with(workers), one, "{workers} workers");
    }
}

/// With a worker and two chunks, both participants run at once: whoever takes the first
/// chunk waits there until the other chunk has been taken by someone else, which only a
/// second participant can do. (It would hang, not fail, if the worker never ran.)
#[test]
fn workers_take_part() {
    let tp = ThreadPool::new(1);
    for _ in 0..20 {
        let started = AtomicU32::new(0);
        let who = Mutex::new(Vec::new());
        tp.for_each_chunk(2, 1, |_, p| {
            started.fetch_add(1, Ordering::SeqCst);
            who.lock().unwrap().push(p);
            while started.load(Ordering::SeqCst) < 2 {
                std::hint::spin_loop();
            }
        });
        let mut who = who.into_inner().unwrap();
        who.sort();
        assert_eq!(who, [0, 1]);
    }
    assert_eq!(tp.chunks_by_workers(), 20);
}

/// `for_each_chunk_on` keeps participant indices below the width asked for.
#[test]
fn width_limits_the_participants() {
    let tp = ThreadPool::new(3);
    let max = AtomicUsize::new(0);
    tp.for_each_chunk_on(2, 400, 1, |_, p| {
        max.fetch_max(p, Ordering::Relaxed);
    });
    assert!(max.load(Ordering::Relaxed) < 2);
    tp.for_each_chunk_on(1, 400, 1, |_, p| assert_eq!(p, 0));
}

/// A job that forks again finds the pool busy and runs the inner loop itself, correctly.
#[test]
fn a_nested_fork_runs_on_its_caller() {
    let tp = ThreadPool::new(2);
    let total = AtomicUsize::new(0);
    tp.for_each_chunk(8, 1, |outer, _| {
        tp.for_each_chunk(10, 3, |inner, _| {
            total.fetch_add(outer.len() * inner.len(), Ordering::Relaxed);
        });
    });
    assert_eq!(total.load(Ordering::Relaxed), 80);
}

/// Two threads forking on one pool at once both get complete, correct loops.
#[test]
fn concurrent_callers_are_both_served() {
    let tp = ThreadPool::new(2);
    std::thread::scope(|s| {
        for seed in 0..2u64 {
            let tp = &tp;
            s.spawn(move || {
                for round in 0..200u64 {
                    let n = 50 + (round as usize % 13);
                    let out: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
                    tp.for_each_chunk(n, 4, |r, _| {
                        for i in r {
                            out[i].store(seed * 1000 + i as u64, Ordering::Relaxed);
                        }
                    });
                    for (i, v) in out.iter().enumerate() {
                        assert_eq!(v.load(Ordering::Relaxed), seed * 1000 + i as u64);
                    }
                }
            });
        }
    });
}

/// A panic in a worker's part reaches the caller as a panic, and the pool keeps working.
#[test]
fn a_worker_panic_reaches_the_caller() {
    let tp = ThreadPool::new(1);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let started = AtomicU32::new(0);
        tp.for_each_chunk(2, 1, |_, p| {
            started.fetch_add(1, Ordering::SeqCst);
            while started.load(Ordering::SeqCst) < 2 {
                std::hint::spin_loop();
            }
            if p == 1 {
                panic!("deliberate");
            }
        });
    }));
    let msg = r.expect_err("the fork must panic");
    assert_eq!(msg.downcast_ref::<&str>(), Some(&"a pool worker panicked"));
    let hits = AtomicUsize::new(0);
    tp.for_each_chunk(100, 1, |r, _| {
        hits.fetch_add(r.len(), Ordering::Relaxed);
    });
    assert_eq!(hits.load(Ordering::Relaxed), 100);
}

/// Workers that parked are woken by the next fork (a missed wake-up would hang here).
#[test]
fn parked_workers_wake_for_the_next_fork() {
    let tp = ThreadPool::new(2);
    for _ in 0..5 {
        while !tp.mail[..2]
            .iter()
            .all(|m| m.sleeping.load(Ordering::SeqCst))
        {
            std::thread::yield_now();
        }
        let started = AtomicU32::new(0);
        tp.for_each_chunk(3, 1, |_, _| {
            started.fetch_add(1, Ordering::SeqCst);
            while started.load(Ordering::SeqCst) < 3 {
                std::hint::spin_loop();
            }
        });
    }
}

#[test]
fn the_serial_pool_takes_no_worker() {
    assert_eq!(serial().serve(), Err(PoolFull));
    assert_eq!(serial().width(), 1);
    let tp = ThreadPool::new(1);
    assert_eq!(
        tp.serve(),
        Err(PoolFull),
        "a full pool refuses more workers"
    );
}

#[test]
fn the_global_pool_is_serial_until_set() {
    assert_eq!(global().width(), 1);
    let tp: &'static ThreadPool = Box::leak(Box::new(ThreadPool::new(2)));
    set_global(tp.pool());
    assert_eq!(global().width(), 3);
}

#[test]
fn disjoint_writes_land_and_bounds_are_checked() {
    let mut v = vec![0u32; 10];
    let d = Disjoint::new(&mut v);
    let tp = ThreadPool::new(2);
    tp.for_each_chunk(10, 3, |r, _| {
        // SAFETY: chunks are disjoint.
        let s = unsafe { d.slice(r.clone()) };
        for (x, i) in s.iter_mut().zip(r) {
            *x = i as u32 * 2;
        }
    });
    assert_eq!(d.len(), 10);
    // SAFETY: no fork is running.
    unsafe { d.write(9, 7) };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: as above; the call must panic before touching memory.
        unsafe { d.slice(8..11) };
    }));
    assert!(r.is_err());
    assert_eq!(v, [0, 2, 4, 6, 8, 10, 12, 14, 16, 7]);
}
