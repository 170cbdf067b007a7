//! `clear`: blank the screen.

use crate::command::Arg;
use crate::spec::{AppletSpec, Example};
use crate::table::{Applet, AppletError, Context};

pub struct Clear;
pub static APPLET: Clear = Clear;

static SPEC: AppletSpec = AppletSpec {
    name: "clear",
    summary: "clear the screen",
    slots: &[],
    writes: false,
    examples: &[
        Example { request: "clear the screen", command: "clear" },
        Example { request: "wipe the terminal", command: "clear" },
        Example { request: "get rid of all this text", command: "clear" },
        Example { request: "cls", command: "clear" },
        Example { request: "start again with a blank screen", command: "clear" },
        Example { request: "the screen is cluttered, tidy it up", command: "clear" },
        Example { request: "erase everything shown on the display", command: "clear" },
        Example { request: "can you clean up the console window", command: "clear" },
    ],
};

impl Applet for Clear {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        cx.services.clear_screen();
        Ok(())
    }
}
