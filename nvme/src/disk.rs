//! One namespace as a `blockdev::BlockDevice`.

use alloc::format;
use alloc::string::String;

use blockdev::{BlockDevice, BlockError};

use crate::controller::{Controller, Hal};
use crate::error::Error;
use crate::identify::Namespace;

pub struct NvmeDisk<H: Hal> {
    ctrl: Controller<H>,
    ns: Namespace,
    /// What error lines call the device ("nvme0"): the kernel names
    /// controllers in the order it finds them.
    name: String,
}

impl<H: Hal> NvmeDisk<H> {
    /// The block device for `ns`, one of `ctrl.namespaces()` (any other
    /// fails every request with `NoSuchNamespace`), called `name` in errors.
    pub fn new(ctrl: Controller<H>, ns: Namespace, name: impl Into<String>) -> Self {
        NvmeDisk {
            ctrl,
            ns,
            name: name.into(),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn controller(&self) -> &Controller<H> {
        &self.ctrl
    }

    pub fn controller_mut(&mut self) -> &mut Controller<H> {
        &mut self.ctrl
    }

    pub fn namespace(&self) -> &Namespace {
        &self.ns
    }

    pub fn into_controller(self) -> Controller<H> {
        self.ctrl
    }

    /// Device errors as one line that names the device: "nvme0: read at
    /// LBA 2048 (8 blocks) timed out after 5000 ms".
    fn block_err(&self, e: Error) -> BlockError {
        match e {
            Error::OutOfRange { lba, blocks } => BlockError::OutOfRange { lba, blocks },
            Error::BadBufferLength { len, .. } => BlockError::BadBufferLength(len),
            e => BlockError::Device(format!("{}: {e}", self.name)),
        }
    }
}

impl<H: Hal> BlockDevice for NvmeDisk<H> {
    fn block_size(&self) -> usize {
        self.ns.block_size as usize
    }

    fn block_count(&self) -> u64 {
        self.ns.blocks
    }

    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        self.ctrl
            .read(self.ns.id, lba, buf)
            .map_err(|e| self.block_err(e))
    }

    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        self.ctrl
            .write(self.ns.id, lba, buf)
            .map_err(|e| self.block_err(e))
    }

    fn flush(&mut self) -> Result<(), BlockError> {
        self.ctrl.flush(self.ns.id).map_err(|e| self.block_err(e))
    }
}
