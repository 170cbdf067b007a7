//! Completion status (Base Specification 2.0, section 4.6.1.2): the code
//! type and code, decoded into names a user can act on.

use core::fmt;

pub const SCT_GENERIC: u8 = 0;
pub const SCT_COMMAND_SPECIFIC: u8 = 1;
pub const SCT_MEDIA: u8 = 2;
pub const SCT_PATH: u8 = 3;
pub const SCT_VENDOR: u8 = 7;

/// Generic status codes this driver can provoke or report.
pub mod generic {
    pub const SUCCESS: u8 = 0x00;
    pub const INVALID_OPCODE: u8 = 0x01;
    pub const INVALID_FIELD: u8 = 0x02;
    pub const COMMAND_ID_CONFLICT: u8 = 0x03;
    pub const DATA_TRANSFER_ERROR: u8 = 0x04;
    pub const ABORTED_POWER_LOSS: u8 = 0x05;
    pub const INTERNAL_ERROR: u8 = 0x06;
    pub const ABORT_REQUESTED: u8 = 0x07;
    pub const ABORTED_SQ_DELETION: u8 = 0x08;
    pub const INVALID_NAMESPACE: u8 = 0x0B;
    pub const COMMAND_SEQUENCE_ERROR: u8 = 0x0C;
    pub const PRP_OFFSET_INVALID: u8 = 0x13;
    pub const OPERATION_DENIED: u8 = 0x15;
    pub const SANITIZE_IN_PROGRESS: u8 = 0x1D;
    pub const NAMESPACE_WRITE_PROTECTED: u8 = 0x20;
    pub const COMMAND_INTERRUPTED: u8 = 0x21;
    pub const TRANSIENT_TRANSPORT_ERROR: u8 = 0x22;
    pub const LBA_OUT_OF_RANGE: u8 = 0x80;
    pub const CAPACITY_EXCEEDED: u8 = 0x81;
    pub const NAMESPACE_NOT_READY: u8 = 0x82;
    pub const RESERVATION_CONFLICT: u8 = 0x83;
    pub const FORMAT_IN_PROGRESS: u8 = 0x84;
}

pub mod specific {
    pub const INVALID_CQ: u8 = 0x00;
    pub const INVALID_QUEUE_ID: u8 = 0x01;
    pub const INVALID_QUEUE_SIZE: u8 = 0x02;
    pub const WRITE_TO_READ_ONLY: u8 = 0x82;
}

pub mod media {
    pub const WRITE_FAULT: u8 = 0x80;
    pub const UNRECOVERED_READ: u8 = 0x81;
    pub const GUARD_CHECK: u8 = 0x82;
    pub const APPLICATION_TAG_CHECK: u8 = 0x83;
    pub const REFERENCE_TAG_CHECK: u8 = 0x84;
    pub const COMPARE_FAILURE: u8 = 0x85;
    pub const ACCESS_DENIED: u8 = 0x86;
    pub const DEALLOCATED_BLOCK: u8 = 0x87;
}

/// A non-success completion status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// Status Code Type.
    pub sct: u8,
    /// Status Code.
    pub sc: u8,
    /// Do Not Retry: the controller says repeating the command will fail too.
    pub dnr: bool,
}

impl Status {
    /// Decodes the 15-bit status field; `None` for success.
    pub fn from_field(field: u16) -> Option<Status> {
        let sc = field as u8;
        let sct = ((field >> 8) & 0x7) as u8;
        if sc == 0 && sct == 0 {
            return None;
        }
        Some(Status {
            sct,
            sc,
            dnr: field & (1 << 14) != 0,
        })
    }

    /// The Status Code Type in the specification's words.
    pub fn type_name(&self) -> &'static str {
        match self.sct {
            SCT_GENERIC => "generic",
            SCT_COMMAND_SPECIFIC => "command specific",
            SCT_MEDIA => "media and data integrity",
            SCT_PATH => "path related",
            SCT_VENDOR => "vendor specific",
            _ => "reserved",
        }
    }

    /// The status code in words: the specification's name where this
    /// driver knows it, else the type's.
    pub fn describe(&self) -> &'static str {
        use generic as g;
        match (self.sct, self.sc) {
            (SCT_GENERIC, g::INVALID_OPCODE) => "invalid command opcode",
            (SCT_GENERIC, g::INVALID_FIELD) => "invalid field in command",
            (SCT_GENERIC, g::COMMAND_ID_CONFLICT) => "command id conflict",
            (SCT_GENERIC, g::DATA_TRANSFER_ERROR) => "data transfer error",
            (SCT_GENERIC, g::ABORTED_POWER_LOSS) => "aborted: power loss notification",
            (SCT_GENERIC, g::INTERNAL_ERROR) => "internal controller error",
            (SCT_GENERIC, g::ABORT_REQUESTED) => "command abort requested",
            (SCT_GENERIC, g::ABORTED_SQ_DELETION) => "aborted: submission queue deleted",
            (SCT_GENERIC, g::INVALID_NAMESPACE) => "invalid namespace or format",
            (SCT_GENERIC, g::COMMAND_SEQUENCE_ERROR) => "command sequence error",
            (SCT_GENERIC, g::PRP_OFFSET_INVALID) => "PRP offset invalid",
            (SCT_GENERIC, g::OPERATION_DENIED) => "operation denied",
            (SCT_GENERIC, g::SANITIZE_IN_PROGRESS) => "sanitize in progress",
            (SCT_GENERIC, g::NAMESPACE_WRITE_PROTECTED) => "namespace is write protected",
            (SCT_GENERIC, g::COMMAND_INTERRUPTED) => "command interrupted",
            (SCT_GENERIC, g::TRANSIENT_TRANSPORT_ERROR) => "transient transport error",
            (SCT_GENERIC, g::LBA_OUT_OF_RANGE) => "LBA out of range",
            (SCT_GENERIC, g::CAPACITY_EXCEEDED) => "capacity exceeded",
            (SCT_GENERIC, g::NAMESPACE_NOT_READY) => "namespace not ready",
            (SCT_GENERIC, g::RESERVATION_CONFLICT) => "reservation conflict",
            (SCT_GENERIC, g::FORMAT_IN_PROGRESS) => "format in progress",
            (SCT_COMMAND_SPECIFIC, specific::INVALID_CQ) => "completion queue invalid",
            (SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_ID) => "invalid queue identifier",
            (SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_SIZE) => "invalid queue size",
            (SCT_COMMAND_SPECIFIC, specific::WRITE_TO_READ_ONLY) => {
                "attempted write to read-only range"
            }
            (SCT_MEDIA, media::WRITE_FAULT) => "write fault",
            (SCT_MEDIA, media::UNRECOVERED_READ) => "unrecovered read error",
            (SCT_MEDIA, media::GUARD_CHECK) => "end-to-end guard check error",
            (SCT_MEDIA, media::APPLICATION_TAG_CHECK) => "end-to-end application tag check error",
            (SCT_MEDIA, media::REFERENCE_TAG_CHECK) => "end-to-end reference tag check error",
            (SCT_MEDIA, media::COMPARE_FAILURE) => "compare failure",
            (SCT_MEDIA, media::ACCESS_DENIED) => "access denied",
            (SCT_MEDIA, media::DEALLOCATED_BLOCK) => "deallocated or unwritten block",
            (SCT_GENERIC, _) => "generic error",
            (SCT_COMMAND_SPECIFIC, _) => "command-specific error",
            (SCT_MEDIA, _) => "media or data integrity error",
            (SCT_PATH, _) => "path error",
            (SCT_VENDOR, _) => "vendor-specific error",
            _ => "reserved status code type",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (SCT {} {}, SC {:#04x}{})",
            self.describe(),
            self.sct,
            self.type_name(),
            self.sc,
            if self.dnr { ", do not retry" } else { "" }
        )
    }
}
