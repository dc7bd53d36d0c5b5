/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-slt: do the MPC5200B slice timers count and interrupt as the
 * co-kernel uses them (SLT0: one-shot RT timer on the critical group;
 * SLT1: a count-1 expiry as a software-raised interrupt on the main group)?
 *
 * Checks (IPB = 132 MHz, timebase = 33 MHz: 4 IPB clocks per tick):
 * 1. period: SLT0 with TCR = 13199 in run mode counts 13200 IPB clocks =
 *    3300 timebase ticks from TIMEN to TSR[ST], then again 3300 from the
 *    reload (polled; 3300-3302 accepted); CVR counts down from TCR;
 * 2. TSR[ST] is write 1 to clear: a 0 written leaves it, a 1 clears it;
 * 3. one-shot: SLT0 routed to core_cint (ICTL ctrl CEb = 0), TCR = 3999,
 *    RW|INTEN|TIMEN; the critical handler writes CNTRL = 0 and acks ST;
 *    exactly one interrupt in three periods;
 * 4. count-1: SLT1 with TCR = 0 (one IPB clock), INTEN|TIMEN, main group
 *    source 0 unmasked: the external interrupt comes after a few
 *    instructions; the handler stops SLT1 and acks; exactly one;
 * The figures (the two periods, the loop iterations before the count-1
 * interrupt) are printed; `run` boots twice under -icount shift=0,
 * sleep=off and the two lines must be identical.
 *
 * Sources: the manual's slice timer section was not available; layout and
 * bits from RTEMS' gen5200 BSP (third-party, unverified), the counting (a
 * period of TCR + 1 clocks) from Linux's ColdFire MCF547x sltimers.c.
 *
 * Why stock QEMU fails: it has no lite5200b machine (and no slice timer
 * model). Fixed by qemu/patches/0022 and 0026.
 */
#define PROBE_NAME "mpc52xx-slt"
#include "lite5200b.S"

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200, 0x300, 0x400
	VEC	0x500, ext_handler
	VEC_UNEXPECTED 0x600, 0x700, 0x800, 0x900
	VEC	0xa00, crit_handler
	VEC_UNEXPECTED 0xc00, 0xd00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	LA	r14, ICTL
	LA	r15, SLT0
	LA	r16, SLT1
	li	r21, 0			/* external interrupts */
	li	r22, 0			/* critical interrupts */
	li	r4, 0			/* CEb = 0; everything masked at reset */
	stw	r4, ICTL_CTRL(r14)

	/* 1. period against the timebase, CVR counting down */
	li	r31, 1
	li	r4, 13199
	stw	r4, SLT_TCR(r15)
	lis	r5, (SLT_RW | SLT_TIMEN)@h
	mftb	r17
	stw	r5, SLT_CNTRL(r15)
	lwz	r18, SLT_CVR(r15)
	li	r4, 50			/* some IPB clocks later */
	mtctr	r4
0:	bdnz	0b
	lwz	r19, SLT_CVR(r15)
1:	lwz	r4, SLT_TSR(r15)
	andis.	r4, r4, SLT_ST@h
	beq	1b
	mftb	r20
	lis	r4, SLT_ST@h
	stw	r4, SLT_TSR(r15)
2:	lwz	r4, SLT_TSR(r15)
	andis.	r4, r4, SLT_ST@h
	beq	2b
	mftb	r25
	subf	r24, r17, r20		/* first period */
	subf	r25, r20, r25		/* second period */
	cmplwi	r18, 13199
	bgt	bad_cvr
	cmplw	r19, r18
	bge	bad_cvr
	cmpwi	r24, 3300
	blt	bad_period
	cmpwi	r24, 3302
	bgt	bad_period
	cmpwi	r25, 3300
	blt	bad_period
	cmpwi	r25, 3302
	bgt	bad_period

	/* 2. TSR[ST]: write 1 to clear */
	li	r31, 2
	li	r4, 0
	stw	r4, SLT_CNTRL(r15)	/* stop; ST is set */
	stw	r4, SLT_TSR(r15)
	lwz	r20, SLT_TSR(r15)
	andis.	r4, r20, SLT_ST@h
	beq	bad_tsr
	lis	r4, SLT_ST@h
	stw	r4, SLT_TSR(r15)
	lwz	r20, SLT_TSR(r15)
	andis.	r4, r20, SLT_ST@h
	bne	bad_tsr

	/* 3. one-shot on core_cint: the handler stops the timer */
	li	r31, 3
	li	r4, MSR_CE
	mtmsr	r4
	li	r4, 3999
	stw	r4, SLT_TCR(r15)
	lis	r5, (SLT_RW | SLT_INTEN | SLT_TIMEN)@h
	stw	r5, SLT_CNTRL(r15)
	LA	r4, 100000		/* > three periods of 4000 IPB clocks */
	mtctr	r4			/* (91 us; >= 1 ns per instruction) */
3:	bdnz	3b
	li	r4, 0
	mtmsr	r4
	cmpwi	r22, 1
	bne	bad_count
	lwz	r20, SLT_TSR(r15)
	andis.	r4, r20, SLT_ST@h
	bne	bad_tsr

	/* 4. count-1 on SLT1, main source 0: a software interrupt */
	li	r31, 4
	LA	r4, 0x00000fff		/* unmask main 0 */
	stw	r4, ICTL_MAIN_MASK(r14)
	li	r4, 0
	stw	r4, SLT_TCR(r16)
	LA	r4, MSR_EE
	mtmsr	r4
	li	r26, 0
	lis	r5, (SLT_INTEN | SLT_TIMEN)@h
	stw	r5, SLT_CNTRL(r16)
4:	addi	r26, r26, 1
	cmpwi	r26, 10000
	bge	5f
	cmpwi	r21, 0
	beq	4b
5:	LA	r4, 100
	mtctr	r4
6:	bdnz	6b
	li	r4, 0
	mtmsr	r4
	cmpwi	r21, 1
	bne	bad_count

	SAY	s_pass
	SAYDEC	r24
	SAY	s_and
	SAYDEC	r25
	SAY	s_ticks
	SAYDEC	r26
	SAY	s_iter
	b	exit

/* 0x500: SLT1 off and acked */
ext_handler:
	li	r23, 0
	stw	r23, SLT_CNTRL(r16)
	lis	r23, SLT_ST@h
	stw	r23, SLT_TSR(r16)
	addi	r21, r21, 1
	rfi

/* 0xA00: SLT0 off and acked, the co-kernel's one-shot */
crit_handler:
	li	r23, 0
	stw	r23, SLT_CNTRL(r15)
	lis	r23, SLT_ST@h
	stw	r23, SLT_TSR(r15)
	addi	r22, r22, 1
	RFCI

bad_cvr:
	SAY	s_cvr
	SAYHEX	r18
	SAY	s_and
	SAYHEX	r19
	b	step
bad_period:
	SAY	s_period
	SAYDEC	r24
	SAY	s_and
	SAYDEC	r25
	b	step
bad_tsr:
	SAY	s_tsr
	SAYHEX	r20
	b	step
bad_count:
	SAY	s_count
	SAYDEC	r21
	SAY	s_sep
	SAYDEC	r22
step:
	SAY	s_step
	SAYDEC	r31
	FAIL_END

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS (periods "
s_and:	.asciz " and "
s_ticks: .asciz " timebase ticks, count-1 interrupt after "
s_iter:	.asciz " loop iterations)\r\n"
s_cvr:	.asciz "PROBE " PROBE_NAME ": FAIL (CVR does not count down from TCR: "
s_period: .asciz "PROBE " PROBE_NAME ": FAIL (periods not 3300-3302 timebase ticks: "
s_tsr:	.asciz "PROBE " PROBE_NAME ": FAIL (TSR "
s_count: .asciz "PROBE " PROBE_NAME ": FAIL (external/critical interrupts taken: "
s_sep:	.asciz "/"
s_step:	.asciz " at step "
