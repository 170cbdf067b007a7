//! A mounted FAT16/FAT32 volume implementing [`command::Files`].
//!
//! Every write follows one rule so that a power cut at any moment leaves
//! the old state or the new one (see docs/storage.md, "Power cuts"): data
//! goes to fresh clusters first and is flushed; then one directory sector
//! write (the commit point) makes it visible; then the device is flushed
//! again, and only after that is anything old freed. Until the commit, the
//! new clusters are lost clusters that `fsck.fat` reclaims; after it, the
//! old ones are.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use command::{DirEntry, Files, FsError, VolumeInfo};

mod commit;

use crate::bpb::{Bpb, FatType};
use crate::cache::{Disk, SECTOR};
use crate::dir::ENTRY_LEN;
use crate::directory::{Dir, DirAt, Node, MAX_DIR_BYTES};
use crate::fat::{Fat, FatError};
use crate::partition::{self, Partition, PartitionError};
use crate::{BlockDevice, BlockError, Timestamp, WRITABLE_LABEL};

const FSINFO_LEAD_SIG: u32 = 0x4161_5252;
const FSINFO_FREE_COUNT: usize = 488;
const FSINFO_NEXT_FREE: usize = 492;

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MountError {
    Partition(PartitionError),
    Device(BlockError),
    /// A FAT variant or geometry we do not mount.
    Unsupported(String),
    /// The volume's structures are corrupt; the reason.
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

fn dev_err(e: BlockError) -> FsError {
    match e {
        BlockError::WriteProtected => FsError::ReadOnly,
        e => FsError::Device(e.to_string()),
    }
}

impl From<FatError> for FsError {
    fn from(e: FatError) -> Self {
        match e {
            FatError::Device(d) => dev_err(d),
            FatError::Corrupt(s) => FsError::Corrupt(s),
            FatError::Full => FsError::DiskFull,
        }
    }
}

/// Splits a path into components, resolving `.`/`..`.
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

fn join(comps: &[&str], name: &str) -> String {
    let mut s = String::new();
    for c in comps {
        s.push('/');
        s.push_str(c);
    }
    s.push('/');
    s.push_str(name);
    s
}

pub struct Volume<D: BlockDevice> {
    disk: Disk<D>,
    fat: Fat,
    bpb: Bpb,
    partition: Partition,
    clock: fn() -> Timestamp,
    label: String,
    read_only_reason: Option<String>,
    /// Free clusters as last counted, then kept current by `alloc` and
    /// `release`, so `df` on a large FAT32 volume does not reread the FAT.
    free_clusters: Option<u32>,
    /// FAT32: FSInfo's free count says "unknown" on the disk until the next
    /// flush writes the true one, so a power cut mid-operation leaves a
    /// hint no checker calls wrong.
    fsinfo_unknown: bool,
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
        let volume_bytes = bpb.total_sectors as u64 * SECTOR as u64;
        if volume_bytes > partition.len {
            return Err(MountError::Fat(format!(
                "the boot sector claims {} MiB but the partition holds {} MiB",
                volume_bytes >> 20,
                partition.len >> 20
            )));
        }
        let disk = Disk::new(dev, partition.start, volume_bytes);
        let mut vol = Volume {
            disk,
            fat: Fat::new(&bpb),
            bpb,
            partition,
            clock: default_time,
            label: String::new(),
            read_only_reason: None,
            free_clusters: None,
            fsinfo_unknown: false,
        };
        vol.label = vol
            .read_label()
            .map_err(|e| MountError::Fat(e.to_string()))?;
        if vol.label == WRITABLE_LABEL {
            vol.disk.set_writable(true);
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
    fn read_label(&mut self) -> Result<String, FsError> {
        let root = self.read_dir(self.root(), "/")?;
        let raw = root.nodes().1.unwrap_or(self.bpb.label);
        let s: String = raw.iter().map(|&b| b as char).collect();
        let s = s.trim_end().to_string();
        Ok(if s == "NO NAME" { String::new() } else { s })
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
        self.disk.set_writable(false);
    }

    /// Sets where file timestamps come from.
    pub fn set_clock(&mut self, now: fn() -> Timestamp) {
        self.clock = now;
    }

    /// Runs `f` on the block device (e.g. for `disk bench`).
    pub fn with_device<R>(&mut self, f: impl FnOnce(&mut D) -> R) -> R {
        self.disk.with_device(f)
    }

    /// Writes FSInfo, flushes the device and gives it back.
    pub fn unmount(mut self) -> Result<D, FsError> {
        if self.writable() {
            self.flush()?;
        }
        Ok(self.disk.into_inner())
    }

    /// Gives the device back without writing anything (e.g. after it failed).
    pub fn into_device(self) -> D {
        self.disk.into_inner()
    }

    // ---- geometry ---------------------------------------------------------

    fn root(&self) -> DirAt {
        if self.bpb.fat_type == FatType::Fat32 {
            DirAt::Chain(self.bpb.root_cluster)
        } else {
            DirAt::Root16
        }
    }

    fn cluster_bytes(&self) -> u64 {
        self.bpb.cluster_bytes()
    }

    fn cluster_pos(&self, c: u32) -> u64 {
        (self.bpb.first_data_sector as u64 + (c as u64 - 2) * self.bpb.sectors_per_cluster as u64)
            * SECTOR as u64
    }

    fn root16_pos(&self) -> u64 {
        (self.bpb.reserved_sectors as u64 + self.bpb.fat_count as u64 * self.bpb.fat_sectors as u64)
            * SECTOR as u64
    }

    fn clusters_for(&self, bytes: u64) -> usize {
        bytes.div_ceil(self.cluster_bytes()) as usize
    }

    /// Volume byte position of directory sector `sec`.
    fn dir_sector_pos(&self, d: &Dir, sec: usize) -> u64 {
        let off = (sec * SECTOR) as u64;
        match d.at {
            DirAt::Root16 => self.root16_pos() + off,
            DirAt::Chain(_) => {
                let cb = self.cluster_bytes();
                self.cluster_pos(d.clusters[(off / cb) as usize]) + off % cb
            }
        }
    }

    // ---- directories ------------------------------------------------------

    fn read_dir(&mut self, at: DirAt, path: &str) -> Result<Dir, FsError> {
        let (clusters, bytes) = match at {
            DirAt::Root16 => {
                let len = (self.bpb.root_entries as usize * ENTRY_LEN).div_ceil(SECTOR) * SECTOR;
                let mut b = vec![0u8; len];
                self.disk.read(self.root16_pos(), &mut b).map_err(dev_err)?;
                (Vec::new(), b)
            }
            DirAt::Chain(first) => {
                let chain = self.fat.chain(&mut self.disk, first, path)?;
                let cb = self.cluster_bytes();
                if chain.len() as u64 * cb > MAX_DIR_BYTES + cb {
                    return Err(FsError::Corrupt(format!(
                        "{path}: directory of {} clusters is larger than FAT allows",
                        chain.len()
                    )));
                }
                let mut b = vec![0u8; chain.len() * cb as usize];
                self.read_clusters(&chain, &mut b)?;
                (chain, b)
            }
        };
        Ok(Dir {
            at,
            path: path.into(),
            clusters,
            bytes,
            dirty: BTreeSet::new(),
        })
    }

    /// Reads the clusters into `out` (whole clusters), one device request
    /// per run of adjacent clusters.
    fn read_clusters(&mut self, chain: &[u32], out: &mut [u8]) -> Result<(), FsError> {
        let cb = self.cluster_bytes() as usize;
        let mut i = 0;
        while i < chain.len() && i * cb < out.len() {
            let mut j = i + 1;
            while j < chain.len() && chain[j] == chain[j - 1] + 1 && j * cb < out.len() {
                j += 1;
            }
            let end = (j * cb).min(out.len());
            self.disk
                .read(self.cluster_pos(chain[i]), &mut out[i * cb..end])
                .map_err(dev_err)?;
            i = j;
        }
        Ok(())
    }

    fn write_clusters(&mut self, chain: &[u32], data: &[u8]) -> Result<(), FsError> {
        let cb = self.cluster_bytes() as usize;
        let mut i = 0;
        while i < chain.len() {
            let mut j = i + 1;
            while j < chain.len() && chain[j] == chain[j - 1] + 1 {
                j += 1;
            }
            let lo = (i * cb).min(data.len());
            let hi = (j * cb).min(data.len());
            let mut run = data[lo..hi].to_vec();
            run.resize((j - i) * cb, 0);
            self.disk
                .write(self.cluster_pos(chain[i]), &run)
                .map_err(dev_err)?;
            i = j;
        }
        Ok(())
    }

    /// Writes the changed sectors of `d`, in ascending order.
    fn write_dirty(&mut self, d: &mut Dir) -> Result<(), FsError> {
        let dirty: Vec<usize> = core::mem::take(&mut d.dirty).into_iter().collect();
        for sec in dirty {
            let pos = self.dir_sector_pos(d, sec);
            let bytes = d.bytes[sec * SECTOR..][..SECTOR].to_vec();
            self.disk.write(pos, &bytes).map_err(dev_err)?;
        }
        Ok(())
    }

    /// The directory at `comps`.
    fn open_dir(&mut self, comps: &[&str]) -> Result<Dir, FsError> {
        let mut d = self.read_dir(self.root(), "/")?;
        let mut path = String::new();
        for c in comps {
            let node = d.find(c).ok_or(FsError::NotFound)?;
            if !node.short.is_dir() {
                return Err(FsError::NotADirectory);
            }
            path.push('/');
            path.push_str(&node.name);
            d = self.read_dir(DirAt::Chain(node.short.first_cluster), &path)?;
        }
        Ok(d)
    }

    /// The cluster chain of `node`, checked against its size.
    fn file_chain(&mut self, node: &Node, path: &str) -> Result<Vec<u32>, FsError> {
        if node.short.first_cluster == 0 {
            if node.short.size != 0 && !node.short.is_dir() {
                return Err(FsError::Corrupt(format!(
                    "{path}: {} bytes but no clusters",
                    node.short.size
                )));
            }
            return Ok(Vec::new());
        }
        let chain = self
            .fat
            .chain(&mut self.disk, node.short.first_cluster, path)?;
        if !node.short.is_dir()
            && (chain.len() as u64) < self.clusters_for(node.short.size as u64) as u64
        {
            return Err(FsError::Corrupt(format!(
                "{path}: cluster chain ends after {} clusters, short of the file's {} bytes",
                chain.len(),
                node.short.size
            )));
        }
        Ok(chain)
    }

    fn read_node(&mut self, node: &Node, path: &str) -> Result<Vec<u8>, FsError> {
        let chain = self.file_chain(node, path)?;
        let size = node.short.size as usize;
        let need = self.clusters_for(size as u64);
        // A model file is most of the heap: the buffer is reserved fallibly, so a heap without
        // a block that large is an error line, not the allocator's abort.
        let len = need * self.cluster_bytes() as usize;
        let mut buf = Vec::new();
        buf.try_reserve_exact(len)
            .map_err(|_| FsError::OutOfMemory { bytes: len as u64 })?;
        buf.resize(len, 0);
        self.read_clusters(&chain[..need], &mut buf)?;
        buf.truncate(size);
        Ok(buf)
    }

    /// `n` fresh clusters chained together (nothing written when there
    /// are not enough: `DiskFull` before any change).
    fn alloc(&mut self, n: usize) -> Result<Vec<u32>, FsError> {
        match self.fat.alloc(&mut self.disk, n) {
            Ok(chain) => {
                if let Some(f) = self.free_clusters.as_mut() {
                    *f = f.saturating_sub(n as u32);
                }
                Ok(chain)
            }
            Err(e) => {
                self.free_clusters = None;
                Err(e.into())
            }
        }
    }

    fn release(&mut self, chain: &[u32]) -> Result<(), FsError> {
        match self.fat.free(&mut self.disk, chain) {
            Ok(()) => {
                if let Some(f) = self.free_clusters.as_mut() {
                    *f += chain.len() as u32;
                }
                Ok(())
            }
            Err(e) => {
                self.free_clusters = None;
                Err(e.into())
            }
        }
    }

    fn now(&self) -> Timestamp {
        (self.clock)()
    }

    fn dir_is_empty(&mut self, node: &Node, path: &str) -> Result<bool, FsError> {
        let d = self.read_dir(DirAt::Chain(node.short.first_cluster), path)?;
        Ok(d.nodes().0.is_empty())
    }

    /// Rewrites FSInfo's free count (FAT32) so other systems see the
    /// truth, or marks it unknown (`None`) before changes begin.
    fn write_fsinfo(&mut self, free: Option<u32>) -> Result<(), FsError> {
        if self.bpb.fat_type != FatType::Fat32 || self.bpb.fsinfo_sector == 0 {
            return Ok(());
        }
        let pos = self.bpb.fsinfo_sector as u64 * SECTOR as u64;
        let mut s = [0u8; SECTOR];
        self.disk.read_sector(pos, &mut s).map_err(dev_err)?;
        if u32::from_le_bytes([s[0], s[1], s[2], s[3]]) != FSINFO_LEAD_SIG {
            return Ok(());
        }
        let free = free.unwrap_or(u32::MAX);
        s[FSINFO_FREE_COUNT..FSINFO_FREE_COUNT + 4].copy_from_slice(&free.to_le_bytes());
        // "Unknown": makes readers search from the start, always correct.
        s[FSINFO_NEXT_FREE..FSINFO_NEXT_FREE + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        self.disk.write(pos, &s).map_err(dev_err)
    }

    fn count_free_clusters(&mut self) -> Result<u32, FsError> {
        if let Some(n) = self.free_clusters {
            return Ok(n);
        }
        let n = self.fat.count_free(&mut self.disk)?;
        self.free_clusters = Some(n);
        Ok(n)
    }

    fn require_writable(&mut self) -> Result<(), FsError> {
        if let Some(f) = self.disk.fault() {
            return Err(FsError::Device(format!(
                "writes stopped after an earlier fault: {f}"
            )));
        }
        if !self.writable() {
            return Err(FsError::ReadOnly);
        }
        if !self.fsinfo_unknown {
            let r = self.write_fsinfo(None);
            self.guard(r)?;
            self.fsinfo_unknown = true;
        }
        Ok(())
    }

    /// Once the volume is found corrupt, nothing more is written to it: a
    /// write over a broken FAT could spread the damage. Likewise after the
    /// first device error (the disk layer already refuses the writes; this
    /// makes the volume say so, in `disk` and `df`).
    fn guard<R>(&mut self, r: Result<R, FsError>) -> Result<R, FsError> {
        if let Err(FsError::Corrupt(why)) = &r {
            if self.writable() {
                let reason = format!("corrupt volume, writes stopped: {why}");
                self.make_read_only(&reason);
            }
        }
        if let Some(f) = self.disk.fault() {
            if self.writable() {
                let reason = format!("device error, writes stopped: {f}");
                self.make_read_only(&reason);
            }
        }
        r
    }

    fn to_entry(node: &Node) -> DirEntry {
        let is_dir = node.short.is_dir();
        DirEntry {
            name: node.name.clone(),
            is_dir,
            size: if is_dir { 0 } else { node.short.size as u64 },
            modified: node.short.modified.map(|t| command::DateTime {
                year: 1970 + t.year_since_1970 as u16,
                month: t.zero_indexed_month + 1,
                day: t.zero_indexed_day + 1,
                hour: t.hours,
                minute: t.minutes,
                second: t.seconds,
            }),
        }
    }
}

impl<D: BlockDevice> Files for Volume<D> {
    fn info(&mut self) -> Result<VolumeInfo, FsError> {
        let cluster = self.cluster_bytes();
        let free = self.count_free_clusters();
        let free = self.guard(free)?;
        Ok(VolumeInfo {
            label: self.label.clone(),
            fs_type: self.bpb.fat_type.name().into(),
            total_bytes: self.bpb.cluster_count as u64 * cluster,
            free_bytes: free as u64 * cluster,
            writable: self.writable(),
            read_only_reason: self.read_only_reason.clone(),
        })
    }

    fn list(&mut self, path: &str) -> Result<Vec<DirEntry>, FsError> {
        let r = components(path).and_then(|c| self.open_dir(&c));
        let d = self.guard(r)?;
        Ok(d.nodes().0.iter().map(Self::to_entry).collect())
    }

    fn stat(&mut self, path: &str) -> Result<DirEntry, FsError> {
        let (parent, name) = split_last(path)?;
        let Some(name) = name else {
            return Ok(DirEntry {
                name: "/".into(),
                is_dir: true,
                size: 0,
                modified: None,
            });
        };
        let r = self.open_dir(&parent);
        let d = self.guard(r)?;
        d.find(name)
            .map(|n| Self::to_entry(&n))
            .ok_or(FsError::NotFound)
    }

    fn read(&mut self, path: &str) -> Result<Vec<u8>, FsError> {
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::IsADirectory)?;
        let r = (|| {
            let d = self.open_dir(&parent)?;
            let node = d.find(name).ok_or(FsError::NotFound)?;
            if node.short.is_dir() {
                return Err(FsError::IsADirectory);
            }
            self.read_node(&node, &join(&parent, &node.name))
        })();
        self.guard(r)
    }

    fn write(&mut self, path: &str, data: &[u8], append: bool) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::IsADirectory)?;
        if data.len() as u64 > u32::MAX as u64 {
            return Err(FsError::DiskFull);
        }
        let r = (|| {
            let mut d = self.open_dir(&parent)?;
            match d.find(name) {
                Some(n) if n.short.is_dir() => Err(FsError::IsADirectory),
                Some(n) => {
                    let p = join(&parent, &n.name);
                    if append {
                        let mut all = self.read_node(&n, &p)?;
                        if all.len() as u64 + data.len() as u64 > u32::MAX as u64 {
                            return Err(FsError::DiskFull);
                        }
                        all.extend_from_slice(data);
                        self.overwrite(&mut d, &n, &p, &all)
                    } else {
                        self.overwrite(&mut d, &n, &p, data)
                    }
                }
                None => self.create_file(&mut d, name, data),
            }
        })();
        self.guard(r)
    }

    fn remove(&mut self, path: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::InvalidPath)?;
        let r = (|| {
            let mut d = self.open_dir(&parent)?;
            let node = d.find(name).ok_or(FsError::NotFound)?;
            let p = join(&parent, &node.name);
            if node.short.is_dir() && !self.dir_is_empty(&node, &p)? {
                return Err(FsError::DirectoryNotEmpty);
            }
            self.remove_node(&mut d, &node, &p)
        })();
        self.guard(r)
    }

    fn mkdir(&mut self, path: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let (parent, name) = split_last(path)?;
        let name = name.ok_or(FsError::AlreadyExists)?;
        let r = self.make_dir(&parent, name);
        self.guard(r)
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), FsError> {
        self.require_writable()?;
        let r = self.rename_inner(from, to);
        self.guard(r)
    }

    fn flush(&mut self) -> Result<(), FsError> {
        if !self.writable() {
            return Ok(());
        }
        let r = (|| {
            if self.fsinfo_unknown {
                let free = self.count_free_clusters()?;
                self.write_fsinfo(Some(free))?;
                self.fsinfo_unknown = false;
            }
            self.disk.flush().map_err(dev_err)
        })();
        self.guard(r)
    }
}
