// SPDX-License-Identifier: MIT
/*
 * task.c - task life cycle, delays and periodic release (ck_task_* API).
 */
#include "core.h"
#include <ck/fault.h>

/*
 * Wake timer of a task: a delay, a wait timeout or a period ended. The
 * timer just left the queue, so the task is unblocked without a
 * timer_cancel(). RT interrupt.
 */
/* A mutex waiter's timeout: off the queue, and its owner's boost
 * recomputed. Out of line: the common wake stays a tail call. */
static __attribute__((noinline)) void task_mutex_timeout(struct ck_task *t)
{
	sched_unblock(t);   /* leaves wait_kind and wait_obj */
	mutex_waiter_left(t->wait_obj);
}

void task_wake_timeout(struct ck_timer *tm)
{
	struct ck_task *t = tm->arg;

	if (t->state != CK_TASK_BLOCKED)
		return;
	t->wait_status = -CK_ETIMEDOUT;
	if (__builtin_expect(t->wait_kind == CK_WAIT_MUTEX, 0))
		task_mutex_timeout(t);
	else
		sched_unblock(t);
}

/*
 * A refusal of ck_task_create(): returns @err. At init (before ck_start(),
 * where the CK_APP init functions run) it also says on the console, once,
 * which argument is wrong and what is expected (@fmt); an RT task gets the
 * code alone, so its path does no more work than the checks.
 */
static int __attribute__((format(printf, 3, 4)))
task_refuse(const char *name, int err, const char *fmt, ...)
{
	char why[96];
	va_list ap;

	if (ck_core.started)
		return err;
	va_start(ap, fmt);
	ck_vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	ck_printf("task \"%s\": %s (ck_task_create: %s)", name ? name : "(no name)",
		  why, err == -CK_EBUSY ? "-EBUSY" : "-EINVAL");
	return err;
}

/* The word a task's stack is filled with at creation: what is still there
 * was never written (ck_task_info()'s high-water mark). */
#define TASK_STACK_FILL 0xa5a5a5a5u

/* Fill [@stack, @top) with TASK_STACK_FILL; the stack is 8-byte aligned. */
static void task_stack_fill(void *stack, uintptr_t top)
{
	uint32_t *w = stack;

	while ((uintptr_t)w < top)
		*w++ = TASK_STACK_FILL;
}

int ck_task_create(struct ck_task *t, const char *name, int prio,
		   void (*entry)(void *arg), void *arg, void *stack,
		   size_t stack_bytes)
{
	unsigned long base = (unsigned long)(uintptr_t)stack;
	ck_rtflags_t flags;
	uintptr_t top;

	if (!t || !entry || !stack)
		return task_refuse(name, -CK_EINVAL, "no %s",
				   !t ? "task object" : !entry ? "entry function" : "stack");
	if (prio < CK_PRIO_MIN || prio > CK_PRIO_MAX)
		return task_refuse(name, -CK_EINVAL, "priority %d not in %d..%d", prio,
				   CK_PRIO_MIN, CK_PRIO_MAX);
	if (stack_bytes < CK_STACK_MIN)
		return task_refuse(name, -CK_EINVAL, "stack of %zu bytes, at least %u expected",
				   stack_bytes, (unsigned int)CK_STACK_MIN);
	if (base & 7u)
		return task_refuse(name, -CK_EINVAL, "stack 0x%08lx not 8-byte aligned", base);
	if (stack_bytes > UINTPTR_MAX - (uintptr_t)stack)
		return task_refuse(name, -CK_EINVAL,
				   "stack 0x%08lx + %zu bytes passes the end of the address space",
				   base, stack_bytes);
	if (t == ck_current())
		return task_refuse(name, -CK_EBUSY, "the caller itself");
	if (t->magic == CK_TASK_MAGIC && t->state != CK_TASK_DORMANT)
		return task_refuse(name, -CK_EBUSY, "created and not exited");

	t->magic = CK_TASK_MAGIC;
	t->state = CK_TASK_DORMANT;
	t->name = name;
	t->prio = prio;
	t->base_prio = prio;
	t->wait_kind = CK_WAIT_NONE;
	t->wait_status = 0;
	t->wait_obj = NULL;
	t->wait_q = NULL;
	ck_list_init(&t->held);
	ck_list_init(&t->joiners);
	t->suspend_depth = 0;
	t->cpu_ticks = 0;
	t->entry = entry;
	t->arg = arg;
	t->stack = stack;
	t->stack_bytes = stack_bytes;
	t->period_ns = 0;
	t->next_release_ns = 0;
	t->overruns_total = 0;
	t->switches = 0;
	ck_list_init(&t->rq_node);
	ck_timer_init(&t->wake_timer, task_wake_timeout, t);
	/* 16 bytes: the ppc32 SysV ABI's stack alignment (ARM's AAPCS needs 8) */
	top = ((uintptr_t)stack + stack_bytes) & ~(uintptr_t)15u;
	task_stack_fill(stack, top);

	flags = arch_rt_mask();
	arch_ctx_init(&t->ctx, ck_task_trampoline, t, (void *)top);
	fault_task_created(t);
	sched_ready(t);
	sched_preempt();
	arch_rt_restore(flags);
	return 0;
}

void ck_task_trampoline(void *arg)
{
	struct ck_task *t = arg;

	t->entry(t->arg);
	ck_task_exit();
}

void ck_task_exit(void)
{
	arch_rt_mask();
	sched_exit();
}

void ck_task_yield(void)
{
	ck_rtflags_t flags = arch_rt_mask();

	sched_requeue();
	arch_rt_restore(flags);
}

int ck_task_sleep_until(uint64_t abs_ns)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t flags;

	if (!t)
		return -CK_EPERM;
	flags = arch_rt_mask();
	if (abs_ns > clock_update()) {
		if (abs_ns != CK_INFINITE)
			ck_timer_start(&t->wake_timer, abs_ns, 0);
		sched_block_on(NULL, CK_WAIT_DELAY, NULL);
	}
	arch_rt_restore(flags);
	return 0;
}

int ck_task_sleep(uint64_t rel_ns)
{
	uint64_t now = ck_clock_now();

	if (rel_ns >= CK_INFINITE - now)
		return ck_task_sleep_until(CK_INFINITE);
	return ck_task_sleep_until(now + rel_ns);
}

/*
 * Release points are start + k * period. Those strictly before now passed
 * while the job ran: overruns, skipped. The task waits for the first
 * release point at or after now (a 1.5-period job: 1 overrun, released at
 * start + 2P). Division only on the overrun path.
 */
/*
 * The periodic part of ck_task_wait_period(), out of line so that the
 * caller, where a woken task resumes, keeps a small frame: find the next
 * release point of @t, count the skipped ones into *@missed, arm the wake
 * timer. Return: true if the task must block until then. RT masked.
 */
static __attribute__((noinline)) bool task_arm_release(struct ck_task *t, long *missed)
{
	uint64_t now = clock_update(), release = t->next_release_ns;
	uint64_t skipped = period_skip_missed(&release, t->period_ns, now);

	t->overruns_total += skipped;
	t->next_release_ns = release + t->period_ns;
	*missed = skipped > (uint64_t)__LONG_MAX__ ? __LONG_MAX__ : (long)skipped;
	if (release <= now)
		return false;
	ck_timer_start(&t->wake_timer, release, 0);
	return true;
}

long ck_task_wait_period(void)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t flags;
	long missed;

	if (!t || !t->period_ns)
		return -CK_EPERM;
	flags = arch_rt_mask();
	if (task_arm_release(t, &missed))
		sched_block_on(NULL, CK_WAIT_PERIOD, NULL);
	arch_rt_restore(flags);
	return missed;
}

/* @t if a created task, the caller for NULL (an RT task), else NULL. */
static struct ck_task *task_of(struct ck_task *t)
{
	if (!t)
		return sched_self();
	return t->magic == CK_TASK_MAGIC ? t : NULL;
}

int ck_task_set_prio(struct ck_task *t, int prio)
{
	struct ck_task *task = task_of(t);
	ck_rtflags_t flags;
	int ret = 0;

	if (!task)
		return t ? -CK_EINVAL : -CK_EPERM;
	if (prio < CK_PRIO_MIN || prio > CK_PRIO_MAX)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (task->state == CK_TASK_DORMANT) {
		ret = -CK_ESRCH;
	} else {
		task->base_prio = prio;
		mutex_prio_update(task);   /* what it is owed stays */
		sched_preempt();
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_task_suspend(struct ck_task *t)
{
	struct ck_task *task = task_of(t);
	ck_rtflags_t flags;
	int ret = 0;

	if (!task)
		return t ? -CK_EINVAL : -CK_EPERM;
	flags = arch_rt_mask();
	if (task->state == CK_TASK_DORMANT)
		ret = -CK_ESRCH;
	else if (task->suspend_depth == UINT32_MAX)
		ret = -CK_EOVERFLOW;
	else
		sched_hold(task);
	arch_rt_restore(flags);
	return ret;
}

int ck_task_resume(struct ck_task *t)
{
	ck_rtflags_t flags;
	int ret = 0;

	if (!t || t->magic != CK_TASK_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (t->state == CK_TASK_DORMANT)
		ret = -CK_ESRCH;
	else if (!t->suspend_depth)
		ret = -CK_EINVAL;
	else
		sched_release(t);
	arch_rt_restore(flags);
	return ret;
}

int ck_task_delete(struct ck_task *t)
{
	ck_rtflags_t flags;
	int ret = 0;

	if (ck_core.in_irq)
		return -CK_EPERM;
	if (!t || t == sched_self())
		ck_task_exit();
	if (t->magic != CK_TASK_MAGIC || t == sched_root())
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (t->state == CK_TASK_DORMANT) {
		ret = -CK_ESRCH;
	} else {
		sched_suspend(t);   /* off every queue, ended */
		sched_preempt();
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_task_join(struct ck_task *t, uint64_t abs_ns)
{
	struct ck_task *self = sched_self();
	ck_rtflags_t flags;
	int ret = 0;

	if (!t || t->magic != CK_TASK_MAGIC)
		return -CK_EINVAL;
	if (!self)
		return -CK_EPERM;
	if (t == self)
		return -CK_EDEADLK;
	flags = arch_rt_mask();
	if (t->state == CK_TASK_DORMANT) {
		ret = 0;
	} else if (abs_ns != CK_INFINITE && abs_ns <= clock_update()) {
		ret = -CK_EAGAIN;
	} else {
		if (abs_ns != CK_INFINITE)
			ck_timer_start(&self->wake_timer, abs_ns, 0);
		ret = sched_block_on(&t->joiners, CK_WAIT_JOIN, t);
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_task_set_periodic_of(struct ck_task *t, uint64_t start_ns,
			    uint64_t period_ns)
{
	struct ck_task *task = task_of(t);
	ck_rtflags_t flags;
	int ret = 0;

	if (!task)
		return t ? -CK_EINVAL : -CK_EPERM;
	if (period_ns < ck_timer_min_period_ns())
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (!start_ns) {
		uint64_t now = clock_update();

		start_ns = period_ns > UINT64_MAX - now ? 0 : now + period_ns;
	}
	if (!start_ns || start_ns > UINT64_MAX - period_ns) {
		ret = -CK_EINVAL;
	} else if (task->state == CK_TASK_DORMANT) {
		ret = -CK_ESRCH;
	} else {
		task->period_ns = period_ns;
		if (task->state == CK_TASK_BLOCKED &&
		    task->wait_kind == CK_WAIT_PERIOD) {
			/* waiting for the old release: the new one instead */
			task->next_release_ns = start_ns + period_ns;
			ck_timer_start(&task->wake_timer, start_ns, 0);
		} else {
			task->next_release_ns = start_ns;
		}
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_task_set_periodic(uint64_t start_ns, uint64_t period_ns)
{
	if (!sched_self())
		return -CK_EINVAL;
	return ck_task_set_periodic_of(NULL, start_ns, period_ns);
}

/* The name of what a task of @kind waits on (@obj), or NULL. */
static const char *wait_name(uint8_t kind, const void *obj)
{
	switch (kind) {
	case CK_WAIT_SEM:
		return ((const ck_sem_t *)obj)->name;
	case CK_WAIT_MUTEX:
		return ((const ck_mutex_t *)obj)->name;
	case CK_WAIT_EVENT:
		return ((const ck_event_t *)obj)->name;
	case CK_WAIT_QUEUE_RECV:
	case CK_WAIT_QUEUE_SEND:
		return ((const ck_queue_t *)obj)->name;
	case CK_WAIT_JOIN:
		return ((const struct ck_task *)obj)->name;
	default:
		return NULL;
	}
}

int ck_task_info(const struct ck_task *t, struct ck_task_info *out)
{
	const uint32_t *w, *end;
	ck_rtflags_t flags;

	if (!t)
		t = sched_self();
	if (!out || !t || t->magic != CK_TASK_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	out->name = t->name;
	out->base_prio = t->base_prio;
	out->prio = t->prio;
	out->state = t->state;
	out->wait_kind = t->state == CK_TASK_BLOCKED ? t->wait_kind : CK_WAIT_NONE;
	out->wait_name = t->state == CK_TASK_BLOCKED ? wait_name(t->wait_kind, t->wait_obj)
						     : NULL;
	out->wait_owner = NULL;
	if (out->wait_kind == CK_WAIT_MUTEX) {
		const struct ck_task *o = ((const ck_mutex_t *)t->wait_obj)->owner;

		out->wait_owner = o ? o->name : NULL;
	}
	out->suspend_depth = t->suspend_depth;
	out->period_ns = t->period_ns;
	out->overruns = t->overruns_total;
	out->switches = t->switches;
	out->stack_bytes = (uint32_t)t->stack_bytes;
	arch_rt_restore(flags);
	out->cpu_ns = sched_cpu_ns(t);
	/* the first word is the canary (fault.c); unwritten words above it
	 * still hold the fill */
	w = (const uint32_t *)t->stack + 1;
	end = (const uint32_t *)((const uint8_t *)t->stack + t->stack_bytes);
	while (w < end && *w == TASK_STACK_FILL)
		w++;
	out->stack_used = (uint32_t)((const uint8_t *)end - (const uint8_t *)w);
	return 0;
}
