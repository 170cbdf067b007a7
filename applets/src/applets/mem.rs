//! `mem`: memory figures.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

use super::bytes;

pub struct Mem;
pub static APPLET: Mem = Mem;

static SPEC: AppletSpec = AppletSpec {
    name: "mem",
    summary: "show memory in use and free",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "how much memory is free", command: "mem" },
        Example { request: "show ram usage", command: "mem" },
        Example { request: "how much RAM does this machine have?", command: "mem" },
        Example { request: "is the heap running out", command: "mem" },
        Example { request: "check memory", command: "mem" },
        Example { request: "how many megabytes are in use", command: "mem" },
        Example { request: "what's eating my memory", command: "mem" },
        Example { request: "total and available memory please", command: "mem" },
        Example { request: "give me the memory statistics", command: "mem" },
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
