//! `log [lines]`: the kernel log ring.


use command::Arg;
use command::{AppletSpec, Role, Example, Slot};
use command::{Applet, AppletError, Context};

pub struct Log;
pub static APPLET: Log = Log;

static SPEC: AppletSpec = AppletSpec {
    name: "log",
    summary: "show the kernel log, or its last lines",
    slots: &[Slot::integer("lines", 1, 100_000).optional()],
    writes: false,
    role: Some(Role::KernelLog),
    examples: &[
        Example::new("show the kernel log", "log"),
        Example::new("what happened during boot", "log"),
        Example::new("display the system messages", "log"),
        Example::new("any errors in the log?", "log"),
        Example::new("last 10 log lines", "log 10"),
        Example::new("show me the most recent 5 kernel messages", "log 5"),
        Example::new("dmesg", "log"),
        Example::new("print the last twenty log entries", "log 20"),
        Example::new("just the final 3 lines of the kernel log", "log 3"),
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
