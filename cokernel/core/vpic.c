// SPDX-License-Identifier: MIT
/*
 * vpic.c - the vPIC ops Linux calls through the guest page
 * (ipc/ck_guest.h): mask, unmask, eoi, set_type, next_pending and the
 * console. Linux names interrupts by vIRQ: the lines it owns (board data,
 * fixed at boot) and the co-kernel's soft vIRQs; no op lets it reach any
 * other line (RT lines, the RT timer, the doorbell).
 *
 * Every op runs in Linux context with Linux's interrupts off and may be
 * interrupted by the RT class at any instruction. What it shares with RT
 * (the PIC's registers, the soft pending/enable bits, the doorbell) is
 * touched with the RT class masked, for a constant number of steps; the
 * PIC scan of next_pending runs with RT unmasked (ck/hw.h next_normal).
 * Before a successful attach every op returns at once: the devices are
 * not mapped at Linux's addresses yet.
 */
#include <ck/bsp.h>
#include <ck/console.h>
#include "vpic.h"

struct vpic_state vpic;

static const struct ck_board *board(void)
{
	return ck_core.board;
}

void vpic_doorbell_update(void)
{
	const struct ck_board *b = board();
	bool want = (vpic.soft_pending & vpic.soft_enabled) != 0 || vpic.console_work;

	if (want && !vpic.doorbell_up)
		b->pic->soft_raise(b->pic, b->doorbell_line);
	else if (!want && vpic.doorbell_up)
		b->pic->soft_clear(b->pic, b->doorbell_line);
	vpic.doorbell_up = want;
}

int vpic_virq_line(uint32_t virq)
{
	const struct ck_board *b = board();

	if (virq < vpic.soft_base)
		return (int)b->linux_lines[virq];
	if (virq == vpic.soft_base + CK_VIRQ_SOFT_CONSOLE && b->uart_rx_line >= 0)
		return b->uart_rx_line;
	return -1;
}

int vpic_virq_soft(uint32_t virq)
{
	if (virq < vpic.soft_base || virq - vpic.soft_base >= CK_VIRQ_SOFT_NR)
		return -1;
	return (int)(virq - vpic.soft_base);
}

/* The vIRQ of PIC line @line, or -1 if it is not Linux's. Context: any. */
static ck_s32 line_virq(int line)
{
	const struct ck_board *b = board();
	uint32_t n;

	if (line == b->uart_rx_line)
		return (ck_s32)(vpic.soft_base + CK_VIRQ_SOFT_CONSOLE);
	for (n = 0; n < vpic.soft_base; n++)
		if ((int)b->linux_lines[n] == line)
			return (ck_s32)n;
	return -1;
}

/*
 * The console's RT lines reach the UART from Linux's context once Linux
 * runs: a queued line sets the console work bit and rings the doorbell;
 * Linux's root IRQ handler calls next_pending(), which drains the console
 * before it looks for vIRQs. Lines held behind an unfinished Linux line
 * (a shell prompt) are retried from a timer when the hold expires.
 */
static struct ck_timer console_retry;

static void console_kick(void)
{
	ck_rtflags_t f = arch_rt_mask();

	vpic.console_work = true;
	vpic_doorbell_update();
	arch_rt_restore(f);
}

static void console_retry_fn(struct ck_timer *t)
{
	(void)t;
	console_kick();
}

/* Context: Linux, IRQs off (next_pending). */
static void console_work(void)
{
	uint64_t again;
	ck_rtflags_t f;
	bool work;

	if (!vpic.console_work)       /* the common case: a plain IRQ */
		return;
	f = arch_rt_mask();
	work = vpic.console_work;
	vpic.console_work = false;
	vpic_doorbell_update();
	arch_rt_restore(f);
	if (!work)
		return;
	again = console_drain();
	if (again)
		(void)ck_timer_start(&console_retry, again, 0);
}

void vpic_attached(void)
{
	vpic.attached = true;
	ck_timer_init(&console_retry, console_retry_fn, NULL);
	console_set_kick(console_kick);
	vpic.console_work = true;     /* lines queued during the boot window */
	vpic_doorbell_update();
}

void vpic_detach(void)
{
	const struct ck_board *b = board();
	unsigned int n;

	vpic.attached = false;
	console_set_kick(NULL);
	ck_timer_stop(&console_retry);
	for (n = 0; n < vpic.soft_base; n++)
		b->pic->mask(b->pic, b->linux_lines[n]);
	if (b->uart_rx_line >= 0)
		b->pic->mask(b->pic, (unsigned int)b->uart_rx_line);
	vpic.soft_enabled = 0;
	vpic.console_work = false;
	vpic_doorbell_update();
}

/* mask (@on false) or unmask @virq; any number not Linux's is ignored. */
static void vpic_enable(ck_u32 virq, bool on)
{
	const struct ck_pic *pic = board()->pic;
	int line = vpic_virq_line(virq);
	int soft = vpic_virq_soft(virq);
	ck_rtflags_t f;

	if (!vpic.attached)
		return;
	if (line >= 0) {
		/* the PIC's mask registers and state are RT's too */
		f = arch_rt_mask();
		if (on)
			pic->unmask(pic, (unsigned int)line);
		else
			pic->mask(pic, (unsigned int)line);
		arch_rt_restore(f);
		return;
	}
	if (soft < 0)
		return;
	f = arch_rt_mask();
	if (on)
		vpic.soft_enabled |= 1u << soft;
	else
		vpic.soft_enabled &= ~(1u << soft);
	vpic_doorbell_update();
	arch_rt_restore(f);
}

static void vpic_mask(ck_u32 virq)
{
	vpic_enable(virq, false);
}

static void vpic_unmask(ck_u32 virq)
{
	vpic_enable(virq, true);
}

/* Level lines are cleared at their device; soft vIRQs were cleared when
 * next_pending() returned them. Nothing to do on the PL190-class PICs. */
static void vpic_eoi(ck_u32 virq)
{
	(void)virq;
}

/* Hardware lines are level-high (the VIC has no edge mode, the MPIC's
 * internal sources are levels); soft vIRQs are edges but accept either
 * type. */
static ck_s32 vpic_set_type(ck_u32 virq, ck_u32 type)
{
	if (vpic_virq_line(virq) >= 0)
		return type == CK_VIRQ_TYPE_LEVEL_HIGH ? 0 : -CK_EINVAL;
	if (vpic_virq_soft(virq) >= 0)
		return (type == CK_VIRQ_TYPE_LEVEL_HIGH ||
			type == CK_VIRQ_TYPE_EDGE_RISING) ? 0 : -CK_EINVAL;
	return -CK_EINVAL;
}

/*
 * Soft vIRQs first (lowest number first), then the real PIC's normal
 * class, skipping lines that are not Linux's (the doorbell, raised while
 * we looked), so Linux's loop never ends early at one.
 */
static ck_s32 vpic_next_pending(void)
{
	const struct ck_pic *pic = board()->pic;
	uint32_t pend;
	ck_rtflags_t f;
	int line;

	if (!vpic.attached)
		return -1;
	console_work();
	f = arch_rt_mask();
	pend = vpic.soft_pending & vpic.soft_enabled;
	if (pend) {
		unsigned int n = (unsigned int)__builtin_ctz(pend);

		vpic.soft_pending &= ~(1u << n);
		vpic_doorbell_update();
		arch_rt_restore(f);
		return (ck_s32)(vpic.soft_base + n);
	}
	arch_rt_restore(f);
	for (line = pic->next_normal(pic, 0); line >= 0;
	     line = pic->next_normal(pic, (unsigned int)line + 1u)) {
		ck_s32 virq = line_virq(line);

		if (virq >= 0)
			return virq;
	}
	return -1;
}

static ck_s32 vpic_console_write(const char *buf, ck_u32 len)
{
	if (!vpic.attached)
		return -CK_ENODEV;
	return console_guest_write(buf, len);
}

static ck_s32 vpic_console_read(char *buf, ck_u32 len)
{
	if (!vpic.attached)
		return 0;
	return console_guest_read(buf, len);
}

/* Linux -> RT doorbell of IPC channel @chan: recorded here, the RT
 * waiters woken from the notify timer (chan.c). Constant cost. */
static ck_s32 vpic_notify(ck_u32 chan)
{
	if (!vpic.attached)
		return -CK_ENODEV;
	if (chan >= CK_NOTIFY_MAX_CHAN)
		return -CK_EINVAL;
	chan_notify_linux(1u << chan);
	return 0;
}

/* A list the vPIC can hand out: lines of the PIC, none the co-kernel's,
 * none twice. */
static bool linux_lines_ok(const struct ck_board *b)
{
	unsigned int n, m;

	if (b->nr_linux_lines > CK_VIRQ_MAX - CK_VIRQ_SOFT_NR)
		return false;
	for (n = 0; n < b->nr_linux_lines; n++) {
		unsigned int line = b->linux_lines[n];

		if (line >= b->pic->nr_lines || line == b->timer->line ||
		    line == b->doorbell_line || (int)line == b->uart_rx_line)
			return false;
		for (m = 0; m < n; m++)
			if (b->linux_lines[m] == line)
				return false;
	}
	return true;
}

void vpic_init(struct ck_guest_page *gp)
{
	const struct ck_board *b = board();

	memset(&vpic, 0, sizeof(vpic));
	epapr_reset();
	if (linux_lines_ok(b)) {
		vpic.soft_base = b->nr_linux_lines;
	} else {
		ck_printf("board: a line in linux_lines is out of range, the "
			  "co-kernel's or listed twice: Linux owns no PIC line");
		vpic.soft_base = 0;
	}
	gp->virq_soft_base = vpic.soft_base;
	gp->nr_virq = vpic.soft_base + CK_VIRQ_SOFT_NR;
	gp->mask = vpic_mask;
	gp->unmask = vpic_unmask;
	gp->eoi = vpic_eoi;
	gp->set_type = vpic_set_type;
	gp->next_pending = vpic_next_pending;
	gp->console_write = vpic_console_write;
	gp->console_read = vpic_console_read;
	gp->notify = vpic_notify;
}
