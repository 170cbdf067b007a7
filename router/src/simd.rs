//! Which kernel family the solver runs: AVX2+FMA where the CPU has it and
//! the OS saves YMM state, portable code otherwise. Chosen at run time
//! (`simd-detect`, shared with `model::ops`), because the kernel's target has no
//! `is_x86_feature_detected!` and QEMU's CPU model may lack AVX2.
//!
//! Callers pass the family explicitly (`SolveOptions::simd`), so tests can
//! run both on the same problem side by side without global state.

/// A kernel family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    /// Plain Rust: separate multiply and add, vectorised by the compiler
    /// for the baseline target (SSE2 on x86_64).
    Portable,
    /// 256-bit AVX2 with fused multiply-add (`#[target_feature]` code).
    Avx2,
}

/// The best family this CPU supports (CPUID is read once, by `simd-detect`).
pub fn detect() -> Simd {
    if simd_detect::avx2_fma_f16c() {
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
