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
 * End of an interrupt handler with r1 = INTEVT and r8 = the TMU base:
 * TUNI0 (0x400) stops TMU0 and clears its UNF (UNIE stays set); any other
 * source masks everything in IPRA (the probe's fail path reports it). rte.
 */
	.macro	TMU0_IRQ_RETURN
	LI	r0, 0x400
	cmp/eq	r0, r1
	bf	961f
	mov.b	@(4, r8), r0		/* TSTR: stop TMU0 */
	and	#0xfe, r0
	mov.b	r0, @(4, r8)
	mov	#0x20, r0		/* TCR0: UNIE, UNF cleared */
	mov.w	r0, @(0x10, r8)
	bra	969f
	nop
961:	LI	r6, 0xffd00004		/* IPRA: mask all */
	mov	#0, r0
	mov.w	r0, @r6
969:	rte
	nop
	.endm
