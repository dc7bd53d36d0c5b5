/* SPDX-License-Identifier: MIT */
/*
 * mpic-timer-cint: can an MPIC global timer drive the e500 critical input
 * (cint), and how long from its expiry to the critical handler?
 *
 * Checks, on ppce500 (FSL MPIC 4.2) with MSR[EE] = 0 and MSR[CE] = 1:
 *   a. global timer A0 is given vector 0x50, priority 15, unmasked, and its
 *      destination register GTDR0 the CI0 bit (cint of core 0): the bit
 *      must read back.
 *   b. the timer (base count P = 250 MPIC clocks, 10 us) must raise
 *      critical input interrupts (IVOR0) at every expiry.
 *   c. a timer expiry is an edge: routed to cint it must stay asserted
 *      until software acknowledges it (this model: a write to the
 *      source's vector/priority register, GTVPR). The handler leaves the
 *      first one unacknowledged and returns with rfci: it must be entered
 *      again at once. Later entries acknowledge.
 *   d. the expiries must come exactly P * 16 timebase ticks apart (the
 *      MPIC timer runs at 25 MHz, the timebase at 400 MHz) and after the
 *      timer is stopped and acknowledged no further interrupt may come.
 *   e. re-routing: with MSR[CE] = 0 an expiry latches on cint (GTVPR0's
 *      activity bit), then GTDR0 is set to P0 (int of core 0) and CTPR to
 *      0: with MSR[EE] = 1 it must arrive once as an external input
 *      (IVOR4) with IACK = 0x50, end with EOI, and cint must be released
 *      (no critical input once MSR[CE] is set again).
 *   f. control, a level source: MSI bank source 224 (vector 0x60) routed
 *      to cint (ILR on MPIC 4.2, IDR CI0 on 2.0) and triggered through
 *      MSIIR must be taken, stay asserted while unacknowledged and be
 *      released by reading MSIR0 (this worked on stock QEMU already).
 *   g. ppce500 only (MPIC 4.1+ masks critical sources; 2.0 does not): an
 *      expiry while GTVPR0[MSK] = 1 must not interrupt, must stay latched,
 *      and must arrive once when the unmasking write clears MSK.
 * Measures (run with -icount shift=0,sleep=off: 1 instruction = 1 virtual
 * ns, timebase tick = 2.5 ns): timebase ticks from the expiry (P * 16
 * ticks after the GTBCR write that started the count) to the first
 * instruction of the IVOR0 handler, resolution 1 tick (2.5 ns). These are
 * figures of the emulation, not of silicon.
 *
 * Manual: MPC8544E PowerQUICC III Integrated Processor Reference Manual,
 * chapter 10 "Programmable Interrupt Controller (PIC)": global timer
 * registers GTBCRn/GTVPRn/GTDRn (the destination register's CI bits route
 * the timer to cint), 10.4 "critical interrupts" are not subject to
 * priority, IACK or EOI. e500CORERM 5.7.1 "Critical Input Interrupt":
 * gated by MSR[CE], saved in CSRR0/1, returned from with rfci.
 * How a latched edge on cint is released on silicon could not be checked
 * here; the patch documents the model's choice (a GTVPR write).
 *
 * Why stock QEMU 7.2 fails: on MPIC 4.2 write_IRQreg_idr() keeps only the
 * CPU bits of GTDR (step a reads 0); on MPIC 2.0 qemu_timer_cb() replaced
 * the routing computed from the CI bits by the raw register value; and
 * openpic_set_irq() drops an edge on a non-INT output in the same call
 * that raised it, so the core never sees a timer on cint. Fixed by
 * qemu/patches/0006-hw-intc-openpic-latch-edge-sources-on-critical-output.patch.
 *
 * Runs on qemu-system-ppc -M ppce500 -cpu e500v2 -kernel <elf> -no-reboot
 * -icount shift=0,sleep=off; prints one "PROBE mpic-timer-cint: ..." line.
 */
#define PROBE_NAME "mpic-timer-cint"
#include "ppce500.S"

#define MPIC		(CCSR_EA + 0x40000)
#define GTCCR0		(MPIC + 0x1100)
#define GTBCR0		(MPIC + 0x1110)
#define GTVPR0		(MPIC + 0x1120)
#define GTDR0		(MPIC + 0x1130)
#define GT_CI		0x80000000	/* GTBCR count inhibit */
#define GTDR_CI0	0x40000000	/* destination: cint of core 0 */
#define VPR		0x000f0050	/* unmasked, priority 15, vector 0x50 */
#define PERIOD		250		/* MPIC clocks (25 MHz): 10 us */
#define TB_PERIOD	(PERIOD * 16)	/* timebase ticks (400 MHz) */
#define WANT		10		/* handler entries to collect */

/* global timer A0: start counting PERIOD down / stop it (clobber r4, r5) */
.macro TIMER_START
	LA	r4, GTBCR0
	li	r5, PERIOD
	stw	r5, 0(r4)		/* GTBCR0: CI = 0 starts the count */
	sync
.endm
.macro TIMER_STOP
	LA	r4, GTBCR0
	LA	r5, GT_CI | PERIOD
	stw	r5, 0(r4)
	sync
.endm
#define CTPR0		(MPIC + 0x20080)	/* core 0: current task priority */
#define IACK0		(MPIC + 0x200a0)	/* core 0: interrupt acknowledge */
#define EOI0_OFF	0x10			/* EOI, from IACK0 */
#define VPR_A		0x40000000	/* GTVPR activity bit (read-only) */
#define MSI_VPR		0x000f0060	/* source 224: unmasked, prio 15, vector 0x60 */
#define SRC224		(MPIC + 0x10000 + 224 * 0x20)	/* IVPR; IDR +0x10, ILR +0x18 */
#define MSIR0		(MPIC + 0x1600)	/* read: the bank's pending bits, cleared */
#define MSIIR		(MPIC + 0x1740)	/* write 0: source 224, bit 0 */

/*
 * Registers: r21 = VPR, r22 = &GTVPR0, r23 = log, r24 = critical handler
 * entries (the IVOR0 handler uses only r21-r27 and restores CR); r28 =
 * external input entries, r29 = the IACK value the IVOR4 handler read (it
 * uses r27-r30), then in step f 1 = "acknowledge by reading MSIR0"; r31 =
 * the critical entry left unacknowledged; the rest is main's.
 */
	.section .text.entry, "ax"
	.globl	_start
_start:
	map_ccsr
	set_ivors
	LA	r21, VPR
	LA	r22, GTVPR0
	LA	r23, log
	li	r24, 0
	li	r29, 0
	li	r31, 1			/* a-d: leave entry 1 unacknowledged */
	LA	r4, GTBCR0
	lis	r5, GT_CI@h
	stw	r5, 0(r4)		/* timer stopped */
	stw	r21, 0(r22)		/* GTVPR0 */
	LA	r4, GTDR0
	lis	r5, GTDR_CI0@h
	stw	r5, 0(r4)
	sync
	lwz	r10, 0(r4)
	cmpw	r10, r5
	bne	bad_tdr			/* a */
	mfmsr	r4
	oris	r4, r4, MSR_CE@h
	mtmsr	r4
	isync
	LA	r4, GTBCR0
	li	r5, PERIOD
	mftb	r11			/* start of the count */
	stw	r5, 0(r4)		/* GTBCR0: CI = 0 starts the count */
	sync
	/* wait for WANT entries, at most 20 periods */
	lis	r12, (20 * TB_PERIOD)@h
	ori	r12, r12, (20 * TB_PERIOD)@l
1:	cmpwi	r24, WANT
	bge	2f
	mftb	r4
	subf	r4, r11, r4
	cmplw	r4, r12
	blt	1b
2:	TIMER_STOP
	stw	r21, 0(r22)		/* acknowledge any latched expiry */
	sync
	mr	r13, r24
	cmpwi	r13, WANT
	blt	too_few			/* b */
	/* d: nothing more may come in the next 3 periods */
	mftb	r14
	lis	r12, (3 * TB_PERIOD)@h
	ori	r12, r12, (3 * TB_PERIOD)@l
3:	mftb	r4
	subf	r4, r14, r4
	cmplw	r4, r12
	blt	3b
	cmpw	r24, r13
	bne	still_asserted
	/* c: entry 1 is the unacknowledged expiry 1 again, well before expiry 2 */
	lwz	r4, 0(r23)
	lwz	r5, 4(r23)
	subf	r15, r4, r5
	cmplwi	r15, TB_PERIOD / 4
	bge	not_latched
	/* d: expiries 2..WANT-1 (entries 2..WANT-1) follow expiry 1 by P each */
	li	r16, 2			/* entry */
	lwz	r17, 0(r23)		/* previous expiry's entry time */
4:	slwi	r4, r16, 2
	lwzx	r18, r23, r4
	subf	r15, r17, r18
	cmplwi	r15, TB_PERIOD
	bne	bad_period
	mr	r17, r18
	addi	r16, r16, 1
	cmpwi	r16, WANT
	blt	4b
	/* e: an expiry latched on cint, re-routed to int */
	li	r28, 0
	li	r29, -1
	mfmsr	r4
	rlwinm	r4, r4, 0, ~MSR_CE	/* CE = 0, EE = 0 */
	mtmsr	r4
	isync
	mr	r13, r24
	TIMER_START
	mftb	r14
5:	lwz	r5, 0(r22)
	andis.	r5, r5, VPR_A@h
	bne	6f
	mftb	r5
	subf	r5, r14, r5
	cmplwi	r5, 3 * TB_PERIOD
	blt	5b
	b	not_latched_ce0
6:	TIMER_STOP
	LA	r4, GTDR0
	li	r5, 1
	stw	r5, 0(r4)		/* GTDR0 = P0: int of core 0 */
	LA	r4, CTPR0
	li	r5, 0
	stw	r5, 0(r4)
	sync
	wrteei	1
	li	r5, 1000
	mtctr	r5
7:	bdnz	7b
	wrteei	0
	cmpwi	r28, 1
	bne	bad_ext_count
	cmpwi	r29, 0x50
	bne	bad_iack
	mfmsr	r4
	oris	r4, r4, MSR_CE@h
	mtmsr	r4
	isync
	li	r5, 1000
	mtctr	r5
8:	bdnz	8b
	cmpw	r24, r13
	bne	cint_kept
	/* f: MSI source 224, a level source, on cint */
	mr	r13, r24
	addi	r31, r24, 1		/* its first entry stays unacknowledged */
	li	r29, 1			/* the handler reads MSIR0 to acknowledge */
	LA	r4, SRC224
	LA	r5, MSI_VPR
	stw	r5, 0(r4)		/* IVPR */
#ifdef MPC8544DS
	lis	r5, GTDR_CI0@h		/* IDR: CI0 */
	stw	r5, 0x10(r4)
#else
	li	r5, 1
	stw	r5, 0x10(r4)		/* IDR: P0 */
	stw	r5, 0x18(r4)		/* ILR: INTTGT = cint */
#endif
	LA	r4, MSIIR
	li	r5, 0
	stw	r5, 0(r4)		/* trigger */
	sync
	li	r5, 1000
	mtctr	r5
9:	bdnz	9b
	subf	r10, r13, r24
	cmpwi	r10, 2
	bne	bad_msi
#ifndef MPC8544DS
	/* g: an expiry under GTVPR0[MSK] waits for the unmasking write */
	li	r29, 0			/* acknowledge timers again */
	li	r31, 0			/* every entry acknowledged */
	LA	r4, GTDR0
	lis	r5, GTDR_CI0@h
	stw	r5, 0(r4)		/* back on cint */
	LA	r5, (VPR | 0x80000000)
	stw	r5, 0(r22)		/* GTVPR0: masked */
	sync
	mr	r13, r24
	TIMER_START
	mftb	r14
10:	mftb	r5
	subf	r5, r14, r5
	cmplwi	r5, TB_PERIOD + TB_PERIOD / 2
	blt	10b
	TIMER_STOP			/* after one expiry */
	subf	r10, r13, r24
	cmpwi	r10, 0
	bne	bad_masked
	stw	r21, 0(r22)		/* unmask */
	sync
	li	r5, 1000
	mtctr	r5
11:	bdnz	11b
	subf	r10, r13, r24
	cmpwi	r10, 1
	bne	bad_unmasked
#endif
	/* the figure: expiry 1 to the handler's first instruction */
	lwz	r4, 0(r23)
	subf	r15, r11, r4
	addi	r15, r15, -TB_PERIOD
	cmplwi	r15, 1000		/* also catches "before the expiry" */
	bge	bad_latency
	SAY	s_pass
	mr	r3, r15
	bl	putdec
	SAY	s_pass2
	mulli	r3, r15, 5		/* ticks * 2.5 ns, printed as tenths */
	bl	put_half
	SAY	s_pass3
	li	r3, WANT - 2
	bl	putdec
	SAY	s_pass4
	b	exit

/* put_half(r3 = 2 * value): "value" with ".5" when odd */
put_half:
	mflr	r20
	andi.	r19, r3, 1
	srwi	r3, r3, 1
	bl	putdec
	cmpwi	r19, 0
	beq	1f
	SAY	s_half
1:	mtlr	r20
	blr

/* failures: the message, then the value that was wrong */
bad_tdr:
	SAY	s_badtdr
	SAYHEX	r10
	FAIL_END
too_few:
	SAY	s_toofew
	SAYHEX	r13
	FAIL_END
still_asserted:
	SAY	s_still
	subf	r10, r13, r24
	SAYHEX	r10
	FAIL_END
not_latched:
	SAY	s_notlatched
	SAYHEX	r15
	FAIL_END
bad_period:
	SAY	s_badperiod
	SAYHEX	r15
	FAIL_END
bad_latency:
	SAY	s_badlat
	SAYHEX	r15
	FAIL_END
not_latched_ce0:
	SAY	s_notlatched0
	lwz	r10, 0(r22)
	SAYHEX	r10
	FAIL_END
bad_ext_count:
	SAY	s_extcount
	SAYHEX	r28
	FAIL_END
bad_iack:
	SAY	s_iack
	SAYHEX	r29
	FAIL_END
cint_kept:
	SAY	s_cintkept
	subf	r10, r13, r24
	SAYHEX	r10
	FAIL_END
bad_msi:
	SAY	s_badmsi
	SAYHEX	r10
	FAIL_END
bad_masked:
	SAY	s_badmasked
	SAYHEX	r10
	FAIL_END
bad_unmasked:
	SAY	s_badunmasked
	SAYHEX	r10
	FAIL_END

/* IVOR4 external input: acknowledge (r29 = vector), count, end with EOI */
ext_handler:
	LA	r27, IACK0
	lwz	r29, 0(r27)
	addi	r28, r28, 1
	li	r30, 0
	stw	r30, EOI0_OFF(r27)
	sync
	rfi

/* IVOR0 critical input, entered from ivec_0 with r25 = timebase at entry */
crit_handler:
	mfcr	r26			/* main's compares must survive */
	cmpwi	r24, 16
	bge	1f
	slwi	r27, r24, 2
	stwx	r25, r23, r27
1:	addi	r24, r24, 1
	cmpw	r24, r31
	beq	2f			/* leave this one latched */
	cmpwi	r29, 1
	beq	4f
	stw	r21, 0(r22)		/* acknowledge the timer: rewrite GTVPR0 */
	sync
	b	2f
4:	lis	r27, MSIR0@h		/* acknowledge the MSI: read MSIR0 */
	ori	r27, r27, MSIR0@l
	lwz	r27, 0(r27)
2:	cmpwi	r24, 1000		/* a storm (cint stuck): return with CE = 0 */
	blt	3f
	mfspr	r27, SPR_CSRR1
	rlwinm	r27, r27, 0, ~MSR_CE
	mtspr	SPR_CSRR1, r27
3:	mtcr	r26
	rfci

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS (" MACHINE ": timer expiry to cint handler: "
s_pass2: .asciz " TB ticks = "
s_pass3: .asciz " ns virtual; latched until acknowledged; "
s_pass4: .asciz " periods exact; re-routes to int; MSI on cint)\r\n"
s_half:	.asciz ".5"
s_badtdr: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": GTDR0 CI0 not accepted: GTDR0="
s_toofew: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": timer on cint: critical interrupts in 20 periods="
s_still: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": cint still asserted after stop and acknowledge: extra entries="
s_notlatched: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": unacknowledged expiry did not stay asserted: next entry after TB ticks="
s_badperiod: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": expiries not one period apart: TB ticks="
s_notlatched0: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": e: expiry with MSR[CE]=0 not latched on cint: GTVPR0="
s_extcount: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": e: latched expiry re-routed to int: external input entries="
s_iack:	.asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": e: IACK after re-routing to int="
s_cintkept: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": e: cint still asserted after re-routing to int: critical entries="
s_badmsi: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": f: MSI on cint: critical entries (want 2: unacknowledged, then read MSIR0)="
s_badmasked: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": g: expiry under GTVPR0[MSK]=1 interrupted: critical entries="
s_badunmasked: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": g: expiry latched under MSK, after unmasking: critical entries (want 1)="
s_badlat: .asciz "PROBE " PROBE_NAME ": FAIL (" MACHINE ": implausible expiry-to-handler TB ticks="

	.section .bss
	.balign	4
log:	.space	16 * 4

/* interrupt vectors: IVPR-aligned by link.ld, 16-byte stubs */
	.section .vectors, "ax"
ivec:
	.balign	16
ivec_0:
	mftb	r25
	b	crit_handler
	.balign	16
ivec_4:
	b	ext_handler
	unexpected_ivors 1,2,3,5,6,7,8,9,10,11,12,13,14,15,32,33,34,35
