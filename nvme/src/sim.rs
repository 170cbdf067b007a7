//! A simulated NVMe controller for host tests.
//!
//! Physical addresses are host pointers, so the "device" reads submission
//! entries and PRP lists and moves data exactly where a real one would.
//! Doorbell writes run the controller synchronously: it consumes the
//! submission queue, executes each command against RAM-backed namespaces
//! and posts completions with phase tags. The PRP walker here is written
//! from the specification independently of `prp::build`, so the two check
//! each other. Faults can be injected to test every error path.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::rc::Rc;

use crate::cmd::{admin, cns, nvm, CompletionEntry, SubmissionEntry};
use crate::regs::*;
use crate::status::{generic, media, specific, SCT_COMMAND_SPECIFIC, SCT_GENERIC, SCT_MEDIA};
use crate::{Dma, Hal};

/// Marks a command result's status code type as carrying Do Not Retry
/// (SCT is 3 bits, so the top bit is free).
const DNR_MARK: u8 = 0x80;

pub struct SimNs {
    pub id: u32,
    pub block_size: usize,
    pub data: Vec<u8>,
}

struct Sq {
    base: u64,
    entries: u16,
    head: u16,
    cqid: u16,
}

struct Cq {
    base: u64,
    entries: u16,
    tail: u16,
    phase: bool,
    host_head: u16,
}

/// What goes wrong with an I/O command that meets an [`IoFault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoFaultKind {
    /// Completes with this status instead of executing (once: the fault is
    /// then disarmed, the controller carries on).
    Status { sct: u8, sc: u8, dnr: bool },
    /// Consumed and never completed; the controller hangs, completing
    /// nothing from then on.
    Hang,
    /// Sets CSTS.CFS and completes nothing from then on.
    Fatal,
}

/// An I/O fault armed to strike after `after` more matching commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IoFault {
    /// Matching I/O commands that still execute normally first.
    pub after: usize,
    /// Only commands with this opcode match (`None`: every I/O command).
    pub opcode: Option<u8>,
    pub kind: IoFaultKind,
}

impl IoFault {
    /// The next matching command (any when `opcode` is `None`) gets `kind`.
    pub fn next(opcode: Option<u8>, kind: IoFaultKind) -> Self {
        IoFault {
            after: 0,
            opcode,
            kind,
        }
    }
}

#[derive(Default)]
pub struct Faults {
    /// CSTS.RDY never follows CC.EN (a controller that fails to start).
    pub never_ready: bool,
    /// CSTS reads before RDY follows CC.EN.
    pub ready_delay_reads: u32,
    /// CSTS.CFS is set when the controller is enabled, instead of RDY.
    pub fatal_on_enable: bool,
    /// Completions carry a wrong command id.
    pub wrong_cid: bool,
    /// Every register reads all ones (nothing at BAR0).
    pub absent: bool,
    /// Admin commands with this opcode fail with an internal error.
    pub fail_admin: Option<u8>,
    /// Admin commands with this opcode are consumed and never completed.
    pub hang_admin: Option<u8>,
    /// The next I/O fault.
    pub io: Option<IoFault>,
    /// A bad spot on the media: reads touching blocks `start..end` of
    /// namespace `nsid` fail with Unrecovered Read Error, every time.
    pub bad_blocks: Option<(u32, core::ops::Range<u64>)>,
}

pub struct Sim {
    pub cap: u64,
    pub vs: u32,
    pub cc: u32,
    pub csts: u32,
    aqa: u32,
    asq: u64,
    acq: u64,
    pub mdts: u8,
    pending_ready: Option<u32>,
    sqs: BTreeMap<u16, Sq>,
    cqs: BTreeMap<u16, Cq>,
    pub namespaces: Vec<SimNs>,
    /// Namespace ids the controller admits to (nn); inactive ids in 1..=nn
    /// identify as all zeros.
    pub nn: u32,
    pub faults: Faults,
    /// Set by a Hang or Fatal fault: the controller consumes commands and
    /// completes none of them, as a wedged one does, until it is reset.
    pub hung: bool,
    // What the tests inspect.
    /// Every I/O command the controller fetched, executed or not.
    pub io_commands: Vec<SubmissionEntry>,
    /// Write commands that reached the media: after a fault, a test proves
    /// nothing more was written by this count standing still.
    pub writes: usize,
    pub flushes: usize,
    pub max_list_pages: usize,
    pub max_transfer_seen: usize,
    pub cq_overflow: bool,
    pub sq_wraps: usize,
    pub cq_wraps: usize,
}

/// CAP for the simulated controller: MQES, TO (500 ms units), DSTRD, NVM
/// command set, MPSMIN 0 (4 KiB), MPSMAX 4 (64 KiB), contiguous queues.
pub fn make_cap(mqes: u16, to: u8, dstrd: u8) -> u64 {
    mqes as u64 | 1 << 16 | (to as u64) << 24 | (dstrd as u64) << 32 | 1 << 37 | 4 << 52
}

impl Sim {
    pub fn new(namespaces: Vec<SimNs>) -> Sim {
        let nn = namespaces.iter().map(|n| n.id).max().unwrap_or(0);
        Sim {
            cap: make_cap(1023, 2, 0),
            vs: 0x0001_0400,
            cc: 0,
            csts: 0,
            aqa: 0,
            asq: 0,
            acq: 0,
            mdts: 5,
            pending_ready: None,
            sqs: BTreeMap::new(),
            cqs: BTreeMap::new(),
            namespaces,
            nn,
            faults: Faults::default(),
            hung: false,
            io_commands: Vec::new(),
            writes: 0,
            flushes: 0,
            max_list_pages: 0,
            max_transfer_seen: 0,
            cq_overflow: false,
            sq_wraps: 0,
            cq_wraps: 0,
        }
    }

    fn stride(&self) -> usize {
        4 << ((self.cap >> 32) & 0xF)
    }

    pub fn read32(&mut self, off: usize) -> u32 {
        if self.faults.absent {
            return u32::MAX;
        }
        match off {
            CAP => self.cap as u32,
            o if o == CAP + 4 => (self.cap >> 32) as u32,
            VS => self.vs,
            CC => self.cc,
            CSTS => {
                if let Some(n) = self.pending_ready {
                    if n == 0 {
                        self.csts |= CSTS_RDY;
                        self.pending_ready = None;
                    } else {
                        self.pending_ready = Some(n - 1);
                    }
                }
                self.csts
            }
            AQA => self.aqa,
            _ => 0,
        }
    }

    pub fn write32(&mut self, off: usize, v: u32) {
        match off {
            CC => self.write_cc(v),
            AQA => self.aqa = v,
            ASQ => self.asq = (self.asq & !0xFFFF_FFFF) | v as u64,
            o if o == ASQ + 4 => self.asq = (self.asq & 0xFFFF_FFFF) | (v as u64) << 32,
            ACQ => self.acq = (self.acq & !0xFFFF_FFFF) | v as u64,
            o if o == ACQ + 4 => self.acq = (self.acq & 0xFFFF_FFFF) | (v as u64) << 32,
            o if o >= DOORBELL_BASE => {
                let index = (o - DOORBELL_BASE) / self.stride();
                assert_eq!(
                    (o - DOORBELL_BASE) % self.stride(),
                    0,
                    "doorbell off the stride"
                );
                let qid = (index / 2) as u16;
                if index.is_multiple_of(2) {
                    self.ring_sq(qid, v as u16);
                } else if let Some(cq) = self.cqs.get_mut(&qid) {
                    cq.host_head = v as u16;
                }
            }
            _ => {}
        }
    }

    fn write_cc(&mut self, v: u32) {
        let was = self.cc & CC_EN != 0;
        let now = v & CC_EN != 0;
        self.cc = v;
        if was && !now {
            // A reset: queues are gone, outstanding commands abandoned;
            // CFS stays until the next enable, as on real controllers.
            self.csts &= !CSTS_RDY;
            self.sqs.clear();
            self.cqs.clear();
            self.hung = false;
        }
        if !was && now {
            assert_eq!(v & (0xF << 16), CC_IOSQES);
            assert_eq!(v & (0xF << 20), CC_IOCQES);
            assert_eq!((v >> CC_MPS_SHIFT) & 0xF, 0, "4 KiB pages");
            let asqs = (self.aqa & 0xFFF) as u16 + 1;
            let acqs = ((self.aqa >> 16) & 0xFFF) as u16 + 1;
            assert!(self.asq != 0 && self.acq != 0 && self.asq.is_multiple_of(4096));
            self.cqs.insert(
                0,
                Cq {
                    base: self.acq,
                    entries: acqs,
                    tail: 0,
                    phase: true,
                    host_head: 0,
                },
            );
            self.sqs.insert(
                0,
                Sq {
                    base: self.asq,
                    entries: asqs,
                    head: 0,
                    cqid: 0,
                },
            );
            if self.faults.never_ready {
                return;
            }
            if self.faults.fatal_on_enable {
                self.csts |= CSTS_CFS;
                return;
            }
            self.csts &= !CSTS_CFS;
            if self.faults.ready_delay_reads > 0 {
                self.pending_ready = Some(self.faults.ready_delay_reads);
            } else {
                self.csts |= CSTS_RDY;
            }
        }
        if v & CC_SHN_MASK != 0 {
            self.csts = (self.csts & !CSTS_SHST_MASK) | CSTS_SHST_COMPLETE;
        }
    }

    fn ring_sq(&mut self, qid: u16, tail: u16) {
        loop {
            let Some(sq) = self.sqs.get_mut(&qid) else {
                return;
            };
            if sq.head == tail {
                return;
            }
            // SAFETY: the driver gave us this queue's base (a host pointer)
            // and `head < entries`.
            let cmd = unsafe {
                std::ptr::read_volatile((sq.base as *const SubmissionEntry).add(sq.head as usize))
            };
            sq.head = (sq.head + 1) % sq.entries;
            if sq.head == 0 {
                self.sq_wraps += 1;
            }
            let (sq_head, cqid) = (sq.head, sq.cqid);
            if qid != 0 {
                self.io_commands.push(cmd);
            }
            if self.hung {
                continue;
            }
            let result = if qid == 0 {
                self.admin(&cmd)
            } else {
                self.io(&cmd)
            };
            if let Some((sct, sc, dw0)) = result {
                self.post(cqid, qid, sq_head, cmd.command_id(), sct, sc, dw0);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn post(&mut self, cqid: u16, sqid: u16, sq_head: u16, cid: u16, sct: u8, sc: u8, dw0: u32) {
        let wrong = self.faults.wrong_cid;
        let cq = self.cqs.get_mut(&cqid).expect("CQ exists");
        if (cq.tail + 1) % cq.entries == cq.host_head {
            self.cq_overflow = true;
            return;
        }
        let dnr = sct & DNR_MARK != 0;
        let status = (sc as u32) | ((sct & 0x7) as u32) << 8 | (dnr as u32) << 14;
        let cid = if wrong { cid ^ 0x5555 } else { cid };
        let e = CompletionEntry {
            dw0,
            dw1: 0,
            dw2: sq_head as u32 | (sqid as u32) << 16,
            dw3: cid as u32 | (cq.phase as u32) << 16 | status << 17,
        };
        // SAFETY: base is the driver's CQ memory, `tail < entries`.
        unsafe {
            std::ptr::write_volatile((cq.base as *mut CompletionEntry).add(cq.tail as usize), e)
        };
        cq.tail += 1;
        if cq.tail == cq.entries {
            cq.tail = 0;
            cq.phase = !cq.phase;
            self.cq_wraps += 1;
        }
    }

    fn admin(&mut self, c: &SubmissionEntry) -> Option<(u8, u8, u32)> {
        let ok = Some((SCT_GENERIC, generic::SUCCESS, 0));
        if self.faults.fail_admin == Some(c.opcode()) {
            return Some((SCT_GENERIC, generic::INTERNAL_ERROR, 0));
        }
        if self.faults.hang_admin == Some(c.opcode()) {
            self.hung = true;
            return None;
        }
        match c.opcode() {
            admin::IDENTIFY => {
                let mut page = vec![0u8; 4096];
                match c.cdw10 & 0xFF {
                    cns::CONTROLLER => {
                        page[0..2].copy_from_slice(&0x1b36u16.to_le_bytes());
                        fill_ascii(&mut page[4..24], "NOSYS-SIM-0001");
                        fill_ascii(&mut page[24..64], "nosys simulated NVMe");
                        fill_ascii(&mut page[64..72], "1.0");
                        page[77] = self.mdts;
                        page[80..84].copy_from_slice(&self.vs.to_le_bytes());
                        page[512] = 0x66;
                        page[513] = 0x44;
                        page[516..520].copy_from_slice(&self.nn.to_le_bytes());
                        page[525] = 1;
                    }
                    cns::NAMESPACE => {
                        if c.nsid == 0 || c.nsid > self.nn {
                            return Some((SCT_GENERIC, generic::INVALID_NAMESPACE, 0));
                        }
                        if let Some(ns) = self.namespaces.iter().find(|n| n.id == c.nsid) {
                            let blocks = (ns.data.len() / ns.block_size) as u64;
                            page[0..8].copy_from_slice(&blocks.to_le_bytes());
                            page[8..16].copy_from_slice(&blocks.to_le_bytes());
                            // Two formats, the current one second: proves FLBAS is used.
                            page[25] = 1;
                            page[26] = 1;
                            page[128..132].copy_from_slice(&(12u32 << 16).to_le_bytes());
                            let lbads = ns.block_size.trailing_zeros();
                            page[132..136].copy_from_slice(&(lbads << 16).to_le_bytes());
                        }
                    }
                    cns::ACTIVE_NAMESPACES => {
                        let mut ids: Vec<u32> = self
                            .namespaces
                            .iter()
                            .map(|n| n.id)
                            .filter(|&i| i > c.nsid)
                            .collect();
                        ids.sort();
                        for (i, id) in ids.iter().take(1024).enumerate() {
                            page[i * 4..i * 4 + 4].copy_from_slice(&id.to_le_bytes());
                        }
                    }
                    _ => return Some((SCT_GENERIC, generic::INVALID_FIELD, 0)),
                }
                match self.dma_out(c.prp1, c.prp2, &page) {
                    Ok(()) => ok,
                    Err(sc) => Some((SCT_GENERIC, sc, 0)),
                }
            }
            admin::CREATE_IO_CQ => {
                let qid = c.cdw10 as u16;
                let entries = (c.cdw10 >> 16) + 1;
                if qid == 0 || self.cqs.contains_key(&qid) {
                    return Some((SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_ID, 0));
                }
                if entries < 2 || entries > (self.cap & 0xFFFF) as u32 + 1 || c.cdw11 & 1 == 0 {
                    return Some((SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_SIZE, 0));
                }
                self.cqs.insert(
                    qid,
                    Cq {
                        base: c.prp1,
                        entries: entries as u16,
                        tail: 0,
                        phase: true,
                        host_head: 0,
                    },
                );
                ok
            }
            admin::CREATE_IO_SQ => {
                let qid = c.cdw10 as u16;
                let entries = (c.cdw10 >> 16) + 1;
                let cqid = (c.cdw11 >> 16) as u16;
                if !self.cqs.contains_key(&cqid) || cqid == 0 {
                    return Some((SCT_COMMAND_SPECIFIC, specific::INVALID_CQ, 0));
                }
                if qid == 0 || self.sqs.contains_key(&qid) {
                    return Some((SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_ID, 0));
                }
                if entries < 2 || entries > (self.cap & 0xFFFF) as u32 + 1 {
                    return Some((SCT_COMMAND_SPECIFIC, specific::INVALID_QUEUE_SIZE, 0));
                }
                self.sqs.insert(
                    qid,
                    Sq {
                        base: c.prp1,
                        entries: entries as u16,
                        head: 0,
                        cqid,
                    },
                );
                ok
            }
            _ => Some((SCT_GENERIC, generic::INVALID_OPCODE, 0)),
        }
    }

    /// Sets CSTS.CFS, as a controller does when it dies on its own (not
    /// in a command): nothing completes from then on.
    pub fn die(&mut self) {
        self.csts |= CSTS_CFS;
        self.hung = true;
    }

    /// The status an armed I/O fault gives `c`, if it strikes now.
    fn io_fault(&mut self, c: &SubmissionEntry) -> Option<Option<(u8, u8, u32)>> {
        let f = self.faults.io.as_mut()?;
        if f.opcode.is_some_and(|op| op != c.opcode()) {
            return None;
        }
        if f.after > 0 {
            f.after -= 1;
            return None;
        }
        let kind = f.kind;
        self.faults.io = None;
        Some(match kind {
            IoFaultKind::Status { sct, sc, dnr } => {
                Some((sct | if dnr { DNR_MARK } else { 0 }, sc, 0))
            }
            IoFaultKind::Hang => {
                self.hung = true;
                None
            }
            IoFaultKind::Fatal => {
                self.die();
                None
            }
        })
    }

    fn io(&mut self, c: &SubmissionEntry) -> Option<(u8, u8, u32)> {
        if let Some(result) = self.io_fault(c) {
            return result;
        }
        let Some(ns_index) = self.namespaces.iter().position(|n| n.id == c.nsid) else {
            return Some((SCT_GENERIC, generic::INVALID_NAMESPACE, 0));
        };
        match c.opcode() {
            nvm::FLUSH => {
                self.flushes += 1;
                Some((SCT_GENERIC, 0, 0))
            }
            nvm::READ | nvm::WRITE => {
                let bs = self.namespaces[ns_index].block_size;
                let lba = c.cdw10 as u64 | (c.cdw11 as u64) << 32;
                let blocks = (c.cdw12 & 0xFFFF) as u64 + 1;
                let total = (self.namespaces[ns_index].data.len() / bs) as u64;
                if lba + blocks > total {
                    return Some((SCT_GENERIC, generic::LBA_OUT_OF_RANGE, 0));
                }
                let len = (blocks as usize) * bs;
                if self.mdts != 0 && len > 4096 << self.mdts {
                    return Some((SCT_GENERIC, generic::INVALID_FIELD, 0));
                }
                self.max_transfer_seen = self.max_transfer_seen.max(len);
                if let Some((nsid, bad)) = &self.faults.bad_blocks {
                    let hit = bad.start < lba + blocks && lba < bad.end;
                    if *nsid == c.nsid && hit && c.opcode() == nvm::READ {
                        return Some((SCT_MEDIA, media::UNRECOVERED_READ, 0));
                    }
                }
                let start = lba as usize * bs;
                let r = if c.opcode() == nvm::READ {
                    let data = self.namespaces[ns_index].data[start..start + len].to_vec();
                    self.dma_out(c.prp1, c.prp2, &data)
                } else {
                    let mut data = vec![0u8; len];
                    let r = self.dma_in(c.prp1, c.prp2, &mut data);
                    if r.is_ok() {
                        self.namespaces[ns_index].data[start..start + len].copy_from_slice(&data);
                        self.writes += 1;
                    }
                    r
                };
                match r {
                    Ok(()) => Some((SCT_GENERIC, 0, 0)),
                    Err(sc) => Some((SCT_GENERIC, sc, 0)),
                }
            }
            _ => Some((SCT_GENERIC, generic::INVALID_OPCODE, 0)),
        }
    }

    fn dma_out(&mut self, prp1: u64, prp2: u64, data: &[u8]) -> Result<(), u8> {
        let segs = self.walk(prp1, prp2, data.len())?;
        let mut off = 0;
        for (addr, len) in segs {
            // SAFETY: the driver's PRPs point at its DMA memory.
            unsafe { std::ptr::copy_nonoverlapping(data[off..].as_ptr(), addr as *mut u8, len) };
            off += len;
        }
        Ok(())
    }

    fn dma_in(&mut self, prp1: u64, prp2: u64, data: &mut [u8]) -> Result<(), u8> {
        let segs = self.walk(prp1, prp2, data.len())?;
        let mut off = 0;
        for (addr, len) in segs {
            // SAFETY: as in `dma_out`.
            unsafe {
                std::ptr::copy_nonoverlapping(addr as *const u8, data[off..].as_mut_ptr(), len)
            };
            off += len;
        }
        Ok(())
    }

    fn walk(&mut self, prp1: u64, prp2: u64, len: usize) -> Result<Vec<(u64, usize)>, u8> {
        let (segs, lists) = walk_prp(prp1, prp2, len, |a| {
            // SAFETY: list entries live in the driver's DMA memory.
            unsafe { std::ptr::read(a as *const u64) }
        })?;
        self.max_list_pages = self.max_list_pages.max(lists);
        Ok(segs)
    }
}

fn fill_ascii(dst: &mut [u8], s: &str) {
    dst.fill(b' ');
    dst[..s.len()].copy_from_slice(s.as_bytes());
}

/// The PRP rules of the specification, read the device's way: returns the
/// (address, length) segments and how many list pages were followed.
pub fn walk_prp(
    prp1: u64,
    prp2: u64,
    len: usize,
    read_u64: impl Fn(u64) -> u64,
) -> Result<(Vec<(u64, usize)>, usize), u8> {
    if !prp1.is_multiple_of(4) {
        return Err(generic::PRP_OFFSET_INVALID);
    }
    let first = len.min(4096 - (prp1 % 4096) as usize);
    let mut segs = vec![(prp1, first)];
    let mut rem = len - first;
    if rem == 0 {
        return Ok((segs, 0));
    }
    if rem <= 4096 {
        if !prp2.is_multiple_of(4096) {
            return Err(generic::PRP_OFFSET_INVALID);
        }
        segs.push((prp2, rem));
        return Ok((segs, 0));
    }
    let mut entry = prp2;
    let mut lists = 1;
    while rem > 0 {
        let last_in_page = entry % 4096 == 4096 - 8;
        if last_in_page && rem > 4096 {
            entry = read_u64(entry);
            lists += 1;
            continue;
        }
        let page = read_u64(entry);
        if !page.is_multiple_of(4096) {
            return Err(generic::PRP_OFFSET_INVALID);
        }
        let n = rem.min(4096);
        segs.push((page, n));
        rem -= n;
        entry += 8;
    }
    Ok((segs, lists))
}

/// The test `Hal`: host memory as DMA memory, the simulator as BAR0, and a
/// clock that advances on every read so no wait can spin forever.
pub struct SimHal {
    pub sim: Rc<RefCell<Sim>>,
    /// Shared, so a test can read it after the controller (and this HAL)
    /// is gone.
    pub clock: Rc<Cell<u64>>,
    pub tick_us: u64,
    allocs: Vec<(NonNull<u8>, Layout)>,
}

impl SimHal {
    pub fn new(sim: Rc<RefCell<Sim>>) -> Self {
        SimHal {
            sim,
            clock: Rc::new(Cell::new(0)),
            tick_us: 100,
            allocs: Vec::new(),
        }
    }
}

impl Drop for SimHal {
    fn drop(&mut self) {
        for (p, l) in self.allocs.drain(..) {
            // SAFETY: allocated in dma_alloc with this layout.
            unsafe { dealloc(p.as_ptr(), l) };
        }
    }
}

// SAFETY: regions come from the global allocator, zeroed, page aligned,
// owned until the SimHal drops (after the controller that uses them); the
// "physical" address is the pointer itself, which is what the simulator
// dereferences.
unsafe impl Hal for SimHal {
    fn dma_alloc(&mut self, pages: usize) -> Option<Dma> {
        let layout = Layout::from_size_align(pages * 4096, 4096).ok()?;
        // SAFETY: layout has non-zero size.
        let p = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        self.allocs.push((p, layout));
        Some(Dma {
            virt: p,
            phys: p.as_ptr() as u64,
            len: pages * 4096,
        })
    }

    fn mmio_read32(&self, offset: usize) -> u32 {
        self.sim.borrow_mut().read32(offset)
    }

    fn mmio_write32(&mut self, offset: usize, value: u32) {
        self.sim.borrow_mut().write32(offset, value)
    }

    fn now_us(&self) -> u64 {
        let t = self.clock.get() + self.tick_us;
        self.clock.set(t);
        t
    }
}
