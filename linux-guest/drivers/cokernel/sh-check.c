// SPDX-License-Identifier: GPL-2.0
/*
 * sh-check.c - boot-time check of Linux's interrupt-disable ceiling on SH-4.
 *
 * The co-kernel's RT class is INTC level 15; patch 0005 lowers every place
 * Linux masks interrupts from IMASK 15 to IMASK 14. This check reads SR
 * (SH7751 hardware manual §2.2.4: IMASK is SR bits 7-4) where Linux has its
 * interrupts off and prints one line:
 *   cokernel: ceiling check: ok (...)        or
 *   cokernel: ceiling check: FAILED: <what>
 * Places: after local_irq_disable(), after local_irq_save() (also nested,
 * and the flags it returns), in a hard interrupt handler (an hrtimer
 * callback: the TMU0 interrupt's entry, whose IMASK comes from the exception
 * entry's save_low_regs, which every exception and syscall entry shares).
 *
 * Linux booted alone (no cokernel.page=) it also proves the ceiling
 * leaves level 15 live: it runs TMU2 (SH7751 hardware manual §12: TCOR2
 * 0xffd80020, TCNT2 +0x24, TCR2 +0x28, TSTR 0xffd80004 bit 2; INTEVT 0x440)
 * at INTC level 15 with a 10 us period and counts its interrupts while
 * Linux holds its interrupts off: 100 of them, within 20 ms of udelay(). They are
 * taken by a stand-in for the co-kernel's exception table
 * (sh-check-vbr.S), installed meanwhile. (With the
 * co-kernel, TMU2 and the INTC are the co-kernel's, and the RT tests prove
 * the same thing.)
 */
#define pr_fmt(fmt) "cokernel: " fmt

#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/sh_intc.h>
#include "cokernel.h"

#define SR_IMASK_OF(sr) (((sr) >> 4) & 0xf)

static unsigned long ck_sr(void)
{
	unsigned long sr;

	asm volatile("stc sr, %0" : "=r"(sr));
	return sr;
}

static unsigned long ck_hardirq_sr;
static bool ck_hardirq_in;

static enum hrtimer_restart ck_check_timer(struct hrtimer *t)
{
	ck_hardirq_sr = ck_sr();
	ck_hardirq_in = in_hardirq();
	return HRTIMER_NORESTART;
}

/* TMU2 at level 15, Linux alone: SH7751 hardware manual §12.2 */
#define TMU_TSTR 0xffd80004
#define TMU2_TCOR 0xffd80020
#define TMU2_TCNT 0xffd80024
#define TMU2_TCR 0xffd80028
#define TMU_TCR_UNIE 0x0020
#define TMU2_IRQ evt2irq(0x440)

/* counted by sh-check-vbr.S's interrupt entry */
unsigned int ck_level15_count;
extern char ck_check_vbr[], vbr_base[];

static irqreturn_t ck_level15_irq(int irq, void *dev)
{
	return IRQ_NONE;	/* never called: ck_check_vbr takes it */
}

static void ck_set_vbr(void *vbr)
{
	asm volatile("ldc %0, vbr" : : "r"(vbr) : "memory");
}

/*
 * Interrupts taken at level 15 while Linux's are off, or -errno. Linux's
 * own entry cannot take a level-15 source (the source is still asserted
 * when the entry lowers BL at IMASK 14, so it would nest forever): for the
 * test VBR points at ck_check_vbr, which takes TMU2 itself.
 */
static int __init ck_check_level15(void)
{
	unsigned long flags;
	unsigned int n, i;
	int ret;

	/* the INTC driver writes the priority when request_irq() enables */
	ret = intc_set_priority(TMU2_IRQ, 15);
	if (ret)
		return ret;
	/* enabled at level 15, not yet running (TSTR bit 2, UNIE clear) */
	ret = request_irq(TMU2_IRQ, ck_level15_irq, 0, "cokernel-check", NULL);
	if (ret)
		return ret;
	local_irq_save(flags);
	ck_set_vbr(ck_check_vbr);
	__raw_writel(150 - 1, (void __iomem *)TMU2_TCOR);   /* 10 us at 15 MHz */
	__raw_writel(150 - 1, (void __iomem *)TMU2_TCNT);
	__raw_writew(TMU_TCR_UNIE, (void __iomem *)TMU2_TCR);
	WRITE_ONCE(ck_level15_count, 0);
	__raw_writeb(__raw_readb((void __iomem *)TMU_TSTR) | 4,
		     (void __iomem *)TMU_TSTR);
	/* 100 interrupts (1 ms), or give up after 20 ms */
	for (i = 0; i < 200 && READ_ONCE(ck_level15_count) < 100; i++)
		udelay(100);
	n = READ_ONCE(ck_level15_count);
	__raw_writeb(__raw_readb((void __iomem *)TMU_TSTR) & ~4,
		     (void __iomem *)TMU_TSTR);
	__raw_writew(0, (void __iomem *)TMU2_TCR);
	ck_set_vbr(vbr_base);
	local_irq_restore(flags);
	free_irq(TMU2_IRQ, NULL);
	return n;
}

static int __init ck_ceiling_check(void)
{
	unsigned long flags, flags2, sr_dis, sr_save, sr_nest;
	struct hrtimer t;
	int level15 = -1;
	const char *bad = NULL;

	local_irq_disable();
	sr_dis = ck_sr();
	local_irq_enable();

	local_irq_save(flags);
	sr_save = ck_sr();
	local_irq_save(flags2);
	local_irq_restore(flags2);
	sr_nest = ck_sr();
	local_irq_restore(flags);

	hrtimer_init_on_stack(&t, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	t.function = ck_check_timer;
	hrtimer_start(&t, ms_to_ktime(1), HRTIMER_MODE_REL_HARD);
	msleep(20);
	hrtimer_cancel(&t);
	destroy_hrtimer_on_stack(&t);

	if (SR_IMASK_OF(sr_dis) != 14)
		bad = "local_irq_disable()";
	else if (SR_IMASK_OF(sr_save) != 14 || flags2 != 0xe0 || flags != 0)
		bad = "local_irq_save()";
	else if (SR_IMASK_OF(sr_nest) != 14)
		bad = "nested local_irq_restore()";
	else if (!ck_hardirq_in || SR_IMASK_OF(ck_hardirq_sr) != 14)
		bad = "hard interrupt handler";
	if (!bad && !cokernel_page) {
		level15 = ck_check_level15();
		if (level15 <= 0)
			bad = "level 15 while Linux's interrupts are off";
	}
	if (bad) {
		pr_err("ceiling check: FAILED: %s (SR %08lx %08lx %08lx, flags %02lx %02lx, hardirq %d SR %08lx, level-15 interrupts %d)\n",
		       bad, sr_dis, sr_save, sr_nest, flags, flags2,
		       ck_hardirq_in, ck_hardirq_sr, level15);
		return 0;
	}
	if (level15 < 0)
		pr_info("ceiling check: ok (IMASK 14 in local_irq_disable/save and hardirq; level 15 with Linux's off: not tested here, TMU2 and the INTC are the co-kernel's)\n");
	else
		pr_info("ceiling check: ok (IMASK 14 in local_irq_disable/save and hardirq; level-15 interrupts with Linux's off: %d)\n",
			level15);
	return 0;
}
late_initcall(ck_ceiling_check);
