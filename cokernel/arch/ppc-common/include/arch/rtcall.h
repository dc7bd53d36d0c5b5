/* SPDX-License-Identifier: MIT */
/*
 * rtcall.h - the RT entry's call into C, rewritten by
 * arch_rt_handler_set() (ck/arch.h) on both PowerPC ports: their
 * entry.S label the `bl ck_rt_irq_handle` ppc_rt_call.
 */
#ifndef ARCH_RTCALL_H
#define ARCH_RTCALL_H

#include <stdint.h>

struct ck_task;

/* The entry's `bl` (entry.S). */
extern uint32_t ppc_rt_call[];

/*
 * ppc_rt_call_set() - write `bl @handler` (I-form, opcode 18, LK = 1, a
 * signed word offset from the instruction: PowerPC UISA 2.4.1, within
 * 32 MiB) over the entry's call, then make it fetchable: dcbst, sync,
 * icbi, sync, isync (the I-cache does not snoop stores: EREF 2.0 and
 * PEM 5.1.5.1). Context: RT masked.
 */
static inline void ppc_rt_call_set(struct ck_task *(*handler)(void))
{
	uintptr_t at = (uintptr_t)ppc_rt_call;
	uint32_t off = (uint32_t)(uintptr_t)handler - (uint32_t)at;

	*(volatile uint32_t *)at = 0x48000001u | (off & 0x03fffffcu);
	__asm__ volatile("dcbst 0, %0\n\tsync\n\ticbi 0, %0\n\tsync\n\tisync"
			 : : "r"(at) : "memory");
}

#endif /* ARCH_RTCALL_H */
