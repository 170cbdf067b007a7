//! Limine boot protocol requests and safe accessors for their responses.
//!
//! The kernel asks for base revision 2, the newest one Limine 8.x knows; newer
//! Limine releases still accept it. A loader that cannot honour it leaves the
//! tag unchanged, which [`base_revision_supported`] reports: the kernel logs a
//! warning and carries on with whatever responses it got, rather than dying
//! before it can say anything.
//!
//! Every request sits between the start and end markers in
//! `.limine_requests`, so a loader scans only that range (base revision 2
//! makes the markers binding).

use limine::file::File;
use limine::framebuffer::Framebuffer;
use limine::memory_map::Entry;
use limine::request::{
    BootloaderInfoRequest, ExecutableFileRequest, FramebufferRequest, HhdmRequest,
    MemoryMapRequest, ModuleRequest, RequestsEndMarker, RequestsStartMarker, RsdpRequest,
    StackSizeRequest,
};
use limine::BaseRevision;

/// Stack the loader must give the boot CPU: model code and the panic path
/// both need more than Limine's 64 KiB default.
pub const STACK_SIZE: u64 = 1024 * 1024;

/// The base revision we ask for (see the module comment).
pub const REQUESTED_BASE_REVISION: u64 = 2;

#[used]
#[link_section = ".limine_requests_start"]
static REQUESTS_START: RequestsStartMarker = RequestsStartMarker::new();

#[used]
#[link_section = ".limine_requests"]
static BASE_REVISION: BaseRevision = BaseRevision::with_revision(REQUESTED_BASE_REVISION);

#[used]
#[link_section = ".limine_requests"]
static FRAMEBUFFER: FramebufferRequest = FramebufferRequest::new();

#[used]
#[link_section = ".limine_requests"]
static MEMORY_MAP: MemoryMapRequest = MemoryMapRequest::new();

#[used]
#[link_section = ".limine_requests"]
static HHDM: HhdmRequest = HhdmRequest::new();

#[used]
#[link_section = ".limine_requests"]
static RSDP: RsdpRequest = RsdpRequest::new();

#[used]
#[link_section = ".limine_requests"]
static MODULES: ModuleRequest = ModuleRequest::new();

#[used]
#[link_section = ".limine_requests"]
static BOOTLOADER_INFO: BootloaderInfoRequest = BootloaderInfoRequest::new();

#[used]
#[link_section = ".limine_requests"]
static STACK: StackSizeRequest = StackSizeRequest::new().with_size(STACK_SIZE);

/// The kernel file's entry gives us the `cmdline:` of limine.conf (Limine 8.x
/// has no separate command-line request).
#[used]
#[link_section = ".limine_requests"]
static KERNEL_FILE: ExecutableFileRequest = ExecutableFileRequest::new();

#[used]
#[link_section = ".limine_requests_end"]
static REQUESTS_END: RequestsEndMarker = RequestsEndMarker::new();

/// `true` when the loader honoured the requested base revision.
pub fn base_revision_supported() -> bool {
    BASE_REVISION.is_supported()
}

/// The first framebuffer, if the loader set one up.
pub fn framebuffer() -> Option<Framebuffer<'static>> {
    FRAMEBUFFER.get_response()?.framebuffers().next()
}

/// The physical memory map, sorted by base (empty if the loader gave none).
pub fn memory_map() -> &'static [&'static Entry] {
    MEMORY_MAP.get_response().map_or(&[], |r| r.entries())
}

/// Offset of the higher-half direct map: physical `p` is at `p + offset`.
/// `None` only if the loader did not answer, in which case nothing physical
/// is reachable and the caller should stop.
pub fn hhdm_offset() -> Option<u64> {
    HHDM.get_response().map(|r| r.offset())
}

/// Physical address of the ACPI RSDP. Base revisions up to 2 hand out an
/// HHDM address, newer ones a physical one; this accepts both.
pub fn rsdp_physical() -> Option<u64> {
    let addr = RSDP.get_response()?.address() as u64;
    let hhdm = hhdm_offset().unwrap_or(0);
    Some(if hhdm != 0 && addr >= hhdm {
        addr - hhdm
    } else {
        addr
    })
}

/// The boot modules (the default model among them), in limine.conf order.
pub fn modules() -> &'static [&'static File] {
    MODULES.get_response().map_or(&[], |r| r.modules())
}

/// The bytes of the first module whose cmdline equals `name` or whose path
/// ends with `name` (e.g. `find_module("nosys.gguf")`).
#[allow(dead_code, reason = "API for the model loader")]
pub fn find_module(name: &str) -> Option<&'static [u8]> {
    let file = modules().iter().find(|m| {
        m.string().to_bytes() == name.as_bytes() || m.path().to_bytes().ends_with(name.as_bytes())
    })?;
    // SAFETY: the loader placed the module at `addr` (HHDM-mapped, in
    // executable-and-modules memory nobody else owns) and reported its size.
    Some(unsafe { core::slice::from_raw_parts(file.addr(), file.size() as usize) })
}

/// Bootloader name and version, e.g. `("nosys-loader", "0.1.0")` or
/// `("Limine", "8.7.0")`.
pub fn bootloader() -> Option<(&'static str, &'static str)> {
    BOOTLOADER_INFO
        .get_response()
        .map(|r| (r.name(), r.version()))
}

/// The kernel command line (limine.conf `cmdline:`), empty if none.
pub fn cmdline() -> &'static str {
    KERNEL_FILE
        .get_response()
        .and_then(|r| r.file().string().to_str().ok())
        .unwrap_or("")
}

/// `true` if the command line contains `word` as a whole
/// whitespace-separated word (e.g. `fault=pagefault`).
#[allow(dead_code, reason = "API for kernel flags without a value")]
pub fn cmdline_has(word: &str) -> bool {
    cmdline().split_ascii_whitespace().any(|w| w == word)
}

/// The value of `key=value` on the command line, if present.
pub fn cmdline_value(key: &str) -> Option<&'static str> {
    cmdline()
        .split_ascii_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}
