//! Finding the kernel's Limine requests in its loaded image.
//!
//! Requests are 8-byte aligned structures starting with a 4×u64 ID whose
//! first two words are the common magic. The base revision tag is 3×u64 with
//! its own magic. When the image holds a start marker, only what lies after
//! the last start marker and before the first end marker counts (base
//! revision 2 makes this binding). The known IDs come from the `limine`
//! crate's own request types, so the loader and the kernel cannot disagree.

use alloc::vec::Vec;
use core::fmt;

use limine::request as lr;

/// First two words of every request ID.
pub const COMMON_MAGIC: [u64; 2] = [0xc7b1_dd30_df4c_8b88, 0x0a82_e883_a194_f07b];
/// Base revision tag: `[MAGIC_0, MAGIC_1, revision]`.
pub const BASE_REVISION_MAGIC: [u64; 2] = [0xf956_2b2d_5c95_a6c8, 0x6a7b_3849_4453_6bdc];
/// Requests start marker.
pub const START_MARKER: [u64; 4] = [
    0xf6b8_f4b3_9de7_d1ae,
    0xfab9_1a69_40fc_b9cf,
    0x785c_6ed0_15d3_e316,
    0x181e_920a_7852_b9d9,
];
/// Requests end marker.
pub const END_MARKER: [u64; 2] = [0xadc0_e053_1bb1_0d03, 0x9572_709f_3176_4c62];

/// Base revisions this loader implements (it maps no identity region, which
/// rules out revision 0).
pub const SUPPORTED_BASE_REVISIONS: core::ops::RangeInclusive<u64> = 1..=2;
/// The revision the loader boots with when the kernel asks for one it lacks.
pub const FALLBACK_BASE_REVISION: u64 = 2;

/// Byte offset of the `response` pointer in every request.
pub const RESPONSE_OFFSET: usize = 40;
/// Byte offset of the first request-specific field.
pub const FIRST_FIELD_OFFSET: usize = 48;

/// The requests this loader answers; anything else is left unanswered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    BootloaderInfo,
    StackSize,
    Hhdm,
    Framebuffer,
    MemoryMap,
    KernelFile,
    Module,
    Rsdp,
}

impl Kind {
    /// Every kind, for building the ID table.
    pub const ALL: [Kind; 8] = [
        Kind::BootloaderInfo,
        Kind::StackSize,
        Kind::Hhdm,
        Kind::Framebuffer,
        Kind::MemoryMap,
        Kind::KernelFile,
        Kind::Module,
        Kind::Rsdp,
    ];

    /// The full 4×u64 ID, taken from the `limine` crate.
    pub fn id(self) -> [u64; 4] {
        match self {
            Kind::BootloaderInfo => *lr::BootloaderInfoRequest::new().id(),
            Kind::StackSize => *lr::StackSizeRequest::new().id(),
            Kind::Hhdm => *lr::HhdmRequest::new().id(),
            Kind::Framebuffer => *lr::FramebufferRequest::new().id(),
            Kind::MemoryMap => *lr::MemoryMapRequest::new().id(),
            Kind::KernelFile => *lr::ExecutableFileRequest::new().id(),
            Kind::Module => *lr::ModuleRequest::new().id(),
            Kind::Rsdp => *lr::RsdpRequest::new().id(),
        }
    }
}

/// A request found in the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// Byte offset of the request in the image.
    pub offset: usize,
    /// `None` for a well-formed request this loader does not implement.
    pub kind: Option<Kind>,
    /// The request's `revision` field.
    pub revision: u64,
}

/// The base revision tag, if the kernel has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaseRevisionTag {
    /// Byte offset of the tag in the image.
    pub offset: usize,
    /// The revision the kernel asks for.
    pub requested: u64,
}

/// Everything the scan found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    /// The scanned byte range (the markers' interior, or the whole image).
    pub range: (usize, usize),
    /// Requests in image order.
    pub requests: Vec<Found>,
    /// The base revision tag (revision 0 is implied without one).
    pub base_revision: Option<BaseRevisionTag>,
}

/// Why a scan could not be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanError {
    /// An end marker comes before the last start marker.
    MarkersOutOfOrder,
    /// Two requests with the same ID: the protocol forbids it, and answering
    /// one of them would leave the kernel reading the other.
    DuplicateRequest { first: usize, second: usize },
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MarkersOutOfOrder => write!(f, "requests end marker precedes start marker"),
            Self::DuplicateRequest { first, second } => {
                write!(
                    f,
                    "duplicate Limine request at image offsets {first:#x} and {second:#x}"
                )
            }
        }
    }
}

impl Scan {
    /// The request of `kind`, if the kernel made one.
    pub fn find(&self, kind: Kind) -> Option<Found> {
        self.requests.iter().copied().find(|r| r.kind == Some(kind))
    }

    /// Decides the revision to boot with and what to write back into the
    /// tag: `(revision, third word)`. Supported requests get their third
    /// word zeroed; unsupported ones are left unchanged so the kernel can
    /// tell (protocol "Base protocol revisions").
    pub fn base_revision_outcome(&self) -> (u64, Option<u64>) {
        match self.base_revision {
            Some(tag) if SUPPORTED_BASE_REVISIONS.contains(&tag.requested) => {
                (tag.requested, Some(0))
            }
            Some(_) => (FALLBACK_BASE_REVISION, None),
            // No tag means revision 0, which we do not implement; boot with
            // our fallback, as the protocol allows for unsupported revisions.
            None => (FALLBACK_BASE_REVISION, None),
        }
    }
}

fn word(image: &[u8], offset: usize) -> Option<u64> {
    let bytes = image.get(offset..offset + 8)?;
    Some(u64::from_le_bytes(bytes.try_into().ok()?))
}

fn words_match(image: &[u8], offset: usize, expected: &[u64]) -> bool {
    expected
        .iter()
        .enumerate()
        .all(|(i, &w)| word(image, offset + i * 8) == Some(w))
}

/// Scans an image (its bytes as loaded at the link address, so offsets are
/// `vaddr - image base`). `image` should start 8-byte aligned in the address
/// space; offsets are scanned at multiples of 8.
pub fn scan(image: &[u8]) -> Result<Scan, ScanError> {
    let aligned_end = image.len() & !7;
    let mut last_start = None;
    let mut first_end = None;
    for off in (0..aligned_end).step_by(8) {
        if words_match(image, off, &START_MARKER) {
            last_start = Some(off + START_MARKER.len() * 8);
        }
        if first_end.is_none() && words_match(image, off, &END_MARKER) {
            first_end = Some(off);
        }
    }
    let start = last_start.unwrap_or(0);
    let end = match (last_start, first_end) {
        // An end marker before the start marker only matters if both exist.
        (Some(s), Some(e)) if e < s => return Err(ScanError::MarkersOutOfOrder),
        (_, Some(e)) => e,
        (_, None) => aligned_end,
    };

    let ids: Vec<(Kind, [u64; 4])> = Kind::ALL.iter().map(|&k| (k, k.id())).collect();
    let mut out = Scan {
        range: (start, end),
        ..Scan::default()
    };
    let mut off = start;
    while off + 24 <= end {
        if words_match(image, off, &BASE_REVISION_MAGIC) {
            let requested = word(image, off + 16).unwrap_or(0);
            out.base_revision = Some(BaseRevisionTag {
                offset: off,
                requested,
            });
            off += 24;
            continue;
        }
        if off + FIRST_FIELD_OFFSET <= end && words_match(image, off, &COMMON_MAGIC) {
            let id = [
                COMMON_MAGIC[0],
                COMMON_MAGIC[1],
                word(image, off + 16).unwrap_or(0),
                word(image, off + 24).unwrap_or(0),
            ];
            let kind = ids.iter().find(|(_, k)| *k == id).map(|(k, _)| *k);
            let revision = word(image, off + 32).unwrap_or(0);
            if let Some(prev) = out.requests.iter().find(|r| {
                word(image, r.offset + 16) == Some(id[2])
                    && word(image, r.offset + 24) == Some(id[3])
            }) {
                return Err(ScanError::DuplicateRequest {
                    first: prev.offset,
                    second: off,
                });
            }
            out.requests.push(Found {
                offset: off,
                kind,
                revision,
            });
            off += FIRST_FIELD_OFFSET;
            continue;
        }
        off += 8;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn push(img: &mut Vec<u8>, words: &[u64]) {
        for w in words {
            img.extend_from_slice(&w.to_le_bytes());
        }
    }

    fn request(img: &mut Vec<u8>, kind_id: [u64; 4], revision: u64, extra: &[u64]) {
        push(img, &kind_id);
        push(img, &[revision, 0]);
        push(img, extra);
    }

    #[test]
    fn ids_come_from_the_limine_crate_and_match_the_spec() {
        // Spot-check two against PROTOCOL.md so a crate bug cannot hide.
        assert_eq!(
            Kind::Hhdm.id(),
            [
                COMMON_MAGIC[0],
                COMMON_MAGIC[1],
                0x48dc_f1cb_8ad2_b852,
                0x6398_4e95_9a98_244b
            ]
        );
        assert_eq!(
            Kind::MemoryMap.id(),
            [
                COMMON_MAGIC[0],
                COMMON_MAGIC[1],
                0x67cf_3d9d_378a_806f,
                0xe304_acdf_c50c_3c62
            ]
        );
    }

    #[test]
    fn finds_requests_between_markers_only() {
        let mut img = Vec::new();
        // A decoy HHDM request before the start marker must be ignored.
        request(&mut img, Kind::Hhdm.id(), 0, &[]);
        push(&mut img, &START_MARKER);
        push(
            &mut img,
            &[BASE_REVISION_MAGIC[0], BASE_REVISION_MAGIC[1], 2],
        );
        let fb_at = img.len();
        request(&mut img, Kind::Framebuffer.id(), 1, &[]);
        let stack_at = img.len();
        request(&mut img, Kind::StackSize.id(), 0, &[0x10_0000]);
        let unknown_at = img.len();
        request(
            &mut img,
            [COMMON_MAGIC[0], COMMON_MAGIC[1], 0x1234, 0x5678],
            0,
            &[],
        );
        push(&mut img, &END_MARKER);
        request(&mut img, Kind::Rsdp.id(), 0, &[]);

        let s = scan(&img).unwrap();
        assert_eq!(
            s.base_revision,
            Some(BaseRevisionTag {
                offset: 80,
                requested: 2
            })
        );
        assert_eq!(
            s.requests,
            [
                Found {
                    offset: fb_at,
                    kind: Some(Kind::Framebuffer),
                    revision: 1
                },
                Found {
                    offset: stack_at,
                    kind: Some(Kind::StackSize),
                    revision: 0
                },
                Found {
                    offset: unknown_at,
                    kind: None,
                    revision: 0
                },
            ]
        );
        assert!(s.find(Kind::Hhdm).is_none());
        assert!(s.find(Kind::Rsdp).is_none());
        assert_eq!(s.base_revision_outcome(), (2, Some(0)));
    }

    #[test]
    fn without_markers_the_whole_image_is_scanned() {
        let mut img = vec![0u8; 16];
        request(&mut img, Kind::Rsdp.id(), 0, &[]);
        let s = scan(&img).unwrap();
        assert_eq!(s.find(Kind::Rsdp).map(|r| r.offset), Some(16));
        assert_eq!(s.base_revision, None);
        assert_eq!(s.base_revision_outcome(), (FALLBACK_BASE_REVISION, None));
    }

    #[test]
    fn last_start_marker_wins() {
        let mut img = Vec::new();
        push(&mut img, &START_MARKER);
        request(&mut img, Kind::Hhdm.id(), 0, &[]);
        push(&mut img, &START_MARKER);
        request(&mut img, Kind::Rsdp.id(), 0, &[]);
        push(&mut img, &END_MARKER);
        let s = scan(&img).unwrap();
        assert_eq!(s.requests.len(), 1);
        assert_eq!(s.requests[0].kind, Some(Kind::Rsdp));
    }

    #[test]
    fn unsupported_base_revision_is_left_unchanged() {
        let mut img = Vec::new();
        push(
            &mut img,
            &[BASE_REVISION_MAGIC[0], BASE_REVISION_MAGIC[1], 7],
        );
        let s = scan(&img).unwrap();
        assert_eq!(s.base_revision_outcome(), (FALLBACK_BASE_REVISION, None));
    }

    #[test]
    fn bad_layouts_are_errors() {
        let mut img = Vec::new();
        push(&mut img, &END_MARKER);
        push(&mut img, &START_MARKER);
        assert_eq!(scan(&img), Err(ScanError::MarkersOutOfOrder));

        let mut img = Vec::new();
        request(&mut img, Kind::Hhdm.id(), 0, &[]);
        request(&mut img, Kind::Hhdm.id(), 0, &[]);
        assert_eq!(
            scan(&img),
            Err(ScanError::DuplicateRequest {
                first: 0,
                second: 48
            })
        );
    }

    #[test]
    fn truncated_request_at_the_end_is_not_read_past_the_image() {
        let mut img = Vec::new();
        push(&mut img, &Kind::Hhdm.id());
        assert!(scan(&img).unwrap().requests.is_empty());
    }
}
