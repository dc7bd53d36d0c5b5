// SPDX-License-Identifier: MIT
/*
 * regcheck-regs.c - the SH-4 registers regcheck.S checks, in its order
 * (ck/regcheck.h): r8-r14 and GBR, which GCC's SH ABI has a callee keep
 * (gcc/config/sh/sh.h CALL_USED_REGISTERS; MACH/MACL only with
 * -mrenesas), then MACH, MACL, r0-r3, r7 and PR, which only a preemption
 * must keep. Not patterns: r15 (stack), r4-r6 (the spin loop's), SR.
 */
#include <ck/ck.h>
#include <ck/regcheck.h>
#include <arch/ctx.h>

#define GPR(n, mask) { "r" #n, CTX_R0 + (n), mask }

const struct ck_regcheck_reg arch_regcheck_regs[] = {
	GPR(8, ~0u), GPR(9, ~0u), GPR(10, ~0u), GPR(11, ~0u), GPR(12, ~0u),
	GPR(13, ~0u), GPR(14, ~0u), { "gbr", CTX_GBR, ~0u },
	{ "mach", CTX_MACH, 0 }, { "macl", CTX_MACL, 0 },
	GPR(1, 0), GPR(2, 0), GPR(3, 0), GPR(7, 0), { "pr", CTX_PR, 0 },
	GPR(0, 0),
};

CK_REGCHECK_COUNTS(8);
