// SPDX-License-Identifier: GPL-2.0
/*
 * g2.c - the "cokernel,mpc5200-guest" machine: Linux as the guest of
 * cokernel on an MPC5200B (G2_LE core; the Lite5200B, QEMU -M lite5200b).
 *
 * cokernel boots first, owns the interrupt controller (ICTL), the RT timer
 * (slice timer 0 on the core's critical interrupt) and the PSC1 UART.
 * Linux keeps the decrementer and reaches the co-kernel through its own
 * ePAPR paravirtual drivers (epapr.c: the hand-over; ehv_pic, ehv_bytechan).
 * This file is the machine around them:
 *  - the co-kernel runs at Linux's linear-map address of its region,
 *    through BAT4, which Linux leaves alone on this core (patch 0008: no
 *    MMU_FTR_USE_HIGH_BATS): the region is reserved no-map, so no BAT of
 *    Linux's covers it, and BAT4 is set here, from the reserved-memory node
 *    holding the guest page, before the first call into the co-kernel
 *    (ehv_pic's hypercalls, attach()). Valid in every Linux context, it
 *    is invisible to user mode (Vp = 0);
 *  - the RT entry is the 0xA00 stub in head_book3s_32.S (patch 0008),
 *    which runs in real mode: cokernel_rt_entry gets the physical address
 *    of the co-kernel's entry.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/init.h>
#include <linux/ioport.h>
#include <linux/log2.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/reboot.h>
#include <asm/ehv_pic.h>
#include <asm/io.h>
#include <asm/machdep.h>
#include <asm/reg.h>
#include <asm/time.h>
#include <asm/udbg.h>

#include "cokernel.h"

/* BAT fields (32-bit PEM, "Block address translation"): 128 KiB..256 MiB
 * blocks; Vs only; M (coherent) as Linux's own lowmem BATs */
#define BAT_VS		0x00000002
#define BAT_M		0x00000010
#define BAT_PP_RW	0x00000002
#define BAT_MIN		0x00020000u
#define BAT_MAX		0x10000000u

/*
 * The reserved-memory range (the co-kernel region) holding @page: its base
 * and size in @region. 0, or -ENOENT.
 */
static int __init ck_g2_region(const struct resource *page, struct resource *region)
{
	struct device_node *rmem, *np;
	int ret = -ENOENT;

	rmem = of_find_node_by_path("/reserved-memory");
	if (!rmem)
		return ret;
	for_each_child_of_node(rmem, np) {
		if (of_address_to_resource(np, 0, region))
			continue;
		if (region->start <= page->start && page->end <= region->end) {
			of_node_put(np);
			ret = 0;
			break;
		}
	}
	of_node_put(rmem);
	return ret;
}

/* IBAT4/DBAT4 := EA PAGE_OFFSET + @base -> PA @base, @size, cached,
 * supervisor only: the co-kernel region, as the co-kernel's own start.S
 * maps it before Linux. The lower halves first, with the pair invalid. */
static void __init ck_g2_map_region(u32 base, u32 size)
{
	u32 u = ((PAGE_OFFSET + base) & 0xfffe0000) | (((size >> 17) - 1) << 2) | BAT_VS;
	u32 l = (base & 0xfffe0000) | BAT_M | BAT_PP_RW;

	mtspr(SPRN_IBAT4U, 0);
	mtspr(SPRN_DBAT4U, 0);
	isync();
	mtspr(SPRN_IBAT4L, l);
	mtspr(SPRN_DBAT4L, l);
	mtspr(SPRN_IBAT4U, u);
	mtspr(SPRN_DBAT4U, u);
	isync();
}

/* The co-kernel's region mapped (BAT4), its guest page, or NULL (said). */
static struct ck_guest_page * __init ck_g2_page(void)
{
	struct resource page, region;
	u32 size;

	if (cokernel_epapr_page_pa(&page))
		return NULL;
	if (ck_g2_region(&page, &region)) {
		pr_err("guest page %pa not in a reserved-memory node: RT side stopped\n",
		       &page.start);
		return NULL;
	}
	size = resource_size(&region);
	if (size < BAT_MIN || size > BAT_MAX || !is_power_of_2(size) ||
	    (region.start & (size - 1)) || region.end >= PAGE_OFFSET - 1 - region.start) {
		pr_err("co-kernel region %pR is not one BAT block: RT side stopped\n",
		       &region);
		return NULL;
	}
	ck_g2_map_region(region.start, size);
	return (struct ck_guest_page *)(PAGE_OFFSET + (unsigned long)page.start);
}

static void __init ck_g2_init_irq(void)
{
	struct ck_guest_page *p = ck_g2_page();

	cokernel_epapr_init_pic();
	if (p)
		cokernel_epapr_attach(p, p->rt_entry - PAGE_OFFSET);
}

/* the byte channel (ehv_bytechan), the UIO region */
static int __init ck_g2_publish_devices(void)
{
	return of_platform_default_populate(NULL, NULL, NULL);
}
machine_arch_initcall(cokernel_mpc5200, ck_g2_publish_devices);

/*
 * The restart: GPT0's watchdog, the MPC5200B's way to reset itself (the
 * guest DTS's "fsl,mpc5200-gpt" node with fsl,has-wdt; the co-kernel does
 * not use the GPTs). Mapped at setup: restart may come from interrupt
 * context. The GPT's mode and counter input registers: MPC5200BUM "GPT"
 * chapter; the sequence is Linux's mpc52xx_restart(): the timer stopped,
 * a count of 255 IPB ticks with prescale 0, then the watchdog enabled and
 * the counter started (mode 0x9004: WDen, CE, internal timer).
 */
#define GPT_MODE	0x00
#define GPT_COUNT	0x04
static void __iomem *ck_g2_wdt;

static void __init ck_g2_setup_arch(void)
{
	struct device_node *np;

	for_each_compatible_node(np, NULL, "fsl,mpc5200-gpt") {
		if (of_property_read_bool(np, "fsl,has-wdt")) {
			ck_g2_wdt = of_iomap(np, 0);
			of_node_put(np);
			break;
		}
	}
	if (!ck_g2_wdt)
		pr_warn("no GPT with fsl,has-wdt: restart halts\n");
}

/*
 * powerpc's machine_restart() calls ppc_md.restart before the restart
 * handlers (do_kernel_restart()); this one never returns, so it runs them
 * first: the co-kernel's (life.c) turns the reset into a guest restart.
 */
static void __noreturn ck_g2_restart(char *cmd)
{
	local_irq_disable();
	do_kernel_restart(cmd);
	if (ck_g2_wdt) {
		out_be32(ck_g2_wdt + GPT_MODE, 0);
		out_be32(ck_g2_wdt + GPT_COUNT, 0xff);
		out_be32(ck_g2_wdt + GPT_MODE, 0x9004);
	}
	for (;;)
		;
}

static int __init ck_g2_probe(void)
{
	return of_machine_is_compatible("cokernel,mpc5200-guest");
}

/*
 * Idle: the 6xx doze (HID0[DOZE] + MSR[POW]), which the critical interrupt
 * ends and Linux's own interrupts return from.
 */
define_machine(cokernel_mpc5200) {
	.name			= "cokernel MPC5200B guest",
	.probe			= ck_g2_probe,
	.setup_arch		= ck_g2_setup_arch,
	.restart		= ck_g2_restart,
	.init_IRQ		= ck_g2_init_irq,
	.get_irq		= ehv_pic_get_irq,
	.calibrate_decr		= generic_calibrate_decr,
	.progress		= udbg_progress,
	.power_save		= ppc6xx_idle,
};
