// SPDX-License-Identifier: MIT
/*
 * test_alchemy.c - the Alchemy layer (ck/alchemy.h) on the host sim: every
 * call through its success path and its main error (timeout, TM_NONBLOCK,
 * deletion while waited on, a wrong argument, a wait from the root
 * context), relative against absolute timeouts, the priority mapping, and
 * stacks and rings given back to the layer's heap.
 */
#include <string.h>
#include "sim_test.h"
#include <ck/alchemy.h>

#define US CK_NS_PER_US
#define MS CK_NS_PER_MS

CK_ALCHEMY_HEAP(64 * 1024);

static RT_TASK ta, tb, tc;
static RT_SEM sem;
static RT_MUTEX mtx;
static RT_EVENT ev;
static RT_QUEUE q;

static int setup(void **state)
{
	(void)state;
	sim_boot(NULL);
	memset(&ck_alchemy_heap, 0, sizeof(ck_alchemy_heap));
	memset(&ta, 0, sizeof(ta));
	memset(&tb, 0, sizeof(tb));
	memset(&tc, 0, sizeof(tc));
	memset(&sem, 0, sizeof(sem));
	memset(&mtx, 0, sizeof(mtx));
	memset(&ev, 0, sizeof(ev));
	memset(&q, 0, sizeof(q));
	return 0;
}

static uint32_t heap_live(void)
{
	struct ck_heap_stats st;

	assert_int_equal(ck_heap_stats(&ck_alchemy_heap, &st), 0);
	return st.live;
}

static long now_us(void)
{
	return (long)(sim_now() / US);
}

/* ------------------------------------------------------------------ */
/* Tasks */

static void body_log_self(void *arg)
{
	sim_log((long)(intptr_t)arg);
	sim_log(rt_task_self() == &ta);
}

static void body_nothing(void *arg)
{
	(void)arg;
}

static void prio_mapping(void **state)
{
	RT_TASK_INFO info;

	(void)state;
	assert_int_equal(ck_alchemy_prio(0), 0);
	assert_int_equal(ck_alchemy_prio(1), 0);
	assert_int_equal(ck_alchemy_prio(50), 31);
	assert_int_equal(ck_alchemy_prio(97), 61);
	assert_int_equal(ck_alchemy_prio(98), 62);
	assert_int_equal(ck_alchemy_prio(99), 63);
	assert_int_equal(ck_alchemy_prio(-1), -EINVAL);
	assert_int_equal(ck_alchemy_prio(100), -EINVAL);
	for (int p = 1; p <= 99; p++)     /* order kept, no gap */
		assert_true(ck_alchemy_prio(p) - ck_alchemy_prio(p - 1) <= 1 &&
			    ck_alchemy_prio(p) >= ck_alchemy_prio(p - 1));
	assert_int_equal(rt_task_create(&ta, "a", 0, 100, 0), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 0, -1, 0), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 0, 99, 0), 0);
	assert_int_equal(rt_task_start(&ta, body_nothing, NULL), 0);
	assert_int_equal(ta.ck.prio, CK_PRIO_MAX);
	assert_int_equal(rt_task_set_priority(&ta, 50), 0);
	assert_int_equal(ta.ck.prio, 31);
	assert_int_equal(rt_task_set_priority(&ta, 100), -EINVAL);
	assert_int_equal(ta.ck.prio, 31);
	assert_int_equal(rt_task_inquire(&ta, &info), 0);
	assert_int_equal(info.prio, 50);
	assert_string_equal(info.name, "a");
	assert_int_equal(rt_task_inquire(&ta, NULL), -EINVAL);
	assert_int_equal(rt_task_inquire(NULL, &info), -EPERM);   /* root */
	assert_int_equal(rt_task_delete(&ta), 0);
	assert_int_equal(heap_live(), 0);
}

static void create_modes_and_memory(void **state)
{
	(void)state;
	assert_int_equal(rt_task_create(NULL, "a", 0, 1, 0), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 0, 1, T_LOCK), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 0, 1, T_WARNSW), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 0, 1, T_CPU(1)), -EINVAL);
	assert_int_equal(rt_task_create(&ta, "a", 1 << 20, 1, 0), -ENOMEM);
	assert_int_equal(rt_task_create(&ta, NULL, 100, 1,
					T_JOINABLE | T_CPU(0)), 0);
	assert_string_equal(ta.name, "task");
	assert_int_equal(ta.stack_bytes, CK_STACK_MIN);   /* rounded up */
	assert_int_equal(rt_task_create(&ta, "a", 0, 1, 0), -EBUSY);
	assert_int_equal(rt_task_start(&tb, body_nothing, NULL), -EINVAL);
	assert_int_equal(rt_task_start(&ta, NULL, NULL), -EINVAL);
	assert_int_equal(heap_live(), 1);
	assert_int_equal(rt_task_delete(&ta), 0);   /* never started */
	assert_int_equal(heap_live(), 0);
	assert_int_equal(rt_task_delete(&ta), -EINVAL);
	assert_int_equal(rt_task_delete(NULL), -EPERM);   /* root */
}

static void create_start_self(void **state)
{
	(void)state;
	assert_int_equal(rt_task_create(&ta, "a-long-name-that-goes-past-the-32-bytes",
					0, 10, 0), 0);
	assert_int_equal(strlen(ta.name), CK_ALCHEMY_NAME_LEN - 1);
	sim_start();
	assert_int_equal(sim_log_len(), 0);   /* created is not started */
	assert_int_equal(rt_task_start(&ta, body_log_self, (void *)7), 0);
	assert_log(7, 1);                      /* ran at once, knew itself */
	assert_ptr_equal(ta.ck.name, ta.name);
	assert_int_equal(rt_task_start(&ta, body_log_self, NULL), -EBUSY);
	assert_null(rt_task_self());           /* root */
	/* ended by itself: the descriptor may be created again */
	assert_int_equal(rt_task_spawn(&ta, "again", 0, 10, 0, body_log_self,
				       (void *)8), 0);
	assert_log(7, 1, 8, 1);
	assert_int_equal(rt_task_delete(&ta), 0);
	assert_int_equal(heap_live(), 0);
}

static void body_sleeper(void *arg)
{
	(void)arg;
	for (;;) {
		rt_task_sleep(1 * MS);
		sim_log(now_us());
	}
}

static void body_joiner(void *arg)
{
	sim_log(rt_task_join(arg));
	sim_log(now_us());
	sim_log(rt_task_join(&tc));        /* never started */
	sim_log(rt_task_join(&tb));        /* itself */
}

static void join_and_delete(void **state)
{
	(void)state;
	assert_int_equal(rt_task_spawn(&ta, "sleeper", 0, 10, 0, body_sleeper,
				       NULL), 0);
	assert_int_equal(rt_task_spawn(&tb, "joiner", 0, 20, 0, body_joiner,
				       &ta), 0);
	sim_start();
	sim_run_until(2500 * US);
	assert_log(1000, 2000);
	assert_int_equal(rt_task_delete(&ta), 0);   /* the joiner wakes */
	assert_log(1000, 2000, 0, 2500, -EINVAL, -EDEADLK);
	assert_int_equal(rt_task_join(&ta), -EINVAL);   /* joined: gone */
	sim_run_until(10 * MS);
	assert_int_equal(rt_task_delete(&tb), 0);
	assert_int_equal(heap_live(), 0);
}

static void body_join_c(void *arg)
{
	struct ck_heap_stats st;

	(void)arg;
	sim_log(rt_task_join(&tc));
	ck_heap_stats(&ck_alchemy_heap, &st);
	sim_log(st.live);                  /* the joiner's own stack */
}

static void join_frees_an_ended_task(void **state)
{
	(void)state;
	assert_int_equal(rt_task_spawn(&tc, "short", 0, 10, 0, body_nothing,
				       NULL), 0);
	assert_int_equal(rt_task_spawn(&tb, "joiner", 0, 5, 0, body_join_c,
				       NULL), 0);
	assert_int_equal(heap_live(), 2);
	sim_start();                       /* tc ends, then tb joins it */
	assert_log(0, 1);
	assert_int_equal(rt_task_join(&tc), -EINVAL);   /* joined: gone */
	assert_int_equal(rt_task_delete(&tb), 0);
	assert_int_equal(heap_live(), 0);
}

static void suspend_resume(void **state)
{
	(void)state;
	assert_int_equal(rt_task_create(&ta, "s", 0, 10, 0), 0);
	assert_int_equal(rt_task_suspend(&ta), -EINVAL);   /* not started */
	assert_int_equal(rt_task_start(&ta, body_sleeper, NULL), 0);
	sim_start();
	sim_run_until(1500 * US);
	assert_int_equal(rt_task_suspend(&ta), 0);
	assert_int_equal(rt_task_suspend(&ta), 0);          /* nests */
	sim_run_until(4500 * US);
	assert_log(1000);
	assert_int_equal(rt_task_resume(&ta), 0);
	sim_run_until(4700 * US);
	assert_log(1000);
	assert_int_equal(rt_task_resume(&ta), 0);          /* its late wake */
	assert_log(1000, 4700);
	assert_int_equal(rt_task_resume(&ta), 0);          /* no effect */
	assert_int_equal(rt_task_suspend(NULL), -EPERM);   /* root */
	assert_int_equal(rt_task_delete(&ta), 0);
}

static void body_sleeps(void *arg)
{
	(void)arg;
	sim_log(rt_task_sleep(0));
	sim_log(now_us());
	sim_log(rt_task_sleep(2 * MS));                /* relative */
	sim_log(now_us());
	sim_log(rt_task_sleep_until(rt_timer_read() + 1 * MS));   /* absolute */
	sim_log(now_us());
	sim_log(rt_task_sleep_until(5 * MS));          /* a date */
	sim_log(now_us());
	sim_log(rt_task_sleep_until(1 * MS));          /* past */
	sim_log(rt_task_yield());
	sim_log(rt_task_sleep_until(TM_INFINITE));
	sim_log(-1);                                   /* never */
}

static void sleep_and_yield(void **state)
{
	(void)state;
	assert_int_equal(rt_task_spawn(&ta, "z", 0, 10, 0, body_sleeps, NULL), 0);
	sim_start();
	sim_run_until(100 * MS);
	assert_log(0, 0, 0, 2000, 0, 3000, 0, 5000, -ETIMEDOUT, 0);
	assert_int_equal(rt_task_sleep(1), -EPERM);     /* root */
	assert_int_equal(rt_task_sleep_until(1), -EPERM);
	assert_int_equal(rt_task_yield(), -EPERM);
	assert_int_equal(rt_timer_read(), ck_clock_now());
	assert_int_equal(rt_timer_ns2ticks(12345), 12345);
	assert_int_equal(rt_timer_ticks2ns(-5), -5);
	rt_timer_spin(0);
	assert_int_equal(rt_task_delete(&ta), 0);
}

static void body_periodic(void *arg)
{
	unsigned long over = 99;

	(void)arg;
	sim_log(rt_task_wait_period(&over));               /* not periodic */
	sim_log(rt_task_set_periodic(NULL, TM_NOW, 1 * MS));
	for (int i = 0; i < 2; i++) {
		sim_log(rt_task_wait_period(&over));
		sim_log(now_us());
	}
	sim_time_pass(2500 * US);                          /* a long job */
	sim_log(rt_task_wait_period(&over));
	sim_log((long)over);
	sim_log(now_us());
	sim_log(rt_task_wait_period(NULL));
	sim_log(now_us());
	sim_log(rt_task_set_periodic(NULL, 1 * MS, 1 * MS));   /* past */
	sim_log(rt_task_set_periodic(NULL, TM_NOW, TM_INFINITE));
	/* a date ahead: the first release is that date */
	sim_log(rt_task_set_periodic(NULL, 20 * MS, 2 * MS));
	sim_log(rt_task_wait_period(&over));
	sim_log(now_us());
	sim_log(rt_task_wait_period(&over));
	sim_log(now_us());
}

static void periodic(void **state)
{
	(void)state;
	assert_int_equal(rt_task_spawn(&ta, "p", 0, 10, 0, body_periodic, NULL), 0);
	sim_start();
	sim_run_until(30 * MS);
	assert_log(-EWOULDBLOCK, 0, 0, 1000, 0, 2000,
		   -ETIMEDOUT, 2, 5000, 0, 6000, -ETIMEDOUT, -EINVAL,
		   0, 0, 20000, 0, 22000);
	assert_int_equal(rt_task_wait_period(NULL), -EPERM);   /* root */
	assert_int_equal(rt_task_set_periodic(&tb, TM_NOW, MS), -EINVAL);
	assert_int_equal(rt_task_set_periodic(NULL, TM_NOW, MS), -EPERM);
	rt_task_delete(&ta);
}

/* ------------------------------------------------------------------ */
/* Semaphores */

static void body_sem(void *arg)
{
	(void)arg;
	sim_log(rt_sem_p(&sem, TM_NONBLOCK));
	sim_log(rt_sem_p(&sem, TM_NONBLOCK));
	sim_log(rt_sem_p(&sem, 2 * MS));                   /* relative */
	sim_log(now_us());
	sim_log(rt_sem_p_until(&sem, 3 * MS));             /* absolute */
	sim_log(now_us());
	sim_log(rt_sem_p_until(&sem, 1 * MS));             /* past */
	sim_log(rt_sem_p_until(&sem, TM_NONBLOCK));
	sim_log(rt_sem_p(&sem, TM_INFINITE));              /* root's v */
	sim_log(now_us());
	sim_log(rt_sem_p_until(&sem, TM_INFINITE));        /* deleted */
	sim_log(now_us());
	sim_log(rt_sem_p(&sem, TM_NONBLOCK));              /* gone */
}

static void semaphores(void **state)
{
	(void)state;
	assert_int_equal(rt_sem_create(&sem, "s1", 1, S_PULSE), -EINVAL);
	assert_int_equal(rt_sem_create(NULL, "s1", 1, S_FIFO), -EINVAL);
	assert_int_equal(rt_sem_create(&sem, "s1", 1, S_PRIO), 0);
	assert_string_equal(sem.ck.name, "s1");
	assert_int_equal(rt_task_spawn(&ta, "p", 0, 10, 0, body_sem, NULL), 0);
	sim_start();
	sim_run_until(4 * MS);
	assert_log(0, -EWOULDBLOCK, -ETIMEDOUT, 2000, -ETIMEDOUT, 3000,
		   -ETIMEDOUT, -EWOULDBLOCK);
	assert_int_equal(rt_sem_v(&sem), 0);
	assert_log(0, -EWOULDBLOCK, -ETIMEDOUT, 2000, -ETIMEDOUT, 3000,
		   -ETIMEDOUT, -EWOULDBLOCK, 0, 4000);
	sim_run_until(5 * MS);
	assert_int_equal(rt_sem_delete(&sem), 0);
	assert_log(0, -EWOULDBLOCK, -ETIMEDOUT, 2000, -ETIMEDOUT, 3000,
		   -ETIMEDOUT, -EWOULDBLOCK, 0, 4000, -EIDRM, 5000, -EINVAL);
	assert_int_equal(sem.ck.count, 0);
	assert_int_equal(rt_sem_delete(&sem), -EINVAL);
	assert_int_equal(rt_sem_v(&sem), -EINVAL);
	assert_int_equal(rt_sem_broadcast(&sem), -EINVAL);
	/* the root context: a try, never a wait */
	assert_int_equal(rt_sem_create(&sem, "s2", 0, S_FIFO), 0);
	assert_int_equal(rt_sem_p(&sem, TM_NONBLOCK), -EWOULDBLOCK);
	assert_int_equal(rt_sem_p(&sem, TM_INFINITE), -EPERM);
	assert_int_equal(rt_sem_p(&sem, 1 * MS), -EPERM);
	assert_int_equal(rt_task_delete(&ta), 0);
}

static void body_sem_wait(void *arg)
{
	sim_log(rt_sem_p(&sem, TM_INFINITE) == 0 ? (long)(intptr_t)arg : -1);
}

static void sem_broadcast(void **state)
{
	(void)state;
	assert_int_equal(rt_sem_create(&sem, "b", 0, S_PRIO), 0);
	assert_int_equal(rt_task_spawn(&ta, "w1", 0, 10, 0, body_sem_wait,
				       (void *)1), 0);
	assert_int_equal(rt_task_spawn(&tb, "w2", 0, 90, 0, body_sem_wait,
				       (void *)2), 0);
	sim_start();
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(rt_sem_broadcast(&sem), 0);
	assert_log(2, 1);                      /* most urgent first */
	assert_int_equal(sem.ck.count, 0);
	assert_int_equal(rt_sem_broadcast(&sem), 0);   /* nobody: no unit */
	assert_int_equal(sem.ck.count, 0);
	rt_task_delete(&ta);
	rt_task_delete(&tb);
	assert_int_equal(heap_live(), 0);
}

/* ------------------------------------------------------------------ */
/* Mutexes */

static void body_holder(void *arg)
{
	(void)arg;
	sim_log(rt_mutex_acquire(&mtx, TM_INFINITE));
	sim_log(rt_mutex_acquire(&mtx, TM_NONBLOCK));      /* recursive */
	rt_task_sleep(3 * MS);
	sim_log(rt_mutex_release(&mtx));
	sim_log(rt_mutex_release(&mtx));
	sim_log(rt_mutex_release(&mtx));                   /* not owner */
}

static void body_contender(void *arg)
{
	(void)arg;
	sim_log(rt_mutex_acquire(&mtx, TM_NONBLOCK));
	sim_log(rt_mutex_acquire(&mtx, 1 * MS));           /* relative */
	sim_log(now_us());
	sim_log(rt_mutex_acquire_until(&mtx, 1500 * US));  /* absolute */
	sim_log(now_us());
	sim_log(rt_mutex_acquire_until(&mtx, TM_INFINITE));
	sim_log(now_us());
	sim_log(rt_mutex_release(&mtx));
}

static void body_mutex_deleted(void *arg)
{
	(void)arg;
	sim_log(rt_mutex_acquire(&mtx, TM_INFINITE));
}

static void mutexes(void **state)
{
	(void)state;
	assert_int_equal(rt_mutex_create(NULL, "m"), -EINVAL);
	assert_int_equal(rt_mutex_create(&mtx, "m"), 0);
	assert_string_equal(mtx.ck.name, "m");
	assert_int_equal(rt_task_spawn(&ta, "holder", 0, 10, 0, body_holder,
				       NULL), 0);
	sim_start();
	assert_log(0, 0);
	assert_int_equal(rt_task_spawn(&tb, "contender", 0, 60, 0,
				       body_contender, NULL), 0);
	assert_log(0, 0, -EWOULDBLOCK);
	/* the holder runs at the contender's priority meanwhile */
	assert_int_equal(ta.ck.prio, ck_alchemy_prio(60));
	sim_run_until(2 * MS);
	assert_log(0, 0, -EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500);
	sim_run_until(10 * MS);
	/* first release (one of two), then the last hands over: the
	 * contender runs at once, before the holder logs its release */
	assert_log(0, 0, -EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500,
		   0, 0, 3000, 0, 0, -EPERM);
	assert_int_equal(ta.ck.prio, ck_alchemy_prio(10));
	assert_int_equal(rt_mutex_acquire(&mtx, TM_NONBLOCK), -EPERM);  /* root */
	assert_int_equal(rt_mutex_release(&mtx), -EPERM);
	/* deleted while waited for */
	assert_int_equal(rt_task_spawn(&tc, "holder2", 0, 10, 0, body_holder,
				       NULL), 0);
	rt_task_delete(&tb);
	assert_int_equal(rt_task_spawn(&tb, "victim", 0, 60, 0,
				       body_mutex_deleted, NULL), 0);
	assert_int_equal(rt_mutex_delete(&mtx), 0);
	assert_int_equal(sim_log_at(sim_log_len() - 1), -EIDRM);
	assert_int_equal(rt_mutex_delete(&mtx), -EINVAL);
	assert_int_equal(rt_mutex_acquire(&mtx, TM_INFINITE), -EINVAL);
	assert_int_equal(rt_mutex_release(&mtx), -EINVAL);
	rt_task_delete(&ta);
	rt_task_delete(&tb);
	rt_task_delete(&tc);
	assert_int_equal(heap_live(), 0);
}

/* ------------------------------------------------------------------ */
/* Event flags */

static void body_events(void *arg)
{
	unsigned int got = 0;

	(void)arg;
	sim_log(rt_event_wait(&ev, 0x3, &got, EV_ANY, TM_NONBLOCK));
	sim_log(got);
	sim_log(rt_event_wait(&ev, 0x3, &got, EV_ALL, TM_NONBLOCK));
	sim_log(rt_event_wait(&ev, 0x3, &got, EV_ALL, 1 * MS));   /* relative */
	sim_log(now_us());
	sim_log(rt_event_wait_until(&ev, 0x3, &got, EV_ALL, 1500 * US));
	sim_log(now_us());
	sim_log(rt_event_wait_until(&ev, 0x3, &got, EV_ALL, TM_NONBLOCK));
	sim_log(rt_event_wait(&ev, 0x3, &got, EV_ALL, TM_INFINITE));
	sim_log(got);
	sim_log(now_us());
	sim_log(rt_event_wait(&ev, 0x3, &got, 0x4, TM_INFINITE));  /* mode */
	sim_log(rt_event_wait(&ev, 0, &got, EV_ALL, TM_INFINITE));
	sim_log(got);
	sim_log(rt_event_wait(&ev, 0x10, &got, EV_ANY, TM_INFINITE));
	sim_log(now_us());
}

static void events(void **state)
{
	unsigned int prev = 0;

	(void)state;
	assert_int_equal(rt_event_create(&ev, "e", 0x1, 0x2), -EINVAL);
	assert_int_equal(rt_event_create(&ev, "e", 0x1, EV_PRIO), 0);
	assert_string_equal(ev.ck.name, "e");
	assert_int_equal(rt_task_spawn(&ta, "w", 0, 10, 0, body_events, NULL), 0);
	sim_start();
	sim_run_until(2 * MS);
	assert_log(0, 0x1, -EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500,
		   -EWOULDBLOCK);
	assert_int_equal(rt_event_signal(&ev, 0x2), 0);
	assert_log(0, 0x1, -EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500,
		   -EWOULDBLOCK, 0, 0x3, 2000, -EINVAL, 0, 0x3);
	assert_int_equal(rt_event_clear(&ev, 0x1, &prev), 0);   /* no clear on wait */
	assert_int_equal(prev, 0x3);
	assert_int_equal(ev.ck.value, 0x2);
	sim_run_until(3 * MS);
	assert_int_equal(rt_event_delete(&ev), 0);
	assert_int_equal(sim_log_at(sim_log_len() - 2), -EIDRM);
	assert_int_equal(sim_log_at(sim_log_len() - 1), 3000);
	assert_int_equal(rt_event_delete(&ev), -EINVAL);
	assert_int_equal(rt_event_signal(&ev, 1), -EINVAL);
	assert_int_equal(rt_event_clear(&ev, 1, NULL), -EINVAL);
	/* the root context */
	assert_int_equal(rt_event_create(&ev, "e2", 0, EV_FIFO), 0);
	assert_int_equal(rt_event_wait(&ev, 1, NULL, EV_ANY, TM_NONBLOCK),
			 -EWOULDBLOCK);
	assert_int_equal(rt_event_wait(&ev, 1, NULL, EV_ANY, TM_INFINITE), -EPERM);
	rt_task_delete(&ta);
}

/* ------------------------------------------------------------------ */
/* Message queues */

static long read_one(RTIME timeout, bool until)
{
	char buf[16];
	long n = until ? rt_queue_read_until(&q, buf, sizeof(buf), timeout) :
			 rt_queue_read(&q, buf, sizeof(buf), timeout);

	return n > 0 ? buf[0] * 100 + n : n;
}

static void body_reader(void *arg)
{
	(void)arg;
	sim_log(read_one(TM_NONBLOCK, false));
	sim_log(read_one(1 * MS, false));                  /* relative */
	sim_log(now_us());
	sim_log(read_one(1500 * US, true));                /* absolute */
	sim_log(now_us());
	sim_log(read_one(TM_NONBLOCK, true));
	sim_log(read_one(TM_INFINITE, false));
	sim_log(read_one(TM_INFINITE, true));              /* deleted */
}

static void queues(void **state)
{
	char small[4];

	(void)state;
	assert_int_equal(rt_queue_create(&q, "q", 64, Q_UNLIMITED, Q_FIFO), -EINVAL);
	assert_int_equal(rt_queue_create(&q, "q", 64, 4, 0x8), -EINVAL);
	assert_int_equal(rt_queue_create(&q, "q", 3, 4, Q_FIFO), -EINVAL);
	assert_int_equal(rt_queue_create(&q, "q", 1 << 20, 1, Q_FIFO), -EINVAL);
	assert_int_equal(rt_queue_create(&q, "q", 60 << 10, 1, Q_FIFO), -ENOMEM);
	assert_int_equal(rt_queue_create(&q, "q", 64, 4, Q_PRIO), 0);
	assert_string_equal(q.ck.name, "q");
	assert_int_equal(q.ck.msg_bytes, 16);
	assert_int_equal(q.ck.slots, 4);
	/* order, full, sizes, modes: from the root context */
	assert_int_equal(rt_queue_write(&q, "a", 1, Q_NORMAL), 0);
	assert_int_equal(rt_queue_write(&q, "bb", 2, Q_NORMAL), 0);
	assert_int_equal(rt_queue_write(&q, "ccc", 3, Q_URGENT), 0);
	assert_int_equal(rt_queue_write(&q, "x", 1, Q_BROADCAST), -EINVAL);
	assert_int_equal(rt_queue_write(&q, "0123456789abcdefg", 17, Q_NORMAL),
			 -ENOMEM);
	assert_int_equal(rt_queue_write(&q, "d", 1, Q_NORMAL), 0);
	assert_int_equal(rt_queue_write(&q, "e", 1, Q_NORMAL), -ENOMEM);  /* full */
	assert_int_equal(rt_queue_read(&q, small, sizeof(small), TM_NONBLOCK),
			 -EMSGSIZE);
	assert_int_equal(read_one(TM_NONBLOCK, false), 'c' * 100 + 3);
	assert_int_equal(read_one(TM_NONBLOCK, false), 'a' * 100 + 1);
	assert_int_equal(read_one(TM_NONBLOCK, true), 'b' * 100 + 2);
	assert_int_equal(read_one(TM_NONBLOCK, false), 'd' * 100 + 1);
	assert_int_equal(read_one(TM_NONBLOCK, false), -EWOULDBLOCK);
	assert_int_equal(read_one(TM_INFINITE, false), -EPERM);   /* root */
	/* a reader task: timeouts, a handover, deletion */
	assert_int_equal(rt_task_spawn(&ta, "r", 0, 10, 0, body_reader, NULL), 0);
	sim_start();
	sim_run_until(2 * MS);
	assert_log(-EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500, -EWOULDBLOCK);
	assert_int_equal(rt_queue_write(&q, "zz", 2, Q_NORMAL), 1);   /* waited */
	assert_log(-EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500, -EWOULDBLOCK,
		   'z' * 100 + 2);
	assert_int_equal(heap_live(), 2);    /* the task's stack, the ring */
	assert_int_equal(rt_queue_delete(&q), 0);
	assert_log(-EWOULDBLOCK, -ETIMEDOUT, 1000, -ETIMEDOUT, 1500, -EWOULDBLOCK,
		   'z' * 100 + 2, -EIDRM);
	assert_int_equal(heap_live(), 1);
	assert_int_equal(rt_queue_delete(&q), -EINVAL);
	assert_int_equal(rt_queue_write(&q, "a", 1, Q_NORMAL), -EINVAL);
	assert_int_equal(read_one(TM_NONBLOCK, false), -EINVAL);
	rt_task_delete(&ta);
	assert_int_equal(heap_live(), 0);
}

/* ------------------------------------------------------------------ */
/* Relative against absolute, away from t = 0 where they coincide */

static void body_hold_forever(void *arg)
{
	(void)arg;
	rt_mutex_acquire(&mtx, TM_INFINITE);
	rt_task_sleep_until(TM_INFINITE);
}

static void body_rel_abs(void *arg)
{
	char buf[16];

	(void)arg;
	rt_task_sleep_until(5 * MS);
	sim_log(rt_sem_p(&sem, 1 * MS));                    /* 6 ms */
	sim_log(now_us());
	sim_log(rt_sem_p_until(&sem, 7 * MS));
	sim_log(now_us());
	sim_log(rt_event_wait(&ev, 1, NULL, EV_ANY, 1 * MS));  /* 8 ms */
	sim_log(now_us());
	sim_log(rt_event_wait_until(&ev, 1, NULL, EV_ANY, 9 * MS));
	sim_log(now_us());
	sim_log(rt_queue_read(&q, buf, sizeof(buf), 1 * MS));  /* 10 ms */
	sim_log(now_us());
	sim_log(rt_queue_read_until(&q, buf, sizeof(buf), 11 * MS));
	sim_log(now_us());
	sim_log(rt_mutex_acquire(&mtx, 1 * MS));            /* 12 ms */
	sim_log(now_us());
	sim_log(rt_mutex_acquire_until(&mtx, 13 * MS));
	sim_log(now_us());
	sim_log(rt_task_sleep(1 * MS));                     /* 14 ms */
	sim_log(now_us());
}

static void relative_and_absolute(void **state)
{
	(void)state;
	assert_int_equal(rt_sem_create(&sem, "s", 0, S_PRIO), 0);
	assert_int_equal(rt_event_create(&ev, "e", 0, EV_PRIO), 0);
	assert_int_equal(rt_queue_create(&q, "q", 64, 4, Q_FIFO), 0);
	assert_int_equal(rt_mutex_create(&mtx, "m"), 0);
	assert_int_equal(rt_task_spawn(&tb, "holder", 0, 5, 0,
				       body_hold_forever, NULL), 0);
	assert_int_equal(rt_task_spawn(&ta, "w", 0, 10, 0, body_rel_abs, NULL), 0);
	sim_start();
	sim_run_until(20 * MS);
	assert_log(-ETIMEDOUT, 6000, -ETIMEDOUT, 7000, -ETIMEDOUT, 8000,
		   -ETIMEDOUT, 9000, -ETIMEDOUT, 10000, -ETIMEDOUT, 11000,
		   -ETIMEDOUT, 12000, -ETIMEDOUT, 13000, 0, 14000);
	rt_task_delete(&ta);
	rt_task_delete(&tb);
	rt_queue_delete(&q);
	assert_int_equal(heap_live(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(prio_mapping, setup),
		cmocka_unit_test_setup(create_modes_and_memory, setup),
		cmocka_unit_test_setup(create_start_self, setup),
		cmocka_unit_test_setup(join_and_delete, setup),
		cmocka_unit_test_setup(join_frees_an_ended_task, setup),
		cmocka_unit_test_setup(suspend_resume, setup),
		cmocka_unit_test_setup(sleep_and_yield, setup),
		cmocka_unit_test_setup(periodic, setup),
		cmocka_unit_test_setup(semaphores, setup),
		cmocka_unit_test_setup(sem_broadcast, setup),
		cmocka_unit_test_setup(mutexes, setup),
		cmocka_unit_test_setup(events, setup),
		cmocka_unit_test_setup(queues, setup),
		cmocka_unit_test_setup(relative_and_absolute, setup),
	};

	return cmocka_run_group_tests_name("alchemy", tests, NULL, NULL);
}
