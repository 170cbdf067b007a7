//! VESA BIOS Extensions: the controller and mode information blocks the
//! BIOS loader gets from INT 10h AX=4F00h/4F01h, and the choice of a linear
//! framebuffer mode (VBE 3.0 core functions, sections 4.3 and 4.4).
//!
//! A mode is usable when it is supported by the monitor and adapter, a
//! graphics mode with a linear framebuffer, direct colour (memory model 6)
//! at 24 or 32 bits per pixel, and fits in the adapter's memory. The best
//! is the largest no bigger than 1920x1080 (32 bpp before 24 at one size),
//! unless `limine.conf` asks for a resolution that exists.

use crate::responses::FramebufferInfo;

/// The largest mode chosen without a `resolution:` asking for more.
pub const MAX_AUTO: (u64, u64) = (1920, 1080);
/// Bytes of the controller information block (VBE 2.0+).
pub const CONTROLLER_INFO_SIZE: usize = 512;
/// Bytes of the mode information block.
pub const MODE_INFO_SIZE: usize = 256;
/// Where a mode list ends.
pub const MODE_LIST_END: u16 = 0xffff;
/// What 4F0xh returns in AX on success.
pub const SUCCESS: u16 = 0x004f;
/// 4F02h: use the linear framebuffer (bit 14 of the mode number).
pub const USE_LINEAR_FRAMEBUFFER: u16 = 1 << 14;

const ATTR_SUPPORTED: u16 = 1 << 0;
const ATTR_GRAPHICS: u16 = 1 << 4;
const ATTR_LINEAR: u16 = 1 << 7;
const MODEL_DIRECT_COLOR: u8 = 6;

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// What the controller information block tells us.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Controller {
    /// BCD, e.g. 0x0300 for VBE 3.0.
    pub version: u16,
    /// Physical address of the mode list (a real-mode far pointer).
    pub mode_list: u64,
    /// Display memory in bytes.
    pub memory: u64,
}

/// Parses a controller information block; `None` without the `VESA`
/// signature.
pub fn parse_controller(block: &[u8]) -> Option<Controller> {
    if block.len() < 20 || &block[..4] != b"VESA" {
        return None;
    }
    let (off, seg) = (u16_at(block, 14), u16_at(block, 16));
    Some(Controller {
        version: u16_at(block, 4),
        mode_list: (u64::from(seg) << 4) + u64::from(off),
        memory: u64::from(u16_at(block, 18)) * 64 * 1024,
    })
}

/// A usable mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    pub number: u16,
    pub framebuffer: FramebufferInfo,
}

/// Parses the mode information block of mode `number`; `None` unless the
/// mode is usable (see the module comment) within `memory` bytes.
pub fn parse_mode(number: u16, block: &[u8], version: u16, memory: u64) -> Option<Mode> {
    if block.len() < 0x3c {
        return None;
    }
    let attributes = u16_at(block, 0);
    let needed = ATTR_SUPPORTED | ATTR_GRAPHICS | ATTR_LINEAR;
    if attributes & needed != needed || block[0x1b] != MODEL_DIRECT_COLOR {
        return None;
    }
    let bpp = block[0x19];
    if bpp != 24 && bpp != 32 {
        return None;
    }
    let (width, height) = (
        u64::from(u16_at(block, 0x12)),
        u64::from(u16_at(block, 0x14)),
    );
    // VBE 3.0 gives the pitch and masks of the linear mode separately;
    // before 3.0 the banked fields describe both.
    let vbe3 = version >= 0x0300;
    let pitch = match u16_at(block, 0x32) {
        p if vbe3 && p > 0 => p,
        _ => u16_at(block, 0x10),
    };
    let masks = if vbe3 && block[0x36] > 0 { 0x36 } else { 0x1f };
    let field = |i: usize| (block[masks + 2 * i], block[masks + 2 * i + 1]);
    let framebuffer = FramebufferInfo {
        phys: u64::from(u32_at(block, 0x28)),
        width,
        height,
        pitch: u64::from(pitch),
        bpp: u16::from(bpp),
        red: field(0),
        green: field(1),
        blue: field(2),
    };
    let fits = framebuffer.pitch >= width * u64::from(bpp) / 8
        && (memory == 0 || framebuffer.len() <= memory);
    (width > 0 && height > 0 && framebuffer.phys != 0 && fits).then_some(Mode {
        number,
        framebuffer,
    })
}

/// The mode to use: exactly `wanted` if some mode has that size, else the
/// largest within [`MAX_AUTO`]; at one size 32 bpp wins over 24.
pub fn choose(modes: &[Mode], wanted: Option<(u32, u32)>) -> Option<Mode> {
    let size = |m: &Mode| (m.framebuffer.width, m.framebuffer.height);
    let rank = |m: &&Mode| {
        (
            m.framebuffer.width * m.framebuffer.height,
            m.framebuffer.bpp,
        )
    };
    if let Some((w, h)) = wanted {
        let exact = modes
            .iter()
            .filter(|m| size(m) == (u64::from(w), u64::from(h)))
            .max_by_key(rank);
        if exact.is_some() {
            return exact.copied();
        }
    }
    modes
        .iter()
        .filter(|m| m.framebuffer.width <= MAX_AUTO.0 && m.framebuffer.height <= MAX_AUTO.1)
        .max_by_key(rank)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mode block as the Bochs/QEMU VBE BIOS fills it (VBE 3.0, BGRX).
    fn block(width: u16, height: u16, bpp: u8) -> [u8; MODE_INFO_SIZE] {
        let mut b = [0u8; MODE_INFO_SIZE];
        b[0..2].copy_from_slice(&0x00bbu16.to_le_bytes());
        let pitch = (u32::from(width) * u32::from(bpp) / 8) as u16;
        b[0x10..0x12].copy_from_slice(&pitch.to_le_bytes());
        b[0x12..0x14].copy_from_slice(&width.to_le_bytes());
        b[0x14..0x16].copy_from_slice(&height.to_le_bytes());
        b[0x19] = bpp;
        b[0x1b] = MODEL_DIRECT_COLOR;
        b[0x1f..0x25].copy_from_slice(&[8, 16, 8, 8, 8, 0]);
        b[0x28..0x2c].copy_from_slice(&0xfd00_0000u32.to_le_bytes());
        b[0x32..0x34].copy_from_slice(&pitch.to_le_bytes());
        b[0x36..0x3c].copy_from_slice(&[8, 16, 8, 8, 8, 0]);
        b
    }

    const MEM: u64 = 16 << 20;

    fn mode(n: u16, w: u16, h: u16, bpp: u8) -> Mode {
        parse_mode(n, &block(w, h, bpp), 0x0300, MEM).unwrap()
    }

    #[test]
    fn parses_a_direct_colour_linear_mode() {
        let m = mode(0x118, 1024, 768, 32);
        assert_eq!(
            m.framebuffer,
            FramebufferInfo {
                phys: 0xfd00_0000,
                width: 1024,
                height: 768,
                pitch: 4096,
                bpp: 32,
                red: (8, 16),
                green: (8, 8),
                blue: (8, 0),
            }
        );
    }

    #[test]
    fn unusable_modes_are_skipped() {
        let mut no_lfb = block(800, 600, 32);
        no_lfb[0] &= !(ATTR_LINEAR as u8);
        assert_eq!(parse_mode(1, &no_lfb, 0x0300, MEM), None);
        let mut text = block(800, 600, 32);
        text[0] &= !(ATTR_GRAPHICS as u8);
        assert_eq!(parse_mode(1, &text, 0x0300, MEM), None);
        let mut unsupported = block(800, 600, 32);
        unsupported[0] &= !(ATTR_SUPPORTED as u8);
        assert_eq!(parse_mode(1, &unsupported, 0x0300, MEM), None);
        let mut packed = block(800, 600, 32);
        packed[0x1b] = 4;
        assert_eq!(parse_mode(1, &packed, 0x0300, MEM), None);
        assert_eq!(parse_mode(1, &block(800, 600, 16), 0x0300, MEM), None);
        assert_eq!(parse_mode(1, &block(800, 600, 8), 0x0300, MEM), None);
        // 2560x1600x32 is 16 MiB: more than 8 MiB of display memory.
        assert_eq!(parse_mode(1, &block(2560, 1600, 32), 0x0300, 8 << 20), None);
        assert!(parse_mode(1, &block(2560, 1600, 32), 0x0300, MEM).is_some());
    }

    #[test]
    fn vbe2_reads_the_banked_fields() {
        let mut b = block(640, 480, 32);
        // Lin* fields that a VBE 2.0 BIOS leaves as garbage are not read.
        b[0x32..0x34].copy_from_slice(&1u16.to_le_bytes());
        b[0x36..0x3c].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        let m = parse_mode(0x112, &b, 0x0200, MEM).unwrap();
        assert_eq!(m.framebuffer.pitch, 2560);
        assert_eq!(m.framebuffer.red, (8, 16));
        let m3 = parse_mode(0x112, &b, 0x0300, MEM);
        assert_eq!(m3, None, "a VBE 3.0 pitch of 1 byte cannot hold a line");
    }

    #[test]
    fn the_largest_mode_up_to_1080p_wins_32_bpp_first() {
        let modes = [
            mode(1, 640, 480, 32),
            mode(2, 1920, 1080, 24),
            mode(3, 1920, 1080, 32),
            mode(4, 2560, 1600, 32),
            mode(5, 1600, 1200, 32), // taller than 1080
            mode(6, 1280, 1024, 32),
        ];
        assert_eq!(choose(&modes, None).unwrap().number, 3);
        assert_eq!(choose(&modes[..2], None).unwrap().number, 2);
        assert_eq!(choose(&[modes[3], modes[4]], None), None);
        assert_eq!(choose(&[], None), None);
        // An existing resolution: taken even above 1080p.
        assert_eq!(choose(&modes, Some((2560, 1600))).unwrap().number, 4);
        assert_eq!(choose(&modes, Some((1280, 1024))).unwrap().number, 6);
        // One that does not exist: the automatic choice.
        assert_eq!(choose(&modes, Some((1366, 768))).unwrap().number, 3);
    }

    #[test]
    fn controller_block_gives_version_list_and_memory() {
        let mut b = [0u8; CONTROLLER_INFO_SIZE];
        b[..4].copy_from_slice(b"VESA");
        b[4..6].copy_from_slice(&0x0300u16.to_le_bytes());
        b[14..16].copy_from_slice(&0x0022u16.to_le_bytes());
        b[16..18].copy_from_slice(&0xc000u16.to_le_bytes());
        b[18..20].copy_from_slice(&256u16.to_le_bytes());
        assert_eq!(
            parse_controller(&b),
            Some(Controller {
                version: 0x0300,
                mode_list: 0xc0022,
                memory: 16 << 20,
            })
        );
        b[0] = b'X';
        assert_eq!(parse_controller(&b), None);
    }
}
