// SPDX-License-Identifier: MIT
/* sim_util.c - test conveniences: task creation with pooled stacks, event log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ck/core.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "sim_priv.h"

#define SIM_LOG_MAX 4096u

static long log_v[SIM_LOG_MAX];
static size_t log_n;
/*
 * A target-sized stack for ck_task_create() to check; the fibers run on the
 * sim's host stacks and never touch it, so all tasks may share it.
 */
static uint64_t task_stack[CK_STACK_MIN / sizeof(uint64_t)];

int sim_task(struct ck_task *t, int prio, void (*fn)(void *), void *arg)
{
	memset(t, 0, sizeof(*t));
	return ck_task_create(t, "sim", prio, fn, arg, task_stack,
			      sizeof(task_stack));
}

void sim_log_reset(void)
{
	log_n = 0;
}

void sim_log(long v)
{
	if (log_n == SIM_LOG_MAX) {
		fprintf(stderr, "sim: log full\n");
		abort();
	}
	log_v[log_n++] = v;
}

size_t sim_log_len(void)
{
	return log_n;
}

long sim_log_at(size_t i)
{
	return i < log_n ? log_v[i] : -1;
}

void sim_linux_windows(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	uint32_t i;

	for (i = 0; i < gp->nr_mmio; i++)
		gp->mmio[i].va = SIM_LINUX_VA_BASE + i * 0x200000u +
				 (gp->mmio[i].phys & 0xfffu);
}

int sim_guest_up(void)
{
	sim_boot(NULL);
	guest_init();
	sim_linux_windows();
	return ck_guest_page.attach();
}
