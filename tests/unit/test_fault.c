// SPDX-License-Identifier: MIT
/*
 * test_fault.c - RT fault containment on the host sim: the watchdog
 * suspends the RT task that keeps the root context out beyond the budget
 * and spares one that lets it run, a broken stack canary suspends its
 * task, and both are counted in the fault record Linux reads.
 */
#include "sim_test.h"
#include <ck/fault.h>

#define MS CK_NS_PER_MS

static struct ck_task tk[2];
static struct ck_timer pacer;

/* A periodic RT timer, so RT interrupts come as they do with a periodic
 * task running (the latency app), not only at the 1 s idle re-arm. */
static void pacer_fn(struct ck_timer *t)
{
	(void)t;
}

static void start_pacer(void)
{
	ck_timer_init(&pacer, pacer_fn, NULL);
	assert_int_equal(ck_timer_start(&pacer, 10 * MS, 10 * MS), 0);
}

/* Spins 3 s (the test would hang if it spun for ever unwatched). */
static void body_spin(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3000; i++)
		sim_advance(1 * MS);
	sim_log(99);
}

static void watchdog_suspends_a_runaway_task(void **state)
{
	(void)state;
	assert_int_equal(ck_watchdog_set_budget(100 * MS), 0);
	start_pacer();
	assert_int_equal(sim_task(&tk[0], 5, body_spin, NULL), 0);
	sim_start();   /* returns once the root runs again */
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
	assert_true(sim_now() >= 100 * MS);
	assert_true(sim_now() <= 100 * MS + CK_WATCHDOG_TICK_NS + 10 * MS);
	assert_int_equal(fault_record()->count[CK_FAULT_WATCHDOG], 1);
	assert_int_equal(fault_record()->kind, CK_FAULT_WATCHDOG);
	assert_string_equal(fault_record()->task, "sim");
	assert_true(fault_record()->addr >= 100);   /* ms without the root */
	assert_int_equal(fault_record()->seq % 2, 0);
}

/* Busy 60 ms of every 70: Linux runs 10 ms in each, so never 100 ms out. */
static void body_busy_then_sleep(void *arg)
{
	(void)arg;
	for (int i = 0; i < 20; i++) {
		sim_advance(60 * MS);
		ck_task_sleep(10 * MS);
	}
	sim_log(1);
}

static void watchdog_spares_a_task_that_lets_linux_run(void **state)
{
	(void)state;
	assert_int_equal(ck_watchdog_set_budget(100 * MS), 0);
	start_pacer();
	assert_int_equal(sim_task(&tk[0], 5, body_busy_then_sleep, NULL), 0);
	sim_start();
	sim_run_until(2 * CK_NS_PER_S);
	assert_log(1);
	assert_int_equal(fault_record()->faults, 0);
}

static void watchdog_budget_is_checked(void **state)
{
	(void)state;
	assert_int_equal(ck_watchdog_set_budget(CK_WATCHDOG_TICK_NS - 1), -CK_EINVAL);
	assert_int_equal(ck_watchdog_set_budget(10 * CK_NS_PER_S + 1), -CK_EINVAL);
	assert_int_equal(ck_watchdog_set_budget(200 * MS), 0);
	assert_int_equal(fault_record()->watchdog_budget_us, 200000);
}

static void body_sleep_long(void *arg)
{
	(void)arg;
	ck_task_sleep(10 * CK_NS_PER_S);
	sim_log(2);   /* never: suspended before */
}

static void broken_canary_suspends_its_task(void **state)
{
	(void)state;
	assert_int_equal(ck_watchdog_set_budget(100 * MS), 0);
	start_pacer();
	assert_int_equal(sim_task(&tk[0], 5, body_sleep_long, NULL), 0);
	sim_start();
	assert_int_equal(tk[0].state, CK_TASK_BLOCKED);
	*(volatile uint32_t *)tk[0].stack = 0;   /* what an overflow does */
	sim_run_until(100 * MS);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
	assert_int_equal(fault_record()->count[CK_FAULT_STACK], 1);
	assert_int_equal(fault_record()->addr, (uint32_t)(uintptr_t)tk[0].stack);
	sim_run_until(11 * CK_NS_PER_S);   /* its wake timer is gone too */
	assert_int_equal(sim_log_len(), 0);
}

static int hook_calls;

static void hook(void)
{
	hook_calls++;
}

static void slow_hook_runs_every_tick(void **state)
{
	(void)state;
	hook_calls = 0;
	assert_int_equal(ck_watchdog_hook(hook), 0);
	start_pacer();
	sim_start();
	sim_run_until(1000 * MS);
	/* ticks every 25 ms, each at the first RT interrupt after it is due */
	assert_true(hook_calls >= 1000 / 25 - 2);
	assert_true(hook_calls <= 1000 / 25);
}

static bool hook_fault_armed;
static bool hook_fault_ran;
static struct ck_task *hook_fault_next;

/* A hook that faults: the arch's fault entry hands the fault to
 * fault_task() with the sleeping task current. */
static void hook_fault(void)
{
	if (!hook_fault_armed)
		return;
	hook_fault_armed = false;
	hook_fault_ran = true;
	hook_fault_next = fault_task(CK_FAULT_PROGRAM, 0x1000, 0x1000, 0);
}

static void body_work_then_sleep(void *arg)
{
	(void)arg;
	sim_advance(30 * MS);      /* past the first tick (25 ms) */
	ck_task_sleep(10 * MS);    /* the tick runs here, the task current */
	sim_log(3);
}

/* A fault in the watchdog tick a sleeping task runs is the RT class's own
 * (ck_core.in_irq), not the task's: fault_task() refuses it (the arch
 * then stops with its fatal report) and the task goes on. */
static void fault_in_the_tick_is_no_task_fault(void **state)
{
	(void)state;
	hook_fault_armed = true;
	hook_fault_ran = false;
	hook_fault_next = &tk[1];
	assert_int_equal(ck_watchdog_hook(hook_fault), 0);
	assert_int_equal(sim_task(&tk[0], 5, body_work_then_sleep, NULL), 0);
	sim_start();
	sim_run_until(100 * MS);
	assert_true(hook_fault_ran);
	assert_null(hook_fault_next);
	assert_log(3);
	assert_int_equal(fault_record()->faults, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(watchdog_suspends_a_runaway_task, sim_setup),
		cmocka_unit_test_setup(watchdog_spares_a_task_that_lets_linux_run, sim_setup),
		cmocka_unit_test_setup(watchdog_budget_is_checked, sim_setup),
		cmocka_unit_test_setup(broken_canary_suspends_its_task, sim_setup),
		cmocka_unit_test_setup(slow_hook_runs_every_tick, sim_setup),
		cmocka_unit_test_setup(fault_in_the_tick_is_no_task_fault, sim_setup),
	};

	return cmocka_run_group_tests_name("fault", tests, NULL, NULL);
}
