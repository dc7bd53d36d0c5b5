/* SPDX-License-Identifier: MIT */
/*
 * pl011.h - ARM PrimeCell PL011 UART (the co-kernel's console). An instance
 * is a struct ck_uart with PL011_UART_OPS and the ck_dev of its registers.
 */
#ifndef DRV_PL011_H
#define DRV_PL011_H

#include <stdint.h>
#include <ck/hw.h>

int pl011_try_putc(const struct ck_uart *uart, char c);
int pl011_getc(const struct ck_uart *uart);

#define PL011_UART_OPS .try_putc = pl011_try_putc, .getc = pl011_getc

/**
 * pl011_init() - enable @uart, its transmitter and receiver, with only the
 * receive and receive-timeout interrupts on (their PIC line stays masked
 * until Linux unmasks the console vIRQ); keeps the baud rate the firmware
 * set. Context: init, @uart->dev->va mapped.
 */
void pl011_init(const struct ck_uart *uart);

#endif /* DRV_PL011_H */
