// SPDX-License-Identifier: GPL-2.0
/*
 * ckhackbench.c - the project's own equivalent of rt-tests' hackbench, the
 * scheduler load of ckload (linux-guest/rootfs/ckload: hackbench -p -g 2
 * -f 10 -l 100), for the guests without rt-tests: where Debian's mirror
 * does not serve rt-tests' source (/etc/rt-tests.missing, mk/rt-tests.mk).
 * Written from scratch after rt-tests 2.4's hackbench; nothing copied.
 *
 * Each of -g groups has -f receivers and -f senders; every sender writes
 * -l messages of -s bytes to each receiver of its group, over a pipe (-p)
 * or an AF_UNIX stream socket pair (the default), and each receiver reads
 * all of them (-f * -l messages). Workers are processes (the default, -P)
 * or threads (-T). All workers start on one "go" byte once all are ready;
 * the time from that byte until the last one is reaped is printed as
 * "Time: <s>.<ms>", after rt-tests' two header lines.
 * Not done: --inet and --fifo (refused by name, exit 2).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

#define PROG "ckhackbench"
#define HB_STACK_BYTES (64 * 1024)

struct hb_opts {
	bool pipes, threads;
	long long groups, fds, loops, msg_bytes;
};

/* What one worker needs: its fds, where to say "ready", what to wait on. */
struct hb_worker {
	const struct hb_opts *o;
	int in_fd;	 /* receiver: its end of its pipe; -1 for a sender */
	const int *out_fds; /* sender: the group's receivers' ends (fds) */
	int n_out;	    /* receiver: how many of out_fds are open at its fork */
	int ready_fd, go_fd, go_wr_fd; /* go_wr_fd: the main's end of go_fd's pipe */
	pthread_t thread;
	pid_t pid;
};

static void die(const char *what)
{
	fprintf(stderr, PROG ": %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: " PROG " [-p] [-g <groups>] [-f <fds>] [-l <loops>] [-s <bytes>] [-T|-P]\n"
		"hackbench (rt-tests 2.4); only these of its options:\n"
		"  -p --pipe        pipes (default: AF_UNIX stream sockets)\n"
		"  -g --groups=N    groups of senders and receivers (default 10)\n"
		"  -f --fds=N       receivers and senders per group (default 20)\n"
		"  -l --loops=N     messages from each sender to each receiver (default 100)\n"
		"  -s --datasize=N  bytes a message (default 100)\n"
		"  -T --threads     workers are threads\n"
		"  -P --processes   workers are processes (default)\n"
		"     --help        this text\n");
}

/* Say "ready" on @w's ready_fd, then wait for the go byte. */
static void hb_ready(const struct hb_worker *w)
{
	struct pollfd p = { .fd = w->go_fd, .events = POLLIN };

	if (write(w->ready_fd, "r", 1) != 1)
		die("ready write");
	if (poll(&p, 1, -1) != 1)
		die("poll");
}

/* Move @n bytes from @fd (@rd) or to it; short transfers are resumed. */
static void hb_xfer(int fd, char *buf, size_t n, bool rd)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = rd ? read(fd, buf + done, n - done)
			       : write(fd, buf + done, n - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) { /* only a read returns 0: every sender is gone */
			fprintf(stderr, PROG ": receiver: the senders are gone\n");
			exit(1);
		}
		if (r < 0)
			die(rd ? "receiver read" : "sender write");
		done += (size_t)r;
	}
}

static void *hb_work(void *arg)
{
	const struct hb_worker *w = arg;
	const struct hb_opts *o = w->o;
	char *buf = malloc((size_t)o->msg_bytes);
	long long i, j;

	if (!buf)
		die("malloc");
	memset(buf, '-', (size_t)o->msg_bytes);
	hb_ready(w);
	for (i = 0; i < o->loops; i++) {
		if (w->in_fd >= 0) {
			for (j = 0; j < o->fds; j++)
				hb_xfer(w->in_fd, buf, (size_t)o->msg_bytes, true);
			continue;
		}
		for (j = 0; j < o->fds; j++)
			hb_xfer(w->out_fds[j], buf, (size_t)o->msg_bytes, false);
	}
	free(buf);
	return NULL;
}

static void hb_start(struct hb_worker *w)
{
	pthread_attr_t attr;
	int i;

	if (w->o->threads) {
		/* a small stack, as hackbench's: hundreds of threads on a
		 * guest of 64 MiB */
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, HB_STACK_BYTES);
		errno = pthread_create(&w->thread, &attr, hb_work, w);
		pthread_attr_destroy(&attr);
		if (errno)
			die("pthread_create");
		return;
	}
	w->pid = fork();
	if (w->pid < 0)
		die("fork");
	if (w->pid == 0) {
		/* only the main holds the go pipe's writing end, and only the
		 * senders the data pipes': if the main dies before the go byte
		 * or the senders' start, the workers see a hang-up, not a hang */
		close(w->go_wr_fd);
		for (i = 0; i < w->n_out; i++)
			close(w->out_fds[i]);
		hb_work(w);
		_exit(0);
	}
}

static void hb_fdpair(const struct hb_opts *o, int fds[2])
{
	if (o->pipes ? pipe(fds) : socketpair(AF_UNIX, SOCK_STREAM, 0, fds))
		die(o->pipes ? "pipe" : "socketpair");
}

/*
 * hb_group() - start one group's workers at @w (2 * fds of them): its
 * receivers, then its senders, which write to @out_fds (fds ints).
 */
static void hb_group(const struct hb_opts *o, struct hb_worker *w, int *out_fds,
		     int ready_fd, const int go[2])
{
	long long i;
	int fds[2];

	for (i = 0; i < 2 * o->fds; i++)
		w[i] = (struct hb_worker){ .o = o, .in_fd = -1, .out_fds = out_fds,
					   .ready_fd = ready_fd, .go_fd = go[0],
					   .go_wr_fd = go[1] };
	for (i = 0; i < o->fds; i++) {
		hb_fdpair(o, fds);
		w[i].in_fd = fds[0];
		out_fds[i] = fds[1];
		w[i].n_out = (int)i + 1;
		hb_start(&w[i]);
		/* a process receiver holds its own copy; the reading end here
		 * would only keep the pipe open */
		if (!o->threads)
			close(fds[0]);
	}
	for (i = o->fds; i < 2 * o->fds; i++)
		hb_start(&w[i]);
	if (!o->threads)
		for (i = 0; i < o->fds; i++)
			close(out_fds[i]);
}

/* The command line into @o. Return: -1 to go on, else the exit status. */
static int hb_parse(int argc, char **argv, struct hb_opts *o)
{
	static const struct option longopts[] = {
		{ "pipe", no_argument, NULL, 'p' },
		{ "groups", required_argument, NULL, 'g' },
		{ "fds", required_argument, NULL, 'f' },
		{ "loops", required_argument, NULL, 'l' },
		{ "datasize", required_argument, NULL, 's' },
		{ "threads", no_argument, NULL, 'T' },
		{ "processes", no_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 } };
	int c;

	*o = (struct hb_opts){ .groups = 10, .fds = 20, .loops = 100, .msg_bytes = 100 };
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":pg:f:l:s:TPh", longopts, NULL)) != -1) {
		switch (c) {
		case 'p': o->pipes = true; break;
		case 'T': o->threads = true; break;
		case 'P': o->threads = false; break;
		case 'h': usage(stdout); return 0;
		case 'g':
			if (cli_number(PROG, "-g", optarg, 1, 1000, &o->groups))
				return 2;
			break;
		case 'f':
			if (cli_number(PROG, "-f", optarg, 1, 1000, &o->fds))
				return 2;
			break;
		case 'l':
			if (cli_number(PROG, "-l", optarg, 1, 1000000000, &o->loops))
				return 2;
			break;
		case 's':
			if (cli_number(PROG, "-s", optarg, 1, 1 << 20, &o->msg_bytes))
				return 2;
			break;
		default:
			return cli_bad_option(PROG, c, argv, "-p -g -f -l -s -T -P --help");
		}
	}
	return cli_no_operand(PROG, argc, argv) ? 2 : -1;
}

int main(int argc, char **argv)
{
	struct hb_opts o;
	struct timeval t0, t1, dt;
	int rc = hb_parse(argc, argv, &o), ready[2], go[2], failed = 0, st;
	long long n, i;
	struct hb_worker *w;
	int *out_fds;
	char byte;

	if (rc >= 0)
		return rc;
	n = 2 * o.fds * o.groups;
	printf("Running in %s mode with %lld groups using %lld file descriptors each (== %lld tasks)\n",
	       o.threads ? "threaded" : "process", o.groups, 2 * o.fds, n);
	printf("Each sender will pass %lld messages of %lld bytes\n", o.loops, o.msg_bytes);
	fflush(stdout);
	w = calloc((size_t)n, sizeof(*w));
	out_fds = calloc((size_t)(o.fds * o.groups), sizeof(*out_fds));
	if (!w || !out_fds)
		die("calloc");
	hb_fdpair(&o, ready);
	hb_fdpair(&o, go);
	for (i = 0; i < o.groups; i++)
		hb_group(&o, w + i * 2 * o.fds, out_fds + i * o.fds, ready[1], go);
	for (i = 0; i < n; i++)
		if (read(ready[0], &byte, 1) != 1)
			die("ready read");
	gettimeofday(&t0, NULL);
	if (write(go[1], "g", 1) != 1)
		die("go write");
	for (i = 0; i < n; i++) {
		if (o.threads) {
			pthread_join(w[i].thread, NULL);
		} else if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
			failed++;
		}
	}
	gettimeofday(&t1, NULL);
	timersub(&t1, &t0, &dt);
	printf("Time: %lu.%03lu\n", (unsigned long)dt.tv_sec, (unsigned long)dt.tv_usec / 1000);
	if (failed)
		fprintf(stderr, PROG ": %d workers failed\n", failed);
	free(w);
	free(out_fds);
	return failed ? 1 : 0;
}
