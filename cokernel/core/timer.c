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
	void (*set_next)(uint32_t ticks);
	uint32_t max_ticks;
	bool same_rate;     /* event ticks are clocksource ticks */
	uint32_t mult_hi;   /* ceil(event ticks per ns << 32): integer part */
	uint32_t mult_lo;   /* and fraction */
	uint32_t cs_mult_hi; /* floor(event ticks per clocksource tick << 32) */
	uint32_t cs_mult_lo;
	struct ck_list queue;
} tq;

void timer_init(const struct ck_clockevent *ev)
{
	uint64_t mult;

	ck_assert(ev && ev->set_next && ev->hz && ev->hz <= UINT32_MAX &&
		  ev->max_ticks && ev->line < CK_RT_LINES);
	tq.set_next = ev->set_next;
	tq.max_ticks = ev->max_ticks;
	ck_list_init(&tq.queue);
	mult = ((ev->hz << 32) + CK_NS_PER_S - 1) / CK_NS_PER_S;
	tq.mult_hi = (uint32_t)(mult >> 32);
	tq.mult_lo = (uint32_t)mult;
	/* clock_init() ran before: ck_clk.hz is the clocksource's rate */
	tq.same_rate = ev->hz == ck_clk.hz;
	mult = (ev->hz << 32) / ck_clk.hz;
	tq.cs_mult_hi = (uint32_t)(mult >> 32);
	tq.cs_mult_lo = (uint32_t)mult;
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

/*
 * Event ticks from the snapshot (ck_clk.now_ns) to the head's expiry,
 * rounded up so that an event never fires before the head is due, and at
 * most CK_CLOCK_MAX_IDLE_NS or max_ticks. With delta < 2^30 ns and
 * mult_hi <= 4 (hz < 2^32), delta * mult_hi stays below 2^32.
 */
static uint32_t tq_ticks_from_snapshot(void)
{
	const struct ck_timer *head = tq_head();
	uint32_t delta_ns = (uint32_t)CK_CLOCK_MAX_IDLE_NS;
	uint64_t ticks;

	_Static_assert(CK_CLOCK_MAX_IDLE_NS < (1ull << 30), "delta fits");
	if (head) {
		uint64_t now_ns = ck_clk.now_ns;

		if (head->expires_ns <= now_ns)
			delta_ns = 0;
		else if (head->expires_ns - now_ns < delta_ns)
			delta_ns = (uint32_t)(head->expires_ns - now_ns);
	}
	ticks = (uint64_t)(delta_ns * tq.mult_hi) +
		(((uint64_t)delta_ns * tq.mult_lo + 0xffffffffu) >> 32);
	return ticks > tq.max_ticks ? tq.max_ticks : (uint32_t)ticks;
}

/* Clocksource ticks to event ticks, rounded down (never early), saturated. */
static uint32_t tq_cs_to_event(uint32_t cs_ticks)
{
	uint64_t ev = (uint64_t)cs_ticks * tq.cs_mult_hi +
		      (((uint64_t)cs_ticks * tq.cs_mult_lo) >> 32);

	return ev > UINT32_MAX ? UINT32_MAX : (uint32_t)ev;
}

void timer_program(void)
{
	/* locals: nothing is loaded between the fresh read and set_next() */
	uint32_t (*read)(void) = ck_clk.read;
	void (*set_next)(uint32_t ticks) = tq.set_next;
	uint32_t last = ck_clk.last, mask = ck_clk.mask;
	uint32_t ticks = tq_ticks_from_snapshot();
	uint32_t elapsed;

	if (tq.same_rate)
		elapsed = (read() - last) & mask;
	else
		elapsed = tq_cs_to_event((read() - last) & mask);
	set_next(ticks > elapsed ? ticks - elapsed : 1);
}

/*
 * Move periodic @t to its next expiry after the one that fired. Expiries
 * strictly before @now_ns are skipped and counted; one at @now_ns is due.
 */
static void timer_advance(struct ck_timer *t, uint64_t now_ns)
{
	t->expires_ns += t->period_ns;
	t->overruns += period_skip_missed(&t->expires_ns, t->period_ns, now_ns);
	tq_insert(t);
}

void timer_expire(uint64_t now_ns)
{
	struct ck_list *n;

	while ((n = tq.queue.next) != &tq.queue) {
		struct ck_timer *t = ck_container_of(n, struct ck_timer, node);

		if (t->expires_ns > now_ns)
			break;
		ck_list_del(&t->node);
		t->armed = 0;
		if (t->period_ns)
			timer_advance(t, now_ns);
		t->fn(t);
	}
	timer_program();
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
		timer_program();
	arch_rt_restore(flags);
	return 0;
}

void ck_timer_stop(struct ck_timer *t)
{
	ck_rtflags_t flags = arch_rt_mask();

	timer_cancel(t);
	arch_rt_restore(flags);
}
