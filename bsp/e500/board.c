// SPDX-License-Identifier: MIT
/*
 * board.c - e500 (QEMU ppce500, e500v2, FSL MPIC 4.2): the MPC85xx devices
 * (bsp/common/mpc85xx.c) with this board's memory map and CCSR address
 * (board.mk; README.md beside this file).
 */
#include "../common/mpc85xx.h"

MPC85XX_BOARD("e500");
