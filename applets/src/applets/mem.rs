//! `mem`: memory figures.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

use super::bytes;

pub struct Mem;
pub static APPLET: Mem = Mem;

static SPEC: AppletSpec = AppletSpec {
    name: "mem",
    summary: "show memory in use and free",
    slots: &[],
    writes: false,
    role: Some(Role::Memory),
    examples: &[
        Example::new("how much memory is free", "mem"),
        Example::new("show ram usage", "mem"),
        Example::new("how much RAM does this machine have?", "mem"),
        Example::new("is the heap running out", "mem"),
        Example::new("check memory", "mem"),
        Example::new("how many megabytes are in use", "mem"),
        Example::new("what's eating my memory", "mem"),
        Example::new("total and available memory please", "mem"),
        Example::new("give me the memory statistics", "mem"),
    ],
};

impl Applet for Mem {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let m = cx.services.memory();
        let used = m.total_bytes.saturating_sub(m.free_bytes);
        let out = cx.out();
        writeln!(
            out,
            "memory: {} total, {} used, {} free",
            bytes(m.total_bytes),
            bytes(used),
            bytes(m.free_bytes)
        )?;
        writeln!(
            out,
            "heap:   {} of {} used",
            bytes(m.heap_used_bytes),
            bytes(m.heap_bytes)
        )?;
        Ok(())
    }
}
