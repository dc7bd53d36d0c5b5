// SPDX-License-Identifier: GPL-2.0
/*
 * epapr.c - the hand-over of ipc/ck_guest.h for the PowerPC guests of
 * cokernel, which reach the co-kernel through Linux's own ePAPR
 * paravirtual drivers (ehv_pic for interrupts, ehv_bytechan for the
 * console; arch/powerpc/kernel/epapr_paravirt.c patches their hypercalls
 * from the DT's hcall-instructions into a branch to the co-kernel). The
 * machines around it: e500.c ("cokernel,e500-guest") and g2.c
 * ("cokernel,mpc5200-guest").
 *  - the co-kernel's windows get their virtual addresses here, from
 *    init_IRQ(), before any process exists. The PowerPC co-kernels mark
 *    them CK_MMIO_VA_ONLY: Linux only reserves the range (never freed,
 *    nothing mapped in it) and the co-kernel maps it itself at attach()
 *    (e500: a protected TLB1 entry; G2_LE: one of its BATs), so RT code
 *    never takes a TLB miss (a plain window would be ioremap()ped);
 *  - the RT entry is the machine's critical-interrupt stub (patches 0002,
 *    0008), which branches through cokernel_rt_entry: the co-kernel sets
 *    it before Linux starts (RT runs through Linux's boot), and it is set
 *    here to the guest page's rt_entry before attach() (G2_LE: from the
 *    co-kernel's boot entry to its attached one).
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/io.h>
#include <linux/irqdomain.h>
#include <linux/log2.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/vmalloc.h>
#include <asm/ehv_pic.h>
#include <asm/reg.h>

#include "cokernel.h"

struct ck_guest_page *cokernel_page;

/*
 * A CK_MMIO_VA_ONLY window: a virtual range of @size bytes aligned to @size
 * that nothing else will ever use, so the co-kernel can map it with one
 * TLB1 entry or BAT. get_vm_area() aligns only up to IOREMAP_MAX_ORDER:
 * take twice the size and align inside. Never freed.
 */
static unsigned long __init ck_epapr_reserve_va(u64 pa, u32 size)
{
	struct vm_struct *area;

	if (size < PAGE_SIZE || !is_power_of_2(size))
		return 0;
	area = get_vm_area(2 * (unsigned long)size, VM_IOREMAP);
	if (!area)
		return 0;
	return ALIGN((unsigned long)area->addr, size) + (pa & (size - 1));
}

static int __init ck_epapr_map_windows(struct ck_guest_page *p)
{
	unsigned int i;

	for (i = 0; i < p->nr_mmio; i++) {
		struct ck_guest_mmio *w = &p->mmio[i];
		u64 pa = (u64)w->phys_hi << 32 | w->phys;
		unsigned long va;

		if (w->flags & CK_MMIO_VA_ONLY)
			va = ck_epapr_reserve_va(pa, w->size);
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

int __init cokernel_epapr_page_pa(struct resource *res)
{
	struct device_node *np;
	int ret;

	np = of_find_compatible_node(NULL, NULL, "cokernel,guest-page");
	if (!np) {
		pr_err("no cokernel,guest-page node: RT side stopped\n");
		return -ENODEV;
	}
	ret = of_address_to_resource(np, 0, res);
	of_node_put(np);
	if (ret)
		pr_err("cokernel,guest-page node without reg: RT side stopped\n");
	return ret;
}

/*
 * The co-kernel's RT interrupts come all through Linux's boot (it set
 * cokernel_rt_entry before Linux started: on the G2_LE to its boot entry,
 * which brings its own BATs in for each one; on e500 to its RT entry,
 * through TLB1 entries Linux's head kept), and attach() moves its devices
 * to the windows: the critical input is masked from the switch of the
 * word to attach()'s return.
 */
#ifdef CONFIG_PPC_BOOK3S_32
#define CK_MSR_RT MSR_G2_CE
#else
#define CK_MSR_RT MSR_CE
#endif

static unsigned long __init ck_rt_hold(void)
{
	unsigned long msr = mfmsr();

	mtmsr(msr & ~CK_MSR_RT);
	isync();
	return msr;
}

static void __init ck_rt_unhold(unsigned long msr)
{
	mtmsr(msr);
	isync();
}

void __init cokernel_epapr_attach(struct ck_guest_page *p, u32 rt_entry)
{
	unsigned long msr;
	u32 fallback;
	s32 ret;

	if (cokernel_page_check(p) || ck_epapr_map_windows(p))
		return;
	cokernel_fault_route(p);   /* RT task faults: fault.c */
	/*
	 * attach() restarts the RT timer: a critical input can come as soon
	 * as it returns, so the stub must branch to the co-kernel by then.
	 */
	fallback = cokernel_rt_entry;
	msr = ck_rt_hold();
	WRITE_ONCE(cokernel_rt_entry, rt_entry);
	ret = p->attach();
	if (ret)
		WRITE_ONCE(cokernel_rt_entry, fallback);
	ck_rt_unhold(msr);
	if (ret) {
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "RT side stopped, no interrupts for Linux\n", ret);
		return;
	}
	cokernel_page = p;
	pr_info("attached: %u vIRQs (%u hardware), RT entry %08x\n",
		p->nr_virq, p->virq_soft_base, rt_entry);
}

void __init cokernel_epapr_init_pic(void)
{
	struct irq_domain *d;
	struct ehv_pic *pic;

	ehv_pic_init();
	/*
	 * ehv_pic's irq_chip has no name, so /proc/interrupts would show
	 * none: name it after what it talks to. The chip is ehv_pic's own
	 * copy (struct ehv_pic, asm/ehv_pic.h), the host data of the default
	 * domain it sets.
	 */
	d = irq_get_default_host();
	pic = d ? d->host_data : NULL;
	if (pic && !pic->hc_irq.name)
		pic->hc_irq.name = "vPIC";
}
