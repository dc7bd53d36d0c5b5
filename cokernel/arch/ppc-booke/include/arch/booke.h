/* SPDX-License-Identifier: MIT */
/*
 * booke.h - e500v2 (Book-E, e500 core family) special purpose registers and
 * bits the co-kernel uses; usable from C and assembly.
 *
 * Sources: EREF (Freescale "EREF: A Programmer's Reference Manual for
 * Freescale Embedded Processors", Book-E MSR, IVORs, MAS registers),
 * e500CORERM (e500 core reference manual: HID0[DOZE], MSR[WE], TLB1 sizes);
 * QEMU 7.2 target/ppc (cpu.h MSR bits, cpu_init.c check_pow_hid0).
 */
#ifndef ARCH_BOOKE_H
#define ARCH_BOOKE_H

/* SPR numbers */
#define SPRN_DEAR 61
#define SPRN_ESR 62
#define SPRN_IVPR 63
#define SPRN_CSRR0 58
#define SPRN_CSRR1 59
#define SPRN_SPRG0 272      /* Linux: normal-class scratch (reg.h) */
#define SPRN_SPRG2 274      /* Linux: critical-class scratch (reg.h) */
#define SPRN_SPRG4 276      /* Linux: TLB-miss scratch; user-readable */
#define SPRN_SPRG5 277
#define SPRN_SPRG6 278      /* supervisor R/W (SPRG6R 262: user read);
			     * unused by 32-bit Book-E Linux without KVM */
#define SPRN_SRR0 26
#define SPRN_SRR1 27
#define SPRN_MCSRR0 570
#define SPRN_MCSRR1 571
#define SPRN_IVOR0 400      /* IVOR0..15 = 400..415 */
#define SPRN_IVOR32 528     /* IVOR32..35 = 528..531 (SPE, perf monitor) */
#define SPRN_MAS0 624
#define SPRN_MAS1 625
#define SPRN_MAS2 626
#define SPRN_MAS3 627
#define SPRN_MAS6 630
#define SPRN_MAS7 944
#define SPRN_MMUCSR0 1012
#define MMUCSR0_TLB0_FI 0x4           /* flash-invalidate TLB0 */
#define SPRN_HID0 1008
#define SPRN_DEC 22
#define SPRN_TSR 336        /* timer status, write 1 to clear (EREF 7.6) */
#define SPRN_TCR 340        /* timer control: WIE, DIE, FIE enable the
			     * watchdog, decrementer and fixed-interval
			     * interrupts */
#define SPRN_TBL_READ 268   /* mfspr: TBL (user) */

/* MSR (32-bit view) */
#define MSR_WE 0x00040000u  /* wait state enable: doze with HID0[DOZE] */
#define MSR_CE 0x00020000u  /* critical input, watchdog: the RT class */
#define MSR_EE 0x00008000u  /* external input, decrementer: Linux's class */
#define MSR_PR 0x00004000u
#define MSR_ME 0x00001000u
#define MSR_DE 0x00000200u
#define MSR_DS 0x00000010u  /* data address space: the co-kernel's is 1
			     * (arch/tlb1.h), Linux's 0 */

/* HID0 */
#define HID0_DOZE 0x00800000u
#define HID0_TBEN 0x00004000u
#define HID0_EN_MAS7_UPDATE 0x00000080u /* tlbre/tlbsx write MAS7 (e500v2) */

/* MAS0..3, MAS7 fields for tlbwe (TLB1 entries, e500v2) */
#define MAS0_TLB1 0x10000000u
#define MAS0_ESEL(n) ((n) << 16)
#define MAS1_VALID 0x80000000u
#define MAS1_IPROT 0x40000000u
#define MAS1_TS 0x00001000u             /* the entry's address space */
#define MAS1_TSIZE(t) ((t) << 8)        /* page = 4^t KiB */
#define TSIZE_4K 1
#define TSIZE_1M 5
#define TSIZE_4M 6
#define TSIZE_16M 7
#define TSIZE_64M 8
#define MAS2_I 0x08u
#define MAS2_M 0x04u
#define MAS2_G 0x02u
#define MAS3_SX 0x10u
#define MAS3_SW 0x04u
#define MAS3_SR 0x01u

#ifndef __ASSEMBLER__
#include <stdint.h>
/* arch.c: write the 13 base-class SPRs of ctx.h's CTX_SPRS order */
void booke_sprs_write(const uintptr_t *w);
/* the 13 SPRs' numbers as named asm input operands, %[srr0] %[srr1]
 * %[esr] %[dear] %[g0] %[g4] %[g5] %[m0]-%[m3] %[m6] %[m7], for the
 * mtspr/mfspr of booke_sprs_write() and test_sprkeep.c */
#define BOOKE_SPRS_OPERANDS						\
	[srr0] "i"(SPRN_SRR0), [srr1] "i"(SPRN_SRR1),			\
	[esr] "i"(SPRN_ESR), [dear] "i"(SPRN_DEAR),			\
	[g0] "i"(SPRN_SPRG0), [g4] "i"(SPRN_SPRG4), [g5] "i"(SPRN_SPRG5), \
	[m0] "i"(SPRN_MAS0), [m1] "i"(SPRN_MAS1), [m2] "i"(SPRN_MAS2),	\
	[m3] "i"(SPRN_MAS3), [m6] "i"(SPRN_MAS6), [m7] "i"(SPRN_MAS7)
#endif

#endif /* ARCH_BOOKE_H */
