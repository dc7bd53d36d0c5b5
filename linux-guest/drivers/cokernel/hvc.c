// SPDX-License-Identifier: GPL-2.0
/*
 * hvc.c - Linux's console through the co-kernel (hvc0).
 *
 * The co-kernel owns the UART; it takes Linux's bytes through the guest
 * page's console_write() and keeps co-kernel lines and Linux lines from
 * interleaving mid-line. Input is polled by the hvc core (khvcd).
 */
#include <linux/console.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include "../tty/hvc/hvc_console.h"
#include "cokernel.h"

static int ck_hvc_put_chars(u32 vtermno, const char *buf, int count)
{
	if (!cokernel_page || count <= 0)
		return count;
	return cokernel_page->console_write(buf, count);
}

static int ck_hvc_get_chars(u32 vtermno, char *buf, int count)
{
	if (!cokernel_page || count <= 0)
		return 0;
	return cokernel_page->console_read(buf, count);
}

static const struct hv_ops ck_hvc_ops = {
	.get_chars = ck_hvc_get_chars,
	.put_chars = ck_hvc_put_chars,
};

static int __init ck_hvc_console_init(void)
{
	if (!cokernel_page)
		return -ENODEV;
	hvc_instantiate(0, 0, &ck_hvc_ops);
	return 0;
}
console_initcall(ck_hvc_console_init);

static int __init ck_hvc_init(void)
{
	struct hvc_struct *hp;

	if (!cokernel_page)
		return -ENODEV;
	/* irq 0: the hvc core polls get_chars() */
	hp = hvc_alloc(0, 0, &ck_hvc_ops, 256);
	return PTR_ERR_OR_ZERO(hp);
}
device_initcall(ck_hvc_init);
