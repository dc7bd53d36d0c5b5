// SPDX-License-Identifier: GPL-2.0
/*
 * rtmix.c - Linux side of the co-kernel's mixed RT workload
 * (cokernel/apps/rtmix.c): starts a run of -T seconds through "rtmix.ctl",
 * follows it on "rtmix.state" and prints every counter: what ran, then
 * the violations of the sharing objects' promises. Exit 0 when every
 * violation counter is 0, 1 otherwise (or when the RT side went silent).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ck_ipc_sync.h"
#include "cli.h"
#include "libckipc.h"

/* the RT side stops every task within 100 ms of the run's end; the state
 * is published every CK_MIX_PUBLISH_NS meanwhile */
#define SILENCE_S 5

static long long run_s = 3; /* -T */
static int quiet; /* -q */
static volatile sig_atomic_t interrupted;

static void usage(FILE *out)
{
	fprintf(out,
		"usage: rtmix [options]\n"
		"Run the co-kernel's mixed RT workload (tasks of several priorities\n"
		"sharing mutexes with inheritance, a message queue, event flags and a\n"
		"periodic task, every wait with a timeout) and print its counts and\n"
		"the violations its checks found.\n"
		"  -T, --timeout <seconds>  length of the run (default 3, at most %u)\n"
		"  -q, --quiet              no progress line each second\n"
		"  -h, --help               this text\n"
		"Exit status: 0 no violation, 1 a violation or no answer, 2 bad usage.\n",
		CK_MIX_RUN_MAX_MS / 1000u);
}

static void sighand(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void parse_args(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "timeout", required_argument, NULL, 'T' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "hqT:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			exit(0);
		case 'q':
			quiet = 1;
			break;
		case 'T':
			if (cli_number("rtmix", "-T", optarg, 1,
				       CK_MIX_RUN_MAX_MS / 1000u, &run_s))
				exit(2);
			break;
		default: /* getopt said what was wrong */
			usage(stderr);
			exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "rtmix: '%s': no arguments expected\n",
			argv[optind]);
		exit(2);
	}
}

static int send_cmd(struct ckipc *c, struct ck_ipc_chan *ctl, uint32_t cmd,
		    uint32_t session)
{
	struct ck_mix_cmd m = { .cmd = cmd,
				.session = session,
				.run_ms = (uint32_t)(run_s * 1000) };

	return cli_send(c, ctl, "rtmix", &m, sizeof(m));
}

static void print_counts(const struct ck_mix_state *s)
{
	uint32_t i;

	printf("rtmix: session %u, %u ms\n", s->session, s->elapsed_ms);
	for (i = 0; i < CK_MIX_NR_COUNTERS; i++)
		printf("%-14s %10u\n", ck_mix_counter_name(i), s->count[i]);
	printf("%-14s %10u\n", "violations", s->violations);
	if (s->first[0])
		printf("first violation: %.*s\n", (int)CK_MIX_WHAT_BYTES,
		       s->first);
}

/* Follow the run of @session to its end into *@s; on ^C, have the RT
 * side end it early. Return: 0 or -1 (said). */
static int follow(struct ckipc *c, struct ck_ipc_chan chans[2],
		  uint32_t session, struct ck_mix_state *s)
{
	struct ck_ipc_chan *st = &chans[1];
	time_t heard = time(NULL);
	uint32_t shown_s = 0;
	int stop_sent = 0;

	for (;;) {
		int n;

		if (interrupted && !stop_sent) {
			stop_sent = 1;
			if (send_cmd(c, &chans[0], CK_MIX_CMD_STOP, session))
				return -1;
		}
		n = ck_ipc_state_read(c->base, st, s, sizeof(*s));

		if (n == (int)sizeof(*s) && s->session == session) {
			heard = time(NULL);
			if (s->phase == CK_MIX_DONE)
				return 0;
			if (!quiet && s->elapsed_ms / 1000u > shown_s) {
				shown_s = s->elapsed_ms / 1000u;
				printf("RTD| %3u s: %u locks (%u contended), %u messages, %u periods, %u violations\n",
				       shown_s, s->count[CK_MIX_LOCKS],
				       s->count[CK_MIX_CONTENDED],
				       s->count[CK_MIX_Q_RECEIVED],
				       s->count[CK_MIX_PERIODS], s->violations);
			}
		} else if (n >= 0 && n != (int)sizeof(*s)) {
			fprintf(stderr,
				"rtmix: state block holds %d bytes, not a state (ABI mismatch?)\n",
				n);
			return -1;
		} else if (n < 0 && n != -CK_EAGAIN) {
			fprintf(stderr, "rtmix: state: %s\n",
				ckipc_strerror(n));
			return -1;
		}
		if (time(NULL) - heard > SILENCE_S) {
			fprintf(stderr,
				"rtmix: no state from the RT side for %d s; the co-kernel console ([ck] lines) may say why\n",
				SILENCE_S);
			return -1;
		}
		usleep(50000);
	}
}

int main(int argc, char **argv)
{
	static const char *const chan_names[] = { CK_MIX_CTL, CK_MIX_STATE };
	struct ck_ipc_chan chans[2];
	struct ck_mix_state s;
	uint32_t session;
	struct ckipc c;
	int ret;

	parse_args(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (ckipc_open_app(&c, "rtmix", chan_names, chans, 2))
		return 1;
	cli_catch_stop(sighand);
	session = cli_session();
	if (send_cmd(&c, &chans[0], CK_MIX_CMD_START, session)) {
		ckipc_close(&c);
		return 1;
	}
	printf("== RT tasks mix-per (priority %d, 1 ms) .. mix-lo (%d), %lld s\n",
	       CK_MIX_PRIO_LOW + 8, CK_MIX_PRIO_LOW + 1, run_s);
	ret = follow(&c, chans, session, &s);
	ckipc_close(&c);
	if (ret)
		return 1;
	print_counts(&s);
	return s.violations ? 1 : 0;
}
