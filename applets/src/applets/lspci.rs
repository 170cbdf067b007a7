//! `lspci`: the PCI functions found at boot.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Lspci;
pub static APPLET: Lspci = Lspci;

static SPEC: AppletSpec = AppletSpec {
    name: "lspci",
    summary: "list PCI devices with vendor, device and class",
    slots: &[],
    writes: false,
    role: Some(Role::Devices),
    examples: &[
        Example::new("list pci devices", "lspci"),
        Example::new("what hardware is attached", "lspci"),
        Example::new("show me the devices on the pci bus", "lspci"),
        Example::new("is there a network card?", "lspci"),
        Example::new("which storage controller do I have", "lspci"),
        Example::new("enumerate the pci functions", "lspci"),
        Example::new("what graphics adapter is installed", "lspci"),
        Example::new("show vendor and device ids of the hardware", "lspci"),
        Example::new("scan the bus for peripherals", "lspci"),
    ],
};

impl Applet for Lspci {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let devices = cx.services.pci_devices();
        let out = cx.out();
        if devices.is_empty() {
            writeln!(out, "no PCI devices found")?;
        }
        for d in &devices {
            let or_unknown = |s: &str| if s.is_empty() { "unknown" } else { s }.to_owned();
            writeln!(
                out,
                "{:02x}:{:02x}.{} {:04x}:{:04x} [{:02x}{:02x}] {}: {} {}",
                d.bus,
                d.device,
                d.function,
                d.vendor_id,
                d.device_id,
                d.class,
                d.subclass,
                or_unknown(&d.class_name),
                or_unknown(&d.vendor_name),
                or_unknown(&d.device_name),
            )?;
        }
        Ok(())
    }
}

use alloc::borrow::ToOwned;
