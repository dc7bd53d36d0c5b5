// SPDX-License-Identifier: MIT
/*
 * test_sh_tmu.c - the SH7751R TMU driver over host memory
 * (tests/unit/sim/arch/mmio.h): where TMU2, the RT clocksource, starts,
 * so that its first wrap comes when the board asked, and the counts that
 * make TMU3 (the RT event) and TMU4 (the soft line) underflow when asked.
 */
#include <string.h>
#include <drv/sh-tmu.h>
#include "sim_test.h"

/* sh-tmu.c; SH7751R hardware manual §12: TSTR +0x04, channel 2 at +0x20
 * of the TMU0-2 block (TCOR +0, TCNT +4, TCR +8) */
#define TSTR 0x04u
#define TCOR2 0x20u
#define TCNT2 0x24u
#define TCR2 0x28u
#define TSTR_CH2 0x04u
/* the TMU3/4 block: TSTR2 +0x04, TCNT3 +0x0c, TCNT4 +0x18 */
#define TCNT3 0x0cu
#define TCNT4 0x18u

static uint8_t tmu012_regs[0x30] __attribute__((aligned(4)));
static uint8_t tmu34_regs[0x20] __attribute__((aligned(4)));

static uint32_t reg32_in(const uint8_t *regs, unsigned int off)
{
	uint32_t v;

	memcpy(&v, &regs[off], sizeof(v));
	return v;
}

static uint32_t reg32(unsigned int off)
{
	return reg32_in(tmu012_regs, off);
}

/* The count TMU2 starts at: @ticks - 1, so that it underflows @ticks
 * ticks on (it reads 0 for the last one); reload 0xffffffff; started,
 * no interrupt; the clocksource reads its complement. */
static void first_wrap_at(uint32_t ticks)
{
	struct ck_dev tmu012 = { .name = "tmu012", .va = (uintptr_t)tmu012_regs };
	struct ck_dev tmu34 = { .name = "tmu34", .va = (uintptr_t)tmu34_regs };
	const struct ck_clocksource cs = { .dev = &tmu012, SH_TMU_CLOCK_OPS };
	uint32_t count;

	memset(tmu012_regs, 0, sizeof(tmu012_regs));
	memset(tmu34_regs, 0, sizeof(tmu34_regs));
	sh_tmu_init(&tmu012, &tmu34, ticks);
	count = reg32(TCNT2);
	assert_int_equal(count, ticks - 1u);
	assert_int_equal(reg32(TCOR2), 0xffffffffu);
	assert_int_equal(tmu012_regs[TCR2] | tmu012_regs[TCR2 + 1] << 8, 0);
	assert_int_equal(tmu012_regs[TSTR] & TSTR_CH2, TSTR_CH2);
	/* the clock's distance to the wrap, in ticks, is what was asked */
	assert_int_equal((uint32_t)(0u - cs.read(&cs)), ticks);
}

static void tmu2_first_wrap(void **state)
{
	(void)state;
	sim_reset(NULL);
	first_wrap_at(15000000u / 1000u * 1800u);  /* r2d: 1.8 s at 15 MHz */
	first_wrap_at(1u);
	first_wrap_at(0xffffffffu);
	first_wrap_at(0u);                          /* a whole 2^32 */
}

/* A count n underflows n + 1 ticks on (§12: on the tick after it reads
 * 0): the event @ticks from now is TCNT3 = @ticks - 1, the soft line's
 * one tick TCNT4 = 0; both channels started. */
static void tmu3_tmu4_counts(void **state)
{
	struct ck_dev tmu34 = { .name = "tmu34", .va = (uintptr_t)tmu34_regs };
	const struct ck_clockevent ev = { .dev = &tmu34 };
	const uint32_t ticks[] = { 1u, 2u, 15000u, 0xffffffffu };

	(void)state;
	sim_reset(NULL);
	for (unsigned int i = 0; i < sizeof(ticks) / sizeof(ticks[0]); i++) {
		memset(tmu34_regs, 0xa5, sizeof(tmu34_regs));
		tmu34_regs[TSTR] = 0;
		sh_tmu_event_set_next(&ev, ticks[i]);
		assert_int_equal(reg32_in(tmu34_regs, TCNT3), ticks[i] - 1u);
		assert_int_equal(tmu34_regs[TSTR] & 0x01u, 0x01u);
	}
	tmu34_regs[TSTR] = 0;
	sh_tmu_soft_raise(&tmu34);
	assert_int_equal(reg32_in(tmu34_regs, TCNT4), 0u);
	assert_int_equal(tmu34_regs[TSTR] & 0x02u, 0x02u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tmu2_first_wrap),
		cmocka_unit_test(tmu3_tmu4_counts),
	};

	return cmocka_run_group_tests_name("sh_tmu", tests, NULL, NULL);
}
