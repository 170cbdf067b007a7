//! The edit buffer and its history, without any display.

use alloc::string::String;
use alloc::vec::Vec;

/// History entries kept; older ones are forgotten.
pub(crate) const HISTORY_LIMIT: usize = 500;

/// An edit that would make the line longer than its byte limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLong;

pub(crate) struct Editor {
    buf: Vec<char>,
    /// Cursor as an index into `buf`.
    cur: usize,
    /// UTF-8 length of `buf`.
    bytes: usize,
    pub(crate) max_bytes: usize,
    history: Vec<String>,
    /// Which history entry is shown while browsing with Up/Down; `None` when editing the draft.
    hist_pos: Option<usize>,
    /// The line being typed before browsing started, restored by going past the newest entry.
    draft: Vec<char>,
}

impl Editor {
    pub(crate) fn new(max_bytes: usize) -> Self {
        Editor {
            buf: Vec::new(),
            cur: 0,
            bytes: 0,
            max_bytes,
            history: Vec::new(),
            hist_pos: None,
            draft: Vec::new(),
        }
    }

    pub(crate) fn chars(&self) -> &[char] {
        &self.buf
    }

    pub(crate) fn cursor(&self) -> usize {
        self.cur
    }

    pub(crate) fn text(&self) -> String {
        self.buf.iter().collect()
    }

    /// Byte offset of the cursor in [`Self::text`].
    pub(crate) fn cursor_byte(&self) -> usize {
        self.buf[..self.cur].iter().map(|c| c.len_utf8()).sum()
    }

    pub(crate) fn at_end(&self) -> bool {
        self.cur == self.buf.len()
    }

    pub(crate) fn history(&self) -> &[String] {
        &self.history
    }

    pub(crate) fn insert(&mut self, c: char) -> Result<(), TooLong> {
        if self.bytes + c.len_utf8() > self.max_bytes {
            return Err(TooLong);
        }
        self.buf.insert(self.cur, c);
        self.cur += 1;
        self.bytes += c.len_utf8();
        Ok(())
    }

    /// Replaces `buf[from..cur]` with `s`, all or nothing.
    pub(crate) fn replace_before_cursor(&mut self, from: usize, s: &str) -> Result<(), TooLong> {
        let from = from.min(self.cur);
        let removed: usize = self.buf[from..self.cur].iter().map(|c| c.len_utf8()).sum();
        if self.bytes - removed + s.len() > self.max_bytes {
            return Err(TooLong);
        }
        let tail = self.buf.split_off(self.cur);
        self.buf.truncate(from);
        self.buf.extend(s.chars());
        self.cur = self.buf.len();
        self.buf.extend(tail);
        self.bytes = self.bytes - removed + s.len();
        Ok(())
    }

    /// Deletes `buf[from..to]` and puts the cursor at `from`.
    fn delete_range(&mut self, from: usize, to: usize) -> bool {
        if from >= to {
            return false;
        }
        let removed: usize = self.buf.drain(from..to).map(|c| c.len_utf8()).sum();
        self.bytes -= removed;
        self.cur = from;
        true
    }

    pub(crate) fn backspace(&mut self) -> bool {
        self.cur > 0 && self.delete_range(self.cur - 1, self.cur)
    }

    pub(crate) fn delete(&mut self) -> bool {
        self.cur < self.buf.len() && self.delete_range(self.cur, self.cur + 1)
    }

    pub(crate) fn kill_to_start(&mut self) -> bool {
        self.delete_range(0, self.cur)
    }

    pub(crate) fn kill_to_end(&mut self) -> bool {
        let end = self.buf.len();
        let cur = self.cur;
        self.delete_range(cur, end)
    }

    /// Ctrl-W: the spaces before the cursor, then the word before them.
    pub(crate) fn kill_word(&mut self) -> bool {
        let mut i = self.cur;
        while i > 0 && self.buf[i - 1] == ' ' {
            i -= 1;
        }
        while i > 0 && self.buf[i - 1] != ' ' {
            i -= 1;
        }
        self.delete_range(i, self.cur)
    }

    pub(crate) fn left(&mut self) -> bool {
        let moved = self.cur > 0;
        self.cur = self.cur.saturating_sub(1);
        moved
    }

    pub(crate) fn right(&mut self) -> bool {
        let moved = self.cur < self.buf.len();
        self.cur = (self.cur + 1).min(self.buf.len());
        moved
    }

    /// Ctrl-Left: to the start of the word before the cursor.
    pub(crate) fn word_left(&mut self) -> bool {
        let start = self.cur;
        while self.cur > 0 && self.buf[self.cur - 1] == ' ' {
            self.cur -= 1;
        }
        while self.cur > 0 && self.buf[self.cur - 1] != ' ' {
            self.cur -= 1;
        }
        self.cur != start
    }

    /// Ctrl-Right: past the end of the word after the cursor.
    pub(crate) fn word_right(&mut self) -> bool {
        let start = self.cur;
        let n = self.buf.len();
        while self.cur < n && self.buf[self.cur] == ' ' {
            self.cur += 1;
        }
        while self.cur < n && self.buf[self.cur] != ' ' {
            self.cur += 1;
        }
        self.cur != start
    }

    pub(crate) fn home(&mut self) -> bool {
        core::mem::replace(&mut self.cur, 0) != 0
    }

    pub(crate) fn end(&mut self) -> bool {
        core::mem::replace(&mut self.cur, self.buf.len()) != self.buf.len()
    }

    fn set(&mut self, chars: Vec<char>) {
        self.bytes = chars.iter().map(|c| c.len_utf8()).sum();
        self.buf = chars;
        self.cur = self.buf.len();
    }

    /// Up: the previous history entry.
    pub(crate) fn history_prev(&mut self) -> bool {
        let next = match self.hist_pos {
            None if self.history.is_empty() => return false,
            None => {
                self.draft = core::mem::take(&mut self.buf);
                self.history.len() - 1
            }
            Some(0) => return false,
            Some(p) => p - 1,
        };
        self.hist_pos = Some(next);
        let entry = self.history[next].chars().collect();
        self.set(entry);
        true
    }

    /// Down: the next history entry, or back to the draft after the newest.
    pub(crate) fn history_next(&mut self) -> bool {
        match self.hist_pos {
            None => false,
            Some(p) if p + 1 < self.history.len() => {
                self.hist_pos = Some(p + 1);
                let entry = self.history[p + 1].chars().collect();
                self.set(entry);
                true
            }
            Some(_) => {
                self.hist_pos = None;
                let draft = core::mem::take(&mut self.draft);
                self.set(draft);
                true
            }
        }
    }

    /// Takes the line out of the editor; non-blank lines go into the history (not twice in a row).
    pub(crate) fn submit(&mut self) -> String {
        let line = self.text();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            if self.history.len() == HISTORY_LIMIT {
                self.history.remove(0);
            }
            self.history.push(line.clone());
        }
        self.clear();
        line
    }

    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.draft.clear();
        self.cur = 0;
        self.bytes = 0;
        self.hist_pos = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(e: &mut Editor, s: &str) {
        for c in s.chars() {
            e.insert(c).unwrap();
        }
    }

    #[test]
    fn insert_anywhere_and_delete() {
        let mut e = Editor::new(100);
        typed(&mut e, "helo");
        e.left();
        typed(&mut e, "l");
        assert_eq!(e.text(), "hello");
        e.home();
        e.delete();
        assert_eq!(e.text(), "ello");
        e.end();
        e.backspace();
        assert_eq!(e.text(), "ell");
        assert!(!e.right());
    }

    #[test]
    fn word_moves() {
        let mut e = Editor::new(100);
        typed(&mut e, "ls  /boot/x y");
        assert!(e.word_left());
        assert_eq!(e.cursor(), 12);
        e.word_left();
        assert_eq!(e.cursor(), 4);
        e.word_left();
        assert_eq!(e.cursor(), 0);
        assert!(!e.word_left());
        e.word_right();
        assert_eq!(e.cursor(), 2);
        e.word_right();
        assert_eq!(e.cursor(), 11);
        e.word_right();
        assert!(!e.word_right());
    }

    #[test]
    fn kills() {
        let mut e = Editor::new(100);
        typed(&mut e, "echo  one two");
        assert!(e.kill_word());
        assert_eq!(e.text(), "echo  one ");
        assert!(e.kill_word());
        assert_eq!(e.text(), "echo  ");
        e.home();
        e.right();
        e.right();
        assert!(e.kill_to_end());
        assert_eq!(e.text(), "ec");
        assert!(e.kill_to_start());
        assert_eq!(e.text(), "");
        assert!(!e.kill_word());
    }

    #[test]
    fn byte_limit_counts_utf8() {
        let mut e = Editor::new(5);
        typed(&mut e, "ab");
        e.insert('€').unwrap(); // 3 bytes: now exactly 5
        assert_eq!(e.insert('x'), Err(TooLong));
        assert_eq!(e.text(), "ab€");
        e.backspace();
        assert_eq!(e.insert('é'), Ok(()));
        assert_eq!(e.replace_before_cursor(0, "abcdef"), Err(TooLong));
        assert_eq!(e.text(), "abé");
    }

    #[test]
    fn history_browsing_keeps_the_draft() {
        let mut e = Editor::new(100);
        for l in ["one", "two", "two", "  ", "three"] {
            typed(&mut e, l);
            e.submit();
        }
        assert_eq!(e.history(), ["one", "two", "three"]);
        typed(&mut e, "dra");
        assert!(e.history_prev());
        assert_eq!(e.text(), "three");
        e.history_prev();
        e.history_prev();
        assert_eq!(e.text(), "one");
        assert!(!e.history_prev());
        e.history_next();
        assert_eq!(e.text(), "two");
        e.history_next();
        e.history_next();
        assert_eq!(e.text(), "dra");
        assert!(!e.history_next());
    }

    #[test]
    fn history_is_bounded() {
        let mut e = Editor::new(100);
        for i in 0..HISTORY_LIMIT + 10 {
            typed(&mut e, &alloc::format!("c{i}"));
            e.submit();
        }
        assert_eq!(e.history().len(), HISTORY_LIMIT);
        assert_eq!(e.history()[0], "c10");
    }
}
