//! Typed access to an applet's arguments by slot index. [`Table::run`](crate::Table::run)
//! has checked the arguments against the slots, so a mismatch here means a bug in
//! an applet's spec: [`AppletError::BadArgs`], never a panic.

use crate::parsed::Arg;
use crate::table::AppletError;

pub fn path(args: &[Arg], i: usize) -> Result<&str, AppletError> {
    match args.get(i) {
        Some(Arg::Path(p)) => Ok(p),
        _ => Err(AppletError::BadArgs),
    }
}

pub fn opt_path(args: &[Arg], i: usize) -> Result<Option<&str>, AppletError> {
    match args.get(i) {
        None => Ok(None),
        Some(Arg::Path(p)) => Ok(Some(p)),
        _ => Err(AppletError::BadArgs),
    }
}

pub fn text(args: &[Arg], i: usize) -> Result<&str, AppletError> {
    match args.get(i) {
        Some(Arg::Text(t)) => Ok(t),
        _ => Err(AppletError::BadArgs),
    }
}

pub fn opt_integer(args: &[Arg], i: usize) -> Result<Option<i64>, AppletError> {
    match args.get(i) {
        None => Ok(None),
        Some(Arg::Integer(v)) => Ok(Some(*v)),
        _ => Err(AppletError::BadArgs),
    }
}

pub fn opt_word(args: &[Arg], i: usize) -> Result<Option<&'static str>, AppletError> {
    match args.get(i) {
        None => Ok(None),
        Some(Arg::Word(w)) => Ok(Some(w)),
        _ => Err(AppletError::BadArgs),
    }
}
