// SPDX-License-Identifier: MIT
/*
 * test_latency_tool.c - host test of the Linux tools against a fake region
 * file: this program plays the RT side with the real ipc/ code, runs the
 * host-built `latency` and `ckipc` (from $CK_TOOLS_HOST, set by
 * `make unit`; skipped when unset) with CKIPC_DEV=<file>, and checks the
 * Xenomai 3 line formats column by column.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "ck_ipc.h"
#include "ck_ipc_apps.h"
#include "tool_region.h"
#include "tool_run.h"

#define REGION TOOL_REGION_BYTES

struct fake_rt {
	struct tool_files files; /* setup() opens them */
	struct ck_ipc_chan ctl, data, hist;
	uint32_t session, bucket, cells, mode, period;
	bool started, stopped;
	uint32_t seq;
};

static int setup(void **state)
{
	struct fake_rt *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	tool_files_open(&f->files);
	tool_region_latency(f->files.base, &f->ctl, &f->data, &f->hist);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fake_rt *f = *state;

	tool_files_close(&f->files);
	free(f);
	return 0;
}

static pid_t run_tool(struct fake_rt *f, char *const argv[])
{
	return tool_run(f->files.path, f->files.out, argv);
}

/* One step of the fake RT side: poll ctl, emit one record if started. */
static void fake_rt_step(struct fake_rt *f)
{
	struct ck_lat_cmd c;
	int n = ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c));

	if (n == (int)sizeof(c) && c.cmd == CK_LAT_CMD_START) {
		f->started = true;
		f->session = c.session;
		f->bucket = c.bucket_ns;
		f->cells = c.cells;
		f->mode = c.mode;
		f->period = c.period_ns;
		f->seq = 0;
	} else if (n == (int)sizeof(c) && c.cmd == CK_LAT_CMD_STOP) {
		static struct ck_lat_hist h;

		memset(&h, 0, sizeof(h));
		h.session = f->session;
		h.bucket_ns = f->bucket;
		h.cells = f->cells;
		h.final = 1;
		h.hits[2] = 1500; /* 2..3 us */
		h.hits[3] = 490;
		h.hits[7] = 10;
		h.samples = 2000;
		assert_int_equal(ck_ipc_state_write(f->files.base, &f->hist, &h,
						    sizeof(h)), 0);
		f->started = false;
		f->stopped = true;
	}
	if (f->started) {
		struct ck_lat_rec r = {
			.seq = f->seq,
			.session = f->session,
			.mode = f->mode,
			.period_ns = f->period,
			.min_ns = 1234,
			.avg_ns = 2345,
			.max_ns = 5678 + 1000 * (int32_t)f->seq,
			.overruns = f->seq == 2 ? 3 : 0,
			.samples = 2000,
			.prio = 60,
			.flags = f->seq < 1 ? CK_LAT_REC_WARMUP : 0,
		};
		if (f->seq == 3)
			r.min_ns = -250; /* negative latencies print signed */
		assert_int_equal(ck_ipc_send(f->files.base, &f->data, &r, sizeof(r)),
				 0);
		f->seq++;
	}
}

static void fake_rt_drive(void *f)
{
	fake_rt_step(f);
}

static int wait_tool(struct fake_rt *f, pid_t pid, bool drive)
{
	return tool_wait(pid, drive ? fake_rt_drive : NULL, f);
}

static void test_latency_output_format(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "latency", "-T", "3", "-p", "500", "-h", "-s",
			       "-l", "2", NULL };
	static const int rtd_w[] = { 11, 11, 11, 8, 6, 11, 11 };
	static const int rts_w[] = { 11, 11, 11, 8, 6 };
	const char *out, *l;
	int rc;

	if (!tools_dir())
		skip();
	rc = wait_tool(f, run_tool(f, argv), true);
	out = tool_slurp(f->files.out);
	assert_int_equal(rc, 0);
	assert_true(f->stopped);
	assert_int_equal(f->period, 500000);
	assert_int_equal(f->mode, CK_LAT_MODE_TASK);
	assert_int_equal(f->cells, 300);
	assert_int_equal(f->bucket, 1000);
	assert_non_null(strstr(out, "== Sampling period: 500 us\n"
				    "== Test mode: in-kernel periodic task\n"
				    "== All results in microseconds\n"
				    "warming up...\n"));
	assert_non_null(strstr(out,
		"RTT|  00:00:01  (in-kernel periodic task, 500 us period, priority 60)\n"
		"RTH|----lat min|----lat avg|----lat max|-overrun|---msw|---lat best|--lat worst\n"
		"RTD|      1.234|      2.345|      6.678|       0|     0|      1.234|      6.678\n"
		"RTD|      1.234|      2.345|      7.678|       3|     0|      1.234|      7.678\n"
		"RTT|  00:00:03  (in-kernel periodic task, 500 us period, priority 60)\n"));
	assert_int_equal(tool_count_prefix(out, "RTD|"), 3);
	assert_int_equal(tool_count_prefix(out, "RTH|"), 2);
	for (rc = 0; rc < 3; rc++)
		tool_check_widths(tool_find_line(out, "RTD|", rc), "RTD", rtd_w, 7);
	assert_non_null(strstr(out, "RTD|     -0.250|      2.345|      8.678|       3|     0|     -0.250|      8.678\n"));
	/* histograms: min/max per second, avg from the RT side */
	assert_int_equal(tool_count_prefix(out, "---|--param|----range-|--samples\n"), 3);
	assert_non_null(strstr(out, "HSD|    min|   0 -  1 |        1\n"));
	assert_non_null(strstr(out, "HSD|    min|   1 -  2 |        2\n"));
	assert_non_null(strstr(out, "HSD|    avg|   2 -  3 |     1500\n"));
	assert_non_null(strstr(out, "HSD|    avg|   7 -  8 |       10\n"));
	assert_non_null(strstr(out, "HSD|    max|   8 -  9 |        1\n"));
	assert_non_null(strstr(out, "HSH|--param|--samples-|--average--|---stddev--\n"));
	assert_non_null(strstr(out, "HSS|    min|         3|      0.667|      0.577\n"));
	assert_non_null(strstr(out, "HSS|    avg|      2000| "));
	l = tool_find_line(out, "RTS|", 0);
	tool_check_widths(l, "RTS", rts_w, 5);
	assert_non_null(strstr(out,
		"---|-----------|-----------|-----------|--------|------|-------------------------\n"
		"RTS|     -0.250|      2.345|      8.678|       3|     0|    00:00:03/00:00:03\n"));
	/* histograms come before the summary, summary is last */
	assert_true(strstr(out, "HSS|    max") < l);
	assert_null(strstr(out, "Warning!"));
}

static void test_latency_quiet_timer_mode(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "latency", "-t2", "-q", "-T", "2", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(wait_tool(f, run_tool(f, argv), true), 0);
	out = tool_slurp(f->files.out);
	assert_int_equal(f->mode, CK_LAT_MODE_TIMER);
	assert_non_null(strstr(out, "== Test mode: in-kernel timer handler\n"));
	assert_int_equal(tool_count_prefix(out, "RTD|"), 0);
	assert_int_equal(tool_count_prefix(out, "RTT|"), 0);
	assert_int_equal(tool_count_prefix(out, "RTS|"), 1);
	assert_int_equal(tool_count_prefix(out, "HSD|"), 0);
}

/* -g: Xenomai 3's gnuplot file of the RT side's avg histogram (cells 2, 3
 * and 7 of 1 us hold 1500, 490 and 10 samples): the title, column names
 * and summary as "# " lines, then the points, each cell at its middle with
 * hits + 1, framed by the outer edges at 1; with -g alone the HSH/HSS
 * statistics are printed too, as Xenomai does. */
static void test_latency_gnuplot_file(void **state)
{
	struct fake_rt *f = *state;
	char plot[96];
	char *const argv[] = { "latency", "-T", "3", "-q", "-g", plot, NULL };
	const char *out;

	if (!tools_dir())
		skip();
	snprintf(plot, sizeof(plot), "%s.plot", f->files.path);
	assert_int_equal(wait_tool(f, run_tool(f, argv), true), 0);
	out = tool_slurp(f->files.out);
	assert_non_null(strstr(out, "HSS|    avg|      2000| "));
	assert_non_null(strstr(out, "RTS|     -0.250|"));
	assert_string_equal(tool_slurp(plot),
		"# 00:00:03 (in-kernel periodic task, 1000 us period, priority 60)\n"
		"# ----lat min|----lat avg|----lat max|-overrun|---msw|\n"
		"#      -0.250|      2.345|      8.678|       3|     0|\n"
		"2 1\n2.5 1501\n3.5 491\n4.5 1\n5.5 1\n6.5 1\n7.5 11\n8 1\n");
	unlink(plot);
}

/* -g to a file that cannot be written: said, exit status 1, and the run's
 * results printed all the same. */
static void test_latency_gnuplot_unwritable(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "latency", "-T", "2", "-q", "-g",
			       "/nonexistent-dir/h.dat", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(wait_tool(f, run_tool(f, argv), true), 1);
	out = tool_slurp(f->files.out);
	assert_non_null(strstr(out, "latency: -g /nonexistent-dir/h.dat: cannot "
				    "write the histogram: No such file or directory\n"));
	assert_non_null(strstr(out, "HSH|--param|--samples-|--average--|---stddev--\n"));
	assert_int_equal(tool_count_prefix(out, "RTS|"), 1);
}

static void test_latency_bad_options(void **state)
{
	struct fake_rt *f = *state;
	char *const t0[] = { "latency", "-t0", NULL };
	char *const big[] = { "latency", "-p", "2000000", NULL };
	char *const dopt[] = { "latency", "-D", "1", NULL };

	if (!tools_dir())
		skip();
	assert_int_equal(wait_tool(f, run_tool(f, t0), false), 2);
	assert_non_null(strstr(tool_slurp(f->files.out), "-t0 (periodic user-mode task) is not available"));
	assert_int_equal(wait_tool(f, run_tool(f, big), false), 2);
	assert_non_null(strstr(tool_slurp(f->files.out), "latency: invalid period (> 1s).\n"));
	assert_int_equal(wait_tool(f, run_tool(f, dopt), false), 2);
	assert_false(f->started);
}

static void test_ckipc_corrupt_and_list(void **state)
{
	struct fake_rt *f = *state;
	char *const corrupt[] = { "ckipc", "corrupt", CK_LAT_CTL, NULL };
	char *const list[] = { "ckipc", "list", NULL };
	char *const write[] = { "ckipc", "write", CK_LAT_CTL, "hello", NULL };
	char *const reset[] = { "ckipc", "reset", CK_LAT_CTL, NULL };
	struct ck_lat_cmd c;
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(wait_tool(f, run_tool(f, write), false), 0);
	assert_int_equal(ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c)), 5);
	assert_int_equal(wait_tool(f, run_tool(f, corrupt), false), 0);
	assert_int_equal(ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c)),
			 -CK_EBADMSG);
	assert_true(f->ctl.faulted);
	assert_int_equal(wait_tool(f, run_tool(f, list), false), 0);
	out = tool_slurp(f->files.out);
	assert_non_null(strstr(out, "1 faults detected"));
	assert_non_null(strstr(out, "reject,FAULTED"));
	assert_int_equal(wait_tool(f, run_tool(f, write), false), 1);
	assert_non_null(strstr(tool_slurp(f->files.out), "faulted"));
	/* Linux asks, RT repairs at its next poll (ckipc waits to see it),
	 * traffic resumes */
	assert_int_equal(wait_tool(f, run_tool(f, reset), true), 0);
	assert_non_null(strstr(tool_slurp(f->files.out),
			       "latency.ctl: repaired by the RT side\n"));
	assert_int_equal(ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c)),
			 -CK_EAGAIN);
	assert_false(f->ctl.faulted);
	assert_int_equal(wait_tool(f, run_tool(f, write), false), 0);
	assert_int_equal(ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c)), 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_latency_output_format,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_latency_quiet_timer_mode,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_latency_gnuplot_file,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_latency_gnuplot_unwritable,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_latency_bad_options,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_ckipc_corrupt_and_list,
						setup, teardown),
	};

	return cmocka_run_group_tests_name("latency_tool", tests, NULL, NULL);
}
