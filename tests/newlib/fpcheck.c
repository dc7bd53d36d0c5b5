// SPDX-License-Identifier: MIT
/*
 * fpcheck.c - the RT programs' newlib, libm and soft-float libgcc, built
 * for the board (mk/newlib-build.sh), run once as a static Linux program
 * under QEMU's user-mode emulator by mk/newlib-check.sh at build time:
 * double and float arithmetic, libm and the integer <-> floating
 * conversions against their known results, with the co-kernel's ABI
 * (SH-4: -m4-nofpu; PowerPC: -msoft-float; every operation a soft-float
 * call). Prints
 *
 *   fpcheck: ok (sqrt(2)=1.414214, exp(1)=2.718282, (int)-7.9=-7)
 *   fpcheck: FAILED <check>
 *
 * and exits 0 or 1. The same checks run in an RT task on the board
 * (cokernel/apps/libc/libcdemo.c); this one needs no board. No libc
 * start-up: _start calls main and exits through Linux's system calls
 * (tests/include/sh4-linux-syscall.h, ppc-linux-syscall.h; exit is 1 and
 * write 4 on both: Linux arch/sh/include/uapi/asm/unistd_32.h,
 * arch/powerpc/kernel/syscalls/syscall.tbl).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#if defined(__sh__)
#include "../include/sh4-linux-syscall.h"
#define linux_sys3 sh4_sys3
#elif defined(__powerpc__)
#include "../include/ppc-linux-syscall.h"
#define linux_sys3 ppc_sys3
#else
#error "fpcheck.c: no Linux system call for this CPU (tests/include)"
#endif

#define FP_TOL 1e-12 /* relative, for double results */

/* inputs the compiler cannot fold: every operation below runs */
static volatile double fp_two = 2.0, fp_big = -1e15, fp_3e9 = 3e9, fp_m79 = -7.9;
static volatile long long fp_2p53 = 9007199254740993ll; /* 2^53 + 1 */
static volatile unsigned long long fp_u64 = 123456789012ull;
static volatile float fp_twof = 2.0f, fp_3375f = 3375.0f;

/* the system calls: write() for the verdict; and the heap newlib's
 * printf core may ask for (never, for snprintf into a buffer): none */
int _write(int fd, const void *buf, unsigned int n);
int _write(int fd, const void *buf, unsigned int n)
{
	return (int)linux_sys3(4, fd, (long)buf, (long)n);
}

void *_sbrk(long incr);
void *_sbrk(long incr)
{
	(void)incr;
	return (void *)-1;
}

/* the same without the underscore: newlib's PowerPC build calls write()
 * and sbrk() (its configure.host sets MISSING_SYSCALL_NAMES), SH's the
 * underscored names */
int write(int fd, const void *buf, unsigned int n) __attribute__((alias("_write")));
void *sbrk(long incr) __attribute__((alias("_sbrk")));

static int near(double got, double want)
{
	return fabs(got - want) <= FP_TOL * fabs(want);
}

static const char *check(void)
{
	double r2 = sqrt(fp_two);

	if (fp_two + fp_two != 4.0 || fp_two * 1.5 != 3.0 || 1.0 / fp_two != 0.5 ||
	    fp_two - 3.0 != -1.0 || !(fp_two > 1.0) || fp_two == 1.0)
		return "+ - * / and compares";
	if (!near(r2, 1.4142135623730951) || !near(r2 * r2, 2.0))
		return "sqrt";
	if (!near(sin(3.14159265358979323846 / 6), 0.5) ||
	    !near(4 * atan(1.0), 3.14159265358979323846))
		return "sin/atan";
	if (!near(exp(1.0), 2.718281828459045) || !near(log(10.0), 2.302585092994046) ||
	    pow(fp_two, 10.0) != 1024.0)
		return "exp/log/pow";
	if (floor(-2.5) != -3.0 || ceil(-2.5) != -2.0 || fmod(10.0, 3.0) != 1.0 ||
	    lround(2.5) != 3)
		return "floor/ceil/fmod/lround";
	if (fabsf(sqrtf(fp_twof) - 1.41421356f) > 1e-6f || (double)fp_twof != 2.0)
		return "float";
	/* where Debian's sh4 libgcc.a goes wrong (mk/libgcc-build.sh) */
	if ((long long)fp_big != -1000000000000000ll || (long long)fp_m79 != -7 ||
	    (int)fp_m79 != -7 || (unsigned int)fp_3e9 != 3000000000u ||
	    (unsigned long long)fp_3e9 != 3000000000ull ||
	    (unsigned long long)(fp_3e9 * fp_3e9) != 9000000000000000000ull ||
	    (unsigned int)fp_3375f != 3375u)
		return "floating -> integer conversions";
	if ((double)fp_2p53 != 9007199254740992.0 || /* rounds to even */
	    (float)fp_2p53 != 9007199254740992.0f || (double)fp_u64 != 123456789012.0)
		return "integer -> floating conversions";
	if (fp_u64 / 1000u != 123456789u || fp_u64 % 1000u != 12u ||
	    (long long)fp_u64 / -7 != -17636684144ll)
		return "64-bit division";
	if (!isnan(sqrt(-fp_two)) || !isinf(fp_two / 0.0))
		return "NaN/Inf";
	return NULL;
}

int fpcheck_main(void);
int fpcheck_main(void)
{
	const char *fail = check();
	char line[160];
	long m2 = lround(sqrt(fp_two) * 1e6), me = lround(exp(1.0) * 1e6);
	int n;

	if (fail)
		n = snprintf(line, sizeof(line), "fpcheck: FAILED %s\n", fail);
	else
		n = snprintf(line, sizeof(line),
			     "fpcheck: ok (sqrt(2)=%ld.%06ld, exp(1)=%ld.%06ld, (int)-7.9=%d)\n",
			     m2 / 1000000, m2 % 1000000, me / 1000000, me % 1000000,
			     (int)(long long)fp_m79);
	if (n > 0)
		_write(1, line, (unsigned int)strlen(line));
	return fail != NULL;
}

#ifdef __sh__
/* the entry: r15 is the stack Linux (QEMU) set up; exit(main()) */
__asm__("	.text\n"
	"	.global	_start\n"
	"_start:\n"
	"	mov.l	1f, r0\n"
	"	jsr	@r0\n"
	"	nop\n"
	"	mov	r0, r4\n"
	"	mov	#1, r3\n"
	"	trapa	#0x11\n"
	"	.align	2\n"
	"1:	.long	fpcheck_main\n");
#elif defined(__powerpc__)
/* the entry: r1 is the stack Linux (QEMU) set up; a first frame, 16-byte
 * aligned, whose back chain is null (the SysV ABI's end of the chain),
 * then exit(main()) */
__asm__("	.text\n"
	"	.global	_start\n"
	"_start:\n"
	"	clrrwi	1, 1, 4\n"
	"	li	0, 0\n"
	"	stwu	1, -16(1)\n"
	"	stw	0, 0(1)\n"
	"	bl	fpcheck_main\n"
	"	li	0, 1\n"
	"	sc\n");
#endif
