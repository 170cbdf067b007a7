//! Host tool over a disk image through the same code the kernel runs:
//!
//!   cargo run --release -p storage --features std --example fatimg -- IMAGE info
//!   ... IMAGE ls [DIR] | cat FILE | bench FILE [REPEAT]
//!
//! `bench` times reading FILE through the FAT layer (from the OS page
//! cache after the first pass), the host-side figure for docs/storage.md.

use std::path::Path;
use std::time::Instant;

use command::Files;
use storage::{FileDisk, Volume};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("fatimg: {e}");
        std::process::exit(1);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [image, cmd, rest @ ..] = args else {
        return Err("usage: fatimg IMAGE info|ls [DIR]|cat FILE|bench FILE [REPEAT]".into());
    };
    // Read-only: this tool never changes an image.
    let disk = FileDisk::open(Path::new(image), 512, false).map_err(|e| format!("{image}: {e}"))?;
    let mut vol = Volume::mount(disk).map_err(|e| e.to_string())?;
    let arg = |i: usize| rest.get(i).map(String::as_str);
    match cmd.as_str() {
        "info" => {
            let i = vol.info().map_err(|e| e.to_string())?;
            println!(
                "{}: {} label {:?}, {} of {} bytes free",
                vol.partition(),
                i.fs_type,
                i.label,
                i.free_bytes,
                i.total_bytes
            );
            match i.read_only_reason {
                Some(r) => println!("read-only: {r}"),
                None => println!("writable"),
            }
        }
        "ls" => {
            for e in vol.list(arg(0).unwrap_or("/")).map_err(|e| e.to_string())? {
                println!(
                    "{:>10} {}{}",
                    e.size,
                    e.name,
                    if e.is_dir { "/" } else { "" }
                );
            }
        }
        "cat" => {
            let data = vol
                .read(arg(0).ok_or("cat FILE")?)
                .map_err(|e| e.to_string())?;
            use std::io::Write;
            std::io::stdout()
                .write_all(&data)
                .map_err(|e| e.to_string())?;
        }
        "bench" => {
            let file = arg(0).ok_or("bench FILE")?;
            let repeat: usize = arg(1)
                .unwrap_or("5")
                .parse()
                .map_err(|_| "REPEAT is a number")?;
            for pass in 0..repeat {
                let t = Instant::now();
                let n = vol.read(file).map_err(|e| e.to_string())?.len();
                let s = t.elapsed().as_secs_f64();
                println!(
                    "pass {pass}: {} KiB in {:.1} ms, {:.1} MiB/s",
                    n / 1024,
                    s * 1e3,
                    n as f64 / s / 1048576.0
                );
            }
        }
        other => return Err(format!("unknown command {other}")),
    }
    Ok(())
}
