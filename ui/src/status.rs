//! The status bar: one row, always visible, values pushed in by the kernel.

use crate::{Cell, Color};
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// What the status bar shows. The kernel owns these values; the ui only displays them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub read_only: bool,
    /// Short model state, e.g. "idle", "loading 40%", "generating".
    pub model: String,
    pub mem_used: u64,
    pub mem_total: u64,
    pub uptime_ms: u64,
    /// Wall clock (hours, minutes, seconds) from the RTC, if known.
    pub clock: Option<(u8, u8, u8)>,
}

impl Default for Status {
    fn default() -> Self {
        Status {
            read_only: true,
            model: String::from("not loaded"),
            mem_used: 0,
            mem_total: 0,
            uptime_ms: 0,
            clock: None,
        }
    }
}

/// Formats a byte count with one decimal in the largest unit that keeps it >= 1.
pub(crate) fn fmt_bytes(out: &mut String, n: u64) {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        let _ = write!(out, "{n} B");
        return;
    }
    let mut unit = 1024u64;
    let mut i = 0;
    while i + 1 < UNITS.len() && n >= unit * 1024 {
        unit *= 1024;
        i += 1;
    }
    let tenths = (u128::from(n) * 10 / u128::from(unit)) as u64;
    let _ = write!(out, "{}.{} {}", tenths / 10, tenths % 10, UNITS[i]);
}

fn fmt_uptime(out: &mut String, ms: u64) {
    let s = ms / 1000;
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        let _ = write!(out, "{d}d ");
    }
    let _ = write!(out, "{h:02}:{m:02}:{s:02}");
}

/// Extra notes the console adds on the right of the bar.
pub(crate) struct Notes {
    pub(crate) line_full: Option<usize>,
    pub(crate) scrollback: Option<(u64, u64)>,
}

/// Lays the bar out into exactly `cols` cells.
pub(crate) fn render(status: &Status, notes: &Notes, cols: usize) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(cols);
    let mut push = |s: &str, fg: Color, bg: Color| {
        for ch in s.chars() {
            if cells.len() < cols {
                cells.push(Cell { ch, fg, bg });
            }
        }
    };
    let (mode, mode_bg) = if status.read_only {
        (" READ-ONLY ", Color::READ_ONLY_BG)
    } else {
        (" READ-WRITE ", Color::READ_WRITE_BG)
    };
    push(mode, Color::STATUS_FG, mode_bg);
    let mut s = String::new();
    let _ = write!(s, " F2 toggles | model: {} | mem ", status.model);
    fmt_bytes(&mut s, status.mem_used);
    if status.mem_total > 0 {
        s.push_str(" / ");
        fmt_bytes(&mut s, status.mem_total);
    }
    s.push_str(" | up ");
    fmt_uptime(&mut s, status.uptime_ms);
    if let Some((h, m, sec)) = status.clock {
        let _ = write!(s, " | {h:02}:{m:02}:{sec:02}");
    }
    s.push(' ');
    push(&s, Color::STATUS_FG, Color::STATUS_BG);

    let mut right = String::new();
    if let Some((shown, total)) = notes.scrollback {
        let _ = write!(right, " SCROLLBACK {shown}/{total} (Shift+PgDn) ");
    }
    let mut warn = String::new();
    if let Some(max) = notes.line_full {
        let _ = write!(warn, " LINE FULL: {max} bytes max ");
    }
    let right_len = right.chars().count() + warn.chars().count();
    // Right-aligned notes win over the middle text when the bar is narrow.
    let keep = cols.saturating_sub(right_len);
    cells.truncate(keep);
    while cells.len() < keep {
        cells.push(Cell {
            ch: ' ',
            fg: Color::STATUS_FG,
            bg: Color::STATUS_BG,
        });
    }
    let mut push = |s: &str, bg: Color| {
        for ch in s.chars() {
            if cells.len() < cols {
                cells.push(Cell {
                    ch,
                    fg: Color::STATUS_FG,
                    bg,
                });
            }
        }
    };
    push(&right, Color::STATUS_BG);
    push(&warn, Color::WARNING_BG);
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cells: &[Cell]) -> String {
        cells.iter().map(|c| c.ch).collect()
    }

    #[test]
    fn byte_formatting() {
        let f = |n| {
            let mut s = String::new();
            fmt_bytes(&mut s, n);
            s
        };
        assert_eq!(f(512), "512 B");
        assert_eq!(f(1536), "1.5 KiB");
        assert_eq!(f(300 << 20), "300.0 MiB");
        assert_eq!(f(24 << 30), "24.0 GiB");
    }

    #[test]
    fn bar_shows_all_fields_and_fits() {
        let st = Status {
            read_only: false,
            model: "idle".into(),
            mem_used: 3 << 20,
            mem_total: 1 << 30,
            uptime_ms: 90_061_000,
            clock: Some((13, 5, 9)),
        };
        let notes = Notes {
            line_full: None,
            scrollback: None,
        };
        let cells = render(&st, &notes, 120);
        assert_eq!(cells.len(), 120);
        let t = text(&cells);
        assert!(
            t.starts_with(" READ-WRITE  F2 toggles | model: idle | mem 3.0 MiB / 1.0 GiB | up 1d 01:01:01 | 13:05:09"),
            "{t}"
        );
        assert_eq!(cells[1].bg, Color::READ_WRITE_BG);
        assert_eq!(cells[15].bg, Color::STATUS_BG);
        // Narrow screens truncate, never overflow.
        assert_eq!(render(&st, &notes, 7).len(), 7);
        assert_eq!(render(&st, &notes, 0).len(), 0);
    }
}
