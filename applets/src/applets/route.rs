//! `route <request>`: shows how a request would be routed — the ridge
//! router's applet and confidence, the grammar's command, which one would
//! run — without running it.

use command::Arg;
use command::{AppletSpec, Role, Example, Slot};
use command::{Applet, AppletError, Context};

pub struct Route;
pub static APPLET: Route = Route;

static SPEC: AppletSpec = AppletSpec {
    name: "route",
    summary: "explain how a request would be routed, without running it",
    slots: &[Slot::request("request")],
    writes: false,
    role: Some(Role::Explain),
    examples: &[
        Example::new("how would you handle 'show me the notes'", "route \"show me the notes\""),
        Example::new("explain what you would run for list my files", "route \"list my files\""),
        Example::new("which command would 'delete the todo list' become", "route \"delete the todo list\""),
        Example::new("dry run: how much memory is free", "route \"how much memory is free\""),
        Example::new("without running it, what does 'reboot now' map to", "route \"reboot now\""),
        Example::new("show the routing decision for print hello", "route \"print hello\""),
        Example::new("what would the router pick for disk usage", "route \"disk usage\""),
        Example::new("trace the request 'what time is it'", "route \"what time is it\""),
    ],
};

impl Applet for Route {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let request = super::text(args, 0)?;
        let mut buf = alloc::string::String::new();
        match cx.services.assistant() {
            Some(a) => a.route(request, &mut buf).map_err(AppletError::Refused)?,
            None => return Err(AppletError::Unavailable("no language model is loaded")),
        }
        cx.out().write_str(&buf)?;
        Ok(())
    }
}
