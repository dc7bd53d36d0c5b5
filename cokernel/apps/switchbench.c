// SPDX-License-Identifier: MIT
/*
 * switchbench.c - cost of one RT context switch, measured once at boot by
 * two tasks ping-ponging through a semaphore; printed on the console and
 * published in the "switchbench" state block (ipc/ck_ipc_apps.h).
 *
 * Task B (higher priority) blocks on a semaphore; task A stamps the time
 * and posts it, so B preempts A at once and stamps on wake-up (a switch by
 * preemption); B stamps and waits again, so A resumes and stamps (a switch
 * by blocking). Each sample includes the semaphore call that causes the
 * switch, as Xenomai's switchbench does. avg is the mean of the samples,
 * so min <= avg <= max; with a coarse RT clock the samples are quantised
 * to its step (reported as clock_res_ns).
 *
 * The result is written once; a slow poll (ck_watchdog_hook()) serves
 * Linux's reset requests afterwards (`ckipc reset switchbench` after a
 * corruption) by publishing the same result again, which repairs the
 * block first (ck_ipc_reset_pending()).
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/app.h>
#include <ck/fault.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

#define SWB_PRIO 61          /* A; B is SWB_PRIO + 1; above latency (60) */
#define SWB_ROUNDS 10000u    /* two switches per round */
#define SWB_STACK_BYTES 2048u

static struct {
	struct ck_task a, b;
	ck_sem_t go_b;
	volatile uint64_t stamp_ns; /* written by one task, read by the other */
	volatile bool done;
	uint64_t min_ns, max_ns, res_ns, sum_ns;
	struct ck_ipc_chan state;
	bool ipc;
	volatile bool published; /* res final, state written: the hook's */
	struct ck_swb_result res;
} swb;

static uint64_t swb_stack_a[SWB_STACK_BYTES / 8u] __attribute__((aligned(8)));
static uint64_t swb_stack_b[SWB_STACK_BYTES / 8u] __attribute__((aligned(8)));

static void swb_account(uint64_t now)
{
	uint64_t d = now - swb.stamp_ns;

	swb.sum_ns += d;
	if (d < swb.min_ns)
		swb.min_ns = d;
	if (d > swb.max_ns)
		swb.max_ns = d;
	if (d && d < swb.res_ns)
		swb.res_ns = d;
}

static void swb_task_b(void *arg)
{
	(void)arg;
	for (;;) {
		(void)ck_sem_wait(&swb.go_b);
		if (swb.done)
			return; /* exits the task */
		swb_account(ck_clock_now());
		swb.stamp_ns = ck_clock_now();
	}
}

static uint32_t swb_u32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static void swb_task_a(void *arg)
{
	uint32_t i, switches = 2u * SWB_ROUNDS;
	void *base;

	(void)arg;
	swb.min_ns = UINT64_MAX;
	swb.res_ns = UINT64_MAX;
	swb.max_ns = 0;
	swb.sum_ns = 0;
	for (i = 0; i < SWB_ROUNDS; i++) {
		swb.stamp_ns = ck_clock_now();
		(void)ck_sem_post(&swb.go_b); /* B runs, then blocks again */
		swb_account(ck_clock_now());
	}
	swb.done = true;
	(void)ck_sem_post(&swb.go_b);

	swb.res.runs++;
	swb.res.switches = switches;
	swb.res.avg_ns = swb_u32(swb.sum_ns / switches);
	swb.res.min_ns = swb_u32(swb.min_ns);
	swb.res.max_ns = swb_u32(swb.max_ns);
	swb.res.clock_res_ns = swb.res_ns == UINT64_MAX ? 0 : swb_u32(swb.res_ns);
	swb.res.prio = SWB_PRIO;
	swb.res.reserved = 0;
	base = ck_shm_base();
	if (swb.ipc && base)
		(void)ck_ipc_state_write(base, &swb.state, &swb.res,
					 (uint32_t)sizeof(swb.res));
	__atomic_signal_fence(__ATOMIC_SEQ_CST); /* the hook may preempt us */
	swb.published = true;
	ck_printf("switchbench: %u switches, avg %u ns, min %u ns, max %u ns",
		  (unsigned)swb.res.switches, (unsigned)swb.res.avg_ns,
		  (unsigned)swb.res.min_ns, (unsigned)swb.res.max_ns);
}

/* Watchdog hook, RT interrupt: once the result is out, republish it when
 * Linux asks for a reset; the write serves the request. O(1) otherwise. */
static void swb_serve_reset(void)
{
	void *base = ck_shm_base();

	if (!swb.published || !ck_ipc_reset_pending(base, &swb.state))
		return;
	if (ck_ipc_state_write(base, &swb.state, &swb.res,
			       (uint32_t)sizeof(swb.res)) == 0)
		ck_printf("switchbench: channel reset, result published again");
}

static int switchbench_init(void)
{
	void *base = ck_shm_base();
	int err;

	if (base) {
		err = ck_ipc_state_create(base, ck_shm_size(), CK_SWB_STATE,
					  CK_IPC_STATE_RT2LX,
					  sizeof(struct ck_swb_result),
					  &swb.state);
		if (err == -CK_EEXIST)
			err = ck_ipc_open(base, ck_shm_size(), CK_SWB_STATE,
					  CK_IPC_SIDE_RT, &swb.state);
		swb.ipc = err == 0;
	}
	if (swb.ipc) {
		err = ck_watchdog_hook(swb_serve_reset);
		if (err)
			return err;
	}
	(void)ck_sem_init(&swb.go_b, 0);
	err = ck_task_create(&swb.b, "swb-b", SWB_PRIO + 1, swb_task_b, NULL,
			     swb_stack_b, sizeof(swb_stack_b));
	if (err)
		return err;
	return ck_task_create(&swb.a, "swb-a", SWB_PRIO, swb_task_a, NULL,
			      swb_stack_a, sizeof(swb_stack_a));
}

CK_APP(switchbench, switchbench_init);
