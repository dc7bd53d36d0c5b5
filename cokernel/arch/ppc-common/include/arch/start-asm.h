/* SPDX-License-Identifier: MIT */
/*
 * start-asm.h - the end of both PowerPC ports' reset code and their
 * stacks (e500: ppc-booke/start.S, G2_LE: ppc-g2/start.S); assembly only.
 */
#ifndef ARCH_START_ASM_H
#define ARCH_START_ASM_H

/*
 * Write back and drop the data cache lines of the IPC region, by the EAs
 * BOARD_SHM_PA to BOARD_SHM_PA + BOARD_SHM_SIZE (the caller makes those
 * the region's physical addresses, cached: real mode on the G2_LE, the
 * e500's EA = PA entry), 32-byte lines (both cores'), then sync. What a
 * boot loader left there must not be written back over the region once
 * both sides use it cache-inhibited. Clobbers r4, r5.
 */
.macro shm_flush_boot_lines
	lis	r4, BOARD_SHM_PA@h
	ori	r4, r4, BOARD_SHM_PA@l
	lis	r5, (BOARD_SHM_PA + BOARD_SHM_SIZE)@h
	ori	r5, r5, (BOARD_SHM_PA + BOARD_SHM_SIZE)@l
9:	dcbf	0, r4
	addi	r4, r4, 32
	cmplw	r4, r5
	blt	9b
	sync
.endm

/*
 * boot_to_ck_main - at the link address, the MMU on: r1 := the boot
 * stack (back chain 0 ends it), .bss cleared, ck_boot_dtb_pa := r31 (the
 * loader's r3, kept by the port's reset code), then ck_main(), which
 * does not return (a loop if it did).
 */
.macro boot_to_ck_main
	lis	r1, ck_boot_stack_top@ha
	addi	r1, r1, ck_boot_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)                  /* back chain 0 ends the stack */

	lis	r4, __bss_start@ha
	addi	r4, r4, __bss_start@l
	lis	r5, __bss_end@ha
	addi	r5, r5, __bss_end@l
1:	cmplw	r4, r5
	bge	2f
	stw	r0, 0(r4)
	addi	r4, r4, 4
	b	1b
2:	lis	r4, ck_boot_dtb_pa@ha
	stw	r31, ck_boot_dtb_pa@l(r4)

	bl	ck_main
3:	b	3b
.endm

/*
 * boot_stacks - the section .stacks (above .bss: the RT task stacks the
 * fault filters recognise are .bss's alone, ck/fault.h): the boot stack
 * (8 KiB, the root's until Linux), the critical stack (4 KiB, the RT
 * entry's and the fault path's; its lowest word ck_crit_stack_limit holds
 * a canary) and the exception stack (1 KiB, arch_fault()'s report).
 */
.macro boot_stacks
	.section .stacks, "aw", @nobits
	.balign 16
	.space	8192
	.global ck_boot_stack_top
ck_boot_stack_top:
	.global ck_crit_stack_limit
ck_crit_stack_limit:                /* lowest word of the critical stack: canary */
	.space	4096
	.global ck_crit_stack_top
ck_crit_stack_top:
	.space	1024
	.global ck_exc_stack_top
ck_exc_stack_top:
.endm

#endif /* ARCH_START_ASM_H */
