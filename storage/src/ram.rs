use alloc::vec;
use alloc::vec::Vec;

use crate::{check_request, BlockDevice, BlockError};

/// A disk in memory: for tests, and for the kernel to serve an image it
/// was handed some other way.
#[derive(Clone, Debug)]
pub struct RamDisk {
    block_size: usize,
    data: Vec<u8>,
    /// Counts writes, so tests can prove a read-only mount wrote nothing.
    pub writes: u64,
    pub flushes: u64,
}

impl RamDisk {
    pub fn new(block_size: usize, blocks: u64) -> Self {
        RamDisk::from_bytes(block_size, vec![0; block_size * blocks as usize])
    }

    /// Wraps an image; a trailing partial block is dropped.
    pub fn from_bytes(block_size: usize, mut data: Vec<u8>) -> Self {
        data.truncate(data.len() / block_size * block_size);
        RamDisk {
            block_size,
            data,
            writes: 0,
            flushes: 0,
        }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.data
    }
}

impl BlockDevice for RamDisk {
    fn block_size(&self) -> usize {
        self.block_size
    }

    fn block_count(&self) -> u64 {
        (self.data.len() / self.block_size) as u64
    }

    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        check_request(self.block_count(), self.block_size, lba, buf.len())?;
        let start = lba as usize * self.block_size;
        buf.copy_from_slice(&self.data[start..start + buf.len()]);
        Ok(())
    }

    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        check_request(self.block_count(), self.block_size, lba, buf.len())?;
        let start = lba as usize * self.block_size;
        self.data[start..start + buf.len()].copy_from_slice(buf);
        self.writes += 1;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), BlockError> {
        self.flushes += 1;
        Ok(())
    }
}
