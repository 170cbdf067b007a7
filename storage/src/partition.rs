//! Finds the FAT volume on a disk: the whole disk (a "superfloppy", as
//! `mkfs.fat` makes by default), else the first FAT partition of an MBR,
//! else the first FAT partition of a GPT. Positions are in bytes, so the
//! disk's block size does not leak upward.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::bpb::{Bpb, BpbError};
use crate::{BlockDevice, BlockError};

const MBR_TABLE: usize = 446;
const MBR_ENTRY_LEN: usize = 16;
const MBR_TYPE_GPT_PROTECTIVE: u8 = 0xEE;
const MBR_TYPE_EXTENDED: [u8; 3] = [0x05, 0x0F, 0x85];
const GPT_SIGNATURE: &[u8; 8] = b"EFI PART";
/// Partition entries we are willing to read (128 is what every tool writes).
const GPT_MAX_ENTRIES: u32 = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartitionKind {
    /// The filesystem starts at block 0.
    WholeDisk,
    /// MBR primary partition `index` (0..4).
    Mbr { index: u8, type_id: u8 },
    /// GPT partition entry `index`.
    Gpt { index: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub kind: PartitionKind,
    /// Byte offset of the volume's boot sector.
    pub start: u64,
    /// Length in bytes.
    pub len: u64,
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PartitionKind::WholeDisk => f.write_str("whole disk")?,
            PartitionKind::Mbr { index, type_id } => {
                write!(f, "MBR partition {} (type {type_id:#04x})", index + 1)?
            }
            PartitionKind::Gpt { index } => write!(f, "GPT partition {}", index + 1)?,
        }
        write!(f, ", {} MiB at byte {}", self.len >> 20, self.start)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartitionError {
    Device(BlockError),
    /// The disk's block size is below 512 or not a power of two.
    BadBlockSize(usize),
    /// Nothing on the disk looks like FAT; says what was found instead.
    NoFatVolume(&'static str),
    /// A boot sector says FAT but its parameters are impossible.
    BadBootSector(&'static str),
}

impl fmt::Display for PartitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartitionError::Device(e) => write!(f, "reading the partition table: {e}"),
            PartitionError::BadBlockSize(n) => write!(f, "unsupported block size {n}"),
            PartitionError::NoFatVolume(why) => write!(f, "no FAT volume: {why}"),
            PartitionError::BadBootSector(why) => write!(f, "corrupt FAT boot sector: {why}"),
        }
    }
}

impl From<BlockError> for PartitionError {
    fn from(e: BlockError) -> Self {
        PartitionError::Device(e)
    }
}

/// Reads `len` bytes at byte offset `pos` (a multiple of 512) through whole blocks.
pub(crate) fn read_bytes<D: BlockDevice + ?Sized>(
    dev: &mut D,
    pos: u64,
    len: usize,
) -> Result<Vec<u8>, BlockError> {
    let bs = dev.block_size() as u64;
    let first = pos / bs;
    let last = (pos + len as u64).div_ceil(bs);
    let mut buf = vec![0u8; ((last - first) * bs) as usize];
    dev.read_blocks(first, &mut buf)?;
    let skip = (pos - first * bs) as usize;
    buf.drain(..skip);
    buf.truncate(len);
    Ok(buf)
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    u32::from_le_bytes([b[off], b[off + 1], b[off + 2], b[off + 3]])
}

fn u64_at(b: &[u8], off: usize) -> u64 {
    u64::from_le_bytes(b[off..off + 8].try_into().unwrap_or([0; 8]))
}

/// A FAT boot sector at byte `start`, and the volume's length from its BPB.
fn fat_at<D: BlockDevice + ?Sized>(dev: &mut D, start: u64) -> Result<Option<u64>, PartitionError> {
    let sector = read_bytes(dev, start, 512)?;
    Ok(checked(&sector)?.map(|b| b.total_sectors as u64 * b.bytes_per_sector as u64))
}

/// The BPB of a FAT boot sector, `None` for anything else, an error for
/// a FAT boot sector with impossible parameters.
fn checked(sector: &[u8]) -> Result<Option<Bpb>, PartitionError> {
    match Bpb::parse_checked(sector) {
        Ok(b) => Ok(Some(b)),
        Err(BpbError::Bad(why)) if Bpb::claims_fat(sector) => {
            Err(PartitionError::BadBootSector(why))
        }
        Err(_) => Ok(None),
    }
}

pub fn find_fat<D: BlockDevice + ?Sized>(dev: &mut D) -> Result<Partition, PartitionError> {
    let bs = dev.block_size();
    if bs < 512 || !bs.is_power_of_two() {
        return Err(PartitionError::BadBlockSize(bs));
    }
    let disk_len = dev.block_count() * bs as u64;
    if disk_len < 512 {
        return Err(PartitionError::NoFatVolume("the disk is empty"));
    }
    let mbr = read_bytes(dev, 0, 512)?;
    // A boot sector with a BPB is a whole-disk volume even though it also
    // ends in 55 AA; checked first because a BPB's boot code can look like
    // a partition table.
    if let Some(bpb) = checked(&mbr)? {
        let len = (bpb.total_sectors as u64 * bpb.bytes_per_sector as u64).min(disk_len);
        return Ok(Partition {
            kind: PartitionKind::WholeDisk,
            start: 0,
            len,
        });
    }
    if mbr[510] != 0x55 || mbr[511] != 0xAA {
        return Err(PartitionError::NoFatVolume("no boot signature in block 0"));
    }
    let entries: Vec<(u8, u64, u64)> = (0..4)
        .map(|i| {
            let e = &mbr[MBR_TABLE + i * MBR_ENTRY_LEN..][..MBR_ENTRY_LEN];
            (e[4], u32_at(e, 8) as u64, u32_at(e, 12) as u64)
        })
        .collect();
    if entries.iter().any(|e| e.0 == MBR_TYPE_GPT_PROTECTIVE) {
        return find_in_gpt(dev, disk_len);
    }
    // MBR LBAs count 512-byte sectors only on 512-byte disks; they count
    // the disk's logical blocks in general.
    for (index, &(type_id, lba, count)) in entries.iter().enumerate() {
        if type_id == 0 || MBR_TYPE_EXTENDED.contains(&type_id) || count == 0 {
            continue;
        }
        let start = lba * bs as u64;
        let len = count * bs as u64;
        if start + 512 > disk_len {
            continue;
        }
        if fat_at(dev, start)?.is_some() {
            let kind = PartitionKind::Mbr {
                index: index as u8,
                type_id,
            };
            return Ok(Partition {
                kind,
                start,
                len: len.min(disk_len - start),
            });
        }
    }
    Err(PartitionError::NoFatVolume("no FAT partition in the MBR"))
}

fn find_in_gpt<D: BlockDevice + ?Sized>(
    dev: &mut D,
    disk_len: u64,
) -> Result<Partition, PartitionError> {
    let bs = dev.block_size() as u64;
    let header = read_bytes(dev, bs, 512)?;
    if &header[0..8] != GPT_SIGNATURE {
        return Err(PartitionError::NoFatVolume(
            "protective MBR without a GPT header",
        ));
    }
    let entries_lba = u64_at(&header, 72);
    let count = u32_at(&header, 80).min(GPT_MAX_ENTRIES);
    let entry_size = u32_at(&header, 84) as usize;
    if !(128..=4096).contains(&entry_size) || entries_lba.saturating_mul(bs) >= disk_len {
        return Err(PartitionError::NoFatVolume("GPT header is corrupt"));
    }
    let table_len = count as usize * entry_size;
    if entries_lba * bs + table_len as u64 > disk_len {
        return Err(PartitionError::NoFatVolume(
            "GPT entry table is past the end of the disk",
        ));
    }
    let table = read_bytes(dev, entries_lba * bs, table_len)?;
    for index in 0..count {
        let e = &table[index as usize * entry_size..][..entry_size];
        if e[0..16].iter().all(|&b| b == 0) {
            continue;
        }
        let first = u64_at(e, 32);
        let last = u64_at(e, 40);
        if last < first || first.saturating_mul(bs) + 512 > disk_len {
            continue;
        }
        let start = first * bs;
        // Any partition type may hold FAT (EFI system, basic data, ...): the
        // boot sector decides.
        if fat_at(dev, start)?.is_some() {
            let len = ((last - first + 1) * bs).min(disk_len - start);
            return Ok(Partition {
                kind: PartitionKind::Gpt { index },
                start,
                len,
            });
        }
    }
    Err(PartitionError::NoFatVolume("no FAT partition in the GPT"))
}
