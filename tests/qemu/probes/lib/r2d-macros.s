/* SPDX-License-Identifier: MIT */
/*
 * r2d-macros.s - assembler macros shared by the r2d (SH-4) probes: LI
 * (32-bit constant), SETIMASK, the T-bit/log checks (they branch to the
 * probe's `fail` with r10 = message and read its `log_n`/`log`), SPIN
 * (calls the probe's `spin`). .include it before the code (lib/r2d.mk
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

	.macro	SPIN n
	LI	r4, \n
	bsr	spin
	nop
	.endm
