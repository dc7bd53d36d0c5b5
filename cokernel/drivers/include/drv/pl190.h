/* SPDX-License-Identifier: MIT */
/*
 * pl190.h - ARM PrimeCell PL190 vectored interrupt controller (VIC) driver:
 * 32 lines, RT class = FIQ, normal class = IRQ. An instance is a struct
 * ck_pic with PL190_PIC_OPS and the ck_dev of its registers.
 */
#ifndef DRV_PL190_H
#define DRV_PL190_H

#include <stdint.h>
#include <ck/hw.h>

#define PL190_NR_LINES 32u

int pl190_route_rt(const struct ck_pic *pic, unsigned int line);
void pl190_route_normal(const struct ck_pic *pic, unsigned int line);
void pl190_mask(const struct ck_pic *pic, unsigned int line);
void pl190_unmask(const struct ck_pic *pic, unsigned int line);
uint32_t pl190_pending_rt(const struct ck_pic *pic);
int pl190_next_normal(const struct ck_pic *pic, unsigned int from);
void pl190_soft_raise(const struct ck_pic *pic, unsigned int line);
void pl190_soft_clear(const struct ck_pic *pic, unsigned int line);

/* The ops and size of a PL190 instance: struct ck_pic x = { .name = ..,
 * .dev = .., PL190_PIC_OPS }. */
#define PL190_PIC_OPS                                                   \
	.nr_lines = PL190_NR_LINES, .route_rt = pl190_route_rt,         \
	.route_normal = pl190_route_normal, .mask = pl190_mask,         \
	.unmask = pl190_unmask, .pending_rt = pl190_pending_rt,         \
	.next_normal = pl190_next_normal, .soft_raise = pl190_soft_raise, \
	.soft_clear = pl190_soft_clear

/**
 * pl190_init() - every line of @pic disabled, routed to IRQ, soft bits
 * cleared. Context: init, RT masked, @pic->dev->va mapped.
 */
void pl190_init(const struct ck_pic *pic);

#endif /* DRV_PL190_H */
