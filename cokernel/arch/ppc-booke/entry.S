/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the e500 entry points: the RT-class (critical input, IVOR0)
 * entry, the ePAPR hypercall entry Linux's paravirtual drivers call, the
 * voluntary context switch, and a reporting stub for every other IVOR.
 *
 * Critical input (e500CORERM 5.7.1; EREF "Critical Input interrupt"): the
 * core saves PC/MSR in CSRR0/1 and clears MSR[CE, EE, ...] (ME kept), so the
 * entry runs with both classes masked. Before Linux, IVOR0 is the
 * co-kernel's own vector below; once Linux runs, IVPR/IVORs are Linux's and
 * its CriticalInput stub (linux-guest/patches/0002, in head_85xx.S: IVORs
 * must lie within 64 KiB of IVPR) branches to arch_rt_entry. Both arrive
 * with the same contract: r3 saved in SPRG2, CTR in SPRG6, the branch
 * target in CTR, every other register as interrupted.
 *  - SPRG2 is Linux's critical-class scratch (arch/powerpc/include/asm/
 *    reg.h SPRN_SPRG_WSCRATCH_CRIT): only Linux's critical handlers use it,
 *    and they run with MSR[CE] = 0, so a critical input never lands inside
 *    one;
 *  - SPRG6 is unused by 32-bit Book-E Linux without KVM (the guest config
 *    has none). It is user-readable (SPRG6R): a user process can see the
 *    interrupted kernel CTR value while an RT interrupt runs.
 * Every register of the interrupted context goes into
 * ck_current_task->ctx (one load of ck_current_task); C then runs on the
 * co-kernel's own critical stack. Frames are resumed with rfci from
 * CSRR0/1, MSR[CE] = 0 throughout. The entry's code is fetched through
 * the region's address-space-0 entry and everything it touches is in the
 * region's address-space-1 entry (it sets MSR[DS] first): both protected
 * TLB1 entries of the co-kernel's, valid in every state of Linux, its boot
 * included (arch/tlb1.h), so the entry never takes a TLB miss (whose
 * handlers are Linux's).
 *
 * Base-class interrupts keep MSR[CE] (e500CORERM Rev. 1, 5.6 "Interrupt
 * processing": CE and DE are cleared by critical-class interrupts only),
 * and Linux runs with CE = 1 throughout (MSR_KERNEL), so the critical input
 * lands inside Linux's MSR[EE] = 0 windows too: between an exception and
 * its prolog's reads of SRR0/1, ESR, DEAR; between the prolog's
 * mtspr SPRG0/SPRG4/SPRG5 and the mfspr back; between the mtspr SRR0/1
 * and the rfi of an interrupt return; in a TLB miss handler, which reads
 * MAS0-2 as the TLB error loaded them (e500CORERM 12.5.1, 12.7.2); between
 * a tlbwe sequence's mtspr MASn and its tlbwe. An RT task's exception
 * overwrites those registers (the hardware: SRR0/1, ESR, DEAR, and on a
 * TLB error MAS0-3/6/7; the fault filter: SPRG0/4/5). So the entry saves
 * all 13 into the interrupted context's frame (CTX_SPRS) when that context
 * was in supervisor mode with MSR[EE] = 0, the only state in which it can
 * hold them live: with EE = 1 (all user mode) an external input or a
 * decrementer interrupt may come at any instruction and overwrite them, so
 * no code leaves them live there. arch_fault_task() writes the root's copy
 * back after each RT task exception.
 */
#include <arch/booke.h>
#include <generated/asm-offsets.h>
#include <arch/ctx-asm.h>
#include <arch/hcall-asm.h>
#include <arch/gate-asm.h>

/*
 * ck_hcall_entry - the ePAPR hypercall (the ABI: arch/hcall-asm.h): Linux's
 * epapr_hypercall_start branches here in Linux's context, r11 = token,
 * r3-r10 arguments and results, LR its caller's return address. Linux's
 * interrupts off (MSR[EE]) and data in address space 1 (MSR[DS]: the
 * co-kernel's memory is read-only in Linux's, arch/tlb1.h) for the call,
 * which runs on the co-kernel's gate stack (gate.S): Linux's stack is not
 * mapped in AS 1 before attach. A 64-byte frame there holds Linux's r1
 * (back chain, 0), CR (8), the MSR at entry (12), r3-r10 (16..44) and LR
 * (48); leaving, the MSR goes back whole (EE, DS) with r1. The caller's
 * own frame and LR save word are never touched (hcall-asm.h: a frameless
 * caller keeps its return address there). Linux cannot nest a hypercall
 * or an op on the gate stack: both run with EE = 0.
 * Fixed address: BOARD_CK_HCALL_VA (checked by the link script).
 */
	.section .vectors.hcall, "ax"
	.global ck_hcall_entry
ck_hcall_entry:
	mfmsr	r12
	mtctr	r12                          /* the MSR at entry */
	gate_in	r12, r12, 64
	mfctr	r0
	stw	r0, 12(r1)
	mflr	r0
	stw	r0, 48(r1)
	mfcr	r0
	stw	r0, 8(r1)
	epapr_hcall_call
	lwz	r0, 8(r1)
	mtcr	r0
	lwz	r0, 48(r1)
	mtlr	r0
	lwz	r0, 12(r1)
	gate_out r0
	blr

	.section .vectors, "ax"

/* IVOR0 before Linux: the same contract as Linux's stub. 16-byte aligned:
 * IVORs ignore EA[28:31]. */
	.balign	16
ivor_0:
	mtspr	SPRN_SPRG2, r3
	mfctr	r3
	mtspr	SPRN_SPRG6, r3
	b	arch_rt_entry

/* arch_rt_entry - the RT entry (guest page rt_entry): r3 in SPRG2, CTR in
 * SPRG6 (see the top of this file). The interrupt cleared MSR[DS]: data in
 * the co-kernel's address space (1) before the first access (arch/tlb1.h);
 * the frame's MSR puts the interrupted context's back at the rfci. */
	.balign	16
	.global arch_rt_entry
arch_rt_entry:
	mfmsr	r3
	ori	r3, r3, MSR_DS
	mtmsr	r3
	isync
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
	mfspr	r4, SPRN_SPRG6
	stw	r4, CTX_CTR_OFF(r3)
	mfxer	r4
	stw	r4, CTX_XER_OFF(r3)
	mfspr	r4, SPRN_CSRR0
	stw	r4, CTX_PC_OFF(r3)
	mfspr	r4, SPRN_CSRR1
	/* a doze of the co-kernel's idle (arch_wait_for_interrupt) ends here:
	 * resume awake. Linux's doze (e500_idle) goes on dozing after RT:
	 * booke_msr_keep is ~MSR_WE before the hand-over, ~0 after. */
	lis	r5, booke_msr_keep@ha
	lwz	r5, booke_msr_keep@l(r5)
	and	r4, r4, r5
	stw	r4, CTX_MSR_OFF(r3)
	andi.	r5, r4, MSR_PR | MSR_EE      /* live base-class SPRs? (top) */
	bne	1f
	mfspr	r19, SPRN_SRR0               /* r19-r31: saved above */
	mfspr	r20, SPRN_SRR1
	mfspr	r21, SPRN_ESR
	mfspr	r22, SPRN_DEAR
	mfspr	r23, SPRN_SPRG0
	mfspr	r24, SPRN_SPRG4
	mfspr	r25, SPRN_SPRG5
	mfspr	r26, SPRN_MAS0
	mfspr	r27, SPRN_MAS1
	mfspr	r28, SPRN_MAS2
	mfspr	r29, SPRN_MAS3
	mfspr	r30, SPRN_MAS6
	mfspr	r31, SPRN_MAS7
	stmw	r19, CTX_SPRS_OFF(r3)        /* the ctx.h CTX_SPRS order */
1:	lis	r1, ck_crit_stack_top@ha
	addi	r1, r1, ck_crit_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	.global	ppc_rt_call
ppc_rt_call:                            /* arch_rt_handler_set() rewrites it */
	bl	ck_rt_irq_handle
	addi	r3, r3, TASK_CTX
	/* fall through */

/* ctx_restore - resume the frame at r3. Context: MSR[CE] = 0. SPRG6 (the
 * entry's CTR scratch, user-readable as SPRG6R) is cleared on the way. */
ctx_restore:
	li	r4, 0
	mtspr	SPRN_SPRG6, r4
	ctx_resume

/*
 * arch_fault_entry - an RT task's data/instruction storage, alignment or
 * program interrupt (before Linux also its TLB errors, system call and
 * SPE unavailable), from the filter at the head of Linux's handlers
 * (linux-guest/patches/0004, ipc/ck_guest.h) or from the co-kernel's own
 * vectors before Linux (rt_fault_vector below): r10 = CK_FAULT_* kind
 * (the own vectors add the IVOR in bits 8-15), the task's r10/r11 in
 * SPRG4/SPRG5 and CTR in SPRG0, every other register, SRR0/1, DEAR and
 * ESR as the interrupt left them, MSR[CE] possibly on (base-class
 * interrupts keep it: e500CORERM 5.7, qemu/patches/0001). Mask CE, save
 * the task like arch_rt_entry, then on the critical stack let
 * arch_fault_task() suspend it and write the root's base-class SPRs back
 * (the top of this file), and resume the task it returns.
 */
	.balign	16
	.global arch_fault_entry
arch_fault_entry:
	mfmsr	r11
	rlwinm	r11, r11, 0, 15, 13          /* MSR[CE] (0x00020000) off */
	ori	r11, r11, MSR_DS             /* data in address space 1 */
	mtmsr	r11
	isync
	lis	r11, ck_current_task@ha
	lwz	r11, ck_current_task@l(r11)
	addi	r11, r11, TASK_CTX
	stw	r0, GPR(0)(r11)
	stw	r1, GPR(1)(r11)
	stmw	r2, GPR(2)(r11)              /* r10, r11 fixed below */
	mfspr	r4, SPRN_SPRG4
	stw	r4, GPR(10)(r11)
	mfspr	r4, SPRN_SPRG5
	stw	r4, GPR(11)(r11)
	mfcr	r4
	stw	r4, CTX_CR_OFF(r11)
	mflr	r4
	stw	r4, CTX_LR_OFF(r11)
	mfspr	r4, SPRN_SPRG0
	stw	r4, CTX_CTR_OFF(r11)
	mfxer	r4
	stw	r4, CTX_XER_OFF(r11)
	mfspr	r4, SPRN_SRR0
	stw	r4, CTX_PC_OFF(r11)
	mfspr	r5, SPRN_SRR1
	stw	r5, CTX_MSR_OFF(r11)
	mr	r3, r10
	mfspr	r5, SPRN_DEAR
	mfspr	r6, SPRN_ESR
	lis	r1, ck_crit_stack_top@ha
	addi	r1, r1, ck_crit_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	bl	arch_fault_task              /* (kind, pc, dear, esr) -> next */
	addi	r3, r3, TASK_CTX
	b	ctx_restore

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
	ctx_switch_save
	b	ctx_restore

/*
 * The co-kernel's own vectors before Linux for what an RT task can raise
 * (EREF "Interrupt definitions"; e500CORERM 5.7, "Interrupt definitions"):
 *   IVOR2  data storage (DSI): a protection violation, a store to a
 *          read-only page, lwarx/stwcx. where they cannot work; DEAR
 *   IVOR3  instruction storage (ISI): execute from a no-execute page
 *   IVOR5  alignment: lmw/stmw, lwarx/stwcx., dcbz where misaligned or
 *          not cacheable; DEAR
 *   IVOR6  program: illegal or unimplemented instruction (classic FPU
 *          ones included: the e500 implements no IVOR7, e500CORERM
 *          2.7.1.5 table 2-8),
 *          trap (tw/twi: __builtin_trap()); ESR says which
 *   IVOR8  system call (sc): reported at the sc itself (SRR0 - 4)
 *   IVOR13 data TLB error: an address no TLB entry maps (before Linux,
 *          everything outside start.S's TLB1 entries); DEAR
 *   IVOR14 instruction TLB error: a branch to such an address
 *   IVOR32 SPE unavailable: an SPE or embedded FP instruction, MSR[SPE]
 *          being 0 in every RT task (arch_ctx_init())
 * rt_fault_vector sends one of them to arch_fault_entry, the entry
 * Linux's filter uses after the hand-over (linux-guest/patches/0004), in
 * that filter's way and with its contract: taken with r1 inside the RT
 * task stacks [__bss_start, __bss_end) (ck/fault.h: task stacks live in
 * .bss; the boot, critical and exception stacks in .stacks above it), it
 * is the current RT task's. Before Linux nothing runs in user mode, so the
 * filter has no MSR[PR] test. r10 carries the CK_FAULT_* kind in bits 0-7
 * and the IVOR in bits 8-15 (Linux's filter passes the kind alone):
 * arch_fault_task() reads both. A critical input can come at the
 * vector's first instructions (base-class interrupts keep MSR[CE]:
 * e500CORERM 5.7); should the RT interrupt switch to another task that
 * faults before this one runs again, SRR0/1, DEAR and ESR are the root's
 * by then (arch_fault_task() writes the root's back): this task is still
 * the one suspended, with the root's PC and status in its report.
 *
 * Everything else is fatal: a fault with r1 elsewhere (the root context on
 * the boot stack, the RT entry, an RT interrupt handler or timer callback,
 * the fault path itself: the critical stack) and every other IVOR: 1
 * (machine check: asynchronous on the e500, MCSRR0 need not point at the
 * culprit), 4 (external input: MSR[EE] is 0 in the co-kernel), 7 and 9
 * (not implemented on the e500: table 2-8), 10-12 (decrementer, FIT, watchdog:
 * never enabled before Linux), 15 (debug), 33/34 (embedded FP data and
 * round: they need MSR[SPE]), 35 (performance monitor). fault_common
 * reports the IVOR, the faulting context's r1 and LR and the status
 * registers (arch_fault()) and stops; r3 of that context is lost.
 *
 * Every stub is 16-byte aligned (IVORs ignore EA[28:31]) and within the
 * 64 KiB above IVPR (the link script checks).
 */
.macro rt_fault_vector n, kind
	.balign	16
ivor_\n:
	mtspr	SPRN_SPRG4, r10
	mtspr	SPRN_SPRG5, r11
	mfcr	r11
	lis	r10, __bss_start@ha
	addi	r10, r10, __bss_start@l
	cmplw	r1, r10
	blt	1f
	lis	r10, __bss_end@ha
	addi	r10, r10, __bss_end@l
	cmplw	r1, r10
	bge	1f
	mtcr	r11
	mfctr	r11
	mtspr	SPRN_SPRG0, r11
	li	r10, (\n << 8) | \kind
	b	arch_fault_entry
1:	mtcr	r11
	mfspr	r10, SPRN_SPRG4
	mfspr	r11, SPRN_SPRG5
	li	r3, \n
	b	fault_common
.endm

	rt_fault_vector 2, FAULT_DATA
	rt_fault_vector 3, FAULT_PREFETCH
	rt_fault_vector 5, FAULT_ALIGN
	rt_fault_vector 6, FAULT_PROGRAM
	rt_fault_vector 8, FAULT_PROGRAM
	rt_fault_vector 13, FAULT_DATA
	rt_fault_vector 14, FAULT_PREFETCH
	rt_fault_vector 32, FAULT_PROGRAM

	.irp n, 1,4,7,9,10,11,12,15,33,34,35
	.balign	16
ivor_\n:
	li	r3, \n
	b	fault_common
	.endr

/* fault_common - r3 = the IVOR: arch_fault(r3, r1, LR) on the exception
 * stack. */
fault_common:
	mr	r4, r1
	mflr	r5
	mfmsr	r0
	ori	r0, r0, MSR_DS               /* data in address space 1 */
	mtmsr	r0
	isync
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
