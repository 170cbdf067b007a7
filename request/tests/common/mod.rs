//! Test fixtures shared by the shell's integration tests.

use command::{Applet, AppletError, AppletSpec, Arg, Context, Example, Slot};

// An applet the model never saw: only its declared examples teach the
// router about it.
pub struct Weather;
pub static WEATHER: Weather = Weather;
pub static WEATHER_SPEC: AppletSpec = AppletSpec {
    name: "weather",
    summary: "test applet: a forecast",
    slots: &[Slot::one_of("when", &["today", "tomorrow"]).optional()],
    writes: false,
    examples: &[
        Example::new("will it rain today", "weather today"),
        Example::new("weather forecast for tomorrow", "weather tomorrow"),
        Example::new("is it sunny outside", "weather"),
        Example::new("do I need an umbrella tomorrow", "weather tomorrow"),
        Example::new("how hot is it today", "weather today"),
        Example::new("any snow expected", "weather"),
        Example::new("rain or shine tomorrow?", "weather tomorrow"),
        Example::new("what's the weather like", "weather"),
    ],
};

impl Applet for Weather {
    fn spec(&self) -> &'static AppletSpec {
        &WEATHER_SPEC
    }
    fn run(&self, _: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        writeln!(cx.out(), "sunny")?;
        Ok(())
    }
}
