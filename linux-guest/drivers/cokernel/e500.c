// SPDX-License-Identifier: GPL-2.0
/*
 * e500.c - the "cokernel,e500-guest" machine: Linux as the guest of cokernel
 * on an e500v2 (QEMU ppce500).
 *
 * cokernel boots first, owns the MPIC, the RT timer (on the critical input)
 * and the UART. Linux reaches it through its own ePAPR paravirtual drivers
 * (epapr.c: the hand-over); this file is the machine around them: the RT
 * entry is the CriticalInput stub in head_85xx.S (patch 0002).
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/memblock.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <asm/ehv_pic.h>
#include <asm/machdep.h>
#include <asm/time.h>
#include <asm/udbg.h>
#include <sysdev/fsl_pci.h>
#include "cokernel.h"

/*
 * The hand-over (epapr.c); on failure Linux has no interrupts (the RT side
 * runs on). The co-kernel region lies above Linux's memory (the DT's
 * memory node ends below it) and the co-kernel runs there through TLB1
 * entries of its own, which Linux's head keeps (patch 0011): Linux maps
 * the guest page with an alias of its own.
 */
static void __init ck_e500_attach(void)
{
	struct ck_guest_page *p;
	struct resource res;

	if (cokernel_epapr_page_pa(&res))
		return;
	if (memblock_is_memory(res.start)) {
		pr_err("guest page %pa is in Linux's memory: the DT is not the "
		       "co-kernel's\n", &res.start);
		return;
	}
	p = memremap(res.start, PAGE_SIZE, MEMREMAP_WB);
	if (!p) {
		pr_err("guest page %pa: memremap failed\n", &res.start);
		return;
	}
	cokernel_epapr_attach(p, p->rt_entry);
}

static void __init ck_e500_init_irq(void)
{
	cokernel_epapr_init_pic();
	ck_e500_attach();
}

/* the PCI host bridge, when the DT has one (fsl_pci.c probes it), as
 * arch/powerpc/platforms/85xx/qemu_e500.c does */
static void __init ck_e500_setup_arch(void)
{
	fsl_pci_assign_primary();
}

/* the byte channel (ehv_bytechan), the UIO region, the guts (reboot), the
 * PCI host bridge */
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
 * RSTCR when the DT's global-utilities node has fsl,has-rstcr. .setup_arch
 * is PCI's only: e500_idle() sets HID0[DOZE] itself on every idle entry.
 */
define_machine(cokernel_e500) {
	.name			= "cokernel e500 guest",
	.probe			= ck_e500_probe,
	.setup_arch		= ck_e500_setup_arch,
	.init_IRQ		= ck_e500_init_irq,
#ifdef CONFIG_PCI
	.pcibios_fixup_bus	= fsl_pcibios_fixup_bus,
	.pcibios_fixup_phb	= fsl_pcibios_fixup_phb,
#endif
	.get_irq		= ehv_pic_get_irq,
	.calibrate_decr		= generic_calibrate_decr,
	.progress		= udbg_progress,
	.power_save		= e500_idle,
};
