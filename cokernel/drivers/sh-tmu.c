// SPDX-License-Identifier: MIT
/*
 * sh-tmu.c - SH7751R TMU channels 2, 3 and 4 as the RT clock, the RT
 * event timer and the soft line (drv/sh-tmu.h).
 *
 * Sources: SH7751/SH7751R Hardware Manual (REJ09B0370) §12 "Timer Unit":
 * TSTR (8 bit, +0x04 of 0xffd80000) / TSTR2 (+0x04 of 0xfe100000) start
 * bits, per channel TCOR (reload), TCNT (32-bit down counter, underflow
 * sets TCR.UNF and reloads TCOR), TCR (16 bit: UNF bit 8, UNIE bit 5,
 * TPSC bits 2-0, 0 = Pphi/4); UNF is cleared by writing 0 to it. QEMU's
 * model: hw/timer/sh_timer.c (TCOR resets to 0xffffffff there but is
 * written anyway). The flag clear is read back: the write must have
 * reached the module before `rte` lets the level-15 request be sampled
 * again (§19.6, "clearing interrupt requests").
 *
 * A count n underflows on the tick after it reads 0, n + 1 ticks on, and
 * then every TCOR + 1 ticks (§12). The project's QEMU counts so (patch
 * 0011; stock QEMU 7.2 underflows after n ticks and reads counts near
 * 2^32 up to 2 ticks low: tests/qemu/probes/sh4-tmu-underflow).
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <drv/sh-tmu.h>

#define TMU_TSTR 0x04u          /* RW 8: start bits (TSTR / TSTR2) */
/* channel register blocks: TCOR +0, TCNT +4, TCR +8 */
#define TMU_CH2 0x20u           /* in the TMU0-2 block */
#define TMU_CH3 0x08u           /* in the TMU3/4 block */
#define TMU_CH4 0x14u
#define TMU_TCOR 0x0u           /* RW 32 */
#define TMU_TCNT 0x4u           /* RW 32 */
#define TMU_TCR 0x8u            /* RW 16 */

#define TSTR_CH2 0x04u          /* TSTR bit 2 */
#define TSTR2_CH3 0x01u         /* TSTR2 bit 0 */
#define TSTR2_CH4 0x02u         /* TSTR2 bit 1 */
#define TCR_UNIE 0x0020u        /* underflow interrupt enable; UNF = 0, Pphi/4 */

static void tstr_set(uintptr_t base, uint8_t bits, int on)
{
	uint8_t v = mmio_read8(base + TMU_TSTR);

	mmio_write8(base + TMU_TSTR, (uint8_t)(on ? v | bits : v & ~bits));
}

static void channel_setup(uintptr_t ch, uint16_t tcr, uint32_t count)
{
	mmio_write16(ch + TMU_TCR, tcr);
	mmio_write32(ch + TMU_TCOR, 0xffffffffu);
	mmio_write32(ch + TMU_TCNT, count);
}

/* TCNT n underflows on the tick after it reads 0, n + 1 ticks on (§12);
 * 0 is a whole 2^32. */
void sh_tmu_init(const struct ck_dev *tmu012, const struct ck_dev *tmu34,
		 uint32_t first_wrap_ticks)
{
	tstr_set(tmu012->va, TSTR_CH2, 0);
	channel_setup(tmu012->va + TMU_CH2, 0, first_wrap_ticks - 1u);
	tstr_set(tmu012->va, TSTR_CH2, 1);
	mmio_write8(tmu34->va + TMU_TSTR, 0);
	channel_setup(tmu34->va + TMU_CH3, TCR_UNIE, 0xffffffffu);
	channel_setup(tmu34->va + TMU_CH4, TCR_UNIE, 0xffffffffu);
	(void)mmio_read16(tmu34->va + TMU_CH4 + TMU_TCR);
}

uint32_t sh_tmu_clock_read(const struct ck_clocksource *cs)
{
	return ~mmio_read32(cs->dev->va + TMU_CH2 + TMU_TCNT);
}

/* The count first (the one write the expiry depends on; @ticks >= 1, the
 * underflow comes on the tick after 0), then the start bit, which is
 * already set unless stop() ran: TCNT may be written while the channel
 * counts (§12.3.2). */
void sh_tmu_event_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	uintptr_t base = ev->dev->va;

	mmio_write32(base + TMU_CH3 + TMU_TCNT, ticks - 1u);
	tstr_set(base, TSTR2_CH3, 1);
}

/* The channel keeps counting from TCOR = 0xffffffff (286 s at 15 MHz):
 * the core re-arms or stops it long before that underflow. */
void sh_tmu_event_ack(const struct ck_clockevent *ev)
{
	uintptr_t tcr = ev->dev->va + TMU_CH3 + TMU_TCR;

	mmio_write16(tcr, TCR_UNIE);
	(void)mmio_read16(tcr);
}

void sh_tmu_event_stop(const struct ck_clockevent *ev)
{
	uintptr_t base = ev->dev->va;

	tstr_set(base, TSTR2_CH3, 0);
	mmio_write16(base + TMU_CH3 + TMU_TCR, TCR_UNIE);
	(void)mmio_read16(base + TMU_CH3 + TMU_TCR);
}

void sh_tmu_soft_raise(const struct ck_dev *tmu34)
{
	mmio_write32(tmu34->va + TMU_CH4 + TMU_TCNT, 0);	/* the next tick */
	tstr_set(tmu34->va, TSTR2_CH4, 1);
}

void sh_tmu_soft_clear(const struct ck_dev *tmu34)
{
	tstr_set(tmu34->va, TSTR2_CH4, 0);
	mmio_write16(tmu34->va + TMU_CH4 + TMU_TCR, TCR_UNIE);
	(void)mmio_read16(tmu34->va + TMU_CH4 + TMU_TCR);
}
