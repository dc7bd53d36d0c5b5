// SPDX-License-Identifier: MIT
/*
 * test_at91.c - the AT91 drivers' logic over host memory
 * (tests/unit/sim/arch/mmio.h): the chained TC clocksource read across the
 * low half's carries and the 32-bit wrap, with the counter moving between
 * the reads (a model in the sim's access hook); where at91_tc_init()
 * brings the high half so that the clock's first wrap comes when the board
 * asked, and that it does not hang on a block whose clock is dead; which
 * AIC lines pending_rt() and next_normal() report; MCK from the PMC's
 * programming.
 */
#include <string.h>
#include <drv/aic.h>
#include <drv/at91-pmc.h>
#include <drv/at91-rtt.h>
#include <drv/at91-tc.h>
#include "sim_test.h"

/* at91-tc.c: channel n at 0x40 n (TC_CCR +0, TC_CMR +4, TC_CV +0x10,
 * TC_RA +0x14, TC_RC +0x1c), TC_BMR 0xc4 [SAM9G20 ch. 33, same TC] */
#define TC_CCR(n) (0x40u * (n))
#define TC_CMR(n) (0x40u * (n) + 0x04u)
#define TC_CV(n) (0x40u * (n) + 0x10u)
#define TC_RA(n) (0x40u * (n) + 0x14u)
#define TC_RC(n) (0x40u * (n) + 0x1cu)
#define TC_BMR 0xc4u
#define CCR_CLKEN_SWTRG 0x5u
#define CMR_ACPC_MASK (3u << 18)
#define CMR_ACPC_TOGGLE (3u << 18)

static uint8_t tc_regs[0x100] __attribute__((aligned(4)));

static uint32_t reg(const uint8_t *regs, unsigned int off)
{
	uint32_t v;

	memcpy(&v, &regs[off], sizeof(v));
	return v;
}

static void reg_set(uint8_t *regs, unsigned int off, uint32_t v)
{
	memcpy(&regs[off], &v, sizeof(v));
}

/* ---- the chained clocksource: a block whose count moves @step ticks of
 * MCK/2 at every register access, channel 1 holding channel 0's wraps */
static struct {
	uint32_t count;      /* the 32-bit count (high : low) */
	uint32_t step;
	unsigned int accesses;
} chain;

static void chain_hook(uintptr_t addr, void *arg)
{
	(void)addr;
	(void)arg;
	chain.count += chain.step;
	chain.accesses++;
	reg_set(tc_regs, TC_CV(0), chain.count & 0xffffu);
	reg_set(tc_regs, TC_CV(1), chain.count >> 16);
}

/*
 * One read starting at @count: the value must be the count at one of the
 * read's own accesses (high and low halves of one instant), so no carry
 * can make it jump back or ahead by 65536; four accesses at most.
 */
static void read_at(const struct ck_clocksource *cs, uint32_t count, uint32_t step)
{
	uint32_t v, k;

	chain.count = count;
	chain.step = step;
	chain.accesses = 0;
	v = cs->read(cs);
	assert_in_range(chain.accesses, 3, 4);
	k = v - count;       /* mod 2^32: accesses into the read, in steps */
	assert_int_equal(k % step, 0);
	assert_in_range(k / step, 1, chain.accesses);
}

static void tc_clock_read_across_carries(void **state)
{
	struct ck_dev tcb = { .name = "tcb", .va = (uintptr_t)tc_regs };
	const struct ck_clocksource cs = { .dev = &tcb, AT91_TC_CLOCK_OPS };
	const uint32_t steps[] = { 1u, 2u, 3u, 7u, 20u, 101u, 0x3fffu };
	const uint32_t highs[] = { 0x0000u, 0x1234u, 0xfffeu, 0xffffu };

	(void)state;
	sim_reset(NULL);
	memset(tc_regs, 0, sizeof(tc_regs));
	sim_mmio_set_hook(chain_hook, NULL);
	for (unsigned int s = 0; s < sizeof(steps) / sizeof(steps[0]); s++)
		for (unsigned int h = 0; h < sizeof(highs) / sizeof(highs[0]); h++)
			/* every phase of the read against the low half's wrap */
			for (uint32_t back = 0; back <= 4u * steps[s]; back++)
				read_at(&cs, (highs[h] << 16 | 0xffffu) - back, steps[s]);
	sim_mmio_set_hook(NULL, NULL);
}

/* ---- at91_tc_init(): channel 1 counts one rising edge of TIOA0 per poll
 * while channel 0 runs toggling it (the pump), none when @dead */
static struct {
	bool dead;
	unsigned long polls;
} pump;

static void pump_hook(uintptr_t addr, void *arg)
{
	(void)arg;
	if (addr != (uintptr_t)&tc_regs[TC_CV(1)])
		return;
	pump.polls++;
	if (!pump.dead && reg(tc_regs, TC_CCR(0)) == CCR_CLKEN_SWTRG &&
	    (reg(tc_regs, TC_CMR(0)) & CMR_ACPC_MASK) == CMR_ACPC_TOGGLE)
		reg_set(tc_regs, TC_CV(1), reg(tc_regs, TC_CV(1)) + 1u);
}

/* The first wrap comes @ticks (rounded up to whole wraps of channel 0,
 * two at least; 0 = 2^32) from the start: channel 1 starts 65536 minus
 * those wraps, and the chain is left set up (TIOA0 to XC1, high from the
 * low half's wrap to its half-way point). */
static void first_wrap_at(uint32_t ticks, uint64_t expect_ticks)
{
	struct ck_dev tcb = { .name = "tcb", .va = (uintptr_t)tc_regs };
	uint32_t high = (uint32_t)(0x10000u - expect_ticks / 0x10000u);

	memset(tc_regs, 0, sizeof(tc_regs));
	pump.dead = false;
	pump.polls = 0;
	at91_tc_init(&tcb, ticks);
	assert_int_equal(at91_tc_first_wrap_ticks(ticks), expect_ticks);
	assert_int_equal(reg(tc_regs, TC_CV(1)), high);
	assert_int_equal(reg(tc_regs, TC_BMR), 2u << 2);          /* TC1XC1S = TIOA0 */
	assert_int_equal(reg(tc_regs, TC_CMR(1)) & 7u, 6u);       /* XC1 */
	assert_int_equal(reg(tc_regs, TC_RA(0)), 0u);
	assert_int_equal(reg(tc_regs, TC_RC(0)), 0x8000u);
	assert_int_equal(reg(tc_regs, TC_CCR(0)), CCR_CLKEN_SWTRG);
	assert_int_equal(reg(tc_regs, TC_RC(2)), AT91_TC_EVENT_MAX_TICKS);
}

static void tc_first_wrap(void **state)
{
	(void)state;
	sim_reset(NULL);
	sim_mmio_set_hook(pump_hook, NULL);
	/* at91sam9260ek: 1.8 s at 49.664 MHz = 1364.06 wraps -> 1365 */
	first_wrap_at(49664000u / 1000u * 1800u, 1365ull << 16);
	first_wrap_at(0x10000u * 5u, 5ull << 16);
	first_wrap_at(0x10000u * 5u + 1u, 6ull << 16);
	first_wrap_at(1u, 2ull << 16);                 /* two wraps at least */
	first_wrap_at(0xffffffffu, 1ull << 32);
	first_wrap_at(0u, 1ull << 32);                 /* a whole 2^32 */
	sim_mmio_set_hook(NULL, NULL);
}

/* A block whose clock does not run: the pump's wait ends (256 polls per
 * count), the boot goes on. */
static void tc_pump_dead_clock_ends(void **state)
{
	struct ck_dev tcb = { .name = "tcb", .va = (uintptr_t)tc_regs };

	(void)state;
	sim_reset(NULL);
	memset(tc_regs, 0, sizeof(tc_regs));
	sim_mmio_set_hook(pump_hook, NULL);
	pump.dead = true;
	pump.polls = 0;
	at91_tc_init(&tcb, 0xfffe0000u);               /* 2 counts to pump */
	assert_int_equal(reg(tc_regs, TC_CV(1)), 0u);
	assert_in_range(pump.polls, 2u * 256u - 1u, 2u * 256u);
	sim_mmio_set_hook(NULL, NULL);
}

/* ---- AIC: the pending sets, from IPR, IMR and FFSR [SAM9G20 §26.8,
 * same AIC] */
#define AIC_SMR(n) (4u * (n))
#define AIC_IPR 0x10cu
#define AIC_IMR 0x110u
#define AIC_FFSR 0x148u

static uint8_t aic_regs[0x200] __attribute__((aligned(4)));

static void aic_pending_sets(void **state)
{
	struct ck_dev dev = { .name = "aic", .va = (uintptr_t)aic_regs };
	const struct ck_pic pic = { .name = "aic", .dev = &dev, AIC_PIC_OPS };

	(void)state;
	sim_reset(NULL);
	memset(aic_regs, 0, sizeof(aic_regs));
	aic_init(&pic, 1u << 22 | 1u << 25);
	assert_int_equal(reg(aic_regs, AIC_SMR(22)), 1u << 5);    /* edge */
	assert_int_equal(reg(aic_regs, AIC_SMR(25)), 1u << 5);
	assert_int_equal(reg(aic_regs, AIC_SMR(28)), 0u);         /* level */
	/* pending: 0 (FIQ pin), 1 (SYS), 5, 22, 28; enabled: all but 5;
	 * fast-forced: 28 */
	reg_set(aic_regs, AIC_IPR, 1u << 0 | 1u << 1 | 1u << 5 | 1u << 22 | 1u << 28);
	reg_set(aic_regs, AIC_IMR, ~(1u << 5));
	reg_set(aic_regs, AIC_FFSR, 1u << 28);
	/* RT: the fast-forced line and source 0, always on nFIQ */
	assert_int_equal(aic_pending_rt(&pic), 1u << 0 | 1u << 28);
	/* normal: lowest first, never an nFIQ source or a disabled one */
	assert_int_equal(aic_next_normal(&pic, 0), 1);
	assert_int_equal(aic_next_normal(&pic, 2), 22);
	assert_int_equal(aic_next_normal(&pic, 23), -1);
	assert_int_equal(aic_next_normal(&pic, 32), -1);
	assert_int_equal(aic_route_rt(&pic, 32), -CK_EINVAL);
	assert_int_equal(aic_route_rt(&pic, 26), 26);
}

/* ---- PMC: MCK from CKGR_PLLAR/PLLBR and PMC_MCKR [SAM9G20, same registers] */
#define CKGR_PLLAR 0x28u
#define CKGR_PLLBR 0x2cu
#define PMC_MCKR 0x30u
#define PLL(mul, div) ((uint32_t)(mul) << 16 | (div))
#define MCKR(css, pres, mdiv) ((uint32_t)(css) | (pres) << 2 | (mdiv) << 8)

static uint8_t pmc_regs[0x100] __attribute__((aligned(4)));

static uint64_t mck(uint32_t pllar, uint32_t pllbr, uint32_t mckr)
{
	struct ck_dev dev = { .name = "pmc", .va = (uintptr_t)pmc_regs };

	reg_set(pmc_regs, CKGR_PLLAR, pllar);
	reg_set(pmc_regs, CKGR_PLLBR, pllbr);
	reg_set(pmc_regs, PMC_MCKR, mckr);
	return at91_pmc_mck_hz(&dev, 18432000u, 32768u);
}

static void pmc_mck(void **state)
{
	(void)state;
	sim_reset(NULL);
	/* AT91Bootstrap on the EK (QEMU's reset values, with PLLACOUNT, OUTA
	 * and bit 29 set): PLLA x97/9 = 198.656 MHz, MCK /2 */
	assert_int_equal(mck(1u << 29 | PLL(96, 9) | 2u << 14 | 0x3fu << 8,
			     1u << 28 | PLL(25, 5) | 0x3fu << 8, MCKR(2, 0, 1)), 99328000u);
	assert_int_equal(mck(0, PLL(25, 5), MCKR(3, 0, 2)), 18432000u * 26u / 5u / 4u);
	assert_int_equal(mck(0, 0, MCKR(1, 3, 0)), 18432000u / 8u);
	assert_int_equal(mck(0, 0, MCKR(0, 0, 0)), 32768u);
	/* no clock: a PLL off (MUL or DIV 0), PRES or MDIV reserved */
	assert_int_equal(mck(PLL(96, 0), 0, MCKR(2, 0, 1)), 0u);
	assert_int_equal(mck(PLL(0, 9), 0, MCKR(2, 0, 1)), 0u);
	assert_int_equal(mck(PLL(96, 9), 0, MCKR(2, 7, 0)), 0u);
	assert_int_equal(mck(PLL(96, 9), 0, MCKR(2, 0, 3)), 0u);
}

/* ---- at91_rtt_irqs_off(): RTT_MR ALMIEN (16), RTTINCIEN (17) cleared,
 * RTPRES (15:0) kept, RTTRST (18) never written 1, whatever a loader left */

static uint8_t rtt_regs[0x10] __attribute__((aligned(4)));

static uint32_t rtt_mr_after(uint32_t mr)
{
	struct ck_dev dev = { .name = "rtt", .va = (uintptr_t)rtt_regs };

	reg_set(rtt_regs, 0, mr);
	at91_rtt_irqs_off(&dev);
	return reg(rtt_regs, 0);
}

static void rtt_irqs_off(void **state)
{
	(void)state;
	sim_reset(NULL);
	assert_int_equal(rtt_mr_after(0x8000u | 1u << 16 | 1u << 17), 0x8000u);
	assert_int_equal(rtt_mr_after(0x1234u | 1u << 17), 0x1234u);
	assert_int_equal(rtt_mr_after(0x0001u | 1u << 16), 0x0001u);
	/* bits a read may show set are never written back: no restart */
	assert_int_equal(rtt_mr_after(0xffffffffu), 0xffffu);
	assert_int_equal(rtt_mr_after(0x8000u), 0x8000u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tc_clock_read_across_carries),
		cmocka_unit_test(tc_first_wrap),
		cmocka_unit_test(tc_pump_dead_clock_ends),
		cmocka_unit_test(aic_pending_sets),
		cmocka_unit_test(pmc_mck),
		cmocka_unit_test(rtt_irqs_off),
	};

	return cmocka_run_group_tests_name("at91", tests, NULL, NULL);
}
