//! Symmetric multiprocessing: the application processors (APs) are started and become the
//! workers of one fork-join pool ([`POOL`], the `pool` crate), which the model's matrix
//! products and attention heads run on. The boot CPU (BSP) keeps everything else: the console,
//! devices, the session. APs only ever run pool jobs.
//!
//! # Starting an AP
//! The list of processors is the ACPI MADT's (enabled local APIC and x2APIC entries). The BSP
//! copies the start-up code (`smp_trampoline.s`) to a page below 1 MiB that it took out of the
//! usable memory before the heap claimed it ([`pick_trampoline`]), builds start-up page tables
//! beside it (the first 2 MiB identity-mapped, the kernel's higher half shared), sends every AP
//! an INIT IPI, waits 10 ms, and then, one AP at a time, fills in that AP's [`ApBoot`] block and
//! sends start-up IPIs (a second one if the first went unanswered for a millisecond), as in
//! Intel SDM vol. 3, 9.4.4. The AP comes up in real mode, reaches long mode in the trampoline,
//! and enters [`ap_entry`] in kernel text, which checks that the block is its own (APIC ID)
//! and claims it with a compare-exchange before touching anything in it: a BSP that gave up
//! waiting marks the block abandoned instead, and an AP that arrives after that halts. The
//! AP then switches to the kernel's page tables and its own guarded stack and runs [`ap_main`].
//!
//! A loader that answers Limine's MP request would start the APs itself and hand each one a
//! `goto_address`; that entry would only need to switch to the AP's stack and call [`ap_main`]
//! with the block, as [`ap_entry`] does. Neither of our loaders answers it yet, so it is not used.
//!
//! # What each AP gets
//! Its own GDT and TSS with emergency stacks of its own ([`crate::gdt`]), the one IDT (all
//! gates fatal, as on the BSP), the BSP's PAT, SSE and AVX exactly as [`crate::simd`] enables
//! them on the BSP (the same CR0/CR4/XCR0 bits and MXCSR, so every core rounds alike), and a
//! 256 KiB stack with a guard page. It never enables interrupts and never returns from
//! [`pool::Pool::serve`], where it spins (`pause`) waiting for work.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use log::{info, warn};
use pool::Pool;
use x86_64::registers::control::{Cr3, Cr4, Cr4Flags};
use x86_64::registers::model_specific::{Efer, EferFlags, Msr};

use crate::apic::{ApicError, LocalApic};
use crate::memory::{self, Region, PAGE_SIZE};
use crate::{acpi, gdt, interrupts, simd, time};

core::arch::global_asm!(include_str!("smp_trampoline.s"), options(att_syntax));

extern "C" {
    static ap_tramp_start: u8;
    static ap_tramp_end: u8;
    static ap_tramp_cr3: u8;
    static ap_tramp_cr4: u8;
    static ap_tramp_efer: u8;
    static ap_tramp_entry: u8;
    static ap_tramp_arg: u8;
}

/// Most CPUs the kernel uses, the BSP included: the pool's participants.
pub const MAX_CPUS: usize = pool::MAX_WORKERS + 1;

/// The trampoline's pages below 1 MiB: code and data, then the start-up PML4, PDPT and PD.
pub const TRAMPOLINE_BYTES: u64 = 4 * PAGE_SIZE as u64;
/// A start-up IPI's vector is a page number below 1 MiB.
const LOW_MEMORY_END: u64 = 0x10_0000;

/// Each AP's stack (pool jobs are leaf kernels: a few KiB deep).
const AP_STACK_BYTES: usize = 256 * 1024;
/// INIT to start-up IPI (SDM 9.4.4.1; modern CPUs need less, the SDM's figure is kept).
const INIT_DELAY_US: u64 = 10_000;
/// How long an AP may take to answer a start-up IPI before the second one.
const SIPI_RETRY_US: u64 = 1_000;
/// How long the BSP waits for an AP to be up. Generous: under QEMU's TCG a vCPU thread may
/// start late on a busy host.
const AP_TIMEOUT_US: u64 = 1_000_000;

/// The kernel's pool: the BSP forks, every started AP serves.
pub static POOL: Pool = Pool::new();

/// CPUs the MADT lists as enabled (the BSP included; 1 without ACPI).
static PRESENT: AtomicUsize = AtomicUsize::new(1);

/// `(running, present)`: CPUs running (the BSP and every AP serving the pool) and CPUs the
/// firmware lists.
pub fn counts() -> (usize, usize) {
    (1 + POOL.workers(), PRESENT.load(Ordering::Relaxed))
}

/// Where the trampoline goes: the highest [`TRAMPOLINE_BYTES`] of usable memory below 1 MiB
/// (page 0 and the real-mode interrupt table excluded), or `None`. Called on the loader's
/// memory map before the heap claims it; [`carve`] then keeps the block out of the heap.
pub fn pick_trampoline(usable: impl Iterator<Item = Region>) -> Option<u64> {
    let page = PAGE_SIZE as u64;
    usable
        .filter_map(|r| {
            let start = r.base.max(page).next_multiple_of(page);
            let end = r.base.saturating_add(r.len).min(LOW_MEMORY_END) / page * page;
            (end >= start + TRAMPOLINE_BYTES).then(|| end - TRAMPOLINE_BYTES)
        })
        .max()
}

/// `r` without the trampoline block: nothing, one piece or two.
pub fn carve(r: Region, block: Option<u64>) -> [Option<Region>; 2] {
    let Some(b) = block else {
        return [Some(r), None];
    };
    let (end, b_end) = (r.base + r.len, b + TRAMPOLINE_BYTES);
    if b_end <= r.base || b >= end {
        return [Some(r), None];
    }
    let below = (b > r.base).then(|| Region {
        base: r.base,
        len: b - r.base,
    });
    let above = (end > b_end).then(|| Region {
        base: b_end,
        len: end - b_end,
    });
    [below, above]
}

/// Why the APs were not started.
#[derive(Debug)]
pub enum SmpError {
    Madt(acpi::MadtError),
    Apic(ApicError),
    /// The memory map had no usable 16 KiB below 1 MiB.
    NoLowMemory,
    /// The BSP runs 5-level paging, which the 4-level start-up tables cannot enter.
    FiveLevelPaging,
    Memory(memory::MemError),
}

impl fmt::Display for SmpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SmpError::Madt(e) => write!(f, "{e}"),
            SmpError::Apic(e) => write!(f, "{e}"),
            SmpError::NoLowMemory => f.write_str(
                "no usable 16 KiB below 1 MiB in the memory map for the AP start-up code",
            ),
            SmpError::FiveLevelPaging => {
                f.write_str("the loader enabled 5-level paging; AP start-up supports 4 levels")
            }
            SmpError::Memory(e) => write!(f, "{e}"),
        }
    }
}

/// An AP's boot block: what [`ap_entry`] (assembly, offsets below) and [`ap_main`] need.
#[repr(C)]
struct ApBoot {
    /// The kernel's CR3.
    cr3: u64,
    /// Top of the AP's stack.
    stack_top: u64,
    /// The AP this block is for, as CPUID leaf `cpuid_leaf` reports its APIC ID.
    apic_id: u32,
    /// 1 (xAPIC IDs: EBX[31:24]) or 0xB (x2APIC IDs: EDX).
    cpuid_leaf: u32,
    /// WAITING → CLAIMED (by the AP) → RUNNING or FAILED; WAITING → ABANDONED (by the BSP).
    state: AtomicU32,
    /// The BSP's IA32_PAT.
    pat: u64,
    tables: &'static gdt::CpuTables,
    simd: simd::SimdFeatures,
}

const WAITING: u32 = 0;
const CLAIMED: u32 = 1;
const RUNNING: u32 = 2;
const FAILED: u32 = 3;
const ABANDONED: u32 = 4;

const IA32_PAT: u32 = 0x277;

/// Starts every AP the MADT lists and makes it a worker of [`POOL`], then installs the pool as
/// `pool::global()`. Returns how many APs run. `trampoline` is [`pick_trampoline`]'s block.
pub fn start(trampoline: Option<u64>, rsdp: Option<u64>) -> Result<usize, SmpError> {
    let ids = acpi::enabled_apic_ids(rsdp).map_err(SmpError::Madt)?;
    PRESENT.store(ids.len().max(1), Ordering::Relaxed);
    let apic = LocalApic::new().map_err(SmpError::Apic)?;
    let bsp = apic.id();
    let targets: Vec<u32> = ids.into_iter().filter(|&id| id != bsp).collect();
    if targets.is_empty() {
        info!("smp: 1 of 1 CPUs running (the MADT lists no other)");
        return Ok(0);
    }
    if targets.len() >= MAX_CPUS {
        warn!(
            "smp: {} CPUs listed; using the first {MAX_CPUS}",
            targets.len() + 1
        );
    }
    let page = trampoline.ok_or(SmpError::NoLowMemory)?;
    if Cr4::read().contains(Cr4Flags::L5_PAGING) {
        return Err(SmpError::FiveLevelPaging);
    }
    install_trampoline(page)?;

    let t0 = time::uptime_ns();
    let mut woken = Vec::new();
    for &id in targets.iter().take(MAX_CPUS - 1) {
        match apic.send_init(id) {
            Ok(()) => woken.push(id),
            Err(e) => warn!("smp: INIT to APIC ID {id}: {e}"),
        }
    }
    time::delay_us(INIT_DELAY_US);
    let leaf = if apic.is_x2apic() { 0xb } else { 1 };
    let mut started = 0;
    for id in woken {
        let boot = match prepare(id, leaf) {
            Ok(boot) => boot,
            Err(e) => {
                warn!("smp: no memory for APIC ID {id}'s stack and tables: {e}");
                break;
            }
        };
        // SAFETY: the trampoline page is ours (carved out of the heap, mapped by the HHDM);
        // no AP reads `tr_arg` before the start-up IPI below, and a late AP that reads a
        // later block finds another APIC ID in it and halts.
        unsafe {
            field::<u64>(page, &raw const ap_tramp_arg).write_volatile(boot as *const ApBoot as u64)
        };
        match start_one(&apic, id, page, boot) {
            Ok(()) => started += 1,
            Err(why) => warn!("smp: APIC ID {id} {why}"),
        }
    }
    // An AP is RUNNING just before it joins the pool: wait for the last one to be counted.
    let deadline = time::uptime_ns() + AP_TIMEOUT_US * 1000;
    while POOL.workers() < started && time::uptime_ns() < deadline {
        core::hint::spin_loop();
    }
    if POOL.workers() > 0 {
        pool::set_global(&POOL);
    }
    info!(
        "smp: {} of {} CPUs running (BSP APIC ID {bsp}, {}, start-up code at {page:#x}, {} ms \
         from the first INIT)",
        1 + POOL.workers(),
        PRESENT.load(Ordering::Relaxed),
        if apic.is_x2apic() { "x2APIC" } else { "xAPIC" },
        (time::uptime_ns() - t0) / 1_000_000
    );
    Ok(POOL.workers())
}

/// INIT was sent; the block is in place: start-up IPIs, and wait for the AP to be up.
fn start_one(
    apic: &LocalApic,
    id: u32,
    page: u64,
    boot: &'static ApBoot,
) -> Result<(), &'static str> {
    let vector = (page >> 12) as u8;
    let answered = |us: u64| {
        let deadline = time::uptime_ns() + us * 1000;
        loop {
            let s = boot.state.load(Ordering::Acquire);
            if s != WAITING || time::uptime_ns() >= deadline {
                return s;
            }
            core::hint::spin_loop();
        }
    };
    apic.send_startup(id, vector)
        .map_err(|_| "did not take a start-up IPI")?;
    if answered(SIPI_RETRY_US) == WAITING {
        apic.send_startup(id, vector)
            .map_err(|_| "did not take a start-up IPI")?;
    }
    let deadline = time::uptime_ns() + AP_TIMEOUT_US * 1000;
    loop {
        match boot.state.load(Ordering::Acquire) {
            RUNNING => return Ok(()),
            FAILED => return Err("has other SIMD features than the boot CPU; left halted"),
            _ if time::uptime_ns() < deadline => core::hint::spin_loop(),
            _ => break,
        }
    }
    // Too late. Unless it has claimed the block by now, it never will.
    match boot
        .state
        .compare_exchange(WAITING, ABANDONED, Ordering::AcqRel, Ordering::Acquire)
    {
        Ok(_) => Err("did not start within 1 s"),
        Err(_) => Err("started but did not finish setting up within 1 s"),
    }
}

/// The AP's boot block, with its stack and tables, all from the heap and never freed.
fn prepare(apic_id: u32, cpuid_leaf: u32) -> Result<&'static ApBoot, SmpError> {
    let stack_top = memory::alloc_guarded_stack(AP_STACK_BYTES).map_err(SmpError::Memory)?;
    let (frame, flags) = Cr3::read();
    Ok(Box::leak(Box::new(ApBoot {
        cr3: frame.start_address().as_u64() | flags.bits(),
        stack_top,
        apic_id,
        cpuid_leaf,
        state: AtomicU32::new(WAITING),
        // SAFETY: IA32_PAT exists on every x86-64 CPU; reading it has no side effects.
        pat: unsafe { Msr::new(IA32_PAT).read() },
        tables: gdt::for_application_processor(),
        simd: simd::features(),
    })))
}

/// The address of trampoline field `sym` in the copy at physical `page`.
///
/// # Safety
/// `page` holds the installed trampoline and `sym` is one of its `ap_tramp_*` labels.
unsafe fn field<T>(page: u64, sym: *const u8) -> *mut T {
    let hhdm = memory::hhdm_offset().unwrap_or(0);
    let offset = sym as u64 - (&raw const ap_tramp_start) as u64;
    (hhdm + page + offset) as *mut T
}

/// Copies the trampoline to `page`, builds the start-up tables in the three pages after it and
/// fills in the fields every AP shares.
fn install_trampoline(page: u64) -> Result<(), SmpError> {
    let hhdm = memory::hhdm_offset().ok_or(SmpError::Memory(memory::MemError::NotInitialised))?;
    let start = &raw const ap_tramp_start;
    let len = (&raw const ap_tramp_end) as usize - start as usize;
    assert!(len <= PAGE_SIZE, "the AP trampoline outgrew its page");
    let virt = |phys: u64| (hhdm + phys) as *mut u64;
    let (pml4, pdpt, pd) = (
        page + PAGE_SIZE as u64,
        page + 2 * PAGE_SIZE as u64,
        page + 3 * PAGE_SIZE as u64,
    );
    const PRESENT_WRITABLE: u64 = 0b11;
    const HUGE: u64 = 1 << 7;
    let (kernel_pml4, _) = Cr3::read();
    let kernel_pml4 = virt(kernel_pml4.start_address().as_u64());
    let mut cr4 =
        Cr4Flags::PHYSICAL_ADDRESS_EXTENSION | Cr4Flags::OSFXSR | Cr4Flags::OSXMMEXCPT_ENABLE;
    if Cr4::read().contains(Cr4Flags::PAGE_GLOBAL) {
        cr4 |= Cr4Flags::PAGE_GLOBAL;
    }
    let mut efer = EferFlags::LONG_MODE_ENABLE;
    if Efer::read().contains(EferFlags::NO_EXECUTE_ENABLE) {
        efer |= EferFlags::NO_EXECUTE_ENABLE;
    }
    // SAFETY: the four pages at `page` were taken out of the usable memory before the heap
    // claimed it (`carve`), nothing else uses them, and the HHDM maps them. The kernel's PML4
    // is read through the HHDM; its higher-half entries are copied, not changed. The field
    // offsets are labels inside the copied range.
    unsafe {
        core::ptr::copy_nonoverlapping(start, virt(page).cast::<u8>(), len);
        core::ptr::write_bytes(virt(pml4).cast::<u8>(), 0, 3 * PAGE_SIZE);
        virt(pml4).write(pdpt | PRESENT_WRITABLE);
        for i in 256..512 {
            virt(pml4).add(i).write(kernel_pml4.add(i).read());
        }
        virt(pdpt).write(pd | PRESENT_WRITABLE);
        virt(pd).write(HUGE | PRESENT_WRITABLE);
        field::<u32>(page, &raw const ap_tramp_cr3).write_volatile(pml4 as u32);
        field::<u32>(page, &raw const ap_tramp_cr4).write_volatile(cr4.bits() as u32);
        field::<u32>(page, &raw const ap_tramp_efer).write_volatile(efer.bits() as u32);
        field::<u64>(page, &raw const ap_tramp_entry).write_volatile(ap_entry as *const () as u64);
    }
    Ok(())
}

/// Where the trampoline jumps, in long mode on the start-up tables with RDI = the AP's
/// [`ApBoot`]. Before it uses the block's stack it makes sure the block is this AP's (APIC ID
/// from CPUID) and claims it (WAITING → CLAIMED); an AP that fails either halts for good with
/// interrupts off. Then the kernel's page tables, the AP's stack, and [`ap_main`].
#[unsafe(naked)]
extern "C" fn ap_entry() -> ! {
    core::arch::naked_asm!(
        "mov rsi, rdi",
        "mov eax, [rsi + {leaf}]",
        "xor ecx, ecx",
        "cpuid",
        "cmp dword ptr [rsi + {leaf}], 0xb",
        "je 2f",
        "shr ebx, 24",
        "mov edx, ebx",
        "2:",
        "cmp edx, [rsi + {id}]",
        "jne 3f",
        "mov eax, {waiting}",
        "mov ecx, {claimed}",
        "lock cmpxchg [rsi + {state}], ecx",
        "jne 3f",
        "mov rax, [rsi + {cr3}]",
        "mov cr3, rax",
        "mov rsp, [rsi + {stack}]",
        "xor ebp, ebp",
        "mov rdi, rsi",
        "push 0",
        "jmp {main}",
        "3:",
        "cli",
        "hlt",
        "jmp 3b",
        leaf = const core::mem::offset_of!(ApBoot, cpuid_leaf),
        id = const core::mem::offset_of!(ApBoot, apic_id),
        state = const core::mem::offset_of!(ApBoot, state),
        cr3 = const core::mem::offset_of!(ApBoot, cr3),
        stack = const core::mem::offset_of!(ApBoot, stack_top),
        waiting = const WAITING,
        claimed = const CLAIMED,
        main = sym ap_main,
    )
}

/// An AP, on its own stack and the kernel's page tables, with SSE on (the trampoline's CR0
/// and CR4): its tables, the IDT, the PAT, SIMD as on the BSP, then the pool, for good.
extern "C" fn ap_main(boot: &'static ApBoot) -> ! {
    boot.tables.load();
    interrupts::load_on_application_processor();
    // SAFETY: writing the BSP's PAT value gives this CPU the same memory types for the same
    // page-table entries (the framebuffer's write-combining among them); nothing on this CPU
    // has touched memory through those entries yet.
    unsafe { Msr::new(IA32_PAT).write(boot.pat) };
    // The BSP's SIMD state, or nothing: a core whose products would take another path (or
    // fault on an instruction the BSP's kernels use) must not join the pool.
    if simd::enable() != Ok(boot.simd) {
        boot.state.store(FAILED, Ordering::Release);
        halt();
    }
    boot.state.store(RUNNING, Ordering::Release);
    let _ = POOL.serve();
    halt()
}

/// `fault=ap-<kind>`: raises the test fault `kind` (see [`crate::panic::trigger_test_fault`])
/// on an application processor, inside a pool job as a product's chunk would be. Returns only
/// if it cannot: no AP runs, or the kind is unknown.
pub fn trigger_test_fault(kind: &str) -> Result<(), alloc::string::String> {
    if !crate::panic::TEST_FAULTS.contains(&kind) {
        return Err(alloc::format!("{}", crate::panic::UnknownFault));
    }
    if POOL.workers() == 0 {
        return Err("no application processor is running".into());
    }
    // A worker takes part in a fork only if it is in time for it; fork until one is.
    loop {
        POOL.for_each_chunk(64, 1, |_, p| {
            if p != 0 {
                let _ = crate::panic::trigger_test_fault(kind);
            }
        });
    }
}

fn halt() -> ! {
    loop {
        x86_64::instructions::interrupts::disable();
        x86_64::instructions::hlt();
    }
}

/// The APIC ID of the CPU running this, from CPUID (for the panic screen).
pub fn this_cpu_apic_id() -> u32 {
    let l1 = core::arch::x86_64::__cpuid(1);
    l1.ebx >> 24
}
