//! CPU identification for the `cpu` applet and the boot log.

use core::fmt;
use raw_cpuid::CpuId;
use spin::Once;

/// What CPUID says about the boot CPU, read once.
#[derive(Clone, Debug)]
pub struct CpuInfo {
    /// 12-byte vendor string, e.g. `GenuineIntel`, `AuthenticAMD`.
    vendor: [u8; 12],
    /// Up to 48 bytes of brand string, e.g. `QEMU TCG CPU version 2.5+`.
    brand: [u8; 48],
    brand_len: usize,
    pub family: u8,
    pub model: u8,
    pub stepping: u8,
    /// Logical processors reported by leaf 1 (only the boot CPU runs).
    pub logical_cpus: u8,
    features: u64,
}

/// Feature flags the applets and model care about, in display order.
const FEATURE_NAMES: &[&str] = &[
    "sse",
    "sse2",
    "sse3",
    "ssse3",
    "sse4.1",
    "sse4.2",
    "popcnt",
    "aes",
    "pclmulqdq",
    "xsave",
    "avx",
    "f16c",
    "fma",
    "avx2",
    "bmi1",
    "bmi2",
    "avx512f",
    "avx512bw",
    "avx512vl",
    "rdrand",
    "rdseed",
    "tsc",
    "invariant-tsc",
    "x2apic",
    "hypervisor",
];

fn bit(name: &str) -> u64 {
    let i = FEATURE_NAMES.iter().position(|n| *n == name).unwrap_or(63);
    1 << i
}

static INFO: Once<CpuInfo> = Once::new();

/// The boot CPU's identification (read on first use).
pub fn info() -> &'static CpuInfo {
    INFO.call_once(read)
}

fn read() -> CpuInfo {
    let cpuid = CpuId::new();
    let mut info = CpuInfo {
        vendor: [b'?'; 12],
        brand: [0; 48],
        brand_len: 0,
        family: 0,
        model: 0,
        stepping: 0,
        logical_cpus: 1,
        features: 0,
    };
    if let Some(v) = cpuid.get_vendor_info() {
        let s = v.as_str().as_bytes();
        let n = s.len().min(12);
        info.vendor[..n].copy_from_slice(&s[..n]);
    }
    if let Some(b) = cpuid.get_processor_brand_string() {
        let s = b.as_str().trim().as_bytes();
        let n = s.len().min(48);
        info.brand[..n].copy_from_slice(&s[..n]);
        info.brand_len = n;
    }
    let mut set = |name: &str, on: bool| {
        if on {
            info.features |= bit(name);
        }
    };
    if let Some(f) = cpuid.get_feature_info() {
        set("sse", f.has_sse());
        set("sse2", f.has_sse2());
        set("sse3", f.has_sse3());
        set("ssse3", f.has_ssse3());
        set("sse4.1", f.has_sse41());
        set("sse4.2", f.has_sse42());
        set("popcnt", f.has_popcnt());
        set("aes", f.has_aesni());
        set("pclmulqdq", f.has_pclmulqdq());
        set("xsave", f.has_xsave());
        set("avx", f.has_avx());
        set("f16c", f.has_f16c());
        set("fma", f.has_fma());
        set("rdrand", f.has_rdrand());
        set("tsc", f.has_tsc());
        set("x2apic", f.has_x2apic());
        set("hypervisor", f.has_hypervisor());
        info.family = f.family_id();
        info.model = f.model_id();
        info.stepping = f.stepping_id();
        info.logical_cpus = f.max_logical_processor_ids().max(1);
    }
    if let Some(e) = cpuid.get_extended_feature_info() {
        set("avx2", e.has_avx2());
        set("bmi1", e.has_bmi1());
        set("bmi2", e.has_bmi2());
        set("avx512f", e.has_avx512f());
        set("avx512bw", e.has_avx512bw());
        set("avx512vl", e.has_avx512vl());
        set("rdseed", e.has_rdseed());
    }
    if let Some(p) = cpuid.get_advanced_power_mgmt_info() {
        set("invariant-tsc", p.has_invariant_tsc());
    }
    info
}

impl CpuInfo {
    pub fn vendor(&self) -> &str {
        core::str::from_utf8(&self.vendor).unwrap_or("?")
    }

    /// The brand string, or the vendor when the CPU has none.
    pub fn brand(&self) -> &str {
        match core::str::from_utf8(&self.brand[..self.brand_len]) {
            Ok(s) if !s.is_empty() => s,
            _ => self.vendor(),
        }
    }

    /// Whether the CPU reports `name` (one of the names [`CpuInfo::features`] yields).
    pub fn has(&self, name: &str) -> bool {
        FEATURE_NAMES.contains(&name) && self.features & bit(name) != 0
    }

    /// The names of the features the CPU reports, in a fixed order.
    pub fn features(&self) -> impl Iterator<Item = &'static str> + '_ {
        FEATURE_NAMES.iter().copied().filter(|n| self.has(n))
    }
}

impl fmt::Display for CpuInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}, family {:#x} model {:#x} stepping {})",
            self.brand(),
            self.vendor(),
            self.family,
            self.model,
            self.stepping
        )
    }
}
