//! nosys-loader for PC BIOS: boots a Limine-protocol kernel from an El
//! Torito CD or from the same image on a hard disk, sharing `loader-core`
//! with the UEFI loader.
//!
//! boot.s loads the rest of this image, checks for long mode, enables A20
//! and enters long mode with the first 4 GiB identity-mapped; then
//! [`bios_main`] takes the same steps as the UEFI loader, with the BIOS
//! (through a real-mode trampoline) in place of boot services: the E820
//! map, `limine.conf`, the kernel and its modules from the ISO 9660 volume,
//! the kernel's requests answered, page tables, the jump. Any error before
//! the jump is one line on the text screen and COM1, and the machine waits.

#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

mod bios;
mod console;
mod disk;
mod heap;
mod video;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

// Linked for its symbols only (the C memory functions and unwinding stubs).
use freestanding as _;
use limine::memory_map::EntryType;
use loader_core::e820::{self, AllocError, E820Entry, PhysAlloc, Region};
use loader_core::iso9660::{IsoError, Volume};
use loader_core::paging::{self, Frames, Plan, HHDM_OFFSET};
use loader_core::requests::{self, Kind};
use loader_core::responses::{self, Arena, BootInfo, FileInfo, ARENA_SIZE};
use loader_core::{align_up, conf, gdt, kernel, memmap, rsdp, BootError};
use loader_core::{LOADER_NAME, LOADER_VERSION, PAGE_SIZE};

use crate::disk::{Disk, DiskError};

core::arch::global_asm!(include_str!("boot.s"), options(att_syntax));

/// The loader's heap (configuration, ELF headers, request list, plans).
const HEAP_SIZE: u64 = 4 * 1024 * 1024;
/// Low memory the loader itself uses (stack, image, boot page tables,
/// bounce buffer: boot.s's map), reported to the kernel as
/// bootloader-reclaimable: the hand-off code runs from there.
const LOW_LOADER_MEMORY: (u64, u64) = (0x1000, 0x8_0000);

/// Everything that can stop a boot, with what the user needs to fix it.
enum LoadError {
    /// A cause the UEFI loader shares.
    Boot(BootError),
    NoMemoryMap,
    Memory {
        what: String,
        err: AllocError,
    },
    Volume(IsoError<DiskError>),
    File {
        path: String,
        err: IsoError<DiskError>,
    },
    NoVideoMode,
    SetVideoMode {
        mode: u16,
        status: u16,
    },
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
            Self::NoMemoryMap => write!(f, "the BIOS gives no memory map (INT 15h E820h)"),
            Self::Memory { what, err } => write!(f, "{what}: {err}"),
            Self::Volume(e) => write!(f, "boot drive: {e}"),
            Self::File { path, err } => write!(f, "cannot read {path}: {err}"),
            Self::NoVideoMode => write!(
                f,
                "no VBE mode with a linear framebuffer at 24 or 32 bpp, up to {}x{}",
                loader_core::vbe::MAX_AUTO.0,
                loader_core::vbe::MAX_AUTO.1
            ),
            Self::SetVideoMode { mode, status } => {
                write!(
                    f,
                    "VBE could not switch to mode {mode:#x} (status {status:#06x})"
                )
            }
        }
    }
}

/// Entered from boot.s in long mode with the boot drive (DL at entry) and
/// its sector size.
#[no_mangle]
extern "sysv64" fn bios_main(drive: u32, sector_size: u32) -> ! {
    println!("{LOADER_NAME} {LOADER_VERSION} (BIOS)");
    match boot(drive as u8, sector_size as usize) {
        Ok(never) => match never {},
        Err(e) => {
            println!("{LOADER_NAME}: error: {e}");
            bios::wait_forever()
        }
    }
}

/// A block of physical memory, identity-mapped.
fn phys_bytes(phys: u64, len: u64) -> &'static mut [u8] {
    // SAFETY: callers pass blocks PhysAlloc handed out (or the loader's
    // own), inside the boot identity map, used through one view at a time.
    unsafe { core::slice::from_raw_parts_mut(phys as *mut u8, len as usize) }
}

/// Allocates, zeroes and returns the block.
fn alloc_zeroed(
    phys: &mut PhysAlloc,
    bytes: u64,
    ty: EntryType,
    what: &'static str,
) -> Result<u64, LoadError> {
    let at = phys
        .alloc(bytes, PAGE_SIZE, ty)
        .map_err(|err| LoadError::Memory {
            what: what.into(),
            err,
        })?;
    phys_bytes(at, align_up(bytes.max(1), PAGE_SIZE)).fill(0);
    Ok(at)
}

/// A file read from the volume into memory of type `ty`.
fn load_file(
    vol: &Volume,
    disk: &mut Disk,
    phys: &mut PhysAlloc,
    path: &str,
    ty: EntryType,
) -> Result<FileInfo, LoadError> {
    let err = |err| LoadError::File {
        path: path.into(),
        err,
    };
    let file = vol.lookup(disk, path).map_err(err)?;
    let size = u64::from(file.size);
    let at = phys
        .alloc(size, PAGE_SIZE, ty)
        .map_err(|err| LoadError::Memory {
            what: alloc::format!("cannot load {path}"),
            err,
        })?;
    vol.read(disk, &file, phys_bytes(at, size)).map_err(err)?;
    Ok(FileInfo {
        phys: at,
        size,
        path: path.into(),
        cmdline: String::new(),
    })
}

/// Page-table frames from the physical allocator, bootloader-reclaimable as
/// the protocol says of its page tables.
struct TableFrames<'a>(&'a mut PhysAlloc);

impl Frames for TableFrames<'_> {
    fn alloc_zeroed(&mut self) -> Option<u64> {
        alloc_zeroed(
            self.0,
            PAGE_SIZE,
            EntryType::BOOTLOADER_RECLAIMABLE,
            "page tables",
        )
        .ok()
    }

    fn table(&mut self, phys: u64) -> &mut [u64; 512] {
        // SAFETY: `phys` came from `alloc_zeroed`: a page-aligned, identity-
        // mapped frame only the page-table builder touches.
        unsafe { &mut *(phys as *mut [u64; 512]) }
    }
}

/// The RSDP in the EBDA's first KiB or the BIOS area.
fn find_rsdp() -> Option<u64> {
    // SAFETY: the BDA word at 0x40e is readable low memory.
    let segment = unsafe { (rsdp::BDA_EBDA_SEGMENT as *const u16).read_unaligned() };
    let mut areas = [(0, 0); 2];
    if let Some(ebda) = rsdp::ebda_base(segment) {
        areas[0] = (ebda, ebda + rsdp::EBDA_SEARCH_LEN);
    }
    areas[1] = rsdp::BIOS_AREA;
    areas
        .iter()
        .filter(|(s, e)| e > s)
        .find_map(|&(start, end)| {
            rsdp::find(phys_bytes(start, end - start)).map(|at| start + at as u64)
        })
}

/// Loads and starts the kernel; returns only on error.
fn boot(drive: u8, sector_size: usize) -> Result<core::convert::Infallible, LoadError> {
    let mut raw = [E820Entry::default(); e820::MAX_ENTRIES];
    let nraw = bios::e820(&mut raw);
    if nraw == 0 {
        return Err(LoadError::NoMemoryMap);
    }
    let mut region_buf = [Region::EMPTY; 2 * e820::MAX_ENTRIES];
    let nreg = e820::sanitize(&raw[..nraw], &mut region_buf).map_err(BootError::MemMap)?;
    let regions = &region_buf[..nreg];
    let mut phys = PhysAlloc::new(regions);
    let heap = phys
        .alloc(HEAP_SIZE, PAGE_SIZE, EntryType::BOOTLOADER_RECLAIMABLE)
        .map_err(|err| LoadError::Memory {
            what: "loader heap".into(),
            err,
        })?;
    heap::init(heap, HEAP_SIZE);

    let mut disk = Disk::new(drive, sector_size);
    let vol = Volume::open(&mut disk).map_err(LoadError::Volume)?;
    let (conf_path, config) = conf::find(|p| {
        let f = vol.lookup(&mut disk, p).ok()?;
        let mut text = vec![0u8; f.size as usize];
        vol.read(&mut disk, &f, &mut text).ok()?;
        Some(text)
    })?;
    let entry = config.boot_entry().map_err(BootError::Conf)?;
    println!("{LOADER_NAME}: {conf_path}: entry \"{}\"", entry.name);

    // The kernel file stays in memory for the kernel-file response.
    let kernel_path = entry.kernel_path.clone().unwrap_or_default();
    let mut kernel_file = load_file(
        &vol,
        &mut disk,
        &mut phys,
        &kernel_path,
        EntryType::EXECUTABLE_AND_MODULES,
    )?;
    kernel_file.cmdline = entry.cmdline.clone();
    let file_bytes = phys_bytes(kernel_file.phys, kernel_file.size);
    let layout = kernel::layout(file_bytes).map_err(BootError::Kernel)?;
    let image_phys = alloc_zeroed(
        &mut phys,
        layout.size,
        EntryType::EXECUTABLE_AND_MODULES,
        "kernel image",
    )?;
    let image = phys_bytes(image_phys, layout.size);
    layout.copy_into(file_bytes, image);
    println!(
        "{LOADER_NAME}: {kernel_path}: {} KiB image at {:#x}, entry {:#x}",
        layout.size / 1024,
        layout.base,
        layout.entry
    );

    let mut modules = Vec::new();
    for m in &entry.modules {
        let mut file = load_file(
            &vol,
            &mut disk,
            &mut phys,
            &m.path,
            EntryType::EXECUTABLE_AND_MODULES,
        )?;
        file.cmdline = m.cmdline.clone();
        println!("{LOADER_NAME}: module {} ({} bytes)", m.path, file.size);
        modules.push(file);
    }

    let found = requests::scan(image).map_err(BootError::Scan)?;
    // A framebuffer only for a kernel that asks: the switch is the last
    // BIOS call, and after it the BIOS text screen is gone.
    let video = match found.find(Kind::Framebuffer) {
        Some(_) => {
            let mode = loader_core::vbe::choose(&video::modes(), entry.resolution)
                .ok_or(LoadError::NoVideoMode)?;
            let fb = mode.framebuffer;
            println!(
                "{LOADER_NAME}: VBE mode {:#x}: {}x{}, {} bpp at {:#x}",
                mode.number, fb.width, fb.height, fb.bpp, fb.phys
            );
            Some(mode)
        }
        None => None,
    };
    let framebuffer = video.map(|m| m.framebuffer);
    let stack_size = align_up(responses::stack_size(image, &found), PAGE_SIZE);
    let stack = alloc_zeroed(
        &mut phys,
        stack_size,
        EntryType::BOOTLOADER_RECLAIMABLE,
        "kernel stack",
    )?;
    let gdt_page = alloc_zeroed(
        &mut phys,
        PAGE_SIZE,
        EntryType::BOOTLOADER_RECLAIMABLE,
        "GDT",
    )?;
    let arena_phys = alloc_zeroed(
        &mut phys,
        ARENA_SIZE,
        EntryType::BOOTLOADER_RECLAIMABLE,
        "responses",
    )?;

    let fb_range = framebuffer.map(|fb| (fb.phys, fb.phys + fb.len()));
    let hhdm = paging::hhdm_ranges(regions.iter().map(|r| (r.start, r.end, r.ty)), fb_range);

    let rsdp_phys = find_rsdp();
    let info = BootInfo {
        hhdm_offset: HHDM_OFFSET,
        framebuffer,
        rsdp_phys,
        kernel_file: Some(kernel_file),
        modules,
        // Every overlay (one low range plus each recorded allocation) can
        // split a usable region in three; plus the framebuffer.
        memmap_capacity: nreg + 2 * (e820::MAX_ALLOCATIONS + 1) + 1,
    };
    let mut arena = Arena::new(phys_bytes(arena_phys, ARENA_SIZE), arena_phys, HHDM_OFFSET);
    let answered =
        responses::answer(image, &found, &info, &mut arena).map_err(BootError::Response)?;
    println!(
        "{LOADER_NAME}: base revision {}, answered {:?}, {} unanswered",
        answered.base_revision, answered.kinds, answered.unanswered
    );

    let plan = Plan {
        hhdm_offset: HHDM_OFFSET,
        hhdm,
        write_combining: fb_range,
        kernel: layout.segments(image_phys),
        identity: vec![handoff::code_range()],
        nx: handoff::nx_supported(),
    };
    let cr3 = paging::build(&plan, &mut TableFrames(&mut phys)).map_err(BootError::Paging)?;
    let gdtr = gdt::write(phys_bytes(gdt_page, PAGE_SIZE), HHDM_OFFSET + gdt_page);

    // Every allocation is made: the kernel's map is final now.
    let mut overlays = vec![Region {
        start: LOW_LOADER_MEMORY.0,
        end: LOW_LOADER_MEMORY.1,
        ty: EntryType::BOOTLOADER_RECLAIMABLE,
    }];
    overlays.extend_from_slice(phys.used());
    let mut entries = vec![memmap::empty_entry(); info.memmap_capacity];
    let fb_entry = framebuffer.map(|fb| (fb.phys, fb.len()));
    let n =
        e820::final_map(regions, &overlays, fb_entry, &mut entries).map_err(BootError::MemMap)?;
    if let Some(slot) = answered.memmap {
        slot.fill(&mut arena, &entries[..n]);
    }
    let usable: u64 = entries[..n]
        .iter()
        .filter(|e| e.entry_type == EntryType::USABLE)
        .map(|e| e.length)
        .sum();
    println!(
        "{LOADER_NAME}: memory map: {n} entries, {} MiB usable",
        usable >> 20
    );
    println!("{LOADER_NAME}: starting kernel");
    if let Some(mode) = &video {
        video::set(mode).map_err(|status| LoadError::SetVideoMode {
            mode: mode.number,
            status,
        })?;
        console::graphics_mode();
    }
    let stack_top = HHDM_OFFSET + stack + stack_size;
    // SAFETY: cr3 maps the kernel at its link address, the stack and GDT in
    // the HHDM and the hand-off code at its current address; no BIOS call
    // comes after this.
    unsafe { handoff::jump(cr3, stack_top, layout.entry, &gdtr) }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    use core::fmt::Write;
    let _ = writeln!(console::Serial, "\n{LOADER_NAME}: panic: {info}");
    loop {
        // SAFETY: halting with interrupts off is harmless.
        unsafe { core::arch::asm!("cli", "hlt", options(nomem, nostack)) };
    }
}
