// SPDX-License-Identifier: MIT
/*
 * mpc52xx-ictl.c - the MPC5200B interrupt controller (ICTL, MBAR + 0x500;
 * MPC5200BUM §7.2; register layout Linux's asm/mpc52xx.h struct
 * mpc52xx_intr, read as Linux's arch/powerpc/platforms/52xx/mpc52xx_pic.c
 * does; QEMU: the project's qemu/patches/0021). The co-kernel owns it.
 *
 * Lines: the critical group's sources 0-3 are lines 0-3 (IRQ0, slice
 * timer 0, HI_int, CCS wake-up), the main group's 0-16 lines 4-20 (slice
 * timer 1, IRQ1-3, LO_int, RTC, GPIO, GPT0-7), the peripheral group's
 * 0-23 lines 21-44 (BestComm, PSC1-3, ...), as Linux's device tree
 * numbers them within each group.
 *
 * Classes: ctrl CEb = 0 sends the critical group to the core's critical
 * interrupt (the RT class, MSR[CE]); the main group, and the peripheral
 * group through LO_int, go to its external interrupt (Linux's class,
 * MSR[EE]). RT-capable lines: IRQ0 and slice timer 0, the critical
 * sources software controls. A peripheral source of priority 8 or more
 * would reach the critical group through HI_int (§7.2.4.2), and BestComm
 * always does: every peripheral priority is kept below 8 and BestComm
 * stays masked.
 * Pending: the encoded status register (§7.2.4.9), one read: the highest
 * pending critical source (CSe), main (MSe) and peripheral (PSe).
 */
#include <stdint.h>
#include <ck/ck.h>
#include <arch/mmio.h>
#include <drv/mpc52xx-ictl.h>
#include <drv/mpc52xx-slt.h>

#define ICTL_PER_MASK 0x00u     /* 1 masks peripheral n at bit 31 - n */
#define ICTL_PER_PRI(i) (0x04u + 4u * (i))  /* 4-bit priorities, 8 a word */
#define ICTL_CTRL 0x10u
#define ICTL_MAIN_MASK 0x14u    /* critical priorities (31-24), main mask (16 - n) */
#define ICTL_MAIN_PRI(i) (0x18u + 4u * (i))
#define ICTL_ENC_STATUS 0x24u
#define ICTL_MAIN_STATUS 0x2cu  /* main n pending at bit 16 - n */
#define ICTL_PER_STATUS 0x30u   /* peripheral n pending at bit 31 - n */

#define CTRL_ECLR_ALL 0x0f000000u   /* clear IRQ0-3 edges (W1C) */
#define CTRL_MEE 0x00001000u
#define CTRL_EENA(n) (0x800u >> (n))
#define CTRL_CEB 0x00000001u

#define ENC_CSE 0x00000400u
#define ENC_CSE_SRC(v) (((v) >> 8) & 3u)

#define PER_MASK_ALL 0xffffff00u
#define MAIN_MASK_ALL 0x0001ffffu
#define MAIN_LO_INT (0x10000u >> 4)    /* main source 4 */
/* critical priorities, 2 bits each at 31-2n (source n): slice timer 0
 * highest (3), IRQ0 next (2), HI_int and wake-up lowest */
#define CRIT_PRI ((2u << 30) | (3u << 28))

#define CRIT_IRQ0 0u
#define CRIT_SLT0 1u

/* the RT slot of each critical source (lower = more urgent), or -1 */
static const int8_t crit_slot[4] = { 1, 0, -1, -1 };

static uintptr_t ictl(const struct ck_pic *pic)
{
	return pic->dev->va + MPC52XX_ICTL_OFF;
}

/* the read-modify-writes below run RT masked (ck/hw.h: every op but
 * next_normal), so none races another */
static void rmw(const struct ck_pic *pic, uint32_t reg, uint32_t clr, uint32_t set)
{
	uintptr_t a = ictl(pic) + reg;

	mmio_write32(a, (mmio_read32(a) & ~clr) | set);
}

int mpc52xx_ictl_route_rt(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	if (line >= MPC52XX_ICTL_MAIN0 || crit_slot[line] < 0)
		return -CK_EINVAL;
	return crit_slot[line];
}

void mpc52xx_ictl_route_normal(const struct ck_pic *pic, unsigned int line)
{
	(void)pic;
	(void)line;
}

static void set_mask(const struct ck_pic *pic, unsigned int line, int masked)
{
	uint32_t bit;

	if (line < MPC52XX_ICTL_MAIN0) {
		/* IRQ0 has its enable in ctrl; the other critical sources
		 * no mask here: their device's own (the slice timer's INTEN) */
		if (line == CRIT_IRQ0)
			rmw(pic, ICTL_CTRL, masked ? CTRL_EENA(0) : 0,
			    masked ? 0 : CTRL_EENA(0) | CTRL_MEE);
		return;
	}
	if (line < MPC52XX_ICTL_PER0) {
		unsigned int n = line - MPC52XX_ICTL_MAIN0;

		if (n == 4)                      /* LO_int: always open */
			return;
		if (n >= 1 && n <= 3) {          /* IRQ1-3: ctrl's enables */
			rmw(pic, ICTL_CTRL, masked ? CTRL_EENA(n) : 0,
			    masked ? 0 : CTRL_EENA(n) | CTRL_MEE);
			return;
		}
		bit = 0x10000u >> n;
		rmw(pic, ICTL_MAIN_MASK, masked ? 0 : bit, masked ? bit : 0);
		return;
	}
	if (line == MPC52XX_ICTL_PER0)           /* BestComm: HI, never unmasked */
		return;
	bit = 0x80000000u >> (line - MPC52XX_ICTL_PER0);
	rmw(pic, ICTL_PER_MASK, masked ? 0 : bit, masked ? bit : 0);
}

void mpc52xx_ictl_mask(const struct ck_pic *pic, unsigned int line)
{
	if (line < pic->nr_lines)
		set_mask(pic, line, 1);
}

void mpc52xx_ictl_unmask(const struct ck_pic *pic, unsigned int line)
{
	if (line < pic->nr_lines)
		set_mask(pic, line, 0);
}

uint32_t mpc52xx_ictl_pending_rt(const struct ck_pic *pic)
{
	uint32_t enc = mmio_read32(ictl(pic) + ICTL_ENC_STATUS);
	int slot;

	if (!(enc & ENC_CSE))
		return 0;
	slot = crit_slot[ENC_CSE_SRC(enc)];
	return slot < 0 ? 0 : 1u << slot;
}

int mpc52xx_ictl_next_normal(const struct ck_pic *pic, unsigned int from)
{
	uint32_t main = mmio_read32(ictl(pic) + ICTL_MAIN_STATUS);
	uint32_t per = mmio_read32(ictl(pic) + ICTL_PER_STATUS);
	unsigned int line;

	for (line = from; line < pic->nr_lines; line++) {
		if (line < MPC52XX_ICTL_MAIN0)
			continue;
		if (line < MPC52XX_ICTL_PER0) {
			/* LO_int is the peripheral group's cascade, not a
			 * source: its peripheral line is reported below */
			if (line != MPC52XX_ICTL_MAIN0 + 4u &&
			    (main & (0x10000u >> (line - MPC52XX_ICTL_MAIN0))))
				return (int)line;
		} else if (per & (0x80000000u >> (line - MPC52XX_ICTL_PER0))) {
			return (int)line;
		}
	}
	return -1;
}

void mpc52xx_ictl_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	if (line == MPC52XX_ICTL_SOFT_LINE)
		mpc52xx_slt1_raise(pic->dev);
}

void mpc52xx_ictl_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	if (line == MPC52XX_ICTL_SOFT_LINE)
		mpc52xx_slt1_clear(pic->dev);
}

void mpc52xx_ictl_init(const struct ck_pic *pic)
{
	uintptr_t b = ictl(pic);

	mmio_write32(b + ICTL_PER_MASK, PER_MASK_ALL);
	/* every main source masked but LO_int, the peripheral group's way
	 * to the core's int: the peripheral masks gate each source */
	mmio_write32(b + ICTL_MAIN_MASK, CRIT_PRI | (MAIN_MASK_ALL & ~MAIN_LO_INT));
	mmio_write32(b + ICTL_PER_PRI(0), 0);
	mmio_write32(b + ICTL_PER_PRI(1), 0);
	mmio_write32(b + ICTL_PER_PRI(2), 0);
	mmio_write32(b + ICTL_MAIN_PRI(0), 0);
	mmio_write32(b + ICTL_MAIN_PRI(1), 0);
	/* IRQ0-3 level high, disabled, edges cleared; MEE off; CEb = 0 */
	mmio_write32(b + ICTL_CTRL, CTRL_ECLR_ALL);
	mpc52xx_slt_init(pic->dev);
}
