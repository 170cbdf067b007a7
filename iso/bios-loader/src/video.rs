//! The VBE linear framebuffer: INT 10h AX=4F00h (controller and mode list),
//! 4F01h (each mode), 4F02h (the switch, the loader's last BIOS call). The
//! choice itself is `loader_core::vbe`.

use alloc::vec::Vec;

use loader_core::vbe::{self, Mode};

use crate::bios::{self, Regs, BOUNCE};

/// Mode numbers read from the list at most (real lists have tens).
const MAX_MODES: usize = 512;

fn vbe_call(ax: u32, regs: Regs) -> Regs {
    bios::int(0x10, Regs { eax: ax, ..regs })
}

/// The usable modes the BIOS offers; empty without VBE 2.0.
pub fn modes() -> Vec<Mode> {
    let info = bios::bounce(vbe::CONTROLLER_INFO_SIZE + vbe::MODE_INFO_SIZE);
    info.fill(0);
    // "VBE2" asks a VBE 2.0+ BIOS for the full block.
    info[..4].copy_from_slice(b"VBE2");
    let (es, di) = bios::seg_off(BOUNCE);
    let r = vbe_call(
        0x4f00,
        Regs {
            edi: u32::from(di),
            es,
            ..Regs::default()
        },
    );
    let Some(controller) = (r.eax as u16 == vbe::SUCCESS)
        .then(|| vbe::parse_controller(&info[..vbe::CONTROLLER_INFO_SIZE]))
        .flatten()
    else {
        return Vec::new();
    };
    // Copy the list first: it may lie in the block's reserved part, and
    // the mode calls below write the bounce buffer.
    let mut numbers = Vec::new();
    for i in 0..MAX_MODES as u64 {
        let at = controller.mode_list + 2 * i;
        if at + 2 > 0x10_0000 {
            break;
        }
        // SAFETY: a real-mode address below 1 MiB, identity-mapped.
        let n = unsafe { (at as *const u16).read_unaligned() };
        if n == vbe::MODE_LIST_END {
            break;
        }
        numbers.push(n);
    }
    let block_at = BOUNCE + vbe::CONTROLLER_INFO_SIZE as u64;
    let (es, di) = bios::seg_off(block_at);
    let mut modes = Vec::new();
    for n in numbers {
        let block = &mut bios::bounce(vbe::CONTROLLER_INFO_SIZE + vbe::MODE_INFO_SIZE)
            [vbe::CONTROLLER_INFO_SIZE..];
        block.fill(0);
        let r = vbe_call(
            0x4f01,
            Regs {
                ecx: u32::from(n),
                edi: u32::from(di),
                es,
                ..Regs::default()
            },
        );
        let block = &bios::bounce(vbe::CONTROLLER_INFO_SIZE + vbe::MODE_INFO_SIZE)
            [vbe::CONTROLLER_INFO_SIZE..];
        if r.eax as u16 == vbe::SUCCESS {
            if let Some(m) = vbe::parse_mode(n, block, controller.version, controller.memory) {
                modes.push(m);
            }
        }
    }
    modes
}

/// Switches to `mode` with its linear framebuffer; `Err(AX)` on failure.
pub fn set(mode: &Mode) -> Result<(), u16> {
    let r = vbe_call(
        0x4f02,
        Regs {
            ebx: u32::from(mode.number | vbe::USE_LINEAR_FRAMEBUFFER),
            ..Regs::default()
        },
    );
    match r.eax as u16 {
        vbe::SUCCESS => Ok(()),
        status => Err(status),
    }
}
