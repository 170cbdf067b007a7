//! The console a person types into: a terminal model with scrollback, a line editor with history
//! and completion, and a status bar. Hardware-free: input arrives as [`keyboard::KeyEvent`]s,
//! pixels leave through a [`Renderer`], and a copy of the text leaves through the serial mirror
//! ([`Console::drain_serial`]).
//!
//! The kernel's loop, in short:
//! ```
//! use ui::{Cell, Console, Key, LineEvent, NoCompletion, Renderer};
//! # struct Screen;
//! # impl Renderer for Screen {
//! #     fn draw_cell(&mut self, _: usize, _: usize, _: Cell) {}
//! #     fn scroll_up(&mut self, _: usize, _: usize) {}
//! #     fn flush(&mut self) {}
//! # }
//! let mut screen = Screen; // framebuffer::TextConsole in the kernel
//! let mut console = Console::new(100, 40);
//! let mut serial = String::new(); // the COM1 writer in the kernel
//! console.prompt();
//! // Keys from keyboard::Ps2Decoder or keyboard::AnsiDecoder:
//! for key in [Key::Char('h'), Key::Char('i'), Key::Enter, Key::F(2)] {
//!     match console.handle_key(key, &mut NoCompletion) {
//!         Some(LineEvent::Submit(line)) => {
//!             console.print(&format!("you said {line}\n"));
//!             console.prompt();
//!         }
//!         Some(LineEvent::ToggleMode) => {
//!             let ro = console.status().read_only;
//!             console.set_read_only(!ro);
//!         }
//!         Some(LineEvent::Cancel) => console.prompt(),
//!         _ => {}
//!     }
//! }
//! // Once per batch of input or output, not per byte:
//! console.render(&mut screen);
//! console.drain_serial(&mut serial).unwrap();
//! assert!(serial.ends_with("nosys> hi\r\nyou said hi\r\n\r\x1b[Knosys> "));
//! assert!(!console.status().read_only);
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

mod console;
mod editor;
mod serial;
mod shadow;
mod status;
mod term;

pub use console::{Console, LineEvent, DEFAULT_MAX_LINE_BYTES, DEFAULT_SCROLLBACK};
pub use keyboard::{Key, KeyEvent};
pub use serial::{Transmitter, TxPort};
pub use status::Status;

use alloc::string::String;
use alloc::vec::Vec;

/// A 24-bit color; the framebuffer converts it to the screen's channel layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Color {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Color { r, g, b }
    }

    pub const DEFAULT_FG: Color = Color::rgb(0xd0, 0xd0, 0xd0);
    pub const DEFAULT_BG: Color = Color::rgb(0x10, 0x12, 0x18);
    pub const PROMPT: Color = Color::rgb(0x5f, 0xd7, 0x87);
    pub const STATUS_FG: Color = Color::rgb(0xf0, 0xf0, 0xf0);
    pub const STATUS_BG: Color = Color::rgb(0x2a, 0x30, 0x45);
    pub const READ_ONLY_BG: Color = Color::rgb(0x1f, 0x7a, 0x3a);
    pub const READ_WRITE_BG: Color = Color::rgb(0xb0, 0x24, 0x24);
    pub const WARNING_BG: Color = Color::rgb(0xc0, 0x80, 0x00);

    /// The 16 ANSI colors used by SGR 30-37/90-97 (foreground) and 40-47/100-107 (background).
    pub const PALETTE: [Color; 16] = [
        Color::rgb(0x00, 0x00, 0x00),
        Color::rgb(0xcd, 0x31, 0x31),
        Color::rgb(0x0d, 0xbc, 0x79),
        Color::rgb(0xe5, 0xe5, 0x10),
        Color::rgb(0x24, 0x72, 0xc8),
        Color::rgb(0xbc, 0x3f, 0xbc),
        Color::rgb(0x11, 0xa8, 0xcd),
        Color::rgb(0xe5, 0xe5, 0xe5),
        Color::rgb(0x66, 0x66, 0x66),
        Color::rgb(0xf1, 0x4c, 0x4c),
        Color::rgb(0x23, 0xd1, 0x8b),
        Color::rgb(0xf5, 0xf5, 0x43),
        Color::rgb(0x3b, 0x8e, 0xea),
        Color::rgb(0xd6, 0x70, 0xd6),
        Color::rgb(0x29, 0xb8, 0xdb),
        Color::rgb(0xff, 0xff, 0xff),
    ];
}

/// One character position on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    pub ch: char,
    pub fg: Color,
    pub bg: Color,
}

impl Cell {
    pub const BLANK: Cell = Cell {
        ch: ' ',
        fg: Color::DEFAULT_FG,
        bg: Color::DEFAULT_BG,
    };

    /// The same cell with foreground and background swapped (how the cursor is drawn).
    pub const fn inverted(self) -> Cell {
        Cell {
            ch: self.ch,
            fg: self.bg,
            bg: self.fg,
        }
    }
}

/// Where the console draws. Rows `0..rows-1` are the text area, row `rows-1` the status bar.
/// The console only draws cells that changed since the previous [`Console::render`].
pub trait Renderer {
    /// Draws one cell at a text position.
    fn draw_cell(&mut self, row: usize, col: usize, cell: Cell);
    /// Moves text rows `n..rows` up to `0..rows-n`. The `n` rows left at the bottom are
    /// redrawn by the console right after, so their content does not matter.
    fn scroll_up(&mut self, rows: usize, n: usize);
    /// Makes everything drawn so far visible.
    fn flush(&mut self);
}

/// Answers Tab. The applets crate implements it from the live command table.
pub trait Completer {
    /// `line` is the whole input, `cursor` a byte offset into it (on a char boundary).
    /// `&mut self` so an implementation can walk a filesystem that needs mutable access.
    fn complete(&mut self, line: &str, cursor: usize) -> Completion;
}

/// Candidates for the word `line[start..cursor]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Completion {
    /// Byte offset where the word being completed starts.
    pub start: usize,
    /// Full replacements for that word. A single candidate is inserted followed by a space,
    /// unless it ends in '/' (a directory, to be continued).
    pub candidates: Vec<String>,
}

/// A completer that never offers anything.
pub struct NoCompletion;

impl Completer for NoCompletion {
    fn complete(&mut self, _line: &str, cursor: usize) -> Completion {
        Completion {
            start: cursor,
            candidates: Vec::new(),
        }
    }
}
