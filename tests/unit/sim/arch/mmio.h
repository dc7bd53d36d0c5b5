/* SPDX-License-Identifier: MIT */
/*
 * mmio.h - the drivers' register accessors on the host (unit tests): a
 * "device" is a block of host memory the test gives as the ck_dev's va,
 * and every access is counted (sim_mmio.c), separately when the RT class
 * is masked, so a test can bound what a driver does with RT held off.
 */
#ifndef ARCH_MMIO_H
#define ARCH_MMIO_H

#include <stdint.h>

/* sim_mmio.c: count one access at @addr */
void sim_mmio_count(uintptr_t addr);

static inline uint32_t mmio_read32(uintptr_t addr)
{
	sim_mmio_count(addr);
	return *(const volatile uint32_t *)addr;
}

static inline void mmio_write32(uintptr_t addr, uint32_t val)
{
	sim_mmio_count(addr);
	*(volatile uint32_t *)addr = val;
}

static inline uint8_t mmio_read8(uintptr_t addr)
{
	sim_mmio_count(addr);
	return *(const volatile uint8_t *)addr;
}

static inline void mmio_write8(uintptr_t addr, uint8_t val)
{
	sim_mmio_count(addr);
	*(volatile uint8_t *)addr = val;
}

static inline uint16_t mmio_read16(uintptr_t addr)
{
	sim_mmio_count(addr);
	return *(const volatile uint16_t *)addr;
}

static inline void mmio_write16(uintptr_t addr, uint16_t val)
{
	sim_mmio_count(addr);
	*(volatile uint16_t *)addr = val;
}

static inline void mmio_wmb(void)
{
}

#endif /* ARCH_MMIO_H */
