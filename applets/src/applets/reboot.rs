//! `reboot`: restart the machine.
//!
//! Flagged as writing: it ends the session and everything in memory, so it
//! is as irreversible as `rm`, and read-only mode (which is also what keeps
//! the model away from it) must not reach it.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Reboot;
pub static APPLET: Reboot = Reboot;

static SPEC: AppletSpec = AppletSpec {
    name: "reboot",
    summary: "restart the machine",
    slots: &[],
    writes: true,
    role: Some(Role::Restart),
    examples: &[
        Example::new("restart the computer", "reboot"),
        Example::new("reboot now", "reboot"),
        Example::new("please restart", "reboot"),
        Example::new("reset the machine", "reboot"),
        Example::new("start over from the firmware", "reboot"),
        Example::new("I want to reboot", "reboot"),
        Example::new("restart the system so the changes take effect", "reboot"),
        Example::new("do a warm boot", "reboot"),
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
