// SPDX-License-Identifier: GPL-2.0
/*
 * switchtest.c - Linux side of the co-kernel's context-switch torture
 * (cokernel/apps/switchtest.c): starts it through "switchtest.ctl",
 * prints the switch counts it sends once a second on "switchtest.data" in
 * Xenomai's switchtest format (RTT/RTH/RTD) and exits 0 at the end of -T,
 * or 1 with the RT side's report when a check failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ck_ipc_apps.h"
#include "cli.h"
#include "libckipc.h"

#define NO_DATA_TIMEOUT_S 5

static int test_duration;   /* -T, seconds; 0 = until ^C */
static long data_lines = 21; /* -l */
static int quiet;           /* -q */
static long long period_ns = CK_SWT_PERIOD_DEFAULT_NS; /* -s */
static int inject;          /* --inject-fault: tests only */

static volatile sig_atomic_t finished;

static void usage(FILE *out)
{
	fprintf(out,
		"usage: switchtest [options]\n"
		"Switch RT tasks of several priorities through semaphores and sleeps\n"
		"in the co-kernel while Linux runs, check every switch resumed the\n"
		"right task with its registers intact, and print the count of\n"
		"context switches every second.\n"
		"  -T, --timeout <seconds>  stop after <seconds> (default: 0, ^C ends)\n"
		"  -q, --quiet              no RTT/RTH/RTD line each second; the last\n"
		"                           second's at the end\n"
		"  -l, --lines <lines>      a header every <lines> lines (default 21,\n"
		"                           0: none)\n"
		"  -s, --stress <period_us> rounds of switches every <period_us> (default\n"
		"                           %lld, at least %u and the board's shortest\n"
		"                           timer period)\n"
		"  -n, --nofpu              accepted: FPU registers are never tested (RT\n"
		"                           code is soft-float, the co-kernel saves no FPU\n"
		"                           state)\n"
		"  -f, --freeze             accepted, ignored (no tracer yet)\n"
		"  -h, --help               this text\n"
		"  --inject-fault           (tests) have the RT side corrupt one saved\n"
		"                           register once: the run must fail\n"
		"The RT side's tasks are fixed (no threadspec arguments). Exit status:\n"
		"0 done, 1 a check failed or the RT side went silent, 2 bad usage.\n",
		(long long)CK_SWT_PERIOD_DEFAULT_NS / 1000,
		CK_SWT_PERIOD_MIN_NS / 1000);
}

static void sighand(int sig)
{
	(void)sig;
	finished = 1;
}

static long long opt_number(const char *what, long long min, long long max)
{
	long long v;

	if (cli_number("switchtest", what, optarg, min, max, &v))
		exit(2);
	return v;
}

static void parse_args(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "freeze", no_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "lines", required_argument, NULL, 'l' },
		{ "nofpu", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "stress", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 'T' },
		{ "inject-fault", no_argument, NULL, 'I' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "fhl:nqs:T:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'f':
		case 'n':
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case 'l':
			data_lines = (long)opt_number("-l", 0, INT_MAX);
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			period_ns = opt_number("-s", CK_SWT_PERIOD_MIN_NS / 1000,
					       CK_SWT_PERIOD_MAX_NS / 1000) *
				    1000LL;
			break;
		case 'T':
			test_duration = (int)opt_number("-T", 0, INT_MAX);
			break;
		case 'I':
			inject = 1;
			break;
		default: /* getopt said what was wrong */
			usage(stderr);
			exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr,
			"switchtest: '%s': threadspecs are not supported: the co-kernel runs a fixed set of RT tasks (see switchtest --help)\n",
			argv[optind]);
		exit(2);
	}
}

static void display(const struct ck_swt_rec *r, long *lines)
{
	if (data_lines && (*lines)++ % data_lines == 0) {
		long dt = (long)r->seq + 1;

		printf("RTT|  %.2ld:%.2ld:%.2ld\n", dt / 3600, (dt / 60) % 60,
		       dt % 60);
		printf("RTH|%12s|%12s\n", "ctx switches", "-------total");
	}
	printf("RTD|%12u|%12llu\n", r->switches, (unsigned long long)r->total);
}

/* The RT side's failure record @r: what failed, where; exit status 1. */
static int say_failed(const struct ck_swt_rec *r)
{
	char task[CK_SWT_NAME_BYTES + 1] = "", what[CK_SWT_NAME_BYTES + 1] = "";

	memcpy(task, r->fail_task, CK_SWT_NAME_BYTES);
	memcpy(what, r->fail_reg, CK_SWT_NAME_BYTES);
	fprintf(stderr, "switchtest: FAILED after %llu context switches, in RT task %s: ",
		(unsigned long long)r->total, task);
	switch (r->fail_kind) {
	case CK_SWT_FAIL_REG:
		fprintf(stderr,
			"register %s was 0x%08x before the switch, 0x%08x after\n",
			what, r->expected, r->found);
		break;
	case CK_SWT_FAIL_ORDER:
		fprintf(stderr,
			"wrong task order at check '%s': expected task %u, found task %u\n",
			what, r->expected, r->found);
		break;
	case CK_SWT_FAIL_SLEEP:
		fprintf(stderr,
			"a sleep ended early: due at ...%u ns, woke at ...%u ns\n",
			r->expected, r->found);
		break;
	default:
		fprintf(stderr, "unknown failure kind %u (%s)\n", r->fail_kind,
			what);
	}
	fprintf(stderr,
		"switchtest: the torture stays stopped until the co-kernel restarts (see its console, [ck] lines)\n");
	return 1;
}

static int send_cmd(struct ckipc *c, struct ck_ipc_chan *ctl, uint32_t cmd,
		    uint32_t session)
{
	struct ck_swt_cmd m = { .cmd = cmd, .session = session,
				.period_ns = (uint32_t)period_ns };

	return cli_send(c, ctl, "switchtest", &m, sizeof(m));
}

/* Receive and print the session's records until the end; the exit status. */
static int run(struct ckipc *c, struct ck_ipc_chan *data, uint32_t session)
{
	static struct ck_swt_rec r, last;
	time_t heard = time(NULL);
	long lines = 0;
	int have_last = 0;

	while (!finished) {
		int n = ck_ipc_recv(c->base, data, &r, sizeof(r));

		if (n == (int)sizeof(r)) {
			if (r.session != session)
				continue;
			heard = time(NULL);
			if (r.flags & CK_SWT_REC_FAILED)
				return say_failed(&r);
			if (r.flags & CK_SWT_REC_REFUSED) {
				fprintf(stderr,
					"switchtest: the RT side refused a %lld us period: this board's shortest is %u us\n",
					period_ns / 1000, (r.period_ns + 999) / 1000);
				return 2;
			}
			if (!r.switches) {
				fprintf(stderr, "switchtest: No context switches during one second, aborting.\n");
				return 1;
			}
			if (!quiet)
				display(&r, &lines);
			last = r;
			have_last = 1;
			if (test_duration && (int)r.seq + 1 >= test_duration)
				break;
			continue;
		}
		if (n >= 0 || n == -CK_ENOSPC) {
			fprintf(stderr, "switchtest: data channel holds a message that is not a record (ABI mismatch?)\n");
			return 1;
		}
		if (n != -CK_EAGAIN) {
			fprintf(stderr, "switchtest: data channel: %s\n",
				ckipc_strerror(n));
			return 1;
		}
		if (time(NULL) - heard > NO_DATA_TIMEOUT_S) {
			fprintf(stderr,
				"switchtest: no data from the RT side for %d s; the co-kernel console ([ck] lines) may say why\n",
				NO_DATA_TIMEOUT_S);
			return 1;
		}
		n = ckipc_wait(c, 200);
		if (n < 0 && n != -EINTR) {
			fprintf(stderr, "switchtest: doorbell: %s\n", strerror(-n));
			return 1;
		}
	}
	if (quiet && have_last) {
		lines = 0;
		display(&last, &lines);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const chan_names[] = { CK_SWT_CTL, CK_SWT_DATA };
	struct ck_ipc_chan chans[2], ctl, data;
	static struct ck_swt_rec r;
	uint32_t session;
	struct ckipc c;
	int status;

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (ckipc_open_app(&c, "switchtest", chan_names, chans, 2))
		return 1;
	ctl = chans[0];
	data = chans[1];
	while (ck_ipc_recv(c.base, &data, &r, sizeof(r)) >= 0)
		; /* records of an earlier run */

	cli_catch_stop(sighand);
	session = cli_session();
	if (send_cmd(&c, &ctl, CK_SWT_CMD_START, session) ||
	    (inject && send_cmd(&c, &ctl, CK_SWT_CMD_INJECT, session)))
		return 1;
	printf("== RT tasks: st-pacer (priority %d), st-ring0..%u (%d..%d), st-spin (%d)\n",
	       CK_SWT_PRIO_LOW + 5, CK_SWT_RING_TASKS - 1, CK_SWT_PRIO_LOW + 1,
	       CK_SWT_PRIO_LOW + (int)CK_SWT_RING_TASKS, CK_SWT_PRIO_LOW);
	printf("== Rounds: every %lld us, %u handoffs; a register-checked spin every %u rounds\n",
	       period_ns / 1000, CK_SWT_HANDOFFS, CK_SWT_SPIN_EVERY);
	printf("== FPU registers: not tested (the co-kernel saves no FPU state)\n");
	status = run(&c, &data, session);
	if (send_cmd(&c, &ctl, CK_SWT_CMD_STOP, session) && !status)
		status = 1;
	ckipc_close(&c);
	return status;
}
