//! Device errors: the first one, read or write, is a one-line error with
//! the driver's words, and after it nothing more is written to the disk
//! (a disk that has started to fail is not written while it does). The
//! NVMe driver's own faults (timeouts, CSTS.CFS) are tested over this same
//! path in `nvme/src/tests_faults.rs`.

use crate::tests::*;
use crate::{BlockDevice, BlockError, RamDisk, Volume};
use command::{Files, FsError};

/// A RAM disk with a bad spot and a write that fails.
struct Flaky {
    disk: RamDisk,
    /// Reads touching these blocks fail.
    bad: core::ops::Range<u64>,
    /// The write with this index (0-based) fails, and so does every later one.
    fail_write: Option<usize>,
    /// Write attempts, failed ones included.
    attempts: usize,
    /// Write attempts after the first failure: must stay 0.
    after_fault: usize,
    failed: bool,
}

impl Flaky {
    fn new(img: Vec<u8>) -> Flaky {
        Flaky {
            disk: RamDisk::from_bytes(512, img),
            bad: 0..0,
            fail_write: None,
            attempts: 0,
            after_fault: 0,
            failed: false,
        }
    }
}

impl BlockDevice for Flaky {
    fn block_size(&self) -> usize {
        512
    }
    fn block_count(&self) -> u64 {
        self.disk.block_count()
    }
    fn read_blocks(&mut self, lba: u64, buf: &mut [u8]) -> Result<(), BlockError> {
        let end = lba + (buf.len() / 512) as u64;
        if self.bad.start < end && lba < self.bad.end {
            self.failed = true;
            return Err(BlockError::Device(format!(
                "disk0: read at LBA {lba} failed: unrecovered read error"
            )));
        }
        self.disk.read_blocks(lba, buf)
    }
    fn write_blocks(&mut self, lba: u64, buf: &[u8]) -> Result<(), BlockError> {
        if self.failed {
            self.after_fault += 1;
        }
        let n = self.attempts;
        self.attempts += 1;
        if self.fail_write.is_some_and(|f| n >= f) {
            self.failed = true;
            return Err(BlockError::Device(format!(
                "disk0: write at LBA {lba} failed: write fault"
            )));
        }
        self.disk.write_blocks(lba, buf)
    }
    fn flush(&mut self) -> Result<(), BlockError> {
        self.disk.flush()
    }
}

fn base(name: &str) -> Vec<u8> {
    let img = image(&format!("device-{name}"), 16 * 1024, Some("NOSYS"), &[]);
    std::fs::read(&img.path).unwrap()
}

/// Every write is refused with the first fault named, and the volume
/// reports itself read-only for it.
fn writes_refused(v: &mut Volume<Flaky>, fault: &str) {
    assert!(!v.writable());
    let why = v.read_only_reason().unwrap().to_string();
    assert!(why.starts_with("device error, writes stopped: "), "{why}");
    assert!(why.contains(fault), "{why}");
    let attempts: [Result<(), FsError>; 5] = [
        v.write("/new.txt", b"x", false),
        v.write("/hello.txt", b"x", true),
        v.remove("/hello.txt"),
        v.mkdir("/d"),
        v.rename("/hello.txt", "/h.txt"),
    ];
    for r in attempts {
        let e = r.unwrap_err();
        let s = e.to_string();
        assert!(!s.contains('\n'), "{s}");
        assert!(matches!(e, FsError::Device(_)), "{s}");
        assert!(s.contains("writes stopped") && s.contains(fault), "{s}");
    }
    v.flush().unwrap();
    assert_eq!(v.info().unwrap().read_only_reason, Some(why));
}

#[test]
fn a_read_error_is_one_line_and_stops_all_writes() {
    if !have_tools("read_error") {
        return;
    }
    let img = base("r");
    // A bad block in the middle of big.bin's data, found by its bytes.
    let big: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let at = img
        .chunks(512)
        .position(|b| b == &big[50 * 512..51 * 512])
        .unwrap() as u64;
    let mut v = Volume::mount(Flaky::new(img)).unwrap();
    let hello = v.read("/hello.txt").unwrap();
    v.with_device(|d| d.bad = at..at + 1);
    let e = v.read("/big.bin").unwrap_err();
    let s = e.to_string();
    println!("error: {s}");
    // The run read in one request starts at or before the bad block.
    assert!(
        s.starts_with("device error: disk0: read at LBA ")
            && s.ends_with(" failed: unrecovered read error"),
        "{s}"
    );
    // The rest of the volume still reads.
    assert_eq!(v.read("/hello.txt").unwrap(), hello);
    assert!(v.list("/docs").is_ok());
    writes_refused(&mut v, "unrecovered read error");
    let d = v.into_device();
    assert_eq!((d.attempts, d.disk.writes), (0, 0), "the disk was written");
}

#[test]
fn a_write_error_mid_overwrite_leaves_the_old_file_and_nothing_more_is_written() {
    if !have_tools("write_error") {
        return;
    }
    let img = base("w");
    let old: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let new = vec![0x5Au8; 150_000];
    // How many device writes the overwrite takes when nothing fails.
    let mut v = Volume::mount(Flaky::new(img.clone())).unwrap();
    v.write("/big.bin", &new, false).unwrap();
    let total = v.into_device().attempts;
    assert!(total >= 4, "{total}");
    for k in 0..total {
        let mut d = Flaky::new(img.clone());
        d.fail_write = Some(k);
        let mut v = Volume::mount(d).unwrap();
        let e = v.write("/big.bin", &new, false).unwrap_err();
        let s = e.to_string();
        assert!(!s.contains('\n'), "{s}");
        assert!(
            s.contains("disk0: write at LBA") && s.contains("write fault"),
            "{s}"
        );
        writes_refused(&mut v, "write fault");
        // Reads still work, and show the old file or the new one.
        let now = v.read("/big.bin").unwrap();
        assert!(now == old || now == new, "write {k}: a mix of old and new");
        let d = v.into_device();
        assert_eq!(
            d.attempts,
            k + 1,
            "write {k}: writes went on after the fault"
        );
        assert_eq!(d.after_fault, 0);
        // And the bytes on the disk say the same to a fresh mount.
        let mut again = Volume::mount(RamDisk::from_bytes(512, d.disk.into_bytes())).unwrap();
        let back = again.read("/big.bin").unwrap();
        assert!(back == old || back == new, "write {k}: remount reads a mix");
    }
}
