/* SPDX-License-Identifier: MIT */
/*
 * start.S - SH-4 reset: the image moves itself to its region, caches on,
 * VBR (entry.S's table), boot stack, .bss, then ck_main().
 *
 * Entered at the image's first byte wherever it was loaded: QEMU's r2d
 * loads a -kernel raw binary at PA 0x0c800000 and starts it at the P2
 * address 0xac800000 (hw/sh4/r2d.c), in the CPU's reset state: SR MD=1,
 * RB=1, BL=1, IMASK=15, VBR=0, no stack (notes/sh4.md §1; SH7751R hardware
 * manual §5.2 "Register configuration", reset values). A boot loader may
 * enter through P1 or P2. Until BL is cleared an exception resets the CPU,
 * so the code up to there touches only RAM and CCR.
 *
 * Caches (hardware manual §4): the copy reads the loaded image and writes
 * the region through P2 (uncached), so neither depends on the cache state
 * a boot loader left (U-Boot cleans the operand cache before it jumps);
 * then CCR invalidates both caches, in case they hold lines of the region
 * from before, and enables them: instruction cache, operand cache with P1
 * in copy-back mode. The co-kernel runs cached in P1 (its code and data,
 * which are hot on every RT interrupt); its devices are in P4 and P2, never
 * cached; the IPC region is used through P2. CCR is written from P2 and
 * P1 is entered only after eight more instructions (§4.2.1: a CCR change
 * takes effect after that many). Linux later re-initialises the caches
 * itself (arch/sh/mm/cache-sh4.c flushes enabled caches first).
 */
#include <arch/sh4.h>
#include <generated/asm-offsets.h>

/* load a 32-bit constant from a literal */
.macro	LI reg, val
	mov.l	9001f, \reg
	bra	9002f
	nop
	.balign	4
9001:	.long	\val
9002:
.endm

	.section .text.reset, "ax"
	.global	_start
_start:
	/* r1 = runtime address of 1f, r2 = its link address (the word at 1f) */
	mova	1f, r0
	mov	r0, r1
	mov.l	1f, r2
	bra	2f
	nop
	.balign	4
1:	.long	1b
2:	/* r1 = runtime _start, as P2 */
	mov.l	.Loff_1, r3
	sub	r3, r1
	mov.l	.Lphys_mask, r3
	and	r3, r1
	mov.l	.Lp2_base, r3
	or	r3, r1
	/* r4 = _start in P2 (the region), r5 = bytes to copy */
	mov.l	.Lstart_p2, r4
	mov.l	.Lload_bytes, r5
	cmp/eq	r1, r4
	bt	4f
	shlr2	r5
3:	mov.l	@r1+, r0
	dt	r5
	mov.l	r0, @r4
	bf/s	3b
	add	#4, r4
4:	/* on in the region, still uncached, to write CCR */
	mov.l	.Lcache_on_p2, r0
	jmp	@r0
	nop

	.balign	4
.Loff_1:	.long	1b - _start
.Lphys_mask:	.long	0x1fffffff
.Lp2_base:	.long	0xa0000000
.Lstart_p2:	.long	_start - 0x80000000 + 0xa0000000
.Lload_bytes:	.long	__ck_load_end - _start
.Lcache_on_p2:	.long	cache_on - 0x80000000 + 0xa0000000

cache_on:
	LI	r1, SH4_CCR
	LI	r0, (CCR_ICI | CCR_ICE | CCR_OCI | CCR_CB | CCR_OCE)
	mov.l	r0, @r1
	mov.l	.Lstart_va, r0
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	jmp	@r0
	nop
	.balign	4
.Lstart_va:	.long	start_va

	.text
start_va:
	LI	r0, sh4_vbr
	ldc	r0, vbr
	/* bank 0, BL clear: exceptions are reported from here on (entry.S);
	 * IMASK 15: the RT class masked until ck_main() enables it */
	LI	r0, SR_RT_IRQ
	ldc	r0, sr
	LI	r15, ck_boot_stack_top
	LI	r1, __bss_start
	LI	r2, __bss_end
	mov	#0, r0
5:	cmp/hs	r2, r1
	bt	6f
	mov.l	r0, @r1
	bra	5b
	add	#4, r1
6:	LI	r0, ck_main
	jsr	@r0
	nop
7:	bra	7b
	nop

	.section .stacks, "aw", @nobits
	.balign	8
	.space	8192
	.global	ck_boot_stack_top
ck_boot_stack_top:
	.global	sh4_rt_stack_limit
sh4_rt_stack_limit:             /* lowest word of the RT stack: canary */
	.space	4096
	.global	sh4_rt_stack_top
sh4_rt_stack_top:
