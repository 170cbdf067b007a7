//! A global allocator for host tests of out-of-memory paths: every
//! allocation larger than the limit is refused (null, which `GlobalAlloc`
//! allows and `try_reserve` reports), everything else goes to the system
//! allocator. A test binary installs it with
//! `#[global_allocator] static A: alloc_limit::Limited = alloc_limit::Limited;`
//! and calls [`set`] around the code that must fail.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Largest single allocation that succeeds; `usize::MAX` while no test asks for a failure.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Sets the largest single allocation that succeeds (`usize::MAX`: no limit).
pub fn set(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The allocator; see the crate docs.
pub struct Limited;

// SAFETY: every call the limit lets through is forwarded unchanged to the system allocator;
// a refused one returns null, which `GlobalAlloc` allows.
unsafe impl GlobalAlloc for Limited {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LIMIT.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout contract is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` or `realloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        if new > LIMIT.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new) }
    }
}
