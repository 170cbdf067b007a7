//! The i8042 PS/2 controller, polled.
//!
//! Polled rather than interrupt-driven because nosys runs with interrupts disabled for good (see
//! [`crate::simd`]: no handler may interrupt a matrix product and clobber SIMD state). The console
//! loop reads the controller between everything else it does; a key press waits at most one loop
//! iteration, and the controller buffers a byte in the meantime (the keyboard buffers more).
//!
//! Translation stays on, so the controller hands over scancode set 1 whatever the keyboard
//! speaks; the `keyboard` crate decodes it. Bytes from the auxiliary (mouse) port are dropped.

use x86_64::instructions::port::Port;

const DATA: u16 = 0x60;
const STATUS_CMD: u16 = 0x64;

const STATUS_OUTPUT_FULL: u8 = 0x01;
const STATUS_INPUT_FULL: u8 = 0x02;
/// The byte in the output buffer came from the auxiliary (mouse) port.
const STATUS_AUX_DATA: u8 = 0x20;

const CMD_READ_CONFIG: u8 = 0x20;
const CMD_WRITE_CONFIG: u8 = 0x60;
const CMD_DISABLE_AUX: u8 = 0xa7;
const CMD_SELF_TEST: u8 = 0xaa;
const CMD_ENABLE_KBD: u8 = 0xae;
const CMD_DISABLE_KBD: u8 = 0xad;
const SELF_TEST_OK: u8 = 0x55;

const CONFIG_KBD_IRQ: u8 = 0x01;
const CONFIG_AUX_IRQ: u8 = 0x02;
const CONFIG_KBD_CLOCK_OFF: u8 = 0x10;
const CONFIG_TRANSLATE: u8 = 0x40;

const KBD_ENABLE_SCANNING: u8 = 0xf4;
const KBD_ACK: u8 = 0xfa;

/// Polls before a controller is declared absent (each poll is one slow port read).
const TIMEOUT_POLLS: u32 = 200_000;

/// Why the controller could not be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ps2Error {
    /// Nothing answers at ports 0x60/0x64 (USB-only machine without legacy emulation).
    NoController,
    /// The controller's self-test failed with this reply.
    SelfTest(u8),
}

impl core::fmt::Display for Ps2Error {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Ps2Error::NoController => f.write_str("no i8042 PS/2 controller answers"),
            Ps2Error::SelfTest(r) => write!(f, "i8042 self-test failed (reply {r:#04x})"),
        }
    }
}

fn status() -> u8 {
    // SAFETY: reading the i8042 status register has no side effects.
    unsafe { Port::<u8>::new(STATUS_CMD).read() }
}

fn wait_input_empty() -> Result<(), Ps2Error> {
    for _ in 0..TIMEOUT_POLLS {
        if status() & STATUS_INPUT_FULL == 0 {
            return Ok(());
        }
    }
    Err(Ps2Error::NoController)
}

fn wait_output() -> Result<u8, Ps2Error> {
    for _ in 0..TIMEOUT_POLLS {
        if status() & STATUS_OUTPUT_FULL != 0 {
            // SAFETY: the output buffer is full; reading the data port consumes that byte.
            return Ok(unsafe { Port::<u8>::new(DATA).read() });
        }
    }
    Err(Ps2Error::NoController)
}

fn command(cmd: u8) -> Result<(), Ps2Error> {
    wait_input_empty()?;
    // SAFETY: writing a documented i8042 command to the command port.
    unsafe { Port::<u8>::new(STATUS_CMD).write(cmd) };
    Ok(())
}

fn write_data(byte: u8) -> Result<(), Ps2Error> {
    wait_input_empty()?;
    // SAFETY: the controller is ready for a data byte (to it or to the keyboard).
    unsafe { Port::<u8>::new(DATA).write(byte) };
    Ok(())
}

fn flush_output() {
    for _ in 0..64 {
        if status() & STATUS_OUTPUT_FULL == 0 {
            break;
        }
        // SAFETY: discards a stale byte from the output buffer.
        unsafe { Port::<u8>::new(DATA).read() };
    }
}

/// Brings the controller to a known state: keyboard port on, translation on, both IRQs off,
/// mouse port off, keyboard scanning. Returns an error when there is no controller, in which case
/// the console is still usable over serial.
pub fn init() -> Result<(), Ps2Error> {
    // A floating bus reads 0xff; no real status ever has every bit set.
    if status() == 0xff {
        return Err(Ps2Error::NoController);
    }
    command(CMD_DISABLE_KBD)?;
    command(CMD_DISABLE_AUX)?;
    flush_output();

    command(CMD_READ_CONFIG)?;
    let mut config = wait_output()?;
    config &= !(CONFIG_KBD_IRQ | CONFIG_AUX_IRQ | CONFIG_KBD_CLOCK_OFF);
    config |= CONFIG_TRANSLATE;
    command(CMD_WRITE_CONFIG)?;
    write_data(config)?;

    command(CMD_SELF_TEST)?;
    let reply = wait_output()?;
    if reply != SELF_TEST_OK {
        return Err(Ps2Error::SelfTest(reply));
    }
    // Some controllers reset their configuration during the self-test.
    command(CMD_WRITE_CONFIG)?;
    write_data(config)?;

    command(CMD_ENABLE_KBD)?;
    write_data(KBD_ENABLE_SCANNING)?;
    // The keyboard acknowledges; a missing keyboard is not an error (it may be plugged in later).
    if let Ok(ack) = wait_output() {
        if ack != KBD_ACK {
            log::warn!("ps2: keyboard answered {ack:#04x} to enable-scanning");
        }
    }
    flush_output();
    Ok(())
}

/// The next byte from the keyboard, if one is waiting. Never blocks.
pub fn poll() -> Option<u8> {
    loop {
        let s = status();
        if s & STATUS_OUTPUT_FULL == 0 {
            return None;
        }
        // SAFETY: the output buffer is full; reading the data port consumes that byte.
        let byte = unsafe { Port::<u8>::new(DATA).read() };
        if s & STATUS_AUX_DATA == 0 {
            return Some(byte);
        }
    }
}
