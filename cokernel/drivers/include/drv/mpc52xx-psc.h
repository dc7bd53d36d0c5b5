/* SPDX-License-Identifier: MIT */
/*
 * mpc52xx-psc.h - MPC5200B PSC in UART mode as the console
 * (drivers/mpc52xx-psc.c).
 */
#ifndef DRV_MPC52XX_PSC_H
#define DRV_MPC52XX_PSC_H

#include <stdbool.h>
#include <ck/hw.h>

/* PSC n (1..3) in the MBAR window (MPC5200BUM ch. 15: PSC1 at MBAR +
 * 0x2000, 0x200 apart) */
#define MPC52XX_PSC_OFF(n) (0x2000u + 0x200u * ((n) - 1u))

/* struct ck_uart ops: @uart->dev is the MBAR window; the console is
 * PSC1. Non-blocking; Context: any, RT masked by the console layer. */
int mpc52xx_psc_try_putc(const struct ck_uart *uart, char c);
int mpc52xx_psc_getc(const struct ck_uart *uart);

#define MPC52XX_PSC_UART_OPS .try_putc = mpc52xx_psc_try_putc, \
	.getc = mpc52xx_psc_getc

/**
 * mpc52xx_psc_init() - keep the boot loader's line settings (115200 8N1:
 * mode registers MR1/MR2, clock divider CTUR/CTLR), make sure receiver and
 * transmitter run (CR), raise RxRDY at one byte in the RX FIFO (its alarm,
 * as Linux's mpc52xx_uart.c sets it) and set the interrupt mask: the
 * receive interrupt (ISR RxRDY) only when @rx_irq.
 * Context: init, RT masked.
 */
void mpc52xx_psc_init(const struct ck_uart *uart, bool rx_irq);

#endif /* DRV_MPC52XX_PSC_H */
