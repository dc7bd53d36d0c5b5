// SPDX-License-Identifier: GPL-2.0
/*
 * sstep.c - single-step a spinning child with ptrace, over and over: what a
 * debugger does. On e500 every step is a critical-class debug interrupt in
 * Linux; the RT side must not notice (linux-guest/patches/0003).
 * usage: sstep [steps]   (default 100000) exit 0 after the steps, 1 on an
 * error, 2 on a bad argument or where the kernel has no PTRACE_SINGLESTEP
 * (ARM Linux: arch/arm/kernel/ptrace.c removed it, the request fails EIO).
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
