// SPDX-License-Identifier: GPL-2.0
/*
 * life.c - Linux's life under the co-kernel (ipc/ck_guest.h "Linux's
 * life"): a heartbeat the co-kernel's watchdog reads, and Linux's own end
 * reported instead of carried out. A restart (reboot -f), a power-off and a
 * panic (sysrq c, an oops that kills init) call the co-kernel's down() op,
 * which, where the co-kernel can restart Linux, does not return: the RT
 * side takes over and enters this kernel again from the pristine copy of
 * its image. Where it cannot, down() returns and Linux goes its own way.
 *
 * A restart reaches a restart handler (do_kernel_restart(), after the
 * devices are shut down and with interrupts off, an emergency restart,
 * sysrq b, included; the G2_LE machine's ppc_md.restart calls it first,
 * g2.c), except on SH, whose machine_restart() calls none: a reboot
 * notifier (kernel_restart(), before device_shutdown()) reports it
 * there. The co-kernel hears of Linux's end once, with Linux's interrupts
 * off.
 *
 * The heartbeat is a kernel timer every CK_HEARTBEAT_MS: it stops when
 * Linux hangs with interrupts off, or when its timers no longer run.
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/atomic.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/reboot.h>
#include <linux/timer.h>
#include "cokernel.h"

static struct timer_list ck_beat;

static void ck_beat_fn(struct timer_list *t)
{
	struct ck_guest_page *p = cokernel_page;

	WRITE_ONCE(p->heartbeat, READ_ONCE(p->heartbeat) + 1);
	mod_timer(&ck_beat, jiffies + msecs_to_jiffies(CK_HEARTBEAT_MS));
}

static atomic_t ck_down_told = ATOMIC_INIT(0);

static void ck_down(u32 reason)
{
	void (*down)(u32 reason) = READ_ONCE(cokernel_page->down);

	if (down && !atomic_xchg(&ck_down_told, 1)) {
		local_irq_disable();
		down(reason);
	}
}

static int ck_reboot(struct notifier_block *nb, unsigned long mode, void *cmd)
{
	if (mode == SYS_RESTART)
		ck_down(CK_DOWN_RESTART);
	return NOTIFY_DONE;
}

static struct notifier_block ck_reboot_nb = {
	.notifier_call = ck_reboot,
	.priority = INT_MAX,
};

static int ck_restart(struct notifier_block *nb, unsigned long mode, void *cmd)
{
	ck_down(CK_DOWN_RESTART);
	return NOTIFY_DONE;
}

/* before the board's own restart handlers (POWER_RESET_VERSATILE: 192) */
static struct notifier_block ck_restart_nb = {
	.notifier_call = ck_restart,
	.priority = 255,
};

static int ck_panic(struct notifier_block *nb, unsigned long ev, void *msg)
{
	ck_down(CK_DOWN_PANIC);
	return NOTIFY_DONE;
}

static struct notifier_block ck_panic_nb = {
	.notifier_call = ck_panic,
	.priority = INT_MAX,
};

static int ck_power_off(struct sys_off_data *data)
{
	ck_down(CK_DOWN_POWEROFF);
	return NOTIFY_DONE;
}

static int __init ck_life_init(void)
{
	struct sys_off_handler *h;

	if (!cokernel_page)
		return -ENODEV;
	timer_setup(&ck_beat, ck_beat_fn, 0);
	ck_beat_fn(&ck_beat);
	if (IS_ENABLED(CONFIG_SUPERH))
		register_reboot_notifier(&ck_reboot_nb);
	register_restart_handler(&ck_restart_nb);
	atomic_notifier_chain_register(&panic_notifier_list, &ck_panic_nb);
	h = register_sys_off_handler(SYS_OFF_MODE_POWER_OFF, SYS_OFF_PRIO_FIRMWARE,
				     ck_power_off, NULL);
	if (IS_ERR(h))
		pr_warn("no power-off handler (%ld): poweroff halts\n", PTR_ERR(h));
	pr_info("heartbeat every %u ms; watchdog %u ms; restart %u of this co-kernel\n",
		CK_HEARTBEAT_MS, cokernel_page->watchdog_ms, cokernel_page->restarts);
	return 0;
}
early_initcall(ck_life_init);
