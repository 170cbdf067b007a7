//! Corrupt volumes: each corruption is a one-line error naming the file
//! (or the boot sector), never a panic or a hang, and after it nothing is
//! written to the disk.

use crate::partition::PartitionError;
use crate::tests::*;
use crate::{MountError, RamDisk, Volume};
use command::{Files, FsError};

struct Geo {
    fat: usize,
    fat_len: usize,
    root: usize,
    clusters: u32,
}

fn geometry(img: &[u8]) -> Geo {
    let u16_at = |o: usize| u16::from_le_bytes([img[o], img[o + 1]]) as usize;
    let reserved = u16_at(14);
    let fats = img[16] as usize;
    let fat_sectors = u16_at(22);
    let root_entries = u16_at(17);
    let total = match u16_at(19) {
        0 => u32::from_le_bytes([img[32], img[33], img[34], img[35]]) as usize,
        n => n,
    };
    let root = (reserved + fats * fat_sectors) * 512;
    let data = root / 512 + (root_entries * 32).div_ceil(512);
    Geo {
        fat: reserved * 512,
        fat_len: fat_sectors * 512,
        root,
        clusters: ((total - data) / img[13] as usize) as u32,
    }
}

/// Byte offset of the root entry with this 11-byte name.
fn entry(img: &[u8], g: &Geo, name: &[u8; 11]) -> usize {
    (0..512)
        .map(|i| g.root + i * 32)
        .find(|&o| &img[o..o + 11] == name)
        .expect("entry")
}

fn first_cluster(img: &[u8], e: usize) -> u32 {
    u16::from_le_bytes([img[e + 26], img[e + 27]]) as u32
}

/// Sets FAT16 entry `c` in both copies.
fn set_fat(img: &mut [u8], g: &Geo, c: u32, v: u16) {
    for copy in 0..2 {
        let o = g.fat + copy * g.fat_len + c as usize * 2;
        img[o..o + 2].copy_from_slice(&v.to_le_bytes());
    }
}

fn base(name: &str) -> Vec<u8> {
    let img = image(&format!("corrupt-{name}"), 16 * 1024, Some("NOSYS"), &[]);
    std::fs::read(&img.path).unwrap()
}

/// Every write operation is refused once the corruption was seen, and the
/// disk never saw a write.
fn nothing_written_after(mut v: Volume<RamDisk>) {
    assert!(!v.writable(), "writes must stop on a corrupt volume");
    assert!(v.read_only_reason().unwrap().contains("corrupt"));
    assert_eq!(v.write("/new.txt", b"x", false), Err(FsError::ReadOnly));
    assert_eq!(v.write("/hello.txt", b"x", true), Err(FsError::ReadOnly));
    assert_eq!(v.remove("/hello.txt"), Err(FsError::ReadOnly));
    assert_eq!(v.mkdir("/d"), Err(FsError::ReadOnly));
    assert_eq!(v.rename("/hello.txt", "/h.txt"), Err(FsError::ReadOnly));
    v.flush().unwrap();
    let disk = v.into_device();
    assert_eq!(disk.writes, 0, "a write reached the disk");
}

fn one_line(e: &FsError) -> String {
    let s = e.to_string();
    println!("error: {s}");
    assert!(!s.contains('\n'), "{s}");
    s
}

#[test]
fn cluster_chain_loop_is_an_error_naming_the_file() {
    if !have_tools("cluster_chain_loop") {
        return;
    }
    let mut img = base("b1");
    let g = geometry(&img);
    let e = entry(&img, &g, b"BIG     BIN");
    let first = first_cluster(&img, e);
    // The file's third cluster points back at its first.
    set_fat(&mut img, &g, first + 2, first as u16);
    let mut v = Volume::mount(RamDisk::from_bytes(512, img)).unwrap();
    let err = v.read("/big.bin").unwrap_err();
    let s = one_line(&err);
    assert!(matches!(err, FsError::Corrupt(_)), "{s}");
    assert!(s.contains("/big.bin") && s.contains("loops"), "{s}");
    // Other files still read.
    assert_eq!(v.read("/hello.txt").unwrap(), b"hello, world\n");
    nothing_written_after(v);
}

#[test]
fn chain_running_off_the_end_is_an_error_naming_the_file() {
    if !have_tools("chain_off_the_end") {
        return;
    }
    let mut img = base("b2");
    let g = geometry(&img);
    let e = entry(&img, &g, b"BIG     BIN");
    let first = first_cluster(&img, e);
    set_fat(&mut img, &g, first + 1, (g.clusters + 10) as u16);
    let mut v = Volume::mount(RamDisk::from_bytes(512, img.clone())).unwrap();
    let s = one_line(&v.read("/big.bin").unwrap_err());
    assert!(
        s.contains("/big.bin") && s.contains("runs off the end"),
        "{s}"
    );
    nothing_written_after(v);
    // A chain that ends early (shorter than the size says).
    let mut img2 = base("b3");
    set_fat(&mut img2, &g, first + 1, 0xFFFF);
    let mut v = Volume::mount(RamDisk::from_bytes(512, img2)).unwrap();
    let s = one_line(&v.read("/big.bin").unwrap_err());
    assert!(s.contains("/big.bin") && s.contains("short of"), "{s}");
    nothing_written_after(v);
}

#[test]
fn entry_pointing_outside_the_volume_is_an_error_naming_the_file() {
    if !have_tools("entry_outside") {
        return;
    }
    let mut img = base("b4");
    let g = geometry(&img);
    let e = entry(&img, &g, b"HELLO   TXT");
    img[e + 26..e + 28].copy_from_slice(&0xFFF0u16.to_le_bytes());
    // And a directory whose entry points outside: listing it fails too.
    let d = entry(&img, &g, b"DOCS       ");
    img[d + 26..d + 28].copy_from_slice(&((g.clusters + 5) as u16).to_le_bytes());
    let mut v = Volume::mount(RamDisk::from_bytes(512, img)).unwrap();
    let s = one_line(&v.read("/hello.txt").unwrap_err());
    assert!(
        s.contains("/hello.txt") && s.contains("outside the volume"),
        "{s}"
    );
    let s = one_line(&v.list("/docs").unwrap_err());
    assert!(
        s.contains("/docs") && s.contains("outside the volume"),
        "{s}"
    );
    // Listing the root still works: the names are fine, the data is not.
    assert!(v.list("/").unwrap().iter().any(|e| e.name == "hello.txt"));
    nothing_written_after(v);
}

#[test]
fn zero_sectors_per_cluster_is_refused_at_mount_and_nothing_written() {
    if !have_tools("zero_sectors_per_cluster") {
        return;
    }
    let mut img = base("b5");
    img[13] = 0;
    let disk = RamDisk::from_bytes(512, img);
    let err = match Volume::mount(disk) {
        Err(e) => e,
        Ok(_) => panic!("mounted a BPB with zero sectors per cluster"),
    };
    assert_eq!(
        err,
        MountError::Partition(PartitionError::BadBootSector("zero sectors per cluster"))
    );
    assert_eq!(
        err.to_string(),
        "corrupt FAT boot sector: zero sectors per cluster"
    );
}

#[test]
fn directory_chain_loop_does_not_hang_listing() {
    if !have_tools("directory_chain_loop") {
        return;
    }
    let mut img = base("b6");
    let g = geometry(&img);
    let d = entry(&img, &g, b"DOCS       ");
    let first = first_cluster(&img, d);
    set_fat(&mut img, &g, first, first as u16);
    let mut v = Volume::mount(RamDisk::from_bytes(512, img)).unwrap();
    let s = one_line(&v.list("/docs").unwrap_err());
    assert!(s.contains("/docs") && s.contains("loops"), "{s}");
    let s = one_line(&v.read("/docs/a.txt").unwrap_err());
    assert!(s.contains("loops"), "{s}");
    nothing_written_after(v);
}
