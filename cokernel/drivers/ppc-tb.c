// SPDX-License-Identifier: MIT
/*
 * ppc-tb.c - the PowerPC timebase as a clocksource: TBL read with mftb,
 * counting up at the timebase frequency (e500: EREF "Timer Facilities";
 * G2_LE: the 32-bit PEM's "Time Base"; on the MPC5200B one tick per four
 * XLB clocks, as U-Boot's mpc5xxx device-tree fix-up states it).
 */
#include <drv/ppc-tb.h>

uint32_t ppc_tb_read(const struct ck_clocksource *cs)
{
	uint32_t tbl;

	(void)cs;
	__asm__ volatile("mftb %0" : "=r"(tbl));
	return tbl;
}
