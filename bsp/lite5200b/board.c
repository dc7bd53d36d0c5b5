// SPDX-License-Identifier: MIT
/*
 * board.c - lite5200b (Freescale Lite5200B, MPC5200B: G2_LE core; QEMU -M
 * lite5200b, the project's model: qemu/README.md): which devices, where,
 * on which lines, at which clock. Memory map and clocks: board.mk and
 * README.md beside this file.
 *
 * Every device the co-kernel uses is in the first 128 KiB of MBAR, one
 * window (one BAT: arch/ppc-g2): the ICTL (+0x500), the slice timers
 * (+0x700) and PSC1 (+0x2000).
 */
#include <stdbool.h>
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/ck.h>
#include <drv/mpc52xx-ictl.h>
#include <drv/mpc52xx-psc.h>
#include <drv/mpc52xx-slt.h>
#include <drv/ppc-tb.h>

/*
 * Clocks: the timebase from the boot DTB's /cpus/<cpu>/timebase-frequency
 * when the loader hands one over (r3), else the board's: the Lite5200B's
 * U-Boot runs the XLB at 132 MHz, the timebase at XLB/4 = 33 MHz, and the
 * IPB (the slice timers' clock) at 132 MHz (the project's QEMU machine
 * likewise: qemu/patches/0026). The IPB clock is the soc node's
 * bus-frequency.
 */
#define TB_HZ_DEFAULT 33000000ull
#define IPB_HZ_DEFAULT 132000000ull

enum { DEV_MBAR, DEV_SHM, NR_DEVS };

/* ck_boot_dtb_pa - r3 at entry (arch/ppc-g2 start.S, arch.c). */
extern uint32_t ck_boot_dtb_pa;

static struct ck_dev devs[NR_DEVS] = {
	[DEV_MBAR] = { .name = "mbar", .phys = BOARD_MBAR_PA, .size = BOARD_MBAR_SIZE },
	[DEV_SHM] = { .name = "shm", .phys = BOARD_SHM_PA, .size = BOARD_SHM_SIZE },
};

static const struct ck_pic ictl = {
	.name = "mpc52xx-ictl",
	.dev = &devs[DEV_MBAR],
	MPC52XX_ICTL_PIC_OPS,
};

/* .hz: bsp_init() */
static struct ck_clocksource tb = {
	.name = "timebase",
	PPC_TB_OPS,
};

static struct ck_clockevent slt0 = {
	.name = "slt0",
	.dev = &devs[DEV_MBAR],
	.line = MPC52XX_ICTL_LINE_SLT0,
	MPC52XX_SLT_OPS,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* a few RT entries (make bench): 5 us */
	.min_period_ns = 5000,
};

static const struct ck_uart psc1 = {
	.name = "psc1",
	.dev = &devs[DEV_MBAR],
	MPC52XX_PSC_UART_OPS,
};

static bool tb_from_dtb, ipb_from_dtb;

static void report(void)
{
	ck_printf("clocks: timebase %llu Hz (%s), IPB (slice timers) %llu Hz (%s)",
		  (unsigned long long)tb.hz,
		  tb_from_dtb ? "DTB" : "not in the DTB: board default",
		  (unsigned long long)slt0.hz,
		  ipb_from_dtb ? "DTB" : "not in the DTB: board default");
}

const struct ck_board ck_board = {
	.name = "lite5200b",
	.cpu = "G2_LE (MPC5200B)",
	.devs = devs,
	.nr_devs = NR_DEVS,
	.pic = &ictl,
	.clock = &tb,
	.timer = &slt0,
	.uart = &psc1,
	.shm = &devs[DEV_SHM],
	.doorbell_line = MPC52XX_ICTL_SOFT_LINE,
	.uart_rx_line = MPC52XX_ICTL_LINE_PSC1,
	.report = report,
	CK_BOARD_MAP_FROM_MK,
	CK_BOARD_LINUX_LINES_FROM_MK,
	.linux_delay_ms = 1500,
};

void bsp_init(void)
{
	const void *fdt = arch_phys_to_virt(ck_boot_dtb_pa);
	uint64_t hz = ck_dtb_timebase_hz(fdt);
	uint64_t ipb = ck_dtb_compatible_num(fdt, "fsl,mpc5200b-immr", "bus-frequency");

	tb_from_dtb = hz != 0 && hz <= UINT32_MAX;
	tb.hz = tb_from_dtb ? hz : TB_HZ_DEFAULT;
	ipb_from_dtb = ipb != 0 && ipb <= UINT32_MAX;
	slt0.hz = ipb_from_dtb ? ipb : IPB_HZ_DEFAULT;
	devs[DEV_MBAR].va = BOARD_MBAR_PA;       /* start.S: DBAT5, EA = PA */
	devs[DEV_SHM].va = (uintptr_t)arch_phys_to_virt(BOARD_SHM_PA);
	mpc52xx_ictl_init(&ictl);
	mpc52xx_psc_init(&psc1, true);
}
