//! `cpu`: what CPUID says.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Cpu;
pub static APPLET: Cpu = Cpu;

static SPEC: AppletSpec = AppletSpec {
    name: "cpu",
    summary: "show the processor: vendor, model and features",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "what processor is this", command: "cpu" },
        Example { request: "show cpu info", command: "cpu" },
        Example { request: "does this cpu support avx2?", command: "cpu" },
        Example { request: "which vendor made the CPU", command: "cpu" },
        Example { request: "tell me about the processor", command: "cpu" },
        Example { request: "list the instruction set extensions", command: "cpu" },
        Example { request: "what chip am I running on", command: "cpu" },
        Example { request: "is FMA available on this machine", command: "cpu" },
        Example { request: "cpu model and family", command: "cpu" },
    ],
};

impl Applet for Cpu {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let c = cx.services.cpu();
        let out = cx.out();
        writeln!(out, "vendor:   {}", c.vendor)?;
        writeln!(out, "model:    {}", c.brand)?;
        writeln!(
            out,
            "family {} model {} stepping {}, {} logical cpus",
            c.family, c.model, c.stepping, c.logical_cpus
        )?;
        writeln!(out, "features: {}", c.features.join(" "))?;
        Ok(())
    }
}
