//! Which kernel family the solver runs: AVX2+FMA where the CPU has it and
//! the OS saves YMM state, portable code otherwise. Chosen at run time from
//! CPUID, as `model::ops` does, because the kernel's target has no
//! `is_x86_feature_detected!` and QEMU's CPU model may lack AVX2.
//!
//! Callers pass the family explicitly (`SolveOptions::simd`), so tests can
//! run both on the same problem side by side without global state.

use core::sync::atomic::{AtomicU8, Ordering};

/// A kernel family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    /// Plain Rust: separate multiply and add, vectorised by the compiler
    /// for the baseline target (SSE2 on x86_64).
    Portable,
    /// 256-bit AVX2 with fused multiply-add (`#[target_feature]` code).
    Avx2,
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const AVX2: u8 = 2;
static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The best family this CPU supports (CPUID is read once).
pub fn detect() -> Simd {
    let mut s = DETECTED.load(Ordering::Relaxed);
    if s == UNKNOWN {
        s = if has_avx2_fma() { AVX2 } else { PORTABLE };
        DETECTED.store(s, Ordering::Relaxed);
    }
    if s == AVX2 {
        Simd::Avx2
    } else {
        Simd::Portable
    }
}

/// `s`, unless it asks for AVX2 on a CPU without it: no caller can make the
/// solver execute an instruction the CPU lacks.
pub(crate) fn effective(s: Simd) -> Simd {
    match s {
        Simd::Avx2 => detect(),
        Simd::Portable => Simd::Portable,
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn has_avx2_fma() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: CPUID exists on every x86_64 CPU.
    #[allow(unused_unsafe)]
    let l0 = unsafe { __cpuid(0) };
    if l0.eax < 7 {
        return false;
    }
    // SAFETY: as above; leaf 1 exists since the highest leaf is at least 7.
    #[allow(unused_unsafe)]
    let l1 = unsafe { __cpuid(1) };
    let fma = l1.ecx & (1 << 12) != 0;
    let osxsave = l1.ecx & (1 << 27) != 0;
    let avx = l1.ecx & (1 << 28) != 0;
    // SAFETY: leaf 7 exists since the highest leaf is at least 7.
    #[allow(unused_unsafe)]
    let l7 = unsafe { __cpuid_count(7, 0) };
    let avx2 = l7.ebx & (1 << 5) != 0;
    if !(fma && osxsave && avx && avx2) {
        return false;
    }
    // The CPU having AVX is not enough: the OS (our kernel's `simd::init`)
    // must have enabled XMM and YMM state in XCR0, or the upper halves are
    // not there to use.
    // SAFETY: OSXSAVE is set, so XGETBV is enabled.
    let xcr0 = unsafe { xgetbv0() };
    xcr0 & 0b110 == 0b110
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[target_feature(enable = "xsave")]
unsafe fn xgetbv0() -> u64 {
    // SAFETY: the caller checked OSXSAVE.
    unsafe { core::arch::x86_64::_xgetbv(0) }
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2_fma() -> bool {
    false
}
