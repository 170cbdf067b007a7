//! A block device over an image file, for host tools and tests.

extern crate std;

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use alloc::format;

use crate::{check_request, BlockDevice, BlockError};

pub struct FileDisk {
    file: File,
    block_size: usize,
    blocks: u64,
}

impl FileDisk {
    /// Opens an image read-write (or read-only when `writable` is false, so
    /// even a bug above cannot change the file).
    pub fn open(path: &Path, block_size: usize, writable: bool) -> std::io::Result<Self> {
        let file = OpenOptions::new().read(true).write(writable).open(path)?;
        let len = file.metadata()?.len();
        Ok(FileDisk {
            file,
            block_size,
            blocks: len / block_size as u64,
        })
    }
}

fn io_err(op: &str, lba: u64, e: std::io::Error) -> BlockError {
    BlockError::Device(format!("{op} at block {lba}: {e}"))
}

impl BlockDevice for FileDisk {
    fn block_size(&self) -> usize {
        self.block_size
    }

    fn block_count(&self) -> u64 {
        self.blocks
    }

    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        check_request(self.blocks, self.block_size, lba, buf.len())?;
        self.file
            .seek(SeekFrom::Start(lba * self.block_size as u64))
            .and_then(|_| self.file.read_exact(buf))
            .map_err(|e| io_err("read", lba, e))
    }

    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        check_request(self.blocks, self.block_size, lba, buf.len())?;
        self.file
            .seek(SeekFrom::Start(lba * self.block_size as u64))
            .and_then(|_| self.file.write_all(buf))
            .map_err(|e| io_err("write", lba, e))
    }

    fn flush(&mut self) -> Result<(), BlockError> {
        self.file.sync_data().map_err(|e| io_err("flush", 0, e))
    }
}
