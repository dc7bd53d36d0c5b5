// SPDX-License-Identifier: MIT
/* test_timer.c - timer queue order, re-arm, clamps, periodic overruns,
 * relative starts and deadlines. */
#include <string.h>
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

static struct ck_timer tm[5];
static struct ck_task tk;
static ck_sem_t sem;

/* Log the timer's id and the ck clock (us) at each expiry. */
static void cb_log(struct ck_timer *t)
{
	sim_log((long)(intptr_t)t->arg);
	sim_log((long)(ck_clock_now() / US));
}

static void start_log_timer(int i, uint64_t at, uint64_t period)
{
	ck_timer_init(&tm[i], cb_log, (void *)(intptr_t)i);
	assert_int_equal(ck_timer_start(&tm[i], at, period), 0);
}

static void order_by_expiry(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, 300 * US, 0);
	start_log_timer(1, 100 * US, 0);
	start_log_timer(2, 200 * US, 0);
	start_log_timer(3, 100 * US, 0);   /* same time: after timer 1 */
	sim_run_until(1 * MS);
	assert_log(1, 100, 3, 100, 2, 200, 0, 300);
	for (int i = 0; i < 4; i++)
		assert_int_equal(tm[i].armed, 0);
	/* one interrupt per distinct expiry */
	assert_int_equal(sim_irq_count(), 3);
}

static void start_before_ck_start(void **state)
{
	(void)state;
	start_log_timer(0, 50 * US, 0);
	assert_false(sim_event_armed());   /* the clockevent is not live yet */
	sim_start();
	assert_true(sim_event_armed());
	assert_int_equal(sim_event_deadline(), 50 * US);
	sim_run_until(1 * MS);
	assert_log(0, 50);
}

static void restart_moves_and_stop_disarms(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, 100 * US, 0);
	start_log_timer(1, 200 * US, 0);
	assert_int_equal(ck_timer_start(&tm[0], 500 * US, 0), 0);
	ck_timer_stop(&tm[1]);
	ck_timer_stop(&tm[1]);   /* stopping a stopped timer is harmless */
	sim_run_until(2 * MS);
	assert_log(0, 500);
	assert_int_equal(ck_timer_start(NULL, 0, 0), -CK_EINVAL);
	ck_timer_init(&tm[2], NULL, NULL);
	assert_int_equal(ck_timer_start(&tm[2], 0, 0), -CK_EINVAL);
}

static void idle_rearm_every_second(void **state)
{
	(void)state;
	sim_start();
	assert_true(sim_event_armed());
	assert_int_equal(sim_event_deadline(), CK_CLOCK_IDLE_MAX_NS);
	assert_int_equal(sim_event_last_ticks(), 1000000000u);
	sim_run_until(5 * CK_NS_PER_S + 500 * MS);
	assert_int_equal(sim_irq_count(), 5);
	assert_true(sim_event_armed());
	assert_int_equal(sim_event_deadline(), 6 * CK_NS_PER_S);
}

static void far_timer_clamped_to_idle(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, 3 * CK_NS_PER_S + 250 * MS, 0);
	assert_int_equal(sim_event_last_ticks(), 1000000000u);
	sim_run_until(4 * CK_NS_PER_S);
	assert_log(0, 3250000);
	/* 1 s, 2 s, then the last 1.25 s in halves: 2.625 s, 3.25 s */
	assert_int_equal(sim_irq_count(), 4);
}

/*
 * A timer 1 us beyond the idle re-arm (1 s here): one idle step would
 * leave it 1 us after that event, which the release would pay for as a
 * second RT entry; the way goes in two halves instead, so neither event
 * comes within half an idle re-arm of the other.
 */
static void far_timer_leaves_no_sliver(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, CK_NS_PER_S + 1 * US, 0);
	assert_int_equal(sim_event_deadline(), (CK_NS_PER_S + 1 * US) / 2);
	sim_run_until(2 * CK_NS_PER_S);
	assert_log(0, 1000001);
	assert_int_equal(sim_irq_count(), 2);
	/* the same for a periodic timer, release after release */
	start_log_timer(1, 3 * CK_NS_PER_S, CK_NS_PER_S + 1 * US);
	sim_run_until(5 * CK_NS_PER_S + 5 * US);
	assert_log(0, 1000001, 1, 3000000, 1, 4000001, 1, 5000002);
}

static void clamp_to_max_ticks(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000,
					.event_max_ticks = 1000 };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	assert_int_equal(sim_event_last_ticks(), 1000u);
	start_log_timer(0, 10 * MS, 0);
	assert_int_equal(sim_event_last_ticks(), 1000u);
	sim_run_until(20 * MS);
	assert_log(0, 10000);
	assert_int_equal(sim_irq_count(), 20);   /* every 1 ms */
}

/* Log the ck clock in ns at expiry. */
static void cb_log_ns(struct ck_timer *t)
{
	(void)t;
	sim_log((long)ck_clock_now());
}

/*
 * 1 MHz clockevent: 1.5 us is armed as 1 tick (rounded down); the event
 * at 1 us is waited out on the clock, so the timer runs at 1.5 us, not
 * before and not at the next tick, in that one interrupt.
 */
static void event_rounds_down_never_early(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000000, .event_hz = 1000000 };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	ck_timer_init(&tm[0], cb_log_ns, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 1500, 0), 0);
	assert_int_equal(sim_event_last_ticks(), 1u);
	assert_int_equal(sim_event_deadline(), 1000);
	sim_run_until(1 * MS);
	assert_int_equal(sim_log_len(), 1);
	assert_true(sim_log_at(0) >= 1500);
	assert_true(sim_log_at(0) < 1500 + 10);
	assert_int_equal(sim_irq_count(), 1);
}

/*
 * Gravity 2 us (the most allowed): the event is armed 2 us before the
 * expiry; the entry in the sim costs nothing, so the rest is waited out
 * and the timer runs at its expiry, not before, in that one interrupt. A
 * timer closer than the gravity gets the shortest event and runs at its
 * expiry too.
 */
static void gravity_arms_early_never_runs_early(void **state)
{
	const struct sim_config cfg = { .event_gravity_ns = CK_TIMER_GRAVITY_MAX_NS };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	ck_timer_init(&tm[0], cb_log_ns, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 0), 0);
	assert_int_equal(sim_event_deadline(), 98 * US);
	sim_run_until(1 * MS);
	assert_int_equal(sim_log_len(), 1);
	assert_true(sim_log_at(0) >= (long)(100 * US));
	assert_true(sim_log_at(0) < (long)(100 * US + 10));
	assert_int_equal(sim_irq_count(), 1);

	assert_int_equal(ck_timer_start(&tm[0], sim_now() + 2 * US, 0), 0);
	assert_int_equal(sim_event_last_ticks(), 1u);
	sim_run_until(2 * MS);
	assert_int_equal(sim_log_len(), 2);
	assert_true(sim_log_at(1) >= (long)(1 * MS + 2 * US));
	assert_true(sim_log_at(1) < (long)(1 * MS + 2 * US + 10));
}

/* e500's clocks: a 400 MHz clocksource (2.5 ns ticks, no whole ns), a
 * 25 MHz clockevent, and e500's gravity; periods down to 100 ns allowed,
 * to show one interrupt is not pinned even then */
static const struct sim_config e500_like = { .clock_hz = 400000000,
					     .event_hz = 25000000,
					     .event_gravity_ns = 80,
					     .event_min_period_ns = 100 };
static unsigned int calls, irqs_at_stop;
static uint64_t worst_early_ns;

/* Count calls; stop at 1000 and note how many RT interrupts that took. */
static void cb_count_to_1000(struct ck_timer *t)
{
	if (++calls < 1000)
		return;
	irqs_at_stop = sim_irq_count();
	ck_timer_stop(t);
}

/* Count calls; re-arm 100 ns after the clock until the 1000th. */
static void cb_rearm_100ns(struct ck_timer *t)
{
	if (++calls >= 1000) {
		irqs_at_stop = sim_irq_count();
		return;
	}
	ck_timer_start(t, ck_clock_now() + 100, 0);
}

/*
 * Waits end within the gravity and a tick of the interrupt's entry: a
 * periodic timer of 100 ns, or a callback re-arming 100 ns ahead, cannot
 * keep one RT interrupt running expiry after expiry (it did when each wait
 * was measured from the last expiry instead of the entry).
 */
static void short_periods_do_not_pin_one_interrupt(void **state)
{
	(void)state;
	calls = 0;
	sim_boot(&e500_like);
	sim_start();
	ck_timer_init(&tm[0], cb_count_to_1000, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 100), 0);
	sim_run_until(1 * MS);
	assert_int_equal(calls, 1000);
	assert_true(irqs_at_stop > 100);

	calls = 0;
	sim_boot(&e500_like);
	sim_start();
	ck_timer_init(&tm[0], cb_rearm_100ns, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 0), 0);
	sim_run_until(1 * MS);
	assert_int_equal(calls, 1000);
	assert_true(irqs_at_stop > 100);
}

/* Record how far before its expiry a timer ran (0: not early). */
static void cb_note_early(struct ck_timer *t)
{
	uint64_t now = ck_clock_now();

	calls++;
	if (t->expires_ns > now && t->expires_ns - now > worst_early_ns)
		worst_early_ns = t->expires_ns - now;
}

/* e500's clocks, expiries at every ns offset against the 2.5 ns and 40 ns
 * ticks: the clock read in the callback is never before the expiry. */
static void never_early_on_e500_clocks(void **state)
{
	uint64_t at = 10 * US;

	(void)state;
	calls = 0;
	worst_early_ns = 0;
	sim_boot(&e500_like);
	sim_start();
	ck_timer_init(&tm[0], cb_note_early, NULL);
	for (unsigned int k = 0; k < 2000; k++) {
		at += 10 * US + (k % 97);
		assert_int_equal(ck_timer_start(&tm[0], at, 0), 0);
		sim_run_until(at + 5 * US);
	}
	assert_int_equal(calls, 2000);
	assert_int_equal(worst_early_ns, 0);
}

/* A callback busy 10 us without reading the clock. */
static void cb_busy_10us(struct ck_timer *t)
{
	(void)t;
	calls++;
	sim_time_pass(10 * US);
}

/* After such a callback, a timer 10 ns behind the first is long due: the
 * wait for it ends at once, it does not spin until the counter wraps. */
static void wait_after_a_long_callback_ends_at_once(void **state)
{
	(void)state;
	calls = 0;
	sim_boot(&e500_like);
	sim_start();
	ck_timer_init(&tm[0], cb_busy_10us, NULL);
	ck_timer_init(&tm[1], cb_busy_10us, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 0), 0);
	assert_int_equal(ck_timer_start(&tm[1], 100 * US + 10, 0), 0);
	sim_run_until(200 * US);
	assert_int_equal(calls, 2);
	assert_true(sim_now() < 1 * MS);
}

/*
 * An event more than one tick before the head (its timer was stopped, the
 * next one is later) re-arms for the new head instead of spinning.
 */
static void early_event_for_later_head_rearms(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000000, .event_hz = 1000000 };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	ck_timer_init(&tm[0], cb_log_ns, NULL);
	ck_timer_init(&tm[1], cb_log_ns, NULL);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 0), 0);
	assert_int_equal(ck_timer_start(&tm[1], 300 * US, 0), 0);
	ck_timer_stop(&tm[0]);
	sim_run_until(200 * US);
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(sim_now(), 200 * US);   /* no spin up to 300 us */
	assert_int_equal(sim_event_deadline(), 300 * US);
	sim_run_until(1 * MS);
	assert_int_equal(sim_log_len(), 1);
	assert_int_equal(sim_log_at(0), 300 * US);
}

/* Clockevent slower than the clock (an AT91 TC at MCK/128, 99.33 MHz / 128
 * = 776 kHz, against 1 GHz). */
static void event_at_other_rate(void **state)
{
	const struct sim_config cfg = { .event_hz = 776000 };
	uint64_t fired;

	(void)state;
	sim_boot(&cfg);
	sim_start();
	start_log_timer(0, 1 * MS, 0);
	sim_run_until(2 * MS);
	assert_int_equal(sim_log_len(), 2);
	fired = (uint64_t)sim_log_at(1) * US;
	assert_true(fired >= 1 * MS);
	assert_true(fired < 1 * MS + CK_NS_PER_S / 776000 + US);
}

static void periodic_on_time(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, 1 * MS, 1 * MS);
	sim_run_until(10 * MS + 500 * US);
	assert_int_equal(sim_log_len(), 20);
	for (size_t k = 0; k < 10; k++)
		assert_int_equal(sim_log_at(2 * k + 1), (long)(k + 1) * 1000);
	assert_int_equal(tm[0].overruns, 0);
	assert_true(tm[0].armed);
	assert_int_equal(tm[0].expires_ns, 11 * MS);
}

static void periodic_skips_missed(void **state)
{
	ck_rtflags_t f;

	(void)state;
	sim_start();
	start_log_timer(0, 1 * MS, 1 * MS);
	sim_run_until(1 * MS);
	assert_log(0, 1000);
	/* the RT class masked from 1 ms to 4.5 ms: expiries 2 ms late */
	f = arch_rt_mask();
	sim_run_until(4 * MS + 500 * US);
	assert_int_equal(sim_log_len(), 2);
	arch_rt_restore(f);
	/* the 2 ms expiry runs late, 3 ms and 4 ms are skipped and counted */
	assert_log(0, 1000, 0, 4500);
	assert_int_equal(tm[0].overruns, 2);
	assert_int_equal(tm[0].expires_ns, 5 * MS);
	sim_run_until(5 * MS);
	assert_log(0, 1000, 0, 4500, 0, 5000);
	assert_int_equal(tm[0].overruns, 2);
}

/* Late by exactly one period: the expiry at "now" is due, not missed. */
static void periodic_late_on_boundary(void **state)
{
	ck_rtflags_t f;

	(void)state;
	sim_start();
	start_log_timer(0, 1 * MS, 1 * MS);
	f = arch_rt_mask();
	sim_run_until(2 * MS);
	arch_rt_restore(f);
	assert_log(0, 2000, 0, 2000);
	assert_int_equal(tm[0].overruns, 0);
	assert_int_equal(tm[0].expires_ns, 3 * MS);
}

static void cb_chain(struct ck_timer *t)
{
	cb_log(t);
	start_log_timer(1, ck_clock_now() + 70 * US, 0);
}

static void start_from_callback(void **state)
{
	(void)state;
	sim_start();
	ck_timer_init(&tm[0], cb_chain, (void *)0);
	ck_timer_start(&tm[0], 100 * US, 0);
	sim_run_until(1 * MS);
	assert_log(0, 100, 1, 170);
}

/* A callback that runs 30 us and re-arms: busy time is not added. */
static void cb_busy_chain(struct ck_timer *t)
{
	cb_log(t);
	sim_advance(30 * US);
	start_log_timer(1, 200 * US, 0);
}

static void program_after_long_callback(void **state)
{
	(void)state;
	sim_start();
	ck_timer_init(&tm[0], cb_busy_chain, (void *)0);
	ck_timer_start(&tm[0], 100 * US, 0);
	sim_run_until(1 * MS);
	/* programmed from the entry's clock read, it would fire at 230 us */
	assert_log(0, 100, 1, 200);
}

/* Busy 30 us, then read the clock (the snapshot moves on), then log. */
static void cb_busy_then_read(struct ck_timer *t)
{
	sim_advance(30 * US);
	cb_log(t);
}

/* Busy 30 us without reading the clock. */
static void cb_busy_quiet(struct ck_timer *t)
{
	sim_log((long)(intptr_t)t->arg);
	sim_time_pass(30 * US);
}

/*
 * The interrupt arms the next head from the loop's own comparison with the
 * entry's clock, then one fresh counter read: a callback that ran 30 us
 * before it, reading the clock at its end or not at all, makes the next
 * timer neither late nor early.
 */
static void next_head_on_time_after_busy_callback(void **state)
{
	(void)state;
	sim_start();
	ck_timer_init(&tm[0], cb_busy_then_read, (void *)0);
	assert_int_equal(ck_timer_start(&tm[0], 100 * US, 0), 0);
	start_log_timer(1, 200 * US, 0);
	ck_timer_init(&tm[2], cb_busy_quiet, (void *)2);
	assert_int_equal(ck_timer_start(&tm[2], 300 * US, 0), 0);
	start_log_timer(3, 400 * US, 0);
	sim_run_until(1 * MS);
	assert_log(0, 130, 1, 200, 2, 3, 400);
	assert_int_equal(sim_irq_count(), 4);
}

static void body_periodic_quiet(void *arg)
{
	(void)ck_task_set_periodic(0, (uint64_t)(uintptr_t)arg);
	for (;;) {
		(void)ck_task_wait_period();
		sim_log((long)(sim_now() / US));
	}
}

/*
 * A release's clockevent work does not grow with the timers queued behind
 * its own: each interrupt that releases the 100 us task arms the event
 * once and reads the counter twice (its entry and the arm) with 1 or 3
 * sleeping periodic tasks' timers queued (once, the idle re-arm needing no
 * read, with none), and every release is on time.
 */
static void release_work_independent_of_queued_timers(void **state)
{
	static struct ck_task sleepers[3];

	(void)state;
	for (unsigned int n = 0; n <= 3; n += n ? 2 : 1) {
		unsigned int progs, reads, irqs;

		sim_setup(NULL);
		for (unsigned int i = 0; i < n; i++) {
			memset(&sleepers[i], 0, sizeof(sleepers[i]));
			assert_int_equal(sim_task(&sleepers[i], 10 + (int)i, body_periodic_quiet,
						  (void *)(uintptr_t)(3 * MS + i * US)), 0);
		}
		memset(&tk, 0, sizeof(tk));
		assert_int_equal(sim_task(&tk, 60, body_periodic_quiet,
					  (void *)(uintptr_t)(100 * US)), 0);
		sim_start();
		sim_run_until(1 * MS + 50 * US);
		assert_int_equal(sim_log_len(), 10);
		for (int k = 0; k < 10; k++)
			assert_int_equal(sim_log_at(k), 100 * (k + 1));
		/* the release at 1.1 ms: the task's wake, then its re-arm */
		progs = sim_event_programs();
		reads = sim_clock_reads();
		irqs = sim_irq_count();
		sim_run_until(1 * MS + 100 * US);
		assert_int_equal(sim_irq_count(), irqs + 1);
		assert_int_equal(sim_log_len(), 11);
		/* interrupt: entry read, one program, plus the arm's read
		 * when a timer is queued behind; the task: its period's
		 * clock read, arm read and program */
		assert_int_equal(sim_event_programs() - progs, 2);
		assert_int_equal(sim_clock_reads() - reads, n ? 4 : 3);
	}
}

/* The hand-over stops the device; ck_clockevent_rearm() resumes the queue. */
static void rearm_after_device_stop(void **state)
{
	(void)state;
	sim_start();
	start_log_timer(0, 300 * US, 0);
	sim_board.timer->stop(sim_board.timer);
	sim_run_until(1 * MS);
	assert_int_equal(sim_log_len(), 0);   /* nothing fires while stopped */
	ck_clockevent_rearm();
	assert_true(sim_event_armed());
	sim_run_until(2 * MS);
	assert_log(0, 1000);   /* late, but not lost */
}

static void body_periodic_min(void *arg)
{
	(void)arg;
	sim_log(ck_task_set_periodic(0, 1));
	sim_log(ck_task_set_periodic(0, 10 * US - 1));
	sim_log(ck_task_wait_period());   /* refused: not periodic */
	sim_log(ck_task_set_periodic(0, 10 * US));
	sim_log(ck_task_wait_period());
	sim_log((long)(sim_now() / US));
}

/*
 * The board's minimum period (10 us here): a periodic timer of 1 ns, which
 * would keep the CPU in RT interrupts, or of anything shorter than the
 * minimum is refused and nothing is armed; a one-shot is not a period.
 */
static void min_period_refused(void **state)
{
	const struct sim_config cfg = { .event_min_period_ns = 10 * US };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	ck_timer_init(&tm[0], cb_log, (void *)0);
	assert_int_equal(ck_timer_start(&tm[0], sim_now(), 1), -CK_EINVAL);
	assert_int_equal(ck_timer_start(&tm[0], sim_now(), 10 * US - 1), -CK_EINVAL);
	assert_false(tm[0].armed);
	assert_int_equal(ck_timer_start(&tm[0], 20 * US, 0), 0);
	sim_run_until(30 * US);
	assert_log(0, 20);
	assert_int_equal(ck_timer_start(&tm[0], 50 * US, 10 * US), 0);
	sim_run_until(75 * US);
	assert_log(0, 20, 0, 50, 0, 60, 0, 70);
	ck_timer_stop(&tm[0]);

	assert_int_equal(sim_task(&tk, 3, body_periodic_min, NULL), 0);
	sim_run_until(200 * US);
	assert_log(0, 20, 0, 50, 0, 60, 0, 70,
		   -CK_EINVAL, -CK_EINVAL, -CK_EPERM, 0, 0, 85);
}

/* ck_timer_start_in(): from the clock at the call, saturating, the same
 * errors as ck_timer_start(). */
static void start_in_is_relative(void **state)
{
	(void)state;
	sim_start();
	sim_run_until(1 * MS);
	ck_timer_init(&tm[0], cb_log, (void *)0);
	ck_timer_init(&tm[1], cb_log, (void *)1);
	assert_int_equal(ck_timer_start_in(&tm[0], 200 * US, 0), 0);
	assert_int_equal(tm[0].expires_ns, 1200 * US);
	assert_int_equal(ck_timer_start_in(&tm[1], 100 * US, 500 * US), 0);
	sim_run_until(2 * MS);
	assert_log(1, 1100, 0, 1200, 1, 1600);
	/* too far for 64 bits: never (one-shot), refused (periodic) */
	assert_int_equal(ck_timer_start_in(&tm[0], CK_INFINITE - 10, 0), 0);
	assert_int_equal(tm[0].expires_ns, CK_INFINITE);
	assert_int_equal(ck_timer_start_in(&tm[1], CK_INFINITE - 10, 500 * US),
			 -CK_EINVAL);
	assert_int_equal(tm[1].expires_ns, 2100 * US);   /* unchanged, armed */
	assert_true(tm[1].armed);
	assert_int_equal(ck_timer_start_in(NULL, 0, 0), -CK_EINVAL);
	ck_timer_init(&tm[2], NULL, NULL);
	assert_int_equal(ck_timer_start_in(&tm[2], 0, 0), -CK_EINVAL);
	memset(&tm[3], 0, sizeof(tm[3]));
	tm[3].fn = cb_log;
	assert_int_equal(ck_timer_start_in(&tm[3], 0, 0), -CK_EINVAL);
	/* the next test's sim_boot() empties the queue under them */
	ck_timer_stop(&tm[0]);
	ck_timer_stop(&tm[1]);
}

static void body_relative_timeout(void *arg)
{
	(void)arg;
	sim_log(ck_sem_wait_until(&sem, ck_deadline_in(300 * US)));
	sim_log((long)(sim_now() / US));
}

static void deadline_in_saturates(void **state)
{
	(void)state;
	sim_start();
	sim_run_until(1 * MS);
	assert_int_equal(ck_deadline_in(0), 1 * MS);
	assert_int_equal(ck_deadline_in(5), 1 * MS + 5);
	assert_int_equal(ck_deadline_in(CK_INFINITE - 1 * MS - 1), CK_INFINITE - 1);
	assert_int_equal(ck_deadline_in(CK_INFINITE - 1 * MS), CK_INFINITE);
	assert_int_equal(ck_deadline_in(CK_INFINITE - 1), CK_INFINITE);
	assert_int_equal(ck_deadline_in(CK_INFINITE), CK_INFINITE);
	/* as a relative timeout of an _until() call */
	ck_sem_init(&sem, 0);
	assert_int_equal(sim_task(&tk, 3, body_relative_timeout, NULL), 0);
	sim_run_until(2 * MS);
	assert_log(-CK_ETIMEDOUT, 1300);
}

/* ck_timer_overruns(): the missed expiries since the last read, cleared
 * by the read; t->overruns keeps the total. */
static void overruns_read_and_cleared(void **state)
{
	struct ck_timer never = { 0 };
	ck_rtflags_t f;

	(void)state;
	sim_start();
	start_log_timer(0, 1 * MS, 1 * MS);
	assert_int_equal(ck_timer_overruns(&tm[0]), 0);
	sim_run_until(1 * MS);
	f = arch_rt_mask();        /* 2, 3 ms late, run at 3.5: 1 missed */
	sim_run_until(3 * MS + 500 * US);
	arch_rt_restore(f);
	assert_int_equal(ck_timer_overruns(&tm[0]), 1);
	assert_int_equal(ck_timer_overruns(&tm[0]), 0);
	f = arch_rt_mask();        /* 4 .. 7 ms late, run at 7.5: 3 missed */
	sim_run_until(7 * MS + 500 * US);
	arch_rt_restore(f);
	f = arch_rt_mask();        /* 8, 9 ms late, run at 9.5: 1 more */
	sim_run_until(9 * MS + 500 * US);
	arch_rt_restore(f);
	assert_int_equal(tm[0].overruns, 5);
	/* re-arming keeps what was not read */
	assert_int_equal(ck_timer_start(&tm[0], 20 * MS, 1 * MS), 0);
	assert_int_equal(ck_timer_overruns(&tm[0]), 4);
	assert_int_equal(ck_timer_overruns(&tm[0]), 0);
	assert_int_equal(tm[0].overruns, 5);
	ck_timer_init(&tm[0], cb_log, (void *)0);
	assert_int_equal(tm[0].overruns, 0);
	assert_int_equal(ck_timer_overruns(&tm[0]), 0);
	assert_int_equal(ck_timer_overruns(NULL), -CK_EINVAL);
	assert_int_equal(ck_timer_overruns(&never), -CK_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(order_by_expiry, sim_setup),
		cmocka_unit_test_setup(start_before_ck_start, sim_setup),
		cmocka_unit_test_setup(restart_moves_and_stop_disarms, sim_setup),
		cmocka_unit_test_setup(idle_rearm_every_second, sim_setup),
		cmocka_unit_test_setup(far_timer_clamped_to_idle, sim_setup),
		cmocka_unit_test_setup(far_timer_leaves_no_sliver, sim_setup),
		cmocka_unit_test_setup(clamp_to_max_ticks, sim_setup),
		cmocka_unit_test_setup(event_rounds_down_never_early, sim_setup),
		cmocka_unit_test_setup(early_event_for_later_head_rearms, sim_setup),
		cmocka_unit_test_setup(gravity_arms_early_never_runs_early, sim_setup),
		cmocka_unit_test_setup(short_periods_do_not_pin_one_interrupt, sim_setup),
		cmocka_unit_test_setup(never_early_on_e500_clocks, sim_setup),
		cmocka_unit_test_setup(wait_after_a_long_callback_ends_at_once, sim_setup),
		cmocka_unit_test_setup(event_at_other_rate, sim_setup),
		cmocka_unit_test_setup(periodic_on_time, sim_setup),
		cmocka_unit_test_setup(periodic_skips_missed, sim_setup),
		cmocka_unit_test_setup(periodic_late_on_boundary, sim_setup),
		cmocka_unit_test_setup(start_from_callback, sim_setup),
		cmocka_unit_test_setup(program_after_long_callback, sim_setup),
		cmocka_unit_test_setup(next_head_on_time_after_busy_callback, sim_setup),
		cmocka_unit_test_setup(release_work_independent_of_queued_timers, sim_setup),
		cmocka_unit_test_setup(rearm_after_device_stop, sim_setup),
		cmocka_unit_test_setup(min_period_refused, sim_setup),
		cmocka_unit_test_setup(start_in_is_relative, sim_setup),
		cmocka_unit_test_setup(deadline_in_saturates, sim_setup),
		cmocka_unit_test_setup(overruns_read_and_cleared, sim_setup),
	};

	return cmocka_run_group_tests_name("timer", tests, NULL, NULL);
}
