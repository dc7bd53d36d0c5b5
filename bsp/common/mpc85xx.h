/* SPDX-License-Identifier: MIT */
/*
 * mpc85xx.h - the MPC85xx SoC data the e500 boards share (bsp/e500,
 * bsp/mpc8544ds): the MPIC, its global timer A0, DUART channel 0 and the
 * IPC region at the board's CCSR address (BOARD_CCSR_* from board.mk),
 * and the core's timebase. Each board's board.c names itself and builds
 * bsp/common/mpc85xx.c (board.mk BSP_SHARED).
 */
#ifndef BSP_MPC85XX_H
#define BSP_MPC85XX_H

#include <ck/bsp.h>
#include <drv/mpic.h>

enum { MPC85XX_DEV_MPIC, MPC85XX_DEV_UART0, MPC85XX_DEV_SHM, MPC85XX_NR_DEVS };

extern struct ck_dev mpc85xx_devs[MPC85XX_NR_DEVS];
extern const struct ck_pic mpc85xx_pic;
extern struct ck_clocksource mpc85xx_clock;
extern struct mpic_timer mpc85xx_timer_a0;
extern const struct ck_uart mpc85xx_uart0;

/* DUART channel 0's receive line (MPIC source 42) */
#define MPC85XX_UART0_LINE ((int)MPIC_LINE_SRC(42u))

/* PCI INTA..D of the CCSR PCI controller: external MPIC sources 1..4, level,
 * active low (QEMU hw/ppc/e500.c pci_irq_nrs; the dts's interrupt-map) */
#define MPC85XX_PCI_INTX_SRC0 1u
#define MPC85XX_PCI_INTX_NR 4u

/**
 * mpc85xx_init() - the clocks from the boot DTB (board defaults where it
 * lacks them), boot mappings of the device table (CCSR at BOARD_CCSR_VA,
 * the IPC region at arch_phys_to_virt()'s address) and the devices taken:
 * MPIC, DUART channel 0. Context: bsp_init(), RT masked.
 */
void mpc85xx_init(void);

/** mpc85xx_report() - say where the clocks came from (ck_board.report). */
void mpc85xx_report(void);

/* The ck_board fields every MPC85xx board fills alike. */
#define MPC85XX_BOARD_DEVICES                                           \
	.cpu = "e500v2", .devs = mpc85xx_devs, .nr_devs = MPC85XX_NR_DEVS, \
	.pic = &mpc85xx_pic, .clock = &mpc85xx_clock,                   \
	.timer = &mpc85xx_timer_a0.ev, .uart = &mpc85xx_uart0,          \
	.shm = &mpc85xx_devs[MPC85XX_DEV_SHM],                          \
	.doorbell_line = MPIC_LINE_IPI(0), .uart_rx_line = MPC85XX_UART0_LINE, \
	.report = mpc85xx_report

/*
 * MPC85XX_BOARD() - an MPC85xx board named @board_name: the ck_board
 * (these devices, board.mk's memory map and Linux lines) and its
 * bsp_init(). A board.c is this one line.
 */
#define MPC85XX_BOARD(board_name)                                       \
	const struct ck_board ck_board = {                              \
		.name = board_name,                                     \
		MPC85XX_BOARD_DEVICES,                                  \
		CK_BOARD_MAP_FROM_MK,                                   \
		CK_BOARD_LINUX_LINES_FROM_MK,                           \
		.linux_delay_ms = 1500,                                 \
	};                                                              \
	void bsp_init(void)                                             \
	{                                                               \
		mpc85xx_init();                                         \
	}

#endif /* BSP_MPC85XX_H */
