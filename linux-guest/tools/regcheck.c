// SPDX-License-Identifier: GPL-2.0
/*
 * regcheck.c - prove that the RT side resumes Linux exactly where it was.
 *
 * Loads r1-r12 and lr with known patterns and spins on r0 only, for a given
 * time; the co-kernel's FIQ preempts the loop at arbitrary instructions
 * (1 kHz RT task). At the end every register must still hold its pattern,
 * and the loop counter must have run out normally (a corrupted flag would
 * have ended it early). usage: regcheck [seconds]   exit 0 = intact.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NREGS 14 /* r0 (the counter, 0 at the end), r1-r12, lr */

#ifdef __arm__
/* Spin @loops times with r1-r12, lr holding 0xN1N1N1N1-style patterns and
 * store r0-r12, lr into @out afterwards. */
static void spin(unsigned long loops, unsigned long *out)
{
	__asm__ volatile(
		"push	{r0-r12, lr}\n\t"
		"push	{%1}\n\t"          /* @out, before r0 is reused */
		"mov	r0, %0\n\t"
		"ldr	r1, =0x11111111\n\t"
		"ldr	r2, =0x22222222\n\t"
		"ldr	r3, =0x33333333\n\t"
		"ldr	r4, =0x44444444\n\t"
		"ldr	r5, =0x55555555\n\t"
		"ldr	r6, =0x66666666\n\t"
		"ldr	r7, =0x77777777\n\t"
		"ldr	r8, =0x88888888\n\t"
		"ldr	r9, =0x99999999\n\t"
		"ldr	r10, =0xaaaaaaaa\n\t"
		"ldr	r11, =0xbbbbbbbb\n\t"
		"ldr	r12, =0xcccccccc\n\t"
		"ldr	lr, =0xeeeeeeee\n\t"
		"1:	subs	r0, r0, #1\n\t"
		"bne	1b\n\t"
		"push	{r0}\n\t"        /* r0 is free again: fetch @out */
		"ldr	r0, [sp, #4]\n\t"
		"stmia	r0, {r1-r12, lr}\n\t"
		"pop	{r1}\n\t"
		"pop	{r0}\n\t"
		"str	r1, [r0, #52]\n\t" /* r0 at the end: out[13] */
		"pop	{r0-r12, lr}\n\t"
		"b	2f\n\t"
		".ltorg\n"              /* the patterns' literal pool */
		"2:\n\t"
		:
		: "r"(loops), "r"(out)
		: "memory", "cc");
}
#endif

int main(int argc, char **argv)
{
	static const unsigned long want[NREGS] = {
		0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555,
		0x66666666, 0x77777777, 0x88888888, 0x99999999, 0xaaaaaaaa,
		0xbbbbbbbb, 0xcccccccc, 0xeeeeeeee, 0 };
	static const char *const name[NREGS] = {
		"r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
		"r11", "r12", "lr", "r0 (loop counter)" };
	int secs = argc > 1 ? atoi(argv[1]) : 3;
	unsigned long got[NREGS];
	unsigned long rounds = 0;
	time_t end;
	int i, bad = 0;

#ifndef __arm__
	(void)want; (void)name; (void)got; (void)end; (void)i;
	(void)secs; (void)rounds; (void)bad;
	fprintf(stderr, "regcheck: ARM only\n");
	return 2;
#else
	if (secs < 1) {
		fprintf(stderr, "usage: regcheck [seconds >= 1]\n");
		return 2;
	}
	end = time(NULL) + secs;
	while (time(NULL) < end && !bad) {
		spin(1000000, got);
		rounds++;
		for (i = 0; i < NREGS; i++) {
			if (got[i] != want[i]) {
				printf("regcheck: %s is %08lx, want %08lx (round %lu)\n",
				       name[i], got[i], want[i], rounds);
				bad = 1;
			}
		}
	}
	printf("regcheck: %lu rounds of 1000000 loops, registers %s\n", rounds,
	       bad ? "CORRUPTED" : "intact");
	return bad;
#endif
}
