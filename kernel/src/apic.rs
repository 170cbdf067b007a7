//! The boot CPU's local APIC, for the one thing the kernel asks of it: the INIT and start-up
//! IPIs that wake the application processors ([`crate::smp`]).
//!
//! xAPIC registers are MMIO at the base in `IA32_APIC_BASE`, mapped uncached; when the firmware
//! left the APIC in x2APIC mode, the same registers are MSRs and the ICR is one 64-bit write
//! (Intel SDM vol. 3, 11.4 and 11.12). No interrupt is ever delivered to a CPU: `RFLAGS.IF` stays
//! clear on every core, so enabling the APIC (its spurious-vector register) only lets it send.

use core::fmt;
use x86_64::registers::model_specific::Msr;

use crate::memory;

const IA32_APIC_BASE: u32 = 0x1b;
const BASE_ENABLE: u64 = 1 << 11;
const BASE_X2APIC: u64 = 1 << 10;
const BASE_ADDR_MASK: u64 = 0x000f_ffff_ffff_f000;

/// xAPIC register offsets (x2APIC: MSR `0x800 + offset / 16`).
const REG_ID: usize = 0x20;
const REG_SVR: usize = 0xf0;
const REG_ESR: usize = 0x280;
const REG_ICR_LOW: usize = 0x300;
const REG_ICR_HIGH: usize = 0x310;
const X2APIC_MSR_BASE: u32 = 0x800;

/// Spurious-vector register: APIC software enable, and the vector (never delivered).
const SVR_ENABLE: u32 = 1 << 8;
const SVR_VECTOR: u32 = 0xff;

/// ICR fields (SDM 11.6.1).
const ICR_INIT: u32 = 0b101 << 8;
const ICR_STARTUP: u32 = 0b110 << 8;
const ICR_LEVEL_ASSERT: u32 = 1 << 14;
const ICR_TRIGGER_LEVEL: u32 = 1 << 15;
const ICR_DELIVERY_PENDING: u32 = 1 << 12;
/// Polls of the delivery-status bit before an IPI is declared lost.
const DELIVERY_POLLS: u32 = 1_000_000;

/// How the kernel reaches the local APIC.
#[derive(Clone, Copy)]
enum Mode {
    XApic(*mut u32),
    X2Apic,
}

/// The boot CPU's local APIC.
pub struct LocalApic {
    mode: Mode,
}

/// Why the APIC cannot send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApicError {
    /// `IA32_APIC_BASE` says the APIC is globally disabled.
    Disabled,
    /// The MMIO page could not be mapped.
    Unmappable(memory::MemError),
    /// An IPI stayed pending (the delivery-status bit never cleared).
    Stuck,
    /// An xAPIC cannot address an APIC ID above 255.
    IdTooLarge(u32),
}

impl fmt::Display for ApicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApicError::Disabled => f.write_str("the local APIC is disabled (IA32_APIC_BASE)"),
            ApicError::Unmappable(e) => write!(f, "cannot map the local APIC: {e}"),
            ApicError::Stuck => f.write_str("an IPI was never delivered"),
            ApicError::IdTooLarge(id) => {
                write!(
                    f,
                    "APIC ID {id} needs x2APIC mode, which the firmware left off"
                )
            }
        }
    }
}

impl LocalApic {
    /// Finds the boot CPU's APIC, maps it (xAPIC) and makes sure it is software-enabled.
    pub fn new() -> Result<Self, ApicError> {
        // SAFETY: IA32_APIC_BASE exists on every x86-64 CPU; reading it has no side effects.
        let base = unsafe { Msr::new(IA32_APIC_BASE).read() };
        if base & BASE_ENABLE == 0 {
            return Err(ApicError::Disabled);
        }
        let mode = if base & BASE_X2APIC != 0 {
            Mode::X2Apic
        } else {
            let p = memory::map_mmio(base & BASE_ADDR_MASK, memory::PAGE_SIZE)
                .map_err(ApicError::Unmappable)?;
            Mode::XApic(p.cast())
        };
        let apic = Self { mode };
        let svr = apic.read(REG_SVR);
        if svr & SVR_ENABLE == 0 {
            apic.write(REG_SVR, SVR_ENABLE | SVR_VECTOR);
        }
        Ok(apic)
    }

    /// Whether the firmware left the APIC in x2APIC mode.
    pub fn is_x2apic(&self) -> bool {
        matches!(self.mode, Mode::X2Apic)
    }

    /// This CPU's APIC ID.
    pub fn id(&self) -> u32 {
        match self.mode {
            Mode::X2Apic => self.read(REG_ID),
            Mode::XApic(_) => self.read(REG_ID) >> 24,
        }
    }

    fn read(&self, reg: usize) -> u32 {
        match self.mode {
            // SAFETY: `p` maps the APIC's 4 KiB register page uncached; `reg` is one of the
            // architected 16-byte-aligned registers, read with a 32-bit access as required.
            Mode::XApic(p) => unsafe { p.add(reg / 4).read_volatile() },
            // SAFETY: in x2APIC mode the registers are these MSRs; reading them has no side
            // effects for the registers used here.
            Mode::X2Apic => unsafe { Msr::new(X2APIC_MSR_BASE + (reg / 16) as u32).read() as u32 },
        }
    }

    fn write(&self, reg: usize, value: u32) {
        match self.mode {
            // SAFETY: as in `read`; the registers written here are SVR, ESR and the ICR.
            Mode::XApic(p) => unsafe { p.add(reg / 4).write_volatile(value) },
            // SAFETY: as in `read`.
            Mode::X2Apic => unsafe {
                Msr::new(X2APIC_MSR_BASE + (reg / 16) as u32).write(u64::from(value))
            },
        }
    }

    /// Sends one IPI to the APIC `dest` and waits for the APIC to have sent it.
    fn send(&self, dest: u32, icr_low: u32) -> Result<(), ApicError> {
        match self.mode {
            Mode::X2Apic => {
                // SAFETY: the x2APIC ICR is MSR 0x830, written as one 64-bit value; the IPIs
                // sent are INIT and start-up to application processors, which is its purpose.
                unsafe {
                    Msr::new(X2APIC_MSR_BASE + (REG_ICR_LOW / 16) as u32)
                        .write(u64::from(dest) << 32 | u64::from(icr_low))
                };
                Ok(())
            }
            Mode::XApic(_) => {
                if dest > 0xff {
                    return Err(ApicError::IdTooLarge(dest));
                }
                // Writing the low half sends; the high half (destination) goes first.
                self.write(REG_ESR, 0);
                self.write(REG_ICR_HIGH, dest << 24);
                self.write(REG_ICR_LOW, icr_low);
                for _ in 0..DELIVERY_POLLS {
                    if self.read(REG_ICR_LOW) & ICR_DELIVERY_PENDING == 0 {
                        return Ok(());
                    }
                    core::hint::spin_loop();
                }
                Err(ApicError::Stuck)
            }
        }
    }

    /// INIT to `dest` (assert, then the de-assert older CPUs need): it waits for a start-up IPI.
    pub fn send_init(&self, dest: u32) -> Result<(), ApicError> {
        self.send(dest, ICR_INIT | ICR_TRIGGER_LEVEL | ICR_LEVEL_ASSERT)?;
        self.send(dest, ICR_INIT | ICR_TRIGGER_LEVEL)
    }

    /// Start-up IPI to `dest`: it begins in real mode at `page << 12`, CS = `page << 8`.
    pub fn send_startup(&self, dest: u32, page: u8) -> Result<(), ApicError> {
        self.send(dest, ICR_STARTUP | u32::from(page))
    }
}
