// SPDX-License-Identifier: GPL-2.0
/*
 * vpic-chip.c - the vPIC irq_chip: every op is the co-kernel's guest page
 * op on the vIRQ number, which is the IRQ's hwirq in its domain (ARM:
 * vpic.c's linear domain; SH-4: sh.c's, which associates Linux's fixed
 * evt2irq() numbers with the vIRQs).
 *
 * The ops run with Linux's interrupts off (ipc/ck_guest.h): the co-kernel
 * masks only its own class around what it shares with RT code, so a Linux
 * IRQ must not re-enter an op half-way. The irq_chip callbacks are called
 * with IRQs off already.
 */
#include <linux/irq.h>
#include "cokernel.h"

static void ck_vpic_mask(struct irq_data *d)
{
	cokernel_page->mask(irqd_to_hwirq(d));
}

static void ck_vpic_unmask(struct irq_data *d)
{
	cokernel_page->unmask(irqd_to_hwirq(d));
}

static void ck_vpic_eoi(struct irq_data *d)
{
	cokernel_page->eoi(irqd_to_hwirq(d));
}

static int ck_vpic_set_type(struct irq_data *d, unsigned int type)
{
	type &= IRQ_TYPE_SENSE_MASK;
	if (type != IRQ_TYPE_LEVEL_HIGH && type != IRQ_TYPE_EDGE_RISING)
		return -EINVAL;
	if (cokernel_page->set_type(irqd_to_hwirq(d), type))
		return -EINVAL;
	irq_set_handler_locked(d, type == IRQ_TYPE_LEVEL_HIGH ?
				  handle_level_irq : handle_edge_irq);
	return IRQ_SET_MASK_OK;
}

/* Edge vIRQs are cleared by next_pending() as it returns them. */
static void ck_vpic_ack(struct irq_data *d)
{
}

struct irq_chip cokernel_vpic_chip = {
	.name = "vPIC",
	.irq_ack = ck_vpic_ack,
	.irq_mask = ck_vpic_mask,
	.irq_unmask = ck_vpic_unmask,
	.irq_eoi = ck_vpic_eoi,
	.irq_set_type = ck_vpic_set_type,
};
