//! `df`: size and free space of the data volume.


use command::Arg;
use command::{AppletSpec, Role, Example};
use command::{Applet, AppletError, Context};

use super::{at, bytes, files};

pub struct Df;
pub static APPLET: Df = Df;

static SPEC: AppletSpec = AppletSpec {
    name: "df",
    summary: "show the data volume's size and free space",
    slots: &[],
    writes: false,
    role: Some(Role::FreeSpace),
    examples: &[
        Example::new("how much disk space is left", "df"),
        Example::new("is the disk full?", "df"),
        Example::new("free space on the volume", "df"),
        Example::new("show storage usage", "df"),
        Example::new("how big is the data volume", "df"),
        Example::new("how many bytes are used on disk", "df"),
        Example::new("check the remaining space", "df"),
        Example::new("do I have room for more files", "df"),
    ],
};

impl Applet for Df {
    fn spec(&self) -> &'static AppletSpec {
        &SPEC
    }

    fn run(&self, _args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        let v = files(cx)?.info().map_err(at(""))?;
        let used = v.total_bytes.saturating_sub(v.free_bytes);
        // Whole percent, rounded down; an empty volume is 0 % used.
        let percent = (used as u128 * 100).checked_div(v.total_bytes as u128).unwrap_or(0);
        let out = cx.out();
        writeln!(
            out,
            "{} ({}): {} total, {} used ({percent}%), {} free, {}",
            v.label,
            v.fs_type,
            bytes(v.total_bytes),
            bytes(used),
            bytes(v.free_bytes),
            if v.writable { "read-write" } else { "read-only" }
        )?;
        if let Some(why) = &v.read_only_reason {
            writeln!(out, "read-only because {why}")?;
        }
        Ok(())
    }
}
