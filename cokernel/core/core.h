/* SPDX-License-Identifier: MIT */
/*
 * core.h - private interfaces between the files of the portable RT core.
 *
 * Locking: every function here whose contract says "RT masked" must be
 * called between arch_rt_mask() and arch_rt_restore(); on this uniprocessor
 * that makes the core's shared state (ready queue, timer queue, wait
 * queues) consistent without further locks.
 */
#ifndef CK_CORE_PRIV_H
#define CK_CORE_PRIV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/core.h>
#include <ck/hw.h>
#include "ck_trace.h"

/* ---- invariants -------------------------------------------------- */

#ifdef CK_DEBUG
#define ck_assert(cond)                                          \
	do {                                                     \
		if (!(cond))                                     \
			ck_assert_fail(__FILE__, __LINE__);      \
	} while (0)
#else
#define ck_assert(cond)                                          \
	do {                                                     \
		if (!(cond))                                     \
			ck_assert_fail(NULL, 0);                 \
	} while (0)
#endif

/**
 * ck_assert_fail() - report a broken invariant and stop (trap).
 * @file: source file, or NULL in non-debug builds; @line: its line.
 * Context: any. Does not return.
 */
void ck_assert_fail(const char *file, int line) __attribute__((noreturn));

/* ---- handles ----------------------------------------------------- */

/*
 * The magic words the init calls leave in an object (ck.h): a handle
 * without its word was never initialised and is refused. ASCII "TASK",
 * "TIMR", "SEM!", words no zeroed or pattern-filled object holds.
 */
#define CK_TASK_MAGIC 0x5441534bu
#define CK_TIMER_MAGIC 0x54494d52u
#define CK_SEM_MAGIC 0x53454d21u
#define CK_MUTEX_MAGIC 0x4d555458u   /* "MUTX" */
#define CK_EVENT_MAGIC 0x45564e54u   /* "EVNT" */
#define CK_QUEUE_MAGIC 0x51554555u   /* "QUEU" */


/* ---- shared core state ------------------------------------------- */

struct ck_core_state {
	const struct ck_board *board;
	bool started;   /* ck_start() ran: the clockevent is live */
	bool in_irq;    /* inside ck_rt_irq_handle(): no switching */
	/* the RT watchdog's next tick (core/fault.c), low 32 bits of the
	 * clock: due once (int32_t)(now - it) >= 0, beside in_irq so the RT
	 * exit tests it in a load and a compare */
	uint32_t tick_due_ns;
};

extern struct ck_core_state ck_core;

/* ---- periodic release points ------------------------------------ */

/**
 * period_skip_missed() - move the release point *@next_ns of a period of
 * @period_ns (> 0) past the points strictly before @now_ns; one at @now_ns
 * is due, not missed. Shared by periodic timers and periodic tasks.
 * Return: the points skipped (overruns). Division only when one is skipped.
 * Context: any.
 */
static inline uint64_t period_skip_missed(uint64_t *next_ns, uint64_t period_ns,
					  uint64_t now_ns)
{
	uint64_t missed;

	if (*next_ns >= now_ns)
		return 0;
	missed = (now_ns - *next_ns - 1) / period_ns + 1;
	*next_ns += missed * period_ns;
	return missed;
}

/* ---- names -------------------------------------------------------- */

/**
 * name_copy() - @s (NULL: "") into the fixed field @out of @bytes (> 0)
 * Linux reads: cut to @bytes - 1, NUL-padded to the end, so no stale byte
 * crosses. Context: any.
 */
static inline void name_copy(char *out, uint32_t bytes, const char *s)
{
	uint32_t i;

	if (!s)
		s = "";
	for (i = 0; i < bytes; i++) {
		out[i] = *s;
		if (*s)
			s++;
	}
	out[bytes - 1u] = 0;
}

/* ---- sched.c ----------------------------------------------------- */

/**
 * sched_self() - ck_task_self() inline, for the core's own calls: the
 * running RT task, or NULL in the root context (the root task's priority
 * is -1, below every RT task's) and in RT interrupt context. Context: any.
 */
static inline struct ck_task *sched_self(void)
{
	struct ck_task *t = ck_current_task;

	return t->prio < 0 || ck_core.in_irq ? NULL : t;
}

/** sched_init() - empty ready queue, root task current. Context: init. */
void sched_init(void);

/** sched_ready() - make blocked or new @t ready (tail of its level). RT masked. */
void sched_ready(struct ck_task *t);

/**
 * sched_wake() - end @t's wait: stop its wake timer, take it off any wait
 * queue and make it ready. No effect unless @t is blocked. RT masked.
 */
void sched_wake(struct ck_task *t);

/**
 * sched_wake_all() - wake every task on wait queue @q, most urgent first,
 * each with wait status @status. O(waiters). RT masked.
 */
void sched_wake_all(struct ck_list *q, int status);

/**
 * sched_unblock() - sched_wake() for a task known to be blocked with its
 * wake timer not armed (the wake timer's own callback). RT masked.
 */
void sched_unblock(struct ck_task *t);

/**
 * sched_wait_enqueue() - the current task leaves the ready queue and, if
 * @q is not NULL, joins wait queue @q, behind the waiters of its priority
 * or higher; it records @kind (enum ck_wait_kind) and @obj, and a wait
 * status of 0. Nothing switches yet (a mutex boosts its owner between
 * this and sched_wait_switch()). Context: RT task, RT masked.
 */
void sched_wait_enqueue(struct ck_list *q, uint8_t kind, void *obj);

/**
 * sched_wait_switch() - run the most urgent ready task until the current
 * one, enqueued by sched_wait_enqueue(), is woken.
 * Return: its wait status: 0, or the -CK_E* its waker or its wake timer
 * (-CK_ETIMEDOUT) left. Context: RT task, RT masked.
 */
int sched_wait_switch(void);

/** sched_block_on() - sched_wait_enqueue(), then sched_wait_switch().
 *  Return: the wait status. Context: RT task, RT masked. */
int sched_block_on(struct ck_list *q, uint8_t kind, void *obj);

/**
 * sched_set_prio() - give @t the effective priority @prio (0..63): a
 * ready task moves to the tail of its new level (the running task to the
 * head: it goes on running), a waiting one to its place in its wait
 * queue. Nothing switches, and nothing follows a mutex chain (that is
 * mutex_prio_update()). RT masked.
 */
void sched_set_prio(struct ck_task *t, int prio);

/**
 * sched_preempt() - switch to a more urgent ready task, if any. No effect in
 * RT interrupt context (the interrupt exit does it) or before ck_start().
 * RT masked.
 */
void sched_preempt(void);

/**
 * sched_requeue() - move the current task behind its peers and reschedule.
 * No effect in the root context or in RT interrupt context. RT masked.
 */
void sched_requeue(void);

/** sched_exit() - the current task becomes dormant and switches away for good. RT masked. */
void sched_exit(void) __attribute__((noreturn));

/**
 * sched_suspend() - fault containment: take @t (any state but root) out of
 * scheduling and make it dormant; no switch. RT masked.
 */
void sched_suspend(struct ck_task *t);

/**
 * sched_hold() - ck_task_suspend()'s body: one more suspension of @t, a
 * created task that is not dormant; a ready one leaves the ready queue
 * (the caller switches away at once, outside RT interrupt context), a
 * blocked one is held when its wait ends. RT masked.
 */
void sched_hold(struct ck_task *t);

/** sched_release() - ck_task_resume()'s body: one suspension of @t (>= 1)
 *  undone; at the last, a held task is ready and may preempt. RT masked. */
void sched_release(struct ck_task *t);

/** sched_pick_current() - make the most urgent ready task current; return it. RT masked. */
struct ck_task *sched_pick_current(void);

/**
 * sched_cpu_ns() - the CPU time @t ran, ns, up to now: an RT task's
 * charged ticks and, if it runs, those since its switch; the root's is
 * the clock since start less every RT task's. Context: any (masks RT for
 * the reads, converts with it unmasked).
 */
uint64_t sched_cpu_ns(const struct ck_task *t);

/** sched_root() - the root task. Context: any. */
struct ck_task *sched_root(void);

/* ---- mutex.c ----------------------------------------------------- */

/**
 * mutex_prio_update() - recompute @t's effective priority from its base
 * and the mutexes it holds, and, while the change reaches a task waiting
 * on a mutex, its owner's: O(the chain's length) times O(mutexes each
 * holds). No switch. RT masked.
 */
void mutex_prio_update(struct ck_task *t);

/**
 * mutex_waiter_left() - a task left the wait queue of mutex @obj other
 * than by taking it (timeout, suspension): the owner's boost is
 * recomputed. RT masked.
 */
void mutex_waiter_left(void *obj);

/**
 * mutex_owner_gone() - @t ends (exit, fault suspension) holding mutexes:
 * each goes to its most urgent waiter, whose lock returns -CK_EOWNERDEAD,
 * or, without one, is left free and marked so that the next lock returns
 * it; @t falls back to its base priority. RT masked.
 */
void mutex_owner_gone(struct ck_task *t);

/* ---- event.c ----------------------------------------------------- */

/**
 * event_wait() - ck_event_wait_until() for the core's own users (the
 * channels' doorbells), with @kind recorded for the waiter. RT masked
 * around the call is not needed: it masks. Return: as
 * ck_event_wait_until().
 */
int event_wait(ck_event_t *e, uint32_t mask, uint32_t mode, uint32_t *got,
	       uint64_t abs_ns, uint8_t kind);

/**
 * event_post() - ck_event_post()'s body: set @bits in @e and wake the
 * waiters it satisfies, most urgent first. RT masked.
 */
void event_post(ck_event_t *e, uint32_t bits);

/* ---- chan.c ------------------------------------------------------ */

/** chan_init() - no channel notified, no waiter, the notify timer idle.
 *  Context: init (ck_core_init()), after timer_init(). */
void chan_init(void);

/**
 * chan_notify_linux() - Linux notified the channels of @bits: record them
 * and arm the notify timer (at once, or one shortest timer period after
 * its last run), whose RT interrupt wakes their waiters.
 * Context: Linux (the vPIC notify op); constant cost, RT masked inside.
 */
void chan_notify_linux(uint32_t bits);

/* ---- clock.c ----------------------------------------------------- */

/*
 * The clock's state, shared with timer.c, which programs the clockevent
 * against the same counter snapshot. All fields change together under RT
 * masked (clock_update()).
 */
struct clock_state {
	const struct ck_clocksource *cs;  /* the clocksource */
	uint32_t (*read)(const struct ck_clocksource *cs);  /* its read() */
	uint32_t mask;           /* its wrap mask */
	uint32_t last;           /* counter value at the last update */
	uint32_t rem;            /* ticks past @sec_ns at @last, < hz */
	uint32_t hz;             /* counting frequency */
	uint32_t mult_hi;        /* ns per tick, 32.32 fixed point: integer */
	uint32_t mult_lo;        /* and fraction, floor(1e9 * 2^32 / hz) */
	uint32_t read_every_ns;  /* half a wrap, at most CK_CLOCK_IDLE_MAX_NS */
	uint64_t sec_ns;         /* whole seconds since start, in ns */
	uint64_t now_ns;         /* the clock at @last */
};

extern struct clock_state ck_clk;

/**
 * clock_init() - check @cs against the clock contract (ck/hw.h), bind it
 * and start the clock at 0 ns.
 * Return: 0, or -CK_EINVAL with a console line naming the broken bound
 * (nothing bound). Context: init.
 */
int clock_init(const struct ck_clocksource *cs);

/** clock_ticks_to_ns() - @ticks of the clocksource in ns, rounded down,
 *  for any count (64-bit divisions: not for a hot path). Context: any. */
uint64_t clock_ticks_to_ns(uint64_t ticks);

/** clock_tick_ns() - one tick of @hz (> 0) in ns, rounded up. Context: any. */
uint64_t clock_tick_ns(uint64_t hz);

/**
 * clock_check_rate() - whether @hz is a rate the clock contract allows
 * (ck/hw.h: a tick of at most CK_TIMER_TICK_MAX_NS, at most UINT32_MAX);
 * if not, a console line "@what @name: ... refused".
 * Return: 0 or -CK_EINVAL. Context: init.
 */
int clock_check_rate(const char *what, const char *name, uint64_t hz);

/**
 * clock_carry_slow() - clock_fold()'s rare path: @rem counter ticks past
 * ck_clk.sec_ns, a second or more of them; the seconds move to sec_ns.
 * Return: the ticks left (< hz). RT masked.
 */
uint32_t clock_carry_slow(uint64_t rem) __attribute__((noinline));

/*
 * clock_fold() - clock_update()'s body, inline for the RT interrupt and
 * ck_clock_now(): read the counter, fold the ticks since ck_clk.last into
 * the remainder (a carry into sec_ns once a second), convert. RT masked.
 */
static inline __attribute__((always_inline)) uint64_t clock_fold(void)
{
	uint32_t now = ck_clk.read(ck_clk.cs) & ck_clk.mask;
	uint32_t delta = (now - ck_clk.last) & ck_clk.mask;
	uint64_t sum = (uint64_t)ck_clk.rem + delta;
	uint32_t hz = ck_clk.hz;
	uint32_t rem, ns;

	ck_clk.last = now;
	if (__builtin_expect(sum < hz, 1))
		rem = (uint32_t)sum;
	else if (sum < 2ull * hz) {   /* the once-a-second carry */
		ck_clk.sec_ns += CK_NS_PER_S;
		rem = (uint32_t)(sum - hz);
	} else {
		rem = clock_carry_slow(sum);
	}
	ck_clk.rem = rem;
	ns = rem * ck_clk.mult_hi +
	     (uint32_t)(((uint64_t)rem * ck_clk.mult_lo) >> 32);
	ck_clk.now_ns = ck_clk.sec_ns + ns;
	return ck_clk.now_ns;
}

/**
 * clock_update() - read the clocksource, extend it and return the time.
 * Return: ns since start (also left in ck_clk.now_ns, with the counter value
 * it was read from in ck_clk.last). RT masked.
 */
uint64_t clock_update(void);

/* ---- timer.c ----------------------------------------------------- */

/**
 * timer_init() - check @ev against the clock contract (ck/hw.h) with the
 * clocksource clock_init() bound, derive the idle re-arm, empty the queue
 * and precompute ns->ticks for @ev.
 * Return: 0, or -CK_EINVAL with a console line naming the broken bound.
 * Context: init, after clock_init() succeeded.
 */
int timer_init(const struct ck_clockevent *ev);

/**
 * timer_expire() - run the callbacks of every timer due at @now_ns, then
 * program the clockevent for the next one. RT masked, RT interrupt.
 */
void timer_expire(uint64_t now_ns);

/**
 * timer_peek_due() - the timers timer_expire(@now_ns) will run first (due
 * at @now_ns, or within the early margin it waits out), in queue order,
 * into @due[0..@max-1]; the queue is not changed. For the tracer.
 * Return: how many. RT masked.
 */
uint32_t timer_peek_due(uint64_t now_ns, struct ck_timer **due, uint32_t max);

/**
 * timer_program() - arm the clockevent for the queue head (rounded down to
 * an event tick, see timer.c), at most the idle re-arm ahead (ck/hw.h),
 * which it is if the queue is empty. The expiry is computed from the last clock snapshot
 * (ck_clk.now_ns at ck_clk.last) and the counter is read again right
 * before the device write, so the time spent since the snapshot is not
 * added to the expiry. The snapshot must be less than one counter wrap
 * old. RT masked.
 */
void timer_program(void);

/**
 * timer_cancel() - take @t off the timer queue if it is armed; the
 * clockevent stays armed (an early event only re-arms it). RT masked.
 */
static inline void timer_cancel(struct ck_timer *t)
{
	if (t->armed) {
		ck_list_del(&t->node);
		t->armed = 0;
	}
}

/* ---- irq.c ------------------------------------------------------- */

/** irq_init() - empty RT line table; route the clockevent's line to the
 * RT class (masked until ck_start()). Context: init, RT masked. */
void irq_init(void);

/**
 * irq_line_is_co_kernel() - whether PIC line @line belongs to the co-kernel:
 * the RT timer's, the doorbell's, the console UART's, or one taken with
 * ck_irq_attach(). Linux may mask and unmask only the other lines.
 * Context: any.
 */
bool irq_line_is_co_kernel(unsigned int line);

/**
 * irq_hold_rt_lines() - mask every attached RT line and route it to the
 * normal class (a PL190 raises FIQ for a masked FIQ-routed line in QEMU),
 * for the Linux boot window: nothing reaches Linux's unprepared RT vector.
 * A line that asserts meanwhile stays pending at its device. RT masked.
 */
void irq_hold_rt_lines(void);

/**
 * irq_release_rt_lines() - route the held lines to the RT class again and
 * unmask them (attach), but those disabled (ck_irq_disable()), which stay
 * held; one still asserted is taken as soon as RT is unmasked. RT masked.
 */
void irq_release_rt_lines(void);

/* The RT entry's part of irq.c, read inline by irq_dispatch_all(): the
 * PIC and the clockevent with their ops, copied from the board by
 * irq_init(), so each call loads its op and its device from one struct. */
struct irq_hot {
	const struct ck_pic *pic;
	uint32_t (*pending_rt)(const struct ck_pic *pic);
	const struct ck_clockevent *timer;
	void (*timer_ack)(const struct ck_clockevent *ev);
	uint32_t timer_bit;  /* 1 << the clockevent's RT slot */
};

extern struct irq_hot irq_hot;

/**
 * irq_dispatch_lines() - run the handlers of the RT lines in @pending (a
 * bit per RT slot; not the clockevent's), by slot, and count their calls;
 * a return other than CK_IRQ_HANDLED goes to the out-of-line storm
 * detector (ck.h CK_IRQ_UNHANDLED_MAX). A line without a handler is
 * masked, handed back to the normal class and counted. RT masked, RT
 * interrupt.
 */
void irq_dispatch_lines(uint32_t pending);

/*
 * irq_dispatch_all() - serve every RT-class line pending at entry: one
 * read of the PIC, the clockevent's line acknowledged first (before
 * timer_expire() re-arms it), then the others. A line raised meanwhile,
 * or a level line whose handler does not clear its device, is still
 * asserted at the exit and is taken by the next entry, so one RT
 * interrupt stays finite. Inline: the RT entry's common case is the timer
 * alone. Return: the pending word read (the tracer's payload).
 * RT masked, RT interrupt.
 */
static inline __attribute__((always_inline)) uint32_t irq_dispatch_all(void)
{
	uint32_t read = irq_hot.pending_rt(irq_hot.pic);
	uint32_t pending = read, timer_bit = irq_hot.timer_bit;

	if (pending & timer_bit) {
		pending &= ~timer_bit;
		irq_hot.timer_ack(irq_hot.timer);
	}
	if (pending)
		irq_dispatch_lines(pending);
	return read;
}

/* ---- task.c ------------------------------------------------------ */

/**
 * task_wake_timeout() - the callback of every task's wake timer (tm->arg
 * is the task): wakes it if blocked. The tracer tells a task's release
 * by it. RT masked, RT interrupt.
 */
void task_wake_timeout(struct ck_timer *tm);

/* ---- trace.c ----------------------------------------------------- */

/* One event of the tracer's ring: what ck_trace_rec (ipc/ck_trace.h)
 * is made from when the ring is published. */
struct trace_ev {
	uint32_t raw;   /* clocksource counter, masked */
	uint16_t event; /* enum ck_trace_event */
	int16_t prio;   /* of @task, 0 without */
	uint32_t a, b;
	const struct ck_task *task;
};

/* The ring (trace.c), RT-private; trace_point() writes it inline. */
struct trace_ring {
	bool frozen;    /* recording stopped until the tracer task re-arms */
	uint32_t head;  /* events recorded since the last (re-)arm */
	struct trace_ev ev[CK_TRACE_EVENTS];
};

extern struct trace_ring trace_ring;

/**
 * trace_point() - record @event with the clocksource counter @raw and the
 * payload @a, @b, @t (a task, or NULL) in the ring, unless it is frozen.
 * Bounded: a few stores. Called only from the traced copy of the RT
 * interrupt's body (ck_rt_irq_handle_traced()) and the ck_trace_* calls.
 * RT masked.
 */
static inline __attribute__((always_inline)) void
trace_point(uint32_t event, uint32_t raw, uint32_t a, uint32_t b,
	    const struct ck_task *t)
{
	struct trace_ev *e;

	if (trace_ring.frozen)
		return;
	e = &trace_ring.ev[trace_ring.head++ & (CK_TRACE_EVENTS - 1u)];
	e->raw = raw;
	e->event = (uint16_t)event;
	e->prio = t ? (int16_t)t->prio : 0;
	e->a = a;
	e->b = b;
	e->task = t;
}

/** trace_raw() - the clocksource counter now, the tracer's timestamp.
 *  RT masked. */
static inline uint32_t trace_raw(void)
{
	return ck_clk.read(ck_clk.cs) & ck_clk.mask;
}

struct ck_trace_snap;

/**
 * trace_snapshot() - the frozen ring, oldest event first, into @s
 * (timestamps converted from the counter to RT clock ns against a fresh
 * clock update; valid for events within half a counter wrap of it).
 * Return: the events written (<= CK_TRACE_EVENTS), or -CK_EAGAIN if the
 * ring is not frozen. Context: RT task (the tracer's), not RT masked:
 * bounded by CK_TRACE_EVENTS, the ring stays still while frozen.
 */
int trace_snapshot(struct ck_trace_snap *s);

/** trace_rearm() - after a snapshot: count it, empty the ring and record
 *  again. No effect unless frozen. Context: RT task. */
void trace_rearm(void);

/** trace_init() - the tracer off and empty, its state block "trace"
 *  and its publishing task (CK_PRIO_MIN); the first ck_trace_start()
 *  calls it. Return: 0 or ck_task_create()'s error (said on the console).
 *  Context: RT task or init, RT unmasked. */
int trace_init(void);

/**
 * ck_rt_irq_handle_traced() - ck_rt_irq_handle() with the tracer's points
 * (ck/trace.h): the RT entry calls it instead while tracing is on
 * (arch_rt_handler_set()). RT masked, RT interrupt.
 */
struct ck_task *ck_rt_irq_handle_traced(void);

/* ---- tasks.c ----------------------------------------------------- */

/**
 * tasks_refresh() - write the "tasks" state block (ipc/ck_tasks.h): the
 * root and every task of fault_task_at(), with CPU time since the
 * previous refresh. Cost: O(tasks x stack bytes), the stack scans with
 * RT unmasked. Return: 0, -CK_ENODEV (no block), or
 * ck_chan_state_write()'s error. Context: RT task (its refresher), init.
 */
int tasks_refresh(void);

/**
 * tasks_init() - the "tasks" state block and its refresher task
 * (CK_PRIO_MIN); nothing without an IPC region (ck_shm_base() NULL).
 * Return: 0 or the block's or ck_task_create()'s error (said on the
 * console for the block). Context: init (CK_APP), the host tests.
 */
int tasks_init(void);

/* ---- printf.c ---------------------------------------------------- */

/**
 * ck_vsnprintf() - the freestanding formatter behind ck_snprintf().
 * Return: the length the full output would have (excluding the NUL); the
 * output is truncated to @size - 1 bytes and NUL-terminated if @size > 0.
 * Context: any; no allocation, stack use bounded.
 */
int ck_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

/* ---- string.c (target only; the host build uses libc's) ----------- */

void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);

#endif /* CK_CORE_PRIV_H */
