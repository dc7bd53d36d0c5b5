// SPDX-License-Identifier: MIT
/*
 * pl011.c - ARM PrimeCell PL011 UART (ARM DDI0183G §3): the console of both
 * sides; output polled, input raises the receive interrupt. QEMU model: hw/char/pl011.c (transmits even with UARTEN
 * clear, notes/arm926.md §1).
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/pl011.h>

#define UART_DR 0x000u          /* RW 8: data (read: + 4 error bits) */
#define UART_FR 0x018u          /* RO 9: flags */
#define UART_CR 0x030u          /* RW 16: control */
#define UART_IMSC 0x038u        /* RW 11: interrupt mask set/clear */
#define UART_ICR 0x044u         /* WO 11: interrupt clear */
#define IMSC_RXIM 0x010u        /* receive interrupt */
#define IMSC_RTIM 0x040u        /* receive timeout interrupt (FIFO mode) */

#define FR_RXFE 0x10u           /* receive FIFO empty */
#define FR_TXFF 0x20u           /* transmit FIFO full */
#define CR_UARTEN 0x001u
#define CR_TXE 0x100u
#define CR_RXE 0x200u

int pl011_try_putc(const struct ck_uart *uart, char c)
{
	if (mmio_read32(uart->dev->va + UART_FR) & FR_TXFF)
		return -CK_EAGAIN;
	mmio_write32(uart->dev->va + UART_DR, (uint8_t)c);
	return 0;
}

int pl011_getc(const struct ck_uart *uart)
{
	if (mmio_read32(uart->dev->va + UART_FR) & FR_RXFE)
		return -1;
	return (int)(mmio_read32(uart->dev->va + UART_DR) & 0xffu);
}

/*
 * Receive interrupts are on at the device: their PIC line is the board's
 * uart_rx_line, masked until Linux unmasks its console vIRQ. The level drops
 * when the receive FIFO is read empty (DDI0183G §3.4.11, UARTRXINTR).
 */
void pl011_init(const struct ck_uart *uart)
{
	mmio_write32(uart->dev->va + UART_IMSC, 0);
	mmio_write32(uart->dev->va + UART_ICR, 0x7ffu);
	mmio_write32(uart->dev->va + UART_CR, CR_UARTEN | CR_TXE | CR_RXE);
	mmio_write32(uart->dev->va + UART_IMSC, IMSC_RXIM | IMSC_RTIM);
}
