/* SPDX-License-Identifier: MIT */
/*
 * regcheck.S - the SH-4 register fill-and-check helpers (ck/regcheck.h).
 * The call set is what GCC's SH ABI has a callee keep: r8-r14, and GBR,
 * which compiled code never writes. MACH and MACL are call-clobbered in
 * that ABI (the Renesas ABI, -mrenesas, keeps them; the co-kernel is not
 * built with it), so only the spin set has them, with r0-r3, r7 and pr;
 * the loop needs r4 (the address), r5 (the start value) and r6; r15 is
 * the stack. Checked register i holds seed + i: r8-r14 0-6, gbr 7, mach 8,
 * macl 9, r1-r3 10-12, r7 13, pr 14, r0 15.
 */
#include <generated/asm-offsets.h>

	.text

/* Save the caller's r8-r14, pr, gbr and @rc (r4, at @r15); load r8-r14
 * and gbr with seed + 0..7. */
	.macro	regcheck_enter
	mov.l	r8, @-r15
	mov.l	r9, @-r15
	mov.l	r10, @-r15
	mov.l	r11, @-r15
	mov.l	r12, @-r15
	mov.l	r13, @-r15
	mov.l	r14, @-r15
	sts.l	pr, @-r15
	stc.l	gbr, @-r15
	mov.l	r4, @-r15
	mov.l	@(REGCHECK_SEED, r4), r8
	mov	r8, r9
	add	#1, r9
	mov	r8, r10
	add	#2, r10
	mov	r8, r11
	add	#3, r11
	mov	r8, r12
	add	#4, r12
	mov	r8, r13
	add	#5, r13
	mov	r8, r14
	add	#6, r14
	mov	r8, r0
	add	#7, r0
	ldc	r0, gbr
	.endm

/* Store gbr and r14 down to r8 below @end (found[7] down to found[0]). */
	.macro	regcheck_store_call end, tmp
	stc	gbr, \tmp
	mov.l	\tmp, @-\end
	mov.l	r14, @-\end
	mov.l	r13, @-\end
	mov.l	r12, @-\end
	mov.l	r11, @-\end
	mov.l	r10, @-\end
	mov.l	r9, @-\end
	mov.l	r8, @-\end
	.endm

	.macro	regcheck_leave
	add	#4, r15
	ldc.l	@r15+, gbr
	lds.l	@r15+, pr
	mov.l	@r15+, r14
	mov.l	@r15+, r13
	mov.l	@r15+, r12
	mov.l	@r15+, r11
	mov.l	@r15+, r10
	mov.l	@r15+, r9
	rts
	mov.l	@r15+, r8
	.endm

/* int arch_regcheck_call(struct ck_regcheck *rc, int (*fn)(void *), void *arg) */
	.balign	4
	.global	arch_regcheck_call
	.type	arch_regcheck_call, @function
arch_regcheck_call:
	regcheck_enter
	jsr	@r5
	mov	r6, r4
	mov.l	@r15, r1
	add	#(REGCHECK_FOUND + 4 * 8), r1
	regcheck_store_call r1, r2
	regcheck_leave
	.size	arch_regcheck_call, . - arch_regcheck_call

/* void arch_regcheck_spin(struct ck_regcheck *rc, const volatile uint32_t *watch,
 *                         uint32_t start) */
	.balign	4
	.global	arch_regcheck_spin
	.type	arch_regcheck_spin, @function
arch_regcheck_spin:
	regcheck_enter
	mov	#1, r0
	mov.l	r0, @(REGCHECK_SPINNING, r4)
	mov	r5, r4
	mov	r6, r5
	mov	r8, r0
	add	#8, r0
	lds	r0, mach
	mov	r8, r0
	add	#9, r0
	lds	r0, macl
	mov	r8, r1
	add	#10, r1
	mov	r8, r2
	add	#11, r2
	mov	r8, r3
	add	#12, r3
	mov	r8, r7
	add	#13, r7
	mov	r8, r0
	add	#14, r0
	lds	r0, pr
	mov	r8, r0
	add	#15, r0
1:	mov.l	@r4, r6
	cmp/eq	r5, r6
	bt	1b
	mov.l	@r15, r6
	mov	#0, r4
	mov.l	r4, @(REGCHECK_SPINNING, r6)
	mov	r6, r4
	add	#(REGCHECK_FOUND + 4 * 16), r4
	mov.l	r0, @-r4
	sts	pr, r5
	mov.l	r5, @-r4
	mov.l	r7, @-r4
	mov.l	r3, @-r4
	mov.l	r2, @-r4
	mov.l	r1, @-r4
	sts	macl, r5
	mov.l	r5, @-r4
	sts	mach, r5
	mov.l	r5, @-r4
	regcheck_store_call r4, r5
	regcheck_leave
	.size	arch_regcheck_spin, . - arch_regcheck_spin
