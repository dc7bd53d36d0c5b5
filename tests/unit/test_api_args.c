// SPDX-License-Identifier: MIT
/*
 * test_api_args.c - the RT API's argument checks: handles never
 * initialised, times whose arithmetic would pass 64 bits, priorities and
 * stacks out of range each get -CK_EINVAL (or -CK_EBUSY) and change
 * nothing, and at init a console line says which argument and why; a
 * timeout already past is no error and returns at once.
 */
#include <stdio.h>
#include <string.h>
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

static struct ck_task tk;
static uint64_t stack[2 * CK_STACK_MIN / sizeof(uint64_t)];

/* The fill patterns of an object nobody initialised. */
static const int fills[] = { 0x00, 0xa5, 0xff };

static void body_nothing(void *arg)
{
	(void)arg;
}

static void sem_never_initialised(void **state)
{
	ck_sem_t s, copy;

	(void)state;
	sim_start();
	for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
		memset(&s, fills[i], sizeof(s));
		copy = s;
		assert_int_equal(ck_sem_wait(&s), -CK_EINVAL);
		assert_int_equal(ck_sem_wait_until(&s, 0), -CK_EINVAL);
		assert_int_equal(ck_sem_post(&s), -CK_EINVAL);
		assert_memory_equal(&s, &copy, sizeof(s));
	}
	assert_int_equal(ck_sem_init(NULL, 1), -CK_EINVAL);
	assert_int_equal(ck_sem_wait(NULL), -CK_EINVAL);
	assert_int_equal(ck_sem_wait_until(NULL, 0), -CK_EINVAL);
	assert_int_equal(ck_sem_post(NULL), -CK_EINVAL);
}

static ck_sem_t sem;

static void body_wait(void *arg)
{
	(void)arg;
	sim_log(ck_sem_wait(&sem));
}

/* Initialising a semaphore tasks wait on would lose them: refused. */
static void sem_reinit_with_waiters(void **state)
{
	(void)state;
	assert_int_equal(ck_sem_init(&sem, 0), 0);
	assert_int_equal(sim_task(&tk, 3, body_wait, NULL), 0);
	sim_start();
	assert_int_equal(tk.state, CK_TASK_BLOCKED);
	assert_int_equal(ck_sem_init(&sem, 3), -CK_EBUSY);
	assert_int_equal(sem.count, 0);
	assert_int_equal(ck_sem_post(&sem), 0);
	assert_log(0);
	assert_int_equal(ck_sem_init(&sem, 3), 0);   /* no waiters now */
	assert_int_equal(sem.count, 3);
}

static void cb_log_us(struct ck_timer *t)
{
	(void)t;
	sim_log((long)(sim_now() / US));
}

static void timer_never_initialised(void **state)
{
	struct ck_timer t, copy;

	(void)state;
	sim_start();
	for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
		memset(&t, fills[i], sizeof(t));
		copy = t;
		assert_int_equal(ck_timer_start(&t, 1 * MS, 0), -CK_EINVAL);
		ck_timer_stop(&t);
		assert_memory_equal(&t, &copy, sizeof(t));
	}
	ck_timer_stop(NULL);
	ck_timer_init(NULL, cb_log_us, NULL);
	sim_run_until(2 * MS);
	assert_int_equal(sim_log_len(), 0);
}

/* Re-initialising an armed timer stops it instead of corrupting the queue. */
static void timer_reinit_while_armed(void **state)
{
	struct ck_timer a, b;

	(void)state;
	sim_start();
	ck_timer_init(&a, cb_log_us, NULL);
	ck_timer_init(&b, cb_log_us, NULL);
	assert_int_equal(ck_timer_start(&a, 1 * MS, 0), 0);
	assert_int_equal(ck_timer_start(&b, 2 * MS, 0), 0);
	ck_timer_init(&a, cb_log_us, NULL);
	assert_false(a.armed);
	sim_run_until(3 * MS);
	assert_log(2000);
}

/* abs + period past 64 bits: refused; the armed timer keeps its expiry. */
static void timer_period_overflow(void **state)
{
	struct ck_timer t, copy;

	(void)state;
	sim_start();
	ck_timer_init(&t, cb_log_us, NULL);
	assert_int_equal(ck_timer_start(&t, 5 * MS, 0), 0);
	copy = t;
	assert_int_equal(ck_timer_start(&t, UINT64_MAX - 10, 1 * MS), -CK_EINVAL);
	assert_int_equal(ck_timer_start(&t, 1 * MS, UINT64_MAX), -CK_EINVAL);
	assert_memory_equal(&t, &copy, sizeof(t));
	sim_run_until(6 * MS);
	assert_log(5000);
	/* the largest sum that fits is accepted */
	assert_int_equal(ck_timer_start(&t, UINT64_MAX - 1 * MS, 1 * MS), 0);
	ck_timer_stop(&t);
}

/* A timer for a time already past runs at once (at the next tick). */
static void timer_in_the_past(void **state)
{
	struct ck_timer t;

	(void)state;
	sim_start();
	sim_run_until(5 * MS);
	ck_timer_init(&t, cb_log_us, NULL);
	assert_int_equal(ck_timer_start(&t, 1 * MS, 0), 0);
	sim_run_until(6 * MS);
	assert_log(5000);
}

/* Bad create arguments leave even a garbage-filled task object as it was;
 * a never-created object with any content is then created. */
static void task_create_changes_nothing(void **state)
{
	struct ck_task copy;
	char *base = (char *)stack;

	(void)state;
	memset(&tk, 0xa5, sizeof(tk));
	copy = tk;
	assert_int_equal(ck_task_create(&tk, "t", -1, body_nothing, NULL, stack,
					sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "t", CK_PRIO_MAX + 1, body_nothing,
					NULL, stack, sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "t", 1, NULL, NULL, stack,
					sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "t", 1, body_nothing, NULL,
					base + 4, CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "t", 1, body_nothing, NULL, stack,
					CK_STACK_MIN - 8), -CK_EINVAL);
	/* a stack that would run past the end of the address space */
	assert_int_equal(ck_task_create(&tk, "t", 1, body_nothing, NULL,
					(void *)(UINTPTR_MAX & ~(uintptr_t)7u),
					CK_STACK_MIN), -CK_EINVAL);
	assert_memory_equal(&tk, &copy, sizeof(tk));
	assert_int_equal(ck_task_create(&tk, "t", 1, body_nothing, NULL, stack,
					sizeof(stack)), 0);
	assert_int_equal(tk.state, CK_TASK_READY);
	assert_int_equal(ck_task_create(&tk, "t", 1, body_nothing, NULL, stack,
					sizeof(stack)), -CK_EBUSY);
	sim_start();
	assert_int_equal(tk.state, CK_TASK_DORMANT);
}

/* The console's lines since the last call (drained first). */
static const char *console_lines(void)
{
	console_drain();
	return sim_uart_output();
}

static int late_rc;

static void body_create_late(void *arg)
{
	late_rc = ck_task_create(&tk, "late", 1, body_nothing, NULL,
				 (char *)arg + 4, CK_STACK_MIN);
}

/* A refusal at init names the argument and what is expected, one line
 * each; an RT task's refusal prints nothing. */
static void task_create_says_why_at_init(void **state)
{
	static struct ck_task rt;
	char *base = (char *)stack;
	char want[1024];

	(void)state;
	snprintf(want, sizeof(want),
		 "[ck] task \"a\": stack 0x%08lx not 8-byte aligned (ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"b\": stack of %u bytes, at least %u expected (ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"c\": priority 64 not in 0..63 (ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"d\": no entry function (ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"(no name)\": no stack (ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"f\": stack 0x%08lx + %u bytes passes the end of the address space "
		 "(ck_task_create: -EINVAL)\r\n"
		 "[ck] task \"g\": created and not exited (ck_task_create: -EBUSY)\r\n",
		 (unsigned long)(uintptr_t)(base + 4), CK_STACK_MIN - 8, CK_STACK_MIN,
		 (unsigned long)(UINTPTR_MAX & ~(uintptr_t)7u), CK_STACK_MIN);
	assert_int_equal(ck_task_create(&tk, "a", 1, body_nothing, NULL, base + 4,
					CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "b", 1, body_nothing, NULL, stack,
					CK_STACK_MIN - 8), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "c", CK_PRIO_MAX + 1, body_nothing,
					NULL, stack, sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "d", 1, NULL, NULL, stack,
					sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, NULL, 1, body_nothing, NULL, NULL,
					sizeof(stack)), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "f", 1, body_nothing, NULL,
					(void *)(UINTPTR_MAX & ~(uintptr_t)7u),
					CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&tk, "g", 1, body_nothing, NULL, stack,
					sizeof(stack)), 0);
	assert_int_equal(ck_task_create(&tk, "g", 1, body_nothing, NULL, stack,
					sizeof(stack)), -CK_EBUSY);
	assert_string_equal(console_lines(), want);
	sim_start();
	sim_uart_clear();
	/* the task above ran and exited; an RT task's refusal is silent */
	assert_int_equal(sim_task(&rt, 3, body_create_late, stack), 0);
	sim_run_until(1 * MS);
	assert_int_equal(late_rc, -CK_EINVAL);
	assert_string_equal(console_lines(), "");
}

static void body_periodic_overflow(void *arg)
{
	(void)arg;
	sim_log(ck_task_set_periodic(UINT64_MAX - 5, 1 * MS));
	sim_log(ck_task_set_periodic(0, UINT64_MAX));
	sim_log(ck_task_wait_period());   /* still not periodic */
	sim_log(ck_task_set_periodic(ck_clock_now() + 1 * MS, 1 * MS));
	sim_log(ck_task_wait_period());
	sim_log((long)(sim_now() / US));
}

static void periodic_overflow(void **state)
{
	(void)state;
	assert_int_equal(sim_task(&tk, 3, body_periodic_overflow, NULL), 0);
	sim_start();
	sim_run_until(5 * MS);
	assert_log(-CK_EINVAL, -CK_EINVAL, -CK_EPERM, 0, 0, 1000);
}

static void body_past_timeouts(void *arg)
{
	uint64_t t0;

	(void)arg;
	sim_advance(3 * MS);
	t0 = sim_now();
	sim_log(ck_task_sleep_until(1 * MS));
	sim_log(ck_task_sleep(0));
	sim_log(ck_sem_wait_until(&sem, 2 * MS));
	sim_log((long)(sim_now() - t0));
}

/* Timeouts already past: no error, no wait. */
static void past_timeouts_return_at_once(void **state)
{
	(void)state;
	assert_int_equal(ck_sem_init(&sem, 0), 0);
	assert_int_equal(sim_task(&tk, 3, body_past_timeouts, NULL), 0);
	sim_start();
	assert_log(0, 0, -CK_EAGAIN, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(sem_never_initialised, sim_setup),
		cmocka_unit_test_setup(sem_reinit_with_waiters, sim_setup),
		cmocka_unit_test_setup(timer_never_initialised, sim_setup),
		cmocka_unit_test_setup(timer_reinit_while_armed, sim_setup),
		cmocka_unit_test_setup(timer_period_overflow, sim_setup),
		cmocka_unit_test_setup(timer_in_the_past, sim_setup),
		cmocka_unit_test_setup(task_create_changes_nothing, sim_setup),
		cmocka_unit_test_setup(task_create_says_why_at_init, sim_setup),
		cmocka_unit_test_setup(periodic_overflow, sim_setup),
		cmocka_unit_test_setup(past_timeouts_return_at_once, sim_setup),
	};

	return cmocka_run_group_tests_name("api_args", tests, NULL, NULL);
}
