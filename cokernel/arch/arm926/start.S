/* SPDX-License-Identifier: MIT */
/*
 * start.S - ARM926EJ-S reset: boot page tables, MMU and caches on, stacks,
 * high vectors; and the way out to Linux (MMU and caches off).
 *
 * Entered from QEMU's -kernel ELF loader at the *physical* address of
 * _reset (the ELF entry), MMU and caches off, SVC mode, I=F=1, r0-r2 = 0
 * (notes/arm926.md §1). The image is linked at the VA Linux will give the
 * co-kernel region in its linear map (PAGE_OFFSET + pa), so the code up to
 * the MMU-on is position independent and addresses its data at
 * VA - CK_VA_OFFSET.
 *
 * Board memory map (bsp/<board>/board.mk, passed as BOARD_* macros). RAM
 * may sit anywhere (versatilepb: PA 0; AT91SAM9260: 0x20000000): the
 * vectors are high (SCTLR.V, VA 0xffff0000, as Linux's arm926_crval sets;
 * notes/linuxhooks.md §1.1), a page of the image mapped there by a coarse
 * L2 table, so nothing is written at PA 0.
 */
#include <arch/cp15.h>
#include <generated/asm-offsets.h>

#define CK_VA_OFFSET (BOARD_CK_LINEAR_VA - BOARD_RAM_PA)

/* map_sections - fill @n L1 section entries for @va.. with @pa.. | @attr.
 * @tbl: register holding the table's physical address. Clobbers r4-r6. */
.macro map_sections tbl, va, pa, n, attr
	ldr	r4, =\va
	add	r4, \tbl, r4, lsr #(SECTION_SHIFT - 2)
	ldr	r5, =(\pa) | (\attr)
	ldr	r6, =\n
1:	str	r5, [r4], #4
	add	r5, r5, #(1 << SECTION_SHIFT)
	subs	r6, r6, #1
	bne	1b
.endm

	.section .text.reset, "ax"
	.arm
	.global _reset
_reset:
	msr	cpsr_c, #(PSR_MODE_SVC | PSR_I | PSR_F)

	/* r10 = physical address of the 16 KiB L1 table */
	ldr	r10, =ck_l1_table
	sub	r10, r10, #CK_VA_OFFSET
	mov	r0, #0
	mov	r1, r10
	add	r2, r10, #0x4000
2:	str	r0, [r1], #4
	cmp	r1, r2
	bne	2b

	/* RAM identity, uncached: the MMU-on step and the way to Linux */
	map_sections r10, BOARD_RAM_PA, BOARD_RAM_PA, (BOARD_RAM_SIZE >> SECTION_SHIFT), PMD_SECT_DEV
	/* RAM linear map (Linux's PAGE_OFFSET view), write-back cached */
	map_sections r10, BOARD_CK_LINEAR_VA, BOARD_RAM_PA, (BOARD_RAM_SIZE >> SECTION_SHIFT), PMD_SECT_WB
	/* IPC region: uncached on every side (VIVT aliases, DESIGN §4) */
	map_sections r10, (BOARD_SHM_PA + CK_VA_OFFSET), BOARD_SHM_PA, (BOARD_SHM_SIZE >> SECTION_SHIFT), PMD_SECT_DEV
	/* devices, identity, strongly ordered */
	map_sections r10, BOARD_DEV_PA, BOARD_DEV_PA, (BOARD_DEV_SIZE >> SECTION_SHIFT), PMD_SECT_DEV

	/* The top MiB through a coarse table: the vector page at 0xffff0000
	 * (cached, read-only is not needed before Linux), the other pages the
	 * device identity map when the board's devices reach up there (AT91:
	 * AIC, PMC, DBGU at 0xfffff000). */
	ldr	r11, =ck_l2_top
	sub	r11, r11, #CK_VA_OFFSET
	mov	r0, r11
	mov	r1, #0
	.if	(BOARD_DEV_PA + BOARD_DEV_SIZE - 1) >= VECTORS_SECTION_VA
	ldr	r1, =(VECTORS_SECTION_VA | PTE_SMALL_DEV)
	.endif
	add	r2, r11, #(L2_COARSE_ENTRIES * 4)
8:	str	r1, [r0], #4
	.if	(BOARD_DEV_PA + BOARD_DEV_SIZE - 1) >= VECTORS_SECTION_VA
	add	r1, r1, #PAGE_SIZE_4K
	.endif
	cmp	r0, r2
	bne	8b
	ldr	r1, =vectors
	sub	r1, r1, #CK_VA_OFFSET
	ldr	r2, =PTE_SMALL_WB
	orr	r1, r1, r2
	str	r1, [r11, #(((VECTORS_VA - VECTORS_SECTION_VA) >> 12) * 4)]
	orr	r11, r11, #PMD_COARSE
	ldr	r0, =((VECTORS_SECTION_VA >> SECTION_SHIFT) * 4)
	str	r11, [r10, r0]

	mov	r0, #0
	mcr	p15, 0, r0, c7, c7, 0      @ invalidate I and D caches
	mcr	p15, 0, r0, c7, c10, 4     @ drain write buffer
	mcr	p15, 0, r0, c8, c7, 0      @ invalidate TLBs
	mcr	p15, 0, r10, c2, c0, 0     @ TTBR
	ldr	r0, =DACR_CK
	mcr	p15, 0, r0, c3, c0, 0      @ DACR
	mrc	p15, 0, r0, c1, c0, 0
	bic	r0, r0, #SCTLR_A
	orr	r0, r0, #(SCTLR_M | SCTLR_C)
	orr	r0, r0, #SCTLR_V
	orr	r0, r0, #SCTLR_I
	mcr	p15, 0, r0, c1, c0, 0      @ MMU, D- and I-cache on
	nop
	nop
	ldr	pc, =start_va               @ leave the identity map
	.ltorg

/* The vector page, mapped at 0xffff0000. PC-relative literals, so it runs
 * at any address. The FIQ literal is the RT entry Linux's trampoline uses
 * later (Linux maps its own vector page there). Undefined instruction and
 * the aborts go through rt_task_filter.
 *
 * Its copy, the boot vectors page (arm926_boot_page, cokernel.lds: the
 * region's last MiB; arch.c arch_prepare_linux()), differs in one word:
 * its FIQ slot branches to vf_boot_fiq. Linux's head maps that page at
 * 0xffff0000 while it boots, and Linux
 * copies its bytes [CK_ARM_FIQ_OFFSET, CK_ARM_BOOT_FIQ_END) into its own
 * vectors page before mapping that one (linux-guest/patches/0012), so an
 * FIQ in every page table of Linux's boot switches to the co-kernel's
 * table here and continues at the same offset in this page. */
	.section .vectors, "ax"
	.balign 4096
	.global arm926_vectors
arm926_vectors:
vectors:
	ldr	pc, v_reset
	b	vf_undef
	ldr	pc, v_swi
	b	vf_pabt
	b	vf_dabt
	ldr	pc, v_reset          @ reserved slot
	ldr	pc, v_irq
vf_fiq:
	ldr	pc, v_fiq            @ the boot page: b vf_boot_fiq
v_reset:	.word	exc_reset
v_undef:	.word	exc_undef
v_swi:		.word	exc_swi
v_pabt:		.word	exc_pabt
v_dabt:		.word	exc_dabt
v_irq:		.word	exc_irq
v_fiq:		.word	arch_rt_entry
v_fault:	.word	arch_fault_entry
v_l1:		.word	ck_l1_table - CK_VA_OFFSET
v_fiq_boot:	.word	arm926_rt_entry_boot
v_boot_root:	.word	arm926_boot_root

/* switch_ttbr - page table @ttbr in TTBR (the write buffer drained first),
 * TLBs and I-cache invalidated; @zero holds 0. */
.macro switch_ttbr ttbr, zero
	mcr	p15, 0, \zero, c7, c10, 4
	mcr	p15, 0, \ttbr, c2, c0, 0
	mcr	p15, 0, \zero, c8, c7, 0
	mcr	p15, 0, \zero, c7, c5, 0
.endm

/*
 * The boot FIQ entry: an FIQ in Linux's page tables before Linux's own
 * trampoline is in (its head, setup_arch, paging_init: docs/restart.md
 * "Boot gap"). FIQ mode, I=F=1; r8-r12 are FIQ-banked. The TTBR switch
 * (ARM926EJ-S TRM §2.3.3 c2; no ASIDs, so the TLBs go, §2.3.9 c8 c7 0)
 * continues in the other table's page at the next offset, which holds the
 * same bytes; the I-cache goes too (§2.3.8 c7 c5 0), since the two pages
 * differ in the FIQ slot. The D-cache keeps its lines: the two tables map
 * every address either of them uses here alike (the linear map, the IPC
 * region) or only one of them maps it.
 */
	.global arm926_vf_boot_fiq
arm926_vf_boot_fiq:
vf_boot_fiq:
	mrc	p15, 0, r8, c2, c0, 0      @ Linux's TTBR
	ldr	r9, v_l1
	mov	r10, #0
	switch_ttbr r9, r10                @ the co-kernel's table
	ldr	pc, v_fiq_boot             @ arm926_rt_entry_boot, r8 = Linux's TTBR

/*
 * Back to Linux from the boot entry: arch_ctx_resume() of the frame
 * arm926_rt_entry_boot made (FIQ mode, I=F=1, Linux's r0-r14 and DACR in
 * place, the co-kernel's table) lands here; Linux's TTBR, pc and CPSR
 * are in arm926_boot_root.
 */
vf_boot_return:
	ldr	r8, v_boot_root
	ldmia	r8, {r9-r11}
	msr	spsr_cxsf, r11
	mov	r12, #0
	switch_ttbr r9, r12                @ Linux's table
	movs	pc, r10
vf_boot_end:
	.if	(vf_boot_end - vectors) > ARM_BOOT_FIQ_END
	.error	"the boot FIQ entry must end below ARM_BOOT_FIQ_END (ipc/ck_guest.h)"
	.endif
	.if	(vf_fiq - vectors) != ARM_FIQ_OFFSET
	.error	"the FIQ slot is not at ARM_FIQ_OFFSET"
	.endif
	.global	arm926_boot_return_va
	.set	arm926_boot_return_va, VECTORS_VA + (vf_boot_return - vectors)

/*
 * rt_task_filter - an exception taken in SYS mode is an RT task's: enter
 * arch_fault_entry with r0 = @kind and the task's r0 at [sp] (the contract
 * Linux's vector filter keeps too, ipc/ck_guest.h). Any other mode is the
 * co-kernel's own bug before Linux: @fatal reports it and stops.
 * sp of ABT and UND points at a 3-word save area (ck_exc_save).
 */
.macro rt_task_filter kind, fatal
	str	r0, [sp]
	mrs	r0, spsr
	and	r0, r0, #PSR_MODE_MASK
	cmp	r0, #PSR_MODE_SYS
	ldr	r0, [sp]
	ldrne	pc, \fatal
	mov	r0, #\kind
	ldr	pc, v_fault
.endm

vf_undef:
	rt_task_filter FAULT_UNDEF, v_undef
vf_pabt:
	rt_task_filter FAULT_PREFETCH, v_pabt
vf_dabt:
	rt_task_filter FAULT_DATA, v_dabt

	.text
start_va:
	msr	cpsr_c, #(PSR_MODE_FIQ | PSR_I | PSR_F)
	ldr	sp, =ck_fiq_stack_top
	msr	cpsr_c, #(PSR_MODE_IRQ | PSR_I | PSR_F)
	ldr	sp, =ck_exc_stack_top
	msr	cpsr_c, #(PSR_MODE_ABT | PSR_I | PSR_F)
	ldr	sp, =ck_exc_save
	msr	cpsr_c, #(PSR_MODE_UND | PSR_I | PSR_F)
	ldr	sp, =ck_exc_save
	msr	cpsr_c, #(PSR_MODE_SVC | PSR_I | PSR_F)
	ldr	sp, =ck_boot_stack_top

	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
3:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	3b

	bl	ck_main
4:	b	4b

/* Unexpected exceptions before Linux: report and stop (arch_fault). */
exc_reset:
	mov	r0, #0
	b	exc_common
exc_undef:
	mov	r0, #1
	b	exc_common
exc_swi:
	mov	r0, #2
	b	exc_common
exc_pabt:
	mov	r0, #3
	b	exc_common
exc_dabt:
	mov	r0, #4
	b	exc_common
exc_irq:
	mov	r0, #6
exc_common:
	mov	r1, lr
	mrs	r2, spsr
	mrs	r3, cpsr
	ldr	sp, =ck_exc_stack_top
	bl	arch_fault
5:	b	5b

/*
 * void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
 * Context: root, RT masked. Does not return.
 * Clean+invalidate the D-cache (test-clean-invalidate loop, ARM926EJ-S TRM
 * §2.3.8), drop the I-cache and TLB, drain the write buffer, continue on the
 * identity map, switch MMU and caches off and enter the kernel the way
 * Documentation/arm/booting.rst asks: SVC, I=F=1, r0=0, r1=machine, r2=DTB;
 * where arm926_linux_r11 is set (arch.c: a Linux with patch 0012), r0 =
 * ARM_ENTRY_MAGIC and r11 = that word, the boot vectors page's section.
 */
	.global arch_boot_linux
arch_boot_linux:
	msr	cpsr_c, #(PSR_MODE_SVC | PSR_I | PSR_F)
	mov	r4, r0
	mov	r5, r1
	mov	r6, r2
	ldr	r7, =arm926_linux_r11
	ldr	r7, [r7]
6:	mrc	p15, 0, r15, c7, c14, 3
	bne	6b
	mov	r0, #0
	mcr	p15, 0, r0, c7, c5, 0      @ invalidate I-cache
	mcr	p15, 0, r0, c7, c10, 4     @ drain write buffer
	ldr	r3, =7f
	sub	r3, r3, #CK_VA_OFFSET
	mov	pc, r3                      @ to the identity map
7:	mrc	p15, 0, r0, c1, c0, 0
	bic	r0, r0, #(SCTLR_M | SCTLR_C)
	bic	r0, r0, #SCTLR_I
	mcr	p15, 0, r0, c1, c0, 0      @ MMU and caches off
	mov	r0, #0
	mcr	p15, 0, r0, c7, c7, 0
	mcr	p15, 0, r0, c8, c7, 0
	mcr	p15, 0, r0, c7, c10, 4
	movs	r11, r7
	ldrne	r0, =ARM_ENTRY_MAGIC
	mov	r1, r6
	mov	r2, r5
	mov	pc, r4
	.ltorg

	.section .stacks, "aw", %nobits
	.balign 8
	.space	8192
	.global ck_boot_stack_top
ck_boot_stack_top:
	.global ck_fiq_stack_limit
ck_fiq_stack_limit:                 @ lowest word of the FIQ stack: canary
	.space	4096
	.global ck_fiq_stack_top
ck_fiq_stack_top:
	.space	1024
ck_exc_stack_top:
ck_exc_save:                        @ sp of ABT and UND: the filter's 3 words
	.space	16

	.section .pgtable, "aw", %nobits
	.balign	16384
	.global	ck_l1_table
ck_l1_table:
	.space	16384
	.balign	1024
ck_l2_top:
	.space	(L2_COARSE_ENTRIES * 4)
