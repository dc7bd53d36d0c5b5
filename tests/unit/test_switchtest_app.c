// SPDX-License-Identifier: MIT
/*
 * test_switchtest_app.c - the RT switchtest app on the sim arch (whose
 * "registers" are frame words, tests/unit/sim/sim_regcheck.c): nothing
 * runs before START; a session sends one record a second with the
 * scheduler's switch count and every check passing; STOP stops the rounds;
 * an injected fault is reported by task and register and ends the torture
 * for good; a too short period is refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

/* The app is built into this test as it is into the image. */
#include "../../cokernel/apps/switchtest.c"

#define REGION CK_IPC_REGION_BYTES_DEFAULT
#define MS 1000000ull

static void *region;
static struct ck_ipc_chan ctl, data;
static struct ck_timer other_rt; /* the board's other RT activity */

/* The watchdog's ticks, where the app takes its commands, ride on RT
 * interrupts and sleeps; on a board the latency app's stopped loop polls
 * every 10 ms: this timer does the same. */
static void other_rt_fn(struct ck_timer *t)
{
	(void)t;
}

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	memset(&swt, 0, sizeof(swt));
	assert_int_equal(posix_memalign(&region, 8, REGION), 0);
	memset(region, 0, REGION);
	assert_int_equal(ck_shm_init(region, REGION), 0);
	assert_int_equal(switchtest_init(), 0);
	assert_true(swt.ipc);
	assert_int_equal(ck_ipc_open(region, REGION, CK_SWT_CTL,
				     CK_IPC_SIDE_LINUX, &ctl), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_SWT_DATA,
				     CK_IPC_SIDE_LINUX, &data), 0);
	ck_timer_init(&other_rt, other_rt_fn, NULL);
	sim_start();
	assert_int_equal(ck_timer_start(&other_rt, 10 * MS, 10 * MS), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(region);
	return 0;
}

static void send(uint32_t cmd, uint32_t period_ns)
{
	struct ck_swt_cmd c = { .cmd = cmd, .session = 0x5157,
				.period_ns = period_ns };

	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
}

static int read_recs(struct ck_swt_rec *r, int max)
{
	int n = 0;

	while (n < max && ck_ipc_recv(region, &data, &r[n], sizeof(r[0])) ==
				  (int)sizeof(r[0]))
		n++;
	return n;
}

static void test_switchtest_session(void **state)
{
	struct ck_swt_rec r[8];
	uint64_t total = 0;
	int n, i;

	(void)state;
	sim_run_until(100 * MS);
	total = swt_switches(); /* each task ran up to its first wait */
	sim_run_until(200 * MS);
	assert_int_equal(read_recs(r, 8), 0);
	assert_int_equal(swt_switches(), total); /* nothing before START */
	total = 0;
	send(CK_SWT_CMD_START, CK_SWT_PERIOD_DEFAULT_NS);
	sim_run_until(sim_now() + 2500 * MS);
	n = read_recs(r, 8);
	if (getenv("CK_TEST_VERBOSE"))
		for (i = 0; i < n; i++)
			fprintf(stderr, "rec %u: %u switches, %u rounds, flags %u; now %llu rounds %u\n",
				r[i].seq, r[i].switches, r[i].rounds, r[i].flags,
				(unsigned long long)sim_now(), swt.rounds);
	assert_int_equal(n, 2);
	for (i = 0; i < n; i++) {
		assert_int_equal(r[i].seq, (uint32_t)i);
		assert_int_equal(r[i].session, 0x5157);
		assert_int_equal(r[i].flags, 0);
		total += r[i].switches;
		assert_int_equal(r[i].total, total);
		/* a round at most every period, each handoff a switch */
		assert_true(r[i].rounds > 500 && r[i].rounds <= 1000);
		assert_true(r[i].switches >= r[i].rounds * CK_SWT_HANDOFFS);
	}
	assert_false(swt.failed);
	assert_true(swt.t[SWT_SPIN].received > 0);
	send(CK_SWT_CMD_STOP, 0);
	sim_run_until(sim_now() + 100 * MS);
	(void)read_recs(r, 8);
	total = swt_switches();
	sim_run_until(sim_now() + 1500 * MS);
	assert_int_equal(read_recs(r, 8), 0);
	assert_true(swt_switches() - total < 4); /* stopped: at most a round's end */
}

static void test_switchtest_injected_fault(void **state)
{
	struct ck_swt_rec r[8];
	int n;

	(void)state;
	send(CK_SWT_CMD_START, CK_SWT_PERIOD_DEFAULT_NS);
	sim_run_until(sim_now() + 100 * MS);
	send(CK_SWT_CMD_INJECT, 0);
	sim_run_until(sim_now() + 500 * MS);
	n = read_recs(r, 8);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].flags, CK_SWT_REC_FAILED);
	assert_int_equal(r[0].fail_kind, CK_SWT_FAIL_REG);
	assert_string_equal(r[0].fail_task, "st-spin");
	assert_string_equal(r[0].fail_reg, "s0");
	assert_int_equal(r[0].expected ^ r[0].found, SWT_INJECT_XOR);
	assert_int_equal(r[0].expected >> 24, SWT_SPIN + 1); /* its pattern */
	/* the torture stays stopped: a new START gets the same report */
	send(CK_SWT_CMD_START, CK_SWT_PERIOD_DEFAULT_NS);
	sim_run_until(sim_now() + 100 * MS);
	assert_int_equal(read_recs(r, 8), 1);
	assert_int_equal(r[0].flags, CK_SWT_REC_FAILED);
	assert_string_equal(r[0].fail_reg, "s0");
}

static void test_switchtest_refuses_short_period(void **state)
{
	struct ck_swt_rec r[8];

	(void)state;
	send(CK_SWT_CMD_START, CK_SWT_PERIOD_MIN_NS - 1);
	sim_run_until(sim_now() + 1500 * MS);
	assert_int_equal(read_recs(r, 8), 1);
	assert_int_equal(r[0].flags, CK_SWT_REC_REFUSED);
	assert_true(r[0].period_ns >= CK_SWT_PERIOD_MIN_NS);
	assert_int_equal(swt.rounds, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_switchtest_session, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_switchtest_injected_fault,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_switchtest_refuses_short_period, setup, teardown),
	};

	return cmocka_run_group_tests_name("switchtest_app", tests, NULL, NULL);
}
