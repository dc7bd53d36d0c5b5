// SPDX-License-Identifier: MIT
/*
 * test_switchtest_tool.c - host test of the Linux `switchtest` tool against
 * a fake region file: this program plays the RT side of
 * cokernel/apps/switchtest.c with the real ipc/ code and checks Xenomai's
 * switchtest line formats, the failure report, the refused period and the
 * option errors. Skipped when $CK_TOOLS_HOST is unset (make unit sets it).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ck_ipc.h"
#include "ck_ipc_apps.h"
#include "tool_region.h"
#include "tool_run.h"

#define FAKE_MIN_PERIOD_NS 500000u /* this fake board's shortest period */

struct fake_rt {
	struct tool_files files; /* setup() opens them */
	struct ck_ipc_chan ctl, data;
	uint32_t session, period, seq, starts, stops;
	uint64_t total;
	bool running, inject, silent;
};

static int setup(void **state)
{
	struct fake_rt *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	tool_files_open(&f->files);
	tool_region_switchtest(f->files.base, &f->ctl, &f->data);
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

static void fake_send(struct fake_rt *f, struct ck_swt_rec *r)
{
	r->session = f->session;
	r->period_ns = f->period;
	assert_int_equal(ck_ipc_send(f->files.base, &f->data, r, sizeof(*r)), 0);
}

/* The fake RT side takes the commands Linux sent. */
static void fake_rt_commands(struct fake_rt *f)
{
	struct ck_swt_cmd c;
	struct ck_swt_rec r = { 0 };

	while (ck_ipc_recv(f->files.base, &f->ctl, &c, sizeof(c)) == (int)sizeof(c)) {
		if (c.cmd == CK_SWT_CMD_START) {
			f->starts++;
			f->session = c.session;
			f->period = c.period_ns;
			f->seq = 0;
			f->total = 0;
			f->running = c.period_ns >= FAKE_MIN_PERIOD_NS;
			if (!f->running) {
				f->period = FAKE_MIN_PERIOD_NS;
				r.flags = CK_SWT_REC_REFUSED;
				fake_send(f, &r);
			}
		} else if (c.cmd == CK_SWT_CMD_STOP) {
			f->stops++;
			f->running = false;
		} else if (c.cmd == CK_SWT_CMD_INJECT) {
			f->inject = true;
		}
	}
}

/* One step of the fake RT side: the commands, then one second. */
static void fake_rt_step(void *arg)
{
	struct fake_rt *f = arg;
	struct ck_swt_rec r = { 0 };

	fake_rt_commands(f);
	if (!f->running)
		return;
	if (f->inject) {
		r.flags = CK_SWT_REC_FAILED;
		r.total = f->total + 77;
		r.fail_kind = CK_SWT_FAIL_REG;
		r.expected = 0x05001200;
		r.found = 0x05a5b700;
		snprintf(r.fail_task, sizeof(r.fail_task), "st-spin");
		snprintf(r.fail_reg, sizeof(r.fail_reg), "r4");
		fake_send(f, &r);
		f->running = false;
		return;
	}
	r.seq = f->seq++;
	r.switches = f->silent && r.seq == 1 ? 0 : 1000 + r.seq;
	f->total += r.switches;
	r.total = f->total;
	r.rounds = 900;
	fake_send(f, &r);
}

static int run(struct fake_rt *f, char *const argv[], bool drive)
{
	int status = tool_wait(tool_run(f->files.path, f->files.out, argv),
			       drive ? fake_rt_step : NULL, f);

	fake_rt_commands(f); /* the STOP at its exit */
	return status;
}

static void test_switchtest_output_format(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "switchtest", "-T", "3", "-l", "2", "-s", "2000",
			       NULL };
	static const int rtd_w[] = { 12, 12 };
	const char *out;
	int i;

	if (!tools_dir())
		skip();
	assert_int_equal(run(f, argv, true), 0);
	out = tool_slurp(f->files.out);
	assert_int_equal(f->starts, 1);
	assert_int_equal(f->stops, 1);
	assert_int_equal(f->period, 2000000);
	assert_non_null(strstr(out, "== Rounds: every 2000 us, 12 handoffs;"));
	assert_non_null(strstr(out,
		"RTT|  00:00:01\n"
		"RTH|ctx switches|-------total\n"
		"RTD|        1000|        1000\n"
		"RTD|        1001|        2001\n"
		"RTT|  00:00:03\n"
		"RTH|ctx switches|-------total\n"
		"RTD|        1002|        3003\n"));
	assert_int_equal(tool_count_prefix(out, "RTD|"), 3);
	for (i = 0; i < 3; i++)
		tool_check_widths(tool_find_line(out, "RTD|", i), "RTD", rtd_w, 2);
	assert_null(strstr(out, "FAILED"));
}

static void test_switchtest_quiet_prints_the_last_second(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "switchtest", "-q", "-T", "2", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(run(f, argv, true), 0);
	out = tool_slurp(f->files.out);
	assert_int_equal(f->period, CK_SWT_PERIOD_DEFAULT_NS);
	assert_non_null(strstr(out, "RTT|  00:00:02\n"
				    "RTH|ctx switches|-------total\n"
				    "RTD|        1001|        2001\n"));
	assert_int_equal(tool_count_prefix(out, "RTD|"), 1);
}

static void test_switchtest_failure_is_reported(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "switchtest", "-T", "5", "--inject-fault", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(run(f, argv, true), 1);
	out = tool_slurp(f->files.out);
	assert_non_null(strstr(out,
		"switchtest: FAILED after 77 context switches, in RT task st-spin: "
		"register r4 was 0x05001200 before the switch, 0x05a5b700 after\n"));
	assert_int_equal(f->stops, 1);
}

static void test_switchtest_second_without_switches_aborts(void **state)
{
	struct fake_rt *f = *state;
	char *const argv[] = { "switchtest", "-T", "5", NULL };

	if (!tools_dir())
		skip();
	f->silent = true;
	assert_int_equal(run(f, argv, true), 1);
	assert_non_null(strstr(tool_slurp(f->files.out),
		"switchtest: No context switches during one second, aborting.\n"));
}

static void test_switchtest_refused_and_bad_options(void **state)
{
	struct fake_rt *f = *state;
	char *const short_period[] = { "switchtest", "-s", "200", NULL };
	char *const below_abi[] = { "switchtest", "-s", "99", NULL };
	char *const bad_t[] = { "switchtest", "-T", "abc", NULL };
	char *const spec[] = { "switchtest", "rtk", "rtup", NULL };

	if (!tools_dir())
		skip();
	assert_int_equal(run(f, short_period, true), 2);
	assert_non_null(strstr(tool_slurp(f->files.out),
		"switchtest: the RT side refused a 200 us period: this board's shortest is 500 us\n"));
	assert_int_equal(f->starts, 1);
	assert_int_equal(run(f, below_abi, false), 2);
	assert_non_null(strstr(tool_slurp(f->files.out),
			       "switchtest: -s '99': out of range (100..1000000)"));
	assert_int_equal(run(f, bad_t, false), 2);
	assert_non_null(strstr(tool_slurp(f->files.out),
			       "switchtest: -T 'abc': not a whole number"));
	assert_int_equal(run(f, spec, false), 2);
	assert_non_null(strstr(tool_slurp(f->files.out),
			       "switchtest: 'rtk': threadspecs are not supported"));
	assert_int_equal(f->starts, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_switchtest_output_format,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_switchtest_quiet_prints_the_last_second, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_switchtest_failure_is_reported, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_switchtest_second_without_switches_aborts, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_switchtest_refused_and_bad_options, setup,
			teardown),
	};

	return cmocka_run_group_tests_name("switchtest_tool", tests, NULL, NULL);
}
