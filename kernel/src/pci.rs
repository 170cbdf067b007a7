//! PCI configuration access for the `pci` crate: ECAM (PCIe memory-mapped
//! configuration) from the ACPI MCFG table, else the legacy 0xCF8/0xCFC
//! ports. Enumeration, decoding and names live in the `pci` crate.
//!
//! ECAM is mapped lazily, one bus (1 MiB) at a time, uncached: mapping a
//! whole 256-bus segment up front would cost 64k page-table entries for
//! buses that mostly do not exist.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

use acpi::mcfg::Mcfg;
use acpi::AcpiTables;
use pci::{Address, ConfigAccess, Device};
use x86_64::instructions::port::Port;

use crate::acpi::{take_map_failure, TableMapper};
use crate::memory;

const CONFIG_ADDRESS: u16 = 0xCF8;
const CONFIG_DATA: u16 = 0xCFC;
/// ECAM gives each bus 32 devices x 8 functions x 4 KiB.
const ECAM_BUS_BYTES: usize = 1 << 20;

/// One MCFG entry for segment 0.
pub struct EcamRegion {
    base: u64,
    start_bus: u8,
    end_bus: u8,
}

pub enum Access {
    Ecam {
        regions: Vec<EcamRegion>,
        /// Virtual base of each bus once mapped (boxed: 2 KiB would
        /// dwarf the `Ports` variant).
        mapped: RefCell<Box<[Option<usize>; 256]>>,
    },
    Ports,
}

impl Access {
    /// ECAM when the MCFG table describes segment 0, else ports.
    pub fn new(rsdp: Option<u64>) -> Access {
        match rsdp.map(mcfg_regions) {
            Some(Ok(regions)) if !regions.is_empty() => {
                for r in &regions {
                    log::info!(
                        "pci: ECAM at {:#x}, buses {}..={}",
                        r.base,
                        r.start_bus,
                        r.end_bus
                    );
                }
                Access::Ecam {
                    regions,
                    mapped: RefCell::new(Box::new([None; 256])),
                }
            }
            Some(Ok(_)) => {
                log::info!("pci: MCFG has no segment-0 entry; using ports 0xCF8/0xCFC");
                Access::Ports
            }
            Some(Err(e)) => {
                log::info!("pci: no MCFG ({e}); using ports 0xCF8/0xCFC");
                Access::Ports
            }
            None => {
                log::info!("pci: no ACPI; using ports 0xCF8/0xCFC");
                Access::Ports
            }
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Access::Ecam { .. } => "ECAM",
            Access::Ports => "ports 0xCF8/0xCFC",
        }
    }

    /// Virtual address of a config register through ECAM, mapping its bus on first use.
    fn ecam_ptr(&self, addr: Address, offset: u16) -> Option<*mut u32> {
        let Access::Ecam { regions, mapped } = self else {
            return None;
        };
        let region = regions
            .iter()
            .find(|r| (r.start_bus..=r.end_bus).contains(&addr.bus))?;
        let mut mapped = mapped.borrow_mut();
        let bus_virt = match mapped[addr.bus as usize] {
            Some(v) => v,
            None => {
                let phys =
                    region.base + ((addr.bus - region.start_bus) as u64) * ECAM_BUS_BYTES as u64;
                let v = memory::map_mmio(phys, ECAM_BUS_BYTES).ok()? as usize;
                mapped[addr.bus as usize] = Some(v);
                v
            }
        };
        let off = pci::ecam_offset(addr.bus, addr, offset)?;
        Some((bus_virt + off as usize) as *mut u32)
    }
}

/// The crate's answer, unless a table mapping failed underneath it (the policy is
/// `acpi::TableMapper`'s; here it means falling back to the ports).
fn checked<T>(r: Result<T, ::acpi::AcpiError>) -> Result<T, String> {
    if take_map_failure() {
        return Err("a table could not be mapped".into());
    }
    r.map_err(|e| alloc::format!("{e:?}"))
}

fn mcfg_regions(rsdp: u64) -> Result<Vec<EcamRegion>, String> {
    // SAFETY: the loader reports this as the RSDP's physical address.
    let tables = unsafe { AcpiTables::from_rsdp(TableMapper, rsdp as usize) };
    let tables = checked(tables)?;
    let mcfg = checked(tables.find_table::<Mcfg>())?;
    Ok(mcfg
        .entries()
        .iter()
        .filter(|e| e.pci_segment_group == 0 && e.bus_number_start <= e.bus_number_end)
        .map(|e| EcamRegion {
            base: e.base_address,
            start_bus: e.bus_number_start,
            end_bus: e.bus_number_end,
        })
        .collect())
}

impl ConfigAccess for Access {
    fn read(&self, addr: Address, offset: u16) -> u32 {
        match self {
            Access::Ecam { .. } => match self.ecam_ptr(addr, offset) {
                // SAFETY: the pointer is inside this bus's uncached ECAM mapping, dword aligned.
                Some(p) => unsafe { core::ptr::read_volatile(p) },
                None => u32::MAX,
            },
            Access::Ports => {
                let Some(a) = pci::port_address(addr, offset) else {
                    return u32::MAX;
                };
                // SAFETY: 0xCF8/0xCFC are the PCI configuration mechanism #1 ports; the
                // kernel is single-threaded so the address/data pair is not interleaved.
                unsafe {
                    Port::<u32>::new(CONFIG_ADDRESS).write(a);
                    Port::<u32>::new(CONFIG_DATA).read()
                }
            }
        }
    }

    fn write(&self, addr: Address, offset: u16, value: u32) {
        match self {
            Access::Ecam { .. } => {
                if let Some(p) = self.ecam_ptr(addr, offset) {
                    // SAFETY: as in `read`.
                    unsafe { core::ptr::write_volatile(p, value) };
                }
            }
            Access::Ports => {
                let Some(a) = pci::port_address(addr, offset) else {
                    return;
                };
                // SAFETY: as in `read`.
                unsafe {
                    Port::<u32>::new(CONFIG_ADDRESS).write(a);
                    Port::<u32>::new(CONFIG_DATA).write(value);
                }
            }
        }
    }
}

/// Enumerates every function reachable from bus 0 and logs it, lspci style.
pub fn enumerate(access: &Access) -> Vec<Device> {
    let devices = pci::enumerate(access);
    for d in &devices {
        log::info!("pci: {d}");
    }
    log::info!("pci: {} functions via {}", devices.len(), access.kind());
    devices
}

/// The `applets` view of a device, for `lspci`.
pub fn to_applet(d: &Device) -> command::PciDevice {
    command::PciDevice {
        bus: d.address.bus,
        device: d.address.device,
        function: d.address.function,
        vendor_id: d.vendor_id,
        device_id: d.device_id,
        class: d.class,
        subclass: d.subclass,
        prog_if: d.prog_if,
        vendor_name: d.vendor_name().unwrap_or("").into(),
        device_name: d.device_name().unwrap_or("").into(),
        class_name: d.class_name().into(),
    }
}
