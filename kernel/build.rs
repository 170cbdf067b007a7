//! Links the kernel freestanding with its linker script (the top 2 GiB, like
//! every Limine-protocol kernel). The kernel is built for the hard-float
//! hosted target (see `nosys_iso::build::KERNEL_TARGET` for why); the
//! arguments, shared with the BIOS loader, are `freestanding-link`'s.

fn main() {
    freestanding_link::link_with_package_script();
}
