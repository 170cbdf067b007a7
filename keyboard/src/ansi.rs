//! Serial-line input: VT100/xterm escape sequences, control bytes and UTF-8 to [`KeyEvent`]s.
//!
//! Robustness rules: a sequence that turns malformed is dropped and the byte that broke it is
//! decoded afresh (so an Enter after line noise still submits the line); a parameter list that
//! grows past [`MAX_PARAM_BYTES`] is dropped; a lone ESC is reported as Escape as soon as a byte
//! arrives that cannot continue it, or when the caller calls [`AnsiDecoder::idle`].

use crate::{control_key, Key, KeyEvent};

/// Longest parameter string kept for one CSI sequence; real keys need at most "24;8".
const MAX_PARAM_BYTES: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ground,
    /// ESC seen.
    Escape,
    /// ESC [ seen; parameters are collected.
    Csi,
    /// ESC [ [ seen (Linux console F1..F5).
    CsiBracket,
    /// ESC O seen.
    Ss3,
    /// Inside a UTF-8 sequence with this many continuation bytes still due.
    Utf8(u8),
}

/// Decoder state for one serial line.
pub struct AnsiDecoder {
    state: State,
    params: [u8; MAX_PARAM_BYTES],
    nparams: usize,
    /// Drop the parameter list at the final byte because it overflowed or held junk.
    poisoned: bool,
    utf8: u32,
    /// The previous byte was CR, so an LF right after it is the same Enter.
    after_cr: bool,
}

impl Default for AnsiDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl AnsiDecoder {
    pub const fn new() -> Self {
        AnsiDecoder {
            state: State::Ground,
            params: [0; MAX_PARAM_BYTES],
            nparams: 0,
            poisoned: false,
            utf8: 0,
            after_cr: false,
        }
    }

    /// Feeds one received byte; calls `out` for each key it completes (at most two: a pending
    /// Escape and the key the byte itself starts).
    pub fn feed(&mut self, byte: u8, mut out: impl FnMut(KeyEvent)) {
        let after_cr = core::mem::replace(&mut self.after_cr, false);
        match self.state {
            State::Ground => self.ground(byte, after_cr, &mut out),
            State::Escape => match byte {
                b'[' => self.begin(State::Csi),
                b'O' => self.begin(State::Ss3),
                0x1b => out(KeyEvent::plain(Key::Escape)),
                _ => {
                    // Not a sequence after all: the user pressed Escape, then something else.
                    self.state = State::Ground;
                    out(KeyEvent::plain(Key::Escape));
                    self.ground(byte, false, &mut out);
                }
            },
            State::Csi => match byte {
                b'[' if self.nparams == 0 && !self.poisoned => self.state = State::CsiBracket,
                0x30..=0x3f => {
                    if self.nparams < MAX_PARAM_BYTES {
                        self.params[self.nparams] = byte;
                        self.nparams += 1;
                    } else {
                        self.poisoned = true;
                    }
                }
                // Intermediate bytes: no key uses them; remember to drop the sequence.
                0x20..=0x2f => self.poisoned = true,
                0x40..=0x7e => {
                    self.state = State::Ground;
                    if !self.poisoned {
                        if let Some(ev) = self.csi_final(byte) {
                            out(ev);
                        }
                    }
                }
                _ => self.abort(byte, &mut out),
            },
            State::CsiBracket => {
                self.state = State::Ground;
                match byte {
                    b'A'..=b'E' => out(KeyEvent::plain(Key::F(byte - b'A' + 1))),
                    0x40..=0x7e => {}
                    _ => self.abort(byte, &mut out),
                }
            }
            State::Ss3 => {
                self.state = State::Ground;
                let key = match byte {
                    b'P'..=b'S' => Some(Key::F(byte - b'P' + 1)),
                    b'A' => Some(Key::Up),
                    b'B' => Some(Key::Down),
                    b'C' => Some(Key::Right),
                    b'D' => Some(Key::Left),
                    b'H' => Some(Key::Home),
                    b'F' => Some(Key::End),
                    b'M' => Some(Key::Enter),
                    0x40..=0x7e => None,
                    _ => return self.abort(byte, &mut out),
                };
                if let Some(key) = key {
                    out(KeyEvent::plain(key));
                }
            }
            State::Utf8(left) => {
                if byte & 0xc0 == 0x80 {
                    self.utf8 = (self.utf8 << 6) | u32::from(byte & 0x3f);
                    if left == 1 {
                        self.state = State::Ground;
                        // Overlong forms and surrogates fail here and are dropped.
                        if let Some(c) = char::from_u32(self.utf8).filter(|c| !c.is_control()) {
                            out(KeyEvent::plain(Key::Char(c)));
                        }
                    } else {
                        self.state = State::Utf8(left - 1);
                    }
                } else {
                    self.state = State::Ground;
                    self.ground(byte, false, &mut out);
                }
            }
        }
    }

    /// Feeds a whole buffer.
    pub fn feed_all(&mut self, bytes: &[u8], mut out: impl FnMut(KeyEvent)) {
        for &b in bytes {
            self.feed(b, &mut out);
        }
    }

    /// Tells the decoder no byte arrived for a while (the kernel's choice, ~50 ms): a pending
    /// lone ESC is then a real Escape key, and any half sequence is dropped.
    pub fn idle(&mut self, mut out: impl FnMut(KeyEvent)) {
        if self.state == State::Escape {
            out(KeyEvent::plain(Key::Escape));
        }
        self.state = State::Ground;
    }

    fn begin(&mut self, state: State) {
        self.state = state;
        self.nparams = 0;
        self.poisoned = false;
    }

    /// A byte that cannot be part of the current sequence: drop the sequence, decode the byte.
    fn abort(&mut self, byte: u8, out: &mut impl FnMut(KeyEvent)) {
        self.state = State::Ground;
        self.ground(byte, false, out);
    }

    fn ground(&mut self, byte: u8, after_cr: bool, out: &mut impl FnMut(KeyEvent)) {
        match byte {
            0x1b => self.state = State::Escape,
            b'\n' if after_cr => {}
            b'\r' => {
                self.after_cr = true;
                out(KeyEvent::plain(Key::Enter));
            }
            0x20..=0x7e => out(KeyEvent::plain(Key::Char(byte as char))),
            0x00..=0x1f | 0x7f => {
                if let Some(key) = control_key(byte) {
                    let ctrl = matches!(key, Key::Ctrl(_));
                    out(KeyEvent {
                        key,
                        shift: false,
                        ctrl,
                        alt: false,
                    });
                }
            }
            0xc2..=0xdf => self.utf8_start(byte & 0x1f, 1),
            0xe0..=0xef => self.utf8_start(byte & 0x0f, 2),
            0xf0..=0xf4 => self.utf8_start(byte & 0x07, 3),
            // Stray continuation bytes and bytes that never start UTF-8.
            _ => {}
        }
    }

    fn utf8_start(&mut self, bits: u8, continuation: u8) {
        self.utf8 = u32::from(bits);
        self.state = State::Utf8(continuation);
    }

    /// Decodes the parameters "a;b" collected so far; missing or junk numbers read as 0.
    fn param(&self, index: usize) -> u32 {
        let mut n = 0u32;
        let mut field = 0;
        for &b in &self.params[..self.nparams] {
            if b == b';' {
                if field == index {
                    return n;
                }
                field += 1;
                n = 0;
            } else if b.is_ascii_digit() {
                n = n.saturating_mul(10).saturating_add(u32::from(b - b'0'));
            }
        }
        if field == index {
            n
        } else {
            0
        }
    }

    fn csi_final(&self, fin: u8) -> Option<KeyEvent> {
        let key = match fin {
            b'A' => Key::Up,
            b'B' => Key::Down,
            b'C' => Key::Right,
            b'D' => Key::Left,
            b'H' => Key::Home,
            b'F' => Key::End,
            // xterm's modified F1..F4: ESC [ 1 ; m P
            b'P'..=b'S' => Key::F(fin - b'P' + 1),
            b'Z' => {
                // Back-tab: report Tab with Shift.
                return Some(KeyEvent::shifted(Key::Tab));
            }
            b'~' => match self.param(0) {
                1 | 7 => Key::Home,
                2 => Key::Insert,
                3 => Key::Delete,
                4 | 8 => Key::End,
                5 => Key::PageUp,
                6 => Key::PageDown,
                n @ 11..=15 => Key::F((n - 10) as u8),
                n @ 17..=21 => Key::F((n - 11) as u8),
                n @ 23..=24 => Key::F((n - 12) as u8),
                _ => return None,
            },
            _ => return None,
        };
        // xterm encodes modifiers as 1 + bits(shift=1, alt=2, ctrl=4) in the second parameter.
        let m = self.param(1).saturating_sub(1);
        Some(KeyEvent {
            key,
            shift: m & 1 != 0,
            alt: m & 2 != 0,
            ctrl: m & 4 != 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn decode(bytes: &[u8]) -> Vec<KeyEvent> {
        let mut d = AnsiDecoder::new();
        let mut v = Vec::new();
        d.feed_all(bytes, |e| v.push(e));
        v
    }

    fn keys(bytes: &[u8]) -> Vec<Key> {
        decode(bytes).into_iter().map(|e| e.key).collect()
    }

    #[test]
    fn printable_and_controls() {
        assert_eq!(
            keys(b"ab \x7f\x08\t\x01\x05\x15\x0b\x17\x0c\x03"),
            [
                Key::Char('a'),
                Key::Char('b'),
                Key::Char(' '),
                Key::Backspace,
                Key::Backspace,
                Key::Tab,
                Key::Ctrl('a'),
                Key::Ctrl('e'),
                Key::Ctrl('u'),
                Key::Ctrl('k'),
                Key::Ctrl('w'),
                Key::Ctrl('l'),
                Key::Ctrl('c'),
            ]
        );
    }

    #[test]
    fn cr_lf_is_one_enter_but_lf_lf_is_two() {
        assert_eq!(
            keys(b"a\r\nb\n\n\r\r"),
            [
                Key::Char('a'),
                Key::Enter,
                Key::Char('b'),
                Key::Enter,
                Key::Enter,
                Key::Enter,
                Key::Enter
            ]
        );
    }

    #[test]
    fn cursor_and_editing_sequences() {
        assert_eq!(
            keys(b"\x1b[A\x1b[B\x1b[C\x1b[D\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[3~\x1b[5~\x1b[6~\x1b[2~\x1bOH\x1bOF"),
            [
                Key::Up,
                Key::Down,
                Key::Right,
                Key::Left,
                Key::Home,
                Key::End,
                Key::Home,
                Key::End,
                Key::Delete,
                Key::PageUp,
                Key::PageDown,
                Key::Insert,
                Key::Home,
                Key::End
            ]
        );
    }

    #[test]
    fn function_keys_all_encodings() {
        let ks = keys(
            b"\x1bOP\x1bOQ\x1bOR\x1bOS\x1b[15~\x1b[17~\x1b[18~\x1b[19~\x1b[20~\x1b[21~\x1b[23~\x1b[24~\x1b[[A\x1b[[E\x1b[11~",
        );
        let want: Vec<Key> = (1..=12)
            .map(Key::F)
            .chain([Key::F(1), Key::F(5), Key::F(1)])
            .collect();
        assert_eq!(ks, want);
    }

    #[test]
    fn modifiers_in_second_parameter() {
        assert_eq!(decode(b"\x1b[5;2~"), [KeyEvent::shifted(Key::PageUp)]);
        assert_eq!(decode(b"\x1b[6;2~"), [KeyEvent::shifted(Key::PageDown)]);
        let ev = decode(b"\x1b[1;5C");
        assert_eq!(ev[0].key, Key::Right);
        assert!(ev[0].ctrl && !ev[0].shift);
        assert_eq!(decode(b"\x1b[Z"), [KeyEvent::shifted(Key::Tab)]);
    }

    #[test]
    fn lone_escape_does_not_eat_following_bytes() {
        assert_eq!(
            keys(b"\x1bab"),
            [Key::Escape, Key::Char('a'), Key::Char('b')]
        );
        assert_eq!(keys(b"\x1b\x1b[A"), [Key::Escape, Key::Up]);
        assert_eq!(keys(b"\x1b\r"), [Key::Escape, Key::Enter]);
        // A bare ESC at the end is held until the line goes idle.
        let mut d = AnsiDecoder::new();
        let mut v = Vec::new();
        d.feed(0x1b, |e| v.push(e.key));
        assert!(v.is_empty());
        d.idle(|e| v.push(e.key));
        assert_eq!(v, [Key::Escape]);
        d.feed(b'x', |e| v.push(e.key));
        assert_eq!(v, [Key::Escape, Key::Char('x')]);
    }

    #[test]
    fn broken_sequences_release_the_breaking_byte() {
        // CSI interrupted by CR: the CR still submits.
        assert_eq!(keys(b"\x1b[12\rz"), [Key::Enter, Key::Char('z')]);
        // Unknown finals and tilde codes are dropped silently.
        assert_eq!(keys(b"\x1b[99~\x1b[q\x1bOzk"), [Key::Char('k')]);
        // Over-long parameters are dropped, then decoding continues.
        let mut long = Vec::from(&b"\x1b["[..]);
        long.extend(core::iter::repeat_n(b'1', 10_000));
        long.extend_from_slice(b"~ok");
        assert_eq!(keys(&long), [Key::Char('o'), Key::Char('k')]);
    }

    #[test]
    fn utf8_input() {
        assert_eq!(
            keys("äß€😀x".as_bytes()),
            [
                Key::Char('ä'),
                Key::Char('ß'),
                Key::Char('€'),
                Key::Char('😀'),
                Key::Char('x')
            ]
        );
        // Truncated sequence then ASCII: the ASCII survives; lone continuation bytes vanish.
        assert_eq!(
            keys(b"\xe2\x82a\x80\xffb"),
            [Key::Char('a'), Key::Char('b')]
        );
    }

    #[test]
    fn random_bytes_never_panic_and_always_resync() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut d = AnsiDecoder::new();
        let mut n = 0usize;
        for _ in 0..200_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            d.feed(seed as u8, |_| n += 1);
        }
        assert!(n > 0);
        // Whatever state garbage left, "idle" plus a plain byte decodes cleanly.
        d.idle(|_| {});
        let mut v = Vec::new();
        d.feed_all(b"ok\r", |e| v.push(e.key));
        assert_eq!(v, [Key::Char('o'), Key::Char('k'), Key::Enter]);
    }
}
