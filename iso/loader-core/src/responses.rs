//! Limine responses: their C layouts, an arena to build them in, and the
//! code that answers the requests a [`Scan`] found.
//!
//! Layouts follow PROTOCOL.md (v8.x) field by field; tests pin their sizes
//! to the `limine` crate's and read the answers back through the crate's
//! own accessors. Every pointer the kernel sees is an HHDM address, as the
//! protocol's general notes require; the arena knows its physical base and
//! the HHDM offset to produce them.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::mem::{align_of, size_of};

use limine::framebuffer::{MemoryModel, VideoMode};
use limine::memory_map::Entry;

use crate::requests::{Kind, Scan, FIRST_FIELD_OFFSET, RESPONSE_OFFSET};
use crate::{LOADER_NAME, LOADER_VERSION};

/// Stack size when the kernel makes no stack-size request (protocol minimum).
pub const DEFAULT_STACK_SIZE: u64 = 64 * 1024;

/// Bytes both loaders set aside for the responses, their strings and the
/// memory map.
pub const ARENA_SIZE: u64 = 256 * 1024;

#[repr(C)]
#[derive(Clone, Copy)]
struct BootloaderInfoResponse {
    revision: u64,
    name: u64,
    version: u64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct RevisionOnly {
    revision: u64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct HhdmResponse {
    revision: u64,
    offset: u64,
}

/// Response holding a count and a pointer to an array of pointers
/// (framebuffer, memory map and module responses share this shape).
#[repr(C)]
#[derive(Clone, Copy)]
struct ListResponse {
    revision: u64,
    count: u64,
    list: u64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct PointerResponse {
    revision: u64,
    pointer: u64,
}

/// `struct limine_framebuffer`, response revision 1.
#[repr(C)]
#[derive(Clone, Copy)]
struct RawFramebuffer {
    address: u64,
    width: u64,
    height: u64,
    pitch: u64,
    bpp: u16,
    memory_model: u8,
    red_mask_size: u8,
    red_mask_shift: u8,
    green_mask_size: u8,
    green_mask_shift: u8,
    blue_mask_size: u8,
    blue_mask_shift: u8,
    unused: [u8; 7],
    edid_size: u64,
    edid: u64,
    mode_count: u64,
    modes: u64,
}

/// `struct limine_file`.
#[repr(C)]
#[derive(Clone, Copy)]
struct RawFile {
    revision: u64,
    address: u64,
    size: u64,
    path: u64,
    cmdline: u64,
    media_type: u32,
    unused: u32,
    tftp_ip: u32,
    tftp_port: u32,
    partition_index: u32,
    mbr_disk_id: u32,
    gpt_disk_uuid: [u8; 16],
    gpt_part_uuid: [u8; 16],
    part_uuid: [u8; 16],
}

/// A framebuffer as the firmware describes it (physical address).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FramebufferInfo {
    pub phys: u64,
    pub width: u64,
    pub height: u64,
    /// Bytes per line.
    pub pitch: u64,
    pub bpp: u16,
    /// `(size, shift)` of the red, green and blue masks.
    pub red: (u8, u8),
    pub green: (u8, u8),
    pub blue: (u8, u8),
}

impl FramebufferInfo {
    /// Bytes the framebuffer spans.
    pub fn len(&self) -> u64 {
        self.pitch * self.height
    }

    /// `true` for a zero-height framebuffer.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Mask size and shift of a contiguous bit mask (`0x00ff0000` -> (8, 16)).
pub fn mask_size_shift(mask: u32) -> (u8, u8) {
    if mask == 0 {
        return (0, 0);
    }
    let shift = mask.trailing_zeros();
    ((mask >> shift).trailing_ones() as u8, shift as u8)
}

/// A loaded file (kernel or module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInfo {
    pub phys: u64,
    pub size: u64,
    /// Path in the boot volume, with a leading slash.
    pub path: String,
    pub cmdline: String,
}

/// What the firmware side learnt, for answering requests.
#[derive(Debug, Clone, Default)]
pub struct BootInfo {
    pub hhdm_offset: u64,
    pub framebuffer: Option<FramebufferInfo>,
    pub rsdp_phys: Option<u64>,
    pub kernel_file: Option<FileInfo>,
    pub modules: Vec<FileInfo>,
    /// Memory map entries to reserve room for (filled after boot services).
    pub memmap_capacity: usize,
}

/// Why responses could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseError {
    /// The arena is too small.
    ArenaFull { needed: usize, free: usize },
    /// A request lies (partly) outside the image.
    RequestOutOfImage { offset: usize },
}

impl fmt::Display for ResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ArenaFull { needed, free } => {
                write!(
                    f,
                    "response arena full ({needed} bytes needed, {free} free)"
                )
            }
            Self::RequestOutOfImage { offset } => {
                write!(f, "request at image offset {offset:#x} runs past the image")
            }
        }
    }
}

/// Bump allocator over a block of loader memory at a known physical address.
pub struct Arena<'a> {
    buf: &'a mut [u8],
    phys: u64,
    hhdm: u64,
    used: usize,
}

impl<'a> Arena<'a> {
    /// `buf` lives at physical `phys`; pointers are produced as `hhdm + phys`.
    pub fn new(buf: &'a mut [u8], phys: u64, hhdm: u64) -> Self {
        Self {
            buf,
            phys,
            hhdm,
            used: 0,
        }
    }

    /// Bytes handed out so far.
    pub fn used(&self) -> usize {
        self.used
    }

    fn reserve(&mut self, size: usize, align: usize) -> Result<usize, ResponseError> {
        // Align the address, not just the offset, as `phys` may be odd in tests.
        let addr = self.phys as usize + self.used;
        let at = self.used + (addr.next_multiple_of(align) - addr);
        let free = self.buf.len().saturating_sub(self.used);
        if at + size > self.buf.len() {
            return Err(ResponseError::ArenaFull {
                needed: at + size - self.used,
                free,
            });
        }
        self.used = at + size;
        Ok(at)
    }

    fn virt(&self, offset: usize) -> u64 {
        self.hhdm + self.phys + offset as u64
    }

    fn write<T: Copy>(&mut self, offset: usize, value: T) {
        let bytes = &mut self.buf[offset..offset + size_of::<T>()];
        // SAFETY: `bytes` is exactly size_of::<T>() writable bytes; unaligned
        // write needs no alignment, and T: Copy has no drop glue.
        unsafe { bytes.as_mut_ptr().cast::<T>().write_unaligned(value) };
    }

    fn put<T: Copy>(&mut self, value: T) -> Result<u64, ResponseError> {
        let at = self.reserve(size_of::<T>(), align_of::<T>().max(8))?;
        self.write(at, value);
        Ok(self.virt(at))
    }

    fn put_str(&mut self, s: &str) -> Result<u64, ResponseError> {
        let at = self.reserve(s.len() + 1, 1)?;
        self.buf[at..at + s.len()].copy_from_slice(s.as_bytes());
        self.buf[at + s.len()] = 0;
        Ok(self.virt(at))
    }

    fn put_u64s(&mut self, words: &[u64]) -> Result<u64, ResponseError> {
        let at = self.reserve(words.len() * 8, 8)?;
        for (i, w) in words.iter().enumerate() {
            self.write(at + i * 8, *w);
        }
        Ok(self.virt(at))
    }
}

/// Room reserved for the memory map, filled once boot services are gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemmapSlot {
    response: usize,
    pointers: usize,
    entries: usize,
    capacity: usize,
}

impl MemmapSlot {
    /// How many entries fit.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Writes `entries` (at most `capacity`, extra ones are dropped and the
    /// count says so) and sets the response's count.
    pub fn fill(&self, arena: &mut Arena<'_>, entries: &[Entry]) -> usize {
        let n = entries.len().min(self.capacity);
        for (i, e) in entries[..n].iter().enumerate() {
            let at = self.entries + i * size_of::<Entry>();
            arena.write(at, *e);
            let ptr = arena.virt(at);
            arena.write(self.pointers + i * 8, ptr);
        }
        let list = arena.virt(self.pointers);
        arena.write(
            self.response,
            ListResponse {
                revision: 0,
                count: n as u64,
                list,
            },
        );
        n
    }
}

/// What [`answer`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answered {
    /// Kinds answered, in image order.
    pub kinds: Vec<Kind>,
    /// Requests left unanswered (unknown, or nothing to answer with).
    pub unanswered: usize,
    /// Where the memory map goes, if the kernel asked for one.
    pub memmap: Option<MemmapSlot>,
    /// The base revision the kernel gets.
    pub base_revision: u64,
}

fn set_word(image: &mut [u8], offset: usize, value: u64) -> Result<(), ResponseError> {
    let bytes = image
        .get_mut(offset..offset + 8)
        .ok_or(ResponseError::RequestOutOfImage { offset })?;
    bytes.copy_from_slice(&value.to_le_bytes());
    Ok(())
}

fn get_word(image: &[u8], offset: usize) -> Result<u64, ResponseError> {
    let bytes = image
        .get(offset..offset + 8)
        .ok_or(ResponseError::RequestOutOfImage { offset })?;
    let mut w = [0; 8];
    w.copy_from_slice(bytes);
    Ok(u64::from_le_bytes(w))
}

/// The stack size the kernel asked for, or the protocol default.
pub fn stack_size(image: &[u8], scan: &Scan) -> u64 {
    scan.find(Kind::StackSize)
        .and_then(|r| get_word(image, r.offset + FIRST_FIELD_OFFSET).ok())
        .filter(|&s| s > 0)
        .unwrap_or(DEFAULT_STACK_SIZE)
        .max(DEFAULT_STACK_SIZE)
}

fn put_file(arena: &mut Arena<'_>, f: &FileInfo, hhdm: u64) -> Result<u64, ResponseError> {
    let path = arena.put_str(&f.path)?;
    let cmdline = arena.put_str(&f.cmdline)?;
    arena.put(RawFile {
        revision: 0,
        address: hhdm + f.phys,
        size: f.size,
        path,
        cmdline,
        media_type: 0, // LIMINE_MEDIA_TYPE_GENERIC
        unused: 0,
        tftp_ip: 0,
        tftp_port: 0,
        partition_index: 0,
        mbr_disk_id: 0,
        gpt_disk_uuid: [0; 16],
        gpt_part_uuid: [0; 16],
        part_uuid: [0; 16],
    })
}

/// Answers every supported request in `image` (the kernel's bytes as
/// loaded) with responses built in `arena`, and settles the base revision.
pub fn answer(
    image: &mut [u8],
    scan: &Scan,
    info: &BootInfo,
    arena: &mut Arena<'_>,
) -> Result<Answered, ResponseError> {
    let hhdm = info.hhdm_offset;
    let mut out = Answered::default();
    let (revision, third_word) = scan.base_revision_outcome();
    out.base_revision = revision;
    if let Some(tag) = scan.base_revision {
        // Newer protocol text: the second word reports the revision in use.
        set_word(image, tag.offset + 8, revision)?;
        if let Some(w) = third_word {
            set_word(image, tag.offset + 16, w)?;
        }
    }
    for req in &scan.requests {
        let response = match req.kind {
            Some(Kind::BootloaderInfo) => {
                let name = arena.put_str(LOADER_NAME)?;
                let version = arena.put_str(LOADER_VERSION)?;
                Some(arena.put(BootloaderInfoResponse {
                    revision: 0,
                    name,
                    version,
                })?)
            }
            Some(Kind::StackSize) => Some(arena.put(RevisionOnly { revision: 0 })?),
            Some(Kind::Hhdm) => Some(arena.put(HhdmResponse {
                revision: 0,
                offset: hhdm,
            })?),
            Some(Kind::Rsdp) => match info.rsdp_phys {
                Some(p) => Some(arena.put(PointerResponse {
                    revision: 0,
                    pointer: hhdm + p,
                })?),
                None => None,
            },
            Some(Kind::Framebuffer) => match info.framebuffer {
                Some(fb) => {
                    let mode = VideoMode {
                        pitch: fb.pitch,
                        width: fb.width,
                        height: fb.height,
                        bpp: fb.bpp,
                        memory_model: MemoryModel::RGB,
                        red_mask_size: fb.red.0,
                        red_mask_shift: fb.red.1,
                        green_mask_size: fb.green.0,
                        green_mask_shift: fb.green.1,
                        blue_mask_size: fb.blue.0,
                        blue_mask_shift: fb.blue.1,
                    };
                    let mode_ptr = arena.put(mode)?;
                    let modes = arena.put_u64s(&[mode_ptr])?;
                    let raw = arena.put(RawFramebuffer {
                        address: hhdm + fb.phys,
                        width: fb.width,
                        height: fb.height,
                        pitch: fb.pitch,
                        bpp: fb.bpp,
                        memory_model: 1, // LIMINE_FRAMEBUFFER_RGB
                        red_mask_size: fb.red.0,
                        red_mask_shift: fb.red.1,
                        green_mask_size: fb.green.0,
                        green_mask_shift: fb.green.1,
                        blue_mask_size: fb.blue.0,
                        blue_mask_shift: fb.blue.1,
                        unused: [0; 7],
                        edid_size: 0,
                        edid: 0,
                        mode_count: 1,
                        modes,
                    })?;
                    let list = arena.put_u64s(&[raw])?;
                    Some(arena.put(ListResponse {
                        revision: 1,
                        count: 1,
                        list,
                    })?)
                }
                None => None,
            },
            Some(Kind::KernelFile) => match &info.kernel_file {
                Some(f) => {
                    let file = put_file(arena, f, hhdm)?;
                    Some(arena.put(PointerResponse {
                        revision: 0,
                        pointer: file,
                    })?)
                }
                None => None,
            },
            Some(Kind::Module) => {
                let mut files = Vec::with_capacity(info.modules.len());
                for m in &info.modules {
                    files.push(put_file(arena, m, hhdm)?);
                }
                let list = arena.put_u64s(&files)?;
                // Revision 0: we do not load internal modules.
                Some(arena.put(ListResponse {
                    revision: 0,
                    count: files.len() as u64,
                    list,
                })?)
            }
            Some(Kind::MemoryMap) => {
                let cap = info.memmap_capacity;
                let response = arena.reserve(size_of::<ListResponse>(), 8)?;
                let pointers = arena.reserve(cap * 8, 8)?;
                let entries = arena.reserve(cap * size_of::<Entry>(), 8)?;
                let slot = MemmapSlot {
                    response,
                    pointers,
                    entries,
                    capacity: cap,
                };
                // An empty but valid map until `fill` runs.
                slot.fill(arena, &[]);
                out.memmap = Some(slot);
                Some(arena.virt(response))
            }
            None => None,
        };
        match (response, req.kind) {
            (Some(ptr), Some(kind)) => {
                set_word(image, req.offset + RESPONSE_OFFSET, ptr)?;
                out.kinds.push(kind);
            }
            _ => out.unanswered += 1,
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::requests::scan;
    use limine::memory_map::EntryType;
    use limine::request as lr;
    use limine::BaseRevision;

    #[test]
    fn layouts_match_the_limine_crate() {
        assert_eq!(size_of::<RawFile>(), size_of::<limine::file::File>());
        assert_eq!(size_of::<RawFile>(), 112);
        // 4×u64, 16 bytes of u16+u8 fields and padding, edid, modes: 80 bytes.
        assert_eq!(size_of::<RawFramebuffer>(), 80);
        assert_eq!(
            size_of::<BootloaderInfoResponse>(),
            size_of::<limine::response::BootloaderInfoResponse>()
        );
        assert_eq!(
            size_of::<HhdmResponse>(),
            size_of::<limine::response::HhdmResponse>()
        );
        assert_eq!(
            size_of::<ListResponse>(),
            size_of::<limine::response::MemoryMapResponse>()
        );
        assert_eq!(
            size_of::<ListResponse>(),
            size_of::<limine::response::ModuleResponse>()
        );
        assert_eq!(
            size_of::<ListResponse>(),
            size_of::<limine::response::FramebufferResponse>()
        );
        assert_eq!(
            size_of::<PointerResponse>(),
            size_of::<limine::response::RsdpResponse>()
        );
        assert_eq!(
            size_of::<PointerResponse>(),
            size_of::<limine::response::ExecutableFileResponse>()
        );
    }

    #[test]
    fn mask_sizes_and_shifts() {
        assert_eq!(mask_size_shift(0x00ff_0000), (8, 16));
        assert_eq!(mask_size_shift(0x0000_07e0), (6, 5));
        assert_eq!(mask_size_shift(0xff00_0000), (8, 24));
        assert_eq!(mask_size_shift(0), (0, 0));
    }

    /// The kernel's request block as the kernel declares it, with the
    /// crate's own types.
    #[repr(C)]
    struct Requests {
        start: lr::RequestsStartMarker,
        base: BaseRevision,
        info: lr::BootloaderInfoRequest,
        stack: lr::StackSizeRequest,
        hhdm: lr::HhdmRequest,
        fb: lr::FramebufferRequest,
        memmap: lr::MemoryMapRequest,
        kernel: lr::ExecutableFileRequest,
        modules: lr::ModuleRequest,
        rsdp: lr::RsdpRequest,
        smbios: lr::SmbiosRequest,
        end: lr::RequestsEndMarker,
    }

    /// Answers through the real code path and reads everything back with
    /// the `limine` crate's accessors, as the kernel will. The arena's
    /// "physical" address is its host address and the HHDM offset is 0, so
    /// the pointers we write are valid host pointers.
    #[test]
    fn the_limine_crate_reads_our_answers() {
        let mut reqs = Box::new(Requests {
            start: lr::RequestsStartMarker::new(),
            base: BaseRevision::with_revision(2),
            info: lr::BootloaderInfoRequest::new(),
            stack: lr::StackSizeRequest::new().with_size(256 * 1024),
            hhdm: lr::HhdmRequest::new(),
            fb: lr::FramebufferRequest::new(),
            memmap: lr::MemoryMapRequest::new(),
            kernel: lr::ExecutableFileRequest::new(),
            modules: lr::ModuleRequest::new(),
            rsdp: lr::RsdpRequest::new(),
            smbios: lr::SmbiosRequest::new(),
            end: lr::RequestsEndMarker::new(),
        });
        let len = size_of::<Requests>();
        // SAFETY: `reqs` is a live, exclusively owned allocation of `len`
        // bytes; the byte view is dropped before the struct is read again.
        let image = unsafe {
            core::slice::from_raw_parts_mut((&mut *reqs as *mut Requests).cast::<u8>(), len)
        };
        let found = scan(image).unwrap();
        assert_eq!(stack_size(image, &found), 256 * 1024);

        let mut backing = vec![0u8; 16 * 1024];
        let phys = backing.as_ptr() as u64;
        let mut arena = Arena::new(&mut backing, phys, 0);
        let info = BootInfo {
            hhdm_offset: 0,
            framebuffer: Some(FramebufferInfo {
                phys: 0x8000_0000,
                width: 1280,
                height: 800,
                pitch: 5120,
                bpp: 32,
                red: (8, 16),
                green: (8, 8),
                blue: (8, 0),
            }),
            rsdp_phys: Some(0x7fb7_e014),
            kernel_file: Some(FileInfo {
                phys: 0x20_0000,
                size: 4096,
                path: "/boot/nosys".into(),
                cmdline: "fault=pagefault".into(),
            }),
            modules: vec![FileInfo {
                phys: 0x100_0000,
                size: 123,
                path: "/boot/nosys.gguf".into(),
                cmdline: "model".into(),
            }],
            memmap_capacity: 4,
        };
        let answered = answer(image, &found, &info, &mut arena).unwrap();
        assert_eq!(answered.unanswered, 1, "SMBIOS stays unanswered");
        assert_eq!(answered.kinds.len(), 8);
        assert_eq!(answered.base_revision, 2);
        let slot = answered.memmap.unwrap();
        let entries = [
            Entry {
                base: 0x1000,
                length: 0x9f000,
                entry_type: EntryType::USABLE,
            },
            Entry {
                base: 0x10_0000,
                length: 0x10_0000,
                entry_type: EntryType::EXECUTABLE_AND_MODULES,
            },
        ];
        assert_eq!(slot.fill(&mut arena, &entries), 2);

        assert!(reqs.base.is_supported());
        assert_eq!(reqs.base.loaded_revision(), Some(2));
        let bl = reqs.info.get_response().unwrap();
        assert_eq!((bl.name(), bl.version()), (LOADER_NAME, LOADER_VERSION));
        assert!(reqs.stack.get_response().is_some());
        assert_eq!(reqs.hhdm.get_response().unwrap().offset(), 0);
        assert_eq!(reqs.rsdp.get_response().unwrap().address(), 0x7fb7_e014);
        assert!(reqs.smbios.get_response().is_none());

        let fb = reqs
            .fb
            .get_response()
            .unwrap()
            .framebuffers()
            .next()
            .unwrap();
        assert_eq!(
            (fb.width(), fb.height(), fb.pitch(), fb.bpp()),
            (1280, 800, 5120, 32)
        );
        assert_eq!(fb.addr() as u64, 0x8000_0000);
        assert_eq!((fb.red_mask_size(), fb.red_mask_shift()), (8, 16));
        assert_eq!((fb.blue_mask_size(), fb.blue_mask_shift()), (8, 0));
        assert!(fb.memory_model() == MemoryModel::RGB);
        let modes = fb.modes().unwrap();
        assert_eq!(
            (modes.len(), modes[0].width, modes[0].green_mask_shift),
            (1, 1280, 8)
        );

        let mm = reqs.memmap.get_response().unwrap().entries();
        assert_eq!(mm.len(), 2);
        assert_eq!((mm[1].base, mm[1].length), (0x10_0000, 0x10_0000));
        assert!(mm[1].entry_type == EntryType::EXECUTABLE_AND_MODULES);

        let kf = reqs.kernel.get_response().unwrap().file();
        assert_eq!(kf.path().to_str(), Ok("/boot/nosys"));
        assert_eq!(kf.string().to_str(), Ok("fault=pagefault"));
        let mods = reqs.modules.get_response().unwrap().modules();
        assert_eq!(mods.len(), 1);
        assert_eq!((mods[0].addr() as u64, mods[0].size()), (0x100_0000, 123));
        assert_eq!(mods[0].path().to_str(), Ok("/boot/nosys.gguf"));
        assert_eq!(mods[0].string().to_str(), Ok("model"));
    }

    #[test]
    fn nothing_to_answer_with_leaves_requests_unanswered() {
        let mut reqs = Box::new((lr::RsdpRequest::new(), lr::FramebufferRequest::new()));
        let len = size_of::<(lr::RsdpRequest, lr::FramebufferRequest)>();
        // SAFETY: as above, an exclusively owned allocation viewed as bytes.
        let image =
            unsafe { core::slice::from_raw_parts_mut(&mut *reqs as *mut _ as *mut u8, len) };
        let found = scan(image).unwrap();
        let mut backing = vec![0u8; 1024];
        let phys = backing.as_ptr() as u64;
        let mut arena = Arena::new(&mut backing, phys, 0);
        let answered = answer(image, &found, &BootInfo::default(), &mut arena).unwrap();
        assert_eq!(answered.unanswered, 2);
        assert!(reqs.0.get_response().is_none());
        assert!(reqs.1.get_response().is_none());
    }

    #[test]
    fn a_full_arena_is_an_error() {
        let mut reqs = Box::new(lr::BootloaderInfoRequest::new());
        // SAFETY: as above.
        let image = unsafe {
            core::slice::from_raw_parts_mut(
                &mut *reqs as *mut _ as *mut u8,
                size_of::<lr::BootloaderInfoRequest>(),
            )
        };
        let found = scan(image).unwrap();
        let mut backing = vec![0u8; 8];
        let phys = backing.as_ptr() as u64;
        let mut arena = Arena::new(&mut backing, phys, 0);
        assert!(matches!(
            answer(image, &found, &BootInfo::default(), &mut arena),
            Err(ResponseError::ArenaFull { .. })
        ));
    }
}
