/* SPDX-License-Identifier: MIT */
/*
 * sh4-delay-slot-irq: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH7750/SH7751 hardware manual, chapter "Exceptions":
 * interrupts are not accepted between a delayed branch and its delay slot,
 * they are accepted after the slot, before the branch target's first
 * instruction; chapter "Interrupt Controller (INTC)": a source above
 * SR.IMASK is accepted between instructions; chapter "Timer Unit (TMU)":
 * TCNT counts down at Pphi/4, on underflow TCR.UNF is set, TCNT reloads
 * from TCOR and, with UNIE=1, TUNI0 (INTEVT 0x400) is requested).
 * TMU0 at level 15 (IPRA), SR.IMASK=14, TCOR0=0xffffffff:
 *   I. An underflow that falls between `bf/s` and its slot (loop
 *      `dt; bf/s; add` with the branch and slot in one page) must be taken
 *      right after the slot, at the branch target. Under
 *      -icount shift=0,sleep=off the virtual clock advances 1 ns per guest
 *      instruction, so with TCNT0=31 the underflow falls after a fixed
 *      instruction U
 *      (found first by polling TCNT0 under IMASK=15 with 0..4 nops after
 *      the TSTR store, as in sh4-level15-latency). Three runs put 0, 1, 2
 *      nops before the 3-instruction loop, so in exactly one of them the
 *      instruction U is the bf/s. The handler's SPC and the loop counter
 *      give n, the number of instructions run after the TSTR store; the
 *      lateness n - U must be 1 (the slot) in that run, with SPC = branch
 *      target, and 0 in the two others. On the host clock these figures
 *      mean nothing: then only "taken once, never with SPC = the slot".
 *   H. Host-clock check (run in both modes), TCNT0=7500 (0.5 ms, so that
 *      the loop already runs when the timer fires): the loop
 *      `read TCR0; count UNF; dt; bf/s; add` sits at the end of a page,
 *      so bf/s is the last instruction on the page and its slot the first
 *      one of the next. TCG never translates across a page, so every
 *      iteration passes from one TB to another between bf/s and its slot,
 *      and an interrupt raised asynchronously by the timer thread is
 *      nearly always noticed at the slot's TB, where it must be refused.
 *      The loop counts in r12 the iterations that read TCR0.UNF=1; since
 *      UNF and the interrupt request are set together, the interrupt must
 *      be taken before the next iteration: r12 <= 1 at the handler's
 *      entry. 4 trials that count: a trial whose interrupt is taken only
 *      after the loop ended (the timer fired late: on a loaded host the
 *      main loop thread can wait for the CPU or the BQL) is run again, up
 *      to 12 such reruns. (Under icount each TCR0 read is an I/O that ends
 *      the TB and returns to cpu_exec's main loop, so there the check
 *      passes anyway; I is the icount check.)
 * The mode comes from QEMU's -append (lib/run-r2d passes "icount" or
 * "hostclock"; hw/sh4/r2d.c copies it to boot_params.kernel_cmdline at
 * SDRAM + 0x10100): icount iff it starts with 'i'. The PASS line gives
 * the figures of I under icount; on the host clock it only says that the
 * icount check was skipped.
 *
 * Why stock QEMU 7.2 fails: superh_cpu_exec_interrupt() (target/sh4/cpu.c)
 * rightly refuses an interrupt while env->flags has a delay-slot bit, but
 * cpu_exec's main loop has then cleared the exit request, and the TB that
 * holds the slot chains on (goto_tb / lookup_and_goto_ptr) without going
 * back there, so the interrupt is taken only at the next exit to the main
 * loop: under icount the next refill of the 16-bit icount decrementer
 * (I: 65533 ns late; the same with N = 28-33, 40, 100); on the host clock,
 * with nothing else to exit, after the whole loop (H: 4194303 iterations
 * had read UNF=1; stock failed 60 of 60 host runs, our build passed 60 of
 * 60). Fixed by qemu/patches/
 * 0008-target-sh4-take-interrupts-held-off-by-a-delay-slot-after-it.patch
 * (a TB that starts in a delay slot returns to the main loop after it).
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS <figures>" or
 * "PROBE-RESULT FAIL <step> ...", then the FPGA POWOFF register stops QEMU.
 * Loaded raw with -kernel at 0x0c800000, entered at 0xac800000 (P2) with
 * SR.BL=1, IMASK=15 (hw/sh4/r2d.c); a page is 4 KiB (TARGET_PAGE_BITS 12).
 * Pure assembly on purpose (GCC 12's SH back end
 * miscompiled C in the project's early probing).
 */

	.set	INTEVT,   0xff000028
	.set	IPRA,     0xffd00004
	.set	TMU,      0xffd80000	/* TSTR +4, TCOR0 +8, TCNT0 +0xc, TCR0 +0x10 */
	.set	SCFTDR2,  0xffe8000c
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x40000000	/* MD=1, RB=0, BL=0 */
	.set	NTICKS,   31		/* TCNT0 at start (I) */
	.set	NHTICKS,  7500		/* TCNT0 at start (H): 0.5 ms */
	.set	CLOOPS,   0x00100000	/* calibration poll bound */
	.set	ILOOPS,   0x01000000	/* I: loop bound */
	.set	HLOOPS,   0x00400000	/* H: loop bound */
	.set	HTRIALS,  4		/* H trials that must count */
	.set	HRETRIES, 12		/* H trials that may not count */
	.set	CMDLINE,  0xac010100	/* boot_params.kernel_cmdline (P2) */

	.include "r2d-macros.s"

/*
 * Calibration run with \j nops after the TSTR store (IMASK=15): poll TCNT0
 * until it reads negative (reloaded); the read of iteration i is
 * instruction \j + 1 + 5i.
 */
	.macro	CALIB j
	bsr	arm0
	nop
	LI	r11, CLOOPS
	mov	#1, r0
	mov.b	r0, @(4, r8)		/* TSTR: TMU0 starts, time 0 */
	.rept	\j
	nop
	.endr
1:	mov.l	@(0x0c, r8), r0		/* TCNT0 */
	cmp/pz	r0
	bf	2f
	dt	r11
	bf	1b
	LI	r10, msg_to
	bra	fail
	nop
2:	mov	#\j, r4
	bsr	calib_done
	nop
	.endm

/*
 * I, run with \j nops after the TSTR store: iteration i (from 0) is
 * instructions dt = \j+3i+1, bf/s = \j+3i+2, add (slot) = \j+3i+3; r9
 * counts the slots run, r13 = loop head.
 */
	.macro	IRUN j
	bsr	arm0
	nop
	bsr	clear_rec
	nop
	LI	r13, ihead\j
	LI	r11, ILOOPS
	mov	#0, r9
	mov	#1, r0
	mov.b	r0, @(4, r8)		/* TSTR: TMU0 starts, time 0 */
	.rept	\j
	nop
	.endr
ihead\j:
	dt	r11
	bf/s	ihead\j
	add	#1, r9			/* delay slot */
	mov	#\j, r4
	bsr	irun_done
	nop
	.endm

	.text
	START_AND_EXCEPTION_VECTOR
/*
 * ---- VBR+0x600: interrupt (bank 1; r8-r15 are shared) ----
 * The first entry records SPC, r9, r12 and INTEVT; every entry is counted,
 * stops TMU0, clears UNF and sets r11 = 1 so that the loop ends.
 */
	stc	spc, r2
	mov	r9, r3
	mov	r12, r6
	LI	r1, INTEVT
	mov.l	@r1, r1
	LI	r4, h_n
	mov.l	@r4, r5
	tst	r5, r5
	bf	1f
	mov.l	r2, @(4, r4)		/* h_spc */
	mov.l	r3, @(8, r4)		/* h_r9 */
	mov.l	r6, @(12, r4)		/* h_r12 */
	mov.l	r1, @(16, r4)		/* h_intevt */
1:	add	#1, r5
	mov.l	r5, @r4
	mov	#1, r11
	TMU0_IRQ_RETURN

/* ---- main ---- */
	MAIN_START 15		/* clears BL */
	LI	r8, TMU
	LI	r1, IPRA
	LI	r0, 0xf000		/* TMU0 level 15 */
	mov.w	r0, @r1

	bsr	modecheck
	nop

	/* calibration: U = K - 1, K = first instruction that reads reloaded */
	LI	r12, 0xffffffff
	CALIB	0
	CALIB	1
	CALIB	2
	CALIB	3
	CALIB	4
	add	#-1, r12
	LI	r1, res_u
	mov.l	r12, @r1

	/* I: bf/s loop, the underflow on each of the 3 instruction slots */
	bsr	arm0			/* UNF clear before unmasking */
	nop
	SETIMASK 14
	IRUN	0
	IRUN	1
	IRUN	2
	LI	r1, is_host
	mov.l	@r1, r0
	tst	r0, r0
	bf	1f
	LI	r1, res_bj		/* icount: the boundary was hit */
	mov.l	@r1, r0
	cmp/pz	r0
	ASSERT_T msg_i_nob

	/* H: page-split bf/s loop, HTRIALS trials that count */
1:	mov	#HTRIALS, r14
2:	bsr	htrial
	nop
	bf	3f
	dt	r14
	bf	2b
	bra	4f
	nop
3:	LI	r1, res_hre		/* timer fired after the loop: again */
	mov.l	@r1, r0
	add	#1, r0
	mov.l	r0, @r1
	cmp/eq	#HRETRIES, r0
	bf	2b
	LI	r10, msg_h_re
	bra	fail
	nop
4:

	/* report */
	SETIMASK 15
	LI	r1, is_host
	mov.l	@r1, r0
	tst	r0, r0
	bt	5f
	LI	r4, msg_p_host
	bsr	puts
	nop
	bra	6f
	nop
5:	LI	r4, msg_p1		/* icount figures */
	bsr	puts
	nop
	LI	r1, res_bj
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p2
	bsr	puts
	nop
	LI	r1, res_bl
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p3
	bsr	puts
	nop
	LI	r1, res_bl
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p4
	bsr	puts
	nop
	LI	r1, res_u
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p5
	bsr	puts
	nop
6:	LI	r1, res_hmax
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p6
	bsr	puts
	nop
	LI	r1, res_hre
	mov.l	@r1, r4
	bsr	putdec
	nop
	LI	r4, msg_p6b
	bsr	puts
	nop
	LI	r1, is_host
	mov.l	@r1, r0
	tst	r0, r0
	bf	7f
	LI	r4, msg_p7
	bsr	puts
	nop
7:	LI	r4, msg_nl
	bsr	puts
	nop
	bra	poweroff
	nop

/* Mode check: is_host = 0 iff QEMU's -append starts with 'i' (icount) */
modecheck:
	LI	r1, CMDLINE
	mov.b	@r1, r0
	cmp/eq	#'i', r0
	movt	r0
	xor	#1, r0
	LI	r2, is_host
	mov.l	r0, @r2
	rts
	nop

/* r0 = TCNT0 read, r4 = nops, r11 = loop count left: r12 = min K */
calib_done:
	LI	r5, CLOOPS
	sub	r11, r5			/* i */
	mov	r5, r1
	shll2	r1
	add	r5, r1			/* 5i */
	add	r4, r1
	add	#1, r1			/* K of this run */
	cmp/hs	r12, r1
	bt	1f
	mov	r1, r12
1:	rts
	nop

/* handler record := not taken */
clear_rec:
	LI	r1, h_n
	mov	#0, r0
	mov.l	r0, @r1
	mov.l	r0, @(4, r1)
	mov.l	r0, @(8, r1)
	mov.l	r0, @(12, r1)
	mov.l	r0, @(16, r1)
	rts
	nop

/* common record checks: taken once, TMU0, SPC != r1 (the delay slot) */
check_rec:
	mov	r1, r7
	LI	r1, h_n
	mov.l	@r1, r0
	cmp/eq	#1, r0
	ASSERT_T msg_n
	EXPECT_H h_intevt, 0x400, msg_ev
	LI	r1, h_spc
	mov.l	@r1, r2
	cmp/eq	r7, r2
	bf	1f
	LI	r10, msg_slot
	bra	fail
	nop
1:	rts
	nop

/*
 * End of an I run, r4 = nops j, r13 = loop head: n from SPC and r9
 * (SPC = head: n = j + 3*r9; SPC = bf/s: n = j + 3*r9 + 1); under icount
 * the lateness n - U must be 1 with SPC = head if instruction U is a bf/s,
 * else 0.
 */
irun_done:
	sts.l	pr, @-r15
	mov	r4, r14
	SPIN	20000
	mov	r13, r1
	add	#4, r1			/* the slot */
	bsr	check_rec
	nop
	LI	r1, is_host
	mov.l	@r1, r0
	tst	r0, r0
	bf	9f			/* host clock: no timing check */
	LI	r1, h_spc
	mov.l	@r1, r2
	LI	r1, h_r9
	mov.l	@r1, r3
	mov	r3, r5
	shll	r5
	add	r3, r5
	add	r14, r5			/* j + 3*r9 */
	cmp/eq	r13, r2
	bt	2f
	mov	r13, r1
	add	#2, r1
	cmp/eq	r1, r2
	ASSERT_T msg_i_out
	add	#1, r5
2:	LI	r1, res_u		/* r7 = lateness n - U */
	mov.l	@r1, r6
	mov	r5, r7
	sub	r6, r7
	mov	r6, r0			/* is instruction U a bf/s: */
	sub	r14, r0			/* U - j - 2 = 0 mod 3 */
	add	#-2, r0
	cmp/pz	r0
	bf	5f
	mov	#3, r1
3:	cmp/hs	r1, r0
	bf	4f
	bra	3b
	sub	r1, r0
4:	tst	r0, r0
	bf	5f
	LI	r1, res_bj		/* boundary run: 1 late, at the target */
	mov.l	r14, @r1
	LI	r1, res_bl
	mov.l	r7, @r1
	mov	#1, r0
	cmp/eq	r0, r7
	bt	6f
	LI	r10, msg_i_late
	mov	r7, r12
	bra	failn
	nop
6:	cmp/eq	r13, r2
	ASSERT_T msg_i_tgt
	bra	9f
	nop
5:	tst	r7, r7			/* other runs: taken at the underflow */
	bt	9f
	LI	r10, msg_i_late0
	mov	r7, r12
	bra	failn
	nop
9:	lds.l	@r15+, pr
	rts
	nop

/*
 * One H trial: fail if r12 (iterations that read UNF=1) > 1 at the
 * handler. T = 1 if the trial counts (handler entered inside the loop),
 * T = 0 if the timer fired only after the loop had ended (on a loaded
 * host the main loop thread can wait that long for the timer or the BQL).
 */
htrial:
	sts.l	pr, @-r15
	LI	r5, NHTICKS
	bsr	armn
	nop
	bsr	clear_rec
	nop
	LI	r11, HLOOPS
	mov	#0, r9
	mov	#0, r12
	mov	#1, r0
	mov.b	r0, @(4, r8)		/* TSTR: TMU0 starts */
	LI	r0, hloop
	jsr	@r0
	nop
	SPIN	20000
	LI	r1, hslot
	bsr	check_rec
	nop
	LI	r1, h_r12
	mov.l	@r1, r12
	mov	#1, r0
	cmp/hi	r0, r12
	bf	1f
	LI	r10, msg_h_late
	bra	failn
	nop
1:	LI	r1, h_spc		/* counts if hloop <= SPC < hslot */
	mov.l	@r1, r2
	LI	r1, hloop
	cmp/hs	r1, r2
	bf	3f
	LI	r1, hslot
	cmp/hs	r1, r2
	bt	3f
	LI	r1, res_hmax
	mov.l	@r1, r0
	cmp/hi	r0, r12
	bf	2f
	mov.l	r12, @r1
2:	bra	4f
	sett
3:	clrt
4:	lds.l	@r15+, pr
	rts
	nop

/* stop the TMU, TMU0: UNIE, Pphi/4, UNF clear, TCOR0 = ~0, TCNT0 = N */
arm0:
	mov	#NTICKS, r5
/* the same with TCNT0 = r5 */
armn:
	mov	#0, r0
	mov.b	r0, @(4, r8)
	mov	#0x20, r0
	mov.w	r0, @(0x10, r8)
	mov	#-1, r0
	mov.l	r0, @(0x08, r8)
	mov.l	r5, @(0x0c, r8)
	rts
	nop

/* r10 = message, r12 = number printed after it */
failn:
	SETIMASK 15
	LI	r4, msg_fail
	bsr	puts
	nop
	mov	r10, r4
	bsr	puts
	nop
	mov	r12, r4
	bsr	putdec
	nop
	LI	r4, msg_nl
	bsr	puts
	nop
	bra	poweroff
	nop

/* r10 = message; then the handler's record */
fail:
	LI	r13, msg_rec
	LI	r11, h_n
	mov	#5, r12
	bra	fail_record
	nop

	.include "r2d-io.s"

/*
 * H loop, r8 = TMU, r11 = bound, r9 = slots run, r12 = reads of UNF=1.
 * bf/s is the last instruction of a 4 KiB page, its slot the first of the
 * next one.
 */
	.org	0x2000 - 12
hloop:
	mov.w	@(0x10, r8), r0		/* TCR0 */
	shlr8	r0
	and	#1, r0			/* UNF */
	add	r0, r12
	dt	r11
	bf/s	hloop			/* 0x1ffe: end of the page */
hslot:	add	#1, r9			/* 0x2000: delay slot, next page */
	rts
	nop

msg_p1:	     .asciz "PROBE-RESULT PASS underflow right after bf/s (run with "
msg_p2:	     .asciz " nops): taken "
msg_p3:	     .asciz " ns ("
msg_p4:	     .asciz " insn: the delay slot) after it, at the branch target; other runs 0 ns late; underflow at "
msg_p5:	     .asciz " ns after TSTR (TCNT0=31); page-split bf/s loop: taken <= "
msg_p6:	     .asciz " iterations after a TCR0.UNF=1 read (4 trials, "
msg_p6b:     .asciz " rerun: timer late)"
msg_p7:	     .asciz "; icount"
msg_p_host:  .asciz "PROBE-RESULT PASS host clock (exact icount check skipped): page-split bf/s loop: taken <= "
msg_fail:    .asciz "PROBE-RESULT FAIL "
msg_n:	     .asciz "TMU0 underflow not taken exactly once"
msg_ev:	     .asciz "INTEVT is not 0x400 (TMU0)"
msg_slot:    .asciz "interrupt taken between bf/s and its delay slot (SPC = slot)"
msg_i_out:   .asciz "I: interrupt not taken inside the bf/s loop (late)"
msg_i_tgt:   .asciz "I: underflow right after bf/s: not taken at the branch target after the slot"
msg_i_late:  .asciz "I: underflow right after bf/s: must be taken right after its delay slot (1 ns late); ns (instructions) from the underflow to the handler: "
msg_i_late0: .asciz "I: underflow not between bf/s and its slot: must be taken at once; ns from the underflow to the handler: "
msg_i_nob:   .asciz "I: no run put the underflow right after the bf/s"
msg_h_late:  .asciz "H: page-split bf/s loop: interrupt must be taken within 1 iteration after TCR0.UNF reads 1; iterations that had read UNF=1: "
msg_h_re:    .asciz "H: in 12 trials the timer fired only after the loop (host overloaded?)"
msg_to:	     .asciz "timeout waiting for TCNT0 to underflow"
msg_rec:     .asciz " (handler record n spc r9 r12 intevt:"
msg_nl:	     .asciz "\r\n"

	.balign	4
is_host:  .long	0
res_u:	  .long	0
res_bj:	  .long	-1
res_bl:	  .long	0
res_hmax: .long	0
res_hre:  .long	0
h_n:	  .long	0			/* handler record: keep this order */
h_spc:	  .long	0
h_r9:	  .long	0
h_r12:	  .long	0
h_intevt: .long	0
	.space	256
stack_top:
