//! A mounted FAT volume: `embedded-sdmmc` underneath, [`applets::Files`] on top.
//!
//! What the crate lacks is done here with raw directory and FAT edits
//! through the same block adapter (whose cache is dropped around them):
//! freeing a deleted file's clusters (the crate only marks the entry),
//! renaming in place, mtools-compatible lower-case 8.3 names (the NT case
//! bits), free-space counting, and a correct FSInfo on flush.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::rc::Rc;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::cell::Cell;
use core::fmt;
use core::ops::ControlFlow;

use applets::{DirEntry, Files, FsError, VolumeInfo};
use embedded_sdmmc::{
    BlockIdx, LfnBuffer, Mode, RawDirectory, RawFile, RawVolume, ShortFileName, TimeSource,
    Timestamp, VolumeIdx, VolumeManager,
};

use crate::adapter::{block_position, Adapter};
use crate::bpb::{Bpb, FatType};
use crate::partition::{self, Partition, PartitionError};
use crate::{BlockDevice, BlockError, WRITABLE_LABEL};

const SECTOR: usize = 512;
const DIR_ENTRY_LEN: usize = 32;
const ATTR_LFN: u8 = 0x0F;
const DELETED: u8 = 0xE5;
/// Windows NT "lower-case base / extension" bits in byte 12 of an entry.
const NT_LOWER_BASE: u8 = 0x08;
const NT_LOWER_EXT: u8 = 0x10;
const FSINFO_LEAD_SIG: u32 = 0x4161_5252;
const FSINFO_FREE_COUNT: usize = 488;
const FSINFO_NEXT_FREE: usize = 492;
const LFN_BYTES: usize = 1024;
/// FAT entry values at or above these end a chain.
const FAT16_CHAIN_END: u32 = 0xFFF8;
const FAT32_CHAIN_END: u32 = 0x0FFF_FFF8;

type Mgr<D> = VolumeManager<Adapter<D>, Clock, 4, 2, 1>;

/// Where file timestamps come from: the kernel's RTC, or a fixed date.
/// Shared with the `VolumeManager`, which owns its time source and offers
/// no way to reach it afterwards.
pub struct Clock {
    now: Rc<Cell<fn() -> Timestamp>>,
}

fn default_time() -> Timestamp {
    // 2026-01-01 00:00:00, until the kernel gives us a clock.
    Timestamp {
        year_since_1970: 56,
        zero_indexed_month: 0,
        zero_indexed_day: 0,
        hours: 0,
        minutes: 0,
        seconds: 0,
    }
}

impl TimeSource for Clock {
    fn get_timestamp(&self) -> Timestamp {
        (self.now.get())()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MountError {
    Partition(PartitionError),
    Device(BlockError),
    /// A FAT variant or geometry embedded-sdmmc cannot mount.
    Unsupported(String),
    /// The crate rejected the volume; its reason.
    Fat(String),
}

impl fmt::Display for MountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MountError::Partition(e) => write!(f, "{e}"),
            MountError::Device(e) => write!(f, "device error: {e}"),
            MountError::Unsupported(s) => write!(f, "unsupported volume: {s}"),
            MountError::Fat(s) => write!(f, "FAT volume rejected: {s}"),
        }
    }
}

impl From<PartitionError> for MountError {
    fn from(e: PartitionError) -> Self {
        MountError::Partition(e)
    }
}

impl From<BlockError> for MountError {
    fn from(e: BlockError) -> Self {
        MountError::Device(e)
    }
}

type SdErr = embedded_sdmmc::Error<BlockError>;

fn fs_err(e: SdErr) -> FsError {
    use embedded_sdmmc::Error as E;
    match e {
        E::DeviceError(BlockError::WriteProtected) => FsError::ReadOnly,
        // Only the allocator's overrun (see `ensure_space`) goes past the
        // volume's end.
        E::DeviceError(BlockError::OutOfRange { .. }) => FsError::DiskFull,
        E::DeviceError(d) => FsError::Device(d.to_string()),
        E::NotFound => FsError::NotFound,
        E::FilenameError(_) => FsError::InvalidPath,
        E::OpenedDirAsFile => FsError::IsADirectory,
        E::OpenedFileAsDir => FsError::NotADirectory,
        E::DeleteNonEmptyDir => FsError::DirectoryNotEmpty,
        E::NotEnoughSpace | E::DiskFull => FsError::DiskFull,
        E::FileAlreadyExists | E::DirAlreadyExists => FsError::AlreadyExists,
        E::ReadOnly => FsError::ReadOnly,
        E::FormatError(s) => FsError::Corrupt(s.to_owned()),
        e @ (E::BadCluster | E::UnterminatedFatChain | E::AllocationError) => {
            FsError::Corrupt(e.to_string())
        }
        e => FsError::Device(format!("filesystem: {e}")),
    }
}

fn dev_err(e: BlockError) -> FsError {
    match e {
        BlockError::WriteProtected => FsError::ReadOnly,
        e => FsError::Device(e.to_string()),
    }
}

/// One directory entry found by name.
struct Found {
    entry: embedded_sdmmc::DirEntry,
    long_name: Option<String>,
}

impl Found {
    fn is_dir(&self) -> bool {
        self.entry.attributes.is_directory()
    }
}

fn short_name_string(sfn: &ShortFileName, nt_flags: u8) -> String {
    let conv = |bytes: &[u8], lower: bool| -> String {
        bytes
            .iter()
            .map(|&b| {
                let c = b as char; // 8.3 names are ISO-8859-1 here
                if lower {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect()
    };
    let mut s = conv(sfn.base_name(), nt_flags & NT_LOWER_BASE != 0);
    let ext = sfn.extension();
    if !ext.is_empty() {
        s.push('.');
        s.push_str(&conv(ext, nt_flags & NT_LOWER_EXT != 0));
    }
    s
}

/// NT case bits that make the 8.3 name display as `name` was typed, or
/// `None` when `name` mixes cases within a part (needs a long name).
fn nt_case_bits(name: &str) -> Option<u8> {
    let (base, ext) = match name.rfind('.') {
        Some(i) => (&name[..i], &name[i + 1..]),
        None => (name, ""),
    };
    let part = |s: &str, bit: u8| -> Option<u8> {
        let lower = s.chars().any(|c| c.is_ascii_lowercase());
        let upper = s.chars().any(|c| c.is_ascii_uppercase());
        match (lower, upper) {
            (true, true) => None,
            (true, false) => Some(bit),
            _ => Some(0),
        }
    };
    Some(part(base, NT_LOWER_BASE)? | part(ext, NT_LOWER_EXT)?)
}

/// Splits an absolute or relative path into components, resolving `.`/`..`.
fn components(path: &str) -> Result<Vec<&str>, FsError> {
    let mut out = Vec::new();
    for c in path.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            c if c.contains('\\') || c.chars().any(|ch| ch.is_control()) => {
                return Err(FsError::InvalidPath);
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// Parent components and final name; `None` name for the root.
fn split_last(path: &str) -> Result<(Vec<&str>, Option<&str>), FsError> {
    let mut comps = components(path)?;
    let last = comps.pop();
    Ok((comps, last))
}

pub struct Volume<D: BlockDevice> {
    mgr: Mgr<D>,
    raw: RawVolume,
    bpb: Bpb,
    partition: Partition,
    clock: Rc<Cell<fn() -> Timestamp>>,
    label: String,
    read_only_reason: Option<String>,
    /// Free clusters as last counted; cleared by every operation that may
    /// change it, so `df` on a large FAT32 volume does not reread the FAT.
    free_clusters: Cell<Option<u32>>,
}

impl<D: BlockDevice> Volume<D> {
    /// Finds the FAT volume on `dev` and mounts it; writable only when its
    /// label is [`WRITABLE_LABEL`].
    pub fn mount(mut dev: D) -> Result<Self, MountError> {
        let partition = partition::find_fat(&mut dev)?;
        let boot = partition::read_bytes(&mut dev, partition.start, SECTOR)?;
        let bpb = Bpb::parse(&boot).ok_or(MountError::Fat("boot sector vanished".into()))?;
        if bpb.fat_type == FatType::Fat12 {
            return Err(MountError::Unsupported(
                "FAT12 (format the volume as FAT16 or FAT32)".into(),
            ));
        }
        if bpb.bytes_per_sector as usize != SECTOR {
            return Err(MountError::Unsupported(format!(
                "{}-byte FAT sectors (only 512 is supported)",
                bpb.bytes_per_sector
            )));
        }
        let fat32 = bpb.fat_type == FatType::Fat32;
        let adapter = Adapter::new(dev, partition.start, partition.len, fat32, false);
        let now = Rc::new(Cell::new(default_time as fn() -> Timestamp));
        let clock = Clock { now: now.clone() };
        let mgr: Mgr<D> = VolumeManager::new_with_limits(adapter, clock, 0);
        let raw = mgr
            .open_raw_volume(VolumeIdx(0))
            .map_err(|e| MountError::Fat(e.to_string()))?;
        let mut vol = Volume {
            mgr,
            raw,
            bpb,
            partition,
            clock: now,
            label: String::new(),
            read_only_reason: None,
            free_clusters: Cell::new(None),
        };
        vol.label = vol
            .read_label()
            .map_err(|e| MountError::Fat(e.to_string()))?;
        if vol.label == WRITABLE_LABEL {
            vol.mgr.device(|a| a.set_writable(true));
        } else {
            vol.read_only_reason = Some(if vol.label.is_empty() {
                format!("the volume has no label, not {WRITABLE_LABEL}")
            } else {
                format!("label is {}, not {WRITABLE_LABEL}", vol.label)
            });
        }
        Ok(vol)
    }

    /// The label as a user sees it: the root directory's label entry (what
    /// Windows and mlabel change), else the boot sector's.
    fn read_label(&self) -> Result<String, SdErr> {
        let root = self.mgr.open_root_dir(self.raw)?;
        let mut label = None;
        let r = self.mgr.iterate_dir(root, |de| {
            if de.attributes.is_volume() && !de.attributes.is_lfn() {
                let mut raw = Vec::from(de.name.base_name());
                raw.extend_from_slice(de.name.extension());
                label = Some(raw);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.mgr.close_dir(root)?;
        r?;
        // base_name/extension split at the first space; a label is one
        // 11-byte field, so reread it whole when it was split.
        let raw = match label {
            Some(_) => self.root_label_bytes()?.unwrap_or(self.bpb.label),
            None => self.bpb.label,
        };
        let s: String = raw.iter().map(|&b| b as char).collect();
        let s = s.trim_end().to_string();
        Ok(if s == "NO NAME" { String::new() } else { s })
    }

    /// The 11 raw bytes of the root directory's volume-label entry.
    fn root_label_bytes(&self) -> Result<Option<[u8; 11]>, SdErr> {
        let root = self.mgr.open_root_dir(self.raw)?;
        let mut at = None;
        let r = self.mgr.iterate_dir(root, |de| {
            if de.attributes.is_volume() && !de.attributes.is_lfn() {
                at = Some((de.entry_block, de.entry_offset));
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        self.mgr.close_dir(root)?;
        r?;
        let Some((block, offset)) = at else {
            return Ok(None);
        };
        let sector = self.read_crate_block(block).map_err(SdErr::DeviceError)?;
        let mut out = [0u8; 11];
        out.copy_from_slice(&sector[offset as usize..offset as usize + 11]);
        Ok(Some(out))
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    pub fn partition(&self) -> Partition {
        self.partition
    }

    pub fn fat_type(&self) -> FatType {
        self.bpb.fat_type
    }

    pub fn writable(&self) -> bool {
        self.read_only_reason.is_none()
    }

    pub fn read_only_reason(&self) -> Option<&str> {
        self.read_only_reason.as_deref()
    }

    /// Refuses every write from now on (e.g. the user asked for it).
    pub fn make_read_only(&mut self, reason: &str) {
        self.read_only_reason = Some(reason.into());
        self.mgr.device(|a| a.set_writable(false));
    }

    /// Sets where file timestamps come from.
    pub fn set_clock(&mut self, now: fn() -> Timestamp) {
        self.clock.set(now);
    }

    /// Runs `f` on the block device (e.g. for `disk bench`).
    pub fn with_device<R>(&self, f: impl FnOnce(&mut D) -> R) -> R {
        self.mgr.device(|a| a.with_device(f))
    }

    /// Writes FSInfo, flushes the device and gives it back.
    pub fn unmount(mut self) -> Result<D, FsError> {
        if self.writable() {
            self.flush()?;
        }
        let _ = self.mgr.close_volume(self.raw);
        let (adapter, _) = self.mgr.free();
        Ok(adapter.into_inner())
    }

    // ---- raw access below the crate --------------------------------------

    fn read_crate_block(&self, idx: BlockIdx) -> Result<[u8; SECTOR], BlockError> {
        self.mgr.device(|a| {
            let pos = block_position(a, idx)?;
            let mut buf = [0u8; SECTOR];
            a.read_sector(pos, &mut buf)?;
            Ok(buf)
        })
    }

    fn write_crate_block(&self, idx: BlockIdx, data: &[u8; SECTOR]) -> Result<(), BlockError> {
        self.mgr.device(|a| {
            let pos = block_position(a, idx)?;
            a.write_sector(pos, data)
        })
    }

    /// Byte position of FAT copy `copy`'s entry for `cluster`.
    fn fat_entry_pos(&self, copy: u32, cluster: u32) -> u64 {
        let entry_len = if self.bpb.fat_type == FatType::Fat32 {
            4
        } else {
            2
        };
        self.partition.start
            + (self.bpb.reserved_sectors as u64 + copy as u64 * self.bpb.fat_sectors as u64)
                * SECTOR as u64
            + cluster as u64 * entry_len
    }

    fn fat_get(&self, cluster: u32) -> Result<u32, BlockError> {
        let pos = self.fat_entry_pos(0, cluster);
        let sector_pos = pos - pos % SECTOR as u64;
        let off = (pos - sector_pos) as usize;
        let mut buf = [0u8; SECTOR];
        self.mgr.device(|a| a.read_sector(sector_pos, &mut buf))?;
        Ok(match self.bpb.fat_type {
            FatType::Fat32 => {
                u32::from_le_bytes(buf[off..off + 4].try_into().unwrap_or([0; 4])) & 0x0FFF_FFFF
            }
            _ => u16::from_le_bytes([buf[off], buf[off + 1]]) as u32,
        })
    }

    fn fat_set(&self, cluster: u32, value: u32) -> Result<(), BlockError> {
        for copy in 0..self.bpb.fat_count {
            let pos = self.fat_entry_pos(copy, cluster);
            let sector_pos = pos - pos % SECTOR as u64;
            let off = (pos - sector_pos) as usize;
            let mut buf = [0u8; SECTOR];
            self.mgr.device(|a| -> Result<(), BlockError> {
                a.read_sector(sector_pos, &mut buf)?;
                match self.bpb.fat_type {
                    FatType::Fat32 => {
                        let old =
                            u32::from_le_bytes(buf[off..off + 4].try_into().unwrap_or([0; 4]));
                        let v = (old & 0xF000_0000) | (value & 0x0FFF_FFFF);
                        buf[off..off + 4].copy_from_slice(&v.to_le_bytes());
                    }
                    _ => buf[off..off + 2].copy_from_slice(&(value as u16).to_le_bytes()),
                }
                a.write_sector(sector_pos, &buf)
            })?;
        }
        Ok(())
    }

    /// Marks every cluster of the chain starting at `first` free. Stops at
    /// the chain's end, a free or out-of-range entry, or after as many steps
    /// as there are clusters, so a corrupt (looping) chain cannot hang us.
    fn free_chain(&self, first: u32) -> Result<(), FsError> {
        let end = if self.bpb.fat_type == FatType::Fat32 {
            FAT32_CHAIN_END
        } else {
            FAT16_CHAIN_END
        };
        let max = self.bpb.cluster_count + 2;
        let mut c = first;
        for _ in 0..max {
            if c < 2 || c >= max {
                return Ok(());
            }
            let next = self.fat_get(c).map_err(dev_err)?;
            self.fat_set(c, 0).map_err(dev_err)?;
            if next == 0 || next >= end {
                return Ok(());
            }
            c = next;
        }
        Err(FsError::Corrupt(format!(
            "cluster chain from {first} loops"
        )))
    }

    fn clusters_for(&self, bytes: u64) -> u64 {
        bytes.div_ceil(self.bpb.cluster_bytes())
    }

    fn entry_byte(&self, f: &Found, index: usize) -> Result<u8, FsError> {
        let sector = self
            .read_crate_block(f.entry.entry_block)
            .map_err(dev_err)?;
        Ok(sector[f.entry.entry_offset as usize + index])
    }

    /// Fails with `DiskFull` unless `needed` clusters are free, before
    /// anything is written. Required, not just polite: embedded-sdmmc's
    /// allocator scans past the last cluster into the slack of the FAT's
    /// last sector and would hand out clusters beyond the volume's end.
    /// Stops scanning as soon as enough are found.
    fn ensure_space(&self, needed: u64) -> Result<(), FsError> {
        if needed == 0 {
            return Ok(());
        }
        let entry_len: u64 = if self.bpb.fat_type == FatType::Fat32 {
            4
        } else {
            2
        };
        let per_sector = SECTOR as u64 / entry_len;
        let end = self.bpb.cluster_count as u64 + 2;
        let mut found = 0u64;
        let mut sector = [0u8; SECTOR];
        let mut cluster = 2u64;
        while cluster < end {
            let sector_index = cluster / per_sector;
            let pos = self.fat_entry_pos(0, 0) + sector_index * SECTOR as u64;
            self.mgr
                .device(|a| a.read_sector(pos, &mut sector))
                .map_err(dev_err)?;
            let last = ((sector_index + 1) * per_sector).min(end);
            for c in cluster..last {
                let off = ((c % per_sector) * entry_len) as usize;
                let v = if entry_len == 4 {
                    u32::from_le_bytes(sector[off..off + 4].try_into().unwrap_or([1; 4]))
                        & 0x0FFF_FFFF
                } else {
                    u16::from_le_bytes([sector[off], sector[off + 1]]) as u32
                };
                if v == 0 {
                    found += 1;
                    if found >= needed {
                        return Ok(());
                    }
                }
            }
            cluster = last;
        }
        Err(FsError::DiskFull)
    }

    fn count_free_clusters(&self) -> Result<u32, FsError> {
        if let Some(n) = self.free_clusters.get() {
            return Ok(n);
        }
        let len = self.bpb.fat_bytes_used().div_ceil(SECTOR as u64) as usize * SECTOR;
        let start = self.fat_entry_pos(0, 0);
        let mut fat = vec![0u8; len];
        for (i, chunk) in fat.chunks_mut(SECTOR).enumerate() {
            self.mgr
                .device(|a| a.read_sector(start + (i * SECTOR) as u64, chunk))
                .map_err(dev_err)?;
        }
        let n = self.bpb.count_free(&fat);
        self.free_clusters.set(Some(n));
        Ok(n)
    }

    /// Edits the 32-byte directory entry the crate reported at (block, offset).
    fn edit_entry(
        &self,
        block: BlockIdx,
        offset: u32,
        f: impl FnOnce(&mut [u8]),
    ) -> Result<(), FsError> {
        let mut sector = self.read_crate_block(block).map_err(dev_err)?;
        let off = offset as usize;
        f(&mut sector[off..off + DIR_ENTRY_LEN]);
        self.write_crate_block(block, &sector).map_err(dev_err)
    }

    /// Marks the long-name entries just before a short entry deleted, when
    /// they are in the same sector (the usual case). Ones in an earlier
    /// sector are left; their checksum no longer matches anything, so every
    /// reader ignores them.
    fn delete_lfn_before(&self, block: BlockIdx, offset: u32) -> Result<(), FsError> {
        let mut sector = self.read_crate_block(block).map_err(dev_err)?;
        let mut off = offset as usize;
        let mut changed = false;
        while off >= DIR_ENTRY_LEN {
            off -= DIR_ENTRY_LEN;
            let e = &mut sector[off..off + DIR_ENTRY_LEN];
            if e[11] != ATTR_LFN || e[0] == DELETED {
                break;
            }
            e[0] = DELETED;
            changed = true;
        }
        if changed {
            self.write_crate_block(block, &sector).map_err(dev_err)?;
        }
        Ok(())
    }

    // ---- directory walking ------------------------------------------------

    fn lookup(&self, dir: RawDirectory, name: &str) -> Result<Option<Found>, FsError> {
        let mut storage = [0u8; LFN_BYTES];
        let mut lfn = LfnBuffer::new(&mut storage);
        let mut found = None;
        self.mgr
            .iterate_dir_lfn(dir, &mut lfn, |de, long| {
                if skip_entry(de) {
                    return ControlFlow::Continue(());
                }
                let short = short_name_string(&de.name, 0);
                let hit = long.is_some_and(|l| l.eq_ignore_ascii_case(name))
                    || short.eq_ignore_ascii_case(name);
                if hit {
                    found = Some(Found {
                        entry: de.clone(),
                        long_name: long.map(String::from),
                    });
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_err(fs_err)?;
        Ok(found)
    }

    /// Opens the directory at `comps`; the caller must close it.
    fn open_path(&self, comps: &[&str]) -> Result<RawDirectory, FsError> {
        let mut dir = self.mgr.open_root_dir(self.raw).map_err(fs_err)?;
        for c in comps {
            let next = match self.lookup(dir, c) {
                Ok(Some(f)) if f.is_dir() => self.mgr.open_dir(dir, f.entry.name).map_err(fs_err),
                Ok(Some(_)) => Err(FsError::NotADirectory),
                Ok(None) => Err(FsError::NotFound),
                Err(e) => Err(e),
            };
            let _ = self.mgr.close_dir(dir);
            dir = next?;
        }
        Ok(dir)
    }

    /// Runs `f` with the directory at `comps` open, and closes it after.
    fn in_dir<R>(
        &self,
        comps: &[&str],
        f: impl FnOnce(&Self, RawDirectory) -> Result<R, FsError>,
    ) -> Result<R, FsError> {
        let dir = self.open_path(comps)?;
        let r = f(self, dir);
        let closed = self.mgr.close_dir(dir).map_err(fs_err);
        let r = r?;
        closed?;
        Ok(r)
    }

    fn require_writable(&self) -> Result<(), FsError> {
        // Every mutation starts here: forget the free count.
        self.free_clusters.set(None);
        if self.writable() {
            Ok(())
        } else {
            Err(FsError::ReadOnly)
        }
    }

    fn read_file(&self, dir: RawDirectory, found: &Found) -> Result<Vec<u8>, FsError> {
        let file = self
            .mgr
            .open_file_in_dir(dir, found.entry.name, Mode::ReadOnly)
            .map_err(fs_err)?;
        let size = found.entry.size as usize;
        let mut buf = vec![0u8; size];
        let mut n = 0;
        let r = loop {
            if n == size {
                break Ok(());
            }
            match self.mgr.read(file, &mut buf[n..]) {
                Ok(0) | Err(embedded_sdmmc::Error::EndOfFile) => break Ok(()),
                Ok(k) => n += k,
                Err(e) => break Err(fs_err(e)),
            }
        };
        let closed = self.mgr.close_file(file).map_err(fs_err);
        r?;
        closed?;
        buf.truncate(n);
        Ok(buf)
    }

    fn write_to(&self, file: RawFile, data: &[u8]) -> Result<(), FsError> {
        let r = self.mgr.write(file, data).map_err(fs_err);
        let closed = self.mgr.close_file(file).map_err(fs_err);
        r?;
        closed
    }

    /// Creates `name` in `dir` with `data`; on a full disk the partial file
    /// is removed again so a failed write leaves no debris.
    fn create_file(&self, dir: RawDirectory, name: &str, data: &[u8]) -> Result<(), FsError> {
        let sfn = ShortFileName::create_from_str(name).map_err(|_| FsError::InvalidPath)?;
        let case = nt_case_bits(name).ok_or(FsError::InvalidPath)?;
        let file = self
            .mgr
            .open_file_in_dir(dir, sfn, Mode::ReadWriteCreate)
            .map_err(fs_err)?;
        let r = self.write_to(file, data);
        if let Err(FsError::DiskFull) = r {
            let _ = self.remove_in(dir, name);
            return r;
        }
        r?;
        if case != 0 {
            if let Some(f) = self.lookup(dir, name)? {
                self.edit_entry(f.entry.entry_block, f.entry.entry_offset, |e| e[12] |= case)?;
            }
        }
        Ok(())
    }

    fn remove_in(&self, dir: RawDirectory, name: &str) -> Result<(), FsError> {
        let f = self.lookup(dir, name)?.ok_or(FsError::NotFound)?;
        // The crate keeps the first cluster private; the entry has it.
        let sector = self
            .read_crate_block(f.entry.entry_block)
            .map_err(dev_err)?;
        let e = &sector[f.entry.entry_offset as usize..][..DIR_ENTRY_LEN];
        let first = (u16::from_le_bytes([e[20], e[21]]) as u32) << 16
            | u16::from_le_bytes([e[26], e[27]]) as u32;
        self.mgr
            .delete_entry_in_dir(dir, f.entry.name)
            .map_err(fs_err)?;
        self.delete_lfn_before(f.entry.entry_block, f.entry.entry_offset)?;
        self.free_chain(first)
    }

    /// Rewrites FSInfo's free count (FAT32) so other systems see the truth:
    /// our own frees bypass the crate's counter.
    fn write_fsinfo(&self) -> Result<(), FsError> {
        if self.bpb.fat_type != FatType::Fat32 {
            return Ok(());
        }
        let boot = self.read_volume_sector(0)?;
        let fsinfo_sector = u16::from_le_bytes([boot[48], boot[49]]) as u64;
        if fsinfo_sector == 0 || fsinfo_sector == 0xFFFF {
            return Ok(());
        }
        let mut s = self.read_volume_sector(fsinfo_sector)?;
        if u32::from_le_bytes([s[0], s[1], s[2], s[3]]) != FSINFO_LEAD_SIG {
            return Ok(());
        }
        let free = self.count_free_clusters()?;
        s[FSINFO_FREE_COUNT..FSINFO_FREE_COUNT + 4].copy_from_slice(&free.to_le_bytes());
        // "Unknown": makes readers search from the start, always correct.
        s[FSINFO_NEXT_FREE..FSINFO_NEXT_FREE + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let pos = self.partition.start + fsinfo_sector * SECTOR as u64;
        self.mgr
            .device(|a| a.write_sector(pos, &s))
            .map_err(dev_err)
    }

    fn read_volume_sector(&self, n: u64) -> Result<[u8; SECTOR], FsError> {
        let mut s = [0u8; SECTOR];
        let pos = self.partition.start + n * SECTOR as u64;
        self.mgr
            .device(|a| a.read_sector(pos, &mut s))
            .map_err(dev_err)?;
        Ok(s)
    }
}

/// Entries a listing never shows.
fn skip_entry(de: &embedded_sdmmc::DirEntry) -> bool {
    de.attributes.is_volume()
        || de.attributes.is_lfn()
        || de.name == ShortFileName::this_dir()
        || de.name == ShortFileName::parent_dir()
}

impl<D: BlockDevice> Files for Volume<D> {
    fn info(&mut self) -> Result<VolumeInfo, FsError> {
        let cluster = self.bpb.cluster_bytes();
        Ok(VolumeInfo {
            label: self.label.clone(),
            fs_type: self.bpb.fat_type.name().into(),
            total_bytes: self.bpb.cluster_count as u64 * cluster,
            free_bytes: self.count_free_clusters()? as u64 * cluster,
            writable: self.writable(),
            read_only_reason: self.read_only_reason.clone(),
        })
    }

    fn list(&mut self, dir: &str) -> Result<Vec<DirEntry>, FsError> {
        let comps = components(dir)?;
        let raw = self.in_dir(&comps, |this, d| {
            let mut storage = [0u8; LFN_BYTES];
            let mut lfn = LfnBuffer::new(&mut storage);
            let mut out = Vec::new();
            this.mgr
                .iterate_dir_lfn(d, &mut lfn, |de, long| {
                    if !skip_entry(de) {
                        out.push((de.clone(), long.map(String::from)));
                    }
                    ControlFlow::Continue(())
                })
                .map_err(fs_err)?;
            Ok(out)
        })?;
        let mut entries = Vec::with_capacity(raw.len());
        for (de, long) in raw {
            let name = match long {
                Some(l) => l,
                None => {
                    let block = self.read_crate_block(de.entry_block).map_err(dev_err)?;
                    let flags = block[de.entry_offset as usize + 12];
                    short_name_string(&de.name, flags)
                }
            };
            let is_dir = de.attributes.is_directory();
            entries.push(DirEntry {
                name,
                is_dir,
                size: if is_dir { 0 } else { de.size as u64 },
            });
        }
        Ok(entries)
    }

    fn stat(&mut self, path: &str) -> Result<DirEntry, FsError> {
        let (parent, name) = split_last(path)?;
        let Some(name) = name else {
            return Ok(DirEntry {
                name: "/".into(),
                is_dir: true,
                size: 0,
            });
        };
        self.in_dir(&parent, |this, d| {
            let f = this.lookup(d, name)?.ok_or(FsError::NotFound)?;
            let is_dir = f.is_dir();
            let name = match f.long_name {
                Some(l) => l,
                None => {
                    let block = this
                        .read_crate_block(f.entry.entry_block)
                        .map_err(dev_err)?;
                    short_name_string(&f.entry.name, block[f.entry.entry_offset as usize + 12])
                }
            };
            Ok(DirEntry {
                name,
                is_dir,
                size: if is_dir { 0 } else { f.entry.size as u64 },
            })
        })
    }

    fn read(&mut self, path: &str) -> Result<Vec<u8>, FsError> {
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::IsADirectory)?;
        self.in_dir(&parent, |this, d| {
            let f = this.lookup(d, name)?.ok_or(FsError::NotFound)?;
            if f.is_dir() {
                return Err(FsError::IsADirectory);
            }
            this.read_file(d, &f)
        })
    }

    fn write(&mut self, path: &str, data: &[u8], append: bool) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::IsADirectory)?;
        self.in_dir(&parent, |this, d| match this.lookup(d, name)? {
            Some(f) if f.is_dir() => Err(FsError::IsADirectory),
            Some(f) => {
                let old = f.entry.size as u64;
                let new = if append {
                    old + data.len() as u64
                } else {
                    data.len() as u64
                };
                this.ensure_space(
                    this.clusters_for(new)
                        .saturating_sub(this.clusters_for(old)),
                )?;
                // The crate rewrites the whole entry on close and zeroes
                // the case bits; keep them.
                let case = this.entry_byte(&f, 12)?;
                let mode = if append {
                    Mode::ReadWriteAppend
                } else {
                    Mode::ReadWriteTruncate
                };
                let file = this
                    .mgr
                    .open_file_in_dir(d, f.entry.name, mode)
                    .map_err(fs_err)?;
                this.write_to(file, data)?;
                if case != 0 {
                    this.edit_entry(f.entry.entry_block, f.entry.entry_offset, |e| e[12] = case)?;
                }
                Ok(())
            }
            None => {
                // One more for the directory, should it need to grow.
                this.ensure_space(this.clusters_for(data.len() as u64) + 1)?;
                this.create_file(d, name, data)
            }
        })
    }

    fn remove(&mut self, path: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::InvalidPath)?;
        self.in_dir(&parent, |this, d| this.remove_in(d, name))
    }

    fn mkdir(&mut self, path: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::AlreadyExists)?;
        self.in_dir(&parent, |this, d| {
            if this.lookup(d, name)?.is_some() {
                return Err(FsError::AlreadyExists);
            }
            let sfn = ShortFileName::create_from_str(name).map_err(|_| FsError::InvalidPath)?;
            let case = nt_case_bits(name).ok_or(FsError::InvalidPath)?;
            this.ensure_space(2)?;
            this.mgr.make_dir_in_dir(d, sfn).map_err(fs_err)?;
            if case != 0 {
                if let Some(f) = this.lookup(d, name)? {
                    this.edit_entry(f.entry.entry_block, f.entry.entry_offset, |e| e[12] |= case)?;
                }
            }
            Ok(())
        })
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let (from_parent, from_name) = split_last(from)?;
        let (to_parent, to_name) = split_last(to)?;
        let from_name = from_name.ok_or(FsError::InvalidPath)?;
        let to_name = to_name.ok_or(FsError::AlreadyExists)?;
        let src = self.in_dir(&from_parent, |this, d| this.lookup(d, from_name))?;
        let src = src.ok_or(FsError::NotFound)?;
        if self
            .in_dir(&to_parent, |this, d| this.lookup(d, to_name))?
            .is_some()
        {
            return Err(FsError::AlreadyExists);
        }
        let new_sfn = ShortFileName::create_from_str(to_name).map_err(|_| FsError::InvalidPath)?;
        let case = nt_case_bits(to_name).ok_or(FsError::InvalidPath)?;
        if from_parent == to_parent {
            // Same directory: rename the entry in place, which works for
            // directories too and moves no data.
            let mut raw11 = [b' '; 11];
            raw11[..new_sfn.base_name().len()].copy_from_slice(new_sfn.base_name());
            raw11[8..8 + new_sfn.extension().len()].copy_from_slice(new_sfn.extension());
            self.delete_lfn_before(src.entry.entry_block, src.entry.entry_offset)?;
            return self.edit_entry(src.entry.entry_block, src.entry.entry_offset, |e| {
                e[..11].copy_from_slice(&raw11);
                e[12] = (e[12] & !(NT_LOWER_BASE | NT_LOWER_EXT)) | case;
            });
        }
        if src.is_dir() {
            // Would need a new entry in the target and a rewritten "..";
            // embedded-sdmmc cannot create an entry for existing clusters.
            return Err(FsError::Device(
                "moving a directory to another directory is not supported".into(),
            ));
        }
        let data = self.read(from)?;
        self.write(to, &data, false)?;
        self.remove(from)
    }

    fn flush(&mut self) -> Result<(), FsError> {
        if !self.writable() {
            return Ok(());
        }
        // Closing the volume makes the crate write its FSInfo; ours follows
        // with the true free count, then the device makes it all durable.
        self.mgr.close_volume(self.raw).map_err(fs_err)?;
        self.raw = self.mgr.open_raw_volume(VolumeIdx(0)).map_err(fs_err)?;
        self.write_fsinfo()?;
        self.mgr.device(|a| a.flush()).map_err(dev_err)
    }
}
