// SPDX-License-Identifier: MIT
/*
 * mutex.c - mutexes with priority inheritance and ceilings (ck.h).
 *
 * A task's effective priority (ck_task.prio) is the highest of its base
 * priority, the ceilings of the CK_MUTEX_CEILING mutexes it holds and the
 * most urgent waiter of each inheriting mutex it holds (a wait queue's
 * head: queues are kept by effective priority). It is recomputed from
 * that list whenever one of those changes, never adjusted by steps, so a
 * release drops it exactly to what is still owed. A change that reaches a
 * task waiting on a mutex moves it in that mutex's queue and goes on to
 * the owner (mutex_prio_update()); the lock refuses a wait that would
 * close a cycle, so the walk ends.
 */
#include "core.h"

#define MUTEX_FLAGS (CK_MUTEX_RECURSIVE | CK_MUTEX_NO_PI | CK_MUTEX_CEILING)

static inline ck_mutex_t *held_mutex(struct ck_list *pos)
{
	return ck_container_of(pos, ck_mutex_t, held_node);
}

static inline struct ck_task *top_waiter(ck_mutex_t *m)
{
	return ck_container_of(m->waiters.next, struct ck_task, rq_node);
}

/* The priority @t is owed: base, ceilings, inheriting mutexes' heads. */
static int mutex_prio_of(struct ck_task *t)
{
	struct ck_list *pos;
	int prio = t->base_prio;

	for (pos = t->held.next; pos != &t->held; pos = pos->next) {
		ck_mutex_t *m = held_mutex(pos);

		if (m->ceiling > prio)
			prio = m->ceiling;
		if (!(m->flags & CK_MUTEX_NO_PI) && !ck_list_empty(&m->waiters) &&
		    top_waiter(m)->prio > prio)
			prio = top_waiter(m)->prio;
	}
	return prio;
}

void mutex_prio_update(struct ck_task *t)
{
	while (t) {
		int prio = mutex_prio_of(t);

		if (prio == t->prio)
			return;
		sched_set_prio(t, prio);
		if (t->state != CK_TASK_BLOCKED || t->wait_kind != CK_WAIT_MUTEX)
			return;
		t = ((ck_mutex_t *)t->wait_obj)->owner;
	}
}

void mutex_waiter_left(void *obj)
{
	ck_mutex_t *m = obj;

	if (m->owner)
		mutex_prio_update(m->owner);
}

/* @t takes free @m. Return: 0, or -CK_EOWNERDEAD for a mutex its last
 * owner left held. RT masked. */
static int mutex_take(ck_mutex_t *m, struct ck_task *t)
{
	m->owner = t;
	m->depth = 1;
	ck_list_add_tail(&t->held, &m->held_node);
	if (m->ceiling > t->prio)
		mutex_prio_update(t);
	if (m->owner_died) {
		m->owner_died = 0;
		return -CK_EOWNERDEAD;
	}
	return 0;
}

/* Its owner lets @m go: to the most urgent waiter, whose wait ends with
 * @status, or free (marked if @status says the owner died). The old
 * owner's priority is not recomputed here. RT masked. */
static void mutex_release(ck_mutex_t *m, int status)
{
	ck_list_del(&m->held_node);
	if (ck_list_empty(&m->waiters)) {
		m->owner = NULL;
		m->depth = 0;
		m->owner_died = status != 0;
		return;
	}
	struct ck_task *w = top_waiter(m);

	m->owner = w;
	m->depth = 1;
	ck_list_add_tail(&w->held, &m->held_node);
	w->wait_status = status;
	sched_wake(w);
	mutex_prio_update(w);   /* the waiters left behind, the ceiling */
}

void mutex_owner_gone(struct ck_task *t)
{
	while (!ck_list_empty(&t->held))
		mutex_release(held_mutex(t->held.next), -CK_EOWNERDEAD);
	t->prio = t->base_prio;
}

/* Whether @t waiting on @m would close a cycle: the chain of owners from
 * @m's leads back to @t. RT masked. */
static bool mutex_chain_reaches(const ck_mutex_t *m, const struct ck_task *t)
{
	const struct ck_task *o = m->owner;

	while (o) {
		if (o == t)
			return true;
		if (o->state != CK_TASK_BLOCKED || o->wait_kind != CK_WAIT_MUTEX)
			return false;
		o = ((const ck_mutex_t *)o->wait_obj)->owner;
	}
	return false;
}

int ck_mutex_init(ck_mutex_t *m, uint32_t flags, int ceiling)
{
	ck_rtflags_t rt;
	int ret = 0;

	if (!m || (flags & ~MUTEX_FLAGS) ||
	    ((flags & CK_MUTEX_CEILING) &&
	     (ceiling < CK_PRIO_MIN || ceiling > CK_PRIO_MAX)))
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (m->magic == CK_MUTEX_MAGIC &&
	    (m->owner || !ck_list_empty(&m->waiters))) {
		ret = -CK_EBUSY;
	} else {
		m->owner = NULL;
		m->magic = CK_MUTEX_MAGIC;
		m->name = NULL;
		m->flags = flags;
		m->ceiling = flags & CK_MUTEX_CEILING ? ceiling : -1;
		m->depth = 0;
		m->owner_died = 0;
		ck_list_init(&m->waiters);
		ck_list_init(&m->held_node);
	}
	arch_rt_restore(rt);
	return ret;
}

int ck_mutex_lock_until(ck_mutex_t *m, uint64_t abs_ns)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t rt;
	int ret;

	if (!m || m->magic != CK_MUTEX_MAGIC)
		return -CK_EINVAL;
	if (!t)
		return -CK_EPERM;
	if (t->base_prio > m->ceiling && (m->flags & CK_MUTEX_CEILING))
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (!m->owner) {
		ret = mutex_take(m, t);
	} else if (m->owner == t) {
		if (!(m->flags & CK_MUTEX_RECURSIVE))
			ret = -CK_EDEADLK;
		else if (m->depth == UINT32_MAX)
			ret = -CK_EOVERFLOW;
		else
			ret = (m->depth++, 0);
	} else if (abs_ns != CK_INFINITE && abs_ns <= clock_update()) {
		ret = -CK_EAGAIN;
	} else if (mutex_chain_reaches(m, t)) {
		ret = -CK_EDEADLK;
	} else {
		if (abs_ns != CK_INFINITE)
			ck_timer_start(&t->wake_timer, abs_ns, 0);
		sched_wait_enqueue(&m->waiters, CK_WAIT_MUTEX, m);
		if (!(m->flags & CK_MUTEX_NO_PI))
			mutex_prio_update(m->owner);
		/* 0 and -CK_EOWNERDEAD: handed over, m->owner is t */
		ret = sched_wait_switch();
	}
	arch_rt_restore(rt);
	return ret;
}

int ck_mutex_lock(ck_mutex_t *m)
{
	return ck_mutex_lock_until(m, CK_INFINITE);
}

int ck_mutex_trylock(ck_mutex_t *m)
{
	return ck_mutex_lock_until(m, 0);
}

int ck_mutex_unlock(ck_mutex_t *m)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t rt;

	if (!m || m->magic != CK_MUTEX_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (!t || m->owner != t) {
		arch_rt_restore(rt);
		return -CK_EPERM;
	}
	if (m->depth > 1) {
		m->depth--;
	} else {
		mutex_release(m, 0);
		mutex_prio_update(t);
		sched_preempt();
	}
	arch_rt_restore(rt);
	return 0;
}

int ck_mutex_destroy(ck_mutex_t *m)
{
	struct ck_task *owner;
	ck_rtflags_t rt;

	if (!m || m->magic != CK_MUTEX_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	owner = m->owner;
	sched_wake_all(&m->waiters, -CK_EIDRM);
	m->magic = 0;
	m->owner = NULL;
	if (owner) {
		ck_list_del(&m->held_node);
		mutex_prio_update(owner);
	}
	sched_preempt();
	arch_rt_restore(rt);
	return 0;
}
