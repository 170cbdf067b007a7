#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! The applets: `ls`, `cat`, `write`, … and the builtin command table that
//! lists them. The language they are declared in, parsed and dispatched by
//! (specs, [`Table`], parser, completion, the `Services`/`Files` traits) is
//! the `command` crate.
//!
//! An applet is one file in `src/applets/` plus one name in the `applets!`
//! list there (see docs/adding-an-applet.md).
extern crate alloc;

use alloc::vec::Vec;

use command::{Applet, AppletSpec, Mode, Table};

mod applets;

/// Where `cp` and `mv` put a file: `dst`, or `dst/<name of src>` when
/// `dst` is an existing folder.
pub use applets::target as copy_target;

/// Every applet registered in `src/applets/mod.rs`, in registration order:
/// the table the system runs.
pub fn builtin() -> Table {
    Table::new(applets::BUILTIN).expect("builtin applet names are unique")
}

/// The builtin table's applets, whatever the mode.
pub fn all() -> impl Iterator<Item = &'static dyn Applet> {
    applets::BUILTIN.iter().copied()
}

/// The builtin table's applets reachable in `mode`.
pub fn reachable(mode: Mode) -> impl Iterator<Item = &'static dyn Applet> {
    all().filter(move |a| mode.allows(a.spec()))
}

/// The builtin table's specs reachable in `mode`, in table order.
pub fn specs(mode: Mode) -> Vec<&'static AppletSpec> {
    reachable(mode).map(|a| a.spec()).collect()
}

#[cfg(test)]
mod tests;
