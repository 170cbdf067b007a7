//! Host benchmark of the console's two hot paths on a RAM "framebuffer":
//! a keystroke echo and a full-screen scroll, at 1280x800 and 1920x1080.
//!
//!     cargo run --release -p framebuffer --example console_bench
//!
//! Each figure is the mean over many repetitions of: ui work + glyph drawing + copying the dirty
//! rows to the front buffer. Under QEMU TCG expect it to be many times slower; the kernel
//! measures that case itself.

use framebuffer::{FbInfo, Framebuffer, PixelFormat, TextConsole};
use std::hint::black_box;
use std::time::Instant;
use ui::{Console, Key, NoCompletion};

#[cfg(target_arch = "x86_64")]
fn cycles() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

#[cfg(not(target_arch = "x86_64"))]
fn cycles() -> u64 {
    0
}

struct Figure {
    us: f64,
    cycles: f64,
}

fn measure(reps: u32, mut f: impl FnMut(u32)) -> Figure {
    // Warm-up: fault in the buffers, settle the caches.
    for i in 0..reps.min(20) {
        f(i);
    }
    let t = Instant::now();
    let c = cycles();
    for i in 0..reps {
        f(i);
    }
    let c = cycles() - c;
    let t = t.elapsed();
    Figure {
        us: t.as_secs_f64() * 1e6 / f64::from(reps),
        cycles: c as f64 / f64::from(reps),
    }
}

fn main() {
    println!("resolution  font  grid      case                    us/op     cycles/op");
    for (w, h) in [(1280usize, 800usize), (1920, 1080)] {
        let info = FbInfo {
            width: w,
            height: h,
            pitch: w * 4,
            format: PixelFormat::XRGB8888,
        };
        let mut front = vec![0u8; info.pitch * h];
        let fb = Framebuffer::new(&mut front, info).expect("valid framebuffer");
        let mut tc = TextConsole::new(fb);
        let (cols, rows) = tc.grid_size();
        let mut con = Console::new(cols, rows);
        let line: String = (0..cols).map(|i| (b'!' + (i % 90) as u8) as char).collect();
        for _ in 0..rows {
            con.print(&line);
            con.print("\n");
        }
        con.render(&mut tc);
        let font = tc.font().0.val();
        let report = |case: &str, f: Figure| {
            println!(
                "{w:>4}x{h:<5}  {font:>4}  {cols:>3}x{rows:<3}  {case:<22} {:>8.1}  {:>12.0}",
                f.us, f.cycles
            );
        };

        let f = measure(300, |_| {
            con.print(black_box(&line));
            con.print("\n");
            con.render(&mut tc);
        });
        report("full-screen scroll", f);

        con.prompt();
        con.render(&mut tc);
        let f = measure(3000, |i| {
            if i % 100 == 99 {
                // Keep the line short; Ctrl-U redraws, so it is part of the mean (1 in 100).
                con.handle_key(Key::Ctrl('u'), &mut NoCompletion);
            }
            con.handle_key(Key::Char(black_box('x')), &mut NoCompletion);
            con.render(&mut tc);
        });
        report("keystroke echo", f);

        let f = measure(3000, |_| con.render(&mut tc));
        report("render, nothing changed", f);

        let f = measure(100, |_| {
            con.invalidate();
            con.render(&mut tc);
        });
        report("full redraw", f);

        let f = measure(300, |_| {
            tc.framebuffer_mut().mark_all_dirty();
            tc.framebuffer_mut().present();
        });
        report("copy all rows to front", f);
        black_box(&front);
    }
}
