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
#define SCTLR_S CP15_U(0x0100)   /* system protection (AP 00 meaning) */
#define SCTLR_R CP15_U(0x0200)   /* ROM protection (AP 00 meaning) */

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

/* Entering Linux with RT live (ipc/ck_guest.h CK_ARM_ENTRY_MAGIC, _FIQ_OFFSET,
 * _BOOT_FIQ_END; arch.c checks they agree): r0 at the entry, the FIQ slot's
 * offset in a vectors page, the end of the boot FIQ entry Linux copies. The
 * boot vectors page lies 64 KiB below the region's end (cokernel.lds), at
 * offset 0xf0000 of a MiB, so that a section at 0xfff00000 maps it at
 * 0xffff0000. */
#define ARM_ENTRY_MAGIC CP15_U(0x434b4139)
#define ARM_FIQ_OFFSET CP15_U(0x1c)
#define ARM_BOOT_FIQ_END CP15_U(0x100)

/*
 * Domains (ARM ARM B4.3.3; ARM926EJ-S TRM §2.3.4, c3): the DACR gives
 * each of the 16 domains two bits, 00 no access, 01 client (the
 * descriptor's AP bits are checked), 11 manager (they are not). A
 * first-level descriptor names its domain in bits 8:5 and, for a section,
 * its AP in bits 11:10 (ARM ARM B4.7). In Linux's page tables the
 * co-kernel keeps its private memory in CK_DOMAIN with AP 00, which with
 * SCTLR.S=1, R=0 (Linux's arm926 setting, cr=...177) is privileged
 * read-only (ARM ARM B4.4.1, table B4-1): Linux runs with that domain a
 * client (Linux 6.1 arch/arm/include/asm/domain.h: DOMAIN_VECTORS = 3,
 * DOMAIN_CLIENT in every DACR it sets), so it can read and execute the
 * co-kernel but not write it; the co-kernel runs with CK_DOMAIN a manager
 * (DACR_CK), every other domain a client. Its own tables use domain 0.
 */
#define CK_DOMAIN 3
#define DACR_CK CP15_U(0x555555d5)
#define DACR_CK_DOMAIN_MANAGER CP15_U(0x000000c0)   /* 11 << (2 * CK_DOMAIN) */
#define PMD_DOMAIN_SHIFT 5
#define PMD_SECT_AP_MASK CP15_U(0x00000c00)
#define PMD_DOMAIN_MASK CP15_U(0x000001e0)

#endif /* ARCH_CP15_H */
