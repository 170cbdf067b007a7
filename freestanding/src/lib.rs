//! What a freestanding binary built for the hosted `x86_64-unknown-linux-gnu`
//! target (hard-float `core`; see `nosys_iso::build::KERNEL_TARGET`) needs
//! from outside `core`: the C memory functions libc would have supplied, and
//! the two unwinding symbols the precompiled `core` names although
//! `panic = "abort"` never reaches them. The kernel and the BIOS loader link
//! it (`use freestanding as _;`), and `freestanding-link` gives both their
//! link arguments.
//!
//! Only for those binaries: linked into a hosted program, these symbols
//! would stand in for libc's.

#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]

/// # Safety
/// As C's `memcpy`: `n` bytes readable at `src`, writable at `dest`, no overlap.
#[no_mangle]
pub unsafe extern "C" fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // Eight bytes per step for the bulk: QEMU's TCG runs `rep movsb` one
    // byte per iteration, which made a full-screen scroll 6-8 times slower
    // than `rep movsq` (docs/console-bench.md), and the BIOS loader copies
    // tens of MiB out of its bounce buffer.
    // SAFETY: the caller's contract is memcpy's; both string instructions
    // copy forwards (direction flag clear, as the ABI guarantees), the qword
    // part covers n & !7 bytes and the byte part the rest.
    unsafe {
        core::arch::asm!(
            "rep movsq",
            "mov rcx, {tail}",
            "rep movsb",
            tail = in(reg) n & 7,
            inout("rcx") n >> 3 => _,
            inout("rdi") dest => _,
            inout("rsi") src => _,
            options(nostack, preserves_flags)
        );
    }
    dest
}

/// # Safety
/// As C's `memmove`: `n` bytes readable at `src`, writable at `dest`.
#[no_mangle]
pub unsafe extern "C" fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    if n == 0 {
        return dest;
    }
    if (dest as usize) <= (src as usize) || (dest as usize) >= (src as usize).wrapping_add(n) {
        // SAFETY: copying forwards is correct when dest starts before src or
        // the ranges do not overlap.
        return unsafe { memcpy(dest, src, n) };
    }
    // SAFETY: overlapping with dest after src: copy backwards from the last
    // byte, then restore the direction flag the ABI requires clear.
    unsafe {
        core::arch::asm!("std", "rep movsb", "cld", inout("rcx") n => _,
            inout("rdi") dest.add(n - 1) => _, inout("rsi") src.add(n - 1) => _, options(nostack));
    }
    dest
}

/// # Safety
/// As C's `memset`: `n` bytes writable at `dest`.
#[no_mangle]
pub unsafe extern "C" fn memset(dest: *mut u8, c: i32, n: usize) -> *mut u8 {
    // Eight bytes per step for the bulk, as in `memcpy`.
    let byte = c as u8 as u64;
    let pattern = byte * 0x0101_0101_0101_0101;
    // SAFETY: the caller's contract is memset's; the qword part covers
    // n & !7 bytes, the byte part the rest (low byte of rax is the byte).
    unsafe {
        core::arch::asm!(
            "rep stosq",
            "mov rcx, {tail}",
            "rep stosb",
            tail = in(reg) n & 7,
            inout("rcx") n >> 3 => _,
            inout("rdi") dest => _,
            in("rax") pattern,
            options(nostack, preserves_flags)
        );
    }
    dest
}

/// # Safety
/// As C's `memcmp`: `n` bytes readable at both pointers.
#[no_mangle]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // Volatile reads keep LLVM from recognising this loop as `memcmp`
    // itself and compiling it into a call to this very function.
    for i in 0..n {
        // SAFETY: i < n, within both ranges by the caller's contract.
        let (x, y) = unsafe { (a.add(i).read_volatile(), b.add(i).read_volatile()) };
        if x != y {
            return x as i32 - y as i32;
        }
    }
    0
}

/// # Safety
/// As `memcmp`.
#[no_mangle]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    // SAFETY: same contract.
    unsafe { memcmp(a, b, n) }
}

/// # Safety
/// As C's `strlen`: `s` points to a NUL-terminated string (`CStr` uses it).
#[no_mangle]
pub unsafe extern "C" fn strlen(s: *const u8) -> usize {
    let mut n = 0;
    // SAFETY: the string is NUL-terminated, so every byte up to the NUL is
    // readable. Volatile for the same reason as in `memcmp`.
    while unsafe { s.add(n).read_volatile() } != 0 {
        n += 1;
    }
    n
}

/// The precompiled `core` was built with unwinding and names these; with
/// `panic = "abort"` no landing pad ever runs.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

#[no_mangle]
pub extern "C" fn _Unwind_Resume() -> ! {
    panic!("unwinding is not supported: nosys is built with panic = \"abort\"")
}
