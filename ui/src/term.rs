//! The terminal model: a grid of colored cells, a cursor, wrapping, scrollback and a small SGR
//! subset. Lines are addressed by an absolute number that only grows, so positions survive
//! scrolling; the screen is always the last `rows` lines.

use crate::{Cell, Color};
use alloc::collections::VecDeque;
use alloc::vec;
use alloc::vec::Vec;

/// Tab stops every this many columns.
const TAB_WIDTH: usize = 8;
/// SGR parameters beyond this many in one sequence are ignored.
const MAX_SGR_PARAMS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EscState {
    Ground,
    /// ESC seen.
    Escape,
    /// ESC [ seen, parameters being read.
    Csi,
}

pub(crate) struct Terminal {
    cols: usize,
    rows: usize,
    max_lines: usize,
    lines: VecDeque<Vec<Cell>>,
    /// Per line, the value of `gen` when it last changed: lets the renderer skip unchanged
    /// lines without comparing their cells.
    gens: VecDeque<u64>,
    gen: u64,
    /// Absolute number of `lines[0]`.
    first: u64,
    /// Cursor: absolute line and column. `col == cols` means "wrap before the next character".
    line: u64,
    col: usize,
    pub(crate) fg: Color,
    pub(crate) bg: Color,
    esc: EscState,
    params: [u16; MAX_SGR_PARAMS],
    nparams: usize,
}

impl Terminal {
    pub(crate) fn new(cols: usize, rows: usize, scrollback: usize) -> Self {
        let cols = cols.max(1);
        let rows = rows.max(1);
        let blank = vec![Cell::BLANK; cols];
        Terminal {
            cols,
            rows,
            max_lines: rows + scrollback,
            lines: (0..rows).map(|_| blank.clone()).collect(),
            gens: (0..rows).map(|_| 0).collect(),
            gen: 0,
            first: 0,
            line: 0,
            col: 0,
            fg: Color::DEFAULT_FG,
            bg: Color::DEFAULT_BG,
            esc: EscState::Ground,
            params: [0; MAX_SGR_PARAMS],
            nparams: 0,
        }
    }

    pub(crate) fn cols(&self) -> usize {
        self.cols
    }

    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    pub(crate) fn first(&self) -> u64 {
        self.first
    }

    pub(crate) fn last(&self) -> u64 {
        self.first + self.lines.len() as u64 - 1
    }

    /// Absolute number of the top screen line.
    pub(crate) fn top(&self) -> u64 {
        self.first + (self.lines.len() - self.rows) as u64
    }

    pub(crate) fn cursor(&self) -> (u64, usize) {
        (self.line, self.col)
    }

    /// Moves the cursor; positions outside the stored lines are clamped.
    pub(crate) fn set_cursor(&mut self, line: u64, col: usize) {
        self.line = line.clamp(self.first, self.last());
        self.col = col.min(self.cols);
    }

    /// The cells of one stored line, `None` outside the scrollback.
    pub(crate) fn line(&self, line: u64) -> Option<&[Cell]> {
        let i = usize::try_from(line.checked_sub(self.first)?).ok()?;
        self.lines.get(i).map(|l| l.as_slice())
    }

    /// Changes whenever the line's cells change (and differs between lines that replaced
    /// each other at the same number, since it only grows).
    pub(crate) fn line_gen(&self, line: u64) -> Option<u64> {
        let i = usize::try_from(line.checked_sub(self.first)?).ok()?;
        self.gens.get(i).copied()
    }

    fn touch(&mut self, i: usize) {
        self.gen += 1;
        self.gens[i] = self.gen;
    }

    pub(crate) fn cell(&self, line: u64, col: usize) -> Cell {
        line.checked_sub(self.first)
            .and_then(|i| self.lines.get(i as usize))
            .and_then(|l| l.get(col))
            .copied()
            .unwrap_or(Cell::BLANK)
    }

    /// The text of one stored line, trailing blanks removed (for tests and the serial mirror).
    #[cfg(test)]
    pub(crate) fn line_text(&self, line: u64) -> alloc::string::String {
        let s: alloc::string::String = (0..self.cols).map(|c| self.cell(line, c).ch).collect();
        alloc::string::String::from(s.trim_end())
    }

    fn push_line(&mut self) {
        self.lines.push_back(vec![Cell::BLANK; self.cols]);
        self.gen += 1;
        self.gens.push_back(self.gen);
        if self.lines.len() > self.max_lines {
            self.lines.pop_front();
            self.gens.pop_front();
            self.first += 1;
        }
    }

    pub(crate) fn newline(&mut self) {
        self.col = 0;
        if self.line == self.last() {
            self.push_line();
        }
        self.line += 1;
    }

    pub(crate) fn put(&mut self, ch: char) {
        if self.col >= self.cols {
            self.newline();
        }
        let cell = Cell {
            ch,
            fg: self.fg,
            bg: self.bg,
        };
        let i = (self.line - self.first) as usize;
        if self.lines[i][self.col] != cell {
            self.lines[i][self.col] = cell;
            self.touch(i);
        }
        self.col += 1;
    }

    /// Blanks everything from (line, col) to the end of the stored lines.
    pub(crate) fn clear_from(&mut self, line: u64, col: usize) {
        let start = line.saturating_sub(self.first) as usize;
        for (i, l) in self.lines.iter_mut().enumerate().skip(start) {
            let from = if i == start && line >= self.first {
                col.min(l.len())
            } else {
                0
            };
            l[from..].fill(Cell::BLANK);
        }
    }

    /// Scrolls everything up into the scrollback so the screen starts empty at the cursor.
    pub(crate) fn clear_screen(&mut self) {
        let line_used =
            self.col > 0 || (0..self.cols).any(|c| self.cell(self.line, c) != Cell::BLANK);
        let new_top = if line_used { self.line + 1 } else { self.line };
        while self.top() < new_top {
            self.push_line();
        }
        // Lines below the cursor may hold stale text from a longer earlier input.
        self.clear_from(new_top, 0);
        self.line = new_top.max(self.first);
        self.col = 0;
    }

    /// Interprets text: printable characters, `\n`, `\r`, `\t`, backspace and SGR color
    /// sequences (`ESC [ ... m`); other controls and sequences are dropped.
    pub(crate) fn write(&mut self, s: &str) {
        for ch in s.chars() {
            self.feed(ch);
        }
    }

    fn feed(&mut self, ch: char) {
        match self.esc {
            EscState::Ground => {}
            EscState::Escape => {
                self.esc = if ch == '[' {
                    EscState::Csi
                } else {
                    EscState::Ground
                };
                self.nparams = 0;
                self.params = [0; MAX_SGR_PARAMS];
                return;
            }
            EscState::Csi => {
                match ch {
                    '0'..='9' => {
                        let i = self.nparams.min(MAX_SGR_PARAMS - 1);
                        let d = ch as u16 - '0' as u16;
                        self.params[i] = self.params[i].saturating_mul(10).saturating_add(d);
                    }
                    ';' => self.nparams = (self.nparams + 1).min(MAX_SGR_PARAMS),
                    'm' => {
                        self.esc = EscState::Ground;
                        self.sgr();
                    }
                    '\u{20}'..='\u{3f}' => {}
                    // Any other final byte ends a sequence we do not implement.
                    _ => self.esc = EscState::Ground,
                }
                return;
            }
        }
        match ch {
            '\n' => self.newline(),
            '\r' => self.col = 0,
            '\t' => {
                let next = ((self.col / TAB_WIDTH) + 1) * TAB_WIDTH;
                while self.col < next.min(self.cols) {
                    self.put(' ');
                }
            }
            '\u{8}' => self.col = self.col.min(self.cols - 1).saturating_sub(1),
            '\u{1b}' => self.esc = EscState::Escape,
            c if c.is_control() => {}
            c => self.put(c),
        }
    }

    fn sgr(&mut self) {
        let n = (self.nparams + 1).min(MAX_SGR_PARAMS);
        for i in 0..n {
            match self.params[i] {
                0 => {
                    self.fg = Color::DEFAULT_FG;
                    self.bg = Color::DEFAULT_BG;
                }
                1 => {
                    if let Some(k) = Color::PALETTE[..8].iter().position(|&c| c == self.fg) {
                        self.fg = Color::PALETTE[k + 8];
                    }
                }
                p @ 30..=37 => self.fg = Color::PALETTE[(p - 30) as usize],
                39 => self.fg = Color::DEFAULT_FG,
                p @ 40..=47 => self.bg = Color::PALETTE[(p - 40) as usize],
                49 => self.bg = Color::DEFAULT_BG,
                p @ 90..=97 => self.fg = Color::PALETTE[(p - 90 + 8) as usize],
                p @ 100..=107 => self.bg = Color::PALETTE[(p - 100 + 8) as usize],
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_the_last_column() {
        let mut t = Terminal::new(4, 3, 10);
        t.write("abcdef");
        assert_eq!(t.line_text(0), "abcd");
        assert_eq!(t.line_text(1), "ef");
        assert_eq!(t.cursor(), (1, 2));
        // Exactly full line: the wrap is deferred until the next character.
        t.write("gh");
        assert_eq!(t.cursor(), (1, 4));
        t.write("i");
        assert_eq!(t.line_text(2), "i");
    }

    #[test]
    fn scrollback_keeps_the_limit() {
        let mut t = Terminal::new(10, 5, 1000);
        for i in 0..3000 {
            t.write(&alloc::format!("line {i}\n"));
        }
        assert_eq!(t.lines.len(), 1005);
        assert_eq!(t.line_text(t.last() - 1), "line 2999");
        assert_eq!(t.line_text(t.first()), "line 1996");
        assert_eq!(t.top(), t.last() - 4);
    }

    #[test]
    fn sgr_colors_and_reset() {
        let mut t = Terminal::new(20, 2, 0);
        t.write("\x1b[31mr\x1b[1;44mB\x1b[0mn\x1b[92mg\x1b[2Jx");
        assert_eq!(t.cell(0, 0).fg, Color::PALETTE[1]);
        assert_eq!(t.cell(0, 1).fg, Color::PALETTE[9]);
        assert_eq!(t.cell(0, 1).bg, Color::PALETTE[4]);
        assert_eq!(t.cell(0, 2).fg, Color::DEFAULT_FG);
        assert_eq!(t.cell(0, 2).bg, Color::DEFAULT_BG);
        assert_eq!(t.cell(0, 3).fg, Color::PALETTE[10]);
        // Unsupported sequences vanish without printing their bytes.
        assert_eq!(t.line_text(0), "rBngx");
    }

    #[test]
    fn tabs_backspace_and_controls() {
        let mut t = Terminal::new(20, 2, 0);
        t.write("a\tb\u{7}\u{0}c\u{8}d\rZ");
        assert_eq!(t.line_text(0), "Z       bd");
    }

    #[test]
    fn clear_screen_moves_content_to_scrollback() {
        let mut t = Terminal::new(5, 3, 10);
        t.write("one\ntwo");
        t.clear_screen();
        assert_eq!(t.cursor().0, t.top());
        assert_eq!(t.line_text(t.top()), "");
        assert_eq!(t.line_text(t.top() - 1), "two");
    }
}
