// SPDX-License-Identifier: MIT
/*
 * event.c - event flags (ck.h): a word of flags, waits for any or all of
 * a mask. The channels' doorbells (chan.c) are one of these.
 */
#include "core.h"

#define EVENT_MODES (CK_EVENT_ALL | CK_EVENT_CLEAR)

/* The flags of @mask in @value that end a wait of @mode, or 0. */
static inline uint32_t event_match(uint32_t value, uint32_t mask, uint32_t mode)
{
	uint32_t set = value & mask;

	if (mode & CK_EVENT_ALL)
		return set == mask ? set : 0;
	return set;
}

int ck_event_init(ck_event_t *e, uint32_t value)
{
	ck_rtflags_t rt;
	int ret = 0;

	if (!e)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (e->magic == CK_EVENT_MAGIC && !ck_list_empty(&e->waiters)) {
		ret = -CK_EBUSY;
	} else {
		e->value = value;
		e->name = NULL;
		e->magic = CK_EVENT_MAGIC;
		ck_list_init(&e->waiters);
	}
	arch_rt_restore(rt);
	return ret;
}

void event_post(ck_event_t *e, uint32_t bits)
{
	struct ck_list *pos, *next;

	e->value |= bits;
	for (pos = e->waiters.next; pos != &e->waiters && e->value; pos = next) {
		struct ck_task *t = ck_container_of(pos, struct ck_task, rq_node);
		uint32_t got = event_match(e->value, t->w.ev.mask, t->w.ev.mode);

		next = pos->next;
		if (!got)
			continue;
		if (t->w.ev.mode & CK_EVENT_CLEAR)
			e->value &= ~got;
		t->w.ev.got = got;
		sched_wake(t);
	}
}

int event_wait(ck_event_t *e, uint32_t mask, uint32_t mode, uint32_t *got,
	       uint64_t abs_ns, uint8_t kind)
{
	struct ck_task *t = sched_self();
	ck_rtflags_t rt = arch_rt_mask();
	uint32_t match = event_match(e->value, mask, mode);
	int ret = 0;

	if (match) {
		if (mode & CK_EVENT_CLEAR)
			e->value &= ~match;
	} else if (!t && ck_core.in_irq &&
		   (abs_ns == CK_INFINITE || abs_ns > clock_update())) {
		ret = -CK_EPERM;    /* a wait that may block: not in an interrupt */
	} else if (!t || (abs_ns != CK_INFINITE && abs_ns <= clock_update())) {
		ret = -CK_EAGAIN;   /* a poll; the root context never blocks */
	} else {
		t->w.ev.mask = mask;
		t->w.ev.mode = mode;
		t->w.ev.got = 0;
		if (abs_ns != CK_INFINITE)
			ck_timer_start(&t->wake_timer, abs_ns, 0);
		ret = sched_block_on(&e->waiters, kind, e);
		/* a timeout reports what of @mask is set by then, and
		 * takes nothing */
		match = ret != -CK_ETIMEDOUT ? t->w.ev.got :
			mode & CK_EVENT_CLEAR ? 0 : e->value & mask;
	}
	arch_rt_restore(rt);
	if (got)
		*got = match;
	return ret;
}

int ck_event_wait_until(ck_event_t *e, uint32_t mask, uint32_t mode,
			uint32_t *got, uint64_t abs_ns)
{
	if (!e || e->magic != CK_EVENT_MAGIC || !mask || (mode & ~EVENT_MODES)) {
		if (got)
			*got = 0;
		return -CK_EINVAL;
	}
	return event_wait(e, mask, mode, got, abs_ns, CK_WAIT_EVENT);
}

int ck_event_post(ck_event_t *e, uint32_t bits)
{
	ck_rtflags_t rt;

	if (!e || e->magic != CK_EVENT_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	event_post(e, bits);
	sched_preempt();
	arch_rt_restore(rt);
	return 0;
}

int ck_event_clear(ck_event_t *e, uint32_t bits, uint32_t *prev)
{
	ck_rtflags_t rt;

	if (!e || e->magic != CK_EVENT_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	if (prev)
		*prev = e->value;
	e->value &= ~bits;
	arch_rt_restore(rt);
	return 0;
}

int ck_event_destroy(ck_event_t *e)
{
	ck_rtflags_t rt;

	if (!e || e->magic != CK_EVENT_MAGIC)
		return -CK_EINVAL;
	rt = arch_rt_mask();
	sched_wake_all(&e->waiters, -CK_EIDRM);
	e->magic = 0;
	sched_preempt();
	arch_rt_restore(rt);
	return 0;
}
