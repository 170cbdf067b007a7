//! Links the BIOS stage freestanding at its load address with its own
//! linker script (arguments shared with the kernel: `freestanding-link`);
//! `nosys-iso` turns the ELF into the flat image the firmware loads (see
//! docs/boot.md, "The BIOS path").

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed={dir}/src/boot.s");
    freestanding_link::link_with_package_script();
}
