//! Lines of Cisco IOS.

use crate::{Reading, Shell};

/// Reads `line` (its prompt gone), or `None`.
pub(crate) fn read(_line: &str) -> Option<Reading> {
    None
}

/// The language of `line` when it is plainly one whose job this machine
/// has nothing for.
pub(crate) fn elsewhere(_line: &str) -> Option<Shell> {
    None
}
