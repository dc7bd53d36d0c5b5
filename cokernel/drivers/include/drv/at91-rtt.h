/* SPDX-License-Identifier: MIT */
/*
 * at91-rtt.h - Atmel AT91SAM9260 Real-time Timer (RTT): the co-kernel never
 * uses it; it only quiets its interrupts once at boot, before Linux, in
 * place of Linux's own AIC driver, which does the same natively and does
 * not bind under the co-kernel.
 */
#ifndef DRV_AT91_RTT_H
#define DRV_AT91_RTT_H

#include <ck/hw.h>

/**
 * at91_rtt_irqs_off() - clear the alarm and increment interrupt enables of
 * the RTT at @dev (RTT_MR ALMIEN, bit 16, and RTTINCIEN, bit 17), keeping
 * its prescaler (RTPRES, bits 15:0) and not restarting it (RTTRST, bit 18,
 * written 0). A loader may leave one on: the RTT shares the SYS line (AIC
 * source 1) with Linux's PIT, and Linux, which binds no RTT driver
 * there, would take the RTT's level as an interrupt nobody handles and
 * disable the line, its timer with it. Linux 6.1 does this in its AIC
 * driver (drivers/irqchip/irq-atmel-aic.c:217-219 at91sam9260 fixup,
 * irq-atmel-aic-common.c:168-188). Source: "Real-time Timer (RTT)"
 * chapter of the AT91SAM9260 datasheet (Atmel 6221), RTT_MR, read in the
 * SAM9G20 datasheet (DS60001516A) [SAM9G20, same block].
 * Context: init, @dev->va mapped.
 */
void at91_rtt_irqs_off(const struct ck_dev *dev);

#endif /* DRV_AT91_RTT_H */
