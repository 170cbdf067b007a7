//! The block layer and the data volume.
//!
//! [`BlockDevice`] is what a disk driver provides (NVMe in the kernel, an
//! image file on the host); [`partition::find_fat`] finds the FAT volume on
//! it (whole disk, MBR or GPT); [`Volume`] mounts it with `embedded-sdmmc`
//! and implements [`applets::Files`]. Writes are allowed only when the
//! volume's label is [`WRITABLE_LABEL`], so the kernel never touches a disk
//! that is not its own.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
extern crate alloc;

mod adapter;
mod bpb;
pub mod partition;
mod ram;
mod volume;

#[cfg(any(test, feature = "std"))]
mod file_disk;

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

pub use bpb::FatType;
pub use embedded_sdmmc::Timestamp;
#[cfg(any(test, feature = "std"))]
pub use file_disk::FileDisk;
pub use partition::{Partition, PartitionKind};
pub use ram::RamDisk;
pub use volume::{MountError, Volume};

/// The label a volume must carry for the kernel to write to it.
pub const WRITABLE_LABEL: &str = "NOSYS";

/// A disk addressed in fixed-size logical blocks.
pub trait BlockDevice {
    /// Bytes per logical block: 512 or a larger power of two.
    fn block_size(&self) -> usize;
    fn block_count(&self) -> u64;
    /// Reads `buf.len() / block_size()` blocks starting at `lba`.
    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError>;
    /// Writes `buf.len() / block_size()` blocks starting at `lba`.
    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError>;
    /// Returns once every completed write is durable.
    fn flush(&mut self) -> Result<(), BlockError>;
}

impl<T: BlockDevice + ?Sized> BlockDevice for Box<T> {
    fn block_size(&self) -> usize {
        (**self).block_size()
    }
    fn block_count(&self) -> u64 {
        (**self).block_count()
    }
    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        (**self).read_blocks(lba, buf)
    }
    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        (**self).write_blocks(lba, buf)
    }
    fn flush(&mut self) -> Result<(), BlockError> {
        (**self).flush()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockError {
    /// The request reaches past the last block.
    OutOfRange { lba: u64, blocks: u64 },
    /// The buffer is not a whole number of blocks.
    BadBufferLength(usize),
    /// The volume is mounted read-only; the write never reached the disk.
    WriteProtected,
    /// The driver failed; the text says how (NVMe status, timeout, ...).
    Device(String),
}

impl fmt::Display for BlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockError::OutOfRange { lba, blocks } => {
                write!(
                    f,
                    "blocks {lba}..{} are past the end of the disk",
                    lba + blocks
                )
            }
            BlockError::BadBufferLength(n) => write!(f, "buffer of {n} bytes is not whole blocks"),
            BlockError::WriteProtected => f.write_str("volume is write-protected"),
            BlockError::Device(s) => f.write_str(s),
        }
    }
}

impl core::error::Error for BlockError {}

/// Checks a request against the device geometry; returns the block count.
pub fn check_request(
    dev_blocks: u64,
    block_size: usize,
    lba: u64,
    len: usize,
) -> Result<u64, BlockError> {
    if block_size == 0 || !len.is_multiple_of(block_size) {
        return Err(BlockError::BadBufferLength(len));
    }
    let blocks = (len / block_size) as u64;
    match lba.checked_add(blocks) {
        Some(end) if end <= dev_blocks => Ok(blocks),
        _ => Err(BlockError::OutOfRange { lba, blocks }),
    }
}

#[cfg(test)]
mod tests;
