// SPDX-License-Identifier: MIT
/*
 * board.c - versatilepb: which devices, where, on which lines, at which
 * clock (QEMU 7.2 hw/arm/versatilepb.c; notes/arm926.md §4 for the lines).
 */
#include <ck/bsp.h>
#include <ck/guest.h>
#include <drv/pl011.h>
#include <drv/pl190.h>
#include <drv/sp804.h>

#define VIC_PA 0x10140000u
#define SP804_2_PA 0x101e3000u   /* timers 2/3, VIC line 5 */
#define UART0_PA 0x101f1000u     /* VIC line 12 */
#define SP804_2_LINE 5u
#define DOORBELL_LINE 1u         /* VIC line 1: not wired in QEMU */

/* qemu/run-versatilepb sets sp804.freq0/freq1 = 1 GHz: 1 tick = 1 ns =
 * 1 instruction under -icount shift=0 (notes/arm926.md §2). */
#define RT_CLOCK_HZ 1000000000ull

static const struct ck_clocksource clock = {
	.name = "sp804-timer3",
	.read = sp804_clock_read,
	.mask = 0xffffffffu,
	.hz = RT_CLOCK_HZ,
};

static const struct ck_clockevent timer = {
	.name = "sp804-timer2",
	.line = SP804_2_LINE,
	.hz = RT_CLOCK_HZ,
	.max_ticks = 0xffffffffu,
	.set_next = sp804_event_set_next,
	.ack = sp804_event_ack,
	.stop = sp804_event_stop,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* the RT entry, timer to task, is a few hundred instructions (make
	 * bench): about 1-2 us on an ARM926 at 200 MHz with its cache misses */
	.min_period_ns = 10000,
};

static const struct ck_mmio_window mmio[] = {
	{ "vic", VIC_PA, 0x1000, &pl190_base, 0 },
	{ "sp804-2", SP804_2_PA, 0x1000, &sp804_base, 0 },
	{ "uart0", UART0_PA, 0x1000, &pl011_base, 0 },
	{ "shm", BOARD_SHM_PA, BOARD_SHM_SIZE, &ck_shm_va, 0 },
	{ 0 },
};

const struct ck_board ck_board = {
	.name = "versatilepb",
	.cpu = "ARM926EJ-S",
	.pic = &pl190_pic,
	.clock = &clock,
	.timer = &timer,
	.uart = &pl011_uart,
	.doorbell_line = DOORBELL_LINE,
	.uart_rx_line = 12,                /* UART0, VIC line 12 */
	.mmio = mmio,
	.ram_base = BOARD_RAM_PA,
	.ram_size = BOARD_RAM_SIZE,
	.ck_base = BOARD_CK_REGION_PA,
	.ck_size = BOARD_CK_REGION_SIZE,
	.shm_base = BOARD_SHM_PA,
	.shm_size = BOARD_SHM_SIZE,
	.linux_kernel = BOARD_LINUX_KERNEL_PA,
	.linux_dtb = BOARD_LINUX_DTB_PA,
	.linux_initrd = BOARD_LINUX_INITRD_PA,
	.linux_machine_id = BOARD_LINUX_MACHINE_ID,
	.linux_delay_ms = 1500,   /* 1 Hz reporters get a line out first */
};

/* Before Linux every window is identity-mapped, uncached (arm926 start.S). */
void bsp_init(void)
{
	const struct ck_mmio_window *w;

	for (w = ck_board.mmio; w->name; w++)
		*w->va = w->phys;
	pl190_init();
	sp804_init();
	pl011_init();
}
