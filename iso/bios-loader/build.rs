//! Links the BIOS stage freestanding at its load address with its own
//! linker script; `nosys-iso` turns the ELF into the flat image the
//! firmware loads (see docs/boot.md, "The BIOS path").

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed={dir}/linker.ld");
    println!("cargo:rerun-if-changed={dir}/src/boot.s");
    println!("cargo:rerun-if-changed=build.rs");
    for arg in [
        "-nostartfiles",
        "-nostdlib",
        "-static",
        "-no-pie",
        "-Wl,--no-dynamic-linker",
        "-Wl,--build-id=none",
        "-Wl,-zmax-page-size=0x1000",
    ] {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
    println!("cargo:rustc-link-arg-bins=-Wl,-T{dir}/linker.ld");
}
