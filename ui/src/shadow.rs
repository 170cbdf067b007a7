//! What the renderer shows now, so [`crate::Console::render`] draws only
//! the cells that changed: the text rows (with the line and generation last
//! drawn in each, to skip unchanged rows without looking at their cells),
//! the cursor, and the status bar.

use alloc::vec;
use alloc::vec::Vec;

use crate::{Cell, Renderer};

pub(crate) struct Shadow<K> {
    cols: usize,
    /// Text rows; the status bar is row `rows`.
    rows: usize,
    /// rows+1 by cols; meaningful only in rows marked valid.
    cells: Vec<Cell>,
    valid: Vec<bool>,
    /// Per text row: the line and its generation last drawn there.
    line: Vec<Option<(u64, u64)>>,
    /// Where the cursor was drawn.
    cursor: Option<(usize, usize)>,
    /// What the status bar was laid out from, to skip laying it out again.
    status: Option<K>,
    /// The absolute line at the top of the screen.
    top: Option<u64>,
}

impl<K: PartialEq> Shadow<K> {
    pub(crate) fn new(cols: usize, rows: usize) -> Self {
        Shadow {
            cols,
            rows,
            cells: vec![Cell::BLANK; cols * (rows + 1)],
            valid: vec![false; rows + 1],
            line: vec![None; rows],
            cursor: None,
            status: None,
            top: None,
        }
    }

    /// Forgets everything, so the next frame draws every cell.
    pub(crate) fn invalidate(&mut self) {
        self.valid.fill(false);
        self.top = None;
        self.status = None;
    }

    /// The screen now starts at line `top`: rows still on screen are moved
    /// with one `scroll_up` instead of being drawn again.
    pub(crate) fn scroll_to<R: Renderer + ?Sized>(&mut self, top: u64, r: &mut R) {
        let (cols, rows) = (self.cols, self.rows);
        if let Some(prev) = self.top {
            let n = top.saturating_sub(prev);
            if n > 0 && n < rows as u64 {
                let n = n as usize;
                r.scroll_up(rows, n);
                self.cells.copy_within(n * cols..rows * cols, 0);
                self.valid.copy_within(n..rows, 0);
                self.valid[rows - n..rows].fill(false);
                self.line.copy_within(n..rows, 0);
                self.cursor = self
                    .cursor
                    .and_then(|(r, c)| r.checked_sub(n).map(|r| (r, c)));
            }
        }
        self.top = Some(top);
    }

    /// Whether text row `row` already shows line `id` as drawn, with no
    /// cursor in it before or now.
    pub(crate) fn row_current(
        &self,
        row: usize,
        id: Option<(u64, u64)>,
        cursor_here: bool,
    ) -> bool {
        self.valid[row]
            && id.is_some()
            && self.line[row] == id
            && !cursor_here
            && self.cursor.is_none_or(|(r, _)| r != row)
    }

    /// Draws text row `row` from `cell(col)`, only the cells that differ.
    pub(crate) fn draw_row<R: Renderer + ?Sized>(
        &mut self,
        row: usize,
        id: Option<(u64, u64)>,
        cell: impl Fn(usize) -> Cell,
        r: &mut R,
    ) {
        self.line[row] = id;
        self.draw_cells(row, cell, r);
    }

    /// The cursor is now drawn here (or nowhere).
    pub(crate) fn set_cursor(&mut self, cursor: Option<(usize, usize)>) {
        self.cursor = cursor;
    }

    /// Whether the status bar already shows what `key` lays out.
    pub(crate) fn status_current(&self, key: &K) -> bool {
        self.valid[self.rows] && self.status.as_ref() == Some(key)
    }

    pub(crate) fn draw_status<R: Renderer + ?Sized>(&mut self, key: K, bar: &[Cell], r: &mut R) {
        self.status = Some(key);
        self.draw_cells(self.rows, |col| bar[col], r);
    }

    fn draw_cells<R: Renderer + ?Sized>(
        &mut self,
        row: usize,
        cell: impl Fn(usize) -> Cell,
        r: &mut R,
    ) {
        let valid = self.valid[row];
        let shown = &mut self.cells[row * self.cols..(row + 1) * self.cols];
        for (col, slot) in shown.iter_mut().enumerate() {
            let c = cell(col);
            if !valid || *slot != c {
                r.draw_cell(row, col, c);
                *slot = c;
            }
        }
        self.valid[row] = true;
    }
}
