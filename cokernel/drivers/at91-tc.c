// SPDX-License-Identifier: MIT
/*
 * at91-tc.c - Atmel AT91 Timer Counter block (three 16-bit channels) as
 * the RT clock pair: channels 0+1 chained into a 32-bit clocksource,
 * channel 2 the one-shot RT event.
 *
 * Register map and behaviour: the "Timer Counter (TC)" chapter of the
 * AT91SAM9260 datasheet (Atmel 6221), read in the SAM9G20 datasheet
 * (DS60001516A, chapter 33), whose TC is the same block [SAM9G20, same
 * TC]: registers by name ("TC User Interface"), behaviour by the section
 * numbers QEMU's model quotes too. Bit layouts checked against Linux 6.1's
 * include/soc/at91/atmel_tcb.h. QEMU model: qemu/patches/0012
 * (hw/timer/atmel_tc.c).
 *
 * The chain: channel 0 counts MCK/2 over 16 bits (WAVSEL UP) and drives
 * TIOA0 high at RA = 0, i.e. as it wraps, and low at RC = 0x8000; channel
 * 1 counts TIOA0's rising edges through XC1 (TC_BMR TC1XC1S = TIOA0), so it
 * holds the wraps of channel 0: the high half of the count. Linux 6.1's
 * timer-atmel-tcb.c builds its 32-bit clocksource the same way.
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <drv/at91-tc.h>

/* TC User Interface: channel n at 0x40 n; block registers at 0xc0 */
#define TC_CH(n) (0x40u * (n))
#define TC_CCR 0x00u            /* WO: CLKEN, CLKDIS, SWTRG */
#define TC_CMR 0x04u            /* RW: mode */
#define TC_CV 0x10u             /* RO 16: counter value */
#define TC_RA 0x14u             /* RW 16 (waveform mode) */
#define TC_RC 0x1cu             /* RW 16 */
#define TC_SR 0x20u             /* RO: status, flags cleared on read */
#define TC_IER 0x24u            /* WO */
#define TC_IDR 0x28u            /* WO */
#define TC_BCR 0xc0u            /* WO: SYNC */
#define TC_BMR 0xc4u            /* RW: XC0-2 sources */

#define CLOCK_LO TC_CH(0)       /* low half of the clocksource */
#define CLOCK_HI TC_CH(1)       /* high half: channel 0's wraps */
#define EVENT TC_CH(2)          /* the RT event */

/* TC_CCR */
#define CCR_CLKEN 0x1u
#define CCR_CLKDIS 0x2u
#define CCR_SWTRG 0x4u
/* TC_CMR, waveform mode */
#define CMR_TIMER_CLOCK1 0x0u   /* MCK/2 */
#define CMR_XC1 0x6u
#define CMR_CPCSTOP (1u << 6)   /* clock stopped at RC compare */
#define CMR_WAVSEL_UP (0u << 13)
#define CMR_WAVSEL_UP_RC (2u << 13) /* counter reset at RC compare */
#define CMR_WAVE (1u << 15)
#define CMR_ACPA_SET (1u << 16)     /* TIOA at RA compare */
#define CMR_ACPC_CLEAR (2u << 18)   /* TIOA at RC compare */
#define CMR_ACPC_TOGGLE (3u << 18)
#define CMR_ASWTRG_CLEAR (2u << 22) /* TIOA at a software trigger */
/* TC_SR / IER / IDR */
#define SR_CPCS (1u << 4)       /* RC compare */
#define SR_ALL 0xffu
/* TC_BCR, TC_BMR */
#define BCR_SYNC 0x1u
#define BMR_TC1XC1S_TIOA0 (2u << 2)

#define TC_HALF 0x8000u
#define TC_WRAP_TICKS 0x10000u

static inline uint32_t tc_read(const struct ck_dev *dev, uint32_t reg)
{
	return mmio_read32(dev->va + reg);
}

static inline void tc_write(const struct ck_dev *dev, uint32_t reg, uint32_t val)
{
	mmio_write32(dev->va + reg, val);
}

/* The count channel 1 starts at for a first wrap @ticks away (0: 2^32):
 * 65536 minus the wraps of channel 0 that take, 2..65536 of them. */
static uint32_t first_high_count(uint32_t ticks)
{
	uint32_t wraps = ticks ? (uint32_t)(((uint64_t)ticks + TC_WRAP_TICKS - 1u) /
					    TC_WRAP_TICKS)
			       : TC_WRAP_TICKS;

	if (wraps < 2u)
		wraps = 2u;
	return TC_WRAP_TICKS - wraps;
}

uint64_t at91_tc_first_wrap_ticks(uint32_t ticks)
{
	return (uint64_t)(TC_WRAP_TICKS - first_high_count(ticks)) * TC_WRAP_TICKS;
}

/*
 * Bring channel 1 (counting, clocked by TIOA0) to @count: channel 0 in
 * waveform mode resetting at RC = 1 and toggling TIOA0 at each compare, a
 * rising edge every 4 ticks of MCK/2, until channel 1 reads @count, then
 * channel 0 stopped. A poll round is a few instructions, well within the
 * 4 ticks, so channel 1 stops at @count. At most PUMP_POLLS_PER_COUNT
 * polls per count: a block whose clock does not run (its peripheral clock
 * off) ends the wait instead of hanging the boot, and the clock then
 * shows it (the core's boot checks).
 */
#define PUMP_POLLS_PER_COUNT 256u

static void high_count_pump(const struct ck_dev *dev, uint32_t count)
{
	uint32_t polls = count * PUMP_POLLS_PER_COUNT;

	if (!count)
		return;
	tc_write(dev, CLOCK_LO + TC_CMR, CMR_TIMER_CLOCK1 | CMR_WAVE | CMR_WAVSEL_UP_RC |
						  CMR_ACPC_TOGGLE | CMR_ASWTRG_CLEAR);
	tc_write(dev, CLOCK_LO + TC_RC, 1);
	tc_write(dev, CLOCK_LO + TC_CCR, CCR_CLKEN | CCR_SWTRG);
	while (tc_read(dev, CLOCK_HI + TC_CV) < count && --polls)
		;
	tc_write(dev, CLOCK_LO + TC_CCR, CCR_CLKDIS);
}

void at91_tc_init(const struct ck_dev *dev, uint32_t first_wrap_ticks)
{
	unsigned int n;

	for (n = 0; n < 3u; n++) {
		tc_write(dev, TC_CH(n) + TC_CCR, CCR_CLKDIS);
		tc_write(dev, TC_CH(n) + TC_IDR, SR_ALL);
		(void)tc_read(dev, TC_CH(n) + TC_SR);
	}
	/* the event: one-shot, stopped at RC compare, its interrupt on */
	tc_write(dev, EVENT + TC_CMR, CMR_TIMER_CLOCK1 | CMR_WAVE | CMR_WAVSEL_UP_RC |
					      CMR_CPCSTOP);
	tc_write(dev, EVENT + TC_RC, AT91_TC_EVENT_MAX_TICKS);
	tc_write(dev, EVENT + TC_IER, SR_CPCS);

	/* the high half: TIOA0's rising edges, from 0 */
	tc_write(dev, TC_BMR, BMR_TC1XC1S_TIOA0);
	tc_write(dev, CLOCK_HI + TC_CMR, CMR_XC1 | CMR_WAVE | CMR_WAVSEL_UP);
	tc_write(dev, CLOCK_HI + TC_CCR, CCR_CLKEN | CCR_SWTRG);
	high_count_pump(dev, first_high_count(first_wrap_ticks));
	/* the low half: TIOA0 low from the trigger (no edge counted), high
	 * from each wrap to the half-way point */
	tc_write(dev, CLOCK_LO + TC_CMR, CMR_TIMER_CLOCK1 | CMR_WAVE | CMR_WAVSEL_UP |
						  CMR_ACPA_SET | CMR_ACPC_CLEAR |
						  CMR_ASWTRG_CLEAR);
	tc_write(dev, CLOCK_LO + TC_RA, 0);
	tc_write(dev, CLOCK_LO + TC_RC, TC_HALF);
	tc_write(dev, CLOCK_LO + TC_CCR, CCR_CLKEN | CCR_SWTRG);
	(void)tc_read(dev, EVENT + TC_SR);
	mmio_wmb();
}

/*
 * High, low, high again: the high half steps only as the low half wraps,
 * so equal high reads bracket a low read of that same high count. If they
 * differ, the low half wrapped in between: the second high read is the
 * new count, and a low read after it belongs to it, unless the low half
 * wraps again first (65536 ticks, 1.3 ms at MCK/2, later). The same
 * protocol as Linux 6.1's timer-atmel-tcb.c (tc_get_cycles), without its
 * loop: four reads at most.
 */
uint32_t at91_tc_clock_read(const struct ck_clocksource *cs)
{
	uintptr_t base = cs->dev->va;
	uint32_t hi = mmio_read32(base + CLOCK_HI + TC_CV);
	uint32_t lo = mmio_read32(base + CLOCK_LO + TC_CV);
	uint32_t hi2 = mmio_read32(base + CLOCK_HI + TC_CV);

	if (hi2 != hi) {
		hi = hi2;
		lo = mmio_read32(base + CLOCK_LO + TC_CV);
	}
	return hi << 16 | (lo & 0xffffu);
}

/*
 * RC first, then the trigger that resets the counter to 0 and starts its
 * clock [§33.5.6]: the compare comes @ticks ticks later (on silicon the
 * reset takes effect at the next clock edge: up to one tick more). The
 * trigger is the one write that times the event, last. Linux 6.1's
 * timer-atmel-tcb.c (tc_next_event) arms its one-shot channel the same
 * way. A channel still counting toward an earlier RC may match the new RC
 * in the instant between the two writes: then the event comes early,
 * which the core takes as any early event (timer.c timer_expire()).
 */
void at91_tc_event_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	uintptr_t base = ev->dev->va + EVENT;

	mmio_write32(base + TC_RC, ticks);
	mmio_write32(base + TC_CCR, CCR_CLKEN | CCR_SWTRG);
}

/* Reading TC_SR clears CPCS, and with it the channel's level line. */
void at91_tc_event_ack(const struct ck_clockevent *ev)
{
	(void)mmio_read32(ev->dev->va + EVENT + TC_SR);
}

/* A disabled clock counts no more, so no compare can set CPCS again; the
 * interrupt stays enabled at the channel for the next set_next. */
void at91_tc_event_stop(const struct ck_clockevent *ev)
{
	tc_write(ev->dev, EVENT + TC_CCR, CCR_CLKDIS);
	(void)tc_read(ev->dev, EVENT + TC_SR);
	mmio_wmb();
}
