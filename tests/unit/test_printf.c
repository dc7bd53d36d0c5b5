// SPDX-License-Identifier: MIT
/* test_printf.c - the freestanding formatter against the host's libc. */
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include "sim_test.h"

/* ck_snprintf() must produce what libc's snprintf() produces. */
#define SAME(...)                                                     \
	do {                                                          \
		char ck_[128], lc_[128];                              \
		int nck_ = ck_snprintf(ck_, sizeof(ck_), __VA_ARGS__); \
		int nlc_ = snprintf(lc_, sizeof(lc_), __VA_ARGS__);   \
		assert_string_equal(ck_, lc_);                        \
		assert_int_equal(nck_, nlc_);                         \
	} while (0)

static void integers(void **state)
{
	(void)state;
	SAME("%d %i %u", 0, -1, 42u);
	SAME("%d %d", (int)INT32_MAX, (int)INT32_MIN);
	SAME("%u %x %X", UINT32_MAX, 0xdeadbeefu, 0xdeadbeefu);
	SAME("%ld %lu %lx", -123456789L, 123456789UL, 0xabcUL);
	SAME("%lld %llu", (long long)INT64_MIN, (unsigned long long)UINT64_MAX);
	SAME("%llx %llX", 0x0123456789abcdefULL, 0xfedcba9876543210ULL);
	SAME("%zu %zx", (size_t)77, (size_t)0xff);
	SAME("%zd", (ssize_t)-5);
	SAME("%lld %d", -3333333333333333333LL, 7);
}

static void widths_and_flags(void **state)
{
	const char *fmt;

	(void)state;
	SAME("[%5d][%-5d][%05d]", 42, 42, 42);
	SAME("[%5d][%-5d][%05d]", -42, -42, -42);
	SAME("[%08x][%-8X][%8x]", 0xbeefu, 0xbeefu, 0xbeefu);
	SAME("[%1d][%2d]", 12345, -12345);
	SAME("[%10s][%-10s][%3s]", "abc", "abc", "abcdef");
	SAME("[%.2s][%-6.3s]", "abcdef", "abcdef");
	SAME("[%c][%3c][%-3c]", 'x', 'y', 'z');
	SAME("[%020llu]", 18446744073709551615ULL);
	fmt = "[%-05d]";   /* '-' wins over '0' (a literal would warn) */
	SAME(fmt, 7);
}

static void misc(void **state)
{
	char buf[64];
	const char *bad1 = "a%qb%d", *bad2 = "end%";
	const char *volatile nul = NULL;   /* hidden from -Wformat-overflow */

	(void)state;
	SAME("100%% %s", "done");
	SAME("%p", (void *)0x1234);
	SAME("%s", "");
	assert_int_equal(ck_snprintf(buf, sizeof(buf), "%s", nul), 6);
	assert_string_equal(buf, "(null)");
	/* an unknown conversion is copied through, not consumed */
	assert_int_equal(ck_snprintf(buf, sizeof(buf), bad1, 5), 5);
	assert_string_equal(buf, "a%qb5");
	assert_int_equal(ck_snprintf(buf, sizeof(buf), bad2), 4);
	assert_string_equal(buf, "end%");
}

static void truncation(void **state)
{
	char buf[8];

	(void)state;
	memset(buf, 'x', sizeof(buf));
	assert_int_equal(ck_snprintf(buf, 5, "%d-%s", 1234, "abcdef"), 11);
	assert_string_equal(buf, "1234");
	assert_int_equal(buf[5], 'x');   /* nothing written past @size */
	assert_int_equal(ck_snprintf(buf, 1, "abc"), 3);
	assert_string_equal(buf, "");
	assert_int_equal(ck_snprintf(NULL, 0, "%08d", 5), 8);
	assert_int_equal(ck_snprintf(buf, sizeof(buf), "%s", "1234567"), 7);
	assert_string_equal(buf, "1234567");
}

static void printf_emits_lines(void **state)
{
	char big[300];

	(void)state;
	sim_boot(NULL);
	assert_int_equal(ck_printf("a=%d\nb=%s\n", 1, "x"), 8);
	ck_printf("tail");
	ck_printf("%s", "");   /* nothing: no empty line */
	console_drain();
	assert_string_equal(sim_uart_output(),
			    "[ck] a=1\r\n[ck] b=x\r\n[ck] tail\r\n");
	/* ck_printf cuts at its 160-byte line buffer */
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sim_uart_clear();
	assert_int_equal(ck_printf("%s", big), 159);
	console_drain();
	assert_int_equal(sim_uart_len(), 5 + 159 + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(integers),
		cmocka_unit_test(widths_and_flags),
		cmocka_unit_test(misc),
		cmocka_unit_test(truncation),
		cmocka_unit_test(printf_emits_lines),
	};

	return cmocka_run_group_tests_name("printf", tests, NULL, NULL);
}
