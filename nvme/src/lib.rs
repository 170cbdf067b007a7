//! An NVMe driver (NVMe Base Specification 2.0, NVM Command Set 1.0).
//!
//! Hardware-free: the kernel supplies DMA memory, BAR0 access and a clock
//! through [`Hal`], and the whole driver is tested on the host against a
//! simulated controller (`src/sim.rs`, public with the `sim` feature so the
//! crates above can test their handling of device faults against it).
#![cfg_attr(not(any(test, feature = "sim")), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
extern crate alloc;

pub mod cmd;
mod controller;
mod disk;
mod error;
pub mod identify;
pub mod prp;
pub mod queue;
pub mod regs;
pub mod status;

pub use controller::{Config, Controller, Dma, Hal};
pub use disk::NvmeDisk;
pub use error::{Cmd, Error};
pub use identify::{ControllerInfo, Namespace};
pub use status::Status;

#[cfg(any(test, feature = "sim"))]
pub mod sim;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_faults;
