// SPDX-License-Identifier: MIT
/*
 * syncbench.c - what the sharing objects cost, measured once at boot on
 * the co-kernel's clock and published in the "syncbench" state block
 * (ipc/ck_ipc_sync.h; Linux: syncbench): a free mutex's lock + unlock, the
 * handover of a contended mutex under inheritance, an event post and a
 * queue send to a blocked waiter, each min/avg/max over SYB_ROUNDS.
 *
 * Three tasks: the driver (low), a medium task, a waiter (high). For a
 * handover the waiter is released first and blocks on the object; the
 * driver stamps the time and unlocks, posts or sends, and the waiter
 * stamps when it runs. For the mutex the driver owns it, so the waiter's
 * lock boosts the driver above the medium task it made ready: the unlock
 * must undo the boost, hand the mutex over and switch to the waiter, with
 * the medium task next in line (priority inversion if inheritance failed).
 * Each sample includes one ck_clock_now(), as switchbench's do.
 *
 * The tasks run above the latency task (CK_SYB_PRIO_LOW), so the run ends
 * before its first release: below it, RT masked in the calls measured
 * delayed that release (versatilepb, co-kernel alone: 346 instead of 178).
 * The result is written once and not again on a reset request
 * (`ckipc reset syncbench` is not served: the four watchdog hooks are
 * taken, and every hook slot costs each tick).
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/app.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_sync.h"

#define SYB_ROUNDS 2000u
#define SYB_STACK_BYTES 2048u
#define SYB_MSG_BYTES 16u

struct syb_acc {
	uint64_t min_ns, max_ns, sum_ns;
	uint32_t samples;
};

static struct {
	struct ck_task driver, medium, waiter;
	ck_sem_t go_waiter, go_medium;
	ck_mutex_t mutex;
	ck_event_t event;
	ck_queue_t queue;
	uint32_t ring[2u * CK_QUEUE_SLOT_BYTES(SYB_MSG_BYTES) / 4u];
	volatile uint32_t fig; /* the figure being measured */
	volatile uint64_t stamp_ns; /* the driver's, before the handover */
	struct syb_acc acc[CK_SYB_NR_FIGS];
	uint64_t res_ns;
	struct ck_ipc_chan state;
	bool ipc;
	struct ck_syb_result res;
} syncbench;

static uint64_t syb_stacks[3][SYB_STACK_BYTES / 8u] __attribute__((aligned(8)));

static void syb_account(uint32_t fig, uint64_t from_ns, uint64_t to_ns)
{
	struct syb_acc *a = &syncbench.acc[fig];
	uint64_t d = to_ns - from_ns;

	a->sum_ns += d;
	a->samples++;
	if (d < a->min_ns)
		a->min_ns = d;
	if (d > a->max_ns)
		a->max_ns = d;
	if (d && d < syncbench.res_ns)
		syncbench.res_ns = d;
}

/* The waiter: released by go_waiter, blocks on the figure's object, and
 * stamps the handover when it gets it. */
static void syb_waiter_task(void *arg)
{
	uint8_t msg[SYB_MSG_BYTES];

	(void)arg;
	for (;;) {
		(void)ck_sem_wait(&syncbench.go_waiter);
		switch (syncbench.fig) {
		case CK_SYB_MUTEX_PI:
			(void)ck_mutex_lock(&syncbench.mutex);
			syb_account(CK_SYB_MUTEX_PI, syncbench.stamp_ns,
				    ck_clock_now());
			(void)ck_mutex_unlock(&syncbench.mutex);
			break;
		case CK_SYB_EVENT:
			(void)ck_event_wait_until(&syncbench.event, 1u,
						  CK_EVENT_ANY | CK_EVENT_CLEAR,
						  NULL, CK_INFINITE);
			syb_account(CK_SYB_EVENT, syncbench.stamp_ns,
				    ck_clock_now());
			break;
		case CK_SYB_QUEUE:
			(void)ck_queue_recv_until(&syncbench.queue, msg,
						  sizeof(msg), CK_INFINITE);
			syb_account(CK_SYB_QUEUE, syncbench.stamp_ns,
				    ck_clock_now());
			break;
		default:
			return; /* done: exits the task */
		}
	}
}

/* The medium task: made ready while the boosted driver holds the mutex,
 * it runs once the waiter is done with it, and blocks again. */
static void syb_medium_task(void *arg)
{
	(void)arg;
	while (ck_sem_wait(&syncbench.go_medium) == 0 &&
	       syncbench.fig < CK_SYB_NR_FIGS)
		;
}

static void syb_handover(uint32_t fig)
{
	static const uint8_t msg[SYB_MSG_BYTES];
	struct ck_task *self = ck_task_self();

	if (fig == CK_SYB_MUTEX_PI)
		(void)ck_mutex_lock(&syncbench.mutex);
	(void)ck_sem_post(&syncbench.go_waiter); /* it runs and blocks */
	if (fig == CK_SYB_MUTEX_PI) {
		(void)ck_sem_post(
			&syncbench.go_medium); /* ready, not running */
		if (self->prio == syncbench.waiter.prio)
			syncbench.res.pi_boosts++;
	}
	syncbench.stamp_ns = ck_clock_now();
	if (fig == CK_SYB_MUTEX_PI)
		(void)ck_mutex_unlock(&syncbench.mutex);
	else if (fig == CK_SYB_EVENT)
		(void)ck_event_post(&syncbench.event, 1u);
	else
		(void)ck_queue_send_until(&syncbench.queue, msg, sizeof(msg), 0,
					  CK_INFINITE);
}

static uint32_t syb_u32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static void syb_publish(void)
{
	uint32_t f;
	void *base = ck_shm_base();

	syncbench.res.runs++;
	syncbench.res.rounds = SYB_ROUNDS;
	syncbench.res.clock_res_ns = syb_u32(syncbench.res_ns);
	syncbench.res.prio = CK_SYB_PRIO_LOW;
	for (f = 0; f < CK_SYB_NR_FIGS; f++) {
		const struct syb_acc *a = &syncbench.acc[f];
		struct ck_syb_fig *r = &syncbench.res.fig[f];

		r->samples = a->samples;
		r->avg_ns = a->samples ? syb_u32(a->sum_ns / a->samples) : 0;
		r->min_ns = a->samples ? syb_u32(a->min_ns) : 0;
		r->max_ns = syb_u32(a->max_ns);
		ck_printf("syncbench: %s: avg %u ns, min %u ns, max %u ns",
			  ck_syb_fig_name(f), (unsigned)r->avg_ns,
			  (unsigned)r->min_ns, (unsigned)r->max_ns);
	}
	if (syncbench.res.pi_boosts != SYB_ROUNDS)
		ck_printf(
			"syncbench: inheritance: the owner was boosted in %u of %u rounds",
			(unsigned)syncbench.res.pi_boosts, SYB_ROUNDS);
	if (syncbench.ipc && base)
		(void)ck_ipc_state_write(base, &syncbench.state, &syncbench.res,
					 (uint32_t)sizeof(syncbench.res));
}

static void syb_driver_task(void *arg)
{
	uint32_t f, i;

	(void)arg;
	for (f = 0; f < CK_SYB_NR_FIGS; f++) {
		syncbench.acc[f].min_ns = UINT64_MAX;
		syncbench.acc[f].max_ns = 0;
		syncbench.acc[f].sum_ns = 0;
		syncbench.acc[f].samples = 0;
	}
	syncbench.res_ns = UINT64_MAX;
	for (i = 0; i < SYB_ROUNDS; i++) {
		uint64_t t0 = ck_clock_now();

		(void)ck_mutex_lock(&syncbench.mutex);
		(void)ck_mutex_unlock(&syncbench.mutex);
		syb_account(CK_SYB_MUTEX, t0, ck_clock_now());
	}
	for (f = CK_SYB_MUTEX_PI; f < CK_SYB_NR_FIGS; f++) {
		syncbench.fig = f;
		for (i = 0; i < SYB_ROUNDS; i++)
			syb_handover(f);
	}
	syncbench.fig = CK_SYB_NR_FIGS; /* both helpers exit */
	(void)ck_sem_post(&syncbench.go_waiter);
	(void)ck_sem_post(&syncbench.go_medium);
	syb_publish();
}

static int syncbench_init(void)
{
	void *base = ck_shm_base();
	int err;

	if (!base)
		return 0; /* nobody to read it */
	err = ck_ipc_state_create(base, ck_shm_size(), CK_SYB_STATE,
				  CK_IPC_STATE_RT2LX,
				  sizeof(struct ck_syb_result),
				  &syncbench.state);
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), CK_SYB_STATE,
				  CK_IPC_SIDE_RT, &syncbench.state);
	syncbench.ipc = err == 0;
	(void)ck_sem_init(&syncbench.go_waiter, 0);
	(void)ck_sem_init(&syncbench.go_medium, 0);
	(void)ck_mutex_init(&syncbench.mutex, 0, 0);
	(void)ck_event_init(&syncbench.event, 0);
	err = ck_queue_init(&syncbench.queue, syncbench.ring,
			    sizeof(syncbench.ring), SYB_MSG_BYTES);
	if (!err)
		err = ck_task_create(&syncbench.waiter, "syb-wait",
				     CK_SYB_PRIO_LOW + 2, syb_waiter_task, NULL,
				     syb_stacks[0], sizeof(syb_stacks[0]));
	if (!err)
		err = ck_task_create(&syncbench.medium, "syb-mid",
				     CK_SYB_PRIO_LOW + 1, syb_medium_task, NULL,
				     syb_stacks[1], sizeof(syb_stacks[1]));
	if (!err)
		err = ck_task_create(&syncbench.driver, "syb-drv",
				     CK_SYB_PRIO_LOW, syb_driver_task, NULL,
				     syb_stacks[2], sizeof(syb_stacks[2]));
	return err;
}

CK_APP(syncbench, syncbench_init);
