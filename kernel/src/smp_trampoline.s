# Application-processor start-up code. AT&T syntax, assembled into the kernel through
# global_asm! (smp.rs). It never runs where it is linked: the boot CPU copies the bytes from
# ap_tramp_start to ap_tramp_end to a free page P below 1 MiB, fills the tr_* fields, and sends
# a start-up IPI with vector P >> 12. The AP then starts here in real mode with CS = P >> 4,
# IP = 0, and goes real mode -> 32-bit protected mode -> long mode (Intel SDM vol. 3, 10.8.5) on
# start-up page tables at P + 0x1000 that identity-map the first 2 MiB (so this page) and share
# the kernel's higher half; there it jumps to tr_entry (smp::ap_entry, kernel text) with tr_arg
# in RDI. Everything is addressed relative to P, which the AP computes from CS: the code is
# position-independent and the boot CPU patches no instruction.

.set TR_SEL_CODE32, 0x08
.set TR_SEL_DATA,   0x10
.set TR_SEL_CODE64, 0x18
# CR0 in long mode: PG | WP | NE | ET | MP | PE. Written whole, which also clears CD and NW
# (INIT leaves the caches disabled) and EM and TS (the kernel's code uses SSE).
.set TR_CR0,        0x80010033
.set MSR_EFER,      0xc0000080

.section .rodata.ap_trampoline, "a"
.code16
.global ap_tramp_start
ap_tramp_start:
    cli
    cld
    movw    %cs, %ax
    movw    %ax, %ds
    movzwl  %ax, %ebx
    shll    $4, %ebx                    # EBX = P, kept through every mode
    # The three addresses that depend on P: the GDT's base and both far-jump targets.
    leal    (tr_gdt - ap_tramp_start)(%ebx), %eax
    movl    %eax, (tr_gdtr - ap_tramp_start + 2)
    leal    (tr_pm32 - ap_tramp_start)(%ebx), %eax
    movl    %eax, (tr_pm32_ptr - ap_tramp_start)
    leal    (tr_lm64 - ap_tramp_start)(%ebx), %eax
    movl    %eax, (tr_lm64_ptr - ap_tramp_start)
    lgdtl   (tr_gdtr - ap_tramp_start)
    movl    %cr0, %eax
    orl     $1, %eax
    movl    %eax, %cr0
    ljmpl   *(tr_pm32_ptr - ap_tramp_start)

.code32
tr_pm32:
    movw    $TR_SEL_DATA, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    movw    %ax, %fs
    movw    %ax, %gs
    # PAE (with SSE's OSFXSR/OSXMMEXCPT and the boot CPU's PGE), the start-up PML4, then
    # EFER.LME (and NXE, which the kernel's page tables may use), then paging: long mode.
    movl    (tr_cr4 - ap_tramp_start)(%ebx), %eax
    movl    %eax, %cr4
    movl    (tr_cr3 - ap_tramp_start)(%ebx), %eax
    movl    %eax, %cr3
    movl    $MSR_EFER, %ecx
    rdmsr
    orl     (tr_efer - ap_tramp_start)(%ebx), %eax
    wrmsr
    movl    $TR_CR0, %eax
    movl    %eax, %cr0
    ljmpl   *(tr_lm64_ptr - ap_tramp_start)(%ebx)

.code64
tr_lm64:
    movl    %ebx, %ebx                  # the upper half of RBX is undefined after the switch
    movq    (tr_arg - ap_tramp_start)(%rbx), %rdi
    movq    (tr_entry - ap_tramp_start)(%rbx), %rax
    jmpq    *%rax

.balign 8
tr_gdt:
    .quad   0
    .quad   0x00cf9a000000ffff          # 0x08: 32-bit code, flat
    .quad   0x00cf92000000ffff          # 0x10: data, flat
    .quad   0x00af9a000000ffff          # 0x18: 64-bit code
tr_gdt_end:
tr_gdtr:
    .word   tr_gdt_end - tr_gdt - 1
    .long   0                           # P + tr_gdt, written by the AP
.balign 4
tr_pm32_ptr:
    .long   0                           # P + tr_pm32, written by the AP
    .word   TR_SEL_CODE32
tr_lm64_ptr:
    .long   0                           # P + tr_lm64, written by the AP
    .word   TR_SEL_CODE64

# Filled by the boot CPU before each start-up IPI (smp.rs reads these offsets).
.balign 8
.global ap_tramp_cr3
ap_tramp_cr3:
tr_cr3:     .long 0                     # physical address of the start-up PML4 (< 4 GiB)
.global ap_tramp_cr4
ap_tramp_cr4:
tr_cr4:     .long 0
.global ap_tramp_efer
ap_tramp_efer:
tr_efer:    .long 0                     # bits ORed into EFER
            .long 0
.global ap_tramp_entry
ap_tramp_entry:
tr_entry:   .quad 0                     # kernel virtual address to jump to
.global ap_tramp_arg
ap_tramp_arg:
tr_arg:     .quad 0                     # its argument (RDI)
.global ap_tramp_end
ap_tramp_end:
