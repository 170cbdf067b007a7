//! A parsed command: an applet and its typed arguments. The grammar's decoder
//! returns this type directly, so a model's proposal is never a string that is
//! parsed a second time.

use alloc::string::String;
use alloc::vec::Vec;

/// One typed argument, in slot order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Path(String),
    Text(String),
    Integer(i64),
    Word(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The applet's name as declared in its spec.
    pub applet: &'static str,
    pub args: Vec<Arg>,
}
