/* SPDX-License-Identifier: MIT */
/*
 * aic.h - Atmel AT91 Advanced Interrupt Controller (AIC) driver: 32
 * sources, RT class = nFIQ (source 0, the FIQ pin, always; any other
 * source through fast forcing, AIC_FFER), normal class = nIRQ. An
 * instance is a struct ck_pic with AIC_PIC_OPS and the ck_dev of its
 * registers (0x200 bytes).
 *
 * The AIC's priority controller (AIC_IVR, the 8-level stack, AIC_EOICR) is
 * never used: nIRQ stays asserted while a normal-class source is pending
 * and enabled, as a level, and next_normal() reads the pending set
 * (AIC_IPR & AIC_IMR without the fast-forced sources). A line's RT slot
 * (ck/hw.h) is its number.
 */
#ifndef DRV_AIC_H
#define DRV_AIC_H

#include <stdint.h>
#include <ck/hw.h>

#define AIC_NR_LINES 32u

int aic_route_rt(const struct ck_pic *pic, unsigned int line);
void aic_route_normal(const struct ck_pic *pic, unsigned int line);
void aic_mask(const struct ck_pic *pic, unsigned int line);
void aic_unmask(const struct ck_pic *pic, unsigned int line);
uint32_t aic_pending_rt(const struct ck_pic *pic);
int aic_next_normal(const struct ck_pic *pic, unsigned int from);
void aic_soft_raise(const struct ck_pic *pic, unsigned int line);
void aic_soft_clear(const struct ck_pic *pic, unsigned int line);

/* The ops and size of an AIC instance: struct ck_pic x = { .name = ..,
 * .dev = .., AIC_PIC_OPS }. */
#define AIC_PIC_OPS                                                     \
	.nr_lines = AIC_NR_LINES, .route_rt = aic_route_rt,             \
	.route_normal = aic_route_normal, .mask = aic_mask,             \
	.unmask = aic_unmask, .pending_rt = aic_pending_rt,             \
	.next_normal = aic_next_normal, .soft_raise = aic_soft_raise,   \
	.soft_clear = aic_soft_clear

/**
 * aic_init() - every source of @pic disabled, not fast-forced, cleared;
 * the sources in @edge_lines (bit n = source n) edge-triggered, the
 * others level-sensitive (an internal source: high level; the external
 * FIQ and IRQ0-2 pins: low level), all at priority 0; the priority
 * stack emptied (eight AIC_EOICR writes, as Linux 6.1's
 * drivers/irqchip/irq-atmel-aic.c does at init: a loader may have left it
 * pushed), protect mode and the general mask off.
 * Only an edge source can be raised by software (aic_soft_raise()), so
 * @edge_lines must hold the doorbell line and any soft RT line; a line a
 * device drives must keep the type its device needs (the AT91 peripherals'
 * lines are high levels).
 * Source: AIC chapter, [SAM9G20 §26.7.1, §26.7.3, §26.8, same AIC].
 * Context: init, RT masked, @pic->dev->va mapped.
 */
void aic_init(const struct ck_pic *pic, uint32_t edge_lines);

#endif /* DRV_AIC_H */
