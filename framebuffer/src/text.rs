//! Text cells on the framebuffer with anti-aliased Noto Sans Mono glyphs.

use crate::Framebuffer;
use embedded_graphics_core::pixelcolor::Rgb888;
use noto_sans_mono_bitmap::{
    get_raster, get_raster_width, FontWeight, RasterHeight, RasterizedChar,
};
use ui::{Cell, Color, Renderer};

/// One blended, encoded pixel per glyph coverage byte, computed once per (fg, bg) pair so the
/// glyph loop is a table lookup per pixel.
const LEVELS: usize = 256;

/// A glyph height that gives roughly 45-70 rows and at least 140 columns from 1024x768 to 4K.
pub fn font_for_resolution(width: usize, height: usize) -> RasterHeight {
    if height >= 1800 && width >= 2400 {
        RasterHeight::Size32
    } else if height >= 1300 && width >= 1700 {
        RasterHeight::Size24
    } else if height >= 1000 && width >= 1400 {
        RasterHeight::Size20
    } else {
        RasterHeight::Size16
    }
}

/// A grid of character cells on a [`Framebuffer`]; implements [`ui::Renderer`].
pub struct TextConsole<'a> {
    fb: Framebuffer<'a>,
    height: RasterHeight,
    weight: FontWeight,
    cell_w: usize,
    cell_h: usize,
    cols: usize,
    rows: usize,
    /// Top-left pixel of cell (0, 0); the grid is centred on the screen.
    ox: usize,
    oy: usize,
    lut_key: Option<(Color, Color)>,
    lut: [u32; LEVELS],
}

fn rgb(c: Color) -> Rgb888 {
    Rgb888::new(c.r, c.g, c.b)
}

fn blend(bg: u8, fg: u8, a: usize) -> u8 {
    let (bg, fg) = (i32::from(bg), i32::from(fg));
    (bg + (fg - bg) * a as i32 / 255) as u8
}

impl<'a> TextConsole<'a> {
    /// A console with the font chosen by [`font_for_resolution`]; clears the screen.
    pub fn new(fb: Framebuffer<'a>) -> Self {
        let h = font_for_resolution(fb.width(), fb.height());
        Self::with_font(fb, h)
    }

    pub fn with_font(mut fb: Framebuffer<'a>, height: RasterHeight) -> Self {
        let weight = FontWeight::Regular;
        let cell_w = get_raster_width(weight, height);
        let cell_h = height.val();
        let cols = fb.width() / cell_w;
        let rows = fb.height() / cell_h;
        let bg = fb.encode(rgb(Color::DEFAULT_BG));
        fb.fill_rect(0, 0, fb.width(), fb.height(), bg);
        TextConsole {
            ox: (fb.width() - cols * cell_w) / 2,
            oy: (fb.height() - rows * cell_h) / 2,
            fb,
            height,
            weight,
            cell_w,
            cell_h,
            cols,
            rows,
            lut_key: None,
            lut: [0; LEVELS],
        }
    }

    /// Columns and rows that fit (pass them to `ui::Console::new`).
    pub fn grid_size(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// Pixel size of one cell.
    pub fn cell_size(&self) -> (usize, usize) {
        (self.cell_w, self.cell_h)
    }

    /// Pixel position of cell (0, 0).
    pub fn origin(&self) -> (usize, usize) {
        (self.ox, self.oy)
    }

    pub fn font(&self) -> (RasterHeight, FontWeight) {
        (self.height, self.weight)
    }

    pub fn framebuffer(&self) -> &Framebuffer<'a> {
        &self.fb
    }

    pub fn framebuffer_mut(&mut self) -> &mut Framebuffer<'a> {
        &mut self.fb
    }

    /// The encoded pixel value for `fg` over `bg` at glyph coverage `a` (for tests).
    pub fn shade(&mut self, fg: Color, bg: Color, a: u8) -> u32 {
        self.prepare(fg, bg);
        self.lut[usize::from(a)]
    }

    fn prepare(&mut self, fg: Color, bg: Color) {
        if self.lut_key == Some((fg, bg)) {
            return;
        }
        for (i, slot) in self.lut.iter_mut().enumerate() {
            let c = Rgb888::new(
                blend(bg.r, fg.r, i),
                blend(bg.g, fg.g, i),
                blend(bg.b, fg.b, i),
            );
            *slot = self.fb.encode(c);
        }
        self.lut_key = Some((fg, bg));
    }

    fn glyph(&self, ch: char) -> Option<RasterizedChar> {
        get_raster(ch, self.weight, self.height)
            .or_else(|| get_raster(ascii_stand_in(ch)?, self.weight, self.height))
            .or_else(|| get_raster('\u{fffd}', self.weight, self.height))
            .or_else(|| get_raster('?', self.weight, self.height))
    }
}

/// The font has no arrows or math signs; the shell prints a few (`→` before
/// a proposal, `≥`, `…`). A close ASCII character reads better than U+FFFD.
fn ascii_stand_in(ch: char) -> Option<char> {
    Some(match ch {
        '→' | '⇒' | '≥' | '›' => '>',
        '←' | '≤' | '‹' => '<',
        '…' => '.',
        '—' | '–' | '−' => '-',
        '‘' | '’' => '\'',
        '“' | '”' => '"',
        _ => return None,
    })
}

impl Renderer for TextConsole<'_> {
    fn draw_cell(&mut self, row: usize, col: usize, cell: Cell) {
        if row >= self.rows || col >= self.cols {
            return;
        }
        let x0 = self.ox + col * self.cell_w;
        let y0 = self.oy + row * self.cell_h;
        self.prepare(cell.fg, cell.bg);
        let glyph = if cell.ch == ' ' {
            None
        } else {
            self.glyph(cell.ch)
        };
        let Some(glyph) = glyph else {
            let bg = self.lut[0];
            self.fb.fill_rect(x0, y0, self.cell_w, self.cell_h, bg);
            return;
        };
        let lut = self.lut;
        for (dy, line) in glyph.rows().enumerate() {
            let dst = self.fb.row_mut(y0 + dy, x0, self.cell_w);
            for (d, &a) in dst.iter_mut().zip(line) {
                *d = lut[usize::from(a)];
            }
        }
    }

    fn scroll_up(&mut self, rows: usize, n: usize) {
        let rows = rows.min(self.rows);
        let bg = self.fb.encode(rgb(Color::DEFAULT_BG));
        self.fb
            .scroll_up(self.oy, self.oy + rows * self.cell_h, n * self.cell_h, bg);
    }

    fn flush(&mut self) {
        self.fb.present();
    }
}
