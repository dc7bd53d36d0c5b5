// SPDX-License-Identifier: MIT
/*
 * booke-tb.c - the Book-E timebase as a clocksource (EREF "Timer
 * Facilities": TBL read with mftb, counting up at the timebase frequency).
 */
#include <drv/booke-tb.h>

uint32_t booke_tb_read(const struct ck_clocksource *cs)
{
	uint32_t tbl;

	(void)cs;
	__asm__ volatile("mftb %0" : "=r"(tbl));
	return tbl;
}
