//! Hands the linker script to the linker, only for the bare-metal target: the
//! kernel is linked at the top 2 GiB like every Limine-protocol kernel.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed={dir}/linker.ld");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none") {
        println!("cargo:rustc-link-arg-bins=-T{dir}/linker.ld");
        // 4 KiB segment alignment keeps the image small; the loader maps 4 KiB pages.
        println!("cargo:rustc-link-arg-bins=-zmax-page-size=0x1000");
        println!("cargo:rustc-link-arg-bins=--no-pie");
    }
}
