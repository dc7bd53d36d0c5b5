// SPDX-License-Identifier: MIT
/* sim_mmio.c - counts of the drivers' register accesses (arch/mmio.h). */
#include "sim_priv.h"
#include <arch/mmio.h>

static struct sim_mmio_counts counts;

void sim_mmio_count(uintptr_t addr)
{
	(void)addr;
	counts.total++;
	if (sim_rt_masked())
		counts.rt_masked++;
}

struct sim_mmio_counts sim_mmio_counts(void)
{
	return counts;
}

void sim_mmio_reset(void)
{
	counts.total = 0;
	counts.rt_masked = 0;
}
