// SPDX-License-Identifier: MIT
/*
 * trace.c - the RT tracer (ck/trace.h): trace points of the RT interrupt
 * path in a fixed ring of CK_TRACE_EVENTS events in co-kernel memory,
 * frozen on demand (latency -f: each new maximum) and published to Linux
 * in the "trace" state block (ipc/ck_trace.h) by a task of the lowest RT
 * priority, never on the RT path. The task and the block are created by
 * the first ck_trace_start(): a boot that never traces runs the same
 * instructions as without the tracer, boot included.
 *
 * Cost when off: none on the RT path. The trace points live only in the
 * traced copy of the RT interrupt's body (ck_rt_irq_handle_traced() in
 * sched.c: the same inline source as ck_rt_irq_handle() with the points
 * compiled in, around an untouched timer_expire()); ck_trace_start()
 * rewrites the RT entry's call to it (arch_rt_handler_set()),
 * ck_trace_stop() back. The untraced path is the instructions it was
 * without the tracer, and make bench's figures are the same
 * (docs/measuring.md, "The tracer": the disassembly check, the figures).
 * Cost when on: each point reads the clocksource counter (the raw count,
 * converted to RT clock ns only when published) and stores six words; a
 * periodic task's release passes eight points, about +270 instructions
 * on versatilepb, +300 on e500, +400 on r2d.
 *
 * Linux is not trusted: the ring, its write index and the frozen flag
 * are RT-private; Linux reads only the published copy, a state block
 * whose write is bounded by its size (ipc/ck_ipc.h).
 */
#include <ck/shm.h>
#include <ck/trace.h>
#include "core.h"
#include "ck_ipc.h"
#include "ck_trace.h"

#define TRACE_PRIO CK_PRIO_MIN
#define TRACE_STACK_BYTES 2048u
#define TRACE_MASK (CK_TRACE_EVENTS - 1u)

struct trace_ring trace_ring;

static struct {
	bool ready;        /* trace_init() ran: the task and the block exist */
	bool on;           /* the RT entry runs the traced handler */
	uint32_t freezes;  /* snapshots published */
	uint32_t value, tag, session; /* of the freeze */
	/* the publisher */
	bool ipc;
	struct ck_ipc_chan chan;
	ck_sem_t publish;
	struct ck_task task;
	struct ck_trace_snap snap; /* staging for the state block */
} tr;

static uint64_t trace_stack[TRACE_STACK_BYTES / 8u] __attribute__((aligned(8)));

/* Empty the ring and record again. RT masked. */
static void trace_arm(void)
{
	trace_ring.head = 0;
	trace_ring.frozen = false;
}

void ck_trace_start(void)
{
	ck_rtflags_t flags;

	/* the first start creates the tracer's task and state block, so a
	 * boot that never traces runs as it did without the tracer */
	if (!tr.ready && trace_init())
		return;
	flags = arch_rt_mask();
	if (!tr.on) {
		/* a freeze still being published stays frozen: the tracer
		 * task re-arms the ring once its copy is done */
		if (!trace_ring.frozen)
			trace_arm();
		tr.on = true;
		arch_rt_handler_set(ck_rt_irq_handle_traced);
	}
	arch_rt_restore(flags);
}

void ck_trace_stop(void)
{
	ck_rtflags_t flags = arch_rt_mask();

	if (tr.on) {
		tr.on = false;
		arch_rt_handler_set(ck_rt_irq_handle);
	}
	arch_rt_restore(flags);
}

void ck_trace_clock(uint64_t now_ns)
{
	ck_rtflags_t flags = arch_rt_mask();

	/* ck_clk.last is the counter @now_ns was read from while no RT
	 * interrupt has folded the clock since */
	if (tr.on)
		trace_point(CK_TRACE_TASK_CLOCK,
			    ck_clk.now_ns == now_ns ? ck_clk.last : trace_raw(),
			    (uint32_t)now_ns, (uint32_t)(now_ns >> 32), sched_self());
	arch_rt_restore(flags);
}

bool ck_trace_freeze(uint32_t value, uint32_t tag, uint32_t session)
{
	ck_rtflags_t flags = arch_rt_mask();
	bool froze = tr.on && !trace_ring.frozen;

	if (froze) {
		trace_point(CK_TRACE_FREEZE, trace_raw(), value, tag, sched_self());
		trace_ring.frozen = true;
		tr.value = value;
		tr.tag = tag;
		tr.session = session;
		(void)ck_sem_post(&tr.publish);
	}
	arch_rt_restore(flags);
	return froze;
}

/* @ticks of the clocksource in ns (any count below 2^32). */
static uint64_t trace_ticks_ns(uint32_t ticks)
{
	return (uint64_t)ticks * CK_NS_PER_S / ck_clk.hz;
}

/* @raw as RT clock ns, from the clock's snapshot @anchor_raw at
 * @anchor_ns: valid within half a counter wrap of it. */
static uint64_t trace_raw_ns(uint32_t raw, uint32_t anchor_raw, uint64_t anchor_ns)
{
	uint32_t back = (anchor_raw - raw) & ck_clk.mask;

	if (back <= ck_clk.mask / 2u)
		return anchor_ns - trace_ticks_ns(back);
	return anchor_ns + trace_ticks_ns((raw - anchor_raw) & ck_clk.mask);
}

static void trace_name(char *out, const struct ck_task *t)
{
	name_copy(out, CK_TRACE_NAME_BYTES, t ? t->name : NULL);
}

int trace_snapshot(struct ck_trace_snap *s)
{
	uint32_t n, first, i, anchor_raw;
	uint64_t anchor_ns;
	ck_rtflags_t flags = arch_rt_mask();

	if (!trace_ring.frozen) {
		arch_rt_restore(flags);
		return -CK_EAGAIN;
	}
	anchor_ns = clock_update();
	anchor_raw = ck_clk.last;
	arch_rt_restore(flags);
	/* frozen: nothing writes the ring until trace_rearm() */
	n = trace_ring.head < CK_TRACE_EVENTS ? trace_ring.head : CK_TRACE_EVENTS;
	first = trace_ring.head - n;
	s->freezes = tr.freezes + 1u;
	s->events = n;
	s->lost = first;
	s->value = tr.value;
	s->tag = tr.tag;
	s->session = tr.session;
	s->clock_hz = ck_clk.hz;
	s->reserved = 0;
	for (i = 0; i < n; i++) {
		const struct trace_ev *e = &trace_ring.ev[(first + i) & TRACE_MASK];
		struct ck_trace_rec *r = &s->ev[i];

		r->ts_ns = trace_raw_ns(e->raw, anchor_raw, anchor_ns);
		r->event = e->event;
		r->prio = e->prio;
		r->a = e->a;
		r->b = e->b;
		trace_name(r->task, e->task);
	}
	return (int)n;
}

void trace_rearm(void)
{
	ck_rtflags_t flags = arch_rt_mask();

	if (trace_ring.frozen) {
		tr.freezes++;
		trace_arm();
	}
	arch_rt_restore(flags);
}

/* The publisher: each freeze, the ring into the state block, then
 * re-armed. Its copy is preempted by every RT task; the RT interrupt
 * path records nothing meanwhile. */
static void trace_task(void *arg)
{
	(void)arg;
	while (ck_sem_wait(&tr.publish) == 0) {
		void *base = ck_shm_base();
		int n = trace_snapshot(&tr.snap);

		if (n >= 0 && tr.ipc && base)
			(void)ck_ipc_state_write(base, &tr.chan, &tr.snap,
						 ck_trace_snap_bytes((uint32_t)n));
		trace_rearm();
	}
	ck_printf("trace: cannot wait for freezes: the trace task ends");
}

int trace_init(void)
{
	void *base = ck_shm_base();
	int err;

	memset(&tr, 0, sizeof(tr));
	memset(&trace_ring, 0, sizeof(trace_ring));
	(void)ck_sem_init(&tr.publish, 0);
	if (base) {
		err = ck_ipc_state_create(base, ck_shm_size(), CK_TRACE_STATE,
					  CK_IPC_STATE_RT2LX,
					  sizeof(struct ck_trace_snap), &tr.chan);
		if (err == -CK_EEXIST)
			err = ck_ipc_open(base, ck_shm_size(), CK_TRACE_STATE,
					  CK_IPC_SIDE_RT, &tr.chan);
		tr.ipc = !err;
		if (err)
			ck_printf("trace: state block %s unavailable (%d)",
				  CK_TRACE_STATE, err);
	}
	err = ck_task_create(&tr.task, "trace", TRACE_PRIO, trace_task, NULL,
			     trace_stack, sizeof(trace_stack));
	if (err)
		ck_printf("trace: cannot create the trace task (%d): no tracing", err);
	tr.ready = !err;
	return err;
}
