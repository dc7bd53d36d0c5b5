// SPDX-License-Identifier: MIT
/*
 * guest.c - the hand-over to the Linux guest: the guest page
 * (ipc/ck_guest.h), booting Linux, attach (Linux's device windows, the RT
 * side resumed) and soft vIRQs raised from the RT side. The ops Linux
 * calls afterwards are in vpic.c.
 *
 * Where the RT vector and the co-kernel's addresses stay valid through
 * all of Linux's boot (arch_rt_live_in_boot(): SH-4, G2_LE, e500, ARM926
 * with patch 0012) nothing is paused: RT is masked only until Linux's
 * head unmasks it, and rt_early() (ARM926) only protects the co-kernel.
 * Elsewhere, between guest_boot_linux() and the point where Linux lets
 * the RT class in, Linux's vectors are not ready for it: the RT timer is
 * stopped and every attached RT line is held (masked and routed to the
 * normal class, irq_hold_rt_lines()), since even a Linux that boots with
 * the RT class masked may unmask it for a moment (ARMv5 Linux's
 * disable_irq writes the whole CPSR control byte, F included). Where
 * Linux can take the RT class early (ARM926: arch_early_l1(),
 * ipc/ck_guest.h early_l1) its rt_early() call resumes the RT side once
 * its vectors hold the trampoline; else attach does. A line that fired
 * meanwhile is served then.
 */
#include <stdbool.h>
#include <stddef.h>
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include "vpic.h"

_Static_assert(sizeof(struct ck_guest_page) <= 4096, "guest page fits 4 KiB");

/* The guest page, where the arch's link script puts .guest_page (the
 * region's first page; G2_LE: after the private block): the guest DTS
 * names its PA. */
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

/* Defaults of the early-RT hooks (ck/arch.h): Linux lets RT in only
 * after attach, so the RT side pauses across the boot window. Weak:
 * ARM926 defines arch_early_l1() (arch/arm926/arch.c), SH-4 and G2_LE
 * arch_rt_live_in_boot() (arch/sh4/arch.c, arch/ppc-g2/arch.c). */
__attribute__((weak)) uint32_t arch_early_l1(void)
{
	return 0;
}

__attribute__((weak)) int arch_rt_live_in_boot(void)
{
	return 0;
}

/* Defaults of the protection hooks (ck/arch.h): Linux calls the ops as
 * they are and can write all of the co-kernel. Weak: ARM926 defines both
 * (arch/arm926/arch.c, gate.S). */
__attribute__((weak)) void arch_guest_gate(struct ck_guest_page *gp)
{
	(void)gp;
}

__attribute__((weak)) uint32_t arch_guest_protect(uint32_t *va)
{
	*va = 0;
	return 0;
}

/* Every function pointer of struct ck_guest_page (ipc/ck_guest.h), in
 * any order: an op left out would run with Linux's rights where the arch
 * gates the ops, and fault at its first store. */
static const size_t gate_slot[] = {
	offsetof(struct ck_guest_page, attach),
	offsetof(struct ck_guest_page, mask),
	offsetof(struct ck_guest_page, unmask),
	offsetof(struct ck_guest_page, eoi),
	offsetof(struct ck_guest_page, set_type),
	offsetof(struct ck_guest_page, next_pending),
	offsetof(struct ck_guest_page, console_write),
	offsetof(struct ck_guest_page, console_read),
	offsetof(struct ck_guest_page, notify),
	offsetof(struct ck_guest_page, down),
	offsetof(struct ck_guest_page, rt_early),
};
_Static_assert(sizeof(gate_slot) / sizeof(gate_slot[0]) == CK_GUEST_OPS,
	       "one gate slot per op of struct ck_guest_page");

void ck_guest_gate_ops(struct ck_guest_page *gp, const uintptr_t *stubs, uintptr_t *fns)
{
	unsigned int n;

	for (n = 0; n < CK_GUEST_OPS; n++) {
		char *slot = (char *)gp + gate_slot[n];
		uintptr_t fn;

		memcpy(&fn, slot, sizeof(fn));   /* a function pointer */
		if (fn && fn != stubs[n]) {
			fns[n] = fn;
			memcpy(slot, &stubs[n], sizeof(fn));
		}
	}
}

static bool prot_tried;   /* guest_protect() ran for this Linux */

/* Protect the co-kernel from this Linux once (rt_early or attach, in its
 * page tables). RT masked. */
static void guest_protect(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	uint32_t va, size;

	if (prot_tried)
		return;
	prot_tried = true;
	size = arch_guest_protect(&va);
	if (!size)
		return;
	gp->prot_va = va;
	gp->prot_size = size;
	ck_printf("Linux cannot write the co-kernel's memory: 0x%08x-0x%08x",
		  (unsigned int)va, (unsigned int)(va + size - 1));
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

static uint64_t paused_at_ns;   /* Linux entered: RT paused from here */

/*
 * The boot window ends at the first RT interrupt Linux lets in: a timer
 * due at Linux's entry fires there and measures it (before attach where
 * Linux lets RT in early, else after it: ARM Linux without the early hook
 * keeps F=1 until its vPIC driver attached, notes/linuxhooks.md §1.4).
 */
static struct ck_timer rt_resumed;

static void rt_resumed_fn(struct ck_timer *t)
{
	struct ck_guest_page *gp = &ck_guest_page;
	uint64_t paused_ns = ck_clock_now() - paused_at_ns;

	(void)t;
	gp->boot_window_ns_lo = (ck_u32)paused_ns;
	gp->boot_window_ns_hi = (ck_u32)(paused_ns >> 32);
	ck_printf("RT resumed: paused %llu us across Linux's boot (%s attach)",
		  (unsigned long long)(paused_ns / CK_NS_PER_US),
		  vpic.attached ? "after" : "before");
}

/* Whether Linux lets RT in before attach: the co-kernel offers its L1
 * table for Linux to copy its windows from (ipc/ck_guest.h early_l1). */
static bool gp_early(void)
{
	return ck_guest_page.early_l1 != 0;
}

static bool rt_early_done;      /* RT resumed (or never paused) before attach */

/* End the boot window: the held RT lines back, the RT timer re-armed, and
 * the window measured at the first RT interrupt Linux lets in. RT masked. */
static void rt_resumed_arm(void)
{
	ck_timer_stop(&rt_resumed);   /* a restart: armed from before, or not */
	ck_timer_init(&rt_resumed, rt_resumed_fn, NULL);
	(void)ck_timer_start(&rt_resumed, ck_clock_now(), 0);
	ck_clockevent_rearm();
}

static void rt_resume(void)
{
	irq_release_rt_lines();
	rt_resumed_arm();
}

/* The rt_early op (ipc/ck_guest.h): once per Linux, before attach; where
 * RT ran through the boot (arch_rt_live_in_boot()) only the protection.
 * Context: Linux, RT masked by it. */
static ck_s32 guest_rt_early(void)
{
	ck_rtflags_t f = arch_rt_mask();
	ck_s32 ret = -CK_EBUSY;

	if (gp_early() && !vpic.attached && !prot_tried) {
		guest_protect();
		if (!rt_early_done) {
			rt_early_done = true;
			rt_resume();
		}
		ret = 0;
	}
	arch_rt_restore(f);
	return ret;
}

static const struct ck_board *board(void)
{
	return ck_core.board;
}

int guest_raise_soft_virq(unsigned int soft)
{
	ck_rtflags_t f;

	if (soft >= CK_VIRQ_SOFT_NR)
		return -CK_EINVAL;
	f = arch_rt_mask();
	vpic.soft_pending |= 1u << soft;
	vpic_doorbell_update();
	arch_rt_restore(f);
	return 0;
}

int guest_attached(void)
{
	return vpic.attached;
}

/*
 * Why Linux's address @va for device @w is refused, or NULL: it must be
 * non-zero, keep the physical base's offset within its page (an ioremap()
 * does), not wrap, and not lie over the co-kernel's own image (Linux's
 * linear map of it).
 */
static const char *window_va_bad(uint32_t va, const struct ck_dev *w)
{
	const struct ck_board *b = board();
	uintptr_t ck_va = (uintptr_t)arch_phys_to_virt(b->ck_base);

	if (va == 0)
		return "no address";
	if ((va ^ w->phys) & 0xfffu)
		return "not at the page offset of its physical base";
	if (va + w->size < va)
		return "wraps";
	if (va + w->size > ck_va && va < ck_va + b->ck_size)
		return "over the co-kernel";
	return NULL;
}

/* Whether [a, a + as) and [b, b + bs) share a byte (neither wraps). */
static bool ranges_overlap(uint32_t a, uint32_t as, uint32_t b, uint32_t bs)
{
	return a < b + bs && b < a + as;
}

static uint64_t window_pa(const struct ck_dev *w)
{
	return (uint64_t)w->phys_hi << 32 | w->phys;
}

/*
 * Check Linux's addresses, copied once into @va (Linux could write the
 * page again while we look; what is checked is what is used): each fine
 * on its own (window_va_bad), no two overlapping, and the arch's own
 * rules for windows it maps itself. The co-kernel-written fields of the
 * page are not read back: the board's table is the truth.
 * Return: 0, or -CK_EINVAL with the reason on the console.
 */
static int windows_check(uint32_t *va, bool self_map)
{
	const struct ck_guest_page *gp = &ck_guest_page;
	const struct ck_board *b = board();
	const char *why = NULL;
	unsigned int i, j;

	for (i = 0; i < b->nr_devs; i++)
		va[i] = *(const volatile ck_u32 *)&gp->mmio[i].va;
	for (i = 0; i < b->nr_devs && !why; i++) {
		const struct ck_dev *w = &b->devs[i];

		why = window_va_bad(va[i], w);
		for (j = 0; j < i && !why; j++)
			if (ranges_overlap(va[i], w->size, va[j], b->devs[j].size))
				why = "overlaps another window";
		if (!why && self_map && !arch_window_ok(i, va[i], window_pa(w), w->size))
			why = "not mappable here";
	}
	if (!why)
		return 0;
	i--;
	ck_printf("Linux attach refused: window %u (%s) at 0x%08x: %s", i,
		  b->devs[i].name, (unsigned int)va[i], why);
	return -CK_EINVAL;
}

/*
 * attach: Linux gave every window an address (mmio[i].va) and installed its
 * RT-class trampoline; map the CK_MMIO_VA_ONLY windows, rewrite the device
 * table's va (every driver instance reads its base there), release the RT
 * lines and restart the RT timer. Linux calls it with its own interrupts
 * off and RT-class interrupts able to arrive (ARM: F=1 until Linux first
 * clears it, notes/linuxhooks.md §1.4; e500: MSR[CE] = 1 in every Linux
 * MSR), so RT resumes as soon as this returns, or before. A refusal
 * changes nothing: the RT side stays as it was (paused, or where RT runs
 * through the boot, running at its boot addresses: ARM926 Linux puts
 * the co-kernel's boot entry back), the ops stay dead.
 */
static ck_s32 guest_attach(void)
{
	const struct ck_board *b = board();
	bool self_map = (arch_window_flags() & CK_MMIO_VA_ONLY) != 0;
	uint32_t va[CK_GUEST_MAX_MMIO];
	uint64_t paused_ns;
	ck_rtflags_t f;
	unsigned int i;

	if (vpic.attached)
		return -CK_EBUSY;
#ifdef CK_TEST_REFUSE_ATTACH
	/* test image (tests/qemu/test_vpic.py): the first Linux's attach is
	 * refused; the boot watchdog restarts that Linux, the next attaches */
	static bool refused_once;

	if (!refused_once) {
		refused_once = true;
		ck_printf("test knob: attach refused");
		return -CK_EINVAL;
	}
#endif
	f = arch_rt_mask();
	if (windows_check(va, self_map)) {
		arch_rt_restore(f);
		return -CK_EINVAL;
	}
	for (i = 0; i < b->nr_devs; i++) {
		if (self_map)
			arch_map_window(i, va[i], window_pa(&b->devs[i]), b->devs[i].size);
		b->devs[i].va = va[i];
	}
	if (b->shm)
		ck_shm_set_base((void *)b->shm->va);
	paused_ns = ck_clock_now() - paused_at_ns;
	guest_protect();
	vpic_attached();
	if (!rt_early_done)
		rt_resume();
	arch_rt_restore(f);
	ck_printf("Linux attached after %llu us%s",
		  (unsigned long long)(paused_ns / CK_NS_PER_US),
		  rt_early_done ? "" : "; RT resumes at the first RT interrupt Linux lets in");
	return 0;
}

void guest_init(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	const struct ck_board *b = board();
	uint32_t n;

	memset(gp, 0, sizeof(*gp));
	ck_assert(b->nr_devs <= CK_GUEST_MAX_MMIO);   /* the page has room */
	for (n = 0; n < b->nr_devs; n++) {
		const struct ck_dev *w = &b->devs[n];

		gp->mmio[n].phys = w->phys;
		gp->mmio[n].phys_hi = w->phys_hi;
		gp->mmio[n].size = w->size;
		gp->mmio[n].flags = arch_window_flags();
		gp->boot_va[n] = w->va;
		if (w == b->shm)
			gp->mmio[n].flags |= CK_MMIO_SHM;
	}
	gp->size = sizeof(*gp);
	gp->nr_mmio = n;
	gp->rt_entry = (ck_u32)(uintptr_t)arch_rt_entry;
	gp->early_l1 = arch_early_l1();
	gp->rt_early = guest_rt_early;
	gp->attach = guest_attach;
	vpic_init(gp);
	guest_life_init(gp);
	gp->abi = CK_GUEST_ABI;
	gp->magic = CK_GUEST_MAGIC;

	b->pic->route_normal(b->pic, b->doorbell_line);
	b->pic->soft_clear(b->pic, b->doorbell_line);
	b->pic->unmask(b->pic, b->doorbell_line);
	if (b->uart_rx_line >= 0) {     /* Linux unmasks the console vIRQ */
		b->pic->mask(b->pic, (unsigned int)b->uart_rx_line);
		b->pic->route_normal(b->pic, (unsigned int)b->uart_rx_line);
	}
}

/*
 * The page as the co-kernel filled it for Linux's first entry, the ops
 * through arch_guest_gate() included: every later entry starts from it,
 * so nothing a dead Linux wrote there (a window's address, an op slot, a
 * count the co-kernel loops over) outlives it. The life fields go on
 * (restarts, down_log: core/restart.c writes them). RT masked.
 */
static struct ck_guest_page page_first;
static bool page_kept;

const struct ck_guest_page *guest_ops(void)
{
	return page_kept ? &page_first : &ck_guest_page;
}

static void guest_page_fresh(void)
{
	struct ck_guest_page *gp = &ck_guest_page;
	struct ck_guest_down log[CK_GUEST_DOWN_LOG];
	ck_u32 restarts = gp->restarts;

	if (!page_kept) {
		arch_guest_gate(gp);
		page_first = *gp;
		page_kept = true;
		return;
	}
	memcpy(log, gp->down_log, sizeof(log));
	*gp = page_first;
	gp->restarts = restarts;
	memcpy(gp->down_log, log, sizeof(log));
}

/* Leaves RT masked for good: Linux turns the RT class on once its
 * trampoline is in place, early in its boot where it can (gp_early()),
 * else at attach; where RT is live in the boot, at its head. */
void guest_boot_linux(void)
{
	const struct ck_board *b = board();
	bool live = arch_rt_live_in_boot() != 0;

	/* the console drained while RT still runs: at 115200 baud a line is
	 * about 8 ms of UART time; what RT prints later waits for attach's
	 * console work */
	ck_printf("booting Linux: kernel 0x%08x, DTB 0x%08x, RT paused until %s",
		  (unsigned int)b->linux_kernel, (unsigned int)b->linux_dtb,
		  live ? "Linux's head unmasks it" :
		  gp_early() ? "Linux's vectors are up" : "attach");
	while (console_drain())
		;
	arch_rt_mask();
	paused_at_ns = ck_clock_now();
	rt_early_done = false;
	prot_tried = false;             /* this Linux's tables are new */
	guest_page_fresh();
	if (live) {
		/* nothing to hold: the window is this masked stretch, up to
		 * Linux's first unmask, where the timer due now fires */
		rt_early_done = true;
		rt_resumed_arm();
	} else {
		b->timer->stop(b->timer);
		irq_hold_rt_lines();
	}
#ifdef CK_TEST_BOOT_WINDOW_LINE
	/* test image (apps/test_rtline.c): the RT line fires in the window */
	b->pic->soft_raise(b->pic, CK_TEST_BOOT_WINDOW_LINE);
#endif
	guest_entered();
	arch_boot_linux(b->linux_kernel, b->linux_dtb, b->linux_machine_id);
}
