//! `echo [text]`: print the text.


use crate::command::Arg;
use crate::spec::{AppletSpec, Example, Slot};
use crate::table::{Applet, AppletError, Context};

pub struct Echo;
pub static APPLET: Echo = Echo;

static SPEC: AppletSpec = AppletSpec {
    name: "echo",
    summary: "print a line of text",
    slots: &[Slot::text("text").optional()],
    writes: false,
    examples: &[
        Example { request: "say hello", command: "echo hello" },
        Example { request: "print hello world", command: "echo \"hello world\"" },
        Example { request: "repeat after me: good morning", command: "echo \"good morning\"" },
        Example { request: "type out the words testing 1 2 3", command: "echo \"testing 1 2 3\"" },
        Example { request: "display the message build finished", command: "echo \"build finished\"" },
        Example { request: "can you write ready on the screen", command: "echo ready" },
        Example { request: "output the text it works!", command: "echo \"it works!\"" },
        Example { request: "show the phrase nosys is alive", command: "echo \"nosys is alive\"" },
        Example { request: "just echo back ping", command: "echo ping" },
    ],
};

impl Applet for Echo {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let text = if args.is_empty() { "" } else { super::text(args, 0)? };
        writeln!(cx.out(), "{text}")?;
        Ok(())
    }
}
