// SPDX-License-Identifier: MIT
/*
 * test_sync_apps.c - the syncbench and rtmix apps on the sim arch:
 * syncbench's boot run (every figure sampled SYB_ROUNDS times, the owner
 * boosted in every handover round, the state block); rtmix started and
 * ended through its channels (a run's counts, its end, a second run from
 * zero, refused commands) and its inheritance sampler, which must catch
 * a mutex without inheritance. On the sim a spin passes time without interrupts, so no
 * task is preempted inside a critical section: the paths that need it are
 * the QEMU test's (tests/qemu/test_rtmix.py).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_sync.h"

/* The apps are built into this test as they are into the image. */
#include "../../cokernel/apps/rtmix.c"
#include "../../cokernel/apps/syncbench.c"

#define REGION CK_IPC_REGION_BYTES_DEFAULT
#define MS 1000000ull

static void *region;
static struct ck_ipc_chan ctl, state;
static struct ck_timer other_rt; /* the board's other RT activity */

/* The watchdog's ticks, where rtmix takes its commands, ride on RT
 * interrupts and sleeps; on a board the latency app's stopped loop polls
 * every 10 ms: this timer does the same. */
static void other_rt_fn(struct ck_timer *t)
{
	(void)t;
}

static int setup(void **st)
{
	(void)st;
	sim_boot(NULL);
	memset(&syncbench, 0, sizeof(syncbench));
	memset(&mix, 0, sizeof(mix));
	assert_int_equal(posix_memalign(&region, 8, REGION), 0);
	memset(region, 0, REGION);
	assert_int_equal(ck_shm_init(region, REGION), 0);
	return 0;
}

static int teardown(void **st)
{
	(void)st;
	free(region);
	return 0;
}

static void test_syncbench(void **st)
{
	struct ck_ipc_chan ch;
	struct ck_syb_result r;
	uint32_t f;

	(void)st;
	assert_int_equal(syncbench_init(), 0);
	sim_start();
	sim_run_until(50 * MS);
	assert_int_equal(ck_ipc_open(region, REGION, CK_SYB_STATE,
				     CK_IPC_SIDE_LINUX, &ch),
			 0);
	assert_int_equal(ck_ipc_state_read(region, &ch, &r, sizeof(r)),
			 (int)sizeof(r));
	assert_int_equal(r.runs, 1);
	assert_int_equal(r.rounds, SYB_ROUNDS);
	assert_int_equal(r.prio, CK_SYB_PRIO_LOW);
	assert_int_equal(r.pi_boosts, SYB_ROUNDS);
	for (f = 0; f < CK_SYB_NR_FIGS; f++) {
		assert_int_equal(r.fig[f].samples, SYB_ROUNDS);
		assert_true(r.fig[f].min_ns <= r.fig[f].avg_ns);
		assert_true(r.fig[f].avg_ns <= r.fig[f].max_ns);
	}
	/* the helpers exited, the driver returned */
	assert_int_equal(syncbench.waiter.state, CK_TASK_DORMANT);
	assert_int_equal(syncbench.medium.state, CK_TASK_DORMANT);
	assert_int_equal(syncbench.driver.state, CK_TASK_DORMANT);
	assert_null(syncbench.mutex.owner);
}

static void mix_boot(void)
{
	assert_int_equal(rtmix_init(), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_MIX_CTL,
				     CK_IPC_SIDE_LINUX, &ctl),
			 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_MIX_STATE,
				     CK_IPC_SIDE_LINUX, &state),
			 0);
	ck_timer_init(&other_rt, other_rt_fn, NULL);
	sim_start();
	assert_int_equal(ck_timer_start(&other_rt, 10 * MS, 10 * MS), 0);
	sim_run_until(50 * MS);
	assert_int_equal(mix.parked, MIX_NR_WORKERS);
}

static void cmd_send(uint32_t cmd, uint32_t session, uint32_t run_ms)
{
	struct ck_mix_cmd c = { .cmd = cmd,
				.session = session,
				.run_ms = run_ms };

	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
}

static void mix_read(struct ck_mix_state *s)
{
	assert_int_equal(ck_ipc_state_read(region, &state, s, sizeof(*s)),
			 (int)sizeof(*s));
}

static void test_rtmix_runs(void **st)
{
	struct ck_mix_state s;
	uint32_t i;

	(void)st;
	mix_boot();
	assert_int_equal(ck_ipc_state_read(region, &state, &s, sizeof(s)),
			 -CK_EAGAIN); /* nothing before a START */
	cmd_send(CK_MIX_CMD_START, 0x51, 300);
	sim_run_until(sim_now() + 150 * MS);
	mix_read(&s);
	assert_int_equal(s.session, 0x51);
	assert_int_equal(s.phase, CK_MIX_RUNNING);
	sim_run_until(sim_now() + 300 * MS);
	mix_read(&s);
	if (getenv("CK_TEST_VERBOSE"))
		for (i = 0; i < CK_MIX_NR_COUNTERS; i++)
			fprintf(stderr, "%s %u\n", ck_mix_counter_name(i),
				s.count[i]);
	assert_int_equal(s.phase, CK_MIX_DONE);
	assert_int_equal(s.violations, 0);
	assert_string_equal(s.first, "");
	assert_true(s.count[CK_MIX_PERIODS] >= 299 &&
		    s.count[CK_MIX_PERIODS] <= 301);
	assert_true(s.count[CK_MIX_NESTED] > 0);
	assert_true(s.count[CK_MIX_Q_FULL_WAITS] > 0);
	assert_true(s.count[CK_MIX_Q_RECEIVED] > 0);
	assert_true(s.count[CK_MIX_Q_SENT] - s.count[CK_MIX_Q_RECEIVED] <=
		    MIX_QUEUE_SLOTS);
	assert_true(s.count[CK_MIX_EV_ANY] > 0 && s.count[CK_MIX_EV_ALL] > 0);
	assert_true(s.count[CK_MIX_EV_TIMEOUTS] > 0);
	assert_int_equal(mix.parked, MIX_NR_WORKERS);
	for (i = 0; i < MIX_NR_MUTEXES; i++)
		assert_null(mix.mutex[i].owner);
	assert_false(mix.sampler.armed);

	/* a second run: from zero, the leftover messages dropped */
	cmd_send(CK_MIX_CMD_START, 0x52, 100);
	sim_run_until(sim_now() + 250 * MS);
	mix_read(&s);
	assert_int_equal(s.session, 0x52);
	assert_int_equal(s.phase, CK_MIX_DONE);
	assert_int_equal(s.violations, 0);
	assert_true(s.count[CK_MIX_PERIODS] >= 99 &&
		    s.count[CK_MIX_PERIODS] <= 101);
}

static void test_rtmix_stop_and_refusals(void **st)
{
	struct ck_mix_state s;
	struct ck_ipc_info info;

	(void)st;
	mix_boot();
	cmd_send(CK_MIX_CMD_START, 7, 0); /* too short */
	cmd_send(CK_MIX_CMD_START, 7, CK_MIX_RUN_MAX_MS + 1u); /* too long */
	cmd_send(9, 7, 100); /* no command */
	sim_run_until(sim_now() + 150 * MS);
	assert_int_equal(ck_ipc_state_read(region, &state, &s, sizeof(s)),
			 -CK_EAGAIN);
	assert_int_equal(ck_ipc_info(region, REGION, ctl.idx, &info), 0);
	assert_int_equal(info.invalid, 3);

	cmd_send(CK_MIX_CMD_START, 8, 60000);
	sim_run_until(sim_now() + 100 * MS);
	cmd_send(CK_MIX_CMD_STOP, 8, 0);
	sim_run_until(sim_now() + 200 * MS);
	mix_read(&s);
	assert_int_equal(s.phase, CK_MIX_DONE);
	assert_true(s.elapsed_ms < 300);
	assert_int_equal(s.violations, 0);
}

/* The sampler on a mutex held by a low task and waited for by a high one:
 * with inheritance one pair checked and nothing wrong; without (the
 * mutex made CK_MUTEX_NO_PI, inheritance broken on purpose) the waiter
 * found above the owner, counted and put in words. */
static struct ck_task pi_tasks[2];

static void pi_low(void *arg)
{
	(void)arg;
	(void)ck_mutex_lock(&mix.mutex[MIX_A]);
	(void)ck_task_sleep(10 * MS);
	(void)ck_mutex_unlock(&mix.mutex[MIX_A]);
}

static void pi_high(void *arg)
{
	(void)arg;
	(void)ck_task_sleep(1 * MS);
	if (ck_mutex_lock_until(&mix.mutex[MIX_A], ck_deadline_in(20 * MS)) ==
	    0)
		(void)ck_mutex_unlock(&mix.mutex[MIX_A]);
}

static void sample_one_waiter(uint32_t flags)
{
	assert_int_equal(ck_mutex_init(&mix.mutex[MIX_A], flags, 0), 0);
	assert_int_equal(sim_task(&pi_tasks[0], 2, pi_low, NULL), 0);
	assert_int_equal(sim_task(&pi_tasks[1], 9, pi_high, NULL), 0);
	sim_start();
	sim_run_until(2 * MS); /* the high task waits, the low one sleeps */
	assert_ptr_equal(mix.mutex[MIX_A].owner, &pi_tasks[0]);
	mix_check_inheritance(&mix.sampler);
	assert_int_equal(mix.st.count[CK_MIX_PI_SAMPLES], 1);
	sim_run_until(20 * MS);
}

static void test_rtmix_sampler_with_inheritance(void **st)
{
	(void)st;
	sample_one_waiter(0);
	assert_int_equal(mix.st.count[CK_MIX_V_INHERIT], 0);
	assert_int_equal(mix.st.violations, 0);
}

static void test_rtmix_sampler_catches_no_inheritance(void **st)
{
	(void)st;
	sample_one_waiter(CK_MUTEX_NO_PI);
	assert_int_equal(mix.st.count[CK_MIX_V_INHERIT], 1);
	assert_int_equal(mix.st.violations, 1);
	assert_string_equal(mix.st.first, "v_inherit: sampler sim exp 9 got 2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_syncbench, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rtmix_runs, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rtmix_stop_and_refusals,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_rtmix_sampler_with_inheritance, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_rtmix_sampler_catches_no_inheritance, setup,
			teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
