// SPDX-License-Identifier: MIT
/*
 * sched.c - fixed-priority preemptive scheduler: 64 levels, FIFO within a
 * level, O(1) pick from a priority bitmap; RT interrupt exit; core start-up.
 *
 * The running task stays at the head of its level in the ready queue, so a
 * preempted task resumes before its peers and picking is "head of the
 * highest non-empty level". The root task (boot idle loop, later Linux) is
 * never queued: it runs when the bitmap is empty.
 */
#include <ck/console.h>
#include "core.h"
#include <ck/fault.h>

#define RQ_WORDS ((CK_NR_PRIO + 31) / 32)

struct ck_core_state ck_core;
struct ck_task *ck_current_task;

static struct {
	uint32_t map[RQ_WORDS];            /* bit p: level p non-empty */
	struct ck_list level[CK_NR_PRIO];
	struct ck_task root;
	uint32_t switch_raw;               /* clocksource at the last switch */
	uint64_t rt_ticks;                 /* what all RT tasks were charged */
} rq;

void sched_init(void)
{
	int p;

	memset(&rq, 0, sizeof(rq));
	for (p = 0; p < CK_NR_PRIO; p++)
		ck_list_init(&rq.level[p]);
	rq.root.name = "root";
	rq.root.prio = -1;
	rq.root.base_prio = -1;
	rq.root.state = CK_TASK_READY;
	ck_list_init(&rq.root.rq_node);
	ck_list_init(&rq.root.held);
	ck_list_init(&rq.root.joiners);
	ck_current_task = &rq.root;
}

/* RT tasks only (prio >= 0): unsigned so the word index is a shift. */
static void rq_add(struct ck_task *t)
{
	unsigned int p = (unsigned int)t->prio;

	ck_list_add_tail(&rq.level[p], &t->rq_node);
	rq.map[p / 32u] |= 1u << (p % 32u);
}

/* The current task at the head of its level: it goes on running. */
static void rq_add_head(struct ck_task *t)
{
	unsigned int p = (unsigned int)t->prio;

	ck_list_insert_before(rq.level[p].next, &t->rq_node);
	rq.map[p / 32u] |= 1u << (p % 32u);
}

static void rq_del(struct ck_task *t)
{
	unsigned int p = (unsigned int)t->prio;

	ck_list_del(&t->rq_node);
	if (ck_list_empty(&rq.level[p]))
		rq.map[p / 32u] &= ~(1u << (p % 32u));
}

/* Head of the highest non-empty level, or the root task. RT masked. */
static struct ck_task *rq_pick(void)
{
	int w;

	for (w = RQ_WORDS - 1; w >= 0; w--) {
		if (rq.map[w]) {
			int p = w * 32 + 31 - __builtin_clz(rq.map[w]);

			return ck_container_of(rq.level[p].next,
					       struct ck_task, rq_node);
		}
	}
	return &rq.root;
}

/*
 * CPU time. An RT task @t leaving the CPU (or at a watchdog tick) is
 * charged the clocksource ticks since the last switch, up to @raw, the
 * counter (masked) at the clock's last reading: no switch reads the
 * clocksource for it (what ran since that reading goes to the next
 * task). The root is never charged (its time is the clock's less the RT
 * tasks', sched_cpu_ns()): a switch from Linux to an RT task, the RT
 * latency's path, only notes the counter. RT masked.
 */
static inline void sched_charge(struct ck_task *t, uint32_t raw)
{
	if (t != &rq.root) {
		uint32_t d = (raw - rq.switch_raw) & ck_clk.mask;

		t->cpu_ticks += d;
		rq.rt_ticks += d;
	}
	rq.switch_raw = raw;
}

/* Make @next the current task; false if it already was. RT masked. */
static inline bool sched_set_current(struct ck_task *next)
{
	struct ck_task *prev = ck_current_task;

	if (next == prev)
		return false;
	sched_charge(prev, ck_clk.last);
	ck_current_task = next;
	next->switches++;
	return true;
}

/* Inline: a woken task resumes here, so each call layer around the
 * switch is on the RT latency's path. */
static inline __attribute__((always_inline)) void sched_switch_to(struct ck_task *next)
{
	struct ck_task *prev = ck_current_task;

	if (sched_set_current(next))
		arch_ctx_switch(&prev->ctx, &next->ctx);
}

void sched_ready(struct ck_task *t)
{
	if (__builtin_expect(t->suspend_depth != 0, 0)) {
		t->state = CK_TASK_SUSPENDED;   /* its wait ended, it stays held */
		return;
	}
	t->state = CK_TASK_READY;
	rq_add(t);
}

void sched_unblock(struct ck_task *t)
{
	ck_list_del(&t->rq_node);   /* off a wait queue, if on one; the wait's
				     * kind, object and queue mean something
				     * only while it is blocked */
	sched_ready(t);
}

void sched_wake(struct ck_task *t)
{
	if (t->state != CK_TASK_BLOCKED)
		return;
	timer_cancel(&t->wake_timer);
	sched_unblock(t);
}

void sched_wake_all(struct ck_list *q, int status)
{
	while (!ck_list_empty(q)) {
		struct ck_task *t = ck_container_of(q->next, struct ck_task, rq_node);

		t->wait_status = status;
		sched_wake(t);
	}
}

/* Where a waiter of @prio queues in @q: behind all of its priority or
 * higher. RT masked. */
static struct ck_list *wait_pos(struct ck_list *q, int prio)
{
	struct ck_list *pos = q->next;

	while (pos != q &&
	       ck_container_of(pos, struct ck_task, rq_node)->prio >= prio)
		pos = pos->next;
	return pos;
}

void sched_wait_enqueue(struct ck_list *q, uint8_t kind, void *obj)
{
	struct ck_task *t = ck_current_task;

	ck_assert(t != &rq.root && !ck_core.in_irq);
	rq_del(t);
	t->state = CK_TASK_BLOCKED;
	t->wait_kind = kind;
	t->wait_obj = obj;
	t->wait_q = q;
	t->wait_status = 0;
	if (q)
		ck_list_insert_before(wait_pos(q, t->prio), &t->rq_node);
}

int sched_wait_switch(void)
{
	struct ck_task *t = ck_current_task;

	if (!t->wait_q &&
	    (int32_t)((uint32_t)ck_clk.now_ns - ck_core.tick_due_ns) >= 0) {
		/* the watchdog's tick as a task sleeps (a delay, a period; not
		 * on a semaphore's fast path): with the task about to run,
		 * unless the root is; its hooks switch nothing */
		struct ck_task *next = rq_pick();

		ck_core.in_irq = true;
		fault_tick(next == &rq.root ? NULL : next);
		ck_core.in_irq = false;
	}
	sched_switch_to(rq_pick());
	return t->wait_status;
}

int sched_block_on(struct ck_list *q, uint8_t kind, void *obj)
{
	sched_wait_enqueue(q, kind, obj);
	return sched_wait_switch();
}

void sched_set_prio(struct ck_task *t, int prio)
{
	if (t->prio == prio || t == &rq.root)
		return;
	if (t->state == CK_TASK_READY) {
		rq_del(t);
		t->prio = prio;
		if (t == ck_current_task)
			rq_add_head(t);
		else
			rq_add(t);
	} else if (t->state == CK_TASK_BLOCKED && t->wait_q) {
		ck_list_del(&t->rq_node);
		t->prio = prio;
		ck_list_insert_before(wait_pos(t->wait_q, prio), &t->rq_node);
	} else {
		t->prio = prio;
	}
}

void sched_preempt(void)
{
	if (!ck_core.started || ck_core.in_irq)
		return;
	sched_switch_to(rq_pick());
}

void sched_requeue(void)
{
	struct ck_task *t = ck_current_task;

	if (t == &rq.root || ck_core.in_irq)
		return;
	rq_del(t);
	rq_add(t);
	sched_preempt();
}

/* @t, off every queue, ends: dormant, its mutexes to their waiters as
 * from a dead owner, its joiners woken. No switch. RT masked. */
static void sched_end(struct ck_task *t)
{
	t->state = CK_TASK_DORMANT;
	t->period_ns = 0;
	t->suspend_depth = 0;
	mutex_owner_gone(t);
	sched_wake_all(&t->joiners, 0);
}

void sched_exit(void)
{
	struct ck_task *t = ck_current_task;

	ck_assert(t != &rq.root && !ck_core.in_irq);
	timer_cancel(&t->wake_timer);
	rq_del(t);
	sched_end(t);
	sched_switch_to(rq_pick());
	for (;;)
		ck_assert(0);   /* a dormant task is never resumed */
}

struct ck_task *ck_current(void)
{
	return ck_current_task;
}

/* In the RT interrupt ck_current_task is the interrupted task, which the
 * interrupt's code must not act on. */
struct ck_task *ck_task_self(void)
{
	return sched_self();
}

/* The most timers one RT interrupt's trace names. */
#define TRACE_TIMERS_MAX 4u

/*
 * The tracer's timer_expire(): the clock read, the timers due (expiry,
 * and their task if it is a task's wake timer), timer_expire(), then the
 * tasks those timers made ready. RT masked, RT interrupt.
 */
static __attribute__((noinline)) void rt_irq_trace_timers(uint64_t now)
{
	struct ck_timer *due[TRACE_TIMERS_MAX];
	uint32_t n = timer_peek_due(now, due, TRACE_TIMERS_MAX), i;

	trace_point(CK_TRACE_CLOCK, ck_clk.last, (uint32_t)now,
		    (uint32_t)(now >> 32), NULL);
	for (i = 0; i < n; i++)
		trace_point(CK_TRACE_TIMER, trace_raw(), (uint32_t)due[i]->expires_ns,
			    (uint32_t)(due[i]->expires_ns >> 32),
			    due[i]->fn == task_wake_timeout ? due[i]->arg : NULL);
	timer_expire(now);
	for (i = 0; i < n; i++) {
		const struct ck_task *t = due[i]->arg;

		if (due[i]->fn == task_wake_timeout && t->state == CK_TASK_READY)
			trace_point(CK_TRACE_WAKE, trace_raw(), 0, 0, t);
	}
}

/*
 * The RT interrupt's body, in two copies: ck_rt_irq_handle() (@traced
 * false: no trace point is compiled in) and ck_rt_irq_handle_traced(),
 * which the RT entry calls instead while the tracer is on (ck/trace.h).
 */
static inline __attribute__((always_inline)) struct ck_task *
rt_irq_handle(bool traced)
{
	struct ck_task *next;
	uint32_t pending;
	uint64_t now;

	if (traced)
		trace_point(CK_TRACE_IRQ_ENTRY, trace_raw(), 0, 0, ck_current_task);
	ck_core.in_irq = true;
	pending = irq_dispatch_all();
	if (traced)
		trace_point(CK_TRACE_IRQ_ACK, trace_raw(), pending,
			    irq_hot.timer->line, NULL);
	now = clock_fold();
	if (traced)
		rt_irq_trace_timers(now);
	else
		timer_expire(now);
	next = rq_pick();
	/* the watchdog's tick where it delays no release: nothing to switch
	 * to (the interrupted context goes on, be it a runaway task) */
	if (next == ck_current_task &&
	    __builtin_expect((int32_t)((uint32_t)ck_clk.now_ns - ck_core.tick_due_ns) >= 0, 0)) {
		sched_charge(ck_current_task, ck_clk.last);   /* no wrap unseen */
		fault_tick(ck_current_task);
		next = rq_pick();
	}
	ck_core.in_irq = false;

	if (traced && next != ck_current_task)
		trace_point(CK_TRACE_SWITCH, trace_raw(),
			    (uint32_t)ck_current_task->prio, 0, next);
	sched_set_current(next);
	if (traced)
		trace_point(CK_TRACE_IRQ_EXIT, trace_raw(), 0, 0, next);
	return next;
}

struct ck_task *ck_rt_irq_handle(void)
{
	return rt_irq_handle(false);
}

struct ck_task *ck_rt_irq_handle_traced(void)
{
	return rt_irq_handle(true);
}

int ck_core_init(const struct ck_board *b)
{
	ck_assert(b && b->pic);
	memset(&ck_core, 0, sizeof(ck_core));
	console_init(b->uart);
	sched_init();
	fault_reset();
	if (clock_init(b->clock) || timer_init(b->timer)) {
		ck_printf("%s: the RT clock cannot work on this board: stopped",
			  b->name ? b->name : "board");
		return -CK_EINVAL;
	}
	ck_core.board = b;
	irq_init();
	chan_init();
	return 0;
}

void ck_start(void)
{
	const struct ck_board *b = ck_core.board;
	ck_rtflags_t flags = arch_rt_mask();

	ck_assert(b && !ck_core.started && ck_current_task == &rq.root);
	b->pic->unmask(b->pic, b->timer->line);   /* routed by irq_init() */
	ck_core.started = true;
	clock_update();
	rq.switch_raw = ck_clk.last;
	rq.rt_ticks = 0;
	timer_program();
	sched_preempt();
	arch_rt_restore(flags);
}

void ck_clockevent_rearm(void)
{
	ck_rtflags_t flags = arch_rt_mask();

	if (ck_core.started) {
		clock_update();
		timer_program();
	}
	arch_rt_restore(flags);
}

/*
 * Fault containment (core/fault.c, ck/fault.h). sched_suspend(): take @t
 * out of scheduling (ready queue or wait queue, wake timer, period) and
 * make it dormant, so ck_task_create() may start it again; no switch.
 * The root task is never suspended. RT masked.
 */
void sched_suspend(struct ck_task *t)
{
	if (t == &rq.root || t->state == CK_TASK_DORMANT)
		return;
	timer_cancel(&t->wake_timer);
	if (t->state == CK_TASK_READY) {
		rq_del(t);
	} else if (t->state == CK_TASK_BLOCKED) {
		uint8_t kind = t->wait_kind;
		void *obj = t->wait_obj;

		t->suspend_depth = 1;       /* off its wait queue, not ready */
		sched_unblock(t);
		if (kind == CK_WAIT_MUTEX)
			mutex_waiter_left(obj);
	}
	sched_end(t);
}

void sched_hold(struct ck_task *t)
{
	t->suspend_depth++;
	if (t->state != CK_TASK_READY)
		return;                     /* blocked: held when it wakes */
	rq_del(t);
	t->state = CK_TASK_SUSPENDED;
	if (t == ck_current_task)
		sched_preempt();
}

void sched_release(struct ck_task *t)
{
	if (--t->suspend_depth || t->state != CK_TASK_SUSPENDED)
		return;
	sched_ready(t);
	sched_preempt();
}

/* sched_pick_current(): make the most urgent ready task (or the root)
 * current and return it, as the RT entry's exit does. RT masked. */
struct ck_task *sched_pick_current(void)
{
	struct ck_task *next = rq_pick();

	sched_set_current(next);
	return next;
}

/* sched_root(): the root task (Linux, or the boot idle loop). Context: any. */
struct ck_task *sched_root(void)
{
	return &rq.root;
}

uint64_t sched_cpu_ns(const struct ck_task *t)
{
	ck_rtflags_t flags = arch_rt_mask();
	uint32_t raw = ck_clk.read(ck_clk.cs) & ck_clk.mask;
	uint64_t run = ck_current_task != &rq.root ?
		       (raw - rq.switch_raw) & ck_clk.mask : 0;
	uint64_t ticks, now = 0;

	if (t == &rq.root) {
		ticks = rq.rt_ticks + run;
		now = clock_update();
	} else {
		ticks = t->cpu_ticks + (t == ck_current_task ? run : 0);
	}
	arch_rt_restore(flags);
	/* the divisions with RT unmasked */
	if (t == &rq.root) {
		uint64_t rt = clock_ticks_to_ns(ticks);

		return now > rt ? now - rt : 0;
	}
	return clock_ticks_to_ns(ticks);
}
