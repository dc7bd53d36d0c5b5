// SPDX-License-Identifier: MIT
/* sim_mmio.c - counts of the drivers' register accesses (arch/mmio.h). */
#include "sim_priv.h"
#include <arch/mmio.h>

static struct sim_mmio_counts counts;
static void (*access_hook)(uintptr_t addr, void *arg);
static void *access_hook_arg;

void sim_mmio_set_hook(void (*hook)(uintptr_t addr, void *arg), void *arg)
{
	access_hook = hook;
	access_hook_arg = arg;
}

void sim_mmio_count(uintptr_t addr)
{
	if (access_hook)
		access_hook(addr, access_hook_arg);
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
	access_hook = NULL;
	access_hook_arg = NULL;
}
