// SPDX-License-Identifier: MIT
/*
 * guest.c - the Linux guest seen from the co-kernel: the guest page
 * (ipc/ck_guest.h), the hand-over (attach), the vPIC ops Linux calls, and
 * soft vIRQs raised from the RT side.
 *
 * Every op runs in Linux context and may be interrupted by the RT class at
 * any instruction, so the state it shares with RT (soft pending/enable
 * bits, the doorbell) is only touched with the RT class masked, for a few
 * instructions. Cost notes per op are in ipc/ck_guest.h.
 */
#include <stdbool.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include <ck_guest.h>
#include "core.h"

#define SOFT_NR (CK_VIRQ_NR - CK_VIRQ_SOFT_BASE)

_Static_assert(sizeof(struct ck_guest_page) <= 4096, "guest page fits 4 KiB");
_Static_assert(SOFT_NR <= 32, "soft vIRQs fit one word");

/* First page of the co-kernel region: the guest DTS names its PA. */
struct ck_guest_page ck_guest_page
	__attribute__((section(".guest_page"), aligned(4096)));

/*
 * Defaults of the device-window hooks (ck/arch.h) for arches whose windows
 * Linux's ioremap() maps (ARM926, the host sim): no CK_MMIO_VA_ONLY, so
 * the other two are never called. Weak: e500 defines all three
 * (arch/ppc-booke/arch.c).
 */
__attribute__((weak)) uint32_t arch_window_flags(void)
{
	return 0;
}

__attribute__((weak)) int arch_window_ok(unsigned int idx, uint32_t va, uint64_t pa,
					 uint32_t size)
{
	(void)idx;
	(void)va;
	(void)pa;
	(void)size;
	return 0;
}

__attribute__((weak)) void arch_map_window(unsigned int idx, uint32_t va, uint64_t pa,
					   uint32_t size)
{
	(void)idx;
	(void)va;
	(void)pa;
	(void)size;
}

static struct {
	uint32_t soft_pending;   /* bit n: vIRQ SOFT_BASE+n raised, not taken */
	uint32_t soft_enabled;   /* bit n: Linux unmasked it */
	bool doorbell_up;        /* the doorbell line is raised */
	bool console_work;       /* RT console lines wait for Linux's context */
	bool attached;
	uint64_t paused_at_ns;   /* RT timer stopped for the Linux boot */
} gs;

static const struct ck_board *board(void)
{
	return ck_core.board;
}

/* Ring or silence the doorbell to match the enabled pending set. RT masked. */
static void doorbell_update(void)
{
	const struct ck_board *b = board();
	bool want = (gs.soft_pending & gs.soft_enabled) != 0 || gs.console_work;

	if (want && !gs.doorbell_up)
		b->pic->soft_raise(b->pic, b->doorbell_line);
	else if (!want && gs.doorbell_up)
		b->pic->soft_clear(b->pic, b->doorbell_line);
	gs.doorbell_up = want;
}

/* Hardware lines Linux may own: not the RT timer's, not the doorbell, not
 * the console UART's (which Linux sees as CK_VIRQ_CONSOLE). */
static bool line_is_linux(uint32_t line)
{
	return line < CK_VIRQ_SOFT_BASE && line < board()->pic->nr_lines &&
	       !irq_line_is_co_kernel(line);
}

/* CK_VIRQ_CONSOLE is a hardware level line under another name. */
static bool virq_is_console(uint32_t virq)
{
	return virq == CK_VIRQ_CONSOLE && board()->uart_rx_line >= 0;
}

static bool virq_is_soft(uint32_t virq)
{
	return virq >= CK_VIRQ_SOFT_BASE && virq < CK_VIRQ_NR;
}

int guest_raise_virq(unsigned int virq)
{
	ck_rtflags_t f;

	if (!virq_is_soft(virq))
		return -CK_EINVAL;
	f = arch_rt_mask();
	gs.soft_pending |= 1u << (virq - CK_VIRQ_SOFT_BASE);
	doorbell_update();
	arch_rt_restore(f);
	return 0;
}

int guest_attached(void)
{
	return gs.attached;
}

/*
 * The console's RT lines reach the UART from Linux's context once Linux
 * runs: a queued line sets the console work bit and rings the doorbell;
 * Linux's root IRQ handler calls next_pending(), which drains the console
 * before it looks for vIRQs. Lines held behind an unfinished Linux line
 * (a shell prompt) are retried from a timer when the hold expires.
 */
static struct ck_timer console_retry;

static void guest_console_kick(void)
{
	ck_rtflags_t f = arch_rt_mask();

	gs.console_work = true;
	doorbell_update();
	arch_rt_restore(f);
}

static void console_retry_fn(struct ck_timer *t)
{
	(void)t;
	guest_console_kick();
}

/* Context: Linux, IRQs off (next_pending). */
static void guest_console_work(void)
{
	uint64_t again;
	ck_rtflags_t f;
	bool work;

	if (!gs.console_work)       /* the common case: a plain IRQ */
		return;
	f = arch_rt_mask();
	work = gs.console_work;
	gs.console_work = false;
	doorbell_update();
	arch_rt_restore(f);
	if (!work)
		return;
	again = console_drain();
	if (again)
		(void)ck_timer_start(&console_retry, again, 0);
}

/*
 * A mapping Linux reports for device @w: non-zero, the same offset within
 * its page as the physical base (an ioremap() keeps it), not wrapping, and
 * not over the co-kernel's own image (Linux's linear map of it).
 */
static bool window_va_ok(const struct ck_guest_mmio *g, const struct ck_dev *w)
{
	const struct ck_board *b = board();
	uintptr_t ck_va = (uintptr_t)arch_phys_to_virt(b->ck_base);
	ck_u32 va = g->va;

	if (va == 0 || g->phys != w->phys || g->phys_hi != w->phys_hi ||
	    g->size != w->size || ((va ^ w->phys) & 0xfffu) ||
	    va + w->size < va)
		return false;
	return va + w->size <= ck_va || va >= ck_va + b->ck_size;
}

static uint64_t window_pa(const struct ck_dev *w)
{
	return (uint64_t)w->phys_hi << 32 | w->phys;
}

/*
 * attach: Linux gave every window an address (mmio[i].va) and installed its
 * RT-class trampoline; map the CK_MMIO_VA_ONLY windows, rewrite the device
 * table's va (every driver instance reads its base there), then restart
 * the RT timer. Linux calls it with its
 * own interrupts off and RT-class interrupts able to arrive (ARM: F=1 until
 * Linux first clears it, notes/linuxhooks.md §1.4; e500: MSR[CE] = 1 in
 * every Linux MSR), so RT resumes as soon as this returns, or before.
 */
static ck_s32 guest_attach(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	const struct ck_board *b = board();
	struct ck_dev *w;
	bool self_map = (arch_window_flags() & CK_MMIO_VA_ONLY) != 0;
	uint64_t paused_ns;
	ck_rtflags_t f;
	uint32_t i;

	if (gs.attached)
		return -CK_EBUSY;
	f = arch_rt_mask();
	for (i = 0, w = b->devs; i < b->nr_devs; w++, i++)
		if (i >= CK_GUEST_MAX_MMIO || !window_va_ok(&gp->mmio[i], w) ||
		    (self_map && !arch_window_ok(i, gp->mmio[i].va, window_pa(w),
						 w->size))) {
			arch_rt_restore(f);
			return -CK_EINVAL;
		}
	for (i = 0, w = b->devs; i < b->nr_devs; w++, i++) {
		if (self_map)
			arch_map_window(i, gp->mmio[i].va, window_pa(w), w->size);
		w->va = gp->mmio[i].va;
	}
	if (b->shm)
		ck_shm_set_base((void *)b->shm->va);
	paused_ns = ck_clock_now() - gs.paused_at_ns;
	gp->boot_window_ns_lo = (ck_u32)paused_ns;
	gp->boot_window_ns_hi = (ck_u32)(paused_ns >> 32);
	gs.attached = true;
	ck_timer_init(&console_retry, console_retry_fn, NULL);
	console_set_kick(guest_console_kick);
	gs.console_work = true;     /* lines queued during the boot window */
	doorbell_update();
	ck_clockevent_rearm();
	arch_rt_restore(f);
	ck_printf("Linux attached: RT paused %llu us during Linux boot",
		  (unsigned long long)(paused_ns / CK_NS_PER_US));
	return 0;
}

/* mask (@on false) or unmask @virq; RT-owned and unknown numbers are ignored. */
static void guest_enable(ck_u32 virq, bool on)
{
	const struct ck_pic *pic = board()->pic;
	uint32_t bit;
	ck_rtflags_t f;

	if (line_is_linux(virq) || virq_is_console(virq)) {
		uint32_t line = virq_is_console(virq) ?
				(uint32_t)board()->uart_rx_line : virq;

		/* the PIC's mask registers and state are RT's too */
		f = arch_rt_mask();
		if (on)
			pic->unmask(pic, line);
		else
			pic->mask(pic, line);
		arch_rt_restore(f);
		return;
	}
	if (!virq_is_soft(virq))
		return;
	bit = 1u << (virq - CK_VIRQ_SOFT_BASE);
	f = arch_rt_mask();
	gs.soft_enabled = on ? (gs.soft_enabled | bit) : (gs.soft_enabled & ~bit);
	doorbell_update();
	arch_rt_restore(f);
}

static void guest_mask(ck_u32 virq)
{
	guest_enable(virq, false);
}

static void guest_unmask(ck_u32 virq)
{
	guest_enable(virq, true);
}

/* Level lines are cleared at their device; soft vIRQs were cleared when
 * next_pending() returned them. Nothing to do on the PL190-class PICs. */
static void guest_eoi(ck_u32 virq)
{
	(void)virq;
}

/* Hardware lines are level-high (the VIC has no edge mode); soft vIRQs
 * are edges but accept either type. */
static ck_s32 guest_set_type(ck_u32 virq, ck_u32 type)
{
	if (line_is_linux(virq) || virq_is_console(virq))
		return type == CK_VIRQ_TYPE_LEVEL_HIGH ? 0 : -CK_EINVAL;
	if (virq_is_soft(virq))
		return (type == CK_VIRQ_TYPE_LEVEL_HIGH ||
			type == CK_VIRQ_TYPE_EDGE_RISING) ? 0 : -CK_EINVAL;
	return -CK_EINVAL;
}

/* Soft vIRQs first (lowest number first), then the real PIC's IRQ class. */
static ck_s32 guest_next_pending(void)
{
	uint32_t pend;
	ck_rtflags_t f;
	int line;

	guest_console_work();
	f = arch_rt_mask();
	pend = gs.soft_pending & gs.soft_enabled;
	if (pend) {
		unsigned int n = (unsigned int)__builtin_ctz(pend);

		gs.soft_pending &= ~(1u << n);
		doorbell_update();
		arch_rt_restore(f);
		return (ck_s32)(CK_VIRQ_SOFT_BASE + n);
	}
	arch_rt_restore(f);
	/* a scan the driver keeps bounded under RT mask (ck/hw.h) */
	line = board()->pic->next_normal(board()->pic);
	if (line >= 0 && line == board()->uart_rx_line)
		return (ck_s32)CK_VIRQ_CONSOLE;
	if (line < 0 || !line_is_linux((uint32_t)line))
		return -1;
	return line;
}

static ck_s32 guest_console_write(const char *buf, ck_u32 len)
{
	return console_guest_write(buf, len);
}

static ck_s32 guest_console_read(char *buf, ck_u32 len)
{
	return console_guest_read(buf, len);
}

/* Linux -> RT doorbell: not wired yet (RT tasks poll their channels at
 * their period). Returns -CK_ENOSYS so the Linux side can tell. */
static ck_s32 guest_notify(ck_u32 chan)
{
	(void)chan;
	return -CK_ENOSYS;
}

void guest_init(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	const struct ck_board *b = board();
	uint32_t n;

	memset(gp, 0, sizeof(*gp));
	memset(&gs, 0, sizeof(gs));
	ck_assert(b->nr_devs <= CK_GUEST_MAX_MMIO);   /* the page has room */
	for (n = 0; n < b->nr_devs; n++) {
		const struct ck_dev *w = &b->devs[n];

		gp->mmio[n].phys = w->phys;
		gp->mmio[n].phys_hi = w->phys_hi;
		gp->mmio[n].size = w->size;
		gp->mmio[n].flags = arch_window_flags();
		if (w == b->shm)
			gp->mmio[n].flags |= CK_MMIO_SHM;
	}
	gp->size = sizeof(*gp);
	gp->nr_mmio = n;
	gp->rt_entry = (ck_u32)(uintptr_t)arch_rt_entry;
	gp->nr_virq = CK_VIRQ_NR;
	gp->attach = guest_attach;
	gp->mask = guest_mask;
	gp->unmask = guest_unmask;
	gp->eoi = guest_eoi;
	gp->set_type = guest_set_type;
	gp->next_pending = guest_next_pending;
	gp->console_write = guest_console_write;
	gp->console_read = guest_console_read;
	gp->notify = guest_notify;
	gp->abi = CK_GUEST_ABI;
	gp->magic = CK_GUEST_MAGIC;

	b->pic->route_normal(b->pic, b->doorbell_line);
	b->pic->soft_clear(b->pic, b->doorbell_line);
	b->pic->unmask(b->pic, b->doorbell_line);
	if (b->uart_rx_line >= 0) {     /* Linux unmasks CK_VIRQ_CONSOLE */
		b->pic->mask(b->pic, (unsigned int)b->uart_rx_line);
		b->pic->route_normal(b->pic, (unsigned int)b->uart_rx_line);
	}
}

void guest_boot_linux(void)
{
	const struct ck_board *b = board();

	arch_rt_mask();
	b->timer->stop(b->timer);
	gs.paused_at_ns = ck_clock_now();
	ck_printf("booting Linux: kernel 0x%08x, DTB 0x%08x, RT paused",
		  (unsigned int)b->linux_kernel, (unsigned int)b->linux_dtb);
	while (console_drain())
		;
	arch_boot_linux(b->linux_kernel, b->linux_dtb, b->linux_machine_id);
}
