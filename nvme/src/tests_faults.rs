//! Device faults (issue 15): an error status, a command that never
//! completes, controller fatal status, a controller that never becomes
//! ready, a device that vanishes. Each is a typed error naming the command,
//! every wait ends within its bound on the `Hal` clock, and after a fault
//! that leaves the queues in an unknown state the controller is out of
//! service: later calls fail at once and reach nothing. Then the same faults
//! under a FAT volume: a one-line error naming the device, and nothing more
//! written to the disk.

use std::cell::RefCell;
use std::rc::Rc;

use command::{Files, FsError};

use crate::cmd::*;
use crate::regs::*;
use crate::sim::*;
use crate::status::*;
use crate::tests::{setup, two_namespaces};
use crate::*;

/// What `Config::default()` waits for one command, in µs of the `Hal` clock.
const TIMEOUT_US: u64 = 5_000 * 1000;
/// One reading of the simulated clock (`SimHal::tick_us`).
const TICK_US: u64 = 100;

fn status(sct: u8, sc: u8, dnr: bool) -> IoFaultKind {
    IoFaultKind::Status { sct, sc, dnr }
}

fn arm(sim: &Rc<RefCell<Sim>>, fault: IoFault) {
    sim.borrow_mut().faults.io = Some(fault);
}

fn clock(ctrl: &Controller<SimHal>) -> u64 {
    ctrl.hal().clock.get()
}

/// The controller refuses everything at once, naming `first`, and neither
/// the clock nor the controller sees anything of it.
fn out_of_service(ctrl: &mut Controller<SimHal>, sim: &Rc<RefCell<Sim>>, first: &Error) {
    assert!(ctrl.is_failed());
    assert_eq!(ctrl.failure(), Some(first));
    assert_eq!(
        sim.borrow().cc & CC_EN,
        0,
        "CC.EN cleared: the controller is reset"
    );
    let (commands, writes, t) = (
        sim.borrow().io_commands.len(),
        sim.borrow().writes,
        clock(ctrl),
    );
    let failed = Error::Failed(Box::new(first.clone()));
    let mut b = vec![0u8; 512];
    assert_eq!(ctrl.read(1, 0, &mut b), Err(failed.clone()));
    assert_eq!(ctrl.write(1, 0, &b), Err(failed.clone()));
    assert_eq!(ctrl.flush(1), Err(failed.clone()));
    assert_eq!(ctrl.shutdown(), Err(failed.clone()));
    assert_eq!(
        failed.to_string(),
        format!("out of service since an earlier fault ({first}); reboot to use it again")
    );
    assert_eq!(clock(ctrl), t, "refused without waiting");
    let s = sim.borrow();
    assert_eq!(
        s.io_commands.len(),
        commands,
        "a command reached the controller"
    );
    assert_eq!(s.writes, writes, "a write reached the media");
}

// ---- error status ------------------------------------------------------------

#[test]
fn an_error_status_is_a_named_error_and_the_controller_carries_on() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    let unrecovered = status(SCT_MEDIA, media::UNRECOVERED_READ, false);
    arm(&sim, IoFault::next(Some(nvm::READ), unrecovered));
    let mut b = vec![0u8; 512 * 8];
    let e = ctrl.read(1, 2048, &mut b).unwrap_err();
    assert_eq!(
        e,
        Error::Command {
            cmd: Cmd::Read {
                nsid: 1,
                lba: 2048,
                blocks: 8
            },
            status: Status {
                sct: SCT_MEDIA,
                sc: media::UNRECOVERED_READ,
                dnr: false
            }
        }
    );
    assert_eq!(
        e.to_string(),
        "read at LBA 2048 (8 blocks) failed: unrecovered read error (SCT 2 media and data integrity, SC 0x81)"
    );
    // The controller is sound: the same read now works.
    ctrl.read(1, 2048, &mut b).unwrap();
    assert_eq!(b[..], sim.borrow().namespaces[0].data[2048 * 512..][..4096]);
    assert!(!ctrl.is_failed());

    // A write fault on the other namespace, with Do Not Retry: the media
    // keeps its old bytes.
    let before = sim.borrow().namespaces[1].data.clone();
    let writes = sim.borrow().writes;
    arm(
        &sim,
        IoFault::next(
            Some(nvm::WRITE),
            status(SCT_MEDIA, media::WRITE_FAULT, true),
        ),
    );
    let e = ctrl.write(4, 3, &[1u8; 4096]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "write of namespace 4 at LBA 3 (1 block) failed: write fault (SCT 2 media and data integrity, SC 0x80, do not retry)"
    );
    assert_eq!(sim.borrow().writes, writes);
    assert!(sim.borrow().namespaces[1].data == before);

    // Generic and path codes are named too.
    arm(
        &sim,
        IoFault::next(None, status(SCT_GENERIC, generic::INTERNAL_ERROR, false)),
    );
    assert_eq!(
        ctrl.flush(1).unwrap_err().to_string(),
        "flush failed: internal controller error (SCT 0 generic, SC 0x06)"
    );
    arm(&sim, IoFault::next(None, status(SCT_PATH, 0x71, false)));
    assert_eq!(
        ctrl.flush(1).unwrap_err().to_string(),
        "flush failed: path error (SCT 3 path related, SC 0x71)"
    );
    ctrl.flush(1).unwrap();
}

#[test]
fn an_error_status_mid_transfer_stops_the_transfer_there() {
    let mut sim = two_namespaces();
    sim.mdts = 2; // 16 KiB = 32 blocks per command
    let (sim, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    let fault = IoFault {
        after: 3,
        opcode: Some(nvm::WRITE),
        kind: status(SCT_MEDIA, media::WRITE_FAULT, false),
    };
    arm(&sim, fault);
    let e = ctrl.write(1, 100, &vec![7u8; 100 * 1024]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("write at LBA 196 (32 blocks) failed: write fault"),
        "{e}"
    );
    let s = sim.borrow();
    assert_eq!(s.writes, 3, "three commands' worth written, then nothing");
    assert_eq!(s.io_commands.len(), 4);
}

#[test]
fn a_bad_block_fails_every_read_that_touches_it() {
    let mut sim = two_namespaces();
    sim.faults.bad_blocks = Some((1, 100..101));
    let (_sim, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    let mut b = vec![0u8; 512 * 8];
    for _ in 0..3 {
        let e = ctrl.read(1, 96, &mut b).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("read at LBA 96 (8 blocks) failed: unrecovered read error"),
            "{e}"
        );
    }
    ctrl.read(1, 101, &mut b).unwrap();
    ctrl.read(1, 92, &mut b[..4 * 512]).unwrap();
    assert!(!ctrl.is_failed());
}

// ---- a command that never completes -------------------------------------------

#[test]
fn a_command_that_never_completes_times_out_within_the_bound() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    arm(&sim, IoFault::next(None, IoFaultKind::Hang));
    let t = clock(&ctrl);
    let mut b = vec![0u8; 512 * 8];
    let e = ctrl.read(1, 2048, &mut b).unwrap_err();
    let waited = clock(&ctrl) - t;
    assert_eq!(
        e,
        Error::CommandTimeout {
            cmd: Cmd::Read {
                nsid: 1,
                lba: 2048,
                blocks: 8
            },
            ms: 5_000
        }
    );
    assert_eq!(
        e.to_string(),
        "read at LBA 2048 (8 blocks) timed out after 5000 ms"
    );
    assert!(
        waited > TIMEOUT_US && waited <= TIMEOUT_US + 3 * TICK_US,
        "gave up after {waited} us"
    );
    out_of_service(&mut ctrl, &sim, &e);
}

#[test]
fn the_timeout_is_the_configured_one() {
    let cfg = Config {
        command_timeout_ms: 50,
        ..Config::default()
    };
    let (sim, ctrl) = setup(two_namespaces(), cfg);
    let mut ctrl = ctrl.unwrap();
    arm(&sim, IoFault::next(None, IoFaultKind::Hang));
    let t = clock(&ctrl);
    let e = ctrl.flush(1).unwrap_err();
    let waited = clock(&ctrl) - t;
    assert_eq!(e.to_string(), "flush timed out after 50 ms");
    assert!(
        (50_000..=50_000 + 3 * TICK_US).contains(&waited),
        "{waited}"
    );
}

#[test]
fn a_write_that_hangs_is_the_last_write() {
    let mut sim = two_namespaces();
    sim.mdts = 2;
    let (sim, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    let fault = IoFault {
        after: 2,
        opcode: Some(nvm::WRITE),
        kind: IoFaultKind::Hang,
    };
    arm(&sim, fault);
    let e = ctrl.write(1, 0, &vec![9u8; 100 * 1024]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "write at LBA 64 (32 blocks) timed out after 5000 ms"
    );
    assert_eq!(sim.borrow().writes, 2);
    out_of_service(&mut ctrl, &sim, &e);
}

// ---- controller fatal status ---------------------------------------------------

#[test]
fn controller_fatal_status_during_a_command_is_seen_long_before_the_timeout() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    arm(&sim, IoFault::next(Some(nvm::FLUSH), IoFaultKind::Fatal));
    let t = clock(&ctrl);
    let e = ctrl.flush(1).unwrap_err();
    let waited = clock(&ctrl) - t;
    assert_eq!(
        e,
        Error::ControllerFatal {
            cmd: Some(Cmd::Flush { nsid: 1 })
        }
    );
    assert_eq!(
        e.to_string(),
        "controller fatal status (CSTS.CFS) during flush"
    );
    // CSTS is read every millisecond of the clock while a command waits.
    assert!(waited <= 1_000 + 2 * TICK_US, "noticed after {waited} us");
    out_of_service(&mut ctrl, &sim, &e);
}

#[test]
fn a_controller_that_died_while_idle_is_not_given_the_next_write() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    ctrl.write(1, 0, &[1u8; 512]).unwrap();
    sim.borrow_mut().die();
    let (commands, writes) = (sim.borrow().io_commands.len(), sim.borrow().writes);
    let e = ctrl.write(1, 5, &[2u8; 512]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "controller fatal status (CSTS.CFS) during write at LBA 5 (1 block)"
    );
    assert_eq!(
        sim.borrow().io_commands.len(),
        commands,
        "the write was submitted"
    );
    assert_eq!(sim.borrow().writes, writes);
    out_of_service(&mut ctrl, &sim, &e);
}

#[test]
fn a_controller_that_vanishes_is_reported() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    sim.borrow_mut().faults.absent = true;
    let mut b = vec![0u8; 512];
    let e = ctrl.read(1, 0, &mut b).unwrap_err();
    assert_eq!(e, Error::NoDevice);
    assert!(sim.borrow().io_commands.is_empty());
    sim.borrow_mut().faults.absent = false;
    out_of_service(&mut ctrl, &sim, &e);
}

#[test]
fn a_completion_for_another_command_takes_the_controller_out_of_service() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    sim.borrow_mut().faults.wrong_cid = true;
    let e = ctrl.flush(1).unwrap_err();
    assert!(
        matches!(
            e,
            Error::UnexpectedCompletion {
                cmd: Cmd::Flush { nsid: 1 },
                ..
            }
        ),
        "{e:?}"
    );
    sim.borrow_mut().faults.wrong_cid = false;
    out_of_service(&mut ctrl, &sim, &e);
}

// ---- faults during init ------------------------------------------------------

#[test]
fn a_controller_that_never_becomes_ready_is_given_cap_to_and_no_longer() {
    let mut sim = two_namespaces();
    sim.cap = make_cap(63, 4, 0); // CAP.TO = 4 x 500 ms
    sim.faults.never_ready = true;
    let sim = Rc::new(RefCell::new(sim));
    let hal = SimHal::new(sim.clone());
    let e = Controller::init(hal, Config::default()).err().unwrap();
    assert_eq!(
        e,
        Error::Timeout {
            waiting_for: "controller enable (CSTS.RDY=1)",
            ms: 2000
        }
    );
    assert_eq!(
        e.to_string(),
        "timed out after 2000 ms waiting for controller enable (CSTS.RDY=1)"
    );
    assert_eq!(sim.borrow().cc & CC_EN, 0, "left disabled");

    // A slow but working controller is waited for.
    let mut slow = two_namespaces();
    slow.faults.ready_delay_reads = 500;
    assert!(setup(slow, Config::default()).1.is_ok());
}

#[test]
fn the_enable_wait_is_bounded_on_the_clock() {
    let mut sim = two_namespaces();
    sim.cap = make_cap(63, 4, 0);
    sim.faults.never_ready = true;
    let sim = Rc::new(RefCell::new(sim));
    let hal = SimHal::new(sim.clone());
    let clock = hal.clock.clone();
    let _ = Controller::init(hal, Config::default());
    // Reset (immediate) plus the 2 s enable wait, plus a reading or two.
    let t = clock.get();
    assert!((2_000_000..=2_000_000 + 5 * TICK_US).contains(&t), "{t}");
}

#[test]
fn controller_fatal_status_at_enable_is_reported() {
    let mut sim = two_namespaces();
    sim.faults.fatal_on_enable = true;
    let (sim, ctrl) = setup(sim, Config::default());
    let e = ctrl.err().unwrap();
    assert_eq!(e, Error::ControllerFatal { cmd: None });
    assert_eq!(e.to_string(), "controller fatal status (CSTS.CFS)");
    assert_eq!(sim.borrow().cc & CC_EN, 0);
}

#[test]
fn an_admin_command_that_never_completes_fails_init_within_the_bound() {
    let mut sim = two_namespaces();
    sim.faults.hang_admin = Some(admin::IDENTIFY);
    let sim = Rc::new(RefCell::new(sim));
    let hal = SimHal::new(sim.clone());
    let clock = hal.clock.clone();
    let e = Controller::init(hal, Config::default()).err().unwrap();
    assert_eq!(
        e,
        Error::CommandTimeout {
            cmd: Cmd::Admin {
                opcode: admin::IDENTIFY
            },
            ms: 5_000
        }
    );
    assert_eq!(e.to_string(), "Identify (0x06) timed out after 5000 ms");
    assert!(clock.get() <= TIMEOUT_US + 10 * TICK_US, "{}", clock.get());
    assert_eq!(sim.borrow().cc & CC_EN, 0, "CC.EN cleared");
}

#[test]
fn an_admin_error_status_fails_init_and_disables_the_controller() {
    let mut sim = two_namespaces();
    sim.faults.fail_admin = Some(admin::CREATE_IO_SQ);
    let (sim, ctrl) = setup(sim, Config::default());
    let e = ctrl.err().unwrap();
    assert_eq!(
        e.to_string(),
        "Create I/O Submission Queue (0x01) failed: internal controller error (SCT 0 generic, SC 0x06)"
    );
    assert_eq!(
        sim.borrow().cc & CC_EN,
        0,
        "CC.EN cleared so it cannot DMA into freed memory"
    );
}

// ---- the same faults under a FAT volume ---------------------------------------

/// A FAT16 image holding /OLD.BIN (`old_bytes`) and /HELLO.TXT, written
/// through the driver.
fn fat_image() -> Vec<u8> {
    // Tests run in parallel: one file each.
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("nosys-nvme-faults-{}-{n}.img", std::process::id());
    let path = std::env::temp_dir().join(name);
    let p = path.to_str().unwrap();
    let _ = std::fs::remove_file(&path);
    let ok = std::process::Command::new("mkfs.fat")
        .args(["-C", "-F", "16", "-s", "1", "-n", "NOSYS", p, "8192"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let image = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let (_sim, mut vol) = mount(image);
    vol.write("/OLD.BIN", &old_bytes(), false).unwrap();
    vol.write("/HELLO.TXT", b"hello\n", false).unwrap();
    vol.flush().unwrap();
    let disk = vol.unmount().unwrap();
    let sim = disk.controller().hal().sim.clone();
    let bytes = sim.borrow().namespaces[0].data.clone();
    bytes
}

fn old_bytes() -> Vec<u8> {
    (0..20_000u32).map(|i| (i * 13 % 251) as u8).collect()
}

fn new_bytes() -> Vec<u8> {
    vec![0xA5; 30_000]
}

type Vol = storage::Volume<NvmeDisk<SimHal>>;

fn mount(image: Vec<u8>) -> (Rc<RefCell<Sim>>, Vol) {
    let sim = Sim::new(vec![SimNs {
        id: 1,
        block_size: 512,
        data: image,
    }]);
    let (sim, ctrl) = setup(sim, Config::default());
    let ctrl = ctrl.unwrap();
    let ns = ctrl.namespaces()[0].clone();
    let vol = storage::Volume::mount(NvmeDisk::new(ctrl, ns, "nvme0")).unwrap();
    (sim, vol)
}

/// The file as a fresh mount of the simulated disk's bytes reads it.
fn on_disk(sim: &Rc<RefCell<Sim>>, path: &str) -> Vec<u8> {
    let bytes = sim.borrow().namespaces[0].data.clone();
    let mut v = storage::Volume::mount(storage::RamDisk::from_bytes(512, bytes)).unwrap();
    v.read(path).unwrap()
}

fn one_line(e: &FsError) -> String {
    let s = e.to_string();
    assert!(!s.contains('\n'), "{s}");
    s
}

#[test]
fn a_fault_at_any_command_of_an_overwrite_leaves_old_or_new_and_stops_writes() {
    let image = fat_image();
    let (old, new) = (old_bytes(), new_bytes());
    // How many I/O commands the overwrite takes when nothing fails.
    let (sim, mut vol) = mount(image.clone());
    let before = sim.borrow().io_commands.len();
    vol.write("/OLD.BIN", &new, false).unwrap();
    let total = sim.borrow().io_commands.len() - before;
    assert!(total >= 6, "{total}");
    drop(vol);

    let kinds = [
        (
            status(SCT_GENERIC, generic::INTERNAL_ERROR, false),
            "failed: internal controller error",
        ),
        (IoFaultKind::Hang, "timed out after 5000 ms"),
        (
            IoFaultKind::Fatal,
            "controller fatal status (CSTS.CFS) during",
        ),
    ];
    for (kind, words) in kinds {
        for k in 0..total {
            let (sim, mut vol) = mount(image.clone());
            arm(
                &sim,
                IoFault {
                    after: k,
                    opcode: None,
                    kind,
                },
            );
            let e = vol.write("/OLD.BIN", &new, false).unwrap_err();
            let s = one_line(&e);
            assert!(
                s.starts_with("device error: nvme0: ") && s.contains(words),
                "{kind:?} at {k}: {s}"
            );
            let (commands, writes) = (sim.borrow().io_commands.len(), sim.borrow().writes);

            // Nothing more is written, whatever is asked.
            let why = vol.read_only_reason().unwrap_or_default().to_string();
            assert!(
                why.starts_with("device error, writes stopped: nvme0: "),
                "{why}"
            );
            for r in [
                vol.write("/NEW.TXT", b"x", false),
                vol.write("/HELLO.TXT", b"more", true),
                vol.remove("/HELLO.TXT"),
                vol.mkdir("/D"),
                vol.rename("/HELLO.TXT", "/H.TXT"),
                vol.flush(),
            ] {
                if let Err(e) = r {
                    assert!(one_line(&e).contains("nvme0: "), "{e}");
                }
            }
            assert_eq!(
                sim.borrow().writes,
                writes,
                "{kind:?} at {k}: written after the fault"
            );
            if kind == IoFaultKind::Hang || kind == IoFaultKind::Fatal {
                assert_eq!(
                    sim.borrow().io_commands.len(),
                    commands,
                    "{kind:?} at {k}: a command after the fault"
                );
            } else {
                // An error status leaves the controller working: reads go on.
                let now = vol.read("/OLD.BIN").unwrap();
                assert!(now == old || now == new, "{kind:?} at {k}: a mix");
            }
            let back = on_disk(&sim, "/OLD.BIN");
            assert!(
                back == old || back == new,
                "{kind:?} at {k}: the disk holds a mix"
            );
            assert_eq!(on_disk(&sim, "/HELLO.TXT"), b"hello\n");
        }
    }
}

#[test]
fn a_read_that_times_out_is_one_line_and_later_reads_fail_at_once() {
    let (sim, mut vol) = mount(fat_image());
    arm(&sim, IoFault::next(Some(nvm::READ), IoFaultKind::Hang));
    let e = vol.read("/OLD.BIN").unwrap_err();
    let s = one_line(&e);
    println!("{s}");
    assert!(
        s.starts_with("device error: nvme0: read at LBA ")
            && s.ends_with("timed out after 5000 ms"),
        "{s}"
    );
    let commands = sim.borrow().io_commands.len();
    let clock = vol.with_device(|d| d.controller().hal().clock.get());
    // Another file: either from the read cache, or refused at once.
    match vol.read("/HELLO.TXT") {
        Ok(b) => assert_eq!(b, b"hello\n"),
        Err(e) => {
            let s = one_line(&e);
            assert!(
                s.contains("nvme0: out of service since an earlier fault (read at LBA"),
                "{s}"
            );
        }
    }
    let e = vol.write("/X.TXT", b"x", false).unwrap_err();
    assert!(one_line(&e).contains("timed out after 5000 ms"), "{e}");
    let info = vol.info();
    let why = match info {
        Ok(i) => i.read_only_reason.unwrap(),
        Err(e) => one_line(&e),
    };
    assert!(why.contains("nvme0"), "{why}");
    assert_eq!(sim.borrow().io_commands.len(), commands);
    assert_eq!(
        vol.with_device(|d| d.controller().hal().clock.get()),
        clock,
        "waited again"
    );
    assert_eq!(sim.borrow().writes, 0, "nothing written since mount");
}

#[test]
fn a_read_error_status_names_the_device_and_block_and_stops_writes() {
    let image = fat_image();
    // A bad block inside /OLD.BIN's data, found by its bytes.
    let old = old_bytes();
    let at = image
        .chunks(512)
        .position(|b| b == &old[10 * 512..11 * 512])
        .unwrap() as u64;
    let (sim, mut vol) = mount(image);
    sim.borrow_mut().faults.bad_blocks = Some((1, at..at + 1));
    let e = vol.read("/OLD.BIN").unwrap_err();
    let s = one_line(&e);
    println!("{s}");
    assert!(s.starts_with("device error: nvme0: read at LBA "), "{s}");
    assert!(
        s.ends_with("failed: unrecovered read error (SCT 2 media and data integrity, SC 0x81)"),
        "{s}"
    );
    // The rest of the disk still reads; nothing is written.
    assert_eq!(vol.read("/HELLO.TXT").unwrap(), b"hello\n");
    assert!(vol.write("/X.TXT", b"x", false).is_err());
    assert!(!vol.writable());
    assert_eq!(sim.borrow().writes, 0);
}
