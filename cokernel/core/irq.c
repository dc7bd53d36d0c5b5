// SPDX-License-Identifier: MIT
/*
 * irq.c - ownership of RT-class lines and their dispatch.
 */
#include "core.h"

struct irq_hot irq_hot;

static struct {
	uint32_t spurious;   /* RT lines that fired with no handler (masked) */
	struct {
		ck_irq_fn fn;
		void *arg;
	} line[CK_RT_LINES];
} irqs;

void irq_init(void)
{
	const struct ck_board *b = ck_core.board;

	memset(&irqs, 0, sizeof(irqs));
	ck_assert(b->pic->pending_rt && b->timer->ack &&
		  b->timer->line < CK_RT_LINES);
	irq_hot.pending_rt = b->pic->pending_rt;
	irq_hot.timer_ack = b->timer->ack;
	irq_hot.timer_bit = 1u << b->timer->line;
}

bool irq_line_is_co_kernel(unsigned int line)
{
	const struct ck_board *b = ck_core.board;

	return line == b->timer->line || line == b->doorbell_line ||
	       (int)line == b->uart_rx_line ||
	       (line < CK_RT_LINES && irqs.line[line].fn);
}

int ck_irq_attach(unsigned int line, ck_irq_fn fn, void *arg)
{
	const struct ck_board *b = ck_core.board;
	ck_rtflags_t flags;
	int ret = 0;

	if (!fn || line >= CK_RT_LINES || line >= b->pic->nr_lines)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (irq_line_is_co_kernel(line)) {
		ret = -CK_EBUSY;
	} else {
		irqs.line[line].fn = fn;
		irqs.line[line].arg = arg;
		b->pic->route(line, 1);
		b->pic->unmask(line);
	}
	arch_rt_restore(flags);
	return ret;
}

void irq_dispatch_lines(uint32_t pending)
{
	while (pending) {
		unsigned int line = (unsigned int)__builtin_ctz(pending);

		pending &= pending - 1u;
		if (irqs.line[line].fn) {
			irqs.line[line].fn(line, irqs.line[line].arg);
		} else {
			/* masking alone does not silence an FIQ-routed line on
			 * a PL190 (pl190.c): hand it back to the normal class */
			ck_core.board->pic->mask(line);
			ck_core.board->pic->route(line, 0);
			irqs.spurious++;
		}
	}
}
