// SPDX-License-Identifier: MIT
/*
 * timer.c - the sorted timer queue and the one-shot clockevent behind it.
 *
 * Timers sit in one list sorted by expiry (FIFO among equal expiries). The
 * clockevent is armed for the head, never further than CK_CLOCK_MAX_IDLE_NS
 * ahead (so the clocksource is read at least once per wrap) and never
 * beyond the device's max_ticks. Programming happens once per RT interrupt
 * (at its end) and when a task makes a new timer the head.
 */
#include "core.h"

static struct {
	const struct ck_clockevent *ev;
	struct ck_list queue;
	uint64_t mult;      /* ceil(ticks per ns << 32) */
} tq;

void timer_init(const struct ck_clockevent *ev)
{
	ck_assert(ev && ev->set_next && ev->hz && ev->hz <= UINT32_MAX &&
		  ev->max_ticks);
	tq.ev = ev;
	ck_list_init(&tq.queue);
	tq.mult = ((ev->hz << 32) + CK_NS_PER_S - 1) / CK_NS_PER_S;
}

static struct ck_timer *tq_head(void)
{
	if (ck_list_empty(&tq.queue))
		return NULL;
	return ck_container_of(tq.queue.next, struct ck_timer, node);
}

/* Insert behind every timer expiring at or before @t. RT masked. */
static void tq_insert(struct ck_timer *t)
{
	struct ck_list *pos = tq.queue.next;

	while (pos != &tq.queue &&
	       ck_container_of(pos, struct ck_timer, node)->expires_ns <=
		       t->expires_ns)
		pos = pos->next;
	ck_list_insert_before(pos, &t->node);
	t->armed = 1;
}

void timer_program(uint64_t now_ns)
{
	const struct ck_timer *head = tq_head();
	uint64_t delta_ns = CK_CLOCK_MAX_IDLE_NS;
	uint64_t ticks;

	if (head && head->expires_ns < now_ns + delta_ns)
		delta_ns = head->expires_ns > now_ns ? head->expires_ns - now_ns
						     : 0;
	/* round up: an event never fires before the head is due */
	ticks = (delta_ns * tq.mult + 0xffffffffull) >> 32;
	if (ticks < 1)
		ticks = 1;
	if (ticks > tq.ev->max_ticks)
		ticks = tq.ev->max_ticks;
	tq.ev->set_next((uint32_t)ticks);
}

/*
 * Move periodic @t to its next expiry after the one that fired. Expiries
 * strictly before @now_ns are skipped and counted; one at @now_ns is due.
 */
static void timer_advance(struct ck_timer *t, uint64_t now_ns)
{
	uint64_t next = t->expires_ns + t->period_ns;

	if (next < now_ns) {
		uint64_t missed = (now_ns - next - 1) / t->period_ns + 1;

		next += missed * t->period_ns;
		t->overruns += missed;
	}
	t->expires_ns = next;
	tq_insert(t);
}

void timer_expire(uint64_t now_ns)
{
	struct ck_timer *t;

	while ((t = tq_head()) && t->expires_ns <= now_ns) {
		ck_list_del(&t->node);
		t->armed = 0;
		if (t->period_ns)
			timer_advance(t, now_ns);
		t->fn(t);
	}
	timer_program(now_ns);
}

void ck_timer_init(struct ck_timer *t, ck_timer_fn fn, void *arg)
{
	ck_list_init(&t->node);
	t->expires_ns = 0;
	t->period_ns = 0;
	t->overruns = 0;
	t->fn = fn;
	t->arg = arg;
	t->armed = 0;
}

int ck_timer_start(struct ck_timer *t, uint64_t abs_ns, uint64_t period_ns)
{
	ck_rtflags_t flags;

	if (!t || !t->fn)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (t->armed)
		ck_list_del(&t->node);
	t->expires_ns = abs_ns;
	t->period_ns = period_ns;
	tq_insert(t);
	/* in the RT interrupt the exit path programs the clockevent */
	if (ck_core.started && !ck_core.in_irq && tq_head() == t)
		timer_program(ck_clock_now());
	arch_rt_restore(flags);
	return 0;
}

void ck_timer_stop(struct ck_timer *t)
{
	ck_rtflags_t flags = arch_rt_mask();

	/* the clockevent stays armed: an early event only re-arms it */
	if (t->armed) {
		ck_list_del(&t->node);
		t->armed = 0;
	}
	arch_rt_restore(flags);
}
