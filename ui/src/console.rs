//! The console: terminal model + line editor + status bar + serial mirror, driven by keys.
//!
//! Life cycle of a line: the kernel calls [`Console::prompt`]; keys go to
//! [`Console::handle_key`] until it returns [`LineEvent::Submit`] or [`LineEvent::Cancel`]; the
//! input is then closed, the kernel runs the command (printing with [`Console::print`]) and calls
//! `prompt` again. Output printed while a prompt is open appears above it, readline-style.

use crate::editor::Editor;
use crate::serial::SerialMirror;
use crate::shadow::Shadow;
use crate::status::{self, Notes, Status};
use crate::term::Terminal;
use crate::{Cell, Color, Completer, Key, KeyEvent, Renderer};
use alloc::string::String;
use core::fmt::{self, Write};

/// Longest input line in bytes; further keys are refused with a visible warning.
pub const DEFAULT_MAX_LINE_BYTES: usize = 4096;
/// Lines kept above the screen.
pub const DEFAULT_SCROLLBACK: usize = 2000;
/// Tab lists at most this many candidates.
const MAX_LISTED_CANDIDATES: usize = 200;
const DEFAULT_PROMPT: &str = "nosys> ";

/// Everything the status bar shows: the pushed values plus the console's own notes.
type StatusKey = (Status, Option<usize>, Option<(u64, u64)>);

/// What a key meant for the program, beyond editing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineEvent {
    /// Enter: the line (also added to the history). Input is closed until the next `prompt`.
    Submit(String),
    /// Ctrl-C: the line was dropped (input closed), or, with no prompt open, "interrupt".
    Cancel,
    /// F2: the person asks to flip read-only mode. The ui never flips it by itself; the kernel
    /// decides and calls [`Console::set_read_only`].
    ToggleMode,
    /// Any other function key, F1 and F3..=F12, for the kernel to use or ignore.
    FunctionKey(u8),
}

pub struct Console {
    term: Terminal,
    ed: Editor,
    prompt: String,
    /// A prompt is open and keys edit the line.
    active: bool,
    /// Where the prompt starts (absolute line, column).
    input_start: (u64, usize),
    /// Colors of program output, kept apart from the prompt's and the input's.
    out_fg: Color,
    out_bg: Color,
    status: Status,
    /// Top line of the screen while browsing the scrollback; `None` follows the output.
    view: Option<u64>,
    /// What the renderer shows now.
    shadow: Shadow<StatusKey>,
    serial: SerialMirror,
    /// Input was refused since the last accepted edit (the status bar says so).
    refused: bool,
    bell: bool,
}

impl Console {
    /// A console of `cols` x `rows` cells; the last row is the status bar.
    pub fn new(cols: usize, rows: usize) -> Self {
        Self::with_scrollback(cols, rows, DEFAULT_SCROLLBACK)
    }

    pub fn with_scrollback(cols: usize, rows: usize, scrollback: usize) -> Self {
        let cols = cols.max(1);
        let text_rows = rows.max(2) - 1;
        Console {
            term: Terminal::new(cols, text_rows, scrollback),
            ed: Editor::new(DEFAULT_MAX_LINE_BYTES),
            prompt: String::from(DEFAULT_PROMPT),
            active: false,
            input_start: (0, 0),
            out_fg: Color::DEFAULT_FG,
            out_bg: Color::DEFAULT_BG,
            status: Status::default(),
            view: None,
            shadow: Shadow::new(cols, text_rows),
            serial: SerialMirror::new(),
            refused: false,
            bell: false,
        }
    }

    pub fn cols(&self) -> usize {
        self.term.cols()
    }

    /// Rows including the status bar.
    pub fn rows(&self) -> usize {
        self.term.rows() + 1
    }

    pub fn set_prompt(&mut self, prompt: &str) {
        self.prompt = String::from(prompt);
        if self.active {
            self.refresh_input();
            self.serial_redraw();
        }
    }

    pub fn set_max_line_bytes(&mut self, max: usize) {
        self.ed.max_bytes = max;
    }

    /// Previous lines, oldest first (for the `history` applet).
    pub fn history(&self) -> &[String] {
        self.ed.history()
    }

    /// The line being edited.
    pub fn input(&self) -> String {
        self.ed.text()
    }

    /// A prompt is open.
    pub fn is_reading(&self) -> bool {
        self.active
    }

    // ---------------------------------------------------------------- status bar

    pub fn status(&self) -> &Status {
        &self.status
    }

    pub fn set_status(&mut self, status: Status) {
        self.status = status;
    }

    pub fn set_read_only(&mut self, read_only: bool) {
        self.status.read_only = read_only;
    }

    pub fn set_model_state(&mut self, state: &str) {
        self.status.model.clear();
        self.status.model.push_str(state);
    }

    pub fn set_memory(&mut self, used: u64, total: u64) {
        self.status.mem_used = used;
        self.status.mem_total = total;
    }

    pub fn set_uptime_ms(&mut self, ms: u64) {
        self.status.uptime_ms = ms;
    }

    pub fn set_clock(&mut self, hms: Option<(u8, u8, u8)>) {
        self.status.clock = hms;
    }

    /// True once after input was refused (line too long); the kernel may beep.
    pub fn take_bell(&mut self) -> bool {
        core::mem::take(&mut self.bell)
    }

    // ---------------------------------------------------------------- output

    /// Prints program output (UTF-8 text, `\n` newlines, SGR colors). With a prompt open, the
    /// output goes above the prompt and the prompt is redrawn below it.
    pub fn print(&mut self, text: &str) {
        if self.active {
            self.erase_input();
            self.serial.erase_input();
        }
        self.term.fg = self.out_fg;
        self.term.bg = self.out_bg;
        self.term.write(text);
        self.out_fg = self.term.fg;
        self.out_bg = self.term.bg;
        self.serial.text(text);
        if self.active {
            self.open_input_here();
        }
    }

    /// A kernel log line for the serial mirror only (the screen belongs to
    /// the console). It never lands inside a line: an open prompt is erased
    /// first and drawn again below it, and unfinished output is ended first.
    pub fn log(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.active {
            self.serial.erase_input();
        }
        self.serial.log(text);
        if self.active {
            self.serial_redraw();
        }
    }

    /// Clears the screen (the old content stays in the scrollback).
    pub fn clear(&mut self) {
        if self.active {
            self.erase_input();
        }
        self.term.clear_screen();
        self.view = None;
        self.serial.clear_screen();
        if self.active {
            self.serial.forget_input();
            self.open_input_here();
        }
    }

    /// Opens a prompt for the next line (no-op when one is open).
    pub fn prompt(&mut self) {
        if self.active {
            return;
        }
        self.active = true;
        self.view = None;
        if self.term.cursor().1 != 0 {
            self.term.newline();
        }
        self.serial.start_line();
        self.serial.forget_input();
        self.open_input_here();
    }

    // ---------------------------------------------------------------- keys

    /// Handles one key press. Editing keys act only while a prompt is open; F-keys, Ctrl-C and
    /// the scrollback keys (PgUp/PgDn, Shift+Up/Down) work at any time.
    pub fn handle_key(
        &mut self,
        ev: impl Into<KeyEvent>,
        completer: &mut dyn Completer,
    ) -> Option<LineEvent> {
        let ev = ev.into();
        let page = self.term.rows().saturating_sub(1).max(1);
        match ev.key {
            Key::F(2) => return Some(LineEvent::ToggleMode),
            Key::F(n) => return Some(LineEvent::FunctionKey(n)),
            Key::PageUp => {
                self.scroll_view(true, page);
                return None;
            }
            Key::PageDown => {
                self.scroll_view(false, page);
                return None;
            }
            Key::Up if ev.shift => {
                self.scroll_view(true, 1);
                return None;
            }
            Key::Down if ev.shift => {
                self.scroll_view(false, 1);
                return None;
            }
            Key::Ctrl('c') => {
                if self.active {
                    self.close_input("^C");
                    self.ed.clear();
                }
                return Some(LineEvent::Cancel);
            }
            _ => {}
        }
        if !self.active {
            return None;
        }
        self.view = None;
        let changed = match ev.key {
            Key::Char(c) if c.is_control() => false,
            Key::Char(c) => {
                let append = self.ed.at_end();
                match self.ed.insert(c) {
                    Ok(()) if append => {
                        self.refused = false;
                        self.term.fg = Color::DEFAULT_FG;
                        self.term.bg = Color::DEFAULT_BG;
                        self.term.put(c);
                        self.serial.echo_append(c);
                        return None;
                    }
                    Ok(()) => true,
                    Err(_) => {
                        self.refuse();
                        return None;
                    }
                }
            }
            Key::Enter => {
                self.close_input("");
                self.refused = false;
                return Some(LineEvent::Submit(self.ed.submit()));
            }
            Key::Tab => {
                self.complete(completer);
                return None;
            }
            Key::Backspace | Key::Ctrl('h') => self.ed.backspace(),
            Key::Delete | Key::Ctrl('d') => self.ed.delete(),
            Key::Left if ev.ctrl => self.ed.word_left(),
            Key::Right if ev.ctrl => self.ed.word_right(),
            Key::Left | Key::Ctrl('b') => self.ed.left(),
            Key::Right | Key::Ctrl('f') => self.ed.right(),
            Key::Home | Key::Ctrl('a') => self.ed.home(),
            Key::End | Key::Ctrl('e') => self.ed.end(),
            Key::Ctrl('u') => self.ed.kill_to_start(),
            Key::Ctrl('k') => self.ed.kill_to_end(),
            Key::Ctrl('w') => self.ed.kill_word(),
            Key::Up | Key::Ctrl('p') => self.ed.history_prev(),
            Key::Down | Key::Ctrl('n') => self.ed.history_next(),
            Key::Ctrl('l') => {
                self.clear();
                return None;
            }
            _ => false,
        };
        if changed {
            self.refused = false;
            self.refresh_input();
            self.serial_sync();
        }
        None
    }

    fn scroll_view(&mut self, up: bool, n: usize) {
        let top = self.term.top();
        let cur = self.view.unwrap_or(top);
        let new = if up {
            cur.saturating_sub(n as u64).max(self.term.first())
        } else {
            cur + n as u64
        };
        self.view = (new < top).then_some(new);
    }

    fn refuse(&mut self) {
        if !self.refused {
            self.refused = true;
            self.bell = true;
            self.serial.bell();
        }
    }

    fn complete(&mut self, completer: &mut dyn Completer) {
        let text = self.ed.text();
        let cb = self.ed.cursor_byte();
        let comp = completer.complete(&text, cb);
        // A completer that answers with a bad offset is ignored rather than trusted.
        if comp.start > cb || !text.is_char_boundary(comp.start) {
            return;
        }
        let word = &text[comp.start..cb];
        let from = text[..comp.start].chars().count();
        let replacement = match comp.candidates.as_slice() {
            [] => return,
            [one] => {
                let mut s = one.clone();
                if !s.ends_with('/') {
                    s.push(' ');
                }
                s
            }
            many => {
                let cp = common_prefix(many);
                if cp.len() > word.len() {
                    String::from(cp)
                } else {
                    self.list_candidates(many);
                    return;
                }
            }
        };
        match self.ed.replace_before_cursor(from, &replacement) {
            Ok(()) => {
                self.refused = false;
                self.refresh_input();
                self.serial_sync();
            }
            Err(_) => self.refuse(),
        }
    }

    fn list_candidates(&mut self, cands: &[String]) {
        let shown = &cands[..cands.len().min(MAX_LISTED_CANDIDATES)];
        let width = shown.iter().map(|c| c.chars().count()).max().unwrap_or(0) + 2;
        let per_row = (self.cols() / width).max(1);
        let mut out = String::new();
        for (i, c) in shown.iter().enumerate() {
            out.push_str(c);
            if (i + 1) % per_row == 0 || i + 1 == shown.len() {
                out.push('\n');
            } else {
                for _ in c.chars().count()..width {
                    out.push(' ');
                }
            }
        }
        if cands.len() > shown.len() {
            let _ = writeln!(out, "... and {} more", cands.len() - shown.len());
        }
        self.print(&out);
    }

    // ---------------------------------------------------------------- input display

    /// Blanks the prompt and input on screen and leaves the cursor where the prompt began.
    fn erase_input(&mut self) {
        let (l, c) = self.input_start;
        self.term.set_cursor(l, c);
        self.term.clear_from(l, c);
    }

    /// Starts the prompt at the cursor (on a fresh line) and draws it on screen and serial.
    fn open_input_here(&mut self) {
        if self.term.cursor().1 != 0 {
            self.term.newline();
        }
        self.serial.start_line();
        self.input_start = self.term.cursor();
        self.refresh_input();
        self.serial_redraw();
    }

    /// Redraws prompt and input from `input_start` and puts the cursor at the edit position.
    fn refresh_input(&mut self) {
        self.erase_input();
        self.term.fg = Color::PROMPT;
        self.term.bg = Color::DEFAULT_BG;
        self.term.write(&self.prompt);
        self.term.fg = Color::DEFAULT_FG;
        self.term.bg = Color::DEFAULT_BG;
        let cur = self.ed.cursor();
        let chars = self.ed.chars();
        for &c in &chars[..cur] {
            self.term.put(c);
        }
        let (mut l, mut c) = self.term.cursor();
        for &ch in &chars[cur..] {
            self.term.put(ch);
        }
        if cur < chars.len() && c >= self.term.cols() {
            // The next character sits at the start of the following row.
            l += 1;
            c = 0;
        }
        self.term.set_cursor(l, c);
    }

    /// Ends the input display: the cursor goes after the line, `mark` is shown, a new line starts.
    fn close_input(&mut self, mark: &str) {
        if !self.ed.at_end() {
            self.ed.end();
            self.refresh_input();
            self.serial_sync();
        }
        self.term.write(mark);
        self.term.newline();
        self.serial.end_input(mark);
        self.active = false;
        self.view = None;
    }

    // ---------------------------------------------------------------- serial mirror

    /// Moves everything queued for the serial line into `w`.
    pub fn drain_serial(&mut self, w: &mut dyn Write) -> fmt::Result {
        self.serial.drain(w)
    }

    /// Takes everything queued for the serial line.
    pub fn take_serial(&mut self) -> String {
        self.serial.take()
    }

    fn serial_redraw(&mut self) {
        self.serial
            .redraw(&self.prompt, self.ed.chars(), self.ed.cursor());
    }

    fn serial_sync(&mut self) {
        self.serial
            .sync(&self.prompt, self.ed.chars(), self.ed.cursor());
    }

    // ---------------------------------------------------------------- rendering

    /// Forgets what the renderer shows, so the next `render` draws every cell.
    pub fn invalidate(&mut self) {
        self.shadow.invalidate();
    }

    /// Draws what changed since the last call, then flushes.
    pub fn render<R: Renderer + ?Sized>(&mut self, r: &mut R) {
        let cols = self.term.cols();
        let rows = self.term.rows();
        let top = self.term.top();
        let view_top = match self.view {
            Some(v) if v >= top => {
                self.view = None;
                top
            }
            Some(v) => v.max(self.term.first()),
            None => top,
        };
        self.shadow.scroll_to(view_top, r);

        let cursor = self.cursor_on_screen(view_top);
        for row in 0..rows {
            let abs = view_top + row as u64;
            let id = self.term.line_gen(abs).map(|g| (abs, g));
            let cursor_col = cursor.filter(|&(r, _)| r == row).map(|(_, c)| c);
            // Most rows are unchanged since the last frame: skip them without looking at cells.
            if self.shadow.row_current(row, id, cursor_col.is_some()) {
                continue;
            }
            let line = self.term.line(abs);
            let cell = |col: usize| {
                let c = line.map_or(Cell::BLANK, |l| l[col]);
                if cursor_col == Some(col) {
                    c.inverted()
                } else {
                    c
                }
            };
            self.shadow.draw_row(row, id, cell, r);
        }
        self.shadow.set_cursor(cursor);

        let notes = Notes {
            line_full: self.refused.then_some(self.ed.max_bytes),
            scrollback: self.view.map(|v| (top - v, top - self.term.first())),
        };
        let key = (self.status.clone(), notes.line_full, notes.scrollback);
        if !self.shadow.status_current(&key) {
            let bar = status::render(&self.status, &notes, cols);
            self.shadow.draw_status(key, &bar, r);
        }
        r.flush();
    }

    fn cursor_on_screen(&self, view_top: u64) -> Option<(usize, usize)> {
        if !self.active || self.view.is_some() {
            return None;
        }
        let (l, c) = self.term.cursor();
        let row = l.checked_sub(view_top)? as usize;
        let cols = self.term.cols();
        if c < cols {
            Some((row, c))
        } else if row + 1 < self.term.rows() && l < self.term.last() {
            Some((row + 1, 0))
        } else {
            Some((row, cols - 1))
        }
    }
}

impl Write for Console {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.print(s);
        Ok(())
    }
}

/// Longest common prefix of the candidates, on char boundaries.
fn common_prefix(cands: &[String]) -> &str {
    let first = cands[0].as_str();
    let mut end = first.len();
    for c in &cands[1..] {
        end = first
            .char_indices()
            .zip(c.chars())
            .take_while(|((_, a), b)| a == b)
            .map(|((i, a), _)| i + a.len_utf8())
            .last()
            .unwrap_or(0)
            .min(end);
    }
    &first[..end]
}

#[cfg(test)]
mod tests;
