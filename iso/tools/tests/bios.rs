//! QEMU tests of the BIOS path (SeaBIOS, QEMU's default firmware) from a CD
//! and from the same image as a hard disk. They need the ISO (`make iso`)
//! and are `#[ignore]`d for plain `cargo test`; `make test` runs them.
//! SeaBIOS boots in a second or two under TCG, so each takes seconds.

use std::time::Duration;

use nosys_iso::image::{build_iso, IsoOptions, MODULE_SOURCES};
use nosys_iso::qemu::{BootDevice, Firmware, Vm, VmConfig};
use nosys_iso::{build, default_iso, root, READY};

/// Generous for a boot that takes about two seconds under TCG.
const BIOS_TIMEOUT: Duration = Duration::from_secs(120);

fn bios_config(iso: std::path::PathBuf, device: BootDevice) -> VmConfig {
    let mut cfg = VmConfig::new(iso);
    cfg.firmware = Firmware::Bios;
    cfg.boot_device = device;
    cfg
}

/// The first two numbers of the first line containing `needle`.
fn two_numbers(out: &str, needle: &str) -> Option<(u64, u64)> {
    let line = out.lines().find(|l| l.contains(needle))?;
    let mut numbers = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse().ok());
    Some((numbers.next()?, numbers.next()?))
}

/// Boots to `nosys: ready` and checks what the BIOS loader handed over.
fn boots_to_ready(device: BootDevice) -> Vm {
    let vm = Vm::boot(&bios_config(default_iso().unwrap(), device)).unwrap();
    let out = vm
        .wait_for_serial(READY, BIOS_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    for bad in ["PANIC", "panicked", "nosys-loader: error"] {
        assert!(!out.contains(bad), "serial shows {bad:?}:\n{out}");
    }
    assert!(out.contains("nosys-loader 0.1.0 (BIOS)"), "{out}");
    assert!(out.contains("nosys-loader: base revision 2"), "{out}");
    assert!(out.contains("boot: loaded by nosys-loader"), "{out}");
    // ACPI came from the BIOS area (the kernel found its power tables).
    assert!(out.contains("boot: rsdp at"), "{out}");
    // The kernel sees the map the loader built: as many entries, as much
    // usable memory.
    let loader = two_numbers(&out, "nosys-loader: memory map: ");
    let kernel = two_numbers(&out, "memory map entries, ");
    assert!(
        loader.is_some() && loader == kernel,
        "{loader:?} {kernel:?}\n{out}"
    );
    // Every module the image carries was read from the ISO 9660 tree.
    for (iso_path, src) in MODULE_SOURCES {
        if root().join(src).exists() {
            assert!(out.contains(&format!("boot: module {iso_path} (")), "{out}");
        }
    }
    vm
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_cd_boots_to_ready() {
    boots_to_ready(BootDevice::Cd);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_framebuffer_is_the_vbe_mode_and_shows_the_banner() {
    let mut vm = boots_to_ready(BootDevice::Cd);
    let out = vm.serial_output();
    // The mode the loader chose is the one the kernel draws on.
    let chosen = out
        .lines()
        .find(|l| l.contains("nosys-loader: VBE mode "))
        .and_then(|l| two_numbers(l.split(": ").nth(2)?, "x"))
        .unwrap_or_else(|| panic!("no VBE mode line:\n{out}"));
    let (w, h) = chosen;
    assert!(w <= 1920 && h <= 1080 && w >= 640, "{w}x{h}");
    assert!(
        out.contains(&format!("boot: framebuffer {w}x{h} ")),
        "kernel framebuffer is not {w}x{h}:\n{out}"
    );
    let shot = vm.screendump().unwrap();
    assert_eq!((shot.width as u64, shot.height as u64), (w, h));
    let background = shot.dominant_color(0, 0, shot.width, shot.height);
    // The banner is the first text line: the top 32 rows, left half.
    let (bw, bh) = (shot.width / 2, 32);
    let ink = shot.count_not(background, 0, 0, bw, bh);
    assert!(
        ink * 200 > bw * bh,
        "banner region is background: {ink} of {} pixels differ",
        bw * bh
    );
    // The middle of the screen is empty: the picture is not noise.
    let (mx, my) = (shot.width / 4, shot.height / 3);
    assert!(shot.count_not(background, mx, my, 64, 16) < 64 * 16 / 10);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_hard_disk_boots_to_ready() {
    let vm = boots_to_ready(BootDevice::SataDisk);
    assert!(
        vm.serial_output().contains("nosys-loader 0.1.0 (BIOS)"),
        "the MBR started the BIOS stage"
    );
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_stage_reports_a_cpu_without_long_mode_and_waits() {
    let mut cfg = bios_config(default_iso().unwrap(), BootDevice::Cd);
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

/// Boots `cfg`, waits for the loader's error line and checks it is the
/// last thing on serial and the machine still runs.
fn reports_and_waits(cfg: &VmConfig, expected: &str) {
    let mut vm = Vm::boot(cfg).unwrap();
    vm.wait_for_serial("nosys-loader: error:", BIOS_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    std::thread::sleep(Duration::from_secs(2));
    let out = vm.serial_output();
    assert!(out.contains(expected), "{out}");
    let last = out.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert!(last.contains(expected), "the error is the last line: {out}");
    assert_eq!(out.matches("error").count(), 1, "{out}");
    assert!(vm.is_running(), "the machine waits instead of rebooting");
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_loader_reports_a_missing_kernel_and_waits() {
    let mut opts = IsoOptions::named("test-bios-missing-kernel").unwrap();
    opts.conf_text = Some(
        "timeout: 0\n/broken\n    protocol: limine\n    path: boot():/boot/no-such-kernel\n".into(),
    );
    let iso = build_iso(&build::existing_artifacts().unwrap(), &opts)
        .unwrap()
        .iso;
    reports_and_waits(
        &bios_config(iso, BootDevice::Cd),
        "nosys-loader: error: cannot read /boot/no-such-kernel: no such file",
    );
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_loader_reports_a_memory_map_without_room_and_waits() {
    let mut cfg = bios_config(default_iso().unwrap(), BootDevice::Cd);
    // 20 MiB: room for the kernel but not for it and the model.
    cfg.memory = "20M".into();
    let model = root().join("model/default/nosys.gguf");
    let expected = if model.exists() {
        "nosys-loader: error: cannot load /boot/nosys.gguf: the memory map has no room for"
    } else {
        "the memory map has no room for"
    };
    cfg.disk = None;
    reports_and_waits(&cfg, expected);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_loader_reports_no_vbe_mode_and_waits() {
    let mut cfg = bios_config(default_iso().unwrap(), BootDevice::Cd);
    // No display adapter: no VGA BIOS, so no VBE.
    cfg.extra_args = vec!["-vga".into(), "none".into()];
    reports_and_waits(
        &cfg,
        "nosys-loader: error: no VBE mode with a linear framebuffer at 24 or 32 bpp, up to 1920x1080",
    );
}
