// SPDX-License-Identifier: MIT
/*
 * test_queue.c - RT message queues on the host sim: FIFO and urgent
 * order, lengths kept, full and empty both ways with waiters served most
 * urgent first, timeouts on either side, tries from an RT interrupt,
 * destroy while waited on, refused calls.
 */
#include <string.h>
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define MSG 8u
#define SLOTS 3u

static struct ck_task tk[4];
static ck_queue_t q;
static uint32_t ring[SLOTS * CK_QUEUE_SLOT_BYTES(MSG) / 4u];

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	q.magic = 0;
	assert_int_equal(ck_queue_init(&q, ring, sizeof(ring), MSG), 0);
	assert_int_equal(q.slots, SLOTS);
	return 0;
}

static int send_str(const char *s, uint32_t flags, uint64_t abs_ns)
{
	return ck_queue_send_until(&q, s, (uint32_t)strlen(s), flags, abs_ns);
}

/* Receive one message; log its first byte, its length (or the error). */
static long recv_one(uint64_t abs_ns)
{
	char buf[MSG];
	int n = ck_queue_recv_until(&q, buf, sizeof(buf), abs_ns);

	return n > 0 ? buf[0] * 100 + n : n;
}

static void fifo_urgent_and_lengths(void **state)
{
	(void)state;
	assert_int_equal(send_str("a", 0, 0), 0);
	assert_int_equal(send_str("bb", 0, 0), 0);
	assert_int_equal(send_str("ccc", CK_QUEUE_URGENT, 0), 0);
	assert_int_equal(send_str("d", 0, 0), -CK_EAGAIN);   /* full */
	assert_int_equal(ck_queue_send_until(&q, "123456789", 9, 0, 0), -CK_EMSGSIZE);
	assert_int_equal(recv_one(0), 'c' * 100 + 3);
	assert_int_equal(recv_one(0), 'a' * 100 + 1);
	assert_int_equal(recv_one(0), 'b' * 100 + 2);
	assert_int_equal(recv_one(0), -CK_EAGAIN);            /* empty */
	assert_int_equal(ck_queue_send_until(&q, NULL, 0, 0, 0), 0);
	assert_int_equal(recv_one(0), 0);                      /* empty message */
	/* wrap-around, urgent at the ring's start */
	for (int i = 0; i < 5; i++) {
		assert_int_equal(send_str("x", 0, 0), 0);
		assert_int_equal(send_str("y", CK_QUEUE_URGENT, 0), 0);
		assert_int_equal(recv_one(0), 'y' * 100 + 1);
		assert_int_equal(recv_one(0), 'x' * 100 + 1);
	}
}

static void body_recv(void *arg)
{
	long id = (long)(intptr_t)arg;

	ck_task_sleep((uint64_t)id * MS);   /* order of arrival */
	sim_log(id);
	sim_log(recv_one(CK_INFINITE));
	sim_log((long)(sim_now() / US));
}

/* A send to waiting receivers goes to the most urgent one at once. */
static void receivers_by_priority(void **state)
{
	(void)state;
	sim_task(&tk[0], 2, body_recv, (void *)1);
	sim_task(&tk[1], 7, body_recv, (void *)2);
	sim_task(&tk[2], 7, body_recv, (void *)3);
	sim_start();
	sim_run_until(5 * MS);
	assert_log(1, 2, 3);
	assert_int_equal(send_str("p", 0, 0), 0);
	assert_int_equal(send_str("qq", 0, 0), 0);
	assert_int_equal(send_str("r", 0, 0), 0);
	assert_log(1, 2, 3, 'p' * 100 + 1, 5000, 'q' * 100 + 2, 5000,
		   'r' * 100 + 1, 5000);
	assert_int_equal(q.count, 0);
}

static void body_send(void *arg)
{
	long id = (long)(intptr_t)arg;
	char m[2] = { (char)('0' + id), 0 };

	ck_task_sleep((uint64_t)id * MS);
	sim_log(ck_queue_send_until(&q, m, 1, 0, CK_INFINITE) == 0 ? id : -id);
	sim_log((long)(sim_now() / US));
}

static void body_drain(void *arg)
{
	(void)arg;
	ck_task_sleep_until(10 * MS);
	for (int i = 0; i < 6; i++)
		sim_log(recv_one(0));
}

/* A full queue: senders wait; each receive takes the oldest and lets the
 * most urgent sender in behind the queued ones. */
static void senders_wait_for_room(void **state)
{
	(void)state;
	for (int i = 0; i < 3; i++)
		assert_int_equal(send_str("f", 0, 0), 0);
	sim_task(&tk[0], 2, body_send, (void *)1);
	sim_task(&tk[1], 6, body_send, (void *)2);
	sim_task(&tk[2], 1, body_drain, NULL);
	sim_start();
	sim_run_until(5 * MS);
	assert_int_equal(sim_log_len(), 0);
	sim_run_until(20 * MS);
	/* the drain (prio 1) frees a slot: sender 2 (prio 6) goes in and runs
	 * at once; the next frees one for sender 1 (prio 2), which preempts
	 * the drain too */
	assert_log(2, 10000, 'f' * 100 + 1, 1, 10000, 'f' * 100 + 1,
		   'f' * 100 + 1, '2' * 100 + 1, '1' * 100 + 1, -CK_EAGAIN);
}

static void body_timeouts(void *arg)
{
	char buf[MSG];

	(void)arg;
	sim_log(ck_queue_recv_until(&q, buf, sizeof(buf), ck_clock_now() + 2 * MS));
	sim_log((long)(sim_now() / US));
	for (int i = 0; i < 3; i++)
		send_str("z", 0, 0);
	sim_log(send_str("z", 0, ck_clock_now() + 3 * MS));
	sim_log((long)(sim_now() / US));
	sim_log(ck_queue_recv_until(&q, buf, MSG - 1, 0));    /* buffer too small */
}

static void timeouts(void **state)
{
	(void)state;
	sim_task(&tk[0], 5, body_timeouts, NULL);
	sim_start();
	sim_run_until(10 * MS);
	assert_log(-CK_ETIMEDOUT, 2000, -CK_ETIMEDOUT, 5000, -CK_EMSGSIZE);
	assert_int_equal(q.count, 3);
	assert_false(tk[0].wake_timer.armed);
}

static void cb_irq(struct ck_timer *t)
{
	(void)t;
	sim_log(recv_one(CK_INFINITE));       /* empty: would block */
	sim_log(send_str("i", 0, CK_INFINITE));
	sim_log(recv_one(0) == -CK_EAGAIN);   /* the task took it */
}

static void from_irq(void **state)
{
	static struct ck_timer tm;

	(void)state;
	sim_task(&tk[0], 5, body_recv, (void *)0);
	ck_timer_init(&tm, cb_irq, NULL);
	ck_timer_start(&tm, 2 * MS, 0);
	sim_start();
	sim_run_until(5 * MS);
	assert_log(0, -CK_EPERM, 0, 1, 'i' * 100 + 1, 2000);
}

static void destroy_and_refusals(void **state)
{
	uint32_t odd[4];

	(void)state;
	sim_task(&tk[0], 5, body_recv, (void *)0);
	sim_task(&tk[1], 4, body_recv, (void *)0);
	sim_start();
	assert_int_equal(ck_queue_init(&q, ring, sizeof(ring), MSG), -CK_EBUSY);
	assert_int_equal(ck_queue_destroy(&q), 0);
	assert_log(0, 0, -CK_EIDRM, 0, -CK_EIDRM, 0);
	assert_int_equal(send_str("a", 0, 0), -CK_EINVAL);
	assert_int_equal(recv_one(0), -CK_EINVAL);
	assert_int_equal(ck_queue_destroy(&q), -CK_EINVAL);
	assert_int_equal(ck_queue_init(NULL, ring, sizeof(ring), MSG), -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, NULL, sizeof(ring), MSG), -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, (char *)odd + 1, 12, 4), -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, ring, sizeof(ring), 0), -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, ring, sizeof(ring), 65537), -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, ring, CK_QUEUE_SLOT_BYTES(MSG) - 1, MSG),
			 -CK_EINVAL);
	assert_int_equal(ck_queue_init(&q, ring, CK_QUEUE_SLOT_BYTES(MSG), MSG), 0);
	assert_int_equal(ck_queue_send_until(&q, NULL, 1, 0, 0), -CK_EINVAL);
	assert_int_equal(ck_queue_send_until(&q, "a", 1, 0x2, 0), -CK_EINVAL);
	assert_int_equal(ck_queue_recv_until(&q, NULL, MSG, 0), -CK_EINVAL);
	assert_int_equal(ck_queue_send_until(NULL, "a", 1, 0, 0), -CK_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(fifo_urgent_and_lengths, setup),
		cmocka_unit_test_setup(receivers_by_priority, setup),
		cmocka_unit_test_setup(senders_wait_for_room, setup),
		cmocka_unit_test_setup(timeouts, setup),
		cmocka_unit_test_setup(from_irq, setup),
		cmocka_unit_test_setup(destroy_and_refusals, setup),
	};

	return cmocka_run_group_tests_name("queue", tests, NULL, NULL);
}
