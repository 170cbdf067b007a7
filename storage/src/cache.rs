//! The volume's bytes on the block device: 512-byte FAT sectors at byte
//! positions, over devices whose blocks may be larger (read-modify-write),
//! with a small read cache of aligned windows.
//!
//! Writes go straight to the device, in the order they are made: the
//! power-cut guarantees in `volume.rs` depend on the device seeing the
//! sectors in exactly that order, so there is no write-back cache here.
//! Reads of single sectors (FAT entries, directories) go through the
//! windows, so a FAT walk is not one device command per entry; runs of
//! whole clusters bypass them.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use crate::{BlockDevice, BlockError};

pub(crate) const SECTOR: usize = 512;
const WINDOW_BYTES: usize = 64 * 1024;
const WINDOWS: usize = 8;
/// The largest run sent to the device in one request (file data).
const MAX_RUN: usize = 256 * 1024;

struct Window {
    base: u64,
    data: Vec<u8>,
    used: u64,
}

pub(crate) struct Disk<D> {
    dev: D,
    windows: Vec<Window>,
    clock: u64,
    /// Byte offset and length of the volume on the device.
    start: u64,
    len: u64,
    disk_len: u64,
    block_size: usize,
    window_bytes: usize,
    writable: bool,
    /// The first device error, read or write: after it nothing more is
    /// written, so a half-failed operation cannot be followed by another
    /// and a disk that has started to fail is not written while it does.
    fault: Option<String>,
}

impl<D: BlockDevice> Disk<D> {
    pub fn new(dev: D, start: u64, len: u64) -> Self {
        let block_size = dev.block_size();
        let disk_len = dev.block_count() * block_size as u64;
        Disk {
            dev,
            windows: Vec::new(),
            clock: 0,
            start,
            len: len.min(disk_len.saturating_sub(start)),
            disk_len,
            block_size,
            window_bytes: WINDOW_BYTES.max(block_size),
            writable: false,
            fault: None,
        }
    }

    pub fn into_inner(self) -> D {
        self.dev
    }

    pub fn set_writable(&mut self, writable: bool) {
        self.writable = writable;
    }

    /// Runs `f` on the device itself, with the cache emptied first so it
    /// never serves data the caller changed behind its back.
    pub fn with_device<R>(&mut self, f: impl FnOnce(&mut D) -> R) -> R {
        self.windows.clear();
        f(&mut self.dev)
    }

    /// The first device error seen, as the driver worded it.
    pub fn fault(&self) -> Option<&str> {
        self.fault.as_deref()
    }

    pub fn flush(&mut self) -> Result<(), BlockError> {
        let r = self.dev.flush();
        self.note(r)
    }

    /// Records the first device error of `r` and passes `r` on.
    fn note<T>(&mut self, r: Result<T, BlockError>) -> Result<T, BlockError> {
        if let Err(e) = &r {
            if self.fault.is_none() {
                self.fault = Some(e.to_string());
            }
        }
        r
    }

    fn dev_read(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        let r = self.dev.read_blocks(lba, buf);
        self.note(r)
    }

    fn dev_write(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        let r = self.dev.write_blocks(lba, buf);
        self.note(r)
    }

    /// Device byte position of volume byte `pos`, for `len` bytes that must
    /// lie inside the volume: nothing outside it is ever read or written.
    fn check(&self, pos: u64, len: usize) -> Result<u64, BlockError> {
        match pos.checked_add(len as u64) {
            Some(end) if end <= self.len && pos.is_multiple_of(SECTOR as u64) => {
                Ok(self.start + pos)
            }
            _ => Err(BlockError::OutOfRange {
                lba: pos / SECTOR as u64,
                blocks: (len / SECTOR) as u64,
            }),
        }
    }

    /// Reads volume sector at byte `pos` through the cache.
    pub fn read_sector(&mut self, pos: u64, out: &mut [u8; SECTOR]) -> Result<(), BlockError> {
        let dpos = self.check(pos, SECTOR)?;
        let base = dpos - dpos % self.window_bytes as u64;
        self.clock += 1;
        let clock = self.clock;
        let i = match self.windows.iter().position(|w| w.base == base) {
            Some(i) => i,
            None => {
                let len = (self.window_bytes as u64).min(self.disk_len - base) as usize;
                let mut data = vec![0u8; len];
                self.dev_read(base / self.block_size as u64, &mut data)?;
                let w = Window {
                    base,
                    data,
                    used: clock,
                };
                if self.windows.len() < WINDOWS {
                    self.windows.push(w);
                    self.windows.len() - 1
                } else {
                    let lru = (0..self.windows.len())
                        .min_by_key(|&i| self.windows[i].used)
                        .unwrap_or(0);
                    self.windows[lru] = w;
                    lru
                }
            }
        };
        let w = &mut self.windows[i];
        w.used = clock;
        let off = (dpos - base) as usize;
        out.copy_from_slice(&w.data[off..off + SECTOR]);
        Ok(())
    }

    /// Reads whole sectors at volume byte `pos` into `out`, straight from
    /// the device when the run is block-aligned.
    pub fn read(&mut self, pos: u64, out: &mut [u8]) -> Result<(), BlockError> {
        let dpos = self.check(pos, out.len())?;
        let bs = self.block_size as u64;
        if !out.len().is_multiple_of(SECTOR) {
            return Err(BlockError::BadBufferLength(out.len()));
        }
        if dpos.is_multiple_of(bs) && (out.len() as u64).is_multiple_of(bs) {
            for (i, chunk) in out.chunks_mut(MAX_RUN).enumerate() {
                let p = dpos + (i * MAX_RUN) as u64;
                self.dev_read(p / bs, chunk)?;
            }
            // A window may hold newer data than the device only if a write
            // bypassed it, which `write` never does; so the device is right.
            return Ok(());
        }
        for (i, chunk) in out.chunks_mut(SECTOR).enumerate() {
            let mut s = [0u8; SECTOR];
            self.read_sector(pos + (i * SECTOR) as u64, &mut s)?;
            chunk.copy_from_slice(&s);
        }
        Ok(())
    }

    /// Writes whole sectors at volume byte `pos`, in order, keeping the
    /// cache coherent; read-modify-write when device blocks are larger.
    pub fn write(&mut self, pos: u64, data: &[u8]) -> Result<(), BlockError> {
        if let Some(f) = &self.fault {
            return Err(BlockError::Device(format!(
                "writes stopped after an earlier fault: {f}"
            )));
        }
        if !self.writable {
            return Err(BlockError::WriteProtected);
        }
        if !data.len().is_multiple_of(SECTOR) {
            return Err(BlockError::BadBufferLength(data.len()));
        }
        let dpos = self.check(pos, data.len())?;
        self.write_inner(pos, dpos, data)
    }

    fn write_inner(&mut self, pos: u64, dpos: u64, data: &[u8]) -> Result<(), BlockError> {
        let bs = self.block_size as u64;
        if dpos.is_multiple_of(bs) && (data.len() as u64).is_multiple_of(bs) {
            for (i, chunk) in data.chunks(MAX_RUN).enumerate() {
                let p = dpos + (i * MAX_RUN) as u64;
                self.dev_write(p / bs, chunk)?;
            }
        } else {
            // Sector by sector within larger device blocks.
            for (i, chunk) in data.chunks(SECTOR).enumerate() {
                let p = dpos + (i * SECTOR) as u64;
                let block_pos = p - p % bs;
                let mut block = vec![0u8; self.block_size];
                for s in 0..self.block_size / SECTOR {
                    let mut tmp = [0u8; SECTOR];
                    let vp = block_pos + (s * SECTOR) as u64 - self.start;
                    if vp < self.len {
                        self.read_sector(vp, &mut tmp)?;
                    } else {
                        // Outside the volume in the same device block:
                        // read it raw so it is written back unchanged.
                        let mut raw = vec![0u8; self.block_size];
                        self.dev_read(block_pos / bs, &mut raw)?;
                        tmp.copy_from_slice(&raw[s * SECTOR..][..SECTOR]);
                    }
                    block[s * SECTOR..][..SECTOR].copy_from_slice(&tmp);
                }
                let off = (p - block_pos) as usize;
                block[off..off + SECTOR].copy_from_slice(chunk);
                self.dev_write(block_pos / bs, &block)?;
                self.update_windows(p, chunk);
            }
            let _ = pos;
            return Ok(());
        }
        for (i, chunk) in data.chunks(SECTOR).enumerate() {
            self.update_windows(dpos + (i * SECTOR) as u64, chunk);
        }
        Ok(())
    }

    fn update_windows(&mut self, dpos: u64, sector: &[u8]) {
        let wbytes = self.window_bytes as u64;
        if let Some(w) = self
            .windows
            .iter_mut()
            .find(|w| w.base == dpos - dpos % wbytes)
        {
            let o = (dpos - w.base) as usize;
            w.data[o..o + SECTOR].copy_from_slice(sector);
        }
    }
}
