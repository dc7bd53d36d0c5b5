// SPDX-License-Identifier: MIT
/*
 * test_latency_app.c - the RT latency and switchbench apps on the sim arch:
 * records once per second on "latency.data", START/STOP through
 * "latency.ctl" (task and timer-handler modes), the final histogram, the
 * console RTD line, the switchbench state block, a corrupt control ring,
 * garbage control messages (counted in the ring's `invalid`), a START
 * below the board's shortest period (refused, told to Linux, sampling
 * untouched), a release that fails (stopped, told to Linux).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

/* The apps are built into this test as they are into the image. */
#include "../../cokernel/apps/latency.c"
#include "../../cokernel/apps/switchbench.c"

#define REGION CK_IPC_REGION_BYTES_DEFAULT
#define MS 1000000ull

static void *region;

/* Console lines reach the UART when the root context drains them. */
static const char *uart(void)
{
	int i;

	for (i = 0; i < 64; i++)
		console_drain();
	return sim_uart_output();
}

static int boot(const struct sim_config *cfg)
{
	sim_boot(cfg);
	memset(&lat, 0, sizeof(lat));
	memset(&swb, 0, sizeof(swb));
	assert_int_equal(posix_memalign(&region, 8, REGION), 0);
	memset(region, 0, REGION);
	assert_int_equal(ck_shm_init(region, REGION), 0);
	return 0;
}

static int setup(void **state)
{
	(void)state;
	return boot(NULL);
}

/* A board whose shortest period is 20 us, as r2d's (bsp/r2d/board.c). */
static int setup_min_20us(void **state)
{
	static const struct sim_config cfg = { .event_min_period_ns = 20000 };

	(void)state;
	return boot(&cfg);
}

static int teardown(void **state)
{
	(void)state;
	free(region);
	return 0;
}

static int read_recs(struct ck_ipc_chan *data, struct ck_lat_rec *r, int max)
{
	int n = 0;

	while (n < max &&
	       ck_ipc_recv(region, data, &r[n], sizeof(r[0])) ==
		       (int)sizeof(r[0]))
		n++;
	return n;
}

/* Start the latency app and open its ctl and data rings as Linux. */
static void open_app(struct ck_ipc_chan *ctl, struct ck_ipc_chan *data)
{
	assert_int_equal(latency_init(), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_CTL,
				     CK_IPC_SIDE_LINUX, ctl), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_DATA,
				     CK_IPC_SIDE_LINUX, data), 0);
}

static void test_latency_default_then_commands(void **state)
{
	struct ck_ipc_chan ctl, data, hist;
	struct ck_lat_rec r[16];
	struct ck_lat_cmd c;
	static struct ck_lat_hist h;
	int n, i;
	uint32_t total;

	(void)state;
	assert_int_equal(latency_init(), 0);
	assert_true(lat.ipc);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_CTL,
				     CK_IPC_SIDE_LINUX, &ctl), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_DATA,
				     CK_IPC_SIDE_LINUX, &data), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_HIST,
				     CK_IPC_SIDE_LINUX, &hist), 0);
	sim_start();
	sim_run_until(2500 * MS);

	/* default: RT task, 1 ms, one record per second, console on, no
	 * warm-up (the boot session reports from its first second) */
	n = read_recs(&data, r, 16);
	assert_int_equal(n, 2);
	assert_int_equal(r[0].seq, 0);
	assert_false(r[0].flags & CK_LAT_REC_WARMUP);
	assert_int_equal(r[1].seq, 1);
	assert_false(r[1].flags & CK_LAT_REC_WARMUP);
	for (i = 0; i < n; i++) {
		assert_int_equal(r[i].mode, CK_LAT_MODE_TASK);
		assert_int_equal(r[i].period_ns, 1000000);
		assert_int_equal(r[i].samples + r[i].overruns, 1000);
		assert_true(r[i].min_ns >= 0);
		assert_true(r[i].min_ns <= r[i].avg_ns);
		assert_true(r[i].avg_ns <= r[i].max_ns);
		assert_int_equal(r[i].prio, LAT_PRIO);
	}
	assert_non_null(strstr(uart(), "RTH|----lat min|----lat avg|----lat max|-overrun|---msw|---lat best|--lat worst"));
	assert_non_null(strstr(uart(), "RTD|"));
	if (getenv("CK_TEST_VERBOSE"))
		fputs(uart(), stderr);

	/* Linux switches to the timer-handler mode at 500 us */
	memset(&c, 0, sizeof(c));
	c.cmd = CK_LAT_CMD_START;
	c.mode = CK_LAT_MODE_TIMER;
	c.period_ns = 500000;
	c.session = 0xabcd;
	c.warmup_s = 1;
	c.bucket_ns = 1000;
	c.cells = 100;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_uart_clear();
	sim_run_until(sim_now() + 3100 * MS);
	n = read_recs(&data, r, 16);
	assert_true(n >= 3);
	total = 0;
	for (i = 0; i < n; i++) {
		if (r[i].session != 0xabcd)
			continue; /* the old session's last second */
		assert_int_equal(r[i].mode, CK_LAT_MODE_TIMER);
		assert_int_equal(r[i].period_ns, 500000);
		assert_int_equal(r[i].samples + r[i].overruns, 2000);
		total++;
	}
	assert_true(total >= 3);
	/* console is off for a Linux session (flags = 0) */
	assert_null(strstr(uart(), "RTD|"));

	c.cmd = CK_LAT_CMD_STOP;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 50 * MS);
	assert_int_equal(ck_ipc_state_read(region, &hist, &h, sizeof(h)),
			 (int)sizeof(h));
	assert_int_equal(h.session, 0xabcd);
	assert_int_equal(h.final, 1);
	assert_int_equal(h.cells, 100);
	assert_true(h.samples >= 2 * 2000);
	total = 0;
	for (i = 0; i < 100; i++)
		total += h.hits[i];
	assert_int_equal(total, h.samples);
	/* stopped: no more records */
	sim_run_until(sim_now() + 1500 * MS);
	(void)read_recs(&data, r, 16);
	sim_run_until(sim_now() + 1500 * MS);
	assert_int_equal(read_recs(&data, r, 16), 0);

	/* back to the RT task mode */
	c.cmd = CK_LAT_CMD_START;
	c.mode = CK_LAT_MODE_TASK;
	c.period_ns = 250000;
	c.session = 7;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 2100 * MS);
	n = read_recs(&data, r, 16);
	assert_true(n >= 2);
	assert_int_equal(r[n - 1].session, 7);
	assert_int_equal(r[n - 1].samples + r[n - 1].overruns, 4000);
}

/* The histogram holds the samples of the seconds Linux was sent, after
 * warm-up: a STOP in the middle of a second leaves that second's samples
 * out, as its record never comes (latency -T 3 prints 3 x 1000 samples
 * in its avg histogram, as its 3 RTD lines). */
static void test_histogram_is_the_published_seconds(void **state)
{
	struct ck_ipc_chan ctl, data, hist;
	struct ck_lat_rec r[16];
	struct ck_lat_cmd c;
	static struct ck_lat_hist h;
	uint32_t sum = 0, total = 0;
	int n, i;

	(void)state;
	open_app(&ctl, &data);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_HIST,
				     CK_IPC_SIDE_LINUX, &hist), 0);
	sim_start();
	sim_run_until(100 * MS);
	(void)read_recs(&data, r, 16); /* nothing of the boot session */
	c = (struct ck_lat_cmd){ .cmd = CK_LAT_CMD_START,
				 .mode = CK_LAT_MODE_TASK, .period_ns = 1000000,
				 .session = 0x5e55, .warmup_s = 1,
				 .bucket_ns = 1000, .cells = 100 };
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 3500 * MS); /* warm-up, 2 seconds, half */
	c.cmd = CK_LAT_CMD_STOP;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 50 * MS);
	n = read_recs(&data, r, 16);
	for (i = 0; i < n; i++)
		if (r[i].session == 0x5e55 && !(r[i].flags & CK_LAT_REC_WARMUP))
			sum += r[i].samples;
	assert_int_equal(sum, 2 * 1000);
	assert_int_equal(ck_ipc_state_read(region, &hist, &h, sizeof(h)),
			 (int)sizeof(h));
	assert_int_equal(h.session, 0x5e55);
	assert_int_equal(h.final, 1);
	assert_int_equal(h.samples, sum);
	for (i = 0; i < 100; i++)
		total += h.hits[i];
	assert_int_equal(total, sum);
}

static void test_latency_survives_corrupt_ctl(void **state)
{
	struct ck_ipc_chan ctl, data;
	struct ck_ipc_ring_hdr *rh;
	struct ck_lat_rec r[16];
	struct ck_lat_cmd c;

	(void)state;
	open_app(&ctl, &data);
	sim_start();
	sim_run_until(100 * MS);
	rh = (struct ck_ipc_ring_hdr *)((uint8_t *)region + ctl.off);
	rh->head = 0xdeadbeef;
	rh->tail = 0x12345678;
	sim_run_until(1500 * MS);
	assert_true(lat.ctl.faulted);
	assert_int_equal(lat.ctl.faults, 1);
	assert_non_null(strstr(uart(),
			       "latency: channel latency.ctl faulted (1 faults), RT carries on"));
	/* sampling carried on */
	assert_int_equal(read_recs(&data, r, 16), 1);
	/* Linux asks for a reset and is heard at the next period */
	assert_int_equal(ck_ipc_request_reset(region, &ctl), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_false(ck_ipc_faulted(region, &ctl));
	memset(&c, 0, sizeof(c));
	c.cmd = CK_LAT_CMD_STOP;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(lat.mode, CK_LAT_MODE_STOPPED);
}

static uint32_t ctl_invalid(const struct ck_ipc_chan *ctl)
{
	struct ck_ipc_info info;

	assert_int_equal(ck_ipc_info(region, REGION, ctl->idx, &info), 0);
	return info.invalid;
}

/* Drain latency.data; return the seq of the last record (or @last). */
static uint32_t last_seq(struct ck_ipc_chan *data, uint32_t last)
{
	struct ck_lat_rec r;

	while (ck_ipc_recv(region, data, &r, sizeof(r)) == (int)sizeof(r))
		last = r.seq;
	return last;
}

static void test_garbage_ctl_counted_sampling_goes_on(void **state)
{
	struct ck_ipc_chan ctl, data;
	struct ck_lat_cmd c;
	uint32_t seq;

	(void)state;
	open_app(&ctl, &data);
	sim_start();
	sim_run_until(1100 * MS);
	seq = last_seq(&data, 0xffffffffu);
	assert_int_equal(seq, 0);
	assert_int_equal(ctl_invalid(&ctl), 0);

	/* a message shorter than a command */
	assert_int_equal(ck_ipc_send(region, &ctl, "junk", 4), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 1);
	assert_non_null(strstr(uart(), "latency: control message of wrong "
				       "size, bytes 4 ignored"));
	/* an unknown command */
	memset(&c, 0, sizeof(c));
	c.cmd = 99;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 2);
	assert_non_null(strstr(uart(), "latency: unknown command 99 ignored"));
	/* a START whose period is out of range */
	c.cmd = CK_LAT_CMD_START;
	c.mode = CK_LAT_MODE_TASK;
	c.period_ns = 5;
	c.bucket_ns = 1000;
	c.cells = 10;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 3);

	/* none of it is a fault, and the boot session samples on */
	assert_false(ck_ipc_faulted(region, &ctl));
	assert_int_equal(lat.ctl.faults, 0);
	assert_int_equal(lat.mode, CK_LAT_MODE_TASK);
	assert_int_equal(lat.period_ns, CK_LAT_PERIOD_DEFAULT_NS);
	sim_run_until(3100 * MS);
	assert_int_equal(last_seq(&data, seq), 2);
}

static void send_start(struct ck_ipc_chan *ctl, uint32_t mode,
		       uint32_t period_ns, uint32_t session)
{
	const struct ck_lat_cmd c = {
		.cmd = CK_LAT_CMD_START, .mode = mode, .period_ns = period_ns,
		.session = session, .bucket_ns = 1000, .cells = 100,
	};

	assert_int_equal(ck_ipc_send(region, ctl, &c, sizeof(c)), 0);
}

/* Drain latency.data: the records of @session into @r (at most @max), and
 * of the sampling session in force the count (*@others) and the last. */
static int recs_of(struct ck_ipc_chan *data, uint32_t session,
		   struct ck_lat_rec *r, int max, int *others,
		   struct ck_lat_rec *other)
{
	struct ck_lat_rec x;
	int n = 0;

	*others = 0;
	while (ck_ipc_recv(region, data, &x, sizeof(x)) == (int)sizeof(x)) {
		if (x.session == session && n < max) {
			r[n++] = x;
		} else if (x.session != session) {
			*other = x;
			(*others)++;
		}
	}
	return n;
}

/*
 * The user's `latency -p 10` on a board whose shortest period is 20 us: the
 * RT side refuses the START with one CK_LAT_REC_REFUSED record (session
 * echoed, period_ns = 20000, no samples), says it on the console, and the
 * sampling in force goes on untouched (same session, mode and period, its
 * seconds whole): in the task mode and in the timer-handler mode. The
 * shortest period itself runs. Before the refusal existed the task
 * retried the failing ck_task_set_periodic() in a loop.
 */
static void test_start_below_the_boards_shortest_is_refused(void **state)
{
	struct ck_ipc_chan ctl, data;
	struct ck_lat_rec r[4], other;
	int n, others;
	uint32_t mode;

	(void)state;
	assert_int_equal(ck_timer_min_period_ns(), 20000);
	open_app(&ctl, &data);
	sim_start();
	for (mode = CK_LAT_MODE_TASK; mode <= CK_LAT_MODE_TIMER; mode++) {
		/* the session in force: @mode at 500 us */
		send_start(&ctl, mode, 500000, 100 + mode);
		sim_run_until(sim_now() + 1100 * MS);
		(void)recs_of(&data, 0, r, 4, &others, &other);
		sim_uart_clear();

		send_start(&ctl, mode, 10000, 0xbad0 + mode);
		sim_run_until(sim_now() + 2000 * MS);
		n = recs_of(&data, 0xbad0 + mode, r, 4, &others, &other);
		assert_int_equal(n, 1);
		assert_int_equal(r[0].flags, CK_LAT_REC_REFUSED);
		assert_int_equal(r[0].period_ns, 20000);
		assert_int_equal(r[0].mode, mode);
		assert_int_equal(r[0].samples, 0);
		assert_int_equal(r[0].seq, 0);
		assert_non_null(strstr(uart(), "latency: 10000 ns period refused: "
					       "this board's shortest is 20000 ns"));
		/* untouched: two more whole seconds of the session in force */
		assert_int_equal(lat.mode, mode);
		assert_int_equal(lat.period_ns, 500000);
		assert_int_equal(others, 2);
		assert_int_equal(other.session, 100 + mode);
		assert_int_equal(other.flags, 0);
		assert_int_equal(other.samples + other.overruns, 2000);
	}
	/* the shortest period runs */
	send_start(&ctl, CK_LAT_MODE_TASK, 20000, 0x600d);
	sim_run_until(sim_now() + 2100 * MS);
	n = recs_of(&data, 0x600d, r, 4, &others, &other);
	assert_true(n >= 1);
	assert_int_equal(r[n - 1].flags, 0);
	assert_int_equal(r[n - 1].period_ns, 20000);
	assert_int_equal(r[n - 1].samples + r[n - 1].overruns, 50000);
}

/*
 * A release that fails in a sampling loop (here the boot session's period
 * set below the board's shortest behind the START check's back) stops the
 * app: a console line, one CK_LAT_REC_REFUSED record for the session, then
 * the stopped loop, which takes the next START. Before, the task retried
 * the release in a loop: the sim never returned (the runner's timeout).
 */
static void test_release_failure_stops_and_tells_linux(void **state)
{
	struct ck_ipc_chan ctl, data;
	struct ck_lat_rec r[4], other;
	int n, others;

	(void)state;
	open_app(&ctl, &data);
	lat.period_ns = 10000;
	sim_start();
	sim_run_until(50 * MS);
	n = read_recs(&data, r, 4);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].flags, CK_LAT_REC_REFUSED);
	assert_int_equal(r[0].session, 0);
	assert_int_equal(r[0].mode, CK_LAT_MODE_TASK);
	assert_int_equal(r[0].period_ns, 20000);
	assert_int_equal(lat.mode, CK_LAT_MODE_STOPPED);
	assert_non_null(strstr(uart(), "latency: ck_task_set_periodic() failed "
				       "(-22) at a 10000 ns period: stopped"));
	sim_run_until(sim_now() + 1000 * MS);
	assert_int_equal(read_recs(&data, r, 4), 0);
	send_start(&ctl, CK_LAT_MODE_TASK, 500000, 9);
	sim_run_until(sim_now() + 1100 * MS);
	n = recs_of(&data, 9, r, 4, &others, &other);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].flags, 0);
	assert_int_equal(r[0].samples + r[0].overruns, 2000);
}

static void test_console_fmt_us(void **state)
{
	char b[16];

	(void)state;
	assert_string_equal(lat_fmt_us(b, 1234, 11), "      1.234");
	assert_string_equal(lat_fmt_us(b, -250, 11), "     -0.250");
	assert_string_equal(lat_fmt_us(b, 0, 11), "      0.000");
	assert_string_equal(lat_fmt_us(b, 2000000005, 11), "2000000.005");
	assert_string_equal(lat_fmt_us(b, INT32_MIN, 11), "-2147483.648");
}

static void test_switchbench(void **state)
{
	struct ck_ipc_chan st;
	struct ck_swb_result res;

	(void)state;
	assert_int_equal(switchbench_init(), 0);
	assert_int_equal(latency_init(), 0); /* as booted: its releases tick */
	sim_start();
	sim_run_until(10 * MS);
	assert_int_equal(ck_ipc_open(region, REGION, CK_SWB_STATE,
				     CK_IPC_SIDE_LINUX, &st), 0);
	assert_int_equal(ck_ipc_state_read(region, &st, &res, sizeof(res)),
			 (int)sizeof(res));
	assert_int_equal(res.runs, 1);
	assert_int_equal(res.switches, 2 * SWB_ROUNDS);
	assert_true(res.min_ns <= res.avg_ns || res.avg_ns == 0);
	assert_true(res.max_ns >= res.min_ns);
	assert_non_null(strstr(uart(), "switchbench: 20000 switches"));

	/* `ckipc corrupt switchbench`, then `ckipc reset`: the watchdog's
	 * slow poll publishes the same result again, the corruption counted */
	{
		struct ck_ipc_state_hdr *h =
			(struct ck_ipc_state_hdr *)((uint8_t *)region + st.off);
		struct ck_ipc_info info;
		struct ck_swb_result again;

		h->seq = 0x12345678u;
		h->len = 0xffffffffu;
		assert_int_equal(ck_ipc_state_read(region, &st, &again,
						   sizeof(again)),
				 -CK_EBADMSG);
		sim_run_until(sim_now() + 100 * MS);
		assert_int_equal(ck_ipc_state_read(region, &st, &again,
						   sizeof(again)),
				 -CK_EBADMSG); /* nobody asked: untouched */
		assert_int_equal(ck_ipc_request_reset(region, &st), 0);
		sim_run_until(sim_now() + 2 * CK_WATCHDOG_TICK_NS);
		assert_int_equal(ck_ipc_state_read(region, &st, &again,
						   sizeof(again)),
				 (int)sizeof(again));
		assert_memory_equal(&again, &res, sizeof(res));
		assert_int_equal(ck_ipc_info(region, REGION, st.idx, &info), 0);
		assert_int_equal(info.faults, 1);
		assert_int_equal(info.flags & CK_IPC_F_FAULTED, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_latency_default_then_commands,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_histogram_is_the_published_seconds, setup,
			teardown),
		cmocka_unit_test_setup_teardown(test_latency_survives_corrupt_ctl,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_garbage_ctl_counted_sampling_goes_on, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_start_below_the_boards_shortest_is_refused,
			setup_min_20us, teardown),
		cmocka_unit_test_setup_teardown(
			test_release_failure_stops_and_tells_linux,
			setup_min_20us, teardown),
		cmocka_unit_test_setup_teardown(test_console_fmt_us, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_switchbench, setup,
						teardown),
	};

	return cmocka_run_group_tests_name("latency_app", tests, NULL, NULL);
}
