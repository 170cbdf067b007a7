//! The GDT the Limine protocol hands the kernel (PROTOCOL.md, "x86-64"):
//! null, then 16-, 32- and 64-bit code and data, flat. Both loaders write
//! it into a page of loader memory and load it in the hand-off.

/// The descriptors, in selector order.
pub const DESCRIPTORS: [u64; 7] = [
    0,
    // 16-bit code, data: base 0, limit 0xffff, byte granularity.
    0x0000_9a00_0000_ffff,
    0x0000_9200_0000_ffff,
    // 32-bit code, data: base 0, limit 4 GiB.
    0x00cf_9a00_0000_ffff,
    0x00cf_9200_0000_ffff,
    // 64-bit code (L set), data.
    0x00af_9b00_0000_ffff,
    0x00cf_9300_0000_ffff,
];

/// The selector the kernel's CS holds.
pub const CODE64: u16 = 0x28;
/// The selector the kernel's DS, ES, FS, GS and SS hold.
pub const DATA64: u16 = 0x30;

/// The operand of `lgdt`.
#[repr(C, packed)]
pub struct Gdtr {
    pub limit: u16,
    pub base: u64,
}

/// Writes the descriptors into `page`, which the kernel sees at `virt`.
///
/// # Panics
/// If `page` is shorter than the table (56 bytes).
pub fn write(page: &mut [u8], virt: u64) -> Gdtr {
    for (i, d) in DESCRIPTORS.iter().enumerate() {
        page[i * 8..i * 8 + 8].copy_from_slice(&d.to_le_bytes());
    }
    Gdtr {
        limit: (DESCRIPTORS.len() * 8 - 1) as u16,
        base: virt,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn descriptor(selector: u16) -> u64 {
        DESCRIPTORS[usize::from(selector) / 8]
    }

    const PRESENT: u64 = 1 << 47;
    const CODE: u64 = 1 << 43;
    const LONG: u64 = 1 << 53;
    const DEFAULT_32: u64 = 1 << 54;

    #[test]
    fn the_kernel_selectors_are_64_bit_code_and_writable_data() {
        let code = descriptor(CODE64);
        assert_ne!(code & PRESENT, 0);
        assert_ne!(code & CODE, 0);
        assert_ne!(code & LONG, 0);
        // L with D set is reserved.
        assert_eq!(code & DEFAULT_32, 0);
        let data = descriptor(DATA64);
        assert_ne!(data & PRESENT, 0);
        assert_eq!(data & CODE, 0);
        assert_ne!(data & (1 << 41), 0, "writable");
    }

    #[test]
    fn the_table_is_written_little_endian_and_the_limit_covers_it() {
        assert_eq!(core::mem::size_of::<Gdtr>(), 10);
        let mut page = [0xaa; 64];
        let gdtr = write(&mut page, 0xffff_8000_0010_0000);
        let (limit, base) = (gdtr.limit, gdtr.base);
        assert_eq!(limit, 55);
        assert_eq!(base, 0xffff_8000_0010_0000);
        assert_eq!(page[..8], [0; 8]);
        assert_eq!(page[0x28..0x30], 0x00af_9b00_0000_ffff_u64.to_le_bytes());
        // Bytes past the table are left alone.
        assert_eq!(page[56..], [0xaa; 8]);
    }
}
