// SPDX-License-Identifier: MIT
/*
 * alchemy.c - Xenomai 3 Alchemy calls on the ck_ RT API (ck/alchemy.h):
 * descriptor checks, timeout and error translation, names, and the heap
 * that stacks and queue rings come from.
 *
 * Timeouts become ck deadlines: TM_NONBLOCK a deadline of 0 (a try),
 * TM_INFINITE CK_INFINITE. A ck wait that ends with -CK_EAGAIN was a try
 * or a deadline already past, or a wait refused to the root context; which
 * one decides between Alchemy's -EWOULDBLOCK, -ETIMEDOUT and -EPERM.
 */
#include <ck/alchemy.h>

#define ALC_TASK_MAGIC 0x414c5441u  /* "ALTA" */
#define ALC_SEM_MAGIC 0x414c5345u
#define ALC_MUTEX_MAGIC 0x414c4d58u
#define ALC_EVENT_MAGIC 0x414c4556u
#define ALC_QUEUE_MAGIC 0x414c5155u

struct ck_heap ck_alchemy_heap;
/* The application's (CK_ALCHEMY_HEAP()); absent: NULL, no heap. */
extern uint8_t ck_alchemy_heap_mem[] __attribute__((weak));
extern const size_t ck_alchemy_heap_bytes __attribute__((weak));

/* The heap, initialised at first use; NULL if the application gave none. */
static struct ck_heap *alc_heap(void)
{
	ck_rtflags_t flags;
	struct ck_heap *heap = &ck_alchemy_heap;

	if (!ck_alchemy_heap_mem)
		return NULL;
	flags = arch_rt_mask();
	if (heap->magic == 0 &&
	    ck_heap_init(heap, ck_alchemy_heap_mem, ck_alchemy_heap_bytes))
		heap = NULL;
	arch_rt_restore(flags);
	return heap;
}

static void alc_name(char *dst, const char *name, const char *dflt)
{
	size_t i = 0;

	if (!name || !name[0])
		name = dflt;
	for (; i < CK_ALCHEMY_NAME_LEN - 1 && name[i]; i++)
		dst[i] = name[i];
	dst[i] = '\0';
}

/* A relative Alchemy timeout as a ck deadline. */
static uint64_t alc_rel(RTIME timeout)
{
	if (timeout == TM_NONBLOCK)
		return 0;
	if (timeout == TM_INFINITE)
		return CK_INFINITE;
	return ck_deadline_in(timeout);
}

/* An absolute Alchemy timeout as a ck deadline (a date of 0 is
 * TM_INFINITE, so a deadline of 0 only ever comes from TM_NONBLOCK). */
static uint64_t alc_abs(RTIME date)
{
	if (date == TM_NONBLOCK)
		return 0;
	if (date == TM_INFINITE)
		return CK_INFINITE;
	return date;
}

/* A ck wait's -CK_EAGAIN in Alchemy's terms (see the top). */
static int alc_wait_ret(int ret, uint64_t deadline)
{
	if (ret != -CK_EAGAIN)
		return ret;
	if (deadline == 0)
		return -EWOULDBLOCK;
	if (!ck_task_self())
		return -EPERM;
	return -ETIMEDOUT;
}

/* ------------------------------------------------------------------ */
/* Timer */

void rt_timer_spin(RTIME ns)
{
	uint64_t end = ck_deadline_in(ns);

	while (ck_clock_now() < end)
		;
}

/* ------------------------------------------------------------------ */
/* Tasks */

/* Every Alchemy task's ck entry: rt_task_self() knows them by it. */
static void alc_task_entry(void *arg)
{
	RT_TASK *task = arg;

	task->entry(task->arg);
}

/* Give a created task's stack back; RT masked so that two joiners woken
 * together free it once. */
static void alc_task_release(RT_TASK *task)
{
	ck_rtflags_t flags = arch_rt_mask();
	void *stack = task->stack;

	task->stack = NULL;
	task->magic = 0;
	arch_rt_restore(flags);
	if (stack)
		ck_heap_free(&ck_alchemy_heap, stack);
}

/* A started task's ck task, or NULL; @task NULL: the caller's (NULL
 * outside an RT task: *ret is -EPERM, else -EINVAL). */
static struct ck_task *alc_task_ck(RT_TASK *task, int *ret)
{
	if (!task) {
		*ret = -EPERM;
		return ck_task_self();
	}
	*ret = -EINVAL;
	if (task->magic != ALC_TASK_MAGIC || !task->started)
		return NULL;
	return &task->ck;
}

int rt_task_create(RT_TASK *task, const char *name, int stksize, int prio,
		   int mode)
{
	struct ck_heap *heap;
	size_t bytes = stksize > 0 ? (size_t)stksize : CK_ALCHEMY_STACK_DEFAULT;

	if (!task || ck_alchemy_prio(prio) < 0 || stksize < 0 ||
	    (mode & ~(T_JOINABLE | T_CPUMASK)) ||
	    (mode & T_CPUMASK & ~T_CPU(0)))
		return -EINVAL;
	if (task->magic == ALC_TASK_MAGIC) {
		/* a descriptor whose task ended by itself may be reused */
		if (!task->started || task->ck.state != CK_TASK_DORMANT)
			return -EBUSY;
		alc_task_release(task);
	}
	heap = alc_heap();
	if (!heap)
		return -ENOMEM;
	if (bytes < CK_STACK_MIN)
		bytes = CK_STACK_MIN;
	task->stack = ck_heap_alloc(heap, bytes);
	if (!task->stack)
		return -ENOMEM;
	task->stack_bytes = bytes;
	task->prio = prio;
	task->started = 0;
	task->entry = NULL;
	task->arg = NULL;
	alc_name(task->name, name, "task");
	task->magic = ALC_TASK_MAGIC;
	return 0;
}

int rt_task_start(RT_TASK *task, void (*entry)(void *arg), void *arg)
{
	int ret;

	if (!task || task->magic != ALC_TASK_MAGIC || !entry)
		return -EINVAL;
	if (task->started)
		return -EBUSY;
	task->entry = entry;
	task->arg = arg;
	task->started = 1;
	ret = ck_task_create(&task->ck, task->name, ck_alchemy_prio(task->prio),
			     alc_task_entry, task, task->stack,
			     task->stack_bytes);
	if (ret)
		task->started = 0;
	return ret;
}

int rt_task_spawn(RT_TASK *task, const char *name, int stksize, int prio,
		  int mode, void (*entry)(void *arg), void *arg)
{
	int ret = rt_task_create(task, name, stksize, prio, mode);

	if (ret)
		return ret;
	ret = rt_task_start(task, entry, arg);
	if (ret)
		alc_task_release(task);
	return ret;
}

int rt_task_delete(RT_TASK *task)
{
	int ret;

	if (!task) {
		if (!ck_task_self())
			return -EPERM;
		ck_task_exit();
	}
	if (&task->ck == ck_task_self())
		ck_task_exit();
	if (task->magic != ALC_TASK_MAGIC)
		return -EINVAL;
	if (task->started) {
		ret = ck_task_delete(&task->ck);
		if (ret && ret != -CK_ESRCH)   /* ESRCH: it had ended */
			return ret;
	}
	alc_task_release(task);
	return 0;
}

int rt_task_join(RT_TASK *task)
{
	int ret;

	if (!task || task->magic != ALC_TASK_MAGIC || !task->started)
		return -EINVAL;
	ret = ck_task_join(&task->ck, CK_INFINITE);
	if (ret)
		return ret;
	alc_task_release(task);
	return 0;
}

int rt_task_suspend(RT_TASK *task)
{
	int ret;
	struct ck_task *t = alc_task_ck(task, &ret);

	return t ? ck_task_suspend(t) : ret;
}

int rt_task_resume(RT_TASK *task)
{
	int ret;
	struct ck_task *t = alc_task_ck(task, &ret);

	if (!t)
		return ret;
	if (t->suspend_depth == 0)
		return 0;
	return ck_task_resume(t);
}

int rt_task_set_priority(RT_TASK *task, int prio)
{
	int ret;
	struct ck_task *t = alc_task_ck(task, &ret);
	RT_TASK *self = task ? task : rt_task_self();

	if (ck_alchemy_prio(prio) < 0)
		return -EINVAL;
	if (!t)
		return ret;
	ret = ck_task_set_prio(t, ck_alchemy_prio(prio));
	if (!ret && self)
		self->prio = prio;
	return ret;
}

RT_TASK *rt_task_self(void)
{
	struct ck_task *t = ck_task_self();

	return t && t->entry == alc_task_entry ? t->arg : NULL;
}

int rt_task_sleep(RTIME delay)
{
	if (!ck_task_self())
		return -EPERM;
	return delay ? ck_task_sleep(delay) : 0;
}

int rt_task_sleep_until(RTIME date)
{
	if (!ck_task_self())
		return -EPERM;
	if (date == TM_INFINITE)
		return ck_task_sleep_until(CK_INFINITE);
	if (date <= ck_clock_now())
		return -ETIMEDOUT;
	return ck_task_sleep_until(date);
}

int rt_task_yield(void)
{
	if (!ck_task_self())
		return -EPERM;
	ck_task_yield();
	return 0;
}

int rt_task_set_periodic(RT_TASK *task, RTIME idate, RTIME period)
{
	int ret;
	struct ck_task *t = alc_task_ck(task, &ret);

	if (period == TM_INFINITE)
		return -EINVAL;
	if (!t)
		return ret;
	if (idate != TM_NOW && idate <= ck_clock_now())
		return -ETIMEDOUT;
	ret = ck_task_set_periodic_of(t, idate, period);
	return ret == -CK_ESRCH ? -EINVAL : ret;
}

int rt_task_wait_period(unsigned long *overruns_r)
{
	long n;

	if (!ck_task_self())
		return -EPERM;
	n = ck_task_wait_period();
	if (n < 0)       /* -CK_EPERM from an RT task: not periodic */
		return -EWOULDBLOCK;
	if (overruns_r)
		*overruns_r = (unsigned long)n;
	return n ? -ETIMEDOUT : 0;
}

/* The least Alchemy priority that maps onto ck priority @ck_prio. */
static int alc_prio_of(int ck_prio)
{
	return (ck_prio * T_HIPRIO + CK_PRIO_MAX - 1) / CK_PRIO_MAX;
}

int rt_task_inquire(RT_TASK *task, RT_TASK_INFO *info)
{
	struct ck_task_info ci;
	int ret;
	struct ck_task *t = alc_task_ck(task, &ret);
	RT_TASK *at = task ? task : rt_task_self();

	if (!info)
		return -EINVAL;
	if (!t)
		return ret;
	ret = ck_task_info(t, &ci);
	if (ret)
		return ret;
	*info = (RT_TASK_INFO){ 0 };
	info->prio = at && ck_alchemy_prio(at->prio) == ci.prio ?
			     at->prio : alc_prio_of(ci.prio);
	info->stat.xtime = ci.cpu_ns;
	info->stat.csw = ci.switches;
	info->stat.status = ci.state;
	alc_name(info->name, ci.name, "");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Semaphores */

int rt_sem_create(RT_SEM *sem, const char *name, unsigned long icount,
		  int mode)
{
	int ret;

	if (!sem || (mode & ~S_PRIO) || icount > UINT32_MAX)
		return -EINVAL;
	ret = ck_sem_init(&sem->ck, (uint32_t)icount);
	if (ret)
		return ret;
	alc_name(sem->name, name, "sem");
	sem->ck.name = sem->name;
	sem->magic = ALC_SEM_MAGIC;
	return 0;
}

int rt_sem_delete(RT_SEM *sem)
{
	if (!sem || sem->magic != ALC_SEM_MAGIC)
		return -EINVAL;
	sem->magic = 0;
	return ck_sem_destroy(&sem->ck);   /* the waiters get -EIDRM */
}

static int alc_sem_p(RT_SEM *sem, uint64_t deadline)
{
	int ret;

	if (!sem || sem->magic != ALC_SEM_MAGIC)
		return -EINVAL;
	ret = ck_sem_wait_until(&sem->ck, deadline);
	return alc_wait_ret(ret, deadline);
}

int rt_sem_p(RT_SEM *sem, RTIME timeout)
{
	return alc_sem_p(sem, alc_rel(timeout));
}

int rt_sem_p_until(RT_SEM *sem, RTIME abs_timeout)
{
	return alc_sem_p(sem, alc_abs(abs_timeout));
}

int rt_sem_v(RT_SEM *sem)
{
	if (!sem || sem->magic != ALC_SEM_MAGIC)
		return -EINVAL;
	return ck_sem_post(&sem->ck);
}

/* Every waiter gets a unit, most urgent first; the count does not move
 * (each post hands its unit straight to a waiter). */
int rt_sem_broadcast(RT_SEM *sem)
{
	if (!sem || sem->magic != ALC_SEM_MAGIC)
		return -EINVAL;
	while (!ck_list_empty(&sem->ck.waiters))
		ck_sem_post(&sem->ck);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Mutexes */

int rt_mutex_create(RT_MUTEX *mutex, const char *name)
{
	int ret;

	if (!mutex)
		return -EINVAL;
	ret = ck_mutex_init(&mutex->ck, CK_MUTEX_RECURSIVE, 0);
	if (ret)
		return ret;
	alc_name(mutex->name, name, "mutex");
	mutex->ck.name = mutex->name;
	mutex->magic = ALC_MUTEX_MAGIC;
	return 0;
}

int rt_mutex_delete(RT_MUTEX *mutex)
{
	if (!mutex || mutex->magic != ALC_MUTEX_MAGIC)
		return -EINVAL;
	mutex->magic = 0;
	return ck_mutex_destroy(&mutex->ck);
}

static int alc_mutex_lock(RT_MUTEX *mutex, uint64_t deadline)
{
	int ret;

	if (!mutex || mutex->magic != ALC_MUTEX_MAGIC)
		return -EINVAL;
	ret = ck_mutex_lock_until(&mutex->ck, deadline);
	if (ret == -CK_EOWNERDEAD)   /* held: see ck/alchemy.h */
		return 0;
	return alc_wait_ret(ret, deadline);
}

int rt_mutex_acquire(RT_MUTEX *mutex, RTIME timeout)
{
	return alc_mutex_lock(mutex, alc_rel(timeout));
}

int rt_mutex_acquire_until(RT_MUTEX *mutex, RTIME abs_timeout)
{
	return alc_mutex_lock(mutex, alc_abs(abs_timeout));
}

int rt_mutex_release(RT_MUTEX *mutex)
{
	if (!mutex || mutex->magic != ALC_MUTEX_MAGIC)
		return -EINVAL;
	return ck_mutex_unlock(&mutex->ck);
}

/* ------------------------------------------------------------------ */
/* Event flags */

int rt_event_create(RT_EVENT *event, const char *name, unsigned int ivalue,
		    int mode)
{
	int ret;

	if (!event || (mode & ~EV_PRIO))
		return -EINVAL;
	ret = ck_event_init(&event->ck, ivalue);
	if (ret)
		return ret;
	alc_name(event->name, name, "event");
	event->ck.name = event->name;
	event->magic = ALC_EVENT_MAGIC;
	return 0;
}

int rt_event_delete(RT_EVENT *event)
{
	if (!event || event->magic != ALC_EVENT_MAGIC)
		return -EINVAL;
	event->magic = 0;
	return ck_event_destroy(&event->ck);
}

int rt_event_signal(RT_EVENT *event, unsigned int mask)
{
	if (!event || event->magic != ALC_EVENT_MAGIC)
		return -EINVAL;
	return ck_event_post(&event->ck, mask);
}

static int alc_event_wait(RT_EVENT *event, unsigned int mask,
			  unsigned int *mask_r, int mode, uint64_t deadline)
{
	uint32_t got = 0;
	int ret;

	if (!event || event->magic != ALC_EVENT_MAGIC || (mode & ~EV_ANY))
		return -EINVAL;
	if (!mask) {
		if (mask_r)
			*mask_r = event->ck.value;
		return 0;
	}
	ret = ck_event_wait_until(&event->ck, mask,
				  mode & EV_ANY ? CK_EVENT_ANY : CK_EVENT_ALL,
				  &got, deadline);
	if (ret == 0 && mask_r)
		*mask_r = got;
	return alc_wait_ret(ret, deadline);
}

int rt_event_wait(RT_EVENT *event, unsigned int mask, unsigned int *mask_r,
		  int mode, RTIME timeout)
{
	return alc_event_wait(event, mask, mask_r, mode, alc_rel(timeout));
}

int rt_event_wait_until(RT_EVENT *event, unsigned int mask,
			unsigned int *mask_r, int mode, RTIME abs_timeout)
{
	return alc_event_wait(event, mask, mask_r, mode, alc_abs(abs_timeout));
}

int rt_event_clear(RT_EVENT *event, unsigned int mask, unsigned int *mask_r)
{
	uint32_t prev;
	int ret;

	if (!event || event->magic != ALC_EVENT_MAGIC)
		return -EINVAL;
	ret = ck_event_clear(&event->ck, mask, &prev);
	if (ret == 0 && mask_r)
		*mask_r = prev;
	return ret;
}

/* ------------------------------------------------------------------ */
/* Message queues */

int rt_queue_create(RT_QUEUE *q, const char *name, size_t poolsize,
		    size_t qlimit, int mode)
{
	struct ck_heap *heap;
	size_t msg_bytes, ring_bytes;
	int ret;

	if (!q || qlimit == Q_UNLIMITED || (mode & ~Q_PRIO))
		return -EINVAL;
	msg_bytes = poolsize / qlimit;
	if (msg_bytes == 0 || msg_bytes > 65536u)
		return -EINVAL;
	if (q->magic == ALC_QUEUE_MAGIC && !ck_list_empty(&q->ck.receivers))
		return -EBUSY;
	heap = alc_heap();
	if (!heap)
		return -ENOMEM;
	ring_bytes = qlimit * CK_QUEUE_SLOT_BYTES((uint32_t)msg_bytes);
	q->ring = ck_heap_alloc(heap, ring_bytes);
	if (!q->ring)
		return -ENOMEM;
	q->ck.magic = 0;
	ret = ck_queue_init(&q->ck, q->ring, ring_bytes, (uint32_t)msg_bytes);
	if (ret) {
		ck_heap_free(heap, q->ring);
		return ret;
	}
	alc_name(q->name, name, "queue");
	q->ck.name = q->name;
	q->magic = ALC_QUEUE_MAGIC;
	return 0;
}

int rt_queue_delete(RT_QUEUE *q)
{
	int ret;

	if (!q || q->magic != ALC_QUEUE_MAGIC)
		return -EINVAL;
	q->magic = 0;
	ret = ck_queue_destroy(&q->ck);
	ck_heap_free(&ck_alchemy_heap, q->ring);
	q->ring = NULL;
	return ret;
}

int rt_queue_write(RT_QUEUE *q, const void *buf, size_t size, int mode)
{
	int ret, waiting;

	if (!q || q->magic != ALC_QUEUE_MAGIC || (mode & ~Q_URGENT))
		return -EINVAL;
	if (size > q->ck.msg_bytes)
		return -ENOMEM;
	/* read before the send hands the message over; an RT interrupt
	 * between may make it stale, which only the return value shows */
	waiting = !ck_list_empty(&q->ck.receivers);
	ret = ck_queue_send_until(&q->ck, buf, (uint32_t)size,
				  mode & Q_URGENT ? CK_QUEUE_URGENT : 0, 0);
	if (ret == -CK_EAGAIN)
		return -ENOMEM;
	return ret ? ret : waiting;
}

static long alc_queue_read(RT_QUEUE *q, void *buf, size_t size,
			   uint64_t deadline)
{
	if (!q || q->magic != ALC_QUEUE_MAGIC)
		return -EINVAL;
	if (size > UINT32_MAX)
		size = UINT32_MAX;
	return alc_wait_ret(ck_queue_recv_until(&q->ck, buf, (uint32_t)size,
						deadline), deadline);
}

long rt_queue_read(RT_QUEUE *q, void *buf, size_t size, RTIME timeout)
{
	return alc_queue_read(q, buf, size, alc_rel(timeout));
}

long rt_queue_read_until(RT_QUEUE *q, void *buf, size_t size,
			 RTIME abs_timeout)
{
	return alc_queue_read(q, buf, size, alc_abs(abs_timeout));
}
