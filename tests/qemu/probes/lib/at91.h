/* SPDX-License-Identifier: MIT */
/*
 * at91.h - helpers of the at91sam9260ek probes: register access, output
 * on the DBGU, the verdict line, the end of the run through the SHDWC.
 * A probe defines main(), irq_handler() and fiq_handler() and calls
 * check() for each expectation, then probe_end().
 */
#ifndef AT91_PROBE_H
#define AT91_PROBE_H

#include <stdint.h>

#define AIC_BASE	0xfffff000u
#define DBGU_BASE	0xfffff200u
#define PIOA_BASE	0xfffff400u
#define PMC_BASE	0xfffffc00u
#define RSTC_BASE	0xfffffd00u
#define SHDWC_BASE	0xfffffd10u
#define RTT_BASE	0xfffffd20u
#define PIT_BASE	0xfffffd30u
#define US0_BASE	0xfffb0000u

#define AIC_SMR(n)	(AIC_BASE + 4 * (n))
#define AIC_SVR(n)	(AIC_BASE + 0x80 + 4 * (n))
#define AIC_IVR		(AIC_BASE + 0x100)
#define AIC_FVR		(AIC_BASE + 0x104)
#define AIC_ISR		(AIC_BASE + 0x108)
#define AIC_IPR		(AIC_BASE + 0x10c)
#define AIC_IMR		(AIC_BASE + 0x110)
#define AIC_CISR	(AIC_BASE + 0x114)
#define AIC_IECR	(AIC_BASE + 0x120)
#define AIC_IDCR	(AIC_BASE + 0x124)
#define AIC_ICCR	(AIC_BASE + 0x128)
#define AIC_ISCR	(AIC_BASE + 0x12c)
#define AIC_EOICR	(AIC_BASE + 0x130)
#define AIC_SPU		(AIC_BASE + 0x134)
#define AIC_DCR		(AIC_BASE + 0x138)
#define AIC_FFER	(AIC_BASE + 0x140)
#define AIC_FFDR	(AIC_BASE + 0x144)
#define AIC_FFSR	(AIC_BASE + 0x148)
#define AIC_EDGE	(1u << 5)	/* SMR SRCTYPE: edge (internal sources) */
#define CISR_NFIQ	1u
#define CISR_NIRQ	2u

static inline uint32_t rd(uint32_t a)
{
	return *(volatile uint32_t *)a;
}

static inline void wr(uint32_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
}

static inline void irq_fiq_enable(void)
{
	__asm__ volatile("mrs r0, cpsr\n bic r0, r0, #0xc0\n msr cpsr_c, r0"
			 ::: "r0", "memory");
}

static inline void irq_fiq_disable(void)
{
	__asm__ volatile("mrs r0, cpsr\n orr r0, r0, #0xc0\n msr cpsr_c, r0"
			 ::: "r0", "memory");
}

static inline void putc_dbgu(char c)
{
	while (!(rd(DBGU_BASE + 0x14) & 2u))
		;
	wr(DBGU_BASE + 0x1c, (uint8_t)c);
}

static inline void puts_dbgu(const char *s)
{
	while (*s)
		putc_dbgu(*s++);
}

static inline void puthex(uint32_t v)
{
	int i;

	puts_dbgu("0x");
	for (i = 28; i >= 0; i -= 4)
		putc_dbgu("0123456789abcdef"[(v >> i) & 0xf]);
}

/* @v in decimal, in @b (11 bytes: 10 digits and the NUL); returns where
 * its first digit is */
static inline const char *fmtdec(uint32_t v, char b[11])
{
	int i = 10;

	b[i] = 0;
	do {
		b[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	return &b[i];
}

static inline void putdec(uint32_t v)
{
	char b[11];

	puts_dbgu(fmtdec(v, b));
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

/* power off: SHDWC_CR, key 0xA5 and SHDW; QEMU exits */
static inline void __attribute__((noreturn)) probe_poweroff(void)
{
	wr(SHDWC_BASE, 0xa5000001u);
	for (;;)
		;
}

/* "PROBE <name>: PASS (<details>)" or "... FAIL (<first failure>)" */
static inline void __attribute__((noreturn)) probe_end(const char *name,
						       const char *details)
{
	puts_dbgu("PROBE ");
	puts_dbgu(name);
	if (!probe_failures) {
		puts_dbgu(": PASS");
		if (details) {
			puts_dbgu(" (");
			puts_dbgu(details);
			puts_dbgu(")");
		}
	} else {
		puts_dbgu(": FAIL (");
		puts_dbgu(probe_first_failure);
		puts_dbgu(": got ");
		puthex(probe_first_got);
		puts_dbgu(", want ");
		puthex(probe_first_want);
		puts_dbgu("; ");
		putdec(probe_failures);
		puts_dbgu(" failed checks)");
	}
	puts_dbgu("\n");
	probe_poweroff();
}

void __attribute__((noreturn)) probe_exception(uint32_t num, uint32_t lr);
void __attribute__((noreturn)) probe_exception(uint32_t num, uint32_t lr)
{
	static const char *const names[] = {
		"reset", "undefined", "swi", "prefetch abort", "data abort",
		"reserved"
	};

	puts_dbgu("PROBE: unexpected exception ");
	puts_dbgu(names[num]);
	puts_dbgu(" at lr ");
	puthex(lr);
	puts_dbgu("\n");
	probe_poweroff();
}

int main(void);
void irq_handler(void);
void fiq_handler(void);

#endif
