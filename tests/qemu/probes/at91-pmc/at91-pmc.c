/* SPDX-License-Identifier: MIT */
/*
 * at91-pmc: the AT91SAM9260 PMC as Linux's clock driver reads it.
 * - the values AT91Bootstrap leaves on the EK: MOR (MOSCEN), MCFR (MAINRDY,
 *   MAINF 9000 = 18.432 MHz), PLLAR (198.656 MHz), PLLBR, MCKR (PLLA/2);
 *   SR with MOSCS, LOCKA, LOCKB, MCKRDY and OSCSEL;
 * - LOCKB drops when PLLBR is written and rises PLLBCOUNT slow clocks
 *   later; a PLL with MUL 0 is off and does not lock; MCKRDY drops on an
 *   MCKR write and comes back;
 * - the PMC interrupt (IER LOCKB) reaches AIC source 1 (SYS);
 * - PCER/PCDR/PCSR, SCER/SCDR/SCSR.
 */
#include "at91.h"

#define PMC_SCER	(PMC_BASE + 0x00)
#define PMC_SCDR	(PMC_BASE + 0x04)
#define PMC_SCSR	(PMC_BASE + 0x08)
#define PMC_PCER	(PMC_BASE + 0x10)
#define PMC_PCDR	(PMC_BASE + 0x14)
#define PMC_PCSR	(PMC_BASE + 0x18)
#define CKGR_MOR	(PMC_BASE + 0x20)
#define CKGR_MCFR	(PMC_BASE + 0x24)
#define CKGR_PLLAR	(PMC_BASE + 0x28)
#define CKGR_PLLBR	(PMC_BASE + 0x2c)
#define PMC_MCKR	(PMC_BASE + 0x30)
#define PMC_IER		(PMC_BASE + 0x60)
#define PMC_IDR		(PMC_BASE + 0x64)
#define PMC_SR		(PMC_BASE + 0x68)
#define PMC_IMR		(PMC_BASE + 0x6c)

#define SR_MOSCS	(1u << 0)
#define SR_LOCKA	(1u << 1)
#define SR_LOCKB	(1u << 2)
#define SR_MCKRDY	(1u << 3)
#define SR_OSCSEL	(1u << 7)

void irq_handler(void)
{
}

void fiq_handler(void)
{
}

/*
 * poll SR until (SR & bit) == want; returns the polls it took, 0 if never
 * (2 million polls: at least 10 ms under icount, LOCK takes 1.9 ms)
 */
static uint32_t wait_sr(uint32_t bit, uint32_t want)
{
	uint32_t n;

	for (n = 1; n < 2000000; n++)
		if ((rd(PMC_SR) & bit) == want)
			return n;
	return 0;
}

int main(void)
{
	uint32_t pllbr = rd(CKGR_PLLBR);
	uint32_t mul, div, mainf, mck;

	check("MOR: MOSCEN", rd(CKGR_MOR) & 1u, 1u);
	check("MCFR: MAINRDY | MAINF", rd(CKGR_MCFR), (1u << 16) | 9000u);
	check("PLLAR", rd(CKGR_PLLAR), 0x2060bf09u);
	check("MCKR: CSS PLLA, PRES 1, MDIV 2", rd(PMC_MCKR), 0x102u);
	check("SR after the loader",
	      rd(PMC_SR) & (SR_MOSCS | SR_LOCKA | SR_LOCKB | SR_MCKRDY |
			    SR_OSCSEL),
	      SR_MOSCS | SR_LOCKA | SR_LOCKB | SR_MCKRDY | SR_OSCSEL);
	/* the rates Linux computes from them */
	mainf = rd(CKGR_MCFR) & 0xffffu;
	mul = (rd(CKGR_PLLAR) >> 16) & 0x7ffu;
	div = rd(CKGR_PLLAR) & 0xffu;
	mck = mainf * 32768u / 16u / div * (mul + 1) / 2;
	check("MCK from the registers (Hz)", mck, 99328000u);

	/* LOCKB: drops on a write, back after PLLBCOUNT slow clocks */
	wr(CKGR_PLLBR, pllbr);
	check("LOCKB right after writing PLLBR", rd(PMC_SR) & SR_LOCKB, 0);
	check("LOCKB comes back", wait_sr(SR_LOCKB, SR_LOCKB) != 0, 1);
	/* a PLL with MUL 0 is off: no lock */
	wr(CKGR_PLLBR, pllbr & ~(0x7ffu << 16));
	check("LOCKB with MULB 0 (PLL off)", wait_sr(SR_LOCKB, SR_LOCKB), 0);
	/* the lock interrupt reaches AIC source 1 */
	wr(AIC_IECR, 1u << 1);
	wr(PMC_IER, SR_LOCKB);
	check("PMC_IMR", rd(PMC_IMR), SR_LOCKB);
	check("no SYS interrupt while unlocked", rd(AIC_IPR) & 2u, 0);
	wr(CKGR_PLLBR, pllbr);
	check("LOCKB after restoring PLLBR", wait_sr(SR_LOCKB, SR_LOCKB) != 0,
	      1);
	check("SYS pending with LOCKB enabled", rd(AIC_IPR) & 2u, 2u);
	wr(PMC_IDR, SR_LOCKB);
	check("SYS quiet after IDR", rd(AIC_IPR) & 2u, 0);

	/* MCKRDY: drops on an MCKR write, back when MCK is switched */
	wr(PMC_MCKR, 0x102u);
	check("MCKRDY right after writing MCKR", rd(PMC_SR) & SR_MCKRDY, 0);
	check("MCKRDY comes back", wait_sr(SR_MCKRDY, SR_MCKRDY) != 0, 1);
	check("LOCKA untouched", rd(PMC_SR) & SR_LOCKA, SR_LOCKA);

	/* peripheral and system clocks */
	check("PCSR at reset", rd(PMC_PCSR), 0);
	wr(PMC_PCER, (1u << 17) | (1u << 6) | 1u);
	check("PCSR after PCER (bits 0, 1 reserved)", rd(PMC_PCSR),
	      (1u << 17) | (1u << 6));
	wr(PMC_PCDR, 1u << 6);
	check("PCSR after PCDR", rd(PMC_PCSR), 1u << 17);
	check("SCSR: PCK on", rd(PMC_SCSR) & 1u, 1u);
	wr(PMC_SCER, 1u << 8);
	check("SCSR: PCK0 on", rd(PMC_SCSR) & (1u << 8), 1u << 8);
	wr(PMC_SCDR, 1u << 8);
	check("SCSR: PCK0 off", rd(PMC_SCSR) & (1u << 8), 0);

	probe_end("at91-pmc", 0);
}
