/* SPDX-License-Identifier: GPL-2.0 */
/* cokernel.h - what the cokernel guest drivers share. */
#ifndef LINUX_COKERNEL_H
#define LINUX_COKERNEL_H

#include <linux/errno.h>
#include <linux/printk.h>
#include "ck_guest.h"

/*
 * cokernel_page_check() - is @p a guest page this driver speaks to: the
 * magic, this ABI and size, limits it can index with, an RT entry and an
 * attach op. Says what is wrong. Return: 0, -ENODEV (no co-kernel there)
 * or -EINVAL.
 */
static inline int cokernel_page_check(const struct ck_guest_page *p)
{
	if (p->magic != CK_GUEST_MAGIC) {
		pr_err("no co-kernel guest page (magic %08x)\n", p->magic);
		return -ENODEV;
	}
	if (p->abi != CK_GUEST_ABI || p->size != sizeof(*p) ||
	    p->nr_mmio > CK_GUEST_MAX_MMIO || p->nr_virq > CK_VIRQ_MAX ||
	    p->virq_soft_base + CK_VIRQ_SOFT_NR != p->nr_virq) {
		pr_err("guest page ABI %u size %u not supported (want %u/%zu)\n",
		       p->abi, p->size, CK_GUEST_ABI, sizeof(*p));
		return -EINVAL;
	}
	if (!p->rt_entry || !p->attach) {
		pr_err("guest page without RT entry or attach\n");
		return -EINVAL;
	}
	return 0;
}

/*
 * The co-kernel's guest page once attach() succeeded (vpic.c on ARM,
 * epapr.c on PowerPC, sh.c on SH-4); NULL without a co-kernel or after a refused attach:
 * then no op may be called.
 */
extern struct ck_guest_page *cokernel_page;

/*
 * Linux IRQ number of co-kernel soft vIRQ @soft (CK_VIRQ_SOFT_*: vIRQ
 * virq_soft_base + @soft), or a negative errno. ARM (vpic.c) and SH-4
 * (sh.c) only: on e500 the DT maps vIRQs through ehv_pic.
 */
int cokernel_soft_virq_map(unsigned int soft, unsigned int type);

/*
 * vpic-chip.c (ARM, SH-4): the irq_chip of every vIRQ; its ops are the
 * guest page's on the IRQ's hwirq, the vIRQ number.
 */
struct irq_chip;
extern struct irq_chip cokernel_vpic_chip;

/*
 * ipc.c: ring the Linux -> RT doorbell of IPC channel @chan (ipc/ck_guest.h
 * notify(): the op on ARM and SH-4, the CK_HCALL_IPC_NOTIFY hypercall on
 * PowerPC). Return 0, -EINVAL (@chan out of range), -ENODEV (no attached
 * co-kernel) or -ENOSYS (a co-kernel without it). Context: any; does not
 * sleep; Linux's interrupts off for the call.
 */
int cokernel_notify(unsigned int chan);

#ifdef CONFIG_ARM
/*
 * fault.c: install the FIQ trampoline to the co-kernel's rt_entry and the
 * RT task fault filters in front of Linux's undef/abort stubs. Return 0 or
 * a negative errno. Context: init_IRQ, before interrupts are enabled.
 */
int cokernel_vectors_install(const struct ck_guest_page *p);
void cokernel_vectors_remove(void);
void cokernel_vectors_boot(void);

/*
 * arch/arm/mm/mmu.c (patch 0012): the section descriptor of the
 * co-kernel's boot vectors page that head.S mapped at 0xfff00000, 0 when
 * the co-kernel did not enter Linux with CK_ARM_ENTRY_MAGIC; Linux's
 * vectors page gets the co-kernel's boot FIQ entry from it
 * (cokernel_boot_fiq(), fault.c) before devicemaps_init() maps it.
 */
extern u32 cokernel_vectors_l1;
void cokernel_boot_fiq(void *vectors);

/*
 * vpic.c: called from paging_init (patch 0010) once the vectors page
 * exists: copy the co-kernel's window mappings into swapper_pg_dir,
 * install the FIQ trampoline (and Linux's FIQ slot back over the boot
 * entry, where patch 0012's entry put one) and clear CPSR.F, so that RT
 * runs through the rest of Linux's boot without the boot entry's
 * page-table switches. Does nothing (and RT waits for attach, or runs on
 * through the boot entry) when the DT has no usable guest page or the
 * co-kernel offers no early_l1.
 */
void cokernel_early_rt(void);
#endif

#ifdef CONFIG_SUPERH
/*
 * sh.c: true when [@va, @va + @n) is SDRAM through P1 (cached,
 * untranslated: SH7751 hardware manual §3.3.1), the co-kernel's memory
 * included, which lies above Linux's RAM. Any context.
 */
bool cokernel_sh_ram_va(const void *va, size_t n);
#endif

#ifdef CONFIG_PPC
/*
 * Where Linux's critical-interrupt stub branches: e500 CriticalInput
 * (head_85xx.S, patch 0002) with r3 in SPRG2 and CTR in SPRG6, to an
 * address in Linux's lowmem map; G2_LE 0xA00 (head_book3s_32.S, patch
 * 0008) in real mode with r3 in SPRG5 and CTR in SPRG6, to a physical
 * address. Linux's own handling until epapr.c sets it to the co-kernel's
 * RT entry.
 */
extern u32 cokernel_rt_entry;

/*
 * epapr.c, the hand-over of the PowerPC guests. Context: init_IRQ.
 *  cokernel_epapr_page_pa(): the guest page's physical range from the DT
 *   ("cokernel,guest-page"); 0 or a negative errno (said on the console);
 *  cokernel_epapr_init_pic(): Linux's ehv_pic as the interrupt
 *   controller, named "vPIC";
 *  cokernel_epapr_attach(): check @p, place the co-kernel's windows, point
 *   cokernel_rt_entry at @rt_entry and call attach(); on any failure the
 *   RT side stays stopped (said on the console) and cokernel_page NULL.
 */
struct resource;
int cokernel_epapr_page_pa(struct resource *res);
void cokernel_epapr_init_pic(void);
void cokernel_epapr_attach(struct ck_guest_page *p, u32 rt_entry);

/*
 * fault.c: point head_booke.h's COKERNEL_FAULT filters (patch 0004) at the
 * co-kernel's fault entry and RT stack range. Context: init, before attach.
 */
void cokernel_fault_route(const struct ck_guest_page *p);
#endif

#endif
