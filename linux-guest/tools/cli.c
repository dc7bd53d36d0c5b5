// SPDX-License-Identifier: GPL-2.0
/* cli.c - what the Linux tools share (cli.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_number(const char *prog, const char *what, const char *arg,
	       long long min, long long max, long long *out)
{
	char *end;
	long long v;

	/* strtoll() skips leading blanks and reads "" as 0: refuse both */
	if (!arg || !*arg || isspace((unsigned char)*arg)) {
		fprintf(stderr, "%s: %s '%s': not a whole number\n", prog, what,
			arg ? arg : "");
		return -1;
	}
	errno = 0;
	v = strtoll(arg, &end, 10);
	if (*end) {
		fprintf(stderr, "%s: %s '%s': not a whole number\n", prog, what,
			arg);
		return -1;
	}
	if (errno == ERANGE || v < min || v > max) {
		fprintf(stderr, "%s: %s '%s': out of range (%lld..%lld)\n", prog,
			what, arg, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_bad_option(const char *prog, int c, char **argv, const char *supported)
{
	if (c == ':')
		fprintf(stderr, "%s: %s needs a value\n", prog, argv[optind - 1]);
	else if (optopt) /* an unknown short option; 0 for a long one */
		fprintf(stderr, "%s: option -%c is not supported (supported: %s)\n",
			prog, optopt, supported);
	else
		fprintf(stderr, "%s: option %s is not supported (supported: %s)\n",
			prog, argv[optind - 1], supported);
	return 2;
}

int cli_no_operand(const char *prog, int argc, char **argv)
{
	if (optind >= argc)
		return 0;
	fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
	return 2;
}

void cli_catch_stop(void (*fn)(int sig))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

uint32_t cli_session(void)
{
	return (uint32_t)getpid() ^ (uint32_t)time(NULL) << 16;
}
