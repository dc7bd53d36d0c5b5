// SPDX-License-Identifier: MIT
/*
 * test_rt_context.c - the blocking calls from RT interrupt context (timer
 * callbacks, attached handlers) are refused with -CK_EPERM, whoever was
 * interrupted, and leave the interrupted task and the semaphore alone.
 */
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define RT_LINE 9u

static struct ck_task busy;
static struct ck_timer tm;
static ck_sem_t sem;

/* Every blocking call, from the interrupt; then a non-blocking try. */
static void try_blocking_calls(void)
{
	uint64_t now = ck_clock_now();

	sim_log(ck_sem_wait(&sem));
	sim_log(ck_sem_wait_until(&sem, now + 1 * MS));
	sim_log(ck_task_sleep(1 * US));
	sim_log(ck_task_sleep_until(now + 1 * US));
	sim_log(ck_task_wait_period());
	sim_log(ck_task_self() == NULL);
	ck_task_yield();
	sim_log((long)sem.count);
	sim_log(ck_sem_wait_until(&sem, 0));   /* a try is no wait */
	sim_log(ck_sem_wait_until(&sem, 0));
}

#define REFUSED -CK_EPERM, -CK_EPERM, -CK_EPERM, -CK_EPERM, -CK_EPERM, 1, 1, \
		0, -CK_EAGAIN

static void cb_try(struct ck_timer *t)
{
	(void)t;
	try_blocking_calls();
}

static enum ck_irq_ret handler_try(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	try_blocking_calls();
	return CK_IRQ_HANDLED;
}

/* A periodic task busy for 3 ms (interrupted meanwhile; with @arg, by the
 * RT line it raises at 1 ms), then it logs that it ran on and was not
 * blocked or made to wait. */
static void body_busy(void *arg)
{
	ck_task_set_periodic(0, 10 * MS);
	sim_advance(1 * MS);
	if (arg)
		sim_irq_raise(RT_LINE);
	sim_advance(2 * MS);
	sim_log(100 + busy.state);
	sim_log((long)(sim_now() / US));
}

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	ck_sem_init(&sem, 1);
	ck_timer_init(&tm, cb_try, NULL);
	return 0;
}

static void timer_callback_over_task(void **state)
{
	(void)state;
	assert_int_equal(sim_task(&busy, 5, body_busy, NULL), 0);
	assert_int_equal(ck_timer_start(&tm, 1 * MS, 0), 0);
	sim_start();   /* the task runs, interrupted at 1 ms */
	assert_log(REFUSED, 100 + CK_TASK_READY, 3000);
	assert_int_equal(busy.overruns_total, 0);
	assert_false(busy.wake_timer.armed);
}

static void timer_callback_over_root(void **state)
{
	(void)state;
	assert_int_equal(ck_timer_start(&tm, 1 * MS, 0), 0);
	sim_start();
	sim_run_until(2 * MS);
	assert_log(REFUSED);
}

static void handler_over_task(void **state)
{
	(void)state;
	assert_int_equal(ck_irq_attach(RT_LINE, handler_try, NULL), 0);
	assert_int_equal(sim_task(&busy, 5, body_busy, (void *)1), 0);
	sim_start();
	assert_log(REFUSED, 100 + CK_TASK_READY, 3000);
	assert_int_equal(busy.overruns_total, 0);
}

static void handler_over_root(void **state)
{
	(void)state;
	assert_int_equal(ck_irq_attach(RT_LINE, handler_try, NULL), 0);
	sim_start();
	sim_irq_raise(RT_LINE);
	assert_log(REFUSED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(timer_callback_over_task, setup),
		cmocka_unit_test_setup(timer_callback_over_root, setup),
		cmocka_unit_test_setup(handler_over_task, setup),
		cmocka_unit_test_setup(handler_over_root, setup),
	};

	return cmocka_run_group_tests_name("rt_context", tests, NULL, NULL);
}
