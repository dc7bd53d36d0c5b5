// SPDX-License-Identifier: GPL-2.0
/*
 * sstep.c - single-step a spinning child with ptrace, over and over: what a
 * debugger does. On e500 every step is a critical-class debug interrupt in
 * Linux; the RT side must not notice (linux-guest/patches/0003).
 * usage: sstep [steps]   (default 100000) exit 0 after the steps, 1 on an
 * error, 2 on a bad argument or where the kernel cannot single-step: ARM
 * Linux has no PTRACE_SINGLESTEP (arch/arm/kernel/ptrace.c removed it, the
 * request fails EIO); SH-4 Linux takes the request but steps with the UBC,
 * for which it has a driver on SH-4A only (arch/sh/kernel/cpu/sh4a/ubc.c),
 * and drops the error (set_single_step() in arch/sh/kernel/ptrace_32.c):
 * on an SH7751R the child just runs on, so a first step that has not
 * stopped it within SSTEP_FIRST_S seconds counts as "cannot".
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#define SSTEP_FIRST_S 1 /* s; a step takes microseconds where it works */

/* SIGALRM interrupts the first waitpid() (no SA_RESTART) */
static void sstep_alarm(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	long n = 100000, i;
	int st, rc = 0;
	char *end;
	pid_t p;

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf("usage: sstep [steps >= 1]   (default 100000)\n");
		return 0;
	}
	if (argc > 2) {
		fprintf(stderr, "usage: sstep [steps >= 1]   (default 100000)\n");
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
	if (p == 0) {
		volatile unsigned long x = 0;

		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		for (;;)
			x++;
	}
	waitpid(p, &st, 0);
	sigaction(SIGALRM, &(struct sigaction){ .sa_handler = sstep_alarm }, NULL);
	for (i = 0; i < n; i++) {
		if (ptrace(PTRACE_SINGLESTEP, p, 0, 0) < 0) {
			if (errno == EIO && i == 0)
				fprintf(stderr, "sstep: single-stepping is not supported by this kernel "
					"(no PTRACE_SINGLESTEP: ARM926 Linux has none; sstep is for e500)\n");
			else
				fprintf(stderr, "sstep: PTRACE_SINGLESTEP: %s\n", strerror(errno));
			rc = errno == EIO ? 2 : 1;
			break;
		}
		if (i == 0)
			alarm(SSTEP_FIRST_S);
		if (waitpid(p, &st, 0) < 0) {
			if (errno == EINTR && i == 0) {
				fprintf(stderr, "sstep: single-stepping is not supported by this kernel "
					"(the child did not stop after its first step in %d s: "
					"SH-4 Linux steps with a UBC it has no driver for here)\n",
					SSTEP_FIRST_S);
				rc = 2;
			} else {
				fprintf(stderr, "sstep: waitpid: %s\n", strerror(errno));
				rc = 1;
			}
			break;
		}
		if (i == 0)
			alarm(0);
		if (!WIFSTOPPED(st)) {
			fprintf(stderr, "sstep: child ended\n");
			rc = 1;
			break;
		}
	}
	kill(p, SIGKILL);
	waitpid(p, &st, 0);
	printf("sstep: %ld single steps\n", i);
	return rc;
}
