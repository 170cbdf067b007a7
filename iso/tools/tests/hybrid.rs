//! QEMU tests of the hybrid image: SeaBIOS (QEMU's default firmware) from
//! the ISO as a CD, a SATA disk and a USB stick, OVMF from it as a SATA
//! disk (OVMF from a CD is tests/boot.rs), the BIOS loader's errors, and
//! the El Torito catalog and MBR as xorriso reports them. They need the
//! ISO (`make iso`) and are `#[ignore]`d for plain `cargo test`; `make
//! test` runs them. SeaBIOS boots in a second or two under TCG, so each
//! BIOS test takes seconds; the OVMF one about as long as those in boot.rs.

use std::time::Duration;

use nosys_iso::image::{build_iso, IsoOptions, BIOS_STAGE_ISO_PATH, MODULE_SOURCES};
use nosys_iso::qemu::{BootDevice, Firmware, Vm, VmConfig};
use nosys_iso::{bios, build, default_iso, root, run, READY};

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
fn bios_usb_stick_boots_to_ready() {
    boots_to_ready(BootDevice::UsbStick);
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

/// MiB of RAM with room for what the loader places before the model (its
/// heap, the kernel file, the kernel image) but not for the model too. A
/// fixed figure broke as soon as the kernel file grew: the debug line
/// tables make it several MiB, and it stays in memory beside the image.
fn room_for_the_kernel_only(model: &std::path::Path) -> u64 {
    const MIB: u64 = 1 << 20;
    let kernel = std::fs::read(build::existing_artifacts().unwrap().kernel).unwrap();
    let image = loader_core::kernel::layout(&kernel).unwrap().size;
    // The first MiB (never allocated), the loader heap (4 MiB), and a MiB
    // for the firmware's tables at the top, the stack, GDT and responses.
    let before_model = MIB + 4 * MIB + kernel.len() as u64 + image + MIB;
    // Half the model on top: the kernel fits with room to spare and the
    // model cannot. Without a model the image alone must not fit.
    let model_len = std::fs::metadata(model).map(|m| m.len()).unwrap_or(0);
    if model_len > 0 {
        (before_model + model_len / 2).div_ceil(MIB)
    } else {
        (before_model - image / 2) / MIB
    }
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bios_loader_reports_a_memory_map_without_room_and_waits() {
    let mut cfg = bios_config(default_iso().unwrap(), BootDevice::Cd);
    let model = root().join("model/default/nosys.gguf");
    cfg.memory = format!("{}M", room_for_the_kernel_only(&model));
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

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn uefi_hard_disk_boots_to_ready() {
    let mut cfg = VmConfig::new(default_iso().unwrap());
    cfg.boot_device = BootDevice::SataDisk;
    let vm = Vm::boot(&cfg).unwrap();
    // OVMF under TCG: the time boot.rs allows.
    let out = vm
        .wait_for_serial(READY, Duration::from_secs(300))
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    for bad in ["PANIC", "panicked", "nosys-loader: error", "(BIOS)"] {
        assert!(!out.contains(bad), "serial shows {bad:?}:\n{out}");
    }
    // The UEFI loader (from the ESP partition), not the MBR, started it.
    assert!(out.contains("nosys-loader: base revision 2"), "{out}");
    assert!(out.contains("boot: loaded by nosys-loader"), "{out}");
}

#[test]
#[ignore = "needs the ISO; run by `make test`"]
fn the_image_has_both_el_torito_entries_and_a_bootable_mbr() {
    let iso = default_iso().unwrap();
    let report = run(std::process::Command::new("xorriso")
        .arg("-indev")
        .arg(&iso)
        .args(["-report_el_torito", "plain", "-report_system_area", "plain"]))
    .unwrap();
    let line = |prefix: &str| -> Vec<String> {
        report
            .lines()
            .filter(|l| l.starts_with(prefix))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    let images = line("El Torito boot img :");
    assert_eq!(images.len(), 2, "{report}");
    assert!(
        images[0].starts_with("El Torito boot img : 1 BIOS y none"),
        "{report}"
    );
    assert!(
        images[1].starts_with("El Torito boot img : 2 UEFI y none"),
        "{report}"
    );
    assert!(
        line("El Torito img path :")
            .contains(&format!("El Torito img path : 1 {BIOS_STAGE_ISO_PATH}")),
        "{report}"
    );
    assert!(
        line("El Torito img opts :")
            .contains(&"El Torito img opts : 1 boot-info-table".to_string()),
        "{report}"
    );
    // The GPT's protective entry and an active one for strict BIOSes.
    let mbr = line("MBR partition      :");
    assert!(mbr.iter().any(|l| l.contains(" 0x00 0xee ")), "{report}");
    assert!(mbr.iter().any(|l| l.contains(" 0x80 ")), "{report}");
    assert!(!line("GPT partname local :").is_empty(), "{report}");
    // The MBR's boot code is the stage's first sector.
    let bytes = std::fs::read(&iso).unwrap();
    let stage = bios::bios_boot_image_lba(&bytes).unwrap() as usize * bios::BLOCK;
    assert_eq!(
        bytes[..bios::MBR_CODE],
        bytes[stage..stage + bios::MBR_CODE],
        "MBR boot code"
    );
    assert_eq!(bytes[510..512], [0x55, 0xaa]);
}
