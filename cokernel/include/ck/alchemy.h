/* SPDX-License-Identifier: MIT */
/*
 * alchemy.h - the common subset of Xenomai 3's Alchemy API (tasks,
 * semaphores, mutexes, event flags, message queues, the timer) mapped onto
 * the ck_ RT API, so that Alchemy code ports with few changes. Written from
 * Alchemy's documented signatures; no Xenomai code. docs/alchemy.md lists
 * what is not covered (registries and rt_*_bind, heaps, buffers, pipes,
 * alarms, task modes, rt_task_unblock, ...).
 *
 * Conventions, as Alchemy's:
 *  - every call returns 0 (or a count where said) or a negative errno
 *    value: -EINVAL, -ETIMEDOUT, -EWOULDBLOCK (TM_NONBLOCK and nothing
 *    available), -EIDRM (object deleted while waited on), -EPERM (a wait
 *    from outside an RT task: init, the root context, an RT interrupt),
 *    -ENOMEM; the E* names are defined below from ck_errno.h when the C
 *    library does not provide them (the values are Linux's);
 *  - RTIME is ticks, and a tick is 1 ns (rt_timer_ns2ticks() is the
 *    identity): Xenomai 3's default clock resolution;
 *  - a relative timeout (rt_sem_p(), rt_queue_read(), ...) is TM_INFINITE
 *    (wait without limit), TM_NONBLOCK (never wait) or ns from now; an
 *    absolute one (the _until() calls) is TM_INFINITE, TM_NONBLOCK or a
 *    date on rt_timer_read()'s clock (one already past: -ETIMEDOUT);
 *  - the descriptors (RT_TASK, RT_SEM, ...) are caller-provided and hold
 *    the object itself (no handles, no registry); names are copied into
 *    them and are what `ckipc tasks` shows.
 *
 * Memory: rt_task_create() takes a task's stack, rt_queue_create() a
 * queue's ring, from the layer's TLSF heap (ck/heap.h), ck_alchemy_heap.
 * Its memory is the application's: CK_ALCHEMY_HEAP(bytes) in one of its
 * files gives it; without it those calls fail with -ENOMEM. Freed by
 * rt_task_delete()/rt_task_join() and rt_queue_delete().
 *
 * Priorities: Alchemy's 0..99 (T_LOPRIO..T_HIPRIO) onto ck's 0..63 by
 * ck = alchemy * 63 / 99, rounded down (ck_alchemy_prio()): order is
 * kept, but neighbours may share a ck priority (99 -> 63, 98 -> 62,
 * 97 -> 61, 50 -> 31, 1 -> 0, 0 -> 0), and tasks of one ck priority run
 * FIFO. Out of range: -EINVAL. Alchemy's priority 0 (a non-RT class in
 * Xenomai) is an RT task at ck priority 0 here.
 */
#ifndef CK_ALCHEMY_H
#define CK_ALCHEMY_H

#include <stddef.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/heap.h>

/* Alchemy returns negative errno values; the C library's names if any. */
#ifndef EPERM
#define EPERM CK_EPERM
#endif
#ifndef EINTR
#define EINTR CK_EINTR
#endif
#ifndef EAGAIN
#define EAGAIN CK_EAGAIN
#endif
#ifndef EWOULDBLOCK
#define EWOULDBLOCK CK_EAGAIN
#endif
#ifndef ENOMEM
#define ENOMEM CK_ENOMEM
#endif
#ifndef EBUSY
#define EBUSY CK_EBUSY
#endif
#ifndef EINVAL
#define EINVAL CK_EINVAL
#endif
#ifndef EDEADLK
#define EDEADLK CK_EDEADLK
#endif
#ifndef EIDRM
#define EIDRM CK_EIDRM
#endif
#ifndef EMSGSIZE
#define EMSGSIZE CK_EMSGSIZE
#endif
#ifndef ETIMEDOUT
#define ETIMEDOUT CK_ETIMEDOUT
#endif

/* ------------------------------------------------------------------ */
/* Time: ticks are ns */

typedef uint64_t RTIME;   /* ticks (ns), a date or a delay */
typedef int64_t SRTIME;   /* signed ticks (ns) */

#define TM_INFINITE ((RTIME)0)     /* wait without limit */
#define TM_NOW ((RTIME)0)          /* rt_task_set_periodic(): now */
#define TM_NONBLOCK ((RTIME)-1)    /* never wait */

/** Object names keep this many bytes, the NUL included (longer: cut). */
#define CK_ALCHEMY_NAME_LEN 32

/** rt_task_create()'s stack when it is given a size of 0, bytes. */
#ifndef CK_ALCHEMY_STACK_DEFAULT
#define CK_ALCHEMY_STACK_DEFAULT 4096u
#endif

/**
 * rt_timer_read() - the time, ticks (ns) since co-kernel start: the
 * clock every absolute timeout of this layer is on. Context: any.
 */
static inline RTIME rt_timer_read(void)
{
	return ck_clock_now();
}

/** rt_timer_ns2ticks() - @ns in ticks: the same number (1 tick = 1 ns). */
static inline SRTIME rt_timer_ns2ticks(SRTIME ns)
{
	return ns;
}

/** rt_timer_ticks2ns() - @ticks in ns: the same number. */
static inline SRTIME rt_timer_ticks2ns(SRTIME ticks)
{
	return ticks;
}

/**
 * rt_timer_spin() - busy-wait @ns on the clock without giving the CPU up.
 * Context: any.
 */
void rt_timer_spin(RTIME ns);

/** rt_printf() - ck_printf(): whole lines, prefixed "[ck] ", its formats
 *  (%d %i %u %x %X %p %s %c, l/ll/z; no floating point). */
#define rt_printf ck_printf

/* ------------------------------------------------------------------ */
/* The layer's heap */

/** The heap stacks and queue rings come from; its counters are
 *  ck_heap_stats(&ck_alchemy_heap, ...). */
extern struct ck_heap ck_alchemy_heap;

/* What CK_ALCHEMY_HEAP() defines; weak references in the layer, so that an
 * image without an Alchemy application has no heap. */
extern uint8_t ck_alchemy_heap_mem[];
extern const size_t ck_alchemy_heap_bytes;

/**
 * CK_ALCHEMY_HEAP() - give the layer @bytes of heap, once per image, at
 * file scope: stacks (their size plus 16 bytes each) and queue rings
 * (qlimit * CK_QUEUE_SLOT_BYTES(poolsize / qlimit) plus 16) must fit, with
 * 3,192 bytes of TLSF control structure (6,536 on 64-bit hosts).
 */
#define CK_ALCHEMY_HEAP(bytes)                                              \
	uint8_t ck_alchemy_heap_mem[(bytes)] __attribute__((aligned(8)));  \
	const size_t ck_alchemy_heap_bytes = (bytes)

/* ------------------------------------------------------------------ */
/* Tasks */

#define T_LOPRIO 0
#define T_HIPRIO 99
/* rt_task_create() modes: T_JOINABLE is accepted (every task here can be
 * joined); T_CPU(0) is accepted (one CPU); T_LOCK and T_WARNSW are
 * refused (-EINVAL): the co-kernel has no scheduler lock and no mode
 * switches. */
#define T_LOCK 0x1
#define T_WARNSW 0x2
#define T_JOINABLE 0x4
#define T_CPU(cpu) (1 << (24 + ((cpu) & 7)))
#define T_CPUMASK 0xff000000

/**
 * ck_alchemy_prio() - the ck priority of Alchemy priority @prio
 * (0..99): @prio * 63 / 99, rounded down; -EINVAL out of range.
 */
static inline int ck_alchemy_prio(int prio)
{
	if (prio < T_LOPRIO || prio > T_HIPRIO)
		return -CK_EINVAL;
	return prio * CK_PRIO_MAX / T_HIPRIO;
}

typedef struct RT_TASK {
	struct ck_task ck;       /* the task; its name is name[] */
	uint32_t magic;          /* set by rt_task_create() */
	int prio;                /* Alchemy base priority, 0..99 */
	uint8_t started;         /* rt_task_start() made ck a task */
	void (*entry)(void *arg);
	void *arg;
	void *stack;             /* from ck_alchemy_heap; NULL once freed */
	size_t stack_bytes;
	char name[CK_ALCHEMY_NAME_LEN];
} RT_TASK;

/* Alchemy's threadobj_stat, as far as the co-kernel counts it. */
struct ck_alchemy_task_stat {
	RTIME xtime;             /* CPU time, ns */
	RTIME timeout;           /* 0: not counted */
	uint64_t msw;            /* 0: no mode switches here */
	uint64_t csw;            /* context switches (switched in) */
	uint64_t xsc;            /* 0: no syscalls here */
	int cpu;                 /* 0 */
	int schedlock;           /* 0 */
	unsigned int status;     /* enum ck_task_state */
	uint32_t pf;             /* 0 */
};

typedef struct RT_TASK_INFO {
	int prio;                /* effective priority, Alchemy's scale
				  * (raised by a mutex: the least Alchemy
				  * priority with that ck priority) */
	struct ck_alchemy_task_stat stat;
	char name[CK_ALCHEMY_NAME_LEN];
	int pid;                 /* 0: no Linux thread behind it */
} RT_TASK_INFO;

/**
 * rt_task_create() - prepare a task without starting it.
 * @task: descriptor, caller-provided; one in use (created and not ended,
 *        deleted or joined) is refused.
 * @name: copied (cut to CK_ALCHEMY_NAME_LEN - 1); NULL or "": "task".
 * @stksize: stack bytes, from ck_alchemy_heap; 0: CK_ALCHEMY_STACK_DEFAULT;
 *           at least CK_STACK_MIN (smaller is rounded up).
 * @prio: 0..99 (mapped as the top of this file says).
 * @mode: 0, T_JOINABLE, T_CPU(0).
 * Return: 0, -EINVAL (@task NULL, @prio out of range, T_LOCK, T_WARNSW, an
 *         unknown mode bit, a CPU other than 0), -EBUSY (@task in use),
 *         -ENOMEM (no heap, or no room for the stack).
 * Context: init, RT task.
 */
int rt_task_create(RT_TASK *task, const char *name, int stksize, int prio,
		   int mode);

/**
 * rt_task_start() - make a created task run @entry(@arg); it is ready at
 * once (and runs at once if more urgent than the caller). Returning from
 * @entry ends it.
 * Return: 0, -EINVAL (@task not created, @entry NULL), -EBUSY (started).
 * Context: init, RT task.
 */
int rt_task_start(RT_TASK *task, void (*entry)(void *arg), void *arg);

/** rt_task_spawn() - rt_task_create() then rt_task_start(); on an error
 *  nothing is left created. Return: their errors. Context: init, RT task. */
int rt_task_spawn(RT_TASK *task, const char *name, int stksize, int prio,
		  int mode, void (*entry)(void *arg), void *arg);

/**
 * rt_task_delete() - end @task wherever it is (its waits abandoned, the
 * mutexes it holds to their waiters) and free its stack. @task NULL or the
 * caller: the caller ends (its stack is freed by a later rt_task_join(),
 * rt_task_delete() or rt_task_create() on its descriptor).
 * Return: 0, -EINVAL (not a created task), -EPERM (RT interrupt).
 * Context: init, RT task.
 */
int rt_task_delete(RT_TASK *task);

/**
 * rt_task_join() - wait until @task has ended, then free its stack (the
 * descriptor may be created again).
 * Return: 0, -EINVAL (not a created task, or never started), -EDEADLK
 *         (@task is the caller), -EPERM (not an RT task).
 * Context: RT task.
 */
int rt_task_join(RT_TASK *task);

/** rt_task_suspend() - ck_task_suspend() (nesting); @task NULL: the caller.
 *  Return: 0, -EINVAL (not started), -EPERM (NULL outside an RT task). */
int rt_task_suspend(RT_TASK *task);

/** rt_task_resume() - undo one rt_task_suspend(); no effect (0) on a task
 *  not suspended. Return: 0, -EINVAL (not started). */
int rt_task_resume(RT_TASK *task);

/**
 * rt_task_set_priority() - set @task's base priority (@task NULL: the
 * caller) to Alchemy priority @prio; a mutex's boost stays.
 * Return: 0, -EINVAL (out of range, not started), -EPERM (NULL outside an
 *         RT task). Context: init, RT task.
 */
int rt_task_set_priority(RT_TASK *task, int prio);

/** rt_task_self() - the caller's descriptor, or NULL outside a task started
 *  by rt_task_start() (init, root, RT interrupt, a plain ck task). */
RT_TASK *rt_task_self(void);

/**
 * rt_task_sleep() - sleep @delay ticks (ns); 0 returns at once.
 * Return: 0, -EPERM (not an RT task). Context: RT task.
 */
int rt_task_sleep(RTIME delay);

/**
 * rt_task_sleep_until() - sleep until date @date; TM_INFINITE: for ever
 * (until deleted).
 * Return: 0, -ETIMEDOUT (@date already past), -EPERM (not an RT task).
 * Context: RT task.
 */
int rt_task_sleep_until(RTIME date);

/** rt_task_yield() - go behind the tasks of the same ck priority.
 *  Return: 0, -EPERM (not an RT task). */
int rt_task_yield(void);

/**
 * rt_task_set_periodic() - release @task (NULL: the caller) every @period
 * ticks from date @idate; TM_NOW: the first release is now + @period
 * (ck_task_set_periodic_of()'s start 0).
 * Return: 0, -ETIMEDOUT (@idate past), -EINVAL (@period TM_INFINITE:
 *         stopping a periodic task is not covered; @period below the
 *         board's minimum, ck_timer_min_period_ns(); not started),
 *         -EPERM (NULL outside an RT task). Context: init, RT task.
 */
int rt_task_set_periodic(RT_TASK *task, RTIME idate, RTIME period);

/**
 * rt_task_wait_period() - wait for the caller's next release point.
 * @overruns_r: NULL, or where the release points missed since the last
 *              call go (0 if none).
 * Return: 0; -ETIMEDOUT (release points were missed: *@overruns_r says
 *         how many; the call still waited for the next one); -EWOULDBLOCK
 *         (the caller is not periodic); -EPERM (not an RT task).
 * Context: RT task.
 */
int rt_task_wait_period(unsigned long *overruns_r);

/**
 * rt_task_inquire() - fill @info with @task's (NULL: the caller's) name,
 * priority and counters (struct ck_alchemy_task_stat).
 * Return: 0, -EINVAL (@info NULL, not started), -EPERM (NULL outside an
 *         RT task). Context: init, RT task.
 */
int rt_task_inquire(RT_TASK *task, RT_TASK_INFO *info);

/* ------------------------------------------------------------------ */
/* Counting semaphores. Waiters are served most urgent first whatever
 * the mode (S_FIFO is accepted, served by priority). */

#define S_FIFO 0x0
#define S_PRIO 0x1
#define S_PULSE 0x2  /* refused: -EINVAL */

typedef struct RT_SEM {
	ck_sem_t ck;
	uint32_t magic;          /* set by rt_sem_create() */
	char name[CK_ALCHEMY_NAME_LEN];
} RT_SEM;

/** rt_sem_create() - a semaphore of @icount units. @mode: S_FIFO, S_PRIO.
 *  Return: 0, -EINVAL (@sem NULL, S_PULSE, an unknown bit), -EBUSY (@sem
 *  is a semaphore tasks wait on). Context: init, RT task. */
int rt_sem_create(RT_SEM *sem, const char *name, unsigned long icount,
		  int mode);

/** rt_sem_delete() - end @sem: its waiters return -EIDRM.
 *  Return: 0, -EINVAL (not a semaphore). Context: init, RT task. */
int rt_sem_delete(RT_SEM *sem);

/**
 * rt_sem_p() - take a unit, waiting @timeout ticks at most (TM_INFINITE,
 * TM_NONBLOCK: as at the top).
 * Return: 0, -ETIMEDOUT, -EWOULDBLOCK (TM_NONBLOCK, no unit), -EIDRM
 *         (deleted meanwhile), -EINVAL (not a semaphore), -EPERM (would
 *         wait outside an RT task). Context: RT task; others: TM_NONBLOCK.
 */
int rt_sem_p(RT_SEM *sem, RTIME timeout);

/** rt_sem_p_until() - rt_sem_p() until date @abs_timeout.
 *  Return: as rt_sem_p(); -ETIMEDOUT also for a date already past. */
int rt_sem_p_until(RT_SEM *sem, RTIME abs_timeout);

/** rt_sem_v() - give a unit (to the most urgent waiter if any).
 *  Return: 0, -EINVAL. Context: RT task, RT interrupt, init. */
int rt_sem_v(RT_SEM *sem);

/** rt_sem_broadcast() - wake every waiter (each returns 0), count left
 *  as it is (0 while tasks wait). Return: 0, -EINVAL. Context: RT task,
 *  RT interrupt, init. */
int rt_sem_broadcast(RT_SEM *sem);

/* ------------------------------------------------------------------ */
/* Mutexes: priority inheritance, recursive (as Alchemy's). */

typedef struct RT_MUTEX {
	ck_mutex_t ck;
	uint32_t magic;          /* set by rt_mutex_create() */
	char name[CK_ALCHEMY_NAME_LEN];
} RT_MUTEX;

/** rt_mutex_create() - a free mutex. Return: 0, -EINVAL (@mutex NULL),
 *  -EBUSY (a mutex held or waited for). Context: init, RT task. */
int rt_mutex_create(RT_MUTEX *mutex, const char *name);

/** rt_mutex_delete() - end @mutex: its waiters return -EIDRM.
 *  Return: 0, -EINVAL (not a mutex). Context: init, RT task. */
int rt_mutex_delete(RT_MUTEX *mutex);

/**
 * rt_mutex_acquire() - lock @mutex (again, if the caller holds it),
 * waiting @timeout ticks at most. A mutex whose owner ended holding it is
 * taken with 0 (ck's -CK_EOWNERDEAD: the data may be half-updated).
 * Return: 0, -ETIMEDOUT, -EWOULDBLOCK (TM_NONBLOCK, held), -EIDRM,
 *         -EDEADLK (a cycle of owners), -EINVAL, -EPERM (not an RT task).
 * Context: RT task.
 */
int rt_mutex_acquire(RT_MUTEX *mutex, RTIME timeout);

/** rt_mutex_acquire_until() - rt_mutex_acquire() until date @abs_timeout.
 *  Return: as rt_mutex_acquire(). */
int rt_mutex_acquire_until(RT_MUTEX *mutex, RTIME abs_timeout);

/** rt_mutex_release() - undo one acquire. Return: 0, -EPERM (not the
 *  owner, not an RT task), -EINVAL. Context: RT task. */
int rt_mutex_release(RT_MUTEX *mutex);

/* ------------------------------------------------------------------ */
/* Event flags: 32 flags. Waiters are served most urgent first whatever
 * the mode (EV_FIFO is accepted). A wait does not clear the flags. */

#define EV_FIFO 0x0
#define EV_PRIO 0x1
#define EV_ALL 0x0   /* rt_event_wait(): every flag of the mask */
#define EV_ANY 0x1   /* rt_event_wait(): any flag of the mask */

typedef struct RT_EVENT {
	ck_event_t ck;
	uint32_t magic;          /* set by rt_event_create() */
	char name[CK_ALCHEMY_NAME_LEN];
} RT_EVENT;

/** rt_event_create() - flags @ivalue. @mode: EV_FIFO, EV_PRIO.
 *  Return: 0, -EINVAL, -EBUSY (tasks wait on it). Context: init, RT task. */
int rt_event_create(RT_EVENT *event, const char *name, unsigned int ivalue,
		    int mode);

/** rt_event_delete() - end @event: its waiters return -EIDRM.
 *  Return: 0, -EINVAL. Context: init, RT task, RT interrupt. */
int rt_event_delete(RT_EVENT *event);

/** rt_event_signal() - set the flags of @mask, waking the waiters they
 *  satisfy. Return: 0, -EINVAL. Context: RT task, RT interrupt, init. */
int rt_event_signal(RT_EVENT *event, unsigned int mask);

/**
 * rt_event_wait() - wait @timeout ticks at most until the flags of @mask
 * satisfy @mode (EV_ANY, EV_ALL).
 * @mask_r: NULL, or where the flags of @mask that were set go (Xenomai
 *          gives the whole value; @mask 0: the whole value).
 * Return: 0 (@mask 0: at once), -ETIMEDOUT, -EWOULDBLOCK (TM_NONBLOCK, not
 *         satisfied), -EIDRM, -EINVAL (an unknown mode bit), -EPERM (would
 *         wait outside an RT task). Context: RT task; others: TM_NONBLOCK.
 */
int rt_event_wait(RT_EVENT *event, unsigned int mask, unsigned int *mask_r,
		  int mode, RTIME timeout);

/** rt_event_wait_until() - rt_event_wait() until date @abs_timeout. */
int rt_event_wait_until(RT_EVENT *event, unsigned int mask,
			unsigned int *mask_r, int mode, RTIME abs_timeout);

/** rt_event_clear() - clear the flags of @mask; @mask_r: NULL, or the
 *  value before. Return: 0, -EINVAL. Context: RT task, RT interrupt, init. */
int rt_event_clear(RT_EVENT *event, unsigned int mask, unsigned int *mask_r);

/* ------------------------------------------------------------------ */
/* Message queues, copied in and out (no rt_queue_alloc/send/receive/
 * free). A queue holds @qlimit messages of up to @poolsize / @qlimit
 * bytes each (ck queues have fixed slots): Q_UNLIMITED is refused.
 * Readers are served most urgent first whatever the mode. */

#define Q_FIFO 0x0
#define Q_PRIO 0x1
#define Q_UNLIMITED 0
#define Q_NORMAL 0x0
#define Q_URGENT 0x1
#define Q_BROADCAST 0x2  /* refused: -EINVAL */

typedef struct RT_QUEUE {
	ck_queue_t ck;
	uint32_t magic;          /* set by rt_queue_create() */
	void *ring;              /* from ck_alchemy_heap */
	char name[CK_ALCHEMY_NAME_LEN];
} RT_QUEUE;

/**
 * rt_queue_create() - a queue of @qlimit messages of up to @poolsize /
 * @qlimit bytes (1..65536), its ring from ck_alchemy_heap. @mode: Q_FIFO,
 * Q_PRIO.
 * Return: 0, -EINVAL (@q NULL, @qlimit Q_UNLIMITED, a message size out of
 *         range, an unknown mode bit), -EBUSY (a queue tasks wait on),
 *         -ENOMEM (no heap or no room). Context: init, RT task.
 */
int rt_queue_create(RT_QUEUE *q, const char *name, size_t poolsize,
		    size_t qlimit, int mode);

/** rt_queue_delete() - end @q: its readers return -EIDRM, its messages
 *  are dropped, its ring freed. Return: 0, -EINVAL. Context: init, RT task. */
int rt_queue_delete(RT_QUEUE *q);

/**
 * rt_queue_write() - queue a copy of @size bytes of @buf, at the back
 * (Q_NORMAL) or the front (Q_URGENT); never waits.
 * Return: 1 if a reader was waiting (it has the message), else 0;
 *         -ENOMEM (full, or @size above the queue's message size),
 *         -EINVAL (not a queue, Q_BROADCAST, an unknown bit).
 * Context: RT task, RT interrupt, init.
 */
int rt_queue_write(RT_QUEUE *q, const void *buf, size_t size, int mode);

/**
 * rt_queue_read() - take the first message into @buf, waiting @timeout
 * ticks at most. @size must hold the queue's largest message (ck queues
 * do not cut messages: -EMSGSIZE, nothing taken).
 * Return: the message's bytes (a long, for Alchemy's ssize_t),
 *         -ETIMEDOUT, -EWOULDBLOCK (TM_NONBLOCK, empty), -EIDRM, -EINVAL,
 *         -EMSGSIZE, -EPERM (would wait outside an RT task).
 * Context: RT task; others: TM_NONBLOCK.
 */
long rt_queue_read(RT_QUEUE *q, void *buf, size_t size, RTIME timeout);

/** rt_queue_read_until() - rt_queue_read() until date @abs_timeout. */
long rt_queue_read_until(RT_QUEUE *q, void *buf, size_t size,
			 RTIME abs_timeout);

#endif /* CK_ALCHEMY_H */
