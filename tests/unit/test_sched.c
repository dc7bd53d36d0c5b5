// SPDX-License-Identifier: MIT
/* test_sched.c - scheduler: priority order, FIFO, preemption, create/exit, RT lines. */
#include "sim_test.h"

#define TEST_LINE 7u

static struct ck_task tk[6];
static ck_sem_t sem;

static void body_log(void *arg)
{
	sim_log((long)(intptr_t)arg);
}

static void priority_order(void **state)
{
	(void)state;
	assert_int_equal(sim_task(&tk[0], 1, body_log, (void *)1), 0);
	assert_int_equal(sim_task(&tk[1], 5, body_log, (void *)5), 0);
	assert_int_equal(sim_task(&tk[2], 3, body_log, (void *)3), 0);
	assert_int_equal(sim_task(&tk[3], 63, body_log, (void *)63), 0);
	assert_int_equal(sim_task(&tk[4], 0, body_log, (void *)0), 0);
	assert_int_equal(sim_log_len(), 0);   /* nothing runs before ck_start */
	sim_start();
	assert_log(63, 5, 3, 1, 0);
	assert_null(ck_task_self());
	for (int i = 0; i < 5; i++)
		assert_int_equal(tk[i].state, CK_TASK_DORMANT);
}

static void body_yield(void *arg)
{
	long id = (long)(intptr_t)arg;

	sim_log(id);
	ck_task_yield();
	sim_log(id + 1);
}

static void fifo_within_level(void **state)
{
	(void)state;
	sim_task(&tk[0], 2, body_log, (void *)1);
	sim_task(&tk[1], 2, body_log, (void *)2);
	sim_task(&tk[2], 2, body_yield, (void *)10);
	sim_task(&tk[3], 2, body_yield, (void *)20);
	sim_task(&tk[4], 2, body_log, (void *)3);
	sim_start();
	assert_log(1, 2, 10, 20, 3, 11, 21);
}

static enum ck_irq_ret line_handler(unsigned int line, void *arg)
{
	sim_irq_clear(line);
	sim_log(100);
	ck_sem_post(arg);
	return CK_IRQ_HANDLED;
}

static void body_wait_sem(void *arg)
{
	(void)arg;
	sim_log(ck_sem_wait(&sem) == 0 ? 2 : -2);
}

static void body_raise(void *arg)
{
	(void)arg;
	sim_log(1);
	sim_irq_raise(TEST_LINE);   /* wakes the high task: preempted here */
	sim_log(3);
}

static void preempt_on_irq_wakeup(void **state)
{
	(void)state;
	ck_sem_init(&sem, 0);
	assert_int_equal(ck_irq_attach(TEST_LINE, line_handler, &sem), 0);
	sim_task(&tk[0], 10, body_wait_sem, NULL);
	sim_task(&tk[1], 1, body_raise, NULL);
	sim_start();
	assert_log(1, 100, 2, 3);
	assert_int_equal(sim_irq_count(), 1);
	/* tk[1] was switched in twice: at start and after the preemption */
	assert_int_equal(tk[1].switches, 2);
	assert_int_equal(tk[0].switches, 2);
}

static void body_creator(void *arg)
{
	(void)arg;
	sim_log(1);
	sim_task(&tk[1], 5, body_log, (void *)2);   /* more urgent: runs now */
	sim_log(3);
	sim_task(&tk[2], 1, body_log, (void *)5);   /* less urgent: waits */
	sim_log(4);
}

static void create_from_task(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_creator, NULL);
	sim_start();
	assert_log(1, 2, 3, 4, 5);
}

static void create_errors(void **state)
{
	static uint64_t stack[CK_STACK_MIN / 8 + 1];
	struct ck_task t = { 0 };

	(void)state;
	assert_int_equal(ck_task_create(&t, "x", -1, body_log, NULL, stack,
					CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&t, "x", CK_NR_PRIO, body_log, NULL,
					stack, CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&t, "x", 1, NULL, NULL, stack,
					CK_STACK_MIN), -CK_EINVAL);
	assert_int_equal(ck_task_create(&t, "x", 1, body_log, NULL, stack,
					CK_STACK_MIN - 1), -CK_EINVAL);
	assert_int_equal(ck_task_create(&t, "x", 1, body_log, NULL,
					(char *)stack + 4, CK_STACK_MIN),
			 -CK_EINVAL);
	assert_int_equal(ck_task_create(&t, "x", 1, body_log, NULL, stack,
					CK_STACK_MIN), 0);
	assert_int_equal(ck_task_create(&t, "x", 1, body_log, NULL, stack,
					CK_STACK_MIN), -CK_EBUSY);
	sim_start();
	/* after exit the object can be reused */
	assert_int_equal(t.state, CK_TASK_DORMANT);
	assert_int_equal(ck_task_create(&t, "x", 1, body_log, (void *)7, stack,
					CK_STACK_MIN), 0);
	assert_log(0, 7);
}

static void body_sleep(void *arg)
{
	long ms = (long)(intptr_t)arg;

	sim_log(ck_task_sleep(ms * CK_NS_PER_MS) == 0 ? ms : -ms);
	sim_log((long)(sim_now() / CK_NS_PER_US));
}

static void sleep_wakes_by_time(void **state)
{
	(void)state;
	sim_task(&tk[0], 9, body_sleep, (void *)30);
	sim_task(&tk[1], 1, body_sleep, (void *)10);
	sim_task(&tk[2], 5, body_sleep, (void *)20);
	sim_start();
	assert_int_equal(sim_log_len(), 0);
	sim_run_until(100 * CK_NS_PER_MS);
	assert_log(10, 10000, 20, 20000, 30, 30000);
}

static volatile int exit_now = 1;   /* hides the dead code from checkers */

static void body_exit_early(void *arg)
{
	(void)arg;
	sim_log(1);
	if (exit_now)
		ck_task_exit();
	sim_log(-1);   /* not reached */
}

static void exit_does_not_return(void **state)
{
	(void)state;
	sim_task(&tk[0], 4, body_exit_early, NULL);
	sim_task(&tk[1], 2, body_log, (void *)2);
	sim_start();
	assert_log(1, 2);
}

static enum ck_irq_ret dummy_handler(unsigned int line, void *arg)
{
	(void)line;
	(void)arg;
	return CK_IRQ_HANDLED;
}

static void irq_attach_rules(void **state)
{
	(void)state;
	assert_int_equal(ck_irq_attach(SIM_NR_LINES, dummy_handler, NULL),
			 -CK_EINVAL);
	assert_int_equal(ck_irq_attach(3, NULL, NULL), -CK_EINVAL);
	assert_int_equal(ck_irq_attach(SIM_TIMER_LINE, dummy_handler, NULL),
			 -CK_EBUSY);
	assert_false(sim_pic_routed_rt(3));
	assert_int_equal(ck_irq_attach(3, dummy_handler, NULL), 0);
	assert_true(sim_pic_routed_rt(3));
	assert_true(sim_pic_unmasked(3));
	assert_int_equal(ck_irq_attach(3, dummy_handler, NULL), -CK_EBUSY);
	sim_start();
	assert_true(sim_pic_routed_rt(SIM_TIMER_LINE));
	assert_true(sim_pic_unmasked(SIM_TIMER_LINE));
}

static void root_context_rules(void **state)
{
	(void)state;
	sim_start();
	assert_null(ck_task_self());
	assert_int_equal(ck_task_sleep(1000), -CK_EPERM);
	assert_int_equal(ck_task_wait_period(), -CK_EPERM);
	assert_int_equal(ck_task_set_periodic(0, 1000), -CK_EINVAL);
	ck_sem_init(&sem, 0);
	assert_int_equal(ck_sem_wait(&sem), -CK_EAGAIN);   /* root never blocks */
	ck_task_yield();   /* no effect in root */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(priority_order, sim_setup),
		cmocka_unit_test_setup(fifo_within_level, sim_setup),
		cmocka_unit_test_setup(preempt_on_irq_wakeup, sim_setup),
		cmocka_unit_test_setup(create_from_task, sim_setup),
		cmocka_unit_test_setup(create_errors, sim_setup),
		cmocka_unit_test_setup(sleep_wakes_by_time, sim_setup),
		cmocka_unit_test_setup(exit_does_not_return, sim_setup),
		cmocka_unit_test_setup(irq_attach_rules, sim_setup),
		cmocka_unit_test_setup(root_context_rules, sim_setup),
	};

	return cmocka_run_group_tests_name("sched", tests, NULL, NULL);
}
