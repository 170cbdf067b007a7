//! `help [command]`: the reachable commands, or one command's usage.


use command::Arg;
use command::{AppletSpec, Role, Example, Slot};
use command::{Applet, AppletError, Context, Mode, MODE_TOGGLE_KEY};

pub struct Help;
pub static APPLET: Help = Help;

static SPEC: AppletSpec = AppletSpec {
    name: "help",
    summary: "list the commands, or show how to use one",
    slots: &[Slot::applet("command").optional()],
    writes: false,
    role: Some(Role::Help),
    examples: &[
        Example::new("what commands are there", "help"),
        Example::new("show me what I can type here", "help"),
        Example::new("I'm lost, what can this thing do?", "help"),
        Example::new("list every available command", "help"),
        Example::new("how do I use cat", "help cat"),
        Example::new("explain the hexdump command", "help hexdump"),
        Example::new("what does lspci do?", "help lspci"),
        Example::new("usage for ls please", "help ls"),
        Example::new("what arguments does cp take", "help cp"),
        Example::new("tell me about the date command", "help date"),
    ],
};

/// How many examples `help <command>` shows.
const EXAMPLES_SHOWN: usize = 3;

impl Applet for Help {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let table = cx.table;
        let mode = cx.mode;
        match super::opt_word(args, 0)? {
            Some(name) => {
                let spec = table.get(name, mode).ok_or(AppletError::BadArgs)?.spec();
                let out = cx.out();
                writeln!(out, "usage: {}", spec.usage())?;
                writeln!(out, "  {}", spec.summary)?;
                if spec.writes {
                    writeln!(out, "  changes the disk or the machine: read-write mode only")?;
                }
                for ex in spec.examples.iter().take(EXAMPLES_SHOWN) {
                    writeln!(out, "  \"{}\"  ->  {}", ex.request, ex.command)?;
                }
            }
            None => {
                let specs = table.specs(mode);
                // One width for both modes, so the column does not move when F2 is pressed.
                let width = table.all().map(|a| a.spec().name.len()).max().unwrap_or(0);
                let hidden = table.all().count() - specs.len();
                let out = cx.out();
                for spec in &specs {
                    writeln!(out, "  {:width$}  {}", spec.name, spec.summary)?;
                }
                if mode == Mode::ReadOnly && hidden > 0 {
                    writeln!(
                        out,
                        "{hidden} more commands change the disk or the machine; press {MODE_TOGGLE_KEY} for read-write mode"
                    )?;
                }
                writeln!(out, "help <command> shows its usage; anything else is read as a request in plain English")?;
            }
        }
        Ok(())
    }
}
