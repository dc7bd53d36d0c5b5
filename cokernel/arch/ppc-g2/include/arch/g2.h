/* SPDX-License-Identifier: MIT */
/*
 * g2.h - G2_LE core (MPC5200B; a 603e-class core) registers and bits for C
 * and assembly. Sources: Freescale "G2 PowerPC Core Reference Manual"
 * (G2CORERM) ch. 2 (register model) and ch. 5 (exceptions), the 32-bit
 * PowerPC Programming Environments Manual (PEM) ch. 7 (BATs); numbers
 * checked against Linux 6.1 arch/powerpc/include/asm/reg.h.
 *
 * The critical interrupt (G2CORERM §5.5.10): vector 0x00A00, state in
 * CSRR0/CSRR1 (SPR 58/59: CSRR1 takes MSR[16-31]), `rfci` returns,
 * recognized only while MSR[CE] is set. MSR[CE] is MSR bit 24 (mask 0x80),
 * the e300 core's bit (RTEMS' registers.h MSR_E300_CE): the G2_LE's MSR
 * table was not at hand, so that position is unverified for the G2_LE;
 * the project's QEMU (qemu/patches/0020) models it there, and clears it on
 * every exception, as EE.
 */
#ifndef ARCH_G2_H
#define ARCH_G2_H

/* MSR (PEM 2.3.1; G2CORERM 2.1.4) */
#define MSR_POW   0x00040000   /* power management (doze/nap/sleep per HID0) */
#define MSR_TGPR  0x00020000   /* 603 TLB-miss shadow GPRs */
#define MSR_EE    0x00008000   /* external interrupt and decrementer */
#define MSR_PR    0x00004000
#define MSR_FP    0x00002000
#define MSR_ME    0x00001000
#define MSR_CE    0x00000080   /* G2_LE critical interrupt enable (see above) */
#define MSR_IR    0x00000020
#define MSR_DR    0x00000010
#define MSR_RI    0x00000002

/* SPRs */
#define SPRN_DSISR  18
#define SPRN_DAR    19
#define SPRN_DEC    22
#define SPRN_SRR0   26
#define SPRN_SRR1   27
#define SPRN_CSRR0  58     /* G2_LE (G2CORERM 5.2.1.2) */
#define SPRN_CSRR1  59
#define SPRN_SPRG0  272
#define SPRN_SPRG4  276    /* G2_LE: SPRG4-7 (G2CORERM 5.2.1.3) */
#define SPRN_SPRG5  277
#define SPRN_SPRG6  278
#define SPRN_SPRG7  279
#define SPRN_SVR    286
#define SPRN_PVR    287
#define SPRN_MBAR   311    /* G2_LE: the SoC's MBAR, read-only copy */
#define SPRN_IBAT0U 528    /* IBATnU/L = 528 + 2n, DBATnU/L = 536 + 2n (n < 4) */
#define SPRN_IBAT4U 560    /* G2_LE high BATs: IBATnU/L = 560 + 2(n-4), */
#define SPRN_DBAT4U 568    /* DBATnU/L = 568 + 2(n-4) (n = 4..7) */
#define SPRN_DBAT7U 574
#define SPRN_DBAT7L 575
#define SPRN_HID0   1008
#define SPRN_HID2   1011   /* G2_LE */

#define HID0_DOZE   0x00800000 /* MSR[POW] dozes (G2CORERM 2.1.2.1, ch. 9) */
#define HID0_NAP    0x00400000
#define HID0_SLEEP  0x00200000
#define HID2_HBE    0x00040000 /* G2_LE: BAT4-7 enabled (Linux reg.h HID2_G2_LE_HBE) */

/*
 * BAT register pair (PEM 7.4.3): upper = BEPI (EA[0:14]) | BL (block
 * length mask, bits 19-29: (size >> 17) - 1) | Vs | Vp; lower = BRPN
 * (PA[0:14]) | WIMG (bits 25-28) | PP (bits 30-31). Blocks are 128 KiB to
 * 256 MiB, powers of two, EA and PA aligned to their size. Only Vs: the
 * co-kernel's blocks are invisible to user mode. IBATs take no W or G.
 */
#define BAT_VS      0x00000002
#define BAT_VP      0x00000001
#define BAT_W       0x00000040
#define BAT_I       0x00000020
#define BAT_M       0x00000010
#define BAT_G       0x00000008
#define BAT_PP_RO   0x00000001   /* PP 0b01 (0b11 too): read-only */
#define BAT_PP_RW   0x00000002   /* PP 0b10; 0b00: no access */
#define BAT_MIN     0x00020000   /* block sizes: 128 KiB .. 256 MiB, powers of two */
#define BAT_MAX     0x10000000
#define BAT_U(va, size) (((va) & 0xfffe0000) | ((((size) >> 17) - 1) << 2) | BAT_VS)
#define BAT_L(pa, wimg) (((pa) & 0xfffe0000) | (wimg) | BAT_PP_RW)

/* The co-kernel's BATs are 4-7 (Linux's guest leaves them alone:
 * linux-guest/patches/0008): BAT4 its region (I and D, cached; from
 * attach on DBAT4 only the guest page's 128 KiB block), DBAT5-6 its
 * device windows, DBAT7 RAM EA = PA before Linux, then from attach on its
 * private block, whose PP is read-only in Linux's context and
 * read/write on the co-kernel's paths (start.S, arch.c, gate.S). */

#endif /* ARCH_G2_H */
