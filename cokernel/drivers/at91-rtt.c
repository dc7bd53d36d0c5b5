// SPDX-License-Identifier: MIT
/*
 * at91-rtt.c - Atmel AT91SAM9260 Real-time Timer (RTT): its interrupts off
 * at boot (drv/at91-rtt.h). Register map: the "Real-time Timer (RTT)"
 * chapter of the AT91SAM9260 datasheet (Atmel 6221), read in the SAM9G20
 * datasheet (DS60001516A) [SAM9G20, same block]. QEMU model:
 * qemu/patches/0018 (at91-rtt).
 */
#include <stdint.h>
#include <arch/mmio.h>
#include <drv/at91-rtt.h>

#define RTT_MR 0x00u            /* RW: RTPRES 15:0, ALMIEN 16, RTTINCIEN 17, RTTRST 18 */
#define MR_RTPRES 0xffffu

void at91_rtt_irqs_off(const struct ck_dev *dev)
{
	uint32_t mr = mmio_read32(dev->va + RTT_MR);

	mmio_write32(dev->va + RTT_MR, mr & MR_RTPRES);
}
