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

/// What [`Transmitter`] needs of a UART: whether its transmitter takes a
/// byte now, the byte, and a clock.
pub trait TxPort {
    /// The transmitter takes a byte now (16550: LSR bit 5, THR empty).
    fn ready(&mut self) -> bool;
    /// Hands one byte to the transmitter; called only after [`TxPort::ready`].
    fn put(&mut self, byte: u8);
    /// A monotonic clock, in the unit of [`Transmitter::new`]'s bound (the
    /// kernel passes TSC cycles).
    fn now(&mut self) -> u64;
}

/// Sends bytes to a UART and never waits longer than a bound for it.
///
/// A transmitter that stays busy past the bound (nobody reads the far end of
/// a virtual port, a console server with no one attached) puts it in
/// *dropping* mode: each later byte costs one status read and is counted,
/// not sent, with no waiting. The first time the transmitter takes a byte
/// again, one line says how many bytes were lost, and output carries on.
/// So a stuck line costs one bound per episode, not one per byte.
#[derive(Debug)]
pub struct Transmitter {
    /// Longest wait for one byte, in [`TxPort::now`] units.
    bound: u64,
    dropping: bool,
    /// Bytes dropped and not yet reported.
    unreported: u64,
    /// Bytes dropped since boot.
    dropped: u64,
}

impl Transmitter {
    pub const fn new(bound: u64) -> Self {
        Transmitter {
            bound,
            dropping: false,
            unreported: 0,
            dropped: 0,
        }
    }

    /// Changes the bound (the kernel knows the TSC's rate only after boot
    /// has calibrated it).
    pub fn set_bound(&mut self, bound: u64) {
        self.bound = bound;
    }

    /// Bytes dropped since boot because the transmitter stayed busy.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Whether output is being dropped right now.
    pub fn is_dropping(&self) -> bool {
        self.dropping
    }

    /// Sends `bytes` as they are (no line-ending translation).
    pub fn send(&mut self, port: &mut dyn TxPort, bytes: &[u8]) {
        for &b in bytes {
            self.send_byte(port, b);
        }
    }

    fn send_byte(&mut self, port: &mut dyn TxPort, b: u8) {
        if self.dropping {
            if !port.ready() {
                self.lose(1);
                return;
            }
            self.dropping = false;
            if !self.report(port) {
                self.lose(1);
                return;
            }
        }
        if !self.put_within_bound(port, b) {
            self.dropping = true;
            self.lose(1);
        }
    }

    fn lose(&mut self, n: u64) {
        self.unreported += n;
        self.dropped += n;
    }

    /// The line that follows a drop; `false` if the line stalled again
    /// (the count then carries over to the next report).
    fn report(&mut self, port: &mut dyn TxPort) -> bool {
        let mut line = LineBuf::default();
        let _ = write!(
            line,
            "\r\n[serial: {} bytes dropped while the line was blocked]\r\n",
            self.unreported
        );
        for &b in line.bytes() {
            if !self.put_within_bound(port, b) {
                self.dropping = true;
                return false;
            }
        }
        self.unreported = 0;
        true
    }

    fn put_within_bound(&mut self, port: &mut dyn TxPort, b: u8) -> bool {
        if !port.ready() {
            let start = port.now();
            while !port.ready() {
                if port.now().wrapping_sub(start) > self.bound {
                    return false;
                }
                core::hint::spin_loop();
            }
        }
        port.put(b);
        true
    }
}

/// A line formatted without the heap (the kernel's serial output runs before
/// the heap exists); longer text is cut.
struct LineBuf {
    buf: [u8; 96],
    len: usize,
}

impl Default for LineBuf {
    fn default() -> Self {
        LineBuf {
            buf: [0; 96],
            len: 0,
        }
    }
}

impl LineBuf {
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Write for LineBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A UART on a simulated clock: every status read and clock read is one
    /// tick. It is busy on every tick but each `period`-th, all the time
    /// while `blocked`, and once it has taken `budget` more bytes.
    struct FakeUart {
        tick: u64,
        period: u64,
        blocked: bool,
        budget: Option<usize>,
        sent: Vec<u8>,
    }

    impl FakeUart {
        fn new() -> Self {
            FakeUart {
                tick: 0,
                period: 1,
                blocked: false,
                budget: None,
                sent: Vec::new(),
            }
        }

        fn take_text(&mut self) -> String {
            String::from_utf8(core::mem::take(&mut self.sent)).unwrap()
        }
    }

    impl TxPort for FakeUart {
        fn ready(&mut self) -> bool {
            self.tick += 1;
            !self.blocked && self.budget != Some(0) && self.tick.is_multiple_of(self.period)
        }
        fn put(&mut self, byte: u8) {
            assert!(self.ready_now(), "put while busy");
            self.sent.push(byte);
            if let Some(n) = self.budget.as_mut() {
                *n -= 1;
            }
        }
        fn now(&mut self) -> u64 {
            self.tick += 1;
            self.tick
        }
    }

    impl FakeUart {
        fn ready_now(&self) -> bool {
            !self.blocked && self.budget != Some(0)
        }
    }

    const BOUND: u64 = 1000;
    const REPORT: &str = "bytes dropped while the line was blocked]\r\n";

    #[test]
    fn a_slow_port_gets_every_byte() {
        let mut tx = Transmitter::new(BOUND);
        let mut uart = FakeUart::new();
        // Busy for most of each period, but never for the whole bound.
        uart.period = BOUND / 3;
        tx.send(&mut uart, b"hello, world\r\n");
        assert_eq!(uart.take_text(), "hello, world\r\n");
        assert_eq!(tx.dropped(), 0);
        assert!(!tx.is_dropping());
    }

    #[test]
    fn a_port_that_never_drains_costs_one_bound_then_one_read_per_byte() {
        let mut tx = Transmitter::new(BOUND);
        let mut uart = FakeUart::new();
        uart.blocked = true;
        tx.send(&mut uart, &[b'x'; 10_000]);
        assert!(uart.sent.is_empty());
        assert_eq!(tx.dropped(), 10_000);
        assert!(tx.is_dropping());
        // One wait of the bound (two ticks a turn), then one status read per byte.
        assert!(
            uart.tick <= 2 * BOUND + 4 + 10_000,
            "{} ticks for 10 000 dropped bytes",
            uart.tick
        );
    }

    #[test]
    fn output_resumes_with_the_count_once_the_port_drains() {
        let mut tx = Transmitter::new(BOUND);
        let mut uart = FakeUart::new();
        tx.send(&mut uart, b"before\n");
        uart.blocked = true;
        tx.send(&mut uart, b"lost lost lost\n");
        assert_eq!(tx.dropped(), 15);
        uart.blocked = false;
        tx.send(&mut uart, b"after\n");
        assert_eq!(
            uart.take_text(),
            format!("before\n\r\n[serial: 15 {REPORT}after\n")
        );
        assert!(!tx.is_dropping());
        // A second episode reports only its own bytes; the total keeps counting.
        uart.blocked = true;
        tx.send(&mut uart, b"gone");
        uart.blocked = false;
        tx.send(&mut uart, b"!");
        assert_eq!(uart.take_text(), format!("\r\n[serial: 4 {REPORT}!"));
        assert_eq!(tx.dropped(), 19);
    }

    #[test]
    fn a_report_cut_by_a_new_stall_is_sent_again_with_the_sum() {
        let mut tx = Transmitter::new(BOUND);
        let mut uart = FakeUart::new();
        uart.blocked = true;
        tx.send(&mut uart, b"abc");
        // The port takes ten bytes of the report, then blocks again.
        uart.blocked = false;
        uart.budget = Some(10);
        tx.send(&mut uart, b"de");
        assert_eq!(uart.take_text(), "\r\n[serial:");
        assert!(tx.is_dropping());
        uart.budget = None;
        tx.send(&mut uart, b"f");
        assert_eq!(uart.take_text(), format!("\r\n[serial: 5 {REPORT}f"));
    }

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
