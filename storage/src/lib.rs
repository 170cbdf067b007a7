//! The block layer and the data volume.
//!
//! [`BlockDevice`] (from the `blockdev` crate, re-exported) is what a disk driver provides (NVMe in the kernel, an
//! image file on the host); [`partition::find_fat`] finds the FAT volume on
//! it (whole disk, MBR or GPT); [`Volume`] mounts it (FAT16/FAT32 with
//! VFAT long names, our own code: see docs/storage.md for why) and
//! implements [`command::Files`]. Writes are allowed only when the
//! volume's label is [`WRITABLE_LABEL`], so the kernel never touches a disk
//! that is not its own.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

mod bpb;
mod cache;
mod dir;
mod directory;
mod fat;
pub mod partition;
mod ram;
mod volume;

#[cfg(any(test, feature = "std"))]
mod file_disk;

pub use blockdev::{check_request, BlockDevice, BlockError};
pub use bpb::FatType;
#[cfg(any(test, feature = "std"))]
pub use file_disk::FileDisk;
pub use partition::{Partition, PartitionKind};
pub use ram::RamDisk;
pub use volume::{MountError, Volume};

/// A wall-clock time for file timestamps (what the kernel's RTC gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timestamp {
    pub year_since_1970: u8,
    pub zero_indexed_month: u8,
    pub zero_indexed_day: u8,
    pub hours: u8,
    pub minutes: u8,
    pub seconds: u8,
}

/// The label a volume must carry for the kernel to write to it.
pub const WRITABLE_LABEL: &str = "NOSYS";

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_corrupt;
#[cfg(test)]
mod tests_device;
#[cfg(test)]
mod tests_lfn;
#[cfg(test)]
mod tests_power;
