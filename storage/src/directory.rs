//! A directory in memory: read whole (FAT caps one at 65536 entries),
//! its live entries with long names assembled, free runs of slots, and the
//! sectors edited in memory but not yet written. No I/O here: `volume.rs`
//! reads and writes it, `dir.rs` knows the entry format.

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;

use crate::cache::SECTOR;
use crate::dir::{self, LfnAssembler, Short, ENTRY_LEN};

pub(crate) const SLOTS_PER_SECTOR: usize = SECTOR / ENTRY_LEN;
/// FAT's limit on entries in one directory (fatgen103: 65536).
pub(crate) const MAX_DIR_BYTES: u64 = 65536 * ENTRY_LEN as u64;

/// Where a directory's entries live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirAt {
    /// The fixed root directory of FAT16.
    Root16,
    /// A cluster chain (every other directory, and FAT32's root).
    Chain(u32),
}

/// A directory read whole: its bytes, where they live, and which sectors
/// were changed in memory and not yet written.
pub(crate) struct Dir {
    pub at: DirAt,
    /// The path, for error messages.
    pub path: String,
    pub clusters: Vec<u32>,
    pub bytes: Vec<u8>,
    pub dirty: BTreeSet<usize>,
}

/// One live entry of a directory.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub name: String,
    pub short: Short,
    /// Slot of the short entry, and of the first of its long-name entries.
    pub slot: usize,
    pub first_slot: usize,
}

impl Dir {
    pub fn slots(&self) -> usize {
        self.bytes.len() / ENTRY_LEN
    }

    pub fn entry(&self, slot: usize) -> &[u8] {
        &self.bytes[slot * ENTRY_LEN..][..ENTRY_LEN]
    }

    pub fn set(&mut self, slot: usize, e: &[u8; ENTRY_LEN]) {
        self.bytes[slot * ENTRY_LEN..][..ENTRY_LEN].copy_from_slice(e);
        self.dirty.insert(slot / SLOTS_PER_SECTOR);
    }

    /// Turns never-used slots before `slot` into deleted ones.
    pub fn end_marks_to_deleted(&mut self, slot: usize) {
        for s in 0..slot {
            if self.bytes[s * ENTRY_LEN] == dir::FREE_END {
                self.bytes[s * ENTRY_LEN] = dir::DELETED;
                self.dirty.insert(s / SLOTS_PER_SECTOR);
            }
        }
    }

    pub fn mark_deleted(&mut self, first: usize, last: usize) {
        for s in first..=last {
            self.bytes[s * ENTRY_LEN] = dir::DELETED;
            self.dirty.insert(s / SLOTS_PER_SECTOR);
        }
    }

    /// The live entries (long names assembled, orphans ignored) and the
    /// volume label entry's 11 bytes if there is one.
    pub fn nodes(&self) -> (Vec<Node>, Option<[u8; 11]>) {
        let mut out = Vec::new();
        let mut label = None;
        let mut lfn = LfnAssembler::default();
        for slot in 0..self.slots() {
            let e = self.entry(slot);
            match e[0] {
                dir::FREE_END => break,
                dir::DELETED => {
                    lfn.reset();
                    continue;
                }
                _ => {}
            }
            if e[dir::ATTR] & 0x3F == dir::ATTR_LFN {
                lfn.push(slot, e);
                continue;
            }
            let mut raw = [0u8; 11];
            raw.copy_from_slice(&e[..11]);
            if e[dir::ATTR] & dir::ATTR_VOLUME_ID != 0 {
                lfn.reset();
                label.get_or_insert(raw);
                continue;
            }
            let long = lfn.finish(&raw);
            if &raw == b".          " || &raw == b"..         " {
                continue;
            }
            let short = Short::parse(e);
            let first_slot = if long.is_some() { lfn.start } else { slot };
            out.push(Node {
                name: long.unwrap_or_else(|| short.display()),
                short,
                slot,
                first_slot,
            });
        }
        (out, label)
    }

    pub fn find(&self, name: &str) -> Option<Node> {
        self.nodes()
            .0
            .into_iter()
            .find(|n| dir::same_name(&n.name, name) || dir::same_name(&n.short.display(), name))
    }

    /// A run of `n` free slots: inside one sector when that is possible
    /// (then the entries are written by one sector write), preferring the
    /// sector `near`.
    pub fn free_run(&self, n: usize, near: Option<usize>) -> Option<usize> {
        let free = |s: usize| {
            let b = self.bytes[s * ENTRY_LEN];
            b == dir::FREE_END || b == dir::DELETED
        };
        let runs = |one_sector: bool, only: Option<usize>| -> Option<usize> {
            let mut start = 0;
            let mut len = 0;
            for s in 0..self.slots() {
                if only.is_some_and(|sec| s / SLOTS_PER_SECTOR != sec) {
                    len = 0;
                    continue;
                }
                if !free(s) || (one_sector && len > 0 && s % SLOTS_PER_SECTOR == 0) {
                    len = 0;
                    if !free(s) {
                        continue;
                    }
                }
                if len == 0 {
                    start = s;
                }
                len += 1;
                if len == n {
                    return Some(start);
                }
            }
            None
        };
        if n <= SLOTS_PER_SECTOR {
            if let Some(sec) = near {
                if let Some(s) = runs(true, Some(sec)) {
                    return Some(s);
                }
            }
            if let Some(s) = runs(true, None) {
                return Some(s);
            }
        }
        runs(false, None)
    }
}
