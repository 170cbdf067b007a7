//! The jump into the kernel: the CPU state the Limine protocol promises
//! (its GDT, PAT layout, NX, write protection, masked PICs), then a few
//! instructions that switch to the kernel's page tables while running.
//! Those sit between two labels on a page of their own, so the page-table
//! builder can map exactly them at their current (identity) address.

use core::arch::{asm, global_asm};

use loader_core::paging::PAT_LAYOUT;
use loader_core::{align_down, align_up, PAGE_SIZE};

/// Protocol GDT: null, 16-bit code/data, 32-bit code/data, 64-bit code/data
/// (the same descriptors as the loader's own GDT in boot.s).
const GDT: [u64; 7] = [
    0,
    0x0000_9a00_0000_ffff,
    0x0000_9200_0000_ffff,
    0x00cf_9a00_0000_ffff,
    0x00cf_9200_0000_ffff,
    0x00af_9b00_0000_ffff,
    0x00cf_9300_0000_ffff,
];

const IA32_EFER: u32 = 0xc000_0080;
const IA32_PAT: u32 = 0x277;
const EFER_NXE: u64 = 1 << 11;
const CR0_WP: u64 = 1 << 16;

/// The operand of `lgdt`.
#[repr(C, packed)]
pub struct Gdtr {
    limit: u16,
    base: u64,
}

global_asm!(
    ".section .text.nosys_handoff, \"ax\"",
    ".balign 4096",
    ".global nosys_bios_handoff_start",
    "nosys_bios_handoff_start:",
    // sysv64: rdi = cr3, rsi = stack top, rdx = entry, rcx = &Gdtr.
    "cli",
    "lgdt [rcx]",
    "mov cr3, rdi",
    "mov ax, 0x30",
    "mov ds, ax",
    "mov es, ax",
    "mov ss, ax",
    "mov fs, ax",
    "mov gs, ax",
    "mov rsp, rsi",
    // The protocol's invalid return address.
    "push 0",
    // Reload CS with the kernel GDT's 64-bit code selector.
    "push 0x28",
    "lea rax, [rip + 2f]",
    "push rax",
    "retfq",
    "2:",
    "push rdx",
    "xor eax, eax",
    "xor ebx, ebx",
    "xor ecx, ecx",
    "xor edx, edx",
    "xor esi, esi",
    "xor edi, edi",
    "xor ebp, ebp",
    "xor r8d, r8d",
    "xor r9d, r9d",
    "xor r10d, r10d",
    "xor r11d, r11d",
    "xor r12d, r12d",
    "xor r13d, r13d",
    "xor r14d, r14d",
    "xor r15d, r15d",
    "cld",
    "ret",
    ".global nosys_bios_handoff_end",
    "nosys_bios_handoff_end:",
    ".text",
);

extern "sysv64" {
    fn nosys_bios_handoff_start(cr3: u64, stack_top: u64, entry: u64, gdtr: *const Gdtr) -> !;
    static nosys_bios_handoff_end: u8;
}

/// Physical (= current) range of the hand-off code, to identity-map.
pub fn code_range() -> (u64, u64) {
    let start = nosys_bios_handoff_start as *const () as u64;
    // Only the symbol's address is taken, never its value.
    let end = &raw const nosys_bios_handoff_end as u64;
    (align_down(start, PAGE_SIZE), align_up(end, PAGE_SIZE))
}

/// Whether the CPU has the NX bit (CPUID 0x8000_0001 EDX bit 20).
pub fn nx_supported() -> bool {
    core::arch::x86_64::__cpuid(0x8000_0000).eax >= 0x8000_0001
        && core::arch::x86_64::__cpuid(0x8000_0001).edx & (1 << 20) != 0
}

/// Writes the protocol GDT into `page`, which the kernel sees at `virt`.
pub fn write_gdt(page: &mut [u8], virt: u64) -> Gdtr {
    for (i, d) in GDT.iter().enumerate() {
        page[i * 8..i * 8 + 8].copy_from_slice(&d.to_le_bytes());
    }
    Gdtr {
        limit: (GDT.len() * 8 - 1) as u16,
        base: virt,
    }
}

fn outb(port: u16, value: u8) {
    // SAFETY: PIC mask writes have no memory effects.
    unsafe {
        asm!("out dx, al", in("dx") port, in("al") value, options(nomem, nostack, preserves_flags))
    };
}

unsafe fn wrmsr(msr: u32, value: u64) {
    // SAFETY: the caller names an MSR that exists and a valid value.
    unsafe {
        asm!("wrmsr", in("ecx") msr, in("eax") value as u32, in("edx") (value >> 32) as u32, options(nostack, preserves_flags))
    };
}

unsafe fn rdmsr(msr: u32) -> u64 {
    let (lo, hi): (u32, u32);
    // SAFETY: the caller names an MSR that exists.
    unsafe {
        asm!("rdmsr", in("ecx") msr, out("eax") lo, out("edx") hi, options(nostack, preserves_flags))
    };
    (u64::from(hi) << 32) | u64::from(lo)
}

/// Sets up the CPU state the protocol promises and enters the kernel.
///
/// # Safety
/// No BIOS call may follow; `cr3` must map the hand-off code at its current
/// address, the kernel at `entry`, the stack below `stack_top` and the GDT
/// at `gdtr.base`.
pub unsafe fn jump(cr3: u64, stack_top: u64, entry: u64, gdtr: &Gdtr) -> ! {
    // Mask both legacy PICs: the BIOS left the timer and keyboard enabled.
    outb(0x21, 0xff);
    outb(0xa1, 0xff);
    // SAFETY: EFER and PAT exist on every x86_64 CPU; NXE only when CPUID
    // reports NX; the PAT layout keeps entries 0-3 as at reset, so the
    // current mappings keep their caching.
    unsafe {
        if nx_supported() {
            wrmsr(IA32_EFER, rdmsr(IA32_EFER) | EFER_NXE);
        }
        wrmsr(IA32_PAT, PAT_LAYOUT);
        let cr0: u64;
        asm!("mov {}, cr0", out(reg) cr0, options(nomem, nostack, preserves_flags));
        asm!("mov cr0, {}", in(reg) cr0 | CR0_WP, options(nostack, preserves_flags));
        nosys_bios_handoff_start(cr3, stack_top, entry, gdtr)
    }
}
