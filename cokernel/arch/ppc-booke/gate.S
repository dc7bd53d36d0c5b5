/* SPDX-License-Identifier: MIT */
/*
 * gate.S - one stub per guest-page op, through which Linux calls the
 * co-kernel; the hypercall (entry.S ck_hcall_entry) follows the same rule.
 *
 * The co-kernel's memory is read-only in Linux's address space (AS 0);
 * the co-kernel's data lives in AS 1 (arch/tlb1.h). So an op runs with
 * MSR[DS] = 1, on the co-kernel's gate stack (Linux's stack is mapped in
 * AS 1 only from attach on, and not at all before it), with Linux's
 * interrupts off (MSR[EE]: Linux cannot enter another op or a hypercall
 * while one runs on the gate stack). The RT class stays as it was: an RT
 * interrupt inside an op saves and resumes the root there.
 *
 * booke_gate_op\n - Linux's call of op \n through the guest page (the
 * page holds this stub's address; ck_guest_gate_ops() keeps the op's own
 * in booke_gate_fn[\n]): SVR4 ABI in and out (r3-r10 and the results pass
 * through; r11, r12, CTR volatile). A 16-byte frame on the gate stack
 * holds Linux's r1 (back chain, 0), LR (8) and the MSR at entry (12),
 * which goes back whole when the op returns. A call made with MSR[DS]
 * already 1 is the co-kernel's own (the hypercall's C code calls the ops
 * through its copy of the page, core/epapr.c), already on a co-kernel
 * stack, maybe the gate stack itself: it goes straight to the op. EREF:
 * MSR[DS] applies from the next context-synchronizing instruction, hence
 * the isyncs.
 */
#include <arch/booke.h>
#include <arch/gate-asm.h>
#include <arch/gate-ops-asm.h>

	.text
	.macro	gate_op n
	.global	booke_gate_op\n
	.balign	16
booke_gate_op\n:
	lis	r12, (booke_gate_fn + 4 * \n)@ha
	lwz	r12, (booke_gate_fn + 4 * \n)@l(r12)
	mtctr	r12
	mfmsr	r11
	andi.	r12, r11, MSR_DS
	bnectr                               /* the co-kernel's own call */
	gate_in	r11, r12, 16
	stw	r11, 12(r1)
	mflr	r0
	stw	r0, 8(r1)
	bctrl
	lwz	r0, 8(r1)
	mtlr	r0
	lwz	r11, 12(r1)
	gate_out r11
	blr
	.endm

	gate_ops booke_gate

/* the gate stack: the hypercall's and the ops' (4 KiB), in .stacks above
 * the RT task stacks of .bss (ck/fault.h) */
	.section .stacks, "aw", @nobits
	.balign	16
	.space	4096
	.global	ck_gate_stack_top
ck_gate_stack_top:

	.section .note.GNU-stack, "", @progbits
