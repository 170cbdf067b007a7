#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! Ridge routing: one hidden state of the model, a closed-form linear map to
//! the reachable applets. See `ridge` for the solve and `calibrate` for the
//! confidence the shell shows.
extern crate alloc;

pub mod calibrate;
pub mod cholesky;
pub mod ridge;

pub use ridge::{prediction_from_scores, Dataset, Prediction, Router, RouterError};
