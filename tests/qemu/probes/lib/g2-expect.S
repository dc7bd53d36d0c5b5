/* SPDX-License-Identifier: MIT */
/*
 * g2-expect.S - the checks the G2_LE protection probes share (after
 * lite5200b.S, which gives LA, SAY, SAYHEX, puts and FAIL_END):
 *   EXPECT reg, val, what  fail unless \reg == \val, printing
 *                          "\what = <reg>, want <val>" (clobbers r27-r29;
 *                          \what is a string without commas)
 *   LOAD addr              r12 = the word at \addr (clobbers r12)
 *   EXPECT_HANDLERS        the DSI handler (dsi: r24 counts DSIs, r25 and
 *                          r26 keep the last DSISR and DAR, the access is
 *                          skipped) and the mismatch report EXPECT jumps to
 *   EXPECT_STRINGS         the PASS/FAIL texts (in .rodata)
 */
.macro EXPECT reg, val, what
	.pushsection .rodata
9:	.asciz	"\what"
	.popsection
	mr	r27, \reg
	LA	r28, \val
	LA	r29, 9b
	cmpw	r27, r28
	bne	mismatch
.endm

.macro LOAD addr
	LA	r12, \addr
	lwz	r12, 0(r12)
.endm

.macro EXPECT_HANDLERS
dsi:
	addi	r24, r24, 1
	mfspr	r25, 18			/* DSISR */
	mfspr	r26, 19			/* DAR */
	mfsrr0	r20
	addi	r20, r20, 4
	mtsrr0	r20
	rfi

mismatch:
	SAY	s_fail
	mr	r3, r29
	bl	puts
	SAY	s_is
	SAYHEX	r27
	SAY	s_want
	SAYHEX	r28
	FAIL_END
.endm

.macro EXPECT_STRINGS
	.pushsection .rodata
s_pass:	.asciz "PROBE " PROBE_NAME ": PASS\r\n"
s_fail:	.asciz "PROBE " PROBE_NAME ": FAIL ("
s_is:	.asciz " = "
s_want:	.asciz ", want "
	.popsection
.endm
