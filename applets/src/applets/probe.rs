//! A test-only applet. Its whole registration is its file and one line in
//! the `applets!` list; the tests show it reaches help, completion, parsing
//! and dispatch with no other edit.


use command::Arg;
use command::{AppletSpec, Example, Slot};
use command::{Applet, AppletError, Context};

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
    role: None,
    examples: &[
        Example::new("probe at the low level", "probe low"),
        Example::new("run a high probe", "probe high"),
        Example::new("probe high twice", "probe high 2"),
        Example::new("do three low probes", "probe low 3"),
        Example::new("a single high-level probe please", "probe high 1"),
        Example::new("check things at low intensity", "probe low"),
        Example::new("maximum probe strength", "probe high"),
        Example::new("gentle probe, two rounds", "probe low 2"),
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
