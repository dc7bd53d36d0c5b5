// SPDX-License-Identifier: MIT
/*
 * regcheck-regs.c - the PowerPC registers regcheck.S checks, in its order
 * (ck/regcheck.h): the SVR4 ABI's nonvolatile r14-r31 and CR fields
 * CR2-CR4 (System V ABI PowerPC Processor Supplement, 3-14/3-15: "Registers
 * r14-r31 ... CR2-CR4 ... nonvolatile"), then r0, r3, r7-r12 and lr,
 * which only a preemption must keep. Not patterns: r1 (stack), r2 and r13
 * (reserved by the ABI), r4-r6 and ctr (the spin loop's), XER.
 */
#include <ck/ck.h>
#include <ck/regcheck.h>
#include <arch/ctx.h>

#define GPR(n, mask) { "r" #n, CTX_R0 + (n), mask }
#define CR_NONVOLATILE 0x00fff000u /* CR2-CR4: bits 8-19 */

const struct ck_regcheck_reg arch_regcheck_regs[] = {
	GPR(14, ~0u), GPR(15, ~0u), GPR(16, ~0u), GPR(17, ~0u), GPR(18, ~0u),
	GPR(19, ~0u), GPR(20, ~0u), GPR(21, ~0u), GPR(22, ~0u), GPR(23, ~0u),
	GPR(24, ~0u), GPR(25, ~0u), GPR(26, ~0u), GPR(27, ~0u), GPR(28, ~0u),
	GPR(29, ~0u), GPR(30, ~0u), GPR(31, ~0u),
	{ "cr", CTX_CR, CR_NONVOLATILE },
	GPR(0, 0), GPR(3, 0), GPR(7, 0), GPR(8, 0), GPR(9, 0), GPR(10, 0),
	GPR(11, 0), GPR(12, 0),
	{ "lr", CTX_LR, 0 },
};

CK_REGCHECK_COUNTS(19);
