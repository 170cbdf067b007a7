//! ACPI power management: shutdown through the `\_S5` sleep state, and reset.
//!
//! Tables come from the `acpi` crate (FADT, DSDT, SSDTs). The crate's AML interpreter (`acpi` 6+,
//! or the older `aml` crate) needs nightly Rust, which this project does not use, so the one AML
//! object shutdown needs is decoded here: the `\_S5_` package, a `NameOp` followed by a
//! `PackageOp` whose first two elements are the `SLP_TYPa`/`SLP_TYPb` values (ACPI 6.5, 7.4.2 and
//! 20.2). That covers every firmware we know of (QEMU, OVMF, VirtualBox, common PC BIOSes), which
//! all define `_S5` as a plain package; one defined as a method is reported as unsupported rather
//! than guessed at. `\_PTS` is not run, for the same reason.

use core::alloc::Layout;
use core::fmt;
use core::ptr::NonNull;
use core::sync::atomic::{AtomicBool, Ordering};

use acpi::address::{AddressSpace, GenericAddress};
use acpi::fadt::Fadt;
use acpi::{AcpiHandler, AcpiTables, PhysicalMapping};
use spin::Once;
use x86_64::instructions::port::Port;

use crate::memory::{self, Caching};

/// `SLP_EN` in PM1x_CNT.
const SLP_EN: u16 = 1 << 13;
/// `SCI_EN` in PM1x_CNT: set when the platform is in ACPI mode.
const SCI_EN: u16 = 1;
/// PC keyboard controller command port and its "pulse reset line" command.
const I8042_CMD: u16 = 0x64;
const I8042_RESET: u8 = 0xfe;

/// Maps ACPI tables into the kernel's mapping window (write-back: tables are ordinary RAM).
/// The one handler the kernel gives the `acpi` crate: power management here and the MCFG
/// lookup in `pci.rs` share it, and with it one failure policy (see [`take_map_failure`]).
#[derive(Clone, Copy)]
pub struct TableMapper;

/// Set when a mapping failed since the last [`take_map_failure`].
static MAP_FAILED: AtomicBool = AtomicBool::new(false);

/// Whether a table mapping failed since the last call. Every `AcpiTables` user calls this after
/// the crate returns and turns a failure into its own error, so a table that could not be mapped
/// is reported, never read.
pub fn take_map_failure() -> bool {
    MAP_FAILED.swap(false, Ordering::Relaxed)
}

impl AcpiHandler for TableMapper {
    unsafe fn map_physical_region<T>(&self, phys: usize, size: usize) -> PhysicalMapping<Self, T> {
        // The window is large and firmware tables are few: mappings are simply never removed.
        let size = size.max(core::mem::size_of::<T>()).max(1);
        let virt = match memory::map_physical(phys as u64, size, Caching::WriteBack) {
            Ok(virt) => virt,
            Err(e) => {
                log::warn!("acpi: cannot map {size} bytes of tables at {phys:#x}: {e}");
                MAP_FAILED.store(true, Ordering::Relaxed);
                // The crate's trait has no error return. Zeroed heap memory of the asked size
                // and alignment is a real mapping the crate may read, and no table validates
                // against it (an all-zero signature), so the crate returns an error. It is
                // leaked: unmapping is a no-op and this happens at most once per failed table.
                zeroed::<T>(size)
            }
        };
        // `map_physical` returns an address inside the window, never zero; the heap never
        // returns null (allocation failure halts in the allocator's error handler).
        let virt = NonNull::new(virt.cast::<T>()).expect("mappings are never null");
        // SAFETY: `virt` is valid for `size` bytes for the kernel's lifetime: either the window
        // mapping of exactly `phys..phys + size`, or a zeroed heap block of that size that is
        // never freed. `size` covers at least one `T`.
        unsafe { PhysicalMapping::new(phys, virt, size, size, *self) }
    }

    fn unmap_physical_region<T>(_region: &PhysicalMapping<Self, T>) {}
}

/// A zeroed, never-freed heap block of `size` bytes aligned for `T`.
fn zeroed<T>(size: usize) -> *mut u8 {
    let layout = Layout::from_size_align(size, core::mem::align_of::<T>())
        .expect("a table size and a type's alignment form a layout");
    // SAFETY: `layout` has a non-zero size (`size >= 1`).
    let p = unsafe { alloc::alloc::alloc_zeroed(layout) };
    if p.is_null() {
        alloc::alloc::handle_alloc_error(layout);
    }
    p
}

/// A table mapping failed while the crate read the tables: the crate's own answer is then
/// about zeroed stand-in memory and must not be trusted.
const UNMAPPABLE: PowerError = PowerError::Tables("a table could not be mapped");

/// Why a power operation is unavailable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerError {
    /// The loader passed no RSDP (no ACPI, or a loader that did not find it).
    NoRsdp,
    /// The tables could not be read (bad RSDP, missing FADT); says which.
    Tables(&'static str),
    /// No `\_S5` package in the DSDT or SSDTs.
    NoS5,
    /// `\_S5` exists but is not a plain package of integers.
    S5Unsupported,
    /// The FADT names no usable PM1a control register.
    NoPm1Control,
    /// The machine was told to power off and is still running.
    StillRunning,
}

impl fmt::Display for PowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PowerError::NoRsdp => f.write_str("no ACPI tables (the loader passed no RSDP)"),
            PowerError::Tables(what) => write!(f, "ACPI tables unreadable: {what}"),
            PowerError::NoS5 => f.write_str("firmware defines no \\_S5 (soft-off) sleep state"),
            PowerError::S5Unsupported => {
                f.write_str("\\_S5 is not a plain package; this kernel has no AML interpreter")
            }
            PowerError::NoPm1Control => f.write_str("FADT has no PM1 control register"),
            PowerError::StillRunning => {
                f.write_str("ACPI soft-off was requested but had no effect")
            }
        }
    }
}

/// What shutdown and reset need, gathered at boot.
#[derive(Debug)]
struct Power {
    pm1a_cnt: GenericAddress,
    pm1b_cnt: Option<GenericAddress>,
    smi_cmd: u16,
    acpi_enable: u8,
    s5: Result<(u8, u8), PowerError>,
    reset: Option<(GenericAddress, u8)>,
}

static POWER: Once<Result<Power, PowerError>> = Once::new();

/// Reads the FADT and finds `\_S5`. `rsdp` is the physical RSDP address from the loader.
/// Errors are kept and reported by [`shutdown`]; reboot works without ACPI.
pub fn init(rsdp: Option<u64>) -> Result<(), PowerError> {
    POWER
        .call_once(|| load(rsdp))
        .as_ref()
        .map(|p| {
            if let Err(e) = p.s5 {
                log::warn!("acpi: shutdown unavailable: {e}");
            }
        })
        .map_err(|e| *e)
}

fn table_error(e: acpi::AcpiError) -> PowerError {
    use acpi::AcpiError as E;
    PowerError::Tables(match e {
        E::NoValidRsdp
        | E::RsdpIncorrectSignature
        | E::RsdpInvalidOemId
        | E::RsdpInvalidChecksum => "invalid RSDP",
        E::TableMissing(_) => "no FADT",
        E::SdtInvalidSignature(_) | E::SdtInvalidOemId(_) | E::SdtInvalidTableId(_) => {
            "corrupt table header"
        }
        E::SdtInvalidChecksum(_) => "table checksum mismatch",
        _ => "unusable FADT",
    })
}

/// The crate's answer, unless a mapping failed underneath it.
fn checked<T>(r: Result<T, acpi::AcpiError>) -> Result<T, PowerError> {
    if take_map_failure() {
        return Err(UNMAPPABLE);
    }
    r.map_err(table_error)
}

fn load(rsdp: Option<u64>) -> Result<Power, PowerError> {
    let rsdp = rsdp.ok_or(PowerError::NoRsdp)?;
    // SAFETY: the loader reports this as the RSDP's physical address.
    let tables = unsafe { AcpiTables::from_rsdp(TableMapper, rsdp as usize) };
    let tables = checked(tables)?;
    let fadt = checked(tables.find_table::<Fadt>())?;
    let pm1a_cnt = fadt
        .pm1a_control_block()
        .map_err(|_| PowerError::NoPm1Control)?;
    let pm1b_cnt = fadt.pm1b_control_block().ok().flatten();
    let reset = if { fadt.flags }.supports_system_reset_via_fadt() {
        fadt.reset_register().ok().map(|r| (r, fadt.reset_value))
    } else {
        None
    };
    let smi_cmd = fadt.smi_cmd_port as u16;
    let acpi_enable = fadt.acpi_enable;

    let mut s5 = Err(PowerError::NoS5);
    let aml_tables = tables.dsdt().into_iter().chain(tables.ssdts());
    for t in aml_tables {
        let len = t.length as usize;
        let virt = match memory::map_physical(t.address as u64, len.max(1), Caching::WriteBack) {
            Ok(virt) => virt,
            Err(e) => {
                // The same policy as `TableMapper`: said, and never read.
                log::warn!("acpi: cannot map the AML table at {:#x}: {e}", t.address);
                continue;
            }
        };
        // SAFETY: map_physical mapped `len` bytes of the table's AML stream at `virt`.
        let aml = unsafe { core::slice::from_raw_parts(virt, len) };
        match find_s5(aml) {
            Err(PowerError::NoS5) => continue,
            r => {
                s5 = r;
                break;
            }
        }
    }
    if let Ok((a, b)) = s5 {
        log::info!(
            "acpi: \\_S5 SLP_TYPa={a} SLP_TYPb={b}, PM1a_CNT {:#x}",
            pm1a_cnt.address
        );
    }
    Ok(Power {
        pm1a_cnt,
        pm1b_cnt,
        smi_cmd,
        acpi_enable,
        s5,
        reset,
    })
}

/// Finds `Name(_S5_, Package(){a, b, ...})` in an AML byte stream and returns `(a, b)`.
fn find_s5(aml: &[u8]) -> Result<(u8, u8), PowerError> {
    const NAME_OP: u8 = 0x08;
    const PACKAGE_OP: u8 = 0x12;
    const METHOD_OP: u8 = 0x14;
    let mut found_other = false;
    for i in 0..aml.len().saturating_sub(4) {
        if &aml[i..i + 4] != b"_S5_" {
            continue;
        }
        // The name may carry a root prefix: `08 5C _S5_` or `08 _S5_`.
        let before = &aml[..i];
        let named = matches!(before, [.., NAME_OP]) || matches!(before, [.., NAME_OP, b'\\']);
        if !named {
            // A method definition (`14 len _S5_`) or a reference: remember, keep looking.
            found_other |= matches!(before, [.., METHOD_OP, _] | [.., METHOD_OP, _, _]);
            continue;
        }
        let rest = &aml[i + 4..];
        let (&op, rest) = rest.split_first().ok_or(PowerError::S5Unsupported)?;
        if op != PACKAGE_OP {
            return Err(PowerError::S5Unsupported);
        }
        // PkgLength: the top two bits of the lead byte say how many bytes follow.
        let lead = *rest.first().ok_or(PowerError::S5Unsupported)?;
        let pkg_len_bytes = 1 + usize::from(lead >> 6);
        let rest = rest.get(pkg_len_bytes..).ok_or(PowerError::S5Unsupported)?;
        let (&count, mut rest) = rest.split_first().ok_or(PowerError::S5Unsupported)?;
        if count == 0 {
            return Err(PowerError::S5Unsupported);
        }
        let mut values = [0u8; 2];
        for v in values.iter_mut().take(usize::from(count.min(2))) {
            let (value, tail) = aml_integer(rest).ok_or(PowerError::S5Unsupported)?;
            *v = (value & 0x7) as u8;
            rest = tail;
        }
        return Ok((values[0], values[1]));
    }
    Err(if found_other {
        PowerError::S5Unsupported
    } else {
        PowerError::NoS5
    })
}

/// Decodes one AML integer constant (ZeroOp, OneOp, OnesOp, Byte/Word/DWord/QWordPrefix).
fn aml_integer(b: &[u8]) -> Option<(u64, &[u8])> {
    let (&op, rest) = b.split_first()?;
    let take = |n: usize| -> Option<(u64, &[u8])> {
        let bytes = rest.get(..n)?;
        let mut v = 0u64;
        for (i, &x) in bytes.iter().enumerate() {
            v |= u64::from(x) << (8 * i);
        }
        Some((v, &rest[n..]))
    };
    match op {
        0x00 => Some((0, rest)),
        0x01 => Some((1, rest)),
        0xff => Some((u64::MAX, rest)),
        0x0a => take(1),
        0x0b => take(2),
        0x0c => take(4),
        0x0e => take(8),
        _ => None,
    }
}

fn read_gas16(gas: &GenericAddress) -> Option<u16> {
    match gas.address_space {
        // SAFETY: the FADT names this I/O port as a PM1 control register.
        AddressSpace::SystemIo => Some(unsafe { Port::<u16>::new(gas.address as u16).read() }),
        AddressSpace::SystemMemory => {
            let p = memory::map_mmio(gas.address, 2).ok()?;
            // SAFETY: the FADT names this MMIO address as a PM1 control register.
            Some(unsafe { p.cast::<u16>().read_volatile() })
        }
        _ => None,
    }
}

fn write_gas(gas: &GenericAddress, value: u64, width: u8) -> bool {
    match (gas.address_space, width) {
        (AddressSpace::SystemIo, 8) => {
            // SAFETY: the FADT names this I/O port for this write.
            unsafe { Port::<u8>::new(gas.address as u16).write(value as u8) };
            true
        }
        (AddressSpace::SystemIo, _) => {
            // SAFETY: as above.
            unsafe { Port::<u16>::new(gas.address as u16).write(value as u16) };
            true
        }
        (AddressSpace::SystemMemory, w) => {
            let Ok(p) = memory::map_mmio(gas.address, 2) else {
                return false;
            };
            // SAFETY: the FADT names this MMIO address for this write.
            unsafe {
                if w == 8 {
                    p.write_volatile(value as u8);
                } else {
                    p.cast::<u16>().write_volatile(value as u16);
                }
            }
            true
        }
        _ => false,
    }
}

/// Powers the machine off through ACPI S5. Returns only if that is impossible or had no effect.
pub fn shutdown() -> PowerError {
    let p = match POWER.get() {
        None => return PowerError::NoRsdp,
        Some(Err(e)) => return *e,
        Some(Ok(p)) => p,
    };
    let (typ_a, typ_b) = match p.s5 {
        Ok(v) => v,
        Err(e) => return e,
    };
    // Firmware that boots in legacy mode owns PM1 until told to hand it over.
    let in_acpi_mode = read_gas16(&p.pm1a_cnt).is_some_and(|v| v & SCI_EN != 0);
    if !in_acpi_mode && p.smi_cmd != 0 && p.acpi_enable != 0 {
        // SAFETY: the FADT names this port and value as the way to enter ACPI mode.
        unsafe { Port::<u8>::new(p.smi_cmd).write(p.acpi_enable) };
        for _ in 0..300 {
            if read_gas16(&p.pm1a_cnt).is_some_and(|v| v & SCI_EN != 0) {
                break;
            }
            crate::time::delay_us(10_000);
        }
    }
    x86_64::instructions::interrupts::disable();
    let a = read_gas16(&p.pm1a_cnt).unwrap_or(0);
    let value = (a & !(0x7 << 10)) | (u16::from(typ_a) << 10) | SLP_EN;
    if !write_gas(&p.pm1a_cnt, u64::from(value), 16) {
        return PowerError::NoPm1Control;
    }
    if let Some(b) = p.pm1b_cnt.as_ref() {
        let old = read_gas16(b).unwrap_or(0);
        let value = (old & !(0x7 << 10)) | (u16::from(typ_b) << 10) | SLP_EN;
        write_gas(b, u64::from(value), 16);
    }
    // Power should drop within microseconds; give slow hardware a second before giving up.
    crate::time::delay_us(1_000_000);
    PowerError::StillRunning
}

/// Resets the machine: the FADT reset register, then the 8042 reset line, then a triple fault.
pub fn reboot() -> ! {
    x86_64::instructions::interrupts::disable();
    if let Some(Ok(Power {
        reset: Some((reg, value)),
        ..
    })) = POWER.get()
    {
        if write_gas(reg, u64::from(*value), 8) {
            crate::time::delay_us(100_000);
        }
    }
    let mut cmd = Port::<u8>::new(I8042_CMD);
    // SAFETY: port 0x64 is the i8042 controller; waiting for its input buffer to drain and
    // sending 0xFE pulses the CPU reset line, which is what we want.
    unsafe {
        for _ in 0..100_000 {
            if cmd.read() & 0x02 == 0 {
                break;
            }
        }
        cmd.write(I8042_RESET);
    }
    crate::time::delay_us(100_000);
    // Last resort: an empty IDT turns the next exception into a triple fault, which resets.
    static EMPTY: [u8; 0] = [];
    let idt = x86_64::structures::DescriptorTablePointer {
        limit: 0,
        base: x86_64::VirtAddr::from_ptr(EMPTY.as_ptr()),
    };
    // SAFETY: deliberately loads an unusable IDT and raises #BP: the CPU shuts down and the
    // chipset resets it. Nothing runs afterwards.
    unsafe {
        x86_64::instructions::tables::lidt(&idt);
        core::arch::asm!("int3", options(noreturn));
    }
}

/// Why the processor list could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MadtError {
    /// The loader passed no RSDP.
    NoRsdp,
    /// The tables could not be read, or there is no MADT; says which.
    Tables(&'static str),
}

impl fmt::Display for MadtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MadtError::NoRsdp => f.write_str("no ACPI tables (the loader passed no RSDP)"),
            MadtError::Tables(what) => write!(f, "no processor list: {what}"),
        }
    }
}

/// The APIC IDs of the processors the MADT marks enabled, the boot CPU among them, in table
/// order and without repeats (a CPU may appear as both a local APIC and a local x2APIC entry).
/// Processors that are only "online capable" are not there yet and are left out.
pub fn enabled_apic_ids(rsdp: Option<u64>) -> Result<alloc::vec::Vec<u32>, MadtError> {
    use acpi::madt::{Madt, MadtEntry};
    const ENABLED: u32 = 1;
    let rsdp = rsdp.ok_or(MadtError::NoRsdp)?;
    let fail = |e: PowerError| match e {
        PowerError::Tables(what) => MadtError::Tables(what),
        _ => MadtError::Tables("unreadable"),
    };
    // SAFETY: the loader reports this as the RSDP's physical address.
    let tables =
        checked(unsafe { AcpiTables::from_rsdp(TableMapper, rsdp as usize) }).map_err(fail)?;
    let madt = match tables.find_table::<Madt>() {
        Ok(m) if !take_map_failure() => m,
        Ok(_) => return Err(MadtError::Tables("a table could not be mapped")),
        Err(_) => return Err(MadtError::Tables("no MADT")),
    };
    let mut ids = alloc::vec::Vec::new();
    for entry in madt.get().entries() {
        let id = match entry {
            MadtEntry::LocalApic(e) if { e.flags } & ENABLED != 0 => u32::from(e.apic_id),
            MadtEntry::LocalX2Apic(e) if { e.flags } & ENABLED != 0 => e.x2apic_id,
            _ => continue,
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}
