//! The boot configuration, the ISO and the data disk.
//!
//! Default ISO: BIOS and UEFI, CD and disk, booted by our loaders. Its El
//! Torito EFI image is an appended FAT partition (also a GPT partition, so
//! the same file boots from a USB stick) sized from its contents, so models
//! of tens of MiB fit. The ESP holds `EFI/BOOT/BOOTX64.EFI`, `limine.conf`,
//! `boot/nosys` and the modules. The El Torito BIOS image is the BIOS stage
//! (`boot/bios.bin` in the ISO 9660 tree), whose first sector is also the
//! MBR. With `LIMINE_DIR`: Limine's standard hybrid BIOS+UEFI ISO.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build::Artifacts;
use crate::{bios, build_dir, io_err, root, run, Error, Result};

/// Where the kernel lives in the image; `iso/limine.conf` must say so.
pub const KERNEL_ISO_PATH: &str = "/boot/nosys";
/// The BIOS stage in the ISO 9660 tree (the El Torito BIOS boot image).
pub const BIOS_STAGE_ISO_PATH: &str = "/boot/bios.bin";

/// Host sources of the modules `iso/limine.conf` may name. A module whose
/// source does not exist (e.g. no trained model yet) is left out of the
/// image and its lines are dropped from the configuration.
pub const MODULE_SOURCES: &[(&str, &str)] = &[
    ("/boot/nosys.gguf", "model/default/nosys.gguf"),
    // The router's features of every declared example, computed on the host
    // with the same crates (`make model-features`), keyed by the model's hash.
    ("/boot/features.bin", "model/default/features.bin"),
];

/// The data disk: size, FAT label and where its files come from.
pub const DISK_SIZE_KIB: u64 = 64 * 1024;
pub const DISK_LABEL: &str = "NOSYS";
pub const SAMPLE_DISK_DIR: &str = "iso/sample-disk";
/// How to make one ISO.
#[derive(Debug, Clone)]
pub struct IsoOptions {
    /// Output file.
    pub out: PathBuf,
    /// Replaces the kernel command line of `iso/limine.conf`.
    pub cmdline: Option<String>,
    /// A Limine binary release (v8.x+): build the hybrid Limine ISO instead.
    pub limine_dir: Option<PathBuf>,
    /// Use this configuration text instead of `iso/limine.conf` (tests of
    /// the loader's error paths).
    pub conf_text: Option<String>,
}

impl IsoOptions {
    /// `build/<name>.iso` with the configuration as committed.
    pub fn named(name: &str) -> Result<Self> {
        Ok(Self {
            out: build_dir()?.join(format!("{name}.iso")),
            cmdline: None,
            limine_dir: None,
            conf_text: None,
        })
    }
}

/// What went into an image.
#[derive(Debug, Clone)]
pub struct IsoReport {
    pub iso: PathBuf,
    /// Files as (path in the image, bytes).
    pub files: Vec<(String, u64)>,
    /// Modules named by the configuration but absent on the host.
    pub dropped_modules: Vec<String>,
    /// ESP size in bytes (default mode only).
    pub esp_bytes: Option<u64>,
}

/// The configuration text with `cmdline` replacing the kernel command line
/// (inserted after `path:` if the entry has none) and the modules for which
/// `exists` is false removed along with their `module_cmdline`.
/// Returns the text and the removed module paths.
pub fn prepare_conf(
    text: &str,
    cmdline: Option<&str>,
    exists: impl Fn(&str) -> bool,
) -> Result<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    let mut skip_module_cmdline = false;
    let key_of = |line: &str| {
        line.trim()
            .split_once(':')
            .map(|(k, _)| k.trim().to_ascii_lowercase())
    };
    // With no cmdline line, one is inserted after the kernel path.
    let mut saw_cmdline = text
        .lines()
        .any(|l| matches!(key_of(l).as_deref(), Some("cmdline" | "kernel_cmdline")));
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let (key, value) = trimmed
            .split_once(':')
            .map_or(("", ""), |(k, v)| (k.trim(), v.trim()));
        let key = key.to_ascii_lowercase();
        let was_skipping = std::mem::take(&mut skip_module_cmdline);
        match key.as_str() {
            "module_path" => {
                let path = value.strip_prefix("boot():").unwrap_or(value).to_string();
                if !exists(&path) {
                    dropped.push(path);
                    skip_module_cmdline = true;
                    continue;
                }
            }
            "module_cmdline" | "module_string" if was_skipping => continue,
            "cmdline" | "kernel_cmdline" => {
                if let Some(c) = cmdline {
                    out.push(format!("{indent}{key}: {c}"));
                    continue;
                }
            }
            _ => {}
        }
        out.push(line.to_string());
        if (key == "path" || key == "kernel_path") && !saw_cmdline {
            if let Some(c) = cmdline {
                out.push(format!("{indent}cmdline: {c}"));
                saw_cmdline = true;
            }
        }
    }
    let mut text = out.join("\n");
    text.push('\n');
    Ok((text, dropped))
}

/// The kernel path the configuration names (must be [`KERNEL_ISO_PATH`]).
fn check_kernel_path(conf: &str) -> Result<()> {
    let path = conf.lines().find_map(|l| {
        let (k, v) = l.trim().split_once(':')?;
        matches!(
            k.trim().to_ascii_lowercase().as_str(),
            "path" | "kernel_path"
        )
        .then(|| v.trim().to_string())
    });
    match path.as_deref() {
        Some(p) if p.strip_prefix("boot():") == Some(KERNEL_ISO_PATH) => Ok(()),
        other => Err(Error::Invalid(format!(
            "iso/limine.conf: kernel path is {other:?}, the harness puts the kernel at boot():{KERNEL_ISO_PATH}"
        ))),
    }
}

fn module_source(iso_path: &str) -> Option<PathBuf> {
    MODULE_SOURCES
        .iter()
        .find(|(p, _)| *p == iso_path)
        .map(|(_, src)| root().join(src))
}

fn file_len(p: &Path) -> Result<u64> {
    Ok(fs::metadata(p)
        .map_err(io_err(format!("reading {}", p.display())))?
        .len())
}

/// The largest ESP El Torito can name: its boot entry counts 512-byte
/// sectors in 16 bits, so a 32 MiB image's count wraps to 0, and OVMF then
/// boots nothing from the CD (found 5 December, when the kernel grew and
/// the ESP with it from 31 to 32 MiB). xorriso pads an appended partition
/// to whole 2 KiB blocks, so the largest is 16 383 of them: 65 532 sectors.
pub const ESP_MAX_BYTES: u64 = 32_766 * 1024;

/// ESP size for `payload` bytes: FAT overhead and slack, whole MiB, but
/// never past [`ESP_MAX_BYTES`] (the slack gives way first).
pub fn esp_size_bytes(payload: u64) -> u64 {
    const MIB: u64 = 1 << 20;
    let with_slack = payload + payload / 10 + 2 * MIB;
    (with_slack.div_ceil(MIB).max(4) * MIB).min(ESP_MAX_BYTES)
}

/// Whether `payload` bytes fit an ESP of `esp` bytes with the FAT's own
/// tables and a cluster's rounding per file.
fn esp_holds(payload: u64, esp: u64) -> bool {
    payload + payload / 100 + (1 << 20) <= esp
}

fn mtools(cmd: &str) -> Command {
    let mut c = Command::new(cmd);
    // The images are not floppies with a geometry mtools knows.
    c.env("MTOOLS_SKIP_CHECK", "1");
    c
}

/// Creates a FAT image of `kib` KiB with `label`.
fn mkfs(image: &Path, kib: u64, label: &str) -> Result<()> {
    if image.exists() {
        fs::remove_file(image).map_err(io_err(format!("removing {}", image.display())))?;
    }
    run(Command::new("mkfs.fat")
        .arg("-C")
        .args(["-n", label])
        .arg(image)
        .arg(kib.to_string()))?;
    Ok(())
}

fn fat_mkdirs(image: &Path, paths: &[&str]) -> Result<()> {
    for dir in paths {
        run(mtools("mmd")
            .arg("-D")
            .arg("s")
            .arg("-i")
            .arg(image)
            .arg(format!("::{dir}")))?;
    }
    Ok(())
}

fn fat_copy(image: &Path, from: &Path, to: &str) -> Result<()> {
    run(mtools("mcopy")
        .arg("-o")
        .arg("-i")
        .arg(image)
        .arg(from)
        .arg(format!("::{to}")))?;
    Ok(())
}

/// Builds an ISO from built artifacts.
pub fn build_iso(artifacts: &Artifacts, opts: &IsoOptions) -> Result<IsoReport> {
    let text = match &opts.conf_text {
        Some(t) => t.clone(),
        None => {
            let conf_src = root().join("iso/limine.conf");
            let text = fs::read_to_string(&conf_src)
                .map_err(io_err(format!("reading {}", conf_src.display())))?;
            check_kernel_path(&text)?;
            text
        }
    };
    let (conf, dropped) = prepare_conf(&text, opts.cmdline.as_deref(), |p| {
        module_source(p).is_some_and(|s| s.exists())
    })?;
    let mut modules = Vec::new();
    for line in conf.lines() {
        if let Some((k, v)) = line.trim().split_once(':') {
            if k.trim().eq_ignore_ascii_case("module_path") {
                let iso_path = v
                    .trim()
                    .strip_prefix("boot():")
                    .unwrap_or(v.trim())
                    .to_string();
                let src = module_source(&iso_path).ok_or_else(|| {
                    Error::Invalid(format!(
                        "iso/limine.conf names module {iso_path}; add its source to MODULE_SOURCES"
                    ))
                })?;
                modules.push((iso_path, src));
            }
        }
    }
    for d in &dropped {
        eprintln!("nosys-iso: {d} left out (its source does not exist yet)");
    }

    let stem = opts
        .out
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("nosys")
        .to_string();
    let work = opts
        .out
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
        .join(format!(".{stem}"));
    if work.exists() {
        fs::remove_dir_all(&work).map_err(io_err(format!("cleaning {}", work.display())))?;
    }
    fs::create_dir_all(&work).map_err(io_err(format!("creating {}", work.display())))?;
    let conf_file = work.join("limine.conf");
    fs::write(&conf_file, &conf).map_err(io_err("writing limine.conf"))?;

    let mut files = vec![
        ("/limine.conf".to_string(), conf.len() as u64),
        (KERNEL_ISO_PATH.to_string(), file_len(&artifacts.kernel)?),
    ];
    for (p, src) in &modules {
        files.push((p.clone(), file_len(src)?));
    }

    let report = match &opts.limine_dir {
        None => {
            files.push(("/EFI/BOOT/BOOTX64.EFI".into(), file_len(&artifacts.loader)?));
            let payload: u64 = files.iter().map(|(_, n)| n).sum();
            let esp = work.join("esp.img");
            let esp_bytes = esp_size_bytes(payload);
            if !esp_holds(payload, esp_bytes) {
                return Err(Error::Invalid(format!(
                    "the ESP would need more than El Torito's {} KiB for {payload} bytes of \
                     kernel, loader and modules: load a larger model from the data disk instead",
                    ESP_MAX_BYTES / 1024
                )));
            }
            mkfs(&esp, esp_bytes / 1024, "NOSYSESP")?;
            fat_mkdirs(&esp, &["/EFI", "/EFI/BOOT", "/boot"])?;
            fat_copy(&esp, &artifacts.loader, "/EFI/BOOT/BOOTX64.EFI")?;
            fat_copy(&esp, &conf_file, "/limine.conf")?;
            fat_copy(&esp, &artifacts.kernel, KERNEL_ISO_PATH)?;
            for (p, src) in &modules {
                fat_copy(&esp, src, p)?;
            }
            let tree = work.join("tree");
            fs::create_dir_all(tree.join("boot")).map_err(io_err("creating ISO tree"))?;
            fs::write(tree.join("README.TXT"), ISO_README).map_err(io_err("writing README.TXT"))?;
            let elf = fs::read(&artifacts.bios_loader).map_err(io_err(format!(
                "reading {}",
                artifacts.bios_loader.display()
            )))?;
            let stage = bios::stage_image(&elf)?;
            fs::write(
                tree.join(BIOS_STAGE_ISO_PATH.trim_start_matches('/')),
                &stage,
            )
            .map_err(io_err("writing the BIOS stage"))?;
            files.push((BIOS_STAGE_ISO_PATH.into(), stage.len() as u64));
            // The BIOS loader reads the ISO 9660 tree, the UEFI one the ESP:
            // the configuration, kernel and modules are in both.
            link_into(&tree, &conf_file, "/limine.conf")?;
            link_into(&tree, &artifacts.kernel, KERNEL_ISO_PATH)?;
            for (p, src) in &modules {
                link_into(&tree, src, p)?;
            }
            // Two El Torito entries: the BIOS stage (default), then the ESP.
            run(Command::new("xorriso")
                .args(["-as", "mkisofs", "-quiet", "-o"])
                .arg(&opts.out)
                .args(["-V", "NOSYS", "-R", "-J"])
                .args(["-b", BIOS_STAGE_ISO_PATH.trim_start_matches('/')])
                .args(["-no-emul-boot", "-boot-load-size", "4", "-boot-info-table"])
                .args(["-append_partition", "2", "0xef"])
                .arg(&esp)
                .args([
                    "-appended_part_as_gpt",
                    // An active MBR partition beside the GPT's protective
                    // one: some BIOSes boot no disk without one.
                    "--mbr-force-bootable",
                    "-eltorito-alt-boot",
                    "-e",
                    "--interval:appended_partition_2:all::",
                    "-no-emul-boot",
                ])
                .arg(&tree))?;
            install_mbr(&opts.out)?;
            IsoReport {
                iso: opts.out.clone(),
                files,
                dropped_modules: dropped,
                esp_bytes: Some(esp_bytes),
            }
        }
        Some(limine) => {
            build_limine_iso(limine, artifacts, &conf_file, &modules, &work, &opts.out)?;
            IsoReport {
                iso: opts.out.clone(),
                files,
                dropped_modules: dropped,
                esp_bytes: None,
            }
        }
    };
    fs::remove_dir_all(&work).map_err(io_err(format!("cleaning {}", work.display())))?;
    Ok(report)
}

const ISO_README: &str = "nosys boot image, for BIOS and UEFI, from a CD or a disk.\n\
UEFI: the EFI system partition (El Torito EFI image, GPT partition 2) holds the\n\
loader, limine.conf, the kernel and its modules. BIOS: boot/bios.bin is the El\n\
Torito boot image, and its first sector is also the image's MBR; it reads\n\
limine.conf, the kernel and the modules from this ISO 9660 tree.\n";

/// Puts `from` at `to` in the ISO tree `tree`: a hard link where the file
/// system allows (the model is tens of MiB), else a copy.
fn link_into(tree: &Path, from: &Path, to: &str) -> Result<()> {
    let dest = tree.join(to.trim_start_matches('/'));
    if let Some(dir) = dest.parent() {
        fs::create_dir_all(dir).map_err(io_err(format!("creating {}", dir.display())))?;
    }
    if fs::hard_link(from, &dest).is_err() {
        fs::copy(from, &dest).map_err(io_err(format!(
            "copying {} to {}",
            from.display(),
            dest.display()
        )))?;
    }
    Ok(())
}

/// Puts the BIOS stage's first sector into the MBR of the ISO at `path`, so
/// the file boots from a disk too (see [`bios::install_mbr`]).
fn install_mbr(path: &Path) -> Result<()> {
    use std::io::{Seek, SeekFrom, Write};
    let mut iso = fs::read(path).map_err(io_err(format!("reading {}", path.display())))?;
    bios::install_mbr(&mut iso)?;
    let mut f = fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(io_err(format!("opening {}", path.display())))?;
    f.seek(SeekFrom::Start(0))
        .and_then(|_| f.write_all(&iso[..bios::MBR_CODE]))
        .map_err(io_err(format!("writing the MBR of {}", path.display())))
}

/// The oldest Limine whose configuration file is `limine.conf` with
/// `kernel_path:` (8.0 renamed `limine.cfg` and changed its syntax).
pub const OLDEST_LIMINE_MAJOR: u32 = 8;

/// `Ok` when `limine --version` output names a release we can boot with.
fn check_limine_version(output: &str) -> Result<()> {
    let version = output
        .lines()
        .next()
        .and_then(|l| l.trim().strip_prefix("Limine "))
        .ok_or_else(|| {
            Error::Invalid(format!(
                "LIMINE_DIR: `limine --version` printed {:?}, not `Limine X.Y.Z`",
                output.lines().next().unwrap_or("")
            ))
        })?;
    let major: u32 = version
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .ok_or_else(|| Error::Invalid(format!("LIMINE_DIR: cannot read version {version:?}")))?;
    if major < OLDEST_LIMINE_MAJOR {
        return Err(Error::Invalid(format!(
            "LIMINE_DIR is Limine {version}; nosys's limine.conf needs v{OLDEST_LIMINE_MAJOR}.x or later (older releases read limine.cfg)"
        )));
    }
    Ok(())
}

/// Limine's hybrid BIOS+UEFI ISO (Limine's own README recipe).
fn build_limine_iso(
    limine: &Path,
    artifacts: &Artifacts,
    conf: &Path,
    modules: &[(String, PathBuf)],
    work: &Path,
    out: &Path,
) -> Result<()> {
    let need = [
        "limine-bios.sys",
        "limine-bios-cd.bin",
        "limine-uefi-cd.bin",
        "BOOTX64.EFI",
    ];
    for f in need {
        if !limine.join(f).exists() {
            return Err(Error::Missing {
                what: format!("{}/{f}", limine.display()),
                hint: "LIMINE_DIR must be a Limine v8.x+ binary release (the *-binary branch)"
                    .into(),
            });
        }
    }
    let tool = limine.join("limine");
    if !tool.exists() {
        // The binary branch ships limine.c and a Makefile for the host tool.
        run(Command::new("make").arg("-C").arg(limine))?;
    }
    // Limine 7.x and older read `limine.cfg` in another syntax and would stop at
    // their menu with no entry: refuse them here, in one line, not in a boot.
    let version = run(Command::new(&tool).arg("--version"))?;
    check_limine_version(&version)?;
    let tree = work.join("tree");
    let copy = |from: &Path, to: &str| -> Result<()> {
        let dest = tree.join(to.trim_start_matches('/'));
        if let Some(dir) = dest.parent() {
            fs::create_dir_all(dir).map_err(io_err(format!("creating {}", dir.display())))?;
        }
        fs::copy(from, &dest).map_err(io_err(format!(
            "copying {} to {}",
            from.display(),
            dest.display()
        )))?;
        Ok(())
    };
    copy(&artifacts.kernel, KERNEL_ISO_PATH)?;
    for (p, src) in modules {
        copy(src, p)?;
    }
    copy(conf, "/boot/limine/limine.conf")?;
    for f in [
        "limine-bios.sys",
        "limine-bios-cd.bin",
        "limine-uefi-cd.bin",
    ] {
        copy(&limine.join(f), &format!("/boot/limine/{f}"))?;
    }
    copy(&limine.join("BOOTX64.EFI"), "/EFI/BOOT/BOOTX64.EFI")?;
    if limine.join("BOOTIA32.EFI").exists() {
        copy(&limine.join("BOOTIA32.EFI"), "/EFI/BOOT/BOOTIA32.EFI")?;
    }
    run(Command::new("xorriso")
        .args([
            "-as",
            "mkisofs",
            "-quiet",
            "-R",
            "-r",
            "-J",
            "-b",
            "boot/limine/limine-bios-cd.bin",
        ])
        .args([
            "-no-emul-boot",
            "-boot-load-size",
            "4",
            "-boot-info-table",
            "-hfsplus",
        ])
        .args([
            "-apm-block-size",
            "2048",
            "--efi-boot",
            "boot/limine/limine-uefi-cd.bin",
        ])
        .args([
            "-efi-boot-part",
            "--efi-boot-image",
            "--protective-msdos-label",
        ])
        .arg(&tree)
        .arg("-o")
        .arg(out))?;
    run(Command::new(&tool).arg("bios-install").arg(out))?;
    Ok(())
}

/// Creates the data disk at `path` (64 MiB FAT, label NOSYS) unless it
/// already exists. Returns whether it was made. What it holds is
/// `command::SAMPLE_FS`, the list the examples, the corpus and the tests use,
/// each file's bytes taken from `iso/sample-disk/` (which must hold exactly
/// those: `sample_disk_holds_exactly_the_spec_files`).
pub fn ensure_disk(path: &Path) -> Result<bool> {
    if path.exists() {
        return Ok(false);
    }
    sample_disk(path, DISK_SIZE_KIB)?;
    Ok(true)
}

/// Writes a fresh data disk of `kib` KiB at `path` (FAT, label NOSYS) holding the sample
/// files, as [`ensure_disk`] does; tests that need room for a model make a bigger one.
pub fn sample_disk(path: &Path, kib: u64) -> Result<()> {
    let tmp = path.with_extension("img.part");
    mkfs(&tmp, kib, DISK_LABEL)?;
    let src = root().join(SAMPLE_DISK_DIR);
    let (dirs, files): (Vec<&str>, Vec<&str>) =
        command::SAMPLE_FS.iter().partition(|p| p.ends_with('/'));
    let dirs: Vec<&str> = dirs.iter().map(|d| d.trim_end_matches('/')).collect();
    fat_mkdirs(&tmp, &dirs)?;
    for f in files {
        let from = src.join(f.trim_start_matches('/'));
        if !from.is_file() {
            return Err(Error::Missing {
                what: from.display().to_string(),
                hint: "command::SAMPLE_FS names it: add the file or drop the name".into(),
            });
        }
        fat_copy(&tmp, &from, f)?;
    }
    fs::rename(&tmp, path).map_err(io_err(format!("moving disk image to {}", path.display())))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONF: &str = "timeout: 0\n\n/nosys\n    protocol: limine\n    path: boot():/boot/nosys\n    cmdline:\n    module_path: boot():/boot/nosys.gguf\n    module_cmdline: model\n    module_path: boot():/boot/other\n";

    #[test]
    fn missing_modules_and_their_cmdline_are_dropped() {
        let (text, dropped) = prepare_conf(CONF, None, |p| p == "/boot/other").unwrap();
        assert_eq!(dropped, ["/boot/nosys.gguf"]);
        assert!(!text.contains("nosys.gguf"));
        assert!(!text.contains("module_cmdline"));
        assert!(text.contains("    module_path: boot():/boot/other\n"));
    }

    #[test]
    fn cmdline_is_replaced_or_inserted() {
        let (text, _) = prepare_conf(CONF, Some("fault=pagefault"), |_| true).unwrap();
        assert!(text.contains("    cmdline: fault=pagefault\n"));
        assert_eq!(
            text.matches("cmdline:").count(),
            2,
            "kernel cmdline plus the module's"
        );

        let no_cmdline = "/e\n  protocol: limine\n  path: boot():/boot/nosys\n";
        let (text, _) = prepare_conf(no_cmdline, Some("x=1"), |_| true).unwrap();
        assert_eq!(
            text,
            "/e\n  protocol: limine\n  path: boot():/boot/nosys\n  cmdline: x=1\n"
        );
    }

    #[test]
    fn the_committed_conf_boots_our_kernel_path() {
        let text = fs::read_to_string(root().join("iso/limine.conf")).unwrap();
        check_kernel_path(&text).unwrap();
        assert!(check_kernel_path("/e\npath: boot():/kernel.elf\n").is_err());
    }

    #[test]
    fn a_limine_dir_without_a_release_is_a_clear_error() {
        let empty = std::env::temp_dir().join(format!("nosys-no-limine-{}", std::process::id()));
        fs::create_dir_all(&empty).unwrap();
        let artifacts = Artifacts {
            kernel: PathBuf::from("/nonexistent/kernel"),
            loader: PathBuf::from("/nonexistent/loader.efi"),
            bios_loader: PathBuf::from("/nonexistent/bios-loader"),
        };
        let err = build_limine_iso(
            &empty,
            &artifacts,
            Path::new("/nonexistent/limine.conf"),
            &[],
            &empty,
            &empty.join("x.iso"),
        )
        .unwrap_err();
        fs::remove_dir_all(&empty).unwrap();
        let msg = err.to_string();
        assert!(
            msg.contains("limine-bios.sys") && msg.contains("v8.x+ binary release"),
            "{msg}"
        );
    }

    #[test]
    fn limine_releases_older_than_8_are_refused_by_name() {
        // `limine --version` of the 8.2.0, 8.0.0 and 7.13.3 binary releases.
        let banner =
            |v: &str| format!("Limine {v}\nCopyright (C) 2019-2024 mintsuki and contributors.\n");
        check_limine_version(&banner("8.2.0")).unwrap();
        check_limine_version(&banner("8.0.0")).unwrap();
        check_limine_version(&banner("10.1.1")).unwrap();
        let msg = check_limine_version(&banner("7.13.3"))
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("Limine 7.13.3") && msg.contains("v8.x or later"),
            "{msg}"
        );
        assert!(check_limine_version("usage: limine <command>").is_err());
    }

    #[test]
    fn esp_size_has_room_for_its_contents() {
        const MIB: u64 = 1 << 20;
        assert_eq!(esp_size_bytes(0), 4 * MIB);
        let model = 20 * MIB + 12345;
        let size = esp_size_bytes(model);
        assert!(size >= model + model / 10 && size.is_multiple_of(MIB));
        assert!(esp_holds(model, size));
    }

    /// El Torito's 16-bit sector count: no ESP reaches 65 536 sectors (the
    /// 27.8 MB payload of 5 December had made a 32 MiB ESP that OVMF could
    /// not boot); the slack gives way, and a payload that cannot fit is no
    /// ESP at all.
    #[test]
    fn the_esp_stays_within_el_toritos_sector_count() {
        let payload = 27_800_000;
        let size = esp_size_bytes(payload);
        assert!(size / 512 <= 65_535, "{size}");
        // Whole 2 KiB blocks: xorriso's padding adds nothing.
        assert!(size.is_multiple_of(2048));
        assert!(esp_holds(payload, size));
        assert!(!esp_holds(40 << 20, esp_size_bytes(40 << 20)));
    }

    #[test]
    fn sample_disk_holds_exactly_the_spec_files() {
        let dir = root().join(SAMPLE_DISK_DIR);
        let mut found = Vec::new();
        fn walk(dir: &Path, prefix: &str, found: &mut Vec<String>) {
            for e in fs::read_dir(dir).unwrap() {
                let e = e.unwrap();
                let name = format!("{prefix}/{}", e.file_name().to_string_lossy());
                if e.file_type().unwrap().is_dir() {
                    found.push(format!("{name}/"));
                    walk(&e.path(), &name, found);
                } else {
                    assert!(e.metadata().unwrap().len() > 0, "{name} is empty");
                    found.push(name);
                }
            }
        }
        walk(&dir, "", &mut found);
        found.sort();
        let mut expected: Vec<String> = command::SAMPLE_FS.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(found, expected);
    }
}
