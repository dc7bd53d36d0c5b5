// SPDX-License-Identifier: MIT
/*
 * test_devices.c - a board may have two devices of one kind: two instances
 * of the same driver, each on its own ck_dev (registers = host memory,
 * tests/unit/sim/arch/mmio.h), never touch each other's registers or state.
 */
#include <string.h>
#include <drv/mpic.h>
#include <drv/pl011.h>
#include <drv/pl190.h>
#include <drv/sp804.h>
#include "sim_test.h"

#define WORDS(bytes) ((bytes) / sizeof(uint32_t))

/* SP804 register offsets (sp804.c; ARM DDI0271D §3) */
#define SP804_EV_LOAD 0x00u
#define SP804_CLK_VALUE 0x24u

static void two_sp804_blocks(void **state)
{
	static uint32_t regs_a[WORDS(0x40)], regs_b[WORDS(0x40)];
	struct ck_dev a = { .name = "tc-a", .va = (uintptr_t)regs_a };
	struct ck_dev b = { .name = "tc-b", .va = (uintptr_t)regs_b };
	const struct ck_clockevent ev_a = { .dev = &a, SP804_EVENT_OPS };
	const struct ck_clockevent ev_b = { .dev = &b, SP804_EVENT_OPS };
	const struct ck_clocksource cs_a = { .dev = &a, SP804_CLOCK_OPS };
	const struct ck_clocksource cs_b = { .dev = &b, SP804_CLOCK_OPS };

	(void)state;
	memset(regs_a, 0, sizeof(regs_a));
	memset(regs_b, 0, sizeof(regs_b));
	sim_reset(NULL);
	ev_a.set_next(&ev_a, 100);
	assert_int_equal(regs_a[WORDS(SP804_EV_LOAD)], 100);
	assert_int_equal(regs_b[WORDS(SP804_EV_LOAD)], 0);
	ev_b.set_next(&ev_b, 7);
	assert_int_equal(regs_b[WORDS(SP804_EV_LOAD)], 7);
	assert_int_equal(regs_a[WORDS(SP804_EV_LOAD)], 100);

	regs_a[WORDS(SP804_CLK_VALUE)] = ~5u;   /* a down-counter */
	regs_b[WORDS(SP804_CLK_VALUE)] = ~9u;
	assert_int_equal(cs_a.read(&cs_a), 5);
	assert_int_equal(cs_b.read(&cs_b), 9);

	/* the hand-over moves one device: only its instance follows */
	static uint32_t regs_a2[WORDS(0x40)];
	regs_a2[WORDS(SP804_CLK_VALUE)] = ~42u;
	a.va = (uintptr_t)regs_a2;
	assert_int_equal(cs_a.read(&cs_a), 42);
	assert_int_equal(cs_b.read(&cs_b), 9);
}

#define UART_DR 0x000u

static void two_pl011_uarts(void **state)
{
	static uint32_t regs_a[WORDS(0x1000)], regs_b[WORDS(0x1000)];
	struct ck_dev a = { .va = (uintptr_t)regs_a };
	struct ck_dev b = { .va = (uintptr_t)regs_b };
	const struct ck_uart u_a = { .dev = &a, PL011_UART_OPS };
	const struct ck_uart u_b = { .dev = &b, PL011_UART_OPS };

	(void)state;
	memset(regs_a, 0, sizeof(regs_a));
	memset(regs_b, 0, sizeof(regs_b));
	sim_reset(NULL);
	assert_int_equal(u_a.try_putc(&u_a, 'a'), 0);
	assert_int_equal(regs_a[WORDS(UART_DR)], 'a');
	assert_int_equal(regs_b[WORDS(UART_DR)], 0);
	assert_int_equal(u_b.try_putc(&u_b, 'b'), 0);
	assert_int_equal(regs_b[WORDS(UART_DR)], 'b');
	assert_int_equal(regs_a[WORDS(UART_DR)], 'a');
}

#define VIC_FIQSTATUS 0x004u
#define VIC_INTSELECT 0x00cu

static void two_pl190s(void **state)
{
	static uint32_t regs_a[WORDS(0x1000)], regs_b[WORDS(0x1000)];
	struct ck_dev a = { .va = (uintptr_t)regs_a };
	struct ck_dev b = { .va = (uintptr_t)regs_b };
	const struct ck_pic p_a = { .dev = &a, PL190_PIC_OPS };
	const struct ck_pic p_b = { .dev = &b, PL190_PIC_OPS };

	(void)state;
	memset(regs_a, 0, sizeof(regs_a));
	memset(regs_b, 0, sizeof(regs_b));
	sim_reset(NULL);
	assert_int_equal(p_a.route_rt(&p_a, 3), 3);
	assert_int_equal(regs_a[WORDS(VIC_INTSELECT)], 1u << 3);
	assert_int_equal(regs_b[WORDS(VIC_INTSELECT)], 0);
	assert_int_equal(p_b.route_rt(&p_b, 9), 9);
	assert_int_equal(regs_b[WORDS(VIC_INTSELECT)], 1u << 9);
	assert_int_equal(regs_a[WORDS(VIC_INTSELECT)], 1u << 3);
	assert_int_equal(p_a.route_rt(&p_a, 32), -CK_EINVAL);
	regs_b[WORDS(VIC_FIQSTATUS)] = 1u << 9;
	assert_int_equal(p_a.pending_rt(&p_a), 0);
	assert_int_equal(p_b.pending_rt(&p_b), 1u << 9);
}

/* Two MPICs: separate state (RT slots), separate registers. */
#define MPIC_BLOCK 0x40000u
#define MPIC_FRR 0x01000u
#define MPIC_SRC_VPR(s) (0x10000u + 0x20u * (s))
#define VPR_A 0x40000000u

/* Two MPICs A and B over host memory (mp_regs[0], [1]), 64 sources each,
 * A's source 1 VPR at @src1_vpr_a before mpic_init(), both initialised. */
static uint32_t mp_regs[2][WORDS(MPIC_BLOCK)];
static struct ck_dev mp_dev[2];
static struct mpic mp_state[2];
static struct ck_pic mp_pic[2];

static void mpics_init(uint32_t src1_vpr_a)
{
	for (int i = 0; i < 2; i++) {
		memset(mp_regs[i], 0, sizeof(mp_regs[i]));
		memset(&mp_state[i], 0, sizeof(mp_state[i]));
		mp_dev[i] = (struct ck_dev){ .va = (uintptr_t)mp_regs[i] };
		mp_pic[i] = (struct ck_pic){ .dev = &mp_dev[i],
					     .priv = &mp_state[i], MPIC_PIC_OPS };
		mp_regs[i][WORDS(MPIC_FRR)] = 63u << 16;     /* 64 sources */
	}
	mp_regs[0][WORDS(MPIC_SRC_VPR(1))] = src1_vpr_a;
	sim_reset(NULL);
	mpic_init(&mp_pic[0]);
	mpic_init(&mp_pic[1]);
}

static void two_mpics(void **state)
{
	uint32_t *regs_a = mp_regs[0], *regs_b = mp_regs[1];
	const struct ck_pic *pa = &mp_pic[0], *pb = &mp_pic[1];

	(void)state;
	mpics_init(0);
	/* source 40 (line 48) is RT on A only; a line above 32 gets a slot */
	int slot = pa->route_rt(pa, MPIC_LINE_SRC(40));
	assert_true(slot >= 0 && slot < (int)CK_RT_SLOTS);
	assert_int_equal(pa->route_rt(pa, MPIC_LINE_SRC(40)), slot);
	pa->unmask(pa, MPIC_LINE_SRC(40));
	regs_a[WORDS(MPIC_SRC_VPR(40))] |= VPR_A;
	regs_b[WORDS(MPIC_SRC_VPR(40))] |= VPR_A;
	assert_int_equal(pa->pending_rt(pa), 1u << slot);
	assert_int_equal(pb->pending_rt(pb), 0);
	/* on B the same source is a normal line */
	pb->unmask(pb, MPIC_LINE_SRC(40));
	assert_int_equal(pb->next_normal(pb, 0), (int)MPIC_LINE_SRC(40));
	assert_int_equal(pa->next_normal(pa, 0), -1);
	/* an IPI cannot be RT */
	assert_int_equal(pa->route_rt(pa, MPIC_LINE_IPI(0)), -CK_EINVAL);
}

/* mpic_set_level_low(): S set, P clear on that source of that MPIC alone;
 * priority, mask and vector kept; a timer or IPI line is left alone */
#define VPR_POL 0x00800000u
#define VPR_SENSE 0x00400000u

static void mpic_level_low_on_one_source(void **state)
{
	uint32_t *regs_a = mp_regs[0], *regs_b = mp_regs[1];
	const struct ck_pic *pa = &mp_pic[0];
	uint32_t before;

	(void)state;
	mpics_init(VPR_POL);  /* A's source 1: edge, active high */
	before = regs_a[WORDS(MPIC_SRC_VPR(1))];
	mpic_set_level_low(pa, MPIC_LINE_SRC(1));
	assert_int_equal(regs_a[WORDS(MPIC_SRC_VPR(1))],
			 (before & ~(VPR_POL | VPR_SENSE)) | VPR_SENSE);
	assert_int_equal(regs_b[WORDS(MPIC_SRC_VPR(1))] & (VPR_POL | VPR_SENSE), 0);
	assert_int_equal(regs_a[WORDS(MPIC_SRC_VPR(2))] & VPR_SENSE, 0);
	/* not a source, or beyond the MPIC's: nothing written */
	before = regs_a[WORDS(MPIC_SRC_VPR(0))];
	mpic_set_level_low(pa, MPIC_LINE_IPI(0));
	mpic_set_level_low(pa, MPIC_LINE_SRC(64));
	assert_int_equal(regs_a[WORDS(MPIC_SRC_VPR(0))], before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_sp804_blocks),
		cmocka_unit_test(two_pl011_uarts),
		cmocka_unit_test(two_pl190s),
		cmocka_unit_test(two_mpics),
		cmocka_unit_test(mpic_level_low_on_one_source),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
