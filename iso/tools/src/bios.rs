//! The BIOS half of the hybrid image: the stage's flat image from its ELF,
//! and the MBR that lets the same ISO boot from a hard disk or USB stick.
//!
//! El Torito loads the stage from the CD; on a disk the firmware runs the
//! image's first 512 bytes instead. xorriso leaves the boot-code part of
//! that sector (bytes 0..440) empty and writes the disk signature and the
//! partition table (the protective entry of the GPT that holds the ESP)
//! after it. [`install_mbr`] copies the stage's first 440 bytes there: they
//! begin with the El Torito boot-information table xorriso patched into the
//! stage file, so the same code finds the rest of the stage on either
//! medium (iso/bios-loader/src/boot.s).

use crate::{Error, Result};

/// Where the stage runs (iso/bios-loader/linker.ld).
pub const STAGE_ADDRESS: u64 = 0x7c00;
/// The stage must end below the boot page tables.
pub const STAGE_LIMIT: u64 = 0x6_0000;
/// Bytes of the MBR that are boot code; the rest is the disk signature,
/// the partition table and the 0x55AA signature.
pub const MBR_CODE: usize = 440;
/// ISO 9660 / El Torito block size.
pub const BLOCK: usize = 2048;

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// The bytes the loadable segments of an ELF64 place from their lowest
/// address on, gaps zero-filled; zero-initialised tails (bss) are left out,
/// the stage clears them itself. Returns `(load address, image)`.
pub fn flat_image(elf: &[u8]) -> Result<(u64, Vec<u8>)> {
    let bad = |why: &str| Error::Invalid(format!("BIOS stage ELF: {why}"));
    if elf.get(..4) != Some(b"\x7fELF") || elf.get(4) != Some(&2) || elf.get(5) != Some(&1) {
        return Err(bad("not a little-endian ELF64 file"));
    }
    let phoff = u64_at(elf, 32).ok_or_else(|| bad("truncated header"))? as usize;
    let phentsize = u16_at(elf, 54).ok_or_else(|| bad("truncated header"))? as usize;
    let phnum = u16_at(elf, 56).ok_or_else(|| bad("truncated header"))? as usize;
    let mut loads = Vec::new();
    for i in 0..phnum {
        let at = phoff + i * phentsize;
        let field =
            |off: usize| u64_at(elf, at + off).ok_or_else(|| bad("truncated program header"));
        if u32_at(elf, at) != Some(1) {
            continue; // not PT_LOAD
        }
        let (offset, paddr, filesz) = (field(8)?, field(24)?, field(32)?);
        if filesz > 0 {
            loads.push((paddr, offset as usize, filesz as usize));
        }
    }
    let base = loads
        .iter()
        .map(|l| l.0)
        .min()
        .ok_or_else(|| bad("no loadable bytes"))?;
    let end = loads.iter().map(|l| l.0 + l.2 as u64).max().unwrap_or(base);
    let mut image = vec![0u8; (end - base) as usize];
    for (paddr, offset, filesz) in loads {
        let src = elf
            .get(offset..offset + filesz)
            .ok_or_else(|| bad("segment outside the file"))?;
        let at = (paddr - base) as usize;
        image[at..at + filesz].copy_from_slice(src);
    }
    Ok((base, image))
}

/// The stage's flat image, checked against what boot.s assumes.
pub fn stage_image(elf: &[u8]) -> Result<Vec<u8>> {
    let (base, image) = flat_image(elf)?;
    if base != STAGE_ADDRESS {
        return Err(Error::Invalid(format!(
            "BIOS stage is linked at {base:#x}, not {STAGE_ADDRESS:#x}"
        )));
    }
    if base + image.len() as u64 > STAGE_LIMIT {
        return Err(Error::Invalid(format!(
            "BIOS stage is {} bytes: it must end below {STAGE_LIMIT:#x}",
            image.len()
        )));
    }
    Ok(image)
}

/// The LBA (2048-byte blocks) of the El Torito BIOS boot image: the boot
/// record volume descriptor in block 17 names the catalog, whose initial
/// entry (the default entry, after the validation entry) holds it.
pub fn bios_boot_image_lba(iso: &[u8]) -> Result<u32> {
    let bad = |why: &str| Error::Invalid(format!("El Torito: {why}"));
    let brvd = iso
        .get(17 * BLOCK..18 * BLOCK)
        .ok_or_else(|| bad("image too short"))?;
    if brvd[0] != 0 || &brvd[1..6] != b"CD001" || !brvd[7..].starts_with(b"EL TORITO SPECIFICATION")
    {
        return Err(bad("no boot record in block 17"));
    }
    let catalog = u32_at(brvd, 0x47).ok_or_else(|| bad("truncated boot record"))? as usize;
    let cat = iso
        .get(catalog * BLOCK..catalog * BLOCK + 64)
        .ok_or_else(|| bad("catalog outside the image"))?;
    // Validation entry: header 1, platform 0 (x86), key bytes 55 AA.
    if cat[0] != 1 || cat[1] != 0 || cat[30..32] != [0x55, 0xaa] {
        return Err(bad("the default entry is not for an x86 BIOS"));
    }
    let entry = &cat[32..64];
    if entry[0] != 0x88 || entry[1] != 0 {
        return Err(bad(
            "the default entry is not a bootable no-emulation image",
        ));
    }
    u32_at(entry, 8).ok_or_else(|| bad("truncated entry"))
}

/// Writes the stage's first [`MBR_CODE`] bytes (as xorriso left them in the
/// ISO, boot-information table included) over the image's MBR boot code.
pub fn install_mbr(iso: &mut [u8]) -> Result<()> {
    let lba = bios_boot_image_lba(iso)? as usize;
    let stage = lba * BLOCK;
    if iso.len() < stage + BLOCK || iso[510..512] != [0x55, 0xaa] {
        return Err(Error::Invalid(
            "ISO has no MBR partition table or stage to install".into(),
        ));
    }
    if iso[..MBR_CODE].iter().any(|&b| b != 0) {
        return Err(Error::Invalid(
            "the ISO's MBR already holds boot code; refusing to overwrite it".into(),
        ));
    }
    // The boot information table says where the stage is (offset 12).
    if u32_at(iso, stage + 12) != Some(lba as u32) {
        return Err(Error::Invalid(
            "the BIOS stage has no boot information table (xorriso -boot-info-table)".into(),
        ));
    }
    let (mbr, rest) = iso.split_at_mut(MBR_CODE);
    mbr.copy_from_slice(&rest[stage - MBR_CODE..stage]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ELF64 header and program headers for `(paddr, filesz, memsz, data)`.
    fn elf(segments: &[(u64, u64, &[u8])]) -> Vec<u8> {
        let mut f = vec![0u8; 64];
        f[..6].copy_from_slice(b"\x7fELF\x02\x01");
        f[32..40].copy_from_slice(&64u64.to_le_bytes());
        f[54..56].copy_from_slice(&56u16.to_le_bytes());
        f[56..58].copy_from_slice(&(segments.len() as u16).to_le_bytes());
        let mut data_at = 64 + 56 * segments.len();
        let mut data = Vec::new();
        for (paddr, memsz, bytes) in segments {
            let mut ph = vec![0u8; 56];
            ph[..4].copy_from_slice(&1u32.to_le_bytes());
            ph[8..16].copy_from_slice(&(data_at as u64).to_le_bytes());
            ph[16..24].copy_from_slice(&paddr.to_le_bytes());
            ph[24..32].copy_from_slice(&paddr.to_le_bytes());
            ph[32..40].copy_from_slice(&(bytes.len() as u64).to_le_bytes());
            ph[40..48].copy_from_slice(&memsz.to_le_bytes());
            f.extend_from_slice(&ph);
            data.extend_from_slice(bytes);
            data_at += bytes.len();
        }
        f.extend_from_slice(&data);
        f
    }

    #[test]
    fn flat_image_fills_gaps_and_drops_bss() {
        let file = elf(&[
            (0x7e00, 4, b"CODE"),
            (0x7c00, 2, b"JM"),
            (0x8000, 0x100, b"D"),
        ]);
        let (base, image) = flat_image(&file).unwrap();
        assert_eq!(base, 0x7c00);
        assert_eq!(image.len(), 0x401, "ends at the last file byte, not at bss");
        assert_eq!(&image[..2], b"JM");
        assert!(image[2..0x200].iter().all(|&b| b == 0));
        assert_eq!(&image[0x200..0x204], b"CODE");
        assert_eq!(image[0x400], b'D');
        assert!(stage_image(&file).is_ok());
        assert!(stage_image(&elf(&[(0x8000, 1, b"X")])).is_err());
        assert!(flat_image(b"MZ not an elf").is_err());
    }

    /// A synthetic ISO: boot record in block 17, catalog in block 20, the
    /// stage in block 21 with its boot information table.
    fn iso() -> Vec<u8> {
        let mut iso = vec![0u8; 24 * BLOCK];
        let brvd = 17 * BLOCK;
        iso[brvd + 1..brvd + 6].copy_from_slice(b"CD001");
        iso[brvd + 6] = 1;
        iso[brvd + 7..brvd + 30].copy_from_slice(b"EL TORITO SPECIFICATION");
        iso[brvd + 0x47..brvd + 0x4b].copy_from_slice(&20u32.to_le_bytes());
        let cat = 20 * BLOCK;
        iso[cat] = 1;
        iso[cat + 30] = 0x55;
        iso[cat + 31] = 0xaa;
        iso[cat + 32] = 0x88;
        iso[cat + 40..cat + 44].copy_from_slice(&21u32.to_le_bytes());
        let stage = 21 * BLOCK;
        iso[stage] = 0xeb;
        iso[stage + 12..stage + 16].copy_from_slice(&21u32.to_le_bytes());
        iso[stage + 439] = 0x42;
        iso[stage + 440] = 0x99; // must not reach the partition table
        iso[446] = 0x00;
        iso[450] = 0xee;
        iso[510] = 0x55;
        iso[511] = 0xaa;
        iso
    }

    #[test]
    fn mbr_gets_the_stage_code_and_keeps_the_partition_table() {
        let mut image = iso();
        assert_eq!(bios_boot_image_lba(&image).unwrap(), 21);
        install_mbr(&mut image).unwrap();
        assert_eq!(image[0], 0xeb);
        assert_eq!(u32_at(&image, 12), Some(21));
        assert_eq!(image[439], 0x42);
        assert_eq!(image[440], 0);
        assert_eq!(image[450], 0xee);
        assert_eq!(image[510..512], [0x55, 0xaa]);
        // A second install would overwrite code: refused.
        assert!(install_mbr(&mut image).is_err());
    }

    /// loader-core's reader (what the BIOS loader runs) over xorriso's
    /// output, with the options `make iso` uses: the oracle is the tree the
    /// image was made from.
    #[test]
    fn the_bios_loaders_iso9660_reader_reads_what_xorriso_writes() {
        use loader_core::iso9660::{Blocks, IsoError, Volume, BLOCK_SIZE};

        struct Image(Vec<u8>);
        impl Blocks for Image {
            type Error = ();
            fn read_blocks(&mut self, block: u32, buf: &mut [u8]) -> Result<(), ()> {
                let at = block as usize * BLOCK_SIZE;
                buf.copy_from_slice(self.0.get(at..at + buf.len()).ok_or(())?);
                Ok(())
            }
        }

        let dir = std::env::temp_dir().join(format!("nosys-iso9660-{}", std::process::id()));
        let tree = dir.join("tree");
        std::fs::create_dir_all(tree.join("boot/deeper")).unwrap();
        let files: Vec<(&str, Vec<u8>)> = vec![
            ("limine.conf", b"timeout: 0\n".to_vec()),
            (
                "boot/nosys",
                (0..100_000u32).map(|i| (i * 7 % 256) as u8).collect(),
            ),
            ("boot/nosys.gguf", vec![0x5a; 3 * 2048]),
            ("boot/features.bin", vec![]),
            ("boot/deeper/A Long Name With Spaces.data", b"long".to_vec()),
        ];
        for (path, bytes) in &files {
            std::fs::write(tree.join(path), bytes).unwrap();
        }
        let iso = dir.join("t.iso");
        crate::run(
            std::process::Command::new("xorriso")
                .args(["-as", "mkisofs", "-quiet", "-V", "NOSYS", "-R", "-J", "-o"])
                .arg(&iso)
                .arg(&tree),
        )
        .expect("xorriso (iso/setup.sh installs it)");
        let mut image = Image(std::fs::read(&iso).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();

        let vol = Volume::open(&mut image).unwrap();
        for (path, bytes) in &files {
            let f = vol.lookup(&mut image, &format!("/{path}")).unwrap();
            let mut out = vec![0u8; f.size as usize];
            vol.read(&mut image, &f, &mut out).unwrap();
            assert_eq!(&out, bytes, "{path}");
        }
        assert_eq!(
            vol.lookup(&mut image, "/boot/nosys.ggu"),
            Err(IsoError::NotFound),
            "the 8.3 stem of a Rock Ridge name is not a second name"
        );
        assert_eq!(
            vol.lookup(&mut image, "/boot/deeper"),
            Err(IsoError::IsADirectory)
        );
    }

    #[test]
    fn images_without_a_bios_entry_are_refused() {
        let mut no_record = iso();
        no_record[17 * BLOCK + 1] = b'X';
        assert!(bios_boot_image_lba(&no_record).is_err());
        let mut efi_default = iso();
        efi_default[20 * BLOCK + 1] = 0xef;
        assert!(bios_boot_image_lba(&efi_default).is_err());
        let mut no_table = iso();
        no_table[21 * BLOCK + 12] = 0;
        assert!(install_mbr(&mut no_table).is_err());
    }
}
