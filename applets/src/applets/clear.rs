//! `clear`: blank the screen.

use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

pub struct Clear;
pub static APPLET: Clear = Clear;

static SPEC: AppletSpec = AppletSpec {
    name: "clear",
    summary: "clear the screen",
    slots: &[],
    writes: false,
    role: Some(Role::ClearScreen),
    examples: &[
        Example::new("clear the screen", "clear"),
        Example::new("wipe the terminal", "clear"),
        Example::new("get rid of all this text", "clear"),
        Example::new("cls", "clear"),
        Example::new("start again with a blank screen", "clear"),
        Example::new("the screen is cluttered, tidy it up", "clear"),
        Example::new("erase everything shown on the display", "clear"),
        Example::new("can you clean up the console window", "clear"),
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
