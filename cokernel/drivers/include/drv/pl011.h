/* SPDX-License-Identifier: MIT */
/* pl011.h - ARM PrimeCell PL011 UART (the co-kernel's console). */
#ifndef DRV_PL011_H
#define DRV_PL011_H

#include <stdint.h>
#include <ck/hw.h>

/** Register base (VA); set by the board, rewritten at hand-over. */
extern uintptr_t pl011_base;

/** The UART ops: non-blocking put/get. */
extern const struct ck_uart pl011_uart;

/**
 * pl011_init() - enable the UART, transmitter and receiver, with only the
 * receive and receive-timeout interrupts on (their PIC line stays masked
 * until Linux unmasks CK_VIRQ_CONSOLE); keeps the baud rate the firmware
 * set. Context: init.
 */
void pl011_init(void);

#endif /* DRV_PL011_H */
