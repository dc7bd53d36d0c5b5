// SPDX-License-Identifier: MIT
/*
 * scif.c - SH7751R SCIF: the console of both sides; output polled, input
 * raises the receive interrupt. Sources: SH7751/SH7751R Hardware Manual
 * (REJ09B0370) §16 "Serial Communication Interface with FIFO": 16-byte
 * FIFOs, SCFDR2 counts (transmit bits 12-8, receive bits 4-0), SCFSR2
 * flags cleared by writing 0 after reading 1. QEMU's model:
 * hw/char/sh_serial.c (transmits at once; SCFDR2 reads the receive count).
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/scif.h>

#define SCIF_SCSCR2 0x08u       /* RW 16: serial control */
#define SCIF_SCFTDR2 0x0cu      /* W 8: transmit FIFO data */
#define SCIF_SCFSR2 0x10u       /* RW 16: status (write 0 clears) */
#define SCIF_SCFRDR2 0x14u      /* R 8: receive FIFO data */
#define SCIF_SCFDR2 0x1cu       /* R 16: FIFO data counts */

#define SCSCR2_RIE 0x40u        /* receive (and error) interrupts */
#define SCSCR2_TE 0x20u
#define SCSCR2_RE 0x10u
#define SCSCR2_REIE 0x08u
#define SCFSR2_KEEP_RX 0xfcu    /* write: clear RDF (1) and DR (0), keep the rest */
#define SCFDR2_TX(v) (((v) >> 8) & 0x1fu)
#define SCFDR2_RX(v) ((v) & 0x1fu)
#define SCIF_FIFO_BYTES 16u

int scif_try_putc(const struct ck_uart *uart, char c)
{
	if (SCFDR2_TX(mmio_read16(uart->dev->va + SCIF_SCFDR2)) >= SCIF_FIFO_BYTES)
		return -CK_EAGAIN;
	mmio_write8(uart->dev->va + SCIF_SCFTDR2, (uint8_t)c);
	return 0;
}

/* The receive interrupt's level drops once RDF and DR are cleared with
 * the FIFO read below its trigger (§16.4). */
int scif_getc(const struct ck_uart *uart)
{
	uintptr_t base = uart->dev->va;
	int c;

	if (!SCFDR2_RX(mmio_read16(base + SCIF_SCFDR2)))
		return -1;
	c = mmio_read8(base + SCIF_SCFRDR2);
	(void)mmio_read16(base + SCIF_SCFSR2);
	mmio_write16(base + SCIF_SCFSR2, SCFSR2_KEEP_RX);
	return c;
}

void scif_init(const struct ck_uart *uart)
{
	mmio_write16(uart->dev->va + SCIF_SCSCR2,
		     SCSCR2_TE | SCSCR2_RE | SCSCR2_RIE | SCSCR2_REIE);
}
