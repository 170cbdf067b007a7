//! The interactive console: keyboard and serial input in, the `ui` terminal out on the
//! framebuffer and mirrored to COM1, lines dispatched through the `applets` command table.
//!
//! One polling loop does everything (interrupts stay off, see [`crate::simd`]): drain the i8042
//! and the UART into their decoders, feed the key events to [`ui::Console`], run a submitted line,
//! refresh the status bar a few times a second, render the changed cells, and send the serial
//! mirror. Only F2, a key a person pressed, flips read-only mode; nothing an applet prints or
//! returns can.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use command::{DiskInfo, Files, Mode, PciDevice, Table};
use framebuffer::{FbInfo, Framebuffer, PixelFormat, TextConsole};
use keyboard::{AnsiDecoder, KeyEvent, Layout, Ps2Decoder, ScancodeSet};
use session::Session;
use spin::Mutex;
use ui::{Completer, Console, LineEvent};

use crate::assistant;
use crate::fbtext;
use crate::{acpi, cpu, memory, ps2, serial, smp, time};
use ui::{Key, NoCompletion};

/// The line tests wait for before typing.
pub const READY_LINE: &str = "nosys: ready";

/// Status-bar refresh period.
const STATUS_PERIOD_MS: u64 = 250;
/// Grid used when there is no framebuffer (serial-only machine): ui still needs a size.
const HEADLESS_GRID: (usize, usize) = (100, 40);
/// Longest line the prompt accepts; 10 000-character lines are refused past this, visibly.
const MAX_LINE_BYTES: usize = 4096;

/// What the rest of the kernel found at boot, for the applets.
#[derive(Default)]
pub struct Devices {
    /// PCI functions (filled by the PCI scan).
    pub pci: Vec<PciDevice>,
    /// Storage controllers (filled by the NVMe driver).
    pub disks: Vec<DiskInfo>,
    /// The mounted data volume, if any.
    pub files: Option<Box<dyn Files>>,
}

/// Where the console draws: the real framebuffer or nothing.
enum Screen {
    Fb(Box<TextConsole<'static>>),
    Headless,
}

impl Screen {
    fn grid(&self) -> (usize, usize) {
        match self {
            Screen::Fb(t) => t.grid_size(),
            Screen::Headless => HEADLESS_GRID,
        }
    }

    fn render(&mut self, console: &mut Console) {
        if let Screen::Fb(t) = self {
            console.render(t.as_mut());
        }
    }
}

fn open_screen() -> Screen {
    let Some(fb) = fbtext::framebuffer() else {
        log::warn!("console: no framebuffer; serial only");
        return Screen::Headless;
    };
    let info = FbInfo {
        width: fb.width,
        height: fb.height,
        pitch: fb.pitch,
        format: PixelFormat {
            bits_per_pixel: fb.bpp,
            red: framebuffer::Channel {
                size: fb.red_size,
                shift: fb.red_shift,
            },
            green: framebuffer::Channel {
                size: fb.green_size,
                shift: fb.green_shift,
            },
            blue: framebuffer::Channel {
                size: fb.blue_size,
                shift: fb.blue_shift,
            },
        },
    };
    // SAFETY: the loader mapped pitch*height bytes of framebuffer at fb.addr for the kernel's
    // whole life; from here on only this console writes to it (the boot console is released
    // first, and the panic path takes over only when nothing else runs any more).
    let front = unsafe { core::slice::from_raw_parts_mut(fb.addr, fb.pitch * fb.height) };
    match Framebuffer::new(front, info) {
        Ok(f) => {
            fbtext::release();
            Screen::Fb(Box::new(TextConsole::new(f)))
        }
        Err(e) => {
            log::warn!("console: framebuffer unusable ({e}); serial only");
            Screen::Headless
        }
    }
}

/// Tab completion from the live command table, and paths from the data volume.
struct TableCompleter<'a> {
    table: &'a Table,
    mode: Mode,
    files: Option<&'a mut (dyn Files + 'static)>,
}

impl Completer for TableCompleter<'_> {
    fn complete(&mut self, line: &str, cursor: usize) -> ui::Completion {
        let left = line.get(..cursor).unwrap_or(line);
        let files = self.files.as_mut().map(|f| &mut **f as &mut dyn Files);
        let c = command::complete(self.table, self.mode, left, files);
        ui::Completion {
            start: c.start,
            candidates: c.candidates,
        }
    }
}

/// The kernel's side of [`command::Services`].
struct KernelServices<'a> {
    console: &'a mut Console,
    devices: &'a mut Devices,
}

impl command::Services for KernelServices<'_> {
    fn out(&mut self) -> &mut dyn core::fmt::Write {
        self.console
    }

    fn memory(&self) -> command::MemoryStats {
        let s = memory::stats();
        command::MemoryStats {
            total_bytes: s.total_bytes as u64,
            free_bytes: s.free_bytes as u64,
            heap_bytes: s.total_bytes as u64,
            heap_used_bytes: s.used_bytes as u64,
        }
    }

    fn uptime_ms(&self) -> u64 {
        time::uptime_ms()
    }

    fn now(&self) -> Option<command::DateTime> {
        let t = time::rtc_now().ok()?;
        Some(command::DateTime {
            year: t.year,
            month: t.month,
            day: t.day,
            hour: t.hour,
            minute: t.minute,
            second: t.second,
        })
    }

    fn cpu(&self) -> command::CpuInfo {
        let c = cpu::info();
        command::CpuInfo {
            vendor: c.vendor().into(),
            brand: c.brand().into(),
            family: c.family.into(),
            model: c.model.into(),
            stepping: c.stepping.into(),
            logical_cpus: c.logical_cpus.into(),
            cores_running: smp::counts().0 as u32,
            cores_present: smp::counts().1 as u32,
            features: c.features().map(String::from).collect(),
        }
    }

    fn pci_devices(&self) -> Vec<PciDevice> {
        self.devices.pci.clone()
    }

    fn log_lines(&self) -> Vec<String> {
        let mut bytes = Vec::new();
        serial::with_log(|part| bytes.extend_from_slice(part));
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(String::from)
            .collect()
    }

    fn history(&self) -> Vec<String> {
        self.console.history().to_vec()
    }

    fn clear_screen(&mut self) {
        self.console.clear();
    }

    fn reboot(&mut self) -> Result<(), command::PowerError> {
        flush_serial(self.console);
        acpi::reboot()
    }

    fn shutdown(&mut self) -> Result<(), command::PowerError> {
        flush_serial(self.console);
        let e = acpi::shutdown();
        Err(match e {
            acpi::PowerError::StillRunning => command::PowerError::Failed(e.to_string()),
            _ => command::PowerError::Unsupported(e.to_string()),
        })
    }

    fn disks(&self) -> Vec<DiskInfo> {
        self.devices.disks.clone()
    }

    fn files(&mut self) -> Option<&mut dyn Files> {
        match self.devices.files.as_mut() {
            Some(f) => Some(f.as_mut()),
            None => None,
        }
    }
}

/// Mirrors the log lines queued since the last call.
fn drain_log(console: &mut Console) {
    let logged = core::mem::take(&mut *LOG_QUEUE.lock());
    console.log(&logged);
}

/// Writes the console's pending serial mirror to COM1, with the log lines
/// queued since the last call placed between lines.
fn flush_serial(console: &mut Console) {
    drain_log(console);
    let out = console.take_serial();
    if !out.is_empty() {
        serial::write_str(&out);
    }
}

/// The kernel's input sources and decoders.
struct Input {
    ps2: Option<Ps2Decoder>,
    ansi: AnsiDecoder,
    /// TSC value of the last serial byte, for the lone-Escape timeout.
    last_serial: u64,
}

impl Input {
    /// Collects every key waiting on both inputs.
    fn poll(&mut self, keys: &mut Vec<KeyEvent>) {
        if let Some(dec) = self.ps2.as_mut() {
            while let Some(b) = ps2::poll() {
                if let Some(ev) = dec.feed(b) {
                    keys.push(ev);
                }
            }
        }
        let mut got = false;
        while let Some(b) = serial::try_read_byte() {
            self.ansi.feed(b, |ev| keys.push(ev));
            got = true;
        }
        let now = time::rdtsc();
        if got {
            self.last_serial = now;
        } else if time::cycles_to_ns(now.wrapping_sub(self.last_serial)) > 50_000_000 {
            // A lone ESC (or a cut sequence) is only complete once the line goes quiet.
            self.ansi.idle(|ev| keys.push(ev));
        }
    }
}

/// Log lines waiting for the console to mirror them to serial between lines.
static LOG_QUEUE: Mutex<String> = Mutex::new(String::new());
/// Log bytes kept while the console is busy (a long model run); past this
/// newer lines are dropped, and the ring still has them for `log`.
const LOG_QUEUE_LIMIT: usize = 64 * 1024;

/// The logger's sink once the console owns serial.
fn queue_log(text: &str) {
    match LOG_QUEUE.try_lock() {
        Some(mut q) if q.len() + text.len() <= LOG_QUEUE_LIMIT => q.push_str(text),
        Some(_) => {}
        // Only a log call from inside the drain below could get here.
        None => serial::write_str(text),
    }
}

/// The kernel's side of a [`session::Frontend`]: the machine for the
/// applets, Ctrl-C polled from the inputs, the status bar, the TSC.
struct Front<'a> {
    services: KernelServices<'a>,
    screen: &'a mut Screen,
    input: &'a mut Input,
    /// Keys read while the model was generating, handled after it.
    deferred: &'a mut Vec<KeyEvent>,
}

impl session::Frontend for Front<'_> {
    fn services(&mut self) -> &mut dyn command::Services {
        &mut self.services
    }

    fn should_cancel(&mut self) -> bool {
        let mut polled = Vec::new();
        self.input.poll(&mut polled);
        let hit = polled.iter().any(|k| k.key == Key::Ctrl('c'));
        self.deferred
            .extend(polled.into_iter().filter(|k| k.key != Key::Ctrl('c')));
        hit
    }

    fn model_state(&mut self, state: &str) {
        self.services.console.set_model_state(state);
        // Shown at once: a new model's router features take minutes to compute, and the
        // progress bar is how the wait is seen.
        self.screen.render(self.services.console);
        flush_serial(self.services.console);
    }

    fn cycles(&mut self) -> u64 {
        time::rdtsc()
    }

    fn cycles_to_ns(&self, cycles: u64) -> u64 {
        time::cycles_to_ns(cycles)
    }
}

/// Runs the console forever.
pub fn run(mut devices: Devices) -> ! {
    let mut screen = open_screen();
    let (cols, rows) = screen.grid();
    let mut console = Console::new(cols, rows);
    console.set_max_line_bytes(MAX_LINE_BYTES);
    let mut session = Session::new(applets::builtin(), Mode::ReadOnly, assistant::now_ns);
    let mut shown_prompt = session.prompt();
    console.set_prompt(shown_prompt);
    console.set_read_only(session.mode() == Mode::ReadOnly);
    // From here the console owns the screen and the serial line: log lines
    // reach the ring at once and serial between the lines being typed.
    serial::route_log_through(queue_log);

    let mut input = Input {
        ps2: match ps2::init() {
            Ok(()) => Some(Ps2Decoder::new(ScancodeSet::Set1, keymap())),
            Err(e) => {
                log::warn!("ps2: {e}; keyboard input only over serial");
                None
            }
        },
        ansi: AnsiDecoder::new(),
        last_serial: time::rdtsc(),
    };

    let _ = writeln!(
        console,
        "\x1b[1mnosys {}\x1b[0m - type `help` for commands. Read-only mode: press F2 to allow writes.",
        crate::VERSION
    );
    update_status(&mut console);
    console.prompt();
    screen.render(&mut console);
    flush_serial(&mut console);
    if crate::boot::cmdline_value("bench") == Some("console") {
        bench(&mut console, &mut screen);
    }
    // The model: read in place from its boot module, checked, router warmed,
    // with a progress bar in the status bar. Without one the shell still runs
    // typed commands and the status bar says why there is no model.
    let paths = match devices.files.as_deref_mut() {
        Some(f) => request::walk_files(f).unwrap_or_default(),
        None => Vec::new(),
    };
    // `model=/FILE.GGU` on the command line: that file from the data volume instead, its
    // router features from the volume (computed and kept there the first time).
    let from_volume = crate::boot::cmdline_value("model").map(|path| {
        assistant::load_from_volume(
            path,
            &mut devices,
            session.mode(),
            paths.clone(),
            &mut |text| {
                console.set_model_state(text);
                screen.render(&mut console);
                flush_serial(&mut console);
            },
        )
    });
    let loaded = match from_volume {
        Some(Ok(a)) => Ok(a),
        other => {
            if let Some(Err(e)) = other {
                log::warn!("model: {e}; the boot image's model instead");
                let _ = writeln!(console, "model from the command line: {e}");
            }
            assistant::load_default(session.mode(), paths, &mut |text| {
                console.set_model_state(text);
                screen.render(&mut console);
                flush_serial(&mut console);
            })
        }
    };
    let mut deferred: Vec<KeyEvent> = Vec::new();
    match loaded {
        Ok(a) => {
            session.set_assistant(Some(a));
            // Warm already unless it came from the volume.
            let mut front = Front {
                services: KernelServices {
                    console: &mut console,
                    devices: &mut devices,
                },
                screen: &mut screen,
                input: &mut input,
                deferred: &mut deferred,
            };
            session.warm_model(None, &mut front);
            if let Some(a) = session.assistant() {
                console.set_model_state(&a.status());
            }
            log::info!("model: ready");
        }
        Err(e) => {
            log::warn!("model: {e}");
            console.set_model_state(&session::short_error(&e));
            let _ = writeln!(console, "model unavailable: {e}; typed commands work");
        }
    }
    screen.render(&mut console);
    flush_serial(&mut console);
    log::info!("{READY_LINE}");

    let mut keys = Vec::new();
    let mut last_status = time::uptime_ms();
    loop {
        keys.clear();
        keys.append(&mut deferred);
        input.poll(&mut keys);
        for ev in keys.drain(..) {
            let mut completer = TableCompleter {
                table: session.table(),
                mode: session.mode(),
                files: devices.files.as_deref_mut(),
            };
            let event = console.handle_key(ev, &mut completer);
            let Some(event) = event else { continue };
            let mut front = Front {
                services: KernelServices {
                    console: &mut console,
                    devices: &mut devices,
                },
                screen: &mut screen,
                input: &mut input,
                deferred: &mut deferred,
            };
            match event {
                LineEvent::Submit(line) => {
                    session.submit(&line, &mut front);
                }
                LineEvent::ToggleMode => {
                    let mode = session.toggle_mode(&mut front);
                    console.set_read_only(mode == Mode::ReadOnly);
                }
                LineEvent::Cancel => {
                    session.cancel(&mut front);
                }
                LineEvent::FunctionKey(_) => {}
            }
            // What the line logged goes out before the next prompt, as
            // it would have had it been written at once.
            drain_log(&mut console);
            if shown_prompt != session.prompt() {
                shown_prompt = session.prompt();
                console.set_prompt(shown_prompt);
            }
            console.prompt();
        }
        let now = time::uptime_ms();
        if now.wrapping_sub(last_status) >= STATUS_PERIOD_MS {
            last_status = now;
            update_status(&mut console);
        }
        screen.render(&mut console);
        flush_serial(&mut console);
        core::hint::spin_loop();
    }
}

/// The keyboard layout: `keymap=<name>` on the kernel command line (`us`, `uk`, `de`, ...), US by
/// default. Translation is on (see [`ps2`]), so the controller always delivers set 1.
fn keymap() -> Layout {
    match crate::boot::cmdline_value("keymap") {
        None => Layout::default(),
        Some(name) => Layout::from_name(name).unwrap_or_else(|| {
            let names: Vec<&str> = Layout::ALL.iter().map(|l| l.name()).collect();
            log::warn!(
                "keymap={name}: unknown layout (known: {}); using us",
                names.join(" ")
            );
            Layout::default()
        }),
    }
}

fn update_status(console: &mut Console) {
    let m = memory::stats();
    console.set_memory(m.used_bytes as u64, m.total_bytes as u64);
    console.set_uptime_ms(time::uptime_ms());
    console.set_clock(time::rtc_now().ok().map(|t| (t.hour, t.minute, t.second)));
}

/// Rounds of each measurement in [`bench`].
const BENCH_ROUNDS: u64 = 20;

/// Measures, in TSC cycles, what typing and scrolling cost end to end (console model, renderer,
/// copy of the dirty rows to the framebuffer, serial mirror): `bench=console` on the kernel
/// command line. Results go to the log, for docs/.
fn bench(console: &mut Console, screen: &mut Screen) {
    fn run(console: &mut Console, screen: &mut Screen, f: &mut dyn FnMut(&mut Console)) -> u64 {
        let start = time::rdtsc();
        for _ in 0..BENCH_ROUNDS {
            f(console);
            screen.render(console);
            flush_serial(console);
        }
        time::rdtsc().wrapping_sub(start) / BENCH_ROUNDS
    }
    // One key echoed at the prompt, then erased again (each round is a key press).
    let echo = run(console, screen, &mut |c: &mut Console| {
        c.handle_key(Key::Char('x'), &mut NoCompletion);
    });
    run(console, screen, &mut |c: &mut Console| {
        c.handle_key(Key::Backspace, &mut NoCompletion);
    });
    // Fill the screen so that every further line scrolls the whole text area.
    let rows = console.rows();
    for i in 0..rows {
        let _ = writeln!(
            console,
            "bench line {i}: the quick brown fox jumps over the lazy dog"
        );
    }
    screen.render(console);
    flush_serial(console);
    let scroll = run(console, screen, &mut |c: &mut Console| {
        let _ = writeln!(
            c,
            "bench scroll: the quick brown fox jumps over the lazy dog"
        );
    });
    // Everything redrawn: what a clear or a scrollback jump costs.
    let repaint = run(console, screen, &mut |c: &mut Console| c.invalidate());
    let us = |cycles: u64| time::cycles_to_ns(cycles) / 1000;
    log::info!(
        "console bench: keystroke echo {echo} cycles ({} us), one-line scroll of the full screen \
         {scroll} cycles ({} us), full repaint {repaint} cycles ({} us); {}x{} cells, TSC {} MHz",
        us(echo),
        us(scroll),
        us(repaint),
        console.cols(),
        console.rows(),
        time::tsc_hz() / 1_000_000
    );
    console.clear();
}
