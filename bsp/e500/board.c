// SPDX-License-Identifier: MIT
/*
 * board.c - e500 (QEMU ppce500, e500v2, FSL MPIC 4.2): the MPC85xx devices
 * (bsp/common/mpc85xx.c) with this board's memory map and CCSR address
 * (board.mk; README.md beside this file).
 */
#include "../common/mpc85xx.h"

const struct ck_board ck_board = {
	.name = "e500",
	MPC85XX_BOARD_DEVICES,
	CK_BOARD_MAP_FROM_MK,
	CK_BOARD_LINUX_LINES_FROM_MK,
	.linux_delay_ms = 1500,
};

void bsp_init(void)
{
	mpc85xx_init();
}
