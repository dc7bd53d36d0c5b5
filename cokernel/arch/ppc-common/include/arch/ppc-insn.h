/* SPDX-License-Identifier: MIT */
/*
 * ppc-insn.h - reading Linux's machine code in its staged image: the
 * words a patched Linux's stubs load through `lis`/`lwz` pairs (the
 * co-kernel sets them before Linux runs: arch/ppc-g2/arch.c,
 * arch/ppc-booke/arch.c). Encodings: Power ISA Book I, "Fixed-Point Load
 * Instructions" (lwz: opcode 32, D-form) and addis (opcode 15; lis rD, v
 * is addis rD, 0, v).
 */
#ifndef ARCH_PPC_INSN_H
#define ARCH_PPC_INSN_H

#include <stdbool.h>
#include <stdint.h>

/* the D-form instruction word of opcode @op, rD @d, rA @a, immediate 0 */
#define PPC_DFORM(op, d, a) (((uint32_t)(op) << 26) | ((uint32_t)(d) << 21) | ((uint32_t)(a) << 16))

/*
 * ppc_lis_lwz_ea() - the effective address a `lis rR, hi` /
 * `lwz rR, lo(rR)` pair at @at loads from, (hi << 16) + sign-extended
 * lo; 0 if the two words are not such a pair (register @r, 0-31).
 */
static inline uint32_t ppc_lis_lwz_ea(const uint32_t *at, unsigned int r)
{
	if ((at[0] & 0xffff0000u) != PPC_DFORM(15, r, 0) ||
	    (at[1] & 0xffff0000u) != PPC_DFORM(32, r, r))
		return 0;
	return (at[0] << 16) + (uint32_t)(int32_t)(int16_t)(at[1] & 0xffffu);
}

/*
 * ppc_insns_match() - whether the @n words at @at are @want's, a 0 in
 * @want matching any word (an immediate or a displacement the caller
 * decodes).
 */
static inline bool ppc_insns_match(const uint32_t *at, const uint32_t *want, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (want[i] && at[i] != want[i])
			return false;
	return true;
}

#endif /* ARCH_PPC_INSN_H */
