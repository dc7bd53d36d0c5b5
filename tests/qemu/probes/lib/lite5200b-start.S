/* SPDX-License-Identifier: MIT */
/*
 * lite5200b-start.S - entry of the lite5200b probes written in C (lib/
 * lite5200b-c.mk): a stack of its own, MSR with FP and ME only (MMU off,
 * EE off, vectors at 0), then main(). exc_entry is where the stubs that
 * probe_vectors_init() (lite5200b.h) writes at 0x100 .. 0x1f00 branch to,
 * with the vector in r3. .bss lies in the loaded image (lite5200b.ld).
 */
	.section .text.entry, "ax"
	.global _start
_start:
	lis	%r1, (c_stack + 16384 - 16)@ha
	addi	%r1, %r1, (c_stack + 16384 - 16)@l
	li	%r0, 0
	stw	%r0, 0(%r1)
	li	%r3, 0x3000		/* MSR: FP, ME */
	mtmsr	%r3
	isync
	bl	main
1:	b	1b

	.global exc_entry
exc_entry:
	lis	%r1, (c_stack + 16384 - 16)@ha
	addi	%r1, %r1, (c_stack + 16384 - 16)@l
	mfsrr0	%r4
	bl	probe_exception
2:	b	2b

	.section .bss
	.balign	16
c_stack:
	.space	16384

	.section .note.GNU-stack, "", @progbits
