/* SPDX-License-Identifier: MIT */
/*
 * sh4-intc-priority: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH7750/SH7751 hardware manual, chapter "Interrupt
 * Controller (INTC)": interrupt priority levels set in IPRA-IPRD, a source
 * is accepted only when its level is greater than SR.IMASK, the highest
 * level wins when several are pending, INTEVT holds the accepted code):
 *   TMU0 (INTEVT 0x400) is given level 10 and TMU1 (INTEVT 0x420) level 15
 *   in IPRA, with BL=0.
 *   a. IMASK=15: TMU0 made pending by polling TCR0.UNF; nothing taken.
 *   b. IMASK=12: TMU0 (level 10) must stay pending, not taken.
 *   c. TMU1 (level 15) started: it must be taken while TMU0 is pending.
 *   d. IMASK=10: TMU0 still not taken (level must be > IMASK).
 *   e. IMASK=9: TMU0 now taken.
 *   f. Both pending under IMASK=15, then IMASK=0: TMU1 (15) must be taken
 *      before TMU0 (10).
 *   g. TMU0's IPRA field changed 10 -> 11 (non-zero to non-zero), IMASK=10:
 *      TMU0 must still be enabled and be taken.
 * The interrupt handler logs INTEVT; main checks the log after each step.
 *
 * Why stock QEMU 7.2 fails: hw/intc/sh_intc.c sh_intc_get_pending_vector()
 * masks only at IMASK == 15 and otherwise returns the first pending source
 * in table order, so TMU0 is taken at step b; and sh_intc_write() counts a
 * non-zero to non-zero IPR change as a second enable, disabling the source.
 * Fixed by qemu/patches/0003-hw-intc-sh_intc-priority-levels-and-IMASK.patch.
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS" or
 * "PROBE-RESULT FAIL <step> ...", then the FPGA POWOFF register stops QEMU.
 * Loaded raw with -kernel at 0x0c800000, entered at 0xac800000 (P2) with
 * SR.BL=1, IMASK=15 (hw/sh4/r2d.c). Pure assembly on purpose (GCC 12's SH back
 * end miscompiled C in the project's early probing).
 */

	.set	INTEVT,   0xff000028
	.set	EXPEVT,   0xff000024
	.set	IPRA,     0xffd00004
	.set	TMU,      0xffd80000	/* TSTR +4, TCOR0 +8, TCNT0 +0xc, TCR0 +0x10,
					   TCOR1 +0x14, TCNT1 +0x18, TCR1 +0x1c */
	.set	SCFTDR2,  0xffe8000c
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x40000000	/* MD=1, RB=0, BL=0 */

	.include "r2d-macros.s"

	.text
	START_AND_EXCEPTION_VECTOR
/* ---- VBR+0x600: interrupt: log INTEVT, acknowledge the TMU channel ---- */
	LOG_INTEVT
	LI	r5, TMU
	LI	r0, 0x400
	cmp/eq	r0, r1
	bf	2f
	TMU_STOP_ACK r5, 0xfe, 0x10	/* TMU0 */
	bra	9f
	nop
2:	LI	r0, 0x420
	cmp/eq	r0, r1
	bf	3f
	TMU_STOP_ACK r5, 0xfd, 0x1c	/* TMU1 */
	bra	9f
	nop
3:	LI	r6, IPRA		/* unexpected source: mask all of IPRA */
	mov	#0, r0
	mov.w	r0, @r6
9:	rte
	nop

/* ---- main ---- */
	MAIN_START 15		/* clears BL */
	LI	r8, TMU
	LI	r9, IPRA
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* TSTR = 0 */
	mov	#0x20, r0		/* UNIE, Pphi/4 */
	mov.w	r0, @(0x10, r8)
	mov.w	r0, @(0x1c, r8)
	mov	#100, r0
	mov.l	r0, @(0x08, r8)		/* TCOR0 */
	mov.l	r0, @(0x0c, r8)		/* TCNT0 */
	mov.l	r0, @(0x14, r8)		/* TCOR1 */
	mov.l	r0, @(0x18, r8)		/* TCNT1 */
	LI	r0, 0xaf00		/* TMU0 level 10, TMU1 level 15 */
	mov.w	r0, @r9

	/* a: TMU0 pending under IMASK=15 */
	mov	#1, r0
	mov.b	r0, @(4, r8)
	bsr	wait_unf0
	nop
	mov	#0, r0
	mov.b	r0, @(4, r8)
	SPIN	2000
	EXPECT_N 0, msg_a

	/* b: IMASK=12, TMU0 (level 10) must stay pending */
	SETIMASK 12
	SPIN	20000
	EXPECT_N 0, msg_b

	/* c: TMU1 (level 15) must be taken */
	mov	#2, r0
	mov.b	r0, @(4, r8)
	LI	r4, 2000000
1:	stc	sr, r0
	ldc	r0, sr
	LI	r1, log_n
	mov.l	@r1, r0
	tst	r0, r0
	bf	2f
	dt	r4
	bf	1b
2:	SPIN	20000
	EXPECT_N 1, msg_c
	EXPECT_LOG 0, 0x420, msg_c

	/* d: IMASK=10, TMU0 (level 10) still not taken */
	SETIMASK 10
	SPIN	20000
	EXPECT_N 1, msg_d

	/* e: IMASK=9, TMU0 taken */
	SETIMASK 9
	SPIN	20000
	EXPECT_N 2, msg_e
	EXPECT_LOG 1, 0x400, msg_e

	/* f: both pending under IMASK=15; at IMASK=0 level 15 goes first */
	SETIMASK 15
	mov	#3, r0
	mov.b	r0, @(4, r8)
	bsr	wait_unf0
	nop
	bsr	wait_unf1
	nop
	mov	#0, r0
	mov.b	r0, @(4, r8)
	SETIMASK 0
	SPIN	20000
	EXPECT_N 4, msg_f
	EXPECT_LOG 2, 0x420, msg_f
	EXPECT_LOG 3, 0x400, msg_f

	/* g: IPRA TMU0 10 -> 11 must keep TMU0 enabled */
	SETIMASK 15
	LI	r0, 0xbf00
	mov.w	r0, @r9
	mov	#1, r0
	mov.b	r0, @(4, r8)
	bsr	wait_unf0
	nop
	SETIMASK 10
	SPIN	20000
	EXPECT_N 5, msg_g
	EXPECT_LOG 4, 0x400, msg_g

	SETIMASK 15
	LI	r4, msg_pass
	bsr	puts
	nop
	bra	poweroff
	nop

/* r10 = message; then the INTEVT log: n, then its first min(n, 16)
 * entries (log follows log_n) */
fail:
	LI	r11, log_n
	mov.l	@r11, r12
	mov	#16, r0
	cmp/hs	r0, r12
	bf	1f
	mov	#16, r12
1:	add	#1, r12
	LI	r13, msg_log
	bra	fail_record
	nop


	.include "r2d-io.s"

/* poll TCR0 / TCR1 for UNF (bit 8); fail on timeout */
wait_unf0:
	WAIT_UNF 0x10
	rts
	nop

wait_unf1:
	WAIT_UNF 0x1c
	rts
	nop

msg_pass: .asciz "PROBE-RESULT PASS\r\n"
msg_a:	.asciz "a: interrupt taken under IMASK=15"
msg_b:	.asciz "b: level-10 TMU0 taken under IMASK=12"
msg_c:	.asciz "c: level-15 TMU1 not taken (alone, first) under IMASK=12"
msg_d:	.asciz "d: level-10 TMU0 taken under IMASK=10"
msg_e:	.asciz "e: level-10 TMU0 not taken after IMASK=9"
msg_f:	.asciz "f: with both pending, level 15 not taken before level 10"
msg_g:	.asciz "g: TMU0 not taken after its IPRA level changed 10->11"
msg_to:	.asciz "timeout waiting for TCR.UNF"
msg_log: .asciz " (INTEVT log: n, entries:"

	.balign	4
log_n:	.long	0
log:	.space	64
	.space	256
stack_top:
