// SPDX-License-Identifier: MIT
/*
 * irq.c - ownership of RT-class lines and their dispatch. The PIC driver
 * gives each RT-routed line a slot (ck/hw.h CK_RT_SLOTS); handlers are
 * kept per slot, so the RT entry goes from the PIC's pending word to the
 * handler without a line lookup.
 */
#include "core.h"

struct irq_hot irq_hot;

static struct {
	uint32_t spurious;   /* RT lines that fired with no handler (masked) */
	uint32_t routed;     /* bit n: slot n holds .line (routed here) */
	struct {
		ck_irq_fn fn;
		void *arg;
		unsigned int line;
	} slot[CK_RT_SLOTS];
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

void irq_hold_rt_lines(void)
{
	const struct ck_pic *pic = ck_core.board->pic;
	unsigned int s;

	for (s = 0; s < CK_RT_SLOTS; s++) {
		if (!irqs.slot[s].fn)
			continue;
		pic->mask(pic, irqs.slot[s].line);
		pic->route_normal(pic, irqs.slot[s].line);
	}
}

void irq_release_rt_lines(void)
{
	const struct ck_pic *pic = ck_core.board->pic;
	unsigned int s;

	for (s = 0; s < CK_RT_SLOTS; s++) {
		unsigned int line = irqs.slot[s].line;
		int slot;

		if (!irqs.slot[s].fn)
			continue;
		slot = pic->route_rt(pic, line);
		if (slot < 0 || (slot != (int)s && irqs.slot[slot].fn)) {
			/* cannot happen: the slots it had are free again */
			ck_printf("RT line %u: no RT slot at attach (%d), left masked",
				  line, slot);
			continue;
		}
		if (slot != (int)s) {
			irqs.slot[slot] = irqs.slot[s];
			irqs.slot[s].fn = NULL;
			irqs.routed = (irqs.routed & ~(1u << s)) | 1u << slot;
		}
		pic->unmask(pic, line);
	}
}

int ck_irq_attach(unsigned int line, ck_irq_fn fn, void *arg)
{
	const struct ck_board *b = ck_core.board;
	ck_rtflags_t flags;
	int ret = 0;

	if (!fn || line >= b->pic->nr_lines)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (irq_line_is_co_kernel(line) || line_is_linux(line)) {
		ret = -CK_EBUSY;
	} else {
		int slot = b->pic->route_rt(b->pic, line);

		if (slot < 0 || slot >= (int)CK_RT_SLOTS || irqs.slot[slot].fn) {
			ret = slot < 0 ? slot : -CK_EBUSY;
		} else {
			irqs.slot[slot].fn = fn;
			irqs.slot[slot].arg = arg;
			irqs.slot[slot].line = line;
			irqs.routed |= 1u << slot;
			b->pic->unmask(b->pic, line);
		}
	}
	arch_rt_restore(flags);
	return ret;
}

void irq_dispatch_lines(uint32_t pending)
{
	const struct ck_pic *pic = irq_hot.pic;

	while (pending) {
		unsigned int s = (unsigned int)__builtin_ctz(pending);

		pending &= pending - 1u;
		if (irqs.slot[s].fn) {
			irqs.slot[s].fn(irqs.slot[s].line, irqs.slot[s].arg);
		} else {
			/* masking alone does not silence an FIQ-routed line
			 * on a PL190 (pl190.c): hand it back to the normal
			 * class */
			if (irqs.routed & (1u << s)) {
				pic->mask(pic, irqs.slot[s].line);
				pic->route_normal(pic, irqs.slot[s].line);
				irqs.routed &= ~(1u << s);
			}
			irqs.spurious++;
		}
	}
}
