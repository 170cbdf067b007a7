//! `append <file> <text>`: add a line to a file.


use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};


pub struct Append;
pub static APPLET: Append = Append;

static SPEC: AppletSpec = AppletSpec {
    name: "append",
    summary: "add a line of text to the end of a file (creating it if needed)",
    slots: &[Slot::path("file", PathKind::File, false), Slot::text("text")],
    writes: true,
    role: Some(Role::Append),
    examples: &[
        Example::new("add buy eggs to my todo list", "append /TODO.TXT \"buy eggs\""),
        Example::new("append a line saying checked the disk to notes.txt", "append /NOTES.TXT \"checked the disk\""),
        Example::new("tack the word end onto hello.txt", "append /HELLO.TXT end"),
        Example::new("note down that the backup ran", "append /NOTES.TXT \"the backup ran\""),
        Example::new("add a question to the faq: how do I reboot?", "append /DOCS/FAQ.TXT \"how do I reboot?\""),
        Example::new("record test passed at the bottom of the boot log", "append /LOGS/BOOT.LOG \"test passed\""),
        Example::new("put fix the printer at the end of todo.txt", "append /TODO.TXT \"fix the printer\""),
        Example::new("extend the guide with see also the faq", "append /DOCS/GUIDE.TXT \"see also the faq\""),
    ],
};

impl Applet for Append {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        super::write::write_line(args, cx, true, "appended")
    }
}
