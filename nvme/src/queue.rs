//! Queue index bookkeeping, apart from memory so it is testable alone.
//!
//! A submission queue is full when advancing the tail would reach the head
//! the controller last reported (one slot always stays empty). A completion
//! entry is new when its phase tag equals the phase we expect; the expected
//! phase starts at 1 and flips each time the head wraps (Base Specification
//! 2.0, section 3.3.1).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SqIndex {
    pub entries: u16,
    pub tail: u16,
    /// The controller's head, from the SQHD field of completions.
    pub head: u16,
}

impl SqIndex {
    pub fn new(entries: u16) -> Self {
        debug_assert!(entries >= 2);
        SqIndex {
            entries,
            tail: 0,
            head: 0,
        }
    }

    pub fn is_full(&self) -> bool {
        (self.tail + 1) % self.entries == self.head
    }

    /// Claims the slot at the tail and advances it; `None` when full.
    pub fn push(&mut self) -> Option<u16> {
        if self.is_full() {
            return None;
        }
        let slot = self.tail;
        self.tail = (self.tail + 1) % self.entries;
        Some(slot)
    }

    /// Records the head a completion reported; ignores nonsense values.
    pub fn set_head(&mut self, head: u16) {
        if head < self.entries {
            self.head = head;
        }
    }

    /// Commands submitted but not yet consumed by the controller.
    pub fn in_flight(&self) -> u16 {
        (self.tail + self.entries - self.head) % self.entries
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CqIndex {
    pub entries: u16,
    pub head: u16,
    pub phase: bool,
}

impl CqIndex {
    pub fn new(entries: u16) -> Self {
        CqIndex {
            entries,
            head: 0,
            phase: true,
        }
    }

    /// Whether an entry with this phase tag at the head is a new completion.
    pub fn is_new(&self, entry_phase: bool) -> bool {
        entry_phase == self.phase
    }

    /// Consumes the head entry; returns the new head for the doorbell.
    pub fn pop(&mut self) -> u16 {
        self.head += 1;
        if self.head == self.entries {
            self.head = 0;
            self.phase = !self.phase;
        }
        self.head
    }
}
