// SPDX-License-Identifier: GPL-2.0
/*
 * e500.c - the "cokernel,e500-guest" machine: Linux as the guest of cokernel
 * on an e500v2 (QEMU ppce500).
 *
 * cokernel boots first, owns the MPIC, the RT timer (on the critical input)
 * and the UART. Linux reaches it through its own ePAPR paravirtual drivers:
 * ehv_pic for interrupts and ehv_bytechan for the console, whose hypercalls
 * (arch/powerpc/kernel/epapr_paravirt.c patches them from the DT's
 * hcall-instructions) branch to the co-kernel. This file is only the
 * platform glue around them and the hand-over of ipc/ck_guest.h in the
 * cokernel tree:
 *  - the co-kernel's windows get their virtual addresses from init_IRQ(),
 *    before any process exists. The e500 co-kernel marks them
 *    CK_MMIO_VA_ONLY: Linux only reserves the range (never freed, nothing
 *    mapped in it) and the co-kernel maps it with a protected TLB1 entry at
 *    attach(), so RT code never takes a TLB miss (a plain window would be
 *    ioremap()ped);
 *  - the RT entry is the CriticalInput stub in head_85xx.S (patch 0002),
 *    which branches through cokernel_rt_entry: set here before attach(),
 *    which restarts the RT timer.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/io.h>
#include <linux/irqdomain.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/vmalloc.h>
#include <asm/ehv_pic.h>
#include <asm/machdep.h>
#include <asm/time.h>
#include <asm/udbg.h>
#include "cokernel.h"

struct ck_guest_page *cokernel_page;

/*
 * A CK_MMIO_VA_ONLY window: a virtual range of @size bytes aligned to @size
 * that nothing else will ever use, so the co-kernel can map it with one
 * TLB1 entry. get_vm_area() aligns only up to IOREMAP_MAX_ORDER: take twice
 * the size and align inside. Never freed.
 */
static unsigned long __init ck_e500_reserve_va(u64 pa, u32 size)
{
	struct vm_struct *area;

	if (size < PAGE_SIZE || !is_power_of_2(size))
		return 0;
	area = get_vm_area(2 * (unsigned long)size, VM_IOREMAP);
	if (!area)
		return 0;
	return ALIGN((unsigned long)area->addr, size) + (pa & (size - 1));
}

static int __init ck_e500_map_windows(struct ck_guest_page *p)
{
	unsigned int i;

	for (i = 0; i < p->nr_mmio; i++) {
		struct ck_guest_mmio *w = &p->mmio[i];
		u64 pa = (u64)w->phys_hi << 32 | w->phys;
		unsigned long va;

		if (w->flags & CK_MMIO_VA_ONLY)
			va = ck_e500_reserve_va(pa, w->size);
		else if (pa == (phys_addr_t)pa)
			va = (unsigned long)ioremap(pa, w->size);
		else
			va = 0;	/* beyond phys_addr_t: CONFIG_PHYS_64BIT */
		if (!va) {
			pr_err("cannot place window %u (%llx+%x, flags %x)\n",
			       i, pa, w->size, w->flags);
			return -ENOMEM;
		}
		w->va = va;
		pr_info("window %u: %llx+%x at %08x%s\n", i, pa, w->size, w->va,
			(w->flags & CK_MMIO_VA_ONLY) ? " (co-kernel maps it)" : "");
	}
	return 0;
}

/* The hand-over of ipc/ck_guest.h; on failure the RT side stays stopped. */
static void __init ck_e500_attach(void)
{
	struct ck_guest_page *p;
	struct device_node *np;
	struct resource res;
	u32 fallback;
	s32 ret;

	np = of_find_compatible_node(NULL, NULL, "cokernel,guest-page");
	if (!np) {
		pr_err("no cokernel,guest-page node: RT side stopped\n");
		return;
	}
	ret = of_address_to_resource(np, 0, &res);
	of_node_put(np);
	if (ret) {
		pr_err("cokernel,guest-page node without reg: RT side stopped\n");
		return;
	}
	if (!memblock_is_map_memory(res.start) ||
	    !virt_addr_valid(phys_to_virt(res.start))) {
		pr_err("guest page %pa is not in the linear map: RT side stopped\n",
		       &res.start);
		return;
	}
	p = phys_to_virt(res.start);
	if (cokernel_page_check(p) || ck_e500_map_windows(p))
		return;

	/*
	 * attach() restarts the RT timer: a critical input can come as soon
	 * as it returns, so the stub must branch to the co-kernel by then.
	 */
	fallback = cokernel_rt_entry;
	WRITE_ONCE(cokernel_rt_entry, p->rt_entry);
	cokernel_fault_route(p);   /* RT task faults: fault.c */
	ret = p->attach();
	if (ret) {
		WRITE_ONCE(cokernel_rt_entry, fallback);
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "RT side stopped, no interrupts for Linux\n", ret);
		return;
	}
	cokernel_page = p;
	pr_info("attached: %u vIRQs (%u hardware), RT entry %08x\n",
		p->nr_virq, p->virq_soft_base, p->rt_entry);
}

/*
 * ehv_pic's irq_chip has no name, so /proc/interrupts would show none: name
 * it after what it talks to. The chip is ehv_pic's own copy (struct
 * ehv_pic, asm/ehv_pic.h), the host data of the default domain it sets.
 */
static void __init ck_e500_name_chip(void)
{
	struct irq_domain *d = irq_get_default_host();
	struct ehv_pic *pic = d ? d->host_data : NULL;

	if (pic && !pic->hc_irq.name)
		pic->hc_irq.name = "vPIC";
}

static void __init ck_e500_init_irq(void)
{
	ehv_pic_init();
	ck_e500_name_chip();
	ck_e500_attach();
}

/* the byte channel (ehv_bytechan), the UIO region, the guts (reboot) */
static int __init ck_e500_publish_devices(void)
{
	return of_platform_default_populate(NULL, NULL, NULL);
}
machine_arch_initcall(cokernel_e500, ck_e500_publish_devices);

static int __init ck_e500_probe(void)
{
	return of_machine_is_compatible("cokernel,e500-guest");
}

/*
 * No .restart: fsl_soc.c registers a restart handler that writes the guts
 * RSTCR when the DT's global-utilities node has fsl,has-rstcr. No
 * .setup_arch: e500_idle() sets HID0[DOZE] itself on every idle entry.
 */
define_machine(cokernel_e500) {
	.name			= "cokernel e500 guest",
	.probe			= ck_e500_probe,
	.init_IRQ		= ck_e500_init_irq,
	.get_irq		= ehv_pic_get_irq,
	.calibrate_decr		= generic_calibrate_decr,
	.progress		= udbg_progress,
	.power_save		= e500_idle,
};
