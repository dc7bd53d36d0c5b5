/* SPDX-License-Identifier: MIT */
/*
 * gate.S - one stub per guest-page op, which changes the DACR around it;
 * the RT-class entry and exit (entry.S) follow the same rule.
 *
 * In Linux's page tables the co-kernel's private memory (everything from
 * __ck_private, the first MiB boundary after the guest page, to the
 * region's end) lies in CK_DOMAIN with AP 00: Linux, whose DACR makes
 * that domain a client, can read and execute it but not write it
 * (arch.c arch_guest_protect(), cp15.h). The co-kernel writes it with
 * CK_DOMAIN a manager. So each path into the co-kernel sets the DACR
 * before its first store, and each path back to Linux restores the
 * interrupted DACR after its last:
 *  - entry.S arch_rt_entry (the FIQ, from Linux's trampoline or the
 *    co-kernel's own vector page): the interrupted DACR in r11_fiq, then
 *    DACR_CK, then r11 saved in the frame;
 *  - entry.S arch_ctx_resume: resume the frame at r8_fiq with its DACR;
 *  - gate op n: Linux's call of op n through the guest page: its DACR
 *    with CK_DOMAIN a manager around the call of the op's function (a
 *    Linux interrupt taken meanwhile runs with that DACR too: unprotected
 *    until the op returns).
 * Linux's DACR leaves all of this code readable, so none of it lies where
 * Linux could write it. A DACR write governs the accesses of the
 * instructions after it (ARM926EJ-S TRM §2.3.4: no prefetch flush is
 * needed for c3).
 */
#include <arch/cp15.h>
#include <generated/asm-offsets.h>

	.text
	.arm
/*
 * gate_op - Linux's entry to op \n (the guest page holds this stub's
 * address; arch_guest_gate() keeps the op's own in arm926_gate_fn[\n]):
 * AAPCS in and out (r0-r3 and the result pass through; r4 and lr saved
 * on Linux's stack, 8 bytes, so sp stays 8-aligned).
 */
	.macro	gate_op n
	.global	arm926_gate_op\n
arm926_gate_op\n:
	stmfd	sp!, {r4, lr}
	mrc	p15, 0, r4, c3, c0, 0
	orr	ip, r4, #DACR_CK_DOMAIN_MANAGER
	mcr	p15, 0, ip, c3, c0, 0
	ldr	ip, =arm926_gate_fn + 4 * \n
	ldr	ip, [ip]
	blx	ip
	mcr	p15, 0, r4, c3, c0, 0
	ldmfd	sp!, {r4, pc}
	.endm

	gate_op	0
	gate_op	1
	gate_op	2
	gate_op	3
	gate_op	4
	gate_op	5
	gate_op	6
	gate_op	7
	gate_op	8
	gate_op	9
	gate_op	10
	.ltorg

/* the stubs' addresses, in the order of core/guest.c ck_guest_gate_ops() */
	.section .rodata
	.balign	4
	.global	arm926_gate_ops
arm926_gate_ops:
	.word	arm926_gate_op0, arm926_gate_op1, arm926_gate_op2, arm926_gate_op3
	.word	arm926_gate_op4, arm926_gate_op5, arm926_gate_op6, arm926_gate_op7
	.word	arm926_gate_op8, arm926_gate_op9, arm926_gate_op10
