// SPDX-License-Identifier: GPL-2.0
/*
 * vpic.c - the cokernel paravirtual interrupt controller ("cokernel,vpic").
 *
 * cokernel boots first and owns the real interrupt controller (on the
 * reference board a PL190 VIC) and an RT timer routed to FIQ. Linux sees
 * this node instead of the VIC/SIC; every operation is a plain call into the
 * co-kernel through the call table in its guest page (same CPU, same
 * privilege, the page lies in RAM Linux keeps in its linear map). See
 * ipc/ck_guest.h in the cokernel tree for the ABI and the hand-over order.
 *
 * Init runs from init_IRQ(), before interrupts are enabled and before any
 * process exists, which matters twice:
 *  - the co-kernel's device windows are ioremap()ped here, so they are in
 *    init_mm before the first fork and thus in every page table: the FIQ can
 *    land in any process and the co-kernel must never fault;
 *  - Linux keeps CPSR.F set from entry (head.S, safe_svcmode_maskall; and
 *    cpu_init() in arch/arm/kernel/setup.c) until its idle task runs
 *    (arch/arm/kernel/process.c arch_cpu_idle_prepare), so installing the
 *    FIQ trampoline here closes the boot window before any FIQ can reach
 *    Linux's own vector_fiq, which never acknowledges. Left set, that mask
 *    would hold RT off through the rest of start_kernel() (calibrate_delay
 *    alone is 40 ms) and every initcall kernel_init runs before it first
 *    sleeps: FIQ is unmasked here once attach has succeeded.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/irqchip.h>
#include <linux/irqdomain.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <asm/exception.h>
#include <asm/fiq.h>
#include "cokernel.h"

struct ck_guest_page *cokernel_page;
static struct irq_domain *ck_domain;

static int ck_vpic_map(struct irq_domain *d, unsigned int irq,
		       irq_hw_number_t hw)
{
	if (hw >= cokernel_page->nr_virq)
		return -EINVAL;
	irq_set_chip_and_handler(irq, &cokernel_vpic_chip, handle_level_irq);
	irq_set_probe(irq);
	return 0;
}

static const struct irq_domain_ops ck_vpic_domain_ops = {
	.map = ck_vpic_map,
	.xlate = irq_domain_xlate_twocell,
};

/* Root IRQ handler: ask the co-kernel which vIRQ is next until none. */
static void __exception_irq_entry ck_vpic_handle_irq(struct pt_regs *regs)
{
	s32 virq;

	while ((virq = cokernel_page->next_pending()) >= 0)
		generic_handle_domain_irq(ck_domain, virq);
}

int cokernel_soft_virq_map(unsigned int soft, unsigned int type)
{
	unsigned int irq, virq;

	if (!ck_domain || !cokernel_page || soft >= CK_VIRQ_SOFT_NR)
		return -ENODEV;
	virq = cokernel_page->virq_soft_base + soft;
	irq = irq_create_mapping(ck_domain, virq);
	if (!irq)
		return -EINVAL;
	irq_set_irq_type(irq, type);
	return irq;
}

static int __init ck_vpic_map_windows(struct ck_guest_page *p)
{
	unsigned int i;

	for (i = 0; i < p->nr_mmio; i++) {
		struct ck_guest_mmio *w = &p->mmio[i];
		u64 pa = (u64)w->phys_hi << 32 | w->phys;
		void __iomem *va = NULL;

		/* ARM926: no LPAE, and the co-kernel maps no window itself */
		if (pa == (phys_addr_t)pa && !(w->flags & CK_MMIO_VA_ONLY))
			va = ioremap((phys_addr_t)pa, w->size);
		if (!va) {
			pr_err("cannot map window %u (%llx+%x, flags %x)\n", i,
			       pa, w->size, w->flags);
			return -ENOMEM;
		}
		w->va = (u32)(unsigned long)va;
	}
	return 0;
}

/*
 * Order: windows, FIQ trampoline, attach (the RT timer restarts in it and
 * an FIQ may come at once), and only once attach succeeded the domain and
 * the root handler: a refused attach leaves nothing of the vPIC behind
 * (the co-kernel's devices are not at Linux's addresses then, so no op
 * may be called) and says so; Linux then has no interrupt controller.
 */
static int __init ck_vpic_of_init(struct device_node *node,
				  struct device_node *parent)
{
	struct ck_guest_page *p;
	struct irq_domain *domain;
	struct resource res;
	s32 ret;

	if (of_address_to_resource(node, 0, &res))
		return -EINVAL;
	if (!memblock_is_memory(res.start) ||
	    !memblock_is_map_memory(res.start)) {
		pr_err("guest page %pa is not in the linear map\n", &res.start);
		return -EINVAL;
	}
	p = phys_to_virt(res.start);
	ret = cokernel_page_check(p);
	if (ret)
		return ret;
	ret = ck_vpic_map_windows(p);
	if (ret)
		return ret;

	ret = cokernel_vectors_install(p);   /* FIQ, RT task faults: fault.c */
	if (ret == -EBUSY)
		return ret;

	ret = p->attach();
	if (ret) {
		cokernel_vectors_remove();
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "no vPIC, Linux has no interrupts\n", ret);
		return -ENODEV;
	}
	domain = irq_domain_add_linear(node, p->nr_virq, &ck_vpic_domain_ops,
				       NULL);
	if (!domain) {
		pr_err("no memory for the vPIC domain\n");
		return -ENOMEM;
	}
	cokernel_page = p;
	ck_domain = domain;
	irq_set_default_host(ck_domain);
	ret = set_handle_irq(ck_vpic_handle_irq);
	if (ret)
		return ret;
	/* RT runs from here on: the CPSR.F Linux booted with is the CPU's
	 * state, not a task's, so every context that follows inherits it */
	local_fiq_enable();
	pr_info("attached: %u vIRQs (%u hardware), RT entry %08x\n",
		p->nr_virq, p->virq_soft_base, p->rt_entry);
	return 0;
}
IRQCHIP_DECLARE(cokernel_vpic, "cokernel,vpic", ck_vpic_of_init);
