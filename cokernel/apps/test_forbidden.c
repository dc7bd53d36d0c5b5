// SPDX-License-Identifier: MIT
/*
 * test_forbidden.c - a test image's RT program holding an instruction the
 * board's CPU lacks (tests/qemu/test_forbidden_insns.py): built only with
 * -DCK_TEST_FORBIDDEN_ASM='"<assembly>"' (CK_TEST_CFLAGS; the board's
 * TEST_FORBIDDEN_ASM, e.g. a VFP instruction on an ARM926 board). Its link
 * must fail, naming test_forbidden_insn (mk/cokernel.mk, CK_FORBIDDEN_INSNS):
 * the image is never booted.
 */
#include <ck/app.h>

#ifdef CK_TEST_FORBIDDEN_ASM
void test_forbidden_insn(void);

/* Context: init. What an RT program built for an FPU would run. */
__attribute__((noinline)) void test_forbidden_insn(void)
{
	__asm__ volatile(CK_TEST_FORBIDDEN_ASM ::: "memory");
}

static int test_forbidden_init(void)
{
	test_forbidden_insn();
	return 0;
}

CK_APP(test_forbidden, test_forbidden_init);
#endif
