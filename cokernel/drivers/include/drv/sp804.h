/* SPDX-License-Identifier: MIT */
/*
 * sp804.h - ARM SP804 dual timer driver: the first timer of the block is the
 * RT event timer (one-shot), the second the free-running RT clocksource.
 */
#ifndef DRV_SP804_H
#define DRV_SP804_H

#include <stdint.h>

/** Register base (VA) of the SP804 block; set by the board, rewritten at hand-over. */
extern uintptr_t sp804_base;

/**
 * sp804_init() - stop the event timer and start the clocksource counter
 * (free-running, 32 bit, no prescaler, no interrupt). Context: init.
 */
void sp804_init(void);

/** sp804_clock_read() - clocksource count, counting up (complement). Context: any. */
uint32_t sp804_clock_read(void);

/** sp804_event_set_next() - fire once @ticks (>= 1) from now. Context: RT masked. */
void sp804_event_set_next(uint32_t ticks);

/** sp804_event_ack() - clear the event timer's interrupt. Context: RT interrupt. */
void sp804_event_ack(void);

/** sp804_event_stop() - disable the event timer and its interrupt output. */
void sp804_event_stop(void);

#endif /* DRV_SP804_H */
