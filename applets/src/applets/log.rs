//! `log [lines]`: the kernel log ring.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, Slot};
use crate::table::{Applet, AppletError, Context};

pub struct Log;
pub static APPLET: Log = Log;

static SPEC: AppletSpec = AppletSpec {
    name: "log",
    summary: "show the kernel log, or its last lines",
    slots: &[Slot::integer("lines", 1, 100_000).optional()],
    writes: false,
    examples: &[
        Example { request: "show the kernel log", command: "log" },
        Example { request: "what happened during boot", command: "log" },
        Example { request: "display the system messages", command: "log" },
        Example { request: "any errors in the log?", command: "log" },
        Example { request: "last 10 log lines", command: "log 10" },
        Example { request: "show me the most recent 5 kernel messages", command: "log 5" },
        Example { request: "dmesg", command: "log" },
        Example { request: "print the last twenty log entries", command: "log 20" },
        Example { request: "just the final 3 lines of the kernel log", command: "log 3" },
    ],
};

impl Applet for Log {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let lines = cx.services.log_lines();
        let keep = match super::opt_integer(args, 0)? {
            Some(n) => usize::try_from(n).map_err(|_| AppletError::BadArgs)?,
            None => lines.len(),
        };
        let out = cx.out();
        if lines.is_empty() {
            writeln!(out, "the log is empty")?;
        }
        for line in &lines[lines.len().saturating_sub(keep)..] {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}
