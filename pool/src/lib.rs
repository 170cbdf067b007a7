#![cfg_attr(not(any(test, feature = "std")), no_std)]
//! A fork-join pool over a fixed set of cores.
//!
//! [`Pool::for_each_chunk`]`(n, grain, f)` cuts `0..n` into the chunks `[i·grain, (i+1)·grain)`
//! and has every participating core, the caller included, take chunks from a shared counter
//! until none are left; it returns when all of them are done. The caller is participant 0, the
//! workers 1, 2, …; `f` gets the chunk and its participant's index, for per-core scratch space.
//!
//! # Who supplies the cores
//! The pool is the mailboxes and the protocol; the platform supplies the cores. A core becomes a
//! worker by calling [`Pool::serve`], which waits for work and runs it. In the kernel every
//! application processor calls it once it is up and never returns from it; on the host
//! ([`ThreadPool`], feature `std`) std threads do the same, which is how the tests and
//! benchmarks run the kernel's design.
//!
//! # The hot path
//! No locks. Each worker has a mailbox of its own cache line: the caller stores a pointer to the
//! job and bumps the mailbox's generation (`posted`); the worker, polling `posted`, runs the job
//! and copies the generation to `done`; the caller polls every `done`. Chunks are claimed with
//! one `fetch_add` on a counter on the caller's stack. A pool has one caller at a time: a second
//! caller (another host thread, or a job calling the pool from inside) finds it busy and runs
//! its whole loop itself, which gives the same results, since results never depend on who runs
//! a chunk.
//!
//! # Determinism
//! A chunk's bounds depend only on `n` and `grain`, never on the number of cores or on which core
//! claims it, so a caller that computes each output element inside one chunk with the same
//! arithmetic as a one-core loop gets the one-core result bit for bit. The pool only decides
//! where each chunk runs; the reduction order inside a chunk is the caller's.
//!
//! # Idle workers
//! In `no_std` builds an idle worker spins (`pause`): the kernel never enables interrupts, so
//! there is nothing to sleep on. With `std` a worker that found nothing for a while parks its
//! thread, and the caller unparks it when it posts work (a flag in the mailbox, ordered so that
//! a post never misses a sleeper).

use core::ops::Range;
use core::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};

mod disjoint;
pub use disjoint::Disjoint;

#[cfg(any(test, feature = "std"))]
mod threads;
#[cfg(any(test, feature = "std"))]
pub use threads::ThreadPool;

#[cfg(test)]
mod tests;

/// Most workers one pool can have (besides the caller): 64 participants.
pub const MAX_WORKERS: usize = 63;

/// Polls of an empty mailbox before a std worker may park (about a millisecond of spinning:
/// longer than the gap between two products of one forward pass).
#[cfg(any(test, feature = "std"))]
const SPINS_BEFORE_PARK: u32 = 1 << 15;

/// One fork's job as the workers see it: run the loop as participant `p`. It lives on the
/// caller's stack, which outlives every use because the caller joins before it returns.
struct Task<'a> {
    body: &'a (dyn Fn(usize) + Sync),
}

/// One worker's mailbox, alone on its cache lines (128 bytes: adjacent-line prefetch pairs them).
#[repr(align(128))]
struct Mailbox {
    /// Generation of the last job posted here (written by the caller).
    posted: AtomicU64,
    /// Generation of the last job this worker finished (written by the worker).
    done: AtomicU64,
    /// The posted job: a `*const Task`, valid while `posted != done`.
    task: AtomicPtr<()>,
    /// Set by a std worker about to park; the caller then unparks it.
    #[cfg(any(test, feature = "std"))]
    sleeping: AtomicBool,
    /// Set when the worker's part of the job panicked (std: caught and reported by the caller).
    panicked: AtomicBool,
    #[cfg(any(test, feature = "std"))]
    thread: std::sync::OnceLock<std::thread::Thread>,
}

impl Mailbox {
    const fn new() -> Self {
        Self {
            posted: AtomicU64::new(0),
            done: AtomicU64::new(0),
            task: AtomicPtr::new(core::ptr::null_mut()),
            #[cfg(any(test, feature = "std"))]
            sleeping: AtomicBool::new(false),
            panicked: AtomicBool::new(false),
            #[cfg(any(test, feature = "std"))]
            thread: std::sync::OnceLock::new(),
        }
    }
}

/// A fork-join pool: the caller plus the workers that called [`Pool::serve`].
pub struct Pool {
    mail: [Mailbox; MAX_WORKERS],
    /// Workers at most (a pool that must stay serial has 0).
    capacity: usize,
    /// Workers serving; they take slots 0, 1, … in the order they arrive.
    online: AtomicUsize,
    /// Held by the one caller a fork may have at a time.
    busy: AtomicBool,
    /// Generation of the last fork (only the busy holder writes it).
    generation: AtomicU64,
    /// Ends every `serve` loop (host pools only; the kernel's never stops).
    stop: AtomicBool,
}

/// [`Pool::serve`] was called on a pool with no free worker slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolFull;

impl core::fmt::Display for PoolFull {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the pool has no free worker slot")
    }
}

impl Default for Pool {
    fn default() -> Self {
        Self::new()
    }
}

impl Pool {
    /// A pool that takes up to [`MAX_WORKERS`] workers (none yet: it runs everything on the
    /// caller until one serves).
    pub const fn new() -> Self {
        Self::with_capacity(MAX_WORKERS)
    }

    /// A pool that takes at most `workers` workers (capped at [`MAX_WORKERS`]).
    pub const fn with_capacity(workers: usize) -> Self {
        Self {
            mail: [const { Mailbox::new() }; MAX_WORKERS],
            capacity: if workers < MAX_WORKERS {
                workers
            } else {
                MAX_WORKERS
            },
            online: AtomicUsize::new(0),
            busy: AtomicBool::new(false),
            generation: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Workers serving now.
    pub fn workers(&self) -> usize {
        self.online.load(Ordering::Acquire)
    }

    /// Participants a fork gets now: the caller and every worker. Participant indices passed
    /// to a job are below the width read before the fork (workers only ever join).
    pub fn width(&self) -> usize {
        1 + self.workers()
    }

    /// Makes the calling core a worker: waits for jobs and runs them, until [`Pool::stop`]
    /// (never, in the kernel). Fails at once if every slot is taken.
    pub fn serve(&self) -> Result<(), PoolFull> {
        let k = self
            .online
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.capacity).then_some(n + 1)
            })
            .map_err(|_| PoolFull)?;
        let m = &self.mail[k];
        #[cfg(any(test, feature = "std"))]
        let _ = m.thread.set(std::thread::current());
        // A job may already be posted (the slot became visible before this loop started):
        // everything not yet done is run.
        let mut done = m.done.load(Ordering::Relaxed);
        #[cfg(any(test, feature = "std"))]
        let mut spins = 0u32;
        loop {
            let posted = m.posted.load(Ordering::Acquire);
            if posted != done {
                let task = m.task.load(Ordering::Relaxed) as *const Task<'_>;
                // SAFETY: the caller stored a pointer to a live `Task` before publishing
                // `posted` (Release, read above with Acquire) and does not return, so the task
                // stays alive, until it has seen `done == posted`, which is stored only below.
                let body = unsafe { (*task).body };
                run_part(m, body, k + 1);
                m.done.store(posted, Ordering::Release);
                done = posted;
                #[cfg(any(test, feature = "std"))]
                {
                    spins = 0;
                }
                continue;
            }
            if self.stop.load(Ordering::Acquire) {
                return Ok(());
            }
            #[cfg(any(test, feature = "std"))]
            {
                spins = spins.saturating_add(1);
                if spins >= SPINS_BEFORE_PARK {
                    // Dekker-style with the caller's post: either this load sees the new
                    // generation, or the caller's load of `sleeping` sees true and unparks.
                    m.sleeping.store(true, Ordering::SeqCst);
                    if m.posted.load(Ordering::SeqCst) == done && !self.stop.load(Ordering::SeqCst)
                    {
                        std::thread::park();
                    }
                    m.sleeping.store(false, Ordering::Relaxed);
                    continue;
                }
            }
            core::hint::spin_loop();
        }
    }

    /// Ends every [`Pool::serve`] loop once its worker is idle (host pools being dropped).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        #[cfg(any(test, feature = "std"))]
        for m in &self.mail[..self.workers()] {
            if let Some(t) = m.thread.get() {
                t.unpark();
            }
        }
    }

    /// Runs `f(chunk, p)` for every chunk `[i·grain, min(n, (i+1)·grain))` of `0..n`, spread
    /// over all participants; `p` is the participant (0 is the caller) and is below
    /// [`Pool::width`] as read before the call. Returns when every chunk is done.
    pub fn for_each_chunk<F>(&self, n: usize, grain: usize, f: F)
    where
        F: Fn(Range<usize>, usize) + Sync,
    {
        self.for_each_chunk_on(usize::MAX, n, grain, f)
    }

    /// [`Pool::for_each_chunk`] on at most `width` participants, so `p < width` (a caller
    /// sized per-participant scratch for `width`).
    pub fn for_each_chunk_on<F>(&self, width: usize, n: usize, grain: usize, f: F)
    where
        F: Fn(Range<usize>, usize) + Sync,
    {
        let grain = grain.max(1);
        let chunks = n.div_ceil(grain);
        let next = AtomicUsize::new(0);
        let body = |p: usize| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= chunks {
                break;
            }
            let start = i * grain;
            f(start..(start + grain).min(n), p);
        };
        // Never more workers than chunks beyond the caller's first.
        let workers = self
            .workers()
            .min(width.saturating_sub(1))
            .min(chunks.saturating_sub(1));
        if workers == 0 {
            return body(0);
        }
        match Busy::take(self) {
            Some(_busy) => self.fork_join(workers, &body),
            None => body(0),
        }
    }

    /// Posts `body` to the first `workers` mailboxes, runs it as participant 0, and waits for
    /// them. The caller holds `busy`.
    fn fork_join(&self, workers: usize, body: &(dyn Fn(usize) + Sync)) {
        let task = Task { body };
        let generation = self.generation.load(Ordering::Relaxed) + 1;
        self.generation.store(generation, Ordering::Relaxed);
        let ptr = &task as *const Task<'_> as *mut ();
        for m in &self.mail[..workers] {
            m.panicked.store(false, Ordering::Relaxed);
            m.task.store(ptr, Ordering::Relaxed);
            // Release publishes the task pointer; SeqCst pairs with a parking worker's
            // `sleeping` store (see `serve`).
            m.posted.store(generation, Ordering::SeqCst);
            #[cfg(any(test, feature = "std"))]
            if m.sleeping.load(Ordering::SeqCst) {
                if let Some(t) = m.thread.get() {
                    t.unpark();
                }
            }
        }
        // Joined on every exit, including a panic of the caller's own part (host): the workers
        // read `task` and the caller's stack until they report done.
        let join = Join {
            mail: &self.mail[..workers],
            generation,
        };
        body(0);
        drop(join);
        if self.mail[..workers]
            .iter()
            .any(|m| m.panicked.swap(false, Ordering::Relaxed))
        {
            panic!("a pool worker panicked");
        }
    }
}

/// Runs one worker's part; with std a panic is caught, recorded for the caller, and the worker
/// lives on.
fn run_part(m: &Mailbox, body: &(dyn Fn(usize) + Sync), p: usize) {
    #[cfg(any(test, feature = "std"))]
    {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(p)));
        if r.is_err() {
            m.panicked.store(true, Ordering::Relaxed);
        }
    }
    #[cfg(not(any(test, feature = "std")))]
    {
        let _ = m;
        body(p)
    }
}

/// The busy flag, held for one fork and released on every exit.
struct Busy<'p>(&'p Pool);

impl<'p> Busy<'p> {
    fn take(pool: &'p Pool) -> Option<Self> {
        pool.busy
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .ok()
            .map(|_| Busy(pool))
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.busy.store(false, Ordering::Release);
    }
}

/// Waits until every posted worker has finished `generation`.
struct Join<'p> {
    mail: &'p [Mailbox],
    generation: u64,
}

impl Drop for Join<'_> {
    fn drop(&mut self) {
        for m in self.mail {
            while m.done.load(Ordering::Acquire) != self.generation {
                core::hint::spin_loop();
            }
        }
    }
}

/// Serves nothing: every fork runs on its caller. What [`global`] is until a platform installs
/// its pool, and what "one core" means to a benchmark.
static SERIAL: Pool = Pool::with_capacity(0);
static GLOBAL: AtomicPtr<Pool> = AtomicPtr::new(core::ptr::null_mut());

/// A pool that always runs on the caller alone.
pub fn serial() -> &'static Pool {
    &SERIAL
}

/// The pool the platform installed with [`set_global`] ([`serial`] until then): the kernel's
/// pool of application processors, or a host tool's threads.
pub fn global() -> &'static Pool {
    let p = GLOBAL.load(Ordering::Acquire);
    if p.is_null() {
        &SERIAL
    } else {
        // SAFETY: only `set_global` stores here, and only `&'static Pool` references.
        unsafe { &*p }
    }
}

/// Installs the pool [`global`] returns.
pub fn set_global(pool: &'static Pool) {
    GLOBAL.store(pool as *const Pool as *mut Pool, Ordering::Release);
}
