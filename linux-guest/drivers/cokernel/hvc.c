// SPDX-License-Identifier: GPL-2.0
/*
 * hvc.c - Linux's console through the co-kernel (hvc0).
 *
 * The co-kernel owns the UART; it takes Linux's bytes through the guest
 * page's console_write() and keeps co-kernel lines and Linux lines from
 * interleaving mid-line. Input raises CK_VIRQ_SOFT_CONSOLE (the UART's receive
 * line, which the co-kernel hands over as a level vIRQ), so typing is seen
 * at once instead of at the hvc core's polling interval (up to 2 s).
 * Where input raises no console vIRQ, a timer also kicks the hvc core every
 * CK_HVC_POLL_MS, which then reads console_read(): on SH the co-kernel has
 * no route for the SCIF's receive interrupt yet (bsp/r2d/board.c
 * uart_rx_line -1); on AT91 the DBGU's receive interrupt is ORed into the
 * SYS line (AIC 1) with Linux's PIT (Linux's at91sam9260.dtsi: both nodes
 * have interrupts = <1 ...>), so the co-kernel keeps it disabled at the
 * DBGU (bsp/at91sam9260ek).
 */
#include <linux/console.h>
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include "../tty/hvc/hvc_console.h"
#include "cokernel.h"

/* The ops run with Linux's interrupts off (ipc/ck_guest.h). */
static int ck_hvc_put_chars(u32 vtermno, const char *buf, int count)
{
	unsigned long flags;
	int ret;

	if (!cokernel_page || count <= 0)
		return count;
	local_irq_save(flags);
	ret = cokernel_page->console_write(buf, count);
	local_irq_restore(flags);
	return ret;
}

static int ck_hvc_get_chars(u32 vtermno, char *buf, int count)
{
	unsigned long flags;
	int ret;

	if (!cokernel_page || count <= 0)
		return 0;
	local_irq_save(flags);
	ret = cokernel_page->console_read(buf, count);
	local_irq_restore(flags);
	return ret;
}

static const struct hv_ops ck_hvc_ops = {
	.get_chars = ck_hvc_get_chars,
	.put_chars = ck_hvc_put_chars,
	.notifier_add = notifier_add_irq,
	.notifier_del = notifier_del_irq,
	.notifier_hangup = notifier_hangup_irq,
};

static int __init ck_hvc_console_init(void)
{
	if (!cokernel_page)
		return -ENODEV;
	hvc_instantiate(0, 0, &ck_hvc_ops);
	return 0;
}
console_initcall(ck_hvc_console_init);

/* SH, AT91: how often the hvc core looks for console input (see the top) */
#define CK_HVC_POLL_MS 10

static void ck_hvc_poll_fn(struct timer_list *t)
{
	hvc_kick();
	mod_timer(t, jiffies + msecs_to_jiffies(CK_HVC_POLL_MS));
}

static DEFINE_TIMER(ck_hvc_poll, ck_hvc_poll_fn);

static int __init ck_hvc_init(void)
{
	struct hvc_struct *hp;
	int irq;

	if (!cokernel_page)
		return -ENODEV;
	irq = cokernel_soft_virq_map(CK_VIRQ_SOFT_CONSOLE, IRQ_TYPE_LEVEL_HIGH);
	if (irq < 0)
		return irq;
	hp = hvc_alloc(0, irq, &ck_hvc_ops, 256);
	if (IS_ERR(hp))
		return PTR_ERR(hp);
	if (IS_ENABLED(CONFIG_SUPERH) || IS_ENABLED(CONFIG_ARCH_AT91))
		mod_timer(&ck_hvc_poll, jiffies + 1);
	return 0;
}
device_initcall(ck_hvc_init);
