//! The default model's bytes: the `model` boot module, read in place, and
//! its router feature cache. Everything done with them (checking, warming
//! the router, proposing, `model load`) is `session::Assistant`, the same
//! code the host tool runs.

use alloc::string::String;
use alloc::vec::Vec;

use command::Mode;
use grammar::PathEntry;
use request::{Config, FeatureCache};
use session::{Assistant, Load, ModelBytes};

use crate::{boot, time};

/// Module names (the `module_cmdline` in limine.conf, or the file name).
pub const MODEL_MODULE: &str = "model";
pub const FEATURES_MODULE: &str = "features";

/// Nanoseconds from the calibrated TSC: the session's clock.
pub fn now_ns() -> u64 {
    time::uptime_ns()
}

/// The request path's configuration: the defaults, with `ctx=N` on the kernel command line
/// as the context (KV cache positions) of every model loaded.
fn config() -> Config {
    let mut c = Config::default();
    match crate::boot::cmdline_value("ctx").map(str::parse::<usize>) {
        None => {}
        Some(Ok(n)) if n >= 64 => c.max_seq = n,
        Some(_) => log::warn!(
            "ctx= on the command line is not a number of positions (64 or more); {} kept",
            c.max_seq
        ),
    }
    c
}

/// Heap bytes not in use now, less what a load needs beside the run state.
fn heap_free() -> u64 {
    (crate::memory::stats().free_bytes as u64).saturating_sub(command::LOAD_HEADROOM)
}

/// Reads `path` from the data volume and checks it as the model (its router is warmed by the
/// session, from the volume's features: `Session::warm_model`).
pub fn load_from_volume(
    path: &str,
    devices: &mut crate::console::Devices,
    mode: Mode,
    paths: Vec<PathEntry>,
    progress: &mut dyn FnMut(&str),
) -> Result<Assistant, String> {
    let files = devices
        .files
        .as_deref_mut()
        .ok_or_else(|| String::from("no data volume"))?;
    let size = files
        .stat(path)
        .map_err(|e| alloc::format!("{path}: {e}"))?
        .size;
    if size > heap_free() {
        return Err(alloc::format!(
            "{path} is {} MiB and {} MiB of memory are free: it does not fit",
            size >> 20,
            heap_free() >> 20
        ));
    }
    progress(&session::progress_text("reading model", 0, 1));
    let t0 = time::uptime_ns();
    let bytes = files
        .read(path)
        .map_err(|e| alloc::format!("{path}: {e}"))?;
    let ms = (time::uptime_ns() - t0) / 1_000_000;
    log::info!(
        "model: read {path}: {} MiB in {ms} ms ({} MiB/s)",
        bytes.len() >> 20,
        (bytes.len() as u64 >> 20) * 1000 / ms.max(1)
    );
    Assistant::check(
        Load {
            bytes: ModelBytes::Owned(bytes),
            origin: alloc::format!("{path} (data volume, from the command line)"),
            table: applets::builtin(),
            mode,
            paths,
            cache: None,
            config: config(),
            free_bytes: Some(heap_free()),
        },
        now_ns,
        progress,
    )
}

/// Loads the boot module's model. `progress` gets the status text to show.
pub fn load_default(
    mode: Mode,
    paths: Vec<PathEntry>,
    progress: &mut dyn FnMut(&str),
) -> Result<Assistant, String> {
    let gguf = boot::find_module(MODEL_MODULE)
        .or_else(|| boot::find_module("nosys.gguf"))
        .ok_or_else(|| String::from("no model module in the boot image (/boot/nosys.gguf)"))?;
    let cache = boot::find_module(FEATURES_MODULE)
        .or_else(|| boot::find_module("features.bin"))
        .map(FeatureCache::parse);
    let cache = match cache {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => {
            log::warn!("model: feature cache unreadable ({e}); computing every row");
            None
        }
        None => {
            log::warn!("model: no feature cache module; computing every row");
            None
        }
    };
    // What reading the module in place saves: the copy a loader that owns
    // its buffer would make (measured once, then dropped).
    let t0 = time::rdtsc();
    let copy = gguf.to_vec();
    let copy_cycles = time::rdtsc().wrapping_sub(t0);
    core::hint::black_box(&copy);
    drop(copy);
    log::info!(
        "model: reading in place saves a {} KiB copy: {} cycles ({} ms) and the memory",
        gguf.len() / 1024,
        copy_cycles,
        time::cycles_to_ns(copy_cycles) / 1_000_000
    );
    Assistant::load(
        Load {
            bytes: ModelBytes::Static(gguf),
            origin: String::from("boot module /boot/nosys.gguf"),
            table: applets::builtin(),
            mode,
            paths,
            cache: cache.as_ref(),
            config: config(),
            free_bytes: Some(heap_free()),
        },
        now_ns,
        progress,
    )
}
