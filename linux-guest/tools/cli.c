// SPDX-License-Identifier: GPL-2.0
/* cli.c - strict command-line number parsing shared by the Linux tools. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

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
