//! Global descriptor table and task-state segment.
//!
//! The loader's GDT lives in bootloader-reclaimable memory and has no TSS, so the kernel installs
//! its own: a 64-bit code segment, a data segment and a TSS whose interrupt stack table gives the
//! double-fault handler a known-good stack. A kernel stack overflow page-faults, and the CPU cannot
//! push the page-fault frame onto the overflowed stack; without an IST that becomes a triple fault
//! (an instant, silent reset). With it, the double-fault handler runs and draws the panic screen.

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

static TSS: Once<TaskStateSegment> = Once::new();
static GDT: Once<(GlobalDescriptorTable, Selectors)> = Once::new();

fn stack_top(stack: *mut Stack) -> VirtAddr {
    // Stacks grow down: the IST entry is the address one past the end.
    VirtAddr::from_ptr(stack) + IST_STACK_SIZE as u64
}

/// Loads the kernel GDT and TSS and reloads every segment register. Call once, early, before
/// [`crate::interrupts::init`].
pub fn init() {
    let tss = TSS.call_once(|| {
        let mut tss = TaskStateSegment::new();
        tss.interrupt_stack_table[DOUBLE_FAULT_IST_INDEX as usize] =
            stack_top(&raw mut DOUBLE_FAULT_STACK);
        tss.interrupt_stack_table[CRITICAL_IST_INDEX as usize] = stack_top(&raw mut CRITICAL_STACK);
        tss
    });
    let (gdt, sel) = GDT.call_once(|| {
        let mut gdt = GlobalDescriptorTable::new();
        let code = gdt.append(Descriptor::kernel_code_segment());
        let data = gdt.append(Descriptor::kernel_data_segment());
        let tss = gdt.append(Descriptor::tss_segment(tss));
        (gdt, Selectors { code, data, tss })
    });
    gdt.load();
    // SAFETY: the selectors index descriptors of the GDT just loaded, which lives in a static
    // for the rest of the kernel's life; the TSS descriptor is referenced exactly once.
    unsafe {
        CS::set_reg(sel.code);
        SS::set_reg(sel.data);
        DS::set_reg(sel.data);
        ES::set_reg(sel.data);
        load_tss(sel.tss);
    }
}
