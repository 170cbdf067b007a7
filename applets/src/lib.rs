#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
//! The live command table and the applets.
extern crate alloc;

pub mod command;
pub mod files;
pub mod spec;

pub use command::{Arg, Command};
pub use spec::{AppletSpec, Example, PathKind, Slot, SlotKind, SAMPLE_FS};
pub use files::{DirEntry, Files, FsError, VolumeInfo};
