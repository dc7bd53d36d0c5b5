/* SPDX-License-Identifier: MIT */
/*
 * sh4-tmu34-mask: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH7751R hardware manual, chapter "Interrupt Controller
 * (INTC)", registers INTPRI00, INTMSK00 and INTMSKCLR00: a 1 written to an
 * INTMSK00 bit masks the corresponding source, a 1 written to the same bit
 * of INTMSKCLR00 clears the mask; bit 8 is TMU3 (INTEVT 0xb00), bit 9 is
 * TMU4 (INTEVT 0xb80)):
 *   TMU3 and TMU4 (0xfe100000) get level 15 in INTPRI00, BL=0.
 *   a. INTMSK00 bits 8,9 written (mask); TMU3 made pending under IMASK=15;
 *      IMASK=0: TMU3 must not be taken.
 *   b. INTMSKCLR00 bit 8 written (unmask TMU3): TMU3 must now be taken.
 *   c. TMU4 made pending under IMASK=15, INTMSKCLR00 bit 9 written,
 *      IMASK=0: TMU4 must be taken.
 *   d. INTMSK00 bit 8 written again; TMU3 made pending; IMASK=0: TMU3 must
 *      not be taken.
 * The interrupt handler logs INTEVT; main checks the log after each step.
 *
 * Why stock QEMU 7.2 fails: hw/intc/sh_intc.c treats the INTMSK00 /
 * INTMSKCLR00 pair as enable-set / enable-clear registers, so writing
 * INTMSK00 enables the source (a is taken) and INTMSKCLR00 disables it.
 * Fixed by qemu/patches/0005-hw-intc-sh_intc-INTMSK00-masks-INTMSKCLR00-unmasks.patch.
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS" or
 * "PROBE-RESULT FAIL <step> ...", then the FPGA POWOFF register stops QEMU.
 * Loaded raw with -kernel at 0x0c800000, entered at 0xac800000 (P2) with
 * SR.BL=1, IMASK=15 (hw/sh4/r2d.c).
 */

	.set	EXPEVT,      0xff000024
	.set	INTEVT,      0xff000028
	.set	IPRA,        0xffd00004
	.set	INTPRI00,    0xfe080000
	.set	INTMSK00,    0xfe080040
	.set	INTMSKCLR00, 0xfe080060
	.set	TMU34,       0xfe100000	/* TSTR2 +4, TCOR3 +8, TCNT3 +0xc, TCR3 +0x10,
					   TCOR4 +0x14, TCNT4 +0x18, TCR4 +0x1c */
	.set	SCFTDR2,     0xffe8000c
	.set	POWOFF,      0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,     0x40000000	/* MD=1, RB=0, BL=0 */

	.include "r2d-macros.s"

	.macro	WREG addr, val
	LI	r1, \addr
	LI	r0, \val
	mov.l	r0, @r1
	.endm

	.text
	START_AND_EXCEPTION_VECTOR
/* ---- VBR+0x600: interrupt: log INTEVT, acknowledge the TMU channel ---- */
	LOG_INTEVT
	LI	r5, TMU34
	LI	r0, 0xb00
	cmp/eq	r0, r1
	bf	2f
	TMU_STOP_ACK r5, 0xfe, 0x10	/* TMU3 */
	bra	9f
	nop
2:	LI	r0, 0xb80
	cmp/eq	r0, r1
	bf	3f
	TMU_STOP_ACK r5, 0xfd, 0x1c	/* TMU4 */
	bra	9f
	nop
3:	LI	r6, INTPRI00		/* unexpected source: mask all levels */
	mov	#0, r0
	mov.l	r0, @r6
	LI	r6, IPRA
	mov.w	r0, @r6
9:	rte
	nop

/* ---- main ---- */
	MAIN_START 15		/* clears BL */
	LI	r8, TMU34
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* TSTR2 = 0 */
	mov	#0x20, r0		/* UNIE, Pphi/4 */
	mov.w	r0, @(0x10, r8)
	mov.w	r0, @(0x1c, r8)
	mov	#100, r0
	mov.l	r0, @(0x08, r8)		/* TCOR3 */
	mov.l	r0, @(0x14, r8)		/* TCOR4 */
	WREG	INTPRI00, 0xff00	/* TMU4, TMU3 level 15 */

	/* a: INTMSK00 bits 8,9 (mask); TMU3 pending; IMASK=0: not taken */
	WREG	INTMSK00, 0x300
	bsr	pend3
	nop
	SETIMASK 0
	SPIN	20000
	SETIMASK 15
	EXPECT_N 0, msg_a

	/* b: INTMSKCLR00 bit 8 (unmask TMU3): taken */
	WREG	INTMSKCLR00, 0x100
	SETIMASK 0
	SPIN	20000
	SETIMASK 15
	EXPECT_N 1, msg_b
	EXPECT_LOG 0, 0xb00, msg_b

	/* c: TMU4 pending, INTMSKCLR00 bit 9 (unmask TMU4), IMASK=0: taken */
	bsr	pend4
	nop
	WREG	INTMSKCLR00, 0x200
	SETIMASK 0
	SPIN	20000
	SETIMASK 15
	EXPECT_N 2, msg_c
	EXPECT_LOG 1, 0xb80, msg_c

	/* d: INTMSK00 bit 8 again; TMU3 pending; IMASK=0: not taken */
	WREG	INTMSK00, 0x100
	bsr	pend3
	nop
	SETIMASK 0
	SPIN	20000
	SETIMASK 15
	EXPECT_N 2, msg_d

	LI	r4, msg_pass
	bsr	puts
	nop
	bra	poweroff
	nop

/* make TMU3 / TMU4 pending (TCR.UNF) with IMASK=15, then stop it */
pend3:
	mov	#100, r0
	mov.l	r0, @(0x0c, r8)		/* TCNT3 */
	mov	#1, r0
	mov.b	r0, @(4, r8)
	WAIT_UNF 0x10
	mov	#0, r0
	mov.b	r0, @(4, r8)
	rts
	nop

pend4:
	mov	#100, r0
	mov.l	r0, @(0x18, r8)		/* TCNT4 */
	mov	#2, r0
	mov.b	r0, @(4, r8)
	WAIT_UNF 0x1c
	mov	#0, r0
	mov.b	r0, @(4, r8)
	rts
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

msg_pass: .asciz "PROBE-RESULT PASS\r\n"
msg_a:	.asciz "a: TMU3 taken although masked by INTMSK00"
msg_b:	.asciz "b: TMU3 not taken after INTMSKCLR00 unmasked it"
msg_c:	.asciz "c: TMU4 not taken after INTMSKCLR00 unmasked it"
msg_d:	.asciz "d: TMU3 taken although masked again by INTMSK00"
msg_to:	.asciz "timeout waiting for TCR.UNF"
msg_log: .asciz " (INTEVT log: n, entries:"

	.balign	4
log_n:	.long	0
log:	.space	64
	.space	256
stack_top:
