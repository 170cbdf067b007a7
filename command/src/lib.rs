#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! The command language: what an applet declares ([`AppletSpec`]), the live
//! command table ([`Table`], [`Mode`], the reachable set), the parser and
//! renderer, Tab completion, and the traits applets run against
//! ([`Services`], [`Files`]). The applets themselves live in the `applets`
//! crate; the grammar, the router's corpus and the storage layer need only
//! this one.
//!
//! Everything that lists, completes, parses, dispatches, constrains decoding
//! or trains the router reads the table through [`Table::reachable`], so a new
//! applet shows up everywhere and a write applet vanishes everywhere in
//! read-only mode.
//!
//! With the `testing` feature, [`testing`] exports the in-memory volume
//! ([`testing::MemFs`]) and plain-data services ([`testing::FakeServices`])
//! that every crate's tests use.
extern crate alloc;

pub mod args;
pub mod complete;
pub mod files;
pub mod parse;
pub mod parsed;
pub mod services;
pub mod spec;
pub mod table;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use complete::{complete, Completion};
pub use files::{DirEntry, Files, FsError, VolumeInfo};
pub use parse::{
    is_inside, normalize_path, quote, render, same_files, same_path, ParseError, PathError, Problem,
};
pub use parsed::{Arg, Command};
pub use services::{
    Assistant, CpuInfo, DateTime, DiskInfo, LoadOptions, MemoryStats, NamespaceInfo, PciDevice,
    PowerError, Services, LOAD_HEADROOM,
};
pub use spec::{AppletSpec, Example, PathKind, Role, Slot, SlotKind, SAMPLE_FS};
pub use table::{Applet, AppletError, Context, Mode, RunError, Table, TableError, MODE_TOGGLE_KEY};
