//! Models other than the boot image's (issue 16): a GGUF on the data volume loaded at boot
//! with `model=` on the kernel command line (and its context from `ctx=`), its router
//! features read from the volume's
//! `/FEATURES/XXXXXXXX.BIN` (here the host's `nosys-shell features` file, copied there with
//! mtools), so the kernel computes only the rows it checks them with.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use nosys_iso::qemu::{Vm, VmConfig};
use nosys_iso::{test_iso, READY};

const BOOT_TIMEOUT: Duration = Duration::from_secs(400);
const REPLY_TIMEOUT: Duration = Duration::from_secs(180);

fn mtools(args: &[&str], disk: &Path) {
    let mut cmd = Command::new(args[0]);
    cmd.arg("-i").arg(disk).args(&args[1..]);
    let st = cmd.status().unwrap_or_else(|e| panic!("{}: {e}", args[0]));
    assert!(st.success(), "{args:?}");
}

/// A private copy of the sample disk.
fn disk_copy(name: &str) -> PathBuf {
    let src = nosys_iso::build_dir().unwrap().join("disk.img");
    assert!(src.exists(), "no {}: run `make disk`", src.display());
    let dst = nosys_iso::build_dir().unwrap().join(name);
    std::fs::copy(&src, &dst).unwrap();
    dst
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn a_model_named_on_the_command_line_boots_with_the_volumes_features() {
    let root = nosys_iso::root();
    let gguf = root.join("model/default/nosys.gguf");
    let features = root.join("model/default/features.bin");
    let bytes = std::fs::read(&gguf).unwrap();
    let on_volume = request::features_volume_path(request::model_hash(&bytes));
    let disk = disk_copy("test-model-features.img");
    mtools(&["mcopy", gguf.to_str().unwrap(), "::/MODEL.GGU"], &disk);
    mtools(&["mmd", "::/FEATURES"], &disk);
    let dst = format!("::{on_volume}");
    mtools(&["mcopy", features.to_str().unwrap(), &dst], &disk);

    let mut cfg =
        VmConfig::new(test_iso("test-model-cmdline", "model=/MODEL.GGU ctx=100").unwrap());
    cfg.disk = Some(disk.clone());
    cfg.disk_snapshot = false;
    let mut vm = Vm::boot(&cfg).unwrap();
    let out = vm
        .wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    assert!(out.contains("model: read /MODEL.GGU"), "{out}");
    assert!(
        out.contains(&format!(
            "router: features from {on_volume} (4 rows recomputed"
        )),
        "{out}"
    );
    assert!(out.contains("model: ready"), "{out}");
    let r = vm.reply("model", REPLY_TIMEOUT).unwrap();
    assert!(
        r.contains("/MODEL.GGU (data volume, from the command line)"),
        "{r}"
    );
    assert!(r.contains("Used {"), "{r}");
    // `ctx=` sized its KV cache (the default model was trained for 128).
    assert!(
        r.contains("context:    100 tokens (KV cache; trained 128)"),
        "{r}"
    );
    let r = vm.reply("show me the notes", REPLY_TIMEOUT).unwrap();
    assert!(r.lines().any(|l| l.starts_with("→ cat /NOTES.TXT")), "{r}");
    drop(vm);
    let _ = std::fs::remove_file(&disk);
}
