//! The last steps: CPU state the protocol promises (GDT layout, PAT, NX,
//! write protection, masked PIC), then the jump, plus the panic report.
//!
//! The jump itself is a few instructions of assembly that switch CR3 while
//! running; they sit between two labels so the page-table builder can map
//! exactly them at their current (identity) address.

use core::arch::{asm, global_asm};
use core::fmt::Write;
use core::sync::atomic::{AtomicBool, Ordering};

use loader_core::paging::PAT_LAYOUT;
use loader_core::{align_down, align_up, PAGE_SIZE};

/// Protocol GDT: null, 16-bit code/data, 32-bit code/data, 64-bit code/data.
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
const COM1: u16 = 0x3f8;

static BOOT_SERVICES_EXITED: AtomicBool = AtomicBool::new(false);
/// Set by the first panic: a panic while reporting one only halts.
static PANICKING: AtomicBool = AtomicBool::new(false);
/// Status reads to wait for COM1's transmitter before a line is given up
/// (absent hardware reads 0xff, a port nobody drains never gets ready).
const COM1_SPINS: u32 = 100_000;

/// The operand of `lgdt`.
#[repr(C, packed)]
pub struct Gdtr {
    limit: u16,
    base: u64,
}

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
    "mov ax, 0x30",
    "mov ds, ax",
    "mov es, ax",
    "mov ss, ax",
    "mov fs, ax",
    "mov gs, ax",
    "mov rsp, rsi",
    // The protocol's invalid return address.
    "push 0",
    // Reload CS with the 64-bit code selector.
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
    ".global nosys_handoff_end",
    "nosys_handoff_end:",
    ".text",
);

extern "sysv64" {
    fn nosys_handoff_start(cr3: u64, stack_top: u64, entry: u64, gdtr: *const Gdtr) -> !;
    static nosys_handoff_end: u8;
}

/// Physical (= current) range of the hand-off code, to identity-map.
pub fn code_range() -> (u64, u64) {
    let start = nosys_handoff_start as *const () as u64;
    // SAFETY: only the symbol's address is taken, never its value.
    let end = unsafe { &nosys_handoff_end as *const u8 as u64 };
    (align_down(start, PAGE_SIZE), align_up(end, PAGE_SIZE))
}

/// Whether the CPU has the NX bit (CPUID 0x8000_0001 EDX bit 20).
pub fn nx_supported() -> bool {
    // Leaf 0x8000_0000 says whether the extended leaf exists.
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

/// Records that the firmware console is gone (panics go to COM1 only).
pub fn boot_services_exited() {
    BOOT_SERVICES_EXITED.store(true, Ordering::Release);
}

/// Whether [`boot_services_exited`] has run.
pub fn boot_services_exited_already() -> bool {
    BOOT_SERVICES_EXITED.load(Ordering::Acquire)
}

fn outb(port: u16, value: u8) {
    // SAFETY: writes to legacy ISA ports (PIC, COM1) have no memory effects.
    unsafe {
        asm!("out dx, al", in("dx") port, in("al") value, options(nomem, nostack, preserves_flags))
    };
}

fn inb(port: u16) -> u8 {
    let value: u8;
    // SAFETY: reading the COM1 line status register has no side effects.
    unsafe {
        asm!("in al, dx", in("dx") port, out("al") value, options(nomem, nostack, preserves_flags))
    };
    value
}

/// COM1 for one message. Once the transmitter has stayed busy for
/// [`COM1_SPINS`] reads, the rest of the message is dropped instead of
/// waited for, so a port nobody reads costs one bound, not one per byte.
#[derive(Default)]
struct Com1 {
    stalled: bool,
}

impl Com1 {
    fn ready(&self) -> bool {
        inb(COM1 + 5) & 0x20 != 0
    }
}

impl Write for Com1 {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for b in s.bytes() {
            if self.stalled {
                if !self.ready() {
                    continue;
                }
                self.stalled = false;
            }
            if !(0..COM1_SPINS).any(|_| self.ready()) {
                self.stalled = true;
                continue;
            }
            outb(COM1, b);
        }
        Ok(())
    }
}

/// One line on COM1 (after boot services, the only output left).
pub fn serial_line(s: &str) {
    let _ = writeln!(Com1::default(), "{s}\r");
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
/// Boot services must have been exited, `cr3` must map the hand-off code at
/// its current address, the kernel at `entry`, the stack below `stack_top`
/// and the GDT at `gdtr.base`.
pub unsafe fn jump(cr3: u64, stack_top: u64, entry: u64, gdtr: &Gdtr) -> ! {
    // Mask both legacy PICs.
    outb(0x21, 0xff);
    outb(0xa1, 0xff);
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

/// Reports a loader bug on COM1 and the firmware console (while it
/// exists), once: a panic raised while reporting (the console itself
/// failing) halts quietly instead of reporting again, and again.
pub fn report_panic(info: &core::panic::PanicInfo) -> ! {
    if !PANICKING.swap(true, Ordering::AcqRel) {
        let _ = writeln!(Com1::default(), "\r\nnosys-loader: panic: {info}\r");
        if !boot_services_exited_already() {
            say!("nosys-loader: panic: {info}");
            crate::firmware::wait_for_key();
        }
    }
    loop {
        // SAFETY: halting with interrupts in whatever state is harmless.
        unsafe { asm!("hlt", options(nomem, nostack)) };
    }
}
