// SPDX-License-Identifier: MIT
/*
 * test_mutex.c - mutexes with priority inheritance on the host sim: the
 * boost and its undoing at unlock (with a handover the medium task cannot
 * come between), chains of three and four owners, release of one of
 * several mutexes, waiter order, timeouts (the boost falls back along the
 * chain), recursion, cycles, ceilings, destroy while waited for, owner
 * death (exit and a fault) and every refused call.
 */
#include "sim_test.h"
#include <string.h>
#include <ck/fault.h>

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

static struct ck_task tk[5];
static ck_mutex_t mx[4];

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	for (int i = 0; i < 4; i++) {
		mx[i].magic = 0;
		assert_int_equal(ck_mutex_init(&mx[i], 0, 0), 0);
	}
	return 0;
}

/* ---- the boost, its undoing, the handover ------------------------- */

static void body_low(void *arg)
{
	(void)arg;
	sim_log(ck_mutex_lock(&mx[0]));
	ck_task_sleep_until(2 * MS);
	sim_log(tk[0].prio);              /* boosted by the high task */
	sim_log(ck_mutex_unlock(&mx[0])); /* the high task runs inside */
	sim_log(tk[0].prio);
}

static void body_high(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx[0]) == 0 ? 10 : -10);
	sim_log((long)(sim_now() / US));
	sim_log(ck_mutex_unlock(&mx[0]));
}

static void body_medium_spin(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1500 * US);
	sim_run_until(10 * MS);
	sim_log(50);
}

static void inheritance_and_handover(void **state)
{
	(void)state;
	sim_task(&tk[0], 2, body_low, NULL);
	sim_task(&tk[1], 9, body_high, NULL);
	sim_task(&tk[2], 5, body_medium_spin, NULL);
	sim_start();
	sim_run_until(20 * MS);
	/* the low task runs at 9 over the spinning medium one; its unlock
	 * hands the mutex over and the high task runs at once (2000 us);
	 * back at 2 the low task waits for the medium one to finish */
	assert_log(0, 9, 10, 2000, 0, 50, 0, 2);
	assert_null(mx[0].owner);
}

/* Without inheritance the medium task keeps the low one (and the high
 * one behind it) out until it is done: the test above can fail. */
static void no_pi_is_inversion(void **state)
{
	(void)state;
	mx[0].magic = 0;
	assert_int_equal(ck_mutex_init(&mx[0], CK_MUTEX_NO_PI, 0), 0);
	sim_task(&tk[0], 2, body_low, NULL);
	sim_task(&tk[1], 9, body_high, NULL);
	sim_task(&tk[2], 5, body_medium_spin, NULL);
	sim_start();
	sim_run_until(20 * MS);
	assert_log(0, 50, 2, 10, 10000, 0, 0, 2);
}

/* ---- chains --------------------------------------------------------- */

/* Task i (0..2) locks mutex i, then waits for mutex i - 1 at i ms. */
static void body_chain(void *arg)
{
	long i = (long)(intptr_t)arg;

	sim_log(ck_mutex_lock(&mx[i]));
	if (i > 0) {
		ck_task_sleep_until((uint64_t)i * MS);
		sim_log(ck_mutex_lock(&mx[i - 1]) == 0 ? 100 + i : -100 - i);
		ck_mutex_unlock(&mx[i - 1]);
	} else {
		ck_task_sleep_until(50 * MS);
	}
	ck_mutex_unlock(&mx[i]);
}

/* The head of the chain waits for mutex 2 until 10 ms. */
static void body_chain_head(void *arg)
{
	(void)arg;
	ck_task_sleep_until(5 * MS);
	sim_log(ck_mutex_lock_until(&mx[2], 10 * MS));
	sim_log((long)(sim_now() / US));
}

static void chain_of_four_and_timeout(void **state)
{
	(void)state;
	sim_task(&tk[0], 1, body_chain, (void *)0);
	sim_task(&tk[1], 2, body_chain, (void *)1);
	sim_task(&tk[2], 3, body_chain, (void *)2);
	sim_task(&tk[3], 20, body_chain_head, NULL);
	sim_start();
	sim_run_until(4 * MS);
	/* three owners in a chain: each runs at the most urgent below it */
	assert_int_equal(tk[0].prio, 3);
	assert_int_equal(tk[1].prio, 3);
	assert_int_equal(tk[2].prio, 3);
	sim_run_until(6 * MS);
	/* the fourth, at 20, reaches the end of the chain through three */
	assert_int_equal(tk[2].prio, 20);
	assert_int_equal(tk[1].prio, 20);
	assert_int_equal(tk[0].prio, 20);
	assert_int_equal(tk[2].base_prio, 3);
	sim_run_until(11 * MS);
	/* its timeout undoes the boost along the chain to what is owed */
	assert_int_equal(tk[2].prio, 3);
	assert_int_equal(tk[1].prio, 3);
	assert_int_equal(tk[0].prio, 3);
	sim_run_until(60 * MS);
	assert_log(0, 0, 0, -CK_ETIMEDOUT, 10000, 101, 102);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(tk[i].prio, tk[i].base_prio);
		assert_null(mx[i].owner);
	}
}

/* ---- several mutexes held ----------------------------------------- */

static void body_holds_two(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_mutex_lock(&mx[1]);
	ck_task_sleep_until(2 * MS);
	sim_log(tk[0].prio);
	ck_mutex_unlock(&mx[1]);   /* the waiter at 8 runs */
	sim_log(tk[0].prio);       /* still owed 5, not back to 1 */
	ck_mutex_unlock(&mx[0]);   /* the waiter at 5 runs */
	sim_log(tk[0].prio);
}

static void body_wait_on(void *arg)
{
	long i = (long)(intptr_t)arg;

	ck_task_sleep_until(1 * MS);
	if (ck_mutex_lock(&mx[i]) == 0)
		sim_log(100 * (i + 1));
	ck_mutex_unlock(&mx[i]);
}

static void release_one_of_several(void **state)
{
	(void)state;
	sim_task(&tk[0], 1, body_holds_two, NULL);
	sim_task(&tk[1], 5, body_wait_on, (void *)0);
	sim_task(&tk[2], 8, body_wait_on, (void *)1);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(8, 200, 5, 100, 1);
}

/* ---- waiter order ---------------------------------------------------- */

static void body_hold_until_10ms(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_task_sleep_until(10 * MS);
	ck_mutex_unlock(&mx[0]);
}

static void body_late_locker(void *arg)
{
	long id = (long)(intptr_t)arg;

	ck_task_sleep((uint64_t)id * MS);
	sim_log(ck_mutex_lock(&mx[0]) == 0 ? id : -id);
	ck_mutex_unlock(&mx[0]);
}

static void waiters_by_priority_then_fifo(void **state)
{
	(void)state;
	sim_task(&tk[0], 10, body_hold_until_10ms, NULL);
	sim_task(&tk[1], 1, body_late_locker, (void *)1);
	sim_task(&tk[2], 5, body_late_locker, (void *)2);
	sim_task(&tk[3], 3, body_late_locker, (void *)3);
	sim_task(&tk[4], 5, body_late_locker, (void *)4);
	sim_start();
	sim_run_until(20 * MS);
	assert_log(2, 4, 3, 1);
	assert_int_equal(tk[0].prio, 10);   /* never boosted: the most urgent */
}

/* ---- recursion, cycles, refused calls -------------------------------- */

static void body_recursive(void *arg)
{
	(void)arg;
	sim_log(ck_mutex_lock(&mx[1]));
	sim_log(ck_mutex_lock(&mx[1]));
	sim_log(ck_mutex_trylock(&mx[1]));
	sim_log(mx[1].depth);
	sim_log(ck_mutex_unlock(&mx[1]));
	sim_log(ck_mutex_unlock(&mx[1]));
	sim_log(mx[1].owner == &tk[0]);
	sim_log(ck_mutex_unlock(&mx[1]));
	sim_log(ck_mutex_unlock(&mx[1]));   /* not held any more */
	/* not recursive: a second lock is a deadlock */
	sim_log(ck_mutex_lock(&mx[0]));
	sim_log(ck_mutex_lock(&mx[0]));
	sim_log(ck_mutex_unlock(&mx[0]));
}

static void recursion(void **state)
{
	(void)state;
	mx[1].magic = 0;
	assert_int_equal(ck_mutex_init(&mx[1], CK_MUTEX_RECURSIVE, 0), 0);
	sim_task(&tk[0], 4, body_recursive, NULL);
	sim_start();
	assert_log(0, 0, 0, 3, 0, 0, 1, 0, -CK_EPERM, 0, -CK_EDEADLK, 0);
}

static void body_cycle_a(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_task_sleep_until(2 * MS);
	sim_log(ck_mutex_lock(&mx[1]));   /* its owner waits for mx[0] */
	ck_mutex_unlock(&mx[0]);
}

static void body_cycle_b(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[1]);
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx[0]) == 0 ? 7 : -7);
	ck_mutex_unlock(&mx[0]);
	ck_mutex_unlock(&mx[1]);
}

static void cycle_is_refused(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_cycle_a, NULL);
	sim_task(&tk[1], 4, body_cycle_b, NULL);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(-CK_EDEADLK, 7);
}

static void body_other_owner(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_task_sleep_until(5 * MS);
	ck_mutex_unlock(&mx[0]);
}

static void body_refusals(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_trylock(&mx[0]));            /* held by another */
	sim_log(ck_mutex_lock_until(&mx[0], 1 * MS)); /* deadline past */
	sim_log(ck_mutex_unlock(&mx[0]));             /* not the owner */
	sim_log(ck_mutex_lock(NULL));
	sim_log(ck_mutex_lock(&mx[3]));               /* never initialised */
	sim_log(ck_mutex_unlock(NULL));
}

static void cb_lock_in_irq(struct ck_timer *t)
{
	sim_log(ck_mutex_trylock(t->arg));
	sim_log(ck_mutex_unlock(t->arg));
}

static void refused_calls(void **state)
{
	static struct ck_timer tm;

	(void)state;
	mx[3].magic = 0;
	assert_int_equal(ck_mutex_init(NULL, 0, 0), -CK_EINVAL);
	assert_int_equal(ck_mutex_init(&mx[2], 0x80, 0), -CK_EINVAL);
	assert_int_equal(ck_mutex_init(&mx[2], CK_MUTEX_CEILING, 64), -CK_EINVAL);
	assert_int_equal(ck_mutex_init(&mx[2], CK_MUTEX_CEILING, -1), -CK_EINVAL);
	assert_int_equal(ck_mutex_lock(&mx[2]), -CK_EPERM);   /* root */
	sim_task(&tk[0], 6, body_other_owner, NULL);
	sim_task(&tk[1], 5, body_refusals, NULL);
	ck_timer_init(&tm, cb_lock_in_irq, &mx[2]);
	ck_timer_start(&tm, 2 * MS, 0);
	sim_start();
	sim_run_until(3 * MS);
	assert_log(-CK_EAGAIN, -CK_EAGAIN, -CK_EPERM, -CK_EINVAL, -CK_EINVAL,
		   -CK_EINVAL, -CK_EPERM, -CK_EPERM);
	/* held: a new init would lose it */
	assert_int_equal(ck_mutex_init(&mx[0], 0, 0), -CK_EBUSY);
	assert_ptr_equal(mx[0].owner, &tk[0]);
	sim_run_until(10 * MS);
	assert_null(mx[0].owner);
}

/* ---- ceilings ---------------------------------------------------------- */

static void body_ceiling(void *arg)
{
	(void)arg;
	sim_log(ck_mutex_lock(&mx[1]));
	sim_log(tk[0].prio);
	sim_log(ck_mutex_unlock(&mx[1]));
	sim_log(tk[0].prio);
}

static void body_above_ceiling(void *arg)
{
	(void)arg;
	sim_log(ck_mutex_lock(&mx[1]));
}

static void ceiling(void **state)
{
	(void)state;
	mx[1].magic = 0;
	assert_int_equal(ck_mutex_init(&mx[1], CK_MUTEX_CEILING, 7), 0);
	sim_task(&tk[0], 2, body_ceiling, NULL);
	sim_start();
	assert_log(0, 7, 0, 2);
	sim_task(&tk[1], 9, body_above_ceiling, NULL);
	assert_int_equal(sim_log_at(4), -CK_EINVAL);
}

/* ---- destroy, owner death ------------------------------------------------ */

static void body_lock_log(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx[0]));
	sim_log((long)(sim_now() / US));
}

static void body_hold_long(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_task_sleep_until(50 * MS);
	sim_log(ck_mutex_unlock(&mx[0]));
}

static void destroy_while_waited(void **state)
{
	(void)state;
	sim_task(&tk[0], 2, body_hold_long, NULL);
	sim_task(&tk[1], 8, body_lock_log, NULL);
	sim_task(&tk[2], 6, body_lock_log, NULL);
	sim_start();
	sim_run_until(2 * MS);
	assert_int_equal(tk[0].prio, 8);
	assert_int_equal(ck_mutex_destroy(&mx[0]), 0);
	/* both waiters woke, most urgent first; the owner's boost is gone */
	assert_log(-CK_EIDRM, 2000, -CK_EIDRM, 2000);
	assert_int_equal(tk[0].prio, 2);
	assert_int_equal(ck_mutex_destroy(&mx[0]), -CK_EINVAL);
	sim_run_until(60 * MS);
	assert_int_equal(sim_log_at(4), -CK_EINVAL);   /* its late unlock */
}

static void body_exit_holding(void *arg)
{
	(void)arg;
	ck_mutex_lock(&mx[0]);
	ck_task_sleep_until(3 * MS);
}

static void body_lock_twice(void *arg)
{
	(void)arg;
	ck_task_sleep_until(1 * MS);
	sim_log(ck_mutex_lock(&mx[0]));
	sim_log((long)(sim_now() / US));
	ck_mutex_unlock(&mx[0]);
	sim_log(ck_mutex_lock(&mx[0]));
	ck_mutex_unlock(&mx[0]);
}

static void owner_exits_holding(void **state)
{
	(void)state;
	sim_task(&tk[0], 2, body_exit_holding, NULL);
	sim_task(&tk[1], 8, body_lock_twice, NULL);
	sim_start();
	sim_run_until(5 * MS);
	/* handed over at the exit: locked, and told the owner died; then
	 * the mutex works as before */
	assert_log(-CK_EOWNERDEAD, 3000, 0);
	assert_null(mx[0].owner);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
	assert_int_equal(tk[0].prio, 2);
	/* no waiter: left free and marked; the next lock is told */
	sim_task(&tk[2], 4, body_exit_holding, NULL);
	sim_run_until(10 * MS);
	assert_null(mx[0].owner);
	assert_int_equal(mx[0].owner_died, 1);
	sim_task(&tk[3], 4, body_lock_twice, NULL);
	sim_run_until(12 * MS);
	assert_int_equal(sim_log_len(), 6);
	assert_int_equal(sim_log_at(3), -CK_EOWNERDEAD);
	assert_int_equal(sim_log_at(5), 0);
}

static uint64_t stacks[2][CK_STACK_MIN / sizeof(uint64_t)];
static struct ck_timer pacer;

static void pacer_fn(struct ck_timer *t)
{
	(void)t;
}

/* The owner and a waiter on their own stacks (the canary is the stack's
 * first word), and a periodic RT timer, so that the watchdog's tick
 * (which checks the canaries) comes at an RT interrupt. */
static void owner_and_waiter(void (*waiter)(void *))
{
	ck_timer_init(&pacer, pacer_fn, NULL);
	assert_int_equal(ck_timer_start(&pacer, 10 * MS, 10 * MS), 0);
	memset(&tk[0], 0, sizeof(tk[0]));
	assert_int_equal(ck_task_create(&tk[0], "owner", 2, body_hold_long, NULL,
					stacks[0], sizeof(stacks[0])), 0);
	memset(&tk[1], 0, sizeof(tk[1]));
	assert_int_equal(ck_task_create(&tk[1], "waiter", 8, waiter, NULL,
					stacks[1], sizeof(stacks[1])), 0);
	sim_start();
	sim_run_until(2 * MS);
	assert_int_equal(tk[0].prio, 8);
}

static void owner_faults_holding(void **state)
{
	(void)state;
	owner_and_waiter(body_lock_twice);
	*(volatile uint32_t *)tk[0].stack = 0;   /* the owner's stack overflowed */
	sim_run_until(2 * CK_WATCHDOG_TICK_NS);
	assert_int_equal(tk[0].state, CK_TASK_DORMANT);
	assert_int_equal(fault_record()->count[CK_FAULT_STACK], 1);
	assert_int_equal(tk[0].prio, 2);
	assert_int_equal(sim_log_len(), 3);
	assert_int_equal(sim_log_at(0), -CK_EOWNERDEAD);
	assert_in_range(sim_log_at(1), CK_WATCHDOG_TICK_NS / US,
			2 * CK_WATCHDOG_TICK_NS / US);
	assert_int_equal(sim_log_at(2), 0);
}

/* A waiter suspended by a fault leaves the queue; the owner's boost goes. */
static void waiter_faults(void **state)
{
	(void)state;
	owner_and_waiter(body_lock_log);
	*(volatile uint32_t *)tk[1].stack = 0;
	sim_run_until(2 * CK_WATCHDOG_TICK_NS);
	assert_int_equal(tk[1].state, CK_TASK_DORMANT);
	assert_int_equal(tk[0].prio, 2);
	assert_true(ck_list_empty(&mx[0].waiters));
	sim_run_until(60 * MS);
	assert_log(0);   /* the owner's unlock; the waiter never logged */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(inheritance_and_handover, setup),
		cmocka_unit_test_setup(no_pi_is_inversion, setup),
		cmocka_unit_test_setup(chain_of_four_and_timeout, setup),
		cmocka_unit_test_setup(release_one_of_several, setup),
		cmocka_unit_test_setup(waiters_by_priority_then_fifo, setup),
		cmocka_unit_test_setup(recursion, setup),
		cmocka_unit_test_setup(cycle_is_refused, setup),
		cmocka_unit_test_setup(refused_calls, setup),
		cmocka_unit_test_setup(ceiling, setup),
		cmocka_unit_test_setup(destroy_while_waited, setup),
		cmocka_unit_test_setup(owner_exits_holding, setup),
		cmocka_unit_test_setup(owner_faults_holding, setup),
		cmocka_unit_test_setup(waiter_faults, setup),
	};

	return cmocka_run_group_tests_name("mutex", tests, NULL, NULL);
}
