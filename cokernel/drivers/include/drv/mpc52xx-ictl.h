/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-ictl.h - the MPC5200B interrupt controller as the co-kernel's
 * PIC (drivers/mpc52xx-ictl.c). @pic->dev is the MBAR window (the ICTL
 * at MPC52XX_ICTL_OFF in it, the slice timers at MPC52XX_SLT_BASE: the
 * soft line is slice timer 1).
 */
#ifndef DRV_MPC52XX_ICTL_H
#define DRV_MPC52XX_ICTL_H

#include <stdint.h>
#include <ck/hw.h>

#define MPC52XX_ICTL_OFF 0x500u
/* line numbers: critical 0-3, main 0-16, peripheral 0-23 */
#define MPC52XX_ICTL_MAIN0 4u
#define MPC52XX_ICTL_PER0 21u
#define MPC52XX_ICTL_NR_LINES 45u
#define MPC52XX_ICTL_LINE_SLT0 1u
#define MPC52XX_ICTL_LINE_IRQ0 0u
/* slice timer 1, main source 0: the soft line into Linux */
#define MPC52XX_ICTL_SOFT_LINE MPC52XX_ICTL_MAIN0
/* PSC1, peripheral source 1 */
#define MPC52XX_ICTL_LINE_PSC1 (MPC52XX_ICTL_PER0 + 1u)

/* struct ck_pic ops (ck/hw.h gives each one's contract and context) */
int mpc52xx_ictl_route_rt(const struct ck_pic *pic, unsigned int line);
void mpc52xx_ictl_route_normal(const struct ck_pic *pic, unsigned int line);
void mpc52xx_ictl_mask(const struct ck_pic *pic, unsigned int line);
void mpc52xx_ictl_unmask(const struct ck_pic *pic, unsigned int line);
uint32_t mpc52xx_ictl_pending_rt(const struct ck_pic *pic);
int mpc52xx_ictl_next_normal(const struct ck_pic *pic, unsigned int from);
void mpc52xx_ictl_soft_raise(const struct ck_pic *pic, unsigned int line);
void mpc52xx_ictl_soft_clear(const struct ck_pic *pic, unsigned int line);

#define MPC52XX_ICTL_PIC_OPS                                             \
	.nr_lines = MPC52XX_ICTL_NR_LINES,                               \
	.route_rt = mpc52xx_ictl_route_rt,                               \
	.route_normal = mpc52xx_ictl_route_normal,                       \
	.mask = mpc52xx_ictl_mask, .unmask = mpc52xx_ictl_unmask,        \
	.pending_rt = mpc52xx_ictl_pending_rt,                           \
	.next_normal = mpc52xx_ictl_next_normal,                         \
	.soft_raise = mpc52xx_ictl_soft_raise,                           \
	.soft_clear = mpc52xx_ictl_soft_clear

/**
 * mpc52xx_ictl_init() - every source masked (but LO_int, through which
 * each unmasked peripheral source reaches the core's int), priorities set
 * (slice timer 0 the most urgent critical source, every peripheral below
 * HI), IRQ0-3
 * off, critical group to the core's critical interrupt (CEb = 0), both
 * slice timers stopped. Context: init, RT masked.
 */
void mpc52xx_ictl_init(const struct ck_pic *pic);

#endif /* DRV_MPC52XX_ICTL_H */
