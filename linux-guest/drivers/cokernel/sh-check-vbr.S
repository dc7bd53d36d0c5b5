/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sh-check-vbr.S - the exception table sh-check.c installs for its level-15
 * test when Linux runs alone: a stand-in for the co-kernel's. Its
 * interrupt entry (VBR + 0x600, SH7751 hardware manual §5.3) takes TMU2's
 * underflow (INTEVT 0x440) itself, while BL = 1: clears UNF (TCR2 =
 * UNIE, SH7751 hardware manual §12.2.5), counts it, and returns; every other
 * interrupt, and every exception (+0x100) and TLB miss (+0x400), jumps to
 * Linux's own vbr_base at the same offset with only k0/k1 (r0/r1 of bank 1)
 * changed, as the co-kernel's table does.
 */
#include <linux/linkage.h>

	.section .text, "ax"
	.balign	4096
ENTRY(ck_check_vbr)
	.org	ck_check_vbr + 0x100
	mov.l	1f, r0
	jmp	@r0
	 nop
	.balign	4
1:	.long	vbr_base + 0x100

	.org	ck_check_vbr + 0x400
	mov.l	1f, r0
	jmp	@r0
	 nop
	.balign	4
1:	.long	vbr_base + 0x400

	.org	ck_check_vbr + 0x600
	mov.l	2f, r0		! INTEVT
	mov.l	@r0, r0
	mov.w	3f, r1		! TMU2 underflow
	cmp/eq	r0, r1		! T is the interrupted SR's only in SSR
	bf	1f
	mov.l	4f, r0		! TCR2 = UNIE: UNF cleared
	mov	#0x20, r1
	mov.w	r1, @r0
	mov.l	5f, r0		! count it
	mov.l	@r0, r1
	add	#1, r1
	mov.l	r1, @r0
	rte
	 nop
1:	mov.l	6f, r0
	jmp	@r0
	 nop
	.balign	4
2:	.long	0xff000028
4:	.long	0xffd80028
5:	.long	ck_level15_count
6:	.long	vbr_base + 0x600
3:	.word	0x440
