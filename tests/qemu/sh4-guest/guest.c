// SPDX-License-Identifier: MIT
/*
 * guest.c - a stand-in for Linux on r2d, to check the co-kernel's side of
 * the SH-4 hand-over without a kernel build (tests/qemu/test_sh4_handover.py):
 * it finds the guest page from cokernel.page= in the zero page's command
 * line, hands over its own exception table (linux_vbr) instead of writing
 * VBR, gives each window of the page (the IPC region) its P2 address as
 * Linux's driver does (linux-guest/drivers/cokernel/sh.c), takes a trapa and TMU0 interrupts through the co-kernel's VBR table,
 * attaches, unmasks its vIRQ 0 (TMU0, INTEVT 0x400) and then holds its
 * interrupts off at IMASK 14 for 20 ms at a time, as Linux's
 * local_irq_disable() does under the IMASK-14 ceiling, while the RT side
 * must go on; the co-kernel's soft line (TMU4) it serves as Linux does,
 * with next_pending(). Then it reads the latency app's records of those
 * seconds from the IPC region (latency.data). Everything it finds goes out
 * through console_write as "guest: " lines.
 */
#include <stdint.h>
#include "ck_guest.h"
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

#define ZERO_PAGE_CMDLINE ((const char *)0x8c010100u)  /* P1 of 0x0c010100 */
#define TMU_TSTR 0xffd80004u     /* 8 bit; bit 0 TMU0, bit 2 the co-kernel's TMU2 */
#define TMU_TCOR0 0xffd80008u
#define TMU_TCNT0 0xffd8000cu
#define TMU_TCR0 0xffd80010u
#define TMU0_TICKS_1MS 15000u    /* Pphi/4 = 15 MHz */
#define SPIN_20MS 10000000u      /* 2 instructions a round, 1 ns each under icount */
#define SPIN_1MS 500000u
#define ROUNDS 10
#define RECORD_WAIT_MS 3000u

extern char guest_vbr[];
volatile uint32_t guest_exc_last, guest_exc_count, guest_tlb_count;
volatile uint32_t guest_tmu0_count, guest_other_count, guest_intevt_last;
volatile uint32_t guest_soft_pending, guest_soft_count;

/* what GCC may call for struct copies (no libc here) */
void *memcpy(void *dst, const void *src, unsigned int n);
void *memset(void *dst, int c, unsigned int n);

__attribute__((optimize("no-tree-loop-distribute-patterns")))
void *memcpy(void *dst, const void *src, unsigned int n)
{
	char *d = dst;
	const char *c = src;

	while (n--)
		*d++ = *c++;
	return dst;
}

__attribute__((optimize("no-tree-loop-distribute-patterns")))
void *memset(void *dst, int c, unsigned int n)
{
	char *d = dst;

	while (n--)
		*d++ = (char)c;
	return dst;
}

static struct ck_guest_page *page;

void guest_main(void);

static uint32_t len_of(const char *s)
{
	uint32_t n = 0;

	while (s[n])
		n++;
	return n;
}

static void put(const char *s)
{
	page->console_write(s, len_of(s));
}

static char *hex(char *d, uint32_t v)
{
	int i;

	*d++ = '0';
	*d++ = 'x';
	for (i = 28; i >= 0; i -= 4)
		*d++ = "0123456789abcdef"[(v >> i) & 0xfu];
	return d;
}

static char *dec(char *d, uint32_t v)
{
	char t[10];
	int n = 0;

	do {
		t[n++] = (char)('0' + v % 10u);
		v /= 10u;
	} while (v);
	while (n)
		*d++ = t[--n];
	return d;
}

static char *str(char *d, const char *s)
{
	while (*s)
		*d++ = *s++;
	return d;
}

static void line_end(char *buf, char *d)
{
	*d++ = '\n';
	*d = 0;
	put(buf);
}

static void set_imask(uint32_t level)
{
	uint32_t sr;

	__asm__ volatile("stc sr, %0" : "=r"(sr));
	sr = (sr & ~0x100000f0u) | (level << 4);        /* BL off too */
	__asm__ volatile("ldc %0, sr" : : "r"(sr) : "memory", "t");
}

static void spin(uint32_t rounds)
{
	__asm__ volatile("1: dt %0\n\tbf 1b" : "+r"(rounds) : : "t");
}

/* Serve the soft line as Linux's handler does (its handler left IMASK 14),
 * then interrupts on again. */
static void soft_drain(void)
{
	if (!guest_soft_pending)
		return;
	while (page->next_pending() >= 0)
		;
	guest_soft_pending = 0;
	set_imask(0);
}

/* @ms of interrupts on, serving the soft line every ms. */
static void run_on(uint32_t ms)
{
	set_imask(0);
	while (ms--) {
		spin(SPIN_1MS);
		soft_drain();
	}
}

/* The latency app's records so far, one line each; returns how many. */
static uint32_t rt_records(void *shm, struct ck_ipc_chan *ch)
{
	struct ck_lat_rec rec;
	char buf[160], *d;
	uint32_t n = 0;

	while (ck_ipc_recv(shm, ch, &rec, sizeof(rec)) == (int)sizeof(rec)) {
		d = str(buf, "guest: RT second ");
		d = dec(d, rec.seq);
		d = str(d, ": samples ");
		d = dec(d, rec.samples);
		d = str(d, ", max ");
		d = dec(d, (uint32_t)rec.max_ns);
		d = str(d, " ns, overruns ");
		d = dec(d, rec.overruns);
		line_end(buf, d);
		n++;
	}
	return n;
}

/* The address after cokernel.page=0x, or 0. */
static uint32_t page_pa(const char *cl)
{
	static const char key[] = "cokernel.page=0x";
	uint32_t i, k, v;

	for (i = 0; cl[i] && i < 256; i++) {
		for (k = 0; key[k] && cl[i + k] == key[k]; k++)
			;
		if (key[k])
			continue;
		v = 0;
		for (i += k; (cl[i] >= '0' && cl[i] <= '9') || (cl[i] >= 'a' && cl[i] <= 'f'); i++)
			v = v * 16u + (uint32_t)(cl[i] <= '9' ? cl[i] - '0' : cl[i] - 'a' + 10);
		return v;
	}
	return 0;
}

void guest_main(void)
{
	char buf[160], *d;
	uint32_t pa = page_pa(ZERO_PAGE_CMDLINE), r, before;
	void *shm = (void *)(uintptr_t)(SHM_PA | 0xa0000000u);   /* P2: uncached */
	struct ck_ipc_chan lat;
	int lat_ok;
	ck_s32 rc;

	if (!pa)
		for (;;)
			;
	page = (struct ck_guest_page *)(uintptr_t)(pa | 0x80000000u);
	if (page->magic != CK_GUEST_MAGIC || page->abi != CK_GUEST_ABI)
		for (;;)
			;
	page->linux_vbr = (ck_u32)(uintptr_t)guest_vbr;
	for (r = 0; r < page->nr_mmio && r < CK_GUEST_MAX_MMIO; r++)
		page->mmio[r].va = page->mmio[r].phys | 0xa0000000u;  /* P2, as Linux */
	set_imask(14);                  /* BL off, Linux's "disabled" */
	__asm__ volatile("trapa #0x20" : : : "memory");
	rc = page->attach();
	d = str(buf, "guest: attach ");
	d = dec(d, (uint32_t)rc);
	d = str(d, ", trapa to its table: ");
	d = dec(d, guest_exc_count);
	d = str(d, " EXPEVT ");
	d = hex(d, guest_exc_last);
	d = str(d, ", virq_hw[0] ");
	d = hex(d, page->virq_hw[0]);
	line_end(buf, d);
	d = str(buf, "guest: command line: ");
	d = str(d, ZERO_PAGE_CMDLINE);
	line_end(buf, d);

	lat_ok = !ck_ipc_open(shm, SHM_SIZE, CK_LAT_DATA, CK_IPC_SIDE_LINUX, &lat);
	if (lat_ok)
		(void)rt_records(shm, &lat);     /* the seconds before the rounds */
	else
		put("guest: no latency.data channel\n");
	soft_drain();
	page->unmask(0);
	*(volatile uint8_t *)TMU_TSTR &= (uint8_t)~1u;
	*(volatile uint32_t *)TMU_TCOR0 = TMU0_TICKS_1MS;
	*(volatile uint32_t *)TMU_TCNT0 = TMU0_TICKS_1MS;
	*(volatile uint16_t *)TMU_TCR0 = 0x20;
	*(volatile uint8_t *)TMU_TSTR |= 1u;
	for (r = 0; r < ROUNDS; r++) {
		set_imask(14);
		before = guest_tmu0_count;
		spin(SPIN_20MS);
		d = str(buf, "guest: round ");
		d = dec(d, r);
		d = str(d, ": TMU0 interrupts while off ");
		d = dec(d, guest_tmu0_count - before);
		run_on(20);
		d = str(d, ", total ");
		d = dec(d, guest_tmu0_count);
		line_end(buf, d);
	}
	/* the latency app's records: two more after the rounds cover the
	 * second they ran in and the next */
	if (lat_ok) {
		uint32_t got = 0, ms = 0;

		while (ms < RECORD_WAIT_MS && got < 2) {
			run_on(10);
			ms += 10;
			got += rt_records(shm, &lat);
		}
		d = str(buf, "guest: RT records after the rounds ");
		d = dec(d, got);
		line_end(buf, d);
	}
	d = str(buf, "guest: done: TMU0 ");
	d = dec(d, guest_tmu0_count);
	d = str(d, ", soft line ");
	d = dec(d, guest_soft_count ? 1u : 0u);
	d = str(d, ", other interrupts ");
	d = dec(d, guest_other_count);
	d = str(d, ", TLB misses ");
	d = dec(d, guest_tlb_count);
	d = str(d, ", exceptions ");
	d = dec(d, guest_exc_count);
	line_end(buf, d);
	for (;;)
		__asm__ volatile("sleep");
}
