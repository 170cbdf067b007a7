//! `lspci`: the PCI functions found at boot.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Lspci;
pub static APPLET: Lspci = Lspci;

static SPEC: AppletSpec = AppletSpec {
    name: "lspci",
    summary: "list PCI devices with vendor, device and class",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "list pci devices", command: "lspci" },
        Example { request: "what hardware is attached", command: "lspci" },
        Example { request: "show me the devices on the pci bus", command: "lspci" },
        Example { request: "is there a network card?", command: "lspci" },
        Example { request: "which storage controller do I have", command: "lspci" },
        Example { request: "enumerate the pci functions", command: "lspci" },
        Example { request: "what graphics adapter is installed", command: "lspci" },
        Example { request: "show vendor and device ids of the hardware", command: "lspci" },
        Example { request: "scan the bus for peripherals", command: "lspci" },
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
