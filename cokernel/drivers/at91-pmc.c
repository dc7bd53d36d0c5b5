// SPDX-License-Identifier: MIT
/*
 * at91-pmc.c - Atmel AT91SAM9260 Power Management Controller (PMC): MCK
 * from the loader's programming, and peripheral clocks on. Register map:
 * the "Power Management Controller (PMC)" and "Clock Generator" chapters
 * of the AT91SAM9260 datasheet (Atmel 6221), read in the SAM9G20 datasheet
 * (DS60001516A) [SAM9G20, same registers]. QEMU model:
 * qemu/patches/0014 (hw/misc/at91_pmc.c).
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <drv/at91-pmc.h>

#define PMC_PCER 0x10u          /* WO: peripheral clock enable */
#define CKGR_PLLAR 0x28u        /* RW: DIVA 7:0, MULA 26:16 */
#define CKGR_PLLBR 0x2cu        /* RW: DIVB 7:0, MULB 26:16 */
#define PMC_MCKR 0x30u          /* RW: CSS 1:0, PRES 4:2, MDIV 9:8 */

#define PLL_DIV(r) ((r) & 0xffu)
#define PLL_MUL(r) (((r) >> 16) & 0x7ffu)
#define MCKR_CSS(r) ((r) & 3u)
#define MCKR_PRES(r) (((r) >> 2) & 7u)
#define MCKR_MDIV(r) (((r) >> 8) & 3u)
enum { CSS_SLCK, CSS_MAINCK, CSS_PLLA, CSS_PLLB };
#define PRES_RESERVED 7u
#define MDIV_RESERVED 3u

/* A PLL's output from @main_hz: 0 when it is off (MUL or DIV 0). */
static uint64_t pll_hz(uint32_t pllr, uint32_t main_hz)
{
	if (!PLL_DIV(pllr) || !PLL_MUL(pllr))
		return 0;
	return (uint64_t)main_hz * (PLL_MUL(pllr) + 1u) / PLL_DIV(pllr);
}

uint64_t at91_pmc_mck_hz(const struct ck_dev *dev, uint32_t main_hz, uint32_t slck_hz)
{
	uint32_t mckr = mmio_read32(dev->va + PMC_MCKR);
	uint64_t hz;

	switch (MCKR_CSS(mckr)) {
	case CSS_SLCK:
		hz = slck_hz;
		break;
	case CSS_MAINCK:
		hz = main_hz;
		break;
	case CSS_PLLA:
		hz = pll_hz(mmio_read32(dev->va + CKGR_PLLAR), main_hz);
		break;
	default:
		hz = pll_hz(mmio_read32(dev->va + CKGR_PLLBR), main_hz);
		break;
	}
	if (MCKR_PRES(mckr) == PRES_RESERVED || MCKR_MDIV(mckr) == MDIV_RESERVED)
		return 0;
	return (hz >> MCKR_PRES(mckr)) >> MCKR_MDIV(mckr);
}

void at91_pmc_clocks_on(const struct ck_dev *dev, uint32_t ids)
{
	mmio_write32(dev->va + PMC_PCER, ids);
	mmio_wmb();
}
