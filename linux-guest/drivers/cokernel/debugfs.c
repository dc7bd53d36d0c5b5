// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs.c - /sys/kernel/debug/cokernel: the irq-off knob, the boot
 * window, Linux's restarts, the hang knob and the two that write where
 * Linux should not (the co-kernel's memory, the IPC region).
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
 *
 * poke_ck: writing N stores the word 0x0badc0de at byte N of the
 * co-kernel's protected memory (ipc/ck_guest.h prot_va/prot_size) the way
 * a stray kernel pointer would: a plain store in Linux's context. Where
 * the protection is in force the store faults (ARM926: a permission fault
 * on a read-only section, which the kernel turns into an oops and, with
 * CONFIG_PANIC_ON_OOPS, a panic the co-kernel restarts Linux from); N must
 * be word-aligned and below prot_size, else -EINVAL; with no protection
 * (prot_size 0) it writes nothing and fails with -EOPNOTSUPP.
 *
 * scribble_shm: writing N fills the whole IPC region (the page's window
 * flagged CK_MMIO_SHM) with pseudo-random words (xorshift32 seeded with N,
 * 0 taken as 1), what a broken Linux driver or process could leave there;
 * the RT side must keep running on whatever it finds. Reading it gives the
 * bytes written last.
 */
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/io.h>
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

#define CK_POKE_WORD 0x0badc0deu

static int ck_poke_set(void *data, u64 off)
{
	const struct ck_guest_page *p = cokernel_page;
	u32 size = READ_ONCE(p->prot_size);
	u32 *at;

	if (!size) {
		pr_warn("cokernel: poke_ck: the co-kernel's memory is not protected on this port; not writing it\n");
		return -EOPNOTSUPP;
	}
	if (off >= size || off & 3)
		return -EINVAL;
	at = (u32 *)(unsigned long)(READ_ONCE(p->prot_va) + (u32)off);
	pr_emerg("cokernel: writing %08x at %px, the co-kernel's memory (debugfs poke_ck)\n",
		 CK_POKE_WORD, at);
	WRITE_ONCE(*at, CK_POKE_WORD);
	pr_emerg("cokernel: the write to %px went through: no protection\n", at);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_poke_fops, NULL, ck_poke_set, "%llu\n");

static u64 ck_scribbled;

static int ck_scribble_set(void *data, u64 seed)
{
	const struct ck_guest_page *p = cokernel_page;
	const struct ck_guest_mmio *w = NULL;
	u32 x = (u32)seed ? (u32)seed : 1, i;
	void __iomem *va;

	for (i = 0; i < p->nr_mmio && i < CK_GUEST_MAX_MMIO; i++)
		if (p->mmio[i].flags & CK_MMIO_SHM)
			w = &p->mmio[i];
	if (!w || w->phys_hi)
		return -ENODEV;
	va = ioremap(w->phys, w->size);
	if (!va)
		return -ENOMEM;
	pr_warn("cokernel: scribbling over the IPC region %08x+%x (seed %u)\n",
		w->phys, w->size, (u32)seed);
	for (i = 0; i + 4 <= w->size; i += 4) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		writel(x, va + i);
	}
	iounmap(va);
	ck_scribbled = w->size;
	return 0;
}

static int ck_scribble_get(void *data, u64 *val)
{
	*val = ck_scribbled;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(ck_scribble_fops, ck_scribble_get, ck_scribble_set,
			 "%llu\n");

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
	debugfs_create_file_unsafe("poke_ck", 0200, dir, NULL, &ck_poke_fops);
	debugfs_create_file_unsafe("scribble_shm", 0600, dir, NULL,
				   &ck_scribble_fops);
	return 0;
}
late_initcall(ck_debugfs_init);
