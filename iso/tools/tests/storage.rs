//! The data disk end to end (issue 4): files read over NVMe and FAT, a write
//! in read-write mode survives a reboot and reads back byte for byte on the
//! host with mtools, and a disk whose label is not NOSYS is never written.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use nosys_iso::qemu::{Vm, VmConfig};
use nosys_iso::{test_iso, READY};

const BOOT_TIMEOUT: Duration = Duration::from_secs(400);
const REPLY_TIMEOUT: Duration = Duration::from_secs(120);

/// A private copy of the sample disk, so the test can write to it.
fn disk_copy(name: &str) -> PathBuf {
    let src = nosys_iso::build_dir().unwrap().join("disk.img");
    assert!(src.exists(), "no {}: run `make disk`", src.display());
    let dst = nosys_iso::build_dir().unwrap().join(name);
    std::fs::copy(&src, &dst).unwrap();
    dst
}

fn boot_with(disk: &Path) -> Vm {
    let mut cfg = VmConfig::new(test_iso("test-storage", "").unwrap());
    cfg.disk = Some(disk.to_path_buf());
    cfg.disk_snapshot = false;
    let vm = Vm::boot(&cfg).unwrap();
    vm.wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    vm
}

fn reply(vm: &mut Vm, line: &str) -> String {
    vm.reply(line, REPLY_TIMEOUT)
        .unwrap_or_else(|e| panic!("{line:?}: {e}"))
}

fn read_write_mode(vm: &mut Vm) {
    let mark = vm.serial_len();
    vm.send_serial(b"\x1bOQ").unwrap(); // F2 over serial
    vm.wait_for_serial_after(mark, "mode READ-WRITE", REPLY_TIMEOUT)
        .unwrap();
}

fn digest(path: &Path) -> u64 {
    // FNV-1a over the whole image: any written byte changes it.
    std::fs::read(path)
        .unwrap()
        .iter()
        .fold(0xcbf29ce484222325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100000001b3)
        })
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn a_write_survives_a_reboot_and_reads_back_on_the_host() {
    let disk = disk_copy("test-persist.img");
    let mut vm = boot_with(&disk);
    let ls = reply(&mut vm, "ls");
    assert!(ls.contains("NOTES.TXT") && ls.contains("DOCS"), "{ls}");
    let hello =
        std::fs::read_to_string(nosys_iso::root().join("iso/sample-disk/HELLO.TXT")).unwrap();
    let r = reply(&mut vm, "cat /HELLO.TXT");
    assert!(r.contains(hello.lines().next().unwrap()), "{r}");

    // Read-only at boot: the write applet is not even reachable.
    let r = reply(&mut vm, "write /PERSIST.TXT persisted-42");
    assert!(r.contains("F2"), "{r}");
    read_write_mode(&mut vm);
    let r = reply(&mut vm, "write /PERSIST.TXT persisted-42");
    assert!(!r.contains("error") && !r.contains("read-only"), "{r}");
    drop(vm); // power off right after the prompt returned: the write was flushed

    let mut vm = boot_with(&disk);
    let r = reply(&mut vm, "cat /PERSIST.TXT");
    assert!(r.lines().any(|l| l.trim() == "persisted-42"), "{r}");
    drop(vm);

    let out = Command::new("mtype")
        .args(["-i"])
        .arg(&disk)
        .arg("::/PERSIST.TXT")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, b"persisted-42\n");
    let _ = std::fs::remove_file(&disk);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn a_disk_with_a_foreign_label_is_never_written() {
    let disk = disk_copy("test-foreign.img");
    let st = Command::new("mlabel")
        .arg("-i")
        .arg(&disk)
        .arg("::OTHERDISK")
        .status()
        .unwrap();
    assert!(st.success());
    let before = digest(&disk);

    let mut vm = boot_with(&disk);
    let r = reply(&mut vm, "disk");
    assert!(r.to_lowercase().contains("read-only"), "{r}");
    read_write_mode(&mut vm);
    for line in [
        "write /X.TXT y",
        "append /NOTES.TXT more",
        "rm /HELLO.TXT",
        "mkdir /NEWDIR",
        "mv /TODO.TXT /T2.TXT",
    ] {
        let r = reply(&mut vm, line);
        assert!(r.contains("read-only"), "{line}: {r}");
    }
    // Reading still works.
    let r = reply(&mut vm, "cat /NOTES.TXT");
    assert!(r.contains("Notes"), "{r}");
    drop(vm);
    assert_eq!(digest(&disk), before, "the foreign disk changed");
    let _ = std::fs::remove_file(&disk);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn model_load_reads_a_gguf_from_the_disk_and_refuses_a_bad_one() {
    let disk = disk_copy("test-model-load.img");
    let gguf = nosys_iso::root().join("model/default/nosys.gguf");
    let st = Command::new("mcopy")
        .arg("-i")
        .arg(&disk)
        .arg(&gguf)
        .arg("::/MODEL.GGU")
        .status()
        .unwrap();
    assert!(st.success());
    let mut vm = boot_with(&disk);
    // A file that is not GGUF: a clear error, and the loaded model keeps working.
    let r = reply(&mut vm, "model load /NOTES.TXT");
    assert!(
        r.contains("model:") && !r.contains("loaded /NOTES.TXT"),
        "{r}"
    );
    // The real one: read over NVMe (MiB/s shown), checked, router warmed from scratch.
    let r = vm
        .reply("model load /MODEL.GGU", Duration::from_secs(600))
        .unwrap();
    assert!(r.contains("MiB/s"), "{r}");
    assert!(r.contains("loaded /MODEL.GGU"), "{r}");
    let r = reply(&mut vm, "model");
    assert!(r.contains("/MODEL.GGU (data volume)"), "{r}");
    let r = reply(&mut vm, "show me the notes");
    assert!(r.lines().any(|l| l.starts_with("→ cat /NOTES.TXT")), "{r}");
    drop(vm);
    let _ = std::fs::remove_file(&disk);
}
