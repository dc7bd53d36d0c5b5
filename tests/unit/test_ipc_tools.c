// SPDX-License-Identifier: MIT
/*
 * test_ipc_tools.c - host tests of what a new user meets in the Linux
 * tools: strict option parsing in `latency` (the bad argument is named,
 * exit 2, nothing is started), `latency --help`, one latency at a time
 * (the second says "busy", a killed holder frees the claim), a period
 * the RT side refuses (named, exit 2 at once), no data (the RT fault
 * record named), `ckipc`'s
 * usage errors (stderr, exit 2) and its decoding of the project's
 * channels. This program plays the RT side on a region file; the tools
 * are the host builds in $CK_TOOLS_HOST (make unit sets it; each case
 * skips, visibly, without it).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <signal.h>
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

#define REGION TOOL_REGION_BYTES
#define OUT_BYTES 65536

struct rt {
	char path[64], out_path[80], err_path[80];
	char out[OUT_BYTES], err[OUT_BYTES];
	uint8_t *base;
	struct ck_ipc_chan ctl, data, hist, swb, misc;
	uint32_t session, starts, stops, cells;
	uint32_t min_period_ns; /* non-zero: START below it refused */
	bool started, send_short;
	struct ck_swb_result swb_res; /* switchbench's, once published */
};

static const char *tools_dir(void)
{
	return getenv("CK_TOOLS_HOST");
}

static int setup(void **state)
{
	struct rt *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	snprintf(f->path, sizeof(f->path), "/tmp/ck-tools-XXXXXX");
	f->base = tool_region_map(f->path);
	snprintf(f->out_path, sizeof(f->out_path), "%s.out", f->path);
	snprintf(f->err_path, sizeof(f->err_path), "%s.err", f->path);
	tool_region_latency(f->base, &f->ctl, &f->data, &f->hist);
	assert_int_equal(ck_ipc_state_create(f->base, REGION, CK_SWB_STATE,
					     CK_IPC_STATE_RT2LX,
					     sizeof(struct ck_swb_result),
					     &f->swb),
			 0);
	assert_int_equal(ck_ipc_ring_create(f->base, REGION, "misc",
					    CK_IPC_RING_RT2LX, 40, 4, 0,
					    &f->misc),
			 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct rt *f = *state;

	munmap(f->base, REGION);
	unlink(f->path);
	unlink(f->out_path);
	unlink(f->err_path);
	free(f);
	return 0;
}

/* Start tool argv[0] on the region; stdout and stderr to their files. */
static pid_t start(struct rt *f, char *const argv[])
{
	char prog[512];
	pid_t pid;

	if (!tools_dir())
		skip();
	snprintf(prog, sizeof(prog), "%s/%s", tools_dir(), argv[0]);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int o = open(f->out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int e = open(f->err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (o < 0 || e < 0)
			_exit(127);
		dup2(o, 1);
		dup2(e, 2);
		setenv("CKIPC_DEV", f->path, 1);
		setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
		execv(prog, argv);
		_exit(127);
	}
	return pid;
}

static void slurp(const char *path, char *buf)
{
	FILE *fp = fopen(path, "r");
	size_t n = 0;

	if (fp) {
		n = fread(buf, 1, OUT_BYTES - 1, fp);
		fclose(fp);
	}
	buf[n] = 0;
}

/* One step of the RT side: take commands, send a record per step; a
 * reset of switchbench served as cokernel/apps/switchbench.c does. */
static void rt_step(struct rt *f)
{
	struct ck_lat_cmd c;

	if (f->swb_res.runs && ck_ipc_reset_pending(f->base, &f->swb))
		assert_int_equal(ck_ipc_state_write(f->base, &f->swb,
						    &f->swb_res,
						    sizeof(f->swb_res)), 0);

	while (ck_ipc_recv(f->base, &f->ctl, &c, sizeof(c)) == (int)sizeof(c)) {
		if (c.cmd == CK_LAT_CMD_START &&
		    c.period_ns < f->min_period_ns) {
			struct ck_lat_rec r = {
				.session = c.session, .mode = c.mode,
				.period_ns = f->min_period_ns, .prio = 60,
				.flags = CK_LAT_REC_REFUSED,
			};

			(void)ck_ipc_send(f->base, &f->data, &r, sizeof(r));
		} else if (c.cmd == CK_LAT_CMD_START) {
			f->started = true;
			f->starts++;
			f->session = c.session;
			f->cells = c.cells;
		} else if (c.cmd == CK_LAT_CMD_STOP) {
			static struct ck_lat_hist h;

			/* as the RT app: the session's histogram, 2000
			 * samples in cell 1 */
			memset(&h, 0, sizeof(h));
			h.session = f->session;
			h.bucket_ns = 1000;
			h.cells = f->cells;
			h.samples = h.hits[1] = 2000;
			h.final = 1;
			(void)ck_ipc_state_write(f->base, &f->hist, &h,
						 sizeof(h));
			f->started = false;
			f->stops++;
		}
	}
	if (f->started && f->send_short) { /* once, in the session */
		f->send_short = false;
		(void)ck_ipc_send(f->base, &f->data, "short", 5);
	}
	if (f->started) {
		struct ck_lat_rec r = {
			.session = f->session, .mode = CK_LAT_MODE_TASK,
			.period_ns = 1000000, .min_ns = 1500, .avg_ns = 2000,
			.max_ns = 3000, .samples = 1000, .prio = 60,
		};

		(void)ck_ipc_send(f->base, &f->data, &r, sizeof(r));
	}
}

/* Wait for @pid, driving the RT side meanwhile if @drive; the exit status
 * (128 if killed), outputs in f->out / f->err. */
static int finish(struct rt *f, pid_t pid, bool drive)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	int status, t;

	for (t = 0; t < 1500; t++) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			slurp(f->out_path, f->out);
			slurp(f->err_path, f->err);
			if (getenv("CK_TEST_VERBOSE"))
				fprintf(stderr, "--- out:\n%s--- err:\n%s",
					f->out, f->err);
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
		}
		if (drive)
			rt_step(f);
		nanosleep(&ts, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	fail_msg("tool did not finish");
	return -1;
}

static int run(struct rt *f, char *const argv[])
{
	return finish(f, start(f, argv), false);
}

/* latency with a bad argument: exit 2, a message naming it, no START. */
static void expect_refused(struct rt *f, char *const argv[], const char *msg)
{
	assert_int_equal(run(f, argv), 2);
	if (!strstr(f->err, msg))
		fail_msg("want \"%s\" in:\n%s", msg, f->err);
	rt_step(f);
	assert_int_equal(f->starts, 0);
}

static void test_latency_strict_numbers(void **state)
{
	struct rt *f = *state;
	char *const t_abc[] = { "latency", "-T", "abc", NULL };
	char *const p_abc[] = { "latency", "-p", "abc", NULL };
	char *const p_tail[] = { "latency", "-p", "100us", NULL };
	char *const t_empty[] = { "latency", "-T", "", NULL };
	char *const t_neg[] = { "latency", "-T", "-1", NULL };
	char *const t_huge[] = { "latency", "-T", "99999999999999999999",
				 NULL };
	char *const h_zero[] = { "latency", "-H", "0", NULL };
	char *const b_abc[] = { "latency", "-B", "1k", NULL };
	char *const l_abc[] = { "latency", "-l", "x", NULL };
	char *const prio[] = { "latency", "-P", "200", NULL };
	char *const cpu[] = { "latency", "-c", "one", NULL };
	char *const mode3[] = { "latency", "-t3", NULL };
	char *const mode_abc[] = { "latency", "-t", "abc", NULL };
	char *const stray[] = { "latency", "-T", "3", "now", NULL };
	char *const small[] = { "latency", "-p", "0", NULL };

	expect_refused(f, t_abc, "latency: -T 'abc': not a whole number");
	expect_refused(f, p_abc, "latency: -p 'abc': not a whole number");
	expect_refused(f, p_tail, "latency: -p '100us': not a whole number");
	expect_refused(f, t_empty, "latency: -T '': not a whole number");
	expect_refused(f, t_neg, "latency: -T '-1': out of range (0..");
	expect_refused(f, t_huge, "latency: -T '99999999999999999999': out of range");
	expect_refused(f, h_zero, "latency: -H '0': out of range (1..1000)");
	expect_refused(f, b_abc, "latency: -B '1k': not a whole number");
	expect_refused(f, l_abc, "latency: -l 'x': not a whole number");
	expect_refused(f, prio, "latency: -P '200': out of range (1..99)");
	expect_refused(f, cpu, "latency: -c 'one': not a whole number");
	expect_refused(f, mode3, "latency: -t 3: invalid test mode");
	expect_refused(f, mode_abc, "latency: -t 'abc': not a whole number");
	expect_refused(f, stray, "latency: unexpected argument 'now'");
	expect_refused(f, small, "latency: invalid period (< 1 us).");
	assert_null(strstr(f->err, "usage:"));
}

static void test_latency_help(void **state)
{
	struct rt *f = *state;
	char *const help[] = { "latency", "--help", NULL };
	char *const late_help[] = { "latency", "-T", "3", "--help", NULL };

	assert_int_equal(run(f, help), 0);
	assert_non_null(strstr(f->out, "usage: latency [options]\n"));
	assert_non_null(strstr(f->out, "0 to suppress headers"));
	/* -p: the board bounds it from below, not the tool */
	assert_non_null(strstr(f->out, "at least\n"
				       "                               # the board's shortest"));
	assert_non_null(strstr(f->out, "# suppresses RTD, RTH lines"));
	assert_null(strstr(f->out, "supress"));
	assert_string_equal(f->err, "");
	assert_int_equal(run(f, late_help), 0);
	assert_non_null(strstr(f->out, "usage: latency [options]\n"));
	assert_string_equal(f->err, "");
	rt_step(f);
	assert_int_equal(f->starts, 0);
}

/* A second latency while one runs is refused with "busy"; the first one
 * finishes its run undisturbed. */
static void test_latency_second_run_is_busy(void **state)
{
	struct rt *f = *state;
	char *const first[] = { "latency", "-T", "3", "-q", NULL };
	char *const second[] = { "latency", "-T", "1", "-q", NULL };
	char busy[OUT_BYTES];
	pid_t p1, p2;
	int t, rc2;

	p1 = start(f, first);
	for (t = 0; t < 500 && !f->started; t++) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		rt_step(f);
		nanosleep(&ts, NULL);
	}
	assert_true(f->started);
	/* the second run writes its own files: give it other ones */
	strcat(f->out_path, "2");
	strcat(f->err_path, "2");
	p2 = start(f, second);
	/* not driving the RT side meanwhile: records would let the first
	 * run end (3 of them) before a slow second run asks for its claim */
	rc2 = finish(f, p2, false);
	memcpy(busy, f->err, sizeof(busy));
	unlink(f->out_path);
	unlink(f->err_path);
	f->out_path[strlen(f->out_path) - 1] = 0;
	f->err_path[strlen(f->err_path) - 1] = 0;
	assert_int_equal(rc2, 1);
	if (!strstr(busy, "latency: busy: another latency (pid "))
		fail_msg("no busy message:\n%s", busy);
	assert_int_equal(f->starts, 1);
	assert_int_equal(finish(f, p1, true), 0);
	assert_non_null(strstr(f->out, "RTS|      1.500|      2.000|      3.000|"));
}

/* A period below the board's shortest: the RT side refuses it with a
 * CK_LAT_REC_REFUSED record; latency names both periods and exits 2 at
 * once (not after the no-data timeout), sends no STOP (its START never
 * ran) and prints no summary. The shortest itself runs. */
static void test_latency_refused_period(void **state)
{
	struct rt *f = *state;
	char *const below[] = { "latency", "-p", "10", "-T", "2", NULL };
	char *const shortest[] = { "latency", "-p", "20", "-T", "2", "-q",
				   NULL };
	time_t t0;

	f->min_period_ns = 20000;
	t0 = time(NULL);
	assert_int_equal(finish(f, start(f, below), true), 2);
	assert_true(time(NULL) - t0 < 4); /* the no-data timeout is 5 s */
	if (!strstr(f->err, "latency: the RT side refused a 10 us period: "
			    "this board's shortest is 20 us\n"))
		fail_msg("no refusal message:\n%s", f->err);
	assert_null(strstr(f->err, "no data"));
	assert_null(strstr(f->out, "RTS|"));
	assert_int_equal(f->starts, 0);
	assert_int_equal(f->stops, 0);
	assert_int_equal(finish(f, start(f, shortest), true), 0);
	assert_int_equal(f->starts, 1);
	assert_non_null(strstr(f->out, "RTS|      1.500|"));
}

/* No record for the timeout: latency says so and points at the RT fault
 * record (debugfs; absent on the host, so where to look). */
static void test_latency_no_data_names_the_fault_record(void **state)
{
	struct rt *f = *state;
	char *const argv[] = { "latency", "-T", "2", "-q", NULL };

	assert_int_equal(finish(f, start(f, argv), false), 1);
	assert_non_null(strstr(f->err, "latency: no data from the RT side for 5 s\n"));
	if (!strstr(f->err, "/sys/kernel/debug/cokernel/faults"))
		fail_msg("the fault record is not named:\n%s", f->err);
}

/* The claim dies with its holder: after a kill -9, the next run works. */
static void test_latency_claim_freed_by_kill(void **state)
{
	struct rt *f = *state;
	char *const forever[] = { "latency", "-q", NULL };
	char *const next[] = { "latency", "-T", "1", "-q", NULL };
	pid_t p;
	int t;

	p = start(f, forever);
	for (t = 0; t < 500 && !f->started; t++) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		rt_step(f);
		nanosleep(&ts, NULL);
	}
	assert_true(f->started);
	kill(p, SIGKILL);
	assert_int_equal(finish(f, p, false), 128);
	assert_int_equal(finish(f, start(f, next), true), 0);
	assert_null(strstr(f->err, "busy"));
	assert_int_equal(f->starts, 2);
}

/* A record of the wrong size in latency.data is skipped and counted. */
static void test_latency_counts_bad_records(void **state)
{
	struct rt *f = *state;
	char *const one[] = { "latency", "-T", "1", "-q", NULL };
	struct ck_ipc_info info;

	f->send_short = true;
	assert_int_equal(finish(f, start(f, one), true), 0);
	assert_int_equal(ck_ipc_info(f->base, REGION, f->data.idx, &info), 0);
	assert_int_equal(info.invalid, 1);
}

/* `ckipc corrupt latency.hist` between runs: the RT side writes that
 * block only at STOP and has not seen it, so latency judges the header
 * itself, asks for a reset before it starts, and gets its histogram. */
static void test_latency_repairs_a_corrupt_histogram_first(void **state)
{
	struct rt *f = *state;
	char *const corrupt[] = { "ckipc", "corrupt", CK_LAT_HIST, NULL };
	char *const argv[] = { "latency", "-h", "-T", "2", "-q", NULL };
	struct ck_ipc_info info;

	assert_int_equal(run(f, corrupt), 0);
	assert_int_equal(finish(f, start(f, argv), true), 0);
	if (!strstr(f->err, "latency: channel latency.hist is corrupt, asking the RT side to reset it\n"))
		fail_msg("corruption not said:\n%s", f->err);
	assert_null(strstr(f->err, "no histogram"));
	assert_non_null(strstr(f->out, "HSD|    avg|   1 -  2 |     2000\n"));
	assert_non_null(strstr(f->out, "HSS|    avg|      2000|"));
	assert_int_equal(ck_ipc_info(f->base, REGION, f->hist.idx, &info), 0);
	assert_int_equal(info.faults, 1);
	assert_int_equal(info.flags & CK_IPC_F_FAULTED, 0);
}

static void expect_usage_error(struct rt *f, char *const argv[],
			       const char *msg)
{
	assert_int_equal(run(f, argv), 2);
	if (!strstr(f->err, msg))
		fail_msg("want \"%s\" in:\n%s", msg, f->err);
	assert_non_null(strstr(f->err, "usage: ckipc list"));
	assert_string_equal(f->out, "");
}

static void test_ckipc_usage_errors(void **state)
{
	struct rt *f = *state;
	char *const none[] = { "ckipc", NULL };
	char *const frob[] = { "ckipc", "frob", "x", NULL };
	char *const read0[] = { "ckipc", "read", NULL };
	char *const read2[] = { "ckipc", "read", "a", "b", NULL };
	char *const write1[] = { "ckipc", "write", CK_LAT_CTL, NULL };
	char *const list1[] = { "ckipc", "list", "all", NULL };
	char *const opt[] = { "ckipc", "reset", "-f", NULL };
	char *const help[] = { "ckipc", "--help", NULL };
	char *const nochan[] = { "ckipc", "read", "nosuch", NULL };
	char *const wrong_way[] = { "ckipc", "read", CK_LAT_CTL, NULL };

	expect_usage_error(f, none, "ckipc: no command given");
	expect_usage_error(f, frob, "ckipc: unknown command 'frob'");
	expect_usage_error(f, read0, "ckipc: read: missing argument");
	expect_usage_error(f, read2, "ckipc: read: too many arguments");
	expect_usage_error(f, write1, "ckipc: write: missing argument");
	expect_usage_error(f, list1, "ckipc: list: too many arguments");
	expect_usage_error(f, opt, "ckipc: unknown option '-f'");
	assert_int_equal(run(f, help), 0);
	assert_non_null(strstr(f->out, "usage: ckipc list"));
	assert_string_equal(f->err, "");
	assert_int_equal(run(f, nochan), 1);
	assert_non_null(strstr(f->err, "ckipc: nosuch: no such channel"));
	assert_int_equal(run(f, wrong_way), 2);
	assert_non_null(strstr(f->err, "is read by the RT side"));
}

static void test_ckipc_decodes_project_channels(void **state)
{
	struct rt *f = *state;
	char *const hist[] = { "ckipc", "read", CK_LAT_HIST, NULL };
	char *const raw[] = { "ckipc", "read", "-x", CK_LAT_HIST, NULL };
	char *const data[] = { "ckipc", "read", CK_LAT_DATA, NULL };
	char *const swb[] = { "ckipc", "read", CK_SWB_STATE, NULL };
	char *const misc[] = { "ckipc", "read", "misc", NULL };
	static struct ck_lat_hist h;
	struct ck_lat_rec r = {
		.seq = 4, .session = 0xabc, .mode = CK_LAT_MODE_TIMER,
		.period_ns = 100000, .min_ns = -250, .avg_ns = 900,
		.max_ns = 4100, .overruns = 2, .samples = 9998, .prio = 60,
	};
	struct ck_swb_result s = {
		.runs = 1, .switches = 20000, .avg_ns = 850, .min_ns = 700,
		.max_ns = 2100, .clock_res_ns = 40, .prio = 50,
	};
	const char *p;
	int lines = 0;

	memset(&h, 0, sizeof(h));
	h.session = 0x1234;
	h.bucket_ns = 1000;
	h.cells = 300;
	h.samples = 2000;
	h.final = 1;
	h.hits[2] = 1500;
	h.hits[3] = 490;
	h.hits[299] = 10;
	assert_int_equal(ck_ipc_state_write(f->base, &f->hist, &h, sizeof(h)),
			 0);
	assert_int_equal(run(f, hist), 0);
	assert_non_null(strstr(f->out, "histogram of session 0x00001234: 2000 samples, 300 cells of 1000 ns\n"));
	assert_non_null(strstr(f->out, "        2000..3000       ns       1500\n"));
	assert_non_null(strstr(f->out, "        3000..4000       ns        490\n"));
	assert_non_null(strstr(f->out, "      299000..300000     ns         10 (and above)\n"));
	for (p = f->out; (p = strchr(p, '\n')); p++)
		lines++;
	assert_int_equal(lines, 4);

	/* -x: a hex dump, 16 bytes a line, as hexdump -C */
	assert_int_equal(run(f, raw), 0);
	assert_non_null(strstr(f->out, "4032 bytes:\n  0000  34 12 00 00 e8 03 00 00  2c 01 00 00 d0 07 00 00  |4.......,.......|\n"));
	for (p = f->out; (p = strchr(p, '\n')); p++) {
		const char *q = strchr(p + 1, '\n');

		assert_true(!q || q - p <= 80);
	}

	assert_int_equal(ck_ipc_send(f->base, &f->data, &r, sizeof(r)), 0);
	assert_int_equal(run(f, data), 0);
	assert_string_equal(f->out, "second 4 of session 0x00000abc, in-kernel timer handler, 100000 ns period: min -250 avg 900 max 4100 ns, 9998 samples, 2 overruns, priority 60\n");
	r = (struct ck_lat_rec){ .session = 0xabd, .mode = CK_LAT_MODE_TASK,
				 .period_ns = 20000, .prio = 60,
				 .flags = CK_LAT_REC_REFUSED };
	assert_int_equal(ck_ipc_send(f->base, &f->data, &r, sizeof(r)), 0);
	assert_int_equal(run(f, data), 0);
	assert_string_equal(f->out, "refusal for session 0x00000abd, in-kernel periodic task: no samples, the board's shortest period is 20000 ns\n");

	assert_int_equal(ck_ipc_state_write(f->base, &f->swb, &s, sizeof(s)),
			 0);
	assert_int_equal(run(f, swb), 0);
	assert_string_equal(f->out, "switchbench: 1 runs, 20000 switches in the last, priorities 50/51: avg 850 ns, min 700 ns, max 2100 ns, clock step <= 40 ns\n");

	/* not one of the project's channels: a hex dump */
	assert_int_equal(ck_ipc_send(f->base, &f->misc, "hello, world", 12),
			 0);
	assert_int_equal(run(f, misc), 0);
	assert_string_equal(f->out, "12 bytes:\n  0000  68 65 6c 6c 6f 2c 20 77  6f 72 6c 64              |hello, world|\n");
}

/* `ckipc corrupt switchbench` breaks the result; `ckipc reset` gets it
 * repaired when the RT side serves the request (counted as a fault), and
 * says so and exits 1 when nobody serves it within its wait. A sound
 * channel's reset is only requested. */
static void test_ckipc_reset_served_or_said(void **state)
{
	struct rt *f = *state;
	char *const corrupt[] = { "ckipc", "corrupt", CK_SWB_STATE, NULL };
	char *const reset[] = { "ckipc", "reset", CK_SWB_STATE, NULL };
	char *const swb[] = { "switchbench", NULL };
	struct ck_ipc_info info;

	f->swb_res = (struct ck_swb_result){ .runs = 1, .switches = 20000,
					     .avg_ns = 850, .min_ns = 700,
					     .max_ns = 2100, .prio = 61 };
	assert_int_equal(ck_ipc_state_write(f->base, &f->swb, &f->swb_res,
					    sizeof(f->swb_res)), 0);
	assert_int_equal(run(f, reset), 0);
	assert_string_equal(f->out,
			    "switchbench: reset requested (the channel looks sound)\n");
	rt_step(f); /* serves it: nothing to count */
	assert_int_equal(run(f, corrupt), 0);
	assert_int_equal(run(f, swb), 1);
	assert_non_null(strstr(f->err, "switchbench: no result: "));

	assert_int_equal(finish(f, start(f, reset), true), 0);
	assert_string_equal(f->out, "switchbench: repaired by the RT side\n");
	assert_int_equal(ck_ipc_info(f->base, REGION, f->swb.idx, &info), 0);
	assert_int_equal(info.faults, 1);
	assert_int_equal(info.flags & CK_IPC_F_FAULTED, 0);
	assert_int_equal(run(f, swb), 0);
	assert_non_null(strstr(f->out, "switch cost: avg 850 ns, min 700 ns, max 2100 ns\n"));

	/* nobody serves it: said, exit 1, the channel still broken */
	assert_int_equal(run(f, corrupt), 0);
	assert_int_equal(run(f, reset), 1);
	if (!strstr(f->err, "ckipc: switchbench: reset requested, not served within 2 s"))
		fail_msg("no 'not served':\n%s", f->err);
	assert_int_equal(run(f, swb), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_latency_strict_numbers),
		T(test_latency_help),
		T(test_latency_second_run_is_busy),
		T(test_latency_claim_freed_by_kill),
		T(test_latency_refused_period),
		T(test_latency_no_data_names_the_fault_record),
		T(test_latency_counts_bad_records),
		T(test_latency_repairs_a_corrupt_histogram_first),
		T(test_ckipc_usage_errors),
		T(test_ckipc_decodes_project_channels),
		T(test_ckipc_reset_served_or_said),
#undef T
	};

	return cmocka_run_group_tests_name("ipc_tools", tests, NULL, NULL);
}
