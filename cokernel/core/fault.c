// SPDX-License-Identifier: MIT
/*
 * fault.c - RT fault containment (ck/fault.h): suspend and report the RT
 * task that took an exception, failed an assertion, broke its stack canary
 * or kept Linux out beyond the watchdog budget.
 *
 * The watchdog ticks every CK_WATCHDOG_TICK_NS (ck_core.tick_due_ns), where it
 * delays no RT release: in an RT interrupt that switches nothing, or when
 * a task sleeps (a delay or a period, sched.c). It is told the context that goes on running:
 * the root context proves that Linux runs,
 * and so does a change of the root task's switch count (it counts each
 * time the root is switched in). Otherwise, once Linux has been out for
 * the budget, the interrupted task is the one holding the CPU and is
 * suspended. The same tick checks the stack canaries, lets the console
 * send RT lines Linux has not drained, and runs the slow hooks.
 */
#include <ck/app.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "core.h"
#include <ck/fault.h>

static struct {
	struct ck_fault_record rec;     /* what Linux reads (ck_fault.h) */
	uint64_t budget_ns;
	void (*hook[4])(void);          /* ck_watchdog_hook() */
	uint64_t root_seen_ns;          /* Linux last seen running */
	uint64_t root_switches;         /* the root's switch count then */
	struct ck_task *task[CK_FAULT_MAX_TASKS];  /* stacks with a canary */
	uint32_t nr_tasks;
	bool rt_stack_reported;
} rt_faults;

/* RT task stacks live in zero-initialised static memory (ck/fault.h);
 * weak: the host sim has no such range (both NULL) */
extern char __bss_start[] __attribute__((weak));
extern char __bss_end[] __attribute__((weak));

static const char *const fault_names[CK_FAULT_KINDS] = {
	[CK_FAULT_NONE] = "none",
	[CK_FAULT_UNDEF] = "undefined instruction",
	[CK_FAULT_PREFETCH] = "prefetch abort",
	[CK_FAULT_DATA] = "data abort",
	[CK_FAULT_ALIGN] = "alignment fault",
	[CK_FAULT_PROGRAM] = "program check",
	[CK_FAULT_ASSERT] = "assertion failed",
	[CK_FAULT_WATCHDOG] = "watchdog: kept Linux out",
	[CK_FAULT_STACK] = "stack canary overwritten",
};

static inline void record_barrier(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* Fill the record for @name's fault and say it on the console. RT masked. */
static void fault_report(const char *name, uint32_t kind, uint32_t pc,
			 uint32_t addr, uint32_t status)
{
	struct ck_fault_record *r = &rt_faults.rec;
	uint64_t now = clock_update();
	size_t n;

	r->seq++;
	record_barrier();
	r->faults++;
	r->count[kind]++;
	r->kind = kind;
	r->pc = pc;
	r->addr = addr;
	r->status = status;
	r->time_ns_lo = (ck_u32)now;
	r->time_ns_hi = (ck_u32)(now >> 32);
	n = name ? strlen(name) : 0;
	if (n > CK_FAULT_TASK_NAME - 1)
		n = CK_FAULT_TASK_NAME - 1;
	memset(r->task, 0, sizeof(r->task));
	if (n)
		memcpy(r->task, name, n);
	r->console_dropped = console_dropped();
	r->console_rt_lines = console_rt_lines();
	record_barrier();
	r->seq++;
	ck_printf("fault: %s suspended: %s, pc 0x%08x addr 0x%08x status 0x%x",
		  name ? name : "?", fault_names[kind], (unsigned int)pc,
		  (unsigned int)addr, (unsigned int)status);
}

struct ck_task *fault_task(uint32_t kind, uint32_t pc, uint32_t addr,
			   uint32_t status)
{
	struct ck_task *t = ck_current();

	/* the root's, or the RT class's own (an RT interrupt, or the
	 * watchdog tick a sleeping task runs in sched_block()) */
	if (t == sched_root() || ck_core.in_irq || kind >= CK_FAULT_KINDS)
		return NULL;
	sched_suspend(t);
	fault_report(t->name, kind, pc, addr, status);
	return sched_pick_current();
}

struct ck_task *fault_root(void)
{
	return sched_root();
}

void fault_task_created(struct ck_task *t)
{
	uint32_t i;
	uintptr_t lo = (uintptr_t)__bss_start, hi = (uintptr_t)__bss_end;

	if (hi && ((uintptr_t)t->stack < lo ||
		   (uintptr_t)t->stack + t->stack_bytes > hi))
		ck_printf("task %s: stack outside .bss: its faults are not contained on e500",
			  t->name ? t->name : "?");
	*(volatile uint32_t *)t->stack = CK_STACK_CANARY;
	for (i = 0; i < rt_faults.nr_tasks; i++)
		if (rt_faults.task[i] == t)
			return;
	if (rt_faults.nr_tasks < CK_FAULT_MAX_TASKS)
		rt_faults.task[rt_faults.nr_tasks++] = t;
}

struct ck_task *fault_task_at(uint32_t i)
{
	/* ck_task_create() appends with RT masked: a slot below nr_tasks
	 * is written and never changes */
	return i < rt_faults.nr_tasks ? rt_faults.task[i] : NULL;
}

/* Suspend every live task whose canary is gone; report the RT-class stack
 * once. RT masked, RT interrupt. */
static void stacks_check(void)
{
	volatile uint32_t *rt_limit = arch_rt_stack_limit();
	uint32_t i;

	for (i = 0; i < rt_faults.nr_tasks; i++) {
		struct ck_task *t = rt_faults.task[i];

		if (t->state == CK_TASK_DORMANT ||
		    *(volatile uint32_t *)t->stack == CK_STACK_CANARY)
			continue;
		sched_suspend(t);
		fault_report(t->name, CK_FAULT_STACK, (uint32_t)arch_ctx_pc(&t->ctx),
			     (uint32_t)(uintptr_t)t->stack, 0);
	}
	if (rt_limit && *rt_limit != CK_STACK_CANARY && !rt_faults.rt_stack_reported) {
		rt_faults.rt_stack_reported = true;
		fault_report("RT interrupt", CK_FAULT_STACK, 0,
			     (uint32_t)(uintptr_t)rt_limit, 0);
	}
}

void fault_tick(struct ck_task *cur)
{
	struct ck_task *root = sched_root();
	uint64_t now = ck_clk.now_ns;
	size_t i;

	/* every CK_WATCHDOG_TICK_NS on average; after a long gap, from now */
	ck_core.tick_due_ns += (uint32_t)CK_WATCHDOG_TICK_NS;
	if ((int32_t)((uint32_t)now - ck_core.tick_due_ns) >= 0)
		ck_core.tick_due_ns = (uint32_t)(now + CK_WATCHDOG_TICK_NS);
	stacks_check();
	console_rt_flush(now);
	guest_watch(now, !cur || cur == root);
	for (i = 0; i < sizeof(rt_faults.hook) / sizeof(rt_faults.hook[0]); i++)
		if (rt_faults.hook[i])
			rt_faults.hook[i]();
	if (!cur || !rt_faults.budget_ns)
		return;   /* the root resumes after a task sleeps */
	if (cur == root || root->switches != rt_faults.root_switches) {
		rt_faults.root_switches = root->switches;
		rt_faults.root_seen_ns = now;
		return;
	}
	if (cur->state == CK_TASK_DORMANT ||
	    now - rt_faults.root_seen_ns < rt_faults.budget_ns)
		return;
	sched_suspend(cur);
	fault_report(cur->name, CK_FAULT_WATCHDOG, (uint32_t)arch_ctx_pc(&cur->ctx),
		     (uint32_t)((now - rt_faults.root_seen_ns) / CK_NS_PER_MS), 0);
	rt_faults.root_seen_ns = now;   /* the next task gets a full budget */
}

int ck_watchdog_set_budget(uint64_t budget_ns)
{
	ck_rtflags_t f;

	if (budget_ns < CK_WATCHDOG_TICK_NS || budget_ns > 10 * CK_NS_PER_S)
		return -CK_EINVAL;
	f = arch_rt_mask();
	rt_faults.budget_ns = budget_ns;
	rt_faults.rec.watchdog_budget_us = (ck_u32)(budget_ns / CK_NS_PER_US);
	rt_faults.root_seen_ns = clock_update();
	arch_rt_restore(f);
	return 0;
}

int ck_watchdog_hook(void (*fn)(void))
{
	size_t i;

	for (i = 0; i < sizeof(rt_faults.hook) / sizeof(rt_faults.hook[0]); i++) {
		if (!rt_faults.hook[i]) {
			rt_faults.hook[i] = fn;
			return 0;
		}
	}
	return -CK_ENOSPC;
}

void ck_assert_fail(const char *file, int line)
{
	struct ck_task *t;

	arch_rt_mask();
	if (file)
		ck_printf("assertion failed at %s:%d", file, line);
	else
		ck_printf("assertion failed");
	t = ck_task_self();
	if (t && !ck_core.in_irq) {
		/* suspend @t and switch away as the fault path does, without
		 * an exception: on every CPU, contained or not by its vectors;
		 * @t stays dormant, its frame abandoned */
		struct ck_task *next = fault_task(CK_FAULT_ASSERT,
			(uint32_t)(uintptr_t)__builtin_return_address(0),
			(uint32_t)line, 0);

		if (next)
			arch_ctx_switch(&t->ctx, &next->ctx);
	}
	console_drain();
	for (;;)
		__builtin_trap();
}

const struct ck_fault_record *fault_record(void)
{
	return &rt_faults.rec;
}

void fault_reset(void)
{
	memset(&rt_faults, 0, sizeof(rt_faults));
	ck_core.tick_due_ns = (uint32_t)CK_WATCHDOG_TICK_NS;
}

/* The fault record and entry go into the guest page; the watchdog starts. */
static int fault_init(void)
{
	struct ck_fault_record *r = &rt_faults.rec;
	volatile uint32_t *rt_limit = arch_rt_stack_limit();

	r->magic = CK_FAULT_MAGIC;
	ck_guest_page.fault_record = (ck_u32)(uintptr_t)r;
	ck_guest_page.fault_entry = (ck_u32)(uintptr_t)arch_fault_entry;
	ck_guest_page.rt_sp_lo = (ck_u32)(uintptr_t)__bss_start;
	ck_guest_page.rt_sp_hi = (ck_u32)(uintptr_t)__bss_end;
	if (rt_limit)
		*rt_limit = CK_STACK_CANARY;
	ck_core.tick_due_ns = (uint32_t)(clock_update() + CK_WATCHDOG_TICK_NS);
	return ck_watchdog_set_budget(CK_WATCHDOG_BUDGET_NS);
}

CK_APP(fault, fault_init);
