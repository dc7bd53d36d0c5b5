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
#include "libckipc.h"

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

int cli_send(struct ckipc *c, struct ck_ipc_chan *ch, const char *prog,
	     const void *msg, uint32_t len)
{
	int i, err = -CK_EAGAIN;

	for (i = 0; i < 200 && err == -CK_EAGAIN; i++) {
		err = ck_ipc_send(c->base, ch, msg, len);
		if (err == -CK_EAGAIN)
			usleep(10000);
	}
	if (err)
		fprintf(stderr,
			"%s: cannot send a command to the RT side: %s\n", prog,
			ckipc_strerror(err));
	return err;
}

int cli_result(struct ckipc *c, const char *prog, const char *name, void *buf,
	       uint32_t bytes)
{
	struct ck_ipc_chan ch;
	int n, t, err = ckipc_chan(c, name, &ch);

	if (err) {
		fprintf(stderr, "%s: channel %s: %s\n", prog, name,
			err == -CK_ENODEV ? "not found" : ckipc_strerror(err));
		return -1;
	}
	for (t = 0; t < 300; t++) { /* the RT run takes a moment at boot */
		n = ck_ipc_state_read(c->base, &ch, buf, bytes);
		if (n != -CK_EAGAIN)
			break;
		usleep(10000);
	}
	if (n != (int)bytes) {
		fprintf(stderr, "%s: no result: %s\n", prog,
			n < 0 ? ckipc_strerror(n) : "short record");
		return -1;
	}
	return 0;
}
