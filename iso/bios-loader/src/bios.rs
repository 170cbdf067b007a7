//! Calls into the PC BIOS from long mode.
//!
//! `nosys_bios_int` (boot.s) drops to real mode, loads the registers of a
//! [`Regs`], runs `int n` and writes the registers back. Buffers the BIOS
//! reads or writes must be below 1 MiB and are named as segment:offset.

use loader_core::e820::{E820Entry, ATTR_ENABLED};

/// Registers in and out of a BIOS call (layout fixed by boot.s).
#[repr(C)]
#[derive(Debug, Default, Clone, Copy)]
pub struct Regs {
    pub eax: u32,
    pub ebx: u32,
    pub ecx: u32,
    pub edx: u32,
    pub esi: u32,
    pub edi: u32,
    pub ebp: u32,
    /// Output only.
    pub eflags: u32,
    pub ds: u16,
    pub es: u16,
}

impl Regs {
    /// The carry flag: most BIOS services set it on failure.
    pub fn carry(&self) -> bool {
        self.eflags & 1 != 0
    }
}

extern "sysv64" {
    fn nosys_bios_int(number: u32, regs: *mut Regs);
}

/// Runs `int number` in real mode with `regs`; returns the registers after.
pub fn int(number: u8, mut regs: Regs) -> Regs {
    // SAFETY: boot.s's trampoline saves and restores every callee-saved
    // register and the stack, and the loader's page tables, GDT and code
    // below 1 MiB stay where it expects them for the loader's lifetime.
    // What the BIOS service itself touches is the caller's concern: every
    // caller in this crate passes buffers in memory the loader owns.
    unsafe { nosys_bios_int(u32::from(number), &mut regs) };
    regs
}

/// `(segment, offset)` of a physical address below 1 MiB.
pub fn seg_off(phys: u64) -> (u16, u16) {
    debug_assert!(phys < 0x10_0000);
    ((phys >> 4) as u16, (phys & 0xf) as u16)
}

/// What INT 15h E820h writes: base, length, type, ACPI 3.0 attributes.
#[repr(C)]
#[derive(Default, Clone, Copy)]
struct E820Raw {
    base: u64,
    length: u64,
    ty: u32,
    attributes: u32,
}

/// The BIOS memory map (INT 15h EAX=E820h) into `out`; returns how many
/// entries were written.
pub fn e820(out: &mut [E820Entry]) -> usize {
    const SMAP: u32 = 0x534d_4150;
    let mut raw = E820Raw::default();
    let mut continuation = 0;
    let mut n = 0;
    while n < out.len() {
        // Entries of the 20-byte form leave this as set: enabled.
        raw.attributes = ATTR_ENABLED;
        let (seg, off) = seg_off(&raw mut raw as u64);
        let r = int(
            0x15,
            Regs {
                eax: 0xe820,
                ebx: continuation,
                ecx: core::mem::size_of::<E820Raw>() as u32,
                edx: SMAP,
                edi: u32::from(off),
                es: seg,
                ..Regs::default()
            },
        );
        // Some BIOSes end the list with carry set instead of EBX = 0.
        if r.carry() || r.eax != SMAP {
            break;
        }
        if r.ecx < 24 {
            raw.attributes = ATTR_ENABLED;
        }
        out[n] = E820Entry {
            base: raw.base,
            length: raw.length,
            ty: raw.ty,
            attributes: raw.attributes,
        };
        n += 1;
        continuation = r.ebx;
        if continuation == 0 {
            break;
        }
    }
    n
}

/// 64 KiB below 1 MiB for disk reads and BIOS structures (boot.s's map).
pub const BOUNCE: u64 = 0x7_0000;
pub const BOUNCE_SIZE: usize = 0x1_0000;

/// The bounce buffer's first `len` bytes.
pub fn bounce(len: usize) -> &'static mut [u8] {
    assert!(len <= BOUNCE_SIZE);
    // SAFETY: BOUNCE..BOUNCE+BOUNCE_SIZE is identity-mapped RAM reserved for
    // this (boot.s's low-memory map); the loader is single-threaded and
    // never holds two of these views across a BIOS call that fills one.
    unsafe { core::slice::from_raw_parts_mut(BOUNCE as *mut u8, len) }
}

/// Waits for ever in real mode, where the BIOS still answers the keyboard
/// (Ctrl-Alt-Del restarts).
pub fn wait_forever() -> ! {
    loop {
        int(0x16, Regs::default());
    }
}
