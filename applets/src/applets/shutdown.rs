//! `shutdown`: power off (ACPI S5).
//!
//! Flagged as writing, like `reboot`: it ends the session, so read-only mode
//! and the model cannot reach it.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Shutdown;
pub static APPLET: Shutdown = Shutdown;

static SPEC: AppletSpec = AppletSpec {
    name: "shutdown",
    summary: "power the machine off",
    slots: &[],
    writes: true,
    examples: &[
        Example { request: "turn off the computer", command: "shutdown" },
        Example { request: "power down", command: "shutdown" },
        Example { request: "shut the machine down", command: "shutdown" },
        Example { request: "switch it off", command: "shutdown" },
        Example { request: "halt the system and cut the power", command: "shutdown" },
        Example { request: "I'm done for today, power off", command: "shutdown" },
        Example { request: "goodnight, turn everything off", command: "shutdown" },
        Example { request: "kill the power", command: "shutdown" },
    ],
};

impl Applet for Shutdown {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        super::flush_volume(cx)?;
        writeln!(cx.out(), "powering off...")?;
        cx.services.shutdown()?;
        Ok(())
    }
}
