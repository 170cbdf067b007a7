//! `disk`: the storage controllers and what is mounted.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

use super::bytes;

pub struct Disk;
pub static APPLET: Disk = Disk;

static SPEC: AppletSpec = AppletSpec {
    name: "disk",
    summary: "show the disk: model, serial, firmware, capacity, namespaces, mounted volume",
    slots: &[],
    writes: false,
    role: Some(Role::Storage),
    examples: &[
        Example::new("what disk is attached", "disk"),
        Example::new("show the nvme drive details", "disk"),
        Example::new("what's the serial number of the drive", "disk"),
        Example::new("which firmware does the ssd run", "disk"),
        Example::new("is the volume mounted read-only?", "disk"),
        Example::new("how many namespaces does the controller have", "disk"),
        Example::new("drive model and capacity", "disk"),
        Example::new("tell me about the storage device", "disk"),
        Example::new("what's the sector size of the disk", "disk"),
    ],
};

impl Applet for Disk {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let disks = cx.services.disks();
        let volume = cx.services.files().map(|f| f.info());
        let out = cx.out();
        if disks.is_empty() {
            writeln!(out, "no disk found")?;
        }
        for d in &disks {
            writeln!(out, "device:     {}", d.name)?;
            writeln!(out, "model:      {}", d.model)?;
            writeln!(out, "serial:     {}", d.serial)?;
            writeln!(out, "firmware:   {}", d.firmware)?;
            writeln!(
                out,
                "capacity:   {} ({} bytes), LBA size {}",
                bytes(d.capacity_bytes),
                d.capacity_bytes,
                d.lba_size
            )?;
            for ns in &d.namespaces {
                writeln!(
                    out,
                    "namespace {}: {} blocks of {} bytes ({})",
                    ns.id,
                    ns.blocks,
                    ns.lba_size,
                    bytes(ns.blocks.saturating_mul(u64::from(ns.lba_size)))
                )?;
            }
            writeln!(out, "mount:      {}", d.mount)?;
        }
        match volume {
            None => writeln!(out, "volume:     none mounted")?,
            Some(Err(e)) => writeln!(out, "volume:     unreadable: {e}")?,
            Some(Ok(v)) => {
                write!(
                    out,
                    "volume:     {} ({}), {}",
                    v.label,
                    v.fs_type,
                    if v.writable { "writable" } else { "read-only" }
                )?;
                match &v.read_only_reason {
                    Some(why) => writeln!(out, ": {why}")?,
                    None => writeln!(out)?,
                }
            }
        }
        Ok(())
    }
}
