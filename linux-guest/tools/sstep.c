// SPDX-License-Identifier: GPL-2.0
/*
 * sstep.c - single-step a spinning child with ptrace, over and over: what a
 * debugger does. On e500 every step is a critical-class debug interrupt in
 * Linux; the RT side must not notice (linux-guest/patches/0003).
 * usage: sstep [steps]   (default 100000) exit 0 after the steps,
 * 2 where the kernel has no PTRACE_SINGLESTEP (ARM).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	int st, rc = 0;
	pid_t p;

	if (n < 1) {
		fprintf(stderr, "usage: sstep [steps >= 1]\n");
		return 2;
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
	for (i = 0; i < n; i++) {
		if (ptrace(PTRACE_SINGLESTEP, p, 0, 0) < 0) {
			fprintf(stderr, "sstep: PTRACE_SINGLESTEP: %s\n", strerror(errno));
			rc = errno == EIO ? 2 : 1;
			break;
		}
		waitpid(p, &st, 0);
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
