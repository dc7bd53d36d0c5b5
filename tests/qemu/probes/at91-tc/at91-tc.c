/* SPDX-License-Identifier: MIT */
/*
 * at91-tc: the Timer Counter blocks of the at91sam9260ek machine, as the
 * co-kernel and Linux 6.1's timer-atmel-tcb.c use them.
 *
 * Checks, under -icount shift=0,sleep=off (1 instruction = 1 ns):
 *  1. clocks: channel 0 of TC block 0 on each of TIMER_CLOCK1..5 (MCK/2,
 *     /8, /32, /128, SLCK) against channel 1 on TIMER_CLOCK1, both started
 *     by TC_BCR SYNC, 1 ms apart: CV0 = CV1 * 2 / div (SLCK: * 32768 /
 *     (MCK / 2)) within a tick, and CV1 = MCK/2 * 1 ms within 6 ticks.
 *  2. RC compare with trigger (WAVSEL UP_RC, CPCS enabled in TC_IER) on TC0
 *     (block 0, AIC 17) and TC3 (block 1, AIC 26, the co-kernel's): the AIC
 *     pending bit rises as CV reaches RC; CV restarts from 0 at the next
 *     tick; TC_SR shows CPCS and
 *     CLKSTA; the pending bit falls with that read; a second read has no
 *     CPCS (clear on read); CV never exceeds RC; two interrupts are RC + 1
 *     ticks of a free-running channel apart.
 *  3. one-shot (CPCSTOP, on SLCK, as Linux's clockevent): the counter
 *     stops at RC and stays there, CLKSTA stays set.
 *  4. CLKDIS stops the counter (CV holds, CLKSTA clear); CLKEN resumes it
 *     from the held value.
 *  5. Linux's tcb_setup_dual_chan() on TIMER_CLOCK1: channel 0 free-running
 *     with TIOA0 set at software trigger and RA = 0, cleared at RC =
 *     0x8000; channel 1 on XC1 = TIOA0 (TC_BMR TC1XC1S). The 32-bit value
 *     CV1:CV0 (read as Linux does: CV1, CV0, CV1 again) starts at 0 after
 *     SYNC, never goes back, never jumps, its low half matches channel 2
 *     (TIMER_CLOCK1, same SYNC) and its high half reaches 4 (four wraps).
 * The run script boots it twice; the line with the figures must repeat.
 *
 * Reference: AT91SAM9260 datasheet (Atmel 6221), "Timer Counter (TC)" and
 * "Advanced Interrupt Controller (AIC)" (AIC_IPR); Linux 6.1
 * drivers/clocksource/timer-atmel-tcb.c (tcb_setup_dual_chan,
 * tc_get_cycles, tc_set_next_event).
 *
 * Stock QEMU 7.2 has no at91sam9260ek machine, so the probe fails there.
 * Addresses are build parameters (see the run script) so that the same
 * checks run on any board carrying two "atmel-tcb" devices.
 */
#include <stdint.h>

#ifndef TCB0_BASE
#define TCB0_BASE 0xfffa0000u	/* TC0-2 */
#endif
#ifndef TCB1_BASE
#define TCB1_BASE 0xfffdc000u	/* TC3-5 */
#endif
#ifndef PEND_REG
#define PEND_REG 0xfffff10cu	/* AIC_IPR */
#endif
#ifndef PEND_TC0
#define PEND_TC0 17
#endif
#ifndef PEND_TC3
#define PEND_TC3 26
#endif
#ifndef PMC_PCER
#define PMC_PCER 0xfffffc10u	/* 0: no PMC to enable the TC clocks in */
#endif
#ifndef MCK_HZ
#define MCK_HZ 99328000u
#endif

#define REG(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define TC(b, n, off) REG((b) + 0x40u * (n) + (off))

#define TC_CCR 0x00
#define TC_CMR 0x04
#define TC_CV 0x10
#define TC_RA 0x14
#define TC_RC 0x1c
#define TC_SR 0x20
#define TC_IER 0x24
#define TC_IDR 0x28
#define TC_IMR 0x2c
#define TC_BCR 0xc0
#define TC_BMR 0xc4

#define CLKEN (1u << 0)
#define CLKDIS (1u << 1)
#define SWTRG (1u << 2)
#define SYNC (1u << 0)
#define XC1 6u
#define CPCSTOP (1u << 6)
#define WAVE (1u << 15)
#define UP_RC (2u << 13)
#define ACPA_SET (1u << 16)
#define ACPC_CLEAR (2u << 18)
#define ASWTRG_SET (1u << 22)
#define TC1XC1S_TIOA0 (2u << 2)
#define CPCS (1u << 4)
#define CLKSTA (1u << 16)

#define MCK2_PER_MS (MCK_HZ / 2000u)

uint32_t stack[1024] __attribute__((aligned(8)));

__asm__(".section .text.start, \"ax\"\n"
	".global _start\n"
	"_start:\n"
	"	ldr sp, =stack + 4096\n"
	"	bl main\n"
	"1:	b 1b\n"
	".text\n");

/* ARM semihosting: SYS_WRITE0 and SYS_EXIT */
static int semihost(int op, const void *arg)
{
	register int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;

	__asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "memory", "lr");
	return r0;
}

static char line[256];
static unsigned len;

static void put(const char *s)
{
	while (*s && len < sizeof(line) - 1)
		line[len++] = *s++;
}

static void putu(uint32_t v)
{
	char b[11];
	int i = 10;

	b[i] = 0;
	do {
		b[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	put(b + i);
}

static void finish(int pass)
{
	put(")\n");
	line[len] = 0;
	semihost(0x04, line);
	/* ADP_Stopped_ApplicationExit, else RunTimeErrorUnknown */
	semihost(0x18, (const void *)(pass ? 0x20026 : 0x20023));
	for (;;)
		;
}

static void fail(const char *what, uint32_t got, uint32_t want)
{
	len = 0;
	put("PROBE at91-tc: FAIL (");
	put(what);
	put(": got ");
	putu(got);
	put(", want ");
	putu(want);
	finish(0);
}

/* 2 instructions a turn: 2 * n ns under -icount shift=0 */
static void delay(uint32_t n)
{
	__asm__ volatile("1: subs %0, %0, #1\n bne 1b" : "+r"(n) : : "cc");
}

static int pending(unsigned bit)
{
	return (REG(PEND_REG) >> bit) & 1;
}

static uint32_t diff(uint32_t a, uint32_t b)
{
	return a > b ? a - b : b - a;
}

static void stop_all(uint32_t b)
{
	for (unsigned n = 0; n < 3; n++) {
		TC(b, n, TC_IDR) = 0xff;
		TC(b, n, TC_CCR) = CLKDIS;
		(void)TC(b, n, TC_SR);
	}
}

/* 1: the counter runs at the selected clock; returns CV1 after 1 ms */
static uint32_t check_clocks(void)
{
	static const uint32_t div[4] = { 2, 8, 32, 128 };
	static const char *const name[5] = {
		"TIMER_CLOCK1 ticks against TIMER_CLOCK1",
		"TIMER_CLOCK2 ticks against TIMER_CLOCK1 * 2 / 8",
		"TIMER_CLOCK3 ticks against TIMER_CLOCK1 * 2 / 32",
		"TIMER_CLOCK4 ticks against TIMER_CLOCK1 * 2 / 128",
		"TIMER_CLOCK5 ticks against TIMER_CLOCK1 * SLCK / (MCK / 2)",
	};
	uint32_t c0, c1, want = 0;

	for (unsigned sel = 0; sel < 5; sel++) {
		TC(TCB0_BASE, 0, TC_CMR) = WAVE | sel;
		TC(TCB0_BASE, 1, TC_CMR) = WAVE | 0;
		TC(TCB0_BASE, 0, TC_CCR) = CLKEN;
		TC(TCB0_BASE, 1, TC_CCR) = CLKEN;
		REG(TCB0_BASE + TC_BCR) = SYNC;
		delay(500000);
		c0 = TC(TCB0_BASE, 0, TC_CV);
		c1 = TC(TCB0_BASE, 1, TC_CV);
		if (diff(c1, MCK2_PER_MS) > 6)
			fail("TIMER_CLOCK1 ticks in 1 ms", c1, MCK2_PER_MS);
		if (sel < 4)
			want = c1 * 2 / div[sel];
		else
			want = (uint32_t)((uint64_t)c1 * 32768u / (MCK_HZ / 2));
		if (diff(c0, want) > 1)
			fail(name[sel], c0, want);
		stop_all(TCB0_BASE);
	}
	return c1;
}

/* Poll channel 0 of block @b until AIC line @bit is pending, failing with
 * @what after 100000 polls; returns the largest of @maxcv and the counts
 * seen meanwhile. */
static uint32_t wait_irq(uint32_t b, unsigned bit, uint32_t maxcv, const char *what)
{
	uint32_t n, cv;

	for (n = 0; !pending(bit); n++) {
		cv = TC(b, 0, TC_CV);
		maxcv = cv > maxcv ? cv : maxcv;
		if (n > 100000)
			fail(what, n, 0);
	}
	return maxcv;
}

/* 2: RC compare with trigger on channel 0 of block @b; returns the period */
static uint32_t check_rc(uint32_t b, unsigned bit)
{
	const uint32_t rc = MCK2_PER_MS / 10;	/* 100 us */
	uint32_t sr, cv, r1, r2, maxcv = 0;

	stop_all(b);
	if (pending(bit))
		fail("IRQ pending before start", 1, 0);
	TC(b, 1, TC_CMR) = WAVE | 0;		/* reference: MCK/2, free */
	TC(b, 1, TC_CCR) = CLKEN | SWTRG;
	TC(b, 0, TC_CMR) = WAVE | UP_RC | 0;
	TC(b, 0, TC_RC) = rc;
	TC(b, 0, TC_IER) = CPCS;
	if (TC(b, 0, TC_IMR) != CPCS)
		fail("TC_IMR after IER=CPCS", TC(b, 0, TC_IMR), CPCS);
	TC(b, 0, TC_CCR) = CLKEN | SWTRG;
	maxcv = wait_irq(b, bit, maxcv, "no IRQ from RC compare, polls");
	r1 = TC(b, 1, TC_CV);
	cv = TC(b, 0, TC_CV);
	if (cv != rc && cv > 2)
		fail("CV at the IRQ (RC, then 0 from the next tick)", cv, rc);
	delay(100);				/* 200 ns, ~10 ticks */
	cv = TC(b, 0, TC_CV);
	if (cv == 0 || cv > 15)
		fail("CV 200 ns after RC compare (reset by the trigger)", cv, 10);
	sr = TC(b, 0, TC_SR);
	if ((sr & (CPCS | CLKSTA)) != (CPCS | CLKSTA))
		fail("TC_SR at the IRQ", sr, CPCS | CLKSTA);
	if (pending(bit))
		fail("IRQ still pending after TC_SR read", 1, 0);
	sr = TC(b, 0, TC_SR);
	if (sr & CPCS)
		fail("second TC_SR read (clear on read)", sr, sr & ~CPCS);
	maxcv = wait_irq(b, bit, maxcv, "no second IRQ, polls");
	r2 = TC(b, 1, TC_CV);
	(void)TC(b, 0, TC_SR);
	if (maxcv > rc)
		fail("CV above RC", maxcv, rc);
	if (diff(r2 - r1, rc + 1) > 2)
		fail("RC period in TIMER_CLOCK1 ticks", r2 - r1, rc + 1);
	stop_all(b);
	return r2 - r1;
}

/* 3: one-shot on SLCK with CPCSTOP, as Linux's tc_set_next_event() */
static void check_oneshot(void)
{
	uint32_t b = TCB1_BASE, cv, sr;

	TC(b, 2, TC_CMR) = WAVE | UP_RC | CPCSTOP | 4;
	TC(b, 2, TC_RC) = 33;				/* ~1 ms */
	TC(b, 2, TC_CCR) = CLKEN | SWTRG;
	delay(1000000);					/* 2 ms */
	cv = TC(b, 2, TC_CV);
	sr = TC(b, 2, TC_SR);
	if (cv != 33)
		fail("one-shot CV after RC compare with CPCSTOP", cv, 33);
	if ((sr & (CPCS | CLKSTA)) != (CPCS | CLKSTA))
		fail("one-shot TC_SR", sr, CPCS | CLKSTA);
	delay(100000);
	if (TC(b, 2, TC_CV) != 33)
		fail("one-shot CV later", TC(b, 2, TC_CV), 33);
	stop_all(b);
}

/* 4: CLKDIS holds the counter, CLKEN resumes it */
static void check_clkdis(void)
{
	uint32_t b = TCB0_BASE, a, h, c;

	TC(b, 0, TC_CMR) = WAVE | 1;			/* MCK/8 */
	TC(b, 0, TC_CCR) = CLKEN | SWTRG;
	delay(50000);
	TC(b, 0, TC_CCR) = CLKDIS;
	a = TC(b, 0, TC_CV);
	if (TC(b, 0, TC_SR) & CLKSTA)
		fail("CLKSTA after CLKDIS", 1, 0);
	delay(50000);
	h = TC(b, 0, TC_CV);
	if (h != a || a == 0)
		fail("CV after CLKDIS and 100 us", h, a);
	TC(b, 0, TC_CCR) = CLKEN;
	delay(50000);
	c = TC(b, 0, TC_CV);
	if (c <= h || diff(c - h, MCK2_PER_MS / 40) > 3)
		fail("CV 100 us after CLKEN, from the held value", c, h + MCK2_PER_MS / 40);
	stop_all(b);
}

/* 5: two chained channels as a 32-bit counter; returns the samples taken */
static uint32_t check_chain(void)
{
	uint32_t b = TCB0_BASE, hi, lo, ref, v, prev = 0, n;

	stop_all(b);
	TC(b, 0, TC_CMR) = 0 | WAVE | ASWTRG_SET | ACPA_SET | ACPC_CLEAR;
	TC(b, 0, TC_RA) = 0;
	TC(b, 0, TC_RC) = 0x8000;
	TC(b, 0, TC_CCR) = CLKEN;
	TC(b, 1, TC_CMR) = XC1 | WAVE;
	TC(b, 1, TC_CCR) = CLKEN;
	TC(b, 2, TC_CMR) = 0 | WAVE;
	TC(b, 2, TC_CCR) = CLKEN;
	REG(b + TC_BMR) = TC1XC1S_TIOA0;
	REG(b + TC_BCR) = SYNC;
	for (n = 0;; n++) {
		do {
			hi = TC(b, 1, TC_CV);
			lo = TC(b, 0, TC_CV);
		} while (hi != TC(b, 1, TC_CV));
		ref = TC(b, 2, TC_CV);
		v = hi << 16 | lo;
		if (n == 0 && hi != 0)
			fail("high half just after SYNC", hi, 0);
		if (v < prev)
			fail("32-bit count went back", v, prev);
		if (v - prev > 200)
			fail("32-bit count jumped", v - prev, 0);
		if (((ref - lo) & 0xffff) > 3)
			fail("low half against channel 2", lo, ref);
		prev = v;
		if (hi >= 4)
			break;
		if (n > 2000000)
			fail("high half after 2000000 samples", hi, 4);
	}
	stop_all(b);
	REG(b + TC_BMR) = 0;
	return n;
}

int main(void)
{
	uint32_t c1, p0, p3, n;

	if (PMC_PCER)	/* the TC peripheral clocks: IDs 17-19, 26-28 */
		REG(PMC_PCER) = 7u << 17 | 7u << 26;
	c1 = check_clocks();
	p0 = check_rc(TCB0_BASE, PEND_TC0);
	p3 = check_rc(TCB1_BASE, PEND_TC3);
	check_oneshot();
	check_clkdis();
	n = check_chain();
	len = 0;
	put("PROBE at91-tc: PASS (TIMER_CLOCK1 ticks in 1 ms ");
	putu(c1);
	put(", clocks 2-5 in ratio; RC period TC0 ");
	putu(p0);
	put(" TC3 ");
	putu(p3);
	put(", SR clear on read, IRQ level; one-shot stops; CLKDIS holds; "
	    "32-bit chain over 4 wraps in ");
	putu(n);
	put(" samples");
	finish(1);
	return 0;
}
