/* SPDX-License-Identifier: MIT */
/*
 * mmio.h - ARM926EJ-S device register accessors.
 *
 * Every driver register access goes through these. Before Linux the
 * co-kernel maps devices strongly ordered (C=0, B=0); after the hand-over it
 * uses Linux's ioremap() mappings, which on ARMv5 are bufferable (MT_DEVICE,
 * C=0 B=1). So after a write that must reach the device before an effect
 * depends on it (acknowledging an interrupt before leaving the FIQ), call
 * mmio_wmb(), which drains the write buffer (ARM926EJ-S TRM DDI0198E
 * §2.3.8, c7 c10 4). The compiler barriers keep accesses in program order.
 */
#ifndef ARCH_MMIO_H
#define ARCH_MMIO_H

#include <stdint.h>

/** mmio_read32() - read the 32-bit register at @addr. Context: any. */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	uint32_t v = *(const volatile uint32_t *)addr;

	__asm__ volatile("" ::: "memory");
	return v;
}

/** mmio_write32() - write @val to the 32-bit register at @addr. Context: any. */
static inline void mmio_write32(uintptr_t addr, uint32_t val)
{
	__asm__ volatile("" ::: "memory");
	*(volatile uint32_t *)addr = val;
}

/** mmio_wmb() - drain the write buffer so earlier writes reached the device. */
static inline void mmio_wmb(void)
{
	__asm__ volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory");
}

#endif /* ARCH_MMIO_H */
