//! Reading a file the heap has no block for is `FsError::OutOfMemory`, a line, not the
//! allocator's abort (a model file is most of the kernel heap). The failure is real: this
//! binary's global allocator refuses any single allocation above a limit the test sets.

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use command::{Files, FsError};
use storage::{RamDisk, Volume};

struct Limited;

static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

// SAFETY: what the limit lets through goes unchanged to the system allocator; a refusal is
// null, which `GlobalAlloc` allows and `try_reserve` reports.
unsafe impl GlobalAlloc for Limited {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LIMIT.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout contract is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` or `realloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        if new > LIMIT.load(Ordering::Relaxed) {
            return std::ptr::null_mut();
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOC: Limited = Limited;

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

    LIMIT.store(data.len() / 2, Ordering::Relaxed);
    let r = v.read("/BIG.BIN");
    LIMIT.store(usize::MAX, Ordering::Relaxed);
    let e = r.unwrap_err();
    assert!(
        matches!(e, FsError::OutOfMemory { bytes } if bytes >= data.len() as u64),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "not enough memory to read 4 MiB");

    assert_eq!(v.read("/BIG.BIN").unwrap(), data);
}
