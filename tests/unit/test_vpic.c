// SPDX-License-Identifier: MIT
/*
 * test_vpic.c - the vPIC ops (core/vpic.c, ipc/ck_guest.h) as Linux calls
 * them: Linux reaches exactly the lines it owns (the board's
 * linux_lines) and its soft vIRQs; no op, whatever number it passes, may
 * mask, unmask, retype or hand out the RT timer's line, the doorbell, an
 * attached RT line or a line nobody gave it; the console line only as the
 * console vIRQ. And the RT-masked part of next_pending is constant,
 * whatever Linux owns (an MPIC over host memory, counting its accesses).
 */
#include <string.h>
#include <ck/guest.h>
#include <ck_guest.h>
#include <drv/mpic.h>
#include "sim_test.h"

#define RT_LINE 9u
#define SOFT_BASE SIM_NR_LINUX_LINES
#define VIRQ_CONSOLE (SOFT_BASE + CK_VIRQ_SOFT_CONSOLE)
#define VIRQ_IPC (SOFT_BASE + CK_VIRQ_SOFT_IPC)

static enum ck_irq_ret rt_handler(unsigned int line, void *arg)
{
	(void)arg;
	sim_irq_clear(line);
	sim_log((long)line);
	return CK_IRQ_HANDLED;
}

/* The guest up, an RT line attached and the RT timer running. */
static int setup(void **state)
{
	(void)state;
	if (sim_guest_up())
		return -1;
	if (ck_irq_attach(RT_LINE, rt_handler, NULL))
		return -1;
	sim_start();
	return 0;
}

static void numbering(void **state)
{
	const struct ck_guest_page *gp = &ck_guest_page;

	(void)state;
	assert_int_equal(gp->virq_soft_base, SIM_NR_LINUX_LINES);
	assert_int_equal(gp->nr_virq, SIM_NR_LINUX_LINES + CK_VIRQ_SOFT_NR);
	/* vIRQ n is the n-th line Linux owns */
	for (unsigned int n = 0; n < SIM_NR_LINUX_LINES; n++) {
		unsigned int line = sim_linux_lines[n];

		assert_false(sim_pic_unmasked(line));
		gp->unmask(n);
		assert_true(sim_pic_unmasked(line));
		assert_int_equal(gp->set_type(n, CK_VIRQ_TYPE_LEVEL_HIGH), 0);
		sim_irq_raise(line);
		assert_int_equal(gp->next_pending(), (int)n);
		sim_irq_clear(line);
		gp->mask(n);
		assert_false(sim_pic_unmasked(line));
	}
	assert_int_equal(gp->next_pending(), -1);
}

/* Every vIRQ number that is not Linux's: soft vIRQs aside, nothing. */
static void ops_never_reach_other_lines(void **state)
{
	const struct ck_guest_page *gp = &ck_guest_page;
	uint32_t rt = sim_pic_rt_set(), on = sim_pic_unmasked_set();
	ck_u32 virq;

	(void)state;
	assert_true(sim_pic_routed_rt(RT_LINE) && sim_pic_unmasked(RT_LINE));
	assert_true(sim_pic_routed_rt(SIM_TIMER_LINE));
	for (virq = SOFT_BASE; virq < CK_VIRQ_MAX + 64u; virq++) {
		if (virq == VIRQ_CONSOLE)
			continue;
		gp->mask(virq);
		assert_int_equal(sim_pic_unmasked_set(), on);
		gp->unmask(virq);
		assert_int_equal(sim_pic_unmasked_set(), on);
		assert_int_equal(sim_pic_rt_set(), rt);
		if (virq >= gp->nr_virq)
			assert_int_equal(gp->set_type(virq, CK_VIRQ_TYPE_LEVEL_HIGH),
					 -CK_EINVAL);
	}
	for (virq = 0xfffffff0u; virq != 0; virq++) {
		gp->mask(virq);
		gp->unmask(virq);
		assert_int_equal(gp->set_type(virq, CK_VIRQ_TYPE_LEVEL_HIGH), -CK_EINVAL);
	}
	assert_int_equal(sim_pic_unmasked_set(), on);
	assert_int_equal(sim_pic_rt_set(), rt);
	/* the co-kernel lines are still served by the co-kernel */
	sim_irq_raise(RT_LINE);
	assert_log(RT_LINE);
	assert_int_equal(gp->next_pending(), -1);
}

/* The console line is Linux's only as the console vIRQ. */
static void console_line_only_as_console_virq(void **state)
{
	const struct ck_guest_page *gp = &ck_guest_page;

	(void)state;
	assert_false(sim_pic_unmasked(SIM_UART_RX_LINE));
	gp->unmask(VIRQ_CONSOLE);
	assert_true(sim_pic_unmasked(SIM_UART_RX_LINE));
	assert_false(sim_pic_routed_rt(SIM_UART_RX_LINE));
	sim_irq_raise(SIM_UART_RX_LINE);
	assert_int_equal(gp->next_pending(), (int)VIRQ_CONSOLE);
	sim_irq_clear(SIM_UART_RX_LINE);
	assert_int_equal(gp->set_type(VIRQ_CONSOLE, CK_VIRQ_TYPE_EDGE_RISING), -CK_EINVAL);
	gp->mask(VIRQ_CONSOLE);
	assert_false(sim_pic_unmasked(SIM_UART_RX_LINE));
}

/* Soft vIRQs: raised by RT, handed out once, only when Linux unmasked them. */
static void soft_virqs(void **state)
{
	const struct ck_guest_page *gp = &ck_guest_page;

	(void)state;
	assert_int_equal(guest_raise_soft_virq(CK_VIRQ_SOFT_NR), -CK_EINVAL);
	assert_int_equal(guest_raise_soft_virq(CK_VIRQ_SOFT_IPC), 0);
	assert_int_equal(gp->next_pending(), -1);        /* masked */
	gp->unmask(VIRQ_IPC);
	assert_true(sim_pic_unmasked(SIM_DOORBELL_LINE));
	assert_int_equal(gp->next_pending(), (int)VIRQ_IPC);
	assert_int_equal(gp->next_pending(), -1);
	assert_int_equal(gp->set_type(VIRQ_IPC, CK_VIRQ_TYPE_EDGE_RISING), 0);
}

/*
 * The doorbell line (1) is more urgent than Linux's line 2 (vIRQ 0). A
 * doorbell still raised at the PIC when no soft vIRQ is left (RT raised
 * it again while next_pending looked) must not end Linux's loop before
 * its own pending line.
 */
static void doorbell_does_not_hide_linux_line(void **state)
{
	const struct ck_guest_page *gp = &ck_guest_page;
	unsigned int line = sim_linux_lines[0];

	(void)state;
	assert_int_equal(gp->next_pending(), -1);   /* the console work done */
	gp->unmask(0);
	/* a stale doorbell: raised at the PIC, no soft vIRQ pending */
	sim_irq_raise(SIM_DOORBELL_LINE);
	sim_irq_raise(line);
	assert_int_equal(gp->next_pending(), 0);
	sim_irq_clear(line);
	sim_irq_clear(SIM_DOORBELL_LINE);
}

/* A board list the vPIC cannot hand out: Linux gets no line at all. */
static void bad_linux_lines_give_linux_nothing(void **state)
{
	static const unsigned int lists[][2] = {
		{ 2, SIM_TIMER_LINE }, { 2, SIM_DOORBELL_LINE }, { 2, SIM_UART_RX_LINE },
		{ 2, SIM_NR_LINES }, { 2, 2 },
	};
	struct ck_board b = sim_board;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		b.linux_lines = lists[i];
		b.nr_linux_lines = 2;
		sim_reset(NULL);
		ck_core_init(&b);
		guest_init();
		console_drain();
		assert_int_equal(ck_guest_page.virq_soft_base, 0);
		assert_non_null(strstr(sim_uart_output(), "Linux owns no PIC line"));
		sim_linux_windows();
		assert_int_equal(ck_guest_page.attach(), 0);
		ck_guest_page.unmask(0);     /* now the console's soft vIRQ */
		assert_false(sim_pic_unmasked(2));
	}
}

/* ---- the RT-masked part of next_pending on an MPIC ---------------- */

#define MPIC_BLOCK 0x40000u
#define MPIC_FRR 0x01000u

static uint32_t mpic_regs[MPIC_BLOCK / 4];
static unsigned int mpic_board_lines[64];

/*
 * The sim board with an MPIC over host memory as its PIC and Linux
 * owning @nr sources; the guest attached; Linux unmasks all of them.
 * Return: the RT-masked MMIO accesses of one next_pending() with nothing
 * pending.
 */
static unsigned long rt_masked_accesses(unsigned int nr)
{
	static struct mpic m;
	static struct ck_dev dev;
	static const struct ck_pic pic = { .name = "mpic", .dev = &dev, .priv = &m,
					   MPIC_PIC_OPS };
	static struct ck_board b;
	const struct ck_guest_page *gp = &ck_guest_page;
	unsigned int i;

	memset(mpic_regs, 0, sizeof(mpic_regs));
	memset(&m, 0, sizeof(m));
	mpic_regs[MPIC_FRR / 4] = 255u << 16;
	dev.va = (uintptr_t)mpic_regs;
	for (i = 0; i < nr; i++)
		mpic_board_lines[i] = MPIC_LINE_SRC(16u + i);
	b = sim_board;
	b.pic = &pic;
	b.timer = sim_board.timer;
	b.doorbell_line = MPIC_LINE_IPI(0);
	b.uart_rx_line = -1;
	b.linux_lines = mpic_board_lines;
	b.nr_linux_lines = nr;
	sim_reset(NULL);
	((struct ck_clockevent *)sim_board.timer)->line = MPIC_LINE_TIMER(0);
	mpic_init(&pic);
	ck_core_init(&b);
	guest_init();
	sim_linux_windows();
	assert_int_equal(gp->attach(), 0);
	arch_rt_unmask();
	for (i = 0; i < nr; i++)
		gp->unmask(i);
	sim_mmio_reset();
	assert_int_equal(gp->next_pending(), -1);
	assert_true(sim_mmio_counts().total >= nr);   /* it did scan them */
	((struct ck_clockevent *)sim_board.timer)->line = SIM_TIMER_LINE;
	return sim_mmio_counts().rt_masked;
}

static void next_pending_rt_masked_part_is_constant(void **state)
{
	unsigned long few, many;

	(void)state;
	few = rt_masked_accesses(2);
	many = rt_masked_accesses(64);
	assert_int_equal(few, many);
	assert_true(many <= 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(numbering, setup),
		cmocka_unit_test_setup(ops_never_reach_other_lines, setup),
		cmocka_unit_test_setup(console_line_only_as_console_virq, setup),
		cmocka_unit_test_setup(soft_virqs, setup),
		cmocka_unit_test_setup(doorbell_does_not_hide_linux_line, setup),
		cmocka_unit_test(bad_linux_lines_give_linux_nothing),
		cmocka_unit_test(next_pending_rt_masked_part_is_constant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
