//! `echo [text]`: print the text.


use command::Arg;
use command::{AppletSpec, Role, Example, Slot};
use command::{Applet, AppletError, Context};

pub struct Echo;
pub static APPLET: Echo = Echo;

static SPEC: AppletSpec = AppletSpec {
    name: "echo",
    summary: "print a line of text",
    slots: &[Slot::text("text").optional()],
    writes: false,
    role: Some(Role::Say),
    examples: &[
        Example::new("say hello", "echo hello"),
        Example::new("print hello world", "echo \"hello world\""),
        Example::new("repeat after me: good morning", "echo \"good morning\""),
        Example::new("type out the words testing 1 2 3", "echo \"testing 1 2 3\""),
        Example::new("display the message build finished", "echo \"build finished\""),
        Example::new("can you write ready on the screen", "echo ready"),
        Example::new("output the text it works!", "echo \"it works!\""),
        Example::new("show the phrase nosys is alive", "echo \"nosys is alive\""),
        Example::new("just echo back ping", "echo ping"),
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
