// SPDX-License-Identifier: MIT
/* test_clock.c - 64-bit extension of the wrapping clocksource and ns conversion. */
#include "sim_test.h"

static int setup(void **state)
{
	(void)state;
	sim_reset(NULL);
	return 0;
}

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
	static const uint64_t rates[] = { 32768, 3579545, 24000000, 66666666,
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(wraps_at_1ghz, setup),
		cmocka_unit_test_setup(exact_at_1mhz, setup),
		cmocka_unit_test_setup(narrow_counter, setup),
		cmocka_unit_test_setup(odd_rates, setup),
		cmocka_unit_test_setup(long_unread_gap, setup),
	};

	return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
