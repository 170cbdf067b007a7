//! `model [info|load <file> [--ctx N]]`: what the loaded language model is, or load
//! another GGUF from the data volume.

use command::{Arg, LOAD_HEADROOM};
use command::{AppletSpec, Role, Example, PathKind, Slot};
use command::{Applet, AppletError, Context};

/// `--ctx` bounds: room for a chat prompt and a command; past the top a KV cache outgrows
/// the machines nosys runs on (the trained context caps it too).
const MIN_CTX: i64 = 64;
const MAX_CTX: i64 = 1 << 17;

pub struct Model;
pub static APPLET: Model = Model;

static SPEC: AppletSpec = AppletSpec {
    name: "model",
    summary: "describe the language model, or load another GGUF from the data volume",
    slots: &[
        Slot::one_of("action", &["info", "load"]).or("info"),
        Slot::path("file", PathKind::File, true).optional(),
        Slot::option("option", &["--ctx"]),
        Slot::integer("positions", MIN_CTX, MAX_CTX).optional(),
    ],
    writes: false,
    role: Some(Role::Model),
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

/// Memory free for a model now (the kernel's heap spans all usable RAM).
fn heap_free(cx: &mut Context<'_>) -> u64 {
    cx.services.memory().free_bytes
}

impl Applet for Model {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let action = super::opt_word(args, 0)?
            .or(SPEC.slots[0].default)
            .unwrap_or("info");
        let file = super::opt_path(args, 1)?;
        let ctx = match (super::opt_word(args, 2)?, args.get(3)) {
            (None, _) => None,
            (Some(_), Some(Arg::Integer(n))) => Some(*n as usize),
            (Some(_), _) => {
                return Err(AppletError::Refused(alloc::format!(
                    "--ctx takes a number of positions ({MIN_CTX}..={MAX_CTX})"
                )))
            }
        };
        let mut buf = alloc::string::String::new();
        match (action, file) {
            ("load", Some(path)) => {
                let files = cx.services.files().ok_or(AppletError::Unavailable("no data volume is mounted"))?;
                let size = files
                    .stat(path)
                    .map_err(|error| AppletError::Fs { path: path.into(), error })?
                    .size;
                // The whole file is read into memory: refuse one that cannot fit rather than
                // run out of memory halfway through reading it.
                let free = heap_free(cx);
                if size.saturating_add(LOAD_HEADROOM) > free {
                    return Err(AppletError::Refused(alloc::format!(
                        "{path} is {} MiB and {} MiB of memory are free: it does not fit",
                        size >> 20,
                        free >> 20
                    )));
                }
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
                let options = command::LoadOptions {
                    ctx,
                    free_bytes: Some(heap_free(cx).saturating_sub(LOAD_HEADROOM)),
                };
                let a = cx.services.assistant().ok_or(AppletError::Unavailable("the model cannot be replaced here"))?;
                a.load(path, bytes, options, &mut buf).map_err(AppletError::Refused)?;
            }
            ("load", None) => return Err(AppletError::Refused("usage: model load <file.gguf> [--ctx N]".into())),
            (_, Some(_)) => return Err(AppletError::Refused("a file goes with `model load <file>`".into())),
            _ if ctx.is_some() => return Err(AppletError::Refused("--ctx goes with `model load <file>`".into())),
            _ => match cx.services.assistant() {
                Some(a) => a.describe(&mut buf).map_err(AppletError::Refused)?,
                None => return Err(AppletError::Unavailable("no language model is loaded")),
            },
        }
        cx.out().write_str(&buf)?;
        Ok(())
    }
}
