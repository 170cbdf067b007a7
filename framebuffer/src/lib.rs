//! Pixels for the console: an `embedded-graphics` [`DrawTarget`] over a linear 32-bit
//! framebuffer of any pitch and channel layout, with a back buffer in RAM.
//!
//! Everything is drawn into the back buffer; [`Framebuffer::present`] copies only the pixel rows
//! that changed to the real framebuffer, which is slow to write (uncached or write-combined
//! memory on hardware, a trapped region under some emulators) and never read. Scrolling moves
//! the back buffer with one `memmove`.
//!
//! [`TextConsole`] draws `ui` cells with glyphs from `noto-sans-mono-bitmap` and implements
//! [`ui::Renderer`].
#![cfg_attr(not(test), no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
extern crate alloc;

mod text;

pub use embedded_graphics_core;
pub use noto_sans_mono_bitmap::{FontWeight, RasterHeight};
pub use text::{font_for_resolution, TextConsole};

use alloc::vec;
use alloc::vec::Vec;
use core::convert::Infallible;
use embedded_graphics_core::draw_target::DrawTarget;
use embedded_graphics_core::geometry::{OriginDimensions, Point, Size};
use embedded_graphics_core::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics_core::primitives::Rectangle;
use embedded_graphics_core::Pixel;

/// Position and width of one color channel inside a pixel, as firmware reports it
/// (UEFI GOP masks, Limine `red_mask_size`/`red_mask_shift`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Channel {
    /// Bits in the channel, 1..=16.
    pub size: u8,
    /// Bit position of the channel's least significant bit.
    pub shift: u8,
}

/// A 32-bit pixel layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelFormat {
    pub bits_per_pixel: u16,
    pub red: Channel,
    pub green: Channel,
    pub blue: Channel,
}

impl PixelFormat {
    /// `0x00RRGGBB` in a little-endian u32: bytes B, G, R, x in memory (the common GOP layout).
    pub const XRGB8888: PixelFormat = PixelFormat {
        bits_per_pixel: 32,
        red: Channel { size: 8, shift: 16 },
        green: Channel { size: 8, shift: 8 },
        blue: Channel { size: 8, shift: 0 },
    };
    /// `0x00BBGGRR`: bytes R, G, B, x in memory.
    pub const XBGR8888: PixelFormat = PixelFormat {
        bits_per_pixel: 32,
        red: Channel { size: 8, shift: 0 },
        green: Channel { size: 8, shift: 8 },
        blue: Channel { size: 8, shift: 16 },
    };
}

/// The framebuffer as the loader describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FbInfo {
    pub width: usize,
    pub height: usize,
    /// Bytes from the start of one pixel row to the next.
    pub pitch: usize,
    pub format: PixelFormat,
}

/// Why a framebuffer description was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FbError {
    /// Only 32 bits per pixel are supported.
    UnsupportedBpp(u16),
    /// A channel is empty, wider than 16 bits, or does not fit in 32 bits.
    BadChannel,
    ZeroSize,
    /// The pitch is smaller than a row of pixels.
    PitchTooSmall {
        pitch: usize,
        min: usize,
    },
    /// The memory given is smaller than `pitch * height`.
    BufferTooSmall {
        len: usize,
        need: usize,
    },
}

impl core::fmt::Display for FbError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FbError::UnsupportedBpp(b) => write!(f, "{b} bits per pixel unsupported (need 32)"),
            FbError::BadChannel => write!(f, "color channel mask out of range"),
            FbError::ZeroSize => write!(f, "framebuffer has zero width or height"),
            FbError::PitchTooSmall { pitch, min } => write!(f, "pitch {pitch} < row size {min}"),
            FbError::BufferTooSmall { len, need } => {
                write!(f, "framebuffer memory {len} bytes < {need} needed")
            }
        }
    }
}

const BYTES_PER_PIXEL: usize = 4;

pub struct Framebuffer<'a> {
    front: &'a mut [u8],
    info: FbInfo,
    /// Pixels already encoded in the screen's layout, row-major, `width` per row (no padding).
    back: Vec<u32>,
    /// One flag per pixel row: changed since the last `present`.
    dirty: Vec<bool>,
}

impl<'a> Framebuffer<'a> {
    /// Wraps the framebuffer memory. The back buffer starts black and fully dirty.
    pub fn new(front: &'a mut [u8], info: FbInfo) -> Result<Self, FbError> {
        let f = info.format;
        if f.bits_per_pixel != 32 {
            return Err(FbError::UnsupportedBpp(f.bits_per_pixel));
        }
        for c in [f.red, f.green, f.blue] {
            if c.size == 0 || c.size > 16 || u32::from(c.size) + u32::from(c.shift) > 32 {
                return Err(FbError::BadChannel);
            }
        }
        if info.width == 0 || info.height == 0 {
            return Err(FbError::ZeroSize);
        }
        let min = info
            .width
            .checked_mul(BYTES_PER_PIXEL)
            .ok_or(FbError::PitchTooSmall {
                pitch: info.pitch,
                min: usize::MAX,
            })?;
        if info.pitch < min {
            return Err(FbError::PitchTooSmall {
                pitch: info.pitch,
                min,
            });
        }
        // The last row only needs its pixels, not the full pitch.
        let need = info
            .pitch
            .checked_mul(info.height - 1)
            .and_then(|n| n.checked_add(min))
            .ok_or(FbError::BufferTooSmall {
                len: front.len(),
                need: usize::MAX,
            })?;
        if front.len() < need {
            return Err(FbError::BufferTooSmall {
                len: front.len(),
                need,
            });
        }
        Ok(Framebuffer {
            front,
            info,
            back: vec![0; info.width * info.height],
            dirty: vec![true; info.height],
        })
    }

    /// Wraps framebuffer memory given by address.
    ///
    /// # Safety
    /// `ptr..ptr+len` must be mapped, writable, not used by anything else for `'a`, and valid
    /// for byte writes (any alignment is fine).
    pub unsafe fn from_raw(ptr: *mut u8, len: usize, info: FbInfo) -> Result<Self, FbError> {
        // SAFETY: the caller guarantees the range is exclusive, mapped and writable for 'a.
        let front = unsafe { core::slice::from_raw_parts_mut(ptr, len) };
        Self::new(front, info)
    }

    pub fn info(&self) -> &FbInfo {
        &self.info
    }

    pub fn width(&self) -> usize {
        self.info.width
    }

    pub fn height(&self) -> usize {
        self.info.height
    }

    /// The real framebuffer memory (tests read it back; the kernel never needs to).
    pub fn front(&self) -> &[u8] {
        self.front
    }

    /// A color in the screen's pixel layout.
    #[inline]
    pub fn encode(&self, c: Rgb888) -> u32 {
        let f = &self.info.format;
        let ch = |v: u8, c: Channel| -> u32 {
            let v = u32::from(v);
            let scaled = if c.size <= 8 {
                v >> (8 - c.size)
            } else {
                // Wider than 8 bits: replicate the top bits so 0xff becomes all ones.
                (v << (c.size - 8)) | (v >> (16 - c.size))
            };
            scaled << c.shift
        };
        ch(c.r(), f.red) | ch(c.g(), f.green) | ch(c.b(), f.blue)
    }

    /// The encoded pixel in the back buffer (for tests and readback).
    pub fn back_pixel(&self, x: usize, y: usize) -> Option<u32> {
        (x < self.info.width && y < self.info.height).then(|| self.back[y * self.info.width + x])
    }

    /// Sets one pixel; outside the screen is ignored.
    #[inline]
    pub fn set_pixel(&mut self, x: usize, y: usize, value: u32) {
        if x < self.info.width && y < self.info.height {
            self.back[y * self.info.width + x] = value;
            self.dirty[y] = true;
        }
    }

    /// One row of the back buffer, starting at pixel `x`, for fast span writes. Marks it dirty.
    #[inline]
    pub(crate) fn row_mut(&mut self, y: usize, x: usize, len: usize) -> &mut [u32] {
        self.dirty[y] = true;
        let start = y * self.info.width + x;
        &mut self.back[start..start + len]
    }

    /// Fills a rectangle, clipped to the screen, with an encoded value.
    pub fn fill_rect(&mut self, x: usize, y: usize, w: usize, h: usize, value: u32) {
        let x1 = x.saturating_add(w).min(self.info.width);
        let y1 = y.saturating_add(h).min(self.info.height);
        if x >= x1 {
            return;
        }
        for row in y.min(y1)..y1 {
            self.row_mut(row, x, x1 - x).fill(value);
        }
    }

    /// Moves pixel rows `top+dy..bottom` up to `top..bottom-dy` and fills the freed rows with
    /// `fill`. One memmove of the back buffer; every row of the band becomes dirty.
    pub fn scroll_up(&mut self, top: usize, bottom: usize, dy: usize, fill: u32) {
        let bottom = bottom.min(self.info.height);
        if top >= bottom {
            return;
        }
        let w = self.info.width;
        let dy = dy.min(bottom - top);
        self.back.copy_within((top + dy) * w..bottom * w, top * w);
        self.back[(bottom - dy) * w..bottom * w].fill(fill);
        self.dirty[top..bottom].fill(true);
    }

    /// Marks everything for copying on the next `present` (e.g. after someone else drew).
    pub fn mark_all_dirty(&mut self) {
        self.dirty.fill(true);
    }

    /// Copies the changed rows to the real framebuffer; returns how many rows were copied.
    pub fn present(&mut self) -> usize {
        let w = self.info.width;
        let row_bytes = w * BYTES_PER_PIXEL;
        let mut copied = 0;
        for y in 0..self.info.height {
            if !core::mem::take(&mut self.dirty[y]) {
                continue;
            }
            let src = &self.back[y * w..(y + 1) * w];
            let dst = &mut self.front[y * self.info.pitch..y * self.info.pitch + row_bytes];
            copy_row(dst, src);
            copied += 1;
        }
        copied
    }
}

/// Writes encoded pixels as little-endian u32s (the byte order of x86 framebuffers).
#[inline]
fn copy_row(dst: &mut [u8], src: &[u32]) {
    #[cfg(target_endian = "little")]
    {
        // SAFETY: `src` is a valid, initialised `[u32]`; viewing its memory as `len * 4` bytes
        // is in bounds, `u8` has no alignment requirement and every byte value is a valid `u8`.
        let bytes =
            unsafe { core::slice::from_raw_parts(src.as_ptr().cast::<u8>(), src.len() * 4) };
        dst.copy_from_slice(bytes);
    }
    #[cfg(not(target_endian = "little"))]
    for (d, s) in dst.chunks_exact_mut(4).zip(src) {
        d.copy_from_slice(&s.to_le_bytes());
    }
}

impl OriginDimensions for Framebuffer<'_> {
    fn size(&self) -> Size {
        Size::new(self.info.width as u32, self.info.height as u32)
    }
}

impl DrawTarget for Framebuffer<'_> {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        for Pixel(Point { x, y }, color) in pixels {
            if let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) {
                let v = self.encode(color);
                self.set_pixel(x, y, v);
            }
        }
        Ok(())
    }

    fn fill_solid(&mut self, area: &Rectangle, color: Self::Color) -> Result<(), Self::Error> {
        let area = area.intersection(&Rectangle::new(Point::zero(), self.size()));
        if area.size.width == 0 || area.size.height == 0 {
            return Ok(());
        }
        let v = self.encode(color);
        self.fill_rect(
            area.top_left.x as usize,
            area.top_left.y as usize,
            area.size.width as usize,
            area.size.height as usize,
            v,
        );
        Ok(())
    }

    fn clear(&mut self, color: Self::Color) -> Result<(), Self::Error> {
        let v = self.encode(color);
        self.back.fill(v);
        self.dirty.fill(true);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
