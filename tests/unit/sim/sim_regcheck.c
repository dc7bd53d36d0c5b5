// SPDX-License-Identifier: MIT
/*
 * sim_regcheck.c - ck/regcheck.h on the sim arch. The host cannot load
 * registers of its own choosing, so the sim's "registers" are words of
 * the current task's saved frame (struct ck_arch_ctx w[SIM_REG0..], which
 * the sim's switch leaves alone: it keeps its context in w[0]): a helper
 * writes the patterns there, blocks or spins, and reads them back. A
 * test that corrupts a frame word, as switchtest's fault injection does,
 * is then seen exactly as a corrupted register would be.
 */
#include <ck/ck.h>
#include <ck/regcheck.h>
#include "sim.h"

#define SIM_REG0 40u /* the first "register" word of the frame */

const struct ck_regcheck_reg arch_regcheck_regs[] = {
	{ "s0", SIM_REG0, ~0u },
	{ "s1", SIM_REG0 + 1, ~0u },
	{ "t0", SIM_REG0 + 2, 0 },
};

CK_REGCHECK_COUNTS(2);

static void load(struct ck_regcheck *rc, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		ck_task_self()->ctx.w[arch_regcheck_regs[i].ctx_word] =
			rc->seed + i;
}

static void store(struct ck_regcheck *rc, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		rc->found[i] = (uint32_t)
			ck_task_self()->ctx.w[arch_regcheck_regs[i].ctx_word];
}

int arch_regcheck_call(struct ck_regcheck *rc, int (*fn)(void *), void *arg)
{
	int ret;

	load(rc, arch_regcheck_call_count);
	ret = fn(arg);
	store(rc, arch_regcheck_call_count);
	return ret;
}

void arch_regcheck_spin(struct ck_regcheck *rc, const volatile uint32_t *watch,
			uint32_t start)
{
	load(rc, arch_regcheck_spin_count);
	rc->spinning = 1;
	while (*watch == start)
		sim_advance(1000); /* 1 us a turn; due interrupts come here */
	rc->spinning = 0;
	store(rc, arch_regcheck_spin_count);
}
