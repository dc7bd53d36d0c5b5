// SPDX-License-Identifier: MIT
/*
 * switchtest.c - RT context-switch torture in the spirit of Xenomai's
 * switchtest, started and stopped from Linux (linux-guest/tools/switchtest,
 * channels "switchtest.ctl" / "switchtest.data", ipc/ck_ipc_apps.h).
 *
 * A pacer sleeps a period (a switch through the timer path), then hands a
 * token around a ring of tasks of four priorities by semaphores, posts to
 * higher (the poster is preempted at once) and to lower tasks (no switch
 * until the poster blocks), CK_SWT_HANDOFFS times, and gets it back. Each
 * task checks that the token names it when it wakes, that a post to a
 * higher task let that task run and one to a lower task did not, and that
 * a sleep did not end early. Every blocking call goes through
 * arch_regcheck_call() (ck/regcheck.h), which loads the callee-saved
 * registers with a task- and call-specific pattern first and hands back
 * what they hold after; every CK_SWT_SPIN_EVERY-th round a spinner below
 * the ring spins in arch_regcheck_spin() with all the registers it can
 * load until a round preempts it, so the RT entry's frame is checked too.
 * The first failure is reported (task, register or check, expected,
 * found) and ends the torture until reboot: a broken switch leaves
 * nothing to trust.
 *
 * Commands arrive through the watchdog hook (a slow poll already there,
 * no timer of the torture's own while stopped), so a stopped torture costs
 * the other RT programs nothing but that check.
 *
 * Test images only (CK_TEST_CFLAGS, tests/qemu/test_switchtest.py): with
 * -DCK_TEST_SWITCHTEST_BOOT=<s>, a session of <s> seconds runs at boot and
 * reports on the console, without IPC (the co-kernel alone, and the
 * bare-only boards, have nobody to start it);
 * -DCK_TEST_SWITCHTEST_INJECT=1 injects the fault into it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <ck/ck.h>
#include <ck/app.h>
#include <ck/chan.h>
#include <ck/fault.h>
#include <ck/guest.h>
#include <ck/regcheck.h>
#include <ck/shm.h>
#include "ck_guest.h"
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

#define SWT_SPIN CK_SWT_RING_TASKS      /* the spinner's number */
#define SWT_PACER (CK_SWT_RING_TASKS + 1u)
#define SWT_TASKS (CK_SWT_RING_TASKS + 2u)
#define SWT_STACK_BYTES 2048u
#define SWT_ROUND_TIMEOUT_NS (100ull * CK_NS_PER_MS)
#define SWT_INJECT_XOR 0x00a5a500u /* what the injected fault flips */
#ifndef CK_TEST_SWITCHTEST_BOOT
#define CK_TEST_SWITCHTEST_BOOT 0
#endif
#ifndef CK_TEST_SWITCHTEST_INJECT
#define CK_TEST_SWITCHTEST_INJECT 0
#endif

/* the boot session's seconds, 0: none (a variable: no always-true
 * comparison for the compiler to warn about) */
static const uint32_t swt_boot_s = CK_TEST_SWITCHTEST_BOOT;

struct swt_task {
	struct ck_task task;
	ck_sem_t sem;
	uint32_t id;
	volatile uint32_t received; /* times it woke holding the token */
	uint32_t calls;             /* checked calls, in the seed */
	struct ck_regcheck rc;
	char name[CK_SWT_NAME_BYTES];
};

/* Ring visiting order: up 0->2, down 2->1, up 1->3, down 3->0. */
static const uint8_t swt_order[CK_SWT_RING_TASKS] = { 0, 2, 1, 3 };

static struct {
	struct swt_task t[SWT_TASKS];
	volatile uint32_t next;     /* the task the token names */
	volatile uint32_t handoffs; /* ring handoffs in this round */
	volatile uint32_t rounds;   /* since START; the spinner watches it */
	volatile bool failed;       /* terminal */
	volatile bool inject;       /* CK_SWT_CMD_INJECT pending */
	struct ck_swt_rec fail;     /* the failure, as Linux gets it */
	/* session */
	bool running;
	uint32_t session, period_ns, seq, sec_rounds;
	uint64_t next_sec_ns, total, last_total;
	/* commands: the watchdog hook fills pending and posts cmd */
	ck_sem_t cmd;
	volatile bool cmd_ready;
	struct ck_swt_cmd pending;
	bool ipc;
	struct ck_ipc_chan ctl, data;
} swt;

static uint64_t swt_stacks[SWT_TASKS][SWT_STACK_BYTES / 8u]
	__attribute__((aligned(8)));

/* ------------------------------------------------------------------ */
/* Failures                                                            */

static void swt_copy_name(char *dst, const char *src)
{
	(void)ck_snprintf(dst, CK_SWT_NAME_BYTES, "%s", src);
}

/*
 * Record the first failure; later ones are consequences. Context: RT task
 * of the torture. The report is complete before swt.failed says so, so
 * the pacer never sends half of one; two tasks failing at once (only the
 * pacer, woken by its timer, can come between) leave one of the two.
 */
static void swt_fail(const struct swt_task *me, uint32_t kind,
		     const char *what, uint32_t expected, uint32_t found)
{
	if (swt.failed)
		return;
	swt.fail.fail_kind = kind;
	swt.fail.expected = expected;
	swt.fail.found = found;
	swt_copy_name(swt.fail.fail_task, me->name);
	swt_copy_name(swt.fail.fail_reg, what);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	swt.failed = true;
	ck_printf("switchtest: FAILED in task %s: %s %s expected 0x%08x "
		  "found 0x%08x", me->name,
		  kind == CK_SWT_FAIL_REG ? "register" : "check", what,
		  (unsigned)expected, (unsigned)found);
}

/* ------------------------------------------------------------------ */
/* Checked blocking calls                                              */

struct swt_wait_until {
	ck_sem_t *sem;
	uint64_t abs_ns;
};

static int swt_post_fn(void *sem)
{
	return ck_sem_post(sem);
}

static int swt_wait_fn(void *sem)
{
	return ck_sem_wait(sem);
}

static int swt_wait_until_fn(void *arg)
{
	const struct swt_wait_until *w = arg;

	return ck_sem_wait_until(w->sem, w->abs_ns);
}

static int swt_sleep_fn(void *rel_ns)
{
	return ck_task_sleep(*(const uint64_t *)rel_ns);
}

/* The pattern of @me's next checked call: task number in the top byte,
 * a call count above the register index (ck/regcheck.h: reg i = seed + i). */
static uint32_t swt_seed(struct swt_task *me)
{
	return (me->id + 1u) << 24 | (me->calls++ & 0xffffu) << 8;
}

/* Compare the first @n registers @me->rc found with their pattern, under
 * each one's call_mask if @call. */
static void swt_check_regs(struct swt_task *me, uint32_t n, bool call)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		const struct ck_regcheck_reg *r = &arch_regcheck_regs[i];
		uint32_t mask = call ? r->call_mask : ~0u;
		uint32_t want = me->rc.seed + i;

		if ((me->rc.found[i] ^ want) & mask) {
			swt_fail(me, CK_SWT_FAIL_REG, r->name, want & mask,
				 me->rc.found[i] & mask);
			return;
		}
	}
}

/* @fn(@arg) with the callee-saved registers checked around it. */
static int swt_call(struct swt_task *me, int (*fn)(void *), void *arg)
{
	int ret;

	me->rc.seed = swt_seed(me);
	ret = arch_regcheck_call(&me->rc, fn, arg);
	swt_check_regs(me, arch_regcheck_call_count, true);
	return ret;
}

/* Hand the token from @me to @to: a post to a higher task must let it
 * run before the post returns, one to a lower task must not. */
static void swt_handoff(struct swt_task *me, struct swt_task *to)
{
	uint32_t before = to->received;
	bool up = to->task.prio > me->task.prio;

	swt.next = to->id;
	(void)swt_call(me, swt_post_fn, &to->sem);
	if (up && to->received == before)
		swt_fail(me, CK_SWT_FAIL_ORDER, "post-up", to->id, me->id);
	else if (!up && to->received != before)
		swt_fail(me, CK_SWT_FAIL_ORDER, "post-down", me->id, to->id);
}

/* @me woke from its semaphore: the token must name it. */
static void swt_took(struct swt_task *me)
{
	uint32_t next = swt.next;

	me->received++;
	if (next != me->id)
		swt_fail(me, CK_SWT_FAIL_ORDER, "wake", next, me->id);
}

/* ------------------------------------------------------------------ */
/* Tasks                                                               */

static void swt_ring_task(void *arg)
{
	struct swt_task *me = arg;

	for (;;) {
		uint32_t k;

		(void)swt_call(me, swt_wait_fn, &me->sem);
		swt_took(me);
		k = ++swt.handoffs;
		if (k >= CK_SWT_HANDOFFS)
			swt_handoff(me, &swt.t[SWT_PACER]);
		else
			swt_handoff(me, &swt.t[swt_order[k % CK_SWT_RING_TASKS]]);
	}
}

static void swt_spin_task(void *arg)
{
	struct swt_task *me = arg;

	for (;;) {
		(void)swt_call(me, swt_wait_fn, &me->sem);
		me->received++;
		me->rc.seed = swt_seed(me);
		arch_regcheck_spin(&me->rc, &swt.rounds, swt.rounds);
		swt_check_regs(me, arch_regcheck_spin_count, false);
	}
}

/* Context: pacer, woken from its sleep: the spinner, if inside its spin,
 * is preempted with its patterns in its saved frame. */
static void swt_inject(void)
{
	struct swt_task *spin = &swt.t[SWT_SPIN];

	if (!swt.inject || !spin->rc.spinning)
		return;
	spin->task.ctx.w[arch_regcheck_regs[0].ctx_word] ^= SWT_INJECT_XOR;
	swt.inject = false;
	ck_printf("switchtest: fault injected: %s of task %s flipped by 0x%08x",
		  arch_regcheck_regs[0].name, spin->name, SWT_INJECT_XOR);
}

static uint64_t swt_switches(void)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < SWT_TASKS; i++)
		n += swt.t[i].task.switches;
	return n;
}

static void swt_send(struct ck_swt_rec *r)
{
	void *base = ck_shm_base();

	r->session = swt.session;
	if (swt_boot_s && !swt.ipc)
		ck_printf("switchtest: second %u: %u switches, %u in all%s",
			  (unsigned)r->seq, (unsigned)r->switches,
			  (unsigned)r->total,
			  r->flags & CK_SWT_REC_FAILED ? ", FAILED" : "");
	if (!swt.ipc || !base)
		return;
	(void)ck_chan_send(&swt.data, r, sizeof(*r));
}

/* Once a second of the session: the switch counts. */
static void swt_publish_second(uint64_t now)
{
	struct ck_swt_rec r = { 0 };
	uint64_t total = swt_switches() - swt.total;

	if (now < swt.next_sec_ns)
		return;
	swt.next_sec_ns += CK_NS_PER_S;
	r.seq = swt.seq++;
	r.switches = (uint32_t)(total - swt.last_total);
	r.total = total;
	r.rounds = swt.sec_rounds;
	r.period_ns = swt.period_ns;
	swt.last_total = total;
	swt.sec_rounds = 0;
	swt_send(&r);
}

/* One round: the token around the ring and back. */
static void swt_round(struct swt_task *me)
{
	struct swt_wait_until w = {
		.sem = &me->sem,
		.abs_ns = ck_clock_now() + SWT_ROUND_TIMEOUT_NS,
	};

	swt.handoffs = 0;
	swt_handoff(me, &swt.t[swt_order[0]]);
	if (swt_call(me, swt_wait_until_fn, &w) == -CK_ETIMEDOUT)
		swt_fail(me, CK_SWT_FAIL_ORDER, "round", CK_SWT_HANDOFFS,
			 swt.handoffs);
	else
		swt_took(me);
}

/* The running session until STOP or a failure. */
static void swt_run(struct swt_task *me)
{
	uint64_t sleep_ns = swt.period_ns;

	swt.total = swt_switches();
	swt.last_total = 0;
	swt.seq = 0;
	swt.sec_rounds = 0;
	swt.next_sec_ns = ck_clock_now() + CK_NS_PER_S;
	while (!swt.failed) {
		uint64_t wake;

		if (swt.rounds % CK_SWT_SPIN_EVERY == 0)
			swt_handoff(me, &swt.t[SWT_SPIN]);
		wake = ck_clock_now() + sleep_ns;
		(void)swt_call(me, swt_sleep_fn, &sleep_ns);
		if (ck_clock_now() < wake)
			swt_fail(me, CK_SWT_FAIL_SLEEP, "sleep", (uint32_t)wake,
				 (uint32_t)ck_clock_now());
		swt_inject();
		swt.rounds++;
		swt_round(me);
		swt.sec_rounds++;
		swt_publish_second(ck_clock_now());
		if (swt.cmd_ready)
			return;
		if (swt_boot_s && !swt.ipc &&
		    swt.seq >= swt_boot_s && !swt.failed) {
			swt.running = false;
			ck_printf("switchtest: boot session: %u switches in %u s, "
				  "every check passed",
				  (unsigned)(swt_switches() - swt.total),
				  (unsigned)swt.seq);
			return;
		}
	}
}

static void swt_send_failure(void)
{
	struct ck_swt_rec r = swt.fail;

	r.flags = CK_SWT_REC_FAILED;
	r.period_ns = swt.period_ns;
	r.total = swt_switches() - swt.total;
	swt_send(&r);
}

/* Apply the pending command. Context: pacer. */
static void swt_command(void)
{
	struct ck_swt_cmd c = swt.pending;
	uint32_t min_ns = ck_timer_min_period_ns();

	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	swt.cmd_ready = false;
	if (min_ns < CK_SWT_PERIOD_MIN_NS)
		min_ns = CK_SWT_PERIOD_MIN_NS;
	if (c.cmd == CK_SWT_CMD_STOP) {
		swt.running = false;
		return;
	}
	swt.session = c.session;
	if (swt.failed) {
		swt_send_failure();
		return;
	}
	if (c.period_ns < min_ns || c.period_ns > CK_SWT_PERIOD_MAX_NS) {
		struct ck_swt_rec r = { .flags = CK_SWT_REC_REFUSED,
					.period_ns = min_ns };

		swt.running = false;
		swt_send(&r);
		return;
	}
	swt.period_ns = c.period_ns;
	/* an INJECT counts for the session after it */
	swt.inject = CK_TEST_SWITCHTEST_INJECT && !swt.ipc;
	swt.running = true;
}

static void swt_pacer_task(void *arg)
{
	struct swt_task *me = arg;

	for (;;) {
		if (swt.running)
			swt_run(me);
		else
			(void)ck_sem_wait(&swt.cmd);
		if (swt.running && swt.failed) {
			swt.running = false;
			swt_send_failure();
		}
		if (swt.cmd_ready)
			swt_command();
	}
}

/* Watchdog hook, RT interrupt: take one command off the control ring.
 * INJECT is only flagged (the pacer applies it); the rest wait in
 * swt.pending for the pacer. */
static void swt_poll(void)
{
	void *base = ck_shm_base();
	struct ck_swt_cmd c;
	int n;

	if (swt.cmd_ready || !base)
		return;
	n = ck_ipc_recv(base, &swt.ctl, &c, sizeof(c));
	if (n < 0)
		return;
	if (n != (int)sizeof(c) ||
	    (c.cmd != CK_SWT_CMD_START && c.cmd != CK_SWT_CMD_STOP &&
	     c.cmd != CK_SWT_CMD_INJECT)) {
		(void)ck_ipc_note_invalid(base, &swt.ctl);
		return;
	}
	if (c.cmd == CK_SWT_CMD_INJECT) {
		swt.inject = true;
		return;
	}
	swt.pending = c;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	swt.cmd_ready = true;
	(void)ck_sem_post(&swt.cmd);
}

static int swt_chan(void *base, int err, const char *name,
		    struct ck_ipc_chan *ch)
{
	if (err == -CK_EEXIST)
		err = ck_ipc_open(base, ck_shm_size(), name, CK_IPC_SIDE_RT,
				  ch);
	return err;
}

static const char *const swt_names[SWT_TASKS] = {
	"st-ring0", "st-ring1", "st-ring2", "st-ring3", "st-spin", "st-pacer",
};

/* The torture's tasks, and the pacer's command semaphore at @cmd_count. */
static int swt_tasks_create(uint32_t cmd_count)
{
	uint32_t i;
	int err;

	(void)ck_sem_init(&swt.cmd, cmd_count);
	for (i = 0; i < SWT_TASKS; i++) {
		struct swt_task *t = &swt.t[i];
		void (*entry)(void *) = i == SWT_PACER  ? swt_pacer_task
					: i == SWT_SPIN ? swt_spin_task
							: swt_ring_task;
		int prio = CK_SWT_PRIO_LOW +
			   (i == SWT_SPIN ? 0 : i == SWT_PACER ? 5 : (int)i + 1);

		t->id = i;
		swt_copy_name(t->name, swt_names[i]);
		(void)ck_sem_init(&t->sem, 0);
		err = ck_task_create(&t->task, t->name, prio, entry, t,
				     swt_stacks[i], sizeof(swt_stacks[i]));
		if (err)
			return err;
	}
	return 0;
}

static int switchtest_init(void)
{
	void *base = ck_shm_base();
	uint32_t size = ck_shm_size();
	int err;

	if (!base && !swt_boot_s)
		return 0; /* nobody to start it: no Linux, no IPC region */
	if (swt_boot_s) { /* a test image's boot session */
		swt.pending.cmd = CK_SWT_CMD_START;
		swt.pending.period_ns = CK_SWT_PERIOD_DEFAULT_NS;
		swt.cmd_ready = true;
		return swt_tasks_create(1);
	}
	err = swt_chan(base,
		       ck_ipc_ring_create(base, size, CK_SWT_CTL,
					  CK_IPC_RING_LX2RT,
					  sizeof(struct ck_swt_cmd),
					  CK_SWT_CTL_SLOTS, 0, &swt.ctl),
		       CK_SWT_CTL, &swt.ctl);
	if (!err)
		err = swt_chan(base,
			       ck_ipc_ring_create(base, size, CK_SWT_DATA,
						  CK_IPC_RING_RT2LX,
						  sizeof(struct ck_swt_rec),
						  CK_SWT_DATA_SLOTS,
						  CK_IPC_F_DROP_OLDEST,
						  &swt.data),
			       CK_SWT_DATA, &swt.data);
	if (err) {
		ck_printf("switchtest: IPC channels unavailable (%d)", err);
		return 0;
	}
	swt.ipc = true;
	err = swt_tasks_create(0);
	return err ? err : ck_watchdog_hook(swt_poll);
}

CK_APP(switchtest, switchtest_init);
