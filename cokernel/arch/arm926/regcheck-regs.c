// SPDX-License-Identifier: MIT
/*
 * regcheck-regs.c - the ARM926 registers regcheck.S checks, in its order
 * (ck/regcheck.h): AAPCS callee-saved r4-r11 (ARM IHI 0042, 5.1.1), then
 * r3, r12 and lr, which only a preemption must keep. The CPSR flags and
 * sp are not patterns (the loop compares; sp is the stack).
 */
#include <ck/ck.h>
#include <ck/regcheck.h>
#include <arch/ctx.h>

#define REG(n, i, mask) { n, CTX_R0 + (i), mask }

const struct ck_regcheck_reg arch_regcheck_regs[] = {
	REG("r4", 4, ~0u),  REG("r5", 5, ~0u),   REG("r6", 6, ~0u),
	REG("r7", 7, ~0u),  REG("r8", 8, ~0u),   REG("r9", 9, ~0u),
	REG("r10", 10, ~0u), REG("r11", 11, ~0u), REG("r3", 3, 0),
	REG("r12", 12, 0),  { "lr", CTX_LR, 0 },
};

CK_REGCHECK_COUNTS(8);
