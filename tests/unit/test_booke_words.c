// SPDX-License-Identifier: MIT
/*
 * test_booke_words.c - booke_find_linux_words() (arch/ppc-booke/
 * linux-words.c), the e500 co-kernel's scan of Linux's staged head for
 * patch 0011's test, patch 0002's stub word and patch 0004's fault filter
 * words: found where a patched Linux has them, refused (a Linux the
 * co-kernel must not enter) or left out where an image lacks them, has
 * them past the head's 64 KiB or names words outside itself; never a read
 * past the image (each image is a heap block of its exact size: ASan).
 */
#include <stdlib.h>
#include <string.h>
#include <arch/linux-words.h>
#include <arch/ppc-insn.h>
#include "sim_test.h"

#define PAGE_OFFSET 0xc0000000u
#define IMG_BYTES 0x20000u

/* `lis rR, ea@ha` / `lwz rR, ea@l(rR)` at @at */
static void put_pair(uint32_t *at, unsigned int r, uint32_t ea)
{
	uint32_t lo = ea & 0xffffu, ha = (ea >> 16) + (lo >= 0x8000u);

	at[0] = PPC_DFORM(15, r, 0) | (ha & 0xffffu);
	at[1] = PPC_DFORM(32, r, r) | lo;
}

/* patch 0011's test at word @magic (none if ~0), 0002's stub at word
 * @stub naming @rt, 0004's filter at word @filt naming @lo, @hi, @fe */
static uint32_t *image(uint32_t bytes, uint32_t magic, uint32_t stub, uint32_t rt,
		       uint32_t filt, uint32_t lo, uint32_t hi, uint32_t fe)
{
	uint32_t *img = malloc(bytes);

	assert_non_null(img);
	memset(img, 0, bytes);
	if (magic != ~0u) {
		img[magic] = 0x3d00434bu;
		img[magic + 1] = 0x61083835u;
		img[magic + 2] = 0x7c164000u;
	}
	if (stub != ~0u) {
		img[stub] = 0x7c7243a6u;
		img[stub + 1] = 0x7c6902a6u;
		img[stub + 2] = 0x7c7643a6u;
		put_pair(&img[stub + 3], 3, rt);
		img[stub + 5] = 0x7c6903a6u;
		img[stub + 6] = 0x4e800420u;
	}
	if (filt != ~0u) {
		img[filt] = 0x7d5443a6u;
		img[filt + 1] = 0x7d7543a6u;
		img[filt + 2] = 0x7d600026u;
		img[filt + 3] = 0x7d5b02a6u;
		img[filt + 4] = 0x714a4000u;
		put_pair(&img[filt + 6], 10, lo);
		put_pair(&img[filt + 10], 10, hi);
		put_pair(&img[filt + 17], 11, fe);
	}
	return img;
}

/* A patched Linux as Debian's 6.1 lays it out: the stub at 0x3e0, the
 * DataStorage filter at 0x7c0, the words together in .data */
static void patched_linux_found(void **state)
{
	struct booke_linux_words w;
	uint32_t *img = image(IMG_BYTES, 8, 0x3e0 / 4, 0xc001c000u, 0x7c0 / 4,
			      0xc001c008u, 0xc001c00cu, 0xc001c004u);

	(void)state;
	assert_int_equal(booke_find_linux_words(img, IMG_BYTES, PAGE_OFFSET, 0, &w), 0);
	assert_int_equal(w.rt_entry, 0x1c000u);
	assert_int_equal(w.fault_entry, 0x1c004u);
	assert_int_equal(w.rt_sp_lo, 0x1c008u);
	assert_int_equal(w.rt_sp_hi, 0x1c00cu);
	/* run elsewhere: the same words at run_pa + offset */
	assert_int_equal(booke_find_linux_words(img, IMG_BYTES, PAGE_OFFSET, 0x100000u, &w), 0);
	assert_int_equal(w.rt_entry, 0x11c000u);
	free(img);
}

/* no patch 0011, or no stub: not to be entered */
static void missing_patch_refused(void **state)
{
	struct booke_linux_words w;
	uint32_t *no_magic = image(IMG_BYTES, ~0u, 0x3e0 / 4, 0xc001c000u, ~0u, 0, 0, 0);
	uint32_t *no_stub = image(IMG_BYTES, 8, ~0u, 0, 0x7c0 / 4,
				  0xc001c008u, 0xc001c00cu, 0xc001c004u);

	(void)state;
	assert_int_equal(booke_find_linux_words(no_magic, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	assert_int_equal(booke_find_linux_words(no_stub, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	assert_int_equal(w.rt_entry, 0u);
	free(no_magic);
	free(no_stub);
}

/* the stub past the head's 64 KiB, or naming a word outside the image or
 * misaligned: not found */
static void stub_out_of_reach_refused(void **state)
{
	struct booke_linux_words w;
	uint32_t *far = image(IMG_BYTES, 8, 0x10000 / 4, 0xc001c000u, ~0u, 0, 0, 0);
	uint32_t *outside = image(IMG_BYTES, 8, 0x3e0 / 4, PAGE_OFFSET + IMG_BYTES, ~0u, 0, 0, 0);
	uint32_t *below = image(IMG_BYTES, 8, 0x3e0 / 4, PAGE_OFFSET - 4u, ~0u, 0, 0, 0);
	uint32_t *odd = image(IMG_BYTES, 8, 0x3e0 / 4, 0xc001c002u, ~0u, 0, 0, 0);

	(void)state;
	assert_int_equal(booke_find_linux_words(far, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	assert_int_equal(booke_find_linux_words(outside, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	assert_int_equal(booke_find_linux_words(below, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	assert_int_equal(booke_find_linux_words(odd, IMG_BYTES, PAGE_OFFSET, 0, &w), -1);
	free(far);
	free(outside);
	free(below);
	free(odd);
}

/* a filter with one word outside the image: no fault words at all (RT
 * faults routed from attach on), the boot itself fine */
static void bad_filter_left_out(void **state)
{
	struct booke_linux_words w;
	uint32_t *img = image(IMG_BYTES, 8, 0x3e0 / 4, 0xc001c000u, 0x7c0 / 4,
			      0xc001c008u, PAGE_OFFSET + IMG_BYTES, 0xc001c004u);

	(void)state;
	assert_int_equal(booke_find_linux_words(img, IMG_BYTES, PAGE_OFFSET, 0, &w), 0);
	assert_int_equal(w.rt_entry, 0x1c000u);
	assert_int_equal(w.fault_entry, 0u);
	assert_int_equal(w.rt_sp_lo, 0u);
	assert_int_equal(w.rt_sp_hi, 0u);
	free(img);
}

/* images cut anywhere up to the stub's last word: nothing read past the
 * end, found exactly when the whole stub is in */
static void short_images(void **state)
{
	struct booke_linux_words w;
	const uint32_t stub = 0x3e0 / 4 - 6, stub_end = (stub + 7) * 4;
	uint32_t *whole = image(0x400, 0, stub, 0xc0000100u, ~0u, 0, 0, 0);
	uint32_t n;

	(void)state;
	for (n = 0; n <= 0x400; n += 4) {
		uint32_t *cut = malloc(n ? n : 1);

		assert_non_null(cut);
		memcpy(cut, whole, n);
		assert_int_equal(booke_find_linux_words(cut, n, PAGE_OFFSET, 0, &w),
				 n >= stub_end ? 0 : -1);
		free(cut);
	}
	free(whole);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(patched_linux_found),
		cmocka_unit_test(missing_patch_refused),
		cmocka_unit_test(stub_out_of_reach_refused),
		cmocka_unit_test(bad_filter_left_out),
		cmocka_unit_test(short_images),
	};

	return cmocka_run_group_tests_name("booke_words", tests, NULL, NULL);
}
