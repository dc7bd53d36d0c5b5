/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-slt.h - the MPC5200B slice timers (drivers/mpc52xx-slt.c): SLT0
 * the RT clockevent, SLT1 the soft line into Linux. @dev is the MBAR
 * window: SLT0 at MBAR + 0x700, SLT1 at + 0x710.
 */
#ifndef DRV_MPC52XX_SLT_H
#define DRV_MPC52XX_SLT_H

#include <stdint.h>
#include <ck/hw.h>

#define MPC52XX_SLT_BASE 0x700u
#define MPC52XX_SLT_OFF(n) (0x10u * (n))
/* the counter is 24 bits: a period of at most 2^24 ticks */
#define MPC52XX_SLT_MAX_TICKS 0x01000000u

/* struct ck_clockevent ops for SLT0 (@ev->dev: the MBAR window).
 * set_next: @ticks 1..MPC52XX_SLT_MAX_TICKS of the IPB clock from now
 * (TCR = ticks - 1). ack: stop and clear ST, which drops the critical
 * input. Context: RT masked. */
void mpc52xx_slt_set_next(const struct ck_clockevent *ev, uint32_t ticks);
void mpc52xx_slt_ack(const struct ck_clockevent *ev);
void mpc52xx_slt_stop(const struct ck_clockevent *ev);

#define MPC52XX_SLT_OPS .set_next = mpc52xx_slt_set_next, \
	.ack = mpc52xx_slt_ack, .stop = mpc52xx_slt_stop, \
	.max_ticks = MPC52XX_SLT_MAX_TICKS

/* SLT1 as a software-raisable main-group source: raise = an expiry one
 * tick away (ST then stays set), clear = stop and clear ST.
 * Context: RT masked. */
void mpc52xx_slt1_raise(const struct ck_dev *dev);
void mpc52xx_slt1_clear(const struct ck_dev *dev);

/** mpc52xx_slt_init() - both timers stopped, ST clear. Context: init. */
void mpc52xx_slt_init(const struct ck_dev *dev);

#endif /* DRV_MPC52XX_SLT_H */
