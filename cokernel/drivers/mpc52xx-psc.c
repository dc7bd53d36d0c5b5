// SPDX-License-Identifier: MIT
/*
 * mpc52xx-psc.c - an MPC5200B Programmable Serial Controller in UART mode
 * (MPC5200BUM ch. 15 "PSC"; register layout as Linux's
 * arch/powerpc/include/asm/mpc52xx_psc.h struct mpc52xx_psc; QEMU: the
 * project's qemu/patches/0024): the console of both sides, PSC1 on the
 * Lite5200B. The boot loader (U-Boot; QEMU's model at reset) leaves it
 * configured for 115200 8N1 with receiver and transmitter on, and the
 * co-kernel keeps that; output polled, input polled or through the
 * receive interrupt (ISR/IMR RxRDY, peripheral group source 1..3).
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/mpc52xx-psc.h>

/* the console PSC in the MBAR window: PSC1 (Lite5200B, TQM5200) */
#define PSC_CONSOLE MPC52XX_PSC_OFF(1)
#define PSC_SR 0x04u     /* R 16: status */
#define PSC_CR 0x08u     /* W 8: command */
#define PSC_RB 0x0cu     /* R 8: receive buffer (FIFO) */
#define PSC_TB 0x0cu     /* W 8: transmit buffer (FIFO) */
#define PSC_IMR 0x14u    /* W 16: interrupt mask */
#define PSC_RFALARM 0x6eu  /* RW 16: RX FIFO alarm (struct mpc52xx_psc_fifo) */

#define SR_RXRDY 0x0100u
#define SR_TXRDY 0x0400u
#define CR_RX_ENABLE 0x01u
#define CR_TX_ENABLE 0x04u
#define IMR_RXRDY 0x0200u  /* ISR/IMR RxRDY/FFULL in UART mode */

int mpc52xx_psc_try_putc(const struct ck_uart *uart, char c)
{
	if (!(mmio_read16(uart->dev->va + PSC_CONSOLE + PSC_SR) & SR_TXRDY))
		return -CK_EAGAIN;
	mmio_write8(uart->dev->va + PSC_CONSOLE + PSC_TB, (uint8_t)c);
	return 0;
}

int mpc52xx_psc_getc(const struct ck_uart *uart)
{
	if (!(mmio_read16(uart->dev->va + PSC_CONSOLE + PSC_SR) & SR_RXRDY))
		return -1;
	return mmio_read8(uart->dev->va + PSC_CONSOLE + PSC_RB);
}

void mpc52xx_psc_init(const struct ck_uart *uart, bool rx_irq)
{
	/* RxRDY (ISR) is the RX FIFO alarm: raised with one byte in the
	 * 512-byte FIFO at 0x1ff, as Linux's mpc52xx_uart.c sets it */
	mmio_write16(uart->dev->va + PSC_CONSOLE + PSC_RFALARM, 0x1ff);
	mmio_write8(uart->dev->va + PSC_CONSOLE + PSC_CR, CR_RX_ENABLE | CR_TX_ENABLE);
	mmio_write16(uart->dev->va + PSC_CONSOLE + PSC_IMR, rx_irq ? IMR_RXRDY : 0);
}
