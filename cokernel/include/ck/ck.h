/* SPDX-License-Identifier: MIT */
/*
 * ck.h - the RT API of cokernel: tasks, periodic release, clock, semaphores,
 * RT interrupt handlers, console.
 *
 * Conventions (see DESIGN §6):
 *  - time is uint64_t nanoseconds on the co-kernel's monotonic clock;
 *  - priorities: CK_PRIO_MIN (0) .. CK_PRIO_MAX (63), higher is more urgent,
 *    FIFO among tasks of one priority; Linux (the root context) is below all;
 *  - errors are negative CK_E* values, success is 0 (or a count where said);
 *  - "Context:" names where a call may be made: RT task, RT interrupt
 *    (a handler attached with ck_irq_attach), init (before ck_start), any.
 *  - No allocation: every object (task, its stack, semaphore) is provided by
 *    the caller and must outlive its use.
 */
#ifndef CK_CK_H
#define CK_CK_H

#include <stddef.h>
#include <stdint.h>
#include <ck/arch.h>
#include <ck/list.h>

/* Error numbers (CK_E*): the Linux/POSIX values, shared with Linux. */
#include <ck_errno.h>

#define CK_PRIO_MIN 0
#define CK_PRIO_MAX 63
#define CK_NR_PRIO 64

#define CK_NS_PER_US 1000ull
#define CK_NS_PER_MS 1000000ull
#define CK_NS_PER_S 1000000000ull

/**
 * Sentinel deadline: wait without timeout. Every _until() call takes an
 * absolute deadline; for a relative timeout pass ck_deadline_in(rel_ns)
 * (Clock, below): now + @rel_ns, saturating at CK_INFINITE.
 */
#define CK_INFINITE UINT64_MAX

/* ------------------------------------------------------------------ */
/* Timers (one-shot or periodic callbacks run in RT interrupt context). */

struct ck_timer;
typedef void (*ck_timer_fn)(struct ck_timer *t);

struct ck_timer {
	struct ck_list node;   /* link in the sorted timer queue */
	uint64_t expires_ns;   /* absolute expiry on the monotonic clock */
	uint64_t period_ns;    /* 0 = one-shot */
	uint64_t overruns;     /* periodic: expiries missed in total */
	uint64_t overruns_read; /* of them, those ck_timer_overruns() returned */
	ck_timer_fn fn;        /* called in RT interrupt context */
	void *arg;
	uint32_t magic;        /* set by ck_timer_init(): a timer never
				* initialised is refused */
	uint8_t armed;
};

/* ------------------------------------------------------------------ */
/* Tasks */

enum ck_task_state {
	CK_TASK_DORMANT = 0,  /* created, not started, exited or deleted */
	CK_TASK_READY,        /* in the ready queue (or running) */
	CK_TASK_BLOCKED,      /* waiting (enum ck_wait_kind says on what) */
	CK_TASK_SUSPENDED,    /* suspended (ck_task_suspend()), not waiting */
};

/* What a blocked task waits on (ck_task.wait_kind): a priority change
 * requeues it on its object's wait queue, an inheritance chain follows
 * CK_WAIT_MUTEX, `ckipc tasks` names it. */
enum ck_wait_kind {
	CK_WAIT_NONE = 0,
	CK_WAIT_DELAY,       /* ck_task_sleep_until() */
	CK_WAIT_PERIOD,      /* ck_task_wait_period() */
	CK_WAIT_SEM,
	CK_WAIT_CHAN,        /* ck_chan_wait() */
	CK_WAIT_MUTEX,
	CK_WAIT_EVENT,
	CK_WAIT_QUEUE_RECV,
	CK_WAIT_QUEUE_SEND,
	CK_WAIT_JOIN,        /* ck_task_join() */
};

struct ck_task {
	struct ck_arch_ctx ctx;  /* saved registers; layout is the arch's */
	struct ck_list rq_node;  /* ready queue link, or wait queue link */
	uint32_t magic;          /* set by ck_task_create(): the rest means
				  * something only with it */
	const char *name;
	int prio;                /* effective priority: base_prio, raised
				  * while the task holds a mutex a more
				  * urgent task waits for or one with a
				  * ceiling above it */
	int base_prio;           /* the priority it was created with */
	uint8_t state;           /* enum ck_task_state */
	uint8_t wait_kind;       /* what a blocked task waits on (core.h) */
	int wait_status;         /* how its last wait ended: 0 or -CK_E* */
	void *wait_obj;          /* the object waited on, NULL if none */
	struct ck_list *wait_q;  /* the wait queue rq_node is on, or NULL */
	struct ck_list held;     /* mutexes held (ck_mutex.held_node) */
	struct ck_list joiners;  /* tasks in ck_task_join() on this one */
	uint32_t suspend_depth;  /* ck_task_suspend() calls not resumed */
	union {                  /* what the waker needs of the wait */
		struct {
			uint32_t mask, mode, got;  /* event flags, channels */
		} ev;
		struct {
			void *buf;               /* a queue's message */
			uint32_t bytes;
			uint32_t flags;
		} q;
	} w;
	void (*entry)(void *arg);
	void *arg;
	void *stack;             /* lowest address of the stack */
	size_t stack_bytes;
	struct ck_timer wake_timer; /* delays and wait timeouts */
	/* periodic release (ck_task_set_periodic) */
	uint64_t period_ns;      /* 0 = not periodic */
	uint64_t next_release_ns;
	uint64_t overruns_total;
	/* statistics */
	uint64_t switches;       /* times this task was switched in */
	uint64_t cpu_ticks;      /* clocksource ticks it ran, counted at
				  * switches to the clock's last reading
				  * (an RT interrupt, a timed wait); RT
				  * interrupts count in the task they
				  * interrupt */
};

/**
 * ck_task_create() - create a task and make it ready.
 * @t: task object, caller-provided: never created (any content) or
 *     reused after exit.
 * @name: for traces and the console; not copied.
 * @prio: CK_PRIO_MIN..CK_PRIO_MAX, higher is more urgent.
 * @entry: task body; returning from it exits the task.
 * @arg: passed to @entry.
 * @stack: caller-provided stack memory, 8-byte aligned.
 * @stack_bytes: its size; at least CK_STACK_MIN, within the address space.
 * Return: 0, -CK_EINVAL (prio out of range, @t, @entry or @stack NULL,
 *         stack too small, misaligned or past the end of the address
 *         space), -CK_EBUSY (@t is alive, or the caller itself); on an
 *         error nothing changes, @t included.
 * Context: init, RT task. A task created from an RT task at a higher
 * priority than the caller preempts it at once.
 */
int ck_task_create(struct ck_task *t, const char *name, int prio,
		   void (*entry)(void *arg), void *arg, void *stack,
		   size_t stack_bytes);

/**
 * ck_task_self() - the running RT task; NULL in the root context and in RT
 * interrupt context (timer callbacks, attached handlers), which run on
 * whatever task they interrupted and must not act on it. Context: any.
 */
struct ck_task *ck_task_self(void);

/**
 * ck_task_set_periodic() - make the calling task periodic.
 * @start_ns: absolute time of the first release; 0 means now + @period_ns.
 *            One already past is no error: the first wait counts the
 *            release points missed since.
 * @period_ns: period, at least the board's minimum (the clockevent's
 *             min_period_ns, ck/hw.h).
 * Return: 0 or -CK_EINVAL (not an RT task, @period_ns below the minimum,
 *         @start_ns + @period_ns beyond 64 bits); on an error nothing
 *         changes. Context: RT task.
 */
int ck_task_set_periodic(uint64_t start_ns, uint64_t period_ns);

/**
 * ck_task_wait_period() - wait for the next release point of the caller.
 *
 * Release points are start + k * period. A release point that passed while
 * the task was still busy is an overrun: it is counted, never executed late,
 * and the task waits for the first release point at or after now. A job that
 * runs 1.5 periods gets exactly 1 overrun and is released at the next boundary.
 *
 * Return: the number of release points missed since the previous call (>= 0),
 *         or -CK_EPERM if the task is not periodic or the caller is not an
 *         RT task (root context, RT interrupt context: nothing changes).
 * Context: RT task.
 */
long ck_task_wait_period(void);

/**
 * ck_task_sleep_until() - block until @abs_ns (no wait if it has passed).
 * Return: 0, or -CK_EPERM in the root context or in RT interrupt context
 *         (neither ever blocks; nothing changes).
 * Context: RT task.
 */
int ck_task_sleep_until(uint64_t abs_ns);

/** ck_task_sleep() - block for @rel_ns. Return: as ck_task_sleep_until(). Context: RT task. */
int ck_task_sleep(uint64_t rel_ns);

/**
 * ck_task_yield() - go behind the tasks of the same priority. No effect in
 * the root context or in RT interrupt context. Context: RT task.
 */
void ck_task_yield(void);

/**
 * ck_task_exit() - end the calling task: the mutexes it holds go to their
 * waiters as from a dead owner (-CK_EOWNERDEAD), the tasks joining it
 * wake. Context: RT task. Does not return.
 */
void ck_task_exit(void) __attribute__((noreturn));

/* Task control. @t NULL means the calling task, except for ck_task_resume()
 * and ck_task_join(), which take another task (-CK_EINVAL for NULL).
 * Argument errors are checked before the calling context. */

/**
 * ck_task_set_prio() - set @t's base priority to @prio; its effective
 * priority stays raised by what it is owed (mutexes it holds), and the
 * change follows a chain of mutex owners. A ready task goes behind the
 * tasks of its new priority; the CPU is rescheduled at once.
 * Return: 0, -CK_EINVAL (@prio out of range, @t not a created task),
 *         -CK_ESRCH (@t dormant), -CK_EPERM (@t NULL outside an RT task).
 * Context: RT task, init.
 */
int ck_task_set_prio(struct ck_task *t, int prio);

/**
 * ck_task_suspend() - take @t out of scheduling until as many
 * ck_task_resume() calls (they nest, as Alchemy's do). A waiting task
 * keeps waiting; when its wait ends it stays suspended. Suspending the
 * caller switches away at once.
 * Return: 0, -CK_EINVAL, -CK_ESRCH (dormant), -CK_EOVERFLOW (nesting at
 *         UINT32_MAX), -CK_EPERM (@t NULL outside an RT task).
 * Context: RT task, RT interrupt (not @t NULL), init.
 */
int ck_task_suspend(struct ck_task *t);

/**
 * ck_task_resume() - undo one ck_task_suspend(); at the last, @t runs
 * again (at once, if more urgent than the caller).
 * Return: 0, -CK_EINVAL (not a created task, or not suspended),
 *         -CK_ESRCH (dormant). Context: RT task, RT interrupt, init.
 */
int ck_task_resume(struct ck_task *t);

/**
 * ck_task_delete() - end @t as if it had called ck_task_exit() where it
 * is (its waits abandoned, its mutexes to their waiters with
 * -CK_EOWNERDEAD, its joiners woken); @t may then be created again.
 * @t NULL or the caller: ck_task_exit().
 * Return: 0, -CK_EINVAL (not a created task), -CK_ESRCH (already dormant),
 *         -CK_EPERM (from an RT interrupt).
 * Context: RT task, init.
 */
int ck_task_delete(struct ck_task *t);

/**
 * ck_task_join() - wait until @t has ended (exit, delete, fault).
 * Return: 0 (ended, or was dormant already), -CK_ETIMEDOUT (@abs_ns
 *         reached; CK_INFINITE: none), -CK_EDEADLK (@t is the caller),
 *         -CK_EINVAL (not a created task), -CK_EPERM (not an RT task),
 *         -CK_EAGAIN (deadline already past and @t alive).
 * Context: RT task.
 */
int ck_task_join(struct ck_task *t, uint64_t abs_ns);

/**
 * ck_task_set_periodic_of() - ck_task_set_periodic() for @t (NULL: the
 * caller). A task waiting for its next release waits for @start_ns
 * instead (0: now + @period_ns).
 * Return: 0, -CK_EINVAL (as ck_task_set_periodic(), or @t not a created
 *         task), -CK_ESRCH (dormant). Context: RT task, init.
 */
int ck_task_set_periodic_of(struct ck_task *t, uint64_t start_ns,
			    uint64_t period_ns);

/* What ck_task_info() reports of a task: Xenomai's /proc/xenomai/sched
 * columns and more. */
struct ck_task_info {
	const char *name;        /* not copied: the task's own */
	int base_prio, prio;     /* prio: effective (inheritance, ceiling) */
	uint8_t state;           /* enum ck_task_state */
	uint8_t wait_kind;       /* enum ck_wait_kind, while blocked */
	const char *wait_name;   /* the object waited on's name, or NULL */
	const char *wait_owner;  /* a mutex waited on: its owner's name */
	uint32_t suspend_depth;
	uint64_t period_ns;      /* 0: not periodic */
	uint64_t overruns;       /* release points missed in total */
	uint64_t switches;       /* times switched in */
	uint64_t cpu_ns;         /* CPU time, ns (see ck_task.cpu_ticks) */
	uint32_t stack_bytes;    /* its stack */
	uint32_t stack_used;     /* high-water mark: bytes ever written */
};

/**
 * ck_task_info() - fill @out with @t's figures (@t NULL: the caller).
 * The stack's high-water mark is found by scanning the fill pattern
 * ck_task_create() wrote, O(stack bytes) with RT unmasked; the rest is
 * a consistent snapshot taken with RT masked.
 * Return: 0, -CK_EINVAL (@out NULL, @t not a created task, @t NULL
 *         outside an RT task). Context: RT task, init.
 */
int ck_task_info(const struct ck_task *t, struct ck_task_info *out);

/* ------------------------------------------------------------------ */
/* Clock */

/** ck_clock_now() - monotonic time in ns since co-kernel start. Context: any. */
uint64_t ck_clock_now(void);

/**
 * ck_deadline_in() - the absolute deadline @rel_ns from now, for the
 * _until() calls (relative timeouts): ck_clock_now() + @rel_ns, saturating
 * at CK_INFINITE (so CK_INFINITE in gives CK_INFINITE out).
 * Return: ns on the monotonic clock. Context: any.
 */
static inline uint64_t ck_deadline_in(uint64_t rel_ns)
{
	uint64_t now = ck_clock_now();

	return rel_ns >= CK_INFINITE - now ? CK_INFINITE : now + rel_ns;
}

/* ------------------------------------------------------------------ */
/* Timers */

/**
 * ck_timer_init() - prepare @t to call @fn(@t) in RT interrupt context.
 * An initialised timer that is armed is stopped first. @t NULL: nothing.
 * Context: any.
 */
void ck_timer_init(struct ck_timer *t, ck_timer_fn fn, void *arg);

/**
 * ck_timer_start() - arm @t for @abs_ns, then every @period_ns if non-zero.
 * A periodic timer that falls behind skips the missed expiries and adds
 * them to t->overruns (the total since ck_timer_init(); ck_timer_overruns()
 * reads those since its last call). Re-arming an armed timer moves it. An @abs_ns
 * already past is no error: the timer runs at the next RT interrupt.
 * Return: 0 or -CK_EINVAL (@t NULL or never initialised, no callback,
 *         @period_ns non-zero and below the board's minimum, the
 *         clockevent's min_period_ns in ck/hw.h, or @abs_ns + @period_ns
 *         beyond 64 bits); on an error nothing changes (an armed @t stays
 *         armed as it was). Context: any (RT task, RT interrupt, init).
 */
int ck_timer_start(struct ck_timer *t, uint64_t abs_ns, uint64_t period_ns);

/**
 * ck_timer_start_in() - ck_timer_start() @rel_ns from now: at
 * ck_deadline_in(@rel_ns) (saturating: @rel_ns too far for 64 bits means
 * never, and with a non-zero @period_ns is refused), then every
 * @period_ns if non-zero.
 * Return: as ck_timer_start(). Context: any (RT task, RT interrupt, init).
 */
int ck_timer_start_in(struct ck_timer *t, uint64_t rel_ns, uint64_t period_ns);

/**
 * ck_timer_overruns() - the expiries periodic @t missed (skipped because
 * it fell behind) since the previous call, or since ck_timer_init() for
 * the first; the call clears them, re-arming does not. t->overruns keeps
 * the total.
 * Return: that count (>= 0; at most LONG_MAX, the rest is left for the
 *         next call), or -CK_EINVAL (@t NULL or never initialised).
 * Context: any.
 */
long ck_timer_overruns(struct ck_timer *t);

/**
 * ck_timer_stop() - disarm @t (no effect if not armed, NULL or never
 * initialised). Context: any.
 */
void ck_timer_stop(struct ck_timer *t);

/**
 * ck_timer_min_period_ns() - the board's shortest period, in ns: the least
 * non-zero @period_ns ck_timer_start() accepts, and the least period
 * ck_task_set_periodic() accepts. It is the RT clockevent's min_period_ns
 * (ck/hw.h), board data in bsp/<board>/board.c: a few times the RT entry's
 * cost, one event tick .. CK_TIMER_MIN_PERIOD_MAX_NS (100 us).
 * Return: that period, ns; constant once the co-kernel is initialised.
 * Context: any, from an app's init on (the clockevent is set up before the
 * apps start).
 */
uint32_t ck_timer_min_period_ns(void);

/* ------------------------------------------------------------------ */
/* Counting semaphores */

typedef struct ck_sem {
	uint32_t count;
	const char *name;        /* NULL, or set by the caller after init
				  * (not copied): what `ckipc tasks` shows */
	uint32_t magic;          /* set by ck_sem_init(): a semaphore never
				  * initialised is refused */
	struct ck_list waiters;  /* by priority, FIFO within a priority */
} ck_sem_t;

/**
 * ck_sem_init() - set @count, no waiters.
 * Return: 0, -CK_EINVAL (@s NULL), -CK_EBUSY (@s was initialised and
 *         tasks wait on it: they would be lost; nothing changes).
 * Context: init, RT task.
 */
int ck_sem_init(ck_sem_t *s, uint32_t count);

/**
 * ck_sem_wait_until() - take one unit, blocking until @abs_ns at most.
 * Return: 0, -CK_ETIMEDOUT, -CK_EINVAL (@s NULL or never initialised),
 *         -CK_EAGAIN (@abs_ns already past and count 0;
 *         use 0 for a non-blocking try; also when the root context would
 *         have to block), -CK_EPERM (RT interrupt context and @abs_ns is
 *         CK_INFINITE or ahead: a wait that could block, refused whatever
 *         the count; the count is not touched).
 * Context: RT task (root, RT interrupt: non-blocking try only).
 */
int ck_sem_wait_until(ck_sem_t *s, uint64_t abs_ns);

/**
 * ck_sem_wait() - take one unit, blocking without limit.
 * Return: 0, -CK_EINVAL (@s NULL or never initialised), -CK_EAGAIN (root
 * context, count 0), -CK_EPERM (RT interrupt context). Context: RT task.
 */
int ck_sem_wait(ck_sem_t *s);

/**
 * ck_sem_post() - give one unit; wakes the most urgent waiter.
 * Return: 0, -CK_EINVAL (@s NULL or never initialised) or -CK_EOVERFLOW
 * (count at UINT32_MAX); on an error nothing changes.
 * Context: RT task, RT interrupt, init.
 */
int ck_sem_post(ck_sem_t *s);

/**
 * ck_sem_destroy() - end @s: its waiters wake with -CK_EIDRM; @s must be
 * initialised again before use. Return: 0 or -CK_EINVAL (@s NULL or not
 * initialised). Context: init, RT task, RT interrupt.
 */
int ck_sem_destroy(ck_sem_t *s);

/* ------------------------------------------------------------------ */
/* Mutexes with priority inheritance.
 *
 * Inheritance: while a task waits for a mutex, its owner runs at least at
 * the waiter's priority; through chains (A waits for B's mutex, B for
 * C's: C runs at A's priority) and over several mutexes (a task's
 * effective priority is the highest its base, its waiters and its
 * ceilings give; releasing one mutex drops it to the highest still owed,
 * not to its base). The boost is undone and the CPU rescheduled in the
 * unlock itself: the most urgent waiter becomes the owner (a handover:
 * no later arrival can overtake it) and, if more urgent, runs at once.
 * A lock that would close a cycle of owners fails with -CK_EDEADLK.
 *
 * Ceiling (CK_MUTEX_CEILING, the immediate ceiling protocol, POSIX's
 * PTHREAD_PRIO_PROTECT): the owner runs at least at the ceiling while it
 * holds the mutex; no task whose base priority is above the ceiling may
 * lock it.
 *
 * Owner death: a task that exits or is suspended by a fault while it
 * holds a mutex releases it as POSIX robust mutexes do: the next owner's
 * lock succeeds with -CK_EOWNERDEAD (it holds the mutex, and the data it
 * protects may be half-updated); the mutex then works as before.
 *
 * Cost: lock and unlock without contention are O(1) plus O(mutexes the
 * caller holds) for its effective priority; a contended one O(length of
 * the owner chain). Linux cannot reach any of it. */

#define CK_MUTEX_RECURSIVE 0x1u  /* the owner may lock again; as many
				  * unlocks release it */
#define CK_MUTEX_NO_PI     0x2u  /* no inheritance (waiters still queue
				  * by priority) */
#define CK_MUTEX_CEILING   0x4u  /* the priority ceiling protocol */

typedef struct ck_mutex {
	struct ck_task *owner;    /* NULL when free */
	const char *name;        /* NULL, or set by the caller after init
				  * (not copied): what `ckipc tasks` shows */
	uint32_t magic;           /* set by ck_mutex_init() */
	uint32_t flags;           /* CK_MUTEX_* */
	int ceiling;              /* CK_MUTEX_CEILING's priority, else -1 */
	uint32_t depth;           /* recursive locks held by the owner */
	uint8_t owner_died;       /* free after its owner ended holding it */
	struct ck_list waiters;   /* by priority, FIFO within a priority */
	struct ck_list held_node; /* in the owner's list of mutexes held */
} ck_mutex_t;

/**
 * ck_mutex_init() - a free mutex.
 * @flags: CK_MUTEX_RECURSIVE, CK_MUTEX_NO_PI, CK_MUTEX_CEILING, or'ed.
 * @ceiling: with CK_MUTEX_CEILING, the ceiling priority,
 *           CK_PRIO_MIN..CK_PRIO_MAX; ignored otherwise.
 * Return: 0, -CK_EINVAL (@m NULL, an unknown flag, a ceiling out of
 *         range), -CK_EBUSY (@m is an initialised mutex that is held or
 *         waited for; nothing changes).
 * Context: init, RT task.
 */
int ck_mutex_init(ck_mutex_t *m, uint32_t flags, int ceiling);

/**
 * ck_mutex_lock_until() - lock @m, waiting until @abs_ns at most.
 * @abs_ns: deadline on the monotonic clock; CK_INFINITE for none; one
 *          already past (0, say) makes it a try.
 * Return: 0; -CK_EOWNERDEAD (locked: the previous owner ended holding it);
 *         -CK_ETIMEDOUT (deadline reached while waiting); -CK_EAGAIN (a
 *         try and the mutex is held); -CK_EDEADLK (held by the caller and
 *         not recursive, or the wait would close a cycle of owners);
 *         -CK_EOVERFLOW (recursion depth at UINT32_MAX); -CK_EIDRM (@m
 *         destroyed while waited for); -CK_EINVAL (@m NULL or not
 *         initialised; a ceiling below the caller's base priority);
 *         -CK_EPERM (not an RT task: root context or RT interrupt).
 * Ordering: waiters get the mutex most urgent first, FIFO within a
 * priority (the effective priority, which inheritance may change while
 * they wait). Context: RT task.
 */
int ck_mutex_lock_until(ck_mutex_t *m, uint64_t abs_ns);

/** ck_mutex_lock() - ck_mutex_lock_until(@m, CK_INFINITE). Context: RT task. */
int ck_mutex_lock(ck_mutex_t *m);

/** ck_mutex_trylock() - ck_mutex_lock_until(@m, 0): never waits.
 *  Context: RT task. */
int ck_mutex_trylock(ck_mutex_t *m);

/**
 * ck_mutex_unlock() - release one lock of @m; the last one hands the
 * mutex to its most urgent waiter and drops the caller's priority to the
 * highest it is still owed; a more urgent task then runs at once.
 * Return: 0, -CK_EPERM (the caller does not own it, or is not an RT
 *         task), -CK_EINVAL (@m NULL or not initialised).
 * Context: RT task.
 */
int ck_mutex_unlock(ck_mutex_t *m);

/**
 * ck_mutex_destroy() - end @m: its waiters wake with -CK_EIDRM, its owner
 * loses the boost it had from it (a later unlock gets -CK_EINVAL), and @m
 * must be initialised again before use.
 * Return: 0 or -CK_EINVAL (@m NULL or not initialised).
 * Context: init, RT task.
 */
int ck_mutex_destroy(ck_mutex_t *m);

/* ------------------------------------------------------------------ */
/* Event flags: a word of 32 flags; tasks wait for any or all of a mask.
 *
 * A post sets flags and wakes, most urgent first, every waiter whose
 * condition now holds; a waiter with CK_EVENT_CLEAR takes the flags that
 * satisfied it (they are cleared before less urgent waiters are looked
 * at). Cost: a post visits each waiting task once: O(waiters). */

#define CK_EVENT_ANY   0x0u  /* wake when any flag of the mask is set */
#define CK_EVENT_ALL   0x1u  /* wake when every flag of the mask is set */
#define CK_EVENT_CLEAR 0x2u  /* clear the flags the wait returns */

typedef struct ck_event {
	uint32_t value;          /* the flags */
	const char *name;        /* NULL, or set by the caller after init
				  * (not copied): what `ckipc tasks` shows */
	uint32_t magic;          /* set by ck_event_init() */
	struct ck_list waiters;  /* by priority, FIFO within a priority */
} ck_event_t;

/**
 * ck_event_init() - flags @value, no waiters.
 * Return: 0, -CK_EINVAL (@e NULL), -CK_EBUSY (initialised, tasks wait on
 *         it; nothing changes). Context: init, RT task.
 */
int ck_event_init(ck_event_t *e, uint32_t value);

/**
 * ck_event_wait_until() - wait until the flags of @mask satisfy @mode.
 * @mask: non-zero. @mode: CK_EVENT_ANY or CK_EVENT_ALL, or'ed with
 *        CK_EVENT_CLEAR.
 * @got: NULL, or where the flags of @mask that were set when the wait
 *       ended go (with CK_EVENT_CLEAR, the flags taken).
 * @abs_ns: deadline; CK_INFINITE for none; one already past: a poll.
 * Return: 0; -CK_ETIMEDOUT; -CK_EAGAIN (a poll, or the root context, and
 *         the condition does not hold); -CK_EPERM (RT interrupt, deadline
 *         ahead, and it does not hold: only polls there); -CK_EIDRM (@e
 *         destroyed while waited on); -CK_EINVAL (@e NULL or not
 *         initialised, @mask 0, an unknown mode bit).
 * Context: RT task; RT interrupt or root: polls only.
 */
int ck_event_wait_until(ck_event_t *e, uint32_t mask, uint32_t mode,
			uint32_t *got, uint64_t abs_ns);

/**
 * ck_event_post() - set @bits, waking the waiters they satisfy; a more
 * urgent task woken runs at once (from an RT interrupt: at its exit).
 * Return: 0 or -CK_EINVAL (@e NULL or not initialised).
 * Context: RT task, RT interrupt, init.
 */
int ck_event_post(ck_event_t *e, uint32_t bits);

/**
 * ck_event_clear() - clear @bits.
 * @prev: NULL, or where the flags before the clear go.
 * Return: 0 or -CK_EINVAL. Context: RT task, RT interrupt, init.
 */
int ck_event_clear(ck_event_t *e, uint32_t bits, uint32_t *prev);

/**
 * ck_event_destroy() - end @e: its waiters wake with -CK_EIDRM.
 * Return: 0 or -CK_EINVAL. Context: init, RT task, RT interrupt.
 */
int ck_event_destroy(ck_event_t *e);

/* ------------------------------------------------------------------ */
/* Message queues: messages of up to msg_bytes, copied in and out of a
 * ring in caller-provided memory; FIFO, or at the front with
 * CK_QUEUE_URGENT (Alchemy's Q_URGENT). A sender waits while the queue
 * is full, a receiver while it is empty; each side's waiters are served
 * most urgent first, FIFO within a priority, and a message goes straight
 * to a waiting receiver. Cost: O(message bytes) per call. */

#define CK_QUEUE_URGENT 0x1u   /* send: in front of the queued messages */

/** CK_QUEUE_SLOT_BYTES() - the ring bytes one message of up to @msg
 *  bytes takes: a length word and the message, 4-byte aligned. */
#define CK_QUEUE_SLOT_BYTES(msg) (4u + (((msg) + 3u) & ~3u))

typedef struct ck_queue {
	uint32_t magic;          /* set by ck_queue_init() */
	const char *name;        /* NULL, or set by the caller after init
				  * (not copied): what `ckipc tasks` shows */
	uint32_t msg_bytes;      /* the largest message */
	uint32_t slot_bytes;     /* CK_QUEUE_SLOT_BYTES(msg_bytes) */
	uint32_t slots;          /* messages the ring holds */
	uint32_t count;          /* messages queued */
	uint32_t head;           /* slot of the oldest */
	uint8_t *ring;           /* slots * slot_bytes bytes */
	struct ck_list receivers; /* waiting for a message */
	struct ck_list senders;   /* waiting for room */
} ck_queue_t;

/**
 * ck_queue_init() - an empty queue over @buf.
 * @buf: 4-byte aligned, @buf_bytes long: it holds
 *       @buf_bytes / CK_QUEUE_SLOT_BYTES(@msg_bytes) messages (at least 1).
 * @msg_bytes: the largest message, 1..65536.
 * Return: 0, -CK_EINVAL (NULL, misaligned, @msg_bytes out of range, room
 *         for no message), -CK_EBUSY (initialised, tasks wait on it).
 * Context: init, RT task.
 */
int ck_queue_init(ck_queue_t *q, void *buf, size_t buf_bytes,
		  uint32_t msg_bytes);

/**
 * ck_queue_send_until() - queue @len bytes of @msg, waiting for room
 * until @abs_ns at most.
 * @flags: 0 or CK_QUEUE_URGENT.
 * Return: 0; -CK_ETIMEDOUT; -CK_EAGAIN (full: a try, or the root
 *         context); -CK_EPERM (RT interrupt, full and a deadline ahead);
 *         -CK_EMSGSIZE (@len above msg_bytes); -CK_EIDRM (destroyed while
 *         waiting); -CK_EINVAL (@q not initialised, @msg NULL with @len,
 *         an unknown flag). Nothing is queued on an error.
 * Context: RT task; RT interrupt or root: tries only.
 */
int ck_queue_send_until(ck_queue_t *q, const void *msg, uint32_t len,
			uint32_t flags, uint64_t abs_ns);

/**
 * ck_queue_recv_until() - take the first message into @buf, waiting for
 * one until @abs_ns at most.
 * @buf_bytes: at least the queue's msg_bytes (as POSIX mq_receive()).
 * Return: the message's length (>= 0); -CK_ETIMEDOUT; -CK_EAGAIN (empty:
 *         a try, or the root context); -CK_EPERM (RT interrupt, empty and
 *         a deadline ahead); -CK_EMSGSIZE (@buf_bytes below msg_bytes:
 *         nothing taken); -CK_EIDRM; -CK_EINVAL (@q not initialised,
 *         @buf NULL).
 * Context: RT task; RT interrupt or root: tries only.
 */
int ck_queue_recv_until(ck_queue_t *q, void *buf, uint32_t buf_bytes,
			uint64_t abs_ns);

/**
 * ck_queue_destroy() - end @q: its waiters wake with -CK_EIDRM, queued
 * messages are dropped. Return: 0 or -CK_EINVAL.
 * Context: init, RT task, RT interrupt.
 */
int ck_queue_destroy(ck_queue_t *q);

/* ------------------------------------------------------------------ */
/* RT interrupts (sources routed to the RT class: FIQ, CINT, level 15) */

/**
 * enum ck_irq_ret - what an RT interrupt handler returns (as Xenomai's
 * RT_INTR_HANDLED / RT_INTR_NONE / XN_IRQ_DISABLE).
 * @CK_IRQ_NONE: the line fired but its device had nothing for the handler
 *               (not its interrupt): counted as unhandled, see
 *               CK_IRQ_UNHANDLED_MAX.
 * @CK_IRQ_HANDLED: the handler served its device.
 * @CK_IRQ_DISABLE: a flag to OR in (CK_IRQ_HANDLED | CK_IRQ_DISABLE): leave
 *                  the line disabled on return, as ck_irq_disable() does,
 *                  until a task calls ck_irq_enable() (work deferred to a
 *                  task whose device stays asserted meanwhile).
 */
enum ck_irq_ret {
	CK_IRQ_NONE = 0,
	CK_IRQ_HANDLED = 1,
	CK_IRQ_DISABLE = 2,
};

/**
 * ck_irq_fn - an RT interrupt handler: called in RT interrupt context with
 * RT masked, once per RT interrupt in which @line is pending; it must
 * clear the interrupt at its device (a level line still asserted is taken
 * again at once). Return: an enum ck_irq_ret.
 */
typedef enum ck_irq_ret (*ck_irq_fn)(unsigned int line, void *arg);

/*
 * Unhandled-storm detector: a line whose handler returns CK_IRQ_NONE this
 * many times in a row (no CK_IRQ_HANDLED between) is disabled and named on
 * the console. A line has one handler, never shared, so a CK_IRQ_NONE is a
 * rare race with the device (a bounce, a status already cleared), not the
 * routine answer it is on Linux's shared lines (kernel/irq/spurious.c waits
 * for 99,900 of 100,000); 16 in a row is a stuck source, and they cost 16
 * RT entries (a few us each on the boards) of every RT task's time.
 */
#define CK_IRQ_UNHANDLED_MAX 16u

/**
 * ck_irq_attach() - own hardware line @line on the RT class and call @fn.
 * The line is enabled at once, its counters (ck_irq_stats()) start at 0.
 * Return: 0, -CK_EINVAL (@fn NULL, no such PIC line, or the PIC cannot
 *         route it to the RT class), -CK_EBUSY (a co-kernel line, a
 *         Linux line, already attached, or the PIC's CK_RT_SLOTS RT slots
 *         are taken).
 * Context: init, RT task.
 */
int ck_irq_attach(unsigned int line, ck_irq_fn fn, void *arg);

/**
 * ck_irq_detach() - give up @line: it is masked and routed back to the
 * PIC's normal class, where it stays masked and owned by nobody (Linux's
 * vIRQs are the board's linux_lines, fixed at boot, which ck_irq_attach()
 * refuses, so Linux never sees it). Its RT slot is free for a later
 * ck_irq_attach(), of this line or another; its counters are dropped. On
 * return @fn is never called again for it.
 * Return: 0, -CK_EINVAL (no such PIC line), -CK_EPERM (the co-kernel's own
 *         lines, the RT timer's, the doorbell's, the console's, or a
 *         Linux line: never attached by ck_irq_attach()), -CK_ENOENT (not
 *         attached).
 * Context: init, RT task (not from a handler: the RT interrupt in progress
 * may still hold the line's slot).
 */
int ck_irq_detach(unsigned int line);

/**
 * ck_irq_disable() - mask attached @line at the PIC: its handler is not
 * called until ck_irq_enable(). Not nesting (as Xenomai's
 * rtdm_irq_disable): one ck_irq_enable() undoes any number of disables. A
 * handler may disable its own line (or return CK_IRQ_DISABLE) and leave
 * the work to a task that enables it again. The line is also routed to
 * the normal class, masked (a PL190 raises FIQ for a masked FIQ-routed
 * line in QEMU), so its RT slot may serve another line meanwhile. A line
 * disabled by another line's handler within one RT interrupt may still
 * have its handler run in that interrupt if it was pending at its start.
 * Return: 0 (also if already disabled), or the errors of ck_irq_detach().
 * Context: init, RT task, RT interrupt.
 */
int ck_irq_disable(unsigned int line);

/**
 * ck_irq_enable() - unmask attached @line on the RT class again, after
 * ck_irq_disable(), CK_IRQ_DISABLE or the unhandled-storm detector; its
 * run of unhandled interrupts starts again at 0. An interrupt its device
 * still asserts is taken at once (when RT is unmasked). Not nesting.
 * Return: 0 (also if already enabled), the errors of ck_irq_detach(), or
 *         -CK_EBUSY (every RT slot of the PIC taken meanwhile: the line
 *         stays disabled).
 * Context: init, RT task, RT interrupt.
 */
int ck_irq_enable(unsigned int line);

/** struct ck_irq_stats - an attached RT line's counters, since attach;
 *  each wraps at 2^32. */
struct ck_irq_stats {
	uint32_t hits;       /* handler calls */
	uint32_t unhandled;  /* of them, those that returned CK_IRQ_NONE */
	uint32_t storms;     /* times the storm detector disabled the line */
	uint32_t enabled;    /* 1: unmasked on the RT class; 0: disabled */
};

/**
 * ck_irq_stats() - copy attached @line's counters into *@st.
 * Return: 0, the errors of ck_irq_detach(), or -CK_EINVAL (@st NULL);
 *         *@st is written only on success.
 * Context: any.
 */
int ck_irq_stats(unsigned int line, struct ck_irq_stats *st);

/* ------------------------------------------------------------------ */
/* Console: line-buffered, prefixed "[ck] ", never interleaved mid-line
 * with Linux's output. */

/**
 * ck_printf() - format into the caller's line buffer, emit whole lines.
 * Supports %d %i %u %x %X %p %s %c %% with l/ll/z, width, '-' and '0'.
 * Return: bytes formatted. Context: any (never blocks; a full console
 * buffer drops whole lines and counts them).
 */
int ck_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * ck_snprintf() - the same formatter into @buf; always NUL-terminates
 * (if @size > 0). Return: the length the whole output has, as C's
 * snprintf(): a value >= @size means it was cut.
 */
int ck_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* CK_CK_H */
