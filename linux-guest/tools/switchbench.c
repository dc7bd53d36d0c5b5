// SPDX-License-Identifier: GPL-2.0
/* switchbench.c - print the RT context switch cost measured by the
 * co-kernel's switchbench app (state block "switchbench"), in the layout of
 * Xenomai 2.4's switchbench (RTH/RTD, microseconds). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ck_ipc_apps.h"
#include "cli.h"
#include "libckipc.h"

int main(int argc, char **argv)
{
	struct ck_swb_result r;
	struct ckipc c;

	if (argc > 1) {
		fprintf(stderr, "usage: %s   (prints the RT context switch cost measured at boot)\n",
			argv[0]);
		return 2;
	}
	if (ckipc_open(&c, "switchbench"))
		return 1;
	if (cli_result(&c, "switchbench", CK_SWB_STATE, &r, sizeof(r)))
		return 1;
	printf("== RT context switch (semaphore ping-pong, priorities %u/%u), %u switches\n",
	       r.prio, r.prio + 1, r.switches);
	printf("== All results in microseconds (clock step <= %.3f us)\n",
	       r.clock_res_ns / 1000.0);
	printf("RTH|%12s|%12s|%12s|%12s\n", "lat min", "lat avg", "lat max",
	       "lost");
	printf("RTD|%12.3f|%12.3f|%12.3f|%12lld\n", r.min_ns / 1000.0,
	       r.avg_ns / 1000.0, r.max_ns / 1000.0, 0LL);
	printf("switch cost: avg %u ns, min %u ns, max %u ns\n", r.avg_ns,
	       r.min_ns, r.max_ns);
	ckipc_close(&c);
	return 0;
}
