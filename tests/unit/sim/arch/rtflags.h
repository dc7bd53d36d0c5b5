/* SPDX-License-Identifier: MIT */
/*
 * rtflags.h - the host simulation's arch_rt_mask()/arch_rt_restore(), out
 * of line in sim_arch.c: restoring an unmasked state takes a simulated RT
 * interrupt there. Contract in ck/arch.h.
 */
#ifndef CK_ARCH_RTFLAGS_H
#define CK_ARCH_RTFLAGS_H

ck_rtflags_t arch_rt_mask(void);
void arch_rt_restore(ck_rtflags_t flags);

#endif /* CK_ARCH_RTFLAGS_H */
