// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs.c - /sys/kernel/debug/cokernel: the irq-off knob and the boot
 * window.
 *
 * irqoff_ms: writing N spins N milliseconds (on the clocksource) with
 * local_irq_disable(), the worst thing a Linux driver may do. The RT side
 * must not notice: its interrupt class (FIQ on ARM, the critical input on
 * e500) is one Linux never masks.
 */
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/timekeeping.h>
#include "cokernel.h"

#define CK_IRQOFF_MAX_MS 1000

static u64 ck_irqoff_total;

static int ck_irqoff_set(void *data, u64 ms)
{
	unsigned long flags;
	u64 end;

	if (ms > CK_IRQOFF_MAX_MS)
		return -EINVAL;
	local_irq_save(flags);
	end = ktime_get_mono_fast_ns() + ms * NSEC_PER_MSEC;
	while (ktime_get_mono_fast_ns() < end)
		cpu_relax();
	local_irq_restore(flags);
	ck_irqoff_total++;
	return 0;
}

static int ck_irqoff_get(void *data, u64 *val)
{
	*val = ck_irqoff_total;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_irqoff_fops, ck_irqoff_get, ck_irqoff_set,
			 "%llu\n");

static int ck_boot_window_get(void *data, u64 *val)
{
	struct ck_guest_page *p = cokernel_page;

	*val = (u64)p->boot_window_ns_hi << 32 | p->boot_window_ns_lo;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_boot_window_fops, ck_boot_window_get, NULL,
			 "%llu\n");

static int __init ck_debugfs_init(void)
{
	struct dentry *dir;

	if (!cokernel_page)
		return -ENODEV;
	dir = debugfs_create_dir("cokernel", NULL);
	debugfs_create_file_unsafe("irqoff_ms", 0600, dir, NULL,
				   &ck_irqoff_fops);
	debugfs_create_file_unsafe("boot_window_ns", 0400, dir, NULL,
				   &ck_boot_window_fops);
	return 0;
}
late_initcall(ck_debugfs_init);
