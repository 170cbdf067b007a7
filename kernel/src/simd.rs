//! SSE and AVX enablement, and how the kernel keeps SIMD state intact.
//!
//! # SIMD-state policy
//!
//! nosys never enables interrupts: `RFLAGS.IF` stays clear from entry to power-off. Keyboard and
//! serial input are polled, time comes from the TSC, and storage completions are polled. So no
//! asynchronous handler can run in the middle of a matrix product and clobber an xmm/ymm register,
//! and there is no need for `xsave`/`xrstor` in any entry stub.
//!
//! The only handlers installed are the CPU-exception handlers of [`crate::interrupts`], and every
//! one of them is fatal: it draws the panic screen and halts, never returning to the interrupted
//! code, so the SIMD state it might disturb is never looked at again. NMI and machine-check are
//! fatal too. Whoever enables an interrupt later must save the full extended state (`xsave` into a
//! 64-byte-aligned area sized by CPUID leaf 0xD) in the stub before calling Rust, because the
//! compiler is free to use xmm registers in any function of this kernel (it is built for the
//! hard-float `x86_64-unknown-linux-gnu` target, whose baseline is SSE2).
//!
//! # What is enabled
//!
//! SSE is always enabled (x86-64 guarantees SSE2). AVX is enabled (CR4.OSXSAVE, XCR0 = x87|SSE|AVX)
//! only when CPUID reports both XSAVE and AVX; AVX2 and FMA are then usable by
//! `#[target_feature(enable = "avx2,fma")]` code that checks [`features`] first. AVX-512 state is
//! deliberately left disabled: nothing uses it, and enabling it would grow every future xsave area.

use core::sync::atomic::{AtomicU8, Ordering};
use raw_cpuid::CpuId;
use x86_64::registers::control::{Cr0, Cr0Flags, Cr4, Cr4Flags};
use x86_64::registers::xcontrol::{XCr0, XCr0Flags};

/// Which SIMD extensions the kernel enabled and may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimdFeatures {
    /// AVX state is enabled in XCR0, so ymm registers are usable.
    pub avx: bool,
    /// AVX2 integer/float instructions are usable (implies `avx`).
    pub avx2: bool,
    /// Fused multiply-add is usable (implies `avx`).
    pub fma: bool,
}

/// Why SIMD could not be enabled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimdError {
    /// CPUID says the CPU has no SSE2, which no x86-64 CPU should ever say.
    NoSse2,
}

impl core::fmt::Display for SimdError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            SimdError::NoSse2 => f.write_str("CPU reports no SSE2"),
        }
    }
}

const BIT_INIT: u8 = 1;
const BIT_AVX: u8 = 2;
const BIT_AVX2: u8 = 4;
const BIT_FMA: u8 = 8;

static STATE: AtomicU8 = AtomicU8::new(0);

/// Default MXCSR: all exceptions masked, round to nearest.
const MXCSR_DEFAULT: u32 = 0x1f80;

/// Enables SSE and, where the CPU has it, AVX on the boot CPU, and records what is enabled for
/// [`features`]. Idempotent.
///
/// The kernel's own code is compiled with SSE, so `rt.rs`'s entry stub switches SSE on before
/// the first Rust instruction; this repeats that explicitly, resets the x87/MXCSR state and adds
/// AVX, which no loader enables.
pub fn init() -> Result<SimdFeatures, SimdError> {
    let out = enable()?;
    let mut bits = BIT_INIT;
    for (on, bit) in [(out.avx, BIT_AVX), (out.avx2, BIT_AVX2), (out.fma, BIT_FMA)] {
        if on {
            bits |= bit;
        }
    }
    STATE.store(bits, Ordering::Release);
    Ok(out)
}

/// What [`init`] does to the calling CPU's registers (CR0, CR4, XCR0, x87 and MXCSR), without
/// recording anything: an application processor calls it to match the boot CPU (`smp.rs`).
pub fn enable() -> Result<SimdFeatures, SimdError> {
    let cpuid = CpuId::new();
    let fi = cpuid.get_feature_info();
    let has_sse2 = fi.as_ref().is_some_and(|f| f.has_sse2());
    if !has_sse2 {
        return Err(SimdError::NoSse2);
    }
    // SAFETY: clearing EM/TS and setting MP, OSFXSR and OSXMMEXCPT is the architected way to enable
    // SSE; it changes no memory mapping and no other kernel state depends on the old values.
    unsafe {
        Cr0::update(|f| {
            f.remove(Cr0Flags::EMULATE_COPROCESSOR | Cr0Flags::TASK_SWITCHED);
            f.insert(Cr0Flags::MONITOR_COPROCESSOR);
        });
        Cr4::update(|f| f.insert(Cr4Flags::OSFXSR | Cr4Flags::OSXMMEXCPT_ENABLE));
        core::arch::asm!("fninit", options(nomem, nostack));
        let mxcsr = MXCSR_DEFAULT;
        core::arch::asm!("ldmxcsr [{}]", in(reg) &mxcsr, options(readonly, nostack));
    }

    let has_xsave = fi.as_ref().is_some_and(|f| f.has_xsave());
    let has_avx = fi.as_ref().is_some_and(|f| f.has_avx());
    let mut out = SimdFeatures::default();
    if has_xsave && has_avx {
        // SAFETY: CPUID reported XSAVE, so CR4.OSXSAVE exists; XCR0 gets only components CPUID
        // reported (x87 and SSE are mandatory with XSAVE, AVX was checked above).
        unsafe {
            Cr4::update(|f| f.insert(Cr4Flags::OSXSAVE));
            XCr0::write(XCr0Flags::X87 | XCr0Flags::SSE | XCr0Flags::AVX);
        }
        out.avx = XCr0::read().contains(XCr0Flags::AVX);
        if out.avx {
            let ext = cpuid.get_extended_feature_info();
            out.avx2 = ext.is_some_and(|e| e.has_avx2());
            out.fma = fi.as_ref().is_some_and(|f| f.has_fma());
        }
    }
    Ok(out)
}

/// The SIMD extensions enabled by [`init`] (all false before it ran): what every application
/// processor must match before it may run the model's kernels.
pub fn features() -> SimdFeatures {
    let bits = STATE.load(Ordering::Acquire);
    SimdFeatures {
        avx: bits & BIT_AVX != 0,
        avx2: bits & BIT_AVX2 != 0,
        fma: bits & BIT_FMA != 0,
    }
}
