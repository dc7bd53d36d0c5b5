// SPDX-License-Identifier: MIT
/*
 * timer.c - the sorted timer queue and the one-shot clockevent behind it.
 *
 * Timers sit in one list sorted by expiry (FIFO among equal expiries). The
 * clockevent is armed for the head, never further than CK_CLOCK_MAX_IDLE_NS
 * ahead (so the clocksource is read at least once per wrap) and never
 * beyond the device's max_ticks. Programming happens once per RT interrupt
 * (at its end) and when a task makes a new timer the head.
 *
 * Resolution: the event is armed for the head's expiry rounded *down* to
 * an event tick, and an event that comes before the head is due (by less
 * than one event tick) is waited out on the clock (timer_wait_due()). So
 * no timer ever runs early, and the event timer's coarseness (40 ns on
 * QEMU's MPIC) is not added to every latency: on the RT path the wait is
 * almost always shorter than the entry itself, so nothing spins.
 */
#include "core.h"

static struct {
	void (*set_next)(uint32_t ticks);
	uint32_t max_ticks;
	uint32_t idle_ticks; /* CK_CLOCK_MAX_IDLE_NS in event ticks, <= max_ticks */
	uint32_t early_ns;   /* one event tick in ns, rounded up */
	uint32_t mult_hi;    /* ceil(event ticks per ns << 32): integer part */
	uint32_t mult_lo;    /* and fraction */
	struct ck_list queue;
} tq;

void timer_init(const struct ck_clockevent *ev)
{
	uint64_t mult, idle;

	ck_assert(ev && ev->set_next && ev->hz && ev->hz <= UINT32_MAX &&
		  ev->max_ticks && ev->line < CK_RT_LINES);
	tq.set_next = ev->set_next;
	tq.max_ticks = ev->max_ticks;
	ck_list_init(&tq.queue);
	mult = ((ev->hz << 32) + CK_NS_PER_S - 1) / CK_NS_PER_S;
	tq.mult_hi = (uint32_t)(mult >> 32);
	tq.mult_lo = (uint32_t)mult;
	tq.early_ns = (uint32_t)((CK_NS_PER_S + ev->hz - 1) / ev->hz);
	idle = CK_CLOCK_MAX_IDLE_NS * ev->hz / CK_NS_PER_S;
	tq.idle_ticks = idle > ev->max_ticks ? ev->max_ticks : (uint32_t)(idle ? idle : 1);
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
 * With a head: its expiry less the snapshot (ck_clk.now_ns), less the time
 * since the snapshot (one fresh counter read, converted to ns like the
 * clock does), converted to event ticks once, rounded down. At most
 * CK_CLOCK_MAX_IDLE_NS (< 2^30 ns: with mult_hi <= 4, d * mult_hi fits 32
 * bits) and max_ticks; at least 1. Without: the idle re-arm, no reads.
 */
void timer_program(void)
{
	const struct ck_timer *head = tq_head();
	uint32_t (*read)(void) = ck_clk.read;
	void (*set_next)(uint32_t ticks) = tq.set_next;
	uint32_t last = ck_clk.last, mask = ck_clk.mask;
	uint64_t ahead_ns, elapsed_ns;
	uint32_t d = (uint32_t)CK_CLOCK_MAX_IDLE_NS, elapsed, ticks;

	_Static_assert(CK_CLOCK_MAX_IDLE_NS < (1ull << 30), "d fits");
	if (!head) {
		set_next(tq.idle_ticks);
		return;
	}
	ahead_ns = head->expires_ns > ck_clk.now_ns ? head->expires_ns - ck_clk.now_ns : 0;
	if (ahead_ns < d)
		d = (uint32_t)ahead_ns;
	elapsed = (read() - last) & mask;
	elapsed_ns = (uint64_t)elapsed * ck_clk.mult_hi +
		     (((uint64_t)elapsed * ck_clk.mult_lo) >> 32);
	d = elapsed_ns < d ? d - (uint32_t)elapsed_ns : 0;
	ticks = d * tq.mult_hi + (uint32_t)(((uint64_t)d * tq.mult_lo) >> 32);
	if (ticks > tq.max_ticks)
		ticks = tq.max_ticks;
	set_next(ticks ? ticks : 1);
}

/*
 * Move periodic @t to its next expiry after the one that fired. Expiries
 * strictly before @now_ns are skipped and counted; one at @now_ns is due.
 * Out of line: it keeps the one-shot path of timer_expire() light.
 */
static __attribute__((noinline)) void timer_advance(struct ck_timer *t, uint64_t now_ns)
{
	t->expires_ns += t->period_ns;
	t->overruns += period_skip_missed(&t->expires_ns, t->period_ns, now_ns);
	tq_insert(t);
}

/* The event came less than one event tick before @due_ns (timer_program()
 * rounds down): spin on the clock until then. Return: the clock. */
static __attribute__((noinline)) uint64_t timer_wait_due(uint64_t due_ns)
{
	uint64_t now;

	do {
		arch_cpu_relax();
		now = clock_update();
	} while (now < due_ns);
	return now;
}

void timer_expire(uint64_t now_ns)
{
	struct ck_list *n;

	while ((n = tq.queue.next) != &tq.queue) {
		struct ck_timer *t = ck_container_of(n, struct ck_timer, node);

		if (t->expires_ns > now_ns) {
			if (t->expires_ns - now_ns > tq.early_ns)
				break;
			now_ns = timer_wait_due(t->expires_ns);
		}
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
