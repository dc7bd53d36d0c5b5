// SPDX-License-Identifier: MIT
/*
 * mpc85xx.c - the MPC85xx devices the e500 boards share: which, where, on
 * which lines, at which clock (QEMU 7.2 hw/ppc/e500.c, e500plat.c,
 * mpc8544ds.c, hw/intc/openpic.c; notes/e500.md §1). QEMU's ppce500 and
 * mpc8544ds have the same devices at the same CCSR offsets and clocks;
 * the CCSR address comes from the board's board.mk (BOARD_CCSR_*), the
 * MPIC version from the MPIC itself (the driver reads BRR1).
 */
#include <stdbool.h>
#include <ck/arch.h>
#include <ck/ck.h>
#include <drv/ppc-tb.h>
#include <drv/mpic.h>
#include <drv/ns16550.h>
#include "mpc85xx.h"

#define CCSR_VA ((uintptr_t)BOARD_CCSR_VA)
#define MPIC_OFF 0x40000u       /* 256 KiB (DT reg size 0x40000) */
#define UART0_OFF 0x4500u       /* DUART channel 0 */

/*
 * Clocks: read from the DTB the boot loader hands over (r3 at entry,
 * ck_boot_dtb_pa): the timebase from /cpus/<cpu>/timebase-frequency, the
 * MPIC global timers from the fsl,mpic node's clock-frequency divided by
 * 8, the hardware's default timer clock divider (Linux
 * arch/powerpc/sysdev/mpic_timer.c reads the same property). Where the
 * DTB lacks one, the board's value below, said on the console: QEMU's,
 * PLATFORM_CLK_FREQ_HZ = 400 MHz for the timebase (hw/ppc/e500.c), and a
 * fixed 25 MHz for the MPIC timers (hw/intc/openpic.c, TFRR ignored; QEMU
 * writes no MPIC clock-frequency).
 */
#define TB_HZ_DEFAULT 400000000ull
#define MPIC_TIMER_HZ_DEFAULT 25000000ull
#define MPIC_TIMER_DIV 8u

/* ck_boot_dtb_pa - r3 at entry (arch/ppc-booke start.S, arch.c). */
extern uint32_t ck_boot_dtb_pa;

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

/* .hz: from the DTB at bsp_init() (mpc85xx_init) */
struct ck_clocksource mpc85xx_clock = {
	.name = "timebase",
	PPC_TB_OPS,
};

struct mpic_timer mpc85xx_timer_a0 = {
	.ev = {
		.name = "mpic-timer-a0",
		.dev = &mpc85xx_devs[MPC85XX_DEV_MPIC],
		MPIC_TIMER_OPS,
		.gravity_ns = BOARD_TIMER_GRAVITY_NS,
		/* the RT entry, timer to task, is about 300 instructions (make
		 * bench): well under 1 us on an e500 at 800 MHz; 5 us is also
		 * 125 MPIC ticks */
		.min_period_ns = 5000,
	},
	.mpic = &mpic0,
};

/* Where each clock came from, for mpc85xx_report(). */
static bool tb_from_dtb, mpic_from_dtb;

const struct ck_uart mpc85xx_uart0 = {
	.name = "ns16550",
	.dev = &mpc85xx_devs[MPC85XX_DEV_UART0],
	NS16550_UART_OPS,
};

static void clocks_from_dtb(void)
{
	const void *fdt = arch_phys_to_virt(ck_boot_dtb_pa);
	uint64_t tb = ck_dtb_timebase_hz(fdt);
	uint64_t mpic = ck_dtb_compatible_num(fdt, "fsl,mpic", "clock-frequency") /
			MPIC_TIMER_DIV;

	tb_from_dtb = tb != 0 && tb <= UINT32_MAX;
	mpic_from_dtb = mpic != 0 && mpic <= UINT32_MAX;
	mpc85xx_clock.hz = tb_from_dtb ? tb : TB_HZ_DEFAULT;
	mpc85xx_timer_a0.ev.hz = mpic_from_dtb ? mpic : MPIC_TIMER_HZ_DEFAULT;
}

void mpc85xx_report(void)
{
	ck_printf("clocks: timebase %llu Hz (%s), MPIC timer %llu Hz (%s)",
		  (unsigned long long)mpc85xx_clock.hz,
		  tb_from_dtb ? "DTB" : "not in the DTB: board default",
		  (unsigned long long)mpc85xx_timer_a0.ev.hz,
		  mpic_from_dtb ? "DTB" : "not in the DTB: board default");
}

void mpc85xx_init(void)
{
	struct ck_dev *d = mpc85xx_devs;
	unsigned int i;

	clocks_from_dtb();

	d[MPC85XX_DEV_MPIC].va = CCSR_VA + MPIC_OFF;
	d[MPC85XX_DEV_UART0].va = CCSR_VA + UART0_OFF;
	d[MPC85XX_DEV_SHM].va = (uintptr_t)arch_phys_to_virt(BOARD_SHM_PA);
	mpic_init(&mpc85xx_pic);
	for (i = 0; i < MPC85XX_PCI_INTX_NR; i++)
		mpic_set_level_low(&mpc85xx_pic, MPIC_LINE_SRC(MPC85XX_PCI_INTX_SRC0 + i));
	ns16550_init(&mpc85xx_uart0);
}
