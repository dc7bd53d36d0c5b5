/* SPDX-License-Identifier: MIT */
/*
 * r2d-macros.s - assembler macros shared by the r2d (SH-4) probes: LI
 * (32-bit constant), SETIMASK, the T-bit/log checks (they branch to the
 * probe's `fail` with r10 = message and read its `log_n`/`log`), SPIN
 * (calls `spin` in r2d-io.s). .include it before the code (lib/r2d.mk
 * passes -I); a macro a probe does not use costs nothing.
 */
/* load a 32-bit constant */
	.macro	LI reg, val
	mov.l	901f, \reg
	bra	902f
	nop
	.balign	4
901:	.long	\val
902:
	.endm

	.macro	SETIMASK n
	LI	r0, (SR_BASE | (\n << 4))
	ldc	r0, sr
	.endm

/* fail with message \msg unless T is set */
	.macro	ASSERT_T msg
	bt	951f
	LI	r10, \msg
	bra	fail
	nop
951:
	.endm

	.macro	EXPECT_N n, msg
	LI	r1, log_n
	mov.l	@r1, r0
	cmp/eq	#\n, r0
	ASSERT_T \msg
	.endm

	.macro	EXPECT_LOG idx, val, msg
	LI	r1, (log + 4 * \idx)
	mov.l	@r1, r2
	LI	r3, \val
	cmp/eq	r2, r3
	ASSERT_T \msg
	.endm

/* fail with message \msg unless the word at \addr equals \val */
	.macro	EXPECT_H addr, val, msg
	LI	r1, \addr
	mov.l	@r1, r2
	LI	r3, \val
	cmp/eq	r2, r3
	ASSERT_T \msg
	.endm

/*
 * Poll the TCR at offset \tcr from the TMU base in r8 (0x10 TCR0, 0x1c
 * TCR1; TMU34 base: TCR3, TCR4) until UNF (bit 8) is set; after 2000000
 * polls fail with the probe's msg_to. Clobbers r0, r4, r10.
 */
	.macro	WAIT_UNF tcr
	LI	r4, 2000000
971:	mov.w	@(\tcr, r8), r0
	shlr8	r0
	tst	#1, r0
	bf	972f
	dt	r4
	bf	971b
	LI	r10, msg_to
	bra	fail
	nop
972:
	.endm

	.macro	SPIN n
	LI	r4, \n
	bsr	spin
	nop
	.endm

/*
 * The image's first 0x600 bytes (use first in .text): _start jumps to the
 * probe's `main`; VBR+0x100, the general exception vector, reports EXPEVT
 * and powers off (r2d-io.s). Ends at VBR+0x600, where the probe puts its
 * interrupt handler.
 */
	.macro	START_AND_EXCEPTION_VECTOR
	.global	_start
_start:
	bra	main
	nop
	.org	0x100
	LI	r4, msg_exc
	LI	r0, puts
	jsr	@r0
	nop
	LI	r4, 0xff000024		/* EXPEVT */
	mov.l	@r4, r4
	LI	r0, puthex
	jsr	@r0
	nop
	LI	r0, poweroff
	jmp	@r0
	nop
	.org	0x600
	.endm

/*
 * The probe's `main`: VBR = the image start, r15 = the probe's stack_top,
 * SR = MD with BL clear and IMASK \imask.
 */
	.macro	MAIN_START imask
main:
	LI	r0, _start
	ldc	r0, vbr
	LI	r15, stack_top
	SETIMASK \imask
	.endm

/*
 * Stop one TMU channel and acknowledge it: clear its TSTR bit (TSTR &=
 * \keep: 0xfe channel 0/3, 0xfd channel 1/4) and write its TCR at \tcr
 * (0x10 or 0x1c) with UNIE set and UNF cleared. \base: the TMU (or TMU34)
 * base register. Clobbers r0.
 */
	.macro	TMU_STOP_ACK base, keep, tcr
	mov.b	@(4, \base), r0
	and	#\keep, r0
	mov.b	r0, @(4, \base)
	mov	#0x20, r0
	mov.w	r0, @(\tcr, \base)
	.endm

/*
 * End of an interrupt handler with r1 = INTEVT and \base (default r8) = the
 * TMU base: TUNI0 (0x400) stops TMU0 and clears its UNF (UNIE stays set);
 * any other source masks everything in IPRA (the probe's fail path reports
 * it). rte.
 */
	.macro	TMU0_IRQ_RETURN base=r8
	LI	r0, 0x400
	cmp/eq	r0, r1
	bf	961f
	TMU_STOP_ACK \base, 0xfe, 0x10
	bra	969f
	nop
961:	LI	r6, 0xffd00004		/* IPRA: mask all */
	mov	#0, r0
	mov.w	r0, @r6
969:	rte
	nop
	.endm

/*
 * Interrupt handler start for probes that keep an INTEVT log: r1 = INTEVT,
 * appended to the probe's log/log_n (at most 16 entries; log_n counts
 * on). Clobbers r0, r2-r4.
 */
	.macro	LOG_INTEVT
	LI	r1, 0xff000028		/* INTEVT */
	mov.l	@r1, r1
	LI	r2, log_n
	mov.l	@r2, r3
	mov	#16, r0
	cmp/hs	r0, r3
	bt	981f
	mov	r3, r0
	shll2	r0
	LI	r4, log
	mov.l	r1, @(r0, r4)
	add	#1, r3
	mov.l	r3, @r2
981:
	.endm
