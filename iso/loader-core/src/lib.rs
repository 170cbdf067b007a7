//! The hardware-free half of the nosys loaders (UEFI and BIOS).
//!
//! Everything here is plain data transformation so it can be tested on the
//! host: parse `limine.conf`, lay out the kernel ELF, find the kernel's Limine
//! requests, convert the UEFI or E820 memory map to Limine's types, build
//! responses in a memory arena and build x86_64 page tables through a
//! frame-allocator trait, write the protocol's GDT, and decide when COM1
//! output is given up; for the BIOS loader also read ISO 9660 volumes and
//! find the ACPI RSDP in the BIOS areas. `iso/loader` and `iso/bios-loader`
//! supply the firmware calls around it, `iso/handoff` the jump.

#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

pub mod conf;
pub mod e820;
mod error;
pub mod gdt;
pub mod iso9660;
pub mod kernel;
pub mod memmap;
pub mod paging;
pub mod requests;
pub mod responses;
pub mod rsdp;
pub mod serial;
pub mod vbe;

pub use error::BootError;

/// Name reported in the bootloader-info response.
pub const LOADER_NAME: &str = "nosys-loader";
/// Version reported in the bootloader-info response.
pub const LOADER_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Page size used throughout (x86_64 base pages).
pub const PAGE_SIZE: u64 = 4096;

/// Rounds `x` up to a multiple of `align` (a power of two).
pub const fn align_up(x: u64, align: u64) -> u64 {
    (x + align - 1) & !(align - 1)
}

/// Rounds `x` down to a multiple of `align` (a power of two).
pub const fn align_down(x: u64, align: u64) -> u64 {
    x & !(align - 1)
}
