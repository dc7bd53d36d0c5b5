// SPDX-License-Identifier: MIT
/*
 * irq.c - ownership of RT-class lines and their dispatch.
 */
#include "core.h"

static struct {
	/* hot: the PIC's and the clockevent's ops, copied from the board */
	uint32_t (*pending_rt)(void);
	void (*timer_ack)(void);
	uint32_t timer_bit;  /* 1 << the clockevent's line */
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
	irqs.pending_rt = b->pic->pending_rt;
	irqs.timer_ack = b->timer->ack;
	irqs.timer_bit = 1u << b->timer->line;
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

/*
 * One read of the PIC serves every line pending at entry: the clockevent's
 * first (acknowledged before timer_expire() re-arms it), then the others by
 * line number. A line raised meanwhile, or a level line whose handler does
 * not clear its device, is still asserted at the exit and is taken by the
 * next entry, so one RT interrupt stays finite.
 */
void irq_dispatch_all(void)
{
	uint32_t pending = irqs.pending_rt();

	if (pending & irqs.timer_bit) {
		irqs.timer_ack();
		pending &= ~irqs.timer_bit;
	}
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
