//! Real Limine: the hybrid ISO `LIMINE_DIR=<release> nosys-iso iso` builds boots in UEFI and
//! in BIOS mode to `nosys: ready` with Limine, not our loader. It runs only when `LIMINE_DIR`
//! names a Limine binary release, v8.x or later (`git clone --branch=v8.x-binary --depth=1
//! https://github.com/limine-bootloader/limine.git`); otherwise it says on the terminal that it
//! was skipped, and passes. docs/boot.md lists the releases tried.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use nosys_iso::image::{build_iso, IsoOptions, MODULE_SOURCES};
use nosys_iso::qemu::{Firmware, Vm, VmConfig};
use nosys_iso::{build, root, READY};

/// One boot under TCG on a loaded machine.
const BOOT_TIMEOUT: Duration = Duration::from_secs(300);

/// `LIMINE_DIR`, when set and not empty.
fn limine_dir() -> Option<PathBuf> {
    std::env::var_os("LIMINE_DIR")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
}

#[test]
#[ignore = "boots QEMU; run by `make test` (needs LIMINE_DIR, else skipped)"]
fn real_limine_boots_uefi_and_bios_to_ready() {
    let Some(limine) = limine_dir() else {
        // Straight to the terminal: the test harness hides what a passing test prints.
        let _ = writeln!(
            std::io::stderr(),
            "real_limine_boots_uefi_and_bios_to_ready: SKIPPED: LIMINE_DIR is not set \
             (point it at a Limine v8.x+ binary release to boot the hybrid ISO with Limine)"
        );
        return;
    };
    let mut opts = IsoOptions::named("test-limine").unwrap();
    opts.limine_dir = Some(limine.clone());
    let iso = build_iso(&build::existing_artifacts().unwrap(), &opts)
        .unwrap_or_else(|e| panic!("LIMINE_DIR={}: {e}", limine.display()))
        .iso;

    for firmware in [Firmware::Uefi, Firmware::Bios] {
        let mut cfg = VmConfig::new(&iso);
        cfg.firmware = firmware;
        let vm = Vm::boot(&cfg).unwrap();
        let out = vm
            .wait_for_serial(READY, BOOT_TIMEOUT)
            .unwrap_or_else(|e| panic!("{firmware:?}: {e}\n{}", vm.qemu_log()));
        for bad in ["PANIC", "panicked", "nosys-loader"] {
            assert!(
                !out.contains(bad),
                "{firmware:?}: serial shows {bad:?}:\n{out}"
            );
        }
        // Limine answered the bootloader-info request, not our loader.
        assert!(
            out.contains("boot: loaded by Limine "),
            "{firmware:?}:\n{out}"
        );
        // Every module the configuration names reached the kernel.
        for (iso_path, src) in MODULE_SOURCES {
            if root().join(src).exists() {
                let name = iso_path.rsplit('/').next().unwrap_or(iso_path);
                assert!(
                    out.lines()
                        .any(|l| l.contains("boot: module ") && l.contains(name)),
                    "{firmware:?}: no module {iso_path}:\n{out}"
                );
            }
        }
    }
}
