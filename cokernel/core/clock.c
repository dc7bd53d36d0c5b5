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

/* 1e9 / @hz rounded up: the tick in ns (@hz > 0). */
uint64_t clock_tick_ns(uint64_t hz)
{
	return (CK_NS_PER_S + hz - 1) / hz;
}

/*
 * The rate checks the clocksource and the clockevent share (ck/hw.h): a
 * tick of at most CK_TIMER_TICK_MAX_NS, a rate that fits 32 bits. Prints
 * why @hz is refused. Return: 0 or -CK_EINVAL.
 */
int clock_check_rate(const char *what, const char *name, uint64_t hz)
{
	if (hz && hz <= UINT32_MAX && clock_tick_ns(hz) <= CK_TIMER_TICK_MAX_NS)
		return 0;
	ck_printf("%s %s: %llu Hz refused: the rate must be %llu..%lu Hz "
		  "(a tick of at most %u ns)", what, name,
		  (unsigned long long)hz,
		  (unsigned long long)(CK_NS_PER_S / CK_TIMER_TICK_MAX_NS),
		  (unsigned long)UINT32_MAX, CK_TIMER_TICK_MAX_NS);
	return -CK_EINVAL;
}

int clock_init(const struct ck_clocksource *cs)
{
	uint64_t mult, half_wrap_ns;

	if (!cs || !cs->read) {
		ck_printf("clocksource: none, or no read op: refused");
		return -CK_EINVAL;
	}
	if (clock_check_rate("clocksource", cs->name, cs->hz))
		return -CK_EINVAL;
	if (!cs->mask || (cs->mask & (cs->mask + 1u))) {
		ck_printf("clocksource %s: mask 0x%x refused: it must be 2^n - 1 "
			  "(the counter's width)", cs->name, (unsigned int)cs->mask);
		return -CK_EINVAL;
	}
	/* (mask + 1) / 2 ticks, < 2^31: the product fits 64 bits */
	half_wrap_ns = ((uint64_t)cs->mask + 1u) / 2u * CK_NS_PER_S / cs->hz;
	if (half_wrap_ns < CK_CLOCK_IDLE_MIN_NS) {
		ck_printf("clocksource %s: wraps every %llu ns at %llu Hz: refused, "
			  "half a wrap must be at least %u ns (read that often)",
			  cs->name, (unsigned long long)(2u * half_wrap_ns),
			  (unsigned long long)cs->hz, CK_CLOCK_IDLE_MIN_NS);
		return -CK_EINVAL;
	}
	mult = (CK_NS_PER_S << 32) / cs->hz;
	ck_clk.cs = cs;
	ck_clk.read = cs->read;
	ck_clk.mask = cs->mask;
	ck_clk.hz = (uint32_t)cs->hz;
	ck_clk.mult_hi = (uint32_t)(mult >> 32);
	ck_clk.mult_lo = (uint32_t)mult;
	ck_clk.read_every_ns = half_wrap_ns < CK_CLOCK_IDLE_MAX_NS ?
				       (uint32_t)half_wrap_ns : CK_CLOCK_IDLE_MAX_NS;
	ck_clk.sec_ns = 0;
	ck_clk.rem = 0;
	ck_clk.now_ns = 0;
	ck_clk.last = cs->read(cs) & cs->mask;
	return 0;
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

uint64_t clock_ticks_to_ns(uint64_t ticks)
{
	return ticks / ck_clk.hz * CK_NS_PER_S +
	       ticks % ck_clk.hz * CK_NS_PER_S / ck_clk.hz;
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
