//! QEMU boot tests. They need the ISO (`make iso`) and take tens of seconds
//! each under TCG, so they are `#[ignore]`d for plain `cargo test`;
//! `make test` runs them with `--ignored`.

use std::time::Duration;

use nosys_iso::image::{build_iso, IsoOptions};
use nosys_iso::qemu::{Vm, VmConfig};
use nosys_iso::{build, default_iso, test_iso, READY};

/// Generous: one boot under TCG on a loaded machine.
const BOOT_TIMEOUT: Duration = Duration::from_secs(300);

fn assert_no_panic(out: &str) {
    for bad in ["PANIC", "panicked", "nosys-loader: error"] {
        assert!(!out.contains(bad), "serial shows {bad:?}:\n{out}");
    }
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn boots_to_ready_and_draws_the_banner() {
    let mut vm = Vm::boot(&VmConfig::new(default_iso().unwrap())).unwrap();
    let out = vm
        .wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    assert_no_panic(&out);
    // Our loader ran, answered the requests, and the kernel printed its banner.
    assert!(out.contains("nosys-loader: base revision 2"), "{out}");
    assert!(
        out.contains(&format!("nosys {}", env!("CARGO_PKG_VERSION"))),
        "{out}"
    );
    assert!(out.contains("boot: loaded by nosys-loader"), "{out}");

    let shot = vm.screendump().unwrap();
    assert!(
        shot.width >= 640 && shot.height >= 400,
        "{}x{}",
        shot.width,
        shot.height
    );
    let background = shot.dominant_color(0, 0, shot.width, shot.height);
    // The banner is the first text line: the top 32 rows, left half.
    let (w, h) = (shot.width / 2, 32);
    let ink = shot.count_not(background, 0, 0, w, h);
    assert!(
        ink * 200 > w * h,
        "banner region is background: {ink} of {} pixels differ",
        w * h
    );
    // And the bottom-right corner is not all text: the image is not noise.
    assert!(shot.count_not(background, shot.width - 64, shot.height - 16, 64, 16) < 64 * 16);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn kernel_cmdline_reaches_the_kernel() {
    let iso = test_iso("test-cmdline", "nosys.test=cmdline-ok verbose").unwrap();
    let vm = Vm::boot(&VmConfig::new(&iso)).unwrap();
    let out = vm.wait_for_serial("boot: cmdline", BOOT_TIMEOUT).unwrap();
    vm.wait_for_serial("nosys.test=cmdline-ok verbose", Duration::from_secs(30))
        .unwrap();
    assert_no_panic(&out);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn loader_reports_a_missing_kernel_and_waits() {
    let mut opts = IsoOptions::named("test-missing-kernel").unwrap();
    opts.conf_text = Some(
        "timeout: 0\n/broken\n    protocol: limine\n    path: boot():/boot/no-such-kernel\n".into(),
    );
    let iso = build_iso(&build::existing_artifacts().unwrap(), &opts)
        .unwrap()
        .iso;
    let mut vm = Vm::boot(&VmConfig::new(&iso)).unwrap();
    let out = vm.wait_for_serial("press any key", BOOT_TIMEOUT).unwrap();
    assert!(
        out.contains("nosys-loader: error: cannot read /boot/no-such-kernel: NOT_FOUND"),
        "{out}"
    );
    // Still waiting for the key, not rebooted or hung silently.
    std::thread::sleep(Duration::from_secs(2));
    assert!(vm.is_running());
}
