//! The loader's heap: a bump allocator over one block of the memory map.
//!
//! What the loader allocates (the configuration text, ELF program headers,
//! the request list, the page-table plan) is small and lives until the
//! hand-off, so nothing is ever freed except the most recent allocation;
//! the block is bootloader-reclaimable memory for the kernel afterwards.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::Cell;

pub struct Bump {
    next: Cell<usize>,
    end: Cell<usize>,
}

// SAFETY: the loader runs on one CPU with interrupts off in long mode, so
// the cells are never touched concurrently.
unsafe impl Sync for Bump {}

#[global_allocator]
static HEAP: Bump = Bump {
    next: Cell::new(0),
    end: Cell::new(0),
};

/// Hands `[start, start + len)` (identity-mapped, the loader's alone) to
/// the allocator. Before this, every allocation fails.
pub fn init(start: u64, len: u64) {
    HEAP.next.set(start as usize);
    HEAP.end.set((start + len) as usize);
}

// SAFETY: every block handed out lies inside the region given to `init`,
// is aligned as asked, and blocks never overlap (the bump pointer only
// moves back over the block just freed when it is the last one).
unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let at = self.next.get().next_multiple_of(layout.align());
        match at.checked_add(layout.size()) {
            Some(end) if end <= self.end.get() => {
                self.next.set(end);
                at as *mut u8
            }
            _ => core::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if ptr as usize + layout.size() == self.next.get() {
            self.next.set(ptr as usize);
        }
    }
}
