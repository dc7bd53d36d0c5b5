// SPDX-License-Identifier: MIT
/*
 * linux-words.c - the words of Linux's head the e500 co-kernel sets
 * (arch/linux-words.h). Instruction encodings: Power ISA Book I (mtspr,
 * mfspr, mfcr, andi., ori, cmp), the words as Debian's powerpc-linux-gnu-as
 * assembles linux-guest/patches/0002, 0004 and 0011.
 */
#include <stdbool.h>
#include <stdint.h>
#include <arch/linux-words.h>
#include <arch/ppc-insn.h>

#define HEAD_SCAN_BYTES 0x10000u

static const uint32_t magic_test[3] = {
	0x3d00434bu,            /* lis r8, COKERNEL_ENTRY_MAGIC@h */
	0x61083835u,            /* ori r8, r8, COKERNEL_ENTRY_MAGIC@l */
	0x7c164000u,            /* cmpw r22, r8 */
};
_Static_assert(COKERNEL_ENTRY_MAGIC == 0x434b3835, "magic_test[] encodes it");

static const uint32_t crit_stub[7] = {
	0x7c7243a6u,            /* mtspr SPRG2, r3 */
	0x7c6902a6u,            /* mfctr r3 */
	0x7c7643a6u,            /* mtspr SPRG6, r3 */
	0, 0,                   /* lis r3 / lwz r3: cokernel_rt_entry */
	0x7c6903a6u,            /* mtctr r3 */
	0x4e800420u,            /* bctr */
};

static const uint32_t fault_head[5] = {
	0x7d5443a6u,            /* mtspr SPRG4, r10 */
	0x7d7543a6u,            /* mtspr SPRG5, r11 */
	0x7d600026u,            /* mfcr r11 */
	0x7d5b02a6u,            /* mfspr r10, SRR1 */
	0x714a4000u,            /* andi. r10, r10, MSR_PR */
};
#define FAULT_WORDS 19u         /* up to the fault entry's lwz */

/* The PA of the word the pair at @at (register @r) loads, if it lies in
 * the image; else 0. */
static uint32_t word_pa(const uint32_t *at, unsigned int r, uint32_t bytes,
			uint32_t page_offset, uint32_t run_pa)
{
	uint32_t ea = ppc_lis_lwz_ea(at, r), off = ea - page_offset;

	if (!ea || (off & 3u) || bytes < 4u || off > bytes - 4u)
		return 0;
	return off + run_pa;
}

int booke_find_linux_words(const uint32_t *img, uint32_t bytes, uint32_t page_offset,
			   uint32_t run_pa, struct booke_linux_words *w)
{
	uint32_t i, end = (bytes < HEAD_SCAN_BYTES ? bytes : HEAD_SCAN_BYTES) / 4u;
	bool magic = false;

	*w = (struct booke_linux_words){ 0 };
	for (i = 0; i < end; i++) {
		if (!magic && i + 3u <= end && ppc_insns_match(img + i, magic_test, 3))
			magic = true;
		if (!w->rt_entry && i + 7u <= end && ppc_insns_match(img + i, crit_stub, 7))
			w->rt_entry = word_pa(img + i + 3, 3, bytes, page_offset, run_pa);
		if (!w->fault_entry && i + FAULT_WORDS <= end &&
		    ppc_insns_match(img + i, fault_head, 5)) {
			uint32_t lo = word_pa(img + i + 6, 10, bytes, page_offset, run_pa);
			uint32_t hi = word_pa(img + i + 10, 10, bytes, page_offset, run_pa);
			uint32_t fe = word_pa(img + i + 17, 11, bytes, page_offset, run_pa);

			if (lo && hi && fe)
				*w = (struct booke_linux_words){ w->rt_entry, fe, lo, hi };
		}
	}
	return magic && w->rt_entry ? 0 : -1;
}
