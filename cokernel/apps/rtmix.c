// SPDX-License-Identifier: MIT
/*
 * rtmix.c - a mixed RT workload that checks the sharing objects' promises
 * while Linux runs, started from Linux for a number of ms
 * (linux-guest/tools/rtmix, channels "rtmix.ctl" / "rtmix.state",
 * ipc/ck_ipc_sync.h). Idle, its tasks are blocked and it costs the RT side
 * one ring poll per watchdog tick.
 *
 * Seven tasks share three mutexes with inheritance (always locked in the
 * order C, B, A: no cycle), a queue and event flags, every wait with a
 * timeout:
 *   mix-per  (+8) periodic, 1 ms: posts EV_TICK, EV_PER; the controller
 *                 (commands, publishing the state);
 *   mix-hi   (+7) any of EV_TICK (timeouts of 0.2 ms or 3 ms), then A
 *                 (timeout 0.05 ms or 0.5 ms);
 *   mix-prod (+6) bursts of sequence numbers into a queue of 4;
 *   mix-cons (+4) takes them (timeout 2 ms, the producer pauses 8 ms at
 *                 times), checks the sequence, posts EV_CONS, every second
 *                 message locks B then A (held together);
 *   mix-all  (+3) all of EV_PER | EV_CONS (timeout 1.5 ms);
 *   mix-mid  (+2) C (timeout 0.03 ms or 2 ms);
 *   mix-lo   (+1) A for 0.1 ms, then C with B inside for 0.05 ms: the
 *                 owner the others wait for, boosted by them.
 * Each critical section counts the tasks inside (never above 1); a task
 * that unlocks while above its base priority counts a boost; a timer
 * checks, every 131 us, that every mutex's owner runs at least at each
 * waiter's priority. The counts
 * and violations go to Linux in the state block (CK_MIX_* counters).
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/app.h>
#include <ck/fault.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_sync.h"

#define MIX_PERIOD_NS (1ull * CK_NS_PER_MS)
/* the inheritance sampler's period: above every board's shortest
 * (CK_TIMER_MIN_PERIOD_MAX_NS) and prime to the tasks' periods, so that
 * its samples land at every phase of their critical sections */
#define MIX_SAMPLE_NS (131ull * CK_NS_PER_US)
#define MIX_STOP_MAX_NS (100ull * CK_NS_PER_MS) /* every wait is shorter */
#define MIX_STACK_BYTES 2048u
#define MIX_QUEUE_SLOTS 4u
#define MIX_BURST 6u /* messages per burst: more than the queue holds */
#define MIX_PAUSE_EVERY 8u /* bursts; then a pause the consumer times out in */

#define EV_TICK 0x1u /* mix-per -> mix-hi */
#define EV_PER 0x2u /* mix-per -> mix-all */
#define EV_CONS 0x4u /* mix-cons -> mix-all */

enum mix_mutex { MIX_A, MIX_B, MIX_C, MIX_NR_MUTEXES };
enum mix_worker { W_HI, W_PROD, W_CONS, W_ALL, W_MID, W_LO, MIX_NR_WORKERS };

struct mix_msg {
	uint32_t seq;
	uint32_t check; /* ~seq */
};

struct mix_worker_task {
	struct ck_task task;
	ck_sem_t go; /* posted at START */
	uint32_t iter; /* rounds of its loop in this run */
	uint32_t held; /* mutexes it holds */
};

static struct {
	struct mix_worker_task w[MIX_NR_WORKERS];
	struct ck_task per;
	struct ck_timer sampler; /* mix_check_inheritance() */
	ck_mutex_t mutex[MIX_NR_MUTEXES];
	volatile int inside[MIX_NR_MUTEXES]; /* tasks in each critical section */
	ck_event_t event;
	ck_queue_t queue;
	uint32_t ring[MIX_QUEUE_SLOTS *
		      CK_QUEUE_SLOT_BYTES(sizeof(struct mix_msg)) / 4u];
	uint32_t next_seq; /* the producer's */
	uint32_t expected_seq; /* the consumer's */
	/* run */
	volatile bool running;
	volatile uint32_t parked; /* workers blocked on their go */
	uint64_t start_ns, end_ns, next_publish_ns;
	struct ck_mix_state st;
	/* commands: the watchdog hook fills pending and posts cmd */
	ck_sem_t cmd;
	volatile bool cmd_ready;
	struct ck_mix_cmd pending;
	struct ck_ipc_chan ctl, state;
} mix;

static uint64_t mix_stacks[MIX_NR_WORKERS + 1u][MIX_STACK_BYTES / 8u]
	__attribute__((aligned(8)));

/* ------------------------------------------------------------------ */
/* Counting                                                            */

static void mix_count(enum ck_mix_counter c)
{
	mix.st.count[c]++;
}

/*
 * A broken promise: counted; the first of a run is kept in words, and the
 * first of each kind goes to the console. Context: RT task of the mix, or
 * the sampler's timer.
 */
static void mix_violation(enum ck_mix_counter c, const char *what,
			  uint32_t expected, uint32_t found)
{
	/* no task: the inheritance sampler's timer */
	const char *task = ck_task_self() ? ck_task_self()->name : "sampler";

	if (!mix.st.first[0])
		(void)ck_snprintf(mix.st.first, sizeof(mix.st.first),
				  "%s: %s %s exp %u got %u",
				  ck_mix_counter_name(c), task, what,
				  (unsigned)expected, (unsigned)found);
	if (!mix.st.count[c]++)
		ck_printf(
			"rtmix: VIOLATION %s in %s: %s: expected %u, found %u",
			ck_mix_counter_name(c), task, what, (unsigned)expected,
			(unsigned)found);
	mix.st.violations++;
}

/* A call returned what its contract does not allow here. */
static void mix_error(const char *call, int ret)
{
	mix_violation(CK_MIX_V_ERRORS, call, 0, (uint32_t)-ret);
}

static void mix_spin(uint64_t ns)
{
	uint64_t until = ck_clock_now() + ns;

	while (ck_clock_now() < until)
		arch_cpu_relax();
}

/* ------------------------------------------------------------------ */
/* Mutexes                                                             */

/* Lock mutex @i within @timeout_ns. Return: true when locked. */
static bool mix_lock(struct mix_worker_task *me, enum mix_mutex i,
		     uint64_t timeout_ns)
{
	ck_mutex_t *m = &mix.mutex[i];
	bool waited = false;
	int r = ck_mutex_trylock(m);

	if (r == -CK_EAGAIN) {
		waited = true;
		r = ck_mutex_lock_until(m, ck_deadline_in(timeout_ns));
	}
	if (r == -CK_ETIMEDOUT) {
		mix_count(CK_MIX_LOCK_TIMEOUTS);
		return false;
	}
	if (r) {
		mix_error("lock", r);
		return false;
	}
	mix_count(CK_MIX_LOCKS);
	if (waited)
		mix_count(CK_MIX_CONTENDED);
	if (me->held++)
		mix_count(CK_MIX_NESTED);
	if (++mix.inside[i] != 1)
		mix_violation(CK_MIX_V_EXCLUSION, "lock", 1u,
			      (uint32_t)mix.inside[i]);
	return true;
}

/* The critical section's body: @ns of work, preemptible. */
static void mix_inside(enum mix_mutex i, uint64_t ns)
{
	mix_spin(ns);
	if (mix.inside[i] != 1)
		mix_violation(CK_MIX_V_EXCLUSION, "inside", 1u,
			      (uint32_t)mix.inside[i]);
}

static void mix_unlock(struct mix_worker_task *me, enum mix_mutex i)
{
	int r;

	if (me->task.prio > me->task.base_prio)
		mix_count(CK_MIX_PI_BOOSTS);
	if (mix.inside[i]-- != 1)
		mix_violation(CK_MIX_V_EXCLUSION, "unlock", 1u,
			      (uint32_t)mix.inside[i] + 1u);
	me->held--;
	r = ck_mutex_unlock(&mix.mutex[i]);
	if (r)
		mix_error("unlock", r);
}

/*
 * Inheritance, sampled every MIX_SAMPLE_NS: every waiter of a held mutex
 * runs at most at its owner's priority. Context: RT interrupt (the
 * sampler's timer): the core changes a wait queue and the priorities it
 * implies with RT masked, so a sample never sees half of a change.
 */
static void mix_check_inheritance(struct ck_timer *t)
{
	uint32_t i;

	(void)t;
	for (i = 0; i < MIX_NR_MUTEXES; i++) {
		const ck_mutex_t *m = &mix.mutex[i];
		const struct ck_list *n;

		if (!m->owner)
			continue;
		for (n = m->waiters.next; n != &m->waiters; n = n->next) {
			const struct ck_task *w =
				ck_container_of(n, struct ck_task, rq_node);

			mix_count(CK_MIX_PI_SAMPLES);
			if (w->prio > m->owner->prio)
				mix_violation(CK_MIX_V_INHERIT, w->name,
					      (uint32_t)w->prio,
					      (uint32_t)m->owner->prio);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Event flags                                                         */

/*
 * Wait for @mask in @mode (CLEAR added) within @timeout_ns and check the
 * end: satisfied with the flags it needed, or timed out with its
 * condition false when it did. Return: 0 or -CK_ETIMEDOUT.
 */
static int mix_event_wait(uint32_t mask, uint32_t mode, uint64_t timeout_ns)
{
	uint32_t got = 0;
	int r = ck_event_wait_until(&mix.event, mask, mode | CK_EVENT_CLEAR,
				    &got, ck_deadline_in(timeout_ns));
	bool all = mode == CK_EVENT_ALL;
	bool holds = all ? (got & mask) == mask : (got & mask) != 0;

	if (r == 0) {
		mix_count(all ? CK_MIX_EV_ALL : CK_MIX_EV_ANY);
		if (!holds)
			mix_violation(CK_MIX_V_EVENT, "woken", mask, got);
	} else if (r == -CK_ETIMEDOUT) {
		mix_count(CK_MIX_EV_TIMEOUTS);
		if (holds)
			mix_violation(CK_MIX_V_EVENT, "timed out", mask, got);
	} else {
		mix_error("event wait", r);
	}
	return r;
}

static void mix_post(uint32_t bits)
{
	int r = ck_event_post(&mix.event, bits);

	if (r)
		mix_error("event post", r);
}

/* ------------------------------------------------------------------ */
/* Workers: one round each; mix_worker() loops them while running       */

static void mix_hi_round(struct mix_worker_task *me)
{
	bool odd = me->iter & 1u;

	(void)mix_event_wait(EV_TICK, CK_EVENT_ANY,
			     odd ? 200u * CK_NS_PER_US : 3u * CK_NS_PER_MS);
	if (mix_lock(me, MIX_A,
		     odd ? 50u * CK_NS_PER_US : 500u * CK_NS_PER_US)) {
		mix_inside(MIX_A, 5u * CK_NS_PER_US);
		mix_unlock(me, MIX_A);
	}
}

/* One message, waiting for room within 2 ms. Return: true when queued. */
static bool mix_send(uint32_t seq)
{
	struct mix_msg msg = { .seq = seq, .check = ~seq };
	int r = ck_queue_send_until(&mix.queue, &msg, sizeof(msg), 0, 0);

	if (r == -CK_EAGAIN) {
		mix_count(CK_MIX_Q_FULL_WAITS);
		r = ck_queue_send_until(&mix.queue, &msg, sizeof(msg), 0,
					ck_deadline_in(2u * CK_NS_PER_MS));
	}
	if (r == -CK_ETIMEDOUT) {
		mix_count(CK_MIX_Q_TIMEOUTS);
		return false;
	}
	if (r) {
		mix_error("queue send", r);
		return false;
	}
	mix_count(CK_MIX_Q_SENT);
	return true;
}

static void mix_prod_round(struct mix_worker_task *me)
{
	uint32_t i;

	for (i = 0; i < MIX_BURST && mix.running; i++) {
		if (!mix_send(mix.next_seq))
			break; /* the same number again next burst */
		mix.next_seq++;
	}
	(void)ck_task_sleep(
		(me->iter % MIX_PAUSE_EVERY == MIX_PAUSE_EVERY - 1u ? 8u : 3u) *
		CK_NS_PER_MS);
}

static void mix_cons_round(struct mix_worker_task *me)
{
	struct mix_msg msg;
	int r = ck_queue_recv_until(&mix.queue, &msg, sizeof(msg),
				    ck_deadline_in(2u * CK_NS_PER_MS));

	if (r == -CK_ETIMEDOUT) {
		mix_count(CK_MIX_Q_TIMEOUTS);
		return;
	}
	if (r != (int)sizeof(msg)) {
		mix_error("queue receive", r < 0 ? r : -CK_EMSGSIZE);
		return;
	}
	mix_count(CK_MIX_Q_RECEIVED);
	if (msg.seq != mix.expected_seq || msg.check != ~msg.seq)
		mix_violation(CK_MIX_V_SEQUENCE, "message", mix.expected_seq,
			      msg.seq);
	mix.expected_seq = msg.seq + 1u;
	mix_post(EV_CONS);
	if (msg.seq & 1u)
		return;
	if (mix_lock(me, MIX_B, 5u * CK_NS_PER_MS)) {
		if (mix_lock(me, MIX_A, 5u * CK_NS_PER_MS)) {
			mix_inside(MIX_A, 10u * CK_NS_PER_US);
			mix_unlock(me, MIX_A);
		}
		mix_inside(MIX_B, 2u * CK_NS_PER_US);
		mix_unlock(me, MIX_B);
	}
}

static void mix_all_round(struct mix_worker_task *me)
{
	(void)me;
	(void)mix_event_wait(EV_PER | EV_CONS, CK_EVENT_ALL,
			     1500u * CK_NS_PER_US);
}

static void mix_mid_round(struct mix_worker_task *me)
{
	if (mix_lock(me, MIX_C,
		     me->iter & 1u ? 30u * CK_NS_PER_US : 2u * CK_NS_PER_MS)) {
		mix_inside(MIX_C, 10u * CK_NS_PER_US);
		mix_unlock(me, MIX_C);
	}
	(void)ck_task_sleep(900u * CK_NS_PER_US);
}

static void mix_lo_round(struct mix_worker_task *me)
{
	if (mix_lock(me, MIX_A, 10u * CK_NS_PER_MS)) {
		mix_inside(MIX_A, 100u * CK_NS_PER_US);
		mix_unlock(me, MIX_A);
	}
	(void)ck_task_sleep(300u * CK_NS_PER_US);
	if (mix_lock(me, MIX_C, 10u * CK_NS_PER_MS)) {
		if (mix_lock(me, MIX_B, 10u * CK_NS_PER_MS)) {
			mix_inside(MIX_B, 50u * CK_NS_PER_US);
			mix_unlock(me, MIX_B);
		}
		mix_inside(MIX_C, 5u * CK_NS_PER_US);
		mix_unlock(me, MIX_C);
	}
	(void)ck_task_sleep(700u * CK_NS_PER_US);
}

static const struct {
	const char *name;
	int prio; /* above CK_MIX_PRIO_LOW */
	void (*round)(struct mix_worker_task *me);
} mix_workers[MIX_NR_WORKERS] = {
	[W_HI] = { "mix-hi", 7, mix_hi_round },
	[W_PROD] = { "mix-prod", 6, mix_prod_round },
	[W_CONS] = { "mix-cons", 4, mix_cons_round },
	[W_ALL] = { "mix-all", 3, mix_all_round },
	[W_MID] = { "mix-mid", 2, mix_mid_round },
	[W_LO] = { "mix-lo", 1, mix_lo_round },
};

static void mix_worker(void *arg)
{
	struct mix_worker_task *me = arg;
	uint32_t id = (uint32_t)(me - mix.w);

	for (;;) {
		if (!mix.running) {
			mix.parked++;
			(void)ck_sem_wait(&me->go);
			continue;
		}
		mix_workers[id].round(me);
		me->iter++;
	}
}

/* ------------------------------------------------------------------ */
/* The periodic task: runs, stops and publishes                        */

static void mix_publish(uint64_t now)
{
	void *base = ck_shm_base();

	mix.st.elapsed_ms = (uint32_t)((now - mix.start_ns) / CK_NS_PER_MS);
	if (base)
		(void)ck_ipc_state_write(base, &mix.state, &mix.st,
					 (uint32_t)sizeof(mix.st));
}

/* Drop what the last run left queued (at most MIX_QUEUE_SLOTS): the
 * producer stopped after it, the consumer before. */
static void mix_drain(void)
{
	struct mix_msg msg;

	while (ck_queue_recv_until(&mix.queue, &msg, sizeof(msg), 0) >= 0)
		;
}

static void mix_start(const struct ck_mix_cmd *c)
{
	uint32_t i;
	struct ck_mix_state zero = { 0 };
	int r;

	mix.st = zero;
	mix.st.session = c->session;
	mix.st.phase = CK_MIX_RUNNING;
	mix_drain();
	mix.expected_seq = mix.next_seq;
	(void)ck_event_clear(&mix.event, ~0u, NULL);
	mix.start_ns = ck_clock_now();
	mix.end_ns = mix.start_ns + (uint64_t)c->run_ms * CK_NS_PER_MS;
	mix.next_publish_ns = mix.start_ns;
	mix.parked = 0;
	mix.running = true;
	for (i = 0; i < MIX_NR_WORKERS; i++) {
		mix.w[i].iter = 0;
		(void)ck_sem_post(&mix.w[i].go);
	}
	r = ck_task_set_periodic(0, MIX_PERIOD_NS);
	if (r)
		mix_error("set periodic", r);
	r = ck_timer_start_in(&mix.sampler, MIX_SAMPLE_NS, MIX_SAMPLE_NS);
	if (r)
		mix_error("timer start", r);
	ck_printf("rtmix: session %u: %u ms", (unsigned)c->session,
		  (unsigned)c->run_ms);
}

/* Stop the workers (each within its longest timeout) and publish the
 * final counts. Context: mix-per, still periodic. */
static void mix_finish(void)
{
	uint64_t give_up = ck_clock_now() + MIX_STOP_MAX_NS;

	mix.running = false;
	ck_timer_stop(&mix.sampler);
	while (mix.parked < MIX_NR_WORKERS && ck_clock_now() < give_up)
		(void)ck_task_wait_period();
	if (mix.parked < MIX_NR_WORKERS)
		mix_violation(CK_MIX_V_ERRORS, "stop", MIX_NR_WORKERS,
			      mix.parked);
	mix.st.phase = CK_MIX_DONE;
	mix_publish(ck_clock_now());
	ck_printf(
		"rtmix: session %u: %u locks, %u messages, %u periods, %u violations",
		(unsigned)mix.st.session, (unsigned)mix.st.count[CK_MIX_LOCKS],
		(unsigned)mix.st.count[CK_MIX_Q_RECEIVED],
		(unsigned)mix.st.count[CK_MIX_PERIODS],
		(unsigned)mix.st.violations);
}

/* One run: periods until its end or a STOP (a START waits for the end). */
static void mix_run(void)
{
	for (;;) {
		long missed = ck_task_wait_period();
		uint64_t now = ck_clock_now();

		if (missed < 0)
			mix_error("wait period", (int)missed);
		else if (missed)
			mix_violation(CK_MIX_V_OVERRUNS, "release", 0,
				      (uint32_t)missed);
		mix_count(CK_MIX_PERIODS);
		mix_post(EV_TICK | EV_PER);
		if (now >= mix.end_ns ||
		    (mix.cmd_ready && mix.pending.cmd == CK_MIX_CMD_STOP))
			break;
		if (now >= mix.next_publish_ns) {
			mix.next_publish_ns = now + CK_MIX_PUBLISH_NS;
			mix_publish(now);
		}
	}
	mix_finish();
}

static void mix_per_task(void *arg)
{
	(void)arg;
	for (;;) {
		struct ck_mix_cmd c;

		(void)ck_sem_wait(&mix.cmd);
		if (!mix.cmd_ready)
			continue;
		c = mix.pending;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		mix.cmd_ready = false;
		if (c.cmd != CK_MIX_CMD_START)
			continue; /* a STOP with no run in progress */
		mix_start(&c);
		mix_run();
	}
}

/* Watchdog hook, RT interrupt: take one command off the control ring for
 * mix-per; a command that is not one is noted on the ring. */
static void mix_poll(void)
{
	void *base = ck_shm_base();
	struct ck_mix_cmd c;
	int n;

	if (mix.cmd_ready || !base)
		return;
	n = ck_ipc_recv(base, &mix.ctl, &c, sizeof(c));
	if (n < 0)
		return;
	if (n != (int)sizeof(c) ||
	    (c.cmd != CK_MIX_CMD_START && c.cmd != CK_MIX_CMD_STOP) ||
	    (c.cmd == CK_MIX_CMD_START &&
	     (c.run_ms < 1u || c.run_ms > CK_MIX_RUN_MAX_MS))) {
		(void)ck_ipc_note_invalid(base, &mix.ctl);
		return;
	}
	mix.pending = c;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	mix.cmd_ready = true;
	(void)ck_sem_post(&mix.cmd);
}

static int mix_chan(void *base, int err, const char *name,
		    struct ck_ipc_chan *ch)
{
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), name, CK_IPC_SIDE_RT,
				  ch);
	return err;
}

static int mix_objects_init(void)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < MIX_NR_MUTEXES && !err; i++)
		err = ck_mutex_init(&mix.mutex[i], 0, 0);
	if (!err)
		err = ck_event_init(&mix.event, 0);
	if (!err)
		err = ck_queue_init(&mix.queue, mix.ring, sizeof(mix.ring),
				    sizeof(struct mix_msg));
	if (!err)
		err = ck_sem_init(&mix.cmd, 0);
	ck_timer_init(&mix.sampler, mix_check_inheritance, NULL);
	for (i = 0; i < MIX_NR_WORKERS && !err; i++) {
		(void)ck_sem_init(&mix.w[i].go, 0);
		err = ck_task_create(&mix.w[i].task, mix_workers[i].name,
				     CK_MIX_PRIO_LOW + mix_workers[i].prio,
				     mix_worker, &mix.w[i], mix_stacks[i],
				     sizeof(mix_stacks[i]));
	}
	if (!err)
		err = ck_task_create(&mix.per, "mix-per", CK_MIX_PRIO_LOW + 8,
				     mix_per_task, NULL,
				     mix_stacks[MIX_NR_WORKERS],
				     sizeof(mix_stacks[MIX_NR_WORKERS]));
	return err;
}

static int rtmix_init(void)
{
	void *base = ck_shm_base();
	uint32_t size = ck_shm_size();
	int err;

	if (!base)
		return 0; /* nobody to start it: no Linux, no IPC region */
	err = mix_chan(base,
		       ck_ipc_ring_create(base, size, CK_MIX_CTL,
					  CK_IPC_RING_LX2RT,
					  sizeof(struct ck_mix_cmd),
					  CK_MIX_CTL_SLOTS, 0, &mix.ctl),
		       CK_MIX_CTL, &mix.ctl);
	if (!err)
		err = mix_chan(base,
			       ck_ipc_state_create(base, size, CK_MIX_STATE,
						   CK_IPC_STATE_RT2LX,
						   sizeof(struct ck_mix_state),
						   &mix.state),
			       CK_MIX_STATE, &mix.state);
	if (err) {
		ck_printf("rtmix: IPC channels unavailable (%d)", err);
		return 0;
	}
	err = mix_objects_init();
	return err ? err : ck_watchdog_hook(mix_poll);
}

CK_APP(rtmix, rtmix_init);
