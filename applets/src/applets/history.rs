//! `history`: the lines entered at the prompt.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct History;
pub static APPLET: History = History;

static SPEC: AppletSpec = AppletSpec {
    name: "history",
    summary: "show the lines entered so far",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "what did I type before", command: "history" },
        Example { request: "show my previous commands", command: "history" },
        Example { request: "which commands have I run so far", command: "history" },
        Example { request: "remind me what I entered earlier", command: "history" },
        Example { request: "list recent input", command: "history" },
        Example { request: "what was my last command?", command: "history" },
        Example { request: "go back through everything I typed this session", command: "history" },
        Example { request: "show the command log of this session", command: "history" },
    ],
};

impl Applet for History {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let lines = cx.services.history();
        let out = cx.out();
        if lines.is_empty() {
            writeln!(out, "no history yet")?;
        }
        for (i, line) in lines.iter().enumerate() {
            writeln!(out, "{:4}  {line}", i + 1)?;
        }
        Ok(())
    }
}
