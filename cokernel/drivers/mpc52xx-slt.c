// SPDX-License-Identifier: MIT
/*
 * mpc52xx-slt.c - the MPC5200B slice timers (SLT0 at MBAR + 0x700, SLT1 at
 * + 0x710; MPC5200BUM ch. 7 "Slice timers"; layout and bits as RTEMS'
 * gen5200 BSP and the project's QEMU model qemu/patches/0022 use them:
 * TCR terminal count, CNTRL RW/INTEN/TIMEN, CVR count, TSR ST write 1 to
 * clear; a 24-bit down counter at the IPB clock, period TCR + 1 ticks).
 * Linux 6.1 has no driver for them, so the co-kernel takes both:
 *  - SLT0, the critical group's timer, is the one-shot RT clockevent: wait
 *    mode (RW = 0: it stops at the terminal count with ST set), interrupt
 *    on; the expiry holds the critical input until ack() clears ST;
 *  - SLT1, a main-group source, is the soft line into Linux (the vPIC's
 *    doorbell): raised by an expiry one tick away, cleared by stopping it.
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/mpc52xx-slt.h>

#define SLT_TCR 0x0u
#define SLT_CNTRL 0x4u
#define SLT_TSR 0xcu

#define CNTRL_RW 0x04000000u     /* run (1) / wait (0) at the terminal count */
#define CNTRL_INTEN 0x02000000u
#define CNTRL_TIMEN 0x01000000u
#define TSR_ST 0x01000000u

static uintptr_t slt_base(const struct ck_dev *dev, unsigned int n)
{
	return dev->va + MPC52XX_SLT_BASE + MPC52XX_SLT_OFF(n);
}

void mpc52xx_slt_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	uintptr_t b = slt_base(ev->dev, 0);

	mmio_write32(b + SLT_CNTRL, 0);
	mmio_write32(b + SLT_TCR, ticks - 1u);
	mmio_write32(b + SLT_CNTRL, CNTRL_TIMEN | CNTRL_INTEN);
}

void mpc52xx_slt_ack(const struct ck_clockevent *ev)
{
	uintptr_t b = slt_base(ev->dev, 0);

	mmio_write32(b + SLT_CNTRL, 0);
	mmio_write32(b + SLT_TSR, TSR_ST);
}

void mpc52xx_slt_stop(const struct ck_clockevent *ev)
{
	mpc52xx_slt_ack(ev);
}

void mpc52xx_slt1_raise(const struct ck_dev *dev)
{
	uintptr_t b = slt_base(dev, 1);

	mmio_write32(b + SLT_CNTRL, 0);
	mmio_write32(b + SLT_TCR, 0);
	mmio_write32(b + SLT_CNTRL, CNTRL_TIMEN | CNTRL_INTEN);
}

void mpc52xx_slt1_clear(const struct ck_dev *dev)
{
	uintptr_t b = slt_base(dev, 1);

	mmio_write32(b + SLT_CNTRL, 0);
	mmio_write32(b + SLT_TSR, TSR_ST);
}

void mpc52xx_slt_init(const struct ck_dev *dev)
{
	unsigned int n;

	for (n = 0; n < 2; n++) {
		mmio_write32(slt_base(dev, n) + SLT_CNTRL, 0);
		mmio_write32(slt_base(dev, n) + SLT_TSR, TSR_ST);
	}
}
