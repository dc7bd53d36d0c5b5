// SPDX-License-Identifier: MIT
/*
 * test_event.c - event flags on the host sim: any/all, clear on exit or
 * not, one post waking several waiters most urgent first (a clearing one
 * takes its flags before the next is looked at), timeouts, polls, posts
 * from an RT interrupt, destroy while waited on, refused calls.
 */
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

static struct ck_task tk[4];
static ck_event_t ev;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	ev.magic = 0;
	assert_int_equal(ck_event_init(&ev, 0), 0);
	return 0;
}

struct waiter {
	uint32_t mask, mode;
	uint64_t deadline;
	long id;
};

/* Wait as @arg says; log id, result, flags got, time (us). */
static void body_wait(void *arg)
{
	const struct waiter *w = arg;
	uint32_t got = 0xdead;
	int ret = ck_event_wait_until(&ev, w->mask, w->mode, &got, w->deadline);

	sim_log(w->id);
	sim_log(ret);
	sim_log((long)got);
	sim_log((long)(sim_now() / US));
}

static void any_and_all(void **state)
{
	static const struct waiter any = { 0x3, CK_EVENT_ANY, CK_INFINITE, 1 };
	static const struct waiter all = { 0x3, CK_EVENT_ALL, CK_INFINITE, 2 };

	(void)state;
	sim_task(&tk[0], 5, body_wait, (void *)&any);
	sim_task(&tk[1], 4, body_wait, (void *)&all);
	sim_start();
	sim_run_until(1 * MS);
	assert_int_equal(ck_event_post(&ev, 0x2), 0);   /* "any" is satisfied */
	assert_log(1, 0, 0x2, 1000);
	sim_run_until(2 * MS);
	assert_int_equal(ck_event_post(&ev, 0x1), 0);   /* now "all" too */
	assert_log(1, 0, 0x2, 1000, 2, 0, 0x3, 2000);
	assert_int_equal(ev.value, 0x3);                /* nobody cleared */
}

/* One post: the urgent clearing waiter takes 0x1, so the less urgent one
 * waiting for 0x1 stays asleep; a third, on 0x4, wakes in the same post. */
static void clear_takes_before_the_next(void **state)
{
	static const struct waiter a = { 0x1, CK_EVENT_ANY | CK_EVENT_CLEAR, CK_INFINITE, 1 };
	static const struct waiter b = { 0x1, CK_EVENT_ANY, 5 * MS, 2 };
	static const struct waiter c = { 0x4, CK_EVENT_ALL | CK_EVENT_CLEAR, CK_INFINITE, 3 };

	(void)state;
	sim_task(&tk[0], 9, body_wait, (void *)&a);
	sim_task(&tk[1], 6, body_wait, (void *)&b);
	sim_task(&tk[2], 3, body_wait, (void *)&c);
	sim_start();
	sim_run_until(1 * MS);
	ck_event_post(&ev, 0x5);
	assert_log(1, 0, 0x1, 1000, 3, 0, 0x4, 1000);
	assert_int_equal(ev.value, 0);
	sim_run_until(10 * MS);   /* b times out, seeing nothing set */
	assert_int_equal(sim_log_len(), 12);
	assert_int_equal(sim_log_at(8), 2);
	assert_int_equal(sim_log_at(9), -CK_ETIMEDOUT);
	assert_int_equal(sim_log_at(10), 0);
	assert_int_equal(sim_log_at(11), 5000);
	assert_false(tk[1].wake_timer.armed);
}

/* Already satisfied: no wait (from the root too: a poll); ALL with a
 * part set: a poll fails, a timed wait times out reporting the part. */
static void body_polls(void *arg)
{
	uint32_t got;

	(void)arg;
	sim_log(ck_event_wait_until(&ev, 0x8, CK_EVENT_ANY | CK_EVENT_CLEAR, &got, 0));
	sim_log((long)got);
	sim_log(ck_event_wait_until(&ev, 0x30, CK_EVENT_ALL, &got, 0));
	sim_log(ck_event_wait_until(&ev, 0x30, CK_EVENT_ALL, &got,
				    ck_clock_now() + 2 * MS));
	sim_log((long)got);
}

static void polls_and_timeouts(void **state)
{
	uint32_t got, prev;

	(void)state;
	ck_event_post(&ev, 0x18);
	assert_int_equal(ck_event_wait_until(&ev, 0x10, CK_EVENT_ANY, &got, CK_INFINITE), 0);
	assert_int_equal(got, 0x10);
	assert_int_equal(ck_event_wait_until(&ev, 0x40, CK_EVENT_ANY, &got, CK_INFINITE),
			 -CK_EAGAIN);   /* root never blocks */
	sim_task(&tk[0], 5, body_polls, NULL);
	sim_start();
	sim_run_until(5 * MS);
	assert_log(0, 0x8, -CK_EAGAIN, -CK_ETIMEDOUT, 0x10);
	assert_int_equal(ck_event_clear(&ev, 0x10, &prev), 0);
	assert_int_equal(prev, 0x10);
	assert_int_equal(ev.value, 0);
}

static void cb_post(struct ck_timer *t)
{
	uint32_t got;

	sim_log(ck_event_wait_until(&ev, 0x1, CK_EVENT_ANY, &got, CK_INFINITE));
	ck_event_post(t->arg, 0x100);
}

static void post_from_irq(void **state)
{
	static const struct waiter w = { 0x100, CK_EVENT_ANY, CK_INFINITE, 4 };
	static struct ck_timer tm;

	(void)state;
	sim_task(&tk[0], 5, body_wait, (void *)&w);
	ck_timer_init(&tm, cb_post, &ev);
	ck_timer_start(&tm, 3 * MS, 0);
	sim_start();
	sim_run_until(10 * MS);
	/* the handler may not wait; its post wakes the task at 3 ms */
	assert_log(-CK_EPERM, 4, 0, 0x100, 3000);
}

static void destroy_and_refusals(void **state)
{
	static const struct waiter w = { 0x1, CK_EVENT_ANY, CK_INFINITE, 5 };
	uint32_t got = 7;

	(void)state;
	sim_task(&tk[0], 5, body_wait, (void *)&w);
	sim_task(&tk[1], 4, body_wait, (void *)&w);
	sim_start();
	sim_run_until(1 * MS);
	assert_int_equal(ck_event_init(&ev, 0), -CK_EBUSY);
	assert_int_equal(ck_event_destroy(&ev), 0);
	assert_log(5, -CK_EIDRM, 0, 1000, 5, -CK_EIDRM, 0, 1000);
	assert_int_equal(ck_event_post(&ev, 1), -CK_EINVAL);
	assert_int_equal(ck_event_destroy(&ev), -CK_EINVAL);
	assert_int_equal(ck_event_wait_until(&ev, 1, 0, &got, 0), -CK_EINVAL);
	assert_int_equal(got, 0);
	assert_int_equal(ck_event_init(&ev, 0), 0);
	assert_int_equal(ck_event_wait_until(&ev, 0, 0, NULL, 0), -CK_EINVAL);
	assert_int_equal(ck_event_wait_until(&ev, 1, 0x4, NULL, 0), -CK_EINVAL);
	assert_int_equal(ck_event_wait_until(NULL, 1, 0, NULL, 0), -CK_EINVAL);
	assert_int_equal(ck_event_post(NULL, 1), -CK_EINVAL);
	assert_int_equal(ck_event_clear(NULL, 1, NULL), -CK_EINVAL);
	assert_int_equal(ck_event_init(NULL, 0), -CK_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(any_and_all, setup),
		cmocka_unit_test_setup(clear_takes_before_the_next, setup),
		cmocka_unit_test_setup(polls_and_timeouts, setup),
		cmocka_unit_test_setup(post_from_irq, setup),
		cmocka_unit_test_setup(destroy_and_refusals, setup),
	};

	return cmocka_run_group_tests_name("event", tests, NULL, NULL);
}
