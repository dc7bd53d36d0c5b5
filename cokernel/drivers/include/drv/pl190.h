/* SPDX-License-Identifier: MIT */
/* pl190.h - ARM PrimeCell PL190 vectored interrupt controller (VIC) driver. */
#ifndef DRV_PL190_H
#define DRV_PL190_H

#include <stdint.h>
#include <ck/hw.h>

/** Register base (VA); the board sets it, the guest hand-over rewrites it. */
extern uintptr_t pl190_base;

/** The PIC ops (32 lines; RT class = FIQ, normal class = IRQ). */
extern const struct ck_pic pl190_pic;

/**
 * pl190_init() - every line disabled, routed to IRQ, soft bits cleared.
 * Context: init, RT masked.
 */
void pl190_init(void);

#endif /* DRV_PL190_H */
