/* SPDX-License-Identifier: MIT */
/*
 * start.S - the stand-in guest's entry and its own exception table (what
 * Linux's vbr_base is to the co-kernel). Entered as the co-kernel enters
 * Linux (cokernel/arch/sh4/arch.c arch_boot_linux(): P1, RT masked, r4 =
 * 0); like Linux's head_32.S it sets SR (BL = 1, IMASK 15) and r15 first.
 * The table's handlers run with BL = 1 in bank 1, as Linux's do up to
 * their save_low_regs: +0x100 records EXPEVT (a trapa returns to the next
 * instruction by itself), +0x400 counts, +0x600 acknowledges TMU0 and
 * counts, notes the co-kernel's soft line (TMU4) for guest_main and
 * returns at IMASK 14 until it is drained, counts any other INTEVT as
 * unexpected.
 */
	.section .text.start, "ax"
	.global	_start
_start:
	mov.l	.Lsr_boot, r0
	ldc	r0, sr
	mov.l	.Lstack_top, r15
	mov.l	.Lbss_start, r1
	mov.l	.Lbss_end, r2
	mov	#0, r0
1:	cmp/hs	r2, r1
	bt	2f
	mov.l	r0, @r1
	bra	1b
	add	#4, r1
2:	mov.l	.Lmain, r0
	jsr	@r0
	nop
3:	bra	3b
	nop
	.balign	4
.Lsr_boot:	.long	0x500080f0      /* MD, BL, FD, IMASK 15; bank 0 */
.Lstack_top:	.long	guest_stack_top
.Lbss_start:	.long	__bss_start
.Lbss_end:	.long	__bss_end
.Lmain:		.long	guest_main

	.balign	256
	.global	guest_vbr
guest_vbr:
	.org	guest_vbr + 0x100
	mov.l	.Lexpevt, r0
	mov.l	@r0, r0
	mov.l	.Lexc_last, r1
	mov.l	r0, @r1
	mov.l	.Lexc_count, r1
	bra	count_rte
	nop
	.balign	4
.Lexpevt:	.long	0xff000024
.Lexc_last:	.long	guest_exc_last
.Lexc_count:	.long	guest_exc_count

/* add 1 to the word at r1 and return from the exception */
count_rte:
	mov.l	@r1, r2
	add	#1, r2
	mov.l	r2, @r1
	rte
	nop

	.org	guest_vbr + 0x400
	mov.l	.Ltlb_count, r1
	bra	count_rte
	nop
	.balign	4
.Ltlb_count:	.long	guest_tlb_count

	.org	guest_vbr + 0x600
	mov.l	.Lintevt, r0
	mov.l	@r0, r0
	mov.w	.Ltuni0, r1
	cmp/eq	r0, r1
	bf	4f
	mov.l	.Ltcr0, r1               /* TCR0 = UNIE: UNF cleared */
	mov	#0x20, r2
	mov.w	r2, @r1
	mov.w	@r1, r2                  /* read back before rte */
	mov.l	.Ltmu0_count, r1
	bra	5f
	nop
4:	mov.w	.Ltuni4, r1
	cmp/eq	r0, r1
	bf	6f
	mov.l	.Lsoft_pending, r1       /* the soft line: guest_main drains */
	mov	#1, r2                   /* next_pending(); until then it */
	mov.l	r2, @r1                  /* returns at IMASK 14 */
	stc	ssr, r0
	or	#0xe0, r0
	ldc	r0, ssr
	mov.l	.Lsoft_count, r1
	bra	5f
	nop
6:	mov.l	.Lintevt_last, r1
	mov.l	r0, @r1
	mov.l	.Lother_count, r1
5:	bra	count_rte
	nop
	.balign	4
.Lintevt:	.long	0xff000028
.Ltcr0:		.long	0xffd80010
.Ltmu0_count:	.long	guest_tmu0_count
.Lintevt_last:	.long	guest_intevt_last
.Lother_count:	.long	guest_other_count
.Lsoft_pending:	.long	guest_soft_pending
.Lsoft_count:	.long	guest_soft_count
.Ltuni0:	.word	0x400
.Ltuni4:	.word	0xb80

	.section .bss
	.balign	8
	.space	4096
guest_stack_top:
