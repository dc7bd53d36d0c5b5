// SPDX-License-Identifier: MIT
/*
 * timer.c - the sorted timer queue and the one-shot clockevent behind it.
 *
 * Timers sit in one list sorted by expiry (FIFO among equal expiries). The
 * clockevent is armed for the head, never further than the idle re-arm
 * ahead (at most half a wrap of the clocksource and the device's range:
 * the clock contract in ck/hw.h). Programming happens once per RT interrupt
 * (at its end) and when a task makes a new timer the head.
 *
 * Resolution and anticipation: the event is armed for the head's expiry
 * less the clockevent's gravity_ns (the RT entry's own cost up to the
 * timer check), rounded *down* to an event tick; an event that comes
 * before the head is due (by less than the gravity plus one event tick)
 * is waited out on the clock (timer_wait_due()). So no timer ever runs
 * early, while neither the event timer's coarseness (40 ns on QEMU's
 * MPIC) nor the entry's cost is added to every latency. When the entry
 * takes longer than the anticipation, as it should, nothing spins.
 */
#include "core.h"

static struct {
	const struct ck_clockevent *ev;
	void (*set_next)(const struct ck_clockevent *ev, uint32_t ticks);
	uint32_t max_ahead;  /* clocksource ticks whose event ticks fit max_ticks */
	uint32_t idle_ns;    /* the idle re-arm (ck/hw.h), <= CK_CLOCK_IDLE_MAX_NS */
	uint32_t idle2_ns;   /* two of it (CK_CLOCK_IDLE_MAX_NS < 2^31) */
	uint32_t idle_ticks; /* idle_ns in event ticks, 1..max_ticks */
	uint32_t gravity_ns; /* armed this much before the head (hw.h) */
	uint32_t min_period_ns; /* the shortest period accepted (hw.h) */
	uint32_t early_ns;   /* how early an event may come: the gravity,
			      * one event tick and one clocksource tick, in
			      * ns, rounded up */
	uint32_t cs_hi;      /* ceil(clocksource ticks per ns << 32): integer */
	uint32_t cs_lo;      /* and fraction */
	uint32_t ev_hi;      /* ceil(event ticks per clocksource tick << 32) */
	uint32_t ev_lo;
	struct ck_list queue;
} tq;

/*
 * ceil(@num << 32 / @den) as integer part and fraction: rounded up, so a
 * conversion with it, rounded down, loses at most the one tick it means to
 * (an exact ratio stays exact) and gains less than a quarter tick over
 * CK_CLOCK_IDLE_MAX_NS.
 */
static void mult_split(uint64_t num, uint64_t den, uint32_t *hi, uint32_t *lo)
{
	uint64_t m = ((num << 32) + den - 1) / den;

	*hi = (uint32_t)(m >> 32);
	*lo = (uint32_t)m;
}

/* @x * (hi.lo), rounded down; the caller keeps it below 2^32 */
static inline uint32_t mult_apply(uint32_t x, uint32_t hi, uint32_t lo)
{
	return x * hi + (uint32_t)(((uint64_t)x * lo) >> 32);
}

int timer_init(const struct ck_clockevent *ev)
{
	uint64_t range_ns, idle_ns, max_ahead;

	if (!ev || !ev->set_next) {
		ck_printf("clockevent: none, or no set_next op: refused");
		return -CK_EINVAL;
	}
	if (clock_check_rate("clockevent", ev->name, ev->hz))
		return -CK_EINVAL;
	if (ev->gravity_ns > CK_TIMER_GRAVITY_MAX_NS) {
		ck_printf("clockevent %s: gravity %u ns refused: at most %u ns",
			  ev->name, (unsigned int)ev->gravity_ns,
			  CK_TIMER_GRAVITY_MAX_NS);
		return -CK_EINVAL;
	}
	if (ev->min_period_ns < clock_tick_ns(ev->hz) ||
	    ev->min_period_ns > CK_TIMER_MIN_PERIOD_MAX_NS) {
		ck_printf("clockevent %s: minimum period %u ns refused: it must be "
			  "%llu..%u ns (one tick .. 10 kHz)", ev->name,
			  (unsigned int)ev->min_period_ns,
			  (unsigned long long)clock_tick_ns(ev->hz),
			  CK_TIMER_MIN_PERIOD_MAX_NS);
		return -CK_EINVAL;
	}
	/* below 2^32 event ticks, so timer_program()'s conversion, which
	 * may round up by one tick, stays within 32 bits */
	range_ns = (uint64_t)(ev->max_ticks < UINT32_MAX ? ev->max_ticks
							  : UINT32_MAX - 1u) *
		   CK_NS_PER_S / ev->hz;
	idle_ns = range_ns < ck_clk.read_every_ns ? range_ns : ck_clk.read_every_ns;
	if (idle_ns < CK_CLOCK_IDLE_MIN_NS) {
		ck_printf("clockevent %s: %u ticks at %llu Hz reach %llu ns: refused, "
			  "the clock must be re-read every %llu ns and at most every "
			  "%u ns", ev->name, (unsigned int)ev->max_ticks,
			  (unsigned long long)ev->hz, (unsigned long long)range_ns,
			  (unsigned long long)ck_clk.read_every_ns,
			  CK_CLOCK_IDLE_MIN_NS);
		return -CK_EINVAL;
	}
	tq.ev = ev;
	tq.set_next = ev->set_next;
	/* floor(max_ticks * cs / ev): with ev_hi.ev_lo rounded up, a
	 * conversion of at most this many clocksource ticks stays within
	 * max_ticks (the excess is below one tick, and floored away) */
	max_ahead = (uint64_t)ev->max_ticks * ck_clk.hz / ev->hz;
	tq.max_ahead = max_ahead > UINT32_MAX ? UINT32_MAX : (uint32_t)max_ahead;
	ck_list_init(&tq.queue);
	/* clock_init() ran before: ck_clk.hz is the clocksource's rate */
	mult_split(ck_clk.hz, CK_NS_PER_S, &tq.cs_hi, &tq.cs_lo);
	mult_split(ev->hz, ck_clk.hz, &tq.ev_hi, &tq.ev_lo);
	tq.gravity_ns = ev->gravity_ns;
	tq.min_period_ns = ev->min_period_ns;
	tq.early_ns = (uint32_t)(clock_tick_ns(ev->hz) + clock_tick_ns(ck_clk.hz)) +
		      ev->gravity_ns;
	tq.idle_ns = (uint32_t)idle_ns;
	tq.idle2_ns = 2u * (uint32_t)idle_ns;
	/* >= 1: idle_ns is at least CK_CLOCK_IDLE_MIN_NS, a tick at most
	 * CK_TIMER_TICK_MAX_NS */
	tq.idle_ticks = (uint32_t)(idle_ns * ev->hz / CK_NS_PER_S);
	return 0;
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

static void timer_arm_ahead(uint32_t d);

/*
 * The step to arm towards a head @d ns away (after the gravity): @d itself
 * within the idle re-arm; beyond it, never a step that would leave the
 * head a sliver after the event it arms (a re-arm event landing just
 * before the expiry makes that release pay a second RT entry: periods
 * near a multiple of the idle re-arm, 1.32 ms on a 16-bit TC): under two
 * idle re-arms, half the way, so the rest is at least half an idle re-arm
 * too; farther, a whole idle re-arm.
 */
static inline uint32_t timer_step_ns(uint64_t d)
{
	if (d <= tq.idle_ns)
		return (uint32_t)d;
	return d < tq.idle2_ns ? (uint32_t)d >> 1 : tq.idle_ns;
}

/*
 * With a head: the counter value at its expiry less the gravity (the
 * snapshot ck_clk.last plus the ns to go, converted to counter ticks),
 * then one fresh read and the ticks left converted to event ticks: both
 * conversions round down.
 * Between the read and the device write only that conversion runs, so
 * almost no time is added to the expiry. At most the idle re-arm (half a
 * wrap at most, so the counter ticks fit 32 bits) and max_ticks (as
 * clocksource ticks, max_ahead, before the read: no clamp after it), and
 * at least 1 tick. A target already passed gives 1 (the snapshot is less
 * than half a wrap old: the clock contract). Without a head: the idle
 * re-arm, no reads.
 */
void timer_program(void)
{
	const struct ck_timer *head = tq_head();

	_Static_assert(CK_CLOCK_IDLE_MAX_NS < (1ull << 30), "d fits");
	if (!head) {
		tq.set_next(tq.ev, tq.idle_ticks);
		return;
	}
	if (head->expires_ns <= ck_clk.now_ns + tq.gravity_ns)
		timer_arm_ahead(0);
	else
		timer_arm_ahead(timer_step_ns(head->expires_ns - ck_clk.now_ns - tq.gravity_ns));
}

/*
 * Arm the event @d ns (at most tq.idle_ns) after the snapshot: @d to
 * counter ticks, one fresh read, the ticks left to event ticks (both
 * rounded down), at least 1; a target already passed gives 1.
 */
static void timer_arm_ahead(uint32_t d)
{
	uint32_t ahead, target, left, ticks;
	/* loaded before the read: after it, only arithmetic and the call */
	void (*set_next)(const struct ck_clockevent *ev, uint32_t ticks) = tq.set_next;
	uint32_t mask = ck_clk.mask, ev_hi = tq.ev_hi, ev_lo = tq.ev_lo;

	ahead = mult_apply(d, tq.cs_hi, tq.cs_lo);
	if (ahead > tq.max_ahead)
		ahead = tq.max_ahead;
	target = ck_clk.last + ahead;
	left = (target - ck_clk.read(ck_clk.cs)) & mask;
	if (left > ahead)
		left = 0;
	ticks = mult_apply(left, ev_hi, ev_lo);
	set_next(tq.ev, ticks ? ticks : 1);
	/* not a tail call: the epilogue runs after the device write, not
	 * between the read and it */
	__asm__ volatile("" : : : "memory");
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

/*
 * The event came before @due_ns, by less than tq.early_ns (the gravity,
 * timer_program()'s rounding down): spin on the raw counter until the
 * counter value of @due_ns, counted from the last snapshot (ck_clk.last at
 * ck_clk.now_ns, which is not later than the counter) and rounded up. A
 * spin round is a counter read and a compare, so the spin ends within a
 * few instructions of @due_ns, on the clocksource's resolution rather
 * than the event timer's. A counter already past it (a callback ran long
 * without reading the clock) ends the spin at once.
 */
static __attribute__((noinline)) void timer_wait_due(uint64_t due_ns)
{
	uint32_t (*read)(const struct ck_clocksource *cs) = ck_clk.read;
	const struct ck_clocksource *cs = ck_clk.cs;
	uint32_t mask = ck_clk.mask, ahead, target, left;

	if (due_ns <= ck_clk.now_ns)
		return;
	/* the caller checked @due_ns is at most tq.early_ns ahead */
	ahead = mult_apply((uint32_t)(due_ns - ck_clk.now_ns), tq.cs_hi, tq.cs_lo) + 1u;
	target = ck_clk.last + ahead;
	do {
		arch_cpu_relax();
		left = (target - read(cs)) & mask;
	} while (left && left <= ahead);
}

/*
 * @now_ns stays the entry's clock for the whole loop: a timer is waited
 * for only if it is due within tq.early_ns of the entry, so one RT
 * interrupt waits at most that long in all, however short a periodic
 * timer's period or a callback's re-arm.
 */
void timer_expire(uint64_t now_ns)
{
	struct ck_list *n;

	while ((n = tq.queue.next) != &tq.queue) {
		struct ck_timer *t = ck_container_of(n, struct ck_timer, node);

		if (t->expires_ns > now_ns) {
			uint64_t left_ns = t->expires_ns - now_ns;

			if (left_ns <= tq.early_ns) {
				timer_wait_due(t->expires_ns);
			} else if (ck_clk.now_ns == now_ns) {
				/* the next head, not due, and the snapshot
				 * still the entry's: armed from what was just
				 * compared (early_ns > gravity_ns) */
				timer_arm_ahead(timer_step_ns(left_ns - tq.gravity_ns));
				return;
			} else {
				break;   /* a callback read the clock */
			}
		}
		ck_list_del(&t->node);
		t->armed = 0;
		if (t->period_ns)
			timer_advance(t, now_ns);
		t->fn(t);
	}
	timer_program();
}

uint32_t timer_peek_due(uint64_t now_ns, struct ck_timer **due, uint32_t max)
{
	const struct ck_list *n;
	uint32_t nr = 0;

	for (n = tq.queue.next; n != &tq.queue && nr < max; n = n->next) {
		struct ck_timer *t = ck_container_of(n, struct ck_timer, node);

		if (t->expires_ns > now_ns && t->expires_ns - now_ns > tq.early_ns)
			break;
		due[nr++] = t;
	}
	return nr;
}

uint32_t ck_timer_min_period_ns(void)
{
	return tq.min_period_ns;
}

void ck_timer_init(struct ck_timer *t, ck_timer_fn fn, void *arg)
{
	ck_rtflags_t flags;

	if (!t)
		return;
	flags = arch_rt_mask();
	if (t->magic == CK_TIMER_MAGIC)
		timer_cancel(t);
	ck_list_init(&t->node);
	t->expires_ns = 0;
	t->period_ns = 0;
	t->overruns = 0;
	t->overruns_read = 0;
	t->fn = fn;
	t->arg = arg;
	t->armed = 0;
	t->magic = CK_TIMER_MAGIC;
	arch_rt_restore(flags);
}

int ck_timer_start(struct ck_timer *t, uint64_t abs_ns, uint64_t period_ns)
{
	ck_rtflags_t flags;

	if (!t || t->magic != CK_TIMER_MAGIC || !t->fn ||
	    (period_ns && (period_ns < tq.min_period_ns ||
			   abs_ns > UINT64_MAX - period_ns)))
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

int ck_timer_start_in(struct ck_timer *t, uint64_t rel_ns, uint64_t period_ns)
{
	return ck_timer_start(t, ck_deadline_in(rel_ns), period_ns);
}

long ck_timer_overruns(struct ck_timer *t)
{
	ck_rtflags_t flags;
	uint64_t n;

	if (!t || t->magic != CK_TIMER_MAGIC)
		return -CK_EINVAL;
	/* the RT interrupt adds to the 64-bit total: read it in one piece */
	flags = arch_rt_mask();
	n = t->overruns - t->overruns_read;
	if (n > (uint64_t)__LONG_MAX__)
		n = (uint64_t)__LONG_MAX__;
	t->overruns_read += n;
	arch_rt_restore(flags);
	return (long)n;
}

void ck_timer_stop(struct ck_timer *t)
{
	ck_rtflags_t flags;

	if (!t || t->magic != CK_TIMER_MAGIC)
		return;
	flags = arch_rt_mask();
	timer_cancel(t);
	arch_rt_restore(flags);
}
