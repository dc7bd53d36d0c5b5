// SPDX-License-Identifier: MIT
/*
 * irq.c - ownership of RT-class lines and their dispatch. The PIC driver
 * gives each RT-routed line a slot (ck/hw.h CK_RT_SLOTS); handlers are
 * kept per slot, so the RT entry goes from the PIC's pending word to the
 * handler without a line lookup.
 */
#include "core.h"

struct irq_hot irq_hot;

/*
 * An RT line's entry. An entry whose line is routed to the RT class (its
 * bit in irqs.routed) sits at the line's RT slot, so the RT entry goes
 * from the PIC's pending word to the handler without a lookup. A disabled
 * line is masked and on the normal class, its PIC slot free: its entry
 * only keeps its place and moves (by swap) when the PIC gives that slot to
 * another line or the line another slot.
 */
struct irq_slot {
	ck_irq_fn fn;             /* NULL: free, or the clockevent's slot */
	void *arg;
	unsigned int line;
	bool disabled;            /* ck_irq_disable(), CK_IRQ_DISABLE, storm */
	uint32_t hits;            /* handler calls */
	uint32_t unhandled;       /* of them CK_IRQ_NONE */
	uint32_t unhandled_run;   /* CK_IRQ_NONE in a row, up to the last one */
	uint32_t last_none_hit;   /* hits at the last CK_IRQ_NONE: the run
				   * goes on while each NONE follows one */
	uint32_t storms;          /* times the storm detector disabled it */
};

static struct {
	uint32_t spurious;   /* RT lines that fired with no handler (masked) */
	uint32_t routed;     /* bit n: slot n holds .line, routed here */
	struct irq_slot slot[CK_RT_SLOTS];
} irqs;

void irq_init(void)
{
	const struct ck_board *b = ck_core.board;
	int slot;

	memset(&irqs, 0, sizeof(irqs));
	ck_assert(b->pic->pending_rt && b->timer->ack && b->timer->line < b->pic->nr_lines);
	/* routed now, unmasked by ck_start() */
	slot = b->pic->route_rt(b->pic, b->timer->line);
	ck_assert(slot >= 0 && slot < (int)CK_RT_SLOTS);
	irqs.slot[slot].line = b->timer->line;
	irqs.routed = 1u << slot;
	irq_hot.pic = b->pic;
	irq_hot.pending_rt = b->pic->pending_rt;
	irq_hot.timer = b->timer;
	irq_hot.timer_ack = b->timer->ack;
	irq_hot.timer_bit = 1u << slot;
}

/* The slot holding an attached handler for @line, or -1. */
static int attached_slot(unsigned int line)
{
	unsigned int s;

	for (s = 0; s < CK_RT_SLOTS; s++)
		if (irqs.slot[s].fn && irqs.slot[s].line == line)
			return (int)s;
	return -1;
}

bool irq_line_is_co_kernel(unsigned int line)
{
	const struct ck_board *b = ck_core.board;

	return line == b->timer->line || line == b->doorbell_line ||
	       (int)line == b->uart_rx_line || attached_slot(line) >= 0;
}

/* One of the board's linux_lines. */
static bool line_is_linux(unsigned int line)
{
	const struct ck_board *b = ck_core.board;
	unsigned int n;

	for (n = 0; n < b->nr_linux_lines; n++)
		if (b->linux_lines[n] == line)
			return true;
	return false;
}

/*
 * The entry of attached @line, or the error of the calls that need one
 * (ck.h ck_irq_detach()). RT masked.
 */
static int line_slot(unsigned int line)
{
	int s;

	if (line >= ck_core.board->pic->nr_lines)
		return -CK_EINVAL;
	s = attached_slot(line);
	if (s >= 0)
		return s;
	return irq_line_is_co_kernel(line) || line_is_linux(line) ? -CK_EPERM
								   : -CK_ENOENT;
}

/*
 * Take slot @s's line off the RT class: masked, and routed to the normal
 * class (masking alone does not silence an FIQ-routed line on a PL190 in
 * QEMU, pl190.c), which frees its PIC slot. RT masked.
 */
static void slot_unroute(unsigned int s)
{
	const struct ck_pic *pic = ck_core.board->pic;

	pic->mask(pic, irqs.slot[s].line);
	pic->route_normal(pic, irqs.slot[s].line);
	irqs.routed &= ~(1u << s);
}

/*
 * Route unrouted entry @s's line to the RT class (still masked): the entry
 * swaps with the one at the slot the PIC gives, which is free or another
 * unrouted line's place. Return: that slot, or the PIC's error (nothing
 * changes). RT masked.
 */
static int slot_route(unsigned int s)
{
	const struct ck_pic *pic = ck_core.board->pic;
	int to = pic->route_rt(pic, irqs.slot[s].line);

	if (to < 0)
		return to;
	ck_assert(to < (int)CK_RT_SLOTS && !(irqs.routed & (1u << to)));
	if (to != (int)s) {
		struct irq_slot other = irqs.slot[to];

		irqs.slot[to] = irqs.slot[s];
		irqs.slot[s] = other;
	}
	irqs.routed |= 1u << to;
	return to;
}

void irq_hold_rt_lines(void)
{
	unsigned int s;

	for (s = 0; s < CK_RT_SLOTS; s++)
		if (irqs.slot[s].fn && (irqs.routed & (1u << s)))
			slot_unroute(s);
}

void irq_release_rt_lines(void)
{
	const struct ck_pic *pic = ck_core.board->pic;
	unsigned int lines[CK_RT_SLOTS], n = 0, i;

	/* by line: slot_route() moves the entries */
	for (i = 0; i < CK_RT_SLOTS; i++)
		if (irqs.slot[i].fn && !irqs.slot[i].disabled &&
		    !(irqs.routed & (1u << i)))
			lines[n++] = irqs.slot[i].line;
	for (i = 0; i < n; i++) {
		int slot = slot_route((unsigned int)attached_slot(lines[i]));

		if (slot < 0) {
			/* cannot happen: the slots it had are free again */
			ck_printf("RT line %u: no RT slot at attach (%d), left masked",
				  lines[i], slot);
			continue;
		}
		pic->unmask(pic, lines[i]);
	}
}

/* An entry neither routed nor attached, or -1. RT masked. */
static int free_slot(void)
{
	unsigned int s;

	for (s = 0; s < CK_RT_SLOTS; s++)
		if (!irqs.slot[s].fn && !(irqs.routed & (1u << s)))
			return (int)s;
	return -1;
}

/* ck_irq_attach()'s body: route @line and fill its entry. RT masked. */
static int attach_line(unsigned int line, ck_irq_fn fn, void *arg)
{
	const struct ck_pic *pic = ck_core.board->pic;
	int slot = pic->route_rt(pic, line);

	if (slot < 0)
		return slot;
	if (slot >= (int)CK_RT_SLOTS || (irqs.routed & (1u << slot))) {
		pic->route_normal(pic, line);   /* cannot happen: a PIC bug */
		return -CK_EBUSY;
	}
	if (irqs.slot[slot].fn) {
		/* a disabled line's place: it moves elsewhere */
		int to = free_slot();

		if (to < 0) {
			pic->route_normal(pic, line);
			return -CK_EBUSY;
		}
		irqs.slot[to] = irqs.slot[slot];
	}
	irqs.slot[slot] = (struct irq_slot){ .fn = fn, .arg = arg, .line = line };
	irqs.routed |= 1u << slot;
	pic->unmask(pic, line);
	return 0;
}

int ck_irq_attach(unsigned int line, ck_irq_fn fn, void *arg)
{
	const struct ck_board *b = ck_core.board;
	ck_rtflags_t flags;
	int ret;

	if (!fn || line >= b->pic->nr_lines)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (irq_line_is_co_kernel(line) || line_is_linux(line))
		ret = -CK_EBUSY;
	else
		ret = attach_line(line, fn, arg);
	arch_rt_restore(flags);
	return ret;
}

int ck_irq_detach(unsigned int line)
{
	ck_rtflags_t flags = arch_rt_mask();
	int s = line_slot(line);

	if (s >= 0) {
		if (irqs.routed & (1u << s))
			slot_unroute((unsigned int)s);
		irqs.slot[s] = (struct irq_slot){ 0 };
		s = 0;
	}
	arch_rt_restore(flags);
	return s;
}

/* Disable entry @s (no effect if it is). RT masked. */
static void slot_disable(unsigned int s)
{
	if (irqs.routed & (1u << s))
		slot_unroute(s);
	irqs.slot[s].disabled = true;
}

int ck_irq_disable(unsigned int line)
{
	ck_rtflags_t flags = arch_rt_mask();
	int s = line_slot(line);

	if (s >= 0) {
		slot_disable((unsigned int)s);
		s = 0;
	}
	arch_rt_restore(flags);
	return s;
}

int ck_irq_enable(unsigned int line)
{
	ck_rtflags_t flags = arch_rt_mask();
	int s = line_slot(line);

	if (s >= 0 && irqs.slot[s].disabled) {
		s = slot_route((unsigned int)s);
		if (s >= 0) {
			irqs.slot[s].disabled = false;
			irqs.slot[s].unhandled_run = 0;
			ck_core.board->pic->unmask(ck_core.board->pic, line);
		}
	}
	arch_rt_restore(flags);
	return s < 0 ? s : 0;
}

int ck_irq_stats(unsigned int line, struct ck_irq_stats *st)
{
	ck_rtflags_t flags;
	int s;

	if (!st)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	s = line_slot(line);
	if (s >= 0) {
		const struct irq_slot *e = &irqs.slot[s];

		st->hits = e->hits;
		st->unhandled = e->unhandled;
		st->storms = e->storms;
		st->enabled = !e->disabled;
		s = 0;
	}
	arch_rt_restore(flags);
	return s;
}

/*
 * Slot @s's handler for @line returned @ret, not CK_IRQ_HANDLED: count an
 * unhandled one, disable the line after CK_IRQ_UNHANDLED_MAX in a row or
 * on CK_IRQ_DISABLE. Out of line: the RT entry's common case is a compare
 * and a branch. RT masked, RT interrupt.
 */
static __attribute__((noinline)) void irq_not_handled(unsigned int s, unsigned int line,
						       enum ck_irq_ret ret)
{
	struct irq_slot *e = &irqs.slot[s];

	if (e->line != line || !e->fn) {
		/* the handler disabled its line, then enabled another one,
		 * which took the slot */
		int at = attached_slot(line);

		if (at < 0)
			return;
		e = &irqs.slot[at];
		s = (unsigned int)at;
	}
	if (!(ret & CK_IRQ_HANDLED)) {
		e->unhandled++;
		if (e->last_none_hit + 1u != e->hits)
			e->unhandled_run = 0;
		e->last_none_hit = e->hits;
		if (++e->unhandled_run >= CK_IRQ_UNHANDLED_MAX && !e->disabled) {
			slot_disable(s);
			e->storms++;
			ck_printf("RT line %u: %u interrupts in a row not handled, disabled "
				  "(ck_irq_enable() takes it again)",
				  line, (unsigned int)e->unhandled_run);
			return;
		}
	}
	if (ret & CK_IRQ_DISABLE)
		slot_disable(s);
}

void irq_dispatch_lines(uint32_t pending)
{
	while (pending) {
		unsigned int s = (unsigned int)__builtin_ctz(pending);
		struct irq_slot *e = &irqs.slot[s];

		pending &= pending - 1u;
		if (e->fn) {
			unsigned int line = e->line;
			enum ck_irq_ret ret;

			e->hits++;
			ret = e->fn(line, e->arg);
			if (__builtin_expect(ret != CK_IRQ_HANDLED, 0))
				irq_not_handled(s, line, ret);
		} else {
			/* no handler: hand the line back to the normal class */
			if (irqs.routed & (1u << s))
				slot_unroute(s);
			irqs.spurious++;
		}
	}
}
