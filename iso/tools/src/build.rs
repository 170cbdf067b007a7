//! Cargo builds of the two bare-metal binaries.

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
        kernel: t.join("x86_64-unknown-none/release/kernel"),
        loader: t.join("x86_64-unknown-uefi/release/loader.efi"),
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
    for p in [&a.kernel, &a.loader] {
        if !p.exists() {
            return Err(Error::Missing {
                what: p.display().to_string(),
                hint: "run `make iso` first".into(),
            });
        }
    }
    Ok(())
}

/// Builds the kernel and the loader (release profile).
pub fn build() -> Result<Artifacts> {
    for (package, target) in [
        ("kernel", "x86_64-unknown-none"),
        ("loader", "x86_64-unknown-uefi"),
    ] {
        eprintln!("nosys-iso: building {package} for {target}");
        let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .current_dir(root())
            .args(["build", "--release", "-p", package, "--target", target])
            .status()
            .map_err(crate::io_err("running cargo"))?;
        if !status.success() {
            return Err(Error::Command {
                command: format!("cargo build -p {package} --target {target}"),
                status: status.to_string(),
                stderr: String::new(),
            });
        }
    }
    let a = artifacts();
    Ok(a)
}
