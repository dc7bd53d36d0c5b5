/* SPDX-License-Identifier: MIT */
/*
 * at91-dbgu.h - Atmel AT91 Debug Unit (DBGU) UART driver (the co-kernel's
 * console, shared with Linux through the vPIC's console ops). Polled both
 * ways: its interrupts stay off at the device, so it asserts nothing on
 * the AIC line it shares (the AT91SAM9260's SYS line, source 1). An
 * instance is a struct ck_uart with AT91_DBGU_UART_OPS and the ck_dev of
 * its registers (0x200 bytes).
 */
#ifndef DRV_AT91_DBGU_H
#define DRV_AT91_DBGU_H

#include <stdint.h>
#include <ck/hw.h>

/**
 * at91_dbgu_try_putc() - put @c in the transmit holding register if it is
 * free (DBGU_SR.TXRDY). Return: 0, or -CK_EAGAIN when it is still full.
 * Context: any.
 */
int at91_dbgu_try_putc(const struct ck_uart *uart, char c);

/**
 * at91_dbgu_getc() - the received character (DBGU_RHR; reading it clears
 * DBGU_SR.RXRDY). Return: 0..255, or -1 when none is waiting.
 * Context: any.
 */
int at91_dbgu_getc(const struct ck_uart *uart);

#define AT91_DBGU_UART_OPS .try_putc = at91_dbgu_try_putc, .getc = at91_dbgu_getc

/**
 * at91_dbgu_init() - every DBGU interrupt off (DBGU_IDR), its PDC
 * channels stopped, receiver and transmitter on, error flags cleared;
 * the mode and baud rate stay as the loader set them (DBGU_MR, DBGU_BRGR).
 * Source: "Debug Unit (DBGU)" chapter of the AT91SAM9260 datasheet
 * [SAM9G20, same DBGU].
 * Context: init, @uart->dev->va mapped.
 */
void at91_dbgu_init(const struct ck_uart *uart);

#endif /* DRV_AT91_DBGU_H */
