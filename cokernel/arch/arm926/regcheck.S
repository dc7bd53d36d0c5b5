/* SPDX-License-Identifier: MIT */
/*
 * regcheck.S - the ARM926 register fill-and-check helpers (ck/regcheck.h).
 * The call set is AAPCS's callee-saved r4-r11 (table order: r4..r11);
 * the spin set adds r3, r12 and lr, every register the loop does not need
 * (r0: the address, r1: the start value, r2: the loaded word; sp is the
 * stack). Checked register i holds seed + i.
 */
#include <generated/asm-offsets.h>

	.text
	.arm

/* Load r4-r11 with seed (in r4's place) + 0..7 from the struct in @rc. */
	.macro	fill_r4_r11 rc
	ldr	r4, [\rc, #REGCHECK_SEED]
	add	r5, r4, #1
	add	r6, r4, #2
	add	r7, r4, #3
	add	r8, r4, #4
	add	r9, r4, #5
	add	r10, r4, #6
	add	r11, r4, #7
	.endm

/* int arch_regcheck_call(struct ck_regcheck *rc, int (*fn)(void *), void *arg) */
	.balign	4
	.global	arch_regcheck_call
	.type	arch_regcheck_call, %function
arch_regcheck_call:
	push	{r0, r4-r11, lr}        @ rc at [sp]; 10 words keep sp 8-aligned
	fill_r4_r11 r0
	mov	r0, r2
	blx	r1
	ldr	r1, [sp]
	add	r1, r1, #REGCHECK_FOUND
	stmia	r1, {r4-r11}
	pop	{r1, r4-r11, pc}        @ r0: fn's result
	.size	arch_regcheck_call, . - arch_regcheck_call

/* void arch_regcheck_spin(struct ck_regcheck *rc, const volatile uint32_t *watch,
 *                         uint32_t start) */
	.balign	4
	.global	arch_regcheck_spin
	.type	arch_regcheck_spin, %function
arch_regcheck_spin:
	push	{r0, r4-r11, lr}
	fill_r4_r11 r0
	mov	r3, #1
	str	r3, [r0, #REGCHECK_SPINNING]
	add	r3, r4, #8
	add	r12, r4, #9
	add	lr, r4, #10
	mov	r0, r1
	mov	r1, r2
1:	ldr	r2, [r0]
	cmp	r2, r1
	beq	1b
	ldr	r2, [sp]
	mov	r0, #0
	str	r0, [r2, #REGCHECK_SPINNING]
	add	r0, r2, #REGCHECK_FOUND
	stmia	r0, {r4-r11}
	str	r3, [r0, #32]
	str	r12, [r0, #36]
	str	lr, [r0, #40]
	pop	{r0, r4-r11, pc}
	.size	arch_regcheck_spin, . - arch_regcheck_spin
