/* SPDX-License-Identifier: MIT */
/*
 * cp15.h - ARM926EJ-S system control coprocessor: bits and constants shared
 * by the arch's C and assembly files (ARM926EJ-S TRM DDI0198E chapter 2,
 * ARM ARM DDI0100I B3/B4 for the section descriptor format).
 */
#ifndef ARCH_CP15_H
#define ARCH_CP15_H

/* Constants usable from C (unsigned) and from the assembler (no suffix). */
#ifdef __ASSEMBLER__
#define CP15_U(x) x
#else
#define CP15_U(x) x##u
#endif

/* CPSR mode and mask bits (ARM ARM A2.5) */
#define PSR_MODE_USR CP15_U(0x10)
#define PSR_MODE_FIQ CP15_U(0x11)
#define PSR_MODE_IRQ CP15_U(0x12)
#define PSR_MODE_SVC CP15_U(0x13)
#define PSR_MODE_ABT CP15_U(0x17)
#define PSR_MODE_UND CP15_U(0x1b)
#define PSR_MODE_SYS CP15_U(0x1f)
#define PSR_MODE_MASK CP15_U(0x1f)
#define PSR_T CP15_U(0x20)
#define PSR_F CP15_U(0x40)
#define PSR_I CP15_U(0x80)

/* SCTLR, c1 c0 0 (TRM §2.3.2) */
#define SCTLR_M CP15_U(0x0001)   /* MMU enable */
#define SCTLR_A CP15_U(0x0002)   /* alignment fault check */
#define SCTLR_C CP15_U(0x0004)   /* D-cache enable */
#define SCTLR_I CP15_U(0x1000)   /* I-cache enable */
#define SCTLR_V CP15_U(0x2000)   /* high vectors at 0xffff0000 */

/* L1 section descriptor (ARM ARM B4.7.4): 1 MiB, domain 0, AP=01
 * (privileged read/write, no user access); bit 4 must be 1 on ARM926. */
#define PMD_SECT CP15_U(0x00000012)
#define PMD_SECT_B CP15_U(0x00000004)
#define PMD_SECT_C CP15_U(0x00000008)
#define PMD_SECT_AP_PRIV CP15_U(0x00000400)
#define PMD_SECT_DEV (PMD_SECT | PMD_SECT_AP_PRIV)  /* strongly ordered */
#define PMD_SECT_WB (PMD_SECT | PMD_SECT_AP_PRIV | PMD_SECT_C | PMD_SECT_B)
#define SECTION_SHIFT 20

/* L1 coarse page table descriptor (ARM ARM B4.7.5): domain 0, bit 4 set
 * as ARM926 wants; the table holds 256 small-page entries (1 KiB). */
#define PMD_COARSE CP15_U(0x00000011)
#define L2_COARSE_ENTRIES 256
/* L2 small page descriptor (ARM ARM B4.7.7): 4 KiB, AP0-AP3 = 01
 * (privileged read/write) for the four 1 KiB subpages. */
#define PTE_SMALL CP15_U(0x00000002)
#define PTE_SMALL_AP_PRIV CP15_U(0x00000550)
#define PTE_SMALL_DEV (PTE_SMALL | PTE_SMALL_AP_PRIV)  /* strongly ordered */
#define PTE_SMALL_WB (PTE_SMALL | PTE_SMALL_AP_PRIV | PMD_SECT_C | PMD_SECT_B)
#define PAGE_SIZE_4K CP15_U(0x00001000)

/* High vectors (SCTLR.V): the only other place ARMv5 takes exceptions */
#define VECTORS_VA CP15_U(0xffff0000)
#define VECTORS_SECTION_VA CP15_U(0xfff00000)

/* DACR: domain 0 is a client (permissions checked) */
#define DACR_D0_CLIENT CP15_U(0x00000001)

#endif /* ARCH_CP15_H */
