/* SPDX-License-Identifier: MIT */
/*
 * start.S - a stand-in co-kernel for testing the SH-4 Linux guest's side
 * of the hand-over without the real co-kernel: it owns VBR, forwards every
 * exception (+0x100), TLB miss (+0x400) and interrupt (+0x600) to the VBR
 * Linux wrote into the guest page (linux_vbr), using only k0/k1 (r0/r1 of
 * bank 1, SH7751 hardware manual §2.2: RB = 1 in an exception handler) and
 * counting each, and enters Linux at P1 0x8c011000. It has no RT side.
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
	FORWARD	fake_fwd_irq, 0x600
