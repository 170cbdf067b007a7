//! Qwen3-architecture (and Llama) inference from GGUF, in `no_std + alloc`.
//!
//! Data flow, one module per stage: [`gguf`] parses the file without copying it, [`model`] reads
//! `Config`, borrows `Weights<'a>` from the file and runs `Transformer::forward`, whose leaf
//! kernels live in [`ops`]; [`sampler`] turns logits into a token after a [`sampler::LogitsMask`];
//! [`tokenizer`] maps text to tokens and back.
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod gguf;
pub mod model;
pub mod ops;
pub mod sampler;
pub mod tokenizer;

pub use gguf::{Gguf, GgufError, TensorType, Value};
pub use model::{Config, ModelError, Transformer, Weights};
pub use sampler::{LogitsMask, Sampler, SamplerConfig};

#[cfg(any(test, feature = "std"))]
#[doc(hidden)]
pub mod fuzz;
#[cfg(test)]
mod gguf_tests;
#[cfg(test)]
mod par_tests;
#[cfg(test)]
mod parity_tests;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
