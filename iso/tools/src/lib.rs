//! The engine behind the Makefile, and the library QEMU tests use.
//!
//! - [`build`]: cargo builds of the kernel and the loaders;
//! - [`bios`]: the BIOS stage image and the MBR of the hybrid ISO;
//! - [`image`]: the boot configuration, the ISO (our loader, or Limine when
//!   `LIMINE_DIR` is set) and the data disk;
//! - [`qemu`]: booting a VM with serial and monitor on sockets ([`qemu::Vm`]);
//! - [`ppm`]: decoding the monitor's screendumps.
//!
//! Paths are relative to the repository root ([`root`]); outputs go to
//! `build/`.

pub mod bios;
pub mod build;
pub mod image;
pub mod ppm;
pub mod qemu;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What went wrong, with enough context to act on.
#[derive(Debug)]
pub enum Error {
    /// An I/O operation on `what` failed.
    Io {
        what: String,
        source: std::io::Error,
    },
    /// A command ran and failed.
    Command {
        command: String,
        status: String,
        stderr: String,
    },
    /// Something that must exist does not (with a hint to fix it).
    Missing { what: String, hint: String },
    /// Invalid input (configuration, image data).
    Invalid(String),
    /// A VM did not show `pattern` on serial in time.
    Timeout { pattern: String, output: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io { what, source } => write!(f, "{what}: {source}"),
            Self::Command {
                command,
                status,
                stderr,
            } => {
                write!(f, "`{command}` failed ({status})")?;
                if !stderr.trim().is_empty() {
                    write!(f, ":\n{}", stderr.trim_end())?;
                }
                Ok(())
            }
            Self::Missing { what, hint } => write!(f, "{what} not found; {hint}"),
            Self::Invalid(msg) => f.write_str(msg),
            Self::Timeout { pattern, output } => {
                let tail: String = {
                    let lines: Vec<&str> = output.lines().collect();
                    lines[lines.len().saturating_sub(40)..].join("\n")
                };
                write!(
                    f,
                    "timed out waiting for {pattern:?} on serial; last output:\n{tail}"
                )
            }
        }
    }
}

impl std::error::Error for Error {}

/// Result with the harness's error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Wraps an I/O error with what was being done.
pub fn io_err(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> Error {
    let what = what.into();
    move |source| Error::Io { what, source }
}

/// The repository root (this crate lives in `iso/tools`).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| manifest.to_path_buf())
}

/// `build/` under the root, created on demand.
pub fn build_dir() -> Result<PathBuf> {
    let dir = root().join("build");
    std::fs::create_dir_all(&dir).map_err(io_err(format!("creating {}", dir.display())))?;
    Ok(dir)
}

/// The line the kernel prints when it is ready.
pub const READY: &str = "nosys: ready";

/// `build/<name>.iso` made from the already-built kernel and loader (no
/// cargo run), with `cmdline` as the kernel command line. For QEMU tests
/// that need a kernel flag, e.g. `test_iso("fault", "fault=pagefault")`.
pub fn test_iso(name: &str, cmdline: &str) -> Result<PathBuf> {
    let artifacts = build::existing_artifacts()?;
    let mut opts = image::IsoOptions::named(name)?;
    opts.cmdline = Some(cmdline.to_string());
    Ok(image::build_iso(&artifacts, &opts)?.iso)
}

/// `build/nosys.iso`, which `make iso` / `make test` build.
pub fn default_iso() -> Result<PathBuf> {
    let iso = build_dir()?.join("nosys.iso");
    if !iso.exists() {
        return Err(Error::Missing {
            what: iso.display().to_string(),
            hint: "run `make iso` first".into(),
        });
    }
    Ok(iso)
}

/// Runs `cmd`, returning its stdout; a failure carries its stderr.
pub fn run(cmd: &mut Command) -> Result<String> {
    let shown = format!("{cmd:?}").replace('"', "");
    let out = cmd.output().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::Missing {
            what: format!("program for `{shown}`"),
            hint: "run `iso/setup.sh` (or `make run`/`make test`, which call it)".into(),
        },
        _ => Error::Io {
            what: shown.clone(),
            source: e,
        },
    })?;
    if !out.status.success() {
        return Err(Error::Command {
            command: shown,
            status: out.status.to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// FNV-1a over a whole file: tests compare a disk image before and after
/// to show that not one byte was written.
pub fn file_digest(path: &Path) -> Result<u64> {
    let bytes = std::fs::read(path).map_err(io_err(format!("reading {}", path.display())))?;
    Ok(fnv1a(&bytes))
}

/// FNV-1a, 64-bit: a cheap fingerprint, not a checksum anything relies on.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    })
}

/// Serial text as a terminal would show it line by line: CSI escape
/// sequences and carriage returns removed (for `contains` checks in tests).
pub fn plain_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' if chars.peek() == Some(&'[') => {
                chars.next();
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}
