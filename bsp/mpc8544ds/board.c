// SPDX-License-Identifier: MIT
/*
 * board.c - mpc8544ds: the e500 board data (bsp/e500/board.c) under this
 * board's name; the CCSR address comes from board.mk, the MPIC version
 * from the MPIC itself.
 */
#define BOARD_NAME "mpc8544ds"
#include "../e500/board.c"
