//! PCI configuration-space decoding, enumeration and names.
//!
//! Hardware-free: the kernel implements [`ConfigAccess`] (ECAM from the ACPI
//! MCFG table, or ports 0xCF8/0xCFC) and this crate does the rest, so the
//! whole walk is tested on the host over a fake config space.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
extern crate alloc;

pub mod names;

use alloc::vec::Vec;
use core::fmt;

pub use names::{class_name, device_name, vendor_name};

// Type-0/1 header offsets (PCI Local Bus 3.0, section 6.1).
pub const REG_ID: u16 = 0x00;
pub const REG_COMMAND: u16 = 0x04;
pub const REG_CLASS: u16 = 0x08;
pub const REG_HEADER: u16 = 0x0C;
pub const REG_BAR0: u16 = 0x10;
/// Type 1: primary, secondary and subordinate bus numbers.
pub const REG_BUS_NUMBERS: u16 = 0x18;
pub const REG_INTERRUPT: u16 = 0x3C;

pub const COMMAND_IO: u16 = 1 << 0;
pub const COMMAND_MEMORY: u16 = 1 << 1;
pub const COMMAND_BUS_MASTER: u16 = 1 << 2;
pub const COMMAND_INTX_DISABLE: u16 = 1 << 10;

const HEADER_MULTIFUNCTION: u8 = 0x80;
const NO_DEVICE: u16 = 0xFFFF;

/// Bus/device/function of one PCI function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Address {
    pub bus: u8,
    pub device: u8,
    pub function: u8,
}

impl Address {
    pub const fn new(bus: u8, device: u8, function: u8) -> Self {
        Address {
            bus,
            device,
            function,
        }
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02x}:{:02x}.{}", self.bus, self.device, self.function)
    }
}

/// 32-bit access to configuration space. `offset` is a multiple of 4 below
/// 4096 (ECAM) or 256 (ports); implementations return all-ones for absent
/// functions, as the hardware does.
pub trait ConfigAccess {
    fn read(&self, addr: Address, offset: u16) -> u32;
    fn write(&self, addr: Address, offset: u16, value: u32);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderType {
    /// An ordinary function.
    Endpoint,
    PciBridge,
    CardBusBridge,
    /// A layout this crate does not know; the raw value.
    Unknown(u8),
}

impl HeaderType {
    pub fn from_raw(raw: u8) -> Self {
        match raw & !HEADER_MULTIFUNCTION {
            0 => HeaderType::Endpoint,
            1 => HeaderType::PciBridge,
            2 => HeaderType::CardBusBridge,
            other => HeaderType::Unknown(other),
        }
    }

    /// How many BARs this header layout has.
    pub fn bar_count(self) -> u8 {
        match self {
            HeaderType::Endpoint => 6,
            HeaderType::PciBridge => 2,
            _ => 0,
        }
    }
}

/// A decoded base address register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    Memory {
        address: u64,
        size: u64,
        prefetchable: bool,
        is_64bit: bool,
    },
    Io {
        port: u32,
        size: u32,
    },
}

impl Bar {
    pub fn size(&self) -> u64 {
        match *self {
            Bar::Memory { size, .. } => size,
            Bar::Io { size, .. } => size as u64,
        }
    }
}

/// One present function with its decoded header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    pub address: Address,
    pub vendor_id: u16,
    pub device_id: u16,
    pub class: u8,
    pub subclass: u8,
    pub prog_if: u8,
    pub revision: u8,
    pub header_type: HeaderType,
    pub multifunction: bool,
    /// `bars[i]` is BAR i; the upper half of a 64-bit BAR is `None`.
    pub bars: [Option<Bar>; 6],
    pub interrupt_line: u8,
    pub interrupt_pin: u8,
}

impl Device {
    pub fn vendor_name(&self) -> Option<&'static str> {
        vendor_name(self.vendor_id)
    }

    pub fn device_name(&self) -> Option<&'static str> {
        device_name(self.vendor_id, self.device_id)
    }

    pub fn class_name(&self) -> &'static str {
        class_name(self.class, self.subclass, self.prog_if)
    }

    /// NVMe: mass storage / non-volatile memory / NVM Express.
    pub fn is_nvme(&self) -> bool {
        self.class == 0x01 && self.subclass == 0x08 && self.prog_if == 0x02
    }
}

impl fmt::Display for Device {
    /// `lspci`-style: `00:04.0 Non-Volatile memory controller: Red Hat, Inc. QEMU NVM Express Controller [1b36:0010]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: ", self.address, self.class_name())?;
        match self.vendor_name() {
            Some(v) => write!(f, "{v} ")?,
            None => write!(f, "Vendor {:04x} ", self.vendor_id)?,
        }
        match self.device_name() {
            Some(d) => write!(f, "{d} ")?,
            None => write!(f, "Device {:04x} ", self.device_id)?,
        }
        write!(f, "[{:04x}:{:04x}]", self.vendor_id, self.device_id)
    }
}

/// Reads one function's header; `None` when nothing answers there.
///
/// Sizing BARs writes all-ones to each BAR and restores it, with memory and
/// I/O decoding switched off meanwhile so the device never decodes a bogus
/// address. Do it before a driver has enabled the device.
pub fn probe(cfg: &dyn ConfigAccess, address: Address) -> Option<Device> {
    let id = cfg.read(address, REG_ID);
    let vendor_id = id as u16;
    if vendor_id == NO_DEVICE || vendor_id == 0 {
        return None;
    }
    let class = cfg.read(address, REG_CLASS);
    let header = cfg.read(address, REG_HEADER);
    let header_raw = (header >> 16) as u8;
    let header_type = HeaderType::from_raw(header_raw);
    let irq = cfg.read(address, REG_INTERRUPT);
    let mut dev = Device {
        address,
        vendor_id,
        device_id: (id >> 16) as u16,
        class: (class >> 24) as u8,
        subclass: (class >> 16) as u8,
        prog_if: (class >> 8) as u8,
        revision: class as u8,
        header_type,
        multifunction: header_raw & HEADER_MULTIFUNCTION != 0,
        bars: [None; 6],
        interrupt_line: irq as u8,
        interrupt_pin: (irq >> 8) as u8,
    };
    read_bars(cfg, &mut dev);
    Some(dev)
}

fn read_bars(cfg: &dyn ConfigAccess, dev: &mut Device) {
    let count = dev.header_type.bar_count() as usize;
    if count == 0 {
        return;
    }
    let addr = dev.address;
    let command = cfg.read(addr, REG_COMMAND);
    let decode = (COMMAND_IO | COMMAND_MEMORY) as u32;
    cfg.write(addr, REG_COMMAND, command & !decode);
    let mut i = 0;
    while i < count {
        let off = REG_BAR0 + 4 * i as u16;
        let (bar, slots) = size_bar(cfg, addr, off, i + 1 < count);
        dev.bars[i] = bar;
        i += slots;
    }
    cfg.write(addr, REG_COMMAND, command);
}

/// Decodes and sizes the BAR at `off`; returns it and how many BAR slots it
/// used (2 for a 64-bit memory BAR).
fn size_bar(
    cfg: &dyn ConfigAccess,
    addr: Address,
    off: u16,
    has_next: bool,
) -> (Option<Bar>, usize) {
    let orig = cfg.read(addr, off);
    cfg.write(addr, off, 0xFFFF_FFFF);
    let mask = cfg.read(addr, off);
    cfg.write(addr, off, orig);

    if orig & 1 == 1 {
        // I/O space: bits 1:0 are flags; the upper 16 bits may read as zero
        // on devices that decode only 16-bit ports.
        let m = mask & !0x3;
        if m == 0 {
            return (None, 1);
        }
        let m = if m & 0xFFFF_0000 == 0 {
            m | 0xFFFF_0000
        } else {
            m
        };
        let size = (!m).wrapping_add(1);
        return (
            Some(Bar::Io {
                port: orig & !0x3,
                size,
            }),
            1,
        );
    }

    let kind = (orig >> 1) & 0x3;
    let prefetchable = orig & 0x8 != 0;
    if kind == 0x2 && has_next {
        let hi_off = off + 4;
        let orig_hi = cfg.read(addr, hi_off);
        cfg.write(addr, hi_off, 0xFFFF_FFFF);
        let mask_hi = cfg.read(addr, hi_off);
        cfg.write(addr, hi_off, orig_hi);
        let full_mask = ((mask_hi as u64) << 32) | (mask & !0xF) as u64;
        if full_mask == 0 {
            return (None, 2);
        }
        let size = (!full_mask).wrapping_add(1);
        let address = ((orig_hi as u64) << 32) | (orig & !0xF) as u64;
        return (
            Some(Bar::Memory {
                address,
                size,
                prefetchable,
                is_64bit: true,
            }),
            2,
        );
    }
    let m = mask & !0xF;
    if m == 0 {
        return (None, 1);
    }
    let size = (!m).wrapping_add(1) as u64;
    (
        Some(Bar::Memory {
            address: (orig & !0xF) as u64,
            size,
            prefetchable,
            is_64bit: false,
        }),
        1,
    )
}

/// Walks every bus reachable from bus 0 through PCI-to-PCI bridges, in
/// address order. Multi-function devices report all their functions.
pub fn enumerate(cfg: &dyn ConfigAccess) -> Vec<Device> {
    let mut found = Vec::new();
    let mut visited = [false; 256];
    scan_bus(cfg, 0, &mut visited, &mut found);
    // A host with several root complexes (multi-function host bridge) puts
    // the extra roots on function >0 of 00:00; each function N roots bus N.
    let host_fns: Vec<u8> = found
        .iter()
        .filter(|d| d.address.bus == 0 && d.address.device == 0 && d.address.function > 0)
        .filter(|d| d.class == 0x06 && d.subclass == 0x00)
        .map(|d| d.address.function)
        .collect();
    for f in host_fns {
        scan_bus(cfg, f, &mut visited, &mut found);
    }
    found.sort_by_key(|d| d.address);
    found
}

fn scan_bus(cfg: &dyn ConfigAccess, bus: u8, visited: &mut [bool; 256], out: &mut Vec<Device>) {
    // A bridge that loops back to a visited bus would recurse forever.
    if core::mem::replace(&mut visited[bus as usize], true) {
        return;
    }
    for device in 0..32u8 {
        let Some(first) = probe(cfg, Address::new(bus, device, 0)) else {
            continue;
        };
        let functions = if first.multifunction { 8 } else { 1 };
        let mut devs = alloc::vec![first];
        for function in 1..functions {
            if let Some(d) = probe(cfg, Address::new(bus, device, function)) {
                devs.push(d);
            }
        }
        for d in devs {
            let secondary = if d.header_type == HeaderType::PciBridge {
                let buses = cfg.read(d.address, REG_BUS_NUMBERS);
                Some((buses >> 8) as u8)
            } else {
                None
            };
            out.push(d);
            if let Some(sec) = secondary {
                if sec != 0 {
                    scan_bus(cfg, sec, visited, out);
                }
            }
        }
    }
}

/// Turns on memory decoding and bus mastering (needed for DMA) and masks
/// legacy INTx, since our drivers poll.
pub fn enable_mmio_and_dma(cfg: &dyn ConfigAccess, addr: Address) {
    let cmd = cfg.read(addr, REG_COMMAND);
    let bits = (COMMAND_MEMORY | COMMAND_BUS_MASTER | COMMAND_INTX_DISABLE) as u32;
    cfg.write(addr, REG_COMMAND, cmd | bits);
}

/// ECAM address of a function's config register: `base + (bus << 20 | dev << 15 | fn << 12 | offset)`,
/// with `start_bus` the first bus the MCFG entry covers.
pub fn ecam_offset(start_bus: u8, addr: Address, offset: u16) -> Option<u64> {
    let bus = addr.bus.checked_sub(start_bus)? as u64;
    if addr.device >= 32 || addr.function >= 8 || offset >= 4096 {
        return None;
    }
    Some(
        (bus << 20) | ((addr.device as u64) << 15) | ((addr.function as u64) << 12) | offset as u64,
    )
}

/// The value to write to port 0xCF8 for a legacy config access.
pub fn port_address(addr: Address, offset: u16) -> Option<u32> {
    if addr.device >= 32 || addr.function >= 8 || offset >= 256 {
        return None;
    }
    Some(
        0x8000_0000
            | ((addr.bus as u32) << 16)
            | ((addr.device as u32) << 11)
            | ((addr.function as u32) << 8)
            | (offset as u32 & 0xFC),
    )
}

#[cfg(test)]
mod tests;
