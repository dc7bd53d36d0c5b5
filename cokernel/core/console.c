// SPDX-License-Identifier: MIT
/*
 * console.c - the serial console shared by RT lines and Linux's output,
 * switched between the two sides only at line boundaries (ck/console.h).
 *
 * RT side: a ring of fixed-size line slots. A producer (RT task or RT
 * handler) reserves a slot with the RT class masked for a few instructions,
 * copies its line with RT enabled and then marks the slot ready; a full
 * ring drops the line and counts it. There is one consumer, the root side
 * (console_drain, console_guest_write), which emits slots in order, each
 * as CK_CONSOLE_PREFIX + text + "\r\n". A slot reserved but not yet ready
 * (its producer was preempted while copying) holds the later lines back
 * until that producer runs again.
 *
 * UART state (root side only): @rt_pos > 0 while an RT line is half out;
 * @guest_mid_line while Linux's last byte was not '\n'. Both are never
 * true together: RT lines start only at a Linux line boundary, or after
 * the hold timeout broke Linux's line. A broken line (a shell prompt) is
 * printed again after the RT lines, its printable characters only (escape
 * sequences such as a cursor-position query must not be sent twice: the
 * terminal would answer into Linux's input).
 *
 * Stale lines: when the root side has not emitted a ready line for
 * CK_CONSOLE_STALE_NS (Linux starved, stuck with IRQs off, or dead), the
 * RT side becomes the consumer for a moment (console_rt_flush(), from the
 * RT watchdog's tick) and sends a few lines itself, unless it interrupted
 * the root side inside a consumer function (@root_busy).
 */
#include <ck/console.h>
#include "core.h"

#define CONSOLE_SLOTS 32u         /* power of two */
#define CONSOLE_LINE_BYTES 160u   /* longer lines are cut */
#define PREFIX_BYTES (sizeof(CK_CONSOLE_PREFIX) - 1)
#define EOL "\r\n"
#define EOL_BYTES (sizeof(EOL) - 1)
#define GLINE_BYTES 80u           /* Linux partial line kept for a reprint */
/* RT lines Linux's console_write emits at a line boundary, at most: it
 * runs with Linux's IRQs off and the UART may be slow (115200 baud: about
 * 14 ms a line); the rest goes out through the kick (console_drain). */
#define LINES_PER_GUEST_WRITE 2u
/* Lines one console_rt_flush() sends at most: bounds its RT time by
 * CONSOLE_RT_FLUSH_LINES * (prefix + 160 + 2) UART writes, and fewer when
 * the UART's FIFO fills (try_putc() never waits). */
#define CONSOLE_RT_FLUSH_LINES 4u

_Static_assert((CONSOLE_SLOTS & (CONSOLE_SLOTS - 1)) == 0,
	       "CONSOLE_SLOTS must be a power of two");

struct console_slot {
	volatile uint8_t ready;
	uint16_t len;
	char text[CONSOLE_LINE_BYTES];
};

static struct {
	const struct ck_uart *uart;
	struct console_slot slot[CONSOLE_SLOTS];
	volatile uint32_t head;      /* next slot to reserve (producers) */
	volatile uint32_t tail;      /* next slot to emit (consumer) */
	volatile uint32_t dropped;
	/* consumer (root side) state */
	uint32_t rt_pos;             /* bytes of slot[tail] already out */
	bool guest_mid_line;
	bool hold_armed;             /* RT waits for Linux's line to end */
	uint64_t hold_start_ns;
	void (*kick)(void);          /* tell a non-polling root side */
	/* Linux's unfinished line, for the reprint after a hold break */
	char gline[GLINE_BYTES];
	uint32_t gline_len;
	uint8_t gline_esc;           /* 0 text, 1 after ESC, 2 in ESC [ ... */
	bool reprint;                /* a broken line waits to be reprinted */
	uint32_t reprint_pos;
	/* RT side as the consumer of last resort (console_rt_flush) */
	volatile bool root_busy;     /* the root side is in a consumer function */
	uint32_t stale_tail;         /* tail when last looked at */
	uint64_t stale_since_ns;     /* since when it has not moved */
	uint32_t rt_lines;           /* lines the RT side sent */
} con;

static inline void compiler_barrier(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

void console_init(const struct ck_uart *uart)
{
	memset(&con, 0, sizeof(con));
	con.uart = uart;
}

int console_put_line(const char *line, size_t len)
{
	struct console_slot *s;
	ck_rtflags_t flags;

	if (len && line[len - 1] == '\n')
		len--;
	if (len > CONSOLE_LINE_BYTES)
		len = CONSOLE_LINE_BYTES;

	flags = arch_rt_mask();
	if (con.head - con.tail >= CONSOLE_SLOTS) {
		con.dropped++;
		arch_rt_restore(flags);
		return -CK_ENOSPC;
	}
	s = &con.slot[con.head % CONSOLE_SLOTS];
	con.head++;
	arch_rt_restore(flags);

	memcpy(s->text, line, len);
	s->len = (uint16_t)len;
	compiler_barrier();
	s->ready = 1;
	if (con.kick)
		con.kick();
	return 0;
}

void console_set_kick(void (*kick)(void))
{
	con.kick = kick;
}

uint32_t console_dropped(void)
{
	return con.dropped;
}

/* The slot to emit next, or NULL if none is ready. Consumer only. */
static struct console_slot *rt_next(void)
{
	struct console_slot *s;

	if (con.tail == con.head)
		return NULL;
	s = &con.slot[con.tail % CONSOLE_SLOTS];
	return s->ready ? s : NULL;
}

static char slot_byte(const struct console_slot *s, uint32_t pos)
{
	if (pos < PREFIX_BYTES)
		return CK_CONSOLE_PREFIX[pos];
	pos -= PREFIX_BYTES;
	return pos < s->len ? s->text[pos] : EOL[pos - s->len];
}

/*
 * Emit RT bytes while the UART takes them, finishing at most @max_lines
 * lines. Return: true when the RT side is at a line boundary (nothing half
 * out), false when the UART is full mid-line.
 */
static bool rt_emit(uint32_t max_lines)
{
	struct console_slot *s;

	while ((con.rt_pos || max_lines) && (s = rt_next())) {
		if (con.uart->try_putc(con.uart, slot_byte(s, con.rt_pos)))
			return false;
		if (++con.rt_pos == PREFIX_BYTES + s->len + EOL_BYTES) {
			s->ready = 0;
			compiler_barrier();
			con.tail++;
			con.rt_pos = 0;
			max_lines--;
		}
	}
	return true;
}

/*
 * Linux's line is unfinished and RT lines wait: start the hold, and once
 * it exceeds CK_CONSOLE_HOLD_NS end Linux's line. Return true when RT may
 * use the UART.
 */
static bool hold_check(void)
{
	uint64_t now;

	if (!con.guest_mid_line)
		return true;
	if (!rt_next())
		return false;
	now = ck_clock_now();
	if (!con.hold_armed) {
		con.hold_armed = true;
		con.hold_start_ns = now;
		return false;
	}
	if (now - con.hold_start_ns < CK_CONSOLE_HOLD_NS)
		return false;
	if (con.uart->try_putc(con.uart, '\r') || con.uart->try_putc(con.uart, '\n'))
		return false;   /* at worst a stray '\r'; retried next time */
	con.guest_mid_line = false;
	con.hold_armed = false;
	con.reprint = con.gline_len != 0;
	con.reprint_pos = 0;
	return true;
}

/* Put Linux's broken line back once the RT lines are out. Return false
 * while the UART is full. */
static bool reprint_emit(void)
{
	if (!con.reprint || con.rt_pos || rt_next())
		return true;
	while (con.reprint_pos < con.gline_len) {
		if (con.uart->try_putc(con.uart, con.gline[con.reprint_pos]))
			return false;
		con.reprint_pos++;
	}
	con.reprint = false;
	con.guest_mid_line = true;
	return true;
}

/* Keep the printable text of Linux's current line. */
static void gline_track(char c)
{
	if (c == '\n' || c == '\r') {
		con.gline_len = 0;
		con.gline_esc = 0;
	} else if (con.gline_esc == 1) {
		con.gline_esc = c == '[' ? 2 : 0;
	} else if (con.gline_esc == 2) {
		if (c >= 0x40 && c <= 0x7e)
			con.gline_esc = 0;   /* final byte of a CSI sequence */
	} else if (c == 0x1b) {
		con.gline_esc = 1;
	} else if (c == '\b') {
		if (con.gline_len)
			con.gline_len--;
	} else if (c >= 0x20 && c < 0x7f && con.gline_len < GLINE_BYTES) {
		con.gline[con.gline_len++] = c;
	}
}

/* RT lines the UART could not take yet: try again this much later. */
#define CONSOLE_RETRY_NS (1000ull * 1000)

static uint64_t drain(void)
{
	if (!con.uart || !rt_next())
		return 0;
	if (!hold_check())
		return con.hold_armed ? con.hold_start_ns + CK_CONSOLE_HOLD_NS
				      : ck_clock_now() + CONSOLE_RETRY_NS;
	if (!rt_emit(UINT32_MAX) || rt_next() || !reprint_emit())
		return ck_clock_now() + CONSOLE_RETRY_NS;
	return 0;
}

uint64_t console_drain(void)
{
	uint64_t again;

	con.root_busy = true;
	compiler_barrier();
	again = drain();
	compiler_barrier();
	con.root_busy = false;
	return again;
}

void console_root_reset(void)
{
	con.guest_mid_line = false;
	con.hold_armed = false;
	con.reprint = false;
	con.gline_len = 0;
	con.gline_esc = 0;
	compiler_barrier();
	con.root_busy = false;
}

void console_rt_flush(uint64_t now_ns)
{
	uint32_t before;

	if (!con.uart || con.root_busy || !rt_next() ||
	    con.tail != con.stale_tail) {
		con.stale_tail = con.tail;
		con.stale_since_ns = now_ns;
		return;
	}
	if (now_ns - con.stale_since_ns < CK_CONSOLE_STALE_NS)
		return;
	before = con.tail;
	if (hold_check()) {
		(void)rt_emit(CONSOLE_RT_FLUSH_LINES);
		(void)reprint_emit();
	}
	con.rt_lines += con.tail - before;
	con.stale_tail = con.tail;   /* still stale: the next tick goes on */
}

uint32_t console_rt_lines(void)
{
	return con.rt_lines;
}

static void uart_put_spin(char c)
{
	while (con.uart->try_putc(con.uart, c))
		;
}

static int guest_write(const char *buf, size_t len)
{
	size_t i;

	if (hold_check()) {
		/* a line boundary: waiting RT lines go first */
		while (!rt_emit(LINES_PER_GUEST_WRITE))
			;
	}
	while (!reprint_emit())
		;
	con.reprint = false;   /* RT lines still waiting: Linux goes on anyway */
	for (i = 0; i < len; i++) {
		uart_put_spin(buf[i]);
		gline_track(buf[i]);
		con.guest_mid_line = buf[i] != '\n';
		if (buf[i] == '\n') {
			con.hold_armed = false;
			while (!rt_emit(LINES_PER_GUEST_WRITE))
				;
		}
	}
	if (rt_next() && con.kick)
		con.kick();   /* the rest through the root side's drain */
	return (int)len;
}

int console_guest_write(const char *buf, size_t len)
{
	int n;

	if (!con.uart)
		return (int)len;
	if (len > INT32_MAX)
		len = INT32_MAX;
	con.root_busy = true;
	compiler_barrier();
	n = guest_write(buf, len);
	compiler_barrier();
	con.root_busy = false;
	return n;
}

int console_guest_read(char *buf, size_t len)
{
	size_t n = 0;
	int c;

	if (!con.uart || !con.uart->getc)
		return 0;
	while (n < len && n < INT32_MAX && (c = con.uart->getc(con.uart)) >= 0)
		buf[n++] = (char)c;
	return (int)n;
}

void console_raw_puts(const struct ck_uart *uart, const char *s)
{
	if (!uart)
		return;
	for (; *s; s++)
		while (uart->try_putc(uart, *s))
			;
}

void console_raw_puthex(const struct ck_uart *uart, uint32_t v)
{
	static const char hex[] = "0123456789abcdef";
	char buf[11];
	int i;

	buf[0] = '0';
	buf[1] = 'x';
	for (i = 0; i < 8; i++)
		buf[2 + i] = hex[(v >> (28 - 4 * i)) & 0xf];
	buf[10] = 0;
	console_raw_puts(uart, buf);
}
