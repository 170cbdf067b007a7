//! QEMU tests of the BIOS path (SeaBIOS, QEMU's default firmware) and of the
//! hybrid image's hard-disk boot. They need the ISO (`make iso`) and are
//! `#[ignore]`d for plain `cargo test`; `make test` runs them.

use std::time::Duration;

use nosys_iso::default_iso;
use nosys_iso::qemu::{BootDevice, Firmware, Vm, VmConfig};

/// SeaBIOS reaches the boot sector in a second or two even under TCG.
const BIOS_TIMEOUT: Duration = Duration::from_secs(60);

fn bios_config(device: BootDevice) -> VmConfig {
    let mut cfg = VmConfig::new(default_iso().unwrap());
    cfg.firmware = Firmware::Bios;
    cfg.boot_device = device;
    cfg
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_stage_reports_a_cpu_without_long_mode_and_waits() {
    let mut cfg = bios_config(BootDevice::Cd);
    // The last -cpu wins: a 32-bit CPU model without long mode.
    cfg.extra_args = vec!["-cpu".into(), "qemu32".into()];
    let mut vm = Vm::boot(&cfg).unwrap();
    vm.wait_for_serial("long mode", BIOS_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    // Long enough for anything after the error to arrive too.
    std::thread::sleep(Duration::from_secs(2));
    let out = vm.serial_output();
    assert!(
        out.contains("nosys-loader: error: this CPU has no 64-bit long mode"),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| !l.trim().is_empty()).count(),
        1,
        "one line: {out}"
    );
    assert!(vm.is_running(), "the machine waits instead of rebooting");
}
