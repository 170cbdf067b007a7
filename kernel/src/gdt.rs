//! Global descriptor table and task-state segment.
//!
//! The loader's GDT lives in bootloader-reclaimable memory and has no TSS, so the kernel installs
//! its own: a 64-bit code segment, a data segment and a TSS whose interrupt stack table gives the
//! double-fault handler a known-good stack. A kernel stack overflow page-faults, and the CPU cannot
//! push the page-fault frame onto the overflowed stack; without an IST that becomes a triple fault
//! (an instant, silent reset). With it, the double-fault handler runs and draws the panic screen.
//! Each application processor gets the same layout with a TSS and emergency stacks of its own
//! ([`for_application_processor`]).

use spin::Once;
use x86_64::instructions::segmentation::{Segment, CS, DS, ES, SS};
use x86_64::instructions::tables::load_tss;
use x86_64::structures::gdt::{Descriptor, GlobalDescriptorTable, SegmentSelector};
use x86_64::structures::tss::TaskStateSegment;
use x86_64::VirtAddr;

/// IST slot (0-based index into `interrupt_stack_table`) used by the double-fault handler.
pub const DOUBLE_FAULT_IST_INDEX: u16 = 0;
/// IST slot used by NMI and machine-check, which can arrive with a corrupt stack pointer too.
pub const CRITICAL_IST_INDEX: u16 = 1;

/// Size of each emergency stack. The panic path formats text and walks the framebuffer, so it
/// needs more than a token page.
const IST_STACK_SIZE: usize = 32 * 1024;

#[repr(C, align(16))]
struct Stack([u8; IST_STACK_SIZE]);

static mut DOUBLE_FAULT_STACK: Stack = Stack([0; IST_STACK_SIZE]);
static mut CRITICAL_STACK: Stack = Stack([0; IST_STACK_SIZE]);

struct Selectors {
    code: SegmentSelector,
    data: SegmentSelector,
    tss: SegmentSelector,
}

/// One CPU's GDT and the selectors into it. Every CPU's table has the same layout (code 0x08,
/// data 0x10, TSS 0x18), so the one IDT, whose gates name the code selector, serves them all.
pub struct CpuTables {
    gdt: GlobalDescriptorTable,
    sel: Selectors,
}

static TSS: Once<TaskStateSegment> = Once::new();
static GDT: Once<CpuTables> = Once::new();

fn stack_top(stack: *mut Stack) -> VirtAddr {
    // Stacks grow down: the IST entry is the address one past the end.
    VirtAddr::from_ptr(stack) + IST_STACK_SIZE as u64
}

fn tables(tss: &'static TaskStateSegment) -> CpuTables {
    let mut gdt = GlobalDescriptorTable::new();
    let code = gdt.append(Descriptor::kernel_code_segment());
    let data = gdt.append(Descriptor::kernel_data_segment());
    let tss = gdt.append(Descriptor::tss_segment(tss));
    CpuTables {
        gdt,
        sel: Selectors { code, data, tss },
    }
}

/// Loads the boot CPU's GDT and TSS and reloads every segment register. Call once, early,
/// before [`crate::interrupts::init`].
pub fn init() {
    let tss = TSS.call_once(|| {
        let mut tss = TaskStateSegment::new();
        tss.interrupt_stack_table[DOUBLE_FAULT_IST_INDEX as usize] =
            stack_top(&raw mut DOUBLE_FAULT_STACK);
        tss.interrupt_stack_table[CRITICAL_IST_INDEX as usize] = stack_top(&raw mut CRITICAL_STACK);
        tss
    });
    GDT.call_once(|| tables(tss)).load();
}

/// An application processor's own GDT and TSS, with IST stacks of its own from the heap (an
/// AP's double fault must not share the boot CPU's emergency stack). Built by the boot CPU
/// before the AP starts, loaded by the AP with [`CpuTables::load`]; never freed.
pub fn for_application_processor() -> &'static CpuTables {
    let mut tss = TaskStateSegment::new();
    for slot in [DOUBLE_FAULT_IST_INDEX, CRITICAL_IST_INDEX] {
        let stack: &'static mut Stack =
            alloc::boxed::Box::leak(alloc::boxed::Box::new(Stack([0; IST_STACK_SIZE])));
        tss.interrupt_stack_table[slot as usize] = stack_top(stack);
    }
    let tss: &'static TaskStateSegment = alloc::boxed::Box::leak(alloc::boxed::Box::new(tss));
    alloc::boxed::Box::leak(alloc::boxed::Box::new(tables(tss)))
}

impl CpuTables {
    /// Loads this GDT and its TSS on the calling CPU and reloads every segment register.
    pub fn load(&'static self) {
        self.gdt.load();
        let sel = &self.sel;
        // SAFETY: the selectors index descriptors of the GDT just loaded, which lives for the
        // rest of the kernel's life; each TSS descriptor is loaded by exactly one CPU, once.
        unsafe {
            CS::set_reg(sel.code);
            SS::set_reg(sel.data);
            DS::set_reg(sel.data);
            ES::set_reg(sel.data);
            load_tss(sel.tss);
        }
    }
}
