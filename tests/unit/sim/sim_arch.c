// SPDX-License-Identifier: MIT
/*
 * sim_arch.c - ck/arch.h on the host: tasks are ucontext fibers, the RT
 * class mask is a flag, the RT interrupt entry is sim_take_irq().
 *
 * Each struct ck_arch_ctx keeps, in w[0], the index + 1 of a host context
 * from a pool that sim_reset() empties. Fibers run on the sim's own host
 * stacks (the task's stack, sized for the target, is too small for an
 * ASan build). Every switch is announced to ASan
 * (__sanitizer_start/finish_switch_fiber) so it tracks the right stack.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <ck/arch.h>
#include <ck/hw.h>
#include "sim_priv.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#else
#define __sanitizer_start_switch_fiber(save, bottom, size) ((void)(save))
#define __sanitizer_finish_switch_fiber(save, bottom, size) ((void)(save))
#define ASAN_UNPOISON_MEMORY_REGION(addr, size) ((void)(addr))
#endif

#define SIM_CTX_MAX 64
#define SIM_FIBER_STACK_BYTES (256u * 1024u)

struct sim_ctx {
	ucontext_t uc;
	const void *stack_bottom;   /* for ASan; root's is learnt on leaving */
	size_t stack_size;
	void (*tramp)(void *);
	void *arg;
};

static struct sim_ctx ctxs[SIM_CTX_MAX];
static unsigned int nr_ctxs;
static unsigned int nr_stacks;
static char stacks[SIM_CTX_MAX][SIM_FIBER_STACK_BYTES]
	__attribute__((aligned(16)));
static bool rt_masked;
static struct sim_ctx *switch_from;   /* the context that switched last */
static struct sim_ctx *switch_to;     /* and the one it switched to */
/* what the RT entry calls (arch_rt_handler_set()) */
static struct ck_task *(*rt_handler)(void) = ck_rt_irq_handle;

void sim_arch_reset(void)
{
	memset(ctxs, 0, sizeof(ctxs));
	nr_ctxs = 0;
	nr_stacks = 0;
	rt_masked = true;
	switch_from = NULL;
	switch_to = NULL;
	rt_handler = ck_rt_irq_handle;
}

void arch_rt_handler_set(struct ck_task *(*handler)(void))
{
	rt_handler = handler;
}

bool sim_rt_handler_is(struct ck_task *(*handler)(void))
{
	return rt_handler == handler;
}

static struct sim_ctx *ctx_new(struct ck_arch_ctx *c)
{
	if (nr_ctxs == SIM_CTX_MAX) {
		fprintf(stderr, "sim: out of host contexts\n");
		abort();
	}
	c->w[0] = ++nr_ctxs;
	return &ctxs[nr_ctxs - 1];
}

static struct sim_ctx *ctx_of(struct ck_arch_ctx *c)
{
	if (!c->w[0] || c->w[0] > nr_ctxs)
		return ctx_new(c);   /* the root context, first time it leaves */
	return &ctxs[c->w[0] - 1];
}

bool sim_rt_masked(void)
{
	return rt_masked;
}

ck_rtflags_t arch_rt_mask(void)
{
	bool was = rt_masked;

	rt_masked = true;
	return was;
}

void arch_rt_restore(ck_rtflags_t flags)
{
	rt_masked = flags != 0;
	if (!rt_masked)
		sim_take_irq();
}

static void fiber_entry(void)
{
	struct sim_ctx *self = switch_to;

	__sanitizer_finish_switch_fiber(NULL, &switch_from->stack_bottom,
					&switch_from->stack_size);
	rt_masked = false;   /* a new task starts with the RT class enabled */
	sim_take_irq();
	self->tramp(self->arg);
	fprintf(stderr, "sim: task trampoline returned\n");
	abort();
}

void arch_ctx_init(struct ck_arch_ctx *ctx, void (*tramp)(void *), void *arg0,
		   void *stack_top)
{
	struct sim_ctx *s = ctx_new(ctx);
	char *stack;

	(void)stack_top;
	if (nr_stacks == SIM_CTX_MAX) {
		fprintf(stderr, "sim: out of fiber stacks\n");
		abort();
	}
	stack = stacks[nr_stacks++];
	/* an abandoned fiber of an earlier test may have left redzones */
	ASAN_UNPOISON_MEMORY_REGION(stack, SIM_FIBER_STACK_BYTES);
	s->stack_bottom = stack;
	s->stack_size = SIM_FIBER_STACK_BYTES;
	s->tramp = tramp;
	s->arg = arg0;
	if (getcontext(&s->uc)) {
		perror("getcontext");
		abort();
	}
	s->uc.uc_stack.ss_sp = stack;
	s->uc.uc_stack.ss_size = SIM_FIBER_STACK_BYTES;
	s->uc.uc_link = NULL;
	makecontext(&s->uc, fiber_entry, 0);
}

/* Switch host contexts; returns when @from is resumed. */
static void sim_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
{
	struct sim_ctx *f = ctx_of(from);
	struct sim_ctx *t = ctx_of(to);
	void *fake_stack = NULL;

	switch_from = f;
	switch_to = t;
	__sanitizer_start_switch_fiber(&fake_stack, t->stack_bottom,
				       t->stack_size);
	if (swapcontext(&f->uc, &t->uc)) {
		perror("swapcontext");
		abort();
	}
	__sanitizer_finish_switch_fiber(fake_stack, &switch_from->stack_bottom,
					&switch_from->stack_size);
}

void arch_ctx_switch(struct ck_arch_ctx *from, struct ck_arch_ctx *to)
{
	sim_switch(from, to);
	rt_masked = true;   /* the caller switched with RT masked */
}

void arch_rt_unmask(void)
{
	arch_rt_restore(0);
}

void arch_wait_for_interrupt(void)
{
}

/* A busy-wait round takes time: 1 ns of sim time, no events run. */
void arch_cpu_relax(void)
{
	sim_time_pass(1);
}

/* The hooks below serve the boot and the Linux hand-over: no host meaning. */
void arch_rt_entry(void)
{
	fprintf(stderr, "sim: arch_rt_entry() is not callable\n");
	abort();
}

/* RAM's linear map (only guest.c's checks use it): PA + SIM_LINEAR_OFFSET. */
void *arch_phys_to_virt(uint32_t pa)
{
	return (void *)(uintptr_t)(pa + SIM_LINEAR_OFFSET);
}

/* The host's windows are plain memory: guest.c's weak window hooks (no
 * flags, nothing to map) serve. */

static jmp_buf *boot_linux_jmp;

void sim_on_boot_linux(jmp_buf *env)
{
	boot_linux_jmp = env;
}

/* "Linux" starts where the test said (sim_on_boot_linux), RT masked. */
void arch_boot_linux(uint32_t kernel_pa, uint32_t dtb_pa, uint32_t machine_id)
{
	jmp_buf *env = boot_linux_jmp;

	if (env) {
		boot_linux_jmp = NULL;
		longjmp(*env, 1);
	}
	fprintf(stderr, "sim: arch_boot_linux(0x%x, 0x%x, %u)\n", kernel_pa,
		dtb_pa, machine_id);
	abort();
}

/*
 * The RT interrupt entry: the interrupted context is "saved" into
 * ck_current() by switching away from it, exactly as the arch does.
 */
void sim_take_irq(void)
{
	struct ck_task *prev, *next;

	while (!rt_masked && sim_pic_rt_pending()) {
		rt_masked = true;
		sim_count_irq();
		prev = ck_current();
		next = rt_handler();
		if (next != prev)
			sim_switch(&prev->ctx, &next->ctx);
		rt_masked = false;   /* back in the interrupted context */
	}
}

int arch_prepare_linux(uint32_t kernel_pa, uint32_t dtb_pa)
{
	(void)kernel_pa;
	(void)dtb_pa;
	return 0;
}

/* Fault containment hooks (ck/arch.h): no RT-class stack, no fault entry
 * (the weak arch_fault_entry stays NULL); host contexts have no pc. */
volatile uint32_t *arch_rt_stack_limit(void)
{
	return NULL;
}

uintptr_t arch_ctx_pc(const struct ck_arch_ctx *ctx)
{
	(void)ctx;
	return 0;
}
