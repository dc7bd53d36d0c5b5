/* SPDX-License-Identifier: MIT */
/*
 * at91-aic: the AT91SAM9260 AIC as the co-kernel and Linux use it.
 * - reset state, spurious vector (IVR with nothing pending returns SPU,
 *   ISR 0, and the EOICR Linux writes for it keeps the stack balanced);
 * - edge vs level: ISCR/ICCR set and clear edge sources only; a level
 *   source (PIOA's input change, AIC source 2) follows its line;
 * - the priority controller: IVR returns the highest-priority source's SVR,
 *   clears an edge source, raises the current level (a lower source no
 *   longer asserts nIRQ, a higher one does: nesting), EOICR pops; equal
 *   priorities go to the lowest source number;
 * - fast forcing: FFER moves a source to nFIQ, invisible to IVR and not
 *   cleared by IVR or FVR, cleared by ICCR; FVR returns SVR0; FFDR undoes;
 *   a level source forced to FIQ;
 * - delivery: the core takes IRQ (handler IVR ... EOICR) and FIQ;
 * - DCR: protect mode (IVR read without side effects, IVR write does
 *   them) and GMSK (both outputs masked).
 * Outputs observed through AIC_CISR and the core's exception entries.
 */
#include "at91.h"

#define PIO_OER		0x10
#define PIO_SODR	0x30
#define PIO_CODR	0x34
#define PIO_IER		0x40
#define PIO_IDR		0x44
#define PIO_ISR		0x4c
#define PIO_PER		0x00

static volatile uint32_t irq_seen, irq_count, fiq_count, fiq_vector;

void irq_handler(void)
{
	uint32_t vec = rd(AIC_IVR);

	irq_seen = vec;
	irq_count++;
	/* the edge source was cleared by the IVR read */
	wr(AIC_EOICR, 0);
}

void fiq_handler(void)
{
	fiq_vector = rd(AIC_FVR);
	fiq_count++;
	/* a fast-forced edge source is cleared through ICCR */
	wr(AIC_ICCR, rd(AIC_FFSR) & rd(AIC_IPR));
	/* a level one at the peripheral: PIOA's ISR clears on read */
	(void)rd(PIOA_BASE + PIO_ISR);
}

static void pio_toggle(void)
{
	/* pin PA0 as output: a change of its level latches PIOA ISR bit 0 */
	wr(PIOA_BASE + PIO_CODR, 1);
	wr(PIOA_BASE + PIO_SODR, 1);
}

int main(void)
{
	int n;

	/* reset state (AIC register mapping: all 0) */
	check("IMR at reset", rd(AIC_IMR), 0);
	check("FFSR at reset", rd(AIC_FFSR), 0);
	check("IPR at reset", rd(AIC_IPR), 0);
	check("CISR at reset", rd(AIC_CISR), 0);

	/* Linux's init: SVR[i] = i, SPU, 8 EOICRs, DCR 0 */
	for (n = 0; n < 32; n++)
		wr(AIC_SVR(n), 0x100 + n);
	wr(AIC_SPU, 0x5b0);
	for (n = 0; n < 8; n++)
		wr(AIC_EOICR, 0);
	wr(AIC_DCR, 0);

	/* spurious: nothing pending */
	check("IVR with nothing pending (SPU)", rd(AIC_IVR), 0x5b0);
	check("ISR after a spurious IVR", rd(AIC_ISR), 0);
	wr(AIC_EOICR, 0);
	check("FVR with no fast interrupt (SPU)", rd(AIC_FVR), 0x5b0);

	/* edge vs level: ISCR on a level source does nothing */
	wr(AIC_SMR(5), AIC_EDGE | 2);
	wr(AIC_SMR(2), 0);			/* PIOA: level */
	wr(AIC_ISCR, (1u << 5) | (1u << 2));
	check("IPR after ISCR on edge 5 and level 2", rd(AIC_IPR), 1u << 5);
	check("CISR with the source disabled", rd(AIC_CISR), 0);
	wr(AIC_ICCR, 1u << 5);
	check("IPR after ICCR", rd(AIC_IPR), 0);

	/* level source: PIOA input change */
	wr(AIC_SMR(2), 1);
	wr(PIOA_BASE + PIO_PER, 1);
	wr(PIOA_BASE + PIO_OER, 1);
	(void)rd(PIOA_BASE + PIO_ISR);
	wr(PIOA_BASE + PIO_IER, 1);
	pio_toggle();
	check("IPR with PIOA's change latched", rd(AIC_IPR) & 4u, 4u);
	wr(AIC_ICCR, 1u << 2);
	check("ICCR does not clear a level source", rd(AIC_IPR) & 4u, 4u);
	(void)rd(PIOA_BASE + PIO_ISR);
	check("IPR once PIOA's ISR is read", rd(AIC_IPR) & 4u, 0);

	/* priorities and the stack */
	wr(AIC_SMR(6), AIC_EDGE | 5);
	wr(AIC_SMR(7), AIC_EDGE | 7);
	wr(AIC_IECR, (1u << 5) | (1u << 6) | (1u << 7));
	wr(AIC_ISCR, (1u << 5) | (1u << 6));
	check("CISR with 5 and 6 pending", rd(AIC_CISR), CISR_NIRQ);
	check("IVR: the higher priority, 6", rd(AIC_IVR), 0x106);
	check("ISR: 6", rd(AIC_ISR), 6);
	check("IPR: the edge of 6 cleared by IVR", rd(AIC_IPR), 1u << 5);
	check("CISR: 5 is below the current level", rd(AIC_CISR), 0);
	wr(AIC_ISCR, 1u << 7);
	check("CISR: 7 nests above 6", rd(AIC_CISR), CISR_NIRQ);
	check("IVR: 7", rd(AIC_IVR), 0x107);
	check("ISR: 7", rd(AIC_ISR), 7);
	/* a spurious read inside: SPU, and its EOICR returns to 7 */
	check("IVR nested with nothing above: SPU", rd(AIC_IVR), 0x5b0);
	check("ISR after the nested spurious IVR", rd(AIC_ISR), 0);
	wr(AIC_EOICR, 0);
	check("ISR after its EOICR: 7 again", rd(AIC_ISR), 7);
	wr(AIC_EOICR, 0);
	check("ISR after EOICR: back to 6", rd(AIC_ISR), 6);
	check("CISR: 5 still below 6", rd(AIC_CISR), 0);
	wr(AIC_EOICR, 0);
	check("CISR: stack empty, 5 asserts nIRQ", rd(AIC_CISR), CISR_NIRQ);
	check("IVR: 5", rd(AIC_IVR), 0x105);
	wr(AIC_EOICR, 0);
	/* equal priorities: the lowest source number */
	wr(AIC_SMR(9), AIC_EDGE | 3);
	wr(AIC_SMR(8), AIC_EDGE | 3);
	wr(AIC_IECR, (1u << 8) | (1u << 9));
	wr(AIC_ISCR, (1u << 8) | (1u << 9));
	check("IVR between equals: 8", rd(AIC_IVR), 0x108);
	wr(AIC_EOICR, 0);
	check("IVR then: 9", rd(AIC_IVR), 0x109);
	wr(AIC_EOICR, 0);
	check("IPR after both", rd(AIC_IPR), 0);

	/* fast forcing: source 8 to nFIQ */
	wr(AIC_FFER, 1u << 8);
	check("FFSR", rd(AIC_FFSR), 1u << 8);
	wr(AIC_ISCR, 1u << 8);
	check("CISR: fast-forced 8 asserts nFIQ only", rd(AIC_CISR),
	      CISR_NFIQ);
	check("IVR does not see a fast-forced source", rd(AIC_IVR), 0x5b0);
	wr(AIC_EOICR, 0);
	check("FVR returns SVR0", rd(AIC_FVR), 0x100);
	check("IVR/FVR did not clear it", rd(AIC_IPR), 1u << 8);
	wr(AIC_ICCR, 1u << 8);
	check("ICCR clears it", rd(AIC_CISR), 0);
	wr(AIC_FFDR, 1u << 8);
	check("FFDR", rd(AIC_FFSR), 0);
	wr(AIC_ISCR, 1u << 8);
	check("back on nIRQ", rd(AIC_CISR), CISR_NIRQ);
	wr(AIC_ICCR, 1u << 8);

	/* delivery to the core: IRQ */
	irq_fiq_enable();
	wr(AIC_ISCR, 1u << 6);
	for (n = 0; n < 1000 && !irq_count; n++)
		;
	check("IRQ taken", irq_count, 1);
	check("IRQ handler's IVR", irq_seen, 0x106);
	check("stack empty after the handler", rd(AIC_ISR), 0);

	/* FIQ: edge source 9 fast-forced */
	wr(AIC_FFER, 1u << 9);
	wr(AIC_ISCR, 1u << 9);
	for (n = 0; n < 1000 && !fiq_count; n++)
		;
	check("FIQ taken for fast-forced 9", fiq_count, 1);
	check("FIQ handler's FVR", fiq_vector, 0x100);
	check("no IRQ for it", irq_count, 1);
	/* FIQ: level source 2 (PIOA) fast-forced */
	wr(AIC_FFER, 1u << 2);
	wr(AIC_IECR, 1u << 2);
	pio_toggle();
	for (n = 0; n < 1000 && fiq_count < 2; n++)
		;
	check("FIQ taken for fast-forced level source 2", fiq_count, 2);
	check("still no IRQ", irq_count, 1);
	irq_fiq_disable();

	/* protect mode: an IVR read has no side effect, a write does it */
	wr(AIC_ICCR, ~0u);
	wr(AIC_DCR, 1);
	wr(AIC_ISCR, 1u << 6);
	check("IVR read in protect mode", rd(AIC_IVR), 0x106);
	check("no push in protect mode", rd(AIC_ISR), 0);
	check("no clear in protect mode", rd(AIC_IPR), 1u << 6);
	wr(AIC_IVR, 0);
	check("IVR write pushes", rd(AIC_ISR), 6);
	check("IVR write clears the edge", rd(AIC_IPR), 0);
	wr(AIC_EOICR, 0);
	wr(AIC_DCR, 0);

	/* GMSK masks both outputs */
	wr(AIC_FFDR, ~0u);
	wr(AIC_ISCR, 1u << 5);
	wr(AIC_DCR, 2);
	check("CISR under GMSK", rd(AIC_CISR), 0);
	wr(AIC_DCR, 0);
	check("CISR without GMSK", rd(AIC_CISR), CISR_NIRQ);

	probe_end("at91-aic", 0);
}
