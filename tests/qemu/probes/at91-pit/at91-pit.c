/* SPDX-License-Identifier: MIT */
/*
 * at91-pit: the AT91SAM9260 PIT as Linux's timer-atmel-pit and the
 * co-kernel use it.
 * - reset: MR = 0x000fffff, counter stopped at 0;
 * - PIIR reads CPIV/PICNT without clearing, PIVR reads and clears PITS and
 *   PICNT; PICNT counts every wrap;
 * - PITS with PITIEN raises AIC source 1 (SYS), the PIVR read lowers it;
 * - the rate is MCK/16 (99.328 MHz / 16), measured against the RTT on the
 *   32768 Hz slow clock (RTPRES 4: 8192 Hz);
 * - with PITEN cleared the counter runs on to PIV, then reads 0 (Linux's
 *   pit reset waits for that).
 */
#include "at91.h"

#define PIT_MR		(PIT_BASE + 0x00)
#define PIT_SR		(PIT_BASE + 0x04)
#define PIT_PIVR	(PIT_BASE + 0x08)
#define PIT_PIIR	(PIT_BASE + 0x0c)
#define PITEN		(1u << 24)
#define PITIEN		(1u << 25)
#define RTT_MR		(RTT_BASE + 0x00)
#define RTT_VR		(RTT_BASE + 0x08)
#define RTTRST		(1u << 18)

/* 1 ms at MCK/16 */
#define PIV_1MS		(99328000u / 16u / 1000u - 1u)

void irq_handler(void)
{
}

void fiq_handler(void)
{
}

/* busy for about n loop turns (a volatile counter: not optimised away) */
static void spin(uint32_t n)
{
	volatile uint32_t i;

	for (i = 0; i < n; i++)
		;
}

static uint32_t rtt_wait_change(void)
{
	uint32_t v = rd(RTT_VR), w;

	while ((w = rd(RTT_VR)) == v)
		;
	return w;
}

static char details[64];

static void details_add(const char *s)
{
	static int len;

	while (*s && len < (int)sizeof(details) - 1)
		details[len++] = *s++;
}

static void details_dec(uint32_t v)
{
	char b[11];

	details_add(fmtdec(v, b));
}

int main(void)
{
	uint32_t a, b, v, n, t0, t1, c0, ticks;

	check("MR at reset", rd(PIT_MR), 0x000fffffu);
	check("PIIR while stopped", rd(PIT_PIIR), 0);
	check("SR at reset", rd(PIT_SR), 0);

	wr(PIT_MR, PITEN | 999);
	a = rd(PIT_PIIR) & 0xfffffu;
	spin(100);
	b = rd(PIT_PIIR) & 0xfffffu;
	check("CPIV counts", b != a, 1);
	for (n = 0; n < 10000000 && !(rd(PIT_SR) & 1u); n++)
		;
	check("PITS after PIV", rd(PIT_SR), 1);
	check("no SYS interrupt without PITIEN", rd(AIC_IPR) & 2u, 0);
	v = rd(PIT_PIIR);
	check("PIIR: PICNT >= 1", v >> 20 >= 1, 1);
	check("PIIR does not clear PITS", rd(PIT_SR), 1);
	v = rd(PIT_PIVR);
	check("PIVR: PICNT >= 1", v >> 20 >= 1, 1);
	check("PIVR clears PITS", rd(PIT_SR), 0);
	check("PIVR clears PICNT", rd(PIT_PIIR) >> 20 <= 1, 1);

	/* the interrupt on the SYS line */
	wr(PIT_MR, PITEN | PITIEN | 999);
	for (n = 0; n < 10000000 && !(rd(AIC_IPR) & 2u); n++)
		;
	check("SYS pending with PITS and PITIEN", rd(AIC_IPR) & 2u, 2u);
	(void)rd(PIT_PIVR);
	check("SYS quiet after PIVR", rd(AIC_IPR) & 2u, 0);

	/* rate: MCK/16 against the slow clock */
	wr(PIT_MR, PITEN | PIV_1MS);
	wr(RTT_MR, RTTRST | 4);
	t0 = rtt_wait_change();
	c0 = rd(PIT_PIVR) & 0xfffffu;
	do {
		t1 = rd(RTT_VR);
	} while (t1 - t0 < 82);
	v = rd(PIT_PIVR);
	ticks = (v >> 20) * (PIV_1MS + 1) + (v & 0xfffffu) - c0;
	/* 82 / 8192 s at 6.208 MHz = 62141 ticks; allow 1% */
	check("PIT ticks in 82 RTT ticks at 8192 Hz (1%)",
	      ticks > 61520 && ticks < 62762, 1);
	details_add("PIT ticks per 82/8192 s: ");
	details_dec(ticks);
	details_add(" (expected 62141)");

	/* PITEN cleared: runs on to PIV, then stops at 0 */
	wr(PIT_MR, 0);
	for (n = 0; n < 10000000 && (rd(PIT_PIIR) & 0xfffffu); n++)
		;
	check("CPIV reaches 0 after PITEN is cleared",
	      rd(PIT_PIIR) & 0xfffffu, 0);
	spin(100000);
	check("and stays there", rd(PIT_PIIR) & 0xfffffu, 0);

	probe_end("at91-pit", details);
}
