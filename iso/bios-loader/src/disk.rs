//! The boot drive through INT 13h extensions, as 2048-byte ISO 9660 blocks.
//!
//! Reads go through the bounce buffer below 1 MiB (AH=42h can only target
//! real-mode addresses) and are copied to their destination, which may be
//! anywhere in the identity map. On a CD a block is one sector; on a disk
//! it is four.

use core::fmt;

use loader_core::iso9660::{Blocks, BLOCK_SIZE};

use crate::bios::{self, Regs, BOUNCE};

/// Bytes per INT 13h call: 64 sectors of 512 bytes or 16 of 2048 (some
/// BIOSes refuse more than 127 sectors at once).
const CHUNK: usize = 32 * 1024;
/// Tries per chunk: a CD drive may still be spinning up.
const TRIES: u32 = 3;

/// A failed read.
#[derive(Debug, Clone, Copy)]
pub struct DiskError {
    pub drive: u8,
    pub lba: u64,
    /// AH after the call.
    pub status: u8,
}

impl fmt::Display for DiskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "INT 13h read of sector {} on drive {:#04x} failed (status {:#04x})",
            self.lba, self.drive, self.status
        )
    }
}

/// The disk address packet of AH=42h.
#[repr(C, align(16))]
struct Dap {
    size: u8,
    reserved: u8,
    count: u16,
    offset: u16,
    segment: u16,
    lba: u64,
}

pub struct Disk {
    drive: u8,
    sector_size: usize,
    dap: Dap,
}

impl Disk {
    /// `sector_size` as boot.s found it: 512 or 2048.
    pub fn new(drive: u8, sector_size: usize) -> Self {
        Disk {
            drive,
            sector_size,
            dap: Dap {
                size: 16,
                reserved: 0,
                count: 0,
                offset: 0,
                segment: 0,
                lba: 0,
            },
        }
    }

    /// Reads `count` sectors at `lba` into the bounce buffer.
    fn read_to_bounce(&mut self, lba: u64, count: usize) -> Result<(), DiskError> {
        let (segment, offset) = bios::seg_off(BOUNCE);
        let mut status = 0;
        for _ in 0..TRIES {
            self.dap = Dap {
                size: 16,
                reserved: 0,
                count: count as u16,
                offset,
                segment,
                lba,
            };
            let (ds, si) = bios::seg_off(&raw const self.dap as u64);
            let r = bios::int(
                0x13,
                Regs {
                    eax: 0x4200,
                    edx: u32::from(self.drive),
                    esi: u32::from(si),
                    ds,
                    ..Regs::default()
                },
            );
            if !r.carry() {
                return Ok(());
            }
            status = (r.eax >> 8) as u8;
            // Reset the drive before trying again.
            bios::int(
                0x13,
                Regs {
                    edx: u32::from(self.drive),
                    ..Regs::default()
                },
            );
        }
        Err(DiskError {
            drive: self.drive,
            lba,
            status,
        })
    }
}

impl Blocks for Disk {
    type Error = DiskError;

    fn read_blocks(&mut self, block: u32, buf: &mut [u8]) -> Result<(), DiskError> {
        let per_block = (BLOCK_SIZE / self.sector_size) as u64;
        let mut lba = u64::from(block) * per_block;
        for chunk in buf.chunks_mut(CHUNK) {
            let sectors = chunk.len().div_ceil(self.sector_size);
            self.read_to_bounce(lba, sectors)?;
            chunk.copy_from_slice(&bios::bounce(chunk.len())[..]);
            lba += sectors as u64;
        }
        Ok(())
    }
}
