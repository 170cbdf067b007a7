//! x86_64 4-level page tables for the kernel's address space.
//!
//! The loader builds: the higher-half direct map (HHDM) of the first 4 GiB
//! and of every memory-map region that is not reserved or bad memory, in
//! 2 MiB pages; the kernel's segments at their link addresses in 4 KiB pages
//! with the segment's permissions; and a few identity-mapped pages for the
//! loader's own hand-off code, which runs across the CR3 switch. Tables come
//! from a [`Frames`] source so the same code runs on the host in tests.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use limine::memory_map::EntryType;

use crate::{align_down, align_up, PAGE_SIZE};

/// Size of a large page.
pub const LARGE_PAGE: u64 = 2 * 1024 * 1024;
/// The part of physical memory always in the HHDM (protocol: "4 GiB and
/// additional memory map regions").
pub const LOW_HHDM_SPAN: u64 = 4 * 1024 * 1024 * 1024;
/// HHDM base for 4-level paging, the value Limine uses.
pub const HHDM_OFFSET: u64 = 0xffff_8000_0000_0000;

const PRESENT: u64 = 1 << 0;
const WRITABLE: u64 = 1 << 1;
const PWT: u64 = 1 << 3;
const HUGE: u64 = 1 << 7;
/// PAT bit of a 4 KiB PTE.
const PAT_4K: u64 = 1 << 7;
/// PAT bit of a 2 MiB PDE.
const PAT_2M: u64 = 1 << 12;
const NO_EXECUTE: u64 = 1 << 63;
const ADDR_MASK: u64 = 0x000f_ffff_ffff_f000;

/// The IA32_PAT value the protocol prescribes: PAT0 WB, PAT1 WT, PAT2 UC-,
/// PAT3 UC, PAT4 WP, PAT5 WC; PAT6 UC- and PAT7 UC as at reset.
pub const PAT_LAYOUT: u64 = 0x0007_0105_0007_0406;

/// Where physical frames for tables come from.
pub trait Frames {
    /// A zeroed 4 KiB frame; its physical address.
    fn alloc_zeroed(&mut self) -> Option<u64>;
    /// The table stored in frame `phys` (a frame this source handed out).
    fn table(&mut self, phys: u64) -> &mut [u64; 512];
}

/// Permissions and caching of a mapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Access {
    pub writable: bool,
    pub executable: bool,
    /// Write-combining through PAT entry 5 (framebuffers).
    pub write_combining: bool,
}

/// Why a mapping could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PagingError {
    /// The frame source ran dry.
    OutOfFrames,
    /// `virt` is already mapped (two requests for one page).
    AlreadyMapped { virt: u64 },
    /// An address not aligned to the page size used.
    Misaligned { addr: u64 },
    /// A virtual address outside the canonical 48-bit ranges.
    NonCanonical { virt: u64 },
}

impl fmt::Display for PagingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfFrames => write!(f, "out of memory for page tables"),
            Self::AlreadyMapped { virt } => write!(f, "virtual address {virt:#x} mapped twice"),
            Self::Misaligned { addr } => write!(f, "address {addr:#x} is not page aligned"),
            Self::NonCanonical { virt } => write!(f, "virtual address {virt:#x} is not canonical"),
        }
    }
}

/// A page-table hierarchy under construction.
pub struct AddressSpace<'f, F: Frames> {
    frames: &'f mut F,
    pml4: u64,
    /// Whether to set the NX bit (only if the CPU has EFER.NXE).
    nx: bool,
}

fn index(virt: u64, level: u32) -> usize {
    ((virt >> (12 + 9 * level)) & 0x1ff) as usize
}

fn canonical(virt: u64) -> bool {
    let top = virt >> 47;
    top == 0 || top == 0x1_ffff
}

impl<'f, F: Frames> AddressSpace<'f, F> {
    /// An empty hierarchy; `nx` enables no-execute bits.
    pub fn new(frames: &'f mut F, nx: bool) -> Result<Self, PagingError> {
        let pml4 = frames.alloc_zeroed().ok_or(PagingError::OutOfFrames)?;
        Ok(Self { frames, pml4, nx })
    }

    /// Physical address of the PML4, the value for CR3.
    pub fn root(&self) -> u64 {
        self.pml4
    }

    /// Walks down to the table at `stop_level` (1 = page table, 2 = page
    /// directory), creating tables on the way.
    fn table_for(&mut self, virt: u64, stop_level: u32) -> Result<u64, PagingError> {
        let mut table = self.pml4;
        for level in (stop_level..4).rev() {
            let i = index(virt, level);
            let entry = self.frames.table(table)[i];
            table = if entry & PRESENT == 0 {
                let next = self.frames.alloc_zeroed().ok_or(PagingError::OutOfFrames)?;
                // Intermediate entries allow everything; leaves restrict.
                self.frames.table(table)[i] = next | PRESENT | WRITABLE;
                next
            } else if entry & HUGE != 0 {
                return Err(PagingError::AlreadyMapped { virt });
            } else {
                entry & ADDR_MASK
            };
        }
        Ok(table)
    }

    fn leaf_bits(&self, access: Access, pat_bit: u64) -> u64 {
        let mut bits = PRESENT;
        if access.writable {
            bits |= WRITABLE;
        }
        if self.nx && !access.executable {
            bits |= NO_EXECUTE;
        }
        if access.write_combining {
            // PAT index 5 = PAT:1 PCD:0 PWT:1.
            bits |= pat_bit | PWT;
        }
        bits
    }

    /// Maps one 4 KiB page.
    pub fn map_4k(&mut self, virt: u64, phys: u64, access: Access) -> Result<(), PagingError> {
        check(virt, phys, PAGE_SIZE)?;
        let pt = self.table_for(virt, 1)?;
        let bits = self.leaf_bits(access, PAT_4K);
        let slot = &mut self.frames.table(pt)[index(virt, 0)];
        if *slot & PRESENT != 0 {
            return Err(PagingError::AlreadyMapped { virt });
        }
        *slot = phys | bits;
        Ok(())
    }

    /// Maps one 2 MiB page.
    pub fn map_2m(&mut self, virt: u64, phys: u64, access: Access) -> Result<(), PagingError> {
        check(virt, phys, LARGE_PAGE)?;
        let pd = self.table_for(virt, 2)?;
        let bits = self.leaf_bits(access, PAT_2M) | HUGE;
        let slot = &mut self.frames.table(pd)[index(virt, 1)];
        if *slot & PRESENT != 0 {
            return Err(PagingError::AlreadyMapped { virt });
        }
        *slot = phys | bits;
        Ok(())
    }

    /// The physical address `virt` maps to, and the leaf entry's raw bits.
    pub fn translate(&mut self, virt: u64) -> Option<(u64, u64)> {
        let mut table = self.pml4;
        for level in (0..4).rev() {
            let entry = self.frames.table(table)[index(virt, level)];
            if entry & PRESENT == 0 {
                return None;
            }
            let large = level > 0 && entry & HUGE != 0;
            if level == 0 || large {
                let page = 1u64 << (12 + 9 * level);
                // In a large page, bit 12 is the PAT bit, not address.
                let base = entry & ADDR_MASK & !(page - 1);
                return Some((base + (virt & (page - 1)), entry));
            }
            table = entry & ADDR_MASK;
        }
        None
    }
}

fn check(virt: u64, phys: u64, size: u64) -> Result<(), PagingError> {
    if !canonical(virt) {
        return Err(PagingError::NonCanonical { virt });
    }
    for addr in [virt, phys] {
        if addr % size != 0 {
            return Err(PagingError::Misaligned { addr });
        }
    }
    Ok(())
}

/// One kernel segment, already copied to `phys`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    pub virt: u64,
    pub phys: u64,
    pub len: u64,
    pub access: Access,
}

/// Everything the kernel's address space must contain.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Virtual address of physical 0 in the HHDM.
    pub hhdm_offset: u64,
    /// Physical ranges `(start, end)` to put in the HHDM (any alignment; they
    /// are widened to 2 MiB pages and merged).
    pub hhdm: Vec<(u64, u64)>,
    /// Physical range mapped write-combining (the framebuffer).
    pub write_combining: Option<(u64, u64)>,
    /// Kernel segments, 4 KiB pages.
    pub kernel: Vec<Segment>,
    /// Physical ranges mapped at their own address (hand-off code).
    pub identity: Vec<(u64, u64)>,
    /// Set NX on non-executable mappings.
    pub nx: bool,
}

/// The physical ranges the HHDM covers (base revisions 1 and 2): all of the
/// first 4 GiB, every memory-map region `(start, end, type)` that is not
/// reserved or bad memory, and the framebuffer `(start, end)` wherever it is.
pub fn hhdm_ranges(
    regions: impl IntoIterator<Item = (u64, u64, EntryType)>,
    framebuffer: Option<(u64, u64)>,
) -> Vec<(u64, u64)> {
    let mut hhdm = vec![(0, LOW_HHDM_SPAN)];
    hhdm.extend(
        regions
            .into_iter()
            .filter(|&(_, _, ty)| ty != EntryType::RESERVED && ty != EntryType::BAD_MEMORY)
            .map(|(start, end, _)| (start, end)),
    );
    hhdm.extend(framebuffer);
    hhdm
}

/// Widens ranges to `granule` and merges overlapping or touching ones.
pub fn merge_ranges(ranges: &[(u64, u64)], granule: u64) -> Vec<(u64, u64)> {
    let mut r: Vec<(u64, u64)> = ranges
        .iter()
        .filter(|(s, e)| e > s)
        .map(|&(s, e)| (align_down(s, granule), align_up(e, granule)))
        .collect();
    r.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::with_capacity(r.len());
    for (s, e) in r {
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Builds the whole hierarchy; returns the CR3 value.
pub fn build<F: Frames>(plan: &Plan, frames: &mut F) -> Result<u64, PagingError> {
    let mut space = AddressSpace::new(frames, plan.nx)?;
    let wc = plan.write_combining.filter(|(s, e)| e > s);
    for (start, end) in merge_ranges(&plan.hhdm, LARGE_PAGE) {
        for phys in (start..end).step_by(LARGE_PAGE as usize) {
            let write_combining = wc.is_some_and(|(s, e)| phys < e && phys + LARGE_PAGE > s);
            let access = Access {
                writable: true,
                executable: true,
                write_combining,
            };
            space.map_2m(plan.hhdm_offset + phys, phys, access)?;
        }
    }
    for seg in &plan.kernel {
        let pages = align_up(seg.len, PAGE_SIZE) / PAGE_SIZE;
        for i in 0..pages {
            space.map_4k(
                seg.virt + i * PAGE_SIZE,
                seg.phys + i * PAGE_SIZE,
                seg.access,
            )?;
        }
    }
    for (start, end) in merge_ranges(&plan.identity, PAGE_SIZE) {
        for phys in (start..end).step_by(PAGE_SIZE as usize) {
            space.map_4k(
                phys,
                phys,
                Access {
                    writable: false,
                    executable: true,
                    write_combining: false,
                },
            )?;
        }
    }
    Ok(space.root())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Frames from a hash map; "physical" addresses start at 1 MiB.
    struct HostFrames {
        tables: HashMap<u64, Box<[u64; 512]>>,
        next: u64,
        limit: usize,
    }

    impl HostFrames {
        fn new(limit: usize) -> Self {
            Self {
                tables: HashMap::new(),
                next: 0x10_0000,
                limit,
            }
        }
    }

    impl Frames for HostFrames {
        fn alloc_zeroed(&mut self) -> Option<u64> {
            if self.tables.len() >= self.limit {
                return None;
            }
            let phys = self.next;
            self.next += PAGE_SIZE;
            self.tables.insert(phys, Box::new([0; 512]));
            Some(phys)
        }
        fn table(&mut self, phys: u64) -> &mut [u64; 512] {
            self.tables
                .get_mut(&phys)
                .expect("frame handed out by alloc_zeroed")
        }
    }

    const HHDM: u64 = HHDM_OFFSET;
    const KBASE: u64 = 0xffff_ffff_8000_0000;

    #[test]
    fn builds_hhdm_kernel_and_identity_mappings() {
        let plan = Plan {
            hhdm_offset: HHDM,
            hhdm: vec![(0, LOW_HHDM_SPAN), (0x1_0000_0000, 0x1_0010_0000)],
            write_combining: Some((0x8000_0000, 0x8040_0000)),
            kernel: vec![
                Segment {
                    virt: KBASE,
                    phys: 0x20_0000,
                    len: 0x1800,
                    access: Access {
                        writable: false,
                        executable: true,
                        write_combining: false,
                    },
                },
                Segment {
                    virt: KBASE + 0x2000,
                    phys: 0x20_2000,
                    len: 0x1000,
                    access: Access {
                        writable: true,
                        executable: false,
                        write_combining: false,
                    },
                },
            ],
            identity: vec![(0x7_1234, 0x7_1300)],
            nx: true,
        };
        let mut frames = HostFrames::new(64);
        let cr3 = build(&plan, &mut frames).unwrap();
        let mut space = AddressSpace {
            frames: &mut frames,
            pml4: cr3,
            nx: true,
        };

        // HHDM: low 4 GiB and the range above it, widened to 2 MiB.
        assert_eq!(space.translate(HHDM + 0x1234_5678).unwrap().0, 0x1234_5678);
        assert_eq!(space.translate(HHDM + 0xffff_f000).unwrap().0, 0xffff_f000);
        assert_eq!(
            space.translate(HHDM + 0x1_001f_f000).unwrap().0,
            0x1_001f_f000
        );
        assert!(space.translate(HHDM + 0x1_0020_0000).is_none());
        // Framebuffer pages are WC (PAT + PWT), ordinary ones are not.
        let (_, fb_bits) = space.translate(HHDM + 0x8010_0000).unwrap();
        assert_eq!(fb_bits & (PAT_2M | PWT), PAT_2M | PWT);
        let (_, ram_bits) = space.translate(HHDM + 0x4000_0000).unwrap();
        assert_eq!(ram_bits & (PAT_2M | PWT), 0);

        // Kernel text: executable, read-only; second page of a 0x1800 segment mapped.
        let (phys, bits) = space.translate(KBASE + 0x1004).unwrap();
        assert_eq!(phys, 0x20_1004);
        assert_eq!(bits & (WRITABLE | NO_EXECUTE), 0);
        // Kernel data: writable, no-execute; the gap page is unmapped.
        let (phys, bits) = space.translate(KBASE + 0x2008).unwrap();
        assert_eq!(phys, 0x20_2008);
        assert_eq!(bits & (WRITABLE | NO_EXECUTE), WRITABLE | NO_EXECUTE);
        assert!(space.translate(KBASE + 0x3000).is_none());

        // Identity page for the hand-off code; nothing else in the low half.
        assert_eq!(space.translate(0x7_1250).unwrap().0, 0x7_1250);
        assert!(space.translate(0x7_2000).is_none());
        assert!(space.translate(0).is_none());
    }

    #[test]
    fn errors_are_reported() {
        let mut frames = HostFrames::new(8);
        let mut space = AddressSpace::new(&mut frames, false).unwrap();
        let rw = Access {
            writable: true,
            ..Access::default()
        };
        assert_eq!(
            space.map_4k(0x1001, 0, rw),
            Err(PagingError::Misaligned { addr: 0x1001 })
        );
        assert_eq!(
            space.map_4k(0x0000_8000_0000_0000, 0, rw),
            Err(PagingError::NonCanonical {
                virt: 0x0000_8000_0000_0000
            })
        );
        space.map_4k(0x1000, 0x5000, rw).unwrap();
        assert_eq!(
            space.map_4k(0x1000, 0x6000, rw),
            Err(PagingError::AlreadyMapped { virt: 0x1000 })
        );
        // A 2 MiB page over a range that already has a page table.
        assert_eq!(
            space.map_2m(0, 0, rw),
            Err(PagingError::AlreadyMapped { virt: 0 })
        );
        space.map_2m(0x40_0000, 0x40_0000, rw).unwrap();
        assert_eq!(
            space.map_4k(0x40_1000, 0, rw),
            Err(PagingError::AlreadyMapped { virt: 0x40_1000 })
        );

        let mut few = HostFrames::new(2);
        let mut space = AddressSpace::new(&mut few, false).unwrap();
        assert_eq!(space.map_4k(0x1000, 0, rw), Err(PagingError::OutOfFrames));
    }

    #[test]
    fn hhdm_ranges_are_the_low_4_gib_usable_kinds_and_the_framebuffer() {
        let high = 0x1_0000_0000;
        let regions = [
            (high, high + 0x1000, EntryType::USABLE),
            (high + 0x1000, high + 0x2000, EntryType::RESERVED),
            (high + 0x2000, high + 0x3000, EntryType::ACPI_NVS),
            (high + 0x3000, high + 0x4000, EntryType::BAD_MEMORY),
            (
                high + 0x4000,
                high + 0x5000,
                EntryType::EXECUTABLE_AND_MODULES,
            ),
        ];
        assert_eq!(
            hhdm_ranges(regions, Some((0xfd00_0000, 0xfe00_0000))),
            [
                (0, LOW_HHDM_SPAN),
                (high, high + 0x1000),
                (high + 0x2000, high + 0x3000),
                (high + 0x4000, high + 0x5000),
                (0xfd00_0000, 0xfe00_0000),
            ]
        );
        assert_eq!(hhdm_ranges([], None), [(0, LOW_HHDM_SPAN)]);
    }

    #[test]
    fn merge_widens_and_joins() {
        assert_eq!(
            merge_ranges(
                &[
                    (0x30_0000, 0x30_0001),
                    (0, 0x1000),
                    (0x20_0000, 0x20_0000),
                    (0x10_0000, 0x25_0000)
                ],
                LARGE_PAGE
            ),
            [(0, 0x40_0000)]
        );
        assert_eq!(
            merge_ranges(&[(0x1000, 0x2000), (0x5000, 0x6000)], PAGE_SIZE),
            [(0x1000, 0x2000), (0x5000, 0x6000)]
        );
    }

    #[test]
    fn pat_layout_puts_write_combining_at_index_5() {
        let entry = |i: u32| (PAT_LAYOUT >> (8 * i)) & 0xff;
        // Memory types: 6 WB, 4 WT, 7 UC-, 0 UC, 5 WP, 1 WC.
        assert_eq!(
            [entry(0), entry(1), entry(2), entry(3), entry(4), entry(5)],
            [6, 4, 7, 0, 5, 1]
        );
    }
}
