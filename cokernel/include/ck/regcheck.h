/* SPDX-License-Identifier: MIT */
/*
 * regcheck.h - per-arch register fill-and-check helpers for the context
 * switch torture (cokernel/apps/switchtest.c): the arch loads registers
 * with patterns, blocks or spins, and hands back what the registers hold
 * afterwards; the caller compares.
 *
 * Each arch (cokernel/arch/<cpu>/regcheck.S and regcheck-regs.c, or the
 * ARCH_COMMON directory's) lists its checked registers in
 * arch_regcheck_regs[]: first the arch_regcheck_call_count ones a callee
 * must keep across a call (what a voluntary switch must keep), then up to
 * arch_regcheck_spin_count in all, every other register the RT entry must
 * give back to an interrupted task (what a preemption must keep). Register
 * i holds seed + i. FPU registers are not checked: RT code is built
 * soft-float / -m4-nofpu and the co-kernel saves no FPU state.
 */
#ifndef CK_REGCHECK_H
#define CK_REGCHECK_H

#include <stdint.h>

#define CK_REGCHECK_MAX 32u

/** One helper call's in and out. */
struct ck_regcheck {
	uint32_t seed;              /* in: register i is loaded with seed + i */
	volatile uint32_t spinning; /* out: 1 while arch_regcheck_spin() has
				     * its registers loaded and spins */
	uint32_t found[CK_REGCHECK_MAX]; /* out: register i afterwards */
};

/** A checked register. */
struct ck_regcheck_reg {
	const char *name;    /* as the CPU manual writes it ("r4", "cr") */
	uint32_t ctx_word;   /* its word in struct ck_arch_ctx */
	uint32_t call_mask;  /* bits a callee keeps (arch_regcheck_call());
			      * a preemption keeps all 32 */
};

extern const struct ck_regcheck_reg arch_regcheck_regs[];
extern const uint32_t arch_regcheck_call_count; /* checked by _call() */
extern const uint32_t arch_regcheck_spin_count; /* checked by _spin() */

/* In the arch's table file, after arch_regcheck_regs[]: the first @call
 * entries are the call set, all of them the spin set. */
#define CK_REGCHECK_COUNTS(call)                                             \
	const uint32_t arch_regcheck_call_count = (call);                    \
	const uint32_t arch_regcheck_spin_count =                            \
		sizeof(arch_regcheck_regs) / sizeof(arch_regcheck_regs[0]);  \
	_Static_assert(sizeof(arch_regcheck_regs) /                          \
				       sizeof(arch_regcheck_regs[0]) <=      \
			       CK_REGCHECK_MAX,                              \
		       "regcheck table fits found[]")

/**
 * arch_regcheck_call() - load the first arch_regcheck_call_count registers
 * of arch_regcheck_regs[] with @rc->seed + i, call @fn(@arg), store those
 * registers into @rc->found[] as the call left them, and restore the
 * caller's.
 * Return: what @fn returned.
 * Context: RT task (@fn may block).
 */
int arch_regcheck_call(struct ck_regcheck *rc, int (*fn)(void *), void *arg);

/**
 * arch_regcheck_spin() - load the first arch_regcheck_spin_count registers
 * with @rc->seed + i, set @rc->spinning, spin while *@watch == @start, clear
 * @rc->spinning and store them into @rc->found[]. The registers the loop
 * itself needs (the address, @start, the loaded value) are not in the set.
 * Context: RT task; only an interrupt (a preemption) ends the loop.
 */
void arch_regcheck_spin(struct ck_regcheck *rc, const volatile uint32_t *watch,
			uint32_t start);

#endif /* CK_REGCHECK_H */
