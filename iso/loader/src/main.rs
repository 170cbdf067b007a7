//! nosys-loader: boots a Limine-protocol kernel from UEFI, for machines
//! without Limine's binaries.
//!
//! Steps, in order: read `limine.conf` from the volume we were loaded from;
//! load the kernel ELF and the modules; find the kernel's requests and answer
//! the supported ones (the pure logic is in `loader-core`); build the page
//! tables; exit boot services; convert the final memory map; jump. Any error
//! before the exit is printed on screen (and on serial, through the
//! firmware's console mirror) and the loader waits for a key, then returns
//! to the firmware. After the exit there is nothing left that can fail except
//! by a bug, which the panic handler reports on COM1.

#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

#[macro_use]
mod console;
mod exit;
mod firmware;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use loader_core::memmap::{self, EfiRegion, MemMapError, KERNEL_AND_MODULES_EFI_TYPE};
use loader_core::paging::{self, Plan, HHDM_OFFSET};
use loader_core::responses::{self, Arena, BootInfo, FileInfo, ARENA_SIZE};
use loader_core::{align_up, conf, gdt, kernel, requests, BootError};
use loader_core::{LOADER_NAME, LOADER_VERSION, PAGE_SIZE};
use uefi::boot::MemoryType;
use uefi::mem::memory_map::MemoryMap;
use uefi::prelude::*;

/// Spare memory-map slots: allocations after we count the map (and the map
/// buffer of `exit_boot_services` itself) can split a few more regions.
const MEMMAP_SLACK: usize = 128;

/// Everything that can stop a boot, with what the user needs to fix it.
#[derive(Debug)]
pub enum LoadError {
    /// A cause the BIOS loader shares.
    Boot(BootError),
    /// A file named in the configuration could not be read.
    File { path: String, status: Status },
    /// The firmware refused memory.
    OutOfMemory { what: &'static str, bytes: u64 },
    /// No room for a file named in the configuration (a machine with too
    /// little RAM for the kernel and its modules).
    NoRoomFor { path: String, bytes: u64 },
}

impl From<BootError> for LoadError {
    fn from(e: BootError) -> Self {
        Self::Boot(e)
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Boot(e) => write!(f, "{e}"),
            Self::File { path, status } => write!(f, "cannot read {path}: {status:?}"),
            Self::OutOfMemory { what, bytes } => {
                write!(f, "out of memory for {what} ({bytes} bytes)")
            }
            Self::NoRoomFor { path, bytes } => write!(
                f,
                "not enough memory to load {path} ({} KiB); give the machine more RAM",
                bytes.div_ceil(1024)
            ),
        }
    }
}

#[entry]
fn main() -> Status {
    // Every message goes through `say!` (console.rs), which no console
    // error can turn into a panic.
    let _ = uefi::helpers::init();
    say!("{LOADER_NAME} {LOADER_VERSION}");
    match boot() {
        Ok(never) => match never {},
        Err(e) => {
            say!("{LOADER_NAME}: error: {e}");
            say!("{LOADER_NAME}: press any key to return to the firmware");
            firmware::wait_for_key();
            Status::LOAD_ERROR
        }
    }
}

/// Loads and starts the kernel; returns only on error.
fn boot() -> Result<core::convert::Infallible, LoadError> {
    let mut volume = firmware::boot_volume()?;

    let (conf_path, config) = conf::find(|p| volume.read_to_vec(p).ok())?;
    let entry = config.boot_entry().map_err(BootError::Conf)?;
    say!("{LOADER_NAME}: {conf_path}: entry \"{}\"", entry.name);

    // The kernel file stays in memory for the kernel-file response.
    let kernel_path = entry.kernel_path.clone().unwrap_or_default();
    let kernel_file = volume.read_to_pages(
        &kernel_path,
        MemoryType::custom(KERNEL_AND_MODULES_EFI_TYPE),
    )?;
    let layout = kernel::layout(kernel_file.bytes()).map_err(BootError::Kernel)?;
    let mut image = firmware::Pages::alloc(
        MemoryType::custom(KERNEL_AND_MODULES_EFI_TYPE),
        layout.size,
        "kernel image",
    )?;
    layout.copy_into(kernel_file.bytes(), image.bytes_mut());
    say!(
        "{LOADER_NAME}: {kernel_path}: {} KiB image at {:#x}, entry {:#x}",
        layout.size / 1024,
        layout.base,
        layout.entry
    );

    let mut modules = Vec::new();
    for m in &entry.modules {
        let pages =
            volume.read_to_pages(&m.path, MemoryType::custom(KERNEL_AND_MODULES_EFI_TYPE))?;
        say!("{LOADER_NAME}: module {} ({} bytes)", m.path, pages.len);
        modules.push(FileInfo {
            phys: pages.phys,
            size: pages.len,
            path: m.path.clone(),
            cmdline: m.cmdline.clone(),
        });
    }

    let found = requests::scan(image.bytes()).map_err(BootError::Scan)?;
    let framebuffer = firmware::framebuffer(entry.resolution);
    let stack_size = align_up(responses::stack_size(image.bytes(), &found), PAGE_SIZE);
    let stack = firmware::Pages::alloc(MemoryType::LOADER_DATA, stack_size, "kernel stack")?;
    let mut gdt_page = firmware::Pages::alloc(MemoryType::LOADER_DATA, PAGE_SIZE, "GDT")?;
    let mut arena_pages = firmware::Pages::alloc(MemoryType::LOADER_DATA, ARENA_SIZE, "responses")?;

    let pre_exit = firmware::memory_map()?;
    let fb_range = framebuffer.map(|fb| (fb.phys, fb.phys + fb.len()));
    let hhdm = paging::hhdm_ranges(
        pre_exit.iter().map(|r| {
            let end = r.phys_start + r.pages * PAGE_SIZE;
            (r.phys_start, end, memmap::limine_type(r.ty))
        }),
        fb_range,
    );

    let info = BootInfo {
        hhdm_offset: HHDM_OFFSET,
        framebuffer,
        rsdp_phys: firmware::rsdp(),
        kernel_file: Some(FileInfo {
            phys: kernel_file.phys,
            size: kernel_file.len,
            path: kernel_path.clone(),
            cmdline: entry.cmdline.clone(),
        }),
        modules,
        memmap_capacity: pre_exit.len() + MEMMAP_SLACK,
    };
    let arena_phys = arena_pages.phys;
    let mut arena = Arena::new(arena_pages.bytes_mut(), arena_phys, HHDM_OFFSET);
    let answered = responses::answer(image.bytes_mut(), &found, &info, &mut arena)
        .map_err(BootError::Response)?;
    say!(
        "{LOADER_NAME}: base revision {}, answered {:?}, {} unanswered",
        answered.base_revision,
        answered.kinds,
        answered.unanswered
    );

    let plan = Plan {
        hhdm_offset: HHDM_OFFSET,
        hhdm,
        write_combining: fb_range,
        kernel: layout.segments(image.phys),
        identity: vec![handoff::code_range()],
        nx: handoff::nx_supported(),
    };
    let cr3 = paging::build(&plan, &mut firmware::TableFrames).map_err(BootError::Paging)?;
    let gdt_virt = gdt_page.phys + HHDM_OFFSET;
    let gdtr = gdt::write(gdt_page.bytes_mut(), gdt_virt);

    // Room for the final map, allocated while we still can allocate.
    let mut converted = vec![memmap::empty_entry(); info.memmap_capacity];
    let stack_top = HHDM_OFFSET + stack.phys + stack_size;
    let fb_entry = framebuffer.map(|fb| (fb.phys, fb.len()));
    say!("{LOADER_NAME}: starting kernel");

    // SAFETY: nothing uses boot services after this point: the closure
    // below only converts numbers into buffers allocated above.
    let final_map = unsafe { uefi::boot::exit_boot_services(Some(MemoryType::LOADER_DATA)) };
    exit::boot_services_exited();
    let regions = final_map.entries().map(|d| EfiRegion {
        ty: d.ty.0,
        phys_start: d.phys_start,
        pages: d.page_count,
    });
    let n = match memmap::convert(regions, fb_entry, &mut converted) {
        Ok(n) => n,
        // Every slot is used: hand over a truncated map rather than none.
        Err(MemMapError::TooManyEntries { capacity }) => {
            exit::serial_line("nosys-loader: memory map truncated");
            capacity
        }
    };
    if let Some(slot) = answered.memmap {
        slot.fill(&mut arena, &converted[..n]);
    }
    // SAFETY: cr3 maps the kernel at its link address, the stack and GDT in
    // the HHDM and the hand-off code at its current address; boot services
    // are gone, so nothing else runs on this CPU.
    unsafe { handoff::jump(cr3, stack_top, layout.entry, &gdtr) }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    exit::report_panic(info)
}
