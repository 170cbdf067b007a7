//! Submission and completion queue entries (Base Specification 2.0,
//! sections 4.2 and 4.6) and the commands this driver sends.

/// Admin command opcodes.
pub mod admin {
    pub const DELETE_IO_SQ: u8 = 0x00;
    pub const CREATE_IO_SQ: u8 = 0x01;
    pub const DELETE_IO_CQ: u8 = 0x04;
    pub const CREATE_IO_CQ: u8 = 0x05;
    pub const IDENTIFY: u8 = 0x06;
}

/// NVM command set opcodes.
pub mod nvm {
    pub const FLUSH: u8 = 0x00;
    pub const WRITE: u8 = 0x01;
    pub const READ: u8 = 0x02;
}

/// Identify's Controller or Namespace Structure (CNS) values.
pub mod cns {
    pub const NAMESPACE: u32 = 0x00;
    pub const CONTROLLER: u32 = 0x01;
    pub const ACTIVE_NAMESPACES: u32 = 0x02;
}

/// A 64-byte submission queue entry, fields named as in the specification.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubmissionEntry {
    /// Opcode (7:0), fused (9:8), PRP/SGL select (15:14), command id (31:16).
    pub cdw0: u32,
    pub nsid: u32,
    pub cdw2: u32,
    pub cdw3: u32,
    pub mptr: u64,
    pub prp1: u64,
    pub prp2: u64,
    pub cdw10: u32,
    pub cdw11: u32,
    pub cdw12: u32,
    pub cdw13: u32,
    pub cdw14: u32,
    pub cdw15: u32,
}

/// A 16-byte completion queue entry.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CompletionEntry {
    /// Command specific.
    pub dw0: u32,
    pub dw1: u32,
    /// SQ head pointer (15:0), SQ identifier (31:16).
    pub dw2: u32,
    /// Command id (15:0), phase tag (16), status (31:17).
    pub dw3: u32,
}

impl CompletionEntry {
    pub fn command_id(&self) -> u16 {
        self.dw3 as u16
    }
    pub fn phase(&self) -> bool {
        self.dw3 & (1 << 16) != 0
    }
    pub fn sq_head(&self) -> u16 {
        self.dw2 as u16
    }
    pub fn sq_id(&self) -> u16 {
        (self.dw2 >> 16) as u16
    }
    /// The 15-bit status field without the phase tag.
    pub fn status_field(&self) -> u16 {
        (self.dw3 >> 17) as u16
    }
}

impl SubmissionEntry {
    fn new(opcode: u8, nsid: u32) -> Self {
        SubmissionEntry {
            cdw0: opcode as u32,
            nsid,
            ..Default::default()
        }
    }

    pub fn opcode(&self) -> u8 {
        self.cdw0 as u8
    }

    pub fn command_id(&self) -> u16 {
        (self.cdw0 >> 16) as u16
    }

    pub fn set_command_id(&mut self, cid: u16) {
        self.cdw0 = (self.cdw0 & 0xFFFF) | (cid as u32) << 16;
    }

    pub fn with_prp(mut self, prp1: u64, prp2: u64) -> Self {
        self.prp1 = prp1;
        self.prp2 = prp2;
        self
    }

    /// Identify; `data` is the PRP1 of the 4 KiB result page.
    pub fn identify(cns: u32, nsid: u32, data: u64) -> Self {
        let mut c = Self::new(admin::IDENTIFY, nsid);
        c.cdw10 = cns;
        c.prp1 = data;
        c
    }

    /// Create I/O Completion Queue: physically contiguous, interrupts off
    /// (we poll the phase bit).
    pub fn create_io_cq(qid: u16, entries: u16, base: u64) -> Self {
        let mut c = Self::new(admin::CREATE_IO_CQ, 0);
        c.prp1 = base;
        c.cdw10 = ((entries as u32 - 1) << 16) | qid as u32;
        c.cdw11 = 1; // PC=1, IEN=0
        c
    }

    /// Create I/O Submission Queue bound to completion queue `cqid`.
    pub fn create_io_sq(qid: u16, entries: u16, base: u64, cqid: u16) -> Self {
        let mut c = Self::new(admin::CREATE_IO_SQ, 0);
        c.prp1 = base;
        c.cdw10 = ((entries as u32 - 1) << 16) | qid as u32;
        c.cdw11 = ((cqid as u32) << 16) | 1; // PC=1, priority ignored (round robin)
        c
    }

    pub fn delete_io_sq(qid: u16) -> Self {
        let mut c = Self::new(admin::DELETE_IO_SQ, 0);
        c.cdw10 = qid as u32;
        c
    }

    pub fn delete_io_cq(qid: u16) -> Self {
        let mut c = Self::new(admin::DELETE_IO_CQ, 0);
        c.cdw10 = qid as u32;
        c
    }

    /// Read or Write of `blocks` (>= 1) logical blocks at `lba`.
    pub fn rw(write: bool, nsid: u32, lba: u64, blocks: u32) -> Self {
        let mut c = Self::new(if write { nvm::WRITE } else { nvm::READ }, nsid);
        c.cdw10 = lba as u32;
        c.cdw11 = (lba >> 32) as u32;
        c.cdw12 = (blocks - 1) & 0xFFFF; // NLB is 0-based
        c
    }

    pub fn flush(nsid: u32) -> Self {
        Self::new(nvm::FLUSH, nsid)
    }
}
