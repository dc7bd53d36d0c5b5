/* SPDX-License-Identifier: MIT */
/*
 * lowvec.S - the co-kernel's vector page before Linux: an image of
 * physical 0x0000-0x14ff, which start.S copies to physical 0 (the G2_LE's
 * vectors with MSR[IP] = 0: G2CORERM Table 5-1) and which Linux's own head
 * replaces at the hand-over (arch.c g2_enter_linux). Position-independent:
 * every branch goes through CTR to a physical address.
 *   0x00A00  critical interrupt: the RT entry, with the contract of Linux's
 *            stub (entry.S): r3 in SPRG5, CTR in SPRG6, MMU off
 *   others   g2_fatal (entry.S) with r3 = the vector offset: reported, the
 *            co-kernel stops. Before Linux the co-kernel runs with
 *            MSR[EE] = 0 and every address BAT-mapped, so an external,
 *            decrementer or TLB-miss exception means a bug, an unmapped
 *            access, or a fault of an RT task (RT task faults are not
 *            contained on this core: bsp/lite5200b/README.md).
 */
#include <arch/g2.h>

#define PA(sym) ((sym) - BOARD_CK_REGION_VA + BOARD_CK_REGION_PA)

.macro fatal_vector off
	. = \off
	mtspr	SPRN_SPRG5, r3
	mtspr	SPRN_SPRG4, r4
	lis	r4, PA(g2_fatal)@h
	ori	r4, r4, PA(g2_fatal)@l
	mtctr	r4
	li	r3, \off
	bctr
.endm

	.section .lowvec, "a"
	.balign	32
	.global __lowvec_start
__lowvec_start:
	.irp off, 0x100, 0x200, 0x300, 0x400, 0x500, 0x600, 0x700, 0x800, 0x900
	fatal_vector \off
	.endr

	. = 0xa00
	mtspr	SPRN_SPRG5, r3
	mfctr	r3
	mtspr	SPRN_SPRG6, r3
	lis	r3, PA(arch_rt_entry)@h
	ori	r3, r3, PA(arch_rt_entry)@l
	mtctr	r3
	bctr

	.irp off, 0xc00, 0xd00, 0x1000, 0x1100, 0x1200, 0x1300, 0x1400
	fatal_vector \off
	.endr
	. = 0x1500
	.global __lowvec_end
__lowvec_end:

	.section .note.GNU-stack, "", @progbits
