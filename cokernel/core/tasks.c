// SPDX-License-Identifier: MIT
/*
 * tasks.c - the RT tasks seen from Linux: the state block "tasks"
 * (ipc/ck_tasks.h, read by `ckipc tasks`), one record per task of the
 * fault module's list (fault_task_at()) and one for the root context.
 *
 * Refreshed on request, not on a period: the stack scans cost
 * O(sum of the stacks) each time, which a period would spend while nobody
 * looks. A task of the lowest RT priority waits for Linux's notify of the
 * block's channel (the channel code already wakes it at most once per
 * shortest timer period), refreshes, then sleeps CK_TASKS_MIN_INTERVAL_NS:
 * whatever Linux does, at most one refresh in that time, and every other
 * RT task preempts it. Linux only reads the block; `ckipc reset tasks`
 * rings the same doorbell, and the refresh serves the reset. Nothing
 * else wakes it: while nobody asks, it is in no RT latency figure.
 */
#include <ck/app.h>
#include <ck/chan.h>
#include <ck/shm.h>
#include "core.h"
#include <ck/fault.h>   /* after core.h, as fault.c: its ck_assert */
#include "ck_ipc.h"
#include "ck_tasks.h"

#define TASKS_PRIO CK_PRIO_MIN
#define TASKS_STACK_BYTES 2048u
#define TASKS_ERROR_PAUSE_NS CK_NS_PER_S   /* after an unexpected wait error */

_Static_assert(CK_TASKS_MAX == CK_FAULT_MAX_TASKS + 1u, "root + the list");
_Static_assert(CK_TASKS_READY == CK_TASK_READY &&
	       CK_TASKS_BLOCKED == CK_TASK_BLOCKED &&
	       CK_TASKS_SUSPENDED == CK_TASK_SUSPENDED, "task states");
_Static_assert(CK_TASKS_WAIT_KINDS == CK_WAIT_JOIN + 1u, "wait kinds");

static struct {
	bool ipc;                 /* the block exists */
	struct ck_ipc_chan chan;
	struct ck_task task;
	uint32_t refreshes;
	uint64_t prev_now_ns;     /* the previous refresh */
	/* per record: the task and its CPU time at the previous refresh */
	const struct ck_task *prev_task[CK_TASKS_MAX];
	uint64_t prev_cpu_ns[CK_TASKS_MAX];
	struct ck_tasks_snap snap;  /* staging for the block */
} rt_tasks;

static uint64_t tasks_stack[TASKS_STACK_BYTES / 8u] __attribute__((aligned(8)));

/* @s cut to CK_TASKS_NAME_BYTES - 1, NUL-padded ("" for NULL). */
static void tasks_name(char *out, const char *s)
{
	name_copy(out, CK_TASKS_NAME_BYTES, s);
}

/* The root context's record: it has no stack, period or wait; its CPU
 * time is what Linux (and the idle loop) ran. */
static void tasks_root(struct ck_tasks_rec *r)
{
	const struct ck_task *root = sched_root();
	uint64_t cpu_ns = sched_cpu_ns(root);
	ck_rtflags_t flags = arch_rt_mask();

	r->switches = root->switches;   /* 64 bits: not torn */
	arch_rt_restore(flags);
	memset(r, 0, offsetof(struct ck_tasks_rec, switches));
	tasks_name(r->name, root->name);
	r->base_prio = -1;
	r->prio = -1;
	r->state = CK_TASKS_READY;
	r->flags = CK_TASKS_F_ROOT;
	r->period_ns = 0;
	r->overruns = 0;
	r->cpu_ns = cpu_ns;
	r->stack_bytes = 0;
	r->stack_used = 0;
}

/* @t's record from ck_task_info(). Return: false if @t is not a task. */
static bool tasks_one(struct ck_tasks_rec *r, const struct ck_task *t)
{
	struct ck_task_info in;

	if (ck_task_info(t, &in))
		return false;
	tasks_name(r->name, in.name);
	tasks_name(r->wait_name, in.wait_name);
	tasks_name(r->wait_owner, in.wait_owner);
	r->base_prio = in.base_prio;
	r->prio = in.prio;
	r->state = in.state;
	r->wait_kind = in.wait_kind;
	r->flags = t == sched_self() ? CK_TASKS_F_SELF : 0u;
	r->reserved = 0;
	r->suspend_depth = in.suspend_depth;
	r->period_ns = in.period_ns;
	r->overruns = in.overruns;
	r->switches = in.switches;
	r->cpu_ns = in.cpu_ns;
	r->stack_bytes = in.stack_bytes;
	r->stack_used = in.stack_used;
	return true;
}

/* cpu_delta_ns of record @i, of task @t, and remember it for the next
 * refresh. A task created again since restarts its CPU time. */
static void tasks_delta(uint32_t i, const struct ck_task *t)
{
	struct ck_tasks_rec *r = &rt_tasks.snap.rec[i];

	if (rt_tasks.prev_task[i] == t && r->cpu_ns >= rt_tasks.prev_cpu_ns[i])
		r->cpu_delta_ns = r->cpu_ns - rt_tasks.prev_cpu_ns[i];
	else
		r->cpu_delta_ns = r->cpu_ns;
	rt_tasks.prev_task[i] = t;
	rt_tasks.prev_cpu_ns[i] = r->cpu_ns;
}

int tasks_refresh(void)
{
	struct ck_tasks_snap *s = &rt_tasks.snap;
	const struct ck_task *t;
	uint32_t i, n = 1;

	if (!rt_tasks.ipc)
		return -CK_ENODEV;
	tasks_root(&s->rec[0]);
	tasks_delta(0, sched_root());
	/* O(tasks x stack bytes), preemptible: ck_task_info() scans each
	 * stack with RT unmasked */
	for (i = 0; (t = fault_task_at(i)) != NULL && n < CK_TASKS_MAX; i++) {
		if (!tasks_one(&s->rec[n], t))
			continue;
		tasks_delta(n, t);
		n++;
	}
	s->now_ns = ck_clock_now();
	s->interval_ns = s->now_ns - rt_tasks.prev_now_ns;
	rt_tasks.prev_now_ns = s->now_ns;
	s->refreshes = ++rt_tasks.refreshes;
	s->tasks = n;
	s->reserved[0] = 0;
	s->reserved[1] = 0;
	return ck_chan_state_write(&rt_tasks.chan, s, ck_tasks_snap_bytes(n));
}

/* Refresh once per notify (`ckipc tasks` rings, so does `ckipc reset
 * tasks`, whose request the refresh serves), at most once per
 * CK_TASKS_MIN_INTERVAL_NS; nothing else: an RT system nobody looks at
 * never runs this task, so it is in no RT latency figure. */
static void tasks_task(void *arg)
{
	uint32_t bit = ck_chan_bit(&rt_tasks.chan);

	(void)arg;
	for (;;) {
		if (ck_chan_wait(bit, CK_INFINITE, NULL))
			(void)ck_task_sleep(TASKS_ERROR_PAUSE_NS);  /* no spin */
		else
			(void)tasks_refresh();
		(void)ck_task_sleep(CK_TASKS_MIN_INTERVAL_NS);
	}
}

int tasks_init(void)
{
	void *base = ck_shm_base();
	int err;

	memset(&rt_tasks, 0, sizeof(rt_tasks));
	if (!base)
		return 0;   /* no region: nobody to show the tasks to */
	err = ck_ipc_state_create(base, ck_shm_size(), CK_TASKS_STATE,
				  CK_IPC_STATE_RT2LX, sizeof(struct ck_tasks_snap),
				  &rt_tasks.chan);
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), CK_TASKS_STATE,
				  CK_IPC_SIDE_RT, &rt_tasks.chan);
	if (err) {
		ck_printf("tasks: state block %s unavailable (%d)", CK_TASKS_STATE, err);
		return err;
	}
	rt_tasks.ipc = true;
	return ck_task_create(&rt_tasks.task, "tasks", TASKS_PRIO, tasks_task,
			      NULL, tasks_stack, sizeof(tasks_stack));
}

CK_APP(tasks, tasks_init);
