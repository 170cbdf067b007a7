//! VFAT long names against mtools and fsck.fat, both directions.

use crate::tests::*;

use command::{Files, FsError};

/// Long names mtools lists for `dir` (`mdir -b`, one path a line).
fn mdir_names(img: &Img, dir: &str) -> Vec<String> {
    let out = run(
        "mdir",
        &["-b", "-i", img.path.to_str().unwrap(), &format!("::{dir}")],
    );
    let mut v: Vec<String> = out
        .lines()
        .filter_map(|l| l.trim_end_matches('/').rsplit('/').next())
        .filter(|n| !n.is_empty())
        .map(String::from)
        .collect();
    v.sort();
    v
}

/// Short names mtools shows (first column of `mdir`).
fn mdir_short(img: &Img, dir: &str) -> String {
    run(
        "mdir",
        &["-i", img.path.to_str().unwrap(), &format!("::{dir}")],
    )
}

fn long_name_255() -> String {
    let mut s = "x".repeat(251);
    s.push_str(".txt");
    s
}

const NAMES: &[&str] = &[
    "meeting notes.txt",
    "photo-list 2026.txt",
    "Qwen3-0.6B-Q4_K_M.gguf",
    "MixedCase.txt",
    "Makefile",
    ".hidden",
    "a.b.c.d",
    "café ünïcode ✓.txt",
    "  leading spaces",
    "semi;colon+plus=[x].txt",
];

#[test]
fn names_written_by_nosys_read_back_by_mtools_exactly() {
    if !have_tools("names_written_by_nosys") {
        return;
    }
    let img = image("lfn-w", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    fn at_nine() -> crate::Timestamp {
        crate::Timestamp {
            year_since_1970: 56,
            zero_indexed_month: 11,
            zero_indexed_day: 1,
            hours: 9,
            minutes: 5,
            seconds: 30,
        }
    }
    v.set_clock(at_nine);
    let long = long_name_255();
    let mut all: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    all.push(long.clone());
    for (i, n) in all.iter().enumerate() {
        v.write(&format!("/{n}"), format!("content {i}\n").as_bytes(), false)
            .unwrap();
    }
    v.mkdir("/Project Files").unwrap();
    v.write("/Project Files/meeting notes 2.txt", b"nested\n", false)
        .unwrap();
    // Two names with one basis get distinct aliases.
    v.write("/meeting notes 2.txt", b"second\n", false).unwrap();
    v.flush().unwrap();
    let listed = v.list("/").unwrap();
    let e = listed
        .iter()
        .find(|e| e.name == "meeting notes.txt")
        .unwrap();
    assert_eq!(e.size, 10);
    assert_eq!(
        e.modified,
        Some(command::DateTime {
            year: 2026,
            month: 12,
            day: 2,
            hour: 9,
            minute: 5,
            second: 30
        })
    );
    drop(v);
    let mut want: Vec<String> = all.clone();
    want.extend(["Project Files".into(), "meeting notes 2.txt".into()]);
    want.extend(
        ["big.bin", "docs", "hello.txt", "Long Name File.txt"]
            .iter()
            .map(|s| s.to_string()),
    );
    want.sort();
    assert_eq!(mdir_names(&img, "/"), want);
    for (i, n) in all.iter().enumerate() {
        // mtools reads `[...]` as a wildcard; mdir above saw the name.
        if !n.contains('[') {
            assert_eq!(mtype(&img, n), format!("content {i}\n"), "{n}");
        }
    }
    assert_eq!(mtype(&img, "Project Files/meeting notes 2.txt"), "nested\n");
    let short = mdir_short(&img, "/");
    assert!(short.contains("MEETIN~1 TXT"), "{short}");
    assert!(
        short.contains("MEETIN~1 TXT        10 2026-12-02   9:05  meeting notes.txt"),
        "{short}"
    );
    assert!(short.contains("MEETIN~2 TXT"), "{short}");
    assert!(short.contains("QWEN3-~1 GGU"), "{short}");
    fsck_clean(&img);
}

#[test]
fn names_written_by_mcopy_read_back_by_nosys_exactly() {
    if !have_tools("names_written_by_mcopy") {
        return;
    }
    let img = image("lfn-r", 16 * 1024, Some("NOSYS"), &[]);
    let p = img.path.to_str().unwrap();
    let src = tmp("lfn-src.txt");
    let long = long_name_255();
    let mut all: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    all.push(long.clone());
    for n in &all {
        std::fs::write(&src, format!("from mtools: {n}")).unwrap();
        run(
            "mcopy",
            &["-i", p, src.to_str().unwrap(), &format!("::{n}")],
        );
    }
    let _ = std::fs::remove_file(&src);
    let mut v = mount(&img);
    let listed = names(&mut v, "/");
    for n in &all {
        assert!(listed.contains(n), "{n} not in {listed:?}");
        assert_eq!(
            v.read(&format!("/{n}")).unwrap(),
            format!("from mtools: {n}").as_bytes()
        );
    }
    // Lookup ignores case, display keeps it.
    assert_eq!(
        v.read("/MEETING NOTES.TXT").unwrap(),
        b"from mtools: meeting notes.txt"
    );
    assert_eq!(
        v.stat("/qwen3-0.6b-q4_k_m.GGUF").unwrap().name,
        "Qwen3-0.6B-Q4_K_M.gguf"
    );
    // Overwriting through another spelling keeps the file's own name.
    v.write("/makefile", b"all:\n", false).unwrap();
    assert!(names(&mut v, "/").contains(&"Makefile".to_string()));
    v.flush().unwrap();
    drop(v);
    assert_eq!(mtype(&img, "Makefile"), "all:\n");
    fsck_clean(&img);
}

#[test]
fn rm_and_mv_leave_no_orphan_long_name_entries() {
    if !have_tools("rm_and_mv_leave_no_orphans") {
        return;
    }
    let img = image("lfn-rm", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    let long = long_name_255();
    for n in NAMES {
        v.write(&format!("/{n}"), n.as_bytes(), false).unwrap();
    }
    v.write(&format!("/{long}"), b"long", false).unwrap();
    v.mkdir("/Archive 2026").unwrap();
    // long -> long, long -> 8.3, 8.3 -> long, across directories, and a
    // 255-unit name (entries spanning two sectors) moved and removed.
    v.rename("/meeting notes.txt", "/meeting notes (old).txt")
        .unwrap();
    v.rename("/photo-list 2026.txt", "/photos.txt").unwrap();
    v.rename("/hello.txt", "/Hello World.txt").unwrap();
    v.rename("/MixedCase.txt", "/Archive 2026/Mixed Case Moved.txt")
        .unwrap();
    v.rename(&format!("/{long}"), "/Archive 2026/long.txt")
        .unwrap();
    v.rename("/a.b.c.d", "/A.B.C.D").unwrap();
    v.remove("/Qwen3-0.6B-Q4_K_M.gguf").unwrap();
    v.remove("/Long Name File.txt").unwrap();
    v.remove("/café ünïcode ✓.txt").unwrap();
    v.flush().unwrap();
    let mut want = vec![
        "meeting notes (old).txt",
        "photos.txt",
        "Hello World.txt",
        "Makefile",
        ".hidden",
        "A.B.C.D",
        "  leading spaces",
        "semi;colon+plus=[x].txt",
        "Archive 2026",
        "big.bin",
        "docs",
    ];
    want.sort();
    assert_eq!(names(&mut v, "/"), want);
    assert_eq!(v.read("/Archive 2026/long.txt").unwrap(), b"long");
    drop(v);
    assert_eq!(mdir_names(&img, "/"), want);
    assert_eq!(
        mdir_names(&img, "/Archive 2026"),
        ["Mixed Case Moved.txt", "long.txt"]
    );
    // fsck.fat reports "Orphaned long file name part" for any leftover.
    fsck_clean(&img);
}

#[test]
fn bad_names_are_refused_with_the_reason_and_change_nothing() {
    if !have_tools("bad_names_are_refused") {
        return;
    }
    let img = image("lfn-bad", 16 * 1024, Some("NOSYS"), &[]);
    let before = std::fs::read(&img.path).unwrap();
    let mut v = mount(&img);
    for (name, why) in [
        ("/a*b", "'*'"),
        ("/a:b", "':'"),
        ("/a<b", "'<'"),
        ("/a>b", "'>'"),
        ("/a?b", "'?'"),
        ("/a|b", "'|'"),
        ("/a\"b", "'\"'"),
        ("/dot.", "dot"),
        ("/space ", "space"),
    ] {
        match v.write(name, b"x", false) {
            Err(FsError::InvalidName(w)) => assert!(w.contains(why), "{name}: {w}"),
            other => panic!("{name}: {other:?}"),
        }
        assert!(matches!(v.mkdir(name), Err(FsError::InvalidName(_))));
        assert!(matches!(
            v.rename("/hello.txt", name),
            Err(FsError::InvalidName(_))
        ));
    }
    let too_long = format!("/{}", "é".repeat(256));
    match v.write(&too_long, b"x", false) {
        Err(FsError::InvalidName(w)) => assert!(w.contains("256") && w.contains("255"), "{w}"),
        other => panic!("{other:?}"),
    }
    // A case-insensitive collision with another entry (a file moved onto
    // a file replaces it; onto a directory's name it collides).
    match v.rename("/Long Name File.txt", "/DOCS") {
        Err(FsError::InvalidName(w)) => assert!(w.contains("\"docs\""), "{w}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        FsError::InvalidName("x".into()).to_string(),
        "invalid name: x"
    );
    drop(v);
    assert!(std::fs::read(&img.path).unwrap() == before, "image changed");
}

#[test]
fn directories_grow_and_shrink_with_long_names() {
    if !have_tools("directories_grow") {
        return;
    }
    // A FAT16 subdirectory and a FAT32 root: both are cluster chains that
    // must grow (each name takes three or four entries).
    for (tag, extra, dir) in [
        ("16", &[][..], "/Many Files"),
        ("32", &["-F", "32"][..], ""),
    ] {
        let kib = if tag == "32" { 40 * 1024 } else { 16 * 1024 };
        let img = image(&format!("lfn-grow{tag}"), kib, Some("NOSYS"), extra);
        let mut v = mount(&img);
        // Counted once here, then kept current through every change.
        let free_at_start = v.info().unwrap().free_bytes;
        if !dir.is_empty() {
            v.mkdir(dir).unwrap();
        }
        let name = |i: usize| format!("report number {i:03} of the year.txt");
        for i in 0..150 {
            v.write(&format!("{dir}/{}", name(i)), name(i).as_bytes(), false)
                .unwrap();
        }
        for i in (0..150).step_by(2) {
            v.remove(&format!("{dir}/{}", name(i))).unwrap();
        }
        // Freed slots are reused.
        v.write(&format!("{dir}/a new one.txt"), b"new", false)
            .unwrap();
        v.flush().unwrap();
        let mut want: Vec<String> = (1..150).step_by(2).map(name).collect();
        want.push("a new one.txt".into());
        let listed: Vec<String> = names(&mut v, if dir.is_empty() { "/" } else { dir })
            .into_iter()
            .filter(|n| n.starts_with("report") || n.starts_with("a new"))
            .collect();
        want.sort();
        assert_eq!(listed, want, "FAT{tag}");
        assert_eq!(
            v.read(&format!("{dir}/{}", name(149))).unwrap(),
            name(149).as_bytes()
        );
        let tracked = v.info().unwrap().free_bytes;
        assert!(tracked < free_at_start);
        drop(v);
        assert_eq!(mount(&img).info().unwrap().free_bytes, tracked, "FAT{tag}");
        let on_disk: Vec<String> = mdir_names(&img, if dir.is_empty() { "/" } else { dir })
            .into_iter()
            .filter(|n| n.starts_with("report") || n.starts_with("a new"))
            .collect();
        assert_eq!(on_disk, want, "FAT{tag} through mtools");
        assert_eq!(mtype(&img, &format!("{dir}/{}", name(77))), name(77));
        fsck_clean(&img);
    }
}

/// 8.3-sized names in every mix of case: one case per part is stored with
/// the NT case bits only (byte 12: 0x08 lower-case base, 0x10 lower-case
/// extension), a mixed part needs a long name to keep its case.
const SHORT_CASES: &[(&str, &str)] = &[
    // (name, the 8.3 entry mdir shows)
    ("Notes.txt", "NOTES    TXT"),
    ("readme.md", "readme   md "),
    ("photo.JPG", "photo    JPG"),
    ("TODO.MD", "TODO     MD "),
    ("Data.Csv", "DATA     CSV"),
    ("abc", "abc         "),
    ("MiXeD", "MIXED       "),
];

#[test]
fn short_names_keep_their_case_both_ways() {
    if !have_tools("short_names_keep_their_case") {
        return;
    }
    // nosys writes, mtools reads.
    let img = image("case-w", 16 * 1024, Some("NOSYS"), &[]);
    let mut v = mount(&img);
    for (n, _) in SHORT_CASES {
        v.write(&format!("/{n}"), n.as_bytes(), false).unwrap();
    }
    // Written through another case, a file keeps the name it was given.
    v.write("/NOTES.TXT", b"Notes.txt", false).unwrap();
    v.flush().unwrap();
    drop(v);
    let listed = mdir_names(&img, "/");
    let short = mdir_short(&img, "/");
    for (n, entry) in SHORT_CASES {
        assert!(listed.contains(&n.to_string()), "{n} not in {listed:?}");
        assert_eq!(mtype(&img, n), *n);
        let line = short
            .lines()
            .find(|l| l.starts_with(entry))
            .unwrap_or_else(|| panic!("no {entry:?} in\n{short}"));
        // A long name shows at the end of the line; one case per part
        // needs none.
        let mixed = |s: &str| {
            s.chars().any(|c| c.is_ascii_lowercase()) && s.chars().any(|c| c.is_ascii_uppercase())
        };
        let (base, ext) = n.split_once('.').unwrap_or((n, ""));
        let needs_long = mixed(base) || mixed(ext);
        assert_eq!(line.ends_with(&format!("  {n}")), needs_long, "{line}");
    }
    fsck_clean(&img);
    // The other way: mtools writes, nosys lists exactly what was given.
    let img = image("case-r", 16 * 1024, Some("NOSYS"), &[]);
    let p = img.path.to_str().unwrap();
    let src = tmp("case-src.txt");
    for (n, _) in SHORT_CASES {
        std::fs::write(&src, n).unwrap();
        run(
            "mcopy",
            &["-i", p, src.to_str().unwrap(), &format!("::{n}")],
        );
    }
    let _ = std::fs::remove_file(&src);
    let mut v = mount(&img);
    let listed = names(&mut v, "/");
    for (n, _) in SHORT_CASES {
        assert!(listed.contains(&n.to_string()), "{n} not in {listed:?}");
        assert_eq!(
            v.read(&format!("/{}", n.to_lowercase())).unwrap(),
            n.as_bytes()
        );
    }
}
