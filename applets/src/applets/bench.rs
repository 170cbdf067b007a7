//! `bench`: the in-kernel inference benchmark — prefill and decode tokens/s
//! of the loaded model, on this machine, now.

use command::Arg;
use command::{AppletSpec, Example};
use command::{Applet, AppletError, Context};

pub struct Bench;
pub static APPLET: Bench = Bench;

static SPEC: AppletSpec = AppletSpec {
    name: "bench",
    summary: "measure the model's prefill and decode speed (tokens per second)",
    slots: &[],
    writes: false,
    role: None,
    examples: &[
        Example::new("how fast is the model", "bench"),
        Example::new("benchmark inference", "bench"),
        Example::new("measure tokens per second", "bench"),
        Example::new("run the speed test", "bench"),
        Example::new("how quickly can you generate text", "bench"),
        Example::new("test the language model performance", "bench"),
        Example::new("what is the decode throughput", "bench"),
        Example::new("time the prefill and decode", "bench"),
    ],
};

impl Applet for Bench {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let mut buf = alloc::string::String::new();
        match cx.services.assistant() {
            Some(a) => a.bench(&mut buf).map_err(AppletError::Refused)?,
            None => return Err(AppletError::Unavailable("no language model is loaded")),
        }
        cx.out().write_str(&buf)?;
        Ok(())
    }
}
