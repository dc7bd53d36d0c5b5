/* SPDX-License-Identifier: MIT */
/*
 * ns16550.h - NS16550-compatible UART with byte registers (e500 DUART). An
 * instance is a struct ck_uart with NS16550_UART_OPS and the ck_dev of its
 * registers (one per DUART channel).
 */
#ifndef DRV_NS16550_H
#define DRV_NS16550_H

#include <stdint.h>
#include <ck/hw.h>

int ns16550_try_putc(const struct ck_uart *uart, char c);
int ns16550_getc(const struct ck_uart *uart);

#define NS16550_UART_OPS .try_putc = ns16550_try_putc, .getc = ns16550_getc

/**
 * ns16550_init() - @uart 8N1, FIFOs on and cleared, only the receive-data
 * interrupt on (its PIC line stays masked until Linux unmasks the console
 * vIRQ); keeps the divisor the firmware set. Context: init.
 */
void ns16550_init(const struct ck_uart *uart);

#endif /* DRV_NS16550_H */
