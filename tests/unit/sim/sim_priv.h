/* SPDX-License-Identifier: MIT */
/* sim_priv.h - glue between the sim arch (sim_arch.c) and sim board (sim_board.c). */
#ifndef SIM_PRIV_H
#define SIM_PRIV_H

#include <stdbool.h>
#include "sim.h"

/* sim_arch.c */
void sim_arch_reset(void);
/* take RT interrupts while a routed line is pending and RT is unmasked */
void sim_take_irq(void);

/* sim_board.c */
bool sim_pic_rt_pending(void);
void sim_count_irq(void);

/* sim_util.c */
void sim_log_reset(void);

#endif /* SIM_PRIV_H */
