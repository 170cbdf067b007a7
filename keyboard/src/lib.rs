//! Keyboard input decoding, hardware-free.
//!
//! Two front ends produce the same [`KeyEvent`]s for the console:
//! - [`Ps2Decoder`]: PS/2 scancode bytes (set 1 as QEMU's i8042 delivers with translation, or set 2),
//!   decoded with the `pc-keyboard` crate through a selectable [`Layout`];
//! - [`AnsiDecoder`]: bytes received on a serial line from a VT100/xterm-like terminal.
//!
//! The kernel owns the i8042 and the UART; it feeds bytes in and hands the events to `ui`.
//! Neither decoder panics on any byte sequence: unknown input is dropped.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

mod ansi;
mod ps2;

pub use ansi::AnsiDecoder;
pub use ps2::{Layout, Ps2Decoder, ScancodeSet};

/// A key the console understands, independent of where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character (never a control character).
    Char(char),
    /// Ctrl held with a letter; always the lowercase ASCII letter `'a'..='z'`.
    Ctrl(char),
    Enter,
    Backspace,
    Delete,
    Insert,
    Tab,
    Escape,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    PageUp,
    PageDown,
    /// Function key F1..=F12.
    F(u8),
}

/// A key press with the modifiers that were held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    pub key: Key,
    pub shift: bool,
    pub ctrl: bool,
    pub alt: bool,
}

impl KeyEvent {
    /// A press without modifiers.
    pub const fn plain(key: Key) -> Self {
        KeyEvent {
            key,
            shift: false,
            ctrl: false,
            alt: false,
        }
    }

    /// A press with Shift held.
    pub const fn shifted(key: Key) -> Self {
        KeyEvent {
            key,
            shift: true,
            ctrl: false,
            alt: false,
        }
    }
}

impl From<Key> for KeyEvent {
    fn from(key: Key) -> Self {
        KeyEvent::plain(key)
    }
}

/// Maps a C0 control byte (or DEL) to the key a terminal user means by it.
/// Shared by both decoders so Ctrl-H, Tab and friends mean the same thing everywhere.
pub(crate) fn control_key(byte: u8) -> Option<Key> {
    match byte {
        b'\r' | b'\n' => Some(Key::Enter),
        b'\t' => Some(Key::Tab),
        0x08 | 0x7f => Some(Key::Backspace),
        0x1b => Some(Key::Escape),
        0x01..=0x1a => Some(Key::Ctrl((b'a' + byte - 1) as char)),
        _ => None,
    }
}
