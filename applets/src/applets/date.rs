//! `date`: the CMOS clock.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Date;
pub static APPLET: Date = Date;

static SPEC: AppletSpec = AppletSpec {
    name: "date",
    summary: "show the date and time from the hardware clock",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "what time is it", command: "date" },
        Example { request: "what's today's date?", command: "date" },
        Example { request: "show the current date and time", command: "date" },
        Example { request: "which day is it today", command: "date" },
        Example { request: "tell me the time", command: "date" },
        Example { request: "read the real time clock", command: "date" },
        Example { request: "what year is it", command: "date" },
        Example { request: "current time please", command: "date" },
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
