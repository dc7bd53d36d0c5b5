/* SPDX-License-Identifier: MIT */
/*
 * linux-words.h - what the e500 co-kernel needs of Linux's head, found in
 * the staged image before the jump (linux-words.c; host-tested by
 * tests/unit/test_booke_words.c).
 */
#ifndef ARCH_LINUX_WORDS_H
#define ARCH_LINUX_WORDS_H

/* the value of r8 at Linux's entry that makes its head keep the
 * protected TLB1 entries (linux-guest/patches/0011 COKERNEL_ENTRY_MAGIC) */
#define COKERNEL_ENTRY_MAGIC 0x434b3835

#ifndef __ASSEMBLER__
#include <stdint.h>

/* Physical addresses of Linux's words (0: not found) */
struct booke_linux_words {
	uint32_t rt_entry;      /* cokernel_rt_entry (patch 0002's stub) */
	uint32_t fault_entry;   /* cokernel_fault_entry (patch 0004's filter) */
	uint32_t rt_sp_lo;      /* cokernel_rt_sp_lo */
	uint32_t rt_sp_hi;      /* cokernel_rt_sp_hi */
};

/**
 * booke_find_linux_words() - scan the first 64 KiB of a staged e500 Linux
 * image (head_85xx.S and the vectors IVPR reaches lie there) for:
 *  - patch 0011's test of r8 against COKERNEL_ENTRY_MAGIC (`lis r8` /
 *    `ori r8` / `cmpw r22, r8`): with it Linux's head keeps the
 *    co-kernel's protected TLB1 entries;
 *  - patch 0002's 7-instruction CriticalInput stub (mtspr SPRG2, r3;
 *    mfctr r3; mtspr SPRG6, r3; lis r3; lwz r3; mtctr r3; bctr), whose
 *    `lis`/`lwz` pair names cokernel_rt_entry;
 *  - the first of patch 0004's COKERNEL_FAULT filters (mtspr SPRG4, r10;
 *    mtspr SPRG5, r11; mfcr r11; mfspr r10, SRR1; andi. r10, r10, MSR_PR),
 *    whose pairs at words 6, 10 and 17 name cokernel_rt_sp_lo,
 *    cokernel_rt_sp_hi and cokernel_fault_entry.
 * @img: the image, 4-byte aligned, as Linux runs it at PA @run_pa;
 * @bytes: its size; @page_offset: the kernel address of @run_pa (Linux is
 * linked at PAGE_OFFSET). A word counts only if it is 4-byte aligned and
 * inside the image. Fills @w (the fault words all or none).
 * Return: 0 if the test and the stub's word were found; -1 otherwise (a
 * Linux the co-kernel must not enter: its head would unmap the co-kernel).
 * Context: any; reads @bytes bytes at most.
 */
int booke_find_linux_words(const uint32_t *img, uint32_t bytes, uint32_t page_offset,
			   uint32_t run_pa, struct booke_linux_words *w);
#endif

#endif /* ARCH_LINUX_WORDS_H */
