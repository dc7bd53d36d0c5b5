/* SPDX-License-Identifier: MIT */
/*
 * booke-rfi-doze: does an interrupt return (rfi, rfci) that restores
 * MSR[WE] = 1 put a dozing e500 back into its doze?
 *
 * Checks, on ppce500 with HID0[DOZE] = 1, MPIC global timer A0 (base
 * count P = 250 clocks of 25 MHz, 10 us; vector 0x50, priority 15):
 *   a. the timer on core 0's int (GTDR0 = P0, CTPR0 = 0). Main dozes once
 *      (mtmsr MSR[EE|WE]) and then runs a loop that counts its passes
 *      until WANT interrupts have come. The IVOR4 handler acknowledges
 *      (IACK, EOI) and returns with rfi and SRR1 as the interrupt saved it
 *      (WE = 1), except at the WANT-th entry, where it clears SRR1[WE].
 *      The loop must not run before then: passes = 0.
 *   b. the same with the timer on cint (GTDR0 = CI0), MSR[CE|EE|WE], the
 *      IVOR0 handler acknowledging by rewriting GTVPR0 (the model of
 *      qemu/patches/0006) and returning with rfci and CSRR1: passes = 0.
 * This is how a co-kernel returns from an RT critical interrupt that hit
 * Linux's e500_idle (arch/powerpc/kernel/idle_85xx.S: mtmsr with WE, then
 * a branch to itself): the CPU must go on dozing, not spin until Linux's
 * next interrupt.
 *
 * Manual: e500CORERM Rev. 1 (PowerPC e500 Core Family Reference Manual),
 * the MSR description: MSR[WE] = 1 makes the core signal its power
 * management request (doze, nap or sleep after HID0) and stop executing;
 * chapter 5 "Interrupts and Exceptions": an interrupt clears MSR[WE] and
 * saves the old MSR in SRR1/CSRR1, and rfi/rfci restore the MSR from them,
 * WE included (Book E; it is the Book III-S rfi of the 6xx that leaves
 * MSR[POW] alone). Linux relies on this: every Book-E exception prolog
 * clears MSR[WE] in the saved MSR (arch/powerpc/kernel/head_booke.h,
 * "clear MSR_WE"), or its own returns would doze again.
 *
 * Why stock QEMU 7.2 fails: do_rfi() in target/ppc/excp_helper.c clears
 * MSR_POW (the same bit as Book-E MSR_WE) for every form of rfi, so the
 * CPU resumes awake and the loop runs until the next interrupt. Fixed by
 * qemu/patches/0010-target-ppc-booke-rfi-rfci-restore-MSR-WE.patch.
 *
 * Runs on qemu-system-ppc -M ppce500 -cpu e500v2 -kernel <elf> -no-reboot
 * -icount shift=0,sleep=off; prints one "PROBE booke-rfi-doze: ..." line.
 */
#define PROBE_NAME "booke-rfi-doze"
#include "ppce500.S"

#define MPIC		(CCSR_EA + 0x40000)
#define GTBCR0		(MPIC + 0x1110)
#define GTVPR0		(MPIC + 0x1120)
#define GTDR0		(MPIC + 0x1130)
#define CTPR0		(MPIC + 0x20080)
#define IACK0		(MPIC + 0x200a0)
#define GT_CI		0x80000000	/* GTBCR count inhibit */
#define GTDR_P0		0x00000001	/* destination: int of core 0 */
#define GTDR_CI0	0x40000000	/* destination: cint of core 0 */
#define VPR		0x000f0050	/* unmasked, priority 15, vector 0x50 */
#define PERIOD		250		/* MPIC clocks (25 MHz): 10 us */
#define TB_PERIOD	(PERIOD * 16)	/* timebase ticks (400 MHz) */
#define WANT		8

/*
 * Registers: r21 = VPR, r22 = &GTVPR0, r24 = handler entries (the handlers
 * use only r0, r26, r27 besides and restore CR); r10 = MSR at entry; r20 =
 * loop passes of the phase; the rest is main's.
 */
	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	LA	r21, VPR
	LA	r22, GTVPR0
	LA	r4, GTBCR0
	lis	r5, GT_CI@h
	stw	r5, 0(r4)		/* stopped */
	stw	r21, 0(r22)
	LA	r4, CTPR0
	li	r5, 0
	stw	r5, 0(r4)
	sync
	hid0_doze
	mfmsr	r10

	/* a: int, rfi */
	li	r5, GTDR_P0
	ori	r12, r10, MSR_EE
	oris	r12, r12, MSR_WE@h
	bl	doze_phase
	cmpwi	r24, WANT
	blt	a_too_few
	cmpwi	r20, 0
	bne	a_awake
	mr	r19, r20

	/* b: cint, rfci */
	lis	r5, GTDR_CI0@h
	ori	r12, r10, MSR_EE
	oris	r12, r12, (MSR_CE | MSR_WE)@h
	bl	doze_phase
	cmpwi	r24, WANT
	blt	b_too_few
	cmpwi	r20, 0
	bne	b_awake

	SAY	s_pass
	mr	r3, r19
	bl	putdec
	SAY	s_pass2
	mr	r3, r20
	bl	putdec
	SAY	s_pass3
	b	exit

/*
 * doze_phase(r5 = GTDR0 value, r12 = MSR to doze with): start the timer,
 * doze once, count the loop passes until WANT handler entries (r24), or
 * give up after 4 * WANT periods. Returns r20 = passes, r24 = entries,
 * with the MSR back at r10 and the timer stopped. Clobbers r4, r5, r11.
 */
doze_phase:
	LA	r4, GTDR0
	stw	r5, 0(r4)
	li	r20, 0
	li	r24, 0
	LA	r4, GTBCR0
	li	r5, PERIOD
	mftb	r11			/* start of the count */
	stw	r5, 0(r4)		/* CI = 0: count */
	sync
	mtmsr	r12			/* doze */
	isync
1:	cmpwi	r24, WANT
	bge	2f
	addi	r20, r20, 1
	mftb	r4
	subf	r4, r11, r4
	lis	r5, (4 * WANT * TB_PERIOD)@h
	ori	r5, r5, (4 * WANT * TB_PERIOD)@l
	cmplw	r4, r5
	blt	1b
2:	mtmsr	r10
	isync
	LA	r4, GTBCR0
	LA	r5, GT_CI | PERIOD
	stw	r5, 0(r4)		/* stop */
	sync
	blr

a_too_few:
	SAY	s_a_toofew
	SAYHEX	r24
	FAIL_END
a_awake:
	SAY	s_a_awake
	b	awake
b_too_few:
	SAY	s_b_toofew
	SAYHEX	r24
	FAIL_END
b_awake:
	SAY	s_b_awake
awake:
	mr	r3, r20
	bl	putdec
	SAY	s_awake2
	b	exit

/* IVOR4 external input: IACK, EOI; the WANT-th return wakes main up */
ext_handler:
	mfcr	r26
	addi	r24, r24, 1
	LA	r27, IACK0
	lwz	r0, 0(r27)		/* IACK */
	li	r0, 0
	stw	r0, 0x10(r27)		/* EOI */
	sync
	cmpwi	r24, WANT
	blt	1f
	mfsrr1	r27
	rlwinm	r27, r27, 0, ~MSR_WE
	mtsrr1	r27
1:	mtcr	r26
	rfi

/* IVOR0 critical input: acknowledge the latched timer edge (GTVPR0 write) */
crit_handler:
	mfcr	r26
	addi	r24, r24, 1
	stw	r21, 0(r22)
	sync
	cmpwi	r24, WANT
	blt	1f
	mfspr	r27, SPR_CSRR1
	rlwinm	r27, r27, 0, ~MSR_WE
	mtspr	SPR_CSRR1, r27
1:	mtcr	r26
	rfci

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS (rfi and rfci with MSR[WE]=1 resume the doze: loop passes before the last of 8 wake-ups "
s_pass2: .asciz " (int, rfi) and "
s_pass3: .asciz " (cint, rfci))\r\n"
s_a_toofew: .asciz "PROBE " PROBE_NAME ": FAIL (int: timer interrupts in 32 periods="
s_b_toofew: .asciz "PROBE " PROBE_NAME ": FAIL (cint: timer interrupts in 32 periods="
s_a_awake: .asciz "PROBE " PROBE_NAME ": FAIL (rfi with SRR1[WE]=1 resumed awake: loop passes before the last of 8 wake-ups="
s_b_awake: .asciz "PROBE " PROBE_NAME ": FAIL (rfci with CSRR1[WE]=1 resumed awake: loop passes before the last of 8 wake-ups="
s_awake2: .asciz ", want 0)\r\n"

/* interrupt vectors: IVPR-aligned by link.ld, 16-byte stubs */
	.section .vectors, "ax"
ivec:
	.balign	16
ivec_0:
	b	crit_handler
	.balign	16
ivec_4:
	b	ext_handler
	unexpected_ivors 1,2,3,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
