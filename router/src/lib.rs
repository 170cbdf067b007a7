#![cfg_attr(not(test), no_std)]
// Unsafe code is confined to the AVX2 kernels and CPU detection (`gemm`,
// `cholesky`'s leaves, `simd`), each allowed where it stands.
#![deny(unsafe_code)]
//! Ridge routing: one hidden state of the model, a closed-form linear map to
//! the reachable applets. See `ridge` for the solve and `calibrate` for the
//! confidence the shell shows.
extern crate alloc;

pub mod calibrate;
pub mod cholesky;
mod gemm;
pub mod reference;
pub mod ridge;
pub mod simd;

pub use ridge::{
    prediction_from_probs, prediction_from_scores, Dataset, Method, Prediction, Router,
    RouterError, SolveOptions,
};
pub use simd::Simd;
