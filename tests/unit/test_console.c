// SPDX-License-Identifier: MIT
/* test_console.c - console: prefix, line arbitration with Linux, hold timeout, drops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"

#define MS CK_NS_PER_MS
#define RING_LINES 32   /* console.c's ring depth */

static void put(const char *s)
{
	assert_int_equal(console_put_line(s, strlen(s)), 0);
}

static void guest(const char *s)
{
	assert_int_equal(console_guest_write(s, strlen(s)), (int)strlen(s));
}

static void prefix_and_order(void **state)
{
	(void)state;
	put("hello");
	put("world\n");   /* a trailing newline is not doubled */
	assert_int_equal(sim_uart_len(), 0);   /* queued, not yet out */
	console_drain();
	assert_string_equal(sim_uart_output(), "[ck] hello\r\n[ck] world\r\n");
	console_drain();
	assert_int_equal(sim_uart_len(), 24);
}

/* RT lines wait for the end of Linux's line. */
static void rt_waits_for_linux_line(void **state)
{
	(void)state;
	guest("abc");
	put("x");
	console_drain();
	assert_string_equal(sim_uart_output(), "abc");
	guest("def\nghi\n");
	assert_string_equal(sim_uart_output(), "abcdef\n[ck] x\r\nghi\n");
}

/* At a Linux line boundary, waiting RT lines go first. */
static void rt_first_at_boundary(void **state)
{
	(void)state;
	put("one");
	put("two");
	guest("linux\n");
	assert_string_equal(sim_uart_output(),
			    "[ck] one\r\n[ck] two\r\nlinux\n");
}

/* A prompt left open longer than the hold gets its line ended. */
static void hold_timeout_breaks_linux_line(void **state)
{
	(void)state;
	sim_start();
	guest("# ");
	put("tick");
	console_drain();   /* starts the hold */
	sim_run_until(CK_CONSOLE_HOLD_NS - 1);
	console_drain();
	assert_string_equal(sim_uart_output(), "# ");
	sim_run_until(CK_CONSOLE_HOLD_NS + 1);
	console_drain();
	/* the broken prompt comes back after the RT line */
	assert_string_equal(sim_uart_output(), "# \r\n[ck] tick\r\n# ");
	guest("ls\n");
	assert_string_equal(sim_uart_output(), "# \r\n[ck] tick\r\n# ls\n");
}

static int kicks;

static void count_kick(void)
{
	kicks++;
}

/* A non-polling root side (Linux) is kicked per queued line, and the drain
 * says when to come back: the end of the hold, then nothing. */
static void kick_and_retry_time(void **state)
{
	(void)state;
	sim_start();
	kicks = 0;
	console_set_kick(count_kick);
	assert_int_equal(console_drain(), 0);   /* nothing queued */
	guest("# ");
	put("tick");
	assert_int_equal(kicks, 1);
	assert_int_equal(console_drain(), CK_CONSOLE_HOLD_NS);
	sim_run_until(CK_CONSOLE_HOLD_NS / 2);
	assert_int_equal(console_drain(), CK_CONSOLE_HOLD_NS);
	assert_string_equal(sim_uart_output(), "# ");
	sim_run_until(CK_CONSOLE_HOLD_NS);
	assert_int_equal(console_drain(), 0);
	assert_string_equal(sim_uart_output(), "# \r\n[ck] tick\r\n# ");
	/* the prompt is back, so the next RT line waits for a new hold */
	put("tock");
	assert_int_equal(kicks, 2);
	assert_int_equal(console_drain(), 2 * CK_CONSOLE_HOLD_NS);
	sim_run_until(2 * CK_CONSOLE_HOLD_NS);
	assert_int_equal(console_drain(), 0);
	assert_string_equal(sim_uart_output(),
			    "# \r\n[ck] tick\r\n# \r\n[ck] tock\r\n# ");
	console_set_kick(NULL);
}

/* The hold also ends inside Linux's own write once it expired. */
static void hold_timeout_in_guest_write(void **state)
{
	(void)state;
	sim_start();
	guest("slow");
	put("rt");
	console_drain();
	sim_run_until(CK_CONSOLE_HOLD_NS);
	guest("er");
	/* Linux's broken line is put back before it goes on */
	assert_string_equal(sim_uart_output(), "slow\r\n[ck] rt\r\nslower");
}

/* Escape sequences of Linux's line (ash asks for the cursor position) are
 * not replayed: the terminal would answer into Linux's input. */
static void reprint_skips_escape_sequences(void **state)
{
	(void)state;
	sim_start();
	guest("/ # \x1b[6n");
	put("note");
	console_drain();
	sim_run_until(CK_CONSOLE_HOLD_NS);
	console_drain();
	assert_string_equal(sim_uart_output(),
			    "/ # \x1b[6n\r\n[ck] note\r\n/ # ");
}

/* A full FIFO stops the drain mid-line; Linux waits for that line's end. */
static void no_interleave_with_full_fifo(void **state)
{
	const struct sim_config cfg = { .uart_fifo = 4, .uart_autodrain = true };

	(void)state;
	sim_boot(&cfg);
	put("abcdefgh");
	console_drain();
	assert_string_equal(sim_uart_output(), "[ck]");
	console_drain();   /* FIFO still full: nothing more */
	assert_string_equal(sim_uart_output(), "[ck]");
	sim_uart_fifo_empty();
	console_drain();
	assert_string_equal(sim_uart_output(), "[ck] abc");
	guest("LINUX\n");
	assert_string_equal(sim_uart_output(), "[ck] abcdefgh\r\nLINUX\n");
}

/*
 * Many small Linux writes and RT lines mixed, drained with a tiny FIFO:
 * every output line must be one whole RT line or one whole Linux line.
 */
static void mixed_stream_lines_intact(void **state)
{
	const struct sim_config cfg = { .uart_fifo = 3, .uart_autodrain = true };
	char line[32], *out, *save = NULL;
	int rt = 0, lx = 0;

	(void)state;
	sim_boot(&cfg);
	for (int i = 0; i < 40; i++) {
		snprintf(line, sizeof(line), "rt-%02d", i);
		put(line);
		if (i % 3 == 0) {
			console_drain();
			sim_uart_fifo_empty();
		}
		guest("lx-");
		console_drain();
		snprintf(line, sizeof(line), "%02d\n", i);
		guest(line);
	}
	console_drain();
	out = strdup(sim_uart_output());
	assert_non_null(out);
	for (char *l = strtok_r(out, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		int n = -1;

		if (sscanf(l, "[ck] rt-%d\r", &n) == 1 && strlen(l) == 11) {
			assert_int_equal(n, rt++);
		} else {
			assert_int_equal(sscanf(l, "lx-%d", &n), 1);
			assert_int_equal(strlen(l), 5);
			assert_int_equal(n, lx++);
		}
	}
	free(out);
	assert_int_equal(rt, 40);
	assert_int_equal(lx, 40);
}

static void full_ring_drops_whole_lines(void **state)
{
	char line[16];

	(void)state;
	for (int i = 0; i < RING_LINES; i++) {
		snprintf(line, sizeof(line), "%d", i);
		put(line);
	}
	for (int i = 0; i < 3; i++)
		assert_int_equal(console_put_line("lost", 4), -CK_ENOSPC);
	assert_int_equal(console_dropped(), 3);
	console_drain();
	assert_null(strstr(sim_uart_output(), "lost"));
	assert_non_null(strstr(sim_uart_output(), "[ck] 31\r\n"));
	/* room again once drained */
	put("back");
	console_drain();
	assert_non_null(strstr(sim_uart_output(), "[ck] 31\r\n[ck] back\r\n"));
	assert_int_equal(console_dropped(), 3);
}

static void long_line_is_cut(void **state)
{
	char big[400];

	(void)state;
	memset(big, 'q', sizeof(big));
	assert_int_equal(console_put_line(big, sizeof(big)), 0);
	console_drain();
	assert_int_equal(sim_uart_len(), 5 + 160 + 2);
}

/* fault reports: straight to the UART, past the ring, spinning on a full
 * FIFO (autodrain empties it for a spinning caller); no UART: no-op */
static void raw_output_bypasses_the_ring(void **state)
{
	(void)state;
	assert_int_equal(console_put_line("queued", 6), 0);
	console_raw_puts(sim_board.uart, "FATAL ");
	console_raw_puthex(sim_board.uart, 0xc0ffee01u);
	assert_string_equal(sim_uart_output(), "FATAL 0xc0ffee01");
	console_raw_puts(NULL, "nowhere");
	console_raw_puthex(NULL, 1);
	assert_string_equal(sim_uart_output(), "FATAL 0xc0ffee01");
	console_drain();
	assert_string_equal(sim_uart_output(), "FATAL 0xc0ffee01[ck] queued\r\n");
}

static void guest_read(void **state)
{
	char buf[8];

	(void)state;
	sim_uart_input("hi!");
	assert_int_equal(console_guest_read(buf, 2), 2);
	assert_memory_equal(buf, "hi", 2);
	assert_int_equal(console_guest_read(buf, sizeof(buf)), 1);
	assert_int_equal(buf[0], '!');
	assert_int_equal(console_guest_read(buf, sizeof(buf)), 0);
}

static void body_print(void *arg)
{
	ck_printf("task %ld", (long)(intptr_t)arg);
}

/* Lines from tasks come out whole and in the order they were queued. */
static void lines_from_tasks(void **state)
{
	static struct ck_task tk[3];

	(void)state;
	for (int i = 0; i < 3; i++)
		sim_task(&tk[i], 10 - i, body_print, (void *)(intptr_t)i);
	guest("boot: ");
	sim_start();
	guest("ok\n");
	/* Linux's write (IRQs off) takes at most 2 RT lines with it */
	assert_string_equal(sim_uart_output(),
			    "boot: ok\n[ck] task 0\r\n[ck] task 1\r\n");
	assert_int_equal(console_drain(), 0);
	assert_string_equal(sim_uart_output(),
			    "boot: ok\n[ck] task 0\r\n[ck] task 1\r\n"
			    "[ck] task 2\r\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(prefix_and_order, sim_setup),
		cmocka_unit_test_setup(rt_waits_for_linux_line, sim_setup),
		cmocka_unit_test_setup(rt_first_at_boundary, sim_setup),
		cmocka_unit_test_setup(hold_timeout_breaks_linux_line, sim_setup),
		cmocka_unit_test_setup(hold_timeout_in_guest_write, sim_setup),
		cmocka_unit_test_setup(kick_and_retry_time, sim_setup),
		cmocka_unit_test_setup(reprint_skips_escape_sequences, sim_setup),
		cmocka_unit_test_setup(no_interleave_with_full_fifo, sim_setup),
		cmocka_unit_test_setup(mixed_stream_lines_intact, sim_setup),
		cmocka_unit_test_setup(full_ring_drops_whole_lines, sim_setup),
		cmocka_unit_test_setup(long_line_is_cut, sim_setup),
		cmocka_unit_test_setup(guest_read, sim_setup),
		cmocka_unit_test_setup(raw_output_bypasses_the_ring, sim_setup),
		cmocka_unit_test_setup(lines_from_tasks, sim_setup),
	};

	return cmocka_run_group_tests_name("console", tests, NULL, NULL);
}
