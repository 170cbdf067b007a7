//! COM1 (16550 UART) output, the `log` logger, and the in-memory log ring.
//!
//! Serial is the one output that works before anything else is set up and the
//! one the QEMU tests read, so every log line goes there first. The same lines
//! are kept in a ring buffer (the last [`LOG_RING_SIZE`] bytes) for the `log`
//! applet and the panic screen, and handed to an optional sink (the
//! framebuffer text console) once one is installed.
//!
//! Nothing here waits on the far end for long: bytes go through a
//! [`ui::Transmitter`], which drops output once the transmitter has stayed
//! busy for [`STALL_BOUND_MS`] (nobody reads the port) and says how much it
//! dropped when the line drains again. The console, the screen and the log
//! ring carry on regardless.

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use spin::Mutex;
use ui::{Transmitter, TxPort};
use x86_64::instructions::port::Port;

use crate::time;

/// I/O port base of COM1 on every PC we target.
const COM1: u16 = 0x3f8;

/// How much of the log the kernel keeps in memory.
pub const LOG_RING_SIZE: usize = 64 * 1024;

/// `true` once a UART answered at COM1; without one (real machines without
/// a serial port) output goes only to the ring and the sink.
static PRESENT: AtomicBool = AtomicBool::new(false);
/// Serialises writers so lines do not interleave, and keeps the drop state.
static PORT: Mutex<Transmitter> = Mutex::new(Transmitter::new(STALL_BOUND_UNCALIBRATED));
static RING: Mutex<Ring> = Mutex::new(Ring::new());
static LOGGER: Logger = Logger;
/// Address of the `fn(&str)` sink, 0 when none is installed.
static SINK: AtomicUsize = AtomicUsize::new(0);
static INITIALISED: AtomicBool = AtomicBool::new(false);
/// The sink carries log lines to the serial port itself (the console, which
/// must place them between the lines a person types).
static SINK_OWNS_SERIAL: AtomicBool = AtomicBool::new(false);

/// 16550 register offsets and bits used here (PC16550D datasheet).
mod reg {
    pub const DATA: u16 = 0; // THR/RBR, divisor low with DLAB
    pub const IER: u16 = 1; // divisor high with DLAB
    pub const FCR: u16 = 2;
    pub const LCR: u16 = 3;
    pub const MCR: u16 = 4;
    pub const LSR: u16 = 5;
    pub const SCRATCH: u16 = 7;
    pub const LCR_DLAB: u8 = 0x80;
    pub const LCR_8N1: u8 = 0x03;
    pub const FCR_ENABLE_CLEAR_14: u8 = 0xc7;
    pub const MCR_DTR_RTS_OUT2: u8 = 0x0b;
    pub const LSR_DATA_READY: u8 = 0x01;
    pub const LSR_THR_EMPTY: u8 = 0x20;
    /// 115200 baud from the 1.8432 MHz UART clock.
    pub const DIVISOR_115200: u16 = 1;
}

fn outb(offset: u16, value: u8) {
    // SAFETY: COM1's eight registers are a fixed PC I/O range; writes have no
    // memory effects.
    unsafe { Port::<u8>::new(COM1 + offset).write(value) };
}

fn inb(offset: u16) -> u8 {
    // SAFETY: as in `outb`; reading LSR, RBR or scratch has no effect beyond
    // consuming a received byte, which is what the caller wants.
    unsafe { Port::<u8>::new(COM1 + offset).read() }
}

/// Programs COM1 as 115200 8N1 with FIFOs; `false` if no UART answers.
fn init_uart() -> bool {
    // A present UART keeps what we write to its scratch register.
    for pattern in [0x5a, 0xa5] {
        outb(reg::SCRATCH, pattern);
        if inb(reg::SCRATCH) != pattern {
            return false;
        }
    }
    outb(reg::IER, 0);
    outb(reg::LCR, reg::LCR_DLAB);
    outb(reg::DATA, (reg::DIVISOR_115200 & 0xff) as u8);
    outb(reg::IER, (reg::DIVISOR_115200 >> 8) as u8);
    outb(reg::LCR, reg::LCR_8N1);
    outb(reg::FCR, reg::FCR_ENABLE_CLEAR_14);
    outb(reg::MCR, reg::MCR_DTR_RTS_OUT2);
    true
}

/// Longest the transmitter may stay busy before output is dropped. A 16550
/// at 115200 baud empties its FIFO in about 1.4 ms; this is long enough for a
/// loaded host to be late reading a virtual port (with 500 ms a test once
/// missed a prompt on a host running five agents on two cores, plausibly
/// this) and still short, paid once per episode (the waits do not add up
/// per byte, see [`ui::Transmitter`]).
pub const STALL_BOUND_MS: u64 = 2000;
/// The bound in TSC cycles before the TSC is calibrated, at the fastest TSC
/// we expect (5 GHz): a slower one only makes the first bound longer.
const STALL_BOUND_UNCALIBRATED: u64 = 5_000_000_000 / 1000 * STALL_BOUND_MS;

/// COM1's transmitter, on the TSC clock.
struct Com1;

impl TxPort for Com1 {
    fn ready(&mut self) -> bool {
        inb(reg::LSR) & reg::LSR_THR_EMPTY != 0
    }

    fn put(&mut self, byte: u8) {
        outb(reg::DATA, byte);
    }

    fn now(&mut self) -> u64 {
        time::rdtsc()
    }
}

/// The bound in TSC cycles, once `time` knows the rate.
fn stall_bound_cycles() -> u64 {
    match time::tsc_hz() {
        0 => STALL_BOUND_UNCALIBRATED,
        hz => hz / 1000 * STALL_BOUND_MS,
    }
}

/// Fixed-size byte ring: the newest [`LOG_RING_SIZE`] bytes of the log.
struct Ring {
    buf: [u8; LOG_RING_SIZE],
    /// Total bytes ever written; `written % LOG_RING_SIZE` is the next slot.
    written: usize,
}

impl Ring {
    const fn new() -> Self {
        Self {
            buf: [0; LOG_RING_SIZE],
            written: 0,
        }
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
///
/// The port is driven directly rather than through `uart_16550` 0.9: in
/// this kernel's build the compiler stored that crate's `Uart16550` into our
/// static with only the low byte of its base port (seen in gdb: output went
/// to port 0xf8), and twenty lines of register writes leave no such room.
pub fn init() {
    if INITIALISED.swap(true, Ordering::AcqRel) {
        return;
    }
    PRESENT.store(init_uart(), Ordering::Release);
    // Only fails if a logger is already set, which `INITIALISED` rules out.
    let _ = log::set_logger(&LOGGER);
    log::set_max_level(log::LevelFilter::Trace);
}

/// Installs a function that receives every log line (framebuffer console).
pub fn set_log_sink(sink: fn(&str)) {
    SINK.store(sink as usize, Ordering::Release);
}

/// Hands every later log line to `sink` instead of writing it to serial
/// directly; the ring still gets every line at once.
pub fn route_log_through(sink: fn(&str)) {
    SINK.store(sink as usize, Ordering::Release);
    SINK_OWNS_SERIAL.store(true, Ordering::Release);
}

/// Writes raw text to the serial port only (console mirror, not logged).
/// `\n` becomes `\r\n` so a terminal attached to the port shows proper lines.
pub fn write_str(s: &str) {
    if PRESENT.load(Ordering::Acquire) {
        let mut tx = PORT.lock();
        send(&mut tx, s.as_bytes());
    }
}

/// Reads one byte from COM1 if one has arrived (serial console input).
pub fn try_read_byte() -> Option<u8> {
    if !PRESENT.load(Ordering::Acquire) {
        return None;
    }
    let _guard = PORT.lock();
    (inb(reg::LSR) & reg::LSR_DATA_READY != 0).then(|| inb(reg::DATA))
}

/// Writes to COM1 even if the port lock is held, for the panic path: a panic
/// inside the logger must still reach the serial console.
pub fn emergency_write(s: &str) {
    // No waiting for the lock: the panic path runs with interrupts off and
    // never returns, so interleaving with a writer it interrupted can at worst
    // garble a line. A port already found stuck stays skipped.
    if PRESENT.load(Ordering::Acquire) {
        match PORT.try_lock() {
            Some(mut tx) => send(&mut tx, s.as_bytes()),
            None => send(&mut Transmitter::new(stall_bound_cycles()), s.as_bytes()),
        }
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

fn send(tx: &mut Transmitter, bytes: &[u8]) {
    tx.set_bound(stall_bound_cycles());
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        match line.split_last() {
            Some((b'\n', text)) => {
                tx.send(&mut Com1, text);
                tx.send(&mut Com1, b"\r\n");
            }
            _ => tx.send(&mut Com1, line),
        }
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
        let mut line = Line {
            buf: [0; 512],
            len: 0,
        };
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
        if !SINK_OWNS_SERIAL.load(Ordering::Acquire) {
            write_str(text);
        }
        let sink = SINK.load(Ordering::Acquire);
        if sink != 0 {
            // SAFETY: SINK only ever holds 0 or a `fn(&str)` stored by `set_log_sink`.
            let sink: fn(&str) = unsafe { core::mem::transmute::<usize, fn(&str)>(sink) };
            sink(text);
        }
    }

    fn flush(&self) {}
}
