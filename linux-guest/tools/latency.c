// SPDX-License-Identifier: GPL-2.0
/*
 * latency.c - Linux side of the cokernel latency test: starts the RT
 * sampler through "latency.ctl", prints its per-second records from
 * "latency.data" in Xenomai 3 latency's output format (RTT/RTH/RTD/RTS,
 * HSD/HSH/HSS), same options and column widths.
 *
 * The RT side refuses a period below the board's shortest (a
 * CK_LAT_REC_REFUSED record naming it): the tool says so and exits 2.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ck_ipc_apps.h"
#include "cli.h"
#include "libckipc.h"

#define WARMUP_TIME 1
#define HISTOGRAM_CELLS 300
#define NO_DATA_TIMEOUT_S 5
#define FAULTS_FILE "/sys/kernel/debug/cokernel/faults"


static long long period_ns = CK_LAT_PERIOD_DEFAULT_NS;
static int test_duration;     /* -T, seconds; 0 = until ^C */
static int data_lines = 21;   /* -l */
static int quiet;             /* -q */
static int do_histogram;      /* -h */
static int do_stats;          /* -s */
static const char *do_gnuplot; /* -g <file>, "-" for stdout */
static int histogram_size = HISTOGRAM_CELLS; /* -H */
static long long bucket_size = 1000;         /* -B, ns */
static int test_mode = 1;     /* -t */
static int priority = 99;     /* -P, accepted; the RT side reports its own */
static int freeze;            /* -f */
static int rt_prio = 60;      /* the RT side's, from its records */

static volatile sig_atomic_t finished;

/* per-second extremes histograms; avg histogram comes from the RT side */
static int32_t *histogram_min, *histogram_max, *histogram_avg;

/* global results over the measured seconds */
static long long gsum_ns, gsamples;
static int32_t gmin_ns = INT32_MAX, gmax_ns = INT32_MIN;
static int goverrun;
static unsigned int gmsw;
static long measured_s;

static void usage(FILE *out)
{
	fprintf(out,
		"usage: latency [options]\n"
		"  [-h]                         # print histograms of min, avg, max latencies\n"
		"  [-g <file>]                  # dump histogram to <file> in gnuplot format\n"
		"                               # (Xenomai 3's; - for stdout)\n"
		"  [-s]                         # print statistics of min, avg, max latencies\n"
		"  [-H <histogram-size>]        # default = %d, increase if your last bucket is full\n"
		"  [-B <bucket-size>]           # default = 1000ns, decrease for more resolution\n"
		"  [-p <period_us>]             # sampling period (default %lld us), at least\n"
		"                               # the board's shortest (the RT side refuses a\n"
		"                               # shorter one and names the board's)\n"
		"  [-l <data-lines per header>] # default = 21, 0 to suppress headers\n"
		"  [-T <test_duration_seconds>] # default = 0, so ^C to end\n"
		"  [-q]                         # suppresses RTD, RTH lines if -T is used\n"
		"  [-t <test_mode>]             # 1 = RT task (default), 2 = RT timer handler;\n"
		"                               # 0 (user-mode task) does not exist on cokernel\n"
		"  [-f]                         # freeze trace for each new max latency: the RT\n"
		"                               # path is traced while sampling, 'ckipc trace'\n"
		"                               # prints the worst release's events\n"
		"  [-c <cpu>]                   # sampling CPU (uniprocessor: 0 only)\n"
		"  [-P <priority>]              # accepted for compatibility (1..99)\n"
		"  [-b]                         # accepted for compatibility\n"
		"  [--help]                     # this text\n"
		"Only one latency runs at a time: the RT sampler serves one session.\n",
		HISTOGRAM_CELLS, (long long)CK_LAT_PERIOD_DEFAULT_NS / 1000);
}

static void sighand(int sig)
{
	(void)sig;
	finished = 1;
}

static int bucket_of(int32_t ns)
{
	return (int)ck_lat_bucket(ns, (uint32_t)bucket_size,
				  (uint32_t)histogram_size);
}

/* @dt: seconds since the end of warm-up, counting the one being shown,
 * as Xenomai's time(NULL) - start - WARMUP_TIME at that line. */
static void print_rtt(long dt, int prio)
{
	printf("RTT|  %.2ld:%.2ld:%.2ld  (%s, %lld us period, priority %d)\n",
	       dt / 3600, (dt / 60) % 60, dt % 60, ck_lat_mode_name((uint32_t)test_mode),
	       period_ns / 1000, prio);
	printf("RTH|%11s|%11s|%11s|%8s|%6s|%11s|%11s\n", "----lat min",
	       "----lat avg", "----lat max", "-overrun", "---msw",
	       "---lat best", "--lat worst");
}

static void display(const struct ck_lat_rec *r)
{
	rt_prio = (int)r->prio;
	if (r->min_ns < gmin_ns)
		gmin_ns = r->min_ns;
	if (r->max_ns > gmax_ns)
		gmax_ns = r->max_ns;
	goverrun += (int)r->overruns;
	gsum_ns += (long long)r->avg_ns * r->samples;
	gsamples += r->samples;
	if (r->samples) {
		histogram_min[bucket_of(r->min_ns)]++;
		histogram_max[bucket_of(r->max_ns)]++;
	}
	if (!quiet) {
		if (data_lines && measured_s % data_lines == 0)
			print_rtt(measured_s + WARMUP_TIME, (int)r->prio);
		printf("RTD|%11.3f|%11.3f|%11.3f|%8d|%6u|%11.3f|%11.3f\n",
		       r->min_ns / 1000.0, r->avg_ns / 1000.0,
		       r->max_ns / 1000.0, goverrun, gmsw, gmin_ns / 1000.0,
		       gmax_ns / 1000.0);
		fflush(stdout);
	}
	measured_s++;
}

static void dump_histogram(const int32_t *histogram, const char *kind)
{
	int n;

	printf("---|--param|----range-|--samples\n");
	for (n = 0; n < histogram_size; n++) {
		int32_t hits = histogram[n];

		if (hits)
			printf("HSD|    %s| %3d -%3d | %8d\n", kind, n, n + 1,
			       hits);
	}
}

static void dump_stats(const int32_t *histogram, const char *kind)
{
	int i, total_hits = 0;
	double avg = 0, variance = 0;

	for (i = 0; i < histogram_size; i++) {
		total_hits += histogram[i];
		avg += (double)histogram[i] * i;
	}
	if (total_hits)
		avg /= total_hits;
	for (i = 0; i < histogram_size; i++)
		if (histogram[i])
			variance += histogram[i] * (i - avg) * (i - avg);
	if (total_hits > 1)
		variance /= total_hits - 1;
	else
		variance = 0;
	printf("HSS|    %s| %9d| %10.3f| %10.3f\n", kind, total_hits, avg,
	       sqrt(variance));
}

/* Send @cmd, retrying while the ring is full; 0 or -CK_E*. */
static int send_cmd(struct ckipc *c, struct ck_ipc_chan *ctl,
		    const struct ck_lat_cmd *cmd)
{
	int i, err = -CK_EAGAIN;

	for (i = 0; i < 200 && err == -CK_EAGAIN; i++) {
		err = ck_ipc_send(c->base, ctl, cmd, sizeof(*cmd));
		if (err == -CK_EAGAIN)
			usleep(10000);
	}
	return err;
}

/* Ask the RT side to repair faulted channels; wait until it did. */
static int unfault(struct ckipc *c, struct ck_ipc_chan *ch, int wait_ms)
{
	int t;

	if (!ck_ipc_faulted(c->base, ch))
		return 0;
	fprintf(stderr, "latency: channel %s is faulted, asking for a reset\n",
		ch->name);
	ck_ipc_request_reset(c->base, ch);
	for (t = 0; t < wait_ms; t += 10) {
		if (!ck_ipc_faulted(c->base, ch))
			return 0;
		usleep(10000);
	}
	return -CK_EFAULT;
}

static void fetch_avg_histogram(struct ckipc *c, struct ck_ipc_chan *hist,
				uint32_t session)
{
	static struct ck_lat_hist h;
	int i, t;

	for (t = 0; t < 200; t++) {
		int n = ck_ipc_state_read(c->base, hist, &h, sizeof(h));

		if (n == (int)sizeof(h) && h.session == session && h.final) {
			uint32_t cells = h.cells < (uint32_t)histogram_size
						 ? h.cells
						 : (uint32_t)histogram_size;

			for (i = 0; i < (int)cells; i++)
				histogram_avg[i] = (int32_t)h.hits[i];
			return;
		}
		if (n == -CK_EFAULT && t == 0)
			ck_ipc_request_reset(c->base, hist);
		usleep(10000);
	}
	fprintf(stderr, "latency: no histogram from the RT side\n");
}

static int need_histo(void)
{
	return do_histogram || do_stats || do_gnuplot;
}

/*
 * Write @histogram to @fp in Xenomai 3 latency's gnuplot format: three
 * "# " lines (the run's title, the column names, the summary of @duration
 * seconds with @gavg us average), then "x count" points in us: the lower
 * edge of the first non-empty cell at count 1, each cell from the first
 * to the last non-empty one at its middle with hits + 1 (so a log scale
 * shows empty cells), the upper edge of the last at count 1. Xenomai adds
 * `xeno-config --info` as "# " lines when it can run it; there is none
 * here. Return: 0, or -1 with errno set on a write error.
 */
static int write_gnuplot(FILE *fp, const int32_t *histogram, long duration,
			 double gavg)
{
	int n, start, stop;

	fprintf(fp, "# %.2ld:%.2ld:%.2ld (%s, %lld us period, priority %d)\n",
		duration / 3600, (duration / 60) % 60, duration % 60,
		ck_lat_mode_name((uint32_t)test_mode), period_ns / 1000,
		rt_prio);
	fprintf(fp, "# %11s|%11s|%11s|%8s|%6s|\n", "----lat min",
		"----lat avg", "----lat max", "-overrun", "---msw");
	fprintf(fp, "# %11.3f|%11.3f|%11.3f|%8d|%6u|\n",
		gsamples ? gmin_ns / 1000.0 : 0.0, gavg,
		gsamples ? gmax_ns / 1000.0 : 0.0, goverrun, gmsw);
	for (n = 0; n < histogram_size && histogram[n] == 0; n++)
		;
	start = n;
	for (n = histogram_size - 1; n >= 0 && histogram[n] == 0; n--)
		;
	stop = n;
	fprintf(fp, "%g 1\n", start * bucket_size / 1000.0);
	for (n = start; n <= stop; n++)
		fprintf(fp, "%g %d\n", (n + 0.5) * bucket_size / 1000.0,
			histogram[n] + 1);
	fprintf(fp, "%g 1\n", (stop + 1) * bucket_size / 1000.0);
	return fflush(fp) || ferror(fp) ? -1 : 0;
}

/* -g: the avg histogram into do_gnuplot. Return 0, or 1 after saying why
 * the file could not be written. */
static int dump_gnuplot(long duration, double gavg)
{
	int to_stdout = !strcmp(do_gnuplot, "-");
	FILE *fp = to_stdout ? stdout : fopen(do_gnuplot, "w");
	int err;

	if (!fp) {
		fprintf(stderr, "latency: -g %s: cannot write the histogram: %s\n",
			do_gnuplot, strerror(errno));
		return 1;
	}
	err = write_gnuplot(fp, histogram_avg, duration, gavg);
	if (!to_stdout && fclose(fp))
		err = -1;
	if (err) {
		fprintf(stderr, "latency: -g %s: writing the histogram failed: %s\n",
			do_gnuplot, strerror(errno));
		return 1;
	}
	return 0;
}

/* The end of the run as Xenomai prints it. Return: 0, or 1 when -g's file
 * could not be written (everything else is printed all the same). */
static int cleanup(void)
{
	long actual = measured_s;
	double gavg = gsamples ? (double)gsum_ns / gsamples / 1000.0 : 0.0;
	int status = 0;

	if (do_histogram) {
		dump_histogram(histogram_min, "min");
		dump_histogram(histogram_avg, "avg");
		dump_histogram(histogram_max, "max");
	}
	if (need_histo()) {
		printf("HSH|--param|--samples-|--average--|---stddev--\n");
		dump_stats(histogram_min, "min");
		dump_stats(histogram_avg, "avg");
		dump_stats(histogram_max, "max");
	}
	if (do_gnuplot) {
		fflush(stdout);
		status = dump_gnuplot(actual, gavg);
	}
	printf("---|-----------|-----------|-----------|--------|------|-------------------------\n"
	       "RTS|%11.3f|%11.3f|%11.3f|%8d|%6u|    %.2ld:%.2ld:%.2ld/%.2d:%.2d:%.2d\n",
	       gsamples ? gmin_ns / 1000.0 : 0.0, gavg,
	       gsamples ? gmax_ns / 1000.0 : 0.0, goverrun, gmsw,
	       actual / 3600, (actual / 60) % 60, actual % 60,
	       test_duration / 3600, (test_duration / 60) % 60,
	       test_duration % 60);
	if (freeze)
		printf("== -f: 'ckipc trace' prints the RT path of the worst release\n");
	if (gmsw)
		printf("Warning! some latency peaks may have been due to involuntary mode switches.\n"
		       "Please contact xenomai@xenomai.org\n");
	fflush(stdout);
	return status;
}

/* The value of option -@c, a whole number in [@min, @max]; exit 2 with a
 * message naming the option otherwise. */
static long long opt_number(int c, long long min, long long max)
{
	char what[3] = { '-', (char)c, 0 };
	long long v;

	if (cli_number("latency", what, optarg, min, max, &v))
		exit(2);
	return v;
}

static void parse_args(int argc, char **argv)
{
	int c, i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help")) {
			usage(stdout);
			exit(0);
		}
		if (!strcmp(argv[i], "--"))
			break;
	}
	while ((c = getopt(argc, argv, "g:hp:l:T:qH:B:sD:t:fc:P:b")) != EOF) {
		switch (c) {
		case 'g':
			do_gnuplot = optarg;
			break;
		case 'h':
			do_histogram = 1;
			break;
		case 's':
			do_stats = 1;
			break;
		case 'H':
			histogram_size = (int)opt_number(c, 1, CK_LAT_HIST_MAX_CELLS);
			break;
		case 'B':
			bucket_size = opt_number(c, 1, UINT32_MAX);
			break;
		case 'p': /* range checked below, with Xenomai's messages */
			period_ns = opt_number(c, LLONG_MIN / 1000,
					       LLONG_MAX / 1000) * 1000LL;
			break;
		case 'l':
			data_lines = (int)opt_number(c, 0, INT_MAX);
			break;
		case 'T':
			test_duration = (int)opt_number(c, 0, INT_MAX);
			break;
		case 'q':
			quiet = 1;
			break;
		case 't':
			test_mode = (int)opt_number(c, INT_MIN, INT_MAX);
			break;
		case 'f':
			freeze = 1;
			break;
		case 'c':
			if (opt_number(c, LLONG_MIN, LLONG_MAX) != 0) {
				fprintf(stderr, "latency: -c %s: CPU does not exist (uniprocessor: 0 only)\n",
					optarg);
				exit(2);
			}
			break;
		case 'P':
			priority = (int)opt_number(c, 1, 99);
			break;
		case 'b':
			break;
		default: /* getopt said what was wrong */
			usage(stderr);
			exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "latency: unexpected argument '%s' (options only; see latency --help)\n",
			argv[optind]);
		exit(2);
	}
	if (!test_duration && quiet) {
		fprintf(stderr, "latency: -q only works if -T has been given.\n");
		quiet = 0;
	}
	if (test_mode == 0) {
		fprintf(stderr,
			"latency: -t0 (periodic user-mode task) is not available on cokernel:\n"
			"         Linux processes are not real-time here. Use -t1 (RT task) or\n"
			"         -t2 (RT timer handler), which run in the co-kernel.\n");
		exit(2);
	}
	if (test_mode != 1 && test_mode != 2) {
		fprintf(stderr, "latency: -t %d: invalid test mode (1 = RT task, 2 = RT timer handler).\n",
			test_mode);
		exit(2);
	}
	if (period_ns > CK_LAT_PERIOD_MAX_NS) {
		fprintf(stderr, "latency: invalid period (> 1s).\n");
		exit(2);
	}
	if (period_ns < CK_LAT_PERIOD_MIN_NS) { /* the board's bound: RT side */
		fprintf(stderr, "latency: invalid period (< %u us).\n",
			CK_LAT_PERIOD_MIN_NS / 1000);
		exit(2);
	}
}

/*
 * The RT side refused the session's START, or stopped its sampling on an
 * error (@r: the CK_LAT_REC_REFUSED record, period_ns the board's shortest).
 * Return the exit status: 2 for a period below the board's shortest, 1
 * otherwise.
 */
static int say_refused(const struct ck_lat_rec *r)
{
	/* in whole us, rounded up: the shortest -p the board takes */
	long long min_us = ((long long)r->period_ns + 999) / 1000;

	if (period_ns < (long long)r->period_ns) {
		fprintf(stderr,
			"latency: the RT side refused a %lld us period: this board's shortest is %lld us\n",
			period_ns / 1000, min_us);
		return 2;
	}
	fprintf(stderr,
		"latency: the RT side stopped sampling at a %lld us period (this board's shortest is %lld us); the co-kernel console ([ck] lines) says why\n",
		period_ns / 1000, min_us);
	return 1;
}

/*
 * No record came for the timeout: the likely cause a user can check is an
 * RT fault that suspended the sampling task. Print the last fault of the
 * RT fault record (FAULTS_FILE, linux-guest/drivers/cokernel/fault.c:
 * "last: <kind> task=<name> pc=..."), or say where to look.
 */
static void explain_no_data(void)
{
	char line[256], last[256] = "";
	FILE *fp = fopen(FAULTS_FILE, "r");
	char *task;

	if (!fp) {
		fprintf(stderr,
			"latency: an RT fault may have suspended the sampling task: see %s (mount -t debugfs none /sys/kernel/debug) and the co-kernel console ([ck] lines)\n",
			FAULTS_FILE);
		return;
	}
	while (fgets(line, sizeof(line), fp))
		if (!strncmp(line, "last: ", 6))
			snprintf(last, sizeof(last), "%s", line + 6);
	fclose(fp);
	task = strstr(last, " task=");
	if (!task) {
		fprintf(stderr,
			"latency: no RT fault recorded (%s); the co-kernel console ([ck] lines) may say why\n",
			FAULTS_FILE);
		return;
	}
	*task = 0;
	task += strlen(" task=");
	task[strcspn(task, "\n ")] = 0;
	if (!strcmp(task, CK_LAT_TASK))
		fprintf(stderr,
			"latency: the co-kernel suspended the RT sampling task '%s' (%s, see %s): nothing restarts it before a reboot\n",
			task, last, FAULTS_FILE);
	else
		fprintf(stderr,
			"latency: the last RT fault (%s): %s in RT task '%s', not the sampling task; the co-kernel console ([ck] lines) may say why\n",
			FAULTS_FILE, last, task);
}

int main(int argc, char **argv)
{
	static const char *const chan_names[] = { CK_LAT_CTL, CK_LAT_DATA,
						  CK_LAT_HIST };
	static struct ck_lat_rec r;
	struct ck_ipc_chan chans[3], ctl, data, hist;
	struct ck_lat_cmd cmd;
	struct ckipc c;
	uint32_t session;
	time_t last;
	int err, status = 0;
	time_t reset_at = 0; /* last reset request of a fault episode */

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	histogram_min = calloc(histogram_size, sizeof(int32_t));
	histogram_max = calloc(histogram_size, sizeof(int32_t));
	histogram_avg = calloc(histogram_size, sizeof(int32_t));
	if (!histogram_min || !histogram_max || !histogram_avg) {
		fprintf(stderr, "latency: out of memory\n");
		return 1;
	}
	if (ckipc_open_app(&c, "latency", chan_names, chans, 3))
		return 1;
	ctl = chans[0];
	data = chans[1];
	hist = chans[2];
	if (unfault(&c, &ctl, 2000) || unfault(&c, &data, 3000)) {
		fprintf(stderr, "latency: the RT side did not reset the channels\n");
		return 1;
	}
	/* The RT side writes the histogram only at STOP, so it has not seen a
	 * corruption Linux wrote since: judge the header as a reader can,
	 * and have the RT side reset the block before it writes this run's. */
	if (!ckipc_chan_sound(&c, &hist)) {
		fprintf(stderr, "latency: channel %s is corrupt, asking the RT side to reset it\n",
			hist.name);
		ck_ipc_request_reset(c.base, &hist);
	}
	while (ck_ipc_recv(c.base, &data, &r, sizeof(r)) >= 0)
		; /* stale records of an earlier run */

	cli_catch_stop(sighand);
	session = cli_session();
	memset(&cmd, 0, sizeof(cmd));
	cmd.cmd = CK_LAT_CMD_START;
	cmd.mode = test_mode == 2 ? CK_LAT_MODE_TIMER : CK_LAT_MODE_TASK;
	cmd.period_ns = (uint32_t)period_ns;
	cmd.flags = freeze ? CK_LAT_F_FREEZE : 0;
	cmd.session = session;
	cmd.warmup_s = WARMUP_TIME;
	cmd.bucket_ns = (uint32_t)bucket_size;
	cmd.cells = (uint32_t)histogram_size;
	err = send_cmd(&c, &ctl, &cmd);
	if (err) {
		fprintf(stderr, "latency: cannot start the RT sampler: %s\n",
			ckipc_strerror(err));
		return 1;
	}

	printf("== Sampling period: %lld us\n", period_ns / 1000);
	printf("== Test mode: %s\n", ck_lat_mode_name((uint32_t)test_mode));
	printf("== All results in microseconds\n");
	printf("warming up...\n");
	fflush(stdout);

	last = time(NULL);
	while (!finished) {
		int n = ck_ipc_recv(c.base, &data, &r, sizeof(r));

		if (n == (int)sizeof(r)) {
			reset_at = 0;
			if (r.session != session)
				continue;
			last = time(NULL);
			if (r.flags & CK_LAT_REC_REFUSED) {
				status = say_refused(&r);
				if (status == 2) { /* the START never ran */
					ckipc_close(&c);
					return status;
				}
				break;
			}
			if (r.flags & CK_LAT_REC_WARMUP)
				continue;
			display(&r);
			if (test_duration && measured_s >= test_duration)
				break;
			continue;
		}
		if (n >= 0) { /* not a record: count it, skip it */
			ck_ipc_note_invalid(c.base, &data);
			continue;
		}
		if (n == -CK_ENOSPC) { /* stays queued: cannot skip it */
			fprintf(stderr, "latency: data channel holds a message larger than a record (%u bytes): ABI mismatch\n",
				data.slot_bytes);
			status = 1;
			break;
		}
		if (n == -CK_EBADMSG || n == -CK_EFAULT) {
			/* garbage in the ring (seen here, or by the RT side,
			 * which then marks it faulted): the RT side rebuilds it
			 * on its next send once asked; ask once a second, wait
			 * for the data meanwhile */
			if (!reset_at)
				fprintf(stderr, "latency: data channel corrupt, asking the RT side to reset it\n");
			if (time(NULL) != reset_at) {
				ck_ipc_request_reset(c.base, &data);
				reset_at = time(NULL);
			}
		} else if (n != -CK_EAGAIN) {
			fprintf(stderr, "latency: data channel: %s\n",
				ckipc_strerror(n));
			status = 1;
			break;
		}
		if (time(NULL) - last > NO_DATA_TIMEOUT_S + period_ns / 1000000000) {
			fprintf(stderr, "latency: no data from the RT side for %d s\n",
				NO_DATA_TIMEOUT_S);
			explain_no_data();
			status = 1;
			break;
		}
		err = ckipc_wait(&c, 200);
		if (err < 0 && err != -EINTR) {
			fprintf(stderr, "latency: doorbell: %s\n", strerror(-err));
			status = 1;
			break;
		}
	}
	memset(&cmd, 0, sizeof(cmd));
	cmd.cmd = CK_LAT_CMD_STOP;
	err = send_cmd(&c, &ctl, &cmd);
	if (err)
		fprintf(stderr, "latency: cannot stop the RT sampler: %s\n",
			ckipc_strerror(err));
	else if (need_histo())
		fetch_avg_histogram(&c, &hist, session);
	if (cleanup() && !status)
		status = 1;
	ckipc_close(&c);
	return status;
}
