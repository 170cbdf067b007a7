//! `model [info|load <file>]`: what the loaded language model is, or load
//! another GGUF from the data volume.

use command::Arg;
use command::{AppletSpec, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

pub struct Model;
pub static APPLET: Model = Model;

static SPEC: AppletSpec = AppletSpec {
    name: "model",
    summary: "describe the language model, or load another GGUF from the data volume",
    slots: &[
        Slot::one_of("action", &["info", "load"]).optional(),
        Slot::path("file", PathKind::File, true).optional(),
    ],
    writes: false,
    examples: &[
        Example::new("which language model is running", "model"),
        Example::new("how many parameters does the model have", "model"),
        Example::new("describe the neural network", "model info"),
        Example::new("what architecture is the assistant", "model info"),
        Example::new("show model details and speed", "model"),
        Example::new("what tokenizer does the model use", "model info"),
        Example::new("load the model stored in hello.txt", "model load /HELLO.TXT"),
        Example::new("switch to the gguf file /docs/guide.txt", "model load /DOCS/GUIDE.TXT"),
    ],
};

impl Applet for Model {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let action = super::opt_word(args, 0)?.unwrap_or("info");
        let file = super::opt_path(args, 1)?;
        let mut buf = alloc::string::String::new();
        match (action, file) {
            ("load", Some(path)) => {
                let t0 = cx.services.uptime_ms();
                let files = cx.services.files().ok_or(AppletError::Unavailable("no data volume is mounted"))?;
                let bytes = files
                    .read(path)
                    .map_err(|error| AppletError::Fs { path: path.into(), error })?;
                let ms = cx.services.uptime_ms().saturating_sub(t0).max(1);
                let mib = bytes.len() as f64 / (1024.0 * 1024.0);
                writeln!(
                    cx.out(),
                    "read {path}: {mib:.1} MiB in {ms} ms ({:.1} MiB/s) from the data volume",
                    mib * 1000.0 / ms as f64
                )?;
                let a = cx.services.assistant().ok_or(AppletError::Unavailable("the model cannot be replaced here"))?;
                a.load(path, bytes, &mut buf).map_err(AppletError::Refused)?;
            }
            ("load", None) => return Err(AppletError::Refused("usage: model load <file.gguf>".into())),
            (_, Some(_)) => return Err(AppletError::Refused("a file goes with `model load <file>`".into())),
            _ => match cx.services.assistant() {
                Some(a) => a.describe(&mut buf).map_err(AppletError::Refused)?,
                None => return Err(AppletError::Unavailable("no language model is loaded")),
            },
        }
        cx.out().write_str(&buf)?;
        Ok(())
    }
}
