/* SPDX-License-Identifier: MIT */
/*
 * gate.S - one stub per guest-page op, which makes the co-kernel's
 * private block writable around the op; the entries and the hypercall
 * (entry.S) follow the same rule.
 *
 * From attach on, DBAT7 maps the private block (the region's first
 * BOARD_CK_PRIVATE_SIZE bytes: code, data, stacks) with PP read-only in
 * Linux's context (arch.c arch_guest_protect()): Linux can read it and,
 * through IBAT4, execute it, but a store into it takes a DSI. Before
 * attach DBAT7 is invalid in Linux's context (g2_enter_linux() leaves its
 * lower half read-only), so the same steps change nothing there.
 *
 * g2_gate_op\n - Linux's call of op \n through the guest page (the page
 * holds this stub's address; ck_guest_gate_ops() keeps the op's own in
 * g2_gate_fn[\n]): SVR4 ABI in and out (r3-r10 and the results pass
 * through; r11, r12, CTR volatile). A 32-byte frame on Linux's stack
 * holds LR (8), the DBAT7L Linux had (12) and its MSR (16); Linux's
 * interrupts off (MSR[EE], as the hypercall does: no Linux code runs with
 * the block open), PP read/write, isync, the op, then Linux's PP bits and
 * EE back. An RT interrupt keeps and restores DBAT7L itself (entry.S
 * prot_open, prot_close). Only the PP bits are put back: attach() sets the
 * whole BAT (arch_guest_protect()) inside its own gate.
 * PEM 7.4.3: a BAT write applies from the next context-synchronizing
 * instruction, hence the isyncs.
 */
#include <arch/g2.h>
#include <arch/bats-asm.h>
#include <arch/gate-ops-asm.h>

	.text
	.macro	gate_op n
	.global	g2_gate_op\n
	.balign	16
g2_gate_op\n:
	stwu	r1, -32(r1)
	mflr	r0
	stw	r0, 8(r1)
	mfmsr	r11
	stw	r11, 16(r1)
	rlwinm	r11, r11, 0, 17, 15          /* MSR[EE] (0x8000) off */
	mtmsr	r11
	pp_open	r11, r12
	stw	r11, 12(r1)
	isync
	lis	r12, (g2_gate_fn + 4 * \n)@ha
	lwz	r12, (g2_gate_fn + 4 * \n)@l(r12)
	mtctr	r12
	bctrl
	lwz	r11, 12(r1)
	pp_put	r11, r12
	isync
	lwz	r11, 16(r1)                  /* MSR[EE] as Linux had it */
	mfmsr	r12
	rlwimi	r12, r11, 0, 16, 16
	mtmsr	r12
	lwz	r0, 8(r1)
	mtlr	r0
	addi	r1, r1, 32
	blr
	.endm

	gate_ops g2_gate

	.section .note.GNU-stack, "", @progbits
