//! The serial mirror: the console's text as a plain terminal on the other
//! end of COM1 sees it. Program output loses its escape sequences (so a test
//! can match it), `\n` becomes CRLF, and the input line is kept in step with
//! the fewest bytes for common edits.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// The queue is cut back to half when the kernel does not drain it past this size.
const QUEUE_LIMIT: usize = 256 * 1024;

/// Removes ANSI escape sequences (ESC + one byte, or CSI up to its final
/// byte) from a stream of chars. The one stripper: it keeps its state across
/// calls, so a sequence split between two writes is still removed.
#[derive(Clone, Copy, Default)]
pub(crate) struct Strip {
    /// 0 outside a sequence, 1 after ESC, 2 inside a CSI.
    state: u8,
}

impl Strip {
    /// `Some(ch)` when `ch` is text, `None` when it belongs to a sequence.
    pub(crate) fn feed(&mut self, ch: char) -> Option<char> {
        match (self.state, ch) {
            (0, '\u{1b}') => self.state = 1,
            (0, c) => return Some(c),
            (1, '[') => self.state = 2,
            (1, _) => self.state = 0,
            (_, '\u{40}'..='\u{7e}') => self.state = 0,
            _ => {}
        }
        None
    }

    /// The printable text of `s`: no sequences, no control characters.
    pub(crate) fn plain(s: &str) -> String {
        let mut strip = Strip::default();
        s.chars()
            .filter_map(|c| strip.feed(c))
            .filter(|c| !c.is_control())
            .collect()
    }
}

/// What has been queued for the serial line, and what the far end shows of
/// the input line.
pub(crate) struct SerialMirror {
    queue: String,
    /// The input as last sent, and its cursor.
    line: Vec<char>,
    cur: usize,
    /// The last byte sent ended a line.
    bol: bool,
    strip: Strip,
}

impl SerialMirror {
    pub(crate) fn new() -> Self {
        SerialMirror {
            queue: String::new(),
            line: Vec::new(),
            cur: 0,
            bol: true,
            strip: Strip::default(),
        }
    }

    pub(crate) fn take(&mut self) -> String {
        core::mem::take(&mut self.queue)
    }

    pub(crate) fn drain(&mut self, w: &mut dyn Write) -> fmt::Result {
        let out = self.take();
        w.write_str(&out)
    }

    fn push(&mut self, s: &str) {
        if self.queue.len() + s.len() > QUEUE_LIMIT {
            // Nobody drains the queue: keep the newer half, cut at a char boundary.
            let mut cut = self.queue.len() / 2;
            while !self.queue.is_char_boundary(cut) {
                cut += 1;
            }
            self.queue.drain(..cut);
        }
        self.queue.push_str(s);
    }

    /// Starts a fresh line unless the far end is at the start of one.
    pub(crate) fn start_line(&mut self) {
        if !self.bol {
            self.push("\r\n");
            self.bol = true;
        }
    }

    /// Erases the input line on the far end (output is about to replace it).
    pub(crate) fn erase_input(&mut self) {
        self.push("\r\x1b[K");
        self.bol = true;
        self.forget_input();
    }

    /// No input line is shown any more.
    pub(crate) fn forget_input(&mut self) {
        self.line.clear();
        self.cur = 0;
    }

    /// Ends the input line with `mark` (`^C`, or nothing for Enter).
    pub(crate) fn end_input(&mut self, mark: &str) {
        self.push(mark);
        self.push("\r\n");
        self.bol = true;
        self.forget_input();
    }

    pub(crate) fn clear_screen(&mut self) {
        self.push("\x1b[2J\x1b[H");
        self.bol = true;
    }

    pub(crate) fn bell(&mut self) {
        self.push("\x07");
    }

    /// Program output: `\n` becomes CRLF, escape sequences and control
    /// characters other than tab and CR go.
    pub(crate) fn text(&mut self, text: &str) {
        let mut out = String::with_capacity(text.len() + 8);
        for ch in text.chars().filter_map(|c| self.strip.feed(c)) {
            match ch {
                '\n' => {
                    out.push_str("\r\n");
                    self.bol = true;
                }
                c if c.is_control() && c != '\t' && c != '\r' => {}
                c => {
                    out.push(c);
                    self.bol = c == '\r';
                }
            }
        }
        self.push(&out);
    }

    /// Whole log lines (CRLF-terminated, plain), placed on lines of their
    /// own: the caller erases the input line first and draws it again after.
    pub(crate) fn log(&mut self, text: &str) {
        self.start_line();
        let mut out = String::with_capacity(text.len() + 8);
        for line in text.split_terminator('\n') {
            out.push_str(&Strip::plain(line));
            out.push_str("\r\n");
        }
        self.push(&out);
        self.bol = true;
    }

    /// Sends the whole input line afresh: CR, erase line, prompt, text, cursor.
    pub(crate) fn redraw(&mut self, prompt: &str, chars: &[char], cursor: usize) {
        let mut s = String::from("\r\x1b[K");
        s.push_str(&Strip::plain(prompt));
        s.extend(chars.iter());
        let back = chars.len() - cursor;
        if back > 0 {
            let _ = write!(s, "\x1b[{back}D");
        }
        self.push(&s);
        self.bol = false;
        self.line = chars.to_vec();
        self.cur = cursor;
    }

    /// One character typed at the end of the line.
    pub(crate) fn echo_append(&mut self, c: char) {
        let mut b = [0u8; 4];
        self.push(c.encode_utf8(&mut b));
        self.bol = false;
        self.line.push(c);
        self.cur = self.line.len();
    }

    /// Brings the far end's input line up to date with the fewest bytes for
    /// common edits (cursor moves, typing or erasing at the end).
    pub(crate) fn sync(&mut self, prompt: &str, new: &[char], cur: usize) {
        let old = &self.line;
        let ocur = self.cur;
        if new == old.as_slice() {
            if cur != ocur {
                let s = if cur < ocur {
                    alloc::format!("\x1b[{}D", ocur - cur)
                } else {
                    alloc::format!("\x1b[{}C", cur - ocur)
                };
                self.push(&s);
                self.cur = cur;
            }
            return;
        }
        let both_at_end = ocur == old.len() && cur == new.len();
        if both_at_end && new.len() > old.len() && new[..old.len()] == old[..] {
            let tail: String = new[old.len()..].iter().collect();
            self.push(&tail);
            self.bol = false;
        } else if both_at_end && new.len() < old.len() && old[..new.len()] == new[..] {
            let mut s = String::new();
            for _ in new.len()..old.len() {
                s.push_str("\x08 \x08");
            }
            self.push(&s);
        } else {
            self.redraw(prompt, new, cur);
            return;
        }
        self.line = new.to_vec();
        self.cur = cur;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_stripper_for_every_caller() {
        assert_eq!(Strip::plain("\x1b[1;32mnosys\x1b[0m> \x07"), "nosys> ");
        // A sequence split across two writes is still removed.
        let mut m = SerialMirror::new();
        m.text("a\x1b[3");
        m.text("1mb\n");
        assert_eq!(m.take(), "ab\r\n");
        m.log("\x1b[1m[INFO ]\x1b[0m x\n");
        assert_eq!(m.take(), "[INFO ] x\r\n");
    }
}
