//! `write <file> <text>`: create or replace a file with one line of text
//! (an empty text makes an empty file).

use alloc::string::String;

use command::Arg;
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

use super::{at, files, flush_after};

pub struct Write;
pub static APPLET: Write = Write;

static SPEC: AppletSpec = AppletSpec {
    name: "write",
    summary: "create or replace a file with a line of text",
    slots: &[Slot::path("file", PathKind::File, false), Slot::text("text")],
    writes: true,
    role: Some(Role::Write),
    examples: &[
        Example::new("create a file called memo.txt saying call mom", "write /MEMO.TXT \"call mom\""),
        Example::new("write hello world to hello.txt", "write /HELLO.TXT \"hello world\""),
        Example::new("replace my notes with buy milk", "write /NOTES.TXT \"buy milk\""),
        Example::new("save the text meeting at 3pm into docs/meeting.txt", "write /DOCS/MEETING.TXT \"meeting at 3pm\""),
        Example::new("overwrite todo.txt with nothing left to do", "write /TODO.TXT \"nothing left to do\""),
        Example::new("make a new file test.txt containing 42", "write /TEST.TXT 42"),
        Example::new("put the word done in status.txt", "write /STATUS.TXT done"),
        Example::new("jot down my idea, a tiny kernel, in a file named idea.txt", "write /IDEA.TXT \"a tiny kernel\""),
        Example::new("set the readme to say Welcome to nosys", "write /README.TXT \"Welcome to nosys\""),
    ],
};

/// The text as a line: a file written or appended by these applets always
/// ends with a newline, so `append` adds lines rather than gluing words.
pub(crate) fn as_line(text: &str) -> String {
    let mut line = String::from(text);
    if !line.ends_with('\n') {
        line.push('\n');
    }
    line
}

impl Applet for Write {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        write_line(args, cx, false, "wrote")
    }
}

/// `write` and `append`: the text slot as one line into the path slot,
/// flushed before the prompt returns, then `<verb> N bytes to PATH`.
pub(crate) fn write_line(
    args: &[Arg],
    cx: &mut Context<'_>,
    append: bool,
    verb: &str,
) -> Result<(), AppletError> {
    let path = super::path(args, 0)?;
    let text = super::text(args, 1)?;
    // An empty text written is an empty file (`touch plan.txt`), not a
    // blank line; added, it is a blank line.
    let line = if text.is_empty() && !append {
        String::new()
    } else {
        as_line(text)
    };
    let result = files(cx)?
        .write(path, line.as_bytes(), append)
        .map_err(at(path));
    flush_after(cx, result)?;
    writeln!(cx.out(), "{verb} {} bytes to {path}", line.len())?;
    Ok(())
}
