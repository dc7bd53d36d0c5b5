// SPDX-License-Identifier: MIT
/*
 * sp804.c - ARM SP804 dual timer (ARM DDI0271D §3) as the RT clock pair:
 * timer 1 of the block (+0x00) is the one-shot event timer on the RT class,
 * timer 2 (+0x20) counts down freely over 32 bits and is read complemented
 * as an up-counting clocksource. QEMU model: hw/timer/arm_timer.c.
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <drv/sp804.h>

#define SP804_EVENT 0x00u       /* first timer of the block */
#define SP804_CLOCK 0x20u       /* second timer of the block */

#define SP804_LOAD 0x00u        /* RW 32: reload value; write restarts count */
#define SP804_VALUE 0x04u       /* RO 32: current count */
#define SP804_CONTROL 0x08u     /* RW 8: CTRL_* */
#define SP804_INTCLR 0x0cu      /* WO: any write clears the interrupt */
#define SP804_RIS 0x10u         /* RO 1: raw interrupt */
#define SP804_MIS 0x14u         /* RO 1: masked interrupt */

#define CTRL_ONESHOT 0x01u
#define CTRL_32BIT 0x02u
#define CTRL_IE 0x20u
#define CTRL_PERIODIC 0x40u
#define CTRL_EN 0x80u

static inline void sp_write(const struct ck_dev *dev, uint32_t timer, uint32_t reg,
			    uint32_t val)
{
	mmio_write32(dev->va + timer + reg, val);
}

void sp804_init(const struct ck_dev *dev)
{
	sp_write(dev, SP804_EVENT, SP804_CONTROL, 0);
	sp_write(dev, SP804_EVENT, SP804_INTCLR, 1);
	sp_write(dev, SP804_CLOCK, SP804_CONTROL, 0);
	sp_write(dev, SP804_CLOCK, SP804_LOAD, 0xffffffffu);
	sp_write(dev, SP804_CLOCK, SP804_CONTROL, CTRL_EN | CTRL_32BIT);
	mmio_wmb();
}

uint32_t sp804_clock_read(const struct ck_clocksource *cs)
{
	return ~mmio_read32(cs->dev->va + SP804_CLOCK + SP804_VALUE);
}

/*
 * Load then Control with EN: a Load write restarts a halted one-shot count
 * on silicon (DDI0271D §2.3.3), and QEMU reloads the count from Load when
 * Control is written with EN set (arm_timer.c, TimerControl).
 */
void sp804_event_set_next(const struct ck_clockevent *ev, uint32_t ticks)
{
	uintptr_t base = ev->dev->va + SP804_EVENT;

	mmio_write32(base + SP804_LOAD, ticks);
	mmio_write32(base + SP804_CONTROL,
		     CTRL_EN | CTRL_IE | CTRL_ONESHOT | CTRL_32BIT);
}

void sp804_event_ack(const struct ck_clockevent *ev)
{
	sp_write(ev->dev, SP804_EVENT, SP804_INTCLR, 1);
	mmio_wmb();
}

/* Clearing IE drops the line even where the PIC cannot mask an FIQ source. */
void sp804_event_stop(const struct ck_clockevent *ev)
{
	sp_write(ev->dev, SP804_EVENT, SP804_CONTROL, 0);
	sp_write(ev->dev, SP804_EVENT, SP804_INTCLR, 1);
	mmio_wmb();
}
