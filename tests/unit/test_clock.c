// SPDX-License-Identifier: MIT
/* test_clock.c - 64-bit extension of the wrapping clocksource and ns conversion. */
#include "sim_test.h"

static int setup(void **state)
{
	(void)state;
	sim_reset(NULL);
	return 0;
}

#include <string.h>

/* What the clock must read: floor(ticks since start * 1e9 / hz). */
static uint64_t exact_ns(uint64_t hz)
{
	unsigned __int128 ticks = (unsigned __int128)sim_now() * hz / 1000000000u;

	return (uint64_t)(ticks * 1000000000u / hz);
}

/*
 * Run @total_ns with the RT timer live (it re-arms every second), reading
 * the clock every @step_ns: it must track the exact value within @tol_ns
 * and never go backwards.
 */
static void track(uint64_t hz, uint64_t total_ns, uint64_t step_ns,
		  uint64_t tol_ns)
{
	uint64_t prev = 0;

	sim_start();
	while (sim_now() < total_ns) {
		uint64_t now, want;

		sim_advance(step_ns);
		now = ck_clock_now();
		want = exact_ns(hz);
		assert_true(now >= prev);
		assert_true(now <= want && want - now <= tol_ns);
		prev = now;
	}
}

/* 1 GHz 32-bit counter wraps every 4.29 s; start just before a wrap. */
static void wraps_at_1ghz(void **state)
{
	const struct sim_config cfg = { .clock_start = 0xffffff00u };

	(void)state;
	sim_boot(&cfg);
	assert_int_equal(ck_clock_now(), 0);
	track(1000000000u, 20 * CK_NS_PER_S, 333333333u, 0);
	assert_int_equal(ck_clock_now(), sim_now());
	assert_true(sim_now() > 4 * 0x100000000ull);   /* several wraps */
}

/* 1 MHz: 1 tick = 1000 ns exactly. */
static void exact_at_1mhz(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000,
					.clock_start = 0xfffff000u };

	(void)state;
	sim_boot(&cfg);
	track(1000000u, 10 * CK_NS_PER_S, 123456789u, 0);
	assert_int_equal(ck_clock_now(), sim_now() / 1000 * 1000);
}

/* A 24-bit counter at 1 MHz wraps every 16.8 s. */
static void narrow_counter(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000,
					.clock_mask = 0xffffff,
					.clock_start = 0xfff000 };

	(void)state;
	sim_boot(&cfg);
	track(1000000u, 60 * CK_NS_PER_S, 700000000u, 0);
}

/* Rates with no exact ns per tick: within 1 ns of the exact value. */
static void odd_rates(void **state)
{
	static const uint64_t rates[] = { 776000, 3579545, 24000000, 66666666,
					  4000000000u };

	(void)state;
	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		const struct sim_config cfg = { .clock_hz = rates[i],
						.clock_start = 0x80000000u };

		sim_boot(&cfg);
		track(rates[i], 200 * CK_NS_PER_S, 987654321u, 1);
	}
}

/* Unread for 3.7 s (no RT timer yet): the slow path carries the seconds. */
static void long_unread_gap(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000 };

	(void)state;
	sim_boot(&cfg);
	sim_run_until(3700 * CK_NS_PER_MS + 1234);
	assert_int_equal(ck_clock_now(), 3700001000u);
	sim_run_until(3900 * CK_NS_PER_MS);
	assert_int_equal(ck_clock_now(), 3900000000u);
}


/*
 * A 16-bit counter at 1 MHz wraps every 65.5 ms. Idle for 2 s, the clock
 * must read 2 s: the idle re-arm comes every half wrap (32.768 ms), not
 * every second (which lost 65.536 ms per second: it read about 34 ms).
 */
static void narrow_16bit_idle(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000,
					.clock_mask = 0xffff };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	assert_int_equal(sim_event_deadline(), 32768000u);
	sim_run_until(2 * CK_NS_PER_S);
	assert_int_equal(ck_clock_now(), 2 * CK_NS_PER_S);
	assert_int_equal(sim_irq_count(), 2 * CK_NS_PER_S / 32768000u);
}

/*
 * Take @rounds idle interrupts each @late_ns after its event (RT masked
 * meanwhile, as a long RT-masked section would), reading the clock only
 * in those interrupts; then the clock must be exact at 1 tick of @hz.
 */
static void idle_irqs_late(uint64_t hz, unsigned int rounds, uint64_t late_ns)
{
	unsigned int irqs = sim_irq_count();

	for (unsigned int k = 0; k < rounds; k++) {
		ck_rtflags_t f = arch_rt_mask();

		assert_true(sim_event_armed());
		sim_run_until(sim_event_deadline() + late_ns);
		arch_rt_restore(f);
	}
	assert_int_equal(sim_irq_count(), irqs + rounds);
	assert_int_equal(ck_clock_now(), exact_ns(hz));
}

/*
 * A 16-bit clock and a 16-bit event timer at 1 MHz: the event timer could
 * reach a whole wrap (65.535 ms), but the idle re-arm stays at half a wrap,
 * so idle interrupts taken 30 ms late still fold right.
 */
static void narrow_16bit_pair_late_irqs(void **state)
{
	const struct sim_config cfg = { .clock_hz = 1000000,
					.clock_mask = 0xffff,
					.event_max_ticks = 0xffff };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	assert_int_equal(sim_event_last_ticks(), 32768u);
	idle_irqs_late(1000000u, 40, 30 * CK_NS_PER_MS);
	assert_true(sim_now() > 40 * 62 * CK_NS_PER_MS);
}

static uint64_t at91_ns;

static void cb_note_time(struct ck_timer *t)
{
	(void)t;
	at91_ns = ck_clock_now();
}

/*
 * The AT91SAM9260's TC channels: 16 bits at MCK/2 and MCK/128 (MCK 99.33
 * MHz on the -EK), one channel the clock, another the event. Both pairs
 * pass the contract, keep time through late idle interrupts, and run a
 * timer 20 ms ahead (many wraps) on time.
 */
static void at91_tc_pairs(void **state)
{
	static const uint64_t rates[] = { 99328000 / 2, 99328000 / 128 };
	struct ck_timer t;

	(void)state;
	for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
		const struct sim_config cfg = { .clock_hz = rates[i],
						.clock_mask = 0xffff,
						.event_max_ticks = 0xffff };
		uint64_t half_wrap_ns = 32768u * CK_NS_PER_S / rates[i];
		uint64_t at;

		sim_boot(&cfg);
		sim_start();
		assert_true(sim_event_deadline() <= half_wrap_ns);
		assert_true(sim_event_deadline() + CK_TIMER_TICK_MAX_NS > half_wrap_ns);
		idle_irqs_late(rates[i], 20, half_wrap_ns * 9 / 10);
		ck_timer_init(&t, cb_note_time, NULL);
		at = ck_clock_now() + 20 * CK_NS_PER_MS;
		assert_int_equal(ck_timer_start(&t, at, 0), 0);
		at91_ns = 0;
		sim_run_until(at + CK_NS_PER_MS);
		assert_true(at91_ns >= at);
		assert_true(at91_ns < at + CK_NS_PER_S / rates[i] + 1);
	}
}

/*
 * r2d's pair: TMU2, a 32-bit counter at 15 MHz (66.67 ns, no whole ns per
 * tick), started 2.5 s before its wrap as bsp/r2d/board.c does, and TMU3
 * at the same rate. Across the wrap the clock, read at every tick, stays
 * floor(ticks * 1e9 / hz) within 1 ns (the truncation of mult), never
 * steps back and never moves more than one tick between two reads a third
 * of a tick apart.
 */
#define R2D_HZ 15000000u
#define R2D_WRAP_TICKS (R2D_HZ / 2u * 5u)

static void fold_at_the_wrap_15mhz(void **state)
{
	const struct sim_config cfg = { .clock_hz = R2D_HZ,
					.clock_start = 0x100000000ull - R2D_WRAP_TICKS };
	uint64_t wrap_ns = (uint64_t)R2D_WRAP_TICKS * CK_NS_PER_S / R2D_HZ;
	uint64_t prev, tick_ns = CK_NS_PER_S / R2D_HZ + 1u;

	(void)state;
	sim_boot(&cfg);
	track(R2D_HZ, wrap_ns - 50 * tick_ns, 7777777u, 1);
	prev = ck_clock_now();
	while (sim_now() < wrap_ns + 50 * tick_ns) {
		uint64_t now, want;

		sim_advance(CK_NS_PER_S / R2D_HZ / 3u);
		now = ck_clock_now();
		want = exact_ns(R2D_HZ);
		assert_true(now >= prev && now - prev <= tick_ns);
		assert_true(now <= want && want - now <= 1);
		prev = now;
	}
}

static uint64_t wrap_late_max_ns;
static unsigned int wrap_releases;

static void cb_lateness(struct ck_timer *t)
{
	/* timer_advance() moved expires_ns on a period before the call */
	uint64_t due = t->expires_ns - t->period_ns, now = ck_clock_now();

	if (now - due > wrap_late_max_ns)
		wrap_late_max_ns = now - due;
	wrap_releases++;
}

/*
 * The release that straddles the wrap (armed before it, due after it) is
 * no later than any other: a 1 ms periodic timer, as r2d's latency task,
 * runs 4 s across the wrap on r2d's pair; each release reads the clock
 * less than one clock tick after its expiry.
 */
static void release_across_the_wrap_15mhz(void **state)
{
	const struct sim_config cfg = { .clock_hz = R2D_HZ,
					.clock_start = 0x100000000ull - R2D_WRAP_TICKS };
	uint64_t wrap_ns = (uint64_t)R2D_WRAP_TICKS * CK_NS_PER_S / R2D_HZ;
	struct ck_timer t;
	uint64_t first = 1 * CK_NS_PER_S + 333333u;

	(void)state;
	sim_boot(&cfg);
	sim_start();
	ck_timer_init(&t, cb_lateness, NULL);
	wrap_late_max_ns = 0;
	wrap_releases = 0;
	assert_int_equal(ck_timer_start(&t, first, CK_NS_PER_MS), 0);
	sim_run_until(wrap_ns + 2 * CK_NS_PER_S);
	assert_int_equal(wrap_releases,
			 (wrap_ns + 2 * CK_NS_PER_S - first) / CK_NS_PER_MS + 1);
	assert_int_equal(t.overruns, 0);
	assert_true(wrap_late_max_ns < CK_NS_PER_S / R2D_HZ + 1u);
}

/* A board whose clocks break the contract: ck_core_init() says which
 * bound on the console and refuses. */
struct refusal {
	struct sim_config cfg;
	const char *says;
};

static void refuses_bad_pairs(void **state)
{
	static const struct refusal cases[] = {
		{ { .clock_hz = 5000000000ull }, "clocksource sim-clock: 5000000000 Hz refused" },
		{ { .clock_hz = 32768 }, "clocksource sim-clock: 32768 Hz refused" },
		{ { .event_hz = 32768 }, "clockevent sim-timer: 32768 Hz refused" },
		{ { .event_hz = 5000000000ull }, "clockevent sim-timer: 5000000000 Hz refused" },
		{ { .clock_mask = 0xfff0 }, "clocksource sim-clock: mask 0xfff0 refused" },
		/* 12 bits at 50 MHz: a wrap every 82 us */
		{ { .clock_hz = 50000000, .clock_mask = 0xfff },
		  "clocksource sim-clock: wraps every 81920 ns" },
		/* an event timer that reaches 50 us only */
		{ { .clock_hz = 1000000, .event_max_ticks = 50 },
		  "clockevent sim-timer: 50 ticks at 1000000 Hz reach 50000 ns: refused" },
		{ { .event_gravity_ns = CK_TIMER_GRAVITY_MAX_NS + 1 },
		  "clockevent sim-timer: gravity 2001 ns refused" },
		/* a minimum period below one event tick, or above 100 us */
		{ { .event_hz = 1000000, .event_min_period_ns = 999 },
		  "clockevent sim-timer: minimum period 999 ns refused" },
		{ { .event_min_period_ns = CK_TIMER_MIN_PERIOD_MAX_NS + 1 },
		  "clockevent sim-timer: minimum period 100001 ns refused" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sim_reset(&cases[i].cfg);
		assert_int_equal(ck_core_init(&sim_board), -CK_EINVAL);
		console_drain();
		if (!strstr(sim_uart_output(), cases[i].says))
			fail_msg("case %zu: \"%s\" not in \"%s\"", i,
				 cases[i].says, sim_uart_output());
		assert_non_null(strstr(sim_uart_output(),
				       "sim: the RT clock cannot work on this board: stopped"));
	}
	/* and a good board after a refused one boots */
	sim_boot(NULL);
	sim_start();
	assert_true(sim_event_armed());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(wraps_at_1ghz, setup),
		cmocka_unit_test_setup(exact_at_1mhz, setup),
		cmocka_unit_test_setup(narrow_counter, setup),
		cmocka_unit_test_setup(odd_rates, setup),
		cmocka_unit_test_setup(long_unread_gap, setup),
		cmocka_unit_test_setup(narrow_16bit_idle, setup),
		cmocka_unit_test_setup(narrow_16bit_pair_late_irqs, setup),
		cmocka_unit_test_setup(at91_tc_pairs, setup),
		cmocka_unit_test_setup(fold_at_the_wrap_15mhz, setup),
		cmocka_unit_test_setup(release_across_the_wrap_15mhz, setup),
		cmocka_unit_test_setup(refuses_bad_pairs, setup),
	};

	return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
