// SPDX-License-Identifier: MIT
/*
 * test_console_flush.c - RT console lines reach the UART from the RT side
 * when the root side (Linux) has not drained them for CK_CONSOLE_STALE_NS,
 * a few lines per watchdog tick, and are counted; lines the root side
 * drains in time never go out twice.
 */
#include <string.h>
#include "sim_test.h"
#include <ck/fault.h>

#define MS CK_NS_PER_MS

static struct ck_timer pacer;

static void pacer_fn(struct ck_timer *t)
{
	(void)t;
}

static void start(void)
{
	ck_timer_init(&pacer, pacer_fn, NULL);
	assert_int_equal(ck_timer_start(&pacer, 10 * MS, 10 * MS), 0);
	sim_start();
	sim_uart_clear();
}

static void stale_lines_go_out_from_the_rt_side(void **state)
{
	(void)state;
	start();
	ck_printf("stale one");
	ck_printf("stale two");
	sim_run_until(CK_CONSOLE_STALE_NS - 50 * MS);
	assert_int_equal(sim_uart_len(), 0);     /* still the root's to send */
	sim_run_until(CK_CONSOLE_STALE_NS + 100 * MS);
	assert_non_null(strstr(sim_uart_output(), "[ck] stale one\r\n[ck] stale two\r\n"));
	assert_int_equal(console_rt_lines(), 2);
}

static void a_flush_sends_at_most_four_lines(void **state)
{
	(void)state;
	start();
	for (int i = 0; i < 10; i++)
		ck_printf("line %d", i);
	/* the first tick after the lines turned stale: 4 of them */
	sim_run_until(CK_CONSOLE_STALE_NS + CK_WATCHDOG_TICK_NS + 20 * MS);
	assert_true(console_rt_lines() >= 4);
	assert_true(console_rt_lines() <= 8);
	sim_run_until(CK_CONSOLE_STALE_NS + 200 * MS);
	assert_int_equal(console_rt_lines(), 10);
	assert_non_null(strstr(sim_uart_output(), "[ck] line 9\r\n"));
}

static void drained_lines_are_not_sent_again(void **state)
{
	(void)state;
	start();
	ck_printf("root drains this");
	sim_run_until(100 * MS);
	assert_int_equal(console_drain(), 0);
	sim_run_until(CK_CONSOLE_STALE_NS + 200 * MS);
	assert_string_equal(sim_uart_output(), "[ck] root drains this\r\n");
	assert_int_equal(console_rt_lines(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(stale_lines_go_out_from_the_rt_side, sim_setup),
		cmocka_unit_test_setup(a_flush_sends_at_most_four_lines, sim_setup),
		cmocka_unit_test_setup(drained_lines_are_not_sent_again, sim_setup),
	};

	return cmocka_run_group_tests_name("console_flush", tests, NULL, NULL);
}
