// SPDX-License-Identifier: MIT
/*
 * test_task_ctl.c - task control on the host sim: priority changes (a
 * ready task, a waiting one, one owed more by a mutex), suspend/resume
 * (nesting, held across a wait, the caller itself), delete (of a waiter,
 * of a mutex owner, with joiners), join with a timeout, another task's
 * period, and ck_task_info()'s figures.
 */
#include <string.h>
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

static struct ck_task tk[4];
static ck_mutex_t mx;
static ck_sem_t sem;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	mx.magic = 0;
	sem.magic = 0;
	assert_int_equal(ck_mutex_init(&mx, 0, 0), 0);
	assert_int_equal(ck_sem_init(&sem, 0), 0);
	return 0;
}

static void body_log_id(void *arg)
{
	sim_log((long)(intptr_t)arg);
}

static void body_raise_other(void *arg)
{
	(void)arg;
	sim_log(1);
	/* the other task, less urgent, becomes more urgent: runs at once */
	sim_log(ck_task_set_prio(&tk[1], 9));
	sim_log(3);
	sim_log(ck_task_set_prio(NULL, 1));   /* itself, below the others */
	sim_log(5);
}

static void set_prio_preempts(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_raise_other, NULL);
	sim_task(&tk[1], 2, body_log_id, (void *)2);
	sim_task(&tk[2], 3, body_log_id, (void *)4);
	sim_start();
	assert_log(1, 2, 0, 3, 4, 0, 5);
	assert_int_equal(tk[0].prio, 1);
	assert_int_equal(tk[0].base_prio, 1);
	assert_int_equal(ck_task_set_prio(&tk[0], 64), -CK_EINVAL);
	assert_int_equal(ck_task_set_prio(&tk[0], 3), -CK_ESRCH);   /* exited */
	assert_int_equal(ck_task_set_prio(NULL, 3), -CK_EPERM);     /* root */
}

static void body_sem_waiter(void *arg)
{
	sim_log(ck_sem_wait(&sem) == 0 ? (long)(intptr_t)arg : -1);
}

/* A waiter's new priority moves it in its wait queue. */
static void set_prio_of_a_waiter(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_sem_waiter, (void *)1);
	sim_task(&tk[1], 4, body_sem_waiter, (void *)2);
	sim_start();
	assert_int_equal(ck_task_set_prio(&tk[1], 6), 0);
	ck_sem_post(&sem);
	ck_sem_post(&sem);
	assert_log(2, 1);
}

static void body_owner(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx);
	ck_task_sleep_until(5 * MS);
	ck_mutex_unlock(&mx);
	sim_log(tk[0].prio);
}

static void body_locker(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx));
	ck_mutex_unlock(&mx);
}

/* Lowering a mutex owner's base leaves it at what it is owed. */
static void set_prio_keeps_what_is_owed(void **state)
{
	(void)state;
	sim_task(&tk[0], 4, body_owner, NULL);
	sim_task(&tk[1], 8, body_locker, NULL);
	sim_start();
	sim_run_until(2 * MS);
	assert_int_equal(tk[0].prio, 8);
	assert_int_equal(ck_task_set_prio(&tk[0], 2), 0);
	assert_int_equal(tk[0].prio, 8);
	assert_int_equal(ck_task_set_prio(&tk[0], 10), 0);
	assert_int_equal(tk[0].prio, 10);
	assert_int_equal(ck_task_set_prio(&tk[0], 2), 0);
	sim_run_until(10 * MS);
	assert_log(0, 2);
}

static void body_periodic_log(void *arg)
{
	(void)arg;
	ck_task_set_periodic(1 * MS, 1 * MS);
	for (int i = 0; i < 6; i++) {
		ck_task_wait_period();
		sim_log((long)(sim_now() / US));
	}
}

static void suspend_resume(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_periodic_log, NULL);
	sim_start();
	sim_run_until(2 * MS + 500 * US);
	assert_log(1000, 2000);
	/* suspended while waiting for its period: the release at 3 ms ends
	 * the wait, the task stays held */
	assert_int_equal(ck_task_suspend(&tk[0]), 0);
	assert_int_equal(ck_task_suspend(&tk[0]), 0);   /* nests */
	sim_run_until(5 * MS + 500 * US);
	assert_int_equal(tk[0].state, CK_TASK_SUSPENDED);
	assert_int_equal(sim_log_len(), 2);
	assert_int_equal(ck_task_resume(&tk[0]), 0);
	assert_int_equal(sim_log_len(), 2);
	assert_int_equal(ck_task_resume(&tk[0]), 0);    /* runs at once, late */
	assert_log(1000, 2000, 5500);
	assert_int_equal(ck_task_resume(&tk[0]), -CK_EINVAL);   /* not suspended */
	sim_run_until(10 * MS);
	assert_log(1000, 2000, 5500, 6000, 7000, 8000);
	assert_int_equal(tk[0].overruns_total, 2);      /* 4 and 5 ms missed */
	assert_int_equal(ck_task_suspend(&tk[0]), -CK_ESRCH);
	assert_int_equal(ck_task_suspend(NULL), -CK_EPERM);
}

static void body_suspend_self(void *arg)
{
	(void)arg;
	sim_log(1);
	sim_log(ck_task_suspend(NULL));
	sim_log(3);
}

static void suspend_self(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_suspend_self, NULL);
	sim_start();
	assert_log(1);
	assert_int_equal(tk[0].state, CK_TASK_SUSPENDED);
	assert_int_equal(ck_task_resume(&tk[0]), 0);
	assert_log(1, 0, 3);
}

static void body_join(void *arg)
{
	struct ck_task *t = arg;

	sim_log(ck_task_join(t, ck_deadline_in(2 * MS)));
	sim_log(ck_task_join(t, CK_INFINITE));
	sim_log((long)(sim_now() / US));
	sim_log(ck_task_join(t, CK_INFINITE));   /* dormant: at once */
	sim_log(ck_task_join(&tk[0], 0));         /* itself */
}

static void body_sleep_5ms(void *arg)
{
	(void)arg;
	ck_task_sleep_until(5 * MS);
}

static void join_and_timeout(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_join, &tk[1]);
	sim_task(&tk[1], 3, body_sleep_5ms, NULL);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(-CK_ETIMEDOUT, 0, 5000, 0, -CK_EDEADLK);
	assert_int_equal(ck_task_join(&tk[1], CK_INFINITE), -CK_EPERM);   /* root */
	assert_int_equal(ck_task_join(NULL, 0), -CK_EINVAL);
}

static void body_hold_and_wait(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx);
	sim_log(ck_sem_wait(&sem));   /* never: deleted before */
}

static void body_lock_after(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx));
	ck_mutex_unlock(&mx);
}

static void body_joiner(void *arg)
{
	(void)arg;
	sim_log(ck_task_join(&tk[0], CK_INFINITE) == 0 ? 77 : -77);
}

/* Deleting a task that holds a mutex and waits on a semaphore: it
 * leaves the semaphore's queue, the mutex goes to its waiter with
 * -CK_EOWNERDEAD, its joiner wakes. */
static void delete_a_waiting_owner(void **state)
{
	(void)state;
	sim_task(&tk[0], 4, body_hold_and_wait, NULL);
	sim_task(&tk[1], 6, body_lock_after, NULL);
	sim_task(&tk[2], 2, body_joiner, NULL);
	sim_start();
	sim_run_until(2 * MS);
	assert_int_equal(tk[0].prio, 6);
	assert_int_equal(ck_task_delete(&tk[0]), 0);
	assert_log(-CK_EOWNERDEAD, 77);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
	assert_true(ck_list_empty(&sem.waiters));
	assert_int_equal(ck_sem_post(&sem), 0);
	assert_int_equal(sem.count, 1);   /* nobody took it */
	assert_int_equal(ck_task_delete(&tk[0]), -CK_ESRCH);
	/* created again, it runs from the start */
	sim_task(&tk[0], 4, body_log_id, (void *)9);
	assert_log(-CK_EOWNERDEAD, 77, 9);
}

static void body_set_other_period(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1500 * US);
	/* the other task waits for its release at 2 ms: 4 ms, then 3 ms apart */
	sim_log(ck_task_set_periodic_of(&tk[1], 4 * MS, 3 * MS));
}

static void period_of_another(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_set_other_period, NULL);
	sim_task(&tk[1], 4, body_periodic_log, NULL);
	sim_start();
	sim_run_until(11 * MS);
	assert_log(1000, 0, 4000, 7000, 10000);
	assert_int_equal(ck_task_set_periodic_of(&tk[1], 0, 1), -CK_EINVAL);
}

static uint64_t stack[4096 / 8];

static void body_lock_late(void *arg)
{
	(void)arg;
	ck_task_sleep_until(3500 * US);
	ck_mutex_lock(&mx);
	ck_mutex_unlock(&mx);
}

static void body_use_stack(void *arg)
{
	(void)arg;
	sim_advance(3 * MS);   /* runs 3 ms */
	ck_task_sleep_until(10 * MS);
}

static void info(void **state)
{
	struct ck_task_info in;

	(void)state;
	memset(&tk[0], 0, sizeof(tk[0]));
	assert_int_equal(ck_task_create(&tk[0], "worker", 5, body_use_stack, NULL,
					stack, sizeof(stack)), 0);
	mx.name = "bus";
	sim_task(&tk[1], 3, body_owner, NULL);
	sim_task(&tk[2], 7, body_lock_late, NULL);
	sim_start();
	sim_run_until(4 * MS);
	assert_int_equal(ck_task_info(&tk[0], &in), 0);
	assert_string_equal(in.name, "worker");
	assert_int_equal(in.state, CK_TASK_BLOCKED);
	assert_int_equal(in.wait_kind, CK_WAIT_DELAY);
	assert_in_range(in.cpu_ns, 3 * MS, 3 * MS + 100 * US);
	assert_int_equal(in.stack_bytes, sizeof(stack));
	/* the sim runs tasks on host stacks: at most the initial frame the
	 * arch wrote at the top was ever written */
	assert_in_range(in.stack_used, 0, 256);
	stack[100] = 0;   /* a deep write */
	assert_int_equal(ck_task_info(&tk[0], &in), 0);
	assert_int_equal(in.stack_used, sizeof(stack) - 100 * 8);
	assert_int_equal(ck_task_info(&tk[2], &in), 0);
	assert_int_equal(in.wait_kind, CK_WAIT_MUTEX);
	assert_string_equal(in.wait_name, "bus");
	assert_string_equal(in.wait_owner, "sim");
	assert_int_equal(ck_task_info(&tk[1], &in), 0);
	assert_int_equal(in.base_prio, 3);
	assert_int_equal(in.prio, 7);
	assert_int_equal(ck_task_info(NULL, &in), -CK_EINVAL);   /* root */
	assert_int_equal(ck_task_info(&tk[1], NULL), -CK_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(set_prio_preempts, setup),
		cmocka_unit_test_setup(set_prio_of_a_waiter, setup),
		cmocka_unit_test_setup(set_prio_keeps_what_is_owed, setup),
		cmocka_unit_test_setup(suspend_resume, setup),
		cmocka_unit_test_setup(suspend_self, setup),
		cmocka_unit_test_setup(join_and_timeout, setup),
		cmocka_unit_test_setup(delete_a_waiting_owner, setup),
		cmocka_unit_test_setup(period_of_another, setup),
		cmocka_unit_test_setup(info, setup),
	};

	return cmocka_run_group_tests_name("task_ctl", tests, NULL, NULL);
}
