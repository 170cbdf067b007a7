//! Machines configured the way VirtualBox differs from the harness's q35 (docs/virtualbox.md):
//! other graphics controllers and GOP mode lists, no serial port, the boot image on a SATA disk
//! beside the NVMe data disk, 512 MiB of RAM. VirtualBox itself is not available here; each
//! test is one boot under QEMU that must end at a usable prompt.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use nosys_iso::image::{build_iso, IsoOptions};
use nosys_iso::ppm::Image;
use nosys_iso::qemu::{BootDevice, Serial, Vm, VmConfig};
use nosys_iso::{build, plain_text, root, test_iso, READY};

/// One boot under TCG on a loaded machine.
const BOOT_TIMEOUT: Duration = Duration::from_secs(300);
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);
/// Status-bar colours in read-only and read-write mode (ui/src/lib.rs).
const READ_ONLY_BG: [u8; 3] = [0x1f, 0x7a, 0x3a];
const READ_WRITE_BG: [u8; 3] = [0xb0, 0x24, 0x24];

/// The default configuration with `resolution: WxH` in its entry.
fn iso_with_resolution(name: &str, resolution: &str) -> PathBuf {
    let conf = std::fs::read_to_string(root().join("iso/limine.conf")).unwrap();
    let with = conf.replace(
        "    protocol: limine\n",
        &format!("    protocol: limine\n    resolution: {resolution}\n"),
    );
    assert_ne!(with, conf, "iso/limine.conf has no `protocol: limine` line");
    let mut opts = IsoOptions::named(name).unwrap();
    opts.conf_text = Some(with);
    build_iso(&build::existing_artifacts().unwrap(), &opts)
        .unwrap()
        .iso
}

fn config(iso: PathBuf, extra: &[&str]) -> VmConfig {
    let mut cfg = VmConfig::new(iso);
    cfg.extra_args = extra.iter().map(|s| s.to_string()).collect();
    cfg
}

/// Boots to `nosys: ready` with no panic; returns the VM and the boot log.
fn boot_ready(cfg: &VmConfig) -> (Vm, String) {
    let vm = Vm::boot(cfg).unwrap();
    let out = vm
        .wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    for bad in ["PANIC", "panicked", "nosys-loader: error"] {
        assert!(!out.contains(bad), "serial shows {bad:?}:\n{out}");
    }
    (vm, plain_text(&out))
}

/// A typed command answers over serial.
fn assert_prompt_answers(vm: &mut Vm) {
    let reply = vm.reply("echo prompt-works", REPLY_TIMEOUT).unwrap();
    assert!(
        reply.lines().any(|l| l.trim_end() == "prompt-works"),
        "{reply}"
    );
}

/// The console is on screen: the banner line at the top, the status bar at the bottom.
fn assert_console_on_screen(shot: &Image) {
    let background = shot.dominant_color(0, 0, shot.width, shot.height);
    let (w, h) = (shot.width / 2, 32);
    let ink = shot.count_not(background, 0, 0, w, h);
    assert!(
        ink * 200 > w * h,
        "banner region is background: {ink} of {} pixels differ",
        w * h
    );
    assert!(
        has_status_bar(shot, READ_ONLY_BG),
        "no read-only status bar at the bottom of the {}x{} screen",
        shot.width,
        shot.height
    );
}

/// Whether the status bar, in `color`, is at the bottom left. It is the last text row, so it
/// sits up to a cell height above the bottom edge when the screen is not a whole number of
/// rows (1600 pixels are 66 rows of 24 and 16 to spare).
fn has_status_bar(shot: &Image, color: [u8; 3]) -> bool {
    const LOOK_UP: usize = 48;
    (1..LOOK_UP.min(shot.height)).any(|up| shot.dominant_color(0, shot.height - up, 80, 1) == color)
}

/// The kernel's framebuffer line, e.g. `boot: framebuffer 1280x800 32bpp`.
fn framebuffer_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.contains("boot: framebuffer "))
        .unwrap_or_else(|| panic!("no framebuffer line:\n{out}"))
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn vga_with_64_mib_switches_to_a_mode_the_default_has_not() {
    // 2560x2048 at 4 bytes a pixel is 20 MiB: more than QEMU's default 16 MiB of VGA memory,
    // whose mode list (30 modes here, against 35) stops at 2560x1600.
    let iso = iso_with_resolution("test-vga64", "2560x2048");
    let cfg = config(iso, &["-vga", "none", "-device", "VGA,vgamem_mb=64"]);
    let (mut vm, out) = boot_ready(&cfg);
    assert!(framebuffer_line(&out).contains("2560x2048 32bpp"), "{out}");
    let shot = vm.screendump().unwrap();
    assert_eq!((shot.width, shot.height), (2560, 2048));
    assert_console_on_screen(&shot);
    assert_prompt_answers(&mut vm);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn bochs_display_switches_to_a_small_mode() {
    // A display controller without VGA compatibility, and a mode below the default.
    let iso = iso_with_resolution("test-bochs", "1024x768");
    let cfg = config(iso, &["-vga", "none", "-device", "bochs-display"]);
    let (mut vm, out) = boot_ready(&cfg);
    assert!(framebuffer_line(&out).contains("1024x768 32bpp"), "{out}");
    let shot = vm.screendump().unwrap();
    assert_eq!((shot.width, shot.height), (1024, 768));
    assert_console_on_screen(&shot);
    assert_prompt_answers(&mut vm);
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn virtio_vga_without_the_asked_mode_keeps_the_current_one() {
    let iso = iso_with_resolution("test-virtio", "1000x700");
    let cfg = config(iso, &["-vga", "virtio"]);
    let (mut vm, out) = boot_ready(&cfg);
    assert!(
        out.contains("nosys-loader: no 1000x700 mode; keeping the current mode"),
        "{out}"
    );
    let line = framebuffer_line(&out);
    let shot = vm.screendump().unwrap();
    assert!(
        line.contains(&format!("{}x{} 32bpp", shot.width, shot.height)),
        "{line} but the screen is {}x{}",
        shot.width,
        shot.height
    );
    assert_console_on_screen(&shot);
    assert_prompt_answers(&mut vm);
}

/// Polls screendumps until the status bar at the bottom left has `color`.
fn wait_for_status_bar(vm: &mut Vm, color: [u8; 3], timeout: Duration) -> Image {
    let deadline = Instant::now() + timeout;
    loop {
        let shot = vm.screendump().unwrap();
        if has_status_bar(&shot, color) {
            return shot;
        }
        assert!(
            Instant::now() < deadline,
            "status bar never turned {color:02x?}"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn without_a_serial_port_the_keyboard_reaches_the_shell() {
    let mut cfg = config(test_iso("test-no-serial", "").unwrap(), &["-no-shutdown"]);
    cfg.serial = Serial::None;
    let mut vm = Vm::boot(&cfg).unwrap();
    // No serial line says when the prompt is up: the screen does. The status bar appears...
    let shot = wait_for_status_bar(&mut vm, READ_ONLY_BG, BOOT_TIMEOUT);
    assert_console_on_screen(&shot);
    // ...and turns read-write on F2 once the console loop reads the keyboard (after the model
    // has loaded), so typing starts only when the prompt takes keys.
    vm.sendkey("f2").unwrap();
    wait_for_status_bar(&mut vm, READ_WRITE_BG, REPLY_TIMEOUT);
    assert!(vm.monitor("info status").unwrap().contains("running"));
    // `shutdown` powers off through ACPI; with -no-shutdown QEMU stays, paused, and says why.
    vm.type_text("shutdown\n").unwrap();
    let deadline = Instant::now() + REPLY_TIMEOUT;
    loop {
        let status = vm.monitor("info status").unwrap();
        if status.contains("paused (shutdown)") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "not powered off after typing shutdown: {}",
            status.lines().last().unwrap_or("")
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn boots_from_a_sata_disk_beside_the_nvme_data_disk() {
    let mut cfg = VmConfig::new(test_iso("test-sata-boot", "").unwrap());
    cfg.boot_device = BootDevice::SataDisk;
    let (mut vm, out) = boot_ready(&cfg);
    assert!(out.contains("UEFI QEMU HARDDISK"), "{out}");
    // The data volume is still the NVMe disk, with the SATA controller beside it.
    assert!(out.contains("SATA controller (AHCI)"), "{out}");
    assert!(out.contains("mounted NOSYS"), "{out}");
    let ls = vm.reply("ls /", REPLY_TIMEOUT).unwrap();
    assert!(ls.contains("README.TXT"), "{ls}");
    assert_console_on_screen(&vm.screendump().unwrap());
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn boots_with_512_mib_and_the_model_loaded() {
    let mut cfg = VmConfig::new(test_iso("test-512m", "").unwrap());
    cfg.memory = "512M".into();
    let (mut vm, out) = boot_ready(&cfg);
    // The default model fits (21 MiB of the heap in use, docs/virtualbox.md).
    assert!(out.contains("model: ready"), "{out}");
    let mem = vm.reply("mem", REPLY_TIMEOUT).unwrap();
    assert!(mem.contains("MiB total"), "{mem}");
    assert_prompt_answers(&mut vm);
}
