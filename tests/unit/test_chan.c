// SPDX-License-Identifier: MIT
/*
 * test_chan.c - channel doorbells (ck/chan.h, core/chan.c, the vPIC's
 * notify op and its ePAPR hypercall): waits, deadlines, the order of
 * waiters, the notify timer's rate bound, blocking receive, sends that
 * ring Linux's doorbell, and two race tests of CHAN_RACE_ITERS (default
 * 10^6) messages each that prove neither direction loses a wake-up:
 *  - Linux -> RT: the root (Linux) sends and notifies with random gaps
 *    while an RT receiver blocks in ck_chan_recv() or, now and then,
 *    sleeps and drains by polls (leaving stale notifications behind);
 *  - RT -> Linux: an RT sender posts in random bursts and pauses while
 *    the root runs a model of a libckipc reader on the UIO device (event
 *    count read before the ring is checked, block until it changes) and
 *    of Linux's interrupt entry (next_pending() until -1, one UIO event per
 *    IPC vIRQ) at random points.
 * A lost wake-up shows as a receiver blocked while a message it was told
 * of waits in its ring for longer than the doorbell takes.
 */
#include <stdlib.h>
#include <string.h>
#include <ck/chan.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include <ck_guest.h>
#include "sim_test.h"

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS
#define REGION 65536u
#define VIRQ_IPC (SIM_NR_LINUX_LINES + CK_VIRQ_SOFT_IPC)
#define GAP_NS 2000u /* the sim's shortest timer period (sim.h default) */
#define IRQ_LINE 9u

/* ePAPR status codes (Linux uapi/asm/epapr_hcalls.h) */
#define EV_SUCCESS 0u
#define EV_EINVAL 8u
#define EV_INVALID_STATE 11u
#define EV_UNIMPLEMENTED 12u

void ck_epapr_hcall(uint32_t token, uint32_t r[8]);

static void *region;
static struct ck_task tk[4];
/* "cmd": Linux -> RT ring; "tele": RT -> Linux ring, reject when full */
static struct ck_ipc_chan cmd_rt, cmd_lx, tele_rt, tele_lx;

static int boot(bool attach)
{
	if (attach) {
		if (sim_guest_up())
			return -1;
	} else {
		sim_boot(NULL);
		guest_init();
	}
	if (posix_memalign(&region, 8, REGION))
		return -1;
	memset(region, 0, REGION);
	if (ck_shm_init(region, REGION) ||
	    ck_ipc_ring_create(region, REGION, "cmd", CK_IPC_RING_LX2RT, 8, 8,
			       0, &cmd_rt) ||
	    ck_ipc_ring_create(region, REGION, "tele", CK_IPC_RING_RT2LX, 8,
			       8, 0, &tele_rt) ||
	    ck_ipc_open(region, REGION, "cmd", CK_IPC_SIDE_LINUX, &cmd_lx) ||
	    ck_ipc_open(region, REGION, "tele", CK_IPC_SIDE_LINUX, &tele_lx))
		return -1;
	return 0;
}

static int setup(void **state)
{
	(void)state;
	return boot(true);
}

static int setup_unattached(void **state)
{
	(void)state;
	return boot(false);
}

static int teardown(void **state)
{
	(void)state;
	free(region);
	region = NULL;
	return 0;
}

static int notify(const struct ck_ipc_chan *ch)
{
	return ck_guest_page.notify(ch->idx);
}

/* ------------------------------------------------------------------ */

static void body_wait_log(void *arg)
{
	uint64_t deadline = (uint64_t)(uintptr_t)arg;
	uint32_t fired = 0;
	int err = ck_chan_wait(ck_chan_bit(&cmd_rt), deadline, &fired);

	sim_log(err);
	sim_log((long)fired);
	sim_log((long)ck_clock_now());
}

/* A notify that comes while nobody waits is kept for the next wait. */
static void notify_before_wait_is_kept(void **state)
{
	(void)state;
	sim_start();
	assert_int_equal(notify(&cmd_lx), 0);
	sim_advance(10 * US);  /* the notify timer runs: nobody waits */
	sim_task(&tk[0], 3, body_wait_log, (void *)(uintptr_t)CK_INFINITE);
	assert_log(0, (long)ck_chan_bit(&cmd_rt), (long)(10 * US));
	/* taken: the next wait times out at its deadline */
	sim_task(&tk[1], 3, body_wait_log, (void *)(uintptr_t)(20 * US));
	sim_advance(30 * US);
	assert_int_equal(sim_log_len(), 6);
	assert_int_equal(sim_log_at(3), -CK_ETIMEDOUT);
	assert_int_equal(sim_log_at(4), 0);
	assert_int_equal(sim_log_at(5), 20 * US);
}

/* A blocked waiter wakes from the notify timer, at once. */
static void notify_wakes_the_waiter(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_wait_log, (void *)(uintptr_t)CK_INFINITE);
	sim_start();
	sim_advance(100 * US);
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(notify(&cmd_lx), 0);
	sim_advance(1 * US);
	assert_int_equal(sim_log_len(), 3);
	assert_int_equal(sim_log_at(0), 0);
	assert_int_equal(sim_log_at(1), (long)ck_chan_bit(&cmd_rt));
	assert_true(sim_log_at(2) >= (long)(100 * US) &&
		    sim_log_at(2) <= (long)(101 * US));
}

/* However often Linux notifies, the notify timer runs at most once per
 * shortest timer period: a storm costs RT one wake-up per period. */
static void notify_storm_is_rate_bound(void **state)
{
	unsigned int irqs, i;

	(void)state;
	sim_start();
	sim_advance(10 * US);
	irqs = sim_irq_count();
	for (i = 0; i < 1000; i++) {
		assert_int_equal(notify(&cmd_lx), 0);
		sim_advance(10);   /* 10 ns between calls: 10 us in all */
	}
	sim_advance(GAP_NS);
	/* 10 us of storm: at most one run per 2 us, plus the first */
	assert_true(sim_irq_count() - irqs <= 10u / 2u + 2u);
	assert_true(sim_irq_count() - irqs >= 5u);
}

static void body_wait_twice(void *arg)
{
	(void)arg;
	for (int i = 0; i < 2; i++) {
		sim_log(ck_chan_wait(ck_chan_bit(&cmd_rt), CK_INFINITE, NULL));
		sim_log((long)ck_clock_now());
	}
}

/* A notify inside the gap after the notify timer ran is deferred to the
 * gap's end, never dropped. */
static void notify_in_the_gap_is_deferred(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_wait_twice, NULL);
	sim_start();
	sim_advance(10 * US);
	assert_int_equal(notify(&cmd_lx), 0);
	sim_advance(500);
	assert_int_equal(sim_log_len(), 2);
	assert_int_equal(notify(&cmd_lx), 0);     /* 0.5 us after the run */
	sim_advance(10 * US);
	assert_int_equal(sim_log_len(), 4);
	assert_int_equal(sim_log_at(2), 0);
	assert_true(sim_log_at(3) - sim_log_at(1) >= (long)GAP_NS &&
		    sim_log_at(3) - sim_log_at(1) <= (long)GAP_NS + 100);
}

static void body_rt_waits_by_prio(void *arg)
{
	long id = (long)(intptr_t)arg;
	uint32_t fired;

	ck_task_sleep((uint64_t)id * US);      /* order of arrival */
	sim_log(ck_chan_wait(ck_chan_bit(&cmd_rt), CK_INFINITE, &fired) == 0
			? id : -id);
}

/* Several waiters on one channel: most urgent first, FIFO within one;
 * one notify, one waiter. */
static void waiters_by_priority_then_fifo(void **state)
{
	int i;

	(void)state;
	sim_task(&tk[0], 1, body_rt_waits_by_prio, (void *)1);
	sim_task(&tk[1], 5, body_rt_waits_by_prio, (void *)2);
	sim_task(&tk[2], 3, body_rt_waits_by_prio, (void *)3);
	sim_task(&tk[3], 5, body_rt_waits_by_prio, (void *)4);
	sim_start();
	sim_advance(10 * US);
	for (i = 0; i < 4; i++) {
		assert_int_equal(notify(&cmd_lx), 0);
		sim_advance(GAP_NS + 1 * US);
		assert_int_equal(sim_log_len(), (size_t)i + 1);
	}
	assert_log(2, 4, 3, 1);
}

static void body_wait_two(void *arg)
{
	uint32_t fired = 0;

	(void)arg;
	sim_log(ck_chan_wait(ck_chan_bit(&cmd_rt) | ck_chan_bit(&tele_rt),
			     CK_INFINITE, &fired));
	sim_log((long)fired);
}

/* A wait on a set of channels says which of them fired; channels not in
 * the mask do not wake it. */
static void wait_on_a_set(void **state)
{
	(void)state;
	sim_task(&tk[0], 3, body_wait_two, NULL);
	sim_start();
	assert_int_equal(ck_guest_page.notify(7), 0);  /* not in the set */
	sim_advance(10 * US);
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(notify(&tele_lx), 0);
	sim_advance(10 * US);
	assert_log(0, (long)ck_chan_bit(&tele_rt));
	/* channel 7 stays notified for whoever waits on it */
	assert_int_equal(ck_chan_wait(1u << 7, 0, NULL), 0);
}

static enum ck_irq_ret rt_irq_waits(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	sim_log(ck_chan_wait(ck_chan_bit(&cmd_rt), CK_INFINITE, NULL));
	sim_log(ck_chan_wait(ck_chan_bit(&cmd_rt), 0, NULL));
	sim_log(ck_chan_recv(&cmd_rt, NULL, 0, CK_INFINITE));
	return CK_IRQ_HANDLED;
}

/* Bad arguments, polls, the interrupt and root contexts, the op and the
 * hypercall's checks. */
static void errors_and_contexts(void **state)
{
	uint32_t r[8] = { 0 };

	(void)state;
	sim_start();
	assert_int_equal(ck_chan_wait(0, CK_INFINITE, NULL), -CK_EINVAL);
	/* the root context never blocks */
	assert_int_equal(ck_chan_wait(ck_chan_bit(&cmd_rt), CK_INFINITE, NULL),
			 -CK_EAGAIN);
	assert_int_equal(ck_chan_recv(&cmd_rt, NULL, 0, CK_INFINITE),
			 -CK_EAGAIN);
	assert_int_equal(ck_guest_page.notify(CK_NOTIFY_MAX_CHAN), -CK_EINVAL);
	assert_int_equal(ck_guest_page.notify(0xffffffffu), -CK_EINVAL);
	/* in an RT interrupt: polls only */
	assert_int_equal(ck_irq_attach(IRQ_LINE, rt_irq_waits, NULL), 0);
	sim_irq_raise(IRQ_LINE);
	assert_log(-CK_EPERM, -CK_EAGAIN, -CK_EPERM);
	/* wrong side or kind: ck_ipc's own checks, nothing waits */
	assert_int_equal(ck_chan_recv(&tele_rt, NULL, 0, CK_INFINITE),
			 -CK_EINVAL);
	assert_int_equal(ck_chan_send(&cmd_rt, "x", 1), -CK_EINVAL);
	/* the hypercall: EV_* codes */
	r[0] = cmd_lx.idx;
	ck_epapr_hcall(CK_HCALL_TOKEN(CK_HCALL_IPC_NOTIFY), r);
	assert_int_equal(r[0], EV_SUCCESS);
	r[0] = CK_NOTIFY_MAX_CHAN;
	ck_epapr_hcall(CK_HCALL_TOKEN(CK_HCALL_IPC_NOTIFY), r);
	assert_int_equal(r[0], EV_EINVAL);
	r[0] = 0;
	ck_epapr_hcall(CK_HCALL_TOKEN(99), r);
	assert_int_equal(r[0], EV_UNIMPLEMENTED);
	sim_advance(10 * US);
	assert_int_equal(ck_chan_wait(ck_chan_bit(&cmd_rt), 0, NULL), 0);
}

/* Before attach Linux cannot notify. */
static void notify_before_attach(void **state)
{
	uint32_t r[8] = { 0 };

	(void)state;
	assert_int_equal(ck_guest_page.notify(0), -CK_ENODEV);
	ck_epapr_hcall(CK_HCALL_TOKEN(CK_HCALL_IPC_NOTIFY), r);
	assert_int_equal(r[0], EV_INVALID_STATE);
}

static void body_recv(void *arg)
{
	uint64_t rel = (uint64_t)(uintptr_t)arg;
	uint32_t v = 0;
	int n = ck_chan_recv(&cmd_rt, &v, sizeof(v), ck_clock_now() + rel);

	sim_log(n);
	sim_log((long)v);
	sim_log((long)ck_clock_now());
}

/* ck_chan_recv(): blocks until Linux's send + notify, times out, and ends
 * at once on a corrupt ring. */
static void blocking_receive(void **state)
{
	uint32_t v = 0x1234;

	(void)state;
	sim_task(&tk[0], 3, body_recv, (void *)(uintptr_t)(1 * MS));
	sim_start();
	sim_advance(50 * US);
	assert_int_equal(ck_ipc_send(region, &cmd_lx, &v, sizeof(v)), 0);
	sim_advance(50 * US);  /* no notify: still asleep */
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(notify(&cmd_lx), 0);
	sim_advance(1 * US);
	assert_int_equal(sim_log_len(), 3);
	assert_int_equal(sim_log_at(0), 4);
	assert_int_equal(sim_log_at(1), 0x1234);
	assert_true(sim_log_at(2) >= (long)(100 * US) &&
		    sim_log_at(2) <= (long)(101 * US));
	/* nothing sent: the deadline */
	sim_task(&tk[1], 3, body_recv, (void *)(uintptr_t)(200 * US));
	sim_advance(300 * US);
	assert_int_equal(sim_log_at(3), -CK_ETIMEDOUT);
	assert_int_equal(sim_log_at(5), 301 * US);
	/* Linux scribbles on the ring's head: corrupt, not a wait */
	((struct ck_ipc_ring_hdr *)((char *)region + cmd_lx.off))->head = 99;
	sim_task(&tk[2], 3, body_recv, (void *)(uintptr_t)(200 * US));
	assert_int_equal(sim_log_at(6), -CK_EBADMSG);
	sim_task(&tk[3], 3, body_recv, (void *)(uintptr_t)(200 * US));
	assert_int_equal(sim_log_at(9), -CK_EFAULT);
}

/* Linux's interrupt entry: take every pending vIRQ; an IPC one is one
 * UIO event. */
static unsigned long uio_events;

static void linux_irq(void)
{
	const struct ck_pic *pic = sim_board.pic;
	ck_s32 v;

	while (pic->next_normal(pic, 0) == (int)SIM_DOORBELL_LINE) {
		while ((v = ck_guest_page.next_pending()) >= 0)
			if (v == (ck_s32)VIRQ_IPC)
				uio_events++;
	}
}

static void body_send(void *arg)
{
	uint32_t v = (uint32_t)(uintptr_t)arg;

	sim_log(ck_chan_send(&tele_rt, &v, sizeof(v)));
}

/* ck_chan_send() rings Linux's IPC doorbell, once per message that went
 * in; a refused one rings nothing. */
static void send_rings_linux(void **state)
{
	int i;

	(void)state;
	ck_guest_page.unmask(VIRQ_IPC);
	uio_events = 0;
	sim_start();
	sim_task(&tk[0], 3, body_send, (void *)1);
	linux_irq();
	assert_int_equal(uio_events, 1);
	for (i = 0; i < 7; i++)
		sim_task(&tk[1], 3, body_send, (void *)2);
	linux_irq();
	assert_int_equal(uio_events, 2);    /* coalesced while Linux was out */
	sim_task(&tk[2], 3, body_send, (void *)3);  /* the ring is full */
	assert_int_equal(sim_log_at(8), -CK_EAGAIN);
	linux_irq();
	assert_int_equal(uio_events, 2);
}

/* ------------------------------------------------------------------ */
/* Races                                                               */

static uint64_t rng = 88172645463325252ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static unsigned long race_iters(void)
{
	const char *e = getenv("CHAN_RACE_ITERS");

	return e && *e ? strtoul(e, NULL, 0) : 1000000ul;
}

static struct {
	unsigned long n, received, bad, timeouts, lost, stale_wakes;
	bool in_recv, stop;
} race;

static bool ring_empty(const struct ck_ipc_chan *lx)
{
	struct ck_ipc_info in;

	assert_int_equal(ck_ipc_info(region, REGION, lx->idx, &in), 0);
	return in.head == in.tail;
}

static void body_race_rx(void *arg)
{
	uint32_t v;
	int n;

	(void)arg;
	while (!race.stop) {
		if (rnd(16) == 0) {
			/* away for a while; then drain by polls */
			ck_task_sleep(rnd(40) * US);
			while ((n = ck_chan_recv(&cmd_rt, &v, sizeof(v), 0)) ==
			       (int)sizeof(v))
				race.bad += v != race.received++;
			continue;
		}
		race.in_recv = true;
		n = ck_chan_recv(&cmd_rt, &v, sizeof(v),
				 ck_clock_now() + 10 * MS);
		race.in_recv = false;
		if (n == (int)sizeof(v))
			race.bad += v != race.received++;
		else if (n == -CK_ETIMEDOUT)
			race.timeouts++;
		else
			race.bad++;
	}
}

/* Once the last notify has had time to act (the notify timer's gap and
 * a margin), the receiver is not asleep in ck_chan_recv() beside a
 * message. */
static void race_check_rx(uint64_t t_notify)
{
	if (sim_now() - t_notify >= GAP_NS + 500 && race.in_recv &&
	    !ring_empty(&cmd_lx))
		race.lost++;
}

/* Linux -> RT: no message is left in the ring while the receiver sleeps
 * in ck_chan_recv() once its notify has had time to act. */
static void race_linux_to_rt(void **state)
{
	uint64_t t_notify = 0;
	unsigned long i;
	uint32_t v;

	(void)state;
	memset(&race, 0, sizeof(race));
	race.n = race_iters();
	sim_task(&tk[0], 10, body_race_rx, NULL);
	sim_start();
	for (i = 0; i < race.n; i++) {
		v = (uint32_t)i;
		sim_advance(rnd(3000));
		race_check_rx(t_notify);
		while (ck_ipc_send(region, &cmd_lx, &v, sizeof(v)) == -CK_EAGAIN)
			sim_advance(5 * US);
		sim_advance(rnd(2000));          /* RT may run in between */
		t_notify = sim_now();
		assert_int_equal(notify(&cmd_lx), 0);
		/* mostly past the notify timer's gap, now and then inside it */
		sim_advance(rnd(4) ? GAP_NS + 500 + rnd(1000) : rnd(GAP_NS));
		race_check_rx(t_notify);
	}
	sim_advance(1 * MS);
	race.stop = true;
	(void)notify(&cmd_lx);
	sim_advance(1 * MS);
	print_message("%lu messages, %lu received, %lu lost wake-ups, "
		      "%lu timeouts, %lu bad\n", race.n, race.received,
		      race.lost, race.timeouts, race.bad);
	assert_int_equal(race.received, race.n);
	assert_int_equal(race.lost, 0);
	assert_int_equal(race.timeouts, 0);
	assert_int_equal(race.bad, 0);
}

static void body_race_tx(void *arg)
{
	unsigned long seq = 0;
	uint32_t burst, v;

	(void)arg;
	while (seq < race.n) {
		/* mostly short gaps, now and then a long pause */
		ck_task_sleep(rnd(8) ? rnd(4000) + 100 : rnd(200) * US);
		for (burst = rnd(3) + 1; burst && seq < race.n; burst--) {
			v = (uint32_t)seq;
			if (ck_chan_send(&tele_rt, &v, sizeof(v)) == 0)
				seq++;
		}
	}
}

/* A Linux preemption point: time passes (RT may run), and Linux takes its
 * interrupts or not (they may be off there). */
static void lx_point(void)
{
	sim_advance(rnd(1500));
	if (rnd(2))
		linux_irq();
}

/* RT -> Linux: the reader never sleeps on the UIO device while a message
 * whose doorbell rang waits in its ring. */
static void race_rt_to_linux(void **state)
{
	unsigned long listener, stalled;
	uint32_t v;
	int n;

	(void)state;
	memset(&race, 0, sizeof(race));
	race.n = race_iters();
	ck_guest_page.unmask(VIRQ_IPC);
	uio_events = 0;
	sim_task(&tk[0], 10, body_race_tx, NULL);
	sim_start();
	listener = uio_events;                  /* open() */
	while (race.received < race.n) {
		n = ck_ipc_recv(region, &tele_lx, &v, sizeof(v));
		lx_point();
		if (n == (int)sizeof(v)) {
			race.bad += v != race.received++;
			continue;
		}
		if (n != -CK_EAGAIN) {
			race.bad++;
			break;
		}
		/* poll(): readable when the count moved since the last read() */
		for (stalled = 0; uio_events == listener;) {
			sim_advance(1 * US);
			linux_irq();            /* Linux idles: interrupts on */
			stalled = ring_empty(&tele_lx) ? 0 : stalled + 1;
			if (stalled > 2) {      /* told, yet asleep */
				race.lost++;
				break;
			}
		}
		lx_point();
		listener = uio_events;          /* read() */
		lx_point();
	}
	print_message("%lu messages, %lu received, %lu lost wake-ups, %lu bad\n",
		      race.n, race.received, race.lost, race.bad);
	assert_int_equal(race.received, race.n);
	assert_int_equal(race.lost, 0);
	assert_int_equal(race.bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(notify_before_wait_is_kept,
						setup, teardown),
		cmocka_unit_test_setup_teardown(notify_wakes_the_waiter, setup,
						teardown),
		cmocka_unit_test_setup_teardown(notify_storm_is_rate_bound,
						setup, teardown),
		cmocka_unit_test_setup_teardown(notify_in_the_gap_is_deferred,
						setup, teardown),
		cmocka_unit_test_setup_teardown(waiters_by_priority_then_fifo,
						setup, teardown),
		cmocka_unit_test_setup_teardown(wait_on_a_set, setup, teardown),
		cmocka_unit_test_setup_teardown(errors_and_contexts, setup,
						teardown),
		cmocka_unit_test_setup_teardown(notify_before_attach,
						setup_unattached, teardown),
		cmocka_unit_test_setup_teardown(blocking_receive, setup,
						teardown),
		cmocka_unit_test_setup_teardown(send_rings_linux, setup,
						teardown),
		cmocka_unit_test_setup_teardown(race_linux_to_rt, setup,
						teardown),
		cmocka_unit_test_setup_teardown(race_rt_to_linux, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
