//! `reboot`: restart the machine.
//!
//! Flagged as writing: it ends the session and everything in memory, so it
//! is as irreversible as `rm`, and read-only mode (which is also what keeps
//! the model away from it) must not reach it.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Reboot;
pub static APPLET: Reboot = Reboot;

static SPEC: AppletSpec = AppletSpec {
    name: "reboot",
    summary: "restart the machine",
    slots: &[],
    writes: true,
    examples: &[
        Example { request: "restart the computer", command: "reboot" },
        Example { request: "reboot now", command: "reboot" },
        Example { request: "please restart", command: "reboot" },
        Example { request: "reset the machine", command: "reboot" },
        Example { request: "start over from the firmware", command: "reboot" },
        Example { request: "I want to reboot", command: "reboot" },
        Example { request: "restart the system so the changes take effect", command: "reboot" },
        Example { request: "do a warm boot", command: "reboot" },
    ],
};

impl Applet for Reboot {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        super::flush_volume(cx)?;
        writeln!(cx.out(), "rebooting...")?;
        cx.services.reboot()?;
        Ok(())
    }
}
