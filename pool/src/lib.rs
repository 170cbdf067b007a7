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
//! No locks. Each worker has a mailbox of its own cache line holding one state word: the caller
//! stores a pointer to the job and marks the mailbox *posted*; the worker, polling it, claims
//! the job with a compare-exchange (*running*), runs it and marks the mailbox *idle* again.
//! Chunks are claimed with one `fetch_add` on a counter on the caller's stack. When the caller
//! has run out of chunks it revokes every job still only posted (the same compare-exchange, so
//! exactly one side wins) and waits only for workers that are running: a worker that was late
//! (a descheduled host thread, a vCPU the hypervisor did not run) never delays a fork, it just
//! does no part of it. A pool has one caller at a time: a second
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

/// Polls of an unfinished worker before a std caller yields its time slice to it.
#[cfg(any(test, feature = "std"))]
const SPINS_BEFORE_YIELD: u32 = 1 << 10;

/// One fork's job as the workers see it: run the loop as participant `p`. It lives on the
/// caller's stack, which outlives every use because the caller joins before it returns.
struct Task<'a> {
    /// Runs participant `p`'s share; returns how many chunks it ran.
    body: &'a (dyn Fn(usize) -> usize + Sync),
}

/// A mailbox's state word: the fork's generation times four, plus the phase.
const IDLE: u64 = 0;
const POSTED: u64 = 1;
const RUNNING: u64 = 2;
const PHASE: u64 = 3;

const fn state(generation: u64, phase: u64) -> u64 {
    generation << 2 | phase
}

/// One worker's mailbox, alone on its cache lines (128 bytes: adjacent-line prefetch pairs them).
#[repr(align(128))]
struct Mailbox {
    /// `state(generation, IDLE | POSTED | RUNNING)`. The caller moves IDLE to POSTED and may
    /// revoke POSTED back to IDLE; the worker moves POSTED to RUNNING and RUNNING to IDLE.
    state: AtomicU64,
    /// The posted job: a `*const Task`, valid while the state is POSTED or RUNNING.
    task: AtomicPtr<()>,
    /// Chunks this worker ran, ever (only it writes; [`Pool::chunks_by_workers`] reads).
    chunks: AtomicU64,
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
            state: AtomicU64::new(state(0, IDLE)),
            task: AtomicPtr::new(core::ptr::null_mut()),
            chunks: AtomicU64::new(0),
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
    /// Chunks of every fork posted to workers (only the busy holder writes it).
    chunks_forked: AtomicU64,
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
            chunks_forked: AtomicU64::new(0),
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

    /// Chunks the workers (not the callers) have run since the pool was made: how a test or a
    /// benchmark sees that the other cores took part.
    pub fn chunks_by_workers(&self) -> u64 {
        self.mail[..self.workers()]
            .iter()
            .map(|m| m.chunks.load(Ordering::Relaxed))
            .sum()
    }

    /// Chunks of all forks that were posted to workers, whoever ran them: with
    /// [`Pool::chunks_by_workers`], the share of the work the other cores did.
    pub fn chunks_forked(&self) -> u64 {
        self.chunks_forked.load(Ordering::Relaxed)
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
        // A job may already be posted (the slot became visible before this loop started).
        #[cfg(any(test, feature = "std"))]
        let mut spins = 0u32;
        loop {
            let now = m.state.load(Ordering::Relaxed);
            if now & PHASE == POSTED {
                let generation = now >> 2;
                let claimed = m
                    .state
                    .compare_exchange(
                        now,
                        state(generation, RUNNING),
                        Ordering::Acquire,
                        Ordering::Relaxed,
                    )
                    .is_ok();
                if claimed {
                    let task = m.task.load(Ordering::Relaxed) as *const Task<'_>;
                    // SAFETY: the caller stored a pointer to a live `Task` before publishing
                    // POSTED (Release; the claim above is Acquire), and it does not return,
                    // so the task stays alive, until it has seen this mailbox IDLE again,
                    // which is stored only below, after the last use.
                    let body = unsafe { (*task).body };
                    let ran = run_part(m, body, k + 1);
                    m.chunks.fetch_add(ran as u64, Ordering::Relaxed);
                    m.state.store(state(generation, IDLE), Ordering::Release);
                }
                // Not claimed: the caller revoked it; nothing to do.
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
                    if m.state.load(Ordering::SeqCst) & PHASE != POSTED
                        && !self.stop.load(Ordering::SeqCst)
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
        let body = |p: usize| {
            let mut ran = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= chunks {
                    break ran;
                }
                let start = i * grain;
                f(start..(start + grain).min(n), p);
                ran += 1;
            }
        };
        // Never more workers than chunks beyond the caller's first.
        let workers = self
            .workers()
            .min(width.saturating_sub(1))
            .min(chunks.saturating_sub(1));
        if workers == 0 {
            body(0);
            return;
        }
        match Busy::take(self) {
            Some(_busy) => {
                self.chunks_forked
                    .fetch_add(chunks as u64, Ordering::Relaxed);
                self.fork_join(workers, &body)
            }
            None => {
                body(0);
            }
        }
    }

    /// Posts `body` to the first `workers` mailboxes, runs it as participant 0, and waits for
    /// them. The caller holds `busy`.
    fn fork_join(&self, workers: usize, body: &(dyn Fn(usize) -> usize + Sync)) {
        let task = Task { body };
        let generation = self.generation.load(Ordering::Relaxed) + 1;
        self.generation.store(generation, Ordering::Relaxed);
        let ptr = &task as *const Task<'_> as *mut ();
        for m in &self.mail[..workers] {
            m.panicked.store(false, Ordering::Relaxed);
            m.task.store(ptr, Ordering::Relaxed);
            // Release publishes the task pointer; SeqCst pairs with a parking worker's
            // `sleeping` store (see `serve`). The mailbox is IDLE: the last fork joined it.
            m.state.store(state(generation, POSTED), Ordering::SeqCst);
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
fn run_part(m: &Mailbox, body: &(dyn Fn(usize) -> usize + Sync), p: usize) -> usize {
    #[cfg(any(test, feature = "std"))]
    {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(p))).unwrap_or_else(|_| {
            m.panicked.store(true, Ordering::Relaxed);
            0
        })
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

/// Revokes every job of `generation` no worker has claimed and waits for the claimed ones.
struct Join<'p> {
    mail: &'p [Mailbox],
    generation: u64,
}

impl Drop for Join<'_> {
    fn drop(&mut self) {
        let (posted, idle) = (state(self.generation, POSTED), state(self.generation, IDLE));
        for m in self.mail {
            // Acquire on both outcomes: a revoked job was never touched; a finished one's
            // writes must be visible to the caller.
            if let Err(mut now) =
                m.state
                    .compare_exchange(posted, idle, Ordering::Acquire, Ordering::Acquire)
            {
                #[cfg(any(test, feature = "std"))]
                let mut spins = 0u32;
                while now != idle {
                    // A host with more threads than cores may have descheduled the worker: give
                    // it the core instead of spinning out the time slice.
                    #[cfg(any(test, feature = "std"))]
                    {
                        spins = spins.saturating_add(1);
                        if spins >= SPINS_BEFORE_YIELD {
                            std::thread::yield_now();
                        }
                    }
                    core::hint::spin_loop();
                    now = m.state.load(Ordering::Acquire);
                }
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
