// SPDX-License-Identifier: MIT
/*
 * clock.c - the monotonic ns clock: the board's wrapping clocksource
 * extended to 64 bits and converted to ns without division on the hot path.
 *
 * The count since start is kept as whole seconds plus a remainder in ticks
 * (rem < hz). The remainder converts with one 64-bit multiply:
 * ns = (rem * mult) >> 32, mult = floor(1e9 * 2^32 / hz). Because rem < hz,
 * the product stays below 1e9 * 2^32 < 2^63 and the truncation error stays
 * below hz / 2^32 < 1 ns for any hz < 4.29 GHz; at 1 MHz and 1 GHz mult is
 * exact. Seconds carry once per second (a subtraction; a division only if
 * the clock went unread for several seconds).
 */
#include "core.h"

static struct {
	const struct ck_clocksource *cs;
	uint32_t last;      /* last counter value read */
	uint64_t sec;       /* whole seconds since start */
	uint64_t rem;       /* ticks past @sec, < hz after each update */
	uint64_t mult;      /* ns per tick << 32 */
} clk;

void clock_init(const struct ck_clocksource *cs)
{
	ck_assert(cs && cs->read && cs->hz && cs->hz <= UINT32_MAX && cs->mask);
	clk.cs = cs;
	clk.sec = 0;
	clk.rem = 0;
	clk.mult = (CK_NS_PER_S << 32) / cs->hz;
	clk.last = cs->read() & cs->mask;
}

uint64_t ck_clock_now(void)
{
	const struct ck_clocksource *cs = clk.cs;
	ck_rtflags_t flags;
	uint32_t now;
	uint64_t sec, rem;

	flags = arch_rt_mask();
	now = cs->read() & cs->mask;
	clk.rem += (now - clk.last) & cs->mask;
	clk.last = now;
	if (clk.rem >= cs->hz) {
		if (clk.rem < 2 * cs->hz) {
			clk.rem -= cs->hz;
			clk.sec++;
		} else {
			clk.sec += clk.rem / cs->hz;
			clk.rem %= cs->hz;
		}
	}
	sec = clk.sec;
	rem = clk.rem;
	arch_rt_restore(flags);

	return sec * CK_NS_PER_S + ((rem * clk.mult) >> 32);
}
