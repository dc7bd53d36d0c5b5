/* SPDX-License-Identifier: MIT */
/*
 * booke-tb.h - the Book-E core's timebase (TBL) as the RT clocksource: a
 * CPU register, no device window. The board gives its frequency (.hz).
 */
#ifndef DRV_BOOKE_TB_H
#define DRV_BOOKE_TB_H

#include <stdint.h>
#include <ck/hw.h>

/** booke_tb_read() - low 32 bits of the timebase (TBL). Context: any. */
uint32_t booke_tb_read(const struct ck_clocksource *cs);

#define BOOKE_TB_OPS .dev = 0, .read = booke_tb_read, .mask = 0xffffffffu

#endif /* DRV_BOOKE_TB_H */
