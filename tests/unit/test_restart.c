// SPDX-License-Identifier: MIT
/*
 * test_restart.c - Linux's life as the RT side sees it (core/restart.c):
 * the heartbeat watchdog declares Linux down exactly when the heartbeat
 * has been still for watchdog_ms (or never moved within boot_timeout_ms
 * of its entry), never while it beats, and only at a look where the root
 * runs; down() logs the reason, clamps one Linux made up, and a Linux
 * already down is not logged twice. The host
 * sim cannot restart Linux (arch_guest_restartable() is the weak 0), so
 * each down ends with "not restarted" and the log entry.
 */
#include <string.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include "sim_test.h"
#include "../../cokernel/core/vpic.h"

static struct ck_guest_page *gp = &ck_guest_page;

static int setup(void **state)
{
	(void)state;
	if (sim_guest_up())
		return -1;
	gp->heartbeat = 0;
	guest_entered();
	return 0;
}

/* the watchdog's look with the root running (every RT task waiting), or
 * with an RT task between wait points */
static void watch_in(uint64_t ns, bool rt_idle)
{
	ck_rtflags_t f = arch_rt_mask();

	guest_watch(ns, rt_idle);
	arch_rt_restore(f);
}

static void watch_at(uint64_t ns)
{
	watch_in(ns, true);
}

/* The console's RT lines so far (they wait for the root side's drain). */
static const char *console(void)
{
	console_drain();
	return sim_uart_output();
}

static uint64_t ms(uint32_t n)
{
	return (uint64_t)n * CK_NS_PER_MS;
}

static void no_first_beat_is_a_boot_down(void **state)
{
	uint64_t t0 = ck_clock_now();

	(void)state;
	watch_at(t0 + ms(gp->boot_timeout_ms) - 1);
	assert_int_equal(gp->down_log[0].reason, 0);
	watch_at(t0 + ms(gp->boot_timeout_ms));
	assert_int_equal(gp->down_log[0].reason, CK_DOWN_BOOT);
	assert_int_equal(gp->down_log[0].up_ms, gp->boot_timeout_ms);
	assert_int_equal(gp->restarts, 0);
	assert_non_null(strstr(console(), "not restarted"));
	/* down for good here: a late beat or a later look logs nothing */
	gp->heartbeat++;
	watch_at(t0 + ms(3 * gp->boot_timeout_ms));
	assert_int_equal(gp->down_log[1].reason, 0);
}

static void a_still_heartbeat_is_a_hang(void **state)
{
	uint64_t t = ck_clock_now() + ms(5);

	(void)state;
	gp->heartbeat++;
	watch_at(t);              /* the first beat: Linux is up */
	watch_at(t + ms(gp->watchdog_ms) - 1);
	assert_int_equal(gp->down_log[0].reason, 0);
	watch_at(t + ms(gp->watchdog_ms));
	assert_int_equal(gp->down_log[0].reason, CK_DOWN_HANG);
}

/* The down moves the IPC region and the device windows to the
 * co-kernel's boot addresses: an RT task interrupted inside a channel
 * operation would go on with Linux's. So Linux is declared down only at a
 * look where the root runs; the beats seen meanwhile still count. */
static void a_hang_waits_for_the_rt_tasks_to_wait(void **state)
{
	uint64_t t = ck_clock_now() + ms(5);

	(void)state;
	gp->heartbeat++;
	watch_at(t);
	watch_in(t + ms(gp->watchdog_ms), false);
	watch_in(t + ms(2 * gp->watchdog_ms), false);
	assert_int_equal(gp->down_log[0].reason, 0);
	assert_null(strstr(console(), "Linux down"));
	gp->heartbeat++;          /* a beat seen while RT is busy counts */
	watch_in(t + ms(2 * gp->watchdog_ms) + 1, false);
	watch_at(t + ms(3 * gp->watchdog_ms));
	assert_int_equal(gp->down_log[0].reason, 0);
	watch_at(t + ms(3 * gp->watchdog_ms) + 1);
	assert_int_equal(gp->down_log[0].reason, CK_DOWN_HANG);
}

static void a_beating_linux_is_never_down(void **state)
{
	uint64_t t = ck_clock_now();
	unsigned int i;

	(void)state;
	/* beats further apart than the boot timeout would allow, each
	 * within the watchdog time */
	for (i = 0; i < 100; i++) {
		t += ms(gp->watchdog_ms) - 1;
		gp->heartbeat += 7;
		watch_at(t);
	}
	assert_int_equal(gp->down_log[0].reason, 0);
	assert_null(strstr(console(), "Linux down"));
}

static void down_clamps_the_reason_and_logs_once(void **state)
{
	(void)state;
	gp->down(99);             /* not a CK_DOWN_*: counts as a panic */
	assert_int_equal(gp->down_log[0].reason, CK_DOWN_PANIC);
	gp->down(CK_DOWN_RESTART);   /* already down */
	assert_int_equal(gp->down_log[0].reason, CK_DOWN_PANIC);
	assert_int_equal(gp->down_log[1].reason, 0);
	assert_non_null(strstr(console(), "Linux panicked"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(no_first_beat_is_a_boot_down, setup),
		cmocka_unit_test_setup(a_still_heartbeat_is_a_hang, setup),
		cmocka_unit_test_setup(a_hang_waits_for_the_rt_tasks_to_wait, setup),
		cmocka_unit_test_setup(a_beating_linux_is_never_down, setup),
		cmocka_unit_test_setup(down_clamps_the_reason_and_logs_once, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
