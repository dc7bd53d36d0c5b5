// SPDX-License-Identifier: MIT
/* test_periodic.c - periodic release: on time, overruns, the 1.5-period field case. */
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define START (10 * MS)
#define PERIOD (1 * MS)

static struct ck_task tk[2];

/* Per job: how long it stays busy (ns), indexed by job number. */
static uint64_t busy_ns[8];
static size_t nr_jobs;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	for (size_t i = 0; i < 8; i++)
		busy_ns[i] = 0;
	return 0;
}

/*
 * Waits for @nr_jobs releases from START; logs, per release, the wake time
 * (us) and what ck_task_wait_period() returned, then runs busy_ns[job].
 */
static void body_periodic(void *arg)
{
	(void)arg;
	sim_log(ck_task_set_periodic(START, PERIOD));
	for (size_t job = 0; job < nr_jobs; job++) {
		long missed = ck_task_wait_period();

		sim_log((long)(sim_now() / US));
		sim_log(missed);
		sim_advance(busy_ns[job]);
	}
}

static void run_jobs(size_t n)
{
	nr_jobs = n;
	sim_task(&tk[0], 20, body_periodic, NULL);
	sim_start();
	sim_run_until(START + 20 * PERIOD);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
}

/* The field case: one job runs 1.5 periods. */
static void overrun_by_one_and_a_half(void **state)
{
	(void)state;
	busy_ns[1] = PERIOD + PERIOD / 2;   /* job released at START + P */
	run_jobs(5);
	assert_log(0,
		   10000, 0,    /* START */
		   11000, 0,    /* START + P, runs to START + 2.5 P */
		   13000, 1,    /* START + 2P passed while busy: 1 overrun */
		   14000, 0,
		   15000, 0);
	assert_int_equal(tk[0].overruns_total, 1);
}

/* 1.5 periods from the very first release: released at START + 2P. */
static void field_case_first_job(void **state)
{
	(void)state;
	busy_ns[0] = PERIOD + PERIOD / 2;
	run_jobs(3);
	assert_log(0, 10000, 0, 12000, 1, 13000, 0);
	assert_int_equal(tk[0].overruns_total, 1);
}

static void several_missed(void **state)
{
	(void)state;
	busy_ns[0] = 3 * PERIOD + PERIOD / 5;   /* to START + 3.2P */
	busy_ns[1] = 2 * PERIOD - 1;            /* to START + 6P - 1 ns */
	run_jobs(4);
	assert_log(0,
		   10000, 0,
		   14000, 3,    /* +1, +2, +3 missed; released at +4P */
		   16000, 1,    /* +5 missed; +6 still ahead (1 ns) */
		   17000, 0);
	assert_int_equal(tk[0].overruns_total, 4);
}

/*
 * Busy to exactly a release point: the one reached is due (released at
 * once, not an overrun); only those strictly before now are missed.
 */
static void busy_to_a_boundary(void **state)
{
	(void)state;
	busy_ns[0] = 2 * PERIOD;
	busy_ns[1] = PERIOD;
	busy_ns[2] = PERIOD;
	run_jobs(4);
	assert_log(0, 10000, 0, 12000, 1, 13000, 0, 14000, 0);
	assert_int_equal(tk[0].overruns_total, 1);
}

static void on_time(void **state)
{
	(void)state;
	for (size_t i = 0; i < 8; i++)
		busy_ns[i] = PERIOD - 1;   /* tight but never late */
	run_jobs(8);
	assert_int_equal(sim_log_len(), 1 + 2 * 8);
	for (size_t k = 0; k < 8; k++) {
		assert_int_equal(sim_log_at(1 + 2 * k), 10000 + 1000 * (long)k);
		assert_int_equal(sim_log_at(2 + 2 * k), 0);
	}
	assert_int_equal(tk[0].overruns_total, 0);
}

static void body_start_now(void *arg)
{
	(void)arg;
	sim_advance(123 * US);
	ck_task_set_periodic(0, PERIOD);
	sim_log(ck_task_wait_period());
	sim_log((long)(sim_now() / US));
}

/* start 0: first release one period from now. */
static void start_zero_means_now_plus_period(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_start_now, NULL);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(0, 1123);
}

static void body_hog(void *arg)
{
	(void)arg;
	sim_log(-1);
	sim_run_until(START + 2 * PERIOD + PERIOD / 2);   /* preempted 3 times */
	sim_log(-2);
}

/* A more urgent periodic task preempts a busy low task at each release. */
static void preempts_lower_task(void **state)
{
	(void)state;
	nr_jobs = 3;
	sim_task(&tk[0], 20, body_periodic, NULL);
	sim_task(&tk[1], 1, body_hog, NULL);
	sim_start();   /* returns once both are done */
	assert_log(0, -1, 10000, 0, 11000, 0, 12000, 0, -2);
	assert_int_equal(sim_now(), START + 2 * PERIOD + PERIOD / 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(overrun_by_one_and_a_half, setup),
		cmocka_unit_test_setup(field_case_first_job, setup),
		cmocka_unit_test_setup(several_missed, setup),
		cmocka_unit_test_setup(busy_to_a_boundary, setup),
		cmocka_unit_test_setup(on_time, setup),
		cmocka_unit_test_setup(start_zero_means_now_plus_period, setup),
		cmocka_unit_test_setup(preempts_lower_task, setup),
	};

	return cmocka_run_group_tests_name("periodic", tests, NULL, NULL);
}
