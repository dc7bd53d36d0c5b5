/* SPDX-License-Identifier: MIT */
/*
 * start.S - a stand-in co-kernel for testing the SH-4 Linux guest's side
 * of the hand-over without the real co-kernel: it owns VBR, forwards every
 * exception (+0x100), TLB miss (+0x400) and interrupt (+0x600) to the VBR
 * Linux wrote into the guest page (linux_vbr), using only k0/k1 (r0/r1 of
 * bank 1, SH7751 hardware manual §2.2: RB = 1 in an exception handler) and
 * counting each, and enters Linux at P1 0x8c011000.
 *
 * Built with -DFAKE_RT it also has an RT side: TMU2 at INTC level 15
 * every FAKE_RT_PERIOD ticks (fake.c starts it), taken here while BL = 1:
 * it measures the ticks from TMU2's underflow to this entry (TCOR2 -
 * TCNT2) and from the previous RT entry (on TMU1, Linux's free-running
 * clocksource: SH7751 hardware manual §12.2), keeps the largest of each,
 * clears UNF and returns; k2/k3 are saved and restored around it, k0/k1
 * are the only registers it changes (the co-kernel's contract with Linux,
 * linux-guest/README.md).
 */
	.section .text.start, "ax"
	.global	_start
_start:
	mov.l	.Lstack, r15
	mov.l	.Lvbr, r0
	ldc	r0, vbr
	mov.l	.Lsr, r0	/* MD=1, BL=0, RB=0, IMASK=15 until Linux sets 14 */
	ldc	r0, sr
	mov.l	.Lmain, r0
	jsr	@r0
	 nop
	jmp	@r0		/* fake_main() returns Linux's entry */
	 nop
	.balign	4
.Lstack: .long	fake_stack_top
.Lvbr:	.long	fake_vbr
.Lsr:	.long	0x400000f0
.Lmain:	.long	fake_main

/* forward to linux_vbr + \off after counting in \counter: k0/k1 only */
	.macro	FORWARD counter, off
	mov.l	1f, r0
	mov.l	@r0, r1
	add	#1, r1
	mov.l	r1, @r0
	mov.l	2f, r0
	mov.l	@r0, r0
	mov.w	3f, r1
	add	r1, r0
	jmp	@r0
	 nop
	.balign	4
1:	.long	\counter
2:	.long	fake_page + 196		/* linux_vbr (ipc/ck_guest.h) */
3:	.word	\off
	.endm

	.text
	.balign	4096
fake_vbr:
	.org	fake_vbr + 0x100
	FORWARD	fake_fwd_exc, 0x100
	.org	fake_vbr + 0x400
	FORWARD	fake_fwd_tlb, 0x400
	.org	fake_vbr + 0x600
#ifdef FAKE_RT
	mov.l	4f, r0		/* INTEVT */
	mov.l	@r0, r0
	mov.w	5f, r1
	cmp/eq	r0, r1		/* TMU2: the RT class (T is the interrupted SR's only in SSR) */
	bt	fake_rt
#endif
	FORWARD	fake_fwd_irq, 0x600
#ifdef FAKE_RT
	.balign	4
4:	.long	0xff000028
5:	.word	0x440

	.balign	4
fake_rt:
	mov.l	1f, r0		/* k2, k3 are Linux's: saved */
	mov.l	r2, @r0
	mov.l	r3, @(4, r0)
	mov.l	2f, r1		/* latency: TCOR2 - TCNT2 */
	mov.l	@r1, r1
	mov.l	3f, r2
	sub	r1, r2
	mov.l	4f, r3
	mov.l	@r3, r1
	cmp/hi	r1, r2
	bf	6f
	mov.l	r2, @r3
6:	mov.l	5f, r1		/* gap: the previous entry's TCNT1 - TCNT1 */
	mov.l	@r1, r1
	mov.l	7f, r3
	mov.l	@r3, r2
	mov.l	r1, @r3
	sub	r1, r2
	mov.l	8f, r3
	mov.l	@r3, r1
	cmp/hi	r1, r2
	bf	6f
	mov.l	r2, @r3
6:	mov.l	9f, r0		/* count */
	mov.l	@r0, r1
	add	#1, r1
	mov.l	r1, @r0
	mov.l	10f, r0		/* TCR2 = UNIE: UNF cleared */
	mov	#0x20, r1
	mov.w	r1, @r0
	mov.l	1f, r0
	mov.l	@r0, r2
	mov.l	@(4, r0), r3
	rte
	 nop
	.balign	4
1:	.long	fake_rt_save
2:	.long	0xffd80024	/* TCNT2 */
3:	.long	FAKE_RT_PERIOD - 1
4:	.long	fake_rt_maxlat
5:	.long	0xffd80018	/* TCNT1 */
7:	.long	fake_rt_prev
8:	.long	fake_rt_maxgap
9:	.long	fake_rt_count
10:	.long	0xffd80028	/* TCR2 */
#endif
