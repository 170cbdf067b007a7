//! A test-only applet. Its whole registration is its file and one line in
//! the `applets!` list; the tests show it reaches help, completion, parsing
//! and dispatch with no other edit.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, Slot};
use crate::table::{Applet, AppletError, Context};

pub struct Probe;
pub static APPLET: Probe = Probe;

static SPEC: AppletSpec = AppletSpec {
    name: "probe",
    summary: "test applet: report a level and a count",
    slots: &[
        Slot::one_of("level", &["low", "high"]),
        Slot::integer("count", 1, 3).optional(),
    ],
    writes: false,
    examples: &[
        Example { request: "probe at the low level", command: "probe low" },
        Example { request: "run a high probe", command: "probe high" },
        Example { request: "probe high twice", command: "probe high 2" },
        Example { request: "do three low probes", command: "probe low 3" },
        Example { request: "a single high-level probe please", command: "probe high 1" },
        Example { request: "check things at low intensity", command: "probe low" },
        Example { request: "maximum probe strength", command: "probe high" },
        Example { request: "gentle probe, two rounds", command: "probe low 2" },
    ],
};

impl Applet for Probe {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let level = super::opt_word(args, 0)?.ok_or(AppletError::BadArgs)?;
        let count = super::opt_integer(args, 1)?.unwrap_or(1);
        writeln!(cx.out(), "probe {level} x{count}")?;
        Ok(())
    }
}
