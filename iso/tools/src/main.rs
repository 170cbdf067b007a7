//! `nosys-iso`: the commands behind the Makefile.
//!
//! ```text
//! nosys-iso build                       cargo-build the kernel and the loaders
//! nosys-iso clippy                      clippy the kernel and the loaders for their targets (-D warnings)
//! nosys-iso iso [--cmdline S] [--out F] [--kernel ELF] [--no-build]
//!                                       build, then make the ISO (LIMINE_DIR: Limine ISO)
//! nosys-iso disk                        create build/disk.img if absent
//! nosys-iso run [--cmdline S]           build, make ISO and disk, boot QEMU (serial on this terminal)
//! nosys-iso measure [--out ISO]         boot the built ISO once, time it to "nosys: ready"
//! ```
//!
//! `run` and `measure` take `--bios` (SeaBIOS instead of OVMF),
//! `--as-disk` (the ISO on a SATA disk instead of a CD) and `--smp N`
//! (N virtual CPUs; 2 for `run`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use nosys_iso::image::{self, IsoOptions, IsoReport};
use nosys_iso::qemu::{self, Vm, VmConfig};
use nosys_iso::{build, build_dir, io_err, Error, Result, READY};

const USAGE: &str = "usage: nosys-iso <build | clippy | iso [--cmdline S] [--out FILE] [--kernel ELF] [--no-build] | disk | run [--cmdline S] [--no-build] [--bios] [--as-disk] [--smp N] | measure [--out ISO] [--bios] [--as-disk] [--smp N]>";

struct Args {
    command: String,
    cmdline: Option<String>,
    out: Option<PathBuf>,
    kernel: Option<PathBuf>,
    no_build: bool,
    /// SeaBIOS instead of OVMF (`run`, `measure`).
    bios: bool,
    /// The ISO as a SATA disk instead of a CD (`run`, `measure`).
    as_disk: bool,
    /// Virtual CPUs (`run`, `measure`).
    smp: Option<u32>,
}

fn parse_args() -> Result<Args> {
    let mut it = std::env::args().skip(1);
    let command = it.next().ok_or_else(|| Error::Invalid(USAGE.into()))?;
    let mut args = Args {
        command,
        cmdline: None,
        out: None,
        kernel: None,
        no_build: false,
        bios: false,
        as_disk: false,
        smp: None,
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--cmdline" => {
                args.cmdline = Some(
                    it.next()
                        .ok_or_else(|| Error::Invalid("--cmdline needs a value".into()))?,
                )
            }
            "--out" => {
                args.out = Some(
                    it.next()
                        .ok_or_else(|| Error::Invalid("--out needs a value".into()))?
                        .into(),
                )
            }
            "--kernel" => {
                args.kernel = Some(
                    it.next()
                        .ok_or_else(|| Error::Invalid("--kernel needs a value".into()))?
                        .into(),
                )
            }
            "--no-build" => args.no_build = true,
            "--bios" => args.bios = true,
            "--as-disk" => args.as_disk = true,
            "--smp" => {
                args.smp = Some(
                    it.next()
                        .and_then(|n| n.parse().ok())
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| Error::Invalid("--smp needs a CPU count".into()))?,
                )
            }
            other => {
                return Err(Error::Invalid(format!(
                    "unknown argument {other:?}\n{USAGE}"
                )))
            }
        }
    }
    Ok(args)
}

fn make_iso(args: &Args) -> Result<IsoReport> {
    let mut artifacts = if args.no_build {
        build::artifacts()
    } else {
        build::build()?
    };
    if let Some(k) = &args.kernel {
        artifacts.kernel = k.clone();
    }
    build::check_exist(&artifacts)?;
    let mut opts = IsoOptions::named("nosys")?;
    if let Some(out) = &args.out {
        opts.out = out.clone();
    }
    opts.cmdline = args.cmdline.clone();
    opts.limine_dir = std::env::var_os("LIMINE_DIR")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from);
    let report = image::build_iso(&artifacts, &opts)?;
    let size = std::fs::metadata(&report.iso)
        .map_err(io_err("reading the ISO"))?
        .len();
    let mode = if opts.limine_dir.is_some() {
        "Limine hybrid BIOS+UEFI"
    } else {
        "BIOS+UEFI, nosys-loader"
    };
    eprintln!(
        "nosys-iso: {} ({mode}, {} KiB)",
        report.iso.display(),
        size / 1024
    );
    if let Some(esp) = report.esp_bytes {
        eprintln!("nosys-iso:   ESP {} MiB:", esp >> 20);
    }
    for (path, len) in &report.files {
        eprintln!("nosys-iso:   {path:<24} {len:>10} bytes");
    }
    Ok(report)
}

fn make_disk() -> Result<PathBuf> {
    let disk = build_dir()?.join("disk.img");
    if image::ensure_disk(&disk)? {
        eprintln!(
            "nosys-iso: created {} (64 MiB FAT, label NOSYS)",
            disk.display()
        );
    }
    Ok(disk)
}

fn run_vm(args: &Args) -> Result<()> {
    let report = make_iso(args)?;
    let disk = make_disk()?;
    let dir = build_dir()?;
    let vars = qemu::fresh_vars(&dir)?;
    let mut config = vm_config(args, &report.iso);
    config.disk = Some(disk);
    config.disk_snapshot = false;
    config.display = true;
    // Two CPUs unless told otherwise: the model's products use every core.
    config.cpus = args.smp.unwrap_or(2);
    let monitor = dir.join("monitor.sock");
    let mut cmd = config.command(&vars)?;
    cmd.args(["-serial", "stdio", "-monitor"])
        .arg(format!("unix:{},server=on,wait=off", monitor.display()));
    let accel = if qemu::kvm_works() {
        "KVM"
    } else {
        "TCG (no working KVM; slow)"
    };
    let window = if qemu::host_has_display() {
        "window + serial here"
    } else {
        "headless: serial console here"
    };
    eprintln!(
        "nosys-iso: booting under {accel}, {window}; monitor at {}; Ctrl-C quits",
        monitor.display()
    );
    let status = cmd.status().map_err(io_err("running QEMU"))?;
    if !status.success() {
        return Err(Error::Command {
            command: qemu::QEMU.into(),
            status: status.to_string(),
            stderr: String::new(),
        });
    }
    Ok(())
}

/// The VM for `iso` with the firmware and boot device `args` ask for.
fn vm_config(args: &Args, iso: &std::path::Path) -> VmConfig {
    let mut config = VmConfig::new(iso);
    if args.bios {
        config.firmware = qemu::Firmware::Bios;
    }
    if args.as_disk {
        config.boot_device = qemu::BootDevice::SataDisk;
    }
    if let Some(n) = args.smp {
        config.cpus = n;
    }
    config
}

/// Boots the built ISO headless and reports when each boot stage shows up
/// on serial, from QEMU start.
fn measure(args: &Args) -> Result<()> {
    let iso = match &args.out {
        Some(iso) => iso.clone(),
        None => build_dir()?.join("nosys.iso"),
    };
    let start = Instant::now();
    let vm = Vm::boot(&vm_config(args, &iso))?;
    let stages = [
        ("firmware hands over to the loader", "nosys-loader "),
        (
            "loader jumps to the kernel",
            "nosys-loader: starting kernel",
        ),
        ("kernel banner on serial", "] nosys "),
        ("kernel ready", READY),
    ];
    println!(
        "boot of {} ({}, {}, {} CPU) under {}:",
        iso.display(),
        if args.bios { "SeaBIOS" } else { "OVMF" },
        if args.as_disk { "SATA disk" } else { "CD" },
        args.smp.unwrap_or(1),
        if qemu::kvm_works() { "KVM" } else { "TCG" }
    );
    let mut serial = String::new();
    for (what, pattern) in stages {
        serial = vm.wait_for_serial(pattern, Duration::from_secs(600))?;
        println!("  {:>6.1} s  {what}", start.elapsed().as_secs_f64());
    }
    // The kernel's own account of the model's load: the check, the router
    // warm-up split into its parts, and the solve (`session::Assistant::load`).
    for line in serial
        .lines()
        .filter(|l| l.contains("model:") || l.contains("smp:"))
    {
        println!("  {}", line.trim_end());
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| match args.command.as_str() {
        "build" => build::build().map(|_| ()),
        "clippy" => build::clippy(),
        "iso" => make_iso(&args).map(|_| ()),
        "disk" => make_disk().map(|_| ()),
        "run" => run_vm(&args),
        "measure" => measure(&args),
        other => Err(Error::Invalid(format!(
            "unknown command {other:?}\n{USAGE}"
        ))),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("nosys-iso: error: {e}");
            ExitCode::FAILURE
        }
    }
}
