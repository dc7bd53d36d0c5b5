/* SPDX-License-Identifier: MIT */
/*
 * regcheck.S - the PowerPC (e500, G2_LE) register fill-and-check helpers
 * (ck/regcheck.h). The call set is what the SVR4 ABI has a callee keep:
 * r14-r31 and CR (of which CR2-CR4 count, regcheck-regs.c). The spin set
 * adds r0, r3, r7-r12 and lr; the loop needs r4 (the address), r5 (the
 * start value), r6 and ctr (it branches on ctr, not CR, so that every CR
 * field keeps its pattern); r1 is the stack, r2 and r13 stay the ABI's.
 * Checked register i holds seed + i: r14-r31 0-17, cr 18, r0 19, r3 20,
 * r7-r12 21-26, lr 27.
 */
#include <generated/asm-offsets.h>

#define FRAME 96     /* back chain, lr slot, rc, cr, r14-r31 */
#define F_RC 8
#define F_CR 12
#define F_GPR 16
#define FOUND(i) (REGCHECK_FOUND + 4 * (i))

	.text

/* Save the caller's nonvolatile state and @rc (r3); load r14-r31 and CR
 * with seed + 0..18. Leaves r0 = seed + 18. */
	.macro	regcheck_enter
	stwu	r1, -FRAME(r1)
	mflr	r0
	stw	r0, FRAME + 4(r1)
	mfcr	r0
	stw	r0, F_CR(r1)
	stw	r3, F_RC(r1)
	stmw	r14, F_GPR(r1)
	lwz	r14, REGCHECK_SEED(r3)
	addi	r15, r14, 1
	addi	r16, r14, 2
	addi	r17, r14, 3
	addi	r18, r14, 4
	addi	r19, r14, 5
	addi	r20, r14, 6
	addi	r21, r14, 7
	addi	r22, r14, 8
	addi	r23, r14, 9
	addi	r24, r14, 10
	addi	r25, r14, 11
	addi	r26, r14, 12
	addi	r27, r14, 13
	addi	r28, r14, 14
	addi	r29, r14, 15
	addi	r30, r14, 16
	addi	r31, r14, 17
	addi	r0, r14, 18
	mtcr	r0
	.endm

/* Store r14-r31 and CR at found[0..18] of the struct at @rc. */
	.macro	regcheck_store_call rc, tmp
	stmw	r14, FOUND(0)(\rc)
	mfcr	\tmp
	stw	\tmp, FOUND(18)(\rc)
	.endm

/* Give the caller back its nonvolatile state and return. */
	.macro	regcheck_leave
	lmw	r14, F_GPR(r1)
	lwz	r0, F_CR(r1)
	mtcr	r0
	lwz	r0, FRAME + 4(r1)
	mtlr	r0
	addi	r1, r1, FRAME
	blr
	.endm

/* int arch_regcheck_call(struct ck_regcheck *rc, int (*fn)(void *), void *arg) */
	.balign	4
	.global	arch_regcheck_call
	.type	arch_regcheck_call, @function
arch_regcheck_call:
	regcheck_enter
	mtctr	r4
	mr	r3, r5
	bctrl
	lwz	r4, F_RC(r1)
	regcheck_store_call r4, r5
	regcheck_leave
	.size	arch_regcheck_call, . - arch_regcheck_call

/* void arch_regcheck_spin(struct ck_regcheck *rc, const volatile uint32_t *watch,
 *                         uint32_t start) */
	.balign	4
	.global	arch_regcheck_spin
	.type	arch_regcheck_spin, @function
arch_regcheck_spin:
	regcheck_enter
	li	r6, 1
	stw	r6, REGCHECK_SPINNING(r3)
	addi	r0, r14, 19
	addi	r3, r14, 20
	addi	r7, r14, 21
	addi	r8, r14, 22
	addi	r9, r14, 23
	addi	r10, r14, 24
	addi	r11, r14, 25
	addi	r12, r14, 26
	addi	r6, r14, 27
	mtlr	r6
	/* ctr = (*watch ^ start) + 1: bdz loops while the word is unchanged */
1:	lwz	r6, 0(r4)
	xor	r6, r6, r5
	addi	r6, r6, 1
	mtctr	r6
	bdz	1b
	lwz	r6, F_RC(r1)
	li	r4, 0
	stw	r4, REGCHECK_SPINNING(r6)
	regcheck_store_call r6, r4
	stw	r0, FOUND(19)(r6)
	stw	r3, FOUND(20)(r6)
	stw	r7, FOUND(21)(r6)
	stw	r8, FOUND(22)(r6)
	stw	r9, FOUND(23)(r6)
	stw	r10, FOUND(24)(r6)
	stw	r11, FOUND(25)(r6)
	stw	r12, FOUND(26)(r6)
	mflr	r4
	stw	r4, FOUND(27)(r6)
	regcheck_leave
	.size	arch_regcheck_spin, . - arch_regcheck_spin
