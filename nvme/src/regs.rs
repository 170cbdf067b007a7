//! Controller registers (NVMe Base Specification 2.0, section 3.1.3), as
//! offsets into BAR0 and decoded values.

/// Controller Capabilities (64-bit).
pub const CAP: usize = 0x00;
/// Version.
pub const VS: usize = 0x08;
/// Interrupt Mask Set.
pub const INTMS: usize = 0x0C;
/// Controller Configuration.
pub const CC: usize = 0x14;
/// Controller Status.
pub const CSTS: usize = 0x1C;
/// Admin Queue Attributes.
pub const AQA: usize = 0x24;
/// Admin Submission Queue base address (64-bit).
pub const ASQ: usize = 0x28;
/// Admin Completion Queue base address (64-bit).
pub const ACQ: usize = 0x30;
/// First doorbell; the rest follow at the stride CAP.DSTRD gives.
pub const DOORBELL_BASE: usize = 0x1000;

pub const CC_EN: u32 = 1 << 0;
/// CC.CSS = 000b: the NVM command set.
pub const CC_CSS_NVM: u32 = 0 << 4;
pub const CC_MPS_SHIFT: u32 = 7;
pub const CC_AMS_ROUND_ROBIN: u32 = 0 << 11;
pub const CC_SHN_MASK: u32 = 0b11 << 14;
pub const CC_SHN_NORMAL: u32 = 0b01 << 14;
/// I/O submission queue entry size, as log2 (64 bytes).
pub const CC_IOSQES: u32 = 6 << 16;
/// I/O completion queue entry size, as log2 (16 bytes).
pub const CC_IOCQES: u32 = 4 << 20;

pub const CSTS_RDY: u32 = 1 << 0;
/// Controller Fatal Status.
pub const CSTS_CFS: u32 = 1 << 1;
pub const CSTS_SHST_MASK: u32 = 0b11 << 2;
pub const CSTS_SHST_COMPLETE: u32 = 0b10 << 2;

/// The memory page size the driver uses (CC.MPS = 0).
pub const PAGE_SIZE: usize = 4096;
/// CAP.TO counts in these.
pub const CAP_TO_UNIT_MS: u64 = 500;

/// Decoded Controller Capabilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap(pub u64);

impl Cap {
    /// Maximum Queue Entries Supported, as a count (the field is 0-based).
    pub fn max_queue_entries(self) -> u32 {
        (self.0 & 0xFFFF) as u32 + 1
    }
    /// Contiguous Queues Required.
    pub fn contiguous_queues_required(self) -> bool {
        self.0 & (1 << 16) != 0
    }
    /// Worst-case time for CSTS.RDY to follow CC.EN, in milliseconds.
    pub fn timeout_ms(self) -> u64 {
        ((self.0 >> 24) & 0xFF) * CAP_TO_UNIT_MS
    }
    /// Doorbell Stride: doorbells are `4 << dstrd` bytes apart.
    pub fn doorbell_stride(self) -> usize {
        4 << ((self.0 >> 32) & 0xF)
    }
    /// Command Sets Supported bit 0: the NVM command set.
    pub fn supports_nvm(self) -> bool {
        (self.0 >> 37) & 1 != 0
    }
    /// Smallest memory page size, in bytes (2 ^ (12 + MPSMIN)).
    pub fn min_page_size(self) -> usize {
        1 << (12 + ((self.0 >> 48) & 0xF))
    }
    pub fn max_page_size(self) -> usize {
        1 << (12 + ((self.0 >> 52) & 0xF))
    }
}

/// Offset of submission queue `qid`'s tail doorbell.
pub fn sq_tail_doorbell(qid: u16, stride: usize) -> usize {
    DOORBELL_BASE + (2 * qid as usize) * stride
}

/// Offset of completion queue `qid`'s head doorbell.
pub fn cq_head_doorbell(qid: u16, stride: usize) -> usize {
    DOORBELL_BASE + (2 * qid as usize + 1) * stride
}

/// `VS` as "major.minor.tertiary".
pub fn version(vs: u32) -> (u16, u8, u8) {
    ((vs >> 16) as u16, (vs >> 8) as u8, vs as u8)
}
