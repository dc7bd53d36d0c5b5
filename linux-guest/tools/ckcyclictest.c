// SPDX-License-Identifier: GPL-2.0
/*
 * ckcyclictest.c - the project's own equivalent of rt-tests' cyclictest, for
 * the guests that have no rt-tests: mk/rt-tests.mk builds rt-tests from
 * Debian's source package for the boards without a Debian binary (e500,
 * lite5200b, r2d), and where the mirror does not serve that source
 * (/etc/rt-tests.missing) make bench, test_rt_tests.py and test_loads.py
 * run this program instead. Written from scratch; rt-tests is not copied.
 *
 * It makes the measurement cyclictest 2.4 makes with one thread
 * (tests/bench/peers.py: -m -p 80 -i 1000 -q --nsecs, with -D or -l; and
 * tests/bench/bench.py: -h <us> --histfile=<file>): a SCHED_FIFO thread
 * (memory locked with -m) sleeps to absolute CLOCK_MONOTONIC times one
 * interval apart with clock_nanosleep(TIMER_ABSTIME); each wake-up's
 * latency is the time read on waking minus the time programmed, in us
 * (ns with --nsecs), both truncated as cyclictest's calcdiff does. A wake-up
 * later than the next programmed time (an overrun) skips the periods it
 * missed, as cyclictest does: one sample per wake-up, not per period.
 * Like cyclictest it writes 0 to /dev/cpu_dma_latency and keeps it open
 * (not with --default-system: under qemu-user that is the host's).
 *
 * Output, byte for byte as rt-tests 2.4 for one thread: the summary line
 * "T: 0 (<tid>) P:80 I:1000 C:... Min:... Act:... Avg:... Max:..." (at the
 * end; with -q and -h none, as cyclictest), and -h's histogram ("%06d
 * %06lu" cells, "# Total:", "# Min/Avg/Max Latencies:", "# Histogram
 * Overflows:", the overflows' cycle numbers) on stdout or in --histfile.
 * Not done: the live display without -q (the summary line is printed once,
 * at the end), and every other cyclictest option (refused by name, exit 2).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define PROG "ckcyclictest"
#define HIST_MAX_CELLS 1000000L /* cyclictest's HIST_MAX */
#define MIN_START 1000000L /* cyclictest's first Min, in either unit */

struct cyc_opts {
	bool mlock, quiet, nsecs, default_system;
	int prio;
	long long interval_us, loops, duration_s, hist_cells;
	const char *histfile;
};

struct cyc_stat {
	unsigned long cycles, overflows, n_outliers;
	long min, max, act;
	double sum;
	unsigned long *hist, *outliers; /* hist_cells each, with -h */
};

static volatile sig_atomic_t stop_requested;

static void on_stop(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: " PROG " [-m] [-p <prio>] [-i <us>] [-l <loops> | -D <time>] [-q] [-N]\n"
		"                    [-h <cells> [--histfile=<file>]] [--default-system]\n"
		"cyclictest (rt-tests 2.4), one thread; only these of its options:\n"
		"  -m --mlockall     lock memory        -q --quiet     no summary line with -h\n"
		"  -p --priority=N   SCHED_FIFO 1..99 (default 0: SCHED_OTHER)\n"
		"  -i --interval=US  period (default 1000)   -N --nsecs  latencies in ns, not us\n"
		"  -l --loops=N      stop after N wake-ups (default 0: no limit)\n"
		"  -D --duration=T   stop after T s, or T[mhd] (default 0: no limit)\n"
		"  -h --histogram=N  N cells of 1 us (1 ns with -N), on stdout or --histfile=FILE\n"
		"  --default-system  leave /dev/cpu_dma_latency alone (default: set it to 0)\n"
		"No live display: the summary line comes at the end (not with -q -h).\n"
		"SIGINT or SIGTERM ends the run, with its results.\n");
}

/*
 * parse_duration() - cyclictest's -D: whole seconds, or minutes, hours or
 * days with the suffix m, h or d (either case; s for seconds too).
 * Return: 0 and the seconds in *@out, or -1 after a message on stderr.
 */
static int parse_duration(const char *arg, long long *out)
{
	static const char units[] = "sSmMhHdD";
	static const long long unit_s[] = { 1, 60, 3600, 86400 };
	long long v, mult = 1;
	char *end;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || (*end && (end[1] || !strchr(units, *end)))) {
		fprintf(stderr, PROG ": -D '%s': not a duration (seconds, or a number "
			"and m, h or d)\n", arg);
		return -1;
	}
	if (*end)
		mult = unit_s[(strchr(units, *end) - units) / 2];
	if (errno == ERANGE || v > INT32_MAX / mult) {
		fprintf(stderr, PROG ": -D '%s': out of range (0..%d seconds)\n", arg,
			INT32_MAX);
		return -1;
	}
	*out = v * mult;
	return 0;
}

/*
 * cyc_parse() - the command line into @o. Return: -1 to go on, else the
 * exit status (0 after --help, 2 after an error message on stderr).
 */
static int cyc_parse(int argc, char **argv, struct cyc_opts *o)
{
	static const struct option longopts[] = {
		{ "mlockall", no_argument, NULL, 'm' },
		{ "priority", required_argument, NULL, 'p' },
		{ "interval", required_argument, NULL, 'i' },
		{ "loops", required_argument, NULL, 'l' },
		{ "duration", required_argument, NULL, 'D' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "nsecs", no_argument, NULL, 'N' },
		{ "histogram", required_argument, NULL, 'h' },
		{ "histfile", required_argument, NULL, 'F' },
		{ "default-system", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 } };
	long long v;
	int c;

	*o = (struct cyc_opts){ .interval_us = 1000 };
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":mp:i:l:D:qNh:", longopts, NULL)) != -1) {
		switch (c) {
		case 'm': o->mlock = true; break;
		case 'q': o->quiet = true; break;
		case 'N': o->nsecs = true; break;
		case 'F': o->histfile = optarg; break;
		case 'S': o->default_system = true; break;
		case 'H': usage(stdout); return 0;
		case 'p':
			if (cli_number(PROG, "-p", optarg, 0, 99, &v))
				return 2;
			o->prio = (int)v;
			break;
		case 'i':
			if (cli_number(PROG, "-i", optarg, 1, 60000000, &o->interval_us))
				return 2;
			break;
		case 'l':
			if (cli_number(PROG, "-l", optarg, 0, INT32_MAX, &o->loops))
				return 2;
			break;
		case 'D':
			if (parse_duration(optarg, &o->duration_s))
				return 2;
			break;
		case 'h':
			if (cli_number(PROG, "-h", optarg, 1, HIST_MAX_CELLS, &o->hist_cells))
				return 2;
			break;
		default:
			return cli_bad_option(PROG, c, argv, "-m -p -i -l -D -q -N -h "
					      "--histfile --default-system --help");
		}
	}
	return cli_no_operand(PROG, argc, argv) ? 2 : -1;
}

/* @a - @b in units of @unit_ns (1000: us), each field's difference
 * truncated toward zero on its own, as cyclictest's calcdiff[_ns] */
static long long ts_diff(const struct timespec *a, const struct timespec *b,
			 long unit_ns)
{
	return (long long)(a->tv_sec - b->tv_sec) * (1000000000L / unit_ns) +
	       (a->tv_nsec - b->tv_nsec) / unit_ns;
}

static void ts_add_us(struct timespec *t, long long us)
{
	t->tv_sec += us / 1000000;
	t->tv_nsec += (us % 1000000) * 1000;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_nsec -= 1000000000L;
		t->tv_sec++;
	}
}

/* One wake-up's latency @diff into @s; cells of @cells (0: no histogram). */
static void cyc_record(struct cyc_stat *s, long long cells, long diff)
{
	if (diff < s->min)
		s->min = diff;
	if (diff > s->max)
		s->max = diff;
	s->act = diff;
	s->sum += (double)diff;
	if (cells) {
		if (diff < 0 || diff >= cells) {
			s->overflows++;
			if ((long long)s->n_outliers < cells)
				s->outliers[s->n_outliers++] = s->cycles;
		} else {
			s->hist[diff]++;
		}
	}
	s->cycles++;
}

/*
 * cyc_measure() - the wake-up loop, until -l wake-ups, -D seconds or a stop
 * signal. Context: the thread at its final policy. Return: 0, or 1 after
 * a message when the clock failed.
 */
static int cyc_measure(const struct cyc_opts *o, struct cyc_stat *s)
{
	long unit_ns = o->nsecs ? 1 : 1000;
	struct timespec now, next, end;
	int rc;

	clock_gettime(CLOCK_MONOTONIC, &now);
	end = now;
	end.tv_sec += o->duration_s;
	next = now;
	ts_add_us(&next, o->interval_us);
	while (!stop_requested) {
		rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		if (rc == EINTR)
			break;
		if (rc) {
			fprintf(stderr, PROG ": clock_nanosleep: %s\n", strerror(rc));
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		cyc_record(s, o->hist_cells, (long)ts_diff(&now, &next, unit_ns));
		if (o->duration_s && ts_diff(&now, &end, 1000) >= 0)
			break;
		/* an overrun: the periods already past are skipped */
		do
			ts_add_us(&next, o->interval_us);
		while (now.tv_sec > next.tv_sec ||
		       (now.tv_sec == next.tv_sec && now.tv_nsec > next.tv_nsec));
		if (o->loops && (long long)s->cycles == o->loops)
			break;
	}
	return 0;
}

static long cyc_avg(const struct cyc_stat *s)
{
	return s->cycles ? (long)(s->sum / (double)s->cycles) : 0;
}

/* rt-tests 2.4's print_stat line of thread 0 (pid @tid) */
static void cyc_print_summary(FILE *f, const struct cyc_opts *o,
			      const struct cyc_stat *s, int tid)
{
	fprintf(f, "T:%2d (%5d) P:%2d I:%lld C:%7lu Min:%7ld ", 0, tid, o->prio,
		o->interval_us, s->cycles, s->min);
	if (o->nsecs)
		fprintf(f, "Act:%8ld Avg:%8ld Max:%8ld\n", s->act, cyc_avg(s), s->max);
	else
		fprintf(f, "Act:%5ld Avg:%5ld Max:%8ld\n", s->act, cyc_avg(s), s->max);
}

/* rt-tests 2.4's print_hist for one thread: cells, totals, outliers */
static void cyc_print_hist(FILE *f, long long cells, const struct cyc_stat *s)
{
	unsigned long long in_cells = 0;
	unsigned long i;

	fprintf(f, "# Histogram\n");
	for (i = 0; i < (unsigned long)cells; i++) {
		fprintf(f, "%06lu %06lu\n", i, s->hist[i]);
		in_cells += s->hist[i];
	}
	fprintf(f, "# Total: %09llu\n", in_cells);
	fprintf(f, "# Min Latencies: %05lu\n", (unsigned long)s->min);
	fprintf(f, "# Avg Latencies: %05lu\n", (unsigned long)cyc_avg(s));
	fprintf(f, "# Max Latencies: %05lu\n", (unsigned long)s->max);
	fprintf(f, "# Histogram Overflows: %05lu\n", s->overflows);
	fprintf(f, "# Histogram Overflow at cycle number:\n# Thread 0:");
	for (i = 0; i < s->n_outliers; i++)
		fprintf(f, " %05lu", s->outliers[i]);
	if (s->n_outliers < s->overflows)
		fprintf(f, " # %05lu others", s->overflows - s->n_outliers);
	fprintf(f, "\n\n");
}

/* What cyclictest does before measuring: 0 into /dev/cpu_dma_latency (no
 * deep idle state while the fd is open). Return: the fd, or -1. */
static int cpu_dma_latency_zero(void)
{
	int32_t zero = 0;
	int fd = open("/dev/cpu_dma_latency", O_RDWR);

	if (fd < 0)
		return -1;
	if (write(fd, &zero, sizeof(zero)) < 1) {
		close(fd);
		return -1;
	}
	printf("# /dev/cpu_dma_latency set to 0us\n");
	return fd;
}

/* Set up as cyclictest does, measure, print. Return: the exit status. */
static int cyc_run(const struct cyc_opts *o, struct cyc_stat *s)
{
	struct sched_param sp = { .sched_priority = o->prio };
	int dma_fd, rc = 1;
	FILE *f;

	if (o->mlock && mlockall(MCL_CURRENT | MCL_FUTURE)) {
		perror(PROG ": mlockall");
		return 1;
	}
	dma_fd = o->default_system ? -1 : cpu_dma_latency_zero();
	cli_catch_stop(on_stop);
	/* the thread's own policy (musl's sched_setscheduler() is ENOSYS) */
	errno = pthread_setschedparam(pthread_self(), o->prio ? SCHED_FIFO : SCHED_OTHER, &sp);
	if (errno) {
		fprintf(stderr, PROG ": cannot set %s priority %d: %s\n",
			o->prio ? "SCHED_FIFO" : "SCHED_OTHER", o->prio, strerror(errno));
		goto out;
	}
	rc = cyc_measure(o, s);
	sp.sched_priority = 0;
	pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
	if (!o->quiet || !o->hist_cells)
		cyc_print_summary(stdout, o, s, (int)getpid());
	if (o->hist_cells) {
		f = o->histfile ? fopen(o->histfile, "w") : stdout;
		if (!f) {
			fprintf(stderr, PROG ": %s: %s\n", o->histfile, strerror(errno));
			rc = 1;
			goto out;
		}
		cyc_print_hist(f, o->hist_cells, s);
		if (f != stdout && fclose(f))
			rc = 1;
	}
out:
	if (dma_fd >= 0)
		close(dma_fd);
	return rc;
}

int main(int argc, char **argv)
{
	struct cyc_opts o;
	struct cyc_stat s = { .min = MIN_START };
	int rc = cyc_parse(argc, argv, &o);

	if (rc >= 0)
		return rc;
	if (o.hist_cells) {
		s.hist = calloc((size_t)o.hist_cells, sizeof(*s.hist));
		s.outliers = calloc((size_t)o.hist_cells, sizeof(*s.outliers));
	}
	if (o.hist_cells && (!s.hist || !s.outliers)) {
		fprintf(stderr, PROG ": no memory for %lld cells\n", o.hist_cells);
		rc = 1;
	} else {
		rc = cyc_run(&o, &s);
	}
	free(s.hist);
	free(s.outliers);
	return rc;
}
