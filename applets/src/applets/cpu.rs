//! `cpu`: what CPUID says.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Cpu;
pub static APPLET: Cpu = Cpu;

static SPEC: AppletSpec = AppletSpec {
    name: "cpu",
    summary: "show the processor: vendor, model and features",
    slots: &[],
    writes: false,
    role: Some(Role::Processor),
    examples: &[
        Example::new("what processor is this", "cpu"),
        Example::new("show cpu info", "cpu"),
        Example::new("does this cpu support avx2?", "cpu"),
        Example::new("which vendor made the CPU", "cpu"),
        Example::new("tell me about the processor", "cpu"),
        Example::new("list the instruction set extensions", "cpu"),
        Example::new("what chip am I running on", "cpu"),
        Example::new("is FMA available on this machine", "cpu"),
        Example::new("cpu model and family", "cpu"),
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
        writeln!(
            out,
            "cores:    {} running of {} present",
            c.cores_running, c.cores_present
        )?;
        writeln!(out, "features: {}", c.features.join(" "))?;
        Ok(())
    }
}
