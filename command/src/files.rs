//! The filesystem as applets see it. `storage/` implements this over FAT on a
//! block device (NVMe in the kernel, an image file on the host); tests use an
//! in-memory fake. Paths are absolute and `/`-separated. Names are
//! case-preserving and looked up ignoring case (FAT's rule): `list` shows a
//! name as it was created, `read("/NOTES.TXT")` finds `notes.txt`, and a
//! new name that equals an existing one ignoring case is that file (write)
//! or a collision (`mkdir`, `rename` onto a directory).

use alloc::string::String;
use alloc::vec::Vec;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirEntry {
    /// Name within its directory (no slashes).
    pub name: String,
    pub is_dir: bool,
    pub size: u64,
    /// Last modification, when the volume records one (FAT does, to 2 s).
    pub modified: Option<crate::services::DateTime>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FsError {
    NotFound,
    NotADirectory,
    IsADirectory,
    AlreadyExists,
    DirectoryNotEmpty,
    /// The volume is mounted read-only (foreign label, or no volume writes allowed).
    ReadOnly,
    DiskFull,
    InvalidPath,
    /// A name the volume cannot store; the text says why (too long, a
    /// forbidden character, a trailing dot or space, a collision).
    InvalidName(String),
    /// No data volume is attached.
    NoVolume,
    /// The device failed; the text says how (NVMe status, timeout, ...).
    Device(String),
    /// The on-disk structures make no sense; the text says which.
    Corrupt(String),
    /// The heap has no room for the file's bytes (a read of `bytes`).
    OutOfMemory {
        bytes: u64,
    },
}

impl core::fmt::Display for FsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FsError::NotFound => f.write_str("no such file or directory"),
            FsError::NotADirectory => f.write_str("not a directory"),
            FsError::IsADirectory => f.write_str("is a directory"),
            FsError::AlreadyExists => f.write_str("already exists"),
            FsError::DirectoryNotEmpty => f.write_str("directory not empty"),
            FsError::ReadOnly => f.write_str("volume is read-only"),
            FsError::DiskFull => f.write_str("disk full"),
            FsError::InvalidPath => f.write_str("invalid path"),
            FsError::InvalidName(s) => write!(f, "invalid name: {s}"),
            FsError::NoVolume => f.write_str("no data volume"),
            FsError::Device(s) => write!(f, "device error: {s}"),
            FsError::Corrupt(s) => write!(f, "corrupt volume: {s}"),
            FsError::OutOfMemory { bytes } => {
                write!(f, "not enough memory to read {} MiB", bytes >> 20)
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VolumeInfo {
    pub label: String,
    pub fs_type: String,
    pub total_bytes: u64,
    pub free_bytes: u64,
    pub writable: bool,
    /// Why the volume is read-only, when it is (e.g. "label is FOO, not NOSYS").
    pub read_only_reason: Option<String>,
}

pub trait Files {
    fn info(&mut self) -> Result<VolumeInfo, FsError>;
    fn list(&mut self, dir: &str) -> Result<Vec<DirEntry>, FsError>;
    fn stat(&mut self, path: &str) -> Result<DirEntry, FsError>;
    fn read(&mut self, path: &str) -> Result<Vec<u8>, FsError>;
    /// Creates or truncates (or appends to) a file.
    fn write(&mut self, path: &str, data: &[u8], append: bool) -> Result<(), FsError>;
    fn remove(&mut self, path: &str) -> Result<(), FsError>;
    fn mkdir(&mut self, path: &str) -> Result<(), FsError>;
    fn rename(&mut self, from: &str, to: &str) -> Result<(), FsError>;
    /// Makes every completed write durable (NVMe Flush). Every write applet
    /// calls this before the prompt returns.
    fn flush(&mut self) -> Result<(), FsError>;
}
