//! nosys-loader for PC BIOS: boots a Limine-protocol kernel from an El
//! Torito CD or from the same image on a hard disk, sharing `loader-core`
//! with the UEFI loader.
//!
//! boot.s loads the rest of this image, checks for long mode, enables A20
//! and enters long mode with the first 4 GiB identity-mapped; then
//! [`bios_main`] runs, calling the BIOS through a real-mode trampoline.

#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]

mod bios;
mod console;
mod rt;

core::arch::global_asm!(include_str!("boot.s"), options(att_syntax));

/// Name shown in messages.
const NAME: &str = "nosys-loader";

/// Entered from boot.s in long mode with the boot drive (DL at entry) and
/// its sector size.
#[no_mangle]
extern "sysv64" fn bios_main(drive: u32, sector_size: u32) -> ! {
    println!(
        "{NAME} {} (BIOS): long mode, boot drive {drive:#x}, {sector_size}-byte sectors",
        env!("CARGO_PKG_VERSION")
    );
    let mut map = [bios::E820Raw::default(); 64];
    let n = bios::e820(&mut map);
    let usable: u64 = map[..n]
        .iter()
        .filter(|e| e.ty == 1)
        .map(|e| e.length)
        .sum();
    println!("{NAME}: E820: {n} entries, {} MiB usable", usable >> 20);
    halt()
}

/// Waits for ever in real mode, where the BIOS still answers the keyboard
/// (Ctrl-Alt-Del restarts).
fn halt() -> ! {
    loop {
        bios::int(0x16, bios::Regs::default());
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    use core::fmt::Write;
    let _ = writeln!(console::Serial, "\n{NAME}: panic: {info}");
    loop {
        // SAFETY: halting with interrupts off is harmless.
        unsafe { core::arch::asm!("cli", "hlt", options(nomem, nostack)) };
    }
}
