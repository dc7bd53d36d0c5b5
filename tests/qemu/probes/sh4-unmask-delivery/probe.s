/* SPDX-License-Identifier: MIT */
/*
 * sh4-unmask-delivery: bare-metal probe for QEMU `-M r2d` (SH7751R).
 *
 * What it checks (SH-4 Software Manual and SH7750/SH7751 hardware manual,
 * chapter "Exceptions": interrupts are accepted between instructions, not
 * after a delayed branch before its delay slot; an interrupt whose level is
 * above SR.IMASK is accepted as soon as SR allows it; RTE restores SR from
 * SSR and, after its delay slot, continues at SPC):
 *   TMU0 gets level 15 in IPRA and is made pending (TCR0.UNF, polled) while
 *   SR.IMASK=15, then stopped so no later timer event can help.
 *   a. `ldc r0,sr` lowers IMASK to 0; the main code then counts in r9.
 *   b. `rte` with SSR.IMASK=0 returns into the same counting loop.
 *   In both cases the handler records r9 at its first entry; it must be 0
 *   or 1 (taken within the first few instructions after the unmask), and
 *   the handler must run exactly once.
 *
 * Why stock QEMU 7.2 fails (b): target/sh4/translate.c ends the TB after
 * rte, but the interrupt check in the main loop is refused while in the rte
 * delay slot (superh_cpu_exec_interrupt), and the delay-slot TB then jumps
 * on with lookup_and_goto_ptr without returning to the main loop.  The
 * pending interrupt is only taken at the next exit to cpu_exec's loop
 * (a later ldc sr, exception, sleep, or icount deadline), so r9 is large or
 * the interrupt is not taken at all within the loop.
 * Fixed by qemu/patches/0004-target-sh4-take-interrupts-unmasked-by-rte-at-once.patch.
 *
 * Output on the SCIF (QEMU serial_hd(1)): "PROBE-RESULT PASS" or
 * "PROBE-RESULT FAIL <step> ...", then the FPGA POWOFF register stops QEMU.
 * Loaded raw with -kernel at 0x0c800000, entered at 0xac800000 (P2) with
 * SR.BL=1, IMASK=15 (hw/sh4/r2d.c).
 */

	.set	EXPEVT,   0xff000024
	.set	INTEVT,   0xff000028
	.set	IPRA,     0xffd00004
	.set	TMU,      0xffd80000	/* TSTR +4, TCOR0 +8, TCNT0 +0xc, TCR0 +0x10 */
	.set	SCFTDR2,  0xffe8000c
	.set	POWOFF,   0xa4000030	/* r2d FPGA, P2 */
	.set	SR_BASE,  0x40000000	/* MD=1, RB=0, BL=0 */
	.set	SENTINEL, 0xffffffff
	.set	LOOPS,    100000

	.include "r2d-macros.s"

	.text
	START_AND_EXCEPTION_VECTOR
/* ---- VBR+0x600: interrupt (runs on bank 1; r8-r15 are shared) ---- */
	LI	r1, seen		/* first entry: record the main counter r9 */
	mov.l	@r1, r2
	LI	r3, SENTINEL
	cmp/eq	r2, r3
	bf	1f
	mov.l	r9, @r1
1:	LI	r1, nint
	mov.l	@r1, r2
	add	#1, r2
	mov.l	r2, @r1
	LI	r1, INTEVT
	mov.l	@r1, r1
	LI	r5, TMU
	TMU0_IRQ_RETURN r5

/* ---- main ---- */
	MAIN_START 15		/* clears BL */
	LI	r8, TMU
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* TSTR = 0 */
	mov	#0x20, r0		/* UNIE, Pphi/4 */
	mov.w	r0, @(0x10, r8)
	mov	#100, r0
	mov.l	r0, @(0x08, r8)		/* TCOR0 */
	mov.l	r0, @(0x0c, r8)		/* TCNT0 */
	LI	r1, IPRA
	LI	r0, 0xf000		/* TMU0 level 15 */
	mov.w	r0, @r1

	/*
	 * Each unmask sequence first runs once with IMASK=15 and nothing
	 * pending, so its code is already translated when it runs for real
	 * (as for an interrupt handler returning into hot code).
	 */

	/* a: unmask with ldc r0,sr */
	LI	r5, (SR_BASE | 0xf0)
	bsr	unmask_ldc
	nop
	bsr	arm
	nop
	LI	r5, SR_BASE		/* IMASK=0 */
	bsr	unmask_ldc
	nop
	SETIMASK 15
	LI	r10, msg_a
	bsr	check
	nop

	/* b: unmask with rte (SSR.IMASK=0) */
	LI	r5, (SR_BASE | 0xf0)
	bsr	unmask_rte
	nop
	bsr	arm
	nop
	LI	r5, SR_BASE		/* IMASK=0 */
	bsr	unmask_rte
	nop
	SETIMASK 15
	LI	r10, msg_b
	bsr	check
	nop

	LI	r4, msg_pass
	bsr	puts
	nop
	bra	poweroff
	nop

/* r5 = new SR, loaded with ldc; then count LOOPS iterations in r9 */
unmask_ldc:
	mov	#0, r9
	LI	r4, LOOPS
	ldc	r5, sr
1:	add	#1, r9
	dt	r4
	bf	1b
	rts
	nop

/* r5 = new SR, loaded with rte from SSR; then count LOOPS iterations in r9 */
unmask_rte:
	mov	#0, r9
	LI	r4, LOOPS
	ldc	r5, ssr
	LI	r0, 1f
	ldc	r0, spc
	rte
	nop
1:	add	#1, r9
	dt	r4
	bf	1b
	rts
	nop

/* make TMU0 pending under IMASK=15, stop it; reset seen/nint */
arm:
	LI	r1, seen
	LI	r0, SENTINEL
	mov.l	r0, @r1
	LI	r1, nint
	mov	#0, r0
	mov.l	r0, @r1
	mov	#100, r0
	mov.l	r0, @(0x0c, r8)		/* TCNT0 */
	mov	#1, r0
	mov.b	r0, @(4, r8)
	WAIT_UNF 0x10
	mov	#0, r0
	mov.b	r0, @(4, r8)		/* stop TMU0; UNF stays set */
	rts
	nop

/* r10 = step name; seen must be 0 or 1 and nint 1 */
check:
	LI	r1, seen
	mov.l	@r1, r11
	LI	r0, SENTINEL
	cmp/eq	r0, r11
	bf	1f
	LI	r12, msg_never
	bra	fail2
	nop
1:	mov	#1, r0
	cmp/hi	r0, r11
	bf	2f
	LI	r12, msg_late
	bra	fail2
	nop
2:	LI	r1, nint
	mov.l	@r1, r11
	mov	#1, r0
	cmp/eq	r0, r11
	bt	3f
	LI	r12, msg_count
	bra	fail2
	nop
3:	rts
	nop

/* r10 = step, r12 = text, r11 = value */
fail2:
	LI	r4, msg_fail
	bsr	puts
	nop
	mov	r10, r4
	bsr	puts
	nop
	mov	r12, r4
	bsr	puts
	nop
	mov	r11, r4
	bsr	puthex
	nop
	LI	r4, msg_nl
	bsr	puts
	nop
	bra	poweroff
	nop

fail:
	LI	r4, msg_fail
	bsr	puts
	nop
	mov	r10, r4
	bsr	puts
	nop
	LI	r4, msg_nl
	bsr	puts
	nop

	.include "r2d-io.s"

msg_pass:  .asciz "PROBE-RESULT PASS\r\n"
msg_fail:  .asciz "PROBE-RESULT FAIL "
msg_a:	   .asciz "a (ldc sr, IMASK 15->0): "
msg_b:	   .asciz "b (rte, SSR.IMASK=0): "
msg_never: .asciz "pending TMU0 not taken during the 100000-iteration loop, seen=0x"
msg_late:  .asciz "pending TMU0 taken late, after loop iteration r9=0x"
msg_count: .asciz "handler ran an unexpected number of times: 0x"
msg_to:	   .asciz "timeout waiting for TCR0.UNF"
msg_nl:	   .asciz "\r\n"

	.balign	4
seen:	.long	0
nint:	.long	0
	.space	256
stack_top:
