/* SPDX-License-Identifier: MIT */
/*
 * mmio.h - SH-4 device register accessors.
 *
 * Every driver register access goes through these. The CPU runs
 * little-endian (-ml) and the on-chip modules are accessed at their
 * natural width, so no byte swap. The registers are in P4 (0xfe000000..)
 * or through P2 (the board's FPGA): both uncached, and the SH-4 keeps
 * uncached accesses in program order. A write to a module can still be in
 * flight when a following instruction runs (hardware manual §5.7: clear an
 * interrupt source's flag, then read the register back before `rte`), so
 * the drivers read back where that matters; mmio_wmb() is a compiler
 * barrier only.
 */
#ifndef ARCH_MMIO_H
#define ARCH_MMIO_H

#include <stdint.h>

/** mmio_read32() - read the 32-bit register at @addr. Context: any. */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(const volatile uint32_t *)addr;
}

/** mmio_write32() - write @val to the 32-bit register at @addr. */
static inline void mmio_write32(uintptr_t addr, uint32_t val)
{
	*(volatile uint32_t *)addr = val;
}

/** mmio_read16() - read the 16-bit register at @addr. Context: any. */
static inline uint16_t mmio_read16(uintptr_t addr)
{
	return *(const volatile uint16_t *)addr;
}

/** mmio_write16() - write @val to the 16-bit register at @addr. */
static inline void mmio_write16(uintptr_t addr, uint16_t val)
{
	*(volatile uint16_t *)addr = val;
}

/** mmio_read8() - read the 8-bit register at @addr. Context: any. */
static inline uint8_t mmio_read8(uintptr_t addr)
{
	return *(const volatile uint8_t *)addr;
}

/** mmio_write8() - write @val to the 8-bit register at @addr. */
static inline void mmio_write8(uintptr_t addr, uint8_t val)
{
	*(volatile uint8_t *)addr = val;
}

/** mmio_wmb() - keep the compiler from moving accesses across this point. */
static inline void mmio_wmb(void)
{
	__asm__ volatile("" ::: "memory");
}

#endif /* ARCH_MMIO_H */
