// SPDX-License-Identifier: MIT
/*
 * irq.c - ownership of RT-class lines and their dispatch.
 */
#include "core.h"

/* Lines the table can hold; a PIC with more is served up to this many. */
#define CK_IRQ_LINES 256u

static struct {
	struct {
		ck_irq_fn fn;
		void *arg;
	} line[CK_IRQ_LINES];
	uint32_t spurious;   /* RT lines that fired with no handler (masked) */
} irqs;

void irq_init(void)
{
	memset(&irqs, 0, sizeof(irqs));
}

int ck_irq_attach(unsigned int line, ck_irq_fn fn, void *arg)
{
	const struct ck_board *b = ck_core.board;
	ck_rtflags_t flags;
	int ret = 0;

	if (!fn || line >= CK_IRQ_LINES || line >= b->pic->nr_lines)
		return -CK_EINVAL;
	flags = arch_rt_mask();
	if (irqs.line[line].fn || line == b->timer->line) {
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
 * A level line whose handler does not clear its device would be returned
 * by next_rt() forever; the bound keeps the RT interrupt finite and the
 * next interrupt serves what is left.
 */
void irq_dispatch_all(void)
{
	const struct ck_board *b = ck_core.board;
	unsigned int budget = b->pic->nr_lines + 1;
	int line;

	while (budget-- && (line = b->pic->next_rt()) >= 0) {
		if ((unsigned int)line == b->timer->line) {
			b->timer->ack();   /* before timer_expire() re-arms it */
		} else if ((unsigned int)line < CK_IRQ_LINES &&
			   irqs.line[line].fn) {
			irqs.line[line].fn(line, irqs.line[line].arg);
		} else {
			b->pic->mask(line);
			irqs.spurious++;
		}
	}
}
