//! The PC CMOS real-time clock (MC146818 layout), without the ports.
//!
//! The kernel implements [`Cmos`] with the index/data port pair 0x70/0x71;
//! everything that decides something (when a reading is consistent, how the
//! firmware chose to encode it, whether it is a date at all) lives here so
//! the host can test it against register images.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]

use core::fmt;

/// One CMOS register read (the index write that selects it included).
pub trait Cmos {
    fn read(&mut self, register: u8) -> u8;
}

/// A calendar date and time as the RTC keeps it: normally UTC on PCs that
/// run Linux, local time on ones that run Windows; the RTC does not say which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    pub year: u16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// The RTC could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RtcError {
    /// The clock kept updating while we read it.
    Unstable,
    /// The registers hold values that are no date (no RTC, or a dead battery).
    Invalid,
}

impl fmt::Display for RtcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RtcError::Unstable => "RTC kept changing while being read",
            RtcError::Invalid => "RTC holds no valid date",
        })
    }
}

const STATUS_A: u8 = 0x0a;
const STATUS_B: u8 = 0x0b;
/// Status A bit 7: an update cycle is under way and the time registers may
/// be half-written.
const UPDATE_IN_PROGRESS: u8 = 0x80;
/// Status B bit 2: the registers are binary rather than BCD.
const BINARY: u8 = 0x04;
/// Status B bit 1: 24-hour mode (else bit 7 of the hour register means PM).
const HOURS_24: u8 = 0x02;
const PM: u8 = 0x80;
/// Seconds, minutes, hours, day of month, month, year, and the century
/// register found on nearly every PC (the FADT may name another; 0x32 is
/// the de-facto default).
const TIME_REGISTERS: [u8; 7] = [0x00, 0x02, 0x04, 0x07, 0x08, 0x09, 0x32];
/// How many readings may disagree before we give up: an update takes under
/// 2 ms once a second, so two readings in a row agree unless the clock is
/// broken.
const ATTEMPTS: usize = 16;
/// Status A polls before an update in progress counts as a stuck clock.
const UIP_POLLS: u32 = 1_000_000;

/// Reads the clock until two consecutive readings agree, outside an update
/// cycle, and decodes the reading.
pub fn read(cmos: &mut dyn Cmos) -> Result<DateTime, RtcError> {
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let mut polls = 0;
        while cmos.read(STATUS_A) & UPDATE_IN_PROGRESS != 0 {
            polls += 1;
            if polls > UIP_POLLS {
                return Err(RtcError::Unstable);
            }
            core::hint::spin_loop();
        }
        let raw = TIME_REGISTERS.map(|r| cmos.read(r));
        if last == Some(raw) {
            return decode(raw, cmos.read(STATUS_B));
        }
        last = Some(raw);
    }
    Err(RtcError::Unstable)
}

/// Decodes the seven time registers (in [`TIME_REGISTERS`] order) as status
/// register B says they are encoded.
pub fn decode(raw: [u8; 7], status_b: u8) -> Result<DateTime, RtcError> {
    let binary = status_b & BINARY != 0;
    let conv = |v: u8| {
        if binary {
            v
        } else {
            (v & 0x0f) + (v >> 4) * 10
        }
    };
    let [sec, min, hour_raw, day, month, year, century] = raw;
    let mut hour = conv(hour_raw & !PM);
    if status_b & HOURS_24 == 0 {
        // 12 AM is hour 0 and 12 PM is hour 12.
        hour %= 12;
        if hour_raw & PM != 0 {
            hour += 12;
        }
    }
    // A century register that holds no plausible century (absent, or never
    // set by the firmware) means this one.
    let century = match conv(century) {
        c @ 19..=99 => u16::from(c),
        _ => 20,
    };
    let dt = DateTime {
        year: century * 100 + u16::from(conv(year)),
        month: conv(month),
        day: conv(day),
        hour,
        minute: conv(min),
        second: conv(sec),
    };
    let valid = (1..=12).contains(&dt.month)
        && (1..=31).contains(&dt.day)
        && dt.hour < 24
        && dt.minute < 60
        // 60 is a leap second.
        && dt.second < 61;
    if valid {
        Ok(dt)
    } else {
        Err(RtcError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(year: u16, month: u8, day: u8, hour: u8, minute: u8, second: u8) -> DateTime {
        DateTime {
            year,
            month,
            day,
            hour,
            minute,
            second,
        }
    }

    #[test]
    fn bcd_24_hour() {
        let raw = [0x07, 0x05, 0x21, 0x02, 0x12, 0x26, 0x20];
        assert_eq!(decode(raw, HOURS_24), Ok(dt(2026, 12, 2, 21, 5, 7)));
    }

    #[test]
    fn prints_as_iso_8601_without_zone() {
        assert_eq!(dt(2026, 1, 2, 3, 4, 5).to_string(), "2026-01-02 03:04:05");
    }

    #[test]
    fn binary_24_hour() {
        let raw = [59, 30, 23, 31, 1, 99, 19];
        assert_eq!(
            decode(raw, BINARY | HOURS_24),
            Ok(dt(1999, 1, 31, 23, 30, 59))
        );
    }

    #[test]
    fn twelve_hour_midnight_noon_and_pm() {
        let at = |hour_raw: u8| decode([0, 0, hour_raw, 1, 1, 0x26, 0x20], 0).map(|d| d.hour);
        assert_eq!(at(0x12), Ok(0), "12 AM");
        assert_eq!(at(PM | 0x12), Ok(12), "12 PM");
        assert_eq!(at(PM | 0x01), Ok(13));
        assert_eq!(at(0x11), Ok(11));
        let binary = decode([0, 0, PM | 11, 1, 1, 26, 20], BINARY).map(|d| d.hour);
        assert_eq!(binary, Ok(23));
    }

    #[test]
    fn a_missing_century_register_means_this_century() {
        let raw = [0, 0, 0, 1, 1, 0x26, 0xff];
        assert_eq!(decode(raw, HOURS_24).map(|d| d.year), Ok(2026));
        let raw = [0, 0, 0, 1, 1, 0x26, 0x00];
        assert_eq!(decode(raw, HOURS_24).map(|d| d.year), Ok(2026));
    }

    #[test]
    fn registers_that_are_no_date_are_invalid() {
        // What a floating bus reads: every register 0xff.
        assert_eq!(decode([0xff; 7], 0), Err(RtcError::Invalid));
        assert_eq!(
            decode([0, 0, 0, 0, 1, 0, 0x20], HOURS_24),
            Err(RtcError::Invalid)
        );
        assert_eq!(
            decode([0, 0, 0, 1, 0x13, 0, 0x20], HOURS_24),
            Err(RtcError::Invalid)
        );
        assert_eq!(
            decode([0x60, 0, 0, 1, 1, 0, 0x20], HOURS_24).map(|d| d.second),
            Ok(60)
        );
        assert_eq!(
            decode([0x61, 0, 0, 1, 1, 0, 0x20], HOURS_24),
            Err(RtcError::Invalid)
        );
    }

    /// A clock whose registers change after a number of reads, and whose
    /// update flag is set for a number of status reads.
    struct Script {
        regs: [u8; 64],
        reads: usize,
        tick_at: Option<usize>,
        busy: u32,
    }

    impl Cmos for Script {
        fn read(&mut self, register: u8) -> u8 {
            self.reads += 1;
            if self.tick_at == Some(self.reads) {
                self.regs[0] += 1;
            }
            if register == STATUS_A && self.busy > 0 {
                self.busy -= 1;
                return UPDATE_IN_PROGRESS;
            }
            self.regs[register as usize]
        }
    }

    fn clock() -> Script {
        let mut regs = [0u8; 64];
        for (r, v) in TIME_REGISTERS
            .iter()
            .zip([0x07, 0x05, 0x21, 0x02, 0x12, 0x26, 0x20])
        {
            regs[*r as usize] = v;
        }
        regs[STATUS_B as usize] = HOURS_24;
        Script {
            regs,
            reads: 0,
            tick_at: None,
            busy: 0,
        }
    }

    #[test]
    fn a_reading_torn_by_a_tick_is_read_again() {
        let mut c = clock();
        // The seconds change between the first and second reading.
        c.tick_at = Some(5);
        assert_eq!(read(&mut c), Ok(dt(2026, 12, 2, 21, 5, 8)));
        assert!(c.reads > 2 * (TIME_REGISTERS.len() + 1));
    }

    #[test]
    fn waits_out_an_update_and_gives_up_on_a_stuck_one() {
        let mut c = clock();
        c.busy = 1000;
        assert_eq!(read(&mut c), Ok(dt(2026, 12, 2, 21, 5, 7)));
        let mut c = clock();
        c.busy = u32::MAX;
        assert_eq!(read(&mut c), Err(RtcError::Unstable));
    }
}
