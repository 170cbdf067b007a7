# nosys BIOS stage: everything that runs before Rust, and the way back to
# real mode for BIOS calls. AT&T syntax; assembled by rustc's LLVM into the
# x86_64 object through global_asm! (main.rs), with .code16/.code32 for the
# parts that run in those modes.
#
# Low memory (docs/boot.md):
#   0x00500-0x005ff  first-sector scratch (drive parameters, DAP)
#   0x00600-0x07bff  real-mode stack (grows down from 0x7c00)
#   0x07c00-...      this image; real-mode code and data below 0x10000
#   0x60000-0x65fff  boot page tables: PML4, PDPT, 4 PDs (first 4 GiB)
#   0x70000-0x7ffff  disk and BIOS-call bounce buffer (bios.rs)

.set IMAGE_BASE,    0x7c00
.set RM_STACK,      0x7c00
.set DRIVE_PARAMS,  0x0500
.set DAP,           0x0540
.set BOOT_TABLES,   0x60000

.set SEL_CODE16,    0x08
.set SEL_DATA16,    0x10
.set SEL_CODE32,    0x18
.set SEL_DATA32,    0x20
.set SEL_CODE64,    0x28
.set SEL_DATA64,    0x30

# Offsets in `bios::Regs` (repr(C)).
.set R_EAX, 0
.set R_EBX, 4
.set R_ECX, 8
.set R_EDX, 12
.set R_ESI, 16
.set R_EDI, 20
.set R_EBP, 24
.set R_EFLAGS, 28
.set R_DS, 32
.set R_ES, 34
.set REGS_SIZE, 36

# ---------------------------------------------------------------------------
# First sector. Loaded at 0x7c00 by the firmware: from the El Torito boot
# catalog on a CD (one 2048-byte sector, -boot-load-size 4), or as the MBR
# of a hard disk (512 bytes). It reads the rest of this image with INT 13h
# extensions, from the LBA xorriso's -boot-info-table wrote at offset 12
# (in 2048-byte blocks; nosys-iso copies the same table into the MBR).
# ---------------------------------------------------------------------------
.section .boot.sector, "awx"
.code16
.global _start
_start:
    jmp     stage1
    .org    8
# El Torito boot information table (xorriso -boot-info-table).
bi_pvd:     .long 0
bi_file:    .long 0        # LBA of this file, 2048-byte blocks
bi_length:  .long 0        # its length in bytes
bi_csum:    .long 0
            .space 40

stage1:
    cli
    ljmp    $0, $1f        # CS:IP = 0000:7cxx whatever the firmware used
1:  xorw    %ax, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    movw    $RM_STACK, %sp
    sti
    cld
    movb    %dl, boot_drive

    # INT 13h extensions (AH=41h), then the drive's sector size (AH=48h).
    movb    $0x41, %ah
    movw    $0x55aa, %bx
    int     $0x13
    jc      disk_error
    cmpw    $0xaa55, %bx
    jne     disk_error
    movw    $DRIVE_PARAMS, %si
    movw    $0x1e, (%si)
    movb    $0x48, %ah
    movb    boot_drive, %dl
    int     $0x13
    jc      disk_error
    movw    DRIVE_PARAMS + 0x18, %cx
    # 512 (hard disk) or 2048 (CD) bytes per sector; nothing else is read.
    # BX: sectors per 2048-byte block; DI: sectors per call (32 KiB: some
    # BIOSes take no more than 127 sectors at once).
    movw    $4, %bx
    movl    $64, %edi
    cmpw    $512, %cx
    je      2f
    movw    $1, %bx
    movl    $16, %edi
    cmpw    $2048, %cx
    jne     disk_error
2:  movw    %cx, sector_size
    cmpl    $0, bi_length
    je      disk_error      # no boot information table: not our image
    # The firmware loaded the first sector. Next LBA: bi_file * (2048 /
    # sector size) + 1; sectors left: ceil(bi_length / sector size) - 1.
    movl    bi_file, %eax
    movzwl  %bx, %ebx
    mull    %ebx
    incl    %eax
    movl    %eax, DAP + 8
    movl    $0, DAP + 12
    movl    bi_length, %eax
    movzwl  %cx, %ecx
    addl    %ecx, %eax
    decl    %eax
    xorl    %edx, %edx
    divl    %ecx
    decl    %eax
    movl    %eax, %esi          # sectors left
    movl    $IMAGE_BASE, %ebp
    addl    %ecx, %ebp          # destination
    movw    $0x10, DAP

read_loop:
    testl   %esi, %esi
    jz      loaded
    movl    %esi, %eax
    cmpl    %edi, %eax
    jbe     3f
    movl    %edi, %eax
3:  movw    %ax, DAP + 2
    movl    %ebp, %edx
    movw    %dx, %bx
    andw    $0xf, %bx
    movw    %bx, DAP + 4
    shrl    $4, %edx
    movw    %dx, DAP + 6
    pushal
    movw    $DAP, %si
    movb    $0x42, %ah
    movb    boot_drive, %dl
    int     $0x13
    popal
    jc      disk_error
    movzwl  %ax, %eax
    addl    %eax, DAP + 8
    subl    %eax, %esi
    movzwl  sector_size, %ecx
    mull    %ecx
    addl    %eax, %ebp
    jmp     read_loop

loaded:
    jmp     stage2

disk_error:
    movw    $msg_disk, %si
1:  lodsb
    testb   %al, %al
    jz      2f
    movb    $0x0e, %ah
    xorw    %bx, %bx
    int     $0x10
    jmp     1b
2:  sti
    hlt
    jmp     2b

msg_disk:   .asciz "nosys-loader: disk error\r\n"

.balign 4
.global boot_drive
boot_drive:     .byte 0
                .byte 0
.global sector_size
sector_size:    .word 0

# ---------------------------------------------------------------------------
# Stage 2, real mode: COM1, the CPU check, A20, then protected mode and long
# mode on the boot page tables (identity map of the first 4 GiB, 2 MiB pages).
# ---------------------------------------------------------------------------
.section .boot.real, "awx"
.code16
stage2:
    call    serial_init
    # CPUID present (EFLAGS.ID can be toggled)?
    pushfl
    popl    %eax
    movl    %eax, %ecx
    xorl    $0x200000, %eax
    pushl   %eax
    popfl
    pushfl
    popl    %eax
    pushl   %ecx
    popfl
    xorl    %ecx, %eax
    jz      no_long_mode
    movl    $0x80000000, %eax
    cpuid
    cmpl    $0x80000001, %eax
    jb      no_long_mode
    movl    $0x80000001, %eax
    cpuid
    testl   $(1 << 29), %edx
    jz      no_long_mode

    call    enable_a20
    jc      no_a20

    cli
    lgdtl   gdtr
    movl    %cr0, %eax
    orl     $1, %eax
    movl    %eax, %cr0
    ljmpl   $SEL_CODE32, $pm32_entry

no_long_mode:
    movw    $msg_no_lm, %si
    jmp     fatal16
no_a20:
    movw    $msg_no_a20, %si
    jmp     fatal16

# Prints the NUL-terminated string at DS:SI on screen and COM1, then waits
# for ever with interrupts on (Ctrl-Alt-Del still restarts).
fatal16:
    call    print16
1:  sti
    hlt
    jmp     1b

print16:
    lodsb
    testb   %al, %al
    jz      2f
    pushw   %si
    pushw   %ax
    movb    $0x0e, %ah
    xorw    %bx, %bx
    int     $0x10
    popw    %ax
    call    serial_putc
    popw    %si
    jmp     print16
2:  ret

# COM1 at 115200 8N1, FIFO on (the kernel programs it again).
serial_init:
    movw    $0x3f9, %dx
    xorb    %al, %al
    outb    %al, %dx        # no interrupts
    movw    $0x3fb, %dx
    movb    $0x80, %al
    outb    %al, %dx        # DLAB
    movw    $0x3f8, %dx
    movb    $1, %al
    outb    %al, %dx        # divisor 1: 115200 baud
    movw    $0x3f9, %dx
    xorb    %al, %al
    outb    %al, %dx
    movw    $0x3fb, %dx
    movb    $0x03, %al
    outb    %al, %dx        # 8N1
    movw    $0x3fa, %dx
    movb    $0xc7, %al
    outb    %al, %dx        # FIFO
    movw    $0x3fc, %dx
    movb    $0x03, %al
    outb    %al, %dx        # DTR, RTS
    ret

# AL to COM1, waiting (bounded: absent hardware reads 0xff) for the THR.
serial_putc:
    movb    %al, %ah
    movw    $0x3fd, %dx
    movw    $0xffff, %cx
1:  inb     %dx, %al
    testb   $0x20, %al
    jnz     2f
    loop    1b
2:  movw    $0x3f8, %dx
    movb    %ah, %al
    outb    %al, %dx
    ret

# CF clear once address bit 20 is free: already, after INT 15h AX=2401h, or
# after the "fast A20" bit of port 0x92.
enable_a20:
    call    a20_on
    jnc     1f
    movw    $0x2401, %ax
    int     $0x15
    call    a20_on
    jnc     1f
    inb     $0x92, %al
    testb   $2, %al
    jnz     2f
    orb     $2, %al
    andb    $0xfe, %al
    outb    %al, $0x92
2:  call    a20_on
1:  ret

# CF clear if 0000:0500 and FFFF:0510 (1 MiB above) are different bytes.
a20_on:
    pushw   %ds
    pushw   %es
    xorw    %ax, %ax
    movw    %ax, %ds
    notw    %ax
    movw    %ax, %es
    movb    0x0500, %al
    movb    %es:0x0510, %ah
    movb    $0x00, 0x0500
    movb    $0xff, %es:0x0510
    movb    0x0500, %bl
    movb    %al, 0x0500
    movb    %ah, %es:0x0510
    popw    %es
    popw    %ds
    testb   %bl, %bl
    jnz     1f
    clc
    ret
1:  stc
    ret

msg_no_lm:  .asciz "nosys-loader: error: this CPU has no 64-bit long mode; nosys needs an x86-64 CPU\r\n"
msg_no_a20: .asciz "nosys-loader: error: cannot enable the A20 line\r\n"

.code32
pm32_entry:
    movw    $SEL_DATA32, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %fs
    movw    %ax, %gs
    movw    %ax, %ss
    movl    $RM_STACK, %esp
    # Boot page tables: PML4[0] -> PDPT, PDPT[0..4] -> PD0..3, and 2048
    # 2 MiB pages covering the first 4 GiB, identity-mapped.
    movl    $BOOT_TABLES, %edi
    movl    $(6 * 4096 / 4), %ecx
    xorl    %eax, %eax
    rep stosl
    movl    $(BOOT_TABLES + 0x1000 + 3), BOOT_TABLES
    movl    $(BOOT_TABLES + 0x1000), %edi
    movl    $(BOOT_TABLES + 0x2000 + 3), %eax
    movl    $4, %ecx
1:  movl    %eax, (%edi)
    addl    $0x1000, %eax
    addl    $8, %edi
    loop    1b
    movl    $(BOOT_TABLES + 0x2000), %edi
    movl    $0x83, %eax
    movl    $2048, %ecx
2:  movl    %eax, (%edi)
    addl    $0x200000, %eax
    addl    $8, %edi
    loop    2b
    # CR4: PAE, OSFXSR, OSXMMEXCPT (the compiled code may use SSE).
    movl    %cr4, %eax
    orl     $((1 << 5) | (1 << 9) | (1 << 10)), %eax
    movl    %eax, %cr4
    movl    $BOOT_TABLES, %eax
    movl    %eax, %cr3
    movl    $0xc0000080, %ecx
    rdmsr
    orl     $(1 << 8), %eax     # EFER.LME
    wrmsr
    # CR0: paging, protection, MP on; EM off.
    movl    %cr0, %eax
    andl    $~(1 << 2), %eax
    orl     $((1 << 31) | (1 << 1) | 1), %eax
    movl    %eax, %cr0
    ljmp    $SEL_CODE64, $lm64_entry

.code64
lm64_entry:
    movw    $SEL_DATA64, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    xorw    %ax, %ax
    movw    %ax, %fs
    movw    %ax, %gs
    leaq    __bss_start(%rip), %rdi
    leaq    __bss_end(%rip), %rcx
    subq    %rdi, %rcx
    xorl    %eax, %eax
    rep stosb
    leaq    stack_top(%rip), %rsp
    movzbl  boot_drive(%rip), %edi
    movzwl  sector_size(%rip), %esi
    call    bios_main
1:  cli
    hlt
    jmp     1b

# ---------------------------------------------------------------------------
# nosys_bios_int(number: u32, regs: *mut Regs), sysv64, from long mode: runs
# `int number` in real mode with the registers of *regs and writes them back
# (with EFLAGS) on return. The way down: compatibility mode, paging off
# (leaves long mode), 16-bit protected mode, real mode. The way up is the
# same in reverse; CR3, CR4 and EFER.LME are never touched, so turning
# paging back on re-enters long mode. Interrupts are on only during the call.
# ---------------------------------------------------------------------------
.code64
.global nosys_bios_int
nosys_bios_int:
    pushq   %rbx
    pushq   %rbp
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    movq    %rsp, saved_rsp(%rip)
    movq    %rsi, saved_regs(%rip)
    movb    %dil, int_number(%rip)
    leaq    rm_regs(%rip), %rdi
    movl    $REGS_SIZE, %ecx
    rep movsb
    pushq   $SEL_CODE32
    leaq    1f(%rip), %rax
    pushq   %rax
    lretq
.code32
1:  movw    $SEL_DATA32, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    movl    %cr0, %eax
    andl    $0x7fffffff, %eax
    movl    %eax, %cr0
    ljmp    $SEL_CODE16, $2f
.code16
2:  movw    $SEL_DATA16, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %fs
    movw    %ax, %gs
    movw    %ax, %ss
    movl    %cr0, %eax
    andl    $~1, %eax
    movl    %eax, %cr0
    ljmp    $0, $3f
3:  xorw    %ax, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %fs
    movw    %ax, %gs
    movw    %ax, %ss
    movw    $RM_STACK, %sp
    lidtl   rm_idtr
    pushw   rm_regs + R_ES
    pushw   rm_regs + R_DS
    movl    rm_regs + R_EAX, %eax
    movl    rm_regs + R_EBX, %ebx
    movl    rm_regs + R_ECX, %ecx
    movl    rm_regs + R_EDX, %edx
    movl    rm_regs + R_ESI, %esi
    movl    rm_regs + R_EDI, %edi
    movl    rm_regs + R_EBP, %ebp
    popw    %ds
    popw    %es
    sti
    .byte   0xcd            # int imm8, the number patched in above
int_number:
    .byte   0
    cli
    movl    %eax, %cs:rm_regs + R_EAX
    movl    %ebx, %cs:rm_regs + R_EBX
    movl    %ecx, %cs:rm_regs + R_ECX
    movl    %edx, %cs:rm_regs + R_EDX
    movl    %esi, %cs:rm_regs + R_ESI
    movl    %edi, %cs:rm_regs + R_EDI
    movl    %ebp, %cs:rm_regs + R_EBP
    movw    %ds, %cs:rm_regs + R_DS
    movw    %es, %cs:rm_regs + R_ES
    pushfl
    popl    %cs:rm_regs + R_EFLAGS
    cld
    xorw    %ax, %ax
    movw    %ax, %ds
    # A BIOS may have loaded its own GDT (INT 15h AH=87h does).
    lgdtl   gdtr
    movl    %cr0, %eax
    orl     $1, %eax
    movl    %eax, %cr0
    ljmpl   $SEL_CODE32, $4f
.code32
4:  movw    $SEL_DATA32, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    movl    %cr0, %eax
    orl     $0x80000000, %eax
    movl    %eax, %cr0
    ljmp    $SEL_CODE64, $5f
.code64
5:  movw    $SEL_DATA64, %ax
    movw    %ax, %ds
    movw    %ax, %es
    movw    %ax, %ss
    xorw    %ax, %ax
    movw    %ax, %fs
    movw    %ax, %gs
    movq    saved_rsp(%rip), %rsp
    movq    saved_regs(%rip), %rdi
    leaq    rm_regs(%rip), %rsi
    movl    $REGS_SIZE, %ecx
    rep movsb
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbp
    popq    %rbx
    ret

.section .boot.realdata, "aw"
# The loader's GDT, in the layout the Limine protocol gives the kernel.
.balign 16
gdt:
    .quad 0
    .quad 0x00009a000000ffff    # 16-bit code
    .quad 0x000092000000ffff    # 16-bit data
    .quad 0x00cf9a000000ffff    # 32-bit code
    .quad 0x00cf92000000ffff    # 32-bit data
    .quad 0x00af9b000000ffff    # 64-bit code
    .quad 0x00cf93000000ffff    # 64-bit data
gdt_end:
.balign 4
    .word 0
gdtr:
    .word gdt_end - gdt - 1
    .long gdt
.balign 4
    .word 0
rm_idtr:
    .word 0x3ff
    .long 0
.balign 8
saved_rsp:  .quad 0
saved_regs: .quad 0
rm_regs:    .space REGS_SIZE

.section .bss.stack, "aw", @nobits
.balign 16
    .space 0x10000
stack_top:
