// SPDX-License-Identifier: GPL-2.0
/*
 * ipc.c - the co-kernel's IPC region as a UIO device named "cokernel-shm":
 * map 0 is the region (no-map RAM, mapped uncached by UIO), the UIO
 * interrupt is the RT -> Linux doorbell (soft vIRQ CK_VIRQ_SOFT_IPC) and a
 * 4-byte write() of CK_UIO_NOTIFY(chan) rings the Linux -> RT doorbell of
 * IPC channel @chan (ipc/ck_guest.h).
 *
 * The doorbell is an edge the co-kernel raises each time an RT task posts
 * for Linux; the handler only counts it, so every process that has the
 * device open wakes in read() or poll() (uio.c: one event count, one wait
 * queue) and none can leave the line masked for the others. Writes of 0
 * and 1 (uio_pdrv_genirq's disable/enable, which libckipc and older tools
 * send) are accepted and change nothing.
 *
 * Devices: the DT node compatible "cokernel,ipc-shm" (reg: the region,
 * interrupts: the doorbell vIRQ; ARM926, e500, G2_LE), or the platform
 * device "cokernel-ipc" that sh.c registers from the guest page (SH-4,
 * which boots without a DT).
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/uio_driver.h>
#ifdef CONFIG_PPC
#include <asm/epapr_hcalls.h>
#endif
#include "cokernel.h"

int cokernel_notify(unsigned int chan)
{
#ifdef CONFIG_PPC
	/* the hypercall entry clears MSR[EE] itself (ipc/ck_guest.h) */
	unsigned long in[8] = { chan }, out[8];
	unsigned long r = epapr_hypercall(in, out,
					  CK_HCALL_TOKEN(CK_HCALL_IPC_NOTIFY));

	switch (r) {
	case EV_SUCCESS:
		return 0;
	case EV_EINVAL:
		return -EINVAL;
	case EV_INVALID_STATE:
		return -ENODEV;
	default:
		return -ENOSYS;
	}
#else
	unsigned long flags;
	s32 r;

	if (!cokernel_page)
		return -ENODEV;
	local_irq_save(flags);
	r = cokernel_page->notify(chan);
	local_irq_restore(flags);
	return r == 0 ? 0 : r == -EINVAL ? -EINVAL : -ENODEV; /* CK_E* are errno values */
#endif
}

static irqreturn_t ck_ipc_doorbell(int irq, struct uio_info *info)
{
	return IRQ_HANDLED; /* uio.c counts the event and wakes the readers */
}

static int ck_ipc_irqcontrol(struct uio_info *info, s32 value)
{
	u32 v = (u32)value;

	if (v == 0 || v == 1)
		return 0;
	if ((v & ~0xffu) != CK_UIO_NOTIFY_BASE)
		return -EINVAL;
	return cokernel_notify(v & 0xffu);
}

static int ck_ipc_probe(struct platform_device *pdev)
{
	struct uio_info *info;
	struct resource *res;
	int irq;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res || !resource_size(res)) {
		dev_err(&pdev->dev, "no IPC region (reg)\n");
		return -EINVAL;
	}
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq; /* said by platform_get_irq() */
	info = devm_kzalloc(&pdev->dev, sizeof(*info), GFP_KERNEL);
	if (!info)
		return -ENOMEM;
	info->name = "cokernel-shm";
	info->version = "cokernel";
	info->mem[0].name = "region";
	info->mem[0].addr = res->start;
	info->mem[0].size = resource_size(res);
	info->mem[0].memtype = UIO_MEM_PHYS;
	info->irq = irq;
	info->irq_flags = 0;
	info->handler = ck_ipc_doorbell;
	info->irqcontrol = ck_ipc_irqcontrol;
	return devm_uio_register_device(&pdev->dev, info);
}

static const struct of_device_id ck_ipc_of_match[] = {
	{ .compatible = "cokernel,ipc-shm" },
	{}
};

static struct platform_driver ck_ipc_driver = {
	.probe = ck_ipc_probe,
	.driver = {
		.name = "cokernel-ipc",
		.of_match_table = ck_ipc_of_match,
	},
};
builtin_platform_driver(ck_ipc_driver);
