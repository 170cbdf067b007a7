//! Identify data structures (Base Specification 2.0, section 5.17.2; NVM
//! Command Set Specification for the namespace structure): the fields the
//! driver and the `disk` applet use.

use alloc::string::String;
use alloc::vec::Vec;

/// Identify Controller, byte offsets.
const ID_VID: usize = 0;
const ID_SN: core::ops::Range<usize> = 4..24;
const ID_MN: core::ops::Range<usize> = 24..64;
const ID_FR: core::ops::Range<usize> = 64..72;
const ID_MDTS: usize = 77;
const ID_CNTLID: usize = 78;
const ID_VER: usize = 80;
const ID_SQES: usize = 512;
const ID_CQES: usize = 513;
const ID_NN: usize = 516;
const ID_ONCS: usize = 520;
const ID_VWC: usize = 525;

/// Identify Namespace, byte offsets.
const NS_NSZE: usize = 0;
const NS_NCAP: usize = 8;
const NS_NLBAF: usize = 25;
const NS_FLBAS: usize = 26;
const NS_LBAF: usize = 128;

fn le16(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes([b[o], b[o + 1]])
}

fn le32(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]])
}

fn le64(b: &[u8], o: usize) -> u64 {
    le32(b, o) as u64 | (le32(b, o + 4) as u64) << 32
}

/// ASCII, space padded, as the specification stores names.
fn ascii(b: &[u8]) -> String {
    let s: String = b
        .iter()
        .map(|&c| {
            if c.is_ascii_graphic() || c == b' ' {
                c as char
            } else {
                '?'
            }
        })
        .collect();
    String::from(s.trim())
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControllerInfo {
    pub vendor_id: u16,
    pub serial: String,
    pub model: String,
    pub firmware: String,
    /// Maximum Data Transfer Size as a power of two of the minimum page
    /// size; 0 means no limit.
    pub mdts: u8,
    pub controller_id: u16,
    /// Version the controller reports in Identify (0 before NVMe 1.2).
    pub version: u32,
    /// Required/maximum entry sizes as log2 (bits 3:0 / 7:4).
    pub sqes: u8,
    pub cqes: u8,
    /// Number of namespaces (the highest valid namespace id).
    pub namespace_count: u32,
    /// Optional NVM Command Support.
    pub oncs: u16,
    /// A volatile write cache is present, so Flush matters.
    pub volatile_write_cache: bool,
}

impl ControllerInfo {
    pub fn parse(b: &[u8]) -> ControllerInfo {
        ControllerInfo {
            vendor_id: le16(b, ID_VID),
            serial: ascii(&b[ID_SN]),
            model: ascii(&b[ID_MN]),
            firmware: ascii(&b[ID_FR]),
            mdts: b[ID_MDTS],
            controller_id: le16(b, ID_CNTLID),
            version: le32(b, ID_VER),
            sqes: b[ID_SQES],
            cqes: b[ID_CQES],
            namespace_count: le32(b, ID_NN),
            oncs: le16(b, ID_ONCS),
            volatile_write_cache: b[ID_VWC] & 1 != 0,
        }
    }

    /// Largest transfer in bytes, given the minimum page size; `None` if unlimited.
    pub fn max_transfer(&self, min_page_size: usize) -> Option<usize> {
        if self.mdts == 0 {
            None
        } else {
            min_page_size.checked_shl(self.mdts as u32)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Namespace {
    pub id: u32,
    /// Namespace size in logical blocks.
    pub blocks: u64,
    pub capacity_blocks: u64,
    pub block_size: u32,
    /// Metadata bytes per block in the current format (0 for plain disks).
    pub metadata_size: u16,
}

impl Namespace {
    pub fn bytes(&self) -> u64 {
        self.blocks * self.block_size as u64
    }

    /// `None` for an inactive namespace (size 0) or a nonsensical format.
    pub fn parse(id: u32, b: &[u8]) -> Option<Namespace> {
        let blocks = le64(b, NS_NSZE);
        if blocks == 0 {
            return None;
        }
        let flbas = b[NS_FLBAS];
        // Format index: bits 3:0, plus bits 6:5 as the high part when more
        // than 16 formats exist (NVM Command Set 1.0).
        let index = (flbas & 0xF) as usize | (((flbas >> 5) & 0x3) as usize) << 4;
        if index > b[NS_NLBAF] as usize || NS_LBAF + index * 4 + 4 > b.len() {
            return None;
        }
        let lbaf = le32(b, NS_LBAF + index * 4);
        let lbads = (lbaf >> 16) & 0xFF;
        if !(9..=16).contains(&lbads) {
            return None;
        }
        Some(Namespace {
            id,
            blocks,
            capacity_blocks: le64(b, NS_NCAP),
            block_size: 1 << lbads,
            metadata_size: lbaf as u16,
        })
    }
}

/// Active Namespace ID list: ascending ids, ended by a zero.
pub fn parse_ns_list(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .take_while(|&id| id != 0)
        .collect()
}
