/* SPDX-License-Identifier: MIT */
/*
 * sh-tmu.h - SH7751R timer unit (TMU) driver: channel 2 of the TMU0-2
 * block is the RT clocksource (free-running 32-bit down counter, read
 * complemented), channel 3 of the TMU3/4 block the RT clockevent (level
 * 15), channel 4 the soft line into Linux (drv/sh-intc.h). Linux keeps
 * channels 0 and 1; the co-kernel owns TSTR2 (channels 3 and 4) and
 * writes TSTR (channels 0-2) once, at boot, before Linux runs.
 * Instances: a struct ck_clocksource with SH_TMU_CLOCK_OPS on the TMU0-2
 * block's ck_dev, a struct ck_clockevent with SH_TMU_EVENT_OPS on the
 * TMU3/4 block's.
 */
#ifndef DRV_SH_TMU_H
#define DRV_SH_TMU_H

#include <stdint.h>
#include <ck/hw.h>

/**
 * sh_tmu_init() - start channel 2 of the TMU0-2 block at @tmu012 counting
 * down at Pphi/4, no interrupt, never stopped, reload 0xffffffff, with
 * @first_wrap_ticks (0: 2^32) to its first underflow: the
 * clocksource's first wrap, which a short first count brings into every
 * boot's first seconds (as Linux's INITIAL_JIFFIES does for jiffies);
 * then every 2^32 ticks. Stop channels 3 and 4 of the block at @tmu34,
 * their underflow interrupts enabled at the timer (the INTC level masks
 * them), reload 0xffffffff.
 * Context: init, before Linux, the windows mapped.
 */
void sh_tmu_init(const struct ck_dev *tmu012, const struct ck_dev *tmu34,
		 uint32_t first_wrap_ticks);

/** sh_tmu_clock_read() - channel 2's count, counting up. Context: any. */
uint32_t sh_tmu_clock_read(const struct ck_clocksource *cs);

/** sh_tmu_event_set_next() - channel 3 underflows @ticks (>= 1) from now. Context: RT masked. */
void sh_tmu_event_set_next(const struct ck_clockevent *ev, uint32_t ticks);

/** sh_tmu_event_ack() - clear channel 3's underflow flag. Context: RT interrupt. */
void sh_tmu_event_ack(const struct ck_clockevent *ev);

/** sh_tmu_event_stop() - stop channel 3 and clear its flag. Context: RT masked. */
void sh_tmu_event_stop(const struct ck_clockevent *ev);

/**
 * sh_tmu_soft_raise() - raise the soft line: channel 4 of @tmu34
 * underflows one tick from now and its flag stays set (its interrupt
 * pending) until sh_tmu_soft_clear(). A one-tick count (TCNT 0: the
 * underflow is the next tick, §12) is the one way to raise an SH7751R
 * interrupt by software (the INTC has no request register).
 * Context: RT masked.
 */
void sh_tmu_soft_raise(const struct ck_dev *tmu34);

/** sh_tmu_soft_clear() - stop channel 4 and clear its flag. Context: RT masked. */
void sh_tmu_soft_clear(const struct ck_dev *tmu34);

#define SH_TMU_CLOCK_OPS .read = sh_tmu_clock_read, .mask = 0xffffffffu
#define SH_TMU_EVENT_OPS                                                  \
	.max_ticks = 0xffffffffu, .set_next = sh_tmu_event_set_next,      \
	.ack = sh_tmu_event_ack, .stop = sh_tmu_event_stop

#endif /* DRV_SH_TMU_H */
