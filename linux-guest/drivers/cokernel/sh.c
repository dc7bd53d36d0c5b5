// SPDX-License-Identifier: GPL-2.0
/*
 * sh.c - Linux as the cokernel guest on SH-4 (SH7751R, Renesas R2D-PLUS).
 *
 * cokernel boots first and keeps VBR, the INTC (IPRA-D, INTPRI00,
 * INTMSK00/INTMSKCLR00) and the R2D FPGA's IRLMSK to itself. Its RT class is
 * INTC level 15; Linux's interrupt-disable ceiling is IMASK 14 (patch
 * 0005), so Linux never masks it. The co-kernel's VBR table takes every
 * exception and interrupt and passes to Linux's own vbr_base + 0x100 /
 * 0x400 / 0x600 whatever is not its own, with SR, SPC, SSR, INTEVT, EXPEVT
 * and every register but k0-k4 as the hardware left them (patch 0006 has
 * Linux hand vbr_base over instead of writing VBR).
 *
 * Linux finds the guest page on its command line, cokernel.page=0x<PA>:
 * P1 (cached, untranslated) holds all of SDRAM, so the page's virtual
 * address is PA | 0x80000000 and Linux maps nothing (SH7751 hardware
 * manual §3.3.1: P1 is 0x80000000-0x9fffffff, physical = address & 0x1fffffff).
 *
 * Interrupts: Linux's own entry (arch/sh/kernel/cpu/sh3/entry.S
 * handle_interrupt) reads INTEVT while BL = 1 and calls do_IRQ(INTEVT >> 5),
 * Linux's evt2irq() numbering (include/linux/sh_intc.h). The guest page
 * lists, per hardware vIRQ, the INTEVT code of the line (virq_hw[]); this
 * driver associates each such Linux IRQ with its vIRQ in an irq domain and
 * gives it the vPIC chip (vpic-chip.c), whose mask/unmask/eoi/set_type are
 * the guest page's ops on the vIRQ number. Soft vIRQs (console
 * input, IPC doorbells) come through one normal-class line the co-kernel
 * raises and clears, TMU4 (INTEVT 0xb80, SH7751 hardware manual §19.2
 * table 19.5), which is no vIRQ: its handler asks next_pending() until -1.
 *
 * The IPC region: if the page lists a CK_MMIO_SHM window, a UIO device
 * "cokernel-shm" with the IPC doorbell soft vIRQ, as on ARM.
 *
 * PCI: the SH7751's PCI controller is Linux's (arch/sh/drivers/pci/
 * pci-sh7751.c, its registers and windows in P4 at fixed addresses: nothing
 * to map or hand over); a slot's INTx is the IRL line the R2D FPGA encodes
 * it on, Linux's when the guest page lists its INTEVT code
 * (cokernel_sh_line_irq()).
 *
 * Without cokernel.page= on the command line (Linux booted alone) nothing
 * here runs: Linux writes VBR and registers the SH7750 and R2D INTC
 * controllers as usual.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/platform_device.h>
#include <linux/sh_intc.h>
#include <linux/string.h>
#include <asm/addrspace.h>
#include <asm/cokernel.h>
#include <asm/setup.h>
#include "cokernel.h"

/* The R2D-PLUS's SDRAM: 64 MiB at PA 0x0c000000 (area 3; QEMU hw/sh4/r2d.c
 * SDRAM_BASE/SDRAM_SIZE); Linux has the bottom (CONFIG_MEMORY_SIZE), the
 * co-kernel the top */
#define CK_SH_SDRAM_END 0x10000000u

/* The soft line: TMU4 underflow, which the co-kernel starts (DESIGN, SH port) */
#define CK_SH_SOFT_INTEVT 0xb80

struct ck_guest_page *cokernel_page;

/* the page named on the command line once it passed cokernel_page_check() */
static struct ck_guest_page *ck_sh_page;
/* the vIRQs' domain once attached */
static struct irq_domain *ck_sh_domain;

#define CK_SH_PARAM "cokernel.page="

/*
 * The guest page named by cokernel.page=0x<PA> in the loader's command line
 * (the zero page's COMMAND_LINE: per_cpu_trap_init() runs from cpu_init(),
 * before start_kernel() parses the command line), or NULL.
 */
static struct ck_guest_page *ck_sh_find_page(void)
{
	const char *s = COMMAND_LINE;
	char arg[16];
	unsigned long pa;
	struct ck_guest_page *p;
	size_t n;

	for (;;) {
		s = strstr(s, CK_SH_PARAM);
		if (!s)
			return NULL;
		if (s == COMMAND_LINE || s[-1] == ' ')
			break;
		s++;
	}
	s += strlen(CK_SH_PARAM);
	n = strcspn(s, " ");
	if (n >= sizeof(arg)) {
		pr_err(CK_SH_PARAM "%.*s: not a number\n", (int)n, s);
		return NULL;
	}
	memcpy(arg, s, n);
	arg[n] = 0;
	if (kstrtoul(arg, 0, &pa)) {
		pr_err(CK_SH_PARAM "%s: not a number\n", arg);
		return NULL;
	}
	/* in SDRAM above Linux's RAM, reachable through P1, aligned */
	if (pa < __MEMORY_START + __MEMORY_SIZE || pa >= CK_SH_SDRAM_END ||
	    CK_SH_SDRAM_END - pa < sizeof(*p) || (pa & 7)) {
		pr_err(CK_SH_PARAM "%#lx is not in SDRAM above Linux's (%#lx-%#x)\n",
		       pa, (unsigned long)(__MEMORY_START + __MEMORY_SIZE),
		       CK_SH_SDRAM_END);
		return NULL;
	}
	p = (struct ck_guest_page *)P1SEGADDR(pa);
	if (cokernel_page_check(p))
		return NULL;
	if (p->virq_soft_base > CK_GUEST_MAX_HW) {
		pr_err("%u hardware vIRQs: at most %u\n", p->virq_soft_base,
		       CK_GUEST_MAX_HW);
		return NULL;
	}
	return p;
}

/* parsed in ck_sh_find_page(); this only keeps it from init's arguments */
static int __init ck_sh_page_param(char *arg)
{
	return 0;
}
early_param("cokernel.page", ck_sh_page_param);

bool cokernel_sh_ram_va(const void *va, size_t n)
{
	unsigned long a = (unsigned long)va;

	return a >= P1SEGADDR(__MEMORY_START) && n <= CK_SH_SDRAM_END &&
	       a <= P1SEGADDR(CK_SH_SDRAM_END) - n;
}

bool cokernel_sh_present(void)
{
	return ck_sh_page;
}

/*
 * Called by per_cpu_trap_init() (patch 0006) with Linux's vbr_base, from
 * cpu_init() before start_kernel(). Returns true when a co-kernel runs
 * under Linux: Linux's table address is then in the guest page
 * (linux_vbr), where the co-kernel's VBR table forwards to, and Linux must
 * not write VBR.
 */
bool cokernel_sh_trap_init(void *vbr_base)
{
	ck_sh_page = ck_sh_find_page();
	if (!ck_sh_page)
		return false;
	ck_sh_page->linux_vbr = (u32)(unsigned long)vbr_base;
	return true;
}

/*
 * vIRQ n is hwirq n of this domain; the IRQs are Linux's own numbers
 * (evt2irq() of the line's INTEVT for hardware vIRQs, a block allocated at
 * boot for the soft ones), associated one by one.
 */
static int ck_sh_map(struct irq_domain *d, unsigned int irq,
		     irq_hw_number_t hw)
{
	const struct ck_guest_page *p = d->host_data;

	irq_set_chip_and_handler(irq, &cokernel_vpic_chip,
				 hw < p->virq_soft_base ? handle_level_irq :
							  handle_edge_irq);
	irq_set_probe(irq);
	return 0;
}

static const struct irq_domain_ops ck_sh_domain_ops = {
	.map = ck_sh_map,
};

/*
 * The soft line's flow handler, from attach on: every pending vIRQ the
 * co-kernel holds; next_pending() clears the line once none is left, so it
 * must run at every soft-line interrupt, whether a soft vIRQ has a handler
 * yet or not.
 */
static void ck_sh_soft_line(struct irq_desc *desc)
{
	struct ck_guest_page *p = irq_desc_get_handler_data(desc);
	s32 virq;

	while ((virq = p->next_pending()) >= 0)
		if (generic_handle_domain_irq(ck_sh_domain, virq))
			pr_err_ratelimited("vIRQ %d has no Linux IRQ\n", virq);
}

int cokernel_soft_virq_map(unsigned int soft, unsigned int type)
{
	unsigned int irq;

	if (!cokernel_page || !ck_sh_domain || soft >= CK_VIRQ_SOFT_NR)
		return -ENODEV;
	irq = irq_find_mapping(ck_sh_domain, cokernel_page->virq_soft_base + soft);
	if (!irq)
		return -EINVAL;
	irq_set_irq_type(irq, type);
	return irq;
}

/*
 * Called by init_IRQ() (patch 0007) before the SH7750 and board INTC
 * controllers would be registered. Returns true when the co-kernel owns the
 * INTC: the vPIC is then Linux's only interrupt controller and init_IRQ()
 * registers nothing else. Order: the Linux IRQs of the vIRQs, attach (the
 * co-kernel may forward interrupts once Linux enables them), then the soft
 * line's handler. A refused attach leaves Linux without interrupts and
 * says so.
 */
bool __init cokernel_sh_init_irq(void)
{
	struct ck_guest_page *p = ck_sh_page;
	struct irq_domain *domain;
	int irq, soft_irq;
	u32 v, w;
	s32 ret;

	if (!p)
		return false;
	for (v = 0; v < p->virq_soft_base; v++)
		for (w = 0; w < v; w++)
			if (p->virq_hw[w] == p->virq_hw[v]) {
				pr_err("vIRQs %u and %u: both INTEVT %#x\n", w, v,
				       p->virq_hw[v]);
				return true;
			}
	/*
	 * The soft line is the co-kernel's (it raises it, and clears it in
	 * next_pending()), no vIRQ: Linux only takes it, so its IRQ has a chip
	 * that does nothing and, once attached, the flow handler above
	 */
	irq = evt2irq(CK_SH_SOFT_INTEVT);
	ret = irq_alloc_desc_at(irq, 0);
	if (ret < 0 && ret != -EEXIST) {
		pr_err("no IRQ descriptor %d for the soft line\n", irq);
		return true;
	}
	irq_set_chip(irq, &dummy_irq_chip);
	/* hand-over 1: windows below 512 MiB are in P2, mapped by nothing */
	for (v = 0; v < p->nr_mmio; v++) {
		struct ck_guest_mmio *win = &p->mmio[v];

		if (win->phys_hi || (win->flags & CK_MMIO_VA_ONLY) ||
		    win->phys >= 0x20000000 || win->size > 0x20000000 - win->phys) {
			pr_err("window %u (%x+%x, flags %x) is not in P2\n", v,
			       win->phys, win->size, win->flags);
			return true;
		}
		win->va = P2SEGADDR(win->phys);
	}
	domain = irq_domain_add_linear(NULL, p->nr_virq, &ck_sh_domain_ops, p);
	soft_irq = irq_alloc_descs(-1, evt2irq(0x1000), CK_VIRQ_SOFT_NR, 0);
	if (!domain || soft_irq < 0) {
		pr_err("no memory for the vPIC\n");
		return true;
	}
	for (v = 0; v < p->nr_virq; v++) {
		u32 evt = p->virq_hw[v];

		if (v >= p->virq_soft_base) {
			irq = soft_irq + v - p->virq_soft_base;
		} else if (evt < 0x1c0 || evt > 0xfe0 || (evt & 0x1f)) {
			/* INTEVT codes: 0x1c0 (NMI) .. 0xfe0, multiples of 0x20 */
			pr_err("vIRQ %u: INTEVT %#x is not an interrupt code\n",
			       v, evt);
			return true;
		} else if (evt == CK_SH_SOFT_INTEVT) {
			pr_err("vIRQ %u: INTEVT %#x is the soft line\n", v, evt);
			return true;
		} else {
			irq = evt2irq(evt);
			ret = irq_alloc_desc_at(irq, 0);
			if (ret < 0 && ret != -EEXIST) {
				pr_err("vIRQ %u: no IRQ descriptor %d\n", v, irq);
				return true;
			}
		}
		if (irq_domain_associate(domain, irq, v)) {
			pr_err("vIRQ %u: cannot map it to IRQ %d\n", v, irq);
			return true;
		}
	}

	ret = p->attach();
	if (ret) {
		pr_err("co-kernel refused attach (%d, its console says why): "
		       "Linux has no interrupts\n", ret);
		return true;
	}
	cokernel_page = p;
	ck_sh_domain = domain;
	/* Linux's interrupts are still off: no soft line before this */
	irq_set_chained_handler_and_data(evt2irq(CK_SH_SOFT_INTEVT),
					 ck_sh_soft_line, p);
	pr_info("attached: %u vIRQs (%u hardware), soft vIRQs at IRQ %d, Linux VBR %08x\n",
		p->nr_virq, p->virq_soft_base, soft_irq, p->linux_vbr);
	return true;
}

/*
 * The Linux IRQ of the hardware line with INTEVT code @intevt if the guest
 * page hands it to Linux (virq_hw[]), else 0: the line is the co-kernel's
 * or no co-kernel runs, and the device gets no interrupt. A board's wiring
 * table asks this, e.g. the R2D's PCI INTx (patch 0009); after attach.
 */
int cokernel_sh_line_irq(unsigned int intevt)
{
	const struct ck_guest_page *p = cokernel_page;
	u32 v;

	if (!p)
		return 0;
	for (v = 0; v < p->virq_soft_base; v++)
		if (p->virq_hw[v] == intevt)
			return evt2irq(intevt);
	pr_warn("INTEVT %#x is not a line of Linux's (bsp LINUX_IRQ_LINES)\n",
		intevt);
	return 0;
}

/*
 * The IPC region, if the page lists it (a CK_MMIO_SHM window): the
 * platform device of ipc.c's driver, with the IPC doorbell soft vIRQ, as
 * the DT's "cokernel,ipc-shm" node gives it on ARM and PowerPC.
 */

static int __init ck_sh_shm_register(const struct ck_guest_mmio *w, int irq)
{
	struct resource res[2] = {
		DEFINE_RES_MEM(w->phys, w->size),
		DEFINE_RES_IRQ(irq),
	};
	struct platform_device *pdev;

	pdev = platform_device_register_simple("cokernel-ipc", 0, res,
					       ARRAY_SIZE(res));
	return PTR_ERR_OR_ZERO(pdev);
}

static int __init ck_sh_shm_init(void)
{
	struct ck_guest_page *p = cokernel_page;
	unsigned int i;
	int irq;

	if (!p || !IS_ENABLED(CONFIG_COKERNEL_IPC))
		return 0;
	for (i = 0; i < p->nr_mmio; i++)
		if ((p->mmio[i].flags & ~CK_MMIO_VA_ONLY) == CK_MMIO_SHM)
			break;
	if (i == p->nr_mmio)
		return 0;
	irq = cokernel_soft_virq_map(CK_VIRQ_SOFT_IPC, IRQ_TYPE_EDGE_RISING);
	if (irq < 0)
		return irq;
	return ck_sh_shm_register(&p->mmio[i], irq);
}
device_initcall(ck_sh_shm_init);
