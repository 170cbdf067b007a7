//! Device faults seen from the shell (issue 15): the real volume code over
//! the NVMe driver over the simulated controller. A fault is one line
//! naming the device, the shell goes on answering, and nothing more is
//! written to the disk (the simulator's media-write count stands still).

use super::*;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use command::{CpuInfo, DateTime, DiskInfo, Files, MemoryStats, PciDevice, PowerError};
use core::cell::RefCell;
use nvme::cmd::nvm;
use nvme::sim::{IoFault, IoFaultKind, Sim, SimHal, SimNs};
use nvme::status::{media, SCT_MEDIA};
use nvme::{Config, Controller, NvmeDisk};
use std::rc::Rc;

type Vol = storage::Volume<NvmeDisk<SimHal>>;

fn ticks() -> u64 {
    0
}

struct Front {
    out: String,
    vol: Vol,
}

impl Services for Front {
    fn out(&mut self) -> &mut dyn core::fmt::Write {
        &mut self.out
    }
    fn memory(&self) -> MemoryStats {
        MemoryStats::default()
    }
    fn uptime_ms(&self) -> u64 {
        0
    }
    fn now(&self) -> Option<DateTime> {
        None
    }
    fn cpu(&self) -> CpuInfo {
        CpuInfo::default()
    }
    fn pci_devices(&self) -> Vec<PciDevice> {
        Vec::new()
    }
    fn log_lines(&self) -> Vec<String> {
        Vec::new()
    }
    fn history(&self) -> Vec<String> {
        Vec::new()
    }
    fn clear_screen(&mut self) {}
    fn reboot(&mut self) -> Result<(), PowerError> {
        Ok(())
    }
    fn shutdown(&mut self) -> Result<(), PowerError> {
        Ok(())
    }
    fn disks(&self) -> Vec<DiskInfo> {
        vec![DiskInfo {
            name: "nvme0".into(),
            ..DiskInfo::default()
        }]
    }
    fn files(&mut self) -> Option<&mut dyn Files> {
        Some(&mut self.vol)
    }
}

impl Frontend for Front {
    fn services(&mut self) -> &mut dyn Services {
        self
    }
}

fn notes() -> Vec<u8> {
    (0..2000)
        .flat_map(|i| format!("note {i}\n").into_bytes())
        .collect()
}

/// A NOSYS FAT16 volume on a simulated NVMe namespace, holding
/// /NOTES.TXT (several clusters) and /HELLO.TXT.
fn machine() -> (Rc<RefCell<Sim>>, Front) {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path =
        std::env::temp_dir().join(format!("nosys-session-dev-{}-{n}.img", std::process::id()));
    let p = path.to_str().unwrap();
    let _ = std::fs::remove_file(&path);
    let ok = std::process::Command::new("mkfs.fat")
        .args(["-C", "-F", "16", "-s", "1", "-n", "NOSYS", p, "4096"])
        .output()
        .expect("mkfs.fat (dosfstools)");
    assert!(ok.status.success());
    let image = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let sim = Rc::new(RefCell::new(Sim::new(vec![SimNs {
        id: 1,
        block_size: 512,
        data: image,
    }])));
    let ctrl = Controller::init(SimHal::new(sim.clone()), Config::default()).unwrap();
    let ns = ctrl.namespaces()[0].clone();
    let mut vol = storage::Volume::mount(NvmeDisk::new(ctrl, ns, "nvme0")).unwrap();
    vol.write("/NOTES.TXT", &notes(), false).unwrap();
    vol.write("/HELLO.TXT", b"hello\n", false).unwrap();
    vol.flush().unwrap();
    (
        sim,
        Front {
            out: String::new(),
            vol,
        },
    )
}

/// Runs a typed line; returns whether it succeeded and what it printed.
fn run(s: &mut Session, fe: &mut Front, line: &str) -> (bool, String) {
    let r = s.submit(line, fe);
    let out = core::mem::take(&mut fe.out);
    match r {
        Outcome::Ran { ok, .. } => (ok, out),
        other => panic!("{line}: {other:?}: {out}"),
    }
}

/// A failed command's output: exactly one line, returned without its newline.
fn one_error_line(s: &mut Session, fe: &mut Front, line: &str) -> String {
    let (ok, out) = run(s, fe, line);
    assert!(!ok, "{line} succeeded: {out}");
    assert_eq!(out.matches('\n').count(), 1, "{line}: {out:?}");
    println!("{line} -> {out}");
    out.trim_end().into()
}

/// The shell still answers: a command that needs no disk, and `disk`.
fn shell_works(s: &mut Session, fe: &mut Front) {
    assert_eq!(run(s, fe, "echo still here"), (true, "still here\n".into()));
    let (ok, out) = run(s, fe, "disk");
    assert!(ok && out.contains("device:     nvme0"), "{out}");
}

#[test]
fn a_command_that_never_completes_is_one_line_and_the_shell_goes_on() {
    let (sim, mut fe) = machine();
    let mut s = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    assert_eq!(
        run(&mut s, &mut fe, "cat /HELLO.TXT"),
        (true, "hello\n".into())
    );
    let writes = sim.borrow().writes;
    sim.borrow_mut().faults.io = Some(IoFault::next(Some(nvm::READ), IoFaultKind::Hang));

    let e = one_error_line(&mut s, &mut fe, "cat /NOTES.TXT");
    assert!(
        e.contains("/NOTES.TXT: device error: nvme0: read at LBA ")
            && e.ends_with("timed out after 5000 ms"),
        "{e}"
    );
    let commands = sim.borrow().io_commands.len();
    shell_works(&mut s, &mut fe);
    let e = one_error_line(&mut s, &mut fe, "write /NEW.TXT more words");
    assert!(
        e.contains("writes stopped") && e.contains("nvme0: read at LBA"),
        "{e}"
    );
    let e = one_error_line(&mut s, &mut fe, "cp /HELLO.TXT /COPY.TXT");
    assert!(e.contains("nvme0"), "{e}");
    let e = one_error_line(&mut s, &mut fe, "rm /HELLO.TXT");
    assert!(e.contains("writes stopped"), "{e}");
    // `df` either reports the volume read-only for the fault or fails naming it.
    let (_, out) = run(&mut s, &mut fe, "df");
    assert!(out.contains("nvme0"), "{out}");
    shell_works(&mut s, &mut fe);
    let sim = sim.borrow();
    assert_eq!(sim.writes, writes, "the disk was written after the fault");
    assert_eq!(
        sim.io_commands.len(),
        commands,
        "the controller got a command after the fault"
    );
}

#[test]
fn a_write_fault_is_one_line_and_the_disk_keeps_what_it_had() {
    let (sim, mut fe) = machine();
    let mut s = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    let fault = IoFaultKind::Status {
        sct: SCT_MEDIA,
        sc: media::WRITE_FAULT,
        dnr: false,
    };
    sim.borrow_mut().faults.io = Some(IoFault::next(Some(nvm::WRITE), fault));
    let writes = sim.borrow().writes;

    let e = one_error_line(&mut s, &mut fe, "cp /NOTES.TXT /HELLO.TXT");
    assert!(
        e.contains("device error: nvme0: write at LBA ")
            && e.ends_with("failed: write fault (SCT 2 media and data integrity, SC 0x80)"),
        "{e}"
    );
    assert_eq!(sim.borrow().writes, writes);
    shell_works(&mut s, &mut fe);
    // The controller is sound, so reading goes on; the old file is intact.
    assert_eq!(
        run(&mut s, &mut fe, "cat /HELLO.TXT"),
        (true, "hello\n".into())
    );
    let (ok, out) = run(&mut s, &mut fe, "ls /");
    assert!(
        ok && out.contains("NOTES.TXT") && out.contains("HELLO.TXT"),
        "{out}"
    );
    // And nothing more is written.
    let e = one_error_line(&mut s, &mut fe, "write /X.TXT y");
    assert!(
        e.contains("writes stopped") && e.contains("write fault"),
        "{e}"
    );
    let e = one_error_line(&mut s, &mut fe, "mkdir /D");
    assert!(e.contains("writes stopped"), "{e}");
    assert_eq!(sim.borrow().writes, writes);
}
