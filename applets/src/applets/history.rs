//! `history`: the lines entered at the prompt.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct History;
pub static APPLET: History = History;

static SPEC: AppletSpec = AppletSpec {
    name: "history",
    summary: "show the lines entered so far",
    slots: &[],
    writes: false,
    role: Some(Role::History),
    examples: &[
        Example::new("what did I type before", "history"),
        Example::new("show my previous commands", "history"),
        Example::new("which commands have I run so far", "history"),
        Example::new("remind me what I entered earlier", "history"),
        Example::new("list recent input", "history"),
        Example::new("what was my last command?", "history"),
        Example::new("go back through everything I typed this session", "history"),
        Example::new("show the command log of this session", "history"),
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
