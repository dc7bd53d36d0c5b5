/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the G2_LE (MPC5200B) entry points: the RT-class entry (the
 * critical interrupt, vector 0x00A00), the ePAPR hypercall entry Linux's
 * paravirtual drivers call, the voluntary context switch, and the report
 * of an exception the co-kernel does not contain.
 *
 * Critical interrupt (G2CORERM §5.5.10, §5.2.1.2): the core saves PC and
 * MSR[16-31] in CSRR0/CSRR1 and clears MSR[CE, EE, IR, DR, ...] (ME kept),
 * so the entry runs in real mode with both classes masked. The vector is
 * at physical 0x00A00 (MSR[IP] = 0): the co-kernel's own vector page
 * (lowvec.S) before Linux, then Linux's, whose 0x00A00 stub
 * (linux-guest/patches/0008, head_book3s_32.S) branches through its word
 * cokernel_rt_entry to arch_rt_entry's *physical* address. Both arrive
 * with one contract: r3 saved in SPRG5, CTR in SPRG6, the branch target in
 * CTR, every other register and CSRR0/1 as interrupted, MMU off.
 *  - SPRG4-7 are the G2_LE's extra SPRGs (G2CORERM 5.2.1.3), supervisor
 *    only; 32-bit Book3S Linux uses SPRG4 only on cores that need a
 *    software DTLB LRU (not the G2_LE) and never SPRG5-7.
 * The entry saves the interrupted context into ck_current_task->ctx in
 * real mode (the co-kernel region's physical addresses: real-mode data
 * accesses are cacheable, PEM 5.2, as the co-kernel's own BAT maps it, so
 * nothing is aliased), then switches on the MMU with rfci into the
 * co-kernel's link addresses (Linux's linear-map address of its region,
 * mapped by the co-kernel's own BAT4, which Linux never uses: see g2.h) and
 * runs C on the critical stack. Frames are resumed with rfci from
 * CSRR0/1, MSR[CE] = 0 throughout. The whole path touches only BAT-mapped
 * addresses, so it never takes a TLB miss (the 603's miss handlers are
 * Linux's, and use SRR0/1, which the interrupted Linux code may hold
 * live).
 */
#include <arch/g2.h>
#include <generated/asm-offsets.h>
#include <arch/ctx-asm.h>
#include <arch/hcall-asm.h>
/* the physical address of a co-kernel symbol (real mode) */
#define PA(sym) ((sym) - BOARD_CK_REGION_VA + BOARD_CK_REGION_PA)
#define MSR_CK (MSR_ME | MSR_IR | MSR_DR)

/*
 * ck_hcall_entry - the ePAPR hypercall (arch/hcall-asm.h), in Linux context
 * with the MMU on (BAT4 maps this code). The G2_LE has no wrtee: MSR[EE]
 * is masked with mfmsr/mtmsr, and the exit puts back EE and CE as Linux
 * had them. Fixed address: BOARD_CK_HCALL_VA (the link script checks).
 */
.macro hcall_ee_off
	rlwinm	r0, r0, 0, 17, 15            /* MSR[EE] (0x8000) off */
	mtmsr	r0
.endm
.macro hcall_ee_restore
	lwz	r11, 12(r1)                  /* MSR[EE] as Linux had it; CE too */
	mfmsr	r0
	rlwimi	r0, r11, 0, 16, 16
	rlwimi	r0, r11, 0, 24, 24
	mtmsr	r0
.endm
	.section .vectors.hcall, "ax"
	.global ck_hcall_entry
ck_hcall_entry:
	epapr_hcall_entry

/*
 * save_current_pa pc, msr - real mode: save the interrupted context into
 * ck_current_task->ctx through its physical address, the PC and MSR from
 * the SPRs @pc and @msr (CSRR0/1 or SRR0/1), r3 from SPRG5 and CTR from
 * SPRG6 (the entries' contract); r3 := the frame's physical address,
 * @msrreg := the MSR saved. Clobbers r4.
 */
.macro save_current_pa pc, msr, msrreg=r4
	lis	r3, PA(ck_current_task)@ha
	lwz	r3, PA(ck_current_task)@l(r3)
	/* the task's physical address: PA - VA of the region is a multiple
	 * of 64 KiB (the link script checks), one addis */
	addis	r3, r3, (BOARD_CK_REGION_PA - BOARD_CK_REGION_VA)@h
	addi	r3, r3, TASK_CTX
	stw	r0, GPR(0)(r3)
	stw	r1, GPR(1)(r3)
	stw	r2, GPR(2)(r3)
	stmw	r4, GPR(4)(r3)
	mfspr	r4, SPRN_SPRG5
	stw	r4, GPR(3)(r3)
	mfcr	r4
	stw	r4, CTX_CR_OFF(r3)
	mflr	r4
	stw	r4, CTX_LR_OFF(r3)
	mfspr	r4, SPRN_SPRG6
	stw	r4, CTX_CTR_OFF(r3)
	mfxer	r4
	stw	r4, CTX_XER_OFF(r3)
	mfspr	r4, \pc
	stw	r4, CTX_PC_OFF(r3)
	mfspr	\msrreg, \msr
	stw	\msrreg, CTX_MSR_OFF(r3)
.endm

	.text
/* arch_rt_entry - the RT entry (guest page rt_entry holds its physical
 * address): real mode, r3 in SPRG5, CTR in SPRG6 (see the top). */
	.balign	16
	.global arch_rt_entry
arch_rt_entry:
	save_current_pa SPRN_CSRR0, SPRN_CSRR1
	/* the MMU on, at the link address, CE still 0 */
	lis	r4, 1f@h
	ori	r4, r4, 1f@l
	mtspr	SPRN_CSRR0, r4
	li	r4, MSR_CK
	mtspr	SPRN_CSRR1, r4
	rfci
1:	lis	r1, ck_crit_stack_top@ha
	addi	r1, r1, ck_crit_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	.global	ppc_rt_call
ppc_rt_call:                            /* arch_rt_handler_set() rewrites it */
	bl	ck_rt_irq_handle
	addi	r3, r3, TASK_CTX
	/* fall through */

/* ctx_restore - resume the frame at r3 (link address). Context: MMU on,
 * MSR[CE] = 0. */
ctx_restore:
	ctx_resume

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
 * arch_fault_entry - an RT task's data or instruction storage, alignment
 * or program exception, from the filter at the head of Linux's handlers
 * (linux-guest/patches/0008 COKERNEL_FAULT; the guest page's fault_entry,
 * made physical by drivers/cokernel): real mode, r3 = CK_FAULT_* kind, the
 * task's r3 in SPRG5 and CTR in SPRG6 (the RT entry's contract), every
 * other register, SRR0/1, DAR and DSISR as the exception left them,
 * MSR[CE] = 0 (the exception cleared it). Saves the task as arch_rt_entry
 * does (SRR0/1 for CSRR0/1), switches the MMU on and lets
 * arch_fault_task() suspend it on the critical stack, then resumes the
 * task it returns.
 */
	.balign	16
	.global arch_fault_entry
arch_fault_entry:
	mtspr	SPRN_SPRG7, r3               /* the kind */
	save_current_pa SPRN_SRR0, SPRN_SRR1, r7
	mfspr	r3, SPRN_SPRG7
	mfspr	r5, SPRN_DAR
	mfspr	r6, SPRN_DSISR
	/* (kind, pc, dar, dsisr, srr1) in r3-r7; the MMU on, CE still 0 */
	lis	r8, 1f@h
	ori	r8, r8, 1f@l
	mtspr	SPRN_SRR0, r8
	li	r8, MSR_CK
	mtspr	SPRN_SRR1, r8
	rfi
1:	lis	r1, ck_crit_stack_top@ha
	addi	r1, r1, ck_crit_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	bl	arch_fault_task              /* -> the task to resume */
	addi	r3, r3, TASK_CTX
	b	ctx_restore

/*
 * g2_fatal - an exception the co-kernel does not contain, from its own
 * vector page before Linux (lowvec.S): real mode, r3 = the vector offset,
 * the interrupted r3 and r4 in SPRG5/SPRG4 (lost to the report). Gathers
 * SRR0/1, DAR, DSISR, r1 and LR, switches the MMU on and calls
 * arch_fault() on the exception stack; never returns.
 */
	.global g2_fatal
g2_fatal:
	mfspr	r4, SPRN_SRR0
	mfspr	r5, SPRN_SRR1
	mfspr	r6, SPRN_DAR
	mfspr	r7, SPRN_DSISR
	mr	r8, r1
	mflr	r9
	lis	r10, 1f@h
	ori	r10, r10, 1f@l
	mtspr	SPRN_SRR0, r10
	li	r10, MSR_CK
	mtspr	SPRN_SRR1, r10
	rfi
1:	lis	r1, ck_exc_stack_top@ha
	addi	r1, r1, ck_exc_stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	bl	arch_fault
2:	b	2b

	.section .note.GNU-stack, "", @progbits
