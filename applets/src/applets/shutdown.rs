//! `shutdown`: power off (ACPI S5).
//!
//! Flagged as writing, like `reboot`: it ends the session, so read-only mode
//! and the model cannot reach it.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Shutdown;
pub static APPLET: Shutdown = Shutdown;

static SPEC: AppletSpec = AppletSpec {
    name: "shutdown",
    summary: "power the machine off",
    slots: &[],
    writes: true,
    role: Some(Role::PowerOff),
    examples: &[
        Example::new("turn off the computer", "shutdown"),
        Example::new("power down", "shutdown"),
        Example::new("shut the machine down", "shutdown"),
        Example::new("switch it off", "shutdown"),
        Example::new("halt the system and cut the power", "shutdown"),
        Example::new("I'm done for today, power off", "shutdown"),
        Example::new("goodnight, turn everything off", "shutdown"),
        Example::new("kill the power", "shutdown"),
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
