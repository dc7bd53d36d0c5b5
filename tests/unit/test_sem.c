// SPDX-License-Identifier: MIT
/* test_sem.c - semaphores: counts, waiter order, timeouts, post from an RT interrupt. */
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define SEM_LINE 9u

static struct ck_task tk[4];
static ck_sem_t sem;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	ck_sem_init(&sem, 0);
	return 0;
}

static void body_counts(void *arg)
{
	(void)arg;
	sim_log(ck_sem_wait(&sem));
	sim_log(ck_sem_wait(&sem));
	sim_log(ck_sem_wait_until(&sem, 0));   /* empty: try fails at once */
	sim_log(ck_sem_post(&sem));
	sim_log((long)sem.count);
}

static void counts(void **state)
{
	(void)state;
	ck_sem_init(&sem, 2);
	sim_task(&tk[0], 1, body_counts, NULL);
	sim_start();
	assert_log(0, 0, -CK_EAGAIN, 0, 1);
	ck_sem_init(&sem, UINT32_MAX);
	assert_int_equal(ck_sem_post(&sem), -CK_EOVERFLOW);
	assert_int_equal(sem.count, UINT32_MAX);
}

/* Sleep @arg ms (to set the order of arrival), wait, log the id. */
static void body_late_waiter(void *arg)
{
	long id = (long)(intptr_t)arg;

	ck_task_sleep((uint64_t)id * MS);
	sim_log(ck_sem_wait(&sem) == 0 ? id : -id);
}

static void waiters_by_priority_then_fifo(void **state)
{
	(void)state;
	sim_task(&tk[0], 1, body_late_waiter, (void *)1);
	sim_task(&tk[1], 5, body_late_waiter, (void *)2);
	sim_task(&tk[2], 3, body_late_waiter, (void *)3);
	sim_task(&tk[3], 5, body_late_waiter, (void *)4);
	sim_start();
	sim_run_until(10 * MS);
	assert_int_equal(sim_log_len(), 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(ck_sem_post(&sem), 0);   /* each wakes one */
	assert_log(2, 4, 3, 1);
	assert_int_equal(sem.count, 0);
}

static void body_timed(void *arg)
{
	(void)arg;
	sim_log(ck_sem_wait_until(&sem, ck_clock_now() + 2 * MS));
	sim_log((long)(sim_now() / US));
}

static void timeout(void **state)
{
	(void)state;
	sim_task(&tk[0], 4, body_timed, NULL);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(-CK_ETIMEDOUT, 2000);
	/* the timed-out waiter left the queue: a post now only counts */
	assert_int_equal(ck_sem_post(&sem), 0);
	assert_int_equal(sem.count, 1);
	assert_false(tk[0].wake_timer.armed);
}

static enum ck_irq_ret post_handler(unsigned int line, void *arg)
{
	sim_irq_clear(line);
	ck_sem_post(arg);
	return CK_IRQ_HANDLED;
}

static void post_from_irq_before_timeout(void **state)
{
	(void)state;
	ck_irq_attach(SEM_LINE, post_handler, &sem);
	sim_task(&tk[0], 4, body_timed, NULL);
	sim_start();
	sim_run_until(1 * MS);
	sim_irq_raise(SEM_LINE);   /* the waiter runs at once, from root */
	assert_log(0, 1000);
	assert_false(tk[0].wake_timer.armed);
	sim_run_until(10 * MS);
	assert_int_equal(sim_log_len(), 2);   /* no late second wake-up */
	assert_int_equal(sem.count, 0);
}

static void body_wait_log(void *arg)
{
	sim_log(ck_sem_wait(&sem) == 0 ? (long)(intptr_t)arg : -1);
	sim_log((long)(sim_now() / US));
}

static void body_spin(void *arg)
{
	(void)arg;
	sim_run_until(5 * MS);
	sim_log(99);
}

static void cb_post(struct ck_timer *t)
{
	ck_sem_post(t->arg);
}

/* A post in RT interrupt context (a timer callback) preempts a busy low task. */
static void post_from_irq_preempts_task(void **state)
{
	static struct ck_timer tm;

	(void)state;
	sim_task(&tk[0], 9, body_wait_log, (void *)7);
	sim_task(&tk[1], 2, body_spin, NULL);
	ck_timer_init(&tm, cb_post, &sem);
	ck_timer_start(&tm, 1 * MS, 0);
	sim_start();   /* returns when the spinner is done */
	assert_log(7, 1000, 99);
	assert_int_equal(tk[1].switches, 2);
}

static void wait_deadline_in_past(void **state)
{
	(void)state;
	sim_task(&tk[0], 4, body_timed, NULL);
	sim_start();
	sim_run_until(3 * MS);
	assert_log(-CK_ETIMEDOUT, 2000);
	assert_int_equal(ck_sem_wait_until(&sem, 1 * MS), -CK_EAGAIN);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(counts, setup),
		cmocka_unit_test_setup(waiters_by_priority_then_fifo, setup),
		cmocka_unit_test_setup(timeout, setup),
		cmocka_unit_test_setup(post_from_irq_before_timeout, setup),
		cmocka_unit_test_setup(post_from_irq_preempts_task, setup),
		cmocka_unit_test_setup(wait_deadline_in_past, setup),
	};

	return cmocka_run_group_tests_name("sem", tests, NULL, NULL);
}
