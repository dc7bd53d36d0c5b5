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
 * cokernel_rt_entry to arch_rt_entry's *physical* address (to
 * arch_rt_entry_boot's, below, from Linux's first instruction to attach).
 * Both arrive
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
 * mapped by the co-kernel's own BATs, which Linux never uses: BAT4, and
 * from attach on DBAT7 for the private block: see g2.h) and
 * runs C on the critical stack. Frames are resumed with rfci from
 * CSRR0/1, MSR[CE] = 0 throughout. The whole path touches only BAT-mapped
 * addresses, so it never takes a TLB miss (the 603's miss handlers are
 * Linux's, and use SRR0/1, which the interrupted Linux code may hold
 * live).
 *
 * From attach on, DBAT7 maps the co-kernel's private block read-only in
 * Linux's context (arch.c arch_guest_protect()). Every way in opens it
 * and every way out puts back what the resumed context had: the entries
 * keep the interrupted DBAT7L in the frame (CTX_PROT, prot_open, in real
 * mode before the MMU goes on), the resume writes its PP bits back
 * (prot_close, after the last store: only loads and the rfci follow);
 * the hypercall and the ops (gate.S) do the same around their call.
 * Before attach DBAT7 is RAM EA = PA (read/write) or invalid, and the
 * same steps leave it as it was.
 */
#include <arch/g2.h>
#include <generated/asm-offsets.h>
#include <arch/ctx-asm.h>
#include <arch/hcall-asm.h>
#include <arch/bats-asm.h>
/* the physical address of a co-kernel symbol (real mode) */
#define PA(sym) ((sym) - BOARD_CK_REGION_VA + BOARD_CK_REGION_PA)
#define MSR_CK (MSR_ME | MSR_IR | MSR_DR)

/*
 * ck_hcall_entry - the ePAPR hypercall (arch/hcall-asm.h), in Linux context
 * with the MMU on (BAT4 maps this code). The G2_LE has no wrtee: MSR[EE]
 * is masked with mfmsr/mtmsr, and the exit puts back EE and CE as Linux
 * had them. The private block is writable for the call (DBAT7L kept at
 * 52(r1), its PP bits put back after: the top of this file). Fixed
 * address: BOARD_CK_HCALL_VA (the link script checks), the private
 * block's first byte.
 */
.macro hcall_ee_off
	rlwinm	r0, r0, 0, 17, 15            /* MSR[EE] (0x8000) off */
	mtmsr	r0
	pp_open	r12, r0                      /* the private block writable */
	stw	r12, 52(r1)
	isync
.endm
.macro hcall_ee_restore
	lwz	r11, 52(r1)                  /* DBAT7L's PP as Linux had it */
	pp_put	r11, r0
	isync
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

/* prot_open \a, \b - real mode, r3 = the frame's physical address: the
 * interrupted DBAT7L into the frame, then the private block writable
 * (the MMU goes on with a context-synchronizing rfi/rfci after this).
 * Clobbers \a and \b. */
.macro prot_open a=r4, b=r5
	pp_open	\a, \b
	stw	\a, CTX_PROT_OFF(r3)
.endm

/* prot_close - before ctx_resume of the frame at r3, the co-kernel's last
 * store done: DBAT7L's PP bits as the frame has them (ctx_resume's rfci
 * synchronizes). Clobbers r4, r5. */
.macro prot_close
	lwz	r4, CTX_PROT_OFF(r3)
	pp_put	r4, r5
.endm

/* crit_mmu_on - from real mode to the link address with the MMU on (rfci:
 * SRR0/1 may be live in the interrupted code), CE still 0, on the
 * critical stack. Clobbers r0, r1, r4. */
.macro crit_mmu_on
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
.endm

	.text
/* arch_rt_entry - the RT entry (guest page rt_entry holds its physical
 * address): real mode, r3 in SPRG5, CTR in SPRG6 (see the top). */
	.balign	16
	.global arch_rt_entry
arch_rt_entry:
	save_current_pa SPRN_CSRR0, SPRN_CSRR1
	prot_open
	crit_mmu_on
	.global	ppc_rt_call
ppc_rt_call:                            /* arch_rt_handler_set() rewrites it */
	bl	ck_rt_irq_handle
	addi	r3, r3, TASK_CTX
	/* fall through */

/* ctx_restore - resume the frame at r3 (link address). Context: MMU on,
 * MSR[CE] = 0. */
ctx_restore:
	prot_close
	ctx_resume

/*
 * Linux's boot (arch_rt_live_in_boot(), arch.c): from the jump into Linux
 * until attach, Linux's 0xA00 stub branches here (arch_boot_linux() sets
 * its word). The co-kernel's BAT4-7 are not Linux's then: g2_enter_linux()
 * invalidates them, since Linux's initial BAT0 (256 MiB at PAGE_OFFSET)
 * maps the co-kernel's region at the same address and two BATs matching
 * one address are undefined (PEM ch. 7), and from MMU_init to attach no
 * BAT of Linux's maps the region (no-map). So, in real mode, the entry
 * keeps Linux's BATs (BAT0-3 upper words, BAT4-7 whole) in g2_linux_bats,
 * invalidates them, sets the co-kernel's (ck_boot_bats, start.S's map)
 * and goes on as arch_rt_entry; ctx_restore puts Linux's back when it
 * resumes the root's frame (g2_boot_root_ctx), again in real mode. An
 * entry that finds the co-kernel's BATs in (it interrupted an RT task)
 * leaves them. Linux's SRR0/1 are never touched (rfci only).
 */
#define G2_SAVED_BATS 528, 530, 532, 534, 536, 538, 540, 542, \
	560, 561, 562, 563, 564, 565, 566, 567, 568, 569, 570, 571, 572, 573, 574, 575
	.balign	16
	.global arch_rt_entry_boot
arch_rt_entry_boot:
	save_current_pa SPRN_CSRR0, SPRN_CSRR1
	prot_open
	lis	r5, PA(g2_boot_bats_in)@ha
	lwz	r4, PA(g2_boot_bats_in)@l(r5)
	cmpwi	r4, 0
	bne	3f
	li	r4, 1
	stw	r4, PA(g2_boot_bats_in)@l(r5)
	lis	r6, PA(g2_linux_bats)@ha
	addi	r6, r6, PA(g2_linux_bats)@l
	.irp n, G2_SAVED_BATS
	mfspr	r4, \n
	stw	r4, 0(r6)
	addi	r6, r6, 4
	.endr
	li	r4, 0
	.irp n, 528, 530, 532, 534, 536, 538, 540, 542, 560, 562, 564, 566, 568, 570, 572, 574
	mtspr	\n, r4
	.endr
	ck_boot_bats
	isync
3:	crit_mmu_on
	bl	g2_rt_handle_boot            /* arch.c: the handler ppc_rt_call has */
	addi	r3, r3, TASK_CTX
	b	ctx_restore_boot

/* ctx_restore_switch - ctx_restore for arch_ctx_switch(): the root's frame
 * gets Linux's BATs back while the co-kernel's are in (Linux's boot). */
ctx_restore_switch:
	lis	r4, g2_boot_bats_in@ha
	lwz	r4, g2_boot_bats_in@l(r4)
	cmpwi	r4, 0
	beq+	ctx_restore

/* the root's frame (Linux) at r3, while the co-kernel's BATs are in */
ctx_restore_boot:
	lis	r4, g2_boot_root_ctx@ha
	lwz	r4, g2_boot_root_ctx@l(r4)
	cmplw	r3, r4
	beq	1f
	prot_close
	ctx_resume                           /* an RT task: the BATs stay */
1:	addis	r3, r3, (BOARD_CK_REGION_PA - BOARD_CK_REGION_VA)@h
	lis	r4, PA(2f)@h                 /* real mode */
	ori	r4, r4, PA(2f)@l
	mtspr	SPRN_CSRR0, r4
	li	r4, MSR_ME
	mtspr	SPRN_CSRR1, r4
	rfci
2:	li	r4, 0
	.irp n, 560, 562, 564, 566, 568, 570, 572, 574
	mtspr	\n, r4
	.endr
	lis	r6, PA(g2_linux_bats)@ha
	addi	r6, r6, PA(g2_linux_bats)@l
	.irp n, G2_SAVED_BATS
	lwz	r4, 0(r6)
	mtspr	\n, r4
	addi	r6, r6, 4
	.endr
	isync
	lis	r5, PA(g2_boot_bats_in)@ha
	li	r4, 0
	stw	r4, PA(g2_boot_bats_in)@l(r5)
	prot_close
	ctx_resume                           /* r3: the frame's PA */

	.section .bss
	.balign	4
	.global g2_boot_bats_in, g2_boot_root_ctx
g2_boot_bats_in:                        /* the co-kernel's BATs are in */
	.space	4
g2_boot_root_ctx:                       /* the root's frame (link address) */
	.space	4
g2_linux_bats:                          /* Linux's, G2_SAVED_BATS order */
	.space	4 * 24
	.text

/*
 * void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
 * Context: RT task or root, MSR[CE] = 0 (the saved MSR, so CE is 0 again
 * on resume, as the caller left it). Saves what the SVR4 ABI asks a callee
 * to keep (r1, r2, r13-r31, CR) and resumes at the caller's return
 * address; then leaves through ctx_restore_switch.
 */
	.balign	16
	.global arch_ctx_switch
arch_ctx_switch:
	mfspr	r5, SPRN_DBAT7L
	stw	r5, CTX_PROT_OFF(r3)
	ctx_switch_save
	b	ctx_restore_switch

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
	prot_open r8, r9                     /* r4: the pc, r7: SRR1 */
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
	b	ctx_restore_switch           /* the root's BATs, in Linux's boot */

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
