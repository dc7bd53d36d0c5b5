/* SPDX-License-Identifier: MIT */
/*
 * at91-start.S - entry of the at91sam9260ek probes: stacks for FIQ, IRQ and
 * SVC mode, SRAM0 remapped to 0 through MATRIX_MRCR, the vector table
 * copied there (IRQ and FIQ go to the probe's irq_handler/fiq_handler, any
 * other exception prints its name and stops), .bss cleared, then main()
 * with IRQ and FIQ masked.
 */
	.section .text.start, "ax"
	.global _start
_start:
	msr	cpsr_c, #0xd1		/* FIQ mode, I and F set */
	ldr	sp, =__stack_fiq
	msr	cpsr_c, #0xd2		/* IRQ mode */
	ldr	sp, =__stack_irq
	msr	cpsr_c, #0xd3		/* SVC mode */
	ldr	sp, =__stack_svc
	/* MATRIX_MRCR (0xffffef00): RCB0|RCB1, SRAM0 at 0 */
	ldr	r0, =0xffffef00
	mov	r1, #3
	str	r1, [r0]
	/* vectors: 8 "ldr pc, [pc, #24]" and their 8 targets */
	mov	r0, #0
	adr	r1, vectors
	mov	r2, #16
1:	ldr	r3, [r1], #4
	str	r3, [r0], #4
	subs	r2, r2, #1
	bne	1b
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
2:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	2b
	bl	main
3:	b	3b

vectors:
	.rept 8
	ldr	pc, [pc, #24]
	.endr
	.word	exc_reset, exc_undef, exc_swi, exc_pabt
	.word	exc_dabt, exc_reserved, irq_entry, fiq_entry

irq_entry:
	sub	lr, lr, #4
	stmfd	sp!, {r0-r3, r12, lr}
	bl	irq_handler
	ldmfd	sp!, {r0-r3, r12, pc}^

fiq_entry:
	sub	lr, lr, #4
	stmfd	sp!, {r0-r7, r12, lr}
	bl	fiq_handler
	ldmfd	sp!, {r0-r7, r12, pc}^

	.macro exc name, num
exc_\name:
	msr	cpsr_c, #0xd3
	ldr	sp, =__stack_svc
	mov	r0, #\num
	mov	r1, lr
	bl	probe_exception
	.endm
	exc reset, 0
	exc undef, 1
	exc swi, 2
	exc pabt, 3
	exc dabt, 4
	exc reserved, 5
	.ltorg
