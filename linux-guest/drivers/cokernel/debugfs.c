// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs.c - /sys/kernel/debug/cokernel: the irq-off knob, the boot
 * window, Linux's restarts and the hang knob.
 *
 * irqoff_ms: writing N (0..CK_IRQOFF_MAX_MS = 1000) spins N milliseconds
 * (on the clocksource) with local_irq_disable(), the worst thing a Linux
 * driver may do; a larger N fails with -EINVAL and a kernel message giving
 * the limit. Reading it gives the total milliseconds Linux has spent so,
 * irqoff_count the number of such spins. The RT side must not notice: its
 * interrupt class (FIQ on ARM, the critical input on e500) is one Linux
 * never masks.
 *
 * restarts: how many times the co-kernel restarted Linux, then one line per
 * logged down (ipc/ck_guest.h down_log[], oldest first): "<n> <reason>
 * at <ms> ms, up <ms> ms". hang: writing 1 hangs Linux with interrupts off
 * for good (local_irq_disable() and a loop), which only the co-kernel's
 * watchdog ends; any other value fails with -EINVAL.
 */
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/timekeeping.h>
#include "cokernel.h"

#define CK_IRQOFF_MAX_MS 1000

static u64 ck_irqoff_spins;
static u64 ck_irqoff_total_ns;

static int ck_irqoff_set(void *data, u64 ms)
{
	unsigned long flags;
	u64 start, now;

	if (ms > CK_IRQOFF_MAX_MS) {
		pr_warn_ratelimited("cokernel: irqoff_ms: %llu ms is above the limit of %d ms\n",
				    ms, CK_IRQOFF_MAX_MS);
		return -EINVAL;
	}
	local_irq_save(flags);
	start = ktime_get_mono_fast_ns();
	do {
		cpu_relax();
		now = ktime_get_mono_fast_ns();
	} while (now - start < ms * NSEC_PER_MSEC);
	local_irq_restore(flags);
	ck_irqoff_total_ns += now - start;
	ck_irqoff_spins++;
	return 0;
}

static int ck_irqoff_get(void *data, u64 *val)
{
	*val = div_u64(ck_irqoff_total_ns, NSEC_PER_MSEC);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_irqoff_fops, ck_irqoff_get, ck_irqoff_set,
			 "%llu\n");

static int ck_irqoff_count_get(void *data, u64 *val)
{
	*val = ck_irqoff_spins;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_irqoff_count_fops, ck_irqoff_count_get, NULL,
			 "%llu\n");

static int ck_boot_window_get(void *data, u64 *val)
{
	struct ck_guest_page *p = cokernel_page;

	*val = (u64)p->boot_window_ns_hi << 32 | p->boot_window_ns_lo;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_boot_window_fops, ck_boot_window_get, NULL,
			 "%llu\n");

static const char *const ck_down_names[CK_DOWN_REASONS] = {
	[CK_DOWN_RESTART] = "restart",
	[CK_DOWN_POWEROFF] = "poweroff",
	[CK_DOWN_PANIC] = "panic",
	[CK_DOWN_HANG] = "hang",
	[CK_DOWN_BOOT] = "boot",
};

static int ck_restarts_show(struct seq_file *m, void *v)
{
	const struct ck_guest_page *p = cokernel_page;
	u32 n = READ_ONCE(p->restarts), i;

	seq_printf(m, "restarts %u\n", n);
	for (i = n > CK_GUEST_DOWN_LOG ? n - CK_GUEST_DOWN_LOG : 0; i < n; i++) {
		const struct ck_guest_down *d = &p->down_log[i % CK_GUEST_DOWN_LOG];
		u32 r = READ_ONCE(d->reason);

		seq_printf(m, "%u %s at %u ms, up %u ms\n", i + 1,
			   r < CK_DOWN_REASONS && ck_down_names[r] ? ck_down_names[r] : "?",
			   READ_ONCE(d->at_ms), READ_ONCE(d->up_ms));
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ck_restarts);

static int ck_hang_set(void *data, u64 val)
{
	if (val != 1)
		return -EINVAL;
	pr_emerg("cokernel: hanging with interrupts off (debugfs hang)\n");
	local_irq_disable();
	for (;;)
		cpu_relax();
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_hang_fops, NULL, ck_hang_set, "%llu\n");

static int __init ck_debugfs_init(void)
{
	struct dentry *dir;

	if (!cokernel_page)
		return -ENODEV;
	dir = debugfs_create_dir("cokernel", NULL);
	debugfs_create_file_unsafe("irqoff_ms", 0600, dir, NULL,
				   &ck_irqoff_fops);
	debugfs_create_file_unsafe("irqoff_count", 0400, dir, NULL,
				   &ck_irqoff_count_fops);
	debugfs_create_file_unsafe("boot_window_ns", 0400, dir, NULL,
				   &ck_boot_window_fops);
	debugfs_create_file("restarts", 0444, dir, NULL, &ck_restarts_fops);
	debugfs_create_file_unsafe("hang", 0200, dir, NULL, &ck_hang_fops);
	return 0;
}
late_initcall(ck_debugfs_init);
