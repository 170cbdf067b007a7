//! The driver: reset and enable, admin queue, Identify, one I/O queue pair,
//! and polled Read/Write/Flush through a bounce buffer.
//!
//! One command is in flight at a time: the shell is single-threaded and a
//! command's data lands in the one bounce buffer, so deeper queues would
//! buy nothing here. Every wait is bounded by the [`Hal`] clock.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ptr::NonNull;
use core::sync::atomic::{fence, Ordering};

use crate::cmd::{cns, CompletionEntry, SubmissionEntry};
use crate::error::{Cmd, Error};
use crate::identify::{parse_ns_list, ControllerInfo, Namespace};
use crate::prp;
use crate::queue::{CqIndex, SqIndex};
use crate::regs::*;
use crate::status::Status;

/// A physically contiguous, page-aligned, zeroed DMA region.
#[derive(Clone, Copy, Debug)]
pub struct Dma {
    pub virt: NonNull<u8>,
    pub phys: u64,
    pub len: usize,
}

/// What the driver needs from the machine.
///
/// # Safety
/// Implementors promise that every region `dma_alloc` returns is valid for
/// reads and writes of `len` bytes at `virt`, zeroed, page aligned, used by
/// nothing else for as long as the driver lives, and that the device sees
/// it at `phys`; and that `mmio_*` access the controller's BAR0 (mapped
/// uncached) at the given byte offset.
pub unsafe trait Hal {
    fn dma_alloc(&mut self, pages: usize) -> Option<Dma>;
    fn mmio_read32(&self, offset: usize) -> u32;
    fn mmio_write32(&mut self, offset: usize, value: u32);
    /// A monotonic clock in microseconds. Every wait in the driver ends
    /// when this clock has advanced past its bound, so it must advance
    /// while the driver polls: a clock that stands still makes the waits
    /// unbounded.
    fn now_us(&self) -> u64;
    /// Called between polls.
    fn pause(&mut self) {
        core::hint::spin_loop();
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub admin_entries: u16,
    pub io_entries: u16,
    /// Largest transfer per command, in bytes (the bounce buffer's size);
    /// lowered to what the controller's MDTS allows.
    pub max_transfer: usize,
    /// How long one command may take before the controller is given up on
    /// (measured on [`Hal::now_us`]).
    pub command_timeout_ms: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            admin_entries: 32,
            io_entries: 64,
            max_transfer: 256 * 1024,
            command_timeout_ms: 5_000,
        }
    }
}

const SQ_ENTRY: usize = core::mem::size_of::<SubmissionEntry>();
const CQ_ENTRY: usize = core::mem::size_of::<CompletionEntry>();
/// The Admin queue may hold at most 4096 entries (AQA fields are 12 bits).
const ADMIN_MAX_ENTRIES: u32 = 4096;
const IO_QID: u16 = 1;
/// How often CSTS is read while a command is outstanding, on the `Hal`
/// clock: a fatal controller is noticed this soon, for one uncached
/// register read per interval.
const CSTS_CHECK_US: u64 = 1_000;
/// CAP.TO of 0 would mean "no wait"; give the controller at least this.
const MIN_READY_TIMEOUT_MS: u64 = 500;
/// The Active Namespace ID list holds up to this many ids per page.
const NS_LIST_PAGE_IDS: usize = 1024;
/// NLB is a 16-bit, 0-based field.
const MAX_BLOCKS_PER_COMMAND: usize = 65536;
/// Versions with the Active Namespace ID list (1.1).
const VS_1_1: u32 = 0x0001_0100;

struct QueuePair {
    qid: u16,
    sq: Dma,
    cq: Dma,
    sqi: SqIndex,
    cqi: CqIndex,
}

fn pages_for(bytes: usize) -> usize {
    bytes.div_ceil(PAGE_SIZE)
}

pub struct Controller<H: Hal> {
    hal: H,
    cap: Cap,
    version: u32,
    cfg: Config,
    doorbell_stride: usize,
    admin: QueuePair,
    io: Option<QueuePair>,
    /// One page for Identify results.
    scratch: Dma,
    bounce: Dma,
    prp_lists: Dma,
    max_transfer: usize,
    info: ControllerInfo,
    namespaces: Vec<Namespace>,
    next_cid: u16,
    /// The fault that took the controller out of service, if one did.
    failed: Option<Box<Error>>,
}

impl<H: Hal> Controller<H> {
    /// Resets and enables the controller, identifies it and every active
    /// namespace, and creates one I/O queue pair.
    pub fn init(mut hal: H, cfg: Config) -> Result<Self, Error> {
        let cap = Cap(read64(&hal, CAP));
        if cap.0 == u64::MAX {
            return Err(Error::NoDevice);
        }
        if !cap.supports_nvm() {
            return Err(Error::Unsupported("no NVM command set"));
        }
        if cap.min_page_size() > PAGE_SIZE || cap.max_page_size() < PAGE_SIZE {
            return Err(Error::Unsupported("4 KiB memory pages not supported"));
        }
        let version = hal.mmio_read32(VS);
        let ready_ms = cap.timeout_ms().max(MIN_READY_TIMEOUT_MS);

        // Reset: clear CC.EN and wait for CSTS.RDY to follow, even when EN
        // was already clear (the controller may still be leaving ready).
        let cc = hal.mmio_read32(CC);
        if cc & CC_EN != 0 {
            hal.mmio_write32(CC, cc & !CC_EN);
        }
        wait_csts(
            &mut hal,
            CSTS_RDY,
            0,
            ready_ms,
            "controller reset (CSTS.RDY=0)",
            false,
        )?;
        // We poll; keep pin interrupts masked.
        hal.mmio_write32(INTMS, u32::MAX);

        let admin_max = cap.max_queue_entries().min(ADMIN_MAX_ENTRIES);
        let admin_entries = (cfg.admin_entries as u32).clamp(2, admin_max.max(2)) as u16;
        let admin = alloc_queue(&mut hal, 0, admin_entries)?;
        let aqa = ((admin_entries as u32 - 1) << 16) | (admin_entries as u32 - 1);
        hal.mmio_write32(AQA, aqa);
        write64(&mut hal, ASQ, admin.sq.phys);
        write64(&mut hal, ACQ, admin.cq.phys);
        let cc = CC_CSS_NVM | (0 << CC_MPS_SHIFT) | CC_AMS_ROUND_ROBIN | CC_IOSQES | CC_IOCQES;
        hal.mmio_write32(CC, cc | CC_EN);
        if let Err(e) = wait_csts(
            &mut hal,
            CSTS_RDY,
            CSTS_RDY,
            ready_ms,
            "controller enable (CSTS.RDY=1)",
            true,
        ) {
            // It may become ready later and fetch from our admin queue.
            disable(&mut hal);
            return Err(e);
        }

        let scratch = match hal.dma_alloc(1) {
            Some(s) => s,
            None => {
                disable(&mut hal);
                return Err(Error::OutOfMemory);
            }
        };
        let mut ctrl = Controller {
            hal,
            cap,
            version,
            cfg,
            doorbell_stride: cap.doorbell_stride(),
            admin,
            io: None,
            scratch,
            bounce: scratch,
            prp_lists: scratch,
            max_transfer: 0,
            info: ControllerInfo::parse(&[0u8; PAGE_SIZE]),
            namespaces: Vec::new(),
            next_cid: 0,
            failed: None,
        };
        if let Err(e) = ctrl.bring_up(cfg) {
            // Stop the controller so it cannot touch our memory after we
            // give up on it.
            disable(&mut ctrl.hal);
            return Err(e);
        }
        Ok(ctrl)
    }

    /// Identify, buffers and the I/O queue pair, once the admin queue runs.
    fn bring_up(&mut self, cfg: Config) -> Result<(), Error> {
        let ctrl = self;
        let cap = ctrl.cap;
        let scratch = ctrl.scratch;
        ctrl.admin_cmd(SubmissionEntry::identify(cns::CONTROLLER, 0, scratch.phys))?;
        ctrl.info = ControllerInfo::parse(ctrl.scratch_bytes());
        ctrl.namespaces = ctrl.identify_namespaces()?;

        let limit = ctrl
            .info
            .max_transfer(cap.min_page_size())
            .unwrap_or(usize::MAX);
        let max_transfer = cfg.max_transfer.min(limit) / PAGE_SIZE * PAGE_SIZE;
        ctrl.max_transfer = max_transfer.max(PAGE_SIZE);
        let data_pages = pages_for(ctrl.max_transfer);
        ctrl.bounce = ctrl.hal.dma_alloc(data_pages).ok_or(Error::OutOfMemory)?;
        let list_pages = prp::list_pages_needed(data_pages).max(1);
        ctrl.prp_lists = ctrl.hal.dma_alloc(list_pages).ok_or(Error::OutOfMemory)?;

        let io_entries = (cfg.io_entries as u32).min(cap.max_queue_entries()).max(2) as u16;
        let io = alloc_queue(&mut ctrl.hal, IO_QID, io_entries)?;
        ctrl.admin_cmd(SubmissionEntry::create_io_cq(
            IO_QID, io_entries, io.cq.phys,
        ))?;
        ctrl.admin_cmd(SubmissionEntry::create_io_sq(
            IO_QID, io_entries, io.sq.phys, IO_QID,
        ))?;
        ctrl.io = Some(io);
        Ok(())
    }

    pub fn info(&self) -> &ControllerInfo {
        &self.info
    }

    /// Every active namespace, in id order.
    pub fn namespaces(&self) -> &[Namespace] {
        &self.namespaces
    }

    pub fn namespace(&self, nsid: u32) -> Option<&Namespace> {
        self.namespaces.iter().find(|n| n.id == nsid)
    }

    pub fn cap(&self) -> Cap {
        self.cap
    }

    /// The VS register: (major, minor, tertiary).
    pub fn version(&self) -> (u16, u8, u8) {
        version(self.version)
    }

    /// Bytes one Read or Write command moves at most.
    pub fn max_transfer(&self) -> usize {
        self.max_transfer
    }

    pub fn is_failed(&self) -> bool {
        self.failed.is_some()
    }

    /// The fault that took the controller out of service, if one did.
    pub fn failure(&self) -> Option<&Error> {
        self.failed.as_deref()
    }

    /// Reads whole blocks of namespace `nsid` starting at `lba` into `buf`.
    pub fn read(&mut self, nsid: u32, lba: u64, buf: &mut [u8]) -> Result<(), Error> {
        let (bs, per_cmd) = self.check_io(nsid, lba, buf.len())?;
        let mut lba = lba;
        for chunk in buf.chunks_mut(per_cmd * bs) {
            let blocks = chunk.len() / bs;
            self.transfer(false, nsid, lba, blocks, chunk.len())?;
            // SAFETY: the bounce buffer holds at least max_transfer >=
            // chunk.len() bytes, the device finished writing it (the
            // completion was seen with Acquire ordering), and nothing else
            // aliases it.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    self.bounce.virt.as_ptr(),
                    chunk.as_mut_ptr(),
                    chunk.len(),
                );
            }
            lba += blocks as u64;
        }
        Ok(())
    }

    /// Writes whole blocks from `buf` to namespace `nsid` starting at `lba`.
    pub fn write(&mut self, nsid: u32, lba: u64, buf: &[u8]) -> Result<(), Error> {
        let (bs, per_cmd) = self.check_io(nsid, lba, buf.len())?;
        let mut lba = lba;
        for chunk in buf.chunks(per_cmd * bs) {
            let blocks = chunk.len() / bs;
            // SAFETY: as in `read`; the device reads the buffer only after
            // the doorbell write, which follows a Release fence.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    chunk.as_ptr(),
                    self.bounce.virt.as_ptr(),
                    chunk.len(),
                );
            }
            self.transfer(true, nsid, lba, blocks, chunk.len())?;
            lba += blocks as u64;
        }
        Ok(())
    }

    /// Makes every completed write to `nsid` durable (volatile cache to media).
    pub fn flush(&mut self, nsid: u32) -> Result<(), Error> {
        self.namespace(nsid).ok_or(Error::NoSuchNamespace(nsid))?;
        self.submit(false, SubmissionEntry::flush(nsid), Cmd::Flush { nsid })
            .map(|_| ())
    }

    /// Normal shutdown (CC.SHN), for power-off and reboot.
    pub fn shutdown(&mut self) -> Result<(), Error> {
        self.check_in_service()?;
        let cc = self.hal.mmio_read32(CC);
        self.hal
            .mmio_write32(CC, (cc & !CC_SHN_MASK) | CC_SHN_NORMAL);
        let ms = self.cap.timeout_ms().max(MIN_READY_TIMEOUT_MS);
        wait_csts(
            &mut self.hal,
            CSTS_SHST_MASK,
            CSTS_SHST_COMPLETE,
            ms,
            "shutdown",
            true,
        )
    }

    pub fn hal(&self) -> &H {
        &self.hal
    }

    // ---- internals ----------------------------------------------------

    fn scratch_bytes(&self) -> &[u8] {
        // SAFETY: the scratch page is PAGE_SIZE bytes of our own DMA memory;
        // the device wrote it before the completion we already consumed.
        unsafe { core::slice::from_raw_parts(self.scratch.virt.as_ptr(), PAGE_SIZE) }
    }

    fn identify_namespaces(&mut self) -> Result<Vec<Namespace>, Error> {
        let mut ids = Vec::new();
        if self.version >= VS_1_1 {
            let mut start = 0u32;
            loop {
                let cmd =
                    SubmissionEntry::identify(cns::ACTIVE_NAMESPACES, start, self.scratch.phys);
                self.admin_cmd(cmd)?;
                let page = parse_ns_list(self.scratch_bytes());
                let full = page.len() == NS_LIST_PAGE_IDS;
                start = page.last().copied().unwrap_or(0);
                ids.extend(page);
                if !full || start >= u32::MAX - 1 {
                    break;
                }
            }
        } else {
            ids.extend(1..=self.info.namespace_count.min(NS_LIST_PAGE_IDS as u32));
        }
        let mut out = Vec::new();
        for id in ids {
            self.admin_cmd(SubmissionEntry::identify(
                cns::NAMESPACE,
                id,
                self.scratch.phys,
            ))?;
            if let Some(ns) = Namespace::parse(id, self.scratch_bytes()) {
                out.push(ns);
            }
        }
        Ok(out)
    }

    /// Validates a transfer; returns the block size and blocks per command.
    fn check_io(&self, nsid: u32, lba: u64, len: usize) -> Result<(usize, usize), Error> {
        let ns = self.namespace(nsid).ok_or(Error::NoSuchNamespace(nsid))?;
        let bs = ns.block_size as usize;
        if !len.is_multiple_of(bs) {
            return Err(Error::BadBufferLength {
                len,
                block_size: ns.block_size,
            });
        }
        let blocks = (len / bs) as u64;
        match lba.checked_add(blocks) {
            Some(end) if end <= ns.blocks => {}
            _ => return Err(Error::OutOfRange { lba, blocks }),
        }
        let per_cmd = (self.max_transfer / bs).min(MAX_BLOCKS_PER_COMMAND);
        if per_cmd == 0 {
            return Err(Error::Unsupported(
                "block size above the maximum transfer size",
            ));
        }
        Ok((bs, per_cmd))
    }

    fn transfer(
        &mut self,
        write: bool,
        nsid: u32,
        lba: u64,
        blocks: usize,
        bytes: usize,
    ) -> Result<(), Error> {
        let list_pages = self.prp_lists.len / PAGE_SIZE;
        let list_phys: Vec<u64> = (0..list_pages)
            .map(|k| self.prp_lists.phys + (k * PAGE_SIZE) as u64)
            .collect();
        // SAFETY: the PRP list region is ours, page aligned (so u64
        // aligned) and `len` bytes long; the device reads it only after
        // the doorbell.
        let list = unsafe {
            core::slice::from_raw_parts_mut(
                self.prp_lists.virt.as_ptr() as *mut u64,
                self.prp_lists.len / 8,
            )
        };
        let base = self.bounce.phys;
        let prp = prp::build(
            base,
            bytes,
            |i| base + (i * PAGE_SIZE) as u64,
            &list_phys,
            list,
        )
        .map_err(Error::Prp)?;
        let blocks = blocks as u32;
        let cmd = SubmissionEntry::rw(write, nsid, lba, blocks).with_prp(prp.prp1, prp.prp2);
        let what = if write {
            Cmd::Write { nsid, lba, blocks }
        } else {
            Cmd::Read { nsid, lba, blocks }
        };
        self.submit(false, cmd, what).map(|_| ())
    }

    fn admin_cmd(&mut self, cmd: SubmissionEntry) -> Result<CompletionEntry, Error> {
        let what = Cmd::Admin {
            opcode: cmd.opcode(),
        };
        self.submit(true, cmd, what)
    }

    fn check_in_service(&self) -> Result<(), Error> {
        match &self.failed {
            Some(why) => Err(Error::Failed(why.clone())),
            None => Ok(()),
        }
    }

    /// Takes the controller out of service after `e` and returns `e`.
    /// CC.EN is cleared (without waiting for CSTS.RDY): a reset aborts
    /// whatever the controller still holds, so a command we gave up on
    /// cannot reach the media later, and a dead controller is left quiet.
    fn fail(&mut self, e: Error) -> Error {
        self.failed = Some(Box::new(e.clone()));
        disable(&mut self.hal);
        e
    }

    /// Submits one command and polls for its completion, for at most
    /// `command_timeout_ms` on the `Hal` clock. A timeout, CSTS.CFS, a
    /// vanished device or a stray completion take the controller out of
    /// service ([`Controller::fail`]); an error status does not, since the
    /// controller itself is still sound.
    fn submit(
        &mut self,
        admin: bool,
        mut cmd: SubmissionEntry,
        what: Cmd,
    ) -> Result<CompletionEntry, Error> {
        self.check_in_service()?;
        // A controller that already reports a fatal error is not handed a
        // command (a write in particular): costs one register read.
        if let Some(e) = csts_fault(&self.hal, Some(what)) {
            return Err(self.fail(e));
        }
        let cid = self.next_cid;
        // 0xFFFF means "no command" in the error log; never use it.
        self.next_cid = if cid >= 0xFFFE { 0 } else { cid + 1 };
        cmd.set_command_id(cid);
        let stride = self.doorbell_stride;
        let timeout_us = self.cfg.command_timeout_ms.saturating_mul(1000);
        let q = if admin {
            &mut self.admin
        } else {
            match self.io.as_mut() {
                Some(q) => q,
                None => return Err(Error::Unsupported("no I/O queue")),
            }
        };
        let slot = q.sqi.push().ok_or(Error::QueueFull)?;
        // SAFETY: slot < entries and the SQ region holds entries * 64 bytes
        // of our DMA memory; the controller reads it only after the doorbell.
        unsafe {
            let p = (q.sq.virt.as_ptr() as *mut SubmissionEntry).add(slot as usize);
            core::ptr::write_volatile(p, cmd);
        }
        fence(Ordering::Release);
        self.hal
            .mmio_write32(sq_tail_doorbell(q.qid, stride), q.sqi.tail as u32);

        let start = self.hal.now_us();
        let mut last_csts = start;
        let entry = loop {
            // SAFETY: head < entries and the CQ region holds entries * 16
            // bytes; volatile because the device writes it behind our back.
            let e = unsafe {
                let p = (q.cq.virt.as_ptr() as *const CompletionEntry).add(q.cqi.head as usize);
                core::ptr::read_volatile(p)
            };
            if q.cqi.is_new(e.phase()) {
                break e;
            }
            let now = self.hal.now_us();
            let timed_out = now.saturating_sub(start) > timeout_us;
            if timed_out || now.saturating_sub(last_csts) >= CSTS_CHECK_US {
                last_csts = now;
                let ms = self.cfg.command_timeout_ms;
                let fault = csts_fault(&self.hal, Some(what))
                    .or(timed_out.then_some(Error::CommandTimeout { cmd: what, ms }));
                if let Some(e) = fault {
                    return Err(self.fail(e));
                }
            }
            self.hal.pause();
        };
        fence(Ordering::Acquire);
        let head = q.cqi.pop();
        q.sqi.set_head(entry.sq_head());
        self.hal
            .mmio_write32(cq_head_doorbell(q.qid, stride), head as u32);
        if entry.command_id() != cid {
            let e = Error::UnexpectedCompletion {
                cmd: what,
                expected: cid,
                got: entry.command_id(),
            };
            return Err(self.fail(e));
        }
        if let Some(status) = Status::from_field(entry.status_field()) {
            return Err(Error::Command { cmd: what, status });
        }
        Ok(entry)
    }
}

/// CSTS as an error, when it says the controller is gone (all ones) or
/// dead (CFS).
fn csts_fault<H: Hal>(hal: &H, during: Option<Cmd>) -> Option<Error> {
    let csts = hal.mmio_read32(CSTS);
    if csts == u32::MAX {
        Some(Error::NoDevice)
    } else if csts & CSTS_CFS != 0 {
        Some(Error::ControllerFatal { cmd: during })
    } else {
        None
    }
}

/// Clears CC.EN without waiting: best effort on a controller we abandon.
fn disable<H: Hal>(hal: &mut H) {
    let cc = hal.mmio_read32(CC);
    hal.mmio_write32(CC, cc & !CC_EN);
}

fn read64<H: Hal>(hal: &H, off: usize) -> u64 {
    // Two dword reads, low first, as the specification permits for 64-bit
    // registers; CAP does not change while we read it.
    hal.mmio_read32(off) as u64 | (hal.mmio_read32(off + 4) as u64) << 32
}

fn write64<H: Hal>(hal: &mut H, off: usize, value: u64) {
    hal.mmio_write32(off, value as u32);
    hal.mmio_write32(off + 4, (value >> 32) as u32);
}

fn alloc_queue<H: Hal>(hal: &mut H, qid: u16, entries: u16) -> Result<QueuePair, Error> {
    let sq = hal
        .dma_alloc(pages_for(entries as usize * SQ_ENTRY))
        .ok_or(Error::OutOfMemory)?;
    let cq = hal
        .dma_alloc(pages_for(entries as usize * CQ_ENTRY))
        .ok_or(Error::OutOfMemory)?;
    Ok(QueuePair {
        qid,
        sq,
        cq,
        sqi: SqIndex::new(entries),
        cqi: CqIndex::new(entries),
    })
}

/// Waits until `CSTS & mask == want`, bounded by `ms`; with `fatal_check`
/// a set CSTS.CFS ends the wait at once.
fn wait_csts<H: Hal>(
    hal: &mut H,
    mask: u32,
    want: u32,
    ms: u64,
    waiting_for: &'static str,
    fatal_check: bool,
) -> Result<(), Error> {
    let start = hal.now_us();
    loop {
        let csts = hal.mmio_read32(CSTS);
        if csts == u32::MAX {
            return Err(Error::NoDevice);
        }
        if fatal_check && csts & CSTS_CFS != 0 {
            return Err(Error::ControllerFatal { cmd: None });
        }
        if csts & mask == want {
            return Ok(());
        }
        if hal.now_us().saturating_sub(start) > ms * 1000 {
            return Err(Error::Timeout { waiting_for, ms });
        }
        hal.pause();
    }
}
