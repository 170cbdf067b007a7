//! The link arguments the kernel and the BIOS loader share, for their
//! `build.rs`: each is built for the hosted `x86_64-unknown-linux-gnu`
//! target (hard-float `core`; see `nosys_iso::build::KERNEL_TARGET`) and
//! linked freestanding, with no C runtime, no libc and no dynamic linker,
//! at the addresses its own linker script gives. The C functions libc would
//! have supplied come from the `freestanding` crate.

#![forbid(unsafe_code)]

use std::path::Path;

/// The arguments for the binaries of a package linked with `script`.
pub fn args(script: &Path) -> Vec<String> {
    let mut args: Vec<String> = [
        "-nostartfiles",
        "-nostdlib",
        "-static",
        "-no-pie",
        "-Wl,--no-dynamic-linker",
        "-Wl,--build-id=none",
        // 4 KiB segment alignment keeps the image small; the loaders map
        // 4 KiB pages.
        "-Wl,-zmax-page-size=0x1000",
        // No debug sections: the workspace keeps line tables in release
        // builds (`debug = 1`, for profiling on the host), which were 9 of
        // the kernel's 22 MB, and the ESP with the kernel, the model and
        // its features must fit El Torito's 32 MiB. Nothing on the machine
        // reads them; the symbol table stays.
        "-Wl,--strip-debug",
    ]
    .map(String::from)
    .into();
    args.push(format!("-Wl,-T{}", script.display()));
    args
}

/// Tells cargo to link the package's binaries freestanding with the linker
/// script `linker.ld` beside its `Cargo.toml`, and to rerun the build script
/// when the script changes. Call it from `build.rs`.
pub fn link_with_package_script() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let script = Path::new(&dir).join("linker.ld");
    println!("cargo:rerun-if-changed={}", script.display());
    println!("cargo:rerun-if-changed=build.rs");
    for arg in args(&script) {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}
