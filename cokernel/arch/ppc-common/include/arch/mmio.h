/* SPDX-License-Identifier: MIT */
/*
 * mmio.h - PowerPC (e500, G2_LE) device register accessors.
 *
 * Every driver register access goes through these. The CPUs are big-endian
 * and so are the SoC devices (e500: the CCSR's MPIC and DUART; MPC5200B:
 * the MBAR's), so no byte swap. The device windows are mapped
 * cache-inhibited and guarded (I|G), which keeps accesses in order
 * among themselves but not against cacheable memory: as Linux's
 * arch/powerpc/include/asm/io.h does, a store is preceded by `sync` and a
 * load is followed by the twi/isync idiom, so that the load has completed
 * before anything after it executes (e500CORERM "memory synchronization").
 */
#ifndef ARCH_MMIO_H
#define ARCH_MMIO_H

#include <stdint.h>

/** mmio_read32() - read the big-endian 32-bit register at @addr. Context: any. */
static inline uint32_t mmio_read32(uintptr_t addr)
{
	uint32_t v;

	__asm__ volatile("sync\n\tlwz%U1%X1 %0,%1\n\ttwi 0,%0,0\n\tisync"
			 : "=r"(v)
			 : "m"(*(const volatile uint32_t *)addr)
			 : "memory");
	return v;
}

/** mmio_write32() - write @val to the big-endian 32-bit register at @addr. */
static inline void mmio_write32(uintptr_t addr, uint32_t val)
{
	__asm__ volatile("sync\n\tstw%U0%X0 %1,%0"
			 : "=m"(*(volatile uint32_t *)addr)
			 : "r"(val)
			 : "memory");
}

/** mmio_read8() - read the 8-bit register at @addr. Context: any. */
static inline uint8_t mmio_read8(uintptr_t addr)
{
	uint32_t v;

	__asm__ volatile("sync\n\tlbz%U1%X1 %0,%1\n\ttwi 0,%0,0\n\tisync"
			 : "=r"(v)
			 : "m"(*(const volatile uint8_t *)addr)
			 : "memory");
	return (uint8_t)v;
}

/** mmio_write8() - write @val to the 8-bit register at @addr. */
static inline void mmio_write8(uintptr_t addr, uint8_t val)
{
	__asm__ volatile("sync\n\tstb%U0%X0 %1,%0"
			 : "=m"(*(volatile uint8_t *)addr)
			 : "r"(val)
			 : "memory");
}

/** mmio_read16() - read the big-endian 16-bit register at @addr (the
 * MPC5200B PSC's SR, ISR). Context: any. */
static inline uint16_t mmio_read16(uintptr_t addr)
{
	uint32_t v;

	__asm__ volatile("sync\n\tlhz%U1%X1 %0,%1\n\ttwi 0,%0,0\n\tisync"
			 : "=r"(v)
			 : "m"(*(const volatile uint16_t *)addr)
			 : "memory");
	return (uint16_t)v;
}

/** mmio_write16() - write @val to the big-endian 16-bit register at @addr. */
static inline void mmio_write16(uintptr_t addr, uint16_t val)
{
	__asm__ volatile("sync\n\tsth%U0%X0 %1,%0"
			 : "=m"(*(volatile uint16_t *)addr)
			 : "r"(val)
			 : "memory");
}

/** mmio_wmb() - order earlier stores before later accesses (sync). */
static inline void mmio_wmb(void)
{
	__asm__ volatile("sync" ::: "memory");
}

#endif /* ARCH_MMIO_H */
