//! `uptime`: time since boot.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Uptime;
pub static APPLET: Uptime = Uptime;

static SPEC: AppletSpec = AppletSpec {
    name: "uptime",
    summary: "show how long the machine has been running",
    slots: &[],
    writes: false,
    role: Some(Role::Uptime),
    examples: &[
        Example::new("how long has the machine been running", "uptime"),
        Example::new("time since boot", "uptime"),
        Example::new("when did it boot?", "uptime"),
        Example::new("how long since the last restart", "uptime"),
        Example::new("show system uptime", "uptime"),
        Example::new("how many minutes have we been up", "uptime"),
        Example::new("has it been running long", "uptime"),
        Example::new("elapsed time since startup", "uptime"),
    ],
};

const MS_PER_SECOND: u64 = 1000;
const SECONDS_PER_DAY: u64 = 86_400;

impl Applet for Uptime {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let ms = cx.services.uptime_ms();
        let s = ms / MS_PER_SECOND;
        let (days, rem) = (s / SECONDS_PER_DAY, s % SECONDS_PER_DAY);
        let out = cx.out();
        write!(out, "up ")?;
        if days > 0 {
            write!(out, "{days}d ")?;
        }
        writeln!(
            out,
            "{:02}:{:02}:{:02}.{:03}",
            rem / 3600,
            rem / 60 % 60,
            rem % 60,
            ms % MS_PER_SECOND
        )?;
        Ok(())
    }
}
