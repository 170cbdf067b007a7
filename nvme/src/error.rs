//! What can go wrong, and which command it went wrong in.
//!
//! Every error that comes from the device names the command it interrupted
//! ([`Cmd`]: "read of LBA 2048 (8 blocks)"), so the line a user sees says
//! what the disk was doing, not only that it failed.

use alloc::boxed::Box;
use core::fmt;

use crate::cmd::admin;
use crate::prp::PrpError;
use crate::status::Status;

/// The command a device error belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Read { nsid: u32, lba: u64, blocks: u32 },
    Write { nsid: u32, lba: u64, blocks: u32 },
    Flush { nsid: u32 },
    Admin { opcode: u8 },
}

impl Cmd {
    /// Whether the command could have changed what is on the media.
    pub fn writes(&self) -> bool {
        matches!(self, Cmd::Write { .. })
    }
}

fn admin_name(opcode: u8) -> &'static str {
    match opcode {
        admin::DELETE_IO_SQ => "Delete I/O Submission Queue",
        admin::CREATE_IO_SQ => "Create I/O Submission Queue",
        admin::DELETE_IO_CQ => "Delete I/O Completion Queue",
        admin::CREATE_IO_CQ => "Create I/O Completion Queue",
        admin::IDENTIFY => "Identify",
        _ => "admin command",
    }
}

/// " of namespace N" for any namespace but 1, the one nearly every disk has.
struct Ns(u32);

impl fmt::Display for Ns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 1 {
            Ok(())
        } else {
            write!(f, " of namespace {}", self.0)
        }
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl fmt::Display for Cmd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cmd::Read { nsid, lba, blocks } => write!(
                f,
                "read{} at LBA {lba} ({blocks} block{})",
                Ns(nsid),
                plural(blocks)
            ),
            Cmd::Write { nsid, lba, blocks } => write!(
                f,
                "write{} at LBA {lba} ({blocks} block{})",
                Ns(nsid),
                plural(blocks)
            ),
            Cmd::Flush { nsid } => write!(f, "flush{}", Ns(nsid)),
            Cmd::Admin { opcode } => write!(f, "{} ({opcode:#04x})", admin_name(opcode)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    Unsupported(&'static str),
    OutOfMemory,
    /// A register wait (reset, enable, shutdown) ran past its deadline.
    Timeout {
        waiting_for: &'static str,
        ms: u64,
    },
    /// A command was not completed within the command timeout.
    CommandTimeout {
        cmd: Cmd,
        ms: u64,
    },
    /// CSTS.CFS: the controller reported a fatal internal error, while
    /// `cmd` was outstanding or about to be submitted (`None`: during
    /// reset or enable).
    ControllerFatal {
        cmd: Option<Cmd>,
    },
    /// The controller completed the command with an error status.
    Command {
        cmd: Cmd,
        status: Status,
    },
    /// A completion for a command we did not submit.
    UnexpectedCompletion {
        cmd: Cmd,
        expected: u16,
        got: u16,
    },
    QueueFull,
    NoSuchNamespace(u32),
    OutOfRange {
        lba: u64,
        blocks: u64,
    },
    BadBufferLength {
        len: usize,
        block_size: u32,
    },
    Prp(PrpError),
    /// The controller was taken out of service by the fault inside: a
    /// timeout, CSTS.CFS, a stray completion or a vanished device leave
    /// its queues in an unknown state, so nothing more is sent to it until
    /// a reset (here: a reboot).
    Failed(Box<Error>),
    /// Registers read as all ones: nothing answers at BAR0.
    NoDevice,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unsupported(s) => write!(f, "unsupported controller: {s}"),
            Error::OutOfMemory => f.write_str("out of DMA memory"),
            Error::Timeout { waiting_for, ms } => {
                write!(f, "timed out after {ms} ms waiting for {waiting_for}")
            }
            Error::CommandTimeout { cmd, ms } => {
                write!(f, "{cmd} timed out after {ms} ms")
            }
            Error::ControllerFatal { cmd: Some(cmd) } => {
                write!(f, "controller fatal status (CSTS.CFS) during {cmd}")
            }
            Error::ControllerFatal { cmd: None } => {
                f.write_str("controller fatal status (CSTS.CFS)")
            }
            Error::Command { cmd, status } => write!(f, "{cmd} failed: {status}"),
            Error::UnexpectedCompletion { cmd, expected, got } => {
                write!(
                    f,
                    "{cmd}: completion for command id {got}, expected {expected}"
                )
            }
            Error::QueueFull => f.write_str("submission queue full"),
            Error::NoSuchNamespace(id) => write!(f, "no active namespace {id}"),
            Error::OutOfRange { lba, blocks } => {
                write!(
                    f,
                    "blocks {lba}..{} are past the end of the namespace",
                    lba.saturating_add(*blocks)
                )
            }
            Error::BadBufferLength { len, block_size } => {
                write!(
                    f,
                    "{len} bytes is not a multiple of the {block_size}-byte block"
                )
            }
            Error::Prp(e) => write!(f, "PRP construction: {e:?}"),
            Error::Failed(why) => {
                write!(
                    f,
                    "out of service since an earlier fault ({why}); reboot to use it again"
                )
            }
            Error::NoDevice => f.write_str("no controller answers (registers read all ones)"),
        }
    }
}

impl core::error::Error for Error {}
