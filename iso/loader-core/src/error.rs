//! The reasons a boot stops that both loaders share, said the same way in
//! both; each loader wraps this in its own error with the firmware's causes.

use core::fmt;

use crate::conf::{ConfError, SEARCH_PATHS};
use crate::kernel::KernelError;
use crate::memmap::MemMapError;
use crate::paging::PagingError;
use crate::requests::ScanError;
use crate::responses::ResponseError;

/// A step of [`crate`] refused, with what the user needs to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BootError {
    /// No configuration file in any of Limine's locations.
    NoConfig,
    Conf(ConfError),
    Kernel(KernelError),
    Scan(ScanError),
    Response(ResponseError),
    Paging(PagingError),
    MemMap(MemMapError),
}

impl fmt::Display for BootError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoConfig => write!(
                f,
                "no limine.conf found (looked in {})",
                SEARCH_PATHS.join(", ")
            ),
            Self::Conf(e) => write!(f, "limine.conf: {e}"),
            Self::Kernel(e) => write!(f, "kernel: {e}"),
            Self::Scan(e) => write!(f, "kernel requests: {e}"),
            Self::Response(e) => write!(f, "{e}"),
            Self::Paging(e) => write!(f, "page tables: {e}"),
            Self::MemMap(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_file_or_step() {
        assert_eq!(
            BootError::NoConfig.to_string(),
            "no limine.conf found (looked in /limine.conf, /limine/limine.conf, \
             /boot/limine.conf, /boot/limine/limine.conf, /EFI/BOOT/limine.conf)"
        );
        assert_eq!(
            BootError::Conf(ConfError::NoLimineEntry).to_string(),
            "limine.conf: no entry with `protocol: limine` and a `path:`"
        );
        assert_eq!(
            BootError::Paging(PagingError::OutOfFrames).to_string(),
            format!("page tables: {}", PagingError::OutOfFrames)
        );
    }
}
