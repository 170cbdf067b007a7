//! The little a freestanding binary needs when it is built for the hosted
//! `x86_64-unknown-linux-gnu` target (hard-float `core`; see kernel/build.rs):
//! an entry point that turns on SSE before any compiled code can use it. The
//! C memory functions that libc would have supplied, and the two unwinding
//! symbols the precompiled `core` names although `panic = "abort"` never
//! reaches them, are the `freestanding` crate's, shared with the BIOS loader.

use core::arch::global_asm;

// Linked for its symbols only; nothing here names it otherwise.
use freestanding as _;

// Limine jumps here. Limine does not promise SSE is enabled (a BIOS boot
// leaves CR4.OSFXSR clear), and the compiler may use xmm registers in any
// function, so SSE is switched on before the first Rust instruction: CR0.EM
// off, CR0.MP on, CR4.OSFXSR and CR4.OSXMMEXCPT on. `jmp` keeps the stack
// exactly as the loader set it up for `kmain`.
global_asm!(
    ".section .text._start, \"ax\"",
    ".global _start",
    "_start:",
    "    mov rax, cr0",
    "    and rax, ~(1 << 2)",
    "    or rax, 1 << 1",
    "    mov cr0, rax",
    "    mov rax, cr4",
    "    or rax, (1 << 9) | (1 << 10)",
    "    mov cr4, rax",
    "    jmp {kmain}",
    kmain = sym crate::kmain,
);
