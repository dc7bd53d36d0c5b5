/* SPDX-License-Identifier: MIT */
/*
 * sp804.h - ARM SP804 dual timer driver: the first timer of a block is an
 * RT event timer (one-shot), the second a free-running RT clocksource. An
 * instance pair is a struct ck_clocksource with SP804_CLOCK_OPS and a
 * struct ck_clockevent with SP804_EVENT_OPS, both on the block's ck_dev.
 */
#ifndef DRV_SP804_H
#define DRV_SP804_H

#include <stdint.h>
#include <ck/hw.h>

/**
 * sp804_init() - stop the event timer of the block at @dev and start its
 * clocksource counter (free-running, 32 bit, no prescaler, no interrupt).
 * Context: init, @dev->va mapped.
 */
void sp804_init(const struct ck_dev *dev);

/** sp804_clock_read() - clocksource count, counting up (complement). Context: any. */
uint32_t sp804_clock_read(const struct ck_clocksource *cs);

/** sp804_event_set_next() - fire once @ticks (>= 1) from now. Context: RT masked. */
void sp804_event_set_next(const struct ck_clockevent *ev, uint32_t ticks);

/** sp804_event_ack() - clear the event timer's interrupt. Context: RT interrupt. */
void sp804_event_ack(const struct ck_clockevent *ev);

/** sp804_event_stop() - disable the event timer and its interrupt output. */
void sp804_event_stop(const struct ck_clockevent *ev);

#define SP804_CLOCK_OPS .read = sp804_clock_read, .mask = 0xffffffffu
#define SP804_EVENT_OPS                                                 \
	.max_ticks = 0xffffffffu, .set_next = sp804_event_set_next,     \
	.ack = sp804_event_ack, .stop = sp804_event_stop

#endif /* DRV_SP804_H */
