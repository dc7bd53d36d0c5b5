// SPDX-License-Identifier: MIT
/*
 * ns16550.c - NS16550-compatible UART, byte-wide registers at consecutive
 * addresses (the MPC85xx DUART channels, MPC8544ERM chapter "DUART"; QEMU
 * hw/char/serial.c behind serial_mm_init with regshift 0, big-endian): the
 * console of both sides; output polled, input raises the receive interrupt.
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/ns16550.h>

#define UART_RBR 0u      /* R 8: receive buffer (LCR[DLAB] = 0) */
#define UART_THR 0u      /* W 8: transmit holding */
#define UART_IER 1u      /* RW 8: interrupt enable */
#define UART_FCR 2u      /* W 8: FIFO control */
#define UART_LCR 3u      /* RW 8: line control */
#define UART_LSR 5u      /* R 8: line status */

#define IER_ERBFI 0x01u  /* received data available */
#define FCR_ENABLE 0x01u
#define FCR_CLR_RX 0x02u
#define FCR_CLR_TX 0x04u
#define LCR_8N1 0x03u
#define LSR_DR 0x01u     /* data ready */
#define LSR_THRE 0x20u   /* transmit holding register empty */

int ns16550_try_putc(const struct ck_uart *uart, char c)
{
	if (!(mmio_read8(uart->dev->va + UART_LSR) & LSR_THRE))
		return -CK_EAGAIN;
	mmio_write8(uart->dev->va + UART_THR, (uint8_t)c);
	return 0;
}

int ns16550_getc(const struct ck_uart *uart)
{
	if (!(mmio_read8(uart->dev->va + UART_LSR) & LSR_DR))
		return -1;
	return mmio_read8(uart->dev->va + UART_RBR);
}

/* The receive interrupt is level while data is ready (RBR read clears it). */
void ns16550_init(const struct ck_uart *uart)
{
	mmio_write8(uart->dev->va + UART_IER, 0);
	mmio_write8(uart->dev->va + UART_LCR, LCR_8N1);
	mmio_write8(uart->dev->va + UART_FCR, FCR_ENABLE | FCR_CLR_RX | FCR_CLR_TX);
	mmio_write8(uart->dev->va + UART_IER, IER_ERBFI);
}
