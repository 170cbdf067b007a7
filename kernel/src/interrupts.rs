//! Interrupt descriptor table: a handler for every CPU exception, all of them fatal.
//!
//! Stable Rust has no `extern "x86-interrupt"` ABI, so each vector gets a small naked entry stub
//! that pushes a uniform frame (a zero where the CPU pushes no error code, then the vector number)
//! and jumps to one common stub, which saves the general-purpose registers and calls
//! [`exception_entry`]. Nothing ever returns: the handler draws the panic screen and halts, so the
//! stubs need no restore path and no SIMD save (see [`crate::simd`] for why that is sound).
//!
//! Vectors 32..=255 are never raised (interrupts stay disabled) but still point at a stub, so a
//! stray `int n` shows a panic screen instead of a triple fault.

use core::arch::naked_asm;
use spin::Once;
use x86_64::structures::idt::InterruptDescriptorTable;
use x86_64::VirtAddr;

use crate::gdt;

/// The registers as the common stub leaves them on the stack, lowest address first.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ExceptionFrame {
    pub r15: u64,
    pub r14: u64,
    pub r13: u64,
    pub r12: u64,
    pub r11: u64,
    pub r10: u64,
    pub r9: u64,
    pub r8: u64,
    pub rbp: u64,
    pub rdi: u64,
    pub rsi: u64,
    pub rdx: u64,
    pub rcx: u64,
    pub rbx: u64,
    pub rax: u64,
    /// Vector number pushed by the per-vector stub ([`UNEXPECTED_VECTOR`] for 32..=255).
    pub vector: u64,
    /// Error code pushed by the CPU, or 0 for vectors without one.
    pub error_code: u64,
    // Pushed by the CPU.
    pub rip: u64,
    pub cs: u64,
    pub rflags: u64,
    pub rsp: u64,
    pub ss: u64,
}

/// Placeholder vector number for the shared stub of vectors 32..=255, which cannot tell them apart.
pub const UNEXPECTED_VECTOR: u64 = 0x100;

/// Common tail of every stub: save registers, align the stack, call Rust. Never returns.
#[unsafe(naked)]
extern "C" fn common_stub() -> ! {
    naked_asm!(
        "cld",
        "push rax",
        "push rbx",
        "push rcx",
        "push rdx",
        "push rsi",
        "push rdi",
        "push rbp",
        "push r8",
        "push r9",
        "push r10",
        "push r11",
        "push r12",
        "push r13",
        "push r14",
        "push r15",
        "mov rdi, rsp",
        // The CPU aligns the frame to 16 bytes, but a fault with a broken RSP may not; the SysV
        // ABI wants RSP 16-byte aligned before the call.
        "and rsp, -16",
        "call {entry}",
        "2:",
        "cli",
        "hlt",
        "jmp 2b",
        entry = sym exception_entry,
    )
}

macro_rules! stub {
    ($name:ident, $vector:expr, no_error_code) => {
        #[unsafe(naked)]
        extern "C" fn $name() -> ! {
            naked_asm!("push 0", "push {v}", "jmp {c}", v = const $vector, c = sym common_stub)
        }
    };
    ($name:ident, $vector:expr, error_code) => {
        #[unsafe(naked)]
        extern "C" fn $name() -> ! {
            naked_asm!("push {v}", "jmp {c}", v = const $vector, c = sym common_stub)
        }
    };
}

stub!(stub_divide_error, 0, no_error_code);
stub!(stub_debug, 1, no_error_code);
stub!(stub_nmi, 2, no_error_code);
stub!(stub_breakpoint, 3, no_error_code);
stub!(stub_overflow, 4, no_error_code);
stub!(stub_bound_range, 5, no_error_code);
stub!(stub_invalid_opcode, 6, no_error_code);
stub!(stub_device_not_available, 7, no_error_code);
stub!(stub_double_fault, 8, error_code);
stub!(stub_invalid_tss, 10, error_code);
stub!(stub_segment_not_present, 11, error_code);
stub!(stub_stack_segment, 12, error_code);
stub!(stub_general_protection, 13, error_code);
stub!(stub_page_fault, 14, error_code);
stub!(stub_x87_floating_point, 16, no_error_code);
stub!(stub_alignment_check, 17, error_code);
stub!(stub_machine_check, 18, no_error_code);
stub!(stub_simd_floating_point, 19, no_error_code);
stub!(stub_virtualization, 20, no_error_code);
stub!(stub_control_protection, 21, error_code);
stub!(stub_hv_injection, 28, no_error_code);
stub!(stub_vmm_communication, 29, error_code);
stub!(stub_security, 30, error_code);
stub!(stub_unexpected, UNEXPECTED_VECTOR, no_error_code);

static IDT: Once<InterruptDescriptorTable> = Once::new();

fn addr(f: extern "C" fn() -> !) -> VirtAddr {
    VirtAddr::new(f as usize as u64)
}

fn build_idt() -> InterruptDescriptorTable {
    let mut idt = InterruptDescriptorTable::new();
    // SAFETY: every address is a naked stub above, which builds an ExceptionFrame matching the
    // vector's error-code convention and never returns; the IST indices exist in the TSS that
    // gdt::init loaded.
    unsafe {
        idt.divide_error.set_handler_addr(addr(stub_divide_error));
        idt.debug.set_handler_addr(addr(stub_debug));
        idt.non_maskable_interrupt
            .set_handler_addr(addr(stub_nmi))
            .set_stack_index(gdt::CRITICAL_IST_INDEX);
        idt.breakpoint.set_handler_addr(addr(stub_breakpoint));
        idt.overflow.set_handler_addr(addr(stub_overflow));
        idt.bound_range_exceeded
            .set_handler_addr(addr(stub_bound_range));
        idt.invalid_opcode
            .set_handler_addr(addr(stub_invalid_opcode));
        idt.device_not_available
            .set_handler_addr(addr(stub_device_not_available));
        idt.double_fault
            .set_handler_addr(addr(stub_double_fault))
            .set_stack_index(gdt::DOUBLE_FAULT_IST_INDEX);
        idt.invalid_tss.set_handler_addr(addr(stub_invalid_tss));
        idt.segment_not_present
            .set_handler_addr(addr(stub_segment_not_present));
        idt.stack_segment_fault
            .set_handler_addr(addr(stub_stack_segment));
        idt.general_protection_fault
            .set_handler_addr(addr(stub_general_protection));
        idt.page_fault.set_handler_addr(addr(stub_page_fault));
        idt.x87_floating_point
            .set_handler_addr(addr(stub_x87_floating_point));
        idt.alignment_check
            .set_handler_addr(addr(stub_alignment_check));
        idt.machine_check
            .set_handler_addr(addr(stub_machine_check))
            .set_stack_index(gdt::CRITICAL_IST_INDEX);
        idt.simd_floating_point
            .set_handler_addr(addr(stub_simd_floating_point));
        idt.virtualization
            .set_handler_addr(addr(stub_virtualization));
        idt.cp_protection_exception
            .set_handler_addr(addr(stub_control_protection));
        idt.hv_injection_exception
            .set_handler_addr(addr(stub_hv_injection));
        idt.vmm_communication_exception
            .set_handler_addr(addr(stub_vmm_communication));
        idt.security_exception.set_handler_addr(addr(stub_security));
        for entry in idt.slice_mut(32..) {
            entry.set_handler_addr(addr(stub_unexpected));
        }
    }
    idt
}

/// Loads the IDT. Requires [`gdt::init`] first (the IST stacks live in its TSS).
pub fn init() {
    IDT.call_once(build_idt).load();
}

/// Loads the same IDT on an application processor, after its own GDT and TSS (whose layout is
/// the boot CPU's, so the gates' code selector and IST indices mean the same there).
pub fn load_on_application_processor() {
    IDT.call_once(build_idt).load();
}

/// Mnemonic and description of an exception vector.
pub fn vector_name(vector: u64) -> (&'static str, &'static str) {
    match vector {
        0 => ("#DE", "divide error"),
        1 => ("#DB", "debug exception"),
        2 => ("NMI", "non-maskable interrupt"),
        3 => ("#BP", "breakpoint"),
        4 => ("#OF", "overflow"),
        5 => ("#BR", "bound range exceeded"),
        6 => ("#UD", "invalid opcode"),
        7 => ("#NM", "device not available"),
        8 => ("#DF", "double fault"),
        10 => ("#TS", "invalid TSS"),
        11 => ("#NP", "segment not present"),
        12 => ("#SS", "stack-segment fault"),
        13 => ("#GP", "general protection fault"),
        14 => ("#PF", "page fault"),
        16 => ("#MF", "x87 floating-point exception"),
        17 => ("#AC", "alignment check"),
        18 => ("#MC", "machine check"),
        19 => ("#XM", "SIMD floating-point exception"),
        20 => ("#VE", "virtualization exception"),
        21 => ("#CP", "control-protection exception"),
        28 => ("#HV", "hypervisor injection exception"),
        29 => ("#VC", "VMM communication exception"),
        30 => ("#SX", "security exception"),
        _ => ("INT", "unexpected interrupt (vector 32-255)"),
    }
}

/// Rust side of every exception: hand the frame to the panic screen.
extern "C" fn exception_entry(frame: &ExceptionFrame) -> ! {
    crate::panic::exception(frame)
}
