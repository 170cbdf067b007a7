//! BIOS memory map (INT 15h E820h) -> Limine memory map, and the physical
//! page allocator the BIOS loader works from.
//!
//! E820 lists come unsorted, may overlap, may mark pieces of one range
//! twice with different types and use byte (not page) granularity.
//! [`sanitize`] turns them into sorted, disjoint, merged [`Region`]s where
//! an overlap takes the more restrictive type (bad > reserved > ACPI NVS >
//! ACPI reclaimable > usable), usable memory is shrunk to whole pages and
//! page 0 is never usable. [`PhysAlloc`] hands out page-aligned blocks of
//! that usable memory between 1 MiB and 4 GiB (the loader's identity map),
//! and [`final_map`] lays its allocations and the loader's own low memory
//! over the regions to give the kernel's map.
//!
//! Everything works on caller-provided slices: the loader's heap is itself
//! carved from the map, so none of this may allocate.

use limine::memory_map::{Entry, EntryType};

use crate::memmap::{type_code, MemMapError, Writer};
use crate::{align_down, align_up, PAGE_SIZE};

/// E820 address-range types (ACPI 6.5, table 15.4). Anything else is
/// reserved.
pub mod types {
    pub const USABLE: u32 = 1;
    pub const RESERVED: u32 = 2;
    pub const ACPI_RECLAIMABLE: u32 = 3;
    pub const ACPI_NVS: u32 = 4;
    pub const BAD_MEMORY: u32 = 5;
}

/// ACPI 3.0 extended attributes: bit 0 clear means "ignore this entry".
pub const ATTR_ENABLED: u32 = 1 << 0;
/// ACPI 3.0 extended attributes: non-volatile memory is not RAM to use.
pub const ATTR_NON_VOLATILE: u32 = 1 << 1;

/// The first MiB stays with the BIOS and the loader; allocations start here.
pub const ALLOC_FLOOR: u64 = 0x10_0000;
/// The loader's identity map ends here, so allocations do too.
pub const ALLOC_CEILING: u64 = 0x1_0000_0000;

/// One entry as the BIOS returned it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct E820Entry {
    pub base: u64,
    pub length: u64,
    pub ty: u32,
    /// Extended attributes; [`ATTR_ENABLED`] when the BIOS returned only
    /// the 20-byte form.
    pub attributes: u32,
}

/// A range `[start, end)` of one Limine type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub start: u64,
    pub end: u64,
    pub ty: EntryType,
}

impl core::fmt::Debug for Region {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The limine crate's type has no Debug; print the protocol's number.
        write!(
            f,
            "{:#x}..{:#x} type {}",
            self.start,
            self.end,
            type_code(self.ty)
        )
    }
}

impl Region {
    /// A placeholder for pre-sized buffers.
    pub const EMPTY: Region = Region {
        start: 0,
        end: 0,
        ty: EntryType::RESERVED,
    };

    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// The Limine type of an entry, or `None` when its attributes say to
/// ignore it.
pub fn limine_type(e: &E820Entry) -> Option<EntryType> {
    if e.attributes & ATTR_ENABLED == 0 {
        return None;
    }
    if e.attributes & ATTR_NON_VOLATILE != 0 {
        return Some(EntryType::RESERVED);
    }
    Some(match e.ty {
        types::USABLE => EntryType::USABLE,
        types::ACPI_RECLAIMABLE => EntryType::ACPI_RECLAIMABLE,
        types::ACPI_NVS => EntryType::ACPI_NVS,
        types::BAD_MEMORY => EntryType::BAD_MEMORY,
        _ => EntryType::RESERVED,
    })
}

/// Which type wins where entries overlap: the one it is least safe to use.
fn priority(ty: EntryType) -> u8 {
    match ty {
        EntryType::USABLE => 0,
        EntryType::ACPI_RECLAIMABLE => 1,
        EntryType::ACPI_NVS => 2,
        EntryType::BAD_MEMORY => 4,
        _ => 3, // reserved and anything else
    }
}

/// Most entries a BIOS map may have for [`sanitize`] (real ones have tens).
pub const MAX_ENTRIES: usize = 128;

/// Appends `r` to `out[..*n]`, merging it into the last region when they
/// touch and share a type.
fn push(out: &mut [Region], n: &mut usize, r: Region) -> Result<(), MemMapError> {
    if r.is_empty() {
        return Ok(());
    }
    if let Some(last) = out[..*n].last_mut() {
        if last.ty == r.ty && last.end == r.start {
            last.end = r.end;
            return Ok(());
        }
    }
    let capacity = out.len();
    *out.get_mut(*n)
        .ok_or(MemMapError::TooManyEntries { capacity })? = r;
    *n += 1;
    Ok(())
}

/// Sorted, disjoint, merged regions from a raw E820 list (at most
/// [`MAX_ENTRIES`] entries are looked at); returns how many of `out` are
/// used. `out` needs room for twice the entries in the worst case.
pub fn sanitize(entries: &[E820Entry], out: &mut [Region]) -> Result<usize, MemMapError> {
    let entries = &entries[..entries.len().min(MAX_ENTRIES)];
    // Every entry start and end is a boundary; between two consecutive
    // boundaries the type is that of the strongest entry covering them.
    let mut points = [0u64; 2 * MAX_ENTRIES];
    let mut np = 0;
    for e in entries {
        if e.length == 0 || limine_type(e).is_none() {
            continue;
        }
        points[np] = e.base;
        points[np + 1] = e.base.saturating_add(e.length);
        np += 2;
    }
    let points = &mut points[..np];
    points.sort_unstable();
    let mut n = 0;
    for w in points.windows(2) {
        let (a, b) = (w[0], w[1]);
        if a == b {
            continue;
        }
        let strongest = entries
            .iter()
            .filter(|e| e.length > 0 && e.base <= a && e.base.saturating_add(e.length) >= b)
            .filter_map(limine_type)
            .max_by_key(|&t| priority(t));
        if let Some(ty) = strongest {
            push(
                out,
                &mut n,
                Region {
                    start: a,
                    end: b,
                    ty,
                },
            )?;
        }
    }
    // Usable memory in whole pages, and never page 0 (the real-mode IVT, and
    // what a null pointer points at). Shrinking can only drop or narrow
    // regions, so the list stays sorted and disjoint.
    let mut w = 0;
    for r in 0..n {
        let mut region = out[r];
        if region.ty == EntryType::USABLE {
            region.start = align_up(region.start.max(PAGE_SIZE), PAGE_SIZE);
            region.end = align_down(region.end, PAGE_SIZE);
            if region.is_empty() {
                continue;
            }
        }
        out[w] = region;
        w += 1;
    }
    Ok(w)
}

/// Most separate allocations [`PhysAlloc`] records (adjacent allocations of
/// one type merge into one record, so page-table pages count once).
pub const MAX_ALLOCATIONS: usize = 64;
const MAX_FREE: usize = 64;

/// Why an allocation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllocError {
    /// No usable range between 1 MiB and 4 GiB holds `bytes`.
    NoRoom { bytes: u64 },
    /// More separate allocations than [`MAX_ALLOCATIONS`].
    TooManyAllocations,
}

impl core::fmt::Display for AllocError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::NoRoom { bytes } => write!(
                f,
                "the memory map has no room for {} KiB between 1 MiB and 4 GiB",
                bytes.div_ceil(1024)
            ),
            Self::TooManyAllocations => write!(f, "more than {MAX_ALLOCATIONS} allocations"),
        }
    }
}

/// First-fit page allocator over the usable memory between
/// [`ALLOC_FLOOR`] and [`ALLOC_CEILING`], remembering what it gave out and
/// as which type.
#[derive(Debug, Clone)]
pub struct PhysAlloc {
    free: [Region; MAX_FREE],
    nfree: usize,
    used: [Region; MAX_ALLOCATIONS],
    nused: usize,
}

impl PhysAlloc {
    /// Free memory is the usable part of `regions` (from [`sanitize`])
    /// inside `[ALLOC_FLOOR, ALLOC_CEILING)`.
    pub fn new(regions: &[Region]) -> Self {
        let mut a = PhysAlloc {
            free: [Region::EMPTY; MAX_FREE],
            nfree: 0,
            used: [Region::EMPTY; MAX_ALLOCATIONS],
            nused: 0,
        };
        for r in regions.iter().filter(|r| r.ty == EntryType::USABLE) {
            let start = r.start.max(ALLOC_FLOOR);
            let end = r.end.min(ALLOC_CEILING);
            if start < end && a.nfree < MAX_FREE {
                a.free[a.nfree] = Region {
                    start,
                    end,
                    ty: EntryType::USABLE,
                };
                a.nfree += 1;
            }
        }
        a
    }

    /// `bytes` (rounded up to pages) at an `align`-aligned address (a power
    /// of two, at least a page), recorded as `ty`. The memory is not
    /// zeroed.
    pub fn alloc(&mut self, bytes: u64, align: u64, ty: EntryType) -> Result<u64, AllocError> {
        let size = align_up(bytes.max(1), PAGE_SIZE);
        let align = align.max(PAGE_SIZE);
        let slot = self.free[..self.nfree]
            .iter()
            .position(|f| align_up(f.start, align).saturating_add(size) <= f.end)
            .ok_or(AllocError::NoRoom { bytes })?;
        let f = self.free[slot];
        let at = align_up(f.start, align);
        let block = Region {
            start: at,
            end: at + size,
            ty,
        };
        // Record first, so a full table leaves the free list untouched.
        self.record(block)?;
        // The skipped alignment gap before the block stays free too.
        if at > f.start && self.nfree < MAX_FREE {
            self.free[slot].end = at;
            self.free.copy_within(slot + 1..self.nfree, slot + 2);
            self.nfree += 1;
            self.free[slot + 1] = Region {
                start: at + size,
                end: f.end,
                ty: EntryType::USABLE,
            };
        } else {
            self.free[slot].start = at + size;
        }
        Ok(at)
    }

    fn record(&mut self, block: Region) -> Result<(), AllocError> {
        if let Some(u) = self.used[..self.nused]
            .iter_mut()
            .find(|u| u.ty == block.ty && u.end == block.start)
        {
            u.end = block.end;
            return Ok(());
        }
        if self.nused == MAX_ALLOCATIONS {
            return Err(AllocError::TooManyAllocations);
        }
        self.used[self.nused] = block;
        self.nused += 1;
        Ok(())
    }

    /// What has been given out, in allocation order.
    pub fn used(&self) -> &[Region] {
        &self.used[..self.nused]
    }
}

/// The kernel's memory map: `regions` with every `overlay` laid over the
/// usable memory it covers (overlays outside usable memory are clipped
/// away; overlays must not overlap each other), plus a framebuffer entry
/// `(base, length)` if given. Sorted, touching entries of one type merged.
/// Returns how many entries of `out` are used.
pub fn final_map(
    regions: &[Region],
    overlays: &[Region],
    framebuffer: Option<(u64, u64)>,
    out: &mut [Entry],
) -> Result<usize, MemMapError> {
    let mut map = Writer::new(out);
    let mut emit = |start: u64, end: u64, ty| map.push(start, end.saturating_sub(start), ty);
    for r in regions {
        if r.ty != EntryType::USABLE {
            emit(r.start, r.end, r.ty)?;
            continue;
        }
        // Walk the region, cutting out each overlay in address order.
        let mut at = r.start;
        loop {
            let next = overlays
                .iter()
                .filter(|o| o.end > at && o.start < r.end && !o.is_empty())
                .min_by_key(|o| o.start);
            let Some(o) = next else { break };
            let (os, oe) = (o.start.max(at), o.end.min(r.end));
            emit(at, os, EntryType::USABLE)?;
            emit(os, oe, o.ty)?;
            at = oe;
        }
        emit(at, r.end, EntryType::USABLE)?;
    }
    map.finish(framebuffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(base: u64, length: u64, ty: u32) -> E820Entry {
        E820Entry {
            base,
            length,
            ty,
            attributes: ATTR_ENABLED,
        }
    }

    fn regions(entries: &[E820Entry]) -> Vec<(u64, u64, u64)> {
        let mut out = [Region::EMPTY; 2 * MAX_ENTRIES];
        let n = sanitize(entries, &mut out).unwrap();
        out[..n]
            .iter()
            .map(|r| (r.start, r.end, type_code(r.ty)))
            .collect()
    }

    use crate::memmap::codes::*;

    /// SeaBIOS under QEMU with 2 GiB (q35), as the loader read it, shuffled.
    const QEMU_Q35: [(u64, u64, u32); 6] = [
        (0x10_0000, 0x7fee_0000 - 0x10_0000, 1),
        (0x9fc00, 0x400, 2),
        (0, 0x9fc00, 1),
        (0xf0000, 0x10000, 2),
        (0x7fee_0000, 0x20000, 2),
        (0xfeff_c000, 0x4000, 2),
    ];

    #[test]
    fn a_real_map_comes_out_sorted_with_low_memory_kept() {
        let map: Vec<E820Entry> = QEMU_Q35.iter().map(|&(b, l, t)| e(b, l, t)).collect();
        assert_eq!(
            regions(&map),
            [
                // Page 0 dropped; the usable end below the EBDA rounded down.
                (0x1000, 0x9f000, USABLE),
                (0x9fc00, 0xa0000, RESERVED),
                (0xf0000, 0x10_0000, RESERVED),
                (0x10_0000, 0x7fee_0000, USABLE),
                (0x7fee_0000, 0x7ff0_0000, RESERVED),
                (0xfeff_c000, 0xff00_0000, RESERVED),
            ]
        );
    }

    #[test]
    fn overlaps_take_the_more_restrictive_type() {
        let map = [
            e(0x10_0000, 0x100_0000, types::USABLE),
            // ACPI tables inside usable memory, NVS overlapping their end,
            // and a reserved hole the BIOS also listed as usable.
            e(0x20_0000, 0x1_0000, types::ACPI_RECLAIMABLE),
            e(0x20_8000, 0x1_0000, types::ACPI_NVS),
            e(0x40_0000, 0x1000, types::RESERVED),
            e(0x40_0000, 0x1000, types::USABLE),
            e(0x50_0000, 0x1000, types::BAD_MEMORY),
            e(0x50_0000, 0x2000, types::RESERVED),
        ];
        assert_eq!(
            regions(&map),
            [
                (0x10_0000, 0x20_0000, USABLE),
                (0x20_0000, 0x20_8000, ACPI_RECLAIMABLE),
                (0x20_8000, 0x21_8000, ACPI_NVS),
                (0x21_8000, 0x40_0000, USABLE),
                (0x40_0000, 0x40_1000, RESERVED),
                (0x40_1000, 0x50_0000, USABLE),
                (0x50_0000, 0x50_1000, BAD_MEMORY),
                (0x50_1000, 0x50_2000, RESERVED),
                (0x50_2000, 0x110_0000, USABLE),
            ]
        );
    }

    #[test]
    fn unaligned_usable_memory_shrinks_to_pages_and_others_stay_exact() {
        let map = [
            e(0x1_0010, 0x2ff0, types::USABLE), // 0x10010..0x13000
            e(0x2_0800, 0x800, types::USABLE),  // no whole page
            e(0x3_0010, 0x20, types::ACPI_NVS),
            e(0x4_0000, 0, types::RESERVED),
            E820Entry {
                attributes: 0, // "ignore this entry"
                ..e(0x5_0000, 0x1000, types::RESERVED)
            },
            E820Entry {
                attributes: ATTR_ENABLED | ATTR_NON_VOLATILE,
                ..e(0x6_0000, 0x1000, types::USABLE)
            },
            e(0x7_0000, 0x1000, 12), // a type this loader does not know
        ];
        assert_eq!(
            regions(&map),
            [
                (0x1_1000, 0x1_3000, USABLE),
                (0x3_0010, 0x3_0030, ACPI_NVS),
                (0x6_0000, 0x6_1000, RESERVED),
                (0x7_0000, 0x7_1000, RESERVED),
            ]
        );
    }

    #[test]
    fn adjacent_entries_of_one_type_merge() {
        let map = [
            e(0x20_0000, 0x10_0000, types::USABLE),
            e(0x10_0000, 0x10_0000, types::USABLE),
            e(0x30_0000, 0x1000, types::ACPI_RECLAIMABLE),
        ];
        assert_eq!(
            regions(&map),
            [
                (0x10_0000, 0x30_0000, USABLE),
                (0x30_0000, 0x30_1000, ACPI_RECLAIMABLE)
            ]
        );
    }

    fn sanitized(map: &[E820Entry]) -> Vec<Region> {
        let mut out = [Region::EMPTY; 2 * MAX_ENTRIES];
        let n = sanitize(map, &mut out).unwrap();
        out[..n].to_vec()
    }

    #[test]
    fn allocations_stay_in_usable_memory_above_1_mib() {
        let map = sanitized(&[
            e(0, 0x9fc00, types::USABLE),
            e(0x10_0000, 0x3000, types::USABLE),
            e(0x10_3000, 0x1000, types::ACPI_RECLAIMABLE),
            e(0x10_4000, 0x40_0000, types::USABLE),
        ]);
        let mut a = PhysAlloc::new(&map);
        let p1 = a
            .alloc(0x2000, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        assert_eq!(p1, 0x10_0000);
        // Does not fit in the page left below the ACPI table.
        let p2 = a
            .alloc(0x1800, PAGE_SIZE, EntryType::EXECUTABLE_AND_MODULES)
            .unwrap();
        assert_eq!(p2, 0x10_4000);
        let p3 = a
            .alloc(1, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        assert_eq!(p3, 0x10_2000, "first fit takes the page left over");
        // 2 MiB alignment skips a gap that stays free.
        let p4 = a
            .alloc(0x1000, 0x20_0000, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        assert_eq!(p4, 0x20_0000);
        let p5 = a
            .alloc(0x1000, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        assert_eq!(p5, 0x10_6000, "the alignment gap is still free");
        assert_eq!(
            a.alloc(0x100_0000, PAGE_SIZE, EntryType::USABLE),
            Err(AllocError::NoRoom { bytes: 0x100_0000 })
        );
        let used: Vec<_> = a.used().iter().map(|r| (r.start, r.end)).collect();
        assert_eq!(
            used,
            [
                (0x10_0000, 0x10_3000), // p1 and p3 merged
                (0x10_4000, 0x10_6000),
                (0x20_0000, 0x20_1000),
                (0x10_6000, 0x10_7000),
            ]
        );
    }

    #[test]
    fn final_map_lays_allocations_and_low_memory_over_usable_ranges() {
        let map = sanitized(&QEMU_Q35.map(|(b, l, t)| e(b, l, t)));
        let mut a = PhysAlloc::new(&map);
        a.alloc(0x40_0000, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        a.alloc(0x13_0000, PAGE_SIZE, EntryType::EXECUTABLE_AND_MODULES)
            .unwrap();
        a.alloc(0x1000, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
            .unwrap();
        let mut overlays = vec![Region {
            start: 0x1000,
            end: 0x8_0000,
            ty: EntryType::BOOTLOADER_RECLAIMABLE,
        }];
        overlays.extend_from_slice(a.used());
        let mut out = [crate::memmap::empty_entry(); 32];
        let n = final_map(&map, &overlays, Some((0xfd00_0000, 0x30_0000)), &mut out).unwrap();
        let got: Vec<_> = out[..n]
            .iter()
            .map(|e| (e.base, e.length, type_code(e.entry_type)))
            .collect();
        assert_eq!(
            got,
            [
                (0x1000, 0x7f000, BOOTLOADER_RECLAIMABLE),
                (0x8_0000, 0x1f000, USABLE),
                (0x9fc00, 0x400, RESERVED),
                (0xf0000, 0x10000, RESERVED),
                (0x10_0000, 0x40_0000, BOOTLOADER_RECLAIMABLE),
                (0x50_0000, 0x13_0000, EXECUTABLE_AND_MODULES),
                (0x63_0000, 0x1000, BOOTLOADER_RECLAIMABLE),
                (0x63_1000, 0x7fee_0000 - 0x63_1000, USABLE),
                (0x7fee_0000, 0x20000, RESERVED),
                (0xfd00_0000, 0x30_0000, FRAMEBUFFER),
                (0xfeff_c000, 0x4000, RESERVED),
            ]
        );
        // Usable and reclaimable entries are whole pages and overlap nothing.
        for w in out[..n].windows(2) {
            assert!(w[0].base + w[0].length <= w[1].base);
        }
        let mut small = [crate::memmap::empty_entry(); 4];
        assert_eq!(
            final_map(&map, &overlays, None, &mut small),
            Err(MemMapError::TooManyEntries { capacity: 4 })
        );
    }

    #[test]
    fn a_map_without_room_says_how_much_was_asked() {
        let map = sanitized(&[
            e(0, 0x9fc00, types::USABLE),
            e(0x10_0000, 0x10_0000, types::USABLE),
        ]);
        let mut a = PhysAlloc::new(&map);
        let err = a
            .alloc(0x20_0000, PAGE_SIZE, EntryType::EXECUTABLE_AND_MODULES)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the memory map has no room for 2048 KiB between 1 MiB and 4 GiB"
        );
    }
}
