/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the e500 interrupt vectors: the RT-class (critical input,
 * IVOR0) entry, the voluntary context switch, and a reporting stub for
 * every other IVOR.
 *
 * Critical input (e500CORERM 5.7.1; EREF "Critical Input interrupt"): the
 * core saves PC/MSR in CSRR0/1 and clears MSR[CE, EE, ...] (ME kept), so the
 * entry runs with both classes masked. It touches nothing of the
 * interrupted context but SPRG2 (Linux's critical-class scratch,
 * arch/powerpc/include/asm/reg.h SPRN_SPRG_WSCRATCH_CRIT: only Linux's
 * critical handlers use it, and they run with MSR[CE] = 0, so a critical
 * input never lands inside one) and CSRR0/1: every register of the
 * interrupted context goes into ck_current_task->ctx (one load of
 * ck_current_task), C then runs on the co-kernel's own critical stack.
 * Frames are resumed with rfci from CSRR0/1, MSR[CE] = 0 throughout.
 */
#include <arch/booke.h>
#include <generated/asm-offsets.h>

#define GPR(n) (CTX_R0_OFF + 4 * (n))

	.section .vectors, "ax"

/* IVOR0: the RT entry. 16-byte aligned: IVORs ignore EA[28:31]. */
	.balign	16
	.global arch_rt_entry
arch_rt_entry:
ivor_0:
	mtspr	SPRN_SPRG2, r3
	lis	r3, ck_current_task@ha
	lwz	r3, ck_current_task@l(r3)
	addi	r3, r3, TASK_CTX
	stw	r0, GPR(0)(r3)
	stw	r1, GPR(1)(r3)
	stw	r2, GPR(2)(r3)
	stmw	r4, GPR(4)(r3)
	mfspr	r4, SPRN_SPRG2
	stw	r4, GPR(3)(r3)
	mfcr	r4
	stw	r4, CTX_CR_OFF(r3)
	mflr	r4
	stw	r4, CTX_LR_OFF(r3)
	mfctr	r4
	stw	r4, CTX_CTR_OFF(r3)
	mfxer	r4
	stw	r4, CTX_XER_OFF(r3)
	mfspr	r4, SPRN_CSRR0
	stw	r4, CTX_PC_OFF(r3)
	mfspr	r4, SPRN_CSRR1
	/* a doze (arch_wait_for_interrupt) ends here: resume awake */
	rlwinm	r4, r4, 0, ~MSR_WE
	stw	r4, CTX_MSR_OFF(r3)
	lis	r1, ck_crit_stack_top@ha
	addi	r1, r1, ck_crit_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	bl	ck_rt_irq_handle
	addi	r3, r3, TASK_CTX
	/* fall through */

/* ctx_restore - resume the frame at r3. Context: MSR[CE] = 0. */
ctx_restore:
	lwz	r4, CTX_PC_OFF(r3)
	mtspr	SPRN_CSRR0, r4
	lwz	r4, CTX_MSR_OFF(r3)
	mtspr	SPRN_CSRR1, r4
	lwz	r4, CTX_CR_OFF(r3)
	mtcr	r4
	lwz	r4, CTX_LR_OFF(r3)
	mtlr	r4
	lwz	r4, CTX_CTR_OFF(r3)
	mtctr	r4
	lwz	r4, CTX_XER_OFF(r3)
	mtxer	r4
	lwz	r0, GPR(0)(r3)
	lwz	r1, GPR(1)(r3)
	lwz	r2, GPR(2)(r3)
	lmw	r4, GPR(4)(r3)
	lwz	r3, GPR(3)(r3)
	rfci

/*
 * void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
 * Context: RT task or root, MSR[CE] = 0 (the saved MSR, so CE is 0 again
 * on resume, as the caller left it). Saves what the SVR4 ABI asks a callee
 * to keep (r1, r2, r13-r31, CR) and resumes at the caller's return
 * address; then leaves through ctx_restore.
 */
	.balign	16
	.global arch_ctx_switch
arch_ctx_switch:
	stw	r1, GPR(1)(r3)
	stw	r2, GPR(2)(r3)
	stmw	r13, GPR(13)(r3)
	mfcr	r5
	stw	r5, CTX_CR_OFF(r3)
	mflr	r5
	stw	r5, CTX_LR_OFF(r3)
	stw	r5, CTX_PC_OFF(r3)
	mfmsr	r5
	stw	r5, CTX_MSR_OFF(r3)
	mr	r3, r4
	b	ctx_restore

/*
 * Every other IVOR: the co-kernel does not expect it before Linux. Report
 * (arch_fault: IVOR number, SRR0/1, CSRR0/1, MCSRR0/1, DEAR, ESR) and stop.
 * r3 and r1 of the faulting context are lost.
 */
	.irp n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
	.balign	16
ivor_\n:
	li	r3, \n
	b	fault_common
	.endr

fault_common:
	lis	r1, ck_exc_stack_top@ha
	addi	r1, r1, ck_exc_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	bl	arch_fault
1:	b	1b

	.irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
	.global ivor_\n
	.endr

	.section .note.GNU-stack, "", @progbits
