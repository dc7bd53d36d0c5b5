/* SPDX-License-Identifier: MIT */
/*
 * gate-ops-asm.h - the op stubs' instances and their table, for both
 * PowerPC ports' gate.S; assembly only.
 */
#ifndef ARCH_GATE_OPS_ASM_H
#define ARCH_GATE_OPS_ASM_H

/*
 * gate_ops stub - one stub per guest-page op, \stub\()_op0 ..
 * \stub\()_op10 (the port's macro `gate_op n`; ck/guest.h CK_GUEST_OPS),
 * and the .rodata table \stub\()_ops of their addresses in the order of
 * core/guest.c ck_guest_gate_ops().
 */
.macro gate_ops stub
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	gate_op	\n
	.endr
	.section .rodata
	.balign	4
	.global	\stub\()_ops
\stub\()_ops:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	.long	\stub\()_op\n
	.endr
.endm

#endif /* ARCH_GATE_OPS_ASM_H */
