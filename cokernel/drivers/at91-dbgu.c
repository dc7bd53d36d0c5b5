// SPDX-License-Identifier: MIT
/*
 * at91-dbgu.c - Atmel AT91 Debug Unit (DBGU): a two-pin UART, the console
 * of both sides, polled. Register map: the "Debug Unit (DBGU)" chapter of
 * the AT91SAM9260 datasheet (Atmel 6221), read in the SAM9G20 datasheet
 * (DS60001516A), whose DBGU is the same block [SAM9G20, same DBGU]. QEMU model: qemu/patches/0016
 * (hw/char/atmel_usart.c with the dbgu property).
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <ck/ck.h>
#include <drv/at91-dbgu.h>

/* Debug Unit User Interface */
#define DBGU_CR 0x000u          /* WO: control */
#define DBGU_IDR 0x00cu         /* WO: interrupt disable */
#define DBGU_SR 0x014u          /* RO: status */
#define DBGU_RHR 0x018u         /* RO 8: receive holding */
#define DBGU_THR 0x01cu         /* WO 8: transmit holding */
#define DBGU_PTCR 0x120u        /* WO: PDC transfer control (PDC chapter) */

#define CR_RXEN (1u << 4)
#define CR_TXEN (1u << 6)
#define CR_RSTSTA (1u << 8)     /* clears PARE, FRAME, OVRE */
#define SR_RXRDY (1u << 0)
#define SR_TXRDY (1u << 1)
#define PTCR_RXTDIS (1u << 1)
#define PTCR_TXTDIS (1u << 9)

int at91_dbgu_try_putc(const struct ck_uart *uart, char c)
{
	if (!(mmio_read32(uart->dev->va + DBGU_SR) & SR_TXRDY))
		return -CK_EAGAIN;
	mmio_write32(uart->dev->va + DBGU_THR, (uint8_t)c);
	return 0;
}

int at91_dbgu_getc(const struct ck_uart *uart)
{
	if (!(mmio_read32(uart->dev->va + DBGU_SR) & SR_RXRDY))
		return -1;
	return (int)(mmio_read32(uart->dev->va + DBGU_RHR) & 0xffu);
}

void at91_dbgu_init(const struct ck_uart *uart)
{
	uintptr_t base = uart->dev->va;

	mmio_write32(base + DBGU_IDR, ~0u);
	mmio_write32(base + DBGU_PTCR, PTCR_RXTDIS | PTCR_TXTDIS);
	mmio_write32(base + DBGU_CR, CR_RXEN | CR_TXEN | CR_RSTSTA);
	mmio_wmb();
}
