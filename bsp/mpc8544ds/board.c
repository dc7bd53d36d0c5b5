// SPDX-License-Identifier: MIT
/*
 * board.c - mpc8544ds (QEMU mpc8544ds, MPIC 2.0): the MPC85xx devices
 * (bsp/common/mpc85xx.c) with this board's memory map and CCSR address
 * (board.mk; README.md beside this file).
 */
#include "../common/mpc85xx.h"

MPC85XX_BOARD("mpc8544ds");
