use super::*;
use crate::{Completion, NoCompletion};
use alloc::string::ToString;
use keyboard::AnsiDecoder;

/// A renderer that keeps a grid of cells, the way a screen would, and counts the work done.
struct Grid {
    cols: usize,
    rows: usize,
    cells: Vec<Cell>,
    draws: usize,
    scrolls: Vec<usize>,
    flushes: usize,
}

impl Grid {
    fn new(c: &Console) -> Self {
        Grid {
            cols: c.cols(),
            rows: c.rows(),
            cells: vec![Cell::BLANK; c.cols() * c.rows()],
            draws: 0,
            scrolls: Vec::new(),
            flushes: 0,
        }
    }

    fn row(&self, r: usize) -> String {
        let s: String = self.cells[r * self.cols..(r + 1) * self.cols]
            .iter()
            .map(|c| c.ch)
            .collect();
        s.trim_end().to_string()
    }

    fn text_rows(&self) -> Vec<String> {
        (0..self.rows - 1).map(|r| self.row(r)).collect()
    }

    fn at(&self, r: usize, c: usize) -> Cell {
        self.cells[r * self.cols + c]
    }
}

impl Renderer for Grid {
    fn draw_cell(&mut self, row: usize, col: usize, cell: Cell) {
        assert!(row < self.rows && col < self.cols, "draw outside the grid");
        self.cells[row * self.cols + col] = cell;
        self.draws += 1;
    }

    fn scroll_up(&mut self, rows: usize, n: usize) {
        assert!(n < rows && rows < self.rows);
        self.cells.copy_within(n * self.cols..rows * self.cols, 0);
        // Garbage in the vacated rows: the console must redraw them.
        self.cells[(rows - n) * self.cols..rows * self.cols].fill(Cell {
            ch: '#',
            ..Cell::BLANK
        });
        self.scrolls.push(n);
    }

    fn flush(&mut self) {
        self.flushes += 1;
    }
}

fn con(cols: usize, rows: usize) -> Console {
    let mut c = Console::new(cols, rows);
    c.prompt();
    c
}

fn typ(c: &mut Console, s: &str) -> Vec<LineEvent> {
    let mut dec = AnsiDecoder::new();
    let mut keys = Vec::new();
    dec.feed_all(s.as_bytes(), |k| keys.push(k));
    dec.idle(|k| keys.push(k));
    keys.into_iter()
        .filter_map(|k| c.handle_key(k, &mut NoCompletion))
        .collect()
}

fn rendered(c: &mut Console) -> Grid {
    let mut g = Grid::new(c);
    c.invalidate();
    c.render(&mut g);
    g
}

#[test]
fn type_edit_and_submit() {
    let mut c = con(40, 6);
    assert!(typ(&mut c, "ech hi").is_empty());
    // Left x3, insert 'o' in the middle.
    typ(&mut c, "\x1b[D\x1b[D\x1b[Do");
    assert_eq!(c.input(), "echo hi");
    let ev = typ(&mut c, "\r");
    assert_eq!(ev, [LineEvent::Submit("echo hi".into())]);
    assert!(!c.is_reading());
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "nosys> echo hi");
    assert_eq!(c.history(), ["echo hi"]);
    // Keys without an open prompt do not edit.
    assert!(typ(&mut c, "zz").is_empty());
    assert_eq!(c.input(), "");
}

#[test]
fn readline_keys() {
    let mut c = con(60, 6);
    typ(&mut c, "one two three");
    typ(&mut c, "\x17"); // Ctrl-W
    assert_eq!(c.input(), "one two ");
    typ(&mut c, "\x01X\x05Y"); // Ctrl-A X Ctrl-E Y
    assert_eq!(c.input(), "Xone two Y");
    typ(&mut c, "\x1b[H\x1b[C\x1b[C\x0b"); // Home Right Right Ctrl-K
    assert_eq!(c.input(), "Xo");
    typ(&mut c, "\x1b[D\x1b[3~"); // Left Delete
    assert_eq!(c.input(), "X");
    typ(&mut c, "abc\x1b[D\x15"); // Ctrl-U kills before the cursor
    assert_eq!(c.input(), "c");
    typ(&mut c, "\x7f\x7f"); // Backspace at start of an empty-before line is harmless
    assert_eq!(c.input(), "c");
    typ(&mut c, "\x1b[F\x7f");
    assert_eq!(c.input(), "");
    // Ctrl-Left / Ctrl-Right (xterm encoding) move by words.
    typ(&mut c, "cat a b\x1b[1;5D\x1b[1;5D_\x1b[1;5CZ");
    assert_eq!(c.input(), "cat _aZ b");
}

#[test]
fn ctrl_c_cancels_without_history() {
    let mut c = con(40, 6);
    typ(&mut c, "rm everything");
    assert_eq!(typ(&mut c, "\x03"), [LineEvent::Cancel]);
    assert!(!c.is_reading());
    assert!(c.history().is_empty());
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "nosys> rm everything^C");
    // With no prompt open, Ctrl-C is still reported (interrupt a running command).
    assert_eq!(typ(&mut c, "\x03"), [LineEvent::Cancel]);
    c.prompt();
    assert_eq!(c.input(), "");
}

#[test]
fn history_up_down() {
    let mut c = con(40, 8);
    for l in ["ls", "mem", "cpu"] {
        typ(&mut c, l);
        typ(&mut c, "\r");
        c.prompt();
    }
    typ(&mut c, "dr");
    typ(&mut c, "\x1b[A\x1b[A");
    assert_eq!(c.input(), "mem");
    typ(&mut c, "\x1b[B");
    assert_eq!(c.input(), "cpu");
    typ(&mut c, "\x1b[B");
    assert_eq!(c.input(), "dr");
    typ(&mut c, "\x1b[A\r");
    assert_eq!(c.history(), ["ls", "mem", "cpu"]);
}

struct Words(Vec<&'static str>);

impl Completer for Words {
    fn complete(&mut self, line: &str, cursor: usize) -> Completion {
        let start = line[..cursor].rfind(' ').map_or(0, |i| i + 1);
        let word = &line[start..cursor];
        Completion {
            start,
            candidates: self
                .0
                .iter()
                .filter(|w| w.starts_with(word))
                .map(|w| w.to_string())
                .collect(),
        }
    }
}

#[test]
fn tab_completion() {
    let mut words = Words(vec![
        "help", "hexdump", "history", "echo", "/boot/", "/bin/",
    ]);
    let mut c = con(50, 10);
    let mut tab = |c: &mut Console| c.handle_key(Key::Tab, &mut words);
    typ(&mut c, "ec");
    tab(&mut c);
    assert_eq!(c.input(), "echo ");
    typ(&mut c, "\x15he");
    // "help" and "hexdump" share only "he": nothing to add, so the candidates are listed.
    tab(&mut c);
    assert_eq!(c.input(), "he");
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "help     hexdump");
    assert_eq!(g.row(1), "nosys> he");
    typ(&mut c, "l");
    tab(&mut c);
    assert_eq!(c.input(), "help ");
    // A path slot: common prefix first, directories get no trailing space.
    typ(&mut c, "/");
    tab(&mut c);
    assert_eq!(c.input(), "help /b");
    typ(&mut c, "o");
    tab(&mut c);
    assert_eq!(c.input(), "help /boot/");
    // Completion in the middle of the line keeps the tail.
    typ(&mut c, "\x15 tail\x01hi");
    tab(&mut c);
    assert_eq!(c.input(), "history  tail");
    // Nothing matches: nothing happens.
    typ(&mut c, "\x05\x15zzz");
    tab(&mut c);
    assert_eq!(c.input(), "zzz");
}

struct Liar;
impl Completer for Liar {
    fn complete(&mut self, _line: &str, _cursor: usize) -> Completion {
        Completion {
            start: 999,
            candidates: vec!["x".into()],
        }
    }
}

#[test]
fn bad_completer_answers_are_ignored() {
    let mut c = con(20, 4);
    typ(&mut c, "é");
    assert_eq!(c.handle_key(Key::Tab, &mut Liar), None);
    assert_eq!(c.input(), "é");
}

#[test]
fn over_long_line_is_refused_visibly() {
    let mut c = con(80, 25);
    let long: String = core::iter::repeat_n('a', 10_000).collect();
    let ev = typ(&mut c, &long);
    assert!(ev.is_empty());
    assert_eq!(c.input().len(), DEFAULT_MAX_LINE_BYTES);
    assert!(c.take_bell());
    assert!(!c.take_bell());
    let serial = c.take_serial();
    assert_eq!(serial.matches('\u{7}').count(), 1);
    let g = rendered(&mut c);
    assert!(
        g.row(24).contains("LINE FULL: 4096 bytes max"),
        "{}",
        g.row(24)
    );
    assert_eq!(g.at(24, 79).bg, Color::WARNING_BG);
    // An accepted edit clears the warning; Enter submits exactly the kept bytes.
    typ(&mut c, "\x7f");
    let g = rendered(&mut c);
    assert!(!g.row(24).contains("LINE FULL"));
    let ev = typ(&mut c, "b\r");
    match &ev[..] {
        [LineEvent::Submit(s)] => {
            assert_eq!(s.len(), 4096);
            assert!(s.ends_with("ab"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn f2_is_reported_never_acted_on() {
    let mut c = con(100, 5);
    assert_eq!(
        c.handle_key(Key::F(2), &mut NoCompletion),
        Some(LineEvent::ToggleMode)
    );
    assert!(c.status().read_only);
    let mut g2 = rendered(&mut c);
    assert!(g2.row(4).starts_with(" READ-ONLY  F2 toggles"));
    assert_eq!(g2.at(4, 1).bg, Color::READ_ONLY_BG);
    c.set_read_only(false);
    c.render(&mut g2);
    assert!(g2.row(4).starts_with(" READ-WRITE  F2 toggles"));
    assert_eq!(g2.at(4, 1).bg, Color::READ_WRITE_BG);
    assert_eq!(
        c.handle_key(Key::F(5), &mut NoCompletion),
        Some(LineEvent::FunctionKey(5))
    );
}

#[test]
fn status_values_are_shown() {
    let mut c = con(120, 5);
    c.set_model_state("generating");
    c.set_memory(5 << 20, 2 << 30);
    c.set_uptime_ms(3_723_000);
    c.set_clock(Some((9, 8, 7)));
    let g = rendered(&mut c);
    assert_eq!(
        g.row(4),
        " READ-ONLY  F2 toggles | model: generating | mem 5.0 MiB / 2.0 GiB | up 01:02:03 | 09:08:07"
    );
}

#[test]
fn output_while_prompt_is_open_goes_above_it() {
    let mut c = con(40, 6);
    typ(&mut c, "half");
    c.print("log line\n");
    c.print("no newline");
    assert_eq!(c.input(), "half");
    let g = rendered(&mut c);
    assert_eq!(
        g.text_rows()[..3],
        ["log line", "no newline", "nosys> half"]
    );
    // The cursor is the inverted cell after "half".
    assert_eq!(g.at(2, 11), Cell::BLANK.inverted());
}

#[test]
fn long_input_wraps_and_cursor_follows() {
    let mut c = con(10, 5);
    typ(&mut c, "abcdefghij");
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "nosys> abc");
    assert_eq!(g.row(1), "defghij");
    assert_eq!(g.at(1, 7), Cell::BLANK.inverted());
    // Move to the 'd' (wrapped): the cursor is drawn on row 1, col 0.
    typ(&mut c, "\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D");
    let g = rendered(&mut c);
    assert_eq!(g.at(1, 0).ch, 'd');
    assert_eq!(g.at(1, 0).bg, Color::DEFAULT_FG);
    // Deleting shrinks the display and leaves no stale characters.
    typ(&mut c, "\x0b");
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "nosys> abc");
    assert_eq!(g.row(1), "");
}

#[test]
fn scrollback_with_shift_page_keys() {
    let mut c = Console::new(20, 11); // 10 text rows
    for i in 0..3000 {
        c.print(&alloc::format!("line {i}\n"));
    }
    c.prompt();
    let g = rendered(&mut c);
    assert_eq!(g.row(8), "line 2999");
    let pgup = KeyEvent::shifted(Key::PageUp);
    let pgdn = KeyEvent::shifted(Key::PageDown);
    c.handle_key(pgup, &mut NoCompletion);
    let g = rendered(&mut c);
    assert_eq!(g.row(8), "line 2990");
    assert!(g.row(10).contains("SCROLLBACK 9/2000"), "{}", g.row(10));
    // New output does not move the view.
    c.print("fresh\n");
    let g = rendered(&mut c);
    assert_eq!(g.row(8), "line 2990");
    // All the way up: at least 1000 lines of history are reachable.
    for _ in 0..1000 {
        c.handle_key(pgup, &mut NoCompletion);
    }
    let g = rendered(&mut c);
    let oldest: usize = g.row(0)[5..].parse().unwrap();
    assert!(2999 - oldest >= 1000, "only back to line {oldest}");
    c.handle_key(KeyEvent::shifted(Key::Down), &mut NoCompletion);
    let g = rendered(&mut c);
    assert_eq!(g.row(0), alloc::format!("line {}", oldest + 1));
    for _ in 0..1000 {
        c.handle_key(pgdn, &mut NoCompletion);
    }
    let g = rendered(&mut c);
    assert_eq!(g.row(8), "fresh");
    assert!(!g.row(10).contains("SCROLLBACK"));
    // Typing also returns to the live view.
    c.handle_key(pgup, &mut NoCompletion);
    typ(&mut c, "x");
    let g = rendered(&mut c);
    assert_eq!(g.row(9), "nosys> x");
}

#[test]
fn incremental_render_matches_full_render_and_is_cheap() {
    let mut c = con(30, 8);
    let mut g = Grid::new(&c);
    c.render(&mut g);
    let full = g.draws;
    assert_eq!(full, 30 * 8);
    // One keystroke: the character and the cursor moving on.
    g.draws = 0;
    typ(&mut c, "a");
    c.render(&mut g);
    assert_eq!(g.draws, 2);
    // Output at the bottom scrolls through the renderer instead of a redraw.
    typ(&mut c, "\r");
    for i in 0..20 {
        c.print(&alloc::format!("out {i}\n"));
        g.draws = 0;
        c.render(&mut g);
        assert!(g.draws <= 2 * 30, "{} draws", g.draws);
    }
    assert!(!g.scrolls.is_empty());
    // After many mixed operations the incremental picture equals a fresh full render.
    c.prompt();
    typ(&mut c, "some input\x1b[D\x1b[DX");
    c.render(&mut g);
    c.print("\x1b[31mred\x1b[0m text\n");
    c.render(&mut g);
    let fresh = rendered(&mut c);
    assert_eq!(g.cells, fresh.cells);
    let red = g.text_rows().iter().position(|r| r == "red text").unwrap();
    assert_eq!(g.at(red, 0).fg, Color::PALETTE[1]);
    assert_eq!(g.at(red, 4).fg, Color::DEFAULT_FG);
    assert!(g.flushes > 20);
}

#[test]
fn clear_keeps_scrollback_and_input() {
    let mut c = con(20, 6);
    c.print("old\n");
    typ(&mut c, "abc\x0c"); // Ctrl-L
    let g = rendered(&mut c);
    assert_eq!(g.row(0), "nosys> abc");
    assert_eq!(c.input(), "abc");
    c.handle_key(Key::PageUp, &mut NoCompletion);
    let g = rendered(&mut c);
    assert!(g.text_rows().iter().any(|r| r == "old"));
}

#[test]
fn serial_mirror_is_plain_text() {
    let mut c = Console::new(40, 6);
    c.print("boot \x1b[32mok\x1b[0m\n");
    c.prompt();
    typ(&mut c, "echo hi\r");
    c.print("hi\n");
    c.prompt();
    let s = c.take_serial();
    assert_eq!(
        s,
        "boot ok\r\n\r\x1b[Knosys> echo hi\r\nhi\r\n\r\x1b[Knosys> "
    );
    // Backspace at the end erases on the terminal; a mid-line edit redraws the line.
    typ(&mut c, "ab\x7f");
    assert_eq!(c.take_serial(), "ab\x08 \x08");
    typ(&mut c, "\x1b[Dz");
    assert_eq!(c.take_serial(), "\x1b[1D\r\x1b[Knosys> za\x1b[1D");
    // Output while a prompt is open: the prompt line is erased, output printed, prompt redrawn.
    c.print("async\n");
    assert_eq!(c.take_serial(), "\r\x1b[Kasync\r\n\r\x1b[Knosys> za\x1b[1D");
    let mut out = String::new();
    typ(&mut c, "\x03");
    c.drain_serial(&mut out).unwrap();
    assert_eq!(out, "\x1b[1C^C\r\n");
}

#[test]
fn random_keys_never_panic() {
    let mut words = Words(vec![
        "help", "hexdump", "history", "echo", "/boot/", "/bin/",
    ]);
    let mut seed = 0xdead_beef_cafe_f00du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (cols, rows) in [(1, 1), (3, 2), (17, 5), (80, 25)] {
        let mut c = Console::with_scrollback(cols, rows, 50);
        c.set_max_line_bytes(64);
        c.prompt();
        let mut g = Grid::new(&c);
        let mut dec = AnsiDecoder::new();
        for i in 0..20_000 {
            let b = (next() % 140) as u8;
            let mut keys = Vec::new();
            dec.feed(b, |k| keys.push(k));
            for k in keys {
                if let Some(LineEvent::Submit(_) | LineEvent::Cancel) = c.handle_key(k, &mut words)
                {
                    c.print("reply\n");
                    c.prompt();
                }
            }
            assert!(c.input().len() <= 64);
            if i % 97 == 0 {
                c.render(&mut g);
            }
            if i % 1001 == 0 {
                c.print("tick ü\n");
            }
        }
        c.render(&mut g);
        let fresh = rendered(&mut c);
        assert_eq!(g.cells, fresh.cells, "{cols}x{rows}");
    }
}

#[test]
fn log_lines_never_break_into_the_input_line() {
    let mut c = con(40, 10);
    typ(&mut c, "echo hel");
    c.take_serial();
    // A log line while a line is being typed: the line is erased, the log
    // line printed whole, and the prompt and input drawn again after it.
    c.log("[INFO ] model: ready\n");
    assert_eq!(
        c.take_serial(),
        "\r\x1b[K[INFO ] model: ready\r\n\r\x1b[Knosys> echo hel"
    );
    typ(&mut c, "lo");
    assert_eq!(c.take_serial(), "lo");
    // The screen never shows log lines; the input is intact.
    assert_eq!(c.input(), "echo hello");
    assert!(!rendered(&mut c)
        .text_rows()
        .iter()
        .any(|r| r.contains("INFO")));
    // With no prompt open, unfinished output is ended before the log line.
    typ(&mut c, "\r");
    c.take_serial();
    c.print("partial");
    c.log("[WARN ] x\n[WARN ] y");
    assert_eq!(c.take_serial(), "partial\r\n[WARN ] x\r\n[WARN ] y\r\n");
    c.print("next\n");
    assert_eq!(c.take_serial(), "next\r\n");
}
