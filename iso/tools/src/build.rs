//! Cargo builds of the three bare-metal binaries.

use std::path::PathBuf;
use std::process::Command;

use crate::{root, Error, Result};

/// The bare-metal artifacts an ISO is made from.
#[derive(Debug, Clone)]
pub struct Artifacts {
    /// The kernel ELF.
    pub kernel: PathBuf,
    /// `loader.efi`.
    pub loader: PathBuf,
    /// The BIOS stage as an ELF (`crate::bios::flat_image` makes the image).
    pub bios_loader: PathBuf,
}

/// Cargo's target directory (honours `CARGO_TARGET_DIR`).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// Where the artifacts of a release build are.
pub fn artifacts() -> Artifacts {
    let t = target_dir();
    Artifacts {
        kernel: t.join(format!("{KERNEL_TARGET}/release/kernel")),
        loader: t.join("x86_64-unknown-uefi/release/loader.efi"),
        bios_loader: t.join(format!("{KERNEL_TARGET}/release/bios-loader")),
    }
}

/// Artifacts that must already exist (tests never run cargo themselves).
pub fn existing_artifacts() -> Result<Artifacts> {
    let a = artifacts();
    check_exist(&a)?;
    Ok(a)
}

/// An error naming the first artifact that is missing.
pub fn check_exist(a: &Artifacts) -> Result<()> {
    for p in [&a.kernel, &a.loader, &a.bios_loader] {
        if !p.exists() {
            return Err(Error::Missing {
                what: p.display().to_string(),
                hint: "run `make iso` first".into(),
            });
        }
    }
    Ok(())
}

/// The kernel's target. Not `x86_64-unknown-none`: that target's ABI is
/// soft-float, and LLVM then lowers every f32 operation to a libcall
/// (`__mulsf3`) even with `+sse,+sse2` — AVX2 intrinsics included, which it
/// scalarises — and aborts outright on F16C conversions, saturating
/// float-to-int casts and the `libm` crate. The hosted target's `core` is
/// hard-float; the kernel is linked freestanding against it (see
/// kernel/build.rs and kernel/src/rt.rs). docs/boot.md has the evidence
/// (the miscompiled struct copies); docs/architecture.md the reasoning.
pub const KERNEL_TARGET: &str = "x86_64-unknown-linux-gnu";

/// Code generation for the kernel and the BIOS stage: static, no red zone
/// (an exception frame must not land on a leaf function's scratch space),
/// and the kernel code model, whose sign-extended 32-bit addresses reach the
/// kernel in the top 2 GiB and the stage at 0x7c00 alike.
pub const KERNEL_RUSTFLAGS: &str =
    "-Crelocation-model=static\x1f-Ccode-model=kernel\x1f-Cno-redzone=yes";

/// The bare-metal packages and their targets. The BIOS stage shares the
/// kernel's target and flags: no other target to install, and cargo keeps
/// one build of the crates both use (docs/boot.md, "The BIOS path").
const BARE_METAL: [(&str, &str); 3] = [
    ("kernel", KERNEL_TARGET),
    ("loader", "x86_64-unknown-uefi"),
    ("bios-loader", KERNEL_TARGET),
];

/// Runs one cargo subcommand for a bare-metal package, with the kernel's code
/// generation flags where they apply: `make clippy` and `make iso` share this,
/// so the flags are written once, in [`KERNEL_RUSTFLAGS`].
fn cargo_bare_metal(
    subcommand: &[&str],
    package: &str,
    target: &str,
    extra: &[&str],
) -> Result<()> {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root())
        .args(subcommand)
        .args(["-p", package, "--target", target])
        .args(extra);
    if target == KERNEL_TARGET {
        cmd.env("CARGO_ENCODED_RUSTFLAGS", KERNEL_RUSTFLAGS);
    }
    let status = cmd.status().map_err(crate::io_err("running cargo"))?;
    if !status.success() {
        return Err(Error::Command {
            command: format!(
                "cargo {} -p {package} --target {target}",
                subcommand.join(" ")
            ),
            status: status.to_string(),
            stderr: String::new(),
        });
    }
    Ok(())
}

/// Lints the kernel and the loaders for their own targets, warnings as errors.
pub fn clippy() -> Result<()> {
    for (package, target) in BARE_METAL {
        eprintln!("nosys-iso: clippy {package} for {target}");
        cargo_bare_metal(&["clippy"], package, target, &["--", "-D", "warnings"])?;
    }
    Ok(())
}

/// Builds the kernel and the loaders (release profile).
pub fn build() -> Result<Artifacts> {
    for (package, target) in BARE_METAL {
        eprintln!("nosys-iso: building {package} for {target}");
        cargo_bare_metal(&["build", "--release"], package, target, &[])?;
    }
    let a = artifacts();
    Ok(a)
}
