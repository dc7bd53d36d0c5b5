/* SPDX-License-Identifier: MIT */
/*
 * mpic.h - Freescale MPIC (PowerQUICC III / QorIQ e500 platforms) driver:
 * the PIC ops (RT class = the core's critical input, cint; normal class =
 * int), global timer A0 as the RT clockevent, the timebase as clocksource.
 *
 * Line numbering (struct ck_pic lines):
 *   0..3    global timers A0..A3 (QEMU sources 260..263); RT or normal
 *   4..7    IPIs 0..3 (IPIVPR0..3); normal class only, soft_raise = IPIDR
 *   8..263  interrupt sources 0..255 (IVPR/IDR/ILR at 0x10000 + 32 * src):
 *           external 0..11, internal 16.., MSI 224..; RT only below line 32
 *           (sources 0..23), normal above
 * MPIC_LINE_SRC(s) gives a source's line.
 */
#ifndef DRV_MPIC_H
#define DRV_MPIC_H

#include <stdint.h>
#include <ck/hw.h>

#define MPIC_LINE_TIMER(n) (0u + (n))   /* global timer A<n>, n < 4 */
#define MPIC_LINE_IPI(n) (4u + (n))     /* IPI <n>, n < 4 */
#define MPIC_LINE_SRC(s) (8u + (s))     /* interrupt source <s>, s < 256 */
#define MPIC_NR_LINES (8u + 256u)

/** Register base (VA) of the MPIC block (CCSR + 0x40000); set by the board. */
extern uintptr_t mpic_base;

/** The PIC ops. */
extern const struct ck_pic mpic_pic;

/**
 * mpic_init() - take the MPIC for the co-kernel: mixed mode, every source,
 * IPI and global timer masked and routed to core 0's int output, the timers
 * stopped, core 0's current task priority 0 (the normal class delivers once
 * a source is unmasked). No MPIC reset (GCR[RST]): see mpic.c.
 * Context: init, RT masked.
 */
void mpic_init(void);

/** mpic_tb_read() - low 32 bits of the timebase (TBL). Context: any. */
uint32_t mpic_tb_read(void);

/**
 * mpic_timer_set_next() - global timer A0 fires once @ticks (>= 1, < 2^31,
 * 1 tick = one MPIC timer clock) from now. Context: RT masked.
 */
void mpic_timer_set_next(uint32_t ticks);

/** mpic_timer_ack() - stop timer A0 and release its edge latched on cint. */
void mpic_timer_ack(void);

/** mpic_timer_stop() - stop timer A0 and drop a latched edge. Context: RT masked. */
void mpic_timer_stop(void);

#endif /* DRV_MPIC_H */
