//! The file allocation table: reading chains (with every corruption a
//! chain can have reported, never followed), allocating and freeing
//! clusters, counting free ones. FAT16 and FAT32; every copy of the table
//! is kept identical.

use alloc::collections::btree_map::Entry;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::bpb::{Bpb, FatType};
use crate::cache::{Disk, SECTOR};
use crate::{BlockDevice, BlockError};

/// FAT32 entries are 28 bits; the top four are reserved and kept.
const FAT32_MASK: u32 = 0x0FFF_FFFF;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FatError {
    Device(BlockError),
    /// The table makes no sense; the text says where.
    Corrupt(String),
    /// Not enough free clusters.
    Full,
}

impl From<BlockError> for FatError {
    fn from(e: BlockError) -> Self {
        FatError::Device(e)
    }
}

#[derive(Clone, Debug)]
pub struct Fat {
    kind: FatType,
    /// Volume byte offset of the first copy.
    start: u64,
    /// Bytes per copy.
    copy_len: u64,
    copies: u32,
    /// Data clusters; valid cluster numbers are 2..clusters + 2.
    clusters: u32,
    /// Where the next allocation starts looking.
    hint: u32,
}

impl Fat {
    pub fn new(bpb: &Bpb) -> Fat {
        Fat {
            kind: bpb.fat_type,
            start: bpb.reserved_sectors as u64 * SECTOR as u64,
            copy_len: bpb.fat_sectors as u64 * SECTOR as u64,
            copies: bpb.fat_count,
            clusters: bpb.cluster_count,
            hint: 2,
        }
    }

    fn entry_len(&self) -> u64 {
        if self.kind == FatType::Fat32 {
            4
        } else {
            2
        }
    }

    /// Values at or above this end a chain.
    fn end_min(&self) -> u32 {
        if self.kind == FatType::Fat32 {
            0x0FFF_FFF8
        } else {
            0xFFF8
        }
    }

    fn bad(&self) -> u32 {
        self.end_min() - 1
    }

    /// The end-of-chain mark written for the last cluster of a chain.
    fn eoc(&self) -> u32 {
        if self.kind == FatType::Fat32 {
            0x0FFF_FFFF
        } else {
            0xFFFF
        }
    }

    pub fn valid(&self, cluster: u32) -> bool {
        (2..self.clusters.saturating_add(2)).contains(&cluster)
    }

    fn read_value(&self, sector: &[u8; SECTOR], off: usize) -> u32 {
        match self.kind {
            FatType::Fat32 => {
                u32::from_le_bytes([
                    sector[off],
                    sector[off + 1],
                    sector[off + 2],
                    sector[off + 3],
                ]) & FAT32_MASK
            }
            _ => u16::from_le_bytes([sector[off], sector[off + 1]]) as u32,
        }
    }

    pub fn get<D: BlockDevice>(&self, disk: &mut Disk<D>, cluster: u32) -> Result<u32, FatError> {
        let pos = cluster as u64 * self.entry_len();
        let mut s = [0u8; SECTOR];
        disk.read_sector(self.start + pos - pos % SECTOR as u64, &mut s)?;
        Ok(self.read_value(&s, (pos % SECTOR as u64) as usize))
    }

    /// The clusters of the chain from `first`, in order. `what` names the
    /// file or directory for the error; a loop, a link to a free, bad or
    /// reserved cluster, or one past the last cluster is `Corrupt`.
    pub fn chain<D: BlockDevice>(
        &self,
        disk: &mut Disk<D>,
        first: u32,
        what: &str,
    ) -> Result<Vec<u32>, FatError> {
        if !self.valid(first) {
            return Err(FatError::Corrupt(format!(
                "{what}: starts at cluster {first}, outside the volume's {} clusters",
                self.clusters
            )));
        }
        let mut seen = vec![0u64; (self.clusters as usize + 2).div_ceil(64)];
        let mut out = Vec::new();
        let mut c = first;
        loop {
            let bit = 1u64 << (c % 64);
            if seen[c as usize / 64] & bit != 0 {
                return Err(FatError::Corrupt(format!(
                    "{what}: cluster chain loops back to cluster {c}"
                )));
            }
            seen[c as usize / 64] |= bit;
            out.push(c);
            let next = self.get(disk, c)?;
            if next >= self.end_min() {
                return Ok(out);
            }
            if next == self.bad() {
                return Err(FatError::Corrupt(format!(
                    "{what}: cluster chain reaches a bad cluster after {c}"
                )));
            }
            if next < 2 {
                return Err(FatError::Corrupt(format!(
                    "{what}: cluster chain breaks at cluster {c} (next entry is {next}, free)"
                )));
            }
            if !self.valid(next) {
                return Err(FatError::Corrupt(format!(
                    "{what}: cluster chain runs off the end of the volume ({c} -> {next}, last is {})",
                    self.clusters + 1
                )));
            }
            c = next;
        }
    }

    /// Writes `edits` (cluster, value) to every copy of the table: all
    /// sectors of the first copy, then all of the second, each run of
    /// adjacent sectors in one request.
    pub fn set_many<D: BlockDevice>(
        &self,
        disk: &mut Disk<D>,
        edits: &[(u32, u32)],
    ) -> Result<(), FatError> {
        let mut sectors: BTreeMap<u64, [u8; SECTOR]> = BTreeMap::new();
        for &(cluster, value) in edits {
            if !self.valid(cluster) {
                return Err(FatError::Corrupt(format!(
                    "refusing to write the FAT entry of cluster {cluster}, outside the volume"
                )));
            }
            let pos = cluster as u64 * self.entry_len();
            let sec = pos - pos % SECTOR as u64;
            let s = match sectors.entry(sec) {
                Entry::Occupied(o) => o.into_mut(),
                Entry::Vacant(v) => {
                    let mut s = [0u8; SECTOR];
                    disk.read_sector(self.start + sec, &mut s)?;
                    v.insert(s)
                }
            };
            let off = (pos - sec) as usize;
            match self.kind {
                FatType::Fat32 => {
                    let old = u32::from_le_bytes([s[off], s[off + 1], s[off + 2], s[off + 3]]);
                    let v = (old & !FAT32_MASK) | (value & FAT32_MASK);
                    s[off..off + 4].copy_from_slice(&v.to_le_bytes());
                }
                _ => s[off..off + 2].copy_from_slice(&(value as u16).to_le_bytes()),
            }
        }
        for copy in 0..self.copies as u64 {
            let base = self.start + copy * self.copy_len;
            let mut run: Vec<u8> = Vec::new();
            let mut run_start = 0u64;
            for (&sec, data) in &sectors {
                if !run.is_empty() && run_start + run.len() as u64 != sec {
                    disk.write(base + run_start, &run)?;
                    run.clear();
                }
                if run.is_empty() {
                    run_start = sec;
                }
                run.extend_from_slice(data);
            }
            if !run.is_empty() {
                disk.write(base + run_start, &run)?;
            }
        }
        Ok(())
    }

    /// Finds `n` free clusters and links them into one chain (ending in
    /// an end-of-chain mark). Nothing points at the chain yet: until a
    /// directory entry does, `fsck.fat` sees lost clusters, never a file.
    pub fn alloc<D: BlockDevice>(
        &mut self,
        disk: &mut Disk<D>,
        n: usize,
    ) -> Result<Vec<u32>, FatError> {
        if n == 0 {
            return Ok(Vec::new());
        }
        let found = self.find_free(disk, n)?;
        let mut edits: Vec<(u32, u32)> = found.windows(2).map(|w| (w[0], w[1])).collect();
        edits.push((found[n - 1], self.eoc()));
        self.set_many(disk, &edits)?;
        self.hint = found[n - 1] + 1;
        Ok(found)
    }

    /// `n` free clusters, searched from the hint and wrapping around.
    fn find_free<D: BlockDevice>(
        &self,
        disk: &mut Disk<D>,
        n: usize,
    ) -> Result<Vec<u32>, FatError> {
        let mut out = Vec::with_capacity(n);
        let per = SECTOR as u64 / self.entry_len();
        let end = self.clusters + 2;
        let hint = if self.valid(self.hint) { self.hint } else { 2 };
        let mut s = [0u8; SECTOR];
        let mut loaded = u64::MAX;
        for c in (hint..end).chain(2..hint) {
            let sec = c as u64 / per;
            if sec != loaded {
                disk.read_sector(self.start + sec * SECTOR as u64, &mut s)?;
                loaded = sec;
            }
            let off = ((c as u64 % per) * self.entry_len()) as usize;
            if self.read_value(&s, off) == 0 {
                out.push(c);
                if out.len() == n {
                    return Ok(out);
                }
            }
        }
        Err(FatError::Full)
    }

    /// Makes `last` (the end of a chain) point at `next`.
    pub fn link<D: BlockDevice>(
        &self,
        disk: &mut Disk<D>,
        last: u32,
        next: u32,
    ) -> Result<(), FatError> {
        self.set_many(disk, &[(last, next)])
    }

    pub fn free<D: BlockDevice>(&self, disk: &mut Disk<D>, chain: &[u32]) -> Result<(), FatError> {
        let edits: Vec<(u32, u32)> = chain.iter().map(|&c| (c, 0)).collect();
        self.set_many(disk, &edits)
    }

    pub fn count_free<D: BlockDevice>(&self, disk: &mut Disk<D>) -> Result<u32, FatError> {
        let per = SECTOR as u64 / self.entry_len();
        let end = self.clusters as u64 + 2;
        let mut free = 0;
        let mut s = [0u8; SECTOR];
        for sec in 0..end.div_ceil(per) {
            disk.read_sector(self.start + sec * SECTOR as u64, &mut s)?;
            let first = (sec * per).max(2);
            let last = ((sec + 1) * per).min(end);
            for c in first..last {
                let off = ((c % per) * self.entry_len()) as usize;
                if self.read_value(&s, off) == 0 {
                    free += 1;
                }
            }
        }
        Ok(free)
    }
}
