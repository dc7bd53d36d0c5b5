// SPDX-License-Identifier: MIT
/*
 * test_trace.c - the RT tracer (cokernel/core/trace.c) on the sim arch: the
 * RT entry's handler switched by start/stop, the events of a periodic
 * release in order, the ring's wrap-around, a freeze that stops recording
 * while the publisher cannot run, the snapshot in the "trace" state block
 * (oldest first, monotonic, ending with the freeze), the re-arm, a
 * second freeze, and a state block Linux corrupted.
 */
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include <ck/trace.h>
#include "ck_ipc.h"
#include "ck_trace.h"
#include "../../cokernel/core/core.h"

#define REGION CK_IPC_REGION_BYTES_DEFAULT
#define MS CK_NS_PER_MS

/* The events of one release of a periodic task that reads the clock. */
static const uint32_t release_events[] = {
	CK_TRACE_IRQ_ENTRY, CK_TRACE_IRQ_ACK, CK_TRACE_CLOCK, CK_TRACE_TIMER,
	CK_TRACE_WAKE,      CK_TRACE_SWITCH,  CK_TRACE_IRQ_EXIT,
	CK_TRACE_TASK_CLOCK,
};
#define RELEASE_EVENTS (sizeof(release_events) / sizeof(release_events[0]))

static void *region;
static struct ck_ipc_chan snap_chan; /* Linux's handle */
static struct ck_trace_snap snap;

/* The sampling task: every 1 ms a clock read into the trace; at release
 * freeze_at[k] a freeze with value k + 1 (0: none); a busy task below
 * it keeps the publisher away while busy_ms[] says. */
static struct ck_task sampler, busy;
static uint32_t releases, freeze_at[2], froze[2];
static uint64_t release_ns[64], freeze_ns[2];
static uint32_t busy_ms;
static ck_sem_t busy_go;
static int busy_saw; /* the state block read at the end of the busy time */

static void sampler_body(void *arg)
{
	uint32_t k;

	(void)arg;
	assert_int_equal(ck_task_set_periodic(MS, MS), 0);
	for (;;) {
		uint64_t now;

		ck_task_wait_period();
		now = ck_clock_now();
		ck_trace_clock(now);
		if (releases < 64)
			release_ns[releases] = (releases + 1u) * MS;
		releases++;
		for (k = 0; k < 2; k++) {
			if (releases != freeze_at[k])
				continue;
			froze[k] = ck_trace_freeze(k + 1u, releases, 0x5e55u);
			freeze_ns[k] = now;
			if (busy_ms)
				(void)ck_sem_post(&busy_go);
		}
	}
}

/* Busy for busy_ms once woken (RT interrupts still taken), above the
 * publisher (CK_PRIO_MIN). */
static void busy_body(void *arg)
{
	(void)arg;
	while (ck_sem_wait(&busy_go) == 0) {
		sim_advance(busy_ms * MS);
		busy_saw = ck_ipc_state_read(region, &snap_chan, &snap, sizeof(snap));
	}
}

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	assert_int_equal(posix_memalign(&region, 8, REGION), 0);
	memset(region, 0, REGION);
	assert_int_equal(ck_shm_init(region, REGION), 0);
	assert_int_equal(trace_init(), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_TRACE_STATE,
				     CK_IPC_SIDE_LINUX, &snap_chan), 0);
	releases = 0;
	busy_ms = 0;
	memset(&busy_go, 0, sizeof(busy_go)); /* a waiter of the last test */
	assert_int_equal(ck_sem_init(&busy_go, 0), 0);
	memset(freeze_at, 0, sizeof(freeze_at));
	memset(froze, 0, sizeof(froze));
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	ck_trace_stop();
	free(region);
	return 0;
}

/* Read the published snapshot as Linux does; check its shape: the size
 * the header says, monotonic timestamps. Return its events. */
static uint32_t read_snapshot(void)
{
	int n = ck_ipc_state_read(region, &snap_chan, &snap, sizeof(snap));
	uint32_t i;

	assert_true(n > 0);
	assert_true(snap.events <= CK_TRACE_EVENTS);
	assert_int_equal(n, ck_trace_snap_bytes(snap.events));
	assert_int_equal(snap.clock_hz, 1000000000u);
	for (i = 1; i < snap.events; i++)
		assert_true(snap.ev[i].ts_ns >= snap.ev[i - 1].ts_ns);
	return snap.events;
}

static uint64_t rec_ns(const struct ck_trace_rec *r)
{
	return (uint64_t)r->b << 32 | r->a;
}

/* The last release before the freeze at @end (its index): the release
 * pattern in order, the timer's expiry its release point, the task's
 * read the clock value, the names and priorities right. */
static void check_last_release(uint32_t end, uint64_t release, uint64_t read)
{
	uint32_t first = end - (uint32_t)RELEASE_EVENTS, i;

	assert_true(end >= RELEASE_EVENTS);
	for (i = 0; i < RELEASE_EVENTS; i++)
		assert_int_equal(snap.ev[first + i].event, release_events[i]);
	assert_string_equal(snap.ev[first].task, "root");
	assert_int_equal(snap.ev[first].prio, -1);
	assert_int_equal(snap.ev[first + 1].b, sim_board.timer->line);
	assert_int_equal(rec_ns(&snap.ev[first + 3]), release);
	assert_string_equal(snap.ev[first + 3].task, "sampler");
	assert_string_equal(snap.ev[first + 4].task, "sampler");
	assert_int_equal(snap.ev[first + 5].prio, 20);
	assert_int_equal((int32_t)snap.ev[first + 5].a, -1);
	assert_int_equal(rec_ns(&snap.ev[first + 7]), read);
	/* the clock read's timestamp is the read itself (1 GHz: exact) */
	assert_int_equal(snap.ev[first + 7].ts_ns, read);
	assert_true(snap.ev[first + 3].ts_ns >= release);
}

static void test_start_stop_switch_the_entry(void **state)
{
	(void)state;
	assert_true(sim_rt_handler_is(ck_rt_irq_handle));
	ck_trace_start();
	assert_true(sim_rt_handler_is(ck_rt_irq_handle_traced));
	ck_trace_stop();
	assert_true(sim_rt_handler_is(ck_rt_irq_handle));
	/* off: a freeze does nothing, nothing is published */
	assert_false(ck_trace_freeze(1, 2, 3));
	assert_int_equal(ck_ipc_state_read(region, &snap_chan, &snap, sizeof(snap)),
			 -CK_EAGAIN);
	assert_int_equal(trace_snapshot(&snap), -CK_EAGAIN);
}

/* 40 releases fill the 128-event ring several times: the snapshot holds
 * the newest 128, the older ones counted, the last release intact. */
static void test_wrap_around_then_freeze(void **state)
{
	(void)state;
	assert_int_equal(sim_task(&sampler, 20, sampler_body, NULL), 0);
	sampler.name = "sampler";
	freeze_at[0] = 40;
	ck_trace_start();
	sim_start();
	sim_run_until(45 * MS);
	assert_true(froze[0]);
	assert_int_equal(read_snapshot(), CK_TRACE_EVENTS);
	assert_int_equal(snap.freezes, 1);
	assert_true(snap.lost >= 40 * RELEASE_EVENTS - CK_TRACE_EVENTS);
	assert_int_equal(snap.value, 1);
	assert_int_equal(snap.tag, 40);
	assert_int_equal(snap.session, 0x5e55u);
	assert_int_equal(snap.ev[CK_TRACE_EVENTS - 1].event, CK_TRACE_FREEZE);
	assert_int_equal(snap.ev[CK_TRACE_EVENTS - 1].a, 1);
	check_last_release(CK_TRACE_EVENTS - 1, release_ns[39], freeze_ns[0]);
}

/* The freeze stops recording: while a busy task keeps the publisher
 * away for 5 ms, five releases pass unrecorded; the snapshot ends with
 * the freeze. A second freeze after the re-arm holds only events after
 * the first snapshot. */
static void test_freeze_stops_then_rearms(void **state)
{
	(void)state;
	assert_int_equal(sim_task(&sampler, 20, sampler_body, NULL), 0);
	sampler.name = "sampler";
	assert_int_equal(sim_task(&busy, 10, busy_body, NULL), 0);
	busy_ms = 5;
	freeze_at[0] = 3;
	freeze_at[1] = 12;
	ck_trace_start();
	sim_start();
	sim_run_until(10 * MS);
	assert_true(froze[0]);
	/* at the end of the busy time the publisher had not run */
	assert_int_equal(busy_saw, -CK_EAGAIN);
	read_snapshot();
	assert_int_equal(snap.freezes, 1);
	assert_int_equal(snap.lost, 0);
	assert_int_equal(snap.ev[snap.events - 1].event, CK_TRACE_FREEZE);
	assert_true(snap.ev[snap.events - 1].ts_ns < 4 * MS);
	check_last_release(snap.events - 1, release_ns[2], freeze_ns[0]);

	sim_run_until(20 * MS);
	assert_true(froze[1]);
	read_snapshot();
	assert_int_equal(snap.freezes, 2);
	assert_int_equal(snap.value, 2);
	assert_int_equal(snap.tag, 12);
	/* re-armed after the first publication (busy until 8 ms) */
	assert_true(snap.ev[0].ts_ns > 8 * MS);
	check_last_release(snap.events - 1, release_ns[11], freeze_ns[1]);
	/* a freeze while tracing is off is refused; the snapshot stays */
	ck_trace_stop();
	assert_false(ck_trace_freeze(9, 9, 9));
	sim_run_until(22 * MS);
	read_snapshot();
	assert_int_equal(snap.freezes, 2);
}

/* Linux scribbles over the state block: the publication is refused (the
 * channel faulted), sampling and re-arming go on; after Linux asks for a
 * reset, the next freeze is published whole. */
static void test_corrupt_block_costs_rt_nothing(void **state)
{
	volatile struct ck_ipc_state_hdr *st;

	(void)state;
	assert_int_equal(sim_task(&sampler, 20, sampler_body, NULL), 0);
	sampler.name = "sampler";
	freeze_at[0] = 3;
	freeze_at[1] = 8;
	st = (volatile struct ck_ipc_state_hdr *)((char *)region + snap_chan.off);
	st->seq = 0x12345677u;
	st->len = 0xffffffffu;
	ck_trace_start();
	sim_start();
	sim_run_until(6 * MS);
	assert_true(froze[0]);
	assert_true(ck_ipc_faulted(region, &snap_chan));
	assert_int_equal(releases, 6);
	assert_int_equal(ck_ipc_request_reset(region, &snap_chan), 0);
	sim_run_until(10 * MS);
	assert_true(froze[1]);
	assert_int_equal(releases, 10);
	read_snapshot();
	assert_int_equal(snap.freezes, 2);
	assert_int_equal(snap.value, 2);
	check_last_release(snap.events - 1, release_ns[7], freeze_ns[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_start_stop_switch_the_entry,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrap_around_then_freeze,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_freeze_stops_then_rearms,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_corrupt_block_costs_rt_nothing,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
