// SPDX-License-Identifier: MIT
/*
 * libcdemo.c - newlib in an RT program (boards with NEWLIB in board.mk):
 * snprintf, strtol, string.h and libm (through the soft-float routines)
 * checked against known results at init and again in an RT task, which
 * then prints one line, checked by tests/qemu/test_bare.py:
 *
 *   libc: newlib 3.3.0 snprintf/strtol/string/math ok (sqrt(2)=1.414214, ...)
 *   libc: FAILED <check> (<init or RT task>)
 *
 * The number is formatted with integer math (lround, then "%ld.%06ld"):
 * nano printf has no %f unless _printf_float is linked, and that one
 * allocates (not for RT). At init only, also what is not RT-safe
 * (cokernel/libc/glue.c): stdio (printf -> write() -> the console),
 * malloc and its ENOMEM, strtod, errno.
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <newlib.h>
#include <ck/ck.h>
#include <ck/app.h>

#define LIBC_PRIO 1             /* below latency and switchbench */
#define LIBC_STACK_BYTES 8192u
#define LIBC_STACK_FILL 0xa5a5a5a5a5a5a5a5ull
#define LIBC_PI 3.14159265358979323846
#define LIBC_TOL 1e-12          /* relative, for double results */

static struct {
	struct ck_task task;
	const char *init_fail;     /* NULL: the init checks passed */
	char sqrt2[16];            /* "1.414214", formatted by the task */
} lcd;

static uint64_t lcd_stack[LIBC_STACK_BYTES / 8u] __attribute__((aligned(8)));

/* inputs the compiler cannot fold: every operation below runs */
static volatile double lcd_two = 2.0, lcd_big = -1e15, lcd_3e9 = 3e9;
static volatile long long lcd_2p53 = 9007199254740993ll; /* 2^53 + 1 */
static volatile float lcd_twof = 2.0f;
static const char *volatile lcd_str[] = { "co-kernel", "abc", "abd", "rtos", "rtai",
					   "\x01\x02\x03", "\x01\x02\x04" };

static int near(double got, double want)
{
	return fabs(got - want) <= LIBC_TOL * fabs(want);
}

static const char *check_snprintf(void)
{
	static const char want[] = "-1234567890|deadbeef|rt|   42|a  |4000000000|z|%";
	volatile long l = -1234567890l;
	volatile unsigned int x = 0xdeadbeefu;
	const char *volatile s = "rt";
	char buf[80], small[8];
	int n;

	n = snprintf(buf, sizeof(buf), "%ld|%x|%s|%5d|%-3s|%lu|%c|%%", l, x, s,
		     42, "a", 4000000000ul, 'z');
	if (n != (int)strlen(want) || strcmp(buf, want) != 0)
		return "snprintf";
	n = snprintf(small, sizeof(small), "%s", "0123456789");
	if (n != 10 || strcmp(small, "0123456") != 0)
		return "snprintf truncation";
	return NULL;
}

static const char *check_strtol(void)
{
	char *end;

	if (strtol("  -12345xyz", &end, 10) != -12345 || *end != 'x')
		return "strtol";
	if (strtol("0x1F", NULL, 0) != 31 || strtol("-0777", NULL, 0) != -511)
		return "strtol base 0";
	if (strtoul("4000000000", NULL, 10) != 4000000000ul)
		return "strtoul";
	/* overflow: clamped (errno is shared, checked at init only) */
	if (strtol("99999999999", &end, 10) != LONG_MAX || *end != '\0')
		return "strtol overflow";
	return NULL;
}

static const char *check_string(void)
{
	char buf[16] = "abcdef";

	if (strlen(lcd_str[0]) != 9 || strcmp(lcd_str[1], lcd_str[2]) >= 0 ||
	    strcmp(lcd_str[2], lcd_str[1]) <= 0 || strcmp(lcd_str[1], "abc") != 0 ||
	    strncmp(lcd_str[3], lcd_str[4], 2) != 0)
		return "strlen/strcmp";
	if (memcmp(lcd_str[5], lcd_str[6], 3) >= 0 || memcmp(lcd_str[5], lcd_str[6], 2) != 0)
		return "memcmp";
	memmove(buf + 1, buf, 5);   /* overlapping */
	if (strcmp(buf, "aabcde") != 0)
		return "memmove";
	if (strchr(buf, 'c') != buf + 3 || strrchr(buf, 'a') != buf + 1 ||
	    strstr("latency switchbench", "switch") == NULL ||
	    memchr(buf, 'e', 6) != buf + 5)
		return "strchr/strstr/memchr";
	return NULL;
}

static const char *check_math(void)
{
	double r2 = sqrt(lcd_two);
	float r2f = sqrtf(lcd_twof);

	if (!near(r2, 1.4142135623730951) || !near(r2 * r2, 2.0))
		return "sqrt";
	if (!near(sin(LIBC_PI / 6), 0.5) || !near(cos(LIBC_PI / 3), 0.5) ||
	    !near(4 * atan(1.0), LIBC_PI) || !near(atan2(1.0, -1.0), 0.75 * LIBC_PI))
		return "sin/cos/atan";
	if (!near(exp(1.0), 2.718281828459045) || !near(log(10.0), 2.302585092994046) ||
	    pow(lcd_two, 10.0) != 1024.0)
		return "exp/log/pow";
	if (floor(-2.5) != -3.0 || ceil(-2.5) != -2.0 || fmod(10.0, 3.0) != 1.0 ||
	    fabs(-lcd_two) != 2.0 || lround(2.5) != 3)
		return "floor/ceil/fmod/fabs/lround";
	if (fabsf(r2f - 1.41421356f) > 1e-6f)
		return "sqrtf";
	/* the soft-float conversions Debian's libgcc has only in hard float */
	if ((long long)lcd_big != -1000000000000000ll ||
	    (unsigned int)lcd_3e9 != 3000000000u ||
	    (double)lcd_2p53 != 9007199254740992.0 || /* rounds to even */
	    (float)lcd_2p53 != 9007199254740992.0f ||
	    (unsigned long long)(lcd_3e9 * lcd_3e9) != 9000000000000000000ull)
		return "64-bit/unsigned conversions";
	if (!isnan(sqrt(-lcd_two)) || !isinf(lcd_two / 0.0))
		return "NaN/Inf";
	return NULL;
}

/* The checks an RT task may run (no allocation, no stdio); on success,
 * sqrt(2) formatted with integer math into @out. */
static const char *check_rt_safe(char *out, size_t size)
{
	const char *fail;
	long micro;

	if ((fail = check_snprintf()) || (fail = check_strtol()) ||
	    (fail = check_string()) || (fail = check_math()))
		return fail;
	micro = lround(sqrt(lcd_two) * 1e6);
	if (snprintf(out, size, "%ld.%06ld", micro / 1000000, micro % 1000000) != 8 ||
	    strcmp(out, "1.414214") != 0)
		return "sqrt(2) formatted";
	return NULL;
}

/* Init only: what allocates or uses shared stdio/errno state. */
static const char *check_init_only(void)
{
	char *p, *q, *end;
	double d;

	if (printf("libc: stdio at init: printf %d %s 0x%x\n", -42, "via write()",
		   0xbeef) != 51)
		return "printf";
	p = malloc(1000);
	q = strdup("heap");
	if (!p || !q || strcmp(q, "heap") != 0)
		return "malloc/strdup";
	memset(p, 0x5a, 1000);
	free(p);
	free(q);
	errno = 0;
	p = malloc(1u << 20);   /* more than the arena */
	if (p != NULL || errno != ENOMEM) {
		free(p);
		return "malloc ENOMEM";
	}
	errno = 0;
	if (strtol("-99999999999", NULL, 10) != LONG_MIN || errno != ERANGE)
		return "strtol ERANGE";
	d = strtod("2.5e3xyz", &end);
	if (d != 2500.0 || *end != 'x' || !near(strtod("0.1", NULL), 0.1) ||
	    atof("-1.5") != -1.5)
		return "strtod";
	return NULL;
}

/* Bytes of the task's stack ever written: the fill pattern is scanned
 * from the bottom, past the first double word, which holds the core's
 * stack canary (core/fault.c fault_task_created()) from the task's
 * creation on. */
static uint32_t stack_used_bytes(void)
{
	uint32_t i = 1;

	while (i < LIBC_STACK_BYTES / 8u && lcd_stack[i] == LIBC_STACK_FILL)
		i++;
	return LIBC_STACK_BYTES - 8u * i;
}

static void libcdemo_task(void *arg)
{
	uint64_t t0 = ck_clock_now(), dt_ns;
	const char *fail = check_rt_safe(lcd.sqrt2, sizeof(lcd.sqrt2));

	(void)arg;
	dt_ns = ck_clock_now() - t0;
	if (lcd.init_fail)
		ck_printf("libc: FAILED %s (init)", lcd.init_fail);
	else if (fail)
		ck_printf("libc: FAILED %s (RT task)", fail);
	else
		ck_printf("libc: newlib %s snprintf/strtol/string/math ok (sqrt(2)=%s, "
			  "RT task: %u us, %u of %u stack bytes)", _NEWLIB_VERSION,
			  lcd.sqrt2, (unsigned int)(dt_ns / CK_NS_PER_US),
			  (unsigned int)stack_used_bytes(), LIBC_STACK_BYTES);
}

static int libcdemo_init(void)
{
	char sqrt2[16];
	size_t i;

	lcd.init_fail = check_rt_safe(sqrt2, sizeof(sqrt2));
	if (!lcd.init_fail)
		lcd.init_fail = check_init_only();
	for (i = 0; i < LIBC_STACK_BYTES / 8u; i++)
		lcd_stack[i] = LIBC_STACK_FILL;
	return ck_task_create(&lcd.task, "libcdemo", LIBC_PRIO, libcdemo_task, NULL,
			      lcd_stack, sizeof(lcd_stack));
}

CK_APP(libcdemo, libcdemo_init);
