// SPDX-License-Identifier: MIT
/* ckecho.c - libckipc in 30 lines: each line typed is sent to the RT echo
 * task (echo.in, which rings its doorbell) and printed when it comes back
 * (echo.out); poll() sleeps on stdin and the RT doorbell at once. A line
 * longer than 15 bytes goes as several messages (echo.in's slots hold 16). */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "libckipc.h"

int main(void)
{
	struct ckipc c;
	struct ck_ipc_chan in, out;
	char line[16], back[17];
	int n;

	if (ckipc_open(&c, "ckecho") || ckipc_chan(&c, "echo.in", &in) ||
	    ckipc_chan(&c, "echo.out", &out))
		return 1;
	struct pollfd p[2] = { { 0, POLLIN, 0 }, { ckipc_fd(&c), POLLIN, 0 } };
	while (poll(p, 2, -1) > 0) {
		if (p[1].revents)           /* the RT side posted: take the events, */
			ckipc_ack(&c);      /* then empty the ring */
		while ((n = ckipc_recv(&c, &out, back, 16, 0)) >= 0)
			printf("RT echoed: %.*s\n", n, back);
		if (p[0].revents && !fgets(line, sizeof(line), stdin))
			break;
		if (p[0].revents && (n = ckipc_send(&c, &in, line, strcspn(line, "\n"), 1000)))
			fprintf(stderr, "ckecho: %s\n", ckipc_strerror(n));
		fflush(stdout);
	}
	return 0;
}
