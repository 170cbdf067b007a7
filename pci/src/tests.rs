use super::*;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// One function of a fake config space. BARs behave like hardware: only the
/// address bits above the BAR's size are writable, the flag bits are fixed.
struct FakeFn {
    regs: [u32; 64],
    /// Writable bits of each BAR dword (0 = unimplemented BAR).
    bar_writable: [u32; 6],
}

#[derive(Default)]
struct FakeSpace {
    fns: RefCell<BTreeMap<Address, FakeFn>>,
    writes: RefCell<usize>,
}

impl FakeSpace {
    fn add(&self, addr: Address, vendor: u16, device: u16, class: [u8; 3], header: u8) -> &Self {
        let mut regs = [0u32; 64];
        regs[0] = (device as u32) << 16 | vendor as u32;
        regs[2] = (class[0] as u32) << 24 | (class[1] as u32) << 16 | (class[2] as u32) << 8 | 0x02;
        regs[3] = (header as u32) << 16;
        regs[15] = 0x0000_010b; // pin INTA, line 11
        self.fns.borrow_mut().insert(
            addr,
            FakeFn {
                regs,
                bar_writable: [0; 6],
            },
        );
        self
    }

    fn bar(&self, addr: Address, index: usize, value: u32, writable: u32) -> &Self {
        let mut fns = self.fns.borrow_mut();
        let f = fns.get_mut(&addr).unwrap();
        f.regs[4 + index] = value;
        f.bar_writable[index] = writable;
        self
    }

    fn set(&self, addr: Address, offset: u16, value: u32) -> &Self {
        self.fns.borrow_mut().get_mut(&addr).unwrap().regs[offset as usize / 4] = value;
        self
    }

    fn get(&self, addr: Address, offset: u16) -> u32 {
        self.fns.borrow()[&addr].regs[offset as usize / 4]
    }
}

impl ConfigAccess for FakeSpace {
    fn read(&self, addr: Address, offset: u16) -> u32 {
        match self.fns.borrow().get(&addr) {
            Some(f) => f.regs[offset as usize / 4],
            None => 0xFFFF_FFFF,
        }
    }

    fn write(&self, addr: Address, offset: u16, value: u32) {
        *self.writes.borrow_mut() += 1;
        let mut fns = self.fns.borrow_mut();
        let Some(f) = fns.get_mut(&addr) else { return };
        let idx = offset as usize / 4;
        if (4..10).contains(&idx) {
            let w = f.bar_writable[idx - 4];
            f.regs[idx] = (f.regs[idx] & !w) | (value & w);
        } else {
            f.regs[idx] = value;
        }
    }
}

const fn a(bus: u8, dev: u8, func: u8) -> Address {
    Address::new(bus, dev, func)
}

/// QEMU q35 with `-device nvme`, behind a root port on bus 1.
fn q35() -> FakeSpace {
    let s = FakeSpace::default();
    s.add(a(0, 0, 0), 0x8086, 0x29c0, [0x06, 0x00, 0x00], 0x00);
    s.add(a(0, 1, 0), 0x1234, 0x1111, [0x03, 0x00, 0x00], 0x00)
        // 16 MiB prefetchable framebuffer, 4 KiB MMIO
        .bar(a(0, 1, 0), 0, 0xFD00_0008, 0xFF00_0000)
        .bar(a(0, 1, 0), 2, 0xFEBD_0000, 0xFFFF_F000);
    s.add(a(0, 2, 0), 0x1b36, 0x000c, [0x06, 0x04, 0x00], 0x01)
        .set(a(0, 2, 0), REG_BUS_NUMBERS, 0x0001_0100);
    s.add(a(1, 0, 0), 0x1b36, 0x0010, [0x01, 0x08, 0x02], 0x00)
        // 64-bit 16 KiB BAR0 at 0x8_0000_0000
        .bar(a(1, 0, 0), 0, 0x0000_0004, 0xFFFF_C000)
        .bar(a(1, 0, 0), 1, 0x0000_0008, 0xFFFF_FFFF);
    s.add(a(0, 0x1f, 0), 0x8086, 0x2918, [0x06, 0x01, 0x00], 0x80);
    s.add(a(0, 0x1f, 2), 0x8086, 0x2922, [0x01, 0x06, 0x01], 0x00)
        // I/O BAR of 32 ports (only 16-bit decode: upper half reads 0)
        .bar(a(0, 0x1f, 2), 4, 0x0000_c041, 0x0000_FFE0);
    s.add(a(0, 0x1f, 3), 0x8086, 0x2930, [0x0c, 0x05, 0x00], 0x00);
    s
}

#[test]
fn enumerates_q35_in_address_order_through_bridge_and_multifunction() {
    let s = q35();
    let devs = enumerate(&s);
    let addrs: Vec<String> = devs.iter().map(|d| d.address.to_string()).collect();
    assert_eq!(
        addrs,
        ["00:00.0", "00:01.0", "00:02.0", "00:1f.0", "00:1f.2", "00:1f.3", "01:00.0"]
    );
    let nvme: Vec<_> = devs.iter().filter(|d| d.is_nvme()).collect();
    assert_eq!(nvme.len(), 1);
    assert_eq!(nvme[0].address, a(1, 0, 0));
}

#[test]
fn single_function_device_is_not_probed_beyond_function_0() {
    let s = q35();
    // A function 1 exists in the fake but device 1 says it is single-function,
    // as some devices alias function 0 onto every function number.
    s.add(a(0, 1, 1), 0x1234, 0x1111, [0x03, 0x00, 0x00], 0x00);
    let devs = enumerate(&s);
    assert!(!devs.iter().any(|d| d.address == a(0, 1, 1)));
}

#[test]
fn sizes_64bit_32bit_and_io_bars_and_restores_them() {
    let s = q35();
    let nvme = probe(&s, a(1, 0, 0)).unwrap();
    assert_eq!(
        nvme.bars[0],
        Some(Bar::Memory {
            address: 0x8_0000_0000,
            size: 0x4000,
            prefetchable: false,
            is_64bit: true
        })
    );
    assert_eq!(
        nvme.bars[1], None,
        "upper half of a 64-bit BAR is not a BAR"
    );
    assert_eq!(
        s.get(a(1, 0, 0), REG_BAR0),
        0x0000_0004,
        "BAR restored after sizing"
    );
    assert_eq!(s.get(a(1, 0, 0), REG_BAR0 + 4), 0x0000_0008);

    let vga = probe(&s, a(0, 1, 0)).unwrap();
    assert_eq!(
        vga.bars[0],
        Some(Bar::Memory {
            address: 0xFD00_0000,
            size: 16 << 20,
            prefetchable: true,
            is_64bit: false
        })
    );
    assert_eq!(vga.bars[1], None);
    assert_eq!(vga.bars[2].unwrap().size(), 4096);

    let sata = probe(&s, a(0, 0x1f, 2)).unwrap();
    assert_eq!(
        sata.bars[4],
        Some(Bar::Io {
            port: 0xc040,
            size: 32
        })
    );
}

#[test]
fn sizing_leaves_command_register_as_found() {
    let s = q35();
    s.set(a(1, 0, 0), REG_COMMAND, 0x0010_0007);
    probe(&s, a(1, 0, 0)).unwrap();
    assert_eq!(s.get(a(1, 0, 0), REG_COMMAND), 0x0010_0007);
}

#[test]
fn decodes_header_fields() {
    let s = q35();
    let d = probe(&s, a(0, 0x1f, 0)).unwrap();
    assert_eq!((d.vendor_id, d.device_id), (0x8086, 0x2918));
    assert_eq!(
        (d.class, d.subclass, d.prog_if, d.revision),
        (0x06, 0x01, 0x00, 0x02)
    );
    assert!(d.multifunction);
    assert_eq!(d.header_type, HeaderType::Endpoint);
    assert_eq!((d.interrupt_line, d.interrupt_pin), (11, 1));
    let bridge = probe(&s, a(0, 2, 0)).unwrap();
    assert_eq!(bridge.header_type, HeaderType::PciBridge);
}

#[test]
fn absent_function_and_vendor_zero_are_none() {
    let s = q35();
    assert!(probe(&s, a(0, 5, 0)).is_none());
    s.add(a(0, 6, 0), 0x0000, 0x0000, [0, 0, 0], 0);
    assert!(probe(&s, a(0, 6, 0)).is_none());
}

#[test]
fn bridge_loop_terminates() {
    let s = q35();
    // A (broken) bridge on bus 1 claiming bus 0 as its secondary.
    s.add(a(1, 1, 0), 0x1b36, 0x0001, [0x06, 0x04, 0x00], 0x01)
        .set(a(1, 1, 0), REG_BUS_NUMBERS, 0x0000_0001);
    let devs = enumerate(&s);
    assert_eq!(devs.len(), 8);
}

#[test]
fn lspci_style_display_names_known_and_unknown_devices() {
    let s = q35();
    let nvme = probe(&s, a(1, 0, 0)).unwrap();
    assert_eq!(
        nvme.to_string(),
        "01:00.0 Non-Volatile memory controller (NVMe): Red Hat, Inc. QEMU NVM Express Controller [1b36:0010]"
    );
    s.add(a(0, 9, 0), 0xabcd, 0x1234, [0x42, 0x00, 0x00], 0);
    let unknown = probe(&s, a(0, 9, 0)).unwrap();
    assert_eq!(
        unknown.to_string(),
        "00:09.0 Unknown class: Vendor abcd Device 1234 [abcd:1234]"
    );
}

#[test]
fn enable_sets_memory_and_bus_master() {
    let s = q35();
    enable_mmio_and_dma(&s, a(1, 0, 0));
    let cmd = s.get(a(1, 0, 0), REG_COMMAND) as u16;
    assert_eq!(
        cmd & (COMMAND_MEMORY | COMMAND_BUS_MASTER),
        COMMAND_MEMORY | COMMAND_BUS_MASTER
    );
    assert_eq!(cmd & COMMAND_IO, 0);
}

#[test]
fn ecam_and_port_addresses() {
    assert_eq!(
        ecam_offset(0, a(1, 2, 3), 0x10),
        Some(1 << 20 | 2 << 15 | 3 << 12 | 0x10)
    );
    assert_eq!(
        ecam_offset(1, a(0, 0, 0), 0),
        None,
        "bus below the MCFG range"
    );
    assert_eq!(ecam_offset(0, a(0, 0, 0), 4096), None);
    assert_eq!(port_address(a(0, 0x1f, 2), 0x24), Some(0x8000_FA24));
    assert_eq!(port_address(a(0, 0, 0), 256), None);
}

#[test]
fn class_names_prefer_the_most_specific() {
    assert_eq!(
        class_name(0x01, 0x08, 0x02),
        "Non-Volatile memory controller (NVMe)"
    );
    assert_eq!(
        class_name(0x01, 0x08, 0x03),
        "Non-Volatile memory controller"
    );
    assert_eq!(class_name(0x01, 0x42, 0x00), "Mass storage controller");
    assert_eq!(vendor_name(0x1af4), Some("Red Hat, Inc."));
    assert_eq!(
        device_name(0x8086, 0x29c0),
        Some("82G33/G31/P35/P31 Express DRAM Controller")
    );
}
