/* SPDX-License-Identifier: MIT */
/*
 * at91-pio: the PIO controllers of the at91sam9260ek machine (patch 0017,
 * atmel-pio), as Linux's pinctrl-at91 (rm9200 ops) and gpio driver and the
 * co-kernel use them. PIO chapter of the AT91SAM9260 datasheet (Atmel
 * 6221), read in the SAM9G20 manual (DS60001516A), the same block
 * [SAM9G20 manual, unverified for 9260].
 * - reset: PSR all ones (every line a PIO line), OSR, IMR, MDSR, PUSR
 *   (pull-ups on), ABSR, OWSR, IFSR, ODSR 0;
 * - every set/clear/status triplet (PER/PDR/PSR, OER/ODR/OSR,
 *   IFER/IFDR/IFSR, IER/IDR/IMR, MDER/MDDR/MDSR, OWER/OWDR/OWSR): the
 *   enable register ORs into the status, the disable one clears, writing 0
 *   bits leaves the others alone; PUDR sets PUSR (pull-up disabled), PUER
 *   clears it; BSR sets ABSR, ASR clears it;
 * - SODR/CODR set and clear ODSR bits; an ODSR write changes only the
 *   bits whose OWSR is set;
 * - PDSR: a push-pull output reads its ODSR bit, a multi-drive output 0
 *   while driven low, else its pull-up (1) or nothing (0); an input reads 1
 *   under its pull-up, 0 without (no line of the machine drives them);
 * - ISR latches every PDSR change, also of lines whose IMR bit is clear,
 *   and clears on read; ISR & IMR drives the controller's AIC line: PIOA
 *   AIC_IPR bit 2, PIOB 3, PIOC 4 rise with a change of an enabled line and
 *   fall with the ISR read.
 */
#include "at91.h"

#define PIO_PER		0x00
#define PIO_PDR		0x04
#define PIO_PSR		0x08
#define PIO_OER		0x10
#define PIO_ODR		0x14
#define PIO_OSR		0x18
#define PIO_IFER	0x20
#define PIO_IFDR	0x24
#define PIO_IFSR	0x28
#define PIO_SODR	0x30
#define PIO_CODR	0x34
#define PIO_ODSR	0x38
#define PIO_PDSR	0x3c
#define PIO_IER		0x40
#define PIO_IDR		0x44
#define PIO_IMR		0x48
#define PIO_ISR		0x4c
#define PIO_MDER	0x50
#define PIO_MDDR	0x54
#define PIO_MDSR	0x58
#define PIO_PUDR	0x60
#define PIO_PUER	0x64
#define PIO_PUSR	0x68
#define PIO_ASR		0x70
#define PIO_BSR		0x74
#define PIO_ABSR	0x78
#define PIO_OWER	0xa0
#define PIO_OWDR	0xa4
#define PIO_OWSR	0xa8

#define PIO(n)		(PIOA_BASE + 0x200u * (n))	/* PIOA, B, C */
#define PID_PIOA	2

void irq_handler(void)
{
}

void fiq_handler(void)
{
}

static int ipr(unsigned pid)
{
	return (rd(AIC_IPR) >> pid) & 1;
}

static void check_reset(uint32_t b)
{
	check("PSR at reset", rd(b + PIO_PSR), 0xffffffffu);
	check("OSR at reset", rd(b + PIO_OSR), 0);
	check("IFSR at reset", rd(b + PIO_IFSR), 0);
	check("ODSR at reset", rd(b + PIO_ODSR), 0);
	check("IMR at reset", rd(b + PIO_IMR), 0);
	check("MDSR at reset", rd(b + PIO_MDSR), 0);
	check("PUSR at reset (pull-ups on)", rd(b + PIO_PUSR), 0);
	check("ABSR at reset", rd(b + PIO_ABSR), 0);
	check("OWSR at reset", rd(b + PIO_OWSR), 0);
	check("PDSR at reset (inputs pulled up)", rd(b + PIO_PDSR),
	      0xffffffffu);
}

/* set @on at offset @set, clear @off at @clr; status at @st follows */
static void triplet(const char *name, uint32_t b, uint32_t set, uint32_t clr,
		    uint32_t st)
{
	uint32_t v0 = rd(b + st);

	wr(b + set, 0x0000ff0fu);
	check(name, rd(b + st), v0 | 0x0000ff0fu);
	wr(b + set, 0x00f00000u);
	check(name, rd(b + st), v0 | 0x00f0ff0fu);
	wr(b + clr, 0x0000f00fu);
	check(name, rd(b + st), (v0 | 0x00f0ff0fu) & ~0x0000f00fu);
	wr(b + clr, 0xffffffffu);
	check(name, rd(b + st), 0);
	wr(b + set, v0);
	check(name, rd(b + st), v0);
}

static void check_triplets(uint32_t b)
{
	wr(b + PIO_IDR, 0xffffffffu);	/* no interrupt while they toggle */
	triplet("PER/PDR/PSR", b, PIO_PER, PIO_PDR, PIO_PSR);
	triplet("OER/ODR/OSR", b, PIO_OER, PIO_ODR, PIO_OSR);
	triplet("IFER/IFDR/IFSR", b, PIO_IFER, PIO_IFDR, PIO_IFSR);
	triplet("IER/IDR/IMR", b, PIO_IER, PIO_IDR, PIO_IMR);
	triplet("MDER/MDDR/MDSR", b, PIO_MDER, PIO_MDDR, PIO_MDSR);
	triplet("OWER/OWDR/OWSR", b, PIO_OWER, PIO_OWDR, PIO_OWSR);
	triplet("PUDR sets, PUER clears PUSR", b, PIO_PUDR, PIO_PUER,
		PIO_PUSR);
	triplet("BSR sets, ASR clears ABSR", b, PIO_BSR, PIO_ASR, PIO_ABSR);
	triplet("SODR/CODR/ODSR", b, PIO_SODR, PIO_CODR, PIO_ODSR);
	(void)rd(b + PIO_ISR);
}

static void check_odsr(uint32_t b)
{
	wr(b + PIO_CODR, 0xffffffffu);
	wr(b + PIO_SODR, 0x0000f0f0u);
	wr(b + PIO_CODR, 0x00003000u);
	check("ODSR after SODR f0f0, CODR 3000", rd(b + PIO_ODSR), 0xc0f0u);
	wr(b + PIO_ODSR, 0xffffffffu);
	check("ODSR write with OWSR 0 (ignored)", rd(b + PIO_ODSR), 0xc0f0u);
	wr(b + PIO_OWER, 0x000000ffu);
	wr(b + PIO_ODSR, 0xffff0000u);
	check("ODSR write ffff0000, OWSR ff", rd(b + PIO_ODSR), 0xc000u);
	wr(b + PIO_ODSR, 0x123456aau);
	check("ODSR write 123456aa, OWSR ff", rd(b + PIO_ODSR), 0xc0aau);
	wr(b + PIO_OWDR, 0xffffffffu);
	wr(b + PIO_CODR, 0xffffffffu);
	(void)rd(b + PIO_ISR);
}

static void check_pdsr(uint32_t b)
{
	wr(b + PIO_PUER, 0xffffffffu);
	wr(b + PIO_MDDR, 0xffffffffu);
	wr(b + PIO_OER, 0x0000ffffu);		/* 0-15 outputs */
	wr(b + PIO_SODR, 0x00005a5au);
	check("PDSR: outputs read ODSR, inputs pulled up", rd(b + PIO_PDSR),
	      0xffff5a5au);
	wr(b + PIO_PUDR, 0x00ff0000u);
	check("PDSR: inputs 16-23 without pull-up read 0", rd(b + PIO_PDSR),
	      0xff005a5au);
	wr(b + PIO_PUDR, 0x0000000fu);		/* no effect on push-pull */
	check("PDSR: push-pull outputs ignore the pull-up", rd(b + PIO_PDSR),
	      0xff005a5au);
	/* multi-drive on 0-7: 1 only where not driven low and pulled up */
	wr(b + PIO_MDER, 0x000000ffu);
	check("PDSR: multi-drive, pull-up off on 0-3", rd(b + PIO_PDSR),
	      0xff005a50u);
	wr(b + PIO_PUER, 0x0000000fu);
	check("PDSR: multi-drive, pull-ups on", rd(b + PIO_PDSR),
	      0xff005a5au);
	wr(b + PIO_CODR, 0x000000ffu);
	check("PDSR: multi-drive driven low", rd(b + PIO_PDSR), 0xff005a00u);
	wr(b + PIO_MDDR, 0xffffffffu);
	wr(b + PIO_ODR, 0xffffffffu);
	wr(b + PIO_PUER, 0xffffffffu);
	wr(b + PIO_CODR, 0xffffffffu);
	check("PDSR: all inputs again", rd(b + PIO_PDSR), 0xffffffffu);
	(void)rd(b + PIO_ISR);
}

static void check_isr(uint32_t b, unsigned pid, const char *pend,
		      const char *low)
{
	(void)rd(b + PIO_ISR);
	check("ISR after a read", rd(b + PIO_ISR), 0);
	check(low, ipr(pid), 0);
	/* a change on a line whose IMR bit is clear: latched, no interrupt */
	wr(b + PIO_OER, 1u << 7);		/* 1 -> 0 (ODSR 0) */
	check(low, ipr(pid), 0);
	check("ISR latches a masked line's change", rd(b + PIO_ISR), 1u << 7);
	check("ISR clears on read", rd(b + PIO_ISR), 0);
	/* enabled line 5 as an output: SODR, CODR (two changes, one latch) */
	wr(b + PIO_IER, 1u << 5);
	wr(b + PIO_OER, 1u << 5);		/* 1 -> 0 */
	check(pend, ipr(pid), 1);
	wr(b + PIO_SODR, 1u << 5);		/* 0 -> 1 */
	wr(b + PIO_SODR, 1u << 21);		/* input: no change */
	check("ISR after changes of line 5", rd(b + PIO_ISR), 1u << 5);
	check("AIC line after the ISR read", ipr(pid), 0);
	check("ISR second read", rd(b + PIO_ISR), 0);
	/* an input losing its pull-up is a change too */
	wr(b + PIO_IER, 1u << 9);
	wr(b + PIO_PUDR, 1u << 9);
	check(pend, ipr(pid), 1);
	/* IDR lowers the line, the latch stays */
	wr(b + PIO_IDR, 0xffffffffu);
	check("AIC line after IDR", ipr(pid), 0);
	check("ISR after PUDR of input 9", rd(b + PIO_ISR), 1u << 9);
	/* the latch still set when IER comes: the line rises at once */
	wr(b + PIO_PUER, 1u << 9);
	wr(b + PIO_IER, 1u << 9);
	check(pend, ipr(pid), 1);
	(void)rd(b + PIO_ISR);
	check("AIC line after the ISR read", ipr(pid), 0);
	wr(b + PIO_IDR, 0xffffffffu);
	wr(b + PIO_ODR, 0xffffffffu);
	wr(b + PIO_CODR, 0xffffffffu);
	wr(b + PIO_PUER, 0xffffffffu);
	(void)rd(b + PIO_ISR);
}

int main(void)
{
	static const char *const pend[3] = {
		"PIOA: AIC_IPR bit 2 after a change of an enabled line",
		"PIOB: AIC_IPR bit 3 after a change of an enabled line",
		"PIOC: AIC_IPR bit 4 after a change of an enabled line",
	};
	static const char *const low[3] = {
		"PIOA: AIC_IPR bit 2 without an enabled change",
		"PIOB: AIC_IPR bit 3 without an enabled change",
		"PIOC: AIC_IPR bit 4 without an enabled change",
	};
	unsigned n;

	wr(PMC_BASE + 0x10, 7u << PID_PIOA);	/* PMC_PCER: PIOA-C clocks */
	for (n = 0; n < 3; n++)
		check_reset(PIO(n));
	for (n = 0; n < 3; n++) {
		check_triplets(PIO(n));
		check_odsr(PIO(n));
		check_pdsr(PIO(n));
		check_isr(PIO(n), PID_PIOA + n, pend[n], low[n]);
	}
	probe_end("at91-pio", "PIOA-C: reset values, 9 triplets, "
		  "SODR/CODR and OWSR-gated ODSR, PDSR of outputs, "
		  "multi-drive and pull-ups, ISR latch clear on read, AIC 2-4");
}
