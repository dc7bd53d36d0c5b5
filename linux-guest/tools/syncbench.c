// SPDX-License-Identifier: GPL-2.0
/* syncbench.c - print what the co-kernel's sharing objects cost, as its
 * syncbench app measured them at boot (state block "syncbench",
 * ipc/ck_ipc_sync.h): a free mutex, a contended one's handover under
 * inheritance, an event post and a queue send to a blocked waiter. */
#define _GNU_SOURCE
#include <stdio.h>

#include "ck_ipc_sync.h"
#include "cli.h"
#include "libckipc.h"

int main(int argc, char **argv)
{
	struct ck_syb_result r;
	struct ckipc c;
	uint32_t f;
	int err;

	if (argc > 1) {
		fprintf(stderr,
			"usage: %s   (prints the costs of the RT mutexes, event flags and queues measured at boot)\n",
			argv[0]);
		return 2;
	}
	if (ckipc_open(&c, "syncbench"))
		return 1;
	err = cli_result(&c, "syncbench", CK_SYB_STATE, &r, sizeof(r));
	ckipc_close(&c);
	if (err)
		return 1;
	printf("== RT mutexes, event flags, queues (priorities %u/%u/%u), %u samples each\n",
	       r.prio, r.prio + 1, r.prio + 2, r.rounds);
	printf("== All results in ns (clock step <= %u ns); each sample includes a clock read\n",
	       r.clock_res_ns);
	printf("%-38s %8s %8s %8s\n", "", "min", "avg", "max");
	for (f = 0; f < CK_SYB_NR_FIGS; f++)
		printf("%-38s %8u %8u %8u\n", ck_syb_fig_name(f),
		       r.fig[f].min_ns, r.fig[f].avg_ns, r.fig[f].max_ns);
	printf("inheritance: the owner ran at the waiter's priority in %u of %u rounds\n",
	       r.pi_boosts, r.rounds);
	return r.pi_boosts == r.rounds ? 0 : 1;
}
