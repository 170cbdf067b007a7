//! Reading a file the heap has no block for is `FsError::OutOfMemory`, a line, not the
//! allocator's abort (a model file is most of the kernel heap). The failure is real: this
//! binary's global allocator refuses any single allocation above a limit the test sets.

use std::process::Command;

use command::{Files, FsError};
use storage::{RamDisk, Volume};

#[global_allocator]
static ALLOC: alloc_limit::Limited = alloc_limit::Limited;

fn run(cmd: &str, args: &[&str]) {
    let out = Command::new(cmd).args(args).output().unwrap();
    assert!(out.status.success(), "{cmd} {args:?}: {out:?}");
}

#[test]
fn a_file_larger_than_any_free_block_is_an_error_and_the_volume_still_reads() {
    let dir = std::env::temp_dir();
    let img = dir.join(format!("nosys-read-oom-{}.img", std::process::id()));
    let file = dir.join(format!("nosys-read-oom-{}.bin", std::process::id()));
    let data: Vec<u8> = (0..4u32 << 20).map(|i| (i * 7 + (i >> 9)) as u8).collect();
    std::fs::write(&file, &data).unwrap();
    let _ = std::fs::remove_file(&img);
    run(
        "mkfs.fat",
        &[
            "-C",
            "-F",
            "32",
            "-n",
            "NOSYS",
            img.to_str().unwrap(),
            "65536",
        ],
    );
    run(
        "mcopy",
        &[
            "-i",
            img.to_str().unwrap(),
            file.to_str().unwrap(),
            "::/BIG.BIN",
        ],
    );
    let bytes = std::fs::read(&img).unwrap();
    let _ = std::fs::remove_file(&img);
    let _ = std::fs::remove_file(&file);
    let mut v = Volume::mount(RamDisk::from_bytes(512, bytes)).unwrap();

    alloc_limit::set(data.len() / 2);
    let r = v.read("/BIG.BIN");
    alloc_limit::set(usize::MAX);
    let e = r.unwrap_err();
    assert!(
        matches!(e, FsError::OutOfMemory { bytes } if bytes >= data.len() as u64),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "not enough memory to read 4 MiB");

    assert_eq!(v.read("/BIG.BIN").unwrap(), data);
}
