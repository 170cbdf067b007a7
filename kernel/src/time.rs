//! Time: a TSC clock calibrated against the PIT, and the CMOS real-time clock.
//!
//! Interrupts stay off (see [`crate::simd`]), so there is no timer tick: uptime is TSC cycles since
//! [`init`] divided by the calibrated frequency. Calibration gates PIT channel 2 for a fixed count
//! (no IRQ needed; its output is read on port 0x61) and counts TSC cycles meanwhile. Machines
//! without a working PIT fall back to CPUID leaf 0x15/0x16, then to a logged guess.

use core::sync::atomic::{AtomicU64, Ordering};
use x86_64::instructions::port::Port;

/// PIT input clock.
const PIT_HZ: u64 = 1_193_182;
/// Calibration window: 20 ms of PIT counts.
const CALIBRATION_COUNT: u16 = (PIT_HZ / 50) as u16;
const CALIBRATION_MS: u64 = 20;
/// If PIT output never rises within this many TSC cycles, the PIT is absent or gated off.
const PIT_TIMEOUT_CYCLES: u64 = 4_000_000_000;
/// Used only when nothing else works (and said so in the log).
const FALLBACK_HZ: u64 = 2_000_000_000;

const PORT_PIT_CH2: u16 = 0x42;
const PORT_PIT_CMD: u16 = 0x43;
const PORT_SPEAKER: u16 = 0x61;

static TSC_HZ: AtomicU64 = AtomicU64::new(0);
static TSC_AT_INIT: AtomicU64 = AtomicU64::new(0);

/// How the TSC frequency was determined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calibration {
    Pit,
    Cpuid,
    Guess,
}

/// Reads the time-stamp counter.
#[inline]
pub fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no side effects and is available on every x86-64 CPU.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// Calibrates the TSC and starts the uptime clock. Returns the frequency and how it was found.
pub fn init() -> (u64, Calibration) {
    TSC_AT_INIT.store(rdtsc(), Ordering::Release);
    let (hz, how) = match calibrate_pit() {
        Some(hz) => (hz, Calibration::Pit),
        None => match cpuid_tsc_hz() {
            Some(hz) => (hz, Calibration::Cpuid),
            None => (FALLBACK_HZ, Calibration::Guess),
        },
    };
    TSC_HZ.store(hz, Ordering::Release);
    (hz, how)
}

fn calibrate_pit() -> Option<u64> {
    let mut speaker = Port::<u8>::new(PORT_SPEAKER);
    let mut cmd = Port::<u8>::new(PORT_PIT_CMD);
    let mut ch2 = Port::<u8>::new(PORT_PIT_CH2);
    // SAFETY: ports 0x42/0x43/0x61 are the PIT and the system control port on every PC; the
    // speaker enable bit is cleared so nothing is audible, and no interrupt is wired to channel 2.
    unsafe {
        let old = speaker.read();
        // Gate high (bit 0), speaker data off (bit 1).
        speaker.write((old & !0x02) | 0x01);
        // Channel 2, lobyte/hibyte, mode 0 (interrupt on terminal count), binary.
        cmd.write(0b1011_0000);
        let [lo, hi] = CALIBRATION_COUNT.to_le_bytes();
        ch2.write(lo);
        ch2.write(hi);
        let start = rdtsc();
        // OUT2 (bit 5) rises when the count reaches zero.
        let mut end = start;
        while speaker.read() & 0x20 == 0 {
            end = rdtsc();
            if end - start > PIT_TIMEOUT_CYCLES {
                speaker.write(old);
                return None;
            }
        }
        speaker.write(old);
        let cycles = end - start;
        (cycles > 0).then(|| cycles * 1000 / CALIBRATION_MS)
    }
}

fn cpuid_tsc_hz() -> Option<u64> {
    let cpuid = raw_cpuid::CpuId::new();
    if let Some(t) = cpuid.get_tsc_info() {
        if let Some(hz) = t.tsc_frequency() {
            return Some(hz);
        }
    }
    let mhz = cpuid
        .get_processor_frequency_info()?
        .processor_base_frequency();
    (mhz > 0).then(|| u64::from(mhz) * 1_000_000)
}

/// Calibrated TSC frequency in Hz (0 before [`init`]).
pub fn tsc_hz() -> u64 {
    TSC_HZ.load(Ordering::Acquire)
}

/// Nanoseconds since [`init`].
pub fn uptime_ns() -> u64 {
    let hz = tsc_hz();
    if hz == 0 {
        return 0;
    }
    let cycles = rdtsc().wrapping_sub(TSC_AT_INIT.load(Ordering::Acquire));
    (u128::from(cycles) * 1_000_000_000 / u128::from(hz)) as u64
}

/// Milliseconds since [`init`].
pub fn uptime_ms() -> u64 {
    uptime_ns() / 1_000_000
}

/// Converts a TSC cycle count to nanoseconds.
pub fn cycles_to_ns(cycles: u64) -> u64 {
    match tsc_hz() {
        0 => 0,
        hz => (u128::from(cycles) * 1_000_000_000 / u128::from(hz)) as u64,
    }
}

/// Busy-waits at least `us` microseconds.
pub fn delay_us(us: u64) {
    let hz = tsc_hz().max(1);
    let cycles = u128::from(us) * u128::from(hz) / 1_000_000;
    let start = rdtsc();
    while u128::from(rdtsc().wrapping_sub(start)) < cycles {
        core::hint::spin_loop();
    }
}

/// The CMOS index/data port pair; the registers' meaning is the `rtc` crate's.
struct CmosPorts;

const CMOS_INDEX: u16 = 0x70;
const CMOS_DATA: u16 = 0x71;
/// Keeps NMIs masked while the index register is written (bit 7), as firmware leaves it.
const CMOS_NMI_DISABLE: u8 = 0x80;

impl rtc::Cmos for CmosPorts {
    fn read(&mut self, reg: u8) -> u8 {
        let mut index = Port::<u8>::new(CMOS_INDEX);
        let mut data = Port::<u8>::new(CMOS_DATA);
        // SAFETY: the CMOS index/data pair is a standard PC device; reading a register has no
        // side effects beyond selecting it.
        unsafe {
            index.write(CMOS_NMI_DISABLE | reg);
            data.read()
        }
    }
}

/// Reads the CMOS RTC (a consistent reading, decoded and checked by `rtc`).
pub fn rtc_now() -> Result<rtc::DateTime, rtc::RtcError> {
    rtc::read(&mut CmosPorts)
}
