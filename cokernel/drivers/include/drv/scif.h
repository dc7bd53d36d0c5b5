/* SPDX-License-Identifier: MIT */
/*
 * scif.h - SH7751R serial communication interface with FIFO (SCIF), the
 * co-kernel's console (and Linux's, through the hvc console ops). An
 * instance is a struct ck_uart with SCIF_UART_OPS and the ck_dev of its
 * registers (0xffe80000).
 */
#ifndef DRV_SCIF_H
#define DRV_SCIF_H

#include <stdint.h>
#include <ck/hw.h>

int scif_try_putc(const struct ck_uart *uart, char c);
int scif_getc(const struct ck_uart *uart);

#define SCIF_UART_OPS .try_putc = scif_try_putc, .getc = scif_getc

/**
 * scif_init() - transmitter and receiver on with the receive (and receive
 * error) interrupts enabled at the SCIF (their INTC line, RXI 0x720, stays
 * masked until Linux unmasks the console vIRQ); keeps the frame format
 * and baud rate the boot loader set (QEMU ignores them). Context: init,
 * @uart->dev->va mapped.
 */
void scif_init(const struct ck_uart *uart);

#endif /* DRV_SCIF_H */
