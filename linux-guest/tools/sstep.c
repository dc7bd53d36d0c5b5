// SPDX-License-Identifier: GPL-2.0
/*
 * sstep.c - single-step a spinning child with ptrace, over and over: what a
 * debugger does. On e500 every step is a critical-class debug interrupt in
 * Linux; the RT side must not notice (linux-guest/patches/0003).
 * usage: sstep [steps]   (default 100000) exit 0 after the steps, 1 on an
 * error, 2 on a bad argument or where the kernel cannot single-step:
 * - ARM Linux has no PTRACE_SINGLESTEP (arch/arm/kernel/ptrace.c removed
 *   it): the request fails EIO.
 * - SH-4 Linux takes the request but steps with a UBC breakpoint, which it
 *   drives on SH-4A only (arch/sh/kernel/cpu/sh4a/ubc.c); on an SH7751R
 *   arch_install_hw_breakpoint() warns "Can't find any breakpoint slot",
 *   the request still returns 0 and the child runs on. The one stop such a
 *   kernel does report is at the exit of a system call
 *   (do_syscall_trace_leave() with TIF_SINGLESTEP, arch/sh/kernel/
 *   ptrace_32.c), so the child is stepped only once it spins in its loop,
 *   which makes none, and a step that has not stopped it within
 *   SSTEP_STUCK_MS means "cannot".
 * A watchdog timer guards every step, and the child dies with sstep
 * (PR_SET_PDEATHSIG), so sstep never hangs and leaves no child behind.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SSTEP_USAGE "usage: sstep [steps >= 1]   (default 100000)\n"
#define SSTEP_TICK_MS 200 /* the watchdog's period */
/* ms; a step takes microseconds where the kernel can step */
#define SSTEP_STUCK_MS 1000
/* ticks without a finished step: at least SSTEP_STUCK_MS have passed */
#define SSTEP_STUCK_TICKS (SSTEP_STUCK_MS / SSTEP_TICK_MS + 1)
#define SSTEP_NAP_MS 10 /* the child runs this long to reach its loop */
#define SSTEP_NAPS 100 /* tries to find it in its loop */

static volatile unsigned long sstep_spins; /* the child's loop count */
static volatile sig_atomic_t sstep_ticks; /* watchdog ticks so far */

static void sstep_tick(int sig)
{
	(void)sig;
	sstep_ticks++;
}

/* the child: traced, stopped once, then spinning without system calls */
static void sstep_child(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent ||
	    ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
		_exit(1);
	raise(SIGSTOP);
	for (;;)
		sstep_spins++;
}

/*
 * Let the stopped child run until it is found stopped inside its loop
 * (its loop count moved), where no system call of its own is left to exit.
 * Return 0, or -1 with a message on stderr.
 */
static int sstep_reach_loop(pid_t p)
{
	const struct timespec nap = { 0, SSTEP_NAP_MS * 1000000L };
	int st, i;
	long spins;

	for (i = 0; i < SSTEP_NAPS; i++) {
		if (ptrace(PTRACE_CONT, p, 0, 0) < 0) {
			perror("sstep: PTRACE_CONT");
			return -1;
		}
		nanosleep(&nap, NULL);
		if (kill(p, SIGSTOP) < 0 || waitpid(p, &st, 0) < 0) {
			perror("sstep: stopping the child");
			return -1;
		}
		if (!WIFSTOPPED(st)) {
			fprintf(stderr, "sstep: child ended\n");
			return -1;
		}
		errno = 0;
		spins = ptrace(PTRACE_PEEKDATA, p, (void *)&sstep_spins, 0);
		if (errno) {
			perror("sstep: PTRACE_PEEKDATA");
			return -1;
		}
		if (spins)
			return 0;
	}
	fprintf(stderr, "sstep: the child did not reach its loop in %d ms\n",
		SSTEP_NAPS * SSTEP_NAP_MS);
	return -1;
}

/*
 * One step of the child. Return 0 when it stopped, 1 when it did not
 * within SSTEP_STUCK_MS, or -errno of ptrace() or waitpid().
 */
static int sstep_one(pid_t p, int *st)
{
	sig_atomic_t since = sstep_ticks;

	if (ptrace(PTRACE_SINGLESTEP, p, 0, 0) < 0)
		return -errno;
	while (waitpid(p, st, 0) < 0) {
		if (errno != EINTR)
			return -errno;
		if (sstep_ticks - since >= SSTEP_STUCK_TICKS)
			return 1;
	}
	return 0;
}

/* the watchdog's SIGALRM every @ms (0: off); it interrupts waitpid() */
static void sstep_watchdog(int ms)
{
	struct itimerval t = {
		.it_interval = { ms / 1000, ms % 1000 * 1000 },
		.it_value = { ms / 1000, ms % 1000 * 1000 },
	};

	sigaction(SIGALRM, &(struct sigaction){ .sa_handler = sstep_tick }, NULL);
	setitimer(ITIMER_REAL, &t, NULL);
}

/* @n steps of child @p; return sstep's exit status, messages printed */
static int sstep_run(pid_t p, long n, long *done)
{
	int st, r;

	for (*done = 0; *done < n; ++*done) {
		r = sstep_one(p, &st);
		if (r == -EIO && *done == 0) {
			fprintf(stderr, "sstep: single-stepping is not supported by this kernel "
				"(no PTRACE_SINGLESTEP: ARM926 Linux has none)\n");
			return 2;
		}
		if (r == 1 && *done == 0) {
			fprintf(stderr, "sstep: single-stepping is not supported by this kernel "
				"(the first step did not stop the child in %d ms: SH-4 Linux "
				"steps with a UBC breakpoint, which it drives on SH-4A only)\n",
				SSTEP_STUCK_MS);
			return 2;
		}
		if (r == 1) {
			fprintf(stderr, "sstep: step %ld did not stop the child in %d ms\n",
				*done + 1, SSTEP_STUCK_MS);
			return 1;
		}
		if (r < 0) {
			fprintf(stderr, "sstep: step %ld: %s\n", *done + 1, strerror(-r));
			return 1;
		}
		if (!WIFSTOPPED(st)) {
			fprintf(stderr, "sstep: child ended\n");
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	long n = 100000, done = 0;
	int st, rc;
	char *end;
	pid_t p, self = getpid();

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf(SSTEP_USAGE);
		return 0;
	}
	if (argc > 2) {
		fprintf(stderr, SSTEP_USAGE);
		return 2;
	}
	if (argc == 2) {
		errno = 0;
		n = strtol(argv[1], &end, 10);
		if (errno || end == argv[1] || *end || n < 1) {
			fprintf(stderr, "sstep: bad step count '%s': a whole number >= 1 expected\n",
				argv[1]);
			return 2;
		}
	}
	p = fork();
	if (p < 0) {
		perror("sstep: fork");
		return 1;
	}
	if (p == 0)
		sstep_child(self);
	if (waitpid(p, &st, 0) < 0 || !WIFSTOPPED(st)) {
		fprintf(stderr, "sstep: the child did not stop to be traced\n");
		rc = 1;
	} else if (sstep_reach_loop(p) < 0) {
		rc = 1;
	} else {
		sstep_watchdog(SSTEP_TICK_MS);
		rc = sstep_run(p, n, &done);
		sstep_watchdog(0);
	}
	kill(p, SIGKILL);
	while (waitpid(p, &st, 0) < 0 && errno == EINTR)
		;
	printf("sstep: %ld single steps\n", done);
	return rc;
}
