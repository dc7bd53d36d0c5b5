// SPDX-License-Identifier: MIT
/*
 * test_rt_tools.c - host test of the project's rt-tests equivalents,
 * linux-guest/tools/ckcyclictest.c and ckhackbench.c, built for the host
 * (from $CK_TOOLS_HOST, set by `make unit`; skipped when unset): their
 * option parsing (the refused options named), and their output in rt-tests
 * 2.4's layout, which tests/bench/peers.py and bench.py parse: a summary
 * line that reprints identically through cyclictest's format, the
 * --histfile cells, totals and overflows, hackbench's header and Time line.
 * The runs are real (SCHED_OTHER, the host's clock): the checks are on
 * layout and arithmetic between the figures, not on their values.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tool_run.h"

#define CYC_SUPPORTED "(supported: -m -p -i -l -D -q -N -h --histfile --default-system --help)"

struct files {
	char out[64], hist[80];
};

static int setup(void **state)
{
	struct files *f = calloc(1, sizeof(*f));
	int fd;

	assert_non_null(f);
	snprintf(f->out, sizeof(f->out), "/tmp/ck-rt-tools-XXXXXX");
	fd = mkstemp(f->out);
	assert_true(fd >= 0);
	close(fd);
	snprintf(f->hist, sizeof(f->hist), "%s.hist", f->out);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct files *f = *state;

	unlink(f->out);
	unlink(f->hist);
	free(f);
	return 0;
}

/* Run tool argv[0] to its end; its exit status, and its output in *@out. */
static int run(struct files *f, char *const argv[], const char **out)
{
	int rc = tool_wait(tool_run("/dev/null", f->out, argv), NULL, NULL);

	*out = tool_slurp(f->out);
	return rc;
}

struct summary {
	int thread, tid, prio;
	long interval, min, act, avg, max;
	unsigned long count;
};

/*
 * Parse cyclictest's summary line at @l into @s and check that it is byte
 * for byte what rt-tests 2.4's format prints for those values (@ns: the
 * --nsecs widths). Return: the line's length.
 */
static size_t check_summary(const char *l, bool ns, struct summary *s)
{
	char again[256];
	size_t len = strcspn(l, "\n");

	assert_int_equal(sscanf(l, "T:%d (%d) P:%d I:%ld C:%lu Min:%ld Act:%ld Avg:%ld Max:%ld",
				&s->thread, &s->tid, &s->prio, &s->interval, &s->count,
				&s->min, &s->act, &s->avg, &s->max), 9);
	snprintf(again, sizeof(again),
		 ns ? "T:%2d (%5d) P:%2d I:%ld C:%7lu Min:%7ld Act:%8ld Avg:%8ld Max:%8ld"
		    : "T:%2d (%5d) P:%2d I:%ld C:%7lu Min:%7ld Act:%5ld Avg:%5ld Max:%8ld",
		 s->thread, s->tid, s->prio, s->interval, s->count, s->min, s->act,
		 s->avg, s->max);
	if (strlen(again) != len || strncmp(again, l, len))
		fail_msg("summary line\n%.*s\nis not rt-tests' layout\n%s", (int)len, l, again);
	assert_true(s->min <= s->avg && s->avg <= s->max);
	assert_true(s->min <= s->act && s->act <= s->max);
	return len;
}

static void test_cyclictest_summary_ns_and_us(void **state)
{
	char *const ns_argv[] = { "ckcyclictest", "--default-system", "-i", "1000", "-l",
				  "50", "-q", "--nsecs", NULL };
	char *const us_argv[] = { "ckcyclictest", "--default-system", "-p", "0",
				  "--interval=500", "--loops=30", NULL };
	struct summary s;
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(run(*state, ns_argv, &out), 0);
	/* nothing else: no cpu_dma_latency line with --default-system */
	assert_int_equal(check_summary(out, true, &s) + 1, strlen(out));
	assert_int_equal(s.count, 50);
	assert_int_equal(s.interval, 1000);
	assert_int_equal(s.prio, 0);
	assert_int_equal(s.thread, 0);
	assert_true(s.min >= 0 && s.tid > 0);
	/* us: the other widths; without -q the same one line, at the end */
	assert_int_equal(run(*state, us_argv, &out), 0);
	assert_int_equal(check_summary(out, false, &s) + 1, strlen(out));
	assert_int_equal(s.count, 30);
	assert_int_equal(s.interval, 500);
}

/* The histogram file's lines, checked against one another. */
static void check_hist(const char *h, long cells, unsigned long samples)
{
	unsigned long cell, n, sum = 0, total, min, avg, max, over;
	const char *p = h;
	long i;

	assert_memory_equal(p, "# Histogram\n", 12);
	p += 12;
	for (i = 0; i < cells; i++) {
		char want[24];

		snprintf(want, sizeof(want), "%06ld ", i);
		assert_memory_equal(p, want, 7);
		assert_int_equal(sscanf(p, "%lu %lu", &cell, &n), 2);
		assert_int_equal(strcspn(p, "\n"), 13); /* "%06d %06lu" */
		sum += n;
		p = strchr(p, '\n') + 1;
	}
	assert_int_equal(sscanf(p, "# Total: %lu\n# Min Latencies: %lu\n# Avg Latencies: %lu\n"
				   "# Max Latencies: %lu\n# Histogram Overflows: %lu\n",
				&total, &min, &avg, &max, &over), 5);
	assert_int_equal(strcspn(p, "\n"), strlen("# Total: ") + 9); /* %09llu */
	assert_int_equal(total, sum); /* the cells only, as rt-tests */
	assert_int_equal(sum + over, samples);
	assert_true(min <= avg && avg <= max);
	assert_non_null(strstr(p, "\n# Histogram Overflow at cycle number:\n# Thread 0:"));
	assert_memory_equal(h + strlen(h) - 2, "\n\n", 2);
}

static void test_cyclictest_histfile(void **state)
{
	struct files *f = *state;
	char histarg[96];
	char *const argv[] = { "ckcyclictest", "--default-system", "-i", "1000", "-l", "200",
			       "-q", "-h", "2000", histarg, NULL };
	const char *out;

	if (!tools_dir())
		skip();
	snprintf(histarg, sizeof(histarg), "--histfile=%s", f->hist);
	assert_int_equal(run(f, argv, &out), 0);
	/* -q with -h: no summary line, as cyclictest */
	assert_string_equal(out, "");
	check_hist(tool_slurp(f->hist), 2000, 200);
}

static void test_cyclictest_overflows(void **state)
{
	/* 1 cell of 1 ns: every wake-up overflows; the first is listed, the
	 * rest counted as "others" (as many listed as there are cells) */
	char *const argv[] = { "ckcyclictest", "--default-system", "-N", "-l", "20",
			       "-h", "1", NULL };
	const char *out, *l;
	struct summary s;

	if (!tools_dir())
		skip();
	assert_int_equal(run(*state, argv, &out), 0);
	/* without -q: the summary line, then the histogram on stdout */
	check_summary(out, true, &s);
	l = tool_find_line(out, "# Histogram\n", 0);
	check_hist(l, 1, 20);
	assert_non_null(strstr(l, "000000 000000\n# Total: 000000000\n"));
	assert_non_null(strstr(l, "# Histogram Overflows: 00020\n"
				  "# Histogram Overflow at cycle number:\n"
				  "# Thread 0: 00000 # 00019 others\n\n"));
}

static void test_cyclictest_duration(void **state)
{
	/* -D 1 at 100 ms: the tenth wake-up is at the end (fewer when the
	 * host was late enough to skip periods) */
	char *const argv[] = { "ckcyclictest", "--default-system", "-i", "100000", "-D",
			       "1s", "-q", NULL };
	struct summary s;
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(run(*state, argv, &out), 0);
	check_summary(out, false, &s);
	assert_true(s.count >= 5 && s.count <= 10);
}

static void test_cyclictest_stop_signal(void **state)
{
	struct files *f = *state;
	char *const argv[] = { "ckcyclictest", "--default-system", "-q", "--nsecs", NULL };
	struct timespec ts = { 0, 300 * 1000 * 1000 };
	struct summary s;
	pid_t pid;

	if (!tools_dir())
		skip();
	pid = tool_run("/dev/null", f->out, argv);
	nanosleep(&ts, NULL);
	kill(pid, SIGTERM);
	assert_int_equal(tool_wait(pid, NULL, NULL), 0);
	check_summary(tool_slurp(f->out), true, &s);
	assert_true(s.count > 0);
}

/* A command line @prog must refuse: up to 3 arguments, the whole output. */
struct refusal {
	const char *args[3], *msg;
};

/* Each of @n @cases: exit status 2 and exactly its message. */
static void check_refusals(struct files *f, const char *prog, const struct refusal *cases,
			   unsigned int n)
{
	char *argv[5] = { (char *)prog };
	const char *out;
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < 3; j++)
			argv[1 + j] = (char *)cases[i].args[j];
		assert_int_equal(run(f, argv, &out), 2);
		assert_string_equal(out, cases[i].msg);
	}
}

static void test_cyclictest_bad_options(void **state)
{
	static const struct refusal cases[] = {
		{ { "-a" }, "ckcyclictest: option -a is not supported " CYC_SUPPORTED "\n" },
		{ { "--smp" }, "ckcyclictest: option --smp is not supported " CYC_SUPPORTED "\n" },
		{ { "--threads=2" }, "ckcyclictest: option --threads=2 is not supported " CYC_SUPPORTED "\n" },
		{ { "-p", "100" }, "ckcyclictest: -p '100': out of range (0..99)\n" },
		{ { "-i", "0" }, "ckcyclictest: -i '0': out of range (1..60000000)\n" },
		{ { "-l", "10x" }, "ckcyclictest: -l '10x': not a whole number\n" },
		{ { "-D", "5x" }, "ckcyclictest: -D '5x': not a duration (seconds, or a number and m, h or d)\n" },
		{ { "-D", "-1" }, "ckcyclictest: -D '-1': not a duration (seconds, or a number and m, h or d)\n" },
		{ { "-D", "1ms" }, "ckcyclictest: -D '1ms': not a duration (seconds, or a number and m, h or d)\n" },
		{ { "-D", "9999999d" }, "ckcyclictest: -D '9999999d': out of range (0..2147483647 seconds)\n" },
		{ { "-h", "0" }, "ckcyclictest: -h '0': out of range (1..1000000)\n" },
		{ { "-l" }, "ckcyclictest: -l needs a value\n" },
		{ { "-q", "x" }, "ckcyclictest: unexpected argument 'x'\n" },
	};
	char *argv[] = { "ckcyclictest", "--help", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	check_refusals(*state, "ckcyclictest", cases, sizeof(cases) / sizeof(cases[0]));
	assert_int_equal(run(*state, argv, &out), 0);
	assert_non_null(strstr(out, "usage: ckcyclictest "));
	assert_non_null(strstr(out, "--histfile=FILE"));
}

/* hackbench's two header lines for @mode, @groups, @fds, @loops, 100-byte
 * messages, then "Time: s.mmm" and nothing more */
static void check_hackbench(const char *out, const char *mode, int groups, int fds,
			    int loops)
{
	char head[256];
	const char *dot;

	snprintf(head, sizeof(head),
		 "Running in %s mode with %d groups using %d file descriptors each (== %d tasks)\n"
		 "Each sender will pass %d messages of 100 bytes\n",
		 mode, groups, 2 * fds, 2 * fds * groups, loops);
	assert_memory_equal(out, head, strlen(head));
	out += strlen(head);
	/* "Time: %lu.%03lu\n" */
	assert_memory_equal(out, "Time: ", 6);
	dot = out + 6 + strspn(out + 6, "0123456789");
	assert_true(dot > out + 6 && *dot == '.');
	assert_int_equal(strspn(dot + 1, "0123456789"), 3);
	assert_string_equal(dot + 4, "\n");
}

static void test_hackbench_modes(void **state)
{
	char *const pipes[] = { "ckhackbench", "-p", "-g", "2", "-f", "10", "-l", "100", NULL };
	char *const threads[] = { "ckhackbench", "--pipe", "-T", "--groups=3", "--fds=4",
				  "--loops=20", NULL };
	char *const sockets[] = { "ckhackbench", "-g", "1", "-l", "5", NULL };
	const char *out;

	if (!tools_dir())
		skip();
	assert_int_equal(run(*state, pipes, &out), 0);
	check_hackbench(out, "process", 2, 10, 100);
	assert_int_equal(run(*state, threads, &out), 0);
	check_hackbench(out, "threaded", 3, 4, 20);
	assert_int_equal(run(*state, sockets, &out), 0);
	check_hackbench(out, "process", 1, 20, 5);
}

static void test_hackbench_bad_options(void **state)
{
	static const struct refusal cases[] = {
		{ { "-i" }, "ckhackbench: option -i is not supported (supported: -p -g -f -l -s -T -P --help)\n" },
		{ { "--fifo" }, "ckhackbench: option --fifo is not supported (supported: -p -g -f -l -s -T -P --help)\n" },
		{ { "-g", "0" }, "ckhackbench: -g '0': out of range (1..1000)\n" },
		{ { "-f", "ten" }, "ckhackbench: -f 'ten': not a whole number\n" },
		{ { "-s" }, "ckhackbench: -s needs a value\n" },
	};
	if (!tools_dir())
		skip();
	check_refusals(*state, "ckhackbench", cases, sizeof(cases) / sizeof(cases[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cyclictest_summary_ns_and_us, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cyclictest_histfile, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cyclictest_overflows, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cyclictest_duration, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cyclictest_stop_signal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cyclictest_bad_options, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hackbench_modes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hackbench_bad_options, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
