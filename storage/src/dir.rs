//! FAT directory entries: the 32-byte short entry, the VFAT long-name
//! entries that precede it, name rules, and 8.3 alias generation.
//! Offsets and rules from Microsoft's FAT specification (fatgen103,
//! sections 6 and 7) and its long-name chapter; pure functions over bytes,
//! so every rule is tested on the host without a disk.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::Timestamp;

pub const ENTRY_LEN: usize = 32;

// Short entry fields.
pub const NAME: usize = 0;
pub const NAME_LEN: usize = 11;
pub const ATTR: usize = 11;
/// Windows NT case bits: lower-case base / extension of an 8.3 name.
pub const NT_CASE: usize = 12;
pub const CRT_TIME: usize = 14;
pub const CRT_DATE: usize = 16;
pub const ACC_DATE: usize = 18;
pub const FST_CLUS_HI: usize = 20;
pub const WRT_TIME: usize = 22;
pub const WRT_DATE: usize = 24;
pub const FST_CLUS_LO: usize = 26;
pub const FILE_SIZE: usize = 28;

// Long-name entry fields.
pub const LFN_ORD: usize = 0;
pub const LFN_NAME1: usize = 1;
pub const LFN_TYPE: usize = 12;
pub const LFN_CHKSUM: usize = 13;
pub const LFN_NAME2: usize = 14;
pub const LFN_FST_CLUS: usize = 26;
pub const LFN_NAME3: usize = 28;
/// UTF-16 units per long-name entry (5 + 6 + 2).
pub const LFN_UNITS: usize = 13;
pub const LFN_LAST: u8 = 0x40;
pub const LFN_SEQ_MASK: u8 = 0x1F;
/// Longest name in UTF-16 code units.
pub const MAX_NAME_UNITS: usize = 255;

pub const ATTR_READ_ONLY: u8 = 0x01;
pub const ATTR_HIDDEN: u8 = 0x02;
pub const ATTR_SYSTEM: u8 = 0x04;
pub const ATTR_VOLUME_ID: u8 = 0x08;
pub const ATTR_DIRECTORY: u8 = 0x10;
pub const ATTR_ARCHIVE: u8 = 0x20;
pub const ATTR_LFN: u8 = ATTR_READ_ONLY | ATTR_HIDDEN | ATTR_SYSTEM | ATTR_VOLUME_ID;

/// First name byte of a free slot that ends the directory / of a deleted one.
pub const FREE_END: u8 = 0x00;
pub const DELETED: u8 = 0xE5;
/// Stands for a real 0xE5 first byte (a Kanji lead byte) in a live entry.
const E5_ESCAPE: u8 = 0x05;

pub const NT_LOWER_BASE: u8 = 0x08;
pub const NT_LOWER_EXT: u8 = 0x10;

/// Characters FAT forbids in any name.
pub const FORBIDDEN: &[char] = &['"', '*', '/', ':', '<', '>', '?', '\\', '|'];

fn u16_at(e: &[u8], off: usize) -> u16 {
    u16::from_le_bytes([e[off], e[off + 1]])
}

fn put16(e: &mut [u8], off: usize, v: u16) {
    e[off..off + 2].copy_from_slice(&v.to_le_bytes());
}

/// A live short entry, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Short {
    pub name: [u8; NAME_LEN],
    pub attr: u8,
    pub nt_case: u8,
    pub first_cluster: u32,
    pub size: u32,
    pub modified: Option<Timestamp>,
}

impl Short {
    pub fn parse(e: &[u8]) -> Short {
        let mut name = [0u8; NAME_LEN];
        name.copy_from_slice(&e[NAME..NAME + NAME_LEN]);
        if name[0] == E5_ESCAPE {
            name[0] = DELETED;
        }
        Short {
            name,
            attr: e[ATTR],
            nt_case: e[NT_CASE],
            first_cluster: (u16_at(e, FST_CLUS_HI) as u32) << 16 | u16_at(e, FST_CLUS_LO) as u32,
            size: u32::from_le_bytes([
                e[FILE_SIZE],
                e[FILE_SIZE + 1],
                e[FILE_SIZE + 2],
                e[FILE_SIZE + 3],
            ]),
            modified: decode_time(u16_at(e, WRT_DATE), u16_at(e, WRT_TIME)),
        }
    }

    pub fn is_dir(&self) -> bool {
        self.attr & ATTR_DIRECTORY != 0
    }

    /// The 8.3 name as shown: `BASE.EXT`, lower-cased per the NT bits.
    pub fn display(&self) -> String {
        short_display(&self.name, self.nt_case)
    }
}

pub fn short_display(name: &[u8; NAME_LEN], nt_case: u8) -> String {
    let part = |bytes: &[u8], lower: bool| -> String {
        let end = bytes.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
        // 8.3 bytes are an OEM code page; shown as Latin-1.
        bytes[..end]
            .iter()
            .map(|&b| {
                let c = b as char;
                if lower {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect()
    };
    let mut s = part(&name[..8], nt_case & NT_LOWER_BASE != 0);
    let ext = part(&name[8..], nt_case & NT_LOWER_EXT != 0);
    if !ext.is_empty() {
        s.push('.');
        s.push_str(&ext);
    }
    s
}

/// Builds a short entry.
pub fn short_entry(
    name: &[u8; NAME_LEN],
    attr: u8,
    nt_case: u8,
    first_cluster: u32,
    size: u32,
    time: Timestamp,
) -> [u8; ENTRY_LEN] {
    let mut e = [0u8; ENTRY_LEN];
    e[NAME..NAME + NAME_LEN].copy_from_slice(name);
    if e[NAME] == DELETED {
        e[NAME] = E5_ESCAPE;
    }
    e[ATTR] = attr;
    e[NT_CASE] = nt_case;
    let (date, t) = encode_time(time);
    put16(&mut e, CRT_TIME, t);
    put16(&mut e, CRT_DATE, date);
    put16(&mut e, ACC_DATE, date);
    put16(&mut e, WRT_TIME, t);
    put16(&mut e, WRT_DATE, date);
    set_first_cluster(&mut e, first_cluster);
    e[FILE_SIZE..FILE_SIZE + 4].copy_from_slice(&size.to_le_bytes());
    e
}

pub fn set_first_cluster(e: &mut [u8], cluster: u32) {
    put16(e, FST_CLUS_HI, (cluster >> 16) as u16);
    put16(e, FST_CLUS_LO, cluster as u16);
}

/// Points an existing short entry at new content (the commit of an
/// overwrite): cluster, size and modification time, nothing else.
pub fn set_content(e: &mut [u8], first_cluster: u32, size: u32, time: Timestamp) {
    set_first_cluster(e, first_cluster);
    e[FILE_SIZE..FILE_SIZE + 4].copy_from_slice(&size.to_le_bytes());
    let (date, t) = encode_time(time);
    put16(e, WRT_TIME, t);
    put16(e, WRT_DATE, date);
    put16(e, ACC_DATE, date);
}

/// FAT date and time words (2-second resolution, years 1980..=2107).
pub fn encode_time(t: Timestamp) -> (u16, u16) {
    let year = (t.year_since_1970 as u16).saturating_sub(10).min(127);
    let date = year << 9 | (t.zero_indexed_month as u16 + 1) << 5 | (t.zero_indexed_day as u16 + 1);
    let time = (t.hours as u16) << 11 | (t.minutes as u16) << 5 | (t.seconds as u16 / 2);
    (date, time)
}

pub fn decode_time(date: u16, time: u16) -> Option<Timestamp> {
    let month = (date >> 5) & 0xF;
    let day = date & 0x1F;
    if date == 0 || !(1..=12).contains(&month) || day == 0 {
        return None;
    }
    Some(Timestamp {
        year_since_1970: ((date >> 9) + 10) as u8,
        zero_indexed_month: (month - 1) as u8,
        zero_indexed_day: (day - 1) as u8,
        hours: ((time >> 11) & 0x1F).min(23) as u8,
        minutes: ((time >> 5) & 0x3F).min(59) as u8,
        seconds: ((time & 0x1F) * 2).min(59) as u8,
    })
}

/// The checksum of an 8.3 name that every long-name entry carries.
pub fn checksum(name: &[u8; NAME_LEN]) -> u8 {
    name.iter()
        .fold(0u8, |sum, &b| (sum >> 1 | (sum & 1) << 7).wrapping_add(b))
}

/// Long-name entries for `name`, in disk order (last piece first).
pub fn lfn_entries(name: &str, sum: u8) -> Vec<[u8; ENTRY_LEN]> {
    let units: Vec<u16> = name.encode_utf16().collect();
    let n = units.len().div_ceil(LFN_UNITS);
    let mut out = Vec::with_capacity(n);
    for seq in (1..=n).rev() {
        let mut e = [0u8; ENTRY_LEN];
        e[LFN_ORD] = seq as u8 | if seq == n { LFN_LAST } else { 0 };
        e[ATTR] = ATTR_LFN;
        e[LFN_TYPE] = 0;
        e[LFN_CHKSUM] = sum;
        put16(&mut e, LFN_FST_CLUS, 0);
        for i in 0..LFN_UNITS {
            let idx = (seq - 1) * LFN_UNITS + i;
            // After the name: one 0x0000, then 0xFFFF padding.
            let u = match idx.cmp(&units.len()) {
                core::cmp::Ordering::Less => units[idx],
                core::cmp::Ordering::Equal => 0,
                core::cmp::Ordering::Greater => 0xFFFF,
            };
            put16(&mut e, lfn_unit_offset(i), u);
        }
        out.push(e);
    }
    out
}

fn lfn_unit_offset(i: usize) -> usize {
    match i {
        0..=4 => LFN_NAME1 + 2 * i,
        5..=10 => LFN_NAME2 + 2 * (i - 5),
        _ => LFN_NAME3 + 2 * (i - 11),
    }
}

/// Collects long-name entries while a directory is read, and hands the
/// name to the short entry that follows when the chain is whole and its
/// checksum matches (anything else is an orphan and is ignored, as every
/// reader does).
#[derive(Default)]
pub struct LfnAssembler {
    units: Vec<u16>,
    /// Sequence number expected next (counting down to 1), 0 when idle.
    next: u8,
    sum: u8,
    /// Slot index of the first long-name entry of the chain.
    pub start: usize,
}

impl LfnAssembler {
    pub fn reset(&mut self) {
        self.next = 0;
        self.units.clear();
    }

    pub fn push(&mut self, slot: usize, e: &[u8]) {
        let ord = e[LFN_ORD];
        let seq = ord & LFN_SEQ_MASK;
        if ord & LFN_LAST != 0 {
            if seq == 0 || seq as usize * LFN_UNITS > MAX_NAME_UNITS + LFN_UNITS {
                self.reset();
                return;
            }
            self.units.clear();
            self.units.resize(seq as usize * LFN_UNITS, 0xFFFF);
            self.sum = e[LFN_CHKSUM];
            self.start = slot;
        } else if self.next == 0 || seq != self.next || e[LFN_CHKSUM] != self.sum {
            self.reset();
            return;
        }
        for i in 0..LFN_UNITS {
            self.units[(seq as usize - 1) * LFN_UNITS + i] = u16_at(e, lfn_unit_offset(i));
        }
        self.next = seq - 1;
        if self.next == 0 {
            // Whole: mark as complete with a sentinel the short entry checks.
            self.next = u8::MAX;
        }
    }

    /// The long name for the short entry `name`, if a whole, matching chain
    /// came just before it. Resets either way.
    pub fn finish(&mut self, name: &[u8; NAME_LEN]) -> Option<String> {
        let whole = self.next == u8::MAX && self.sum == checksum(name);
        self.next = 0;
        if !whole {
            return None;
        }
        let end = self
            .units
            .iter()
            .position(|&u| u == 0)
            .unwrap_or(self.units.len());
        let s: String = char::decode_utf16(self.units[..end].iter().copied())
            .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect();
        if s.is_empty() {
            None
        } else {
            Some(s)
        }
    }
}

/// Checks a name for a new file or directory; the error says what is wrong.
pub fn validate(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("empty name".into());
    }
    if name == "." || name == ".." {
        return Err(format!("\"{name}\" is reserved"));
    }
    let units = name.encode_utf16().count();
    if units > MAX_NAME_UNITS {
        return Err(format!(
            "name is {units} characters long; FAT allows {MAX_NAME_UNITS}"
        ));
    }
    if let Some(c) = name.chars().find(|c| FORBIDDEN.contains(c)) {
        return Err(format!(
            "\"{name}\": FAT forbids the character '{c}' (forbidden: \" * / : < > ? \\ |)"
        ));
    }
    if name.chars().any(|c| (c as u32) < 0x20) {
        return Err(format!(
            "\"{}\": control character in name",
            name.escape_default()
        ));
    }
    if name.ends_with('.') {
        return Err(format!("\"{name}\": a name cannot end with a dot"));
    }
    if name.ends_with(' ') {
        return Err(format!("\"{name}\": a name cannot end with a space"));
    }
    Ok(())
}

fn short_char_ok(c: char) -> bool {
    c.is_ascii_uppercase() || c.is_ascii_digit() || "$%'-_@~`!(){}^#&".contains(c)
}

/// How a new name is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A plain 8.3 name; the NT case bits make it display as typed.
    Short { name: [u8; NAME_LEN], nt_case: u8 },
    /// A long name with this basis for its alias; `tail` says whether the
    /// alias needs a `~N` (the basis lost information).
    Long { basis: [u8; NAME_LEN], tail: bool },
}

/// Decides how `name` (already validated) is stored, following the
/// specification's basis-name algorithm.
pub fn plan(name: &str) -> Stored {
    let (base, ext) = match name.rfind('.') {
        Some(i) if i > 0 => (&name[..i], &name[i + 1..]),
        _ => (name, ""),
    };
    // Exactly 8.3 with one case per part: no long name at all (what mtools
    // and Windows do for `notes.txt` or `README.TXT`).
    let fits = !base.is_empty()
        && !base.contains('.')
        && base.len() <= 8
        && ext.len() <= 3
        && name.matches('.').count() <= 1
        && name
            .chars()
            .all(|c| c == '.' || short_char_ok(c.to_ascii_uppercase()));
    if fits {
        let case = |s: &str, bit: u8| -> Option<u8> {
            let lower = s.chars().any(|c| c.is_ascii_lowercase());
            let upper = s.chars().any(|c| c.is_ascii_uppercase());
            match (lower, upper) {
                (true, true) => None,
                (true, false) => Some(bit),
                _ => Some(0),
            }
        };
        if let (Some(b), Some(e)) = (case(base, NT_LOWER_BASE), case(ext, NT_LOWER_EXT)) {
            let mut n = [b' '; NAME_LEN];
            for (i, c) in base.chars().enumerate() {
                n[i] = c.to_ascii_uppercase() as u8;
            }
            for (i, c) in ext.chars().enumerate() {
                n[8 + i] = c.to_ascii_uppercase() as u8;
            }
            return Stored::Short {
                name: n,
                nt_case: b | e,
            };
        }
    }
    // The basis: upper case, spaces and dots out, other misfits `_`.
    let trimmed = name.trim_start_matches('.');
    let (lbase, lext) = match trimmed.rfind('.') {
        Some(i) => (&trimmed[..i], &trimmed[i + 1..]),
        None => (trimmed, ""),
    };
    let mut lossy = trimmed.len() != name.len();
    let mut conv = |s: &str, max: usize| -> Vec<u8> {
        let mut out = Vec::new();
        for c in s.chars() {
            if c == ' ' || c == '.' {
                lossy = true;
                continue;
            }
            let u = c.to_ascii_uppercase();
            let b = if short_char_ok(u) {
                u as u8
            } else {
                lossy = true;
                b'_'
            };
            if out.len() == max {
                lossy = true;
                break;
            }
            out.push(b);
        }
        out
    };
    let mut b = conv(lbase, 8);
    let e = conv(lext, 3);
    if b.is_empty() {
        b.push(b'_');
        lossy = true;
    }
    let mut basis = [b' '; NAME_LEN];
    basis[..b.len()].copy_from_slice(&b);
    basis[8..8 + e.len()].copy_from_slice(&e);
    Stored::Long { basis, tail: lossy }
}

/// The alias for `basis` with numeric tail `n` (`NAME~N`), or the basis
/// itself for `n == 0`.
pub fn alias(basis: &[u8; NAME_LEN], n: u32) -> [u8; NAME_LEN] {
    if n == 0 {
        return *basis;
    }
    let tail = format!("~{n}");
    let base_len = basis[..8].iter().position(|&b| b == b' ').unwrap_or(8);
    let keep = base_len.min(8 - tail.len());
    let mut out = [b' '; NAME_LEN];
    out[..keep].copy_from_slice(&basis[..keep]);
    out[keep..keep + tail.len()].copy_from_slice(tail.as_bytes());
    out[8..].copy_from_slice(&basis[8..]);
    out
}

/// Case-insensitive name equality, as FAT compares names.
pub fn same_name(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n11(s: &str) -> [u8; NAME_LEN] {
        let mut n = [b' '; NAME_LEN];
        n[..s.len()].copy_from_slice(s.as_bytes());
        n
    }

    #[test]
    fn checksum_matches_the_specification() {
        // Computed by hand from the spec's rotate-right-and-add rule; the
        // mtools round-trip tests check it against a real implementation.
        let mut sum = 0u8;
        for &b in b"MEETIN~1TXT" {
            sum = (if sum & 1 != 0 { 0x80 } else { 0 }) + (sum >> 1);
            sum = sum.wrapping_add(b);
        }
        assert_eq!(checksum(b"MEETIN~1TXT"), sum);
        assert_ne!(checksum(b"MEETIN~1TXT"), checksum(b"MEETIN~2TXT"));
    }

    #[test]
    fn long_names_round_trip_through_entries() {
        for name in [
            "meeting notes.txt",
            "Qwen3-0.6B-Q4_K_M.gguf",
            "exactly13char",
            "ünïcødé ✓.txt",
            &"x".repeat(255),
        ] {
            let short = n11("ABC~1   TXT");
            let entries = lfn_entries(name, checksum(&short));
            assert_eq!(entries.len(), name.encode_utf16().count().div_ceil(13));
            assert_eq!(entries[0][0] & LFN_LAST, LFN_LAST);
            let mut a = LfnAssembler::default();
            for (i, e) in entries.iter().enumerate() {
                a.push(i, e);
            }
            assert_eq!(a.finish(&short).as_deref(), Some(name));
            // A wrong checksum (the short entry was replaced) orphans it.
            for (i, e) in entries.iter().enumerate() {
                a.push(i, e);
            }
            assert_eq!(a.finish(&n11("OTHER   TXT")), None);
        }
        // A chain with a missing middle piece is ignored.
        let short = n11("ABC~1   TXT");
        let entries = lfn_entries(&"y".repeat(40), checksum(&short));
        let mut a = LfnAssembler::default();
        a.push(0, &entries[0]);
        a.push(2, &entries[2]);
        assert_eq!(a.finish(&short), None);
    }

    #[test]
    fn names_are_validated_with_reasons() {
        assert!(validate("meeting notes.txt").is_ok());
        assert!(validate(".hidden").is_ok());
        assert!(validate(&"a".repeat(255)).is_ok());
        assert!(validate(&"a".repeat(256)).unwrap_err().contains("256"));
        for c in ['"', '*', ':', '<', '>', '?', '\\', '|'] {
            let e = validate(&format!("a{c}b")).unwrap_err();
            assert!(e.contains(&format!("'{c}'")), "{e}");
        }
        assert!(validate("a.").unwrap_err().contains("dot"));
        assert!(validate("a ").unwrap_err().contains("space"));
        assert!(validate("..").is_err());
        assert!(validate("").is_err());
        assert!(validate("a\tb").unwrap_err().contains("control"));
    }

    #[test]
    fn plain_83_names_need_no_long_entry() {
        assert_eq!(
            plan(".hidden"),
            Stored::Long {
                basis: n11("HIDDEN     "),
                tail: true
            }
        );
        assert_eq!(
            plan("notes.txt"),
            Stored::Short {
                name: n11("NOTES   TXT"),
                nt_case: NT_LOWER_BASE | NT_LOWER_EXT
            }
        );
        assert_eq!(
            plan("README.TXT"),
            Stored::Short {
                name: n11("README  TXT"),
                nt_case: 0
            }
        );
        assert_eq!(
            plan("Makefile"),
            Stored::Long {
                basis: n11("MAKEFILE   "),
                tail: false
            }
        );
        assert_eq!(
            plan("meeting notes.txt"),
            Stored::Long {
                basis: n11("MEETINGNTXT"),
                tail: true
            }
        );
        assert_eq!(
            plan("Qwen3-0.6B-Q4_K_M.gguf"),
            Stored::Long {
                basis: n11("QWEN3-06GGU"),
                tail: true
            }
        );
        assert_eq!(
            plan("a+b.txt"),
            Stored::Long {
                basis: n11("A_B     TXT"),
                tail: true
            }
        );
        assert_eq!(alias(&n11("MEETINGNTXT"), 1), n11("MEETIN~1TXT"));
        assert_eq!(alias(&n11("MEETINGNTXT"), 12), n11("MEETI~12TXT"));
        assert_eq!(alias(&n11("AB      TXT"), 3), n11("AB~3    TXT"));
    }

    #[test]
    fn times_round_trip() {
        let t = Timestamp {
            year_since_1970: 56,
            zero_indexed_month: 11,
            zero_indexed_day: 1,
            hours: 20,
            minutes: 51,
            seconds: 58,
        };
        let (d, tm) = encode_time(t);
        assert_eq!(decode_time(d, tm), Some(t));
        assert_eq!(decode_time(0, 0), None);
        let e = short_entry(&n11("A       TXT"), ATTR_ARCHIVE, 0, 0x12_3456, 99, t);
        let s = Short::parse(&e);
        assert_eq!(
            (s.first_cluster, s.size, s.modified),
            (0x12_3456, 99, Some(t))
        );
        assert_eq!(s.display(), "A.TXT");
    }

    #[test]
    fn case_insensitive_comparison() {
        assert!(same_name("Meeting Notes.TXT", "meeting notes.txt"));
        assert!(same_name("ÄBC", "äbc"));
        assert!(!same_name("a.txt", "a.txt2"));
    }
}
