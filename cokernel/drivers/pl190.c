// SPDX-License-Identifier: MIT
/*
 * pl190.c - ARM PrimeCell PL190 VIC: the PIC of versatilepb.
 *
 * RT class = FIQ (VICIntSelect bit set), normal class = IRQ; a line's RT
 * slot (ck/hw.h) is its number. Register map
 * and semantics: PL190 TRM (ARM DDI0181E) §3.3; QEMU model hw/intc/pl190.c.
 *
 * QEMU quirk (notes/arm926.md §4B, hw/intc/pl190.c:63): an FIQ-selected
 * line raises nFIQ even while it is disabled in VICIntEnable, so mask()
 * cannot silence an RT source in QEMU: RT sources are masked at the device.
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <ck/ck.h>
#include <drv/pl190.h>

#define VIC_IRQSTATUS 0x000u    /* RO 32: IRQ status after enable/select */
#define VIC_FIQSTATUS 0x004u    /* RO 32: FIQ status after select */
#define VIC_RAWINTR 0x008u      /* RO 32: raw (source | soft) */
#define VIC_INTSELECT 0x00cu    /* RW 32: 1 = FIQ */
#define VIC_INTENABLE 0x010u    /* RW 32: write 1 sets enable */
#define VIC_INTENCLEAR 0x014u   /* WO 32: write 1 clears enable */
#define VIC_SOFTINT 0x018u      /* RW 32: write 1 raises soft line */
#define VIC_SOFTINTCLEAR 0x01cu /* WO 32: write 1 clears soft line */
#define VIC_PROTECTION 0x020u   /* RW 1: 1 = privileged access only */
#define VIC_VECTADDR 0x030u     /* RW 32: vectored IRQ address, write = EOI */

static inline uint32_t vic_read(const struct ck_pic *pic, uint32_t reg)
{
	return mmio_read32(pic->dev->va + reg);
}

static inline void vic_write(const struct ck_pic *pic, uint32_t reg, uint32_t val)
{
	mmio_write32(pic->dev->va + reg, val);
}

/* Lowest set bit's index; lower line = more urgent. */
static inline int lowest_line(uint32_t bits)
{
	return bits ? __builtin_ctz(bits) : -1;
}

/* Context: RT masked (read-modify-write of VICIntSelect). */
static void route(const struct ck_pic *pic, unsigned int line, int rt)
{
	uint32_t sel = vic_read(pic, VIC_INTSELECT);

	if (rt)
		sel |= 1u << line;
	else
		sel &= ~(1u << line);
	vic_write(pic, VIC_INTSELECT, sel);
}

/* The slot is the line: VICFIQStatus is the slot word as it is. */
int pl190_route_rt(const struct ck_pic *pic, unsigned int line)
{
	if (line >= PL190_NR_LINES)
		return -CK_EINVAL;
	route(pic, line, 1);
	return (int)line;
}

void pl190_route_normal(const struct ck_pic *pic, unsigned int line)
{
	if (line < PL190_NR_LINES)
		route(pic, line, 0);
}

void pl190_mask(const struct ck_pic *pic, unsigned int line)
{
	if (line < PL190_NR_LINES)
		vic_write(pic, VIC_INTENCLEAR, 1u << line);
}

void pl190_unmask(const struct ck_pic *pic, unsigned int line)
{
	if (line < PL190_NR_LINES)
		vic_write(pic, VIC_INTENABLE, 1u << line);
}

/* VICFIQStatus: raw (or soft) and selected for FIQ (TRM §3.3.2). */
uint32_t pl190_pending_rt(const struct ck_pic *pic)
{
	return vic_read(pic, VIC_FIQSTATUS);
}

/* One register read: no RT masking needed. */
int pl190_next_normal(const struct ck_pic *pic, unsigned int from)
{
	if (from >= PL190_NR_LINES)
		return -1;
	return lowest_line(vic_read(pic, VIC_IRQSTATUS) & (~0u << from));
}

/* VICSoftInt is a level, not a counter (notes/arm926.md §3). */
void pl190_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	if (line < PL190_NR_LINES)
		vic_write(pic, VIC_SOFTINT, 1u << line);
}

void pl190_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	if (line >= PL190_NR_LINES)
		return;
	vic_write(pic, VIC_SOFTINTCLEAR, 1u << line);
	mmio_wmb();
}

void pl190_init(const struct ck_pic *pic)
{
	vic_write(pic, VIC_INTENCLEAR, ~0u);
	vic_write(pic, VIC_SOFTINTCLEAR, ~0u);
	vic_write(pic, VIC_INTSELECT, 0);
	vic_write(pic, VIC_PROTECTION, 0);
	mmio_wmb();
}
