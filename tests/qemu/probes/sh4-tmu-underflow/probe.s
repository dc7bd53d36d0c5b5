/* SPDX-License-Identifier: MIT */
/*
 * sh4-tmu-underflow: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH7751 hardware manual, chapter "Timer Unit (TMU)": TCNT
 * counts down once per tick; the tick that finds TCNT at 0 is the
 * underflow, which sets TCR.UNF and loads TCOR into TCNT, so from a write
 * of N the underflow comes N + 1 ticks later and then every TCOR + 1
 * ticks). TMU0-2 at 0xffd80000 all run from Pphi/4 (TCR.TPSC = 0), UNIE
 * set, interrupts held off by IMASK=15 (the flag is polled):
 *   a. TCNT0 = 3, TCOR0 = 0xffffffff, TMU0 started: TCNT0 read in a loop
 *      steps by exactly one tick, 3, 2, 1, 0, 0xffffffff, 0xfffffffe, ...
 *   b. TCNT0 = TCOR0 = 99 and TCNT1 = TCOR1 = 0xffffffff, started by one
 *      TSTR write: at the first TCR0.UNF, TCNT1 reads 0xffffffff - 100
 *      (the underflow came 100 ticks after the start) and between the
 *      first and the second UNF TCNT1 goes down by exactly 100.
 *   c. TCNT1 = 0xffffffff and TCNT2 = 0xffff, started together: TCNT2,
 *      TCNT1, TCNT2 read in a row; when both TCNT2 reads agree, TCNT1 -
 *      TCNT2 must be 0xffff0000 exactly (a count near 2^32 reads exact).
 * They hold exactly only under -icount shift=0,sleep=off (1 ns per
 * instruction, a tick is 66.7 ns): on the host clock a poll may miss a
 * tick, so there a and b are run but not checked, and c checks the
 * triples that agree (there may be none).
 * The mode comes from QEMU's -append (lib/run-r2d passes "icount" or
 * "hostclock"; hw/sh4/r2d.c copies it to boot_params.kernel_cmdline at
 * SDRAM + 0x10100): icount iff it starts with 'i'.
 *
 * Why stock QEMU 7.2 fails: hw/timer/sh_timer.c runs its ptimer with the
 * legacy policy, which reloads after TCOR ticks instead of TCOR + 1 and
 * reads one tick low (a: 0 is followed by 0xfffffffd; b: 99 ticks), and
 * hw/core/ptimer.c divides by a period rounded up, so at 15 MHz a count
 * near 2^32 reads 1-2 ticks low (c). Fixed by
 * qemu/patches/0011-hw-timer-sh_timer-count-TCOR-plus-one-ticks-exactly.patch.
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS ..." or
 * "PROBE-RESULT FAIL <step> ... (got: words)", then the FPGA POWOFF
 * register stops QEMU. Loaded raw with -kernel at 0x0c800000, entered at
 * 0xac800000 (P2) with SR.BL=1, IMASK=15 (hw/sh4/r2d.c).
 */

	.set	TMU,      0xffd80000	/* TSTR +4 (8 bit); TCOR0 +8, TCNT0 +0xc,
					   TCR0 +0x10 (16 bit); TCOR1 +0x14,
					   TCNT1 +0x18, TCR1 +0x1c; TCOR2 +0x20,
					   TCNT2 +0x24, TCR2 +0x28 */
	.set	CMDLINE,  0xac010100	/* boot_params.kernel_cmdline (P2) */
	.set	SCFTDR2,  0xffe8000c
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x40000000	/* MD=1, RB=0, BL=0 */
	.set	READS,    10000000	/* a: TCNT0 reads at most (host clock: slow) */
	.set	SAMPLES,  2000		/* c: read triples */

	.include "r2d-macros.s"

/* fail with \msg and the words \w1 \w2 (registers) unless T is set, but
 * only under icount (r9 = 0) */
	.macro	CHECK_ICOUNT msg, w1, w2
	bt	991f
	tst	r9, r9
	bf	991f
	mov	\w1, r4
	mov	\w2, r5
	LI	r10, \msg
	bra	fail2
	nop
991:
	.endm

	.text
	START_AND_EXCEPTION_VECTOR
/* ---- VBR+0x600: no interrupt is expected (IMASK stays 15) ---- */
	LI	r10, msg_irq
	mov	#0, r4
	mov	#0, r5
	bra	fail2
	nop

/* ---- main ---- */
	MAIN_START 15
	LI	r1, CMDLINE		/* r9 = 1 on the host clock, 0 under icount */
	mov.b	@r1, r0
	cmp/eq	#'i', r0
	movt	r0
	xor	#1, r0
	mov	r0, r9
	LI	r8, TMU
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* TSTR = 0 */
	mov	#0x20, r0		/* UNIE, Pphi/4, UNF clear */
	mov.w	r0, @(0x10, r8)
	mov.w	r0, @(0x1c, r8)
	LI	r1, TMU + 0x28		/* TCR2 */
	mov.w	r0, @r1

	/* a: TCNT0 from 3 across the underflow, one tick per step */
	mov	#-1, r0
	mov.l	r0, @(0x08, r8)		/* TCOR0 */
	mov	#3, r2			/* r2 = the previous value read */
	mov.l	r2, @(0x0c, r8)		/* TCNT0 */
	mov	#1, r0
	mov.b	r0, @(4, r8)		/* start TMU0 */
	LI	r3, READS
	mov	#-16, r6		/* 0xfffffff0: far enough past it */
1:	mov.l	@(0x0c, r8), r0
	mov	r2, r1
	sub	r0, r1			/* r1 = ticks since the previous read */
	tst	r1, r1
	bt	2f
	mov	r0, r7			/* r7 = the value read */
	mov	r1, r0
	cmp/eq	#1, r0
	CHECK_ICOUNT msg_a, r2, r7
	mov	r7, r2
	cmp/hs	r2, r6			/* past the wrap, down to 0xfffffff0 */
	bf	2f			/* (the host clock may skip it) */
	mov	#3, r0
	cmp/hi	r0, r2
	bt	3f
2:	dt	r3
	bf	1b
	LI	r10, msg_a_to
	mov	r2, r4
	mov	#0, r5
	bra	fail2
	nop
3:	mov	#0, r0
	mov.b	r0, @(4, r8)		/* stop */

	/* b: TMU0 period 100 ticks, measured on TMU1 */
	mov	#99, r0
	mov.l	r0, @(0x08, r8)		/* TCOR0 */
	mov.l	r0, @(0x0c, r8)		/* TCNT0 */
	mov	#-1, r0
	mov.l	r0, @(0x14, r8)		/* TCOR1 */
	mov.l	r0, @(0x18, r8)		/* TCNT1 */
	mov	#0x20, r0
	mov.w	r0, @(0x10, r8)		/* UNF0 clear */
	mov	#3, r0
	mov.b	r0, @(4, r8)		/* start TMU0 and TMU1 together */
	WAIT_UNF 0x10
	mov.l	@(0x18, r8), r0
	mov	r0, r11			/* r11 = TCNT1 at the first UNF */
	mov	#0x20, r0
	mov.w	r0, @(0x10, r8)		/* UNF0 clear */
	WAIT_UNF 0x10
	mov.l	@(0x18, r8), r0
	mov	r0, r12			/* r12 = TCNT1 at the second UNF */
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* stop */
	LI	r1, 0xffffff9b		/* 0xffffffff - 100 */
	cmp/eq	r1, r11
	CHECK_ICOUNT msg_b1, r11, r12
	mov	r11, r1
	sub	r12, r1
	mov	#100, r0
	cmp/eq	r0, r1
	CHECK_ICOUNT msg_b2, r11, r12

	/* c: a count near 2^32 beside one near 0, started together */
	mov	#0x20, r0
	mov.w	r0, @(0x10, r8)		/* UNF0 clear */
	mov	#-1, r0
	mov.l	r0, @(0x18, r8)		/* TCNT1 = 0xffffffff (TCOR1 too) */
	mov.l	r0, @(0x20, r8)		/* TCOR2 */
	LI	r0, 0xffff
	mov.l	r0, @(0x24, r8)		/* TCNT2 */
	mov	#6, r0
	mov.b	r0, @(4, r8)		/* start TMU1 and TMU2 together */
	LI	r3, SAMPLES
	mov	#0, r13			/* r13 = triples that agreed */
	LI	r6, 0xffff0000
4:	mov.l	@(0x24, r8), r0
	mov	r0, r1			/* TCNT2 */
	mov.l	@(0x18, r8), r0
	mov	r0, r2			/* TCNT1 */
	mov.l	@(0x24, r8), r0
	cmp/eq	r0, r1
	bf	5f			/* a TMU2 tick between: no sample */
	add	#1, r13
	mov	r2, r7
	sub	r1, r7
	cmp/eq	r6, r7
	bt	5f
	mov	r2, r4
	mov	r1, r5
	LI	r10, msg_c
	bra	fail2
	nop
5:	dt	r3
	bf	4b
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* stop */
	tst	r13, r13
	bf	6f
	tst	r9, r9			/* the host clock may never agree */
	bf	6f
	LI	r10, msg_c0
	mov	#0, r4
	mov	#0, r5
	bra	fail2
	nop

6:	tst	r9, r9
	bt	7f
	LI	r4, msg_pass_host
	bsr	puts
	nop
	bra	poweroff
	nop
7:	LI	r4, msg_pass
	bsr	puts
	nop
	bra	poweroff
	nop

/* r10 = message (from WAIT_UNF: no words); does not return */
fail:
	mov	#0, r4
	mov	#0, r5
/* r10 = message, r4 r5 = the words it is about; does not return */
fail2:
	LI	r11, rec
	mov.l	r4, @r11
	mov.l	r5, @(4, r11)
	mov	#2, r12
	LI	r13, msg_got
	bra	fail_record
	nop

	.include "r2d-io.s"

msg_pass:  .asciz "PROBE-RESULT PASS TCNT 0 -> TCOR, period TCOR+1, exact near 2^32\r\n"
msg_pass_host: .asciz "PROBE-RESULT PASS host clock (a and b not checked, c where a triple agreed)\r\n"
msg_a:	   .asciz "a: TCNT0 read across the underflow did not step by one tick"
msg_a_to:  .asciz "a: TCNT0 did not get past its underflow"
msg_b1:	   .asciz "b: first UNF of TCNT0 = 99 not 100 ticks after the start"
msg_b2:	   .asciz "b: UNF period of TCOR0 = 99 not 100 ticks"
msg_c:	   .asciz "c: TCNT1 near 2^32 does not read 0xffff0000 above TCNT2"
msg_c0:	   .asciz "c: no TCNT2 read pair agreed"
msg_irq:   .asciz "unexpected interrupt"
msg_to:	   .asciz "timeout waiting for TCR.UNF"
msg_got:   .asciz " (got:"

	.balign	4
rec:	.long	0, 0
	.space	256
stack_top:
