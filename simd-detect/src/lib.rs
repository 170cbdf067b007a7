//! Whether the AVX2 kernels of `model` and `router` may run.
//!
//! Run-time detection because the kernel's target has no
//! `is_x86_feature_detected!` (no `std`) and QEMU's or VirtualBox's CPU
//! model may lack AVX2. `cpufeatures` would do the CPUID and XCR0 part but
//! knows no F16C, which the model's F16 kernels need, so this is written
//! out here, once, for both crates.
#![no_std]

use core::sync::atomic::{AtomicU8, Ordering};

const UNKNOWN: u8 = 0;
const NO: u8 = 1;
const YES: u8 = 2;
static DETECTED: AtomicU8 = AtomicU8::new(UNKNOWN);

/// AVX2, FMA and F16C on the CPU, and YMM state enabled by the OS (CPUID
/// is read on the first call; every AVX2-capable CPU has F16C too).
pub fn avx2_fma_f16c() -> bool {
    let mut s = DETECTED.load(Ordering::Relaxed);
    if s == UNKNOWN {
        s = if read_cpu() { YES } else { NO };
        DETECTED.store(s, Ordering::Relaxed);
    }
    s == YES
}

#[cfg(target_arch = "x86_64")]
fn read_cpu() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: CPUID exists on every x86_64 CPU.
    #[allow(unused_unsafe)]
    let l0 = unsafe { __cpuid(0) };
    if l0.eax < 7 {
        // Leaf 7 would read as the highest leaf's data, not as zeros.
        return false;
    }
    // SAFETY: as above; leaf 1 exists since the highest leaf is at least 7.
    #[allow(unused_unsafe)]
    let l1 = unsafe { __cpuid(1) };
    let fma = l1.ecx & (1 << 12) != 0;
    let osxsave = l1.ecx & (1 << 27) != 0;
    let avx = l1.ecx & (1 << 28) != 0;
    let f16c = l1.ecx & (1 << 29) != 0;
    // SAFETY: leaf 7 exists since the highest leaf is at least 7.
    #[allow(unused_unsafe)]
    let l7 = unsafe { __cpuid_count(7, 0) };
    let avx2 = l7.ebx & (1 << 5) != 0;
    if !(fma && osxsave && avx && f16c && avx2) {
        return false;
    }
    // The CPU having AVX is not enough: the OS (our kernel's `simd::init`)
    // must have enabled XMM and YMM state in XCR0 (bits 1 and 2), or the
    // upper halves are not saved across an interrupt.
    // SAFETY: OSXSAVE is set, so XGETBV is enabled.
    let xcr0 = unsafe { xgetbv0() };
    xcr0 & 0b110 == 0b110
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "xsave")]
unsafe fn xgetbv0() -> u64 {
    // SAFETY: the caller checked OSXSAVE.
    unsafe { core::arch::x86_64::_xgetbv(0) }
}

#[cfg(not(target_arch = "x86_64"))]
fn read_cpu() -> bool {
    false
}

#[cfg(test)]
mod tests {
    extern crate std;

    #[test]
    fn agrees_with_std() {
        let std_says = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("f16c");
        assert_eq!(super::avx2_fma_f16c(), std_says);
        // The second call reads the cached answer.
        assert_eq!(super::avx2_fma_f16c(), std_says);
    }
}
