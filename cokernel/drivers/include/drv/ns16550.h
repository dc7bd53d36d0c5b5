/* SPDX-License-Identifier: MIT */
/* ns16550.h - NS16550-compatible UART with byte registers (e500 DUART). */
#ifndef DRV_NS16550_H
#define DRV_NS16550_H

#include <stdint.h>
#include <ck/hw.h>

/** Register base (VA) of the UART channel; set by the board. */
extern uintptr_t ns16550_base;

/** The UART ops: non-blocking put/get. */
extern const struct ck_uart ns16550_uart;

/**
 * ns16550_init() - 8N1, FIFOs on and cleared, only the receive-data
 * interrupt on (its PIC line stays masked until Linux unmasks
 * CK_VIRQ_CONSOLE); keeps the divisor the firmware set. Context: init.
 */
void ns16550_init(void);

#endif /* DRV_NS16550_H */
