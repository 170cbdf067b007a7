use std::cell::RefCell;
use std::collections::HashMap;
use std::mem::{offset_of, size_of};
use std::rc::Rc;

use crate::cmd::*;
use crate::prp::{self, Prp, PrpError};
use crate::queue::{CqIndex, SqIndex};
use crate::regs::*;
use crate::sim::*;
use crate::status::*;
use crate::*;

// ---- layout and encoding --------------------------------------------------

#[test]
fn entry_layouts_match_the_specification() {
    assert_eq!(size_of::<SubmissionEntry>(), 64);
    assert_eq!(size_of::<CompletionEntry>(), 16);
    assert_eq!(offset_of!(SubmissionEntry, nsid), 4);
    assert_eq!(offset_of!(SubmissionEntry, mptr), 16);
    assert_eq!(offset_of!(SubmissionEntry, prp1), 24);
    assert_eq!(offset_of!(SubmissionEntry, prp2), 32);
    assert_eq!(offset_of!(SubmissionEntry, cdw10), 40);
    assert_eq!(offset_of!(SubmissionEntry, cdw15), 60);
    assert_eq!(offset_of!(CompletionEntry, dw3), 12);
}

#[test]
fn commands_encode_their_fields() {
    let mut r = SubmissionEntry::rw(false, 1, 0x1_2345_6789, 8).with_prp(0x1000, 0x2000);
    r.set_command_id(0xBEEF);
    assert_eq!(r.cdw0, 0xBEEF_0002);
    assert_eq!((r.nsid, r.cdw10, r.cdw11, r.cdw12), (1, 0x2345_6789, 1, 7));
    assert_eq!((r.prp1, r.prp2), (0x1000, 0x2000));
    assert_eq!(SubmissionEntry::rw(true, 2, 0, 1).opcode(), nvm::WRITE);
    assert_eq!(
        SubmissionEntry::rw(true, 2, 0, 65536).cdw12,
        0xFFFF,
        "NLB is 0-based"
    );

    let cq = SubmissionEntry::create_io_cq(1, 64, 0x8000);
    assert_eq!(
        (cq.opcode(), cq.cdw10, cq.cdw11, cq.prp1),
        (admin::CREATE_IO_CQ, 63 << 16 | 1, 1, 0x8000)
    );
    let sq = SubmissionEntry::create_io_sq(1, 64, 0x9000, 1);
    assert_eq!(
        (sq.opcode(), sq.cdw10, sq.cdw11),
        (admin::CREATE_IO_SQ, 63 << 16 | 1, 1 << 16 | 1)
    );
    let id = SubmissionEntry::identify(cns::ACTIVE_NAMESPACES, 7, 0xA000);
    assert_eq!(
        (id.opcode(), id.cdw10, id.nsid, id.prp1),
        (admin::IDENTIFY, 2, 7, 0xA000)
    );
    let fl = SubmissionEntry::flush(3);
    assert_eq!((fl.opcode(), fl.nsid), (nvm::FLUSH, 3));
    assert_eq!(SubmissionEntry::delete_io_sq(1).cdw10, 1);
    assert_eq!(
        SubmissionEntry::delete_io_cq(1).opcode(),
        admin::DELETE_IO_CQ
    );
}

#[test]
fn cap_fields_decode() {
    let cap = Cap(make_cap(1023, 40, 2));
    assert_eq!(cap.max_queue_entries(), 1024);
    assert_eq!(cap.timeout_ms(), 20_000);
    assert_eq!(cap.doorbell_stride(), 16);
    assert!(cap.supports_nvm());
    assert!(cap.contiguous_queues_required());
    assert_eq!((cap.min_page_size(), cap.max_page_size()), (4096, 65536));
    assert_eq!(sq_tail_doorbell(1, 16), 0x1020);
    assert_eq!(cq_head_doorbell(1, 16), 0x1030);
    assert_eq!(cq_head_doorbell(0, 4), 0x1004);
    assert_eq!(version(0x0001_0400), (1, 4, 0));
}

#[test]
fn status_field_decodes_to_names() {
    assert_eq!(Status::from_field(0), None);
    // SC 0x80, SCT 0, DNR set.
    let s = Status::from_field(0x80 | 1 << 14).unwrap();
    assert_eq!((s.sct, s.sc, s.dnr), (0, 0x80, true));
    assert_eq!(
        s.to_string(),
        "LBA out of range (SCT 0 generic, SC 0x80, do not retry)"
    );
    let m = Status::from_field(0x81 | (SCT_MEDIA as u16) << 8).unwrap();
    assert_eq!(m.describe(), "unrecovered read error");
    let cs = Status::from_field(0x01 | (SCT_COMMAND_SPECIFIC as u16) << 8).unwrap();
    assert_eq!(cs.describe(), "invalid queue identifier");
    assert_eq!(
        Status::from_field(0x42 | 7 << 8).unwrap().describe(),
        "vendor-specific error"
    );
}

// ---- queue bookkeeping ----------------------------------------------------

#[test]
fn submission_queue_keeps_one_slot_empty_and_wraps() {
    let mut sq = SqIndex::new(4);
    assert_eq!(
        [sq.push(), sq.push(), sq.push()],
        [Some(0), Some(1), Some(2)]
    );
    assert!(sq.is_full());
    assert_eq!(sq.push(), None);
    assert_eq!(sq.in_flight(), 3);
    sq.set_head(2);
    assert_eq!(sq.push(), Some(3));
    assert_eq!(sq.push(), Some(0), "tail wraps to 0");
    assert_eq!(sq.push(), None);
    sq.set_head(9); // nonsense from a broken device is ignored
    assert_eq!(sq.head, 2);
}

#[test]
fn completion_phase_flips_on_each_wrap() {
    let mut cq = CqIndex::new(3);
    assert!(
        cq.is_new(true) && !cq.is_new(false),
        "phase starts at 1 over zeroed memory"
    );
    assert_eq!([cq.pop(), cq.pop()], [1, 2]);
    assert_eq!(cq.pop(), 0);
    assert!(
        cq.is_new(false) && !cq.is_new(true),
        "second lap expects phase 0"
    );
    cq.pop();
    cq.pop();
    cq.pop();
    assert!(cq.is_new(true), "third lap back to 1");
}

// ---- PRP construction, checked by the simulator's independent walker ------

fn check_prp(first: u64, len: usize, page: impl Fn(usize) -> u64, lists: usize) -> (Prp, usize) {
    let list_phys: Vec<u64> = (0..lists)
        .map(|k| 0x10_0000_0000 + k as u64 * 0x1_0000)
        .collect();
    let mut list = vec![0u64; lists * 512];
    let prp = prp::build(first, len, &page, &list_phys, &mut list).unwrap();
    let mem: HashMap<u64, u64> = (0..lists * 512)
        .map(|i| (list_phys[i / 512] + (i % 512) as u64 * 8, list[i]))
        .collect();
    let (segs, walked) = walk_prp(prp.prp1, prp.prp2, len, |a| mem[&a]).unwrap();
    // The walker must see exactly the buffer's pages, in order.
    let mut expect = vec![];
    let off = (first % 4096) as usize;
    let mut rem = len;
    let n = (len + off).div_ceil(4096);
    for i in 0..n {
        let (addr, avail) = if i == 0 {
            (first, 4096 - off)
        } else {
            (page(i), 4096)
        };
        let l = rem.min(avail);
        expect.push((addr, l));
        rem -= l;
    }
    assert_eq!(segs, expect, "len {len} offset {off}");
    (prp, walked)
}

#[test]
fn prp_single_double_and_offset_transfers() {
    let scattered = |i: usize| 0x4000_0000 + (i as u64 * 7919 % 1000) * 4096;
    let (p, lists) = check_prp(0x5000, 4096, scattered, 1);
    assert_eq!((p.prp2, lists), (0, 0), "one page: PRP2 unused");
    let (p, lists) = check_prp(0x5000, 8192, scattered, 1);
    assert_eq!(
        (p.prp2, lists),
        (scattered(1), 0),
        "two pages: PRP2 is the second page"
    );
    let (p, _) = check_prp(0x5E00, 512, scattered, 1);
    assert_eq!(p.prp2, 0, "fits in the first page's tail");
    let (p, lists) = check_prp(0x5F00, 1024, scattered, 1);
    assert_eq!((p.prp2, lists), (scattered(1), 0), "crosses one boundary");
    let (_, lists) = check_prp(0x5E00, 4096 + 512, scattered, 1);
    assert_eq!(lists, 0);
    let (_, lists) = check_prp(0x5F00, 8192 + 512, scattered, 1);
    assert_eq!(lists, 1, "three pages need a list");
}

#[test]
fn prp_lists_chain_past_one_page() {
    let page = |i: usize| 0x7000_0000 + i as u64 * 0x3000;
    // 513 data pages: 512 list entries fit in one list page exactly.
    assert_eq!(prp::list_pages_needed(513), 1);
    let (_, lists) = check_prp(0, 513 * 4096, page, 1);
    assert_eq!(lists, 1);
    // 514 data pages: 513 entries, so the first list page chains.
    assert_eq!(prp::list_pages_needed(514), 2);
    let (_, lists) = check_prp(0, 514 * 4096, page, 2);
    assert_eq!(lists, 2);
    // 8 MiB plus an offset: several chained list pages.
    let (_, lists) = check_prp(0x200, 8 << 20, page, prp::list_pages_needed(2049));
    assert_eq!(lists, 5);
    for pages in [3, 100, 511, 512, 1023, 1024, 1025, 1534, 1535, 1536] {
        let need = prp::list_pages_needed(pages);
        check_prp(0, pages * 4096, page, need);
    }
}

#[test]
fn prp_errors_are_reported() {
    let mut list = vec![0u64; 512];
    assert_eq!(
        prp::build(0x1002, 8, |_| 0, &[0x9000], &mut list),
        Err(PrpError::Misaligned(0x1002))
    );
    assert_eq!(
        prp::build(0x1000, 0, |_| 0, &[0x9000], &mut list),
        Err(PrpError::EmptyTransfer)
    );
    assert_eq!(
        prp::build(0, 600 * 4096, |i| i as u64 * 4096, &[0x9000], &mut list),
        Err(PrpError::ListTooSmall { needed: 2, have: 1 })
    );
}

// ---- the driver against the simulated controller --------------------------

pub(crate) fn ns(id: u32, block_size: usize, bytes: usize) -> SimNs {
    // Recognisable contents: every 8-byte word holds its namespace and offset.
    let mut data = vec![0u8; bytes];
    for (i, w) in data.chunks_mut(8).enumerate() {
        w.copy_from_slice(&(((id as u64) << 56) | (i as u64 * 8)).to_le_bytes());
    }
    SimNs {
        id,
        block_size,
        data,
    }
}

pub(crate) fn setup(
    sim: Sim,
    cfg: Config,
) -> (Rc<RefCell<Sim>>, Result<Controller<SimHal>, Error>) {
    let sim = Rc::new(RefCell::new(sim));
    let hal = SimHal::new(sim.clone());
    let ctrl = Controller::init(hal, cfg);
    (sim, ctrl)
}

pub(crate) fn two_namespaces() -> Sim {
    let mut s = Sim::new(vec![ns(1, 512, 8 << 20), ns(4, 4096, 4 << 20)]);
    s.nn = 5; // ids 2, 3 and 5 inactive
    s
}

#[test]
fn init_identifies_controller_and_every_namespace() {
    let (_sim, ctrl) = setup(two_namespaces(), Config::default());
    let ctrl = ctrl.unwrap();
    let info = ctrl.info();
    assert_eq!(info.model, "nosys simulated NVMe");
    assert_eq!(info.serial, "NOSYS-SIM-0001");
    assert_eq!(info.firmware, "1.0");
    assert_eq!(info.vendor_id, 0x1b36);
    assert_eq!(info.namespace_count, 5);
    assert!(info.volatile_write_cache);
    assert_eq!(ctrl.version(), (1, 4, 0));
    let list: Vec<(u32, u64, u32)> = ctrl
        .namespaces()
        .iter()
        .map(|n| (n.id, n.blocks, n.block_size))
        .collect();
    assert_eq!(list, [(1, 16384, 512), (4, 1024, 4096)]);
    // MDTS 5 = 128 KiB caps the default 256 KiB.
    assert_eq!(ctrl.max_transfer(), 128 * 1024);
}

#[test]
fn nvme_1_0_controllers_are_scanned_by_id() {
    let mut sim = two_namespaces();
    sim.vs = 0x0001_0000;
    let (_sim, ctrl) = setup(sim, Config::default());
    let ids: Vec<u32> = ctrl.unwrap().namespaces().iter().map(|n| n.id).collect();
    assert_eq!(ids, [1, 4], "inactive ids (size 0) skipped");
}

#[test]
fn reads_and_writes_of_every_shape_round_trip() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    // Read what the namespace already holds.
    let mut buf = vec![0u8; 512 * 3];
    ctrl.read(1, 5, &mut buf).unwrap();
    assert_eq!(buf[..], sim.borrow().namespaces[0].data[5 * 512..8 * 512]);
    // Writes from one block to several commands' worth (128 KiB each).
    for (lba, blocks) in [
        (0u64, 1usize),
        (1, 8),
        (100, 255),
        (1000, 256),
        (2000, 257),
        (3000, 1000),
    ] {
        let data: Vec<u8> = (0..blocks * 512)
            .map(|i| (i as u64 * 31 + lba) as u8)
            .collect();
        ctrl.write(1, lba, &data).unwrap();
        let s = sim.borrow();
        assert_eq!(
            s.namespaces[0].data[lba as usize * 512..][..data.len()],
            data[..]
        );
        drop(s);
        let mut back = vec![0u8; data.len()];
        ctrl.read(1, lba, &mut back).unwrap();
        assert_eq!(back, data);
    }
    assert!(sim.borrow().max_transfer_seen <= 128 * 1024);
    // The 4 KiB namespace is separate.
    let data = vec![0x5Au8; 4096 * 40];
    ctrl.write(4, 10, &data).unwrap();
    let mut back = vec![0u8; 4096 * 40];
    ctrl.read(4, 10, &mut back).unwrap();
    assert_eq!(back, data);
    ctrl.flush(4).unwrap();
    assert_eq!(sim.borrow().flushes, 1);
    let last = sim.borrow().io_commands.last().copied().unwrap();
    assert_eq!((last.opcode(), last.nsid), (nvm::FLUSH, 4));
}

#[test]
fn small_queues_wrap_many_times_with_phase_flips() {
    let cfg = Config {
        admin_entries: 2,
        io_entries: 3,
        ..Config::default()
    };
    let (sim, ctrl) = setup(two_namespaces(), cfg);
    let mut ctrl = ctrl.unwrap();
    for i in 0..50u64 {
        let data = vec![i as u8; 512];
        ctrl.write(1, i, &data).unwrap();
        let mut back = vec![0u8; 512];
        ctrl.read(1, i, &mut back).unwrap();
        assert_eq!(back, data);
    }
    let s = sim.borrow();
    assert!(
        s.cq_wraps >= 30,
        "I/O completion queue of 3 wrapped {} times",
        s.cq_wraps
    );
    assert!(s.sq_wraps >= 30);
    assert!(
        !s.cq_overflow,
        "never more completions outstanding than the CQ holds"
    );
}

#[test]
fn doorbell_stride_from_cap_is_honoured() {
    let mut sim = two_namespaces();
    sim.cap = make_cap(63, 1, 3); // 32-byte doorbell stride
    let (_sim, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    let mut b = vec![0u8; 512];
    ctrl.read(1, 0, &mut b).unwrap();
}

#[test]
fn huge_transfers_use_chained_prp_lists() {
    let mut sim = Sim::new(vec![ns(1, 512, 16 << 20)]);
    sim.mdts = 0; // unlimited
    let cfg = Config {
        max_transfer: 4 << 20,
        ..Config::default()
    };
    let (sim, ctrl) = setup(sim, cfg);
    let mut ctrl = ctrl.unwrap();
    assert_eq!(ctrl.max_transfer(), 4 << 20);
    let data: Vec<u8> = (0..(6 << 20))
        .map(|i: usize| (i / 4096 + i) as u8)
        .collect();
    ctrl.write(1, 7, &data).unwrap();
    let mut back = vec![0u8; data.len()];
    ctrl.read(1, 7, &mut back).unwrap();
    assert!(back == data);
    let s = sim.borrow();
    assert_eq!(s.max_transfer_seen, 4 << 20);
    assert_eq!(
        s.max_list_pages, 2,
        "1023 list entries need two chained list pages"
    );
}

#[test]
fn mdts_splits_transfers() {
    let mut sim = two_namespaces();
    sim.mdts = 2; // 16 KiB
    let (sim, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    assert_eq!(ctrl.max_transfer(), 16 * 1024);
    let data = vec![1u8; 100 * 1024];
    ctrl.write(1, 0, &data).unwrap();
    let s = sim.borrow();
    assert_eq!(s.io_commands.len(), 7);
    assert_eq!(s.max_transfer_seen, 16 * 1024);
}

#[test]
fn bad_requests_are_refused_before_reaching_the_device() {
    let (sim, ctrl) = setup(two_namespaces(), Config::default());
    let mut ctrl = ctrl.unwrap();
    let mut b = vec![0u8; 1024];
    assert_eq!(
        ctrl.read(1, 16383, &mut b),
        Err(Error::OutOfRange {
            lba: 16383,
            blocks: 2
        })
    );
    assert_eq!(
        ctrl.read(1, u64::MAX, &mut b),
        Err(Error::OutOfRange {
            lba: u64::MAX,
            blocks: 2
        })
    );
    assert_eq!(ctrl.read(2, 0, &mut b), Err(Error::NoSuchNamespace(2)));
    assert_eq!(
        ctrl.read(1, 0, &mut b[..100]),
        Err(Error::BadBufferLength {
            len: 100,
            block_size: 512
        })
    );
    assert_eq!(
        ctrl.read(4, 0, &mut b),
        Err(Error::BadBufferLength {
            len: 1024,
            block_size: 4096
        })
    );
    assert_eq!(ctrl.flush(9), Err(Error::NoSuchNamespace(9)));
    assert!(sim.borrow().io_commands.is_empty());
}

#[test]
fn an_enabled_controller_is_reset_first() {
    let mut sim = two_namespaces();
    sim.cc = CC_EN;
    sim.csts = CSTS_RDY;
    let (_s, ctrl) = setup(sim, Config::default());
    let mut ctrl = ctrl.unwrap();
    let mut b = vec![0u8; 512];
    ctrl.read(1, 0, &mut b).unwrap();
}

#[test]
fn missing_or_unsuitable_controllers_are_refused() {
    let mut sim = two_namespaces();
    sim.faults.absent = true;
    assert_eq!(setup(sim, Config::default()).1.err(), Some(Error::NoDevice));
    let mut sim = two_namespaces();
    sim.cap &= !(1 << 37);
    assert_eq!(
        setup(sim, Config::default()).1.err(),
        Some(Error::Unsupported("no NVM command set"))
    );
    let mut sim = two_namespaces();
    sim.cap |= 1 << 48; // MPSMIN 8 KiB
    assert!(matches!(
        setup(sim, Config::default()).1,
        Err(Error::Unsupported(_))
    ));
}

#[test]
fn shutdown_completes() {
    let (_s, ctrl) = setup(two_namespaces(), Config::default());
    ctrl.unwrap().shutdown().unwrap();
}

// ---- the whole stack: FAT over NVMe -----------------------------------------

#[test]
fn fat_volume_on_a_simulated_nvme_namespace() {
    use command::Files;
    let path = std::env::temp_dir().join(format!("nosys-nvme-{}.img", std::process::id()));
    let p = path.to_str().unwrap();
    let _ = std::fs::remove_file(&path);
    let ok = std::process::Command::new("mkfs.fat")
        .args(["-C", "-F", "16", "-s", "1", "-n", "NOSYS", p, "8192"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let image = std::fs::read(&path).unwrap();
    let sim = Sim::new(vec![SimNs {
        id: 1,
        block_size: 512,
        data: image,
    }]);
    let (sim, ctrl) = setup(sim, Config::default());
    let ctrl = ctrl.unwrap();
    let ns = ctrl.namespaces()[0].clone();
    let disk = NvmeDisk::new(ctrl, ns, "nvme0");
    let mut vol = storage::Volume::mount(disk).unwrap();
    assert!(vol.writable());
    let text = b"written through the NVMe driver\n".repeat(1000);
    vol.write("/nvme.txt", &text, false).unwrap();
    vol.flush().unwrap();
    assert!(sim.borrow().flushes >= 1, "flush reached the controller");
    assert_eq!(vol.read("/nvme.txt").unwrap(), text);
    // The bytes on the simulated disk are a FAT image mtools can read.
    std::fs::write(&path, &sim.borrow().namespaces[0].data).unwrap();
    let out = std::process::Command::new("mtype")
        .args(["-i", p, "::nvme.txt"])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(out.stdout == text);
}
