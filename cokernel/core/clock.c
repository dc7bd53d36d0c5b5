// SPDX-License-Identifier: MIT
/*
 * clock.c - the monotonic ns clock: the board's wrapping clocksource
 * extended to 64 bits and converted to ns without division on the hot path.
 *
 * The count since start is kept as whole seconds (in ns) plus a remainder
 * in ticks (rem < hz). The remainder converts with 32-bit multiplies:
 * ns = (rem * mult) >> 32, mult = floor(1e9 * 2^32 / hz), split into its
 * integer part mult_hi and fraction mult_lo, so
 * ns = rem * mult_hi + ((rem * mult_lo) >> 32) exactly; rem * mult_hi
 * stays below 1e9 and fits 32 bits. The truncation error stays below
 * hz / 2^32 < 1 ns for any hz < 4.29 GHz; at 1 MHz and 1 GHz mult is exact.
 * Seconds carry once per second (an addition; a division only if the clock
 * went unread for two seconds or more).
 */
#include "core.h"

struct clock_state ck_clk;

void clock_init(const struct ck_clocksource *cs)
{
	uint64_t mult;

	ck_assert(cs && cs->read && cs->hz && cs->hz <= UINT32_MAX && cs->mask);
	mult = (CK_NS_PER_S << 32) / cs->hz;
	ck_clk.cs = cs;
	ck_clk.read = cs->read;
	ck_clk.mask = cs->mask;
	ck_clk.hz = (uint32_t)cs->hz;
	ck_clk.mult_hi = (uint32_t)(mult >> 32);
	ck_clk.mult_lo = (uint32_t)mult;
	ck_clk.sec_ns = 0;
	ck_clk.rem = 0;
	ck_clk.now_ns = 0;
	ck_clk.last = cs->read(cs) & cs->mask;
}

/*
 * The clock went unread for more than a second (before ck_start(), or the
 * RT class masked that long): carry the seconds with a division.
 */
uint32_t clock_carry_slow(uint64_t rem)
{
	ck_clk.sec_ns += rem / ck_clk.hz * CK_NS_PER_S;
	return (uint32_t)(rem % ck_clk.hz);
}

uint64_t clock_update(void)
{
	return clock_fold();
}

uint64_t ck_clock_now(void)
{
	ck_rtflags_t flags = arch_rt_mask();
	uint64_t now = clock_fold();

	arch_rt_restore(flags);
	return now;
}
