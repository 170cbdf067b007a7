//! UEFI memory map -> Limine memory map.
//!
//! Limine's guarantees (PROTOCOL.md, Memory Map Feature) that this module
//! provides: entries sorted by base; usable and bootloader-reclaimable
//! entries 4 KiB aligned and overlapping nothing; the first page never
//! usable; kernel and modules marked as such, not usable. Adjacent entries of
//! one type are merged, which keeps the list short on firmware that splits
//! memory into hundreds of descriptors.

use core::fmt;

use limine::memory_map::{Entry, EntryType};

use crate::PAGE_SIZE;

/// UEFI memory types (UEFI spec 2.10, table 7.10), as plain numbers so this
/// crate needs no firmware bindings.
pub mod efi {
    pub const RESERVED: u32 = 0;
    pub const LOADER_CODE: u32 = 1;
    pub const LOADER_DATA: u32 = 2;
    pub const BOOT_SERVICES_CODE: u32 = 3;
    pub const BOOT_SERVICES_DATA: u32 = 4;
    pub const RUNTIME_SERVICES_CODE: u32 = 5;
    pub const RUNTIME_SERVICES_DATA: u32 = 6;
    pub const CONVENTIONAL: u32 = 7;
    pub const UNUSABLE: u32 = 8;
    pub const ACPI_RECLAIM: u32 = 9;
    pub const ACPI_NON_VOLATILE: u32 = 10;
    pub const MMIO: u32 = 11;
    pub const MMIO_PORT_SPACE: u32 = 12;
    pub const PAL_CODE: u32 = 13;
    pub const PERSISTENT_MEMORY: u32 = 14;
    pub const UNACCEPTED: u32 = 15;
}

/// The OS-loader-defined UEFI memory type (UEFI reserves 0x80000000 and up
/// for loaders) the loader allocates the kernel and modules with, so they can
/// be told apart from its own data after exit.
pub const KERNEL_AND_MODULES_EFI_TYPE: u32 = 0x8000_4e53;

/// One UEFI memory descriptor, reduced to what we use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EfiRegion {
    /// UEFI memory type.
    pub ty: u32,
    /// Physical start, 4 KiB aligned per the UEFI spec.
    pub phys_start: u64,
    /// Length in 4 KiB pages.
    pub pages: u64,
}

/// Why the conversion failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemMapError {
    /// More entries than the caller reserved room for.
    TooManyEntries { capacity: usize },
}

impl fmt::Display for MemMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyEntries { capacity } => {
                write!(f, "memory map needs more than {capacity} entries")
            }
        }
    }
}

/// The Limine type of memory of UEFI type `ty` once boot services are gone.
pub fn limine_type(ty: u32) -> EntryType {
    match ty {
        efi::CONVENTIONAL | efi::BOOT_SERVICES_CODE | efi::BOOT_SERVICES_DATA => EntryType::USABLE,
        // Our own image, responses, page tables and the kernel's stack.
        efi::LOADER_CODE | efi::LOADER_DATA => EntryType::BOOTLOADER_RECLAIMABLE,
        efi::ACPI_RECLAIM => EntryType::ACPI_RECLAIMABLE,
        efi::ACPI_NON_VOLATILE => EntryType::ACPI_NVS,
        efi::UNUSABLE => EntryType::BAD_MEMORY,
        KERNEL_AND_MODULES_EFI_TYPE => EntryType::EXECUTABLE_AND_MODULES,
        // Runtime services, MMIO, PAL code, persistent and unaccepted memory
        // and any vendor type: the kernel must leave them alone.
        _ => EntryType::RESERVED,
    }
}

/// The protocol's number for a Limine memory type (the crate's type keeps it
/// private), for logs and tests.
pub fn type_code(ty: EntryType) -> u64 {
    const TYPES: [EntryType; 8] = [
        EntryType::USABLE,
        EntryType::RESERVED,
        EntryType::ACPI_RECLAIMABLE,
        EntryType::ACPI_NVS,
        EntryType::BAD_MEMORY,
        EntryType::BOOTLOADER_RECLAIMABLE,
        EntryType::EXECUTABLE_AND_MODULES,
        EntryType::FRAMEBUFFER,
    ];
    TYPES
        .iter()
        .position(|&t| t == ty)
        .map_or(u64::MAX, |i| i as u64)
}

/// [`type_code`]'s numbers by name, for the tests' expected maps.
#[cfg(test)]
pub(crate) mod codes {
    pub const USABLE: u64 = 0;
    pub const RESERVED: u64 = 1;
    pub const ACPI_RECLAIMABLE: u64 = 2;
    pub const ACPI_NVS: u64 = 3;
    pub const BAD_MEMORY: u64 = 4;
    pub const BOOTLOADER_RECLAIMABLE: u64 = 5;
    pub const EXECUTABLE_AND_MODULES: u64 = 6;
    pub const FRAMEBUFFER: u64 = 7;
}

/// A placeholder entry for pre-allocated buffers.
pub const fn empty_entry() -> Entry {
    Entry {
        base: 0,
        length: 0,
        entry_type: EntryType::RESERVED,
    }
}

fn is_exclusive(ty: EntryType) -> bool {
    ty == EntryType::USABLE || ty == EntryType::BOOTLOADER_RECLAIMABLE
}

/// A map being written into a caller's buffer: what the UEFI conversion
/// and the E820 one ([`crate::e820::final_map`]) both end with.
pub(crate) struct Writer<'a> {
    out: &'a mut [Entry],
    n: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(out: &'a mut [Entry]) -> Self {
        Writer { out, n: 0 }
    }

    /// Appends `length` bytes of type `ty` at `base`; an empty range adds
    /// nothing.
    pub(crate) fn push(
        &mut self,
        base: u64,
        length: u64,
        ty: EntryType,
    ) -> Result<(), MemMapError> {
        if length == 0 {
            return Ok(());
        }
        let capacity = self.out.len();
        let slot = self
            .out
            .get_mut(self.n)
            .ok_or(MemMapError::TooManyEntries { capacity })?;
        *slot = Entry {
            base,
            length,
            entry_type: ty,
        };
        self.n += 1;
        Ok(())
    }

    /// Adds the framebuffer entry `(base, length)` if given, sorts by base
    /// and merges touching entries of one type, in place; returns how many
    /// entries of the buffer are used.
    pub(crate) fn finish(mut self, framebuffer: Option<(u64, u64)>) -> Result<usize, MemMapError> {
        if let Some((base, length)) = framebuffer {
            self.push(base, length, EntryType::FRAMEBUFFER)?;
        }
        let used = &mut self.out[..self.n];
        used.sort_unstable_by_key(|e| e.base);
        let mut w = 0;
        for r in 0..used.len() {
            let e = used[r];
            if w > 0 {
                let prev = &mut used[w - 1];
                if prev.entry_type == e.entry_type && prev.base + prev.length == e.base {
                    prev.length += e.length;
                    continue;
                }
            }
            used[w] = e;
            w += 1;
        }
        Ok(w)
    }
}

/// Converts `regions` (any order) into `out`, adding a framebuffer entry
/// `(base, length)` if given; returns how many entries of `out` are used.
pub fn convert(
    regions: impl IntoIterator<Item = EfiRegion>,
    framebuffer: Option<(u64, u64)>,
    out: &mut [Entry],
) -> Result<usize, MemMapError> {
    let mut map = Writer::new(out);
    for r in regions {
        let mut base = r.phys_start;
        let mut length = r.pages * PAGE_SIZE;
        let entry_type = limine_type(r.ty);
        // Page 0 is never usable (real-mode IVT, and a null pointer's target).
        if is_exclusive(entry_type) && base < PAGE_SIZE {
            let cut = (PAGE_SIZE - base).min(length);
            base += cut;
            length -= cut;
        }
        map.push(base, length, entry_type)?;
    }
    map.finish(framebuffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(ty: u32, start: u64, pages: u64) -> EfiRegion {
        EfiRegion {
            ty,
            phys_start: start,
            pages,
        }
    }

    fn triples(e: &[Entry]) -> Vec<(u64, u64, u64)> {
        e.iter()
            .map(|e| (e.base, e.length, type_code(e.entry_type)))
            .collect()
    }

    use crate::memmap::codes::*;

    #[test]
    fn types_sort_merge_and_first_page() {
        // An OVMF-like map, out of order, with a split conventional run.
        let map = [
            r(efi::BOOT_SERVICES_DATA, 0x10_0000, 0x100),
            r(efi::CONVENTIONAL, 0, 0xa0),
            r(efi::CONVENTIONAL, 0x20_0000, 0x100),
            r(efi::LOADER_DATA, 0x30_0000, 4),
            r(KERNEL_AND_MODULES_EFI_TYPE, 0x30_4000, 8),
            r(efi::ACPI_RECLAIM, 0x7fe0_0000, 0x10),
            r(efi::ACPI_NON_VOLATILE, 0x7ff0_0000, 0x10),
            r(efi::RUNTIME_SERVICES_DATA, 0x7f00_0000, 2),
            r(efi::UNUSABLE, 0x9000_0000, 1),
            r(efi::MMIO, 0xffc0_0000, 0x400),
            r(efi::CONVENTIONAL, 0x5000_0000, 0),
        ];
        let mut out = [Entry {
            base: 0,
            length: 0,
            entry_type: EntryType::RESERVED,
        }; 16];
        let n = convert(map, Some((0x8000_0000, 0x40_0000)), &mut out).unwrap();
        assert_eq!(
            triples(&out[..n]),
            [
                (0x1000, 0x9f000, USABLE),
                (0x10_0000, 0x20_0000, USABLE),
                (0x30_0000, 0x4000, BOOTLOADER_RECLAIMABLE),
                (0x30_4000, 0x8000, EXECUTABLE_AND_MODULES),
                (0x7f00_0000, 0x2000, RESERVED),
                (0x7fe0_0000, 0x10000, ACPI_RECLAIMABLE),
                (0x7ff0_0000, 0x10000, ACPI_NVS),
                (0x8000_0000, 0x40_0000, FRAMEBUFFER),
                (0x9000_0000, 0x1000, BAD_MEMORY),
                (0xffc0_0000, 0x40_0000, RESERVED),
            ]
        );
        for e in &out[..n] {
            if is_exclusive(e.entry_type) {
                assert_eq!(e.base % PAGE_SIZE, 0);
                assert_eq!(e.length % PAGE_SIZE, 0);
            }
        }
    }

    #[test]
    fn a_single_usable_first_page_disappears() {
        let mut out = [Entry {
            base: 0,
            length: 0,
            entry_type: EntryType::RESERVED,
        }; 2];
        assert_eq!(convert([r(efi::CONVENTIONAL, 0, 1)], None, &mut out), Ok(0));
    }

    #[test]
    fn reserved_page_zero_is_kept() {
        let mut out = [Entry {
            base: 0,
            length: 0,
            entry_type: EntryType::RESERVED,
        }; 2];
        let n = convert([r(efi::RESERVED, 0, 1)], None, &mut out).unwrap();
        assert_eq!(triples(&out[..n]), [(0, 0x1000, RESERVED)]);
    }

    #[test]
    fn hhdm_skips_reserved_and_bad_memory_only() {
        // Above the low 4 GiB, which the HHDM always covers.
        let in_hhdm = |ty| {
            let at = 0x2_0000_0000;
            crate::paging::hhdm_ranges([(at, at + PAGE_SIZE, limine_type(ty))], None).len() == 2
        };
        assert!(in_hhdm(efi::CONVENTIONAL));
        assert!(in_hhdm(efi::ACPI_NON_VOLATILE));
        assert!(in_hhdm(KERNEL_AND_MODULES_EFI_TYPE));
        assert!(!in_hhdm(efi::MMIO));
        assert!(!in_hhdm(efi::UNUSABLE));
        assert!(!in_hhdm(efi::RUNTIME_SERVICES_CODE));
    }

    #[test]
    fn too_small_output_is_an_error() {
        let mut out = [Entry {
            base: 0,
            length: 0,
            entry_type: EntryType::RESERVED,
        }; 1];
        let map = [
            r(efi::CONVENTIONAL, 0x1000, 1),
            r(efi::ACPI_RECLAIM, 0x8000, 1),
        ];
        assert_eq!(
            convert(map, None, &mut out),
            Err(MemMapError::TooManyEntries { capacity: 1 })
        );
    }

    #[test]
    fn every_efi_type_has_the_intended_limine_type() {
        let expect = [
            (efi::RESERVED, EntryType::RESERVED),
            (efi::LOADER_CODE, EntryType::BOOTLOADER_RECLAIMABLE),
            (efi::LOADER_DATA, EntryType::BOOTLOADER_RECLAIMABLE),
            (efi::BOOT_SERVICES_CODE, EntryType::USABLE),
            (efi::BOOT_SERVICES_DATA, EntryType::USABLE),
            (efi::RUNTIME_SERVICES_CODE, EntryType::RESERVED),
            (efi::RUNTIME_SERVICES_DATA, EntryType::RESERVED),
            (efi::CONVENTIONAL, EntryType::USABLE),
            (efi::UNUSABLE, EntryType::BAD_MEMORY),
            (efi::ACPI_RECLAIM, EntryType::ACPI_RECLAIMABLE),
            (efi::ACPI_NON_VOLATILE, EntryType::ACPI_NVS),
            (efi::MMIO, EntryType::RESERVED),
            (efi::MMIO_PORT_SPACE, EntryType::RESERVED),
            (efi::PAL_CODE, EntryType::RESERVED),
            (efi::PERSISTENT_MEMORY, EntryType::RESERVED),
            (efi::UNACCEPTED, EntryType::RESERVED),
            (
                KERNEL_AND_MODULES_EFI_TYPE,
                EntryType::EXECUTABLE_AND_MODULES,
            ),
            (0x7000_0001, EntryType::RESERVED),
        ];
        for (efi_ty, limine_ty) in expect {
            assert!(limine_type(efi_ty) == limine_ty, "EFI type {efi_ty:#x}");
        }
    }
}
