use super::*;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{Line, PrimitiveStyle};
use keyboard::Key;
use noto_sans_mono_bitmap::get_raster;
use ui::{Cell, Color, Console, NoCompletion, Renderer};

/// Fills memory with a sentinel so writes outside the pixel area show up.
const SENTINEL: u8 = 0xab;

fn info(width: usize, height: usize, pitch: usize, format: PixelFormat) -> FbInfo {
    FbInfo {
        width,
        height,
        pitch,
        format,
    }
}

fn mem(i: &FbInfo) -> Vec<u8> {
    vec![SENTINEL; i.pitch * i.height]
}

fn front_px(fb: &Framebuffer<'_>, x: usize, y: usize) -> [u8; 4] {
    let o = y * fb.info().pitch + x * 4;
    fb.front()[o..o + 4].try_into().unwrap()
}

/// Every byte between the end of a row's pixels and the next row is untouched.
fn padding_untouched(fb: &Framebuffer<'_>) -> bool {
    let i = fb.info();
    (0..i.height).all(|y| {
        fb.front()[y * i.pitch + i.width * 4..(y + 1) * i.pitch]
            .iter()
            .all(|&b| b == SENTINEL)
    })
}

#[test]
fn rejects_bad_descriptions() {
    let mut m = vec![0u8; 4096];
    let mut f = PixelFormat::XRGB8888;
    f.bits_per_pixel = 24;
    assert_eq!(
        Framebuffer::new(&mut m, info(10, 10, 40, f)).err(),
        Some(FbError::UnsupportedBpp(24))
    );
    let mut f = PixelFormat::XRGB8888;
    f.red = Channel { size: 8, shift: 30 };
    assert_eq!(
        Framebuffer::new(&mut m, info(10, 10, 40, f)).err(),
        Some(FbError::BadChannel)
    );
    let x = PixelFormat::XRGB8888;
    assert_eq!(
        Framebuffer::new(&mut m, info(10, 10, 39, x)).err(),
        Some(FbError::PitchTooSmall { pitch: 39, min: 40 })
    );
    assert_eq!(
        Framebuffer::new(&mut m, info(0, 10, 40, x)).err(),
        Some(FbError::ZeroSize)
    );
    assert_eq!(
        Framebuffer::new(&mut m, info(10, 100, 64, x)).err(),
        Some(FbError::BufferTooSmall {
            len: 4096,
            need: 64 * 99 + 40
        })
    );
    assert_eq!(
        Framebuffer::new(&mut m, info(usize::MAX / 2, 2, 64, x)).err(),
        Some(FbError::PitchTooSmall {
            pitch: 64,
            min: usize::MAX
        })
    );
    // Exactly enough: the last row needs only its pixels, not the whole pitch.
    let mut exact = vec![0u8; 64 * 9 + 40];
    assert!(Framebuffer::new(&mut exact, info(10, 10, 64, x)).is_ok());
}

#[test]
fn channel_layouts_encode_as_firmware_expects() {
    let c = Rgb888::new(0x12, 0x34, 0x56);
    for (format, bytes) in [
        (PixelFormat::XRGB8888, [0x56, 0x34, 0x12, 0]),
        (PixelFormat::XBGR8888, [0x12, 0x34, 0x56, 0]),
        // RGBx with red in the top byte.
        (
            PixelFormat {
                bits_per_pixel: 32,
                red: Channel { size: 8, shift: 24 },
                green: Channel { size: 8, shift: 16 },
                blue: Channel { size: 8, shift: 8 },
            },
            [0, 0x56, 0x34, 0x12],
        ),
    ] {
        let i = info(3, 2, 3 * 4 + 20, format);
        let mut m = mem(&i);
        let mut fb = Framebuffer::new(&mut m, i).unwrap();
        Pixel(Point::new(2, 1), c).draw(&mut fb).unwrap();
        fb.present();
        assert_eq!(front_px(&fb, 2, 1), bytes, "{format:?}");
        assert_eq!(front_px(&fb, 0, 0), [0, 0, 0, 0]);
        assert!(padding_untouched(&fb));
    }
}

#[test]
fn ten_bit_channels_scale_full_range() {
    let f = PixelFormat {
        bits_per_pixel: 32,
        red: Channel {
            size: 10,
            shift: 20,
        },
        green: Channel {
            size: 10,
            shift: 10,
        },
        blue: Channel { size: 10, shift: 0 },
    };
    let i = info(1, 1, 4, f);
    let mut m = mem(&i);
    let fb = Framebuffer::new(&mut m, i).unwrap();
    assert_eq!(fb.encode(Rgb888::new(0xff, 0, 0)), 0x3ff << 20);
    assert_eq!(fb.encode(Rgb888::new(0, 0x80, 0)), 0x202 << 10);
    assert_eq!(fb.encode(Rgb888::new(0, 0, 0)), 0);
}

#[test]
fn embedded_graphics_primitives_with_odd_pitch() {
    // 13 pixels wide, pitch 13*4 + 28 bytes.
    let i = info(13, 7, 80, PixelFormat::XBGR8888);
    let mut m = mem(&i);
    let mut fb = Framebuffer::new(&mut m, i).unwrap();
    fb.clear(Rgb888::BLACK).unwrap();
    Rectangle::new(Point::new(-5, 2), Size::new(8, 3))
        .into_styled(PrimitiveStyle::with_fill(Rgb888::RED))
        .draw(&mut fb)
        .unwrap();
    Line::new(Point::new(0, 6), Point::new(20, 6))
        .into_styled(PrimitiveStyle::with_stroke(Rgb888::GREEN, 1))
        .draw(&mut fb)
        .unwrap();
    fb.present();
    for y in 0..7 {
        for x in 0..13 {
            let want = if (2..5).contains(&y) && x < 3 {
                [0xff, 0, 0, 0]
            } else if y == 6 {
                [0, 0xff, 0, 0]
            } else {
                [0, 0, 0, 0]
            };
            assert_eq!(front_px(&fb, x, y), want, "pixel {x},{y}");
        }
    }
    assert!(padding_untouched(&fb));
}

#[test]
fn only_dirty_rows_are_copied() {
    let i = info(8, 6, 40, PixelFormat::XRGB8888);
    let mut m = mem(&i);
    let mut fb = Framebuffer::new(&mut m, i).unwrap();
    assert_eq!(fb.present(), 6);
    assert_eq!(fb.present(), 0);
    let v = fb.encode(Rgb888::WHITE);
    fb.set_pixel(3, 4, v);
    fb.set_pixel(99, 1, v); // off screen: ignored, row 1 stays clean
    assert_eq!(fb.present(), 1);
    assert_eq!(front_px(&fb, 3, 4), [0xff, 0xff, 0xff, 0]);
    fb.fill_rect(6, 1, 100, 2, v);
    assert_eq!(fb.present(), 2);
    assert_eq!(front_px(&fb, 7, 2), [0xff, 0xff, 0xff, 0]);
    assert_eq!(front_px(&fb, 5, 2), [0, 0, 0, 0]);
}

#[test]
fn scrolling_moves_the_back_buffer() {
    let i = info(4, 6, 16, PixelFormat::XRGB8888);
    let mut m = mem(&i);
    let mut fb = Framebuffer::new(&mut m, i).unwrap();
    for y in 0..6 {
        fb.set_pixel(0, y, y as u32 + 1);
    }
    fb.present();
    fb.scroll_up(1, 5, 2, 0xee);
    let col: Vec<u32> = (0..6).map(|y| fb.back_pixel(0, y).unwrap()).collect();
    assert_eq!(col, [1, 4, 5, 0xee, 0xee, 6]);
    assert_eq!(fb.present(), 4);
    assert_eq!(front_px(&fb, 0, 2), [5, 0, 0, 0]);
}

#[test]
fn font_choice_by_resolution() {
    let f = |w, h| font_for_resolution(w, h);
    assert_eq!(f(1024, 768), RasterHeight::Size16);
    assert_eq!(f(1280, 800), RasterHeight::Size16);
    assert_eq!(f(1920, 1080), RasterHeight::Size20);
    assert_eq!(f(2560, 1440), RasterHeight::Size24);
    assert_eq!(f(3840, 2160), RasterHeight::Size32);
    for (w, h) in [
        (1024, 768),
        (1280, 800),
        (1920, 1080),
        (2560, 1440),
        (3840, 2160),
    ] {
        let i = info(w, h, w * 4, PixelFormat::XRGB8888);
        let mut m = vec![0u8; i.pitch * h];
        let tc = TextConsole::new(Framebuffer::new(&mut m, i).unwrap());
        let (cols, rows) = tc.grid_size();
        assert!(
            cols >= 140 && (45..=70).contains(&rows),
            "{w}x{h}: {cols}x{rows}"
        );
    }
}

/// Checks one cell's pixels against the font raster, byte for byte.
fn assert_cell(tc: &mut TextConsole<'_>, row: usize, col: usize, cell: Cell) {
    let (cw, chh) = tc.cell_size();
    let (ox, oy) = tc.origin();
    let (h, w) = tc.font();
    let raster = get_raster(cell.ch, w, h).unwrap();
    for y in 0..chh {
        for x in 0..cw {
            let a = if cell.ch == ' ' {
                0
            } else {
                raster.pixel(x, y).unwrap()
            };
            // Expected colour computed here, independently of the renderer's blend table.
            let mix = |b: u8, f: u8| {
                (i32::from(b) + (i32::from(f) - i32::from(b)) * i32::from(a) / 255) as u8
            };
            let (r, g, b) = (
                mix(cell.bg.r, cell.fg.r),
                mix(cell.bg.g, cell.fg.g),
                mix(cell.bg.b, cell.fg.b),
            );
            // XBGR8888 stores R, G, B, x; XRGB8888 stores B, G, R, x.
            let want = if tc.framebuffer().info().format == PixelFormat::XBGR8888 {
                [r, g, b, 0]
            } else {
                [b, g, r, 0]
            };
            assert_eq!(tc.shade(cell.fg, cell.bg, a).to_le_bytes(), want);
            let (px, py) = (ox + col * cw + x, oy + row * chh + y);
            assert_eq!(
                front_px(tc.framebuffer(), px, py),
                want,
                "cell {row},{col} '{}' pixel {x},{y}",
                cell.ch
            );
        }
    }
}

#[test]
fn console_renders_glyph_pixels_in_bgr_with_padding() {
    // 300x120, pitch with 36 bytes of padding, RGB byte order.
    let i = info(300, 120, 300 * 4 + 36, PixelFormat::XBGR8888);
    let mut m = mem(&i);
    let fb = Framebuffer::new(&mut m, i).unwrap();
    let mut tc = TextConsole::with_font(fb, RasterHeight::Size16);
    let (cols, rows) = tc.grid_size();
    assert_eq!((cols, rows), (300 / 7, 120 / 16));
    let mut c = Console::new(cols, rows);
    c.set_prompt("> ");
    c.prompt();
    for ch in "Ag".chars() {
        c.handle_key(Key::Char(ch), &mut NoCompletion);
    }
    c.render(&mut tc);
    let fg = Color::DEFAULT_FG;
    let bg = Color::DEFAULT_BG;
    assert_cell(&mut tc, 0, 2, Cell { ch: 'A', fg, bg });
    assert_cell(&mut tc, 0, 3, Cell { ch: 'g', fg, bg });
    // The prompt is green, the cursor an inverted blank.
    assert_cell(
        &mut tc,
        0,
        0,
        Cell {
            ch: '>',
            fg: Color::PROMPT,
            bg,
        },
    );
    assert_cell(&mut tc, 0, 4, Cell::BLANK.inverted());
    // 'A' has pixels of full coverage (exactly the foreground) and of none (the background).
    let (cw, chh) = tc.cell_size();
    let (ox, oy) = tc.origin();
    let cell_px: Vec<[u8; 4]> = (0..chh)
        .flat_map(|y| (0..cw).map(move |x| (x, y)))
        .map(|(x, y)| front_px(tc.framebuffer(), ox + 2 * cw + x, oy + y))
        .collect();
    assert!(cell_px.contains(&[fg.r, fg.g, fg.b, 0]));
    assert!(cell_px.contains(&[bg.r, bg.g, bg.b, 0]));
    // Status bar on the last row: READ-ONLY block colour.
    assert_cell(
        &mut tc,
        rows - 1,
        1,
        Cell {
            ch: 'R',
            fg: Color::STATUS_FG,
            bg: Color::READ_ONLY_BG,
        },
    );
    // Glyphs missing from the font fall back instead of failing.
    c.handle_key(Key::Char('漢'), &mut NoCompletion);
    c.render(&mut tc);
    assert!(padding_untouched(tc.framebuffer()));
    // Off-grid draws are ignored.
    tc.draw_cell(rows, 0, Cell::BLANK);
    tc.draw_cell(0, cols, Cell::BLANK);
}

#[test]
fn incremental_pixels_equal_a_fresh_render_after_scrolling() {
    let i = info(333, 200, 333 * 4 + 12, PixelFormat::XRGB8888);
    let mut m = mem(&i);
    let mut tc = TextConsole::with_font(Framebuffer::new(&mut m, i).unwrap(), RasterHeight::Size16);
    let (cols, rows) = tc.grid_size();
    let mut c = Console::new(cols, rows);
    c.render(&mut tc);
    for n in 0..40 {
        c.print(&format!(
            "\x1b[3{}mline {n} ÄÖÜ ß\x1b[0m {}\n",
            n % 8,
            "x".repeat(n)
        ));
        c.render(&mut tc);
    }
    c.prompt();
    for ch in "typed".chars() {
        c.handle_key(Key::Char(ch), &mut NoCompletion);
        c.render(&mut tc);
    }
    let incremental = tc.framebuffer().front().to_vec();

    let mut m2 = mem(&i);
    let mut tc2 =
        TextConsole::with_font(Framebuffer::new(&mut m2, i).unwrap(), RasterHeight::Size16);
    c.invalidate();
    c.render(&mut tc2);
    assert_eq!(incremental, tc2.framebuffer().front());
}

#[test]
fn symbols_without_a_glyph_draw_as_their_ascii_stand_in() {
    use noto_sans_mono_bitmap::{FontWeight, RasterHeight};
    // The font really lacks the arrow, so the stand-in is what makes it legible.
    assert!(get_raster('→', FontWeight::Regular, RasterHeight::Size16).is_none());
    let draw = |ch: char| {
        let mut buf = vec![0u8; 64 * 64 * 4];
        let info = FbInfo {
            width: 64,
            height: 64,
            pitch: 64 * 4,
            format: PixelFormat::XRGB8888,
        };
        let fb = Framebuffer::new(&mut buf, info).unwrap();
        let mut con = TextConsole::with_font(fb, RasterHeight::Size16);
        ui::Renderer::draw_cell(
            &mut con,
            0,
            0,
            ui::Cell {
                ch,
                ..ui::Cell::BLANK
            },
        );
        ui::Renderer::flush(&mut con);
        drop(con);
        buf
    };
    assert_eq!(draw('→'), draw('>'));
    assert_ne!(draw('→'), draw('\u{fffd}'));
}
