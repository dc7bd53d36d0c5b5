// SPDX-License-Identifier: MIT
/*
 * sem.c - counting semaphores; waiters queue by priority, FIFO within one.
 *
 * A post with waiters hands its unit straight to the most urgent waiter
 * (the count stays 0), so a later arrival can never overtake it.
 */
#include "core.h"

int ck_sem_init(ck_sem_t *s, uint32_t count)
{
	ck_rtflags_t flags;
	int ret = 0;

	if (!s)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (s->magic == CK_SEM_MAGIC && !ck_list_empty(&s->waiters)) {
		ret = -CK_EBUSY;
	} else {
		s->count = count;
		s->name = NULL;
		s->magic = CK_SEM_MAGIC;
		ck_list_init(&s->waiters);
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_sem_wait_until(ck_sem_t *s, uint64_t abs_ns)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t flags;
	int ret = 0;

	if (!s || s->magic != CK_SEM_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (!t && ck_core.in_irq &&
	    (abs_ns == CK_INFINITE || abs_ns > clock_update())) {
		ret = -CK_EPERM;    /* a wait that may block: not in an interrupt */
	} else if (s->count) {
		s->count--;
	} else if (!t || (abs_ns != CK_INFINITE && abs_ns <= clock_update())) {
		ret = -CK_EAGAIN;   /* root context never blocks */
	} else {
		if (abs_ns != CK_INFINITE)
			ck_timer_start(&t->wake_timer, abs_ns, 0);
		ret = sched_block_on(&s->waiters, CK_WAIT_SEM, s);
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_sem_wait(ck_sem_t *s)
{
	return ck_sem_wait_until(s, CK_INFINITE);
}

int ck_sem_post(ck_sem_t *s)
{
	ck_rtflags_t flags;
	int ret = 0;

	if (!s || s->magic != CK_SEM_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (!ck_list_empty(&s->waiters)) {
		sched_wake(ck_container_of(s->waiters.next, struct ck_task,
					   rq_node));
		sched_preempt();
	} else if (s->count == UINT32_MAX) {
		ret = -CK_EOVERFLOW;
	} else {
		s->count++;
	}
	arch_rt_restore(flags);
	return ret;
}

int ck_sem_destroy(ck_sem_t *s)
{
	ck_rtflags_t flags;

	if (!s || s->magic != CK_SEM_MAGIC)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	sched_wake_all(&s->waiters, -CK_EIDRM);
	s->magic = 0;
	sched_preempt();
	arch_rt_restore(flags);
	return 0;
}
