//! COM1 (16550 UART) output, the `log` logger, and the in-memory log ring.
//!
//! Serial is the one output that works before anything else is set up and the
//! one the QEMU tests read, so every log line goes there first. The same lines
//! are kept in a ring buffer (the last [`LOG_RING_SIZE`] bytes) for the `log`
//! applet and the panic screen, and handed to an optional sink (the
//! framebuffer text console) once one is installed.

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use spin::Mutex;
use uart_16550::backend::PioBackend;
use uart_16550::{Config, Uart16550};

/// I/O port base of COM1 on every PC we target.
const COM1: u16 = 0x3f8;

/// How much of the log the kernel keeps in memory.
pub const LOG_RING_SIZE: usize = 64 * 1024;

/// The port, or `None` when no UART answered at COM1 (real machines without
/// a serial port): output then goes only to the ring and the sink.
static PORT: Mutex<Option<Uart16550<PioBackend>>> = Mutex::new(None);
static RING: Mutex<Ring> = Mutex::new(Ring::new());
static LOGGER: Logger = Logger;
/// Address of the `fn(&str)` sink, 0 when none is installed.
static SINK: AtomicUsize = AtomicUsize::new(0);
static INITIALISED: AtomicBool = AtomicBool::new(false);

/// Fixed-size byte ring: the newest [`LOG_RING_SIZE`] bytes of the log.
struct Ring {
    buf: [u8; LOG_RING_SIZE],
    /// Total bytes ever written; `written % LOG_RING_SIZE` is the next slot.
    written: usize,
}

impl Ring {
    const fn new() -> Self {
        Self { buf: [0; LOG_RING_SIZE], written: 0 }
    }

    fn push(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.buf[self.written % LOG_RING_SIZE] = b;
            self.written += 1;
        }
    }

    /// The stored bytes, oldest first, as at most two slices.
    fn halves(&self) -> (&[u8], &[u8]) {
        if self.written <= LOG_RING_SIZE {
            (&self.buf[..self.written], &[])
        } else {
            let head = self.written % LOG_RING_SIZE;
            (&self.buf[head..], &self.buf[..head])
        }
    }
}

/// Brings up COM1 (115200 8N1) and installs the logger at `Trace` level.
/// Safe to call more than once; later calls do nothing.
pub fn init() {
    if INITIALISED.swap(true, Ordering::AcqRel) {
        return;
    }
    // SAFETY: COM1 is a standard PC I/O port range, and this runs once, before
    // anything else in the kernel touches it.
    if let Ok(mut uart) = unsafe { Uart16550::new_port(COM1) } {
        if uart.init(Config::default()).is_ok() {
            *PORT.lock() = Some(uart);
        }
    }
    // Only fails if a logger is already set, which `INITIALISED` rules out.
    let _ = log::set_logger(&LOGGER);
    log::set_max_level(log::LevelFilter::Trace);
}

/// Installs a function that receives every log line (framebuffer console).
pub fn set_log_sink(sink: fn(&str)) {
    SINK.store(sink as usize, Ordering::Release);
}

/// Writes raw text to the serial port only (console mirror, not logged).
/// `\n` becomes `\r\n` so a terminal attached to the port shows proper lines.
pub fn write_str(s: &str) {
    if let Some(port) = PORT.lock().as_mut() {
        send(port, s.as_bytes());
    }
}

/// Reads one byte from COM1 if one has arrived (serial console input).
pub fn try_read_byte() -> Option<u8> {
    PORT.lock().as_mut().and_then(|p| p.try_receive_byte().ok())
}

/// Writes to COM1 even if the port lock is held, for the panic path: a panic
/// inside the logger must still reach the serial console.
pub fn emergency_write(s: &str) {
    // SAFETY: the same port as `PORT`, already initialised by `init`; the
    // panic path runs with interrupts off and never returns, so interleaving
    // with the locked writer can at worst garble one line.
    if let Ok(mut uart) = unsafe { Uart16550::new_port(COM1) } {
        send(&mut uart, s.as_bytes());
    }
}

/// Calls `f` with the log ring's contents, oldest byte first, in at most two
/// slices. Returns `false` without calling `f` if the ring is locked (a panic
/// while logging), so callers on the panic path never deadlock.
pub fn with_log(mut f: impl FnMut(&[u8])) -> bool {
    let Some(ring) = RING.try_lock() else {
        return false;
    };
    let (a, b) = ring.halves();
    f(a);
    if !b.is_empty() {
        f(b);
    }
    true
}

/// Copies the newest `out.len()` bytes of the log (or fewer) into `out`,
/// oldest first; returns how many bytes were written.
pub fn log_tail(out: &mut [u8]) -> usize {
    let Some(ring) = RING.try_lock() else {
        return 0;
    };
    let (a, b) = ring.halves();
    let total = a.len() + b.len();
    let skip = total.saturating_sub(out.len());
    let mut n = 0;
    for &byte in a.iter().chain(b.iter()).skip(skip) {
        out[n] = byte;
        n += 1;
    }
    n
}

fn send(port: &mut Uart16550<PioBackend>, bytes: &[u8]) {
    for &b in bytes {
        if b == b'\n' {
            port.send_bytes_exact(b"\r");
        }
        port.send_bytes_exact(&[b]);
    }
}

struct Logger;

/// Formats one record into a fixed line buffer (long lines are cut, never
/// allocated: the logger runs before the heap exists).
struct Line {
    buf: [u8; 512],
    len: usize,
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.buf.len() - self.len;
        let n = s.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

impl log::Log for Logger {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }

    fn log(&self, record: &log::Record) {
        let mut line = Line { buf: [0; 512], len: 0 };
        let _ = write!(line, "[{:5}] {}", record.level(), record.args());
        // Keep room for the newline even when the message was cut.
        line.len = line.len.min(line.buf.len() - 1);
        line.buf[line.len] = b'\n';
        line.len += 1;
        let bytes = &line.buf[..line.len];
        // A cut may split a UTF-8 sequence; the sink gets only the valid part.
        let text = match core::str::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => core::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or(""),
        };

        RING.lock().push(text.as_bytes());
        write_str(text);
        let sink = SINK.load(Ordering::Acquire);
        if sink != 0 {
            // SAFETY: SINK only ever holds 0 or a `fn(&str)` stored by `set_log_sink`.
            let sink: fn(&str) = unsafe { core::mem::transmute::<usize, fn(&str)>(sink) };
            sink(text);
        }
    }

    fn flush(&self) {}
}
