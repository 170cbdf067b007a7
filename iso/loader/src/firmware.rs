//! The UEFI calls the loader needs, wrapped so `main.rs` reads as a list of
//! steps: files from the boot volume, page allocations, the memory map, GOP
//! and the ACPI table pointer.

use alloc::vec::Vec;
use core::ptr::NonNull;

use loader_core::memmap::EfiRegion;
use loader_core::paging::Frames;
use loader_core::responses::{mask_size_shift, FramebufferInfo};
use loader_core::PAGE_SIZE;
use uefi::boot::{
    self, AllocateType, MemoryType, OpenProtocolAttributes, OpenProtocolParams, ScopedProtocol,
};
use uefi::mem::memory_map::MemoryMap;
use uefi::proto::console::gop::{GraphicsOutput, PixelFormat};
use uefi::proto::media::file::{Directory, File, FileAttribute, FileInfo, FileMode, RegularFile};
use uefi::table::cfg::ConfigTableEntry;
use uefi::{CString16, Status};

use crate::LoadError;

/// Pages from `AllocatePages`, identity-mapped while boot services run.
/// Never freed: everything the loader allocates is handed to the kernel.
pub struct Pages {
    pub phys: u64,
    /// Bytes in use (the allocation is rounded up to whole pages).
    pub len: u64,
}

impl Pages {
    /// `bytes` (at least one page) of memory of type `ty`, zeroed.
    pub fn alloc(ty: MemoryType, bytes: u64, what: &'static str) -> Result<Self, LoadError> {
        let pages = bytes.max(1).div_ceil(PAGE_SIZE);
        let ptr = boot::allocate_pages(AllocateType::AnyPages, ty, pages as usize)
            .map_err(|_| LoadError::OutOfMemory { what, bytes })?;
        // SAFETY: the firmware just gave us `pages` pages at `ptr`.
        unsafe { ptr.as_ptr().write_bytes(0, (pages * PAGE_SIZE) as usize) };
        Ok(Self {
            phys: ptr.as_ptr() as u64,
            len: bytes,
        })
    }

    pub fn bytes(&self) -> &[u8] {
        // SAFETY: `phys` is identity-mapped memory we own, `len` bytes long.
        unsafe { core::slice::from_raw_parts(self.phys as *const u8, self.len as usize) }
    }

    pub fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `bytes`, and `&mut self` makes the view exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.phys as *mut u8, self.len as usize) }
    }
}

/// The file system the loader was started from.
pub struct Volume {
    root: Directory,
}

/// Opens the volume holding this loader's image.
pub fn boot_volume() -> Result<Volume, LoadError> {
    let err = |status| LoadError::File {
        path: "boot volume".into(),
        status,
    };
    let mut fs = boot::get_image_file_system(boot::image_handle()).map_err(|e| err(e.status()))?;
    let root = fs.open_volume().map_err(|e| err(e.status()))?;
    Ok(Volume { root })
}

impl Volume {
    fn open(&mut self, path: &str) -> Result<(RegularFile, u64), LoadError> {
        let err = |status| LoadError::File {
            path: path.into(),
            status,
        };
        let uefi_path = CString16::try_from(path.replace('/', "\\").as_str())
            .map_err(|_| err(Status::INVALID_PARAMETER))?;
        let handle = self
            .root
            .open(&uefi_path, FileMode::Read, FileAttribute::empty())
            .map_err(|e| err(e.status()))?;
        let mut file = handle.into_regular_file().ok_or(err(Status::NOT_FOUND))?;
        let info = file
            .get_boxed_info::<FileInfo>()
            .map_err(|e| err(e.status()))?;
        Ok((file, info.file_size()))
    }

    fn read_all(path: &str, file: &mut RegularFile, buf: &mut [u8]) -> Result<(), LoadError> {
        let mut done = 0;
        while done < buf.len() {
            let n = file.read(&mut buf[done..]).map_err(|e| LoadError::File {
                path: path.into(),
                status: e.status(),
            })?;
            if n == 0 {
                return Err(LoadError::File {
                    path: path.into(),
                    status: Status::END_OF_FILE,
                });
            }
            done += n;
        }
        Ok(())
    }

    /// A small file (the configuration) into pool memory.
    pub fn read_to_vec(&mut self, path: &str) -> Result<Vec<u8>, LoadError> {
        let (mut file, size) = self.open(path)?;
        let mut buf = alloc::vec![0; size as usize];
        Self::read_all(path, &mut file, &mut buf)?;
        Ok(buf)
    }

    /// A file straight into page-aligned memory of type `ty` (modules can
    /// be tens of MiB; no intermediate copy).
    pub fn read_to_pages(&mut self, path: &str, ty: MemoryType) -> Result<Pages, LoadError> {
        let (mut file, size) = self.open(path)?;
        let mut pages = Pages::alloc(ty, size, "file").map_err(|_| LoadError::NoRoomFor {
            path: path.into(),
            bytes: size,
        })?;
        Self::read_all(path, &mut file, pages.bytes_mut())?;
        Ok(pages)
    }
}

/// The current memory map, reduced to what the core logic uses.
pub fn memory_map() -> Result<Vec<EfiRegion>, LoadError> {
    let map = boot::memory_map(MemoryType::LOADER_DATA).map_err(|_| LoadError::OutOfMemory {
        what: "memory map",
        bytes: 0,
    })?;
    Ok(map
        .entries()
        .map(|d| EfiRegion {
            ty: d.ty.0,
            phys_start: d.phys_start,
            pages: d.page_count,
        })
        .collect())
}

/// The ACPI RSDP, preferring the ACPI 2.0+ table.
pub fn rsdp() -> Option<u64> {
    uefi::system::with_config_table(|t| {
        let find = |guid| t.iter().find(|e| e.guid == guid).map(|e| e.address as u64);
        find(ConfigTableEntry::ACPI2_GUID).or_else(|| find(ConfigTableEntry::ACPI_GUID))
    })
}

fn open_gop() -> Option<ScopedProtocol<GraphicsOutput>> {
    let handle = boot::get_handle_for_protocol::<GraphicsOutput>().ok()?;
    // SAFETY: GetProtocol does not take the GOP away from the firmware's
    // console (exclusive opening would), so our messages stay visible; we
    // only read mode information and optionally set a mode.
    unsafe {
        boot::open_protocol::<GraphicsOutput>(
            OpenProtocolParams {
                handle,
                agent: boot::image_handle(),
                controller: None,
            },
            OpenProtocolAttributes::GetProtocol,
        )
    }
    .ok()
}

/// The GOP framebuffer, switched to `resolution` if the firmware offers it.
/// `None` when there is no GOP or it has no linear framebuffer (BltOnly).
/// Says which, or which mode it is out of how many: graphics controllers
/// differ mostly in the mode list (VirtualBox's VMSVGA, QEMU's VGA with
/// more video memory, bochs-display, virtio-vga).
pub fn framebuffer(resolution: Option<(u32, u32)>) -> Option<FramebufferInfo> {
    let Some(mut gop) = open_gop() else {
        say!("nosys-loader: no graphics output protocol; the kernel will use serial only");
        return None;
    };
    if let Some((w, h)) = resolution {
        let wanted = gop.modes().find(|m| {
            m.info().resolution() == (w as usize, h as usize)
                && m.info().pixel_format() != PixelFormat::BltOnly
        });
        match wanted {
            Some(mode) => {
                if gop.set_mode(&mode).is_err() {
                    say!("nosys-loader: could not switch to {w}x{h}; keeping the current mode");
                }
            }
            None => say!("nosys-loader: no {w}x{h} mode; keeping the current mode"),
        }
    }
    let info = gop.current_mode_info();
    let (red, green, blue) = match info.pixel_format() {
        PixelFormat::Rgb => ((8, 0), (8, 8), (8, 16)),
        PixelFormat::Bgr => ((8, 16), (8, 8), (8, 0)),
        PixelFormat::Bitmask if info.pixel_bitmask().is_some() => {
            let m = info.pixel_bitmask()?;
            (
                mask_size_shift(m.red),
                mask_size_shift(m.green),
                mask_size_shift(m.blue),
            )
        }
        _ => {
            say!(
                "nosys-loader: the GOP has no linear framebuffer ({:?}); the kernel will use serial only",
                info.pixel_format()
            );
            return None;
        }
    };
    let (width, height) = info.resolution();
    say!(
        "nosys-loader: framebuffer {width}x{height}, stride {} pixels, {} GOP modes offered",
        info.stride(),
        gop.modes().count()
    );
    let phys = gop.frame_buffer().as_mut_ptr() as u64;
    Some(FramebufferInfo {
        phys,
        width: width as u64,
        height: height as u64,
        pitch: info.stride() as u64 * 4,
        bpp: 32,
        red,
        green,
        blue,
    })
}

/// Page-table frames straight from the firmware (boot services are still
/// running when the tables are built). Marked loader data, hence
/// bootloader-reclaimable, as the protocol says of its page tables.
pub struct TableFrames;

impl Frames for TableFrames {
    fn alloc_zeroed(&mut self) -> Option<u64> {
        let ptr: NonNull<u8> =
            boot::allocate_pages(AllocateType::AnyPages, MemoryType::LOADER_DATA, 1).ok()?;
        // SAFETY: a fresh page from the firmware.
        unsafe { ptr.as_ptr().write_bytes(0, PAGE_SIZE as usize) };
        Some(ptr.as_ptr() as u64)
    }

    fn table(&mut self, phys: u64) -> &mut [u64; 512] {
        // SAFETY: `phys` came from `alloc_zeroed`: an identity-mapped,
        // page-aligned frame only the page-table builder touches.
        unsafe { &mut *(phys as *mut [u64; 512]) }
    }
}

/// Waits for a key press, or five minutes, whichever comes first, so an
/// error stays on screen but an unattended machine still moves on.
pub fn wait_for_key() {
    for _ in 0..(5 * 60 * 10) {
        let pressed = uefi::system::with_stdin(|input| matches!(input.read_key(), Ok(Some(_))));
        if pressed {
            return;
        }
        boot::stall(core::time::Duration::from_millis(100));
    }
}
