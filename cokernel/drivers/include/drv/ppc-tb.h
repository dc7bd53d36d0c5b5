/* SPDX-License-Identifier: MIT */
/*
 * ppc-tb.h - the PowerPC core's timebase (TBL) as the RT clocksource (e500,
 * G2_LE): a CPU register, no device window. The board gives its frequency (.hz).
 */
#ifndef DRV_PPC_TB_H
#define DRV_PPC_TB_H

#include <stdint.h>
#include <ck/hw.h>

/** ppc_tb_read() - low 32 bits of the timebase (TBL). Context: any. */
uint32_t ppc_tb_read(const struct ck_clocksource *cs);

#define PPC_TB_OPS .dev = 0, .read = ppc_tb_read, .mask = 0xffffffffu

#endif /* DRV_PPC_TB_H */
