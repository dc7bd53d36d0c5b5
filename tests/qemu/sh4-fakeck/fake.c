// SPDX-License-Identifier: MIT
/*
 * fake.c - the guest page of the stand-in co-kernel (start.S): Linux's
 * side of the SH-4 hand-over under test, with ops that do the least that
 * lets Linux run: the INTC priority of Linux's TMU0/TMU1 lines set and
 * cleared on unmask/mask (IPRA, SH7751 hardware manual §19.3.1), console
 * output written to the SCIF's transmit register (SCFTDR2, §16.2.5), one
 * window (an IPC region at PA 0x0fb00000), and the soft line: TMU4 started
 * with TCNT4 = 1 (an underflow one tick later, §12; INTC level 2 in
 * INTPRI00) at attach, while Linux still has its interrupts off, and when
 * Linux prints "INIT-MARKER: hello", each time with the console's soft
 * vIRQ pending; next_pending() hands that out once, stops TMU4 and clears
 * its UNF. When Linux prints "INIT-MARKER: done" it adds a line
 * with what it forwarded: "FAKECK: vbr <VBR> linux_vbr <addr> forwarded
 * irq <n> exc <n> tlb <n> rt <n> maxlat <ticks> maxgap <ticks> soft <raised>
 * <served>" (the RT side's figures since Linux printed "INIT-MARKER:
 * hello").
 */
#include "ck_guest.h"

#define IPRA ((volatile unsigned short *)0xffd00004)
#define TSTR ((volatile unsigned char *)0xffd80004)
#define TCOR2 ((volatile unsigned int *)0xffd80020)
#define TCNT2 ((volatile unsigned int *)0xffd80024)
#define TCR2 ((volatile unsigned short *)0xffd80028)
#define TSTR2 ((volatile unsigned char *)0xfe100004)
#define TCOR4 ((volatile unsigned int *)0xfe100014)
#define TCNT4 ((volatile unsigned int *)0xfe100018)
#define TCR4 ((volatile unsigned short *)0xfe10001c)
#define INTPRI00 ((volatile unsigned int *)0xfe080000)
#define INTMSKCLR00 ((volatile unsigned int *)0xfe080060)
#define SCFTDR2 ((volatile unsigned char *)0xffe8000c)
#define LINUX_ENTRY 0x8c011000u

struct ck_guest_page fake_page __attribute__((aligned(8)));
volatile unsigned int fake_fwd_irq, fake_fwd_exc, fake_fwd_tlb;
/* the RT side (start.S, FAKE_RT): its counters, and k2/k3 while it runs */
volatile unsigned int fake_rt_count, fake_rt_maxlat, fake_rt_maxgap, fake_rt_prev;
unsigned int fake_rt_save[2];
/* the soft line: a console soft vIRQ pending, how often raised and served */
static volatile unsigned int fake_soft_pending, fake_soft_raised, fake_soft_served;
unsigned int fake_stack[1024];

/* vIRQ 0: TMU0 (IPRA 15-12), 1: TMU1 (IPRA 11-8); the soft line (TMU4)
 * is never raised */
static const unsigned int ipra_shift[2] = { 12, 8 };

static void fake_putc(char c)
{
	*SCFTDR2 = c;
}

static void fake_puts(const char *s)
{
	while (*s)
		fake_putc(*s++);
}

static void fake_puthex(unsigned int v)
{
	int i;

	for (i = 28; i >= 0; i -= 4)
		fake_putc("0123456789abcdef"[(v >> i) & 15]);
}

static void fake_putdec(unsigned int v)
{
	char b[12];
	int n = 0;

	do
		b[n++] = '0' + v % 10;
	while (v /= 10);
	while (n)
		fake_putc(b[--n]);
}

static void fake_set_prio(unsigned int virq, unsigned int prio)
{
	unsigned short v;

	if (virq >= 2)
		return;
	/* QEMU: a field goes through 0 before a new non-zero value */
	v = *IPRA & ~(0xf << ipra_shift[virq]);
	*IPRA = v;
	*IPRA = v | prio << ipra_shift[virq];
}

static void fake_soft_raise(void)
{
	fake_soft_pending = 1;
	fake_soft_raised++;
	*TCNT4 = 1;
	*TSTR2 |= 2;
}

static ck_s32 fake_attach(void)
{
	fake_soft_raise();	/* taken once Linux enables its interrupts */
	return 0;
}

static void fake_mask(ck_u32 virq)
{
	fake_set_prio(virq, 0);
}

static void fake_unmask(ck_u32 virq)
{
	fake_set_prio(virq, 2);
}

static void fake_eoi(ck_u32 virq)
{
}

static ck_s32 fake_set_type(ck_u32 virq, ck_u32 type)
{
	return type == CK_VIRQ_TYPE_LEVEL_HIGH || virq >= fake_page.virq_soft_base ? 0 : -22;
}

static ck_s32 fake_next_pending(void)
{
	if (!fake_soft_pending)
		return -1;
	fake_soft_pending = 0;
	fake_soft_served++;
	*TSTR2 &= ~2;
	*TCR4 = 0x20;		/* UNIE, UNF cleared */
	return fake_page.virq_soft_base + CK_VIRQ_SOFT_CONSOLE;
}

static const char fake_done[] = "INIT-MARKER: done";
static const char fake_hello[] = "INIT-MARKER: hello";
/* the column in Linux's output line; whether the line so far is each one */
static unsigned int fake_col;
static int fake_is_done = 1, fake_is_hello = 1;

static void fake_summary(void)
{
	unsigned int vbr;

	__asm__ volatile("stc vbr, %0" : "=r"(vbr));
	fake_puts("FAKECK: vbr ");
	fake_puthex(vbr);
	fake_puts(" linux_vbr ");
	fake_puthex(fake_page.linux_vbr);
	fake_puts(" forwarded irq ");
	fake_putdec(fake_fwd_irq);
	fake_puts(" exc ");
	fake_putdec(fake_fwd_exc);
	fake_puts(" tlb ");
	fake_putdec(fake_fwd_tlb);
	fake_puts(" rt ");
	fake_putdec(fake_rt_count);
	fake_puts(" maxlat ");
	fake_putdec(fake_rt_maxlat);
	fake_puts(" maxgap ");
	fake_putdec(fake_rt_maxgap);
	fake_puts(" soft ");
	fake_putdec(fake_soft_raised);
	fake_putc(' ');
	fake_putdec(fake_soft_served);
	fake_puts("\r\n");
}

static ck_s32 fake_console_write(const char *buf, ck_u32 len)
{
	ck_u32 i;

	for (i = 0; i < len; i++) {
		char c = buf[i];

		fake_putc(c);
		if (c == '\r')
			continue;
		if (c == '\n') {
			if (fake_is_done && fake_col >= sizeof(fake_done) - 1)
				fake_summary();
			fake_col = 0;
			fake_is_done = fake_is_hello = 1;
			continue;
		}
		if (fake_col < sizeof(fake_done) - 1 && c != fake_done[fake_col])
			fake_is_done = 0;
		if (fake_col < sizeof(fake_hello) - 1 && c != fake_hello[fake_col])
			fake_is_hello = 0;
		/* userspace runs, and Linux's TMU1 clocksource: count from here */
		if (fake_is_hello && fake_col == sizeof(fake_hello) - 2) {
			fake_rt_count = fake_rt_maxlat = fake_rt_maxgap = 0;
			fake_soft_raise();
		}
		fake_col++;
	}
	return len;
}

static ck_s32 fake_console_read(char *buf, ck_u32 len)
{
	return 0;
}

static ck_s32 fake_notify(ck_u32 chan)
{
	return -38;
}

static void fake_rt_entry(void)
{
}

unsigned int fake_main(void)
{
	struct ck_guest_page *p = &fake_page;

	p->magic = CK_GUEST_MAGIC;
	p->abi = CK_GUEST_ABI;
	p->size = sizeof(*p);
	p->rt_entry = (ck_u32)fake_rt_entry;
	p->virq_soft_base = 2;
	p->nr_virq = 2 + CK_VIRQ_SOFT_NR;
	p->virq_hw[0] = 0x400;
	p->virq_hw[1] = 0x420;
	p->nr_mmio = 1;			/* the IPC region, 1 MiB below */
	p->mmio[0].phys = 0x0fb00000;
	p->mmio[0].size = 0x00100000;
	p->mmio[0].flags = CK_MMIO_SHM;
	p->attach = fake_attach;
	p->mask = fake_mask;
	p->unmask = fake_unmask;
	p->eoi = fake_eoi;
	p->set_type = fake_set_type;
	p->next_pending = fake_next_pending;
	p->console_write = fake_console_write;
	p->console_read = fake_console_read;
	p->notify = fake_notify;
	*IPRA = 0;
	*TCOR4 = 0xffffffff;		/* QEMU resets it to 0xdeadbeef */
	*TCR4 = 0x20;			/* UNIE */
	*INTPRI00 = 2 << 12;		/* TMU4 at level 2 */
	*INTMSKCLR00 = 0x200;		/* TMU4 unmasked */
#ifdef FAKE_RT
	*TCOR2 = FAKE_RT_PERIOD - 1;
	*TCNT2 = FAKE_RT_PERIOD - 1;
	*TCR2 = 0x20;			/* UNIE */
	*IPRA = 0xf << 4;		/* TMU2 at level 15 */
	*TSTR |= 4;
#endif
	fake_puts("FAKECK: page ");
	fake_puthex((ck_u32)p & 0x1fffffff);
	fake_puts("\r\n");
	return LINUX_ENTRY;
}
