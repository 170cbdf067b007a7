//! Presents the FAT volume to `embedded-sdmmc` as the 512-byte-block,
//! MBR-partitioned card it expects.
//!
//! The crate only opens volumes through an MBR, so block 0 is a synthetic
//! MBR with one partition starting at block 1, and block n >= 1 is sector
//! n-1 of the real volume wherever it lives (whole disk, MBR or GPT). Disks
//! with blocks larger than 512 bytes are served by read-modify-write.
//!
//! Reads go through a small cache of aligned windows, because the crate
//! asks for one 512-byte block at a time: without it every sector of a
//! sequential read would be its own NVMe command. Several windows, not one,
//! so FAT lookups and file data do not evict each other.

use alloc::vec;
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};

use embedded_sdmmc::{Block, BlockCount, BlockIdx};

use crate::{BlockDevice, BlockError};

const SECTOR: usize = 512;
const WINDOW_BYTES: usize = 64 * 1024;
const WINDOWS: usize = 8;
/// MBR partition types the crate accepts, by FAT width.
const MBR_TYPE_FAT16_LBA: u8 = 0x0E;
const MBR_TYPE_FAT32_LBA: u8 = 0x0C;

struct Window {
    base: u64,
    data: Vec<u8>,
    used: u64,
}

struct Inner<D> {
    dev: D,
    windows: Vec<Window>,
    clock: u64,
}

pub(crate) struct Adapter<D> {
    inner: RefCell<Inner<D>>,
    /// Byte offset and length of the volume on the device.
    start: u64,
    len: u64,
    disk_len: u64,
    block_size: usize,
    window_bytes: usize,
    fat32: bool,
    writable: Cell<bool>,
}

impl<D: BlockDevice> Adapter<D> {
    pub fn new(dev: D, start: u64, len: u64, fat32: bool, writable: bool) -> Self {
        let block_size = dev.block_size();
        let disk_len = dev.block_count() * block_size as u64;
        Adapter {
            inner: RefCell::new(Inner {
                dev,
                windows: Vec::new(),
                clock: 0,
            }),
            start,
            len,
            disk_len,
            block_size,
            window_bytes: WINDOW_BYTES.max(block_size),
            fat32,
            writable: Cell::new(writable),
        }
    }

    pub fn into_inner(self) -> D {
        self.inner.into_inner().dev
    }

    pub fn set_writable(&self, writable: bool) {
        self.writable.set(writable);
    }

    /// Runs `f` on the device itself, with the cache emptied first so it
    /// never serves data the caller changed behind its back.
    pub fn with_device<R>(&self, f: impl FnOnce(&mut D) -> R) -> R {
        let mut inner = self.inner.borrow_mut();
        inner.windows.clear();
        f(&mut inner.dev)
    }

    pub fn flush(&self) -> Result<(), BlockError> {
        self.inner.borrow_mut().dev.flush()
    }

    fn synthetic_mbr(&self) -> [u8; SECTOR] {
        let mut mbr = [0u8; SECTOR];
        let e = &mut mbr[446..462];
        e[4] = if self.fat32 {
            MBR_TYPE_FAT32_LBA
        } else {
            MBR_TYPE_FAT16_LBA
        };
        e[8..12].copy_from_slice(&1u32.to_le_bytes());
        e[12..16].copy_from_slice(&self.volume_sectors().to_le_bytes());
        mbr[510] = 0x55;
        mbr[511] = 0xAA;
        mbr
    }

    fn volume_sectors(&self) -> u32 {
        (self.len / SECTOR as u64).min(u32::MAX as u64 - 1) as u32
    }

    /// Device byte offset of crate block `idx` (>= 1).
    fn position(&self, idx: u32) -> Result<u64, BlockError> {
        let sector = idx as u64 - 1;
        if sector >= self.volume_sectors() as u64 {
            return Err(BlockError::OutOfRange {
                lba: idx as u64,
                blocks: 1,
            });
        }
        Ok(self.start + sector * SECTOR as u64)
    }

    /// Reads the 512 bytes at device byte offset `pos` through the cache.
    pub fn read_sector(&self, pos: u64, out: &mut [u8]) -> Result<(), BlockError> {
        let mut inner = self.inner.borrow_mut();
        let inner = &mut *inner;
        let base = pos - pos % self.window_bytes as u64;
        inner.clock += 1;
        let clock = inner.clock;
        let i = match inner.windows.iter().position(|w| w.base == base) {
            Some(i) => i,
            None => {
                let len = (self.window_bytes as u64).min(self.disk_len - base) as usize;
                let mut data = vec![0u8; len];
                inner
                    .dev
                    .read_blocks(base / self.block_size as u64, &mut data)?;
                let w = Window {
                    base,
                    data,
                    used: clock,
                };
                if inner.windows.len() < WINDOWS {
                    inner.windows.push(w);
                    inner.windows.len() - 1
                } else {
                    let lru = (0..inner.windows.len())
                        .min_by_key(|&i| inner.windows[i].used)
                        .unwrap_or(0);
                    inner.windows[lru] = w;
                    lru
                }
            }
        };
        let w = &mut inner.windows[i];
        w.used = clock;
        let off = (pos - base) as usize;
        out.copy_from_slice(&w.data[off..off + SECTOR]);
        Ok(())
    }

    /// Writes the 512 bytes at device byte offset `pos`, keeping the cache
    /// coherent; read-modify-write when device blocks are larger.
    pub fn write_sector(&self, pos: u64, data: &[u8]) -> Result<(), BlockError> {
        if !self.writable.get() {
            return Err(BlockError::WriteProtected);
        }
        let bs = self.block_size as u64;
        let block_pos = pos - pos % bs;
        let mut block = vec![0u8; self.block_size];
        if self.block_size != SECTOR {
            for s in 0..self.block_size / SECTOR {
                let p = block_pos + (s * SECTOR) as u64;
                self.read_sector(p, &mut block[s * SECTOR..][..SECTOR])?;
            }
        }
        let off = (pos - block_pos) as usize;
        block[off..off + SECTOR].copy_from_slice(data);
        let mut inner = self.inner.borrow_mut();
        inner.dev.write_blocks(block_pos / bs, &block)?;
        let wbytes = self.window_bytes as u64;
        if let Some(w) = inner
            .windows
            .iter_mut()
            .find(|w| w.base == pos - pos % wbytes)
        {
            let o = (pos - w.base) as usize;
            w.data[o..o + SECTOR].copy_from_slice(data);
        }
        Ok(())
    }
}

impl<D: BlockDevice> embedded_sdmmc::BlockDevice for Adapter<D> {
    type Error = BlockError;

    fn read(&self, blocks: &mut [Block], start: BlockIdx) -> Result<(), BlockError> {
        for (i, block) in blocks.iter_mut().enumerate() {
            let idx = start.0 + i as u32;
            if idx == 0 {
                block.contents = self.synthetic_mbr();
            } else {
                self.read_sector(self.position(idx)?, &mut block.contents)?;
            }
        }
        Ok(())
    }

    fn write(&self, blocks: &[Block], start: BlockIdx) -> Result<(), BlockError> {
        for (i, block) in blocks.iter().enumerate() {
            let idx = start.0 + i as u32;
            if idx == 0 {
                // The MBR is ours, not the disk's.
                return Err(BlockError::WriteProtected);
            }
            self.write_sector(self.position(idx)?, &block.contents)?;
        }
        Ok(())
    }

    fn num_blocks(&self) -> Result<BlockCount, BlockError> {
        Ok(BlockCount(self.volume_sectors() + 1))
    }
}

/// Device byte offset of crate block `idx`, for code outside the crate
/// (raw directory-entry edits) that has a `BlockIdx` from it.
pub(crate) fn block_position<D: BlockDevice>(
    a: &Adapter<D>,
    idx: BlockIdx,
) -> Result<u64, BlockError> {
    if idx.0 == 0 {
        return Err(BlockError::WriteProtected);
    }
    a.position(idx.0)
}
