// SPDX-License-Identifier: MIT
/*
 * periodic.c - a small Xenomai 3 Alchemy program (the shape of Xenomai's
 * trivial-periodic and producer/consumer demos, written anew) running on
 * the co-kernel through ck/alchemy.h: only CK_APP, CK_ALCHEMY_HEAP and the
 * include differ from what it would be on Xenomai.
 *
 * "sampler" runs at 1 kHz for DEMO_PERIODS periods: it counts its periods
 * in a mutex-protected counter, measures how late each release is and
 * every DEMO_REPORT_PERIODS writes a report to a queue. "logger" reads the
 * queue and prints each report. When the sampler is done it signals the
 * event "done"; "main" waits for it, joins the sampler, checks the counter
 * under the mutex and prints the verdict, then deletes every object.
 */
#include <ck/alchemy.h>
#include <ck/app.h>

#define DEMO_PERIOD_NS 1000000ull   /* 1 kHz */
#define DEMO_PERIODS 2000u
#define DEMO_REPORT_PERIODS 500u
#define DEMO_EV_DONE 0x1u

CK_ALCHEMY_HEAP(32 * 1024);

struct demo_report {
	unsigned int seq;
	unsigned int periods;
	unsigned int overruns;
	unsigned int late_max_ns;
};

static RT_TASK demo_sampler, demo_logger, demo_main;
static RT_MUTEX demo_lock;
static RT_EVENT demo_done;
static RT_QUEUE demo_reports;
static unsigned int demo_counter;   /* under demo_lock */

static void demo_sample(void *arg)
{
	struct demo_report r = { 0 };
	unsigned long overruns;
	RTIME release, late;
	int ret;

	(void)arg;
	release = rt_timer_read() + DEMO_PERIOD_NS;
	ret = rt_task_set_periodic(NULL, TM_NOW, rt_timer_ns2ticks(DEMO_PERIOD_NS));
	if (ret) {
		rt_printf("alchemy: rt_task_set_periodic: %d\n", ret);
		return;
	}
	while (r.periods < DEMO_PERIODS) {
		ret = rt_task_wait_period(&overruns);
		if (ret == -ETIMEDOUT) {
			r.overruns += overruns;
			release += overruns * DEMO_PERIOD_NS;
		} else if (ret) {
			rt_printf("alchemy: rt_task_wait_period: %d\n", ret);
			break;
		}
		late = rt_timer_read() - release;
		release += DEMO_PERIOD_NS;
		if (late > r.late_max_ns)
			r.late_max_ns = (unsigned int)late;
		rt_mutex_acquire(&demo_lock, TM_INFINITE);
		demo_counter++;
		rt_mutex_release(&demo_lock);
		if (++r.periods % DEMO_REPORT_PERIODS == 0) {
			r.seq++;
			rt_queue_write(&demo_reports, &r, sizeof(r), Q_NORMAL);
		}
	}
	rt_event_signal(&demo_done, DEMO_EV_DONE);
}

static void demo_log(void *arg)
{
	struct demo_report r;

	(void)arg;
	while (rt_queue_read(&demo_reports, &r, sizeof(r), TM_INFINITE) ==
	       (long)sizeof(r))
		rt_printf("alchemy: report %u: %u periods, %u overruns, "
			  "late max %u us\n", r.seq, r.periods, r.overruns,
			  r.late_max_ns / 1000u);
}

static void demo_run(void *arg)
{
	unsigned int got = 0;
	unsigned int counter;
	int ret;

	(void)arg;
	ret = rt_event_wait(&demo_done, DEMO_EV_DONE, &got, EV_ANY,
			    rt_timer_ns2ticks(10ull * DEMO_PERIODS * DEMO_PERIOD_NS));
	if (ret) {
		rt_printf("alchemy: FAIL: no done event (%d)\n", ret);
		return;
	}
	rt_task_join(&demo_sampler);
	rt_mutex_acquire(&demo_lock, TM_INFINITE);
	counter = demo_counter;
	rt_mutex_release(&demo_lock);
	rt_task_sleep(rt_timer_ns2ticks(DEMO_PERIOD_NS));   /* the last report */
	rt_queue_delete(&demo_reports);                     /* ends the logger */
	rt_task_join(&demo_logger);
	rt_event_delete(&demo_done);
	rt_mutex_delete(&demo_lock);
	rt_printf("alchemy: %s: counter %u of %u periods\n",
		  counter == DEMO_PERIODS ? "PASS" : "FAIL", counter,
		  DEMO_PERIODS);
}

static int demo_init(void)
{
	int ret;

	ret = rt_mutex_create(&demo_lock, "demo-lock");
	if (!ret)
		ret = rt_event_create(&demo_done, "demo-done", 0, EV_PRIO);
	if (!ret)
		ret = rt_queue_create(&demo_reports, "demo-reports",
				      8 * sizeof(struct demo_report), 8, Q_FIFO);
	if (!ret)
		ret = rt_task_spawn(&demo_sampler, "sampler", 0, 80, T_JOINABLE,
				    demo_sample, NULL);
	if (!ret)
		ret = rt_task_spawn(&demo_logger, "logger", 0, 20, T_JOINABLE,
				    demo_log, NULL);
	if (!ret)
		ret = rt_task_spawn(&demo_main, "main", 0, 10, 0, demo_run, NULL);
	if (ret)
		rt_printf("alchemy: init: %d\n", ret);
	else
		rt_printf("alchemy: sampler at 1 kHz for %u periods\n",
			  DEMO_PERIODS);
	return ret;
}

CK_APP(alchemy, demo_init);
