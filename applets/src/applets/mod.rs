//! The registry. Adding an applet: write `src/applets/<name>.rs` defining
//! `pub static APPLET` (a type that implements [`Applet`]), and add `<name>`
//! to the list below. That is the whole registration.

use alloc::string::String;

use command::{Applet, AppletError, Context, Files, FsError};

// `super::path(args, 0)` in every applet file.
pub(crate) use command::args::{opt_integer, opt_path, opt_word, path, text};

/// Declares each applet's module and lists its `APPLET` in [`BUILTIN`], in
/// the order `help` shows them. Attributes (e.g. `#[cfg(test)]`) apply to both.
macro_rules! applets {
    ($($(#[$meta:meta])* $name:ident),* $(,)?) => {
        $( $(#[$meta])* mod $name; )*
        /// Every compiled-in applet, in registration order.
        pub(crate) static BUILTIN: &[&dyn Applet] = &[ $( $(#[$meta])* &$name::APPLET, )* ];
    };
}

// Where `cp` and `mv` put a file, also for what a proposal says it replaces.
pub use cp::target;

applets! {
    help, clear, echo, history, mem, cpu, uptime, date, lspci, log,
    ls, cat, hexdump, df, disk,
    write, append, rm, mkdir, cp, mv,
    reboot, shutdown,
    route, model, bench,
    // Only in this crate's tests: proves the one-line registration suffices.
    #[cfg(test)] probe,
}

/// The mounted volume, or the error every file applet gives without one.
pub(crate) fn files<'a>(cx: &'a mut Context<'_>) -> Result<&'a mut dyn Files, AppletError> {
    cx.services.files().ok_or(AppletError::Fs {
        path: String::new(),
        error: FsError::NoVolume,
    })
}

/// Attaches the path to a filesystem error.
pub(crate) fn at(path: &str) -> impl FnOnce(FsError) -> AppletError + '_ {
    move |error| AppletError::Fs {
        path: String::from(path),
        error,
    }
}

/// Makes a write applet's work durable before the prompt returns. Called on
/// the failure path too: whatever part of the work did happen is on disk.
pub(crate) fn flush_after(
    cx: &mut Context<'_>,
    result: Result<(), AppletError>,
) -> Result<(), AppletError> {
    let flushed = files(cx)?.flush().map_err(at(""));
    result.and(flushed)
}

/// Human-readable byte count: `512 B`, `1.5 KiB`, `64.0 MiB`.
pub(crate) fn bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return alloc::format!("{n} B");
    }
    let mut unit = 0;
    // Tenths of the unit, in integers: no float formatting in the kernel.
    let mut scaled = n as u128 * 10;
    while scaled >= 1024 * 10 && unit < UNITS.len() - 1 {
        scaled /= 1024;
        unit += 1;
    }
    alloc::format!("{}.{} {}", scaled / 10, scaled % 10, UNITS[unit])
}

/// Flushes the volume if one is mounted (before the power goes).
pub(crate) fn flush_volume(cx: &mut Context<'_>) -> Result<(), AppletError> {
    match cx.services.files() {
        Some(fs) => fs.flush().map_err(at("")),
        None => Ok(()),
    }
}
