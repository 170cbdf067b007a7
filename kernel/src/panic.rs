//! The panic screen: what happened, where, and the last lines of the log, on the framebuffer and
//! on COM1, for both CPU exceptions and Rust panics. Then the CPU halts for good.
//!
//! Nothing here allocates or takes a lock that might be held: the heap or a lock holder may be
//! what failed. Text is formatted straight into the framebuffer (through [`fbtext::panic_console`])
//! and the serial port (through [`serial::emergency_write`]). A fault raised while the panic screen
//! is being drawn is reported in one serial line and the CPU stops, instead of recursing.

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicBool, Ordering};

use crate::fbtext::{self, TextConsole};
use crate::interrupts::{self, ExceptionFrame};
use crate::serial;
use x86_64::registers::control::Cr2;

/// Set by the first panic or exception; a second one means the panic path itself failed.
static PANICKING: AtomicBool = AtomicBool::new(false);

/// How much of the log ring the panic screen shows.
const LOG_TAIL_BYTES: usize = 2048;
/// At most this many log lines (the screen must still show the fault itself).
const LOG_TAIL_LINES: usize = 16;

/// Writes to the serial port and the framebuffer at once.
struct Screen {
    fb: Option<TextConsole>,
}

impl Write for Screen {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        serial::emergency_write(s);
        if let Some(fb) = self.fb.as_mut() {
            fb.write_str(s)?;
        }
        Ok(())
    }
}

/// Enters the panic path: interrupts off, guard against recursion, take over the screen.
fn begin() -> Screen {
    x86_64::instructions::interrupts::disable();
    if PANICKING.swap(true, Ordering::AcqRel) {
        serial::emergency_write("\n!! nosys: fault while drawing the panic screen; halting\n");
        halt();
    }
    let mut screen = Screen {
        fb: fbtext::panic_console(),
    };
    let _ = write!(
        screen,
        "\n==================== nosys {}: KERNEL PANIC ====================\n",
        crate::VERSION
    );
    if crate::smp::counts().0 > 1 {
        // With several cores running, say which one: an AP's fault leaves the boot CPU
        // waiting for its part of a product, so the screen stays as drawn here.
        let _ = writeln!(
            screen,
            "on the CPU with APIC ID {}",
            crate::smp::this_cpu_apic_id()
        );
    }
    screen
}

fn finish(mut screen: Screen) -> ! {
    let _ = screen.write_str("\n--- last log lines ---\n");
    let mut tail = [0u8; LOG_TAIL_BYTES];
    let n = serial::log_tail(&mut tail);
    if n == 0 {
        let _ = screen.write_str("(log unavailable)\n");
    } else {
        write_log_tail(&mut screen, &tail[..n]);
    }
    let _ = screen.write_str("--- system halted; power off or reset the machine ---\n");
    halt()
}

/// Writes the last [`LOG_TAIL_LINES`] complete lines of `bytes`.
fn write_log_tail(out: &mut Screen, bytes: &[u8]) {
    // The first line is probably cut by the ring's byte window: skip to the first line start.
    let start = if bytes.len() == LOG_TAIL_BYTES {
        bytes.iter().position(|&b| b == b'\n').map_or(0, |p| p + 1)
    } else {
        0
    };
    let bytes = &bytes[start..];
    let lines = bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    let total = lines.clone().count();
    for line in lines.skip(total.saturating_sub(LOG_TAIL_LINES)) {
        let text = core::str::from_utf8(line).unwrap_or("<non-UTF-8 log line>");
        let _ = writeln!(out, "  {text}");
    }
}

fn halt() -> ! {
    loop {
        x86_64::instructions::interrupts::disable();
        x86_64::instructions::hlt();
    }
}

/// Page-fault error-code bits (Intel SDM vol. 3, 4.7).
fn describe_page_fault(out: &mut Screen, code: u64) {
    let what = if code & 1 == 0 {
        "not-present page"
    } else {
        "protection violation"
    };
    let access = if code & 0x10 != 0 {
        "instruction fetch"
    } else if code & 2 != 0 {
        "write"
    } else {
        "read"
    };
    let mode = if code & 4 != 0 {
        "user mode"
    } else {
        "kernel mode"
    };
    let _ = write!(out, "  cause: {access} of a {what}, {mode}");
    if code & 8 != 0 {
        let _ = out.write_str(", reserved bit set in a page-table entry");
    }
    let _ = out.write_str("\n");
}

/// Called from the exception stubs with the saved registers.
pub fn exception(f: &ExceptionFrame) -> ! {
    let mut s = begin();
    let (mnemonic, name) = interrupts::vector_name(f.vector);
    if f.vector == interrupts::UNEXPECTED_VECTOR {
        let _ = writeln!(s, "CPU exception: {name}");
    } else {
        let _ = writeln!(s, "CPU exception: {name} ({mnemonic}, vector {})", f.vector);
    }
    if crate::memory::in_stack_guard(f.rsp)
        || (f.vector == 14 && crate::memory::in_stack_guard(Cr2::read_raw()))
    {
        let _ = writeln!(
            s,
            "  kernel stack overflow: RSP ran into the guard page below the stack"
        );
    }
    if f.vector == 14 {
        let cr2 = Cr2::read_raw();
        let _ = writeln!(s, "  faulting address (CR2): {cr2:#018x}");
        describe_page_fault(&mut s, f.error_code);
    }
    let _ = writeln!(s, "  RIP {:#018x}  error code {:#x}", f.rip, f.error_code);
    let _ = writeln!(
        s,
        "  RSP {:#018x}  RFLAGS {:#010x}  CS {:#x}  SS {:#x}",
        f.rsp, f.rflags, f.cs, f.ss
    );
    let regs = [
        ("RAX", f.rax),
        ("RBX", f.rbx),
        ("RCX", f.rcx),
        ("RDX", f.rdx),
        ("RSI", f.rsi),
        ("RDI", f.rdi),
        ("RBP", f.rbp),
        ("R8 ", f.r8),
        ("R9 ", f.r9),
        ("R10", f.r10),
        ("R11", f.r11),
        ("R12", f.r12),
        ("R13", f.r13),
        ("R14", f.r14),
        ("R15", f.r15),
    ];
    for (i, (name, value)) in regs.iter().enumerate() {
        let sep = if i % 3 == 2 || i + 1 == regs.len() {
            "\n"
        } else {
            "  "
        };
        let _ = write!(s, "  {name} {value:#018x}{sep}");
    }
    finish(s)
}

/// The body of the kernel's `#[panic_handler]`.
pub fn rust_panic(info: &core::panic::PanicInfo) -> ! {
    let mut s = begin();
    let _ = writeln!(s, "Rust panic: {}", info.message());
    if let Some(loc) = info.location() {
        let _ = writeln!(s, "  at {}:{}:{}", loc.file(), loc.line(), loc.column());
    }
    finish(s)
}

/// Deliberate faults selected by the `fault=` kernel command-line word, so tests can prove the
/// panic screen works. Returns an error for an unknown name; never returns for a known one.
pub fn trigger_test_fault(kind: &str) -> Result<(), UnknownFault> {
    if !TEST_FAULTS.contains(&kind) {
        return Err(UnknownFault);
    }
    log::warn!("fault: triggering a deliberate {kind} (kernel cmdline fault={kind})");
    match kind {
        "pagefault" => {
            // SAFETY: none; this read is meant to fault. The address is canonical, in the lower
            // half, and far above any physical memory a loader identity-maps, so it is unmapped.
            let v = unsafe { core::ptr::read_volatile(TEST_FAULT_ADDRESS as *const u64) };
            // Reaching this line means the page was mapped after all; say so rather than hang.
            panic!("fault=pagefault: {TEST_FAULT_ADDRESS:#x} was readable (value {v:#x})");
        }
        "panic" => panic!("deliberate panic requested by fault=panic"),
        "ud" => {
            // SAFETY: none needed; ud2 raises #UD, which the IDT turns into the panic screen.
            unsafe { core::arch::asm!("ud2", options(nomem, nostack)) };
            unreachable!("ud2 returned");
        }
        "stackoverflow" => {
            // Unbounded recursion: runs into the guard page below the kernel stack.
            recurse(0);
            unreachable!("recursion returned");
        }
        "doublefault" => {
            // Point RSP at unmapped memory and fault: the CPU cannot push the page-fault frame,
            // which is a double fault, handled on its own IST stack.
            // SAFETY: deliberately destroys the stack; control never returns here.
            unsafe {
                core::arch::asm!(
                    "mov rsp, {addr}",
                    "push rax",
                    addr = in(reg) TEST_FAULT_ADDRESS,
                    options(noreturn)
                )
            }
        }
        _ => Err(UnknownFault),
    }
}

/// Recurses until the stack runs out; the frame buffer keeps every level's frame large and alive.
#[inline(never)]
#[allow(unconditional_recursion)] // the point: it ends in the guard page, never by returning
fn recurse(depth: u64) -> u64 {
    let frame = core::hint::black_box([depth; 64]);
    recurse(depth + 1) + frame[(depth % 64) as usize]
}

/// The kinds [`trigger_test_fault`] knows.
pub const TEST_FAULTS: &[&str] = &["pagefault", "panic", "ud", "stackoverflow", "doublefault"];

/// Address the page-fault test reads.
pub const TEST_FAULT_ADDRESS: u64 = 0x0000_7ead_beef_0000;

/// `fault=` named a fault this kernel does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownFault;

impl fmt::Display for UnknownFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "unknown fault kind (expected pagefault, panic, ud, doublefault or stackoverflow)",
        )
    }
}
