// SPDX-License-Identifier: MIT
/*
 * board.c - versatilepb: which devices, where, on which lines, at which
 * clock (QEMU 7.2 hw/arm/versatilepb.c; notes/arm926.md §4 for the lines).
 */
#include <arch/mmio.h>
#include <ck/bsp.h>
#include <drv/pl011.h>
#include <drv/pl190.h>
#include <drv/sp804.h>

#define VIC_PA 0x10140000u
#define SP804_2_PA 0x101e3000u   /* timers 2/3, VIC line 5 */
#define UART0_PA 0x101f1000u     /* VIC line 12 */
#define SP804_2_LINE 5u
#define DOORBELL_LINE 1u         /* VIC line 1: not wired in QEMU */
/*
 * The secondary interrupt controller (SIC) passes its lines 21..30 straight
 * to the same VIC lines when their PICENABLE bit is set (ARM DUI 0224
 * PB926EJ-S user guide, SIC; QEMU hw/arm/versatilepb.c vpb_sic_set_irq;
 * Linux does the same in irq-versatile-fpga.c for "arm,versatile-sic").
 * The SMC91C111 (0x10010000, Linux's eth0) is SIC line 25: passed through,
 * it is VIC line 25, one of board.mk's LINUX_IRQ_LINES. The co-kernel owns
 * the SIC as it owns the VIC, so it sets the bit once, before Linux; Linux
 * never sees the SIC.
 */
#define SIC_PA 0x10003000u
#define SIC_PICENSET 0x20u       /* WO 32: pass SIC line n to VIC line n */
#define SIC_LINE_ETH 25u

/* qemu/run-versatilepb sets sp804.freq0/freq1 = 1 GHz: 1 tick = 1 ns =
 * 1 instruction under -icount shift=0 (notes/arm926.md §2). */
#define RT_CLOCK_HZ 1000000000ull

enum { DEV_VIC, DEV_SP804_2, DEV_UART0, DEV_SHM, NR_DEVS };

/* The device table (ck/bsp.h): va is the boot mapping until the hand-over. */
static struct ck_dev devs[NR_DEVS] = {
	[DEV_VIC] = { .name = "vic", .phys = VIC_PA, .size = 0x1000 },
	[DEV_SP804_2] = { .name = "sp804-2", .phys = SP804_2_PA, .size = 0x1000 },
	[DEV_UART0] = { .name = "uart0", .phys = UART0_PA, .size = 0x1000 },
	[DEV_SHM] = { .name = "shm", .phys = BOARD_SHM_PA, .size = BOARD_SHM_SIZE },
};

static const struct ck_pic vic = {
	.name = "pl190",
	.dev = &devs[DEV_VIC],
	PL190_PIC_OPS,
};

static const struct ck_clocksource clock = {
	.name = "sp804-timer3",
	.dev = &devs[DEV_SP804_2],
	SP804_CLOCK_OPS,
	.hz = RT_CLOCK_HZ,
};

static const struct ck_clockevent timer = {
	.name = "sp804-timer2",
	.dev = &devs[DEV_SP804_2],
	SP804_EVENT_OPS,
	.line = SP804_2_LINE,
	.hz = RT_CLOCK_HZ,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* the RT entry, timer to task, is a few hundred instructions (make
	 * bench): about 1-2 us on an ARM926 at 200 MHz with its cache misses */
	.min_period_ns = 10000,
};

static const struct ck_uart uart0 = {
	.name = "pl011",
	.dev = &devs[DEV_UART0],
	PL011_UART_OPS,
};

const struct ck_board ck_board = {
	.name = "versatilepb",
	.cpu = "ARM926EJ-S",
	.devs = devs,
	.nr_devs = NR_DEVS,
	.pic = &vic,
	.clock = &clock,
	.timer = &timer,
	.uart = &uart0,
	.doorbell_line = DOORBELL_LINE,
	.uart_rx_line = 12,                /* UART0, VIC line 12 */
	.shm = &devs[DEV_SHM],
	CK_BOARD_MAP_FROM_MK,
	CK_BOARD_LINUX_LINES_FROM_MK,
	.linux_delay_ms = 1500,   /* 1 Hz reporters get a line out first */
};

/* Before Linux every window is identity-mapped, uncached (arm926 start.S). */
void bsp_init(void)
{
	unsigned int i;

	for (i = 0; i < NR_DEVS; i++)
		devs[i].va = devs[i].phys;
	pl190_init(&vic);
	/* identity-mapped before Linux like every device (arm926 start.S);
	 * not a table window: nothing touches the SIC after this */
	mmio_write32(SIC_PA + SIC_PICENSET, 1u << SIC_LINE_ETH);
	sp804_init(&devs[DEV_SP804_2]);
	pl011_init(&uart0);
}
