//! Host tests over FAT images made by mkfs.fat and filled with mtools, the
//! same tools a user has; results are checked back with mtools and fsck.fat.

use super::*;
use command::{Files, FsError};
use std::path::PathBuf;
use std::process::Command;

pub(crate) struct Img {
    pub path: PathBuf,
}

impl Drop for Img {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

pub(crate) fn run(cmd: &str, args: &[&str]) -> String {
    let out = Command::new(cmd)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{cmd}: {e}"));
    assert!(
        out.status.success(),
        "{cmd} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub(crate) fn tmp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("nosys-storage-{}-{name}.img", std::process::id()))
}

/// A whole-disk FAT image of `kib` KiB, label `label` (None: no label),
/// with mkfs.fat's extra args, filled with the sample files.
pub(crate) fn image(name: &str, kib: u32, label: Option<&str>, extra: &[&str]) -> Img {
    let path = tmp(name);
    let _ = std::fs::remove_file(&path);
    let p = path.to_str().unwrap();
    let mut args = vec!["-C"];
    if let Some(l) = label {
        args.extend(["-n", l]);
    }
    args.extend(extra);
    let size = kib.to_string();
    args.extend([p, size.as_str()]);
    run("mkfs.fat", &args);
    fill(p);
    Img { path }
}

fn fill(target: &str) {
    // One source folder per image: tests run in parallel.
    let tag: String = target
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let dir = std::env::temp_dir().join(format!("nosys-storage-src-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    let hello = dir.join("hello.txt");
    std::fs::write(&hello, "hello, world\n").unwrap();
    let big = dir.join("big.bin");
    std::fs::write(
        &big,
        (0..100_000u32)
            .map(|i| (i * 7 % 251) as u8)
            .collect::<Vec<_>>(),
    )
    .unwrap();
    run(
        "mcopy",
        &["-i", target, hello.to_str().unwrap(), "::hello.txt"],
    );
    run(
        "mcopy",
        &[
            "-i",
            target,
            hello.to_str().unwrap(),
            "::Long Name File.txt",
        ],
    );
    run("mcopy", &["-i", target, big.to_str().unwrap(), "::big.bin"]);
    run("mmd", &["-i", target, "::docs"]);
    run(
        "mcopy",
        &["-i", target, hello.to_str().unwrap(), "::docs/a.txt"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

pub(crate) fn mount(img: &Img) -> Volume<FileDisk> {
    Volume::mount(FileDisk::open(&img.path, 512, true).unwrap()).unwrap()
}

pub(crate) fn mtype(img: &Img, path: &str) -> String {
    run(
        "mtype",
        &["-i", img.path.to_str().unwrap(), &format!("::{path}")],
    )
}

pub(crate) fn fsck_clean(img: &Img) {
    let out = Command::new("fsck.fat")
        .args(["-n", img.path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "fsck.fat: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!text.contains("Free cluster summary wrong"), "{text}");
}

pub(crate) fn names(v: &mut dyn Files, dir: &str) -> Vec<String> {
    let mut n: Vec<String> = v.list(dir).unwrap().into_iter().map(|e| e.name).collect();
    n.sort();
    n
}

#[test]
fn lists_and_reads_mtools_files_with_their_names() {
    if !have_tools("lists_and_reads_mtools_files_with_their_names") {
        return;
    }
    let img = image("list", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    assert_eq!(
        names(&mut v, "/"),
        ["Long Name File.txt", "big.bin", "docs", "hello.txt"]
    );
    let docs = v.list("/docs").unwrap();
    assert_eq!(docs.len(), 1);
    assert_eq!(
        (docs[0].name.as_str(), docs[0].size, docs[0].is_dir),
        ("a.txt", 13, false)
    );
    assert_eq!(v.read("/hello.txt").unwrap(), b"hello, world\n");
    assert_eq!(v.read("/Long Name File.txt").unwrap(), b"hello, world\n");
    assert_eq!(
        v.read("/HELLO.TXT").unwrap(),
        b"hello, world\n",
        "lookup ignores case"
    );
    assert_eq!(v.read("docs/../docs/./a.txt").unwrap(), b"hello, world\n");
    let big = v.read("/big.bin").unwrap();
    assert_eq!(big.len(), 100_000);
    assert!(big
        .iter()
        .enumerate()
        .all(|(i, &b)| b == (i as u32 * 7 % 251) as u8));
    let st = v.stat("/docs").unwrap();
    assert!(st.is_dir);
    assert_eq!(v.stat("/big.bin").unwrap().size, 100_000);
}

#[test]
fn info_reports_label_type_and_space() {
    if !have_tools("info_reports_label_type_and_space") {
        return;
    }
    let img = image("info", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    let info = v.info().unwrap();
    assert_eq!(info.label, "NOSYS");
    assert_eq!(info.fs_type, "FAT16");
    assert!(info.writable);
    assert_eq!(info.read_only_reason, None);
    // mdir's "bytes free" counts the same clusters.
    let mdir = run("mdir", &["-i", img.path.to_str().unwrap(), "::"]);
    let free_line = mdir.lines().find(|l| l.contains("bytes free")).unwrap();
    let mtools_free: u64 = free_line
        .split_whitespace()
        .take_while(|w| *w != "bytes")
        .collect::<String>()
        .parse()
        .unwrap();
    assert_eq!(info.free_bytes, mtools_free);
    assert!(info.total_bytes > 15 << 20 && info.total_bytes <= 16 << 20);
}

#[test]
fn write_append_and_read_back_on_the_host() {
    if !have_tools("write_append_and_read_back_on_the_host") {
        return;
    }
    let img = image("write", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    v.write("/notes.txt", b"first line\n", false).unwrap();
    v.write("/notes.txt", b"second line\n", true).unwrap();
    v.write("/hello.txt", b"replaced\n", false).unwrap();
    v.write("/Long Name File.txt", b"+more", true).unwrap();
    let big: Vec<u8> = (0..300_000u32).map(|i| (i % 253) as u8).collect();
    v.write("/docs/BIG2.BIN", &big, false).unwrap();
    // An empty file has no cluster (`touch plan.txt`); text added later
    // gives it one.
    v.write("/plan.txt", b"", false).unwrap();
    v.write("/empty.txt", b"", false).unwrap();
    v.write("/empty.txt", b"later\n", true).unwrap();
    v.flush().unwrap();
    assert_eq!(v.read("/plan.txt").unwrap(), b"");
    assert_eq!(v.read("/notes.txt").unwrap(), b"first line\nsecond line\n");
    assert_eq!(v.read("/docs/big2.bin").unwrap(), big);
    assert!(
        names(&mut v, "/").contains(&"notes.txt".to_string()),
        "lower-case name kept"
    );
    drop(v);
    assert_eq!(mtype(&img, "notes.txt"), "first line\nsecond line\n");
    assert_eq!(mtype(&img, "hello.txt"), "replaced\n");
    assert_eq!(mtype(&img, "plan.txt"), "");
    assert_eq!(mtype(&img, "empty.txt"), "later\n");
    assert_eq!(mtype(&img, "Long Name File.txt"), "hello, world\n+more");
    let mdir = run("mdir", &["-i", img.path.to_str().unwrap(), "-b", "::"]);
    assert!(
        mdir.contains("::/notes.txt"),
        "mtools sees the lower-case name: {mdir}"
    );
    fsck_clean(&img);
}

#[test]
fn remove_frees_the_space_and_mkdir_nests() {
    if !have_tools("remove_frees_the_space_and_mkdir_nests") {
        return;
    }
    let img = image("rm", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    let free0 = v.info().unwrap().free_bytes;
    v.remove("/big.bin").unwrap();
    let free1 = v.info().unwrap().free_bytes;
    assert!(
        free1 >= free0 + 100_000,
        "clusters of the deleted file are free again: {free0} -> {free1}"
    );
    v.remove("/Long Name File.txt").unwrap();
    assert_eq!(
        names(&mut v, "/"),
        ["docs", "hello.txt"],
        "no orphaned long name shows up"
    );
    v.mkdir("/projects").unwrap();
    v.mkdir("/projects/deep").unwrap();
    v.write("/projects/deep/x.txt", b"x", false).unwrap();
    assert_eq!(names(&mut v, "/projects"), ["deep"]);
    assert_eq!(v.read("/projects/deep/x.txt").unwrap(), b"x");
    assert_eq!(v.remove("/projects/deep"), Err(FsError::DirectoryNotEmpty));
    v.remove("/projects/deep/x.txt").unwrap();
    v.remove("/projects/deep").unwrap();
    assert_eq!(names(&mut v, "/projects"), Vec::<String>::new());
    v.flush().unwrap();
    drop(v);
    let mdir = run(
        "mdir",
        &["-i", img.path.to_str().unwrap(), "-b", "::/projects"],
    );
    assert!(!mdir.contains("deep"), "{mdir}");
    fsck_clean(&img);
}

#[test]
fn rename_in_place_and_across_directories() {
    if !have_tools("rename_in_place_and_across_directories") {
        return;
    }
    let img = image("mv", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    v.rename("/hello.txt", "/greet.txt").unwrap();
    // Mixed case is kept through a long name; lookups ignore case.
    v.rename("/docs", "/Papers").unwrap();
    v.rename("/Long Name File.txt", "/short.txt").unwrap();
    v.rename("/greet.txt", "/papers/greet.txt").unwrap();
    assert_eq!(names(&mut v, "/"), ["Papers", "big.bin", "short.txt"]);
    assert_eq!(names(&mut v, "/papers"), ["a.txt", "greet.txt"]);
    assert_eq!(v.read("/papers/greet.txt").unwrap(), b"hello, world\n");
    assert_eq!(v.rename("/nothing", "/x"), Err(FsError::NotFound));
    v.mkdir("/other").unwrap();
    // A directory moves with its contents, and its ".." follows.
    v.rename("/papers", "/other/Papers").unwrap();
    assert_eq!(v.read("/other/Papers/a.txt").unwrap(), b"hello, world\n");
    assert!(matches!(
        v.rename("/other", "/other/Papers/inner"),
        Err(FsError::InvalidName(_))
    ));
    // mv onto an existing file replaces it.
    v.rename("/short.txt", "/big.bin").unwrap();
    assert_eq!(v.read("/big.bin").unwrap(), b"hello, world\n");
    assert_eq!(names(&mut v, "/"), ["big.bin", "other"]);
    v.flush().unwrap();
    drop(v);
    assert_eq!(mtype(&img, "other/Papers/greet.txt"), "hello, world\n");
    assert_eq!(mtype(&img, "big.bin"), "hello, world\n");
    let mdir = run("mdir", &["-i", img.path.to_str().unwrap(), "::other"]);
    assert!(mdir.contains("Papers"), "{mdir}");
    fsck_clean(&img);
}

#[test]
fn errors_are_specific() {
    if !have_tools("errors_are_specific") {
        return;
    }
    let img = image("err", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    assert_eq!(v.read("/missing.txt"), Err(FsError::NotFound));
    assert_eq!(v.read("/nodir/a.txt"), Err(FsError::NotFound));
    assert_eq!(v.read("/docs"), Err(FsError::IsADirectory));
    assert_eq!(v.read("/"), Err(FsError::IsADirectory));
    assert_eq!(v.list("/hello.txt"), Err(FsError::NotADirectory));
    assert_eq!(
        v.write("/hello.txt/x", b"", false),
        Err(FsError::NotADirectory)
    );
    assert_eq!(v.write("/docs", b"x", false), Err(FsError::IsADirectory));
    assert_eq!(v.mkdir("/docs"), Err(FsError::AlreadyExists));
    assert_eq!(v.remove("/nope"), Err(FsError::NotFound));
    assert_eq!(v.remove("/docs"), Err(FsError::DirectoryNotEmpty));
    let bad = |v: &mut Volume<FileDisk>, name: &str| match v.write(name, b"x", false) {
        Err(FsError::InvalidName(why)) => why,
        other => panic!("{name}: {other:?}"),
    };
    assert!(bad(&mut v, "/a:b.txt").contains("':'"));
    assert!(bad(&mut v, "/what?.txt").contains("'?'"));
    assert!(bad(&mut v, "/pipe|.txt").contains("'|'"));
    assert!(bad(&mut v, "/star*").contains("'*'"));
    assert!(bad(&mut v, "/q\"uote").contains("'\"'"));
    assert!(bad(&mut v, "/lt<gt>").contains("'<'"));
    assert!(bad(&mut v, "/trailing.").contains("dot"));
    assert!(bad(&mut v, "/trailing ").contains("space"));
    assert!(bad(&mut v, &format!("/{}", "n".repeat(256))).contains("255"));
    assert_eq!(
        v.mkdir("/DOCS2").and(v.mkdir("/DOCS2")),
        Err(FsError::AlreadyExists)
    );
    assert!(matches!(v.mkdir("/docs2"), Err(FsError::InvalidName(w)) if w.contains("collides")));
    assert!(
        matches!(v.rename("/hello.txt", "/DOCS"), Err(FsError::InvalidName(w)) if w.contains("collides"))
    );
    v.remove("/DOCS2").unwrap();
    assert_eq!(v.write("/a\\b", b"x", false), Err(FsError::InvalidPath));
    assert_eq!(
        v.read("/hello.txt").unwrap(),
        b"hello, world\n",
        "nothing else changed"
    );
}

#[test]
fn full_disk_is_reported_and_leaves_no_partial_file() {
    if !have_tools("full_disk_is_reported_and_leaves_no_partial_file") {
        return;
    }
    // The smallest FAT16: 4085+ clusters of 512 bytes.
    let img = image(
        "full",
        2300,
        Some("NOSYS"),
        &["-F", "16", "-s", "1", "-r", "16"],
    );
    let mut v = mount(&img);
    let free = v.info().unwrap().free_bytes;
    let too_big = vec![0xAAu8; free as usize + 4096];
    assert_eq!(
        v.write("/huge.bin", &too_big, false),
        Err(FsError::DiskFull)
    );
    assert_eq!(v.stat("/huge.bin"), Err(FsError::NotFound));
    assert_eq!(v.info().unwrap().free_bytes, free);
    // What fits still fits afterwards.
    v.write("/fits.bin", &too_big[..(free as usize / 2)], false)
        .unwrap();
    assert_eq!(v.read("/fits.bin").unwrap().len(), free as usize / 2);
    v.flush().unwrap();
    drop(v);
    fsck_clean(&img);
}

fn sha(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn foreign_label_is_read_only_and_the_image_stays_byte_identical() {
    if !have_tools("foreign_label_is_read_only_and_the_image_stays_byte_identical") {
        return;
    }
    let img = image("foreign", 16 * 1024, Some("FOREIGN"), &[]);
    let before = sha(&img.path);
    let mut v = mount(&img);
    let info = v.info().unwrap();
    assert!(!info.writable);
    assert_eq!(
        info.read_only_reason.as_deref(),
        Some("label is FOREIGN, not NOSYS")
    );
    assert_eq!(
        v.read("/hello.txt").unwrap(),
        b"hello, world\n",
        "still readable"
    );
    assert_eq!(v.write("/x.txt", b"x", false), Err(FsError::ReadOnly));
    assert_eq!(v.write("/hello.txt", b"x", true), Err(FsError::ReadOnly));
    assert_eq!(v.remove("/hello.txt"), Err(FsError::ReadOnly));
    assert_eq!(v.mkdir("/d"), Err(FsError::ReadOnly));
    assert_eq!(v.rename("/hello.txt", "/h.txt"), Err(FsError::ReadOnly));
    v.flush().unwrap();
    v.unmount().unwrap();
    assert!(sha(&img.path) == before, "image changed");
}

#[test]
fn unlabelled_volume_is_read_only_and_no_write_reaches_the_device() {
    if !have_tools("unlabelled_volume_is_read_only_and_no_write_reaches_the_device") {
        return;
    }
    let img = image("nolabel", 16 * 1024, None, &[]);
    let mut v = Volume::mount(RamDisk::from_bytes(512, std::fs::read(&img.path).unwrap())).unwrap();
    assert_eq!(
        v.read_only_reason(),
        Some("the volume has no label, not NOSYS")
    );
    assert_eq!(v.write("/x.txt", b"x", false), Err(FsError::ReadOnly));
    v.flush().unwrap();
    let disk = v.unmount().unwrap();
    assert_eq!(disk.writes, 0);
}

#[test]
fn label_from_root_entry_wins_over_boot_sector() {
    if !have_tools("label_from_root_entry_wins_over_boot_sector") {
        return;
    }
    // mlabel changes both; a Windows relabel changes only the root entry,
    // which is what users see. Simulate that by relabelling with mtools and
    // restoring the old boot-sector label.
    let img = image("relabel", 16 * 1024, Some("OLDNAME"), &[]);
    let mut bytes = std::fs::read(&img.path).unwrap();
    let boot_label: Vec<u8> = bytes[43..54].to_vec();
    std::fs::write(&img.path, &bytes).unwrap();
    run("mlabel", &["-i", img.path.to_str().unwrap(), "::NOSYS"]);
    bytes = std::fs::read(&img.path).unwrap();
    bytes[43..54].copy_from_slice(&boot_label);
    std::fs::write(&img.path, &bytes).unwrap();
    let v = mount(&img);
    assert_eq!(v.label(), "NOSYS");
    assert!(v.writable());
}

#[test]
fn fat32_writes_keep_fsinfo_correct() {
    if !have_tools("fat32_writes_keep_fsinfo_correct") {
        return;
    }
    let img = image("fat32", 40 * 1024, Some("NOSYS"), &["-F", "32", "-s", "1"]);
    let mut v = mount(&img);
    assert_eq!(v.fat_type(), FatType::Fat32);
    assert_eq!(v.read("/docs/a.txt").unwrap(), b"hello, world\n");
    v.write("/new.txt", &vec![b'z'; 70_000], false).unwrap();
    v.remove("/big.bin").unwrap();
    v.mkdir("/d").unwrap();
    v.flush().unwrap();
    drop(v);
    assert_eq!(mtype(&img, "new.txt").len(), 70_000);
    fsck_clean(&img);
}

/// An MBR disk with the FAT volume at sector 2048 of `kib` KiB, made with
/// mkfs.fat --offset and filled through mtools' @@offset syntax.
fn mbr_image(name: &str, kib: u32, type_id: u8) -> Img {
    let path = tmp(name);
    let total_sectors = kib as u64 * 2;
    let start = 2048u64;
    std::fs::write(&path, vec![0u8; (total_sectors * 512) as usize]).unwrap();
    let p = path.to_str().unwrap();
    let vol_kib = ((total_sectors - start) / 2).to_string();
    run(
        "mkfs.fat",
        &["-n", "NOSYS", "--offset", "2048", p, &vol_kib],
    );
    let mut bytes = std::fs::read(&path).unwrap();
    // A (non-FAT) first partition before ours, as on real disks.
    let e0 = &mut bytes[446..462];
    e0[4] = 0x83;
    e0[8..12].copy_from_slice(&64u32.to_le_bytes());
    e0[12..16].copy_from_slice(&64u32.to_le_bytes());
    let e = &mut bytes[462..478];
    e[4] = type_id;
    e[8..12].copy_from_slice(&(start as u32).to_le_bytes());
    e[12..16].copy_from_slice(&((total_sectors - start) as u32).to_le_bytes());
    bytes[510] = 0x55;
    bytes[511] = 0xAA;
    std::fs::write(&path, &bytes).unwrap();
    fill(&format!("{p}@@{}", start * 512));
    Img { path }
}

#[test]
fn mbr_partition_is_found_and_used() {
    if !have_tools("mbr_partition_is_found_and_used") {
        return;
    }
    let img = mbr_image("mbr", 20 * 1024, 0x0E);
    let mut disk = FileDisk::open(&img.path, 512, true).unwrap();
    let part = partition::find_fat(&mut disk).unwrap();
    assert_eq!(
        part.kind,
        PartitionKind::Mbr {
            index: 1,
            type_id: 0x0E
        }
    );
    assert_eq!(part.start, 2048 * 512);
    let mut v = Volume::mount(disk).unwrap();
    assert_eq!(v.read("/docs/a.txt").unwrap(), b"hello, world\n");
    v.write("/mbr.txt", b"on a partition", false).unwrap();
    v.flush().unwrap();
    drop(v);
    let target = format!("{}@@{}", img.path.to_str().unwrap(), 2048 * 512);
    assert_eq!(
        run("mtype", &["-i", &target, "::mbr.txt"]),
        "on a partition"
    );
    let bytes = std::fs::read(&img.path).unwrap();
    assert_eq!(bytes[462 + 4], 0x0E, "partition table untouched");
}

#[test]
fn gpt_partition_is_found_and_used_on_4k_blocks() {
    if !have_tools("gpt_partition_is_found_and_used_on_4k_blocks") {
        return;
    }
    // Build a GPT by hand: protective MBR, header at LBA 1, entries at LBA 2;
    // 4096-byte blocks, so every LBA is 8 sectors.
    let path = tmp("gpt");
    let kib = 24 * 1024u64;
    let bs = 4096u64;
    let first_lba = 256u64; // byte 1 MiB
    std::fs::write(&path, vec![0u8; (kib * 1024) as usize]).unwrap();
    let p = path.to_str().unwrap();
    let vol_kib = (kib - first_lba * bs / 1024).to_string();
    run(
        "mkfs.fat",
        &[
            "-n",
            "NOSYS",
            "--offset",
            &(first_lba * bs / 512).to_string(),
            p,
            &vol_kib,
        ],
    );
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[446 + 4] = 0xEE;
    bytes[446 + 8..446 + 12].copy_from_slice(&1u32.to_le_bytes());
    bytes[510] = 0x55;
    bytes[511] = 0xAA;
    let h = bs as usize;
    bytes[h..h + 8].copy_from_slice(b"EFI PART");
    bytes[h + 72..h + 80].copy_from_slice(&2u64.to_le_bytes());
    bytes[h + 80..h + 84].copy_from_slice(&128u32.to_le_bytes());
    bytes[h + 84..h + 88].copy_from_slice(&128u32.to_le_bytes());
    // Entry 0: unused; entry 1: basic data over the FAT volume.
    let e = 2 * bs as usize + 128;
    bytes[e..e + 16].copy_from_slice(&[
        0xA2, 0xA0, 0xD0, 0xEB, 0xE5, 0xB9, 0x33, 0x44, 0x87, 0xC0, 0x68, 0xB6, 0xB7, 0x26, 0x99,
        0xC7,
    ]);
    bytes[e + 32..e + 40].copy_from_slice(&first_lba.to_le_bytes());
    bytes[e + 40..e + 48].copy_from_slice(&(kib * 1024 / bs - 1).to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    fill(&format!("{p}@@{}", first_lba * bs));
    let img = Img { path };

    let mut disk = FileDisk::open(&img.path, 4096, true).unwrap();
    let part = partition::find_fat(&mut disk).unwrap();
    assert_eq!(part.kind, PartitionKind::Gpt { index: 1 });
    assert_eq!(part.start, first_lba * bs);
    let mut v = Volume::mount(disk).unwrap();
    assert_eq!(v.read("/hello.txt").unwrap(), b"hello, world\n");
    // Sub-block writes go through read-modify-write of 4 KiB blocks.
    v.write("/gpt.txt", b"four k blocks", false).unwrap();
    v.write("/gpt.txt", b", appended", true).unwrap();
    v.remove("/big.bin").unwrap();
    v.flush().unwrap();
    drop(v);
    let target = format!("{}@@{}", img.path.to_str().unwrap(), first_lba * bs);
    assert_eq!(
        run("mtype", &["-i", &target, "::gpt.txt"]),
        "four k blocks, appended"
    );
    assert_eq!(
        run("mtype", &["-i", &target, "::hello.txt"]),
        "hello, world\n"
    );
}

#[test]
fn disks_without_fat_are_refused_clearly() {
    if !have_tools("disks_without_fat_are_refused_clearly") {
        return;
    }
    let mut zero = RamDisk::new(512, 4096);
    assert_eq!(
        partition::find_fat(&mut zero),
        Err(partition::PartitionError::NoFatVolume(
            "no boot signature in block 0"
        ))
    );
    let mut mbr_only = RamDisk::new(512, 4096);
    let mut b = mbr_only.bytes().to_vec();
    b[446 + 4] = 0x83;
    b[446 + 8] = 8;
    b[446 + 12] = 100;
    b[510] = 0x55;
    b[511] = 0xAA;
    mbr_only = RamDisk::from_bytes(512, b);
    assert_eq!(
        partition::find_fat(&mut mbr_only),
        Err(partition::PartitionError::NoFatVolume(
            "no FAT partition in the MBR"
        ))
    );
    assert!(matches!(
        Volume::mount(RamDisk::new(512, 16)),
        Err(MountError::Partition(_))
    ));
    let img = image("fat12", 1024, Some("NOSYS"), &["-F", "12"]);
    let disk = RamDisk::from_bytes(512, std::fs::read(&img.path).unwrap());
    assert!(matches!(
        Volume::mount(disk),
        Err(MountError::Unsupported(_))
    ));
}

#[test]
fn block_requests_are_checked() {
    let mut d = RamDisk::new(512, 8);
    let mut buf = [0u8; 1024];
    assert_eq!(
        d.read_blocks(7, &mut buf),
        Err(BlockError::OutOfRange { lba: 7, blocks: 2 })
    );
    assert_eq!(
        d.read_blocks(0, &mut buf[..100]),
        Err(BlockError::BadBufferLength(100))
    );
    assert_eq!(
        d.read_blocks(u64::MAX, &mut buf),
        Err(BlockError::OutOfRange {
            lba: u64::MAX,
            blocks: 2
        })
    );
    d.write_blocks(6, &[7u8; 1024]).unwrap();
    d.read_blocks(6, &mut buf).unwrap();
    assert_eq!(buf, [7u8; 1024]);
}

/// True when mtools and fsck.fat are installed (iso/setup.sh installs
/// them); tests that need them print why they skip otherwise.
pub(crate) fn have_tools(test: &str) -> bool {
    let ok = ["mcopy", "mdir", "mtype", "fsck.fat", "mkfs.fat"]
        .iter()
        .all(|t| {
            Command::new(t)
                .arg("--version")
                .output()
                .is_ok_and(|_| true)
        });
    if !ok {
        // Straight to stderr: the harness captures `println!`, and a skip
        // must be seen.
        use std::io::Write;
        let line = format!(
            "{test}: skipped, mtools/fsck.fat not installed (iso/setup.sh installs them)\n"
        );
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
    ok
}

/// fsck.fat -n's verdict: Ok when clean, Err(report) otherwise.
pub(crate) fn fsck(path: &std::path::Path) -> Result<(), String> {
    let out = Command::new("fsck.fat")
        .args(["-n", path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() && !text.contains("Free cluster summary wrong") {
        Ok(())
    } else {
        Err(text)
    }
}
