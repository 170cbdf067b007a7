//! Hands the linker script to the linker. The kernel is built for the
//! hard-float hosted target (see `nosys_iso::build::KERNEL_TARGET` for why)
//! and linked freestanding: no C runtime, no libc, no dynamic linker, at the
//! top 2 GiB like every Limine-protocol kernel.

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    println!("cargo:rerun-if-changed={dir}/linker.ld");
    println!("cargo:rerun-if-changed=build.rs");
    for arg in [
        "-nostartfiles",
        "-nostdlib",
        "-static",
        "-no-pie",
        "-Wl,--no-dynamic-linker",
        "-Wl,--build-id=none",
        // 4 KiB segment alignment keeps the image small; the loader maps 4 KiB pages.
        "-Wl,-zmax-page-size=0x1000",
    ] {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
    println!("cargo:rustc-link-arg-bins=-Wl,-T{dir}/linker.ld");
}
