//! Minimal framebuffer text output: the boot banner, early log lines and the panic screen.
//!
//! Deliberately independent of the heap and of every lock the rest of the kernel takes: it
//! writes glyphs from `noto-sans-mono-bitmap` straight into the framebuffer, so the panic screen
//! still works when the allocator or a lock holder is what broke. The full terminal (back buffer,
//! scrollback, status bar) lives in the `framebuffer`/`ui` crates and takes over after boot.

use core::fmt;
use noto_sans_mono_bitmap::{get_raster, get_raster_width, FontWeight, RasterHeight};
use spin::{Mutex, Once};

const FONT_WEIGHT: FontWeight = FontWeight::Regular;
const FONT_HEIGHT: RasterHeight = RasterHeight::Size16;
const CHAR_W: usize = get_raster_width(FONT_WEIGHT, FONT_HEIGHT);
const CHAR_H: usize = FONT_HEIGHT.val();
/// Left/top margin in pixels.
const MARGIN: usize = 8;

/// Geometry and pixel layout of a linear framebuffer, as the loader describes it.
#[derive(Clone, Copy, Debug)]
pub struct FbInfo {
    /// Virtual address of pixel (0, 0).
    pub addr: *mut u8,
    pub width: usize,
    pub height: usize,
    /// Bytes per scanline (may exceed `width * bytes_per_pixel`).
    pub pitch: usize,
    pub bpp: u16,
    pub red_shift: u8,
    pub red_size: u8,
    pub green_shift: u8,
    pub green_size: u8,
    pub blue_shift: u8,
    pub blue_size: u8,
}

// SAFETY: the framebuffer is a fixed MMIO/RAM region valid for the kernel's whole life; FbInfo is
// plain data describing it, and all writes go through a lock or the single-threaded panic path.
unsafe impl Send for FbInfo {}
// SAFETY: as above; shared references only read the description.
unsafe impl Sync for FbInfo {}

impl FbInfo {
    /// The description of a framebuffer the loader answered with.
    pub fn from_limine(fb: &limine::framebuffer::Framebuffer<'_>) -> Self {
        FbInfo {
            addr: fb.addr(),
            width: fb.width() as usize,
            height: fb.height() as usize,
            pitch: fb.pitch() as usize,
            bpp: fb.bpp(),
            red_shift: fb.red_mask_shift(),
            red_size: fb.red_mask_size(),
            green_shift: fb.green_mask_shift(),
            green_size: fb.green_mask_size(),
            blue_shift: fb.blue_mask_shift(),
            blue_size: fb.blue_mask_size(),
        }
    }

    fn bytes_per_pixel(&self) -> usize {
        usize::from(self.bpp).div_ceil(8)
    }

    /// Whether this kernel can draw into the framebuffer at all (24 or 32 bits per pixel).
    fn drawable(&self) -> bool {
        !self.addr.is_null() && matches!(self.bpp, 24 | 32) && self.width > 0 && self.height > 0
    }

    fn encode(&self, rgb: Rgb) -> u32 {
        fn chan(v: u8, size: u8, shift: u8) -> u32 {
            let size = size.min(8);
            (u32::from(v) >> (8 - size)) << shift
        }
        chan(rgb.0, self.red_size, self.red_shift)
            | chan(rgb.1, self.green_size, self.green_shift)
            | chan(rgb.2, self.blue_size, self.blue_shift)
    }
}

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    fn blend(self, other: Rgb, alpha: u8) -> Rgb {
        let mix = |a: u8, b: u8| {
            let a = u32::from(a) * u32::from(alpha);
            let b = u32::from(b) * (255 - u32::from(alpha));
            ((a + b) / 255) as u8
        };
        Rgb(
            mix(self.0, other.0),
            mix(self.1, other.1),
            mix(self.2, other.2),
        )
    }
}

pub const BOOT_BG: Rgb = Rgb(0x10, 0x14, 0x1c);
pub const BOOT_FG: Rgb = Rgb(0xd8, 0xdc, 0xe4);
pub const ACCENT: Rgb = Rgb(0x7f, 0xd1, 0xff);
pub const PANIC_BG: Rgb = Rgb(0x5a, 0x0a, 0x0a);
pub const PANIC_FG: Rgb = Rgb(0xff, 0xf0, 0xf0);

/// A text cursor over a framebuffer. Scrolls by moving framebuffer rows up.
pub struct TextConsole {
    fb: FbInfo,
    cols: usize,
    rows: usize,
    col: usize,
    row: usize,
    fg: Rgb,
    bg: Rgb,
}

impl TextConsole {
    /// A console over `fb`, cleared to `bg`.
    pub fn new(fb: FbInfo, fg: Rgb, bg: Rgb) -> Self {
        let cols = fb.width.saturating_sub(2 * MARGIN) / CHAR_W;
        let rows = fb.height.saturating_sub(2 * MARGIN) / CHAR_H;
        let mut c = TextConsole {
            fb,
            cols,
            rows,
            col: 0,
            row: 0,
            fg,
            bg,
        };
        c.clear();
        c
    }

    pub fn set_fg(&mut self, fg: Rgb) {
        self.fg = fg;
    }

    pub fn clear(&mut self) {
        if self.fb.drawable() {
            let px = self.fb.encode(self.bg);
            for y in 0..self.fb.height {
                self.fill_span(0, y, self.fb.width, px);
            }
        }
        self.col = 0;
        self.row = 0;
    }

    fn fill_span(&mut self, x: usize, y: usize, len: usize, px: u32) {
        let bpp = self.fb.bytes_per_pixel();
        // SAFETY: callers keep x+len <= width and y < height, so every byte written lies inside
        // the framebuffer's pitch*height bytes.
        unsafe {
            let row = self.fb.addr.add(y * self.fb.pitch + x * bpp);
            for i in 0..len {
                write_pixel(row.add(i * bpp), bpp, px);
            }
        }
    }

    fn draw_glyph(&mut self, c: char) {
        let Some(raster) = get_raster(c, FONT_WEIGHT, FONT_HEIGHT)
            .or_else(|| get_raster('?', FONT_WEIGHT, FONT_HEIGHT))
        else {
            return;
        };
        let x0 = MARGIN + self.col * CHAR_W;
        let y0 = MARGIN + self.row * CHAR_H;
        let bpp = self.fb.bytes_per_pixel();
        for (dy, line) in raster.rows().enumerate() {
            for (dx, &alpha) in line.iter().enumerate() {
                let px = self.fb.encode(self.fg.blend(self.bg, alpha));
                // SAFETY: the glyph cell lies inside the text area, which new() sized to fit in
                // the framebuffer.
                unsafe {
                    let p = self
                        .fb
                        .addr
                        .add((y0 + dy) * self.fb.pitch + (x0 + dx) * bpp);
                    write_pixel(p, bpp, px);
                }
            }
        }
    }

    fn newline(&mut self) {
        self.col = 0;
        if self.row + 1 < self.rows {
            self.row += 1;
            return;
        }
        // Scroll the text area one line up. Reading the framebuffer is slow on real hardware, but
        // this console only carries the boot log and the panic screen.
        let line_bytes = CHAR_H * self.fb.pitch;
        let top = MARGIN * self.fb.pitch;
        let moved = (self.rows - 1) * line_bytes;
        // SAFETY: source and destination both lie in the text area inside the framebuffer;
        // `copy` handles the overlap.
        unsafe {
            core::ptr::copy(
                self.fb.addr.add(top + line_bytes),
                self.fb.addr.add(top),
                moved,
            );
        }
        let px = self.fb.encode(self.bg);
        let y0 = MARGIN + self.row * CHAR_H;
        for y in y0..y0 + CHAR_H {
            self.fill_span(0, y, self.fb.width, px);
        }
    }

    fn put(&mut self, c: char) {
        if self.rows == 0 || self.cols == 0 || !self.fb.drawable() {
            return;
        }
        match c {
            '\n' => self.newline(),
            '\r' => self.col = 0,
            '\t' => {
                for _ in 0..(4 - self.col % 4) {
                    self.put(' ');
                }
            }
            c => {
                if self.col >= self.cols {
                    self.newline();
                }
                self.draw_glyph(c);
                self.col += 1;
            }
        }
    }
}

impl fmt::Write for TextConsole {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            self.put(c);
        }
        Ok(())
    }
}

/// # Safety
/// `p` must point to `bpp` writable bytes of the framebuffer.
unsafe fn write_pixel(p: *mut u8, bpp: usize, px: u32) {
    // SAFETY: guaranteed by the caller; volatile because the framebuffer is device memory whose
    // writes must not be elided or merged away.
    unsafe {
        if bpp == 4 {
            p.cast::<u32>().write_volatile(px);
        } else {
            let b = px.to_le_bytes();
            for (i, &byte) in b.iter().take(bpp).enumerate() {
                p.add(i).write_volatile(byte);
            }
        }
    }
}

static FB: Once<FbInfo> = Once::new();
static CONSOLE: Mutex<Option<TextConsole>> = Mutex::new(None);

/// Takes the framebuffer for the boot console and clears it.
pub fn init(fb: FbInfo) {
    let fb = *FB.call_once(|| fb);
    *CONSOLE.lock() = Some(TextConsole::new(fb, BOOT_FG, BOOT_BG));
}

/// The framebuffer given to [`init`], for the console that replaces this one.
pub fn framebuffer() -> Option<FbInfo> {
    FB.get().copied()
}

/// Stops the boot console from drawing (the real terminal owns the screen from now on).
pub fn release() {
    *CONSOLE.lock() = None;
}

/// Writes to the boot console if it is active. Never blocks: drops the text if the console is
/// busy (that only happens when a panic interrupted a write).
pub fn write_fmt(args: fmt::Arguments<'_>) {
    if let Some(mut guard) = CONSOLE.try_lock() {
        if let Some(c) = guard.as_mut() {
            let _ = fmt::Write::write_fmt(c, args);
        }
    }
}

/// Writes coloured text to the boot console (for the banner).
pub fn write_colored(fg: Rgb, s: &str) {
    if let Some(mut guard) = CONSOLE.try_lock() {
        if let Some(c) = guard.as_mut() {
            let old = c.fg;
            c.set_fg(fg);
            let _ = fmt::Write::write_str(c, s);
            c.set_fg(old);
        }
    }
}

/// A fresh console for the panic screen, ignoring any lock: the panicking path is the only code
/// still running, and whoever held the lock will never resume.
pub fn panic_console() -> Option<TextConsole> {
    FB.get().map(|fb| TextConsole::new(*fb, PANIC_FG, PANIC_BG))
}

/// Draws the boot banner at the top of the boot console.
pub fn banner(version: &str) {
    write_colored(ACCENT, "nosys");
    write_fmt(format_args!(
        " {version} - a kernel whose shell is a language model\n\n"
    ));
}

/// Log sink for [`crate::serial::set_log_sink`]: log lines on the boot console.
pub fn log_sink(line: &str) {
    write_fmt(format_args!("{line}"));
}
