/* SPDX-License-Identifier: MIT */
/*
 * at91-pmc.h - Atmel AT91SAM9260 Power Management Controller (PMC): what
 * the co-kernel reads and sets there, once at boot, before Linux (whose
 * clock driver owns the PMC afterwards): the master clock MCK as the
 * loader programmed it, and the peripheral clocks of the devices the
 * co-kernel drives.
 */
#ifndef DRV_AT91_PMC_H
#define DRV_AT91_PMC_H

#include <stdint.h>
#include <ck/hw.h>

/**
 * at91_pmc_mck_hz() - MCK in Hz as the PMC at @dev is programmed, the main
 * oscillator running at @main_hz (the board's crystal) and the slow clock
 * at @slck_hz: PMC_MCKR.CSS picks SLCK, MAINCK, PLLA or PLLB, a PLL gives
 * MAINCK x (MUL + 1) / DIV (off when MUL or DIV is 0), then / 2^PRES and
 * / MDIV (1, 2, 4).
 * Return: Hz, or 0 for a setting that gives no clock (a PLL off, PRES or
 * MDIV reserved). Source: "Power Management Controller (PMC)" and "Clock
 * Generator" chapters of the AT91SAM9260 datasheet (CKGR_PLLAR,
 * CKGR_PLLBR, PMC_MCKR) [SAM9G20, same layout; the 9260's own manual not
 * read].
 * Context: init, @dev->va mapped.
 */
uint64_t at91_pmc_mck_hz(const struct ck_dev *dev, uint32_t main_hz, uint32_t slck_hz);

/**
 * at91_pmc_clocks_on() - switch on the peripheral clocks in @ids (bit n =
 * peripheral identifier n, PMC_PCER); the others are left as they are.
 * Context: init, @dev->va mapped.
 */
void at91_pmc_clocks_on(const struct ck_dev *dev, uint32_t ids);

#endif /* DRV_AT91_PMC_H */
