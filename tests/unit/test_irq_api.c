// SPDX-License-Identifier: MIT
/*
 * test_irq_api.c - the RT interrupt API around ck_irq_attach(): detach and
 * re-attach, the lines it refuses, enable/disable (from a task and from
 * the handler), the unhandled-storm detector and the per-line counters.
 */
#include <string.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "sim_test.h"

#define LINE_A 7u
#define LINE_B 8u
#define LINE_C 9u
#define UNFREE_LINE 21u          /* never attached, not Linux's */
/* a stuck line's handler gives up (clears it) after this many calls, so a
 * broken detector fails the test instead of hanging it */
#define STUCK_GIVE_UP 200u

static struct ck_task tk;
static ck_sem_t sem;
static unsigned int calls;

static enum ck_irq_ret h_log(unsigned int line, void *arg)
{
	sim_irq_clear(line);
	sim_log((long)line + (long)(intptr_t)arg);
	return CK_IRQ_HANDLED;
}

/* A level line its handler never clears and never owns. */
static enum ck_irq_ret h_stuck(unsigned int line, void *arg)
{
	(void)arg;
	if (++calls >= STUCK_GIVE_UP)
		sim_irq_clear(line);
	return CK_IRQ_NONE;
}

/* Returns script[calls++]; clears the line every time. */
static const enum ck_irq_ret *script;

static enum ck_irq_ret h_script(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	return script[calls++];
}

static void assert_stats(unsigned int line, uint32_t hits, uint32_t unhandled,
			 uint32_t storms, uint32_t enabled)
{
	struct ck_irq_stats st;

	assert_int_equal(ck_irq_stats(line, &st), 0);
	assert_int_equal(st.hits, hits);
	assert_int_equal(st.unhandled, unhandled);
	assert_int_equal(st.storms, storms);
	assert_int_equal(st.enabled, enabled);
}

static void detach_then_reattach(void **state)
{
	struct ck_irq_stats st;

	(void)state;
	sim_start();
	assert_int_equal(ck_irq_attach(LINE_A, h_log, (void *)0), 0);
	sim_irq_raise(LINE_A);
	assert_log(LINE_A);
	assert_int_equal(ck_irq_detach(LINE_A), 0);
	assert_false(sim_pic_routed_rt(LINE_A));
	assert_false(sim_pic_unmasked(LINE_A));
	/* no handler, no RT interrupt; nor does Linux get it */
	sim_irq_raise(LINE_A);
	assert_log(LINE_A);
	assert_int_equal(sim_irq_count(), 1);
	sim_irq_clear(LINE_A);
	assert_int_equal(ck_irq_detach(LINE_A), -CK_ENOENT);
	assert_int_equal(ck_irq_stats(LINE_A, &st), -CK_ENOENT);
	/* the slot is free again: another handler, fresh counters */
	assert_int_equal(ck_irq_attach(LINE_A, h_log, (void *)100), 0);
	assert_stats(LINE_A, 0, 0, 0, 1);
	sim_irq_raise(LINE_A);
	assert_log(LINE_A, LINE_A + 100);
	assert_stats(LINE_A, 1, 0, 0, 1);
}

/* Every call of the API on a line ck_irq_attach() did not give. */
static void assert_refused(unsigned int line, int err)
{
	struct ck_irq_stats st = { 0 };

	assert_int_equal(ck_irq_detach(line), err);
	assert_int_equal(ck_irq_disable(line), err);
	assert_int_equal(ck_irq_enable(line), err);
	assert_int_equal(ck_irq_stats(line, &st), err);
}

static void foreign_lines_refused(void **state)
{
	uint32_t rt, on;

	(void)state;
	guest_init();   /* the doorbell and the console line as on a target */
	sim_start();
	rt = sim_pic_rt_set();
	on = sim_pic_unmasked_set();
	assert_refused(SIM_TIMER_LINE, -CK_EPERM);
	assert_refused(SIM_DOORBELL_LINE, -CK_EPERM);
	assert_refused(SIM_UART_RX_LINE, -CK_EPERM);
	assert_refused(sim_linux_lines[2], -CK_EPERM);
	assert_refused(UNFREE_LINE, -CK_ENOENT);
	assert_refused(SIM_NR_LINES, -CK_EINVAL);
	assert_int_equal(ck_irq_attach(LINE_A, h_log, NULL), 0);
	assert_int_equal(ck_irq_stats(LINE_A, NULL), -CK_EINVAL);
	assert_int_equal(ck_irq_detach(LINE_A), 0);
	/* nothing moved at the PIC; the RT timer still runs */
	assert_int_equal(sim_pic_rt_set(), rt);
	assert_int_equal(sim_pic_unmasked_set(), on);
	assert_true(sim_pic_routed_rt(SIM_TIMER_LINE));
	sim_run_until(3 * CK_NS_PER_S);
	assert_int_equal(sim_irq_count(), 3);
}

static void disable_enable_not_nesting(void **state)
{
	(void)state;
	sim_start();
	assert_int_equal(ck_irq_attach(LINE_A, h_log, NULL), 0);
	assert_int_equal(ck_irq_disable(LINE_A), 0);
	assert_int_equal(ck_irq_disable(LINE_A), 0);
	assert_false(sim_pic_unmasked(LINE_A));
	assert_stats(LINE_A, 0, 0, 0, 0);
	sim_irq_raise(LINE_A);         /* held at the device */
	assert_int_equal(sim_log_len(), 0);
	assert_int_equal(sim_irq_count(), 0);
	/* one enable undoes both disables; the pending one is taken at once */
	assert_int_equal(ck_irq_enable(LINE_A), 0);
	assert_log(LINE_A);
	assert_true(sim_pic_routed_rt(LINE_A));
	assert_true(sim_pic_unmasked(LINE_A));
	assert_int_equal(ck_irq_enable(LINE_A), 0);
	sim_irq_raise(LINE_A);
	assert_log(LINE_A, LINE_A);
	assert_stats(LINE_A, 2, 0, 0, 1);
}

/* The handler leaves its device asserted, disables its own line and hands
 * the work to a task, which clears the device and enables the line. */
static enum ck_irq_ret h_defer_call(unsigned int line, void *arg)
{
	(void)arg;
	if (++calls >= STUCK_GIVE_UP)
		sim_irq_clear(line);
	sim_log(1);
	sim_log(ck_irq_disable(line));
	ck_sem_post(&sem);
	return CK_IRQ_HANDLED;
}

static enum ck_irq_ret h_defer_flag(unsigned int line, void *arg)
{
	(void)arg;
	if (++calls >= STUCK_GIVE_UP)
		sim_irq_clear(line);
	sim_log(1);
	ck_sem_post(&sem);
	return CK_IRQ_HANDLED | CK_IRQ_DISABLE;
}

static void body_bottom_half(void *arg)
{
	unsigned int line = (unsigned int)(uintptr_t)arg;

	for (int i = 0; i < 2; i++) {
		if (ck_sem_wait(&sem))
			return;
		sim_log(2);
		sim_irq_clear(line);
		sim_log(ck_irq_enable(line));
	}
}

static void run_deferred(ck_irq_fn fn)
{
	ck_sem_init(&sem, 0);
	assert_int_equal(ck_irq_attach(LINE_A, fn, NULL), 0);
	assert_int_equal(sim_task(&tk, 5, body_bottom_half, (void *)(uintptr_t)LINE_A), 0);
	sim_start();
	sim_irq_raise(LINE_A);
	sim_irq_raise(LINE_A);
	assert_stats(LINE_A, 2, 0, 0, 1);
}

static void handler_disables_own_line(void **state)
{
	(void)state;
	run_deferred(h_defer_call);
	/* one handler call per raise, though the device stayed asserted */
	assert_log(1, 0, 2, 0, 1, 0, 2, 0);
}

static void handler_returns_disable(void **state)
{
	(void)state;
	run_deferred(h_defer_flag);
	assert_log(1, 2, 0, 1, 2, 0);
}

static void unhandled_storm_disables_line(void **state)
{
	(void)state;
	sim_start();
	assert_int_equal(ck_irq_attach(LINE_A, h_stuck, NULL), 0);
	sim_irq_raise(LINE_A);
	assert_int_equal(calls, CK_IRQ_UNHANDLED_MAX);
	assert_false(sim_pic_unmasked(LINE_A));
	assert_false(sim_pic_routed_rt(LINE_A));
	assert_stats(LINE_A, CK_IRQ_UNHANDLED_MAX, CK_IRQ_UNHANDLED_MAX, 1, 0);
	console_drain();
	assert_non_null(strstr(sim_uart_output(),
			       "RT line 7: 16 interrupts in a row not handled, disabled"));
	/* still attached: enable takes it again, with a new run */
	assert_int_equal(ck_irq_enable(LINE_A), 0);
	assert_int_equal(calls, 2 * CK_IRQ_UNHANDLED_MAX);
	assert_stats(LINE_A, 2 * CK_IRQ_UNHANDLED_MAX, 2 * CK_IRQ_UNHANDLED_MAX, 2, 0);
	sim_irq_clear(LINE_A);
	assert_int_equal(ck_irq_detach(LINE_A), 0);
	assert_int_equal(ck_irq_attach(LINE_A, h_log, NULL), 0);
	sim_irq_raise(LINE_A);
	assert_log(LINE_A);
}

/* Unhandled interrupts with a handled one between every
 * CK_IRQ_UNHANDLED_MAX - 1: never a storm. */
static void unhandled_among_handled_not_masked(void **state)
{
	static enum ck_irq_ret runs[3 * CK_IRQ_UNHANDLED_MAX + 1];
	unsigned int n = 0, i;

	(void)state;
	for (int r = 0; r < 3; r++) {
		for (i = 0; i < CK_IRQ_UNHANDLED_MAX - 1; i++)
			runs[n++] = CK_IRQ_NONE;
		runs[n++] = CK_IRQ_HANDLED;
	}
	runs[n++] = CK_IRQ_NONE;    /* one alone after handled ones */
	script = runs;
	sim_start();
	assert_int_equal(ck_irq_attach(LINE_A, h_script, NULL), 0);
	for (i = 0; i < n; i++)
		sim_irq_raise(LINE_A);
	assert_int_equal(calls, n);
	assert_true(sim_pic_unmasked(LINE_A));
	assert_stats(LINE_A, n, 3 * (CK_IRQ_UNHANDLED_MAX - 1) + 1, 0, 1);
	console_drain();
	assert_null(strstr(sim_uart_output(), "not handled"));
}

/*
 * A PIC that hands out the lowest free RT slot (SH-4 INTC): a disabled
 * line's slot serves another line, and the entries follow the slots.
 */
static void slots_move_with_disable(void **state)
{
	const struct sim_config cfg = { .pic_slots_lowest_free = true };

	(void)state;
	sim_boot(&cfg);
	sim_start();
	assert_int_equal(sim_pic_slot(SIM_TIMER_LINE), 0);
	assert_int_equal(ck_irq_attach(LINE_A, h_log, (void *)100), 0);
	assert_int_equal(ck_irq_attach(LINE_B, h_log, (void *)200), 0);
	assert_int_equal(sim_pic_slot(LINE_A), 1);
	assert_int_equal(sim_pic_slot(LINE_B), 2);
	sim_irq_raise(LINE_A);
	assert_int_equal(ck_irq_disable(LINE_A), 0);
	/* slot 1 is free at the PIC: C takes it, A's entry moves away */
	assert_int_equal(ck_irq_attach(LINE_C, h_log, (void *)300), 0);
	assert_int_equal(sim_pic_slot(LINE_C), 1);
	sim_irq_raise(LINE_C);
	assert_int_equal(ck_irq_disable(LINE_B), 0);
	assert_int_equal(ck_irq_disable(LINE_C), 0);
	/* B gets slot 1 back where C's entry now waits: they swap */
	assert_int_equal(ck_irq_enable(LINE_B), 0);
	assert_int_equal(sim_pic_slot(LINE_B), 1);
	assert_int_equal(ck_irq_enable(LINE_A), 0);
	assert_int_equal(sim_pic_slot(LINE_A), 2);
	sim_irq_raise(LINE_A);
	sim_irq_raise(LINE_B);
	assert_int_equal(ck_irq_enable(LINE_C), 0);
	assert_int_equal(sim_pic_slot(LINE_C), 3);
	sim_irq_raise(LINE_C);
	assert_log(LINE_A + 100, LINE_C + 300, LINE_A + 100, LINE_B + 200, LINE_C + 300);
	/* the counters moved with their entries */
	assert_stats(LINE_A, 2, 0, 0, 1);
	assert_stats(LINE_B, 1, 0, 0, 1);
	assert_stats(LINE_C, 2, 0, 0, 1);
	assert_int_equal(ck_irq_detach(LINE_B), 0);
	assert_int_equal(sim_pic_slot(LINE_B), -1);
	assert_int_equal(ck_irq_attach(UNFREE_LINE, h_log, (void *)400), 0);
	assert_int_equal(sim_pic_slot(UNFREE_LINE), 1);
	sim_irq_raise(UNFREE_LINE);
	assert_log(LINE_A + 100, LINE_C + 300, LINE_A + 100, LINE_B + 200, LINE_C + 300,
		   UNFREE_LINE + 400);
}

/* The Linux boot window holds every RT line; attach releases those
 * enabled, a disabled one stays disabled. */
static void boot_window_keeps_disabled_lines(void **state)
{
	jmp_buf linux_entry;

	(void)state;
	guest_init();
	sim_linux_windows();
	assert_int_equal(ck_irq_attach(LINE_A, h_log, NULL), 0);
	assert_int_equal(ck_irq_attach(LINE_B, h_log, NULL), 0);
	assert_int_equal(ck_irq_disable(LINE_B), 0);
	sim_start();
	if (!setjmp(linux_entry)) {
		sim_on_boot_linux(&linux_entry);
		guest_boot_linux();
	}
	arch_rt_restore(0);
	assert_int_equal(ck_guest_page.attach(), 0);
	assert_true(sim_pic_unmasked(LINE_A));
	assert_false(sim_pic_unmasked(LINE_B));
	sim_irq_raise(LINE_B);
	sim_irq_raise(LINE_A);
	assert_log(LINE_A);
	assert_int_equal(ck_irq_enable(LINE_B), 0);
	assert_log(LINE_A, LINE_B);
}

static int setup(void **state)
{
	calls = 0;
	return sim_setup(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(detach_then_reattach, setup),
		cmocka_unit_test_setup(foreign_lines_refused, setup),
		cmocka_unit_test_setup(disable_enable_not_nesting, setup),
		cmocka_unit_test_setup(handler_disables_own_line, setup),
		cmocka_unit_test_setup(handler_returns_disable, setup),
		cmocka_unit_test_setup(unhandled_storm_disables_line, setup),
		cmocka_unit_test_setup(unhandled_among_handled_not_masked, setup),
		cmocka_unit_test_setup(slots_move_with_disable, setup),
		cmocka_unit_test_setup(boot_window_keeps_disabled_lines, setup),
	};

	return cmocka_run_group_tests_name("irq_api", tests, NULL, NULL);
}
