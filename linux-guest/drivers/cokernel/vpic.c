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
 *    (arch/arm/kernel/process.c arch_cpu_idle_prepare). The RT class is
 *    let in earlier: from paging_init (cokernel_early_rt(), patch 0010),
 *    as soon as the vectors page exists, with the co-kernel's device
 *    windows mapped at its own (boot) addresses in swapper_pg_dir, the
 *    only page table there is until the first fork; and otherwise here,
 *    once attach has succeeded. Linux's own vector_fiq never acknowledges,
 *    so F is never cleared before the trampoline is in.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/irqchip.h>
#include <linux/irqdomain.h>
#include <linux/libfdt.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_fdt.h>
#include <asm/cacheflush.h>
#include <asm/exception.h>
#include <asm/fiq.h>
#include <asm/tlbflush.h>
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
 * The early entries: ARMv5 first-level descriptors (ARM ARM B4.7: bits
 * 1:0 = 1 coarse page table, 2 section) and small-page descriptors in a
 * coarse table's 256 entries. Linux's own first-level table is
 * swapper_pg_dir in the hardware format; a coarse entry holds the
 * physical address of Linux's hardware table (arch/arm/include/asm/
 * pgtable-2level.h), which the hook may fill where Linux has nothing.
 */
#define CK_L1_TYPE(e)		((e) & 3u)
#define CK_L1_COARSE		1u
#define CK_L1_SECTION		2u
#define CK_L1_COARSE_PA(e)	((e) & ~0x3ffu)
#define CK_EARLY_MAX		32

static u32 *ck_early_slot[CK_EARLY_MAX];   /* what the hook filled */
static unsigned int ck_early_n;

/* Put @val into the empty descriptor @slot (or find it there already). */
static int __init ck_early_put(u32 *slot, u32 val)
{
	if (*slot == val)
		return 0;
	if (*slot)
		return -EEXIST;
	if (ck_early_n == CK_EARLY_MAX)
		return -ENOSPC;
	*slot = val;
	clean_dcache_area(slot, sizeof(*slot));   /* the table walk reads RAM */
	ck_early_slot[ck_early_n++] = slot;
	return 0;
}

static void __init ck_early_unmap(void)
{
	while (ck_early_n) {
		u32 *slot = ck_early_slot[--ck_early_n];

		*slot = 0;
		clean_dcache_area(slot, sizeof(*slot));
	}
	local_flush_tlb_all();
}

/* Map window @i at its boot address the way the co-kernel's table @ck does. */
static int __init ck_early_map_window(const struct ck_guest_page *p,
				      const u32 *ck, unsigned int i)
{
	u32 *l1 = (u32 *)swapper_pg_dir;
	u32 va = p->boot_va[i] & PAGE_MASK;
	u32 end = p->boot_va[i] + p->mmio[i].size;
	int ret = 0;

	if (end < va)
		return -EINVAL;
	while (va < end && !ret) {
		u32 e = ck[va >> 20], *l2, *ck_l2;

		if (CK_L1_TYPE(e) == CK_L1_SECTION || !l1[va >> 20]) {
			if (CK_L1_TYPE(e) != CK_L1_SECTION && CK_L1_TYPE(e) != CK_L1_COARSE)
				return -ENOENT;
			ret = ck_early_put(&l1[va >> 20], e);
			va = (va | 0xfffffu) + 1;
			if (!va)
				break;
			continue;
		}
		if (CK_L1_TYPE(e) != CK_L1_COARSE || CK_L1_TYPE(l1[va >> 20]) != CK_L1_COARSE)
			return -EEXIST;
		ck_l2 = phys_to_virt(CK_L1_COARSE_PA(e));
		l2 = phys_to_virt(CK_L1_COARSE_PA(l1[va >> 20]));
		if (!ck_l2[(va >> 12) & 0xff])
			return -ENOENT;
		ret = ck_early_put(&l2[(va >> 12) & 0xff], ck_l2[(va >> 12) & 0xff]);
		va += PAGE_SIZE;
		if (!va)
			break;
	}
	return ret;
}

/* The guest page the flat DT names, checked, or NULL. */
static struct ck_guest_page * __init ck_early_page(void)
{
	const __be32 *reg;
	int node, len;
	u64 pa;

	if (!initial_boot_params)
		return NULL;
	node = fdt_node_offset_by_compatible(initial_boot_params, -1, "cokernel,vpic");
	if (node < 0)
		return NULL;
	reg = of_get_flat_dt_prop(node, "reg", &len);
	if (!reg || len < dt_root_addr_cells * (int)sizeof(*reg))
		return NULL;
	pa = dt_mem_next_cell(dt_root_addr_cells, &reg);
	if (pa != (phys_addr_t)pa || !memblock_is_map_memory(pa))
		return NULL;
	return cokernel_page_check(phys_to_virt(pa)) ? NULL : phys_to_virt(pa);
}

void __init cokernel_early_rt(void)
{
	struct ck_guest_page *p = ck_early_page();
	const u32 *ck;
	unsigned int i;
	int ret = 0;

	if (!p || !p->early_l1 || !memblock_is_map_memory(p->early_l1))
		return;
	/* where the RT class runs from head.S on (patch 0012, cpu_init() let
	 * it in), the trampoline and Linux's own FIQ slot go in with it masked */
	local_fiq_disable();
	ck = phys_to_virt(p->early_l1);
	for (i = 0; i < p->nr_mmio && !ret; i++)
		ret = ck_early_map_window(p, ck, i);
	local_flush_tlb_all();
	if (!ret) {
		ret = cokernel_vectors_install(p);
		if (ret == -EINVAL)   /* RT task faults not routed: said, RT runs */
			ret = 0;
	}
	if (!ret && p->rt_early)
		ret = p->rt_early();   /* the co-kernel resumes its RT side */
	if (ret) {
		ck_early_unmap();
		if (cokernel_vectors_l1) {
			/* the boot entry back: RT goes on through it */
			cokernel_vectors_boot();
			pr_err("no RT trampoline before attach (%d): the co-kernel's "
			       "boot entry serves until then\n", ret);
			return;
		}
		pr_err("no RT before attach (%d): the co-kernel pauses until then\n", ret);
		return;
	}
	local_fiq_enable();
	pr_info("RT runs from paging_init on (%u early mappings)\n", ck_early_n);
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

	/* from here to attach the co-kernel moves to Linux's addresses */
	local_fiq_disable();
	ret = cokernel_vectors_install(p);   /* FIQ, RT task faults: fault.c */
	if (ret == -EBUSY)
		return ret;

	ret = p->attach();
	ck_early_unmap();   /* the boot addresses are no longer used */
	if (ret && cokernel_vectors_l1) {
		/* the co-kernel still runs at its boot addresses: in its own
		 * page table, through its boot entry */
		cokernel_vectors_boot();
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "no vPIC, Linux has no interrupts; RT runs on\n", ret);
		return -ENODEV;
	}
	if (ret) {
		cokernel_vectors_remove();
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "no vPIC, Linux has no interrupts, RT stops\n", ret);
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
