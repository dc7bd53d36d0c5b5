/* SPDX-License-Identifier: MIT */
/*
 * g2-cint: does the G2_LE core take the MPC5200B's critical interrupt as
 * the co-kernel relies on it?
 *
 * Checks, with slice timer 0 raising the ICTL's critical group and ctrl
 * CEb = 0 (critical group -> core_cint):
 * 1. with MSR[CE] = 1 (EE = 0: EE must not mask it) the interrupt is taken
 *    at 0x00A00: CSRR0 = an address in the interrupted loop, CSRR1 = the
 *    MSR's low half, SRR0/SRR1 untouched, the handler runs with MSR[ME]
 *    kept and everything else clear (CE, EE), the ICTL's encoded status shows
 *    critical source 1 (slice timer 0); the handler acks (TSR[ST] write 1)
 *    and stops the timer (the co-kernel's one-shot use), returns with rfci
 *    into the loop with MSR[CE] back. The latency, timebase ticks from
 *    starting the timer to the handler and loop iterations, is printed:
 *    `run` boots twice under -icount shift=0,sleep=off and the two lines
 *    must be identical;
 * 2. with MSR[CE] = 0 an expired timer (TSR[ST] set, line asserted) is not
 *    taken; the mtmsr that sets CE takes it at once (CSRR0 = the next
 *    instruction);
 * 3. a normal exception (sc) clears MSR[CE]: inside the system call
 *    handler an expired timer waits, SRR1 holds CE; the rfi back takes it
 *    at once (CSRR0 = the instruction after sc).
 *
 * Manual: G2 PowerPC Core Reference Manual (G2CORERM) §5.2.1.2 (CSRR0,
 * CSRR1: MSR[16-31]), §5.2.6 (rfci), §5.5.10 (critical interrupt 0x00A00,
 * recognized only while MSR[CE] = 1, level sensitive); MSR[CE] = bit 24
 * (0x80) as on the e300 core (unverified for the G2_LE); MPC5200BUM §7.2
 * (ICTL critical group, CEb), slice timers [RTEMS gen5200, unverified].
 *
 * Why stock QEMU fails: it has no lite5200b machine; its G2_LE model has
 * no critical input, saves a critical interrupt in SRR0/SRR1 and does not
 * decode rfci. Fixed by qemu/patches/0020 (core), 0021 (ICTL), 0022
 * (slice timers), 0026 (machine).
 */
#define PROBE_NAME "g2-cint"
#include "lite5200b.S"

#define TB_TCR		3999		/* 4000 IPB clocks = 1000 timebase ticks */
#define SHORT_TCR	99

	.section .vectors, "ax"
	VEC_UNEXPECTED 0x100, 0x200, 0x300, 0x400, 0x500, 0x600, 0x700, 0x800, 0x900
	VEC	0xa00, crit_handler
	VEC	0xc00, sc_handler
	VEC_UNEXPECTED 0xd00, 0xe00, 0xf00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400

	.section .text.entry, "ax"
	.globl	_start
_start:
	bl	psc1_init
	li	r21, 0			/* critical interrupts taken */
	LA	r4, ICTL
	li	r5, 0			/* ctrl: CEb = 0, critical -> core_cint */
	stw	r5, ICTL_CTRL(r4)

	/* 1. taken with EE = 0, CE = 1 */
	li	r4, MSR_ME | MSR_CE
	mtmsr	r4
	isync
	mfmsr	r2			/* QEMU's mtmsr keeps ME as it was */
	LA	r4, 0x5a5a0000
	mtsrr0	r4
	li	r4, 0x2525
	mtsrr1	r4
	LA	r14, SLT0
	li	r4, TB_TCR
	stw	r4, SLT_TCR(r14)
	LA	r19, 10000000		/* iterations before giving up */
	li	r20, 0
	lis	r5, (SLT_RW | SLT_INTEN | SLT_TIMEN)@h
	mftb	r15			/* timebase when the timer starts */
	stw	r5, SLT_CNTRL(r14)
spin_start:
	addi	r20, r20, 1
	cmpw	r20, r19
	bge	no_interrupt
	cmpwi	r21, 0
	beq	spin_start
spin_end:
	li	r31, 1
	mfmsr	r16
	cmpwi	r21, 1
	bne	bad_count
	LA	r4, spin_start
	cmplw	r25, r4
	blt	bad_csrr0
	LA	r4, spin_end
	cmplw	r25, r4
	bgt	bad_csrr0
	andi.	r4, r2, 0xffff		/* CSRR1 = MSR[16-31] */
	cmpw	r26, r4
	bne	bad_csrr1
	andi.	r4, r2, MSR_ME		/* everything but ME cleared */
	cmpw	r27, r4
	bne	bad_inner_msr
	LA	r4, 0x5a5a0000
	cmpw	r28, r4
	bne	bad_srr
	cmpwi	r29, 0x2525
	bne	bad_srr
	andi.	r4, r23, 0x0700		/* enc_status CSe: flag + source 1 */
	cmpwi	r4, 0x0500
	bne	bad_enc
	cmpw	r16, r2
	bne	bad_after_msr
	subf	r17, r15, r24		/* latency in timebase ticks */
	mr	r18, r20		/* loop iterations */
	cmpwi	r17, 1000
	blt	bad_latency
	cmpwi	r17, 1002
	bgt	bad_latency

	/* 2. CE = 0: the expired timer waits for the mtmsr that sets CE */
	li	r31, 2
	li	r4, MSR_ME
	mtmsr	r4
	isync
	li	r21, 0
	bl	expire_slt0
	cmpwi	r21, 0
	bne	bad_count
	li	r4, MSR_ME | MSR_CE
	mtmsr	r4
after_mtmsr:
	nop
	cmpwi	r21, 1
	bne	bad_count
	LA	r4, after_mtmsr
	cmpw	r25, r4
	bne	bad_csrr0

	/* 3. sc clears CE: the expired timer waits for the rfi back */
	li	r31, 3
	li	r21, 0
	sc
after_sc:
	nop
	cmpwi	r21, 1
	bne	bad_count
	LA	r4, after_sc
	cmpw	r25, r4
	bne	bad_csrr0
	andi.	r4, r2, MSR_ME		/* MSR inside the sc handler */
	cmpw	r12, r4
	bne	bad_sc_msr
	andi.	r4, r13, 0xffff		/* SRR1 inside: CE saved */
	andi.	r5, r2, 0xffff
	cmpw	r4, r5
	bne	bad_sc_msr
	cmpwi	r11, 0			/* taken inside the sc handler */
	bne	bad_sc_msr

	SAY	s_pass
	SAYDEC	r17
	SAY	s_ticks
	SAYDEC	r18
	SAY	s_iter
	b	exit

/* start SLT0 for SHORT_TCR + 1 clocks and wait until TSR[ST] is set */
expire_slt0:
	LA	r14, SLT0
	li	r4, SHORT_TCR
	stw	r4, SLT_TCR(r14)
	lis	r5, (SLT_RW | SLT_INTEN | SLT_TIMEN)@h
	stw	r5, SLT_CNTRL(r14)
1:	lwz	r4, SLT_TSR(r14)
	andis.	r4, r4, SLT_ST@h
	beq	1b
	li	r4, 100			/* and a little longer */
	mtctr	r4
2:	bdnz	2b
	blr

/* 0x00A00: record what the core saved, ack and stop the timer, rfci */
crit_handler:
	mftb	r24
	mfspr	r25, SPR_CSRR0
	mfspr	r26, SPR_CSRR1
	mfmsr	r27
	mfsrr0	r28
	mfsrr1	r29
	LA	r30, ICTL
	lwz	r23, ICTL_ENC(r30)
	LA	r30, SLT0
	li	r22, 0
	stw	r22, SLT_CNTRL(r30)	/* timer off: one shot */
	lis	r22, SLT_ST@h
	stw	r22, SLT_TSR(r30)	/* ack: the line drops */
	addi	r21, r21, 1
	RFCI

/* 0x00C00: MSR and SRR1 inside; expire SLT0 here, it must wait; rfi */
sc_handler:
	mfmsr	r12
	mfsrr1	r13
	mflr	r10
	bl	expire_slt0
	mtlr	r10
	mr	r11, r21
	rfi

no_interrupt:
	SAY	s_noint
	FAIL_END
bad_count:
	SAY	s_count
	SAYHEX	r21
	b	step
bad_csrr0:
	SAY	s_csrr0b
	SAYHEX	r25
	b	step
bad_csrr1:
	SAY	s_csrr1b
	SAYHEX	r26
	b	step
bad_inner_msr:
	SAY	s_inner
	SAYHEX	r27
	b	step
bad_srr:
	SAY	s_srr
	SAYHEX	r28
	SAYHEX	r29
	b	step
bad_enc:
	SAY	s_enc
	SAYHEX	r23
	b	step
bad_after_msr:
	SAY	s_after
	SAYHEX	r16
	b	step
bad_latency:
	SAY	s_lat
	SAYDEC	r17
	b	step
bad_sc_msr:
	SAY	s_scmsr
	SAYHEX	r12
	SAYHEX	r13
	SAYHEX	r11
step:
	SAY	s_step
	SAYDEC	r31
	FAIL_END

	.section .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS (latency "
s_ticks: .asciz " timebase ticks, "
s_iter:	.asciz " loop iterations)\r\n"
s_noint: .asciz "PROBE " PROBE_NAME ": FAIL (no critical interrupt from slice timer 0 with MSR[CE] = 1"
s_count: .asciz "PROBE " PROBE_NAME ": FAIL (critical interrupts taken: "
s_csrr0b: .asciz "PROBE " PROBE_NAME ": FAIL (CSRR0 at the wrong place: "
s_csrr1b: .asciz "PROBE " PROBE_NAME ": FAIL (CSRR1 is not MSR[16-31]: "
s_inner: .asciz "PROBE " PROBE_NAME ": FAIL (MSR in the handler has more than ME: "
s_srr:	.asciz "PROBE " PROBE_NAME ": FAIL (SRR0/SRR1 changed by the critical interrupt: "
s_enc:	.asciz "PROBE " PROBE_NAME ": FAIL (ICTL enc_status does not show critical source 1: "
s_after: .asciz "PROBE " PROBE_NAME ": FAIL (MSR after rfci is not the one before: "
s_lat:	.asciz "PROBE " PROBE_NAME ": FAIL (latency not 1000-1002 timebase ticks: "
s_scmsr: .asciz "PROBE " PROBE_NAME ": FAIL (sc did not clear CE, or the critical was taken inside: MSR, SRR1, count "
s_step:	.asciz " at step "
