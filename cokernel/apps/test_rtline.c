// SPDX-License-Identifier: MIT
/*
 * test_rtline.c - a test image's RT line (tests/qemu/test_vpic.py): built
 * only with -DCK_TEST_BOOT_WINDOW_LINE=<line> (CK_TEST_CFLAGS), a PIC line
 * the board's PIC can raise by software and nothing else drives. The app
 * attaches it as an RT line; guest_boot_linux() raises it right after
 * the RT lines are held, so it is pending all through Linux's boot. Its
 * handler clears it and counts, and a 1 s timer reports the count and
 * whether Linux had attached when the line was served.
 */
#include <ck/app.h>
#include <ck/bsp.h>
#include <ck/ck.h>
#include <ck/guest.h>

#ifdef CK_TEST_BOOT_WINDOW_LINE
static struct {
	volatile unsigned int served, served_attached;
	unsigned int reported;
	struct ck_timer report;
} tl;

static enum ck_irq_ret line_fn(unsigned int line, void *arg)
{
	(void)arg;
	ck_board.pic->soft_clear(ck_board.pic, line);
	tl.served++;
	if (guest_attached())
		tl.served_attached++;
	return CK_IRQ_HANDLED;
}

static void report_fn(struct ck_timer *t)
{
	(void)t;
	if (tl.served == tl.reported)
		return;
	tl.reported = tl.served;
	ck_printf("test RT line %u: served %u times, %u after attach",
		  (unsigned int)CK_TEST_BOOT_WINDOW_LINE, tl.served, tl.served_attached);
}

static int test_rtline_init(void)
{
	int ret = ck_irq_attach(CK_TEST_BOOT_WINDOW_LINE, line_fn, NULL);

	if (ret)
		return ret;
	ck_timer_init(&tl.report, report_fn, NULL);
	return ck_timer_start(&tl.report, CK_NS_PER_S, CK_NS_PER_S);
}

CK_APP(test_rtline, test_rtline_init);
#endif
