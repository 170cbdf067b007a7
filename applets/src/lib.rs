#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
//! The live command table and the applets.
//!
//! An applet is one file in `src/applets/` plus one name in the `applets!`
//! list there (see docs/adding-an-applet.md). Everything else — help,
//! completion, parsing, dispatch, the grammar, the router — reads the table
//! through [`Table::reachable`] / [`specs`], so a new applet shows up
//! everywhere and a write applet vanishes everywhere in read-only mode.
extern crate alloc;

mod applets;
pub mod command;
pub mod complete;
pub mod files;
pub mod parse;
pub mod services;
pub mod spec;
pub mod table;

/// Typed access to an applet's arguments by slot index.
pub mod args {
    pub use crate::applets::{opt_integer, opt_path, opt_word, path, text};
}

pub use command::{Arg, Command};
pub use complete::{complete, Completion};
pub use files::{DirEntry, Files, FsError, VolumeInfo};
pub use parse::{normalize_path, quote, render, ParseError, PathError, Problem};
pub use services::{
    Assistant, CpuInfo, DateTime, DiskInfo, MemoryStats, NamespaceInfo, PciDevice, PowerError,
    Services,
};
pub use spec::{AppletSpec, Example, PathKind, Slot, SlotKind, SAMPLE_FS};
pub use table::{
    all, reachable, specs, Applet, AppletError, Context, Mode, Outcome, RunError, Table,
    TableError, MODE_TOGGLE_KEY,
};

#[cfg(test)]
mod fake;
#[cfg(test)]
mod tests;
