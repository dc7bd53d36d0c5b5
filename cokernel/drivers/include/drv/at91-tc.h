/* SPDX-License-Identifier: MIT */
/*
 * at91-tc.h - Atmel AT91 Timer Counter (TC) block driver: the block's
 * three 16-bit channels as the RT clock pair. Channels 0 and 1 chained
 * (channel 1 clocked through XC1 by channel 0's TIOA, which rises as
 * channel 0 wraps) are a free-running 32-bit clocksource at MCK/2;
 * channel 2 is the one-shot event timer on the RT class, at MCK/2, up to
 * 65535 ticks ahead. An instance pair is a struct ck_clocksource with
 * AT91_TC_CLOCK_OPS and a struct ck_clockevent with AT91_TC_EVENT_OPS,
 * both on the block's ck_dev; the event's line is the AIC source of the
 * block's channel 2 (TC block 1 of the AT91SAM9260: source 28).
 * Both count TIMER_CLOCK1 = MCK/2: their .hz is the board's MCK / 2.
 */
#ifndef DRV_AT91_TC_H
#define DRV_AT91_TC_H

#include <stdint.h>
#include <ck/hw.h>

/* The event channel's largest count: its counter is 16 bits wide. */
#define AT91_TC_EVENT_MAX_TICKS 0xffffu

/**
 * at91_tc_first_wrap_ticks() - when the 32-bit clock first wraps after
 * at91_tc_init(dev, @ticks) started it: @ticks rounded up to a whole
 * number of wraps of channel 0 (65536 ticks), from 2 of them (131072
 * ticks, the least) to 65536 (0 asks for that: 2^32).
 * Return: ticks of MCK/2 from the start. Context: any.
 */
uint64_t at91_tc_first_wrap_ticks(uint32_t ticks);

/**
 * at91_tc_init() - the TC block at @dev as the RT clock pair: every
 * channel stopped, interrupts off, flags cleared; channel 2 in waveform
 * mode stopping at RC compare (its RC compare interrupt enabled at the
 * channel; the AIC masks it until the core unmasks the line); channels 0
 * and 1 chained and counting, channel 1 first brought to the count that
 * puts the clock's first wrap at91_tc_first_wrap_ticks(@first_wrap_ticks)
 * from the start (0: the whole 2^32 ticks, 86.5 s at MCK 99.328 MHz), by
 * clocking it from channel 0's TIOA toggled every other tick: a busy wait
 * of up to 4 ticks of MCK/2 per count (5.3 ms at the most), at boot only.
 * The peripheral clocks of the block's channels must be on (PMC_PCER,
 * the board's part: drv/at91-pmc.h).
 * Source: "Timer Counter (TC)" chapter of the AT91SAM9260 datasheet
 * [SAM9G20 ch. 33, same TC]; the chaining as Linux 6.1's
 * drivers/clocksource/timer-atmel-tcb.c sets it up.
 * Context: init, RT masked, @dev->va mapped.
 */
void at91_tc_init(const struct ck_dev *dev, uint32_t first_wrap_ticks);

/**
 * at91_tc_clock_read() - the 32-bit count (channel 1 : channel 0): three
 * register reads, a fourth when channel 0 wrapped between them.
 * Context: any.
 */
uint32_t at91_tc_clock_read(const struct ck_clocksource *cs);

/** at91_tc_event_set_next() - RC compare of channel 2 @ticks (1..65535) from now. Context: RT masked. */
void at91_tc_event_set_next(const struct ck_clockevent *ev, uint32_t ticks);

/** at91_tc_event_ack() - clear channel 2's RC compare flag (TC_SR read). Context: RT interrupt. */
void at91_tc_event_ack(const struct ck_clockevent *ev);

/** at91_tc_event_stop() - stop channel 2 and clear its flags: no interrupt until set_next. Context: RT masked. */
void at91_tc_event_stop(const struct ck_clockevent *ev);

#define AT91_TC_CLOCK_OPS .read = at91_tc_clock_read, .mask = 0xffffffffu
#define AT91_TC_EVENT_OPS                                                 \
	.max_ticks = AT91_TC_EVENT_MAX_TICKS,                             \
	.set_next = at91_tc_event_set_next, .ack = at91_tc_event_ack,     \
	.stop = at91_tc_event_stop

#endif /* DRV_AT91_TC_H */
