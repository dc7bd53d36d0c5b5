// SPDX-License-Identifier: MIT
/*
 * board.c - e500 on QEMU ppce500 (MPC85xx-like, e500v2, FSL MPIC 4.2):
 * which devices, where, on which lines, at which clock (QEMU 7.2
 * hw/ppc/e500.c, e500plat.c, hw/intc/openpic.c; notes/e500.md §1).
 * bsp/mpc8544ds builds this same file: QEMU's mpc8544ds has the same
 * devices at the same CCSR offsets and clocks, its CCSR at PA 0xE000_0000
 * (board.mk) and an MPIC 2.0 (the driver reads BRR1).
 */
#include <ck/arch.h>
#include <ck/bsp.h>
#include <ck/guest.h>
#include <drv/mpic.h>
#include <drv/ns16550.h>

#ifndef BOARD_NAME
#define BOARD_NAME "e500"
#endif
#define CCSR_VA ((uintptr_t)BOARD_CCSR_VA)
#define MPIC_OFF 0x40000u       /* 256 KiB (DT reg size 0x40000) */
#define UART0_OFF 0x4500u       /* DUART channel 0, source 42 */
#define UART0_SRC 42u

/* Timebase: PLATFORM_CLK_FREQ_HZ = 400 MHz (e500.c), 2.5 ns per tick. */
#define TB_HZ 400000000ull
/* MPIC global timers: fixed 25 MHz in QEMU (openpic.c, TFRR ignored),
 * 40 ns per tick = 16 timebase ticks. */
#define MPIC_TIMER_HZ 25000000ull

static const struct ck_clocksource clock = {
	.name = "timebase",
	.read = mpic_tb_read,
	.mask = 0xffffffffu,
	.hz = TB_HZ,
};

static const struct ck_clockevent timer = {
	.name = "mpic-timer-a0",
	.line = MPIC_LINE_TIMER(0),
	.hz = MPIC_TIMER_HZ,
	.max_ticks = 0x7fffffffu,       /* GTBCR count: 31 bits */
	.set_next = mpic_timer_set_next,
	.ack = mpic_timer_ack,
	.stop = mpic_timer_stop,
	.gravity_ns = BOARD_TIMER_GRAVITY_NS,
	/* the RT entry, timer to task, is about 300 instructions (make bench):
	 * well under 1 us on an e500 at 800 MHz; 5 us is also 125 MPIC ticks */
	.min_period_ns = 5000,
};

/*
 * The windows the co-kernel keeps after the hand-over. Each becomes one
 * protected TLB1 entry at a virtual range Linux reserves (arch.c
 * arch_map_window), so each size is a TLB1 page size (4^n KiB) and the
 * registers lie within the size-aligned page around phys: the MPIC's
 * 256 KiB block, the 4 KiB page of DUART channel 0 (at +0x500 in it), the
 * 1 MiB IPC region.
 */
static const struct ck_mmio_window mmio[] = {
	{ "mpic", BOARD_CCSR_PA_LO + MPIC_OFF, 0x40000, &mpic_base, BOARD_CCSR_PA_HI },
	{ "uart0", BOARD_CCSR_PA_LO + UART0_OFF, 0x1000, &ns16550_base, BOARD_CCSR_PA_HI },
	{ "shm", BOARD_SHM_PA, BOARD_SHM_SIZE, &ck_shm_va, 0 },
	{ 0 },
};

const struct ck_board ck_board = {
	.name = BOARD_NAME,
	.cpu = "e500v2",
	.pic = &mpic_pic,
	.clock = &clock,
	.timer = &timer,
	.uart = &ns16550_uart,
	.doorbell_line = MPIC_LINE_IPI(0),
	.uart_rx_line = MPIC_LINE_SRC(UART0_SRC),
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
	.linux_delay_ms = 1500,
};

/* Before Linux: the co-kernel's RAM block at its Linux linear-map EA, CCSR
 * at CCSR_VA (start.S TLB1 entries). */
void bsp_init(void)
{
	mpic_base = CCSR_VA + MPIC_OFF;
	ns16550_base = CCSR_VA + UART0_OFF;
	ck_shm_va = (uintptr_t)arch_phys_to_virt(BOARD_SHM_PA);
	mpic_init();
	ns16550_init();
}
