// SPDX-License-Identifier: MIT
/*
 * mpc85xx.c - the MPC85xx devices the e500 boards share: which, where, on
 * which lines, at which clock (QEMU 7.2 hw/ppc/e500.c, e500plat.c,
 * mpc8544ds.c, hw/intc/openpic.c; notes/e500.md §1). QEMU's ppce500 and
 * mpc8544ds have the same devices at the same CCSR offsets and clocks;
 * the CCSR address comes from the board's board.mk (BOARD_CCSR_*), the
 * MPIC version from the MPIC itself (the driver reads BRR1).
 */
#include <ck/arch.h>
#include <drv/booke-tb.h>
#include <drv/mpic.h>
#include <drv/ns16550.h>
#include "mpc85xx.h"

#define CCSR_VA ((uintptr_t)BOARD_CCSR_VA)
#define MPIC_OFF 0x40000u       /* 256 KiB (DT reg size 0x40000) */
#define UART0_OFF 0x4500u       /* DUART channel 0 */

/* Timebase: PLATFORM_CLK_FREQ_HZ = 400 MHz (e500.c), 2.5 ns per tick. */
#define TB_HZ 400000000ull
/* MPIC global timers: fixed 25 MHz in QEMU (openpic.c, TFRR ignored),
 * 40 ns per tick = 16 timebase ticks. */
#define MPIC_TIMER_HZ 25000000ull

/*
 * The windows the co-kernel keeps after the hand-over. Each becomes one
 * protected TLB1 entry at a virtual range Linux reserves (arch.c
 * arch_map_window), so each size is a TLB1 page size (4^n KiB) and the
 * registers lie within the size-aligned page around phys: the MPIC's
 * 256 KiB block, the 4 KiB page of DUART channel 0 (at +0x500 in it), the
 * 1 MiB IPC region.
 */
struct ck_dev mpc85xx_devs[MPC85XX_NR_DEVS] = {
	[MPC85XX_DEV_MPIC] = { .name = "mpic", .phys = BOARD_CCSR_PA_LO + MPIC_OFF,
			       .phys_hi = BOARD_CCSR_PA_HI, .size = 0x40000 },
	[MPC85XX_DEV_UART0] = { .name = "uart0", .phys = BOARD_CCSR_PA_LO + UART0_OFF,
				.phys_hi = BOARD_CCSR_PA_HI, .size = 0x1000 },
	[MPC85XX_DEV_SHM] = { .name = "shm", .phys = BOARD_SHM_PA,
			      .size = BOARD_SHM_SIZE },
};

static struct mpic mpic0;

const struct ck_pic mpc85xx_pic = {
	.name = "mpic",
	.dev = &mpc85xx_devs[MPC85XX_DEV_MPIC],
	.priv = &mpic0,
	MPIC_PIC_OPS,
};

const struct ck_clocksource mpc85xx_clock = {
	.name = "timebase",
	BOOKE_TB_OPS,
	.hz = TB_HZ,
};

const struct mpic_timer mpc85xx_timer_a0 = {
	.ev = {
		.name = "mpic-timer-a0",
		.dev = &mpc85xx_devs[MPC85XX_DEV_MPIC],
		MPIC_TIMER_OPS,
		.hz = MPIC_TIMER_HZ,
		.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	},
	.mpic = &mpic0,
};

const struct ck_uart mpc85xx_uart0 = {
	.name = "ns16550",
	.dev = &mpc85xx_devs[MPC85XX_DEV_UART0],
	NS16550_UART_OPS,
};

void mpc85xx_init(void)
{
	struct ck_dev *d = mpc85xx_devs;

	d[MPC85XX_DEV_MPIC].va = CCSR_VA + MPIC_OFF;
	d[MPC85XX_DEV_UART0].va = CCSR_VA + UART0_OFF;
	d[MPC85XX_DEV_SHM].va = (uintptr_t)arch_phys_to_virt(BOARD_SHM_PA);
	mpic_init(&mpc85xx_pic);
	ns16550_init(&mpc85xx_uart0);
}
