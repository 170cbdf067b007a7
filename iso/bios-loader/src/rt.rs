//! What a freestanding binary built for the hosted `x86_64-unknown-linux-gnu`
//! target needs from outside `core`: the C memory functions libc would
//! supply and the unwinding symbols the precompiled `core` names although
//! `panic = "abort"` never reaches them (the kernel's `rt.rs` does the same).

/// # Safety
/// As C's `memcpy`: `n` bytes readable at `src`, writable at `dest`, no overlap.
#[no_mangle]
pub unsafe extern "C" fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // Eight bytes per step: QEMU's TCG runs `rep movsb` a byte at a time,
    // and the loader copies tens of MiB out of the bounce buffer.
    // SAFETY: memcpy's contract; forward copies (the ABI keeps DF clear),
    // the qword part covers n & !7 bytes and the byte part the rest.
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
        // SAFETY: a forward copy is correct when dest starts before src or
        // the ranges do not overlap.
        return unsafe { memcpy(dest, src, n) };
    }
    // SAFETY: dest overlaps src from above: copy backwards from the last
    // byte, then clear the direction flag again as the ABI requires.
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
    let pattern = (c as u8 as u64) * 0x0101_0101_0101_0101;
    // SAFETY: memset's contract; the qword part covers n & !7 bytes, the
    // byte part the rest (the low byte of rax is the byte).
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
    // Volatile reads keep LLVM from turning this loop into a call to memcmp.
    for i in 0..n {
        // SAFETY: i < n, inside both ranges by the caller's contract.
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
    // SAFETY: the same contract.
    unsafe { memcmp(a, b, n) }
}

/// # Safety
/// As C's `strlen`: `s` points to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn strlen(s: *const u8) -> usize {
    let mut n = 0;
    // SAFETY: every byte up to the NUL is readable; volatile as in memcmp.
    while unsafe { s.add(n).read_volatile() } != 0 {
        n += 1;
    }
    n
}

/// Named by the precompiled `core`; with `panic = "abort"` never called.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

#[no_mangle]
pub extern "C" fn _Unwind_Resume() -> ! {
    panic!("unwinding is not supported: the loader is built with panic = \"abort\"")
}
