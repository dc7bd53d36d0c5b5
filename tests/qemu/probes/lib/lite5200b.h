/* SPDX-License-Identifier: MIT */
/*
 * lite5200b.h - helpers of the lite5200b probes written in C (built by
 * lite5200b-c.mk, entered through lite5200b-start.S; the assembly probes
 * use lite5200b.S): MBAR register access, output on PSC1, the time base,
 * the verdict line and the end of the run through the GPT0 watchdog (the
 * sequence of Linux's mpc52xx_restart()), so QEMU exits under -no-reboot.
 * A probe defines main(), calls console_init() and probe_vectors_init(),
 * check() for each expectation, then probe_end().
 */
#ifndef LITE5200B_PROBE_H
#define LITE5200B_PROBE_H

#include <stdint.h>

#define MBAR		0xf0000000u
#define CDM_BASE	(MBAR + 0x200)
#define ICTL_BASE	(MBAR + 0x500)
#define GPT_BASE(n)	(MBAR + 0x600 + 0x10 * (n))
#define GPIO_BASE	(MBAR + 0xb00)
#define GPIO_WKUP_BASE	(MBAR + 0xc00)
#define SDMA_BASE	(MBAR + 0x1200)
#define XLB_BASE	(MBAR + 0x1f00)
#define PSC_BASE(n)	(MBAR + 0x2000 + 0x200 * ((n) - 1))

/* GPT registers (Linux asm/mpc52xx.h struct mpc52xx_gpt) */
#define GPT_MODE	0x00
#define GPT_COUNT	0x04
#define GPT_PWM		0x08
#define GPT_STATUS	0x0c

/* PSC registers (Linux asm/mpc52xx_psc.h) */
#define PSC_MR		0x00
#define PSC_SR		0x04	/* read: SR, write: CSR (16 bits) */
#define PSC_CR		0x08
#define PSC_RB		0x0c	/* read: RB, write: TB */
#define PSC_IPCR	0x10	/* read: IPCR, write: ACR */
#define PSC_ISR		0x14	/* read: ISR, write: IMR (16 bits) */
#define PSC_CTUR	0x18
#define PSC_CTLR	0x1c
#define PSC_SICR	0x40
#define PSC_RFNUM	0x58
#define PSC_TFNUM	0x5c
#define PSC_RFSTAT	0x64
#define PSC_RFCNTL	0x68
#define PSC_RFALARM	0x6e
#define PSC_TFSTAT	0x84
#define PSC_TFCNTL	0x88
#define PSC_TFALARM	0x8e

#define PSC_SR_RXRDY	0x0100u
#define PSC_SR_TXRDY	0x0400u
#define PSC_SR_TXEMP	0x0800u
#define PSC_CR_RX_EN	0x01u
#define PSC_CR_TX_EN	0x04u
#define PSC_CR_TX_DIS	0x08u
#define PSC_CR_SEL_MR1	0x10u
#define PSC_CR_RST_RX	0x20u
#define PSC_CR_RST_TX	0x30u
#define PSC_ISR_TXRDY	0x0100u
#define PSC_ISR_RXRDY	0x0200u
#define PSC_ISR_TXEMP	0x0800u

/* the time base runs at XLB / 4 = 33 MHz on this board */
#define TB_HZ		33000000u

static inline uint32_t rd32(uint32_t a)
{
	uint32_t v = *(volatile uint32_t *)a;

	__asm__ volatile("sync" ::: "memory");
	return v;
}

static inline uint16_t rd16(uint32_t a)
{
	uint16_t v = *(volatile uint16_t *)a;

	__asm__ volatile("sync" ::: "memory");
	return v;
}

static inline uint8_t rd8(uint32_t a)
{
	uint8_t v = *(volatile uint8_t *)a;

	__asm__ volatile("sync" ::: "memory");
	return v;
}

static inline void wr32(uint32_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
	__asm__ volatile("sync" ::: "memory");
}

static inline void wr16(uint32_t a, uint16_t v)
{
	*(volatile uint16_t *)a = v;
	__asm__ volatile("sync" ::: "memory");
}

static inline void wr8(uint32_t a, uint8_t v)
{
	*(volatile uint8_t *)a = v;
	__asm__ volatile("sync" ::: "memory");
}

static inline uint32_t tb_now(void)
{
	uint32_t v;

	__asm__ volatile("mftb %0" : "=r"(v));
	return v;
}

static inline void tb_delay(uint32_t ticks)
{
	uint32_t t0 = tb_now();

	while (tb_now() - t0 < ticks)
		;
}

/*
 * PSC1 as Linux's mpc52xx_uart sets a port up: reset RX and TX, UART mode,
 * 8N1, the /32 prescaler and 115200 baud at IPB 132 MHz, TX and RX on.
 */
static inline void console_init(void)
{
	uint32_t p = PSC_BASE(1);

	wr8(p + PSC_CR, PSC_CR_RST_RX);
	wr8(p + PSC_CR, PSC_CR_RST_TX);
	wr32(p + PSC_SICR, 0);
	wr8(p + PSC_CR, PSC_CR_SEL_MR1);
	wr8(p + PSC_MR, 0x13);
	wr8(p + PSC_MR, 0x07);
	wr16(p + PSC_SR, 0xdd00);
	wr8(p + PSC_CTUR, 0);
	wr8(p + PSC_CTLR, 36);
	wr8(p + PSC_CR, PSC_CR_TX_EN);
	wr8(p + PSC_CR, PSC_CR_RX_EN);
}

static inline void putc_psc(char c)
{
	uint32_t t0 = tb_now();

	while (!(rd16(PSC_BASE(1) + PSC_SR) & PSC_SR_TXRDY))
		if (tb_now() - t0 > TB_HZ)
			return;
	wr8(PSC_BASE(1) + PSC_RB, (uint8_t)c);
}

static inline void puts_psc(const char *s)
{
	while (*s)
		putc_psc(*s++);
}

static inline void puthex(uint32_t v)
{
	int i;

	puts_psc("0x");
	for (i = 28; i >= 0; i -= 4)
		putc_psc("0123456789abcdef"[(v >> i) & 0xf]);
}

static inline void putdec(uint32_t v)
{
	char b[11];
	int i = 10;

	b[i] = 0;
	do {
		b[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	puts_psc(&b[i]);
}

static int probe_failures;
static const char *probe_first_failure;
static uint32_t probe_first_got, probe_first_want;

/* expect got == want; the first mismatch is the FAIL line's reason */
static inline void check(const char *what, uint32_t got, uint32_t want)
{
	if (got == want)
		return;
	if (!probe_failures++) {
		probe_first_failure = what;
		probe_first_got = got;
		probe_first_want = want;
	}
}

/* expect lo <= got <= hi */
static inline void check_range(const char *what, uint32_t got, uint32_t lo,
			       uint32_t hi)
{
	check(what, got, got < lo ? lo : got > hi ? hi : got);
}

/*
 * Reset the board the way Linux's mpc52xx_restart() does (GPT0 watchdog:
 * mode 0, count 0xff, mode 0x9004); QEMU exits under -no-reboot. If the
 * watchdog does not bite within a second, say so and spin.
 */
static inline void __attribute__((noreturn)) probe_reset(void)
{
	wr32(GPT_BASE(0) + GPT_MODE, 0);
	wr32(GPT_BASE(0) + GPT_COUNT, 0xff);
	wr32(GPT_BASE(0) + GPT_MODE, 0x9004);
	tb_delay(TB_HZ);
	puts_psc("PROBE: the GPT0 watchdog did not reset the board\n");
	for (;;)
		;
}

/* "PROBE <name>: PASS (<details>)" or "... FAIL (<first failure>)" */
static inline void __attribute__((noreturn)) probe_end(const char *name,
						       const char *details)
{
	puts_psc("PROBE ");
	puts_psc(name);
	if (!probe_failures) {
		puts_psc(": PASS");
		if (details) {
			puts_psc(" (");
			puts_psc(details);
			puts_psc(")");
		}
	} else {
		puts_psc(": FAIL (");
		puts_psc(probe_first_failure);
		puts_psc(": got ");
		puthex(probe_first_got);
		puts_psc(", want ");
		puthex(probe_first_want);
		puts_psc("; ");
		putdec(probe_failures);
		puts_psc(" failed checks)");
	}
	puts_psc("\n");
	while (!(rd16(PSC_BASE(1) + PSC_SR) & PSC_SR_TXEMP))
		;
	probe_reset();
}

void exc_entry(void);
void __attribute__((noreturn)) probe_exception(uint32_t vec, uint32_t srr0);
void __attribute__((noreturn)) probe_exception(uint32_t vec, uint32_t srr0)
{
	puts_psc("PROBE: unexpected exception ");
	puthex(vec);
	puts_psc(" at ");
	puthex(srr0);
	puts_psc("\n");
	probe_reset();
}

/* at 0x100 .. 0x1f00: "li r3, <vector>; ba exc_entry" */
static inline void probe_vectors_init(void)
{
	uint32_t v;

	for (v = 0x100; v < 0x2000; v += 0x100) {
		volatile uint32_t *w = (volatile uint32_t *)v;

		w[0] = 0x38600000u | v;
		w[1] = 0x48000002u | ((uint32_t)exc_entry & 0x03fffffcu);
		__asm__ volatile("dcbst 0,%0; sync; icbi 0,%0; isync"
				 :: "r"(w) : "memory");
	}
}

int main(void);

#endif
