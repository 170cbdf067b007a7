//! Power cuts: a block device that stops writing after N writes, checked
//! at every N through each overwriting operation. After every cut the
//! volume must pass `fsck.fat -n` apart from lost clusters, and the file
//! must hold its old bytes or its new ones, never a mix, never empty.

use crate::tests::*;
use crate::{BlockDevice, BlockError, RamDisk, Volume};
use command::Files;

/// A RAM disk whose power fails after `budget` block writes. `durable`
/// is what survives if the drive's volatile cache is lost too: the image
/// as of the last completed flush.
struct Cut {
    disk: RamDisk,
    budget: usize,
    writes: usize,
    cut: bool,
    durable: Vec<u8>,
}

impl BlockDevice for Cut {
    fn block_size(&self) -> usize {
        self.disk.block_size()
    }
    fn block_count(&self) -> u64 {
        self.disk.block_count()
    }
    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        self.disk.read_blocks(lba, buf)
    }
    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        if self.cut || self.writes >= self.budget {
            self.cut = true;
            return Err(BlockError::Device("power cut".into()));
        }
        self.writes += 1;
        self.disk.write_blocks(lba, buf)
    }
    fn flush(&mut self) -> Result<(), BlockError> {
        if self.cut {
            return Err(BlockError::Device("power cut".into()));
        }
        self.durable = self.disk.bytes().to_vec();
        self.disk.flush()
    }
}

fn pattern(len: usize, seed: u32) -> Vec<u8> {
    (0..len as u32)
        .map(|i| (i.wrapping_mul(2654435761).wrapping_add(seed) >> 13) as u8)
        .collect()
}

/// fsck.fat -n findings other than lost clusters (which a cut may leave).
///
/// A cut between the writes of the two FAT copies leaves them different
/// (any FAT writer has that window: the copies are two sectors). We write
/// the first copy first and read only the first, so it is the truth; and
/// fsck.fat says "FATs differ but appear to be intact. Using first FAT."
/// Then the image is checked again with the first copy mirrored into the
/// second, which must be clean apart from lost clusters.
fn unexpected_fsck(path: &std::path::Path) -> Vec<String> {
    let text = match fsck(path) {
        Ok(()) => return Vec::new(),
        Err(text) => text,
    };
    let mut bad: Vec<String> = text
        .lines()
        .filter(|l| {
            let l = l.trim();
            !(l.is_empty()
                || l.starts_with("fsck.fat ")
                || l.starts_with("Reclaimed ")
                || l == "Leaving filesystem unchanged."
                || l.contains(" files, ")
                || l == "FATs differ but appear to be intact."
                || l == "Using first FAT."
                // FAT32: FSInfo's hint says "unknown" while writes are under way.
                || l.starts_with("Free cluster summary uninitialized"))
        })
        .map(String::from)
        .collect();
    if text.contains("FATs differ") {
        let mut img = std::fs::read(path).unwrap();
        let u16_at = |o: usize| u16::from_le_bytes([img[o], img[o + 1]]) as usize;
        let reserved = u16_at(14);
        let fat16 = u16_at(22);
        let fat_sectors = if fat16 != 0 {
            fat16
        } else {
            u32::from_le_bytes([img[36], img[37], img[38], img[39]]) as usize
        };
        let (a, len) = (reserved * 512, fat_sectors * 512);
        let first = img[a..a + len].to_vec();
        img[a + len..a + 2 * len].copy_from_slice(&first);
        let mirrored = path.with_extension("mirrored");
        std::fs::write(&mirrored, &img).unwrap();
        let again = unexpected_fsck(&mirrored);
        let _ = std::fs::remove_file(&mirrored);
        bad.extend(
            again
                .into_iter()
                .map(|l| format!("(first FAT mirrored) {l}")),
        );
    }
    bad
}

type Op = fn(&mut Volume<Cut>) -> Result<(), command::FsError>;

/// Runs `op` on a fresh copy of `base` cut after every possible number
/// of writes, under both cut models; `check` sees each remounted volume.
/// Returns the number of writes the operation makes.
fn every_cut(name: &str, base: &[u8], op: Op, check: &dyn Fn(&mut Volume<RamDisk>, &str)) -> usize {
    let fresh = |budget| Cut {
        disk: RamDisk::from_bytes(512, base.to_vec()),
        budget,
        writes: 0,
        cut: false,
        durable: base.to_vec(),
    };
    let mut v = Volume::mount(fresh(usize::MAX)).unwrap();
    op(&mut v).unwrap();
    v.flush().unwrap();
    let total = v.into_device().writes;
    assert!(total > 0);
    let file = tmp(&format!("cut-{name}"));
    for n in 0..=total {
        let mut v = Volume::mount(fresh(n)).unwrap();
        let r = op(&mut v).and_then(|_| v.flush());
        assert_eq!(
            r.is_ok(),
            n >= total,
            "{name}: cut at {n} of {total}: {r:?}"
        );
        let dev = v.into_device();
        for (model, image) in [
            ("in order", dev.disk.bytes()),
            ("cache lost", &dev.durable[..]),
        ] {
            let at = format!("{name}, cut after write {n} of {total} ({model})");
            std::fs::write(&file, image).unwrap();
            let bad = unexpected_fsck(&file);
            assert!(bad.is_empty(), "{at}: fsck.fat -n: {bad:?}");
            let mut after = Volume::mount(RamDisk::from_bytes(512, image.to_vec())).unwrap();
            check(&mut after, &at);
        }
    }
    let _ = std::fs::remove_file(&file);
    total
}

const OLD_LEN: usize = 150_000;
const NEW_LEN: usize = 220_000;

fn base_image(name: &str, fat32: bool) -> Vec<u8> {
    let img = if fat32 {
        image(name, 40 * 1024, Some("NOSYS"), &["-F", "32"])
    } else {
        image(name, 16 * 1024, Some("NOSYS"), &[])
    };
    let mut v = mount(&img);
    v.write("/meeting notes.txt", &pattern(OLD_LEN, 1), false)
        .unwrap();
    v.write("/incoming.bin", &pattern(NEW_LEN, 2), false)
        .unwrap();
    v.flush().unwrap();
    drop(v);
    std::fs::read(&img.path).unwrap()
}

/// The file holds exactly one of `versions`.
fn holds(v: &mut Volume<RamDisk>, path: &str, versions: &[&[u8]], at: &str) {
    let got = v.read(path).unwrap_or_else(|e| panic!("{at}: {path}: {e}"));
    assert!(
        versions.iter().any(|w| got == *w),
        "{at}: {path} holds {} bytes matching no version",
        got.len()
    );
}

fn run_all(fat32: bool) {
    let tag = if fat32 { "32" } else { "16" };
    if !have_tools(&format!("power_cuts_fat{tag}")) {
        return;
    }
    let base = base_image(&format!("cut-base{tag}"), fat32);
    let old = pattern(OLD_LEN, 1);
    let new = pattern(NEW_LEN, 3);
    let mut appended = old.clone();
    appended.extend_from_slice(b"one more line\n");
    let incoming = pattern(NEW_LEN, 2);

    let n = every_cut(
        &format!("write{tag}"),
        &base,
        |v| v.write("/meeting notes.txt", &pattern(NEW_LEN, 3), false),
        &|v, at| holds(v, "/meeting notes.txt", &[&old, &new], at),
    );
    println!("overwrite (FAT{tag}): {n} writes, every cut checked");
    every_cut(
        &format!("append{tag}"),
        &base,
        |v| v.write("/meeting notes.txt", b"one more line\n", true),
        &|v, at| holds(v, "/meeting notes.txt", &[&old, &appended], at),
    );
    // cp: a new destination exists whole or not at all.
    every_cut(
        &format!("cp{tag}"),
        &base,
        |v| {
            let data = v.read("/incoming.bin")?;
            v.write("/copy of incoming.bin", &data, false)
        },
        &|v, at| match v.stat("/copy of incoming.bin") {
            Err(command::FsError::NotFound) => {}
            _ => holds(v, "/copy of incoming.bin", &[&incoming], at),
        },
    );
    // cp onto an existing file.
    every_cut(
        &format!("cp-over{tag}"),
        &base,
        |v| {
            let data = v.read("/incoming.bin")?;
            v.write("/meeting notes.txt", &data, false)
        },
        &|v, at| holds(v, "/meeting notes.txt", &[&old, &incoming], at),
    );
    // mv onto an existing file.
    every_cut(
        &format!("mv-over{tag}"),
        &base,
        |v| v.rename("/incoming.bin", "/meeting notes.txt"),
        &|v, at| holds(v, "/meeting notes.txt", &[&old, &incoming], at),
    );
    // rm: the file is whole or gone.
    every_cut(
        &format!("rm{tag}"),
        &base,
        |v| v.remove("/meeting notes.txt"),
        &|v, at| match v.stat("/meeting notes.txt") {
            Err(command::FsError::NotFound) => {}
            _ => holds(v, "/meeting notes.txt", &[&old], at),
        },
    );
}

#[test]
fn power_cuts_during_overwrites_leave_old_or_new_fat16() {
    run_all(false);
}

#[test]
fn power_cuts_during_overwrites_leave_old_or_new_fat32() {
    run_all(true);
}
