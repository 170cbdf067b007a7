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

use applets::{DiskInfo, Files, Mode, Outcome, PciDevice, Table};
use framebuffer::{FbInfo, Framebuffer, PixelFormat, TextConsole};
use keyboard::{AnsiDecoder, KeyEvent, Layout, Ps2Decoder, ScancodeSet};
use ui::{Completer, Console, LineEvent};

use crate::assistant::{self, Assistant};
use crate::fbtext;
use crate::{acpi, cpu, memory, ps2, serial, time};
use ui::{Key, NoCompletion};

/// The line tests wait for before typing.
pub const READY_LINE: &str = "nosys: ready";

/// Status-bar refresh period.
const STATUS_PERIOD_MS: u64 = 250;
/// Grid used when there is no framebuffer (serial-only machine): ui still needs a size.
const HEADLESS_GRID: (usize, usize) = (100, 40);
/// Longest line the prompt accepts; 10 000-character lines are refused past this, visibly.
const MAX_LINE_BYTES: usize = 4096;
/// The usual prompt, and the one shown while a write waits for y/n.
const PROMPT: &str = "nosys> ";
const CONFIRM_PROMPT: &str = "run it? [y/N] ";

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
        let c = applets::complete(self.table, self.mode, left, files);
        ui::Completion {
            start: c.start,
            candidates: c.candidates,
        }
    }
}

/// The kernel's side of [`applets::Services`].
struct KernelServices<'a> {
    console: &'a mut Console,
    devices: &'a mut Devices,
    /// The language model, for `route`, `model` and `bench`.
    assistant: Option<&'a mut Assistant>,
}

impl applets::Services for KernelServices<'_> {
    fn out(&mut self) -> &mut dyn core::fmt::Write {
        self.console
    }

    fn memory(&self) -> applets::MemoryStats {
        let s = memory::stats();
        applets::MemoryStats {
            total_bytes: s.total_bytes as u64,
            free_bytes: s.free_bytes as u64,
            heap_bytes: s.total_bytes as u64,
            heap_used_bytes: s.used_bytes as u64,
        }
    }

    fn uptime_ms(&self) -> u64 {
        time::uptime_ms()
    }

    fn now(&self) -> Option<applets::DateTime> {
        let t = time::rtc_now().ok()?;
        Some(applets::DateTime {
            year: t.year,
            month: t.month,
            day: t.day,
            hour: t.hour,
            minute: t.minute,
            second: t.second,
        })
    }

    fn cpu(&self) -> applets::CpuInfo {
        let c = cpu::info();
        applets::CpuInfo {
            vendor: c.vendor().into(),
            brand: c.brand().into(),
            family: c.family.into(),
            model: c.model.into(),
            stepping: c.stepping.into(),
            logical_cpus: c.logical_cpus.into(),
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

    fn reboot(&mut self) -> Result<(), applets::PowerError> {
        flush_serial(self.console);
        acpi::reboot()
    }

    fn shutdown(&mut self) -> Result<(), applets::PowerError> {
        flush_serial(self.console);
        let e = acpi::shutdown();
        Err(match e {
            acpi::PowerError::StillRunning => applets::PowerError::Failed(e.to_string()),
            _ => applets::PowerError::Unsupported(e.to_string()),
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

    fn assistant(&mut self) -> Option<&mut dyn applets::Assistant> {
        match self.assistant.as_mut() {
            Some(a) => Some(&mut **a),
            None => None,
        }
    }
}

/// Writes the console's pending serial mirror to COM1.
fn flush_serial(console: &mut Console) {
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

/// Runs the console forever.
pub fn run(mut devices: Devices) -> ! {
    let table = Table::builtin();
    let mut screen = open_screen();
    let (cols, rows) = screen.grid();
    let mut console = Console::new(cols, rows);
    console.set_max_line_bytes(MAX_LINE_BYTES);
    let mut mode = Mode::ReadOnly;
    console.set_read_only(true);
    // From here the console owns the screen: log lines reach serial and the ring, not the screen.
    serial::set_log_sink(|_| {});

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
    let mut model = match assistant::load_default(mode, paths, &mut |text| {
        console.set_model_state(text);
        screen.render(&mut console);
        flush_serial(&mut console);
    }) {
        Ok(a) => {
            console.set_model_state(&a.status());
            log::info!("model: ready");
            Some(a)
        }
        Err(e) => {
            log::warn!("model: {e}");
            console.set_model_state(&assistant::short_error(&e));
            let _ = writeln!(console, "model unavailable: {e}; typed commands work");
            None
        }
    };
    // A proposed write command waiting for y/n.
    let mut pending: Option<applets::Command> = None;
    // Keys read while the model was generating (polled for Ctrl-C).
    let mut deferred: Vec<KeyEvent> = Vec::new();
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
                table: &table,
                mode,
                files: devices.files.as_deref_mut(),
            };
            match console.handle_key(ev, &mut completer) {
                Some(LineEvent::Submit(line)) => {
                    let mut to_run = None;
                    if let Some(cmd) = pending.take() {
                        console.set_prompt(PROMPT);
                        if matches!(line.trim(), "y" | "Y" | "yes") {
                            to_run = Some(cmd);
                        } else {
                            let _ = writeln!(console, "not run");
                        }
                    } else {
                        let mut cancel = || {
                            let mut polled = Vec::new();
                            input.poll(&mut polled);
                            let hit = polled.iter().any(|k| k.key == Key::Ctrl('c'));
                            deferred.extend(polled.into_iter().filter(|k| k.key != Key::Ctrl('c')));
                            hit
                        };
                        let mut status_text = String::new();
                        let next = assistant::interpret(
                            model.as_mut(),
                            &table,
                            mode,
                            &line,
                            &mut console,
                            &mut |t| status_text = t.into(),
                            &mut cancel,
                        );
                        if !status_text.is_empty() {
                            console.set_model_state(&status_text);
                        }
                        match next {
                            assistant::Next::Typed => {
                                let mut services = KernelServices {
                                    console: &mut console,
                                    devices: &mut devices,
                                    assistant: model.as_mut(),
                                };
                                if table.execute(&line, mode, &mut services) == Outcome::NotACommand
                                {
                                    not_a_command(&mut console, &line);
                                }
                            }
                            assistant::Next::Run(cmd) => to_run = Some(cmd),
                            assistant::Next::Confirm(cmd) => {
                                let _ = writeln!(
                                    console,
                                    "this writes to the disk: run `{cmd}`? [y/N]"
                                );
                                console.set_prompt(CONFIRM_PROMPT);
                                pending = Some(cmd);
                            }
                            assistant::Next::Nothing => {}
                        }
                    }
                    if let Some(cmd) = to_run {
                        let mut services = KernelServices {
                            console: &mut console,
                            devices: &mut devices,
                            assistant: model.as_mut(),
                        };
                        // The call path from a model decision to the applet (and
                        // down to the NVMe driver for file applets) is a call:
                        // its cost goes to the log for docs/posts/1.
                        let t0 = time::rdtsc();
                        let result = table.run(&cmd, mode, &mut services);
                        let cycles = time::rdtsc().wrapping_sub(t0);
                        log::info!(
                            "run: `{cmd}` in {cycles} cycles ({} ns)",
                            time::cycles_to_ns(cycles)
                        );
                        if let Err(e) = result {
                            let _ = writeln!(console, "{}: {e}", cmd.applet);
                        }
                    }
                    console.prompt();
                }
                Some(LineEvent::ToggleMode) => {
                    mode = mode.toggled();
                    console.set_read_only(mode == Mode::ReadOnly);
                    // A pending write confirmation does not survive leaving read-write mode.
                    if pending.take().is_some() {
                        console.set_prompt(PROMPT);
                    }
                    match model
                        .as_mut()
                        .map(|a| a.interp.set_mode(mode, &mut assistant::TscClock))
                    {
                        Some(Ok(r)) => {
                            let ms = (r.grammar_ns + r.router_ns) as f64 / 1e6;
                            log::info!(
                                "console: mode {} (F2): grammar rebuilt in {:.2} ms ({} states), router re-solved in {:.2} ms ({} classes)",
                                mode.label(),
                                r.grammar_ns as f64 / 1e6,
                                r.grammar_states,
                                r.router_ns as f64 / 1e6,
                                r.router_classes
                            );
                            console.set_model_state(&alloc::format!(
                                "{} · rebuilt {ms:.1} ms",
                                mode.label()
                            ));
                        }
                        Some(Err(e)) => log::warn!(
                            "console: mode {} (F2): model rebuild failed: {e}",
                            mode.label()
                        ),
                        None => log::info!("console: mode {} (F2)", mode.label()),
                    }
                }
                Some(LineEvent::Cancel) => console.prompt(),
                Some(LineEvent::FunctionKey(_)) | None => {}
            }
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

/// A line whose first word is no applet: a request for the model, once one is loaded.
fn not_a_command(console: &mut Console, line: &str) {
    let word = line.split_whitespace().next().unwrap_or("");
    let _ = writeln!(
        console,
        "{word}: not a command, and no language model is loaded to interpret it; type `help`"
    );
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
