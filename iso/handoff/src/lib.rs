//! The hand-off both loaders end with, and the COM1 port they report on.
//!
//! [`jump`] sets up the CPU state the Limine protocol promises (masked
//! PICs, NX, its PAT layout, write protection, its GDT) and enters the
//! kernel. The last instructions switch CR3 while running, so they sit
//! between two labels on a page of their own: [`code_range`] is that page,
//! which the page-table builder maps at its current (identity) address.
//! Built for both loaders' targets (`x86_64-unknown-uefi` and the kernel's
//! `x86_64-unknown-linux-gnu`); what is pure data (the GDT, the COM1 stall
//! rule) is in `loader-core`, tested on the host.

#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod com1;

use core::arch::{asm, global_asm};

use loader_core::gdt::{Gdtr, CODE64, DATA64};
use loader_core::paging::PAT_LAYOUT;
use loader_core::{align_down, align_up, PAGE_SIZE};

const IA32_EFER: u32 = 0xc000_0080;
const IA32_PAT: u32 = 0x277;
const EFER_NXE: u64 = 1 << 11;
const CR0_WP: u64 = 1 << 16;
const PIC1_DATA: u16 = 0x21;
const PIC2_DATA: u16 = 0xa1;

global_asm!(
    ".section .text.nosys_handoff, \"ax\"",
    ".balign 4096",
    ".global nosys_handoff_start",
    "nosys_handoff_start:",
    // sysv64: rdi = cr3, rsi = stack top, rdx = entry, rcx = &Gdtr.
    "cli",
    // lgdt only records the base (an HHDM address, valid after the switch).
    "lgdt [rcx]",
    "mov cr3, rdi",
    "mov ax, {data64}",
    "mov ds, ax",
    "mov es, ax",
    "mov ss, ax",
    "mov fs, ax",
    "mov gs, ax",
    "mov rsp, rsi",
    // The protocol's invalid return address.
    "push 0",
    // Reload CS with the protocol GDT's 64-bit code selector.
    "push {code64}",
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
    ".global nosys_handoff_end",
    "nosys_handoff_end:",
    ".text",
    data64 = const DATA64,
    code64 = const CODE64,
);

extern "sysv64" {
    fn nosys_handoff_start(cr3: u64, stack_top: u64, entry: u64, gdtr: *const Gdtr) -> !;
    static nosys_handoff_end: u8;
}

/// Physical (= current) range of the hand-off code, to identity-map.
pub fn code_range() -> (u64, u64) {
    let start = nosys_handoff_start as *const () as u64;
    // Only the symbol's address is taken, never its value.
    let end = &raw const nosys_handoff_end as u64;
    (align_down(start, PAGE_SIZE), align_up(end, PAGE_SIZE))
}

/// Whether the CPU has the NX bit (CPUID 0x8000_0001 EDX bit 20).
pub fn nx_supported() -> bool {
    // Leaf 0x8000_0000 says whether the extended leaf exists.
    core::arch::x86_64::__cpuid(0x8000_0000).eax >= 0x8000_0001
        && core::arch::x86_64::__cpuid(0x8000_0001).edx & (1 << 20) != 0
}

pub(crate) fn outb(port: u16, value: u8) {
    // SAFETY: the callers write legacy ISA ports (PIC masks, COM1), which
    // have no memory effects.
    unsafe {
        asm!("out dx, al", in("dx") port, in("al") value, options(nomem, nostack, preserves_flags))
    };
}

pub(crate) fn inb(port: u16) -> u8 {
    let value: u8;
    // SAFETY: the callers read COM1's line status register, which has no
    // side effects.
    unsafe {
        asm!("in al, dx", in("dx") port, out("al") value, options(nomem, nostack, preserves_flags))
    };
    value
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
/// The firmware must be done with (UEFI boot services exited, or no BIOS
/// call to follow); `cr3` must map the hand-off code ([`code_range`]) at its
/// current address, the kernel at `entry`, the stack below `stack_top` and
/// the GDT at `gdtr.base`.
pub unsafe fn jump(cr3: u64, stack_top: u64, entry: u64, gdtr: &Gdtr) -> ! {
    // Mask both legacy PICs: a BIOS leaves the timer and keyboard enabled.
    outb(PIC1_DATA, 0xff);
    outb(PIC2_DATA, 0xff);
    // SAFETY: EFER and PAT exist on every x86_64 CPU; NXE is set only when
    // CPUID reports NX, and the PAT layout keeps entries 0-3 as at reset, so
    // the firmware's current mappings keep their caching.
    unsafe {
        if nx_supported() {
            wrmsr(IA32_EFER, rdmsr(IA32_EFER) | EFER_NXE);
        }
        wrmsr(IA32_PAT, PAT_LAYOUT);
        let cr0: u64;
        asm!("mov {}, cr0", out(reg) cr0, options(nomem, nostack, preserves_flags));
        asm!("mov cr0, {}", in(reg) cr0 | CR0_WP, options(nostack, preserves_flags));
        nosys_handoff_start(cr3, stack_top, entry, gdtr)
    }
}
