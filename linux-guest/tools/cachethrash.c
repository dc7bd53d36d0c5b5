// SPDX-License-Identifier: GPL-2.0
/*
 * cachethrash.c - a cache-thrashing load in the spirit of the cache
 * calibrator (Manegold's calibrator, the load of the MPC5200B and SH7750R
 * latency figures): it evicts what RT code left in the caches between two
 * RT releases, so the next release runs from memory, as on a loaded board.
 *
 * Each round: (1) a data walk that reads and writes one word per cache line
 * over a buffer several times the largest D-cache (+ L2) of the boards
 * (-d bytes, line stride -s), and (2) a straight-line code block larger
 * than the largest I-cache (CODE_BYTES below: each step is a handful of
 * instructions, STEPS of them, never a loop), which also scatters writes
 * over the buffer. Runs until killed, or for -n rounds; -v prints rounds
 * and the data walked on exit.
 *
 * Largest caches of the boards: e500v2 32 KiB L1 D and I, 256-512 KiB L2
 * (MPC8544/8548 reference manuals); ARM926EJ-S up to 32 KiB; G2_LE 16 KiB;
 * SH7751R 32 KiB operand cache. The default data walk is 4 MiB.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define DEFAULT_DATA_BYTES (4L << 20)
#define DEFAULT_STRIDE_BYTES 32L /* the boards' L1 line size */

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/*
 * One step of the code block: a multiply-add chain whose result picks a
 * word of the buffer to write, so neither the compiler nor the CPU can
 * skip it. __COUNTER__ makes every step's constant distinct: no two steps
 * are the same code, so none can be merged into a loop.
 */
#define STEP(x, buf, mask)                                              \
	do {                                                            \
		(x) = (x) * 2654435761u + (uint32_t)(__COUNTER__ * 2 + 1); \
		(buf)[((x) >> 9) & (mask)] += (x);                      \
	} while (0)
#define STEP4(x, b, m) STEP(x, b, m); STEP(x, b, m); STEP(x, b, m); STEP(x, b, m)
#define STEP16(x, b, m) STEP4(x, b, m); STEP4(x, b, m); STEP4(x, b, m); STEP4(x, b, m)
#define STEP256(x, b, m)                                               \
	STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); \
	STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); \
	STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); \
	STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m); STEP16(x, b, m)
/* STEPS = 4096: at 5-8 instructions a step, 80-128 KiB of code */
#define STEPS 4096

/* The code block: STEPS straight-line steps over @buf (@mask + 1 words,
 * a power of two). Returns the running value so that it is used. */
static __attribute__((noinline)) uint32_t code_walk(volatile uint32_t *buf,
						    uint32_t mask, uint32_t x)
{
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	STEP256(x, buf, mask); STEP256(x, buf, mask);
	return x;
}

/* Read and write one word every @stride bytes of @buf (@bytes long). */
static void data_walk(volatile uint32_t *buf, long bytes, long stride)
{
	long words = bytes / 4, step = stride / 4, i;

	for (i = 0; i < words; i += step)
		buf[i] = buf[i] + 1u;
}

static void usage(FILE *out)
{
	fprintf(out,
		"usage: cachethrash [-d <data-bytes>] [-s <stride-bytes>] [-n <rounds>] [-v]\n"
		"  -d  data walked each round (default %ld, several times the largest D-cache)\n"
		"  -s  stride of the walk (default %ld, the L1 line size)\n"
		"  -n  rounds, then exit (default: until killed)\n"
		"  -v  print the rounds done on exit\n"
		"Each round also runs a %d-step straight-line code block (larger than any\n"
		"I-cache of the boards) that writes all over the buffer.\n",
		DEFAULT_DATA_BYTES, DEFAULT_STRIDE_BYTES, STEPS);
}

int main(int argc, char **argv)
{
	long data_bytes = DEFAULT_DATA_BYTES, stride = DEFAULT_STRIDE_BYTES;
	long long rounds = 0, done = 0, v;
	int c, verbose = 0;
	uint32_t x = 1, mask;
	volatile uint32_t *buf;
	struct sigaction sa;

	if (argc > 1 && !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	while ((c = getopt(argc, argv, "d:s:n:v")) != -1) {
		switch (c) {
		case 'd':
			if (cli_number("cachethrash", "-d", optarg, 4096, 1L << 28, &v))
				return 2;
			data_bytes = (long)v;
			break;
		case 's':
			if (cli_number("cachethrash", "-s", optarg, 4, 4096, &v))
				return 2;
			stride = (long)v;
			break;
		case 'n':
			if (cli_number("cachethrash", "-n", optarg, 1, 1LL << 40, &rounds))
				return 2;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "cachethrash: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (stride & 3) {
		fprintf(stderr, "cachethrash: -s %ld: a multiple of 4 expected\n", stride);
		return 2;
	}
	/* the code block's index mask: the largest power of two of words
	 * that fits in the buffer */
	for (mask = 1; (long)(mask * 2u) * 4 <= data_bytes; mask *= 2u)
		;
	mask -= 1u;
	buf = calloc(1, (size_t)data_bytes);
	if (!buf) {
		fprintf(stderr, "cachethrash: cannot allocate %ld bytes\n", data_bytes);
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	while (!stop && (!rounds || done < rounds)) {
		data_walk(buf, data_bytes, stride);
		x = code_walk(buf, mask, x);
		done++;
	}
	if (verbose)
		printf("cachethrash: %lld rounds of %ld data bytes (stride %ld) and %d code steps (last value %08x)\n",
		       done, data_bytes, stride, STEPS, (unsigned)x);
	free((void *)buf);
	return 0;
}
