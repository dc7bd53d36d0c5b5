/* SPDX-License-Identifier: MIT */
/*
 * gate-asm.h - the way from Linux's context into the e500 co-kernel's
 * data address space and gate stack, and back: the hypercall (entry.S)
 * and the op stubs (gate.S); assembly only. Why: arch/tlb1.h.
 */
#ifndef ARCH_GATE_ASM_H
#define ARCH_GATE_ASM_H

/*
 * gate_in msr, tmp, frame - with \msr the MSR at entry: Linux's
 * interrupts off (MSR[EE]) and data in address space 1 (MSR[DS]; EREF:
 * from the next context-synchronizing instruction, hence the isync), then
 * r1 := a \frame-byte frame at the top of the gate stack (gate.S) whose
 * back chain is Linux's r1. \tmp is clobbered (it may be \msr).
 */
.macro gate_in msr, tmp, frame
	rlwinm	\tmp, \msr, 0, 17, 15        /* MSR[EE] (0x8000) off */
	ori	\tmp, \tmp, MSR_DS
	mtmsr	\tmp
	isync
	lis	\tmp, ck_gate_stack_top@ha
	addi	\tmp, \tmp, ck_gate_stack_top@l
	stw	r1, -\frame(\tmp)            /* DS = 1: the gate stack */
	subi	r1, \tmp, \frame
.endm

/* gate_out msr - r1 := the frame's back chain (Linux's), MSR := \msr
 * (Linux's EE, DS = 0). */
.macro gate_out msr
	lwz	r1, 0(r1)
	mtmsr	\msr
	isync
.endm

#endif /* ARCH_GATE_ASM_H */
