//! Physical memory: the kernel heap, DMA buffers, and uncached MMIO mappings.
//!
//! # Heap
//! Every `USABLE` region of the loader's memory map becomes one `talc` heap, addressed through the
//! higher-half direct map (HHDM), where physical `p` lives at virtual `p + hhdm`. Loader data
//! (page tables, the memory map, the boot stack) sits in bootloader-reclaimable memory, which the
//! heap never claims, so nothing the kernel still reads is handed out.
//!
//! # DMA buffers
//! A heap allocation never spans two heaps, each heap is one physically contiguous region, and the
//! HHDM maps it linearly, so a page-aligned heap allocation *is* a physically contiguous buffer
//! whose physical address is `virt - hhdm`. [`alloc_dma`] is therefore a thin wrapper over the
//! allocator, and DMA memory shows up in the same statistics as everything else. x86 DMA is
//! cache-coherent, so write-back mappings are correct for DMA buffers.
//!
//! # MMIO
//! Device registers must not be cached. [`map_mmio`] maps a physical range into a reserved
//! virtual window (its own PML4 slot) with PCD|PWT (uncached under the default PAT), whether or
//! not the loader's HHDM covers that range. Page-table pages come from the heap.

use core::alloc::Layout;
use core::ptr::NonNull;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use spin::Mutex;
use spinning_top::RawSpinlock;
use talc::source::Manual;
use talc::TalcLock;
use x86_64::registers::control::Cr3;
use x86_64::registers::model_specific::{Efer, EferFlags};
use x86_64::structures::paging::{
    FrameAllocator, Mapper, OffsetPageTable, Page, PageTable, PageTableFlags, PhysFrame, Size4KiB,
};
use x86_64::{PhysAddr, VirtAddr};

/// Size of a page and of the DMA allocation unit.
pub const PAGE_SIZE: usize = 4096;

/// Start of the virtual window for [`map_mmio`] and [`map_physical`]: PML4 slot 448, far from the
/// HHDM (slot 256 upward) and the kernel image (slot 511).
const MAP_WINDOW_BASE: u64 = 0xffff_e000_0000_0000;
/// Size of that window (one PML4 slot, 512 GiB).
const MAP_WINDOW_SIZE: u64 = 512 << 30;

#[global_allocator]
static HEAP: TalcLock<RawSpinlock, Manual> = TalcLock::new(Manual);

static HHDM: AtomicU64 = AtomicU64::new(0);
static TOTAL_BYTES: AtomicUsize = AtomicUsize::new(0);
/// Next free address in the mapping window.
static WINDOW_NEXT: Mutex<u64> = Mutex::new(MAP_WINDOW_BASE);

/// A physical address range from the loader's memory map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub base: u64,
    pub len: u64,
}

/// What went wrong in this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemError {
    /// [`init`] has not run (no HHDM offset known).
    NotInitialised,
    /// The heap has no free block of the requested size and alignment.
    OutOfMemory,
    /// A size of zero, or one that overflows.
    BadSize,
    /// The mapping window is exhausted.
    WindowFull,
    /// The page tables could not take the mapping (e.g. a huge page in the way).
    MapFailed,
}

impl core::fmt::Display for MemError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            MemError::NotInitialised => "memory not initialised",
            MemError::OutOfMemory => "out of memory",
            MemError::BadSize => "invalid size",
            MemError::WindowFull => "virtual mapping window exhausted",
            MemError::MapFailed => "page-table mapping failed",
        })
    }
}

/// Heap statistics for `mem` and the status bar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemStats {
    /// Usable RAM handed to the heap.
    pub total_bytes: usize,
    /// Bytes allocated, including allocator metadata and alignment padding.
    pub used_bytes: usize,
    /// Bytes still free for allocation.
    pub free_bytes: usize,
    /// Live allocations.
    pub allocations: usize,
    /// Number of memory-map regions making up the heap.
    pub regions: usize,
}

/// Builds the heap from the usable regions. `hhdm` is the direct-map offset. Regions are used as
/// given; call once. Returns the number of bytes claimed.
pub fn init(hhdm: u64, usable: impl Iterator<Item = Region>) -> usize {
    HHDM.store(hhdm, Ordering::Release);
    let mut talc = HEAP.lock();
    let mut total = 0usize;
    for r in usable {
        // Page 0 is usable RAM on some machines, but a heap pointer equal to the HHDM base would
        // turn physical address 0 into a valid-looking DMA address; start at the first page.
        let base = r.base.max(PAGE_SIZE as u64);
        let end = r.base.saturating_add(r.len);
        if end <= base + PAGE_SIZE as u64 {
            continue;
        }
        let len = (end - base) as usize;
        let virt = (hhdm + base) as *mut u8;
        // SAFETY: the loader reported [base, end) as usable RAM that nothing else owns, the HHDM
        // maps it at `virt`, and each region is claimed once.
        if unsafe { talc.claim(virt, len) }.is_some() {
            total += len;
        }
    }
    TOTAL_BYTES.store(total, Ordering::Release);
    total
}

/// Current heap statistics.
pub fn stats() -> MemStats {
    let talc = HEAP.lock();
    let c = talc.counters();
    MemStats {
        total_bytes: TOTAL_BYTES.load(Ordering::Acquire),
        used_bytes: c.claimed_bytes - c.available_bytes,
        free_bytes: c.available_bytes,
        allocations: c.allocation_count,
        regions: c.heap_count,
    }
}

/// The HHDM offset given to [`init`].
pub fn hhdm_offset() -> Option<u64> {
    match HHDM.load(Ordering::Acquire) {
        0 => None,
        h => Some(h),
    }
}

/// A physically contiguous, page-aligned, zeroed buffer for device DMA.
#[derive(Debug)]
pub struct DmaBuffer {
    virt: NonNull<u8>,
    phys: u64,
    pages: usize,
}

// SAFETY: the buffer is exclusively owned heap memory; moving the owner between contexts is fine.
unsafe impl Send for DmaBuffer {}

impl DmaBuffer {
    /// Kernel virtual address of the first byte.
    pub fn virt(&self) -> *mut u8 {
        self.virt.as_ptr()
    }
    /// Physical address of the first byte (page-aligned), for the device.
    pub fn phys(&self) -> u64 {
        self.phys
    }
    pub fn len(&self) -> usize {
        self.pages * PAGE_SIZE
    }
    fn layout(pages: usize) -> Result<Layout, MemError> {
        let size = pages.checked_mul(PAGE_SIZE).ok_or(MemError::BadSize)?;
        Layout::from_size_align(size, PAGE_SIZE).map_err(|_| MemError::BadSize)
    }
}

impl Drop for DmaBuffer {
    fn drop(&mut self) {
        if let Ok(layout) = Self::layout(self.pages) {
            // SAFETY: allocated by alloc_dma with exactly this layout, freed once (in drop).
            unsafe { alloc::alloc::dealloc(self.virt.as_ptr(), layout) };
        }
    }
}

/// Allocates `pages` zeroed, physically contiguous, page-aligned pages; freed on drop.
pub fn alloc_dma(pages: usize) -> Result<DmaBuffer, MemError> {
    let hhdm = hhdm_offset().ok_or(MemError::NotInitialised)?;
    if pages == 0 {
        return Err(MemError::BadSize);
    }
    let layout = DmaBuffer::layout(pages)?;
    // SAFETY: layout has a non-zero size.
    let ptr = unsafe { alloc::alloc::alloc_zeroed(layout) };
    let virt = NonNull::new(ptr).ok_or(MemError::OutOfMemory)?;
    Ok(DmaBuffer {
        virt,
        phys: ptr as u64 - hhdm,
        pages,
    })
}

/// Hands heap pages to the page-table code.
struct HeapFrames {
    hhdm: u64,
}

// SAFETY: each returned frame is a fresh, zeroed, page-aligned heap allocation that is never
// freed, so it is unused and stays owned by the page tables.
unsafe impl FrameAllocator<Size4KiB> for HeapFrames {
    fn allocate_frame(&mut self) -> Option<PhysFrame<Size4KiB>> {
        let layout = Layout::from_size_align(PAGE_SIZE, PAGE_SIZE).ok()?;
        // SAFETY: non-zero size.
        let p = unsafe { alloc::alloc::alloc_zeroed(layout) };
        if p.is_null() {
            return None;
        }
        PhysFrame::from_start_address(PhysAddr::new(p as u64 - self.hhdm)).ok()
    }
}

/// How a [`map_physical`] mapping is cached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caching {
    /// Normal RAM (firmware tables).
    WriteBack,
    /// Device registers: every access goes to the device, in order.
    Uncached,
}

/// Maps `len` bytes of physical memory at `phys` for device registers (uncached). The returned
/// pointer maps exactly `phys` (any sub-page offset is kept). Mappings are never removed.
pub fn map_mmio(phys: u64, len: usize) -> Result<*mut u8, MemError> {
    map_physical(phys, len, Caching::Uncached)
}

/// Maps `len` bytes of physical memory at `phys` into the kernel's mapping window.
pub fn map_physical(phys: u64, len: usize, caching: Caching) -> Result<*mut u8, MemError> {
    if len == 0 {
        return Err(MemError::BadSize);
    }
    let page_mask = PAGE_SIZE as u64 - 1;
    let first = phys & !page_mask;
    let end = phys.checked_add(len as u64).ok_or(MemError::BadSize)?;
    let pages = (end - first).div_ceil(PAGE_SIZE as u64);
    let virt_base = map_frames(first, pages, caching, 0)?;
    Ok((virt_base + (phys & page_mask)) as *mut u8)
}

/// Maps `pages` frames from `first_phys` at the next free window address, after leaving
/// `guard_pages` unmapped pages in front of them. Returns the virtual address of the first frame.
fn map_frames(
    first_phys: u64,
    pages: u64,
    caching: Caching,
    guard_pages: u64,
) -> Result<u64, MemError> {
    let hhdm = hhdm_offset().ok_or(MemError::NotInitialised)?;
    let mut flags = PageTableFlags::PRESENT | PageTableFlags::WRITABLE | PageTableFlags::GLOBAL;
    if Efer::read().contains(EferFlags::NO_EXECUTE_ENABLE) {
        flags |= PageTableFlags::NO_EXECUTE;
    }
    if caching == Caching::Uncached {
        flags |= PageTableFlags::NO_CACHE | PageTableFlags::WRITE_THROUGH;
    }

    let mut next = WINDOW_NEXT.lock();
    let virt_base = *next + guard_pages * PAGE_SIZE as u64;
    let end = pages
        .checked_mul(PAGE_SIZE as u64)
        .and_then(|span| virt_base.checked_add(span))
        .ok_or(MemError::BadSize)?;
    if end > MAP_WINDOW_BASE + MAP_WINDOW_SIZE {
        return Err(MemError::WindowFull);
    }
    // Reserve the range first: a failure below leaks it rather than leaving half-mapped pages
    // where the next caller would map.
    *next = end;

    let (pml4_frame, _) = Cr3::read();
    let pml4_virt = hhdm + pml4_frame.start_address().as_u64();
    // SAFETY: CR3 holds the active PML4, which the HHDM maps at pml4_virt; the mapping window's
    // page-table entries are only touched here, under WINDOW_NEXT's lock, and the loader's
    // entries outside the window are not modified.
    let mut mapper =
        unsafe { OffsetPageTable::new(&mut *(pml4_virt as *mut PageTable), VirtAddr::new(hhdm)) };
    let mut frames = HeapFrames { hhdm };
    for i in 0..pages {
        let page =
            Page::<Size4KiB>::containing_address(VirtAddr::new(virt_base + i * PAGE_SIZE as u64));
        let frame = PhysFrame::<Size4KiB>::containing_address(PhysAddr::new(
            first_phys + i * PAGE_SIZE as u64,
        ));
        // SAFETY: the page is in the window and was never mapped before (the bump pointer only
        // grows), and the caller asked for exactly this physical frame.
        let flush = unsafe { mapper.map_to(page, frame, flags, &mut frames) }
            .map_err(|_| MemError::MapFailed)?;
        flush.flush();
    }
    Ok(virt_base)
}

/// Most guarded stacks: the boot CPU's kernel stack and one per application processor.
const MAX_GUARDED_STACKS: usize = 65;

/// The guard page (its base address) below each guarded stack; 0 marks a free slot. Atomics,
/// not a lock: the panic path reads them on any CPU.
static STACK_GUARDS: [AtomicU64; MAX_GUARDED_STACKS] =
    [const { AtomicU64::new(0) }; MAX_GUARDED_STACKS];
static STACK_GUARDS_USED: AtomicUsize = AtomicUsize::new(0);

/// Whether `addr` lies in an unmapped guard page below a kernel stack: a fault there is a
/// stack overflow. Never blocks (the panic path calls it).
pub fn in_stack_guard(addr: u64) -> bool {
    STACK_GUARDS.iter().any(|g| {
        let lo = g.load(Ordering::Acquire);
        lo != 0 && (lo..lo + PAGE_SIZE as u64).contains(&addr)
    })
}

/// A fresh `bytes`-sized stack from the heap, mapped in the window with an unmapped guard page
/// below it, so an overflow faults instead of overwriting whatever lies below. Returns the
/// 16-byte-aligned top. Never freed.
pub fn alloc_guarded_stack(bytes: usize) -> Result<u64, MemError> {
    let pages = bytes.div_ceil(PAGE_SIZE).max(1);
    let layout =
        Layout::from_size_align(pages * PAGE_SIZE, PAGE_SIZE).map_err(|_| MemError::BadSize)?;
    let hhdm = hhdm_offset().ok_or(MemError::NotInitialised)?;
    let slot = STACK_GUARDS_USED.fetch_add(1, Ordering::AcqRel);
    if slot >= MAX_GUARDED_STACKS {
        return Err(MemError::WindowFull);
    }
    // SAFETY: non-zero size. Never freed: a CPU runs on it until power-off.
    let base = unsafe { alloc::alloc::alloc(layout) };
    if base.is_null() {
        return Err(MemError::OutOfMemory);
    }
    let virt = map_frames(base as u64 - hhdm, pages as u64, Caching::WriteBack, 1)?;
    STACK_GUARDS[slot].store(virt - PAGE_SIZE as u64, Ordering::Release);
    Ok(virt + (pages * PAGE_SIZE) as u64)
}

/// Moves execution onto a fresh guarded stack ([`alloc_guarded_stack`]) and calls `f` there.
/// The loader's stack has no guard page, so an overflow on it silently overwrites whatever lies
/// below; on this one it faults, and the double-fault handler (on its own IST stack) reports
/// it. Returns only if the switch failed.
pub fn run_on_guarded_stack(bytes: usize, f: extern "C" fn() -> !) -> MemError {
    let top = match alloc_guarded_stack(bytes) {
        Ok(top) => top,
        Err(e) => return e,
    };
    // SAFETY: `top` is the 16-byte-aligned end of a mapped, writable, otherwise unused stack;
    // `f` never returns, so nothing ever runs on the old stack again. A zero return address and
    // frame pointer end any backtrace here.
    unsafe {
        core::arch::asm!(
            "mov rsp, {top}",
            "xor ebp, ebp",
            "push 0",
            "jmp {f}",
            top = in(reg) top,
            f = in(reg) f,
            options(noreturn)
        )
    }
}
