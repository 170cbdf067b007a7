//! `date`: the CMOS clock.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Date;
pub static APPLET: Date = Date;

static SPEC: AppletSpec = AppletSpec {
    name: "date",
    summary: "show the date and time from the hardware clock",
    slots: &[],
    writes: false,
    role: Some(Role::Clock),
    examples: &[
        Example::new("what time is it", "date"),
        Example::new("what's today's date?", "date"),
        Example::new("show the current date and time", "date"),
        Example::new("which day is it today", "date"),
        Example::new("tell me the time", "date"),
        Example::new("read the real time clock", "date"),
        Example::new("what year is it", "date"),
        Example::new("current time please", "date"),
    ],
};

impl Applet for Date {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let t = cx.services.now().ok_or(AppletError::Unavailable("real-time clock"))?;
        // The RTC keeps local time with no zone, so none is claimed.
        writeln!(
            cx.out(),
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            t.year,
            t.month,
            t.day,
            t.hour,
            t.minute,
            t.second
        )?;
        Ok(())
    }
}
