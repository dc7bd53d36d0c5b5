// SPDX-License-Identifier: MIT
/*
 * restart.c - Linux's life as the RT side sees it: the heartbeat watchdog,
 * Linux's own down() report, and the restart from the pristine copy of its
 * payload while RT runs on (ipc/ck_guest.h "Linux's life", docs/restart.md).
 *
 * States: LIFE_NONE (no Linux yet, or one that cannot be restarted and is
 * down for good), LIFE_BOOTING (entered, no heartbeat yet), LIFE_UP
 * (beating), LIFE_DOWN (the restart is under way in the root context).
 *
 * Down, in one RT-masked section of constant length (down_locked()): the
 * reason goes into the log and the guest page; the vPIC detaches (Linux's
 * lines masked at the PIC, the ops dead); the device windows go back to
 * the co-kernel's boot addresses and the arch makes the co-kernel's own
 * mappings current (arch_guest_stop()); the root context is rebuilt as a
 * fresh frame at restart_main() on the restart stack. RT tasks never see
 * any of it. The root frame then, with RT live all along: caches, the
 * pristine payload copied back and checked, a fresh guest page, and
 * guest_boot_linux() as at the first boot.
 *
 * Nothing Linux wrote is trusted: the heartbeat is compared for change
 * only, down()'s reason is clamped, the guest page is rewritten from the
 * co-kernel's own copy at each entry (guest.c), and the pristine copy
 * lies in RAM Linux's memory leaves out (its DT: no-map; r2d: past
 * CONFIG_MEMORY_SIZE) and carries a checksum.
 */
#include <ck/bsp.h>
#include <ck/console.h>
#include <ck/guest.h>
#include <ck/shm.h>
#include "ck_ipc.h"
#include "vpic.h"

#ifndef CK_GUEST_WATCHDOG_MS
#define CK_GUEST_WATCHDOG_MS 2000u   /* above debugfs irqoff_ms's 1000 */
#endif
#ifndef CK_GUEST_BOOT_TIMEOUT_MS
#define CK_GUEST_BOOT_TIMEOUT_MS 20000u
#endif
#define RESTART_STACK_BYTES 4096u
/* every channel's doorbell bit (ck_guest.h notify()) */
#define CK_NOTIFY_ALL 0xffffffffu
_Static_assert(CK_NOTIFY_MAX_CHAN == 32u, "CK_NOTIFY_ALL covers the doorbells");

enum life_state { LIFE_NONE, LIFE_BOOTING, LIFE_UP, LIFE_DOWN };

struct pristine_part {
	uint32_t pa;         /* where Linux runs it */
	uint32_t bytes;      /* rounded up to a word */
	uint32_t off;        /* in the pristine region */
};

static struct {
	enum life_state state;
	uint64_t entered_ns;          /* Linux entered (guest_entered()) */
	uint64_t beat_ns;             /* the heartbeat last moved */
	uint32_t beat_seen;
	uint32_t restarts;
	uint32_t reason;              /* of the last down */
	uint64_t down_ns;             /* when it was noticed */
	uint32_t boot_va[CK_GUEST_MAX_MMIO];
	void *shm_boot_va;
	struct pristine_part part[3]; /* kernel, DTB, initramfs */
	uint32_t sum;                 /* of the pristine copy */
	bool pristine;                /* the copy is there */
} life;

static uint64_t restart_stack[RESTART_STACK_BYTES / 8];
static struct ck_arch_ctx down_scratch;   /* the dead Linux's frame */

static const char *const down_names[CK_DOWN_REASONS] = {
	[0] = "?",
	[CK_DOWN_RESTART] = "Linux restarted the machine",
	[CK_DOWN_POWEROFF] = "Linux powered the machine off",
	[CK_DOWN_PANIC] = "Linux panicked",
	[CK_DOWN_HANG] = "no heartbeat",
	[CK_DOWN_BOOT] = "Linux never beat after its entry",
};

__attribute__((weak)) int arch_guest_restartable(void)
{
	return 0;
}

__attribute__((weak)) void arch_guest_stop(void)
{
}

__attribute__((weak)) void arch_guest_quiesce(void)
{
}

static const struct ck_board *board(void)
{
	return ck_core.board;
}

/* Copy @bytes (a multiple of 4, both ends word-aligned) and return the
 * checksum of what was copied, folded into @sum. */
static uint32_t copy_sum(uint32_t *d, const uint32_t *s, uint32_t bytes,
			 uint32_t sum)
{
	uint32_t n;

	for (n = 0; n < bytes / 4; n++) {
		uint32_t w = s[n];

		d[n] = w;
		sum = (sum << 5 | sum >> 27) ^ w;
	}
	return sum;
}

static uint32_t *pristine_at(uint32_t off)
{
	return arch_phys_to_virt(board()->pristine_base + off);
}

int guest_keep_pristine(uint32_t kernel_bytes, uint32_t dtb_bytes,
			uint32_t initrd_bytes)
{
	const struct ck_board *b = board();
	const uint32_t pa[3] = { b->linux_kernel, b->linux_dtb, b->linux_initrd };
	const uint32_t bytes[3] = { kernel_bytes, dtb_bytes, initrd_bytes };
	uint32_t off = 0, sum = 0;
	unsigned int i;

	life.pristine = false;
	for (i = 0; i < 3; i++) {
		uint32_t n = (bytes[i] + 3u) & ~3u;

		if (n && (pa[i] & 3u))
			return -CK_EINVAL;
		life.part[i] = (struct pristine_part){ pa[i], n, off };
		off += (n + 7u) & ~7u;
	}
	if (!b->pristine_size) {
		ck_printf("no pristine region on this board: Linux is not restarted");
		return -CK_ENOSPC;
	}
	if (off > b->pristine_size || off < kernel_bytes) {
		ck_printf("Linux payload %u KiB does not fit the pristine region "
			  "(%u KiB): Linux is not restarted",
			  (unsigned int)(off >> 10), (unsigned int)(b->pristine_size >> 10));
		return -CK_ENOSPC;
	}
	for (i = 0; i < 3; i++)
		if (life.part[i].bytes)
			sum = copy_sum(pristine_at(life.part[i].off),
				       arch_phys_to_virt(life.part[i].pa),
				       life.part[i].bytes, sum);
	life.sum = sum;
	life.pristine = true;
	ck_printf("pristine copy of the Linux payload: %u KiB at 0x%08x",
		  (unsigned int)(off >> 10), (unsigned int)b->pristine_base);
	return 0;
}

/* Put the pristine copy back where Linux runs it, checking it on the way
 * (one pass: the memory it goes over is the dead Linux's, and a copy that
 * fails the check is not entered).
 * Return: 0, or -CK_EINVAL when the copy changed since it was taken. */
static int pristine_restore(void)
{
	uint32_t sum = 0;
	unsigned int i;

	for (i = 0; i < 3; i++)
		if (life.part[i].bytes)
			sum = copy_sum(arch_phys_to_virt(life.part[i].pa),
				       pristine_at(life.part[i].off),
				       life.part[i].bytes, sum);
	return sum == life.sum ? 0 : -CK_EINVAL;
}

void guest_life_init(struct ck_guest_page *gp)
{
	const struct ck_board *b = board();
	unsigned int i;

	for (i = 0; i < b->nr_devs && i < CK_GUEST_MAX_MMIO; i++)
		life.boot_va[i] = b->devs[i].va;
	life.shm_boot_va = b->shm ? (void *)b->shm->va : NULL;
	gp->watchdog_ms = CK_GUEST_WATCHDOG_MS;
	gp->boot_timeout_ms = CK_GUEST_BOOT_TIMEOUT_MS;
	gp->down = guest_down;
}

void guest_entered(void)
{
	uint64_t now = ck_clock_now();

	life.entered_ns = now;
	life.beat_ns = now;
	life.beat_seen = *(volatile ck_u32 *)&ck_guest_page.heartbeat;
	life.state = LIFE_BOOTING;
}

/*
 * Every channel the RT side created is put back as its handle says where
 * the dead Linux left the region disagreeing (ck_ipc_repair()), one
 * channel per RT-masked step: the new Linux finds each by name and the
 * RT side keeps its end. Then every channel's RT owner is woken once (a
 * spurious doorbell), as after a reset Linux asked for. Root context: no
 * RT task is inside a channel operation (none blocks in one).
 */
static void ipc_repair(void)
{
	void *base = ck_shm_base();
	unsigned int idx, n = 0;
	ck_rtflags_t f;

	if (!base)
		return;
	for (idx = 0; idx < CK_IPC_MAX_CHAN; idx++) {
		f = arch_rt_mask();
		if (ck_ipc_repair(base, idx) > 0)
			n++;
		arch_rt_restore(f);
	}
	f = arch_rt_mask();
	if (ck_ipc_repair_dir(base) > 0)
		n++;
	arch_rt_restore(f);
	if (n)
		ck_printf("IPC: %u repairs from the RT side's handles (channels, "
			  "directory header)", n);
	chan_notify_linux(CK_NOTIFY_ALL);
}

/* No Linux any more: the root idles, RT runs alone. Does not return. */
static void __attribute__((noreturn)) restart_give_up(void)
{
	ck_rtflags_t f = arch_rt_mask();

	life.state = LIFE_NONE;
	arch_rt_restore(f);
	for (;;) {
		console_drain();
		arch_wait_for_interrupt();
	}
}

/* The frame the root context restarts in: RT live, Linux's interrupts
 * masked (arch_ctx_init()), on restart_stack. Does not return. */
static void restart_main(void *arg)
{
	struct ck_guest_page *gp = &ck_guest_page;
	const struct ck_guest_down *d;
	ck_rtflags_t f;

	(void)arg;
	arch_guest_quiesce();
	console_root_reset();
	d = &gp->down_log[(life.restarts - 1) % CK_GUEST_DOWN_LOG];
	ck_printf("Linux down: %s (reason %u) after %u ms up; restart %u from "
		  "the pristine payload", down_names[life.reason],
		  (unsigned int)life.reason, (unsigned int)d->up_ms,
		  (unsigned int)life.restarts);
	if (pristine_restore()) {
		ck_printf("the pristine payload changed since boot: Linux is "
			  "not restarted, RT runs alone");
		restart_give_up();
	}
	/* where the arch moves the payload before Linux runs it (e500: the
	 * kernel from its staging place to its run address) */
	if (arch_prepare_linux(board()->linux_kernel, board()->linux_dtb)) {
		ck_printf("Linux is not restarted (the reason above), RT runs alone");
		restart_give_up();
	}
	/* the page itself is made fresh at the entry (guest_boot_linux()) */
	f = arch_rt_mask();
	vpic_init(gp);
	arch_rt_restore(f);
	ipc_repair();
	guest_boot_linux();
}

/*
 * Linux is down for @reason: log it, detach, own mappings, windows back,
 * root rebuilt at restart_main(). RT masked, a constant number of steps
 * (the window count is the board's). Return: true when the root frame was
 * rebuilt (the caller must not resume Linux), false when Linux is not
 * restarted (no pristine copy, a port without restart, or down already).
 */
static bool down_locked(uint32_t reason, uint64_t now)
{
	const struct ck_board *b = board();
	struct ck_guest_page *gp = &ck_guest_page;
	struct ck_guest_down *d;
	unsigned int i;

	if (life.state != LIFE_BOOTING && life.state != LIFE_UP)
		return false;
	if (reason == 0 || reason >= CK_DOWN_REASONS)
		reason = CK_DOWN_PANIC;
	d = &gp->down_log[life.restarts % CK_GUEST_DOWN_LOG];
	d->reason = reason;
	d->at_ms = (ck_u32)(now / CK_NS_PER_MS);
	d->up_ms = (ck_u32)((now - life.entered_ns) / CK_NS_PER_MS);
	life.reason = reason;
	life.down_ns = now;
	if (!life.pristine || !arch_guest_restartable()) {
		life.state = LIFE_NONE;
		ck_printf("Linux down: %s (reason %u); not restarted (%s)",
			  down_names[reason], (unsigned int)reason,
			  life.pristine ? "this port cannot yet" : "no pristine copy");
		return false;
	}
	life.restarts++;
	gp->restarts = life.restarts;
	life.state = LIFE_DOWN;
	vpic_detach();   /* through Linux's mappings, still current */
	for (i = 0; i < b->nr_devs && i < CK_GUEST_MAX_MMIO; i++)
		b->devs[i].va = life.boot_va[i];
	ck_shm_set_base(life.shm_boot_va);
	arch_guest_stop();   /* the boot addresses are mapped from here */
	arch_ctx_init(&sched_root()->ctx, restart_main, NULL,
		      (char *)restart_stack + sizeof(restart_stack));
	return true;
}

void guest_down(ck_u32 reason)
{
	ck_rtflags_t f = arch_rt_mask();

	if (down_locked(reason, ck_clock_now()))
		arch_ctx_switch(&down_scratch, &sched_root()->ctx);
	arch_rt_restore(f);
}

void guest_watch(uint64_t now, bool rt_idle)
{
	uint32_t beat, limit_ms;

	if (life.state != LIFE_BOOTING && life.state != LIFE_UP)
		return;
	beat = *(volatile ck_u32 *)&ck_guest_page.heartbeat;
	if (beat != life.beat_seen) {
		if (life.state == LIFE_BOOTING && life.restarts)
			ck_printf("Linux is back: first heartbeat %u ms after it went down",
				  (unsigned int)((now - life.down_ns) / CK_NS_PER_MS));
		life.beat_seen = beat;
		life.beat_ns = now;
		life.state = LIFE_UP;
		return;
	}
	limit_ms = life.state == LIFE_UP ? CK_GUEST_WATCHDOG_MS
					 : CK_GUEST_BOOT_TIMEOUT_MS;
	if (rt_idle && now - life.beat_ns >= (uint64_t)limit_ms * CK_NS_PER_MS)
		(void)down_locked(life.state == LIFE_UP ? CK_DOWN_HANG : CK_DOWN_BOOT,
				  now);
}
