//! Booting nosys in QEMU: the command line, the KVM probe, and [`Vm`], the
//! handle QEMU tests use (serial in and out, monitor `sendkey` and
//! `screendump`).
//!
//! A [`Vm`] gets its own directory under the system temp dir for the serial
//! and monitor sockets and (under UEFI) a private copy of the OVMF
//! variables. The serial socket is opened with `wait=on`, so QEMU does not
//! start the guest until the harness is listening: no early output is lost.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::ppm::{self, Image};
use crate::{build_dir, io_err, Error, Result};

/// OVMF firmware pairs (code, variables), newest layout first (Debian `ovmf`).
pub const OVMF: &[(&str, &str)] = &[
    (
        "/usr/share/OVMF/OVMF_CODE_4M.fd",
        "/usr/share/OVMF/OVMF_VARS_4M.fd",
    ),
    (
        "/usr/share/OVMF/OVMF_CODE.fd",
        "/usr/share/OVMF/OVMF_VARS.fd",
    ),
];

/// The emulator binary.
pub const QEMU: &str = "qemu-system-x86_64";

/// Guest memory.
pub const DEFAULT_MEMORY: &str = "2G";

/// The OVMF pair present on this machine.
pub fn ovmf() -> Result<(PathBuf, PathBuf)> {
    OVMF.iter()
        .map(|(c, v)| (PathBuf::from(c), PathBuf::from(v)))
        .find(|(c, v)| c.exists() && v.exists())
        .ok_or_else(|| Error::Missing {
            what: "OVMF firmware".into(),
            hint: "install the `ovmf` package (iso/setup.sh)".into(),
        })
}

/// Whether KVM really runs a q35 guest with `-cpu max` here. `/dev/kvm`
/// existing is not enough (on some hosts vCPU setup fails), so a short
/// guest is started and must survive until told to quit. `NOSYS_ACCEL=tcg`
/// or `=kvm` skips the probe. The answer is computed once per process.
pub fn kvm_works() -> bool {
    static KVM: OnceLock<bool> = OnceLock::new();
    *KVM.get_or_init(|| match std::env::var("NOSYS_ACCEL").as_deref() {
        Ok("kvm") => true,
        Ok("tcg") => false,
        _ => probe_kvm(),
    })
}

fn probe_kvm() -> bool {
    if std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/kvm")
        .is_err()
    {
        return false;
    }
    // The probe runs the firmware the tests run: on some hosts KVM starts a
    // guest and runs SeaBIOS, then OVMF's first instructions stop the vCPU
    // with "KVM internal error ... emulation failure". QEMU does not exit
    // then, it pauses the guest, so the probe asks the monitor whether the
    // guest is still running.
    let mut cmd = Command::new(QEMU);
    cmd.args([
        "-accel", "kvm", "-machine", "q35", "-cpu", "max", "-m", "256",
    ])
    .args(["-nodefaults", "-display", "none", "-monitor", "stdio"]);
    let vars = std::env::temp_dir().join(format!("nosys-kvm-probe-{}.fd", std::process::id()));
    if let Ok((code, template)) = ovmf() {
        if std::fs::copy(&template, &vars).is_ok() {
            cmd.arg("-drive").arg(pflash(0, &code));
            cmd.arg("-drive").arg(pflash(1, &vars));
        }
    }
    let running = probe_running(cmd);
    let _ = std::fs::remove_file(&vars);
    running
}

/// Unit 0 is the firmware code (read-only), unit 1 its variables.
fn pflash(unit: u8, path: &Path) -> std::ffi::OsString {
    let mut arg = std::ffi::OsString::from(format!("if=pflash,format=raw,unit={unit},"));
    if unit == 0 {
        arg.push("readonly=on,");
    }
    arg.push("file=");
    arg.push(path);
    arg
}

/// Starts `cmd` (a monitor on stdio), lets the guest run three seconds,
/// and answers whether the monitor then says it is running.
fn probe_running(mut cmd: Command) -> bool {
    let child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return false };
    let Some(mut stdout) = child.stdout.take() else {
        let _ = child.kill();
        let _ = child.wait();
        return false;
    };
    // Drained in a thread so a chatty monitor can never block QEMU.
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    std::thread::sleep(Duration::from_secs(3));
    if let Ok(Some(_)) = child.try_wait() {
        let _ = reader.join();
        return false; // died while starting the guest
    }
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"info status\nquit\n");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    let exited = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.success(),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
        }
    };
    let text = reader.join().unwrap_or_default();
    exited && text.contains("VM status: running")
}

/// The firmware a VM starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Firmware {
    /// OVMF (UEFI), from pflash.
    Uefi,
    /// QEMU's default SeaBIOS (no pflash).
    Bios,
}

/// What to boot and how.
#[derive(Debug, Clone)]
pub struct VmConfig {
    pub iso: PathBuf,
    pub firmware: Firmware,
    /// The NVMe data disk (`None`: no disk attached).
    pub disk: Option<PathBuf>,
    /// Open the disk with `snapshot=on`: writes go to a throw-away overlay,
    /// so tests can share `build/disk.img` and never change it.
    pub disk_snapshot: bool,
    pub memory: String,
    /// Virtual CPUs (`-smp`). Under TCG each is a host thread (QEMU's multi-threaded TCG).
    pub cpus: u32,
    /// Show a window (only if the host has a display).
    pub display: bool,
    /// Where the ISO is attached (and booted from).
    pub boot_device: BootDevice,
    /// COM1 on a socket the harness reads ([`Serial::Read`]), connected but
    /// not read until [`Vm::resume_serial`] ([`Serial::Unread`]), or no
    /// serial port at all ([`Serial::None`], `-serial none`).
    pub serial: Serial,
    /// Extra QEMU arguments, appended last.
    pub extra_args: Vec<String>,
}

/// How the ISO reaches the firmware.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BootDevice {
    /// A CD on q35's built-in AHCI controller (the default).
    Cd,
    /// A hard disk on a second AHCI controller (`-device ahci` + `ide-hd`),
    /// as a VirtualBox VM with the image on its SATA controller: the ISO is
    /// GPT-partitioned, so firmware boots its EFI partition from a disk too.
    SataDisk,
    /// USB mass storage on an xHCI controller: the image written to a USB
    /// stick with `dd`.
    UsbStick,
}

/// What is on the other end of COM1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Serial {
    /// The harness reads everything as it arrives.
    Read,
    /// A client that connects and reads nothing until [`Vm::resume_serial`]:
    /// the socket fills and the UART's transmitter stays busy, like a
    /// console server nobody is attached to.
    Unread,
    /// `-serial none`: the machine has no serial port.
    None,
}

impl VmConfig {
    /// Test defaults: `build/disk.img` (as a snapshot) if it exists, headless.
    pub fn new(iso: impl Into<PathBuf>) -> Self {
        let disk = build_dir()
            .ok()
            .map(|d| d.join("disk.img"))
            .filter(|d| d.exists());
        Self {
            iso: iso.into(),
            firmware: Firmware::Uefi,
            disk,
            disk_snapshot: true,
            memory: DEFAULT_MEMORY.into(),
            cpus: 1,
            display: false,
            boot_device: BootDevice::Cd,
            serial: Serial::Read,
            extra_args: Vec::new(),
        }
    }

    /// The QEMU command without serial and monitor wiring; `vars` is a
    /// writable copy of the OVMF variables (unused for [`Firmware::Bios`]).
    pub fn command(&self, vars: &Path) -> Result<Command> {
        let code = match self.firmware {
            Firmware::Uefi => ovmf()?.0,
            Firmware::Bios => PathBuf::new(),
        };
        Ok(self.command_with(&code, vars, if kvm_works() { "kvm" } else { "tcg" }))
    }

    /// The command for a given firmware and accelerator.
    pub fn command_with(&self, code: &Path, vars: &Path, accel: &str) -> Command {
        let mut cmd = Command::new(QEMU);
        cmd.args(["-machine", "q35", "-cpu", "max", "-m", &self.memory]);
        if accel == "tcg" && self.cpus > 1 {
            // One host thread per vCPU (the default for x86 on x86, said explicitly).
            cmd.args(["-accel", "tcg,thread=multi"]);
        } else {
            cmd.args(["-accel", accel]);
        }
        cmd.arg("-smp").arg(self.cpus.max(1).to_string());
        if self.firmware == Firmware::Uefi {
            cmd.arg("-drive").arg(format!(
                "if=pflash,format=raw,unit=0,readonly=on,file={}",
                code.display()
            ));
            cmd.arg("-drive").arg(format!(
                "if=pflash,format=raw,unit=1,file={}",
                vars.display()
            ));
        }
        match self.boot_device {
            BootDevice::Cd => {
                cmd.arg("-drive").arg(format!(
                    "file={},media=cdrom,if=none,id=cd,readonly=on",
                    self.iso.display()
                ));
                cmd.args(["-device", "ide-cd,drive=cd,bootindex=0"]);
            }
            BootDevice::SataDisk => {
                // Opened as a disk, not a CD: the image's GPT is what firmware
                // reads. A snapshot, not readonly=on, which ide-hd refuses
                // ("Block node is read-only"): writes go to a throw-away overlay.
                cmd.arg("-drive").arg(format!(
                    "file={},media=disk,if=none,id=satadisk,format=raw,snapshot=on",
                    self.iso.display()
                ));
                cmd.args(["-device", "ahci,id=sata"]);
                cmd.args(["-device", "ide-hd,drive=satadisk,bus=sata.0,bootindex=0"]);
            }
            BootDevice::UsbStick => {
                cmd.arg("-drive").arg(format!(
                    "file={},media=disk,if=none,id=usbstick,format=raw,snapshot=on",
                    self.iso.display()
                ));
                cmd.args(["-device", "qemu-xhci,id=xhci"]);
                cmd.args([
                    "-device",
                    "usb-storage,drive=usbstick,bus=xhci.0,bootindex=0",
                ]);
            }
        }
        if let Some(disk) = &self.disk {
            let snap = if self.disk_snapshot {
                ",snapshot=on"
            } else {
                ""
            };
            cmd.arg("-drive").arg(format!(
                "file={},if=none,id=nvm,format=raw{snap}",
                disk.display()
            ));
            cmd.args(["-device", "nvme,serial=nosys0001,drive=nvm"]);
        }
        if !self.display || !host_has_display() {
            cmd.args(["-display", "none"]);
        }
        cmd.arg("-no-reboot");
        cmd.args(&self.extra_args);
        cmd
    }
}

/// Whether a window can be opened (X11 or Wayland).
pub fn host_has_display() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

/// A private copy of the OVMF variable store in `dir`.
pub fn fresh_vars(dir: &Path) -> Result<PathBuf> {
    let (_, vars) = ovmf()?;
    let dest = dir.join("OVMF_VARS.fd");
    std::fs::copy(&vars, &dest).map_err(io_err(format!("copying {}", vars.display())))?;
    Ok(dest)
}

/// Serial bytes received so far, shared with the reader thread.
#[derive(Default)]
struct SerialLog {
    bytes: Mutex<Vec<u8>>,
    grew: Condvar,
    closed: Mutex<bool>,
    /// `false` while the reader holds off ([`Serial::Unread`]).
    reading: Mutex<bool>,
    resumed: Condvar,
}

/// A running VM. Dropping it kills QEMU and removes its directory; QEMU is
/// also killed when the thread that booted it exits (keep a `Vm` on the
/// thread that made it).
pub struct Vm {
    child: Child,
    dir: PathBuf,
    /// `None` with [`Serial::None`].
    serial: Option<UnixStream>,
    log: Arc<SerialLog>,
    monitor: BufReader<UnixStream>,
    started: Instant,
    shots: usize,
}

static VM_COUNTER: AtomicUsize = AtomicUsize::new(0);

fn connect(path: &Path, child: &mut Child, deadline: Instant) -> Result<UnixStream> {
    loop {
        match UnixStream::connect(path) {
            Ok(s) => return Ok(s),
            Err(e) => {
                if let Ok(Some(status)) = child.try_wait() {
                    return Err(Error::Command {
                        command: QEMU.into(),
                        status: status.to_string(),
                        stderr: String::new(),
                    });
                }
                if Instant::now() > deadline {
                    return Err(Error::Io {
                        what: format!("connecting to {}", path.display()),
                        source: e,
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

impl Vm {
    /// Starts QEMU and connects to its serial port and monitor.
    pub fn boot(config: &VmConfig) -> Result<Vm> {
        if !config.iso.exists() {
            return Err(Error::Missing {
                what: config.iso.display().to_string(),
                hint: "run `make iso` first".into(),
            });
        }
        let n = VM_COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("nosys-vm-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(io_err(format!("creating {}", dir.display())))?;
        let vars = match config.firmware {
            Firmware::Uefi => fresh_vars(&dir)?,
            Firmware::Bios => PathBuf::new(),
        };
        let serial_path = dir.join("serial.sock");
        let monitor_path = dir.join("monitor.sock");
        let qemu_log =
            std::fs::File::create(dir.join("qemu.log")).map_err(io_err("creating qemu.log"))?;
        let mut cmd = config.command(&vars)?;
        if config.serial == Serial::None {
            cmd.args(["-serial", "none"]);
        } else {
            cmd.arg("-chardev")
                .arg(format!(
                    "socket,id=ser0,path={},server=on,wait=on",
                    serial_path.display()
                ))
                .args(["-serial", "chardev:ser0"]);
        }
        cmd.arg("-monitor")
            .arg(format!(
                "unix:{},server=on,wait=off",
                monitor_path.display()
            ))
            .stdin(Stdio::null())
            .stdout(qemu_log.try_clone().map_err(io_err("qemu.log"))?)
            .stderr(qemu_log);
        // SAFETY: the closure runs in the forked child before exec and only
        // makes one async-signal-safe system call.
        unsafe {
            cmd.pre_exec(|| {
                // QEMU gets SIGKILL when the thread that started it exits,
                // so a killed or crashed test leaves no emulator running.
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                Ok(())
            });
        }
        let mut child = cmd.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Error::Missing {
                what: QEMU.into(),
                hint: "install qemu-system-x86 (iso/setup.sh)".into(),
            },
            _ => Error::Io {
                what: "starting QEMU".into(),
                source: e,
            },
        })?;
        let deadline = Instant::now() + Duration::from_secs(30);
        // With a serial socket, QEMU waits for this connection before it
        // starts the guest (and before it opens the monitor).
        let first = if config.serial == Serial::None {
            &monitor_path
        } else {
            &serial_path
        };
        let first = match connect(first, &mut child, deadline) {
            Ok(s) => s,
            Err(e) => {
                let _ = child.kill();
                let log = std::fs::read_to_string(dir.join("qemu.log")).unwrap_or_default();
                return Err(Error::Invalid(format!("QEMU did not start: {e}\n{log}")));
            }
        };
        let log = Arc::new(SerialLog::default());
        *log.reading.lock().unwrap_or_else(|e| e.into_inner()) = config.serial == Serial::Read;
        let (serial, monitor) = if config.serial == Serial::None {
            *log.closed.lock().unwrap_or_else(|e| e.into_inner()) = true;
            (None, first)
        } else {
            let reader = first.try_clone().map_err(io_err("cloning serial socket"))?;
            let sink = Arc::clone(&log);
            std::thread::spawn(move || read_serial(reader, sink));
            (Some(first), connect(&monitor_path, &mut child, deadline)?)
        };
        let mut vm = Vm {
            child,
            dir,
            serial,
            log,
            monitor: BufReader::new(monitor),
            started: Instant::now(),
            shots: 0,
        };
        vm.monitor
            .get_ref()
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(io_err("monitor timeout"))?;
        vm.read_until_prompt()?;
        Ok(vm)
    }

    /// Time since the guest was allowed to start.
    pub fn uptime(&self) -> Duration {
        self.started.elapsed()
    }

    /// Everything received on serial so far (lossy UTF-8).
    pub fn serial_output(&self) -> String {
        String::from_utf8_lossy(&self.log.bytes.lock().unwrap_or_else(|e| e.into_inner()))
            .into_owned()
    }

    /// Bytes received on serial so far: a mark for [`Vm::wait_for_serial_after`].
    pub fn serial_len(&self) -> usize {
        self.log
            .bytes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// Waits until serial output contains `pattern`; returns all output.
    pub fn wait_for_serial(&self, pattern: &str, timeout: Duration) -> Result<String> {
        self.wait_for_serial_after(0, pattern, timeout)
    }

    /// Waits until the serial output from byte `start` on contains `pattern`
    /// (use [`Vm::serial_len`] before sending a command); returns that part.
    pub fn wait_for_serial_after(
        &self,
        start: usize,
        pattern: &str,
        timeout: Duration,
    ) -> Result<String> {
        let deadline = Instant::now() + timeout;
        let mut bytes = self.log.bytes.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let tail = bytes.get(start..).unwrap_or(&[]);
            let text = String::from_utf8_lossy(tail);
            if text.contains(pattern) {
                return Ok(text.into_owned());
            }
            let now = Instant::now();
            let closed = *self.log.closed.lock().unwrap_or_else(|e| e.into_inner());
            if now >= deadline || closed {
                return Err(Error::Timeout {
                    pattern: pattern.into(),
                    output: text.into_owned(),
                });
            }
            bytes = self
                .log
                .grew
                .wait_timeout(bytes, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Sends bytes to the guest's COM1.
    pub fn send_serial(&mut self, bytes: &[u8]) -> Result<()> {
        self.serial
            .as_mut()
            .ok_or_else(|| Error::Invalid("this VM has no serial port".into()))?
            .write_all(bytes)
            .map_err(io_err("writing to serial"))
    }

    /// Presses F2 as a serial terminal sends it (xterm's SS3 Q, `ESC O Q`)
    /// and waits for the console to log the mode it switched to; returns
    /// the serial output from the key press on. The mode toggle is a human
    /// keystroke, so tests reach read-write mode only this way.
    pub fn press_f2(&mut self, expect_mode: &str, timeout: Duration) -> Result<String> {
        let mark = self.serial_len();
        self.send_serial(b"\x1bOQ")?;
        self.wait_for_serial_after(mark, &format!("mode {expect_mode}"), timeout)
    }

    /// Starts reading serial output ([`Serial::Unread`]): what QEMU could
    /// not send while nobody read arrives now.
    pub fn resume_serial(&self) {
        *self.log.reading.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.log.resumed.notify_all();
    }

    fn read_until_prompt(&mut self) -> Result<String> {
        let mut out = Vec::new();
        loop {
            let mut chunk = Vec::new();
            let n = self
                .monitor
                .read_until(b' ', &mut chunk)
                .map_err(io_err("reading the QEMU monitor"))?;
            if n == 0 {
                return Err(Error::Invalid("QEMU monitor closed".into()));
            }
            out.extend_from_slice(&chunk);
            if out.ends_with(b"(qemu) ") {
                return Ok(String::from_utf8_lossy(&out[..out.len() - 7]).into_owned());
            }
        }
    }

    /// Runs a human-monitor command; returns its output.
    pub fn monitor(&mut self, command: &str) -> Result<String> {
        let stream = self.monitor.get_mut();
        stream
            .write_all(command.as_bytes())
            .and_then(|_| stream.write_all(b"\n"))
            .map_err(io_err("writing to the QEMU monitor"))?;
        self.read_until_prompt()
    }

    /// Presses and releases a key, QEMU names: `a`, `ret`, `shift-a`, `ctrl-c`.
    pub fn sendkey(&mut self, key: &str) -> Result<()> {
        let out = self.monitor(&format!("sendkey {key}"))?;
        if out.to_ascii_lowercase().contains("invalid") || out.contains("unknown") {
            return Err(Error::Invalid(format!("sendkey {key}: {}", out.trim())));
        }
        Ok(())
    }

    /// Types a string with `sendkey` (letters, digits, space, common punctuation).
    pub fn type_text(&mut self, text: &str) -> Result<()> {
        for c in text.chars() {
            self.sendkey(&key_name(c).ok_or_else(|| Error::Invalid(format!("no key for {c:?}")))?)?;
        }
        Ok(())
    }

    /// Captures the screen.
    pub fn screendump(&mut self) -> Result<Image> {
        self.shots += 1;
        let path = self.dir.join(format!("screen-{}.ppm", self.shots));
        let out = self.monitor(&format!("screendump {}", path.display()))?;
        let data = std::fs::read(&path).map_err(|e| Error::Io {
            what: format!("screendump: {}", out.trim()),
            source: e,
        })?;
        ppm::decode(&data)
    }

    /// Whether QEMU is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// QEMU's own stdout/stderr so far (errors, warnings).
    pub fn qemu_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("qemu.log")).unwrap_or_default()
    }
}

impl Vm {
    /// Types `line` and Enter over serial and returns the reply as plain text
    /// (see [`crate::plain_text`]): everything after the echo of the line up
    /// to the next prompt, `nosys> ` or a y/n question.
    pub fn reply(&mut self, line: &str, timeout: Duration) -> Result<String> {
        let mark = self.serial_len();
        self.send_serial(line.as_bytes())?;
        self.send_serial(b"\r")?;
        let deadline = Instant::now() + timeout;
        loop {
            let out = self.serial_output();
            let text = crate::plain_text(out.get(mark..).unwrap_or(""));
            // Only a prompt after the echo ends the reply: the console draws
            // the prompt again after every log line, so a prompt can come
            // before the echo (e.g. after `nosys: ready`).
            let echo = text.find(line).map(|i| i + line.len());
            let rest = &text[echo.unwrap_or(text.len())..];
            if rest.contains(SHELL_PROMPT) || rest.contains(CONFIRM_PROMPT) {
                return Ok(rest.to_string());
            }
            if Instant::now() >= deadline {
                return Err(Error::Timeout {
                    pattern: SHELL_PROMPT.into(),
                    output: text,
                });
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// The shell's prompt, and the prompt that asks before a write runs.
pub const SHELL_PROMPT: &str = session::PROMPT;
pub const CONFIRM_PROMPT: &str = session::CONFIRM_PROMPT;

impl Drop for Vm {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn read_serial(mut stream: UnixStream, log: Arc<SerialLog>) {
    let mut reading = log.reading.lock().unwrap_or_else(|e| e.into_inner());
    while !*reading {
        reading = log.resumed.wait(reading).unwrap_or_else(|e| e.into_inner());
    }
    drop(reading);
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                log.bytes
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&buf[..n]);
                log.grew.notify_all();
            }
        }
    }
    *log.closed.lock().unwrap_or_else(|e| e.into_inner()) = true;
    log.grew.notify_all();
}

/// The `sendkey` name of a character.
pub fn key_name(c: char) -> Option<String> {
    let named = match c {
        ' ' => "spc",
        '\n' => "ret",
        '\t' => "tab",
        '-' => "minus",
        '=' => "equal",
        '.' => "dot",
        ',' => "comma",
        '/' => "slash",
        ';' => "semicolon",
        '\'' => "apostrophe",
        '_' => "shift-minus",
        '?' => "shift-slash",
        ':' => "shift-semicolon",
        '"' => "shift-apostrophe",
        '!' => "shift-1",
        _ => "",
    };
    if !named.is_empty() {
        return Some(named.into());
    }
    match c {
        'a'..='z' | '0'..='9' => Some(c.to_string()),
        'A'..='Z' => Some(format!("shift-{}", c.to_ascii_lowercase())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tcg_guest(extra: &[&str]) -> Command {
        let mut cmd = Command::new(QEMU);
        cmd.args([
            "-accel",
            "tcg",
            "-machine",
            "q35",
            "-m",
            "64",
            "-nodefaults",
        ])
        .args(["-display", "none", "-monitor", "stdio"])
        .args(extra);
        cmd
    }

    /// The KVM probe's test of a live guest: a guest that runs passes, one
    /// the monitor reports as paused (as after a KVM internal error) fails.
    #[test]
    #[ignore = "starts QEMU; run by `make test`"]
    fn the_probe_tells_a_running_guest_from_a_paused_one() {
        assert!(probe_running(tcg_guest(&[])));
        assert!(!probe_running(tcg_guest(&["-S"])));
    }

    #[test]
    fn key_names() {
        assert_eq!(key_name('a').as_deref(), Some("a"));
        assert_eq!(key_name('Q').as_deref(), Some("shift-q"));
        assert_eq!(key_name(' ').as_deref(), Some("spc"));
        assert_eq!(key_name('\n').as_deref(), Some("ret"));
        assert_eq!(key_name('é'), None);
    }

    #[test]
    fn command_has_the_machine_and_disk() {
        let mut cfg = VmConfig::new("/tmp/x.iso");
        cfg.disk = Some("/tmp/d.img".into());
        let cmd = cfg.command_with(Path::new("/ovmf/code.fd"), Path::new("/tmp/vars.fd"), "tcg");
        let args: Vec<String> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let joined = args.join(" ");
        assert!(joined.contains("-machine q35 -cpu max -m 2G -accel tcg"));
        assert!(joined.contains("if=pflash,format=raw,unit=0,readonly=on,file=/ovmf/code.fd"));
        assert!(joined.contains("file=/tmp/d.img,if=none,id=nvm,format=raw,snapshot=on"));
        assert!(joined.contains("nvme,serial=nosys0001,drive=nvm"));
        assert!(joined.contains("-display none"));
    }

    #[test]
    fn bios_and_disk_boot_change_firmware_and_drive() {
        let mut cfg = VmConfig::new("/tmp/x.iso");
        cfg.firmware = Firmware::Bios;
        cfg.boot_device = BootDevice::SataDisk;
        let cmd = cfg.command_with(Path::new("/ovmf/code.fd"), Path::new("/tmp/vars.fd"), "tcg");
        let joined: Vec<String> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let joined = joined.join(" ");
        assert!(!joined.contains("pflash"), "{joined}");
        assert!(joined.contains("ide-hd,drive=satadisk,bus=sata.0,bootindex=0"));
        assert!(!joined.contains("media=cdrom"));
    }

    #[test]
    fn two_cpus_under_tcg_get_a_thread_each() {
        let mut cfg = VmConfig::new("/tmp/x.iso");
        let args = |cfg: &VmConfig, accel| {
            let cmd = cfg.command_with(Path::new("/c.fd"), Path::new("/v.fd"), accel);
            let v: Vec<String> = cmd
                .get_args()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            v.join(" ")
        };
        assert!(args(&cfg, "tcg").contains("-accel tcg -smp 1"));
        cfg.cpus = 2;
        assert!(args(&cfg, "tcg").contains("-accel tcg,thread=multi -smp 2"));
        assert!(args(&cfg, "kvm").contains("-accel kvm -smp 2"));
    }
}
