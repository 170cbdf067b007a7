//! The ACPI RSDP where a PC BIOS leaves it (ACPI 6.5, 5.2.5.1): on a 16-byte
//! boundary in the first KiB of the extended BIOS data area, or in the BIOS
//! read-only area 0xE0000..0xFFFFF. UEFI firmware hands it over in a
//! configuration table instead, so only the BIOS loader searches.

/// "RSD PTR ", the first 8 bytes of the structure.
pub const SIGNATURE: &[u8; 8] = b"RSD PTR ";
/// The BIOS read-only area searched after the EBDA.
pub const BIOS_AREA: (u64, u64) = (0xe_0000, 0x10_0000);
/// Bytes of the EBDA searched.
pub const EBDA_SEARCH_LEN: u64 = 1024;
/// The BDA word holding the EBDA's real-mode segment.
pub const BDA_EBDA_SEGMENT: u64 = 0x40e;

/// ACPI 1.0 RSDP length (what the first checksum covers).
const V1_LEN: usize = 20;
/// ACPI 2.0+ RSDP length (the smallest valid `length` field).
const V2_LEN: usize = 36;

fn sums_to_zero(bytes: &[u8]) -> bool {
    bytes.iter().fold(0u8, |s, &b| s.wrapping_add(b)) == 0
}

/// Whether a valid RSDP starts at `at`: signature, the ACPI 1.0 checksum,
/// and for revision 2 and later a sane length and the extended checksum.
fn valid_at(area: &[u8], at: usize) -> bool {
    let Some(v1) = area.get(at..at + V1_LEN) else {
        return false;
    };
    if &v1[..8] != SIGNATURE || !sums_to_zero(v1) {
        return false;
    }
    if v1[15] < 2 {
        return true;
    }
    let Some(len) = area.get(at + 20..at + 24) else {
        return false;
    };
    let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
    len >= V2_LEN && area.get(at..at + len).is_some_and(sums_to_zero)
}

/// Offset in `area` (which starts 16-byte aligned) of the first valid RSDP.
pub fn find(area: &[u8]) -> Option<usize> {
    (0..area.len()).step_by(16).find(|&at| valid_at(area, at))
}

/// The EBDA's physical address from the BDA word at [`BDA_EBDA_SEGMENT`];
/// `None` when it is not where an EBDA can be (below 1 MiB, above the
/// conventional 0x80000 floor the BIOS keeps it above).
pub fn ebda_base(segment: u16) -> Option<u64> {
    let base = u64::from(segment) << 4;
    (0x8_0000..0xa_0000).contains(&base).then_some(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rsdp(revision: u8, length: u32) -> Vec<u8> {
        let mut r = vec![0u8; 36];
        r[..8].copy_from_slice(SIGNATURE);
        r[9..15].copy_from_slice(b"NOSYS ");
        r[15] = revision;
        r[16..20].copy_from_slice(&0x7fe1_4000u32.to_le_bytes());
        r[20..24].copy_from_slice(&length.to_le_bytes());
        r[8] = 0u8.wrapping_sub(r[..20].iter().fold(0u8, |s, &b| s.wrapping_add(b)));
        r[32] = 0u8.wrapping_sub(r.iter().fold(0u8, |s, &b| s.wrapping_add(b)));
        r
    }

    #[test]
    fn finds_the_first_valid_rsdp_on_a_16_byte_boundary() {
        let mut area = vec![0u8; 4096];
        // Unaligned: never looked at.
        area[0x08..0x08 + 36].copy_from_slice(&rsdp(2, 36));
        // Bad ACPI 1.0 checksum.
        let mut bad = rsdp(0, 20);
        bad[8] ^= 1;
        area[0x40..0x40 + 36].copy_from_slice(&bad);
        // Revision 2 whose extended checksum fails.
        let mut ext = rsdp(2, 36);
        ext[32] ^= 1;
        area[0x80..0x80 + 36].copy_from_slice(&ext);
        // Revision 2 with a length too short for its fields.
        area[0xc0..0xc0 + 36].copy_from_slice(&rsdp(2, 24));
        area[0x100..0x100 + 36].copy_from_slice(&rsdp(2, 36));
        area[0x200..0x200 + 36].copy_from_slice(&rsdp(0, 20));
        assert_eq!(find(&area), Some(0x100));
        area[0x100] = b'X';
        assert_eq!(find(&area), Some(0x200), "an ACPI 1.0 RSDP is enough");
        area[0x200] = b'X';
        assert_eq!(find(&area), None);
    }

    #[test]
    fn an_rsdp_cut_off_by_the_area_is_not_valid() {
        let r = rsdp(2, 36);
        assert_eq!(find(&r[..20]), None);
        assert_eq!(find(&r), Some(0));
        assert_eq!(find(&rsdp(0, 20)[..20]), Some(0));
    }

    #[test]
    fn the_ebda_segment_is_checked() {
        assert_eq!(ebda_base(0x9fc0), Some(0x9_fc00));
        assert_eq!(ebda_base(0), None);
        assert_eq!(ebda_base(0xf000), None);
    }
}
