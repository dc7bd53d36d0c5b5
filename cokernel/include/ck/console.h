/* SPDX-License-Identifier: MIT */
/*
 * console.h - the one serial console shared by the co-kernel and Linux.
 *
 * The co-kernel owns the UART. RT-side output (ck_printf) is queued as whole
 * lines prefixed "[ck] " in a bounded ring (never blocks, drops whole lines
 * when full and counts them). Linux's console output arrives through the
 * guest page's console_write(). The UART only ever switches between the two
 * sides at a line boundary; if Linux leaves a line unfinished (a shell
 * prompt) for longer than CK_CONSOLE_HOLD_NS while RT lines wait, the
 * console ends Linux's line with a newline first, like printk's continuation
 * rule, and resumes it on a fresh line afterwards.
 */
#ifndef CK_CONSOLE_H
#define CK_CONSOLE_H

#include <stddef.h>
#include <stdint.h>
#include <ck/hw.h>

#define CK_CONSOLE_PREFIX "[ck] "
#define CK_CONSOLE_HOLD_NS (200ull * 1000 * 1000)
/* An RT line the root side has not emitted for this long goes out from
 * the RT side (console_rt_flush()). */
#define CK_CONSOLE_STALE_NS (500ull * 1000 * 1000)

/** console_init() - use @uart from now on. Context: init. */
void console_init(const struct ck_uart *uart);

/**
 * console_put_line() - queue one RT-side line (the prefix and a trailing
 * "\r\n" are added here; one trailing '\n' in @line is dropped; lines over
 * 160 bytes are cut). Return 0, or -CK_ENOSPC when the ring is full
 * (the line is dropped and counted). Context: any; wait-free, bounded by @len.
 */
int console_put_line(const char *line, size_t len);

/**
 * console_drain() - move queued RT lines to the UART while it has room.
 * Return: 0 when nothing waits any more, else the time (ns, monotonic
 * clock) at which to call it again: lines held behind Linux's unfinished
 * line until the hold expires, or a full UART.
 * Context: root (co-kernel idle loop, or Linux via the guest ops); it is
 * the only consumer, callers serialise it (Linux calls it with IRQs off).
 */
uint64_t console_drain(void);

/**
 * console_root_reset() - the root side left Linux for good (a restart,
 * core/restart.c), perhaps in the middle of a consumer function: forget
 * its unfinished state (busy flag, Linux's half line and its hold), so
 * that console_drain() goes on from the next whole RT line.
 * Context: root, the restart's fresh frame.
 */
void console_root_reset(void);

/**
 * console_set_kick() - have @kick called whenever an RT line is queued, so
 * a root side that does not poll (Linux) is asked to run console_drain().
 * @kick: runs in the producer's context (RT task or RT interrupt); must be
 * short and wait-free. NULL: no kick (the co-kernel's idle loop polls).
 * Context: init, or RT masked.
 */
void console_set_kick(void (*kick)(void));

/**
 * console_guest_write() - Linux-side console output (guest op).
 * Return: bytes taken. Context: Linux, IRQs off.
 */
int console_guest_write(const char *buf, size_t len);

/** console_guest_read() - console input for Linux; returns bytes read. */
int console_guest_read(char *buf, size_t len);

/** console_dropped() - RT lines dropped so far because the ring was full. */
uint32_t console_dropped(void);

/**
 * console_rt_flush() - the RT side's look at the console at @now_ns: when
 * the oldest ready line has waited CK_CONSOLE_STALE_NS without the root side
 * emitting anything, send up to 4 lines to the UART from here (breaking
 * Linux's unfinished line as the hold rule says), unless the RT interrupt
 * came while the root side was inside console_drain() or
 * console_guest_write(). Never waits for the UART.
 * Context: RT interrupt (the RT watchdog's timer), RT masked.
 */
void console_rt_flush(uint64_t now_ns);

/** console_rt_lines() - lines console_rt_flush() sent so far. */
uint32_t console_rt_lines(void);

/**
 * console_raw_puts() - write @s to @uart directly, spinning while its FIFO
 * is full, bypassing the ring: for fault reports, when the ring may be
 * what broke (the arches pass ck_board.uart, usable from bsp_init() on).
 * @uart may be NULL (no UART: nothing is written).
 * Context: any, exception entry included.
 */
void console_raw_puts(const struct ck_uart *uart, const char *s);

/** console_raw_puthex() - console_raw_puts() of @v as "0x%08x". */
void console_raw_puthex(const struct ck_uart *uart, uint32_t v);

#endif /* CK_CONSOLE_H */
