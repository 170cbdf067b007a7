//! Boots an ISO headless, waits for the readiness line, types each further
//! argument as a line over serial (waiting for its reply), and writes a
//! screendump as PPM:
//! `cargo run -p nosys-iso --example screenshot -- ISO OUT.ppm [LINE...]`
//! (docs/scripts/screenshot.sh makes the README's PNG with it).

use std::time::Duration;

use nosys_iso::qemu::{Vm, VmConfig};
use nosys_iso::READY;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let iso = args.next().ok_or("usage: screenshot ISO OUT.ppm")?;
    let out = args.next().ok_or("usage: screenshot ISO OUT.ppm")?;
    let mut vm = Vm::boot(&VmConfig::new(iso))?;
    vm.wait_for_serial(READY, Duration::from_secs(600))?;
    for line in args {
        vm.reply(&line, Duration::from_secs(300))?;
    }
    // Let the console draw the last reply before the dump.
    std::thread::sleep(Duration::from_millis(500));
    let img = vm.screendump()?;
    let mut data = format!("P6\n{} {}\n255\n", img.width, img.height).into_bytes();
    for p in &img.pixels {
        data.extend_from_slice(p);
    }
    std::fs::write(&out, data)?;
    println!("{out}: {}x{}", img.width, img.height);
    Ok(())
}
