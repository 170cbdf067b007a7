//! One namespace as a `blockdev::BlockDevice`.

use alloc::format;

use blockdev::{BlockDevice, BlockError};

use crate::controller::{Controller, Error, Hal};
use crate::identify::Namespace;

pub struct NvmeDisk<H: Hal> {
    ctrl: Controller<H>,
    ns: Namespace,
}

impl<H: Hal> NvmeDisk<H> {
    /// The block device for `ns`, one of `ctrl.namespaces()` (any other
    /// fails every request with `NoSuchNamespace`).
    pub fn new(ctrl: Controller<H>, ns: Namespace) -> Self {
        NvmeDisk { ctrl, ns }
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
}

fn block_err(e: Error) -> BlockError {
    match e {
        Error::OutOfRange { lba, blocks } => BlockError::OutOfRange { lba, blocks },
        Error::BadBufferLength { len, .. } => BlockError::BadBufferLength(len),
        e => BlockError::Device(format!("NVMe: {e}")),
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
        self.ctrl.read(self.ns.id, lba, buf).map_err(block_err)
    }

    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        self.ctrl.write(self.ns.id, lba, buf).map_err(block_err)
    }

    fn flush(&mut self) -> Result<(), BlockError> {
        self.ctrl.flush(self.ns.id).map_err(block_err)
    }
}
