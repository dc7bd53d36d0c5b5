// SPDX-License-Identifier: MIT
/*
 * aic.c - Atmel AT91 Advanced Interrupt Controller (AIC): the PIC of the
 * AT91SAM9260.
 *
 * RT class = nFIQ: fast forcing (AIC_FFER) moves a source from the
 * priority controller to nFIQ, where it is still gated by AIC_IMR and
 * cleared like any source (a level at its device, an edge with AIC_ICCR);
 * source 0, the FIQ pin, is always on nFIQ. Normal class = nIRQ, used as
 * a level: the driver never reads AIC_IVR, so the priority stack stays
 * empty and nIRQ follows the enabled pending normal sources.
 * Register map and behaviour: the AIC chapter of the AT91SAM9260 datasheet
 * (Atmel 6221); the sections quoted are those of the SAM9G20 datasheet
 * (DS60001516A, chapter 26), whose AIC is the same block [SAM9G20 §26.x,
 * same AIC]. QEMU model: qemu/patches/0013 (hw/intc/atmel_aic.c).
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <ck/ck.h>
#include <drv/aic.h>

/* [SAM9G20 §26.8, Table 26-2, same AIC] */
#define AIC_SMR(n) (0x000u + 4u * (n)) /* RW 32: source mode */
#define AIC_IPR 0x10cu          /* RO 32: pending (level or latched edge) */
#define AIC_IMR 0x110u          /* RO 32: enabled */
#define AIC_IECR 0x120u         /* WO 32: write 1 enables */
#define AIC_IDCR 0x124u         /* WO 32: write 1 disables */
#define AIC_ICCR 0x128u         /* WO 32: write 1 clears an edge source */
#define AIC_ISCR 0x12cu         /* WO 32: write 1 sets an edge source */
#define AIC_EOICR 0x130u        /* WO 32: any value pops the stack */
#define AIC_DCR 0x138u          /* RW 2: PROT, GMSK */
#define AIC_FFER 0x140u         /* WO 32: write 1 fast-forces to nFIQ */
#define AIC_FFDR 0x144u         /* WO 32: write 1 ends fast forcing */
#define AIC_FFSR 0x148u         /* RO 32: fast-forced sources */

/* AIC_SMR SRCTYPE (bits 6:5) [§26.8.1]: 0 = internal high level /
 * external low level, 1 = internal positive / external negative edge */
#define SMR_SRCTYPE_LEVEL (0u << 5)
#define SMR_SRCTYPE_EDGE (1u << 5)
#define AIC_STACK_LEVELS 8u     /* [§26.7.3.3] the 8-level priority stack */
/* source 0 is the FIQ pin: always on nFIQ, FFER/FFDR ignore it [§26.7.4.5] */
#define AIC_FIQ_SOURCE 1u

static inline uint32_t aic_read(const struct ck_pic *pic, uint32_t reg)
{
	return mmio_read32(pic->dev->va + reg);
}

static inline void aic_write(const struct ck_pic *pic, uint32_t reg, uint32_t val)
{
	mmio_write32(pic->dev->va + reg, val);
}

/* The sources on nFIQ: fast-forced ones and source 0. */
static inline uint32_t fiq_sources(const struct ck_pic *pic)
{
	return aic_read(pic, AIC_FFSR) | AIC_FIQ_SOURCE;
}

/**
 * aic_route_rt() - fast-force @line to nFIQ [§26.7.4.5]: from now on the
 * priority controller no longer sees it; AIC_IMR still gates it.
 * Return: the slot, @line itself (0..31), or -CK_EINVAL for a line the
 * AIC does not have. Context: RT masked.
 */
int aic_route_rt(const struct ck_pic *pic, unsigned int line)
{
	if (line >= AIC_NR_LINES)
		return -CK_EINVAL;
	aic_write(pic, AIC_FFER, 1u << line);
	return (int)line;
}

/**
 * aic_route_normal() - @line back to nIRQ (AIC_FFDR). Source 0 stays on
 * nFIQ: the hardware has no other route for it. Context: RT masked.
 */
void aic_route_normal(const struct ck_pic *pic, unsigned int line)
{
	if (line < AIC_NR_LINES)
		aic_write(pic, AIC_FFDR, 1u << line);
}

/** aic_mask() - disable @line (AIC_IDCR, one write). Context: any. */
void aic_mask(const struct ck_pic *pic, unsigned int line)
{
	if (line < AIC_NR_LINES)
		aic_write(pic, AIC_IDCR, 1u << line);
}

/** aic_unmask() - enable @line (AIC_IECR, one write). Context: any. */
void aic_unmask(const struct ck_pic *pic, unsigned int line)
{
	if (line < AIC_NR_LINES)
		aic_write(pic, AIC_IECR, 1u << line);
}

/**
 * aic_pending_rt() - the RT lines pending: AIC_IPR (a level source while
 * its input is active, an edge source from its edge until cleared,
 * [§26.7.1.3]) & AIC_IMR & the nFIQ sources; three register reads.
 * Return: the slot word (slot = line). Context: RT irq, RT masked.
 */
uint32_t aic_pending_rt(const struct ck_pic *pic)
{
	return aic_read(pic, AIC_IPR) & aic_read(pic, AIC_IMR) & fiq_sources(pic);
}

/**
 * aic_next_normal() - the lowest-numbered pending, enabled nIRQ source
 * numbered @from or above: AIC_IPR & AIC_IMR without the nFIQ sources,
 * three register reads and no write (RT stays unmasked: nothing here is
 * shared with RT code).
 * Return: the line, or -1 if none (or @from >= 32). Context: Linux (vPIC
 * next_pending), RT unmasked.
 */
int aic_next_normal(const struct ck_pic *pic, unsigned int from)
{
	uint32_t bits;

	if (from >= AIC_NR_LINES)
		return -1;
	bits = aic_read(pic, AIC_IPR) & aic_read(pic, AIC_IMR) &
	       ~fiq_sources(pic) & (~0u << from);
	return bits ? __builtin_ctz(bits) : -1;
}

/**
 * aic_soft_raise() - latch @line's edge (AIC_ISCR). It acts on an
 * edge-triggered source only ("clearing or setting interrupt sources
 * programmed in level-sensitive mode has no effect", [§26.7.1.4]): the
 * line must be in aic_init()'s @edge_lines. One latch, not a count.
 * Context: RT masked.
 */
void aic_soft_raise(const struct ck_pic *pic, unsigned int line)
{
	if (line < AIC_NR_LINES)
		aic_write(pic, AIC_ISCR, 1u << line);
}

/**
 * aic_soft_clear() - clear @line's latched edge (AIC_ICCR; also how a
 * fast-forced edge source is acknowledged: reading AIC_FVR does not clear
 * it [§26.7.4.5]), drained to the device. Context: RT masked.
 */
void aic_soft_clear(const struct ck_pic *pic, unsigned int line)
{
	if (line >= AIC_NR_LINES)
		return;
	aic_write(pic, AIC_ICCR, 1u << line);
	mmio_wmb();
}

void aic_init(const struct ck_pic *pic, uint32_t edge_lines)
{
	unsigned int n;

	aic_write(pic, AIC_IDCR, ~0u);
	aic_write(pic, AIC_FFDR, ~0u);
	aic_write(pic, AIC_DCR, 0);
	for (n = 0; n < AIC_NR_LINES; n++)
		aic_write(pic, AIC_SMR(n), (edge_lines >> n) & 1u ? SMR_SRCTYPE_EDGE
								  : SMR_SRCTYPE_LEVEL);
	aic_write(pic, AIC_ICCR, ~0u);
	for (n = 0; n < AIC_STACK_LEVELS; n++)
		aic_write(pic, AIC_EOICR, 0);
	mmio_wmb();
}
