//! The contract between a disk driver and whatever reads the disk.
//!
//! A driver (`nvme`, an image file on the host, a RAM disk in tests)
//! implements [`BlockDevice`]; the file system (`storage`) consumes it. The
//! trait lives in its own crate so that the driver depends on nothing above
//! it: not the file system, not the command table (the pattern of hermit's
//! drivers: the protocol in a library, the kernel supplies DMA and MMIO).
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

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
                    lba.saturating_add(*blocks)
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
mod tests {
    use super::*;

    #[test]
    fn requests_are_checked_against_the_geometry() {
        assert_eq!(check_request(8, 512, 6, 1024), Ok(2));
        assert_eq!(
            check_request(8, 512, 7, 1024),
            Err(BlockError::OutOfRange { lba: 7, blocks: 2 })
        );
        assert_eq!(
            check_request(8, 512, 0, 100),
            Err(BlockError::BadBufferLength(100))
        );
        assert_eq!(
            check_request(8, 0, 0, 0),
            Err(BlockError::BadBufferLength(0))
        );
        let e = check_request(8, 512, u64::MAX, 1024).unwrap_err();
        assert_eq!(
            e,
            BlockError::OutOfRange {
                lba: u64::MAX,
                blocks: 2
            }
        );
        // Display must not overflow on the end of the range.
        assert!(e.to_string().contains("past the end"));
    }
}
