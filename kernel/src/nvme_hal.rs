//! The NVMe driver's [`nvme::Hal`] over the kernel's memory and clock, and
//! the data volume: find NVMe controllers on PCI, bring them up, report
//! every namespace, and mount the first FAT volume found (writable only when
//! labelled NOSYS; the `storage` crate decides).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::Cell;
use core::ptr::NonNull;

use blockdev::BlockDevice;
use command::{DiskInfo, Files, NamespaceInfo};
use nvme::{Config, Controller, Dma, Hal, NvmeDisk};
use pci::{Bar, ConfigAccess, Device};
use storage::Volume;

use crate::console::Devices;
use crate::memory::{self, DmaBuffer};
use crate::{boot, time};

/// BAR0 of one controller plus the DMA buffers the driver owns.
pub struct KernelHal {
    regs: *mut u8,
    regs_len: usize,
    /// Kept so they are never freed while the controller may DMA into them.
    buffers: Vec<DmaBuffer>,
    /// Stands in for the clock if `time::init` has not run (it always sets
    /// a TSC rate, measured or guessed, so this is a guard, not a path the
    /// boot takes): each reading counts as 10 us, so a wait of T ms ends
    /// after 100 T polls, however long those really take.
    fallback_us: Cell<u64>,
}

impl KernelHal {
    /// Whether a dword register access at `offset` is aligned and inside BAR0. The driver
    /// only asks for aligned offsets; this makes the SAFETY claims below checked, not assumed.
    fn dword_in_bar(&self, offset: usize) -> bool {
        offset.is_multiple_of(4)
            && offset
                .checked_add(4)
                .is_some_and(|end| end <= self.regs_len)
    }
}

// SAFETY: `dma_alloc` returns heap pages from `memory::alloc_dma` (zeroed,
// page aligned, physically contiguous, HHDM-mapped at `virt`, physical at
// `phys`), kept in `buffers` for the HAL's lifetime; `regs` maps the whole
// BAR0 uncached, and accesses are checked against it for bounds and alignment.
unsafe impl Hal for KernelHal {
    fn dma_alloc(&mut self, pages: usize) -> Option<Dma> {
        let buf = memory::alloc_dma(pages).ok()?;
        let dma = Dma {
            virt: NonNull::new(buf.virt())?,
            phys: buf.phys(),
            len: buf.len(),
        };
        self.buffers.push(buf);
        Some(dma)
    }

    fn mmio_read32(&self, offset: usize) -> u32 {
        if !self.dword_in_bar(offset) {
            return u32::MAX;
        }
        // SAFETY: `dword_in_bar` checked that the four bytes lie inside the uncached BAR0
        // mapping and that `offset` is a multiple of 4; a PCI BAR is aligned to its size, so the
        // access is an aligned dword, as NVMe registers must be accessed.
        unsafe { core::ptr::read_volatile(self.regs.add(offset) as *const u32) }
    }

    fn mmio_write32(&mut self, offset: usize, value: u32) {
        if !self.dword_in_bar(offset) {
            return;
        }
        // SAFETY: as in `mmio_read32`.
        unsafe { core::ptr::write_volatile(self.regs.add(offset) as *mut u32, value) }
    }

    fn now_us(&self) -> u64 {
        if time::tsc_hz() == 0 {
            let t = self.fallback_us.get() + 10;
            self.fallback_us.set(t);
            return t;
        }
        time::uptime_ns() / 1000
    }
}

impl Drop for KernelHal {
    /// A controller that failed to start may still hold our queue and
    /// buffer addresses; freeing them would let it write into whatever the
    /// heap hands out next. DMA memory given to a device is never returned.
    fn drop(&mut self) {
        for buf in self.buffers.drain(..) {
            core::mem::forget(buf);
        }
    }
}

pub type DataVolume = Volume<NvmeDisk<KernelHal>>;

/// What storage init found: every controller (for `disk`) and the mounted volume.
pub struct Storage {
    pub disks: Vec<DiskInfo>,
    pub volume: Option<DataVolume>,
}

/// Brings up every NVMe controller in `devices` and mounts the first FAT
/// volume on any of their namespaces. Never panics: every failure is
/// logged and reported in the disk's `mount` line.
pub fn init(cfg: &dyn ConfigAccess, devices: &[Device]) -> Storage {
    let mut out = Storage {
        disks: Vec::new(),
        volume: None,
    };
    for (i, dev) in devices.iter().filter(|d| d.is_nvme()).enumerate() {
        let (info, volume) = init_one(cfg, dev, format!("nvme{i}"));
        log::info!("{} ({}): {}", info.name, dev.address, info.mount);
        out.disks.push(info);
        if out.volume.is_none() {
            out.volume = volume;
        }
    }
    if out.disks.is_empty() {
        log::info!("nvme: no controller found");
    }
    out
}

fn init_one(cfg: &dyn ConfigAccess, dev: &Device, name: String) -> (DiskInfo, Option<DataVolume>) {
    let mut info = DiskInfo {
        name,
        ..DiskInfo::default()
    };
    let fail = |mut info: DiskInfo, why: String| {
        info.mount = format!("not mounted: {why}");
        (info, None)
    };
    let Some(Bar::Memory { address, size, .. }) = dev.bars[0] else {
        return fail(info, "BAR0 is not a memory BAR".into());
    };
    if address == 0 {
        return fail(info, "BAR0 was never assigned an address".into());
    }
    pci::enable_mmio_and_dma(cfg, dev.address);
    let regs = match memory::map_mmio(address, size as usize) {
        Ok(p) => p,
        Err(e) => return fail(info, format!("mapping BAR0: {e}")),
    };
    let hal = KernelHal {
        regs,
        regs_len: size as usize,
        buffers: Vec::new(),
        fallback_us: Cell::new(0),
    };
    let ctrl = match Controller::init(hal, Config::default()) {
        Ok(c) => c,
        Err(e) => return fail(info, format!("controller init: {e}")),
    };
    let ci = ctrl.info();
    info.model = ci.model.clone();
    info.serial = ci.serial.clone();
    info.firmware = ci.firmware.clone();
    info.namespaces = ctrl
        .namespaces()
        .iter()
        .map(|n| NamespaceInfo {
            id: n.id,
            blocks: n.blocks,
            lba_size: n.block_size,
        })
        .collect();
    info.capacity_bytes = ctrl.namespaces().iter().map(|n| n.bytes()).sum();
    info.lba_size = ctrl.namespaces().first().map(|n| n.block_size).unwrap_or(0);
    let (maj, min, ter) = ctrl.version();
    log::info!(
        "{} ({}): {} (serial {}, firmware {}), NVMe {maj}.{min}.{ter}, {} namespace(s), max transfer {} KiB",
        info.name,
        dev.address,
        ci.model,
        ci.serial,
        ci.firmware,
        ctrl.namespaces().len(),
        ctrl.max_transfer() / 1024
    );
    for n in ctrl.namespaces() {
        log::info!(
            "{}: namespace {}: {} blocks of {} bytes ({} MiB)",
            info.name,
            n.id,
            n.blocks,
            n.block_size,
            n.bytes() >> 20
        );
    }

    // Probe namespaces in order; the first with a FAT volume is mounted.
    let mut ctrl = Some(ctrl);
    let namespaces = ctrl
        .as_ref()
        .map(|c| c.namespaces().to_vec())
        .unwrap_or_default();
    let mut reasons = Vec::new();
    for ns in namespaces {
        let Some(c) = ctrl.take() else { break };
        let mut disk = NvmeDisk::new(c, ns.clone(), info.name.clone());
        match storage::partition::find_fat(&mut disk) {
            Ok(part) => {
                return match Volume::mount(disk) {
                    Ok(vol) => {
                        let mode = match vol.read_only_reason() {
                            None => String::from("read-write"),
                            Some(why) => format!("read-only: {why}"),
                        };
                        info.mount = format!(
                            "mounted {} ({}) from namespace {}, {part}, {mode}",
                            vol.label(),
                            vol.fat_type().name(),
                            ns.id
                        );
                        (info, Some(vol))
                    }
                    Err(e) => fail(info, format!("namespace {}: {e}", ns.id)),
                };
            }
            Err(e) => {
                reasons.push(format!("namespace {}: {e}", ns.id));
                ctrl = Some(disk.into_controller());
            }
        }
    }
    if reasons.is_empty() {
        reasons.push("no active namespace".into());
    }
    fail(info, reasons.join("; "))
}

/// Everything the applets need from PCI and storage, in one call for
/// `kmain`: enumerate PCI (ECAM or ports), bring up NVMe, mount the data
/// volume. With `diskbench=<path>` on the command line, also measures read
/// throughput of that file (see docs/storage.md).
pub fn discover(rsdp: Option<u64>) -> Devices {
    let access = crate::pci::Access::new(rsdp);
    let devices = crate::pci::enumerate(&access);
    let mut storage = init(&access, &devices);
    if let Some(v) = storage.volume.as_mut() {
        v.set_clock(rtc_timestamp);
        if let Some(file) = boot::cmdline_value("diskbench") {
            bench(v, file, BENCH_RAW_BYTES, BENCH_CHUNK);
        }
    }
    Devices {
        pci: devices.iter().map(crate::pci::to_applet).collect(),
        disks: storage.disks,
        files: storage
            .volume
            .map(|v| alloc::boxed::Box::new(v) as alloc::boxed::Box<dyn Files>),
    }
}

/// File timestamps from the RTC; a fixed date when it cannot be read.
fn rtc_timestamp() -> storage::Timestamp {
    let (y, mo, d, h, mi, s) = match time::rtc_now() {
        Ok(t) => (t.year, t.month, t.day, t.hour, t.minute, t.second),
        Err(_) => (2026, 1, 1, 0, 0, 0),
    };
    storage::Timestamp {
        year_since_1970: y.saturating_sub(1970).min(255) as u8,
        zero_indexed_month: mo.saturating_sub(1),
        zero_indexed_day: d.saturating_sub(1),
        hours: h,
        minutes: mi,
        seconds: s,
    }
}

/// How much `diskbench` reads from the raw namespace, and in what requests.
const BENCH_RAW_BYTES: usize = 32 << 20;
const BENCH_CHUNK: usize = 256 << 10;

/// Sequential read throughput of the raw namespace and of one file through
/// FAT, for docs/storage.md. Reads `bytes` from block 0 in `chunk`-byte
/// requests, then the file whole.
pub fn bench(volume: &mut DataVolume, file: &str, bytes: usize, chunk: usize) {
    let raw = volume.with_device(|d| {
        let bs = d.block_size();
        let chunk = (chunk / bs).max(1) * bs;
        let total = (bytes / chunk).max(1) * chunk;
        let total = total.min((d.block_count() as usize * bs) / chunk * chunk);
        let mut buf = alloc::vec![0u8; chunk];
        let start = time::uptime_ns();
        let mut lba = 0u64;
        let mut done = 0usize;
        while done < total {
            if let Err(e) = d.read_blocks(lba, &mut buf) {
                return Err(format!("{e}"));
            }
            lba += (chunk / bs) as u64;
            done += chunk;
        }
        Ok((done, time::uptime_ns() - start))
    });
    match raw {
        Ok((n, ns)) => log::info!(
            "diskbench: raw namespace read {} KiB in {} KiB requests: {} ms, {} MiB/s",
            n / 1024,
            chunk / 1024,
            ns / 1_000_000,
            mib_per_s(n, ns)
        ),
        Err(e) => log::warn!("diskbench: raw read failed: {e}"),
    }
    let start = time::uptime_ns();
    match volume.read(file) {
        Ok(data) => {
            let ns = time::uptime_ns() - start;
            log::info!(
                "diskbench: file {file}: {} KiB through FAT in {} ms, {} MiB/s, fnv1a64 {:016x}",
                data.len() / 1024,
                ns / 1_000_000,
                mib_per_s(data.len(), ns),
                fnv1a64(&data)
            );
        }
        Err(e) => log::warn!("diskbench: reading {file}: {e}"),
    }
}

/// FNV-1a, 64-bit: lets the log prove the kernel read the same bytes as
/// the host (`python3 -c` one-liner in docs/storage.md).
fn fnv1a64(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// MiB/s with two decimals, as a string (no float formatting needed).
fn mib_per_s(bytes: usize, ns: u64) -> String {
    if ns == 0 {
        return "inf".into();
    }
    let hundredths = (bytes as u128 * 100 * 1_000_000_000) / (ns as u128 * 1024 * 1024);
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}
