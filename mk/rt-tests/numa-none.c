// SPDX-License-Identifier: MIT
/*
 * numa-none.c - libnuma's calls that rt-tests makes, for a system without
 * NUMA (numa.h beside this file says what each does).
 * Context: any thread; the masks are the caller's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "numa.h"

#define LONG_BITS (sizeof(unsigned long) * CHAR_BIT)

int numa_available(void)
{
	return -1;
}

int numa_num_configured_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 ? (int)n : 1;
}

int numa_num_possible_cpus(void)
{
	return numa_num_configured_cpus();
}

int numa_max_node(void)
{
	return 0;
}

struct bitmask *numa_bitmask_alloc(unsigned int nbits)
{
	struct bitmask *b = malloc(sizeof(*b));

	if (!b)
		return NULL;
	b->size = nbits;
	b->maskp = calloc((nbits + LONG_BITS - 1) / LONG_BITS + 1, sizeof(unsigned long));
	if (!b->maskp) {
		free(b);
		return NULL;
	}
	return b;
}

struct bitmask *numa_allocate_cpumask(void)
{
	return numa_bitmask_alloc((unsigned int)numa_num_possible_cpus());
}

void numa_bitmask_free(struct bitmask *bmp)
{
	if (!bmp)
		return;
	free(bmp->maskp);
	free(bmp);
}

struct bitmask *numa_bitmask_setbit(struct bitmask *bmp, unsigned int n)
{
	if (n < bmp->size)
		bmp->maskp[n / LONG_BITS] |= 1UL << (n % LONG_BITS);
	return bmp;
}

struct bitmask *numa_bitmask_clearbit(struct bitmask *bmp, unsigned int n)
{
	if (n < bmp->size)
		bmp->maskp[n / LONG_BITS] &= ~(1UL << (n % LONG_BITS));
	return bmp;
}

struct bitmask *numa_bitmask_clearall(struct bitmask *bmp)
{
	memset(bmp->maskp, 0, (bmp->size + LONG_BITS - 1) / LONG_BITS * sizeof(unsigned long));
	return bmp;
}

int numa_bitmask_isbitset(const struct bitmask *bmp, unsigned int n)
{
	return n < bmp->size && (bmp->maskp[n / LONG_BITS] >> (n % LONG_BITS)) & 1;
}

unsigned int numa_bitmask_weight(const struct bitmask *bmp)
{
	unsigned int i, w = 0;

	for (i = 0; i < bmp->size; i++)
		w += (unsigned int)numa_bitmask_isbitset(bmp, i);
	return w;
}

int numa_sched_getaffinity(int pid, struct bitmask *mask)
{
	cpu_set_t set;
	unsigned int i;

	if (sched_getaffinity(pid, sizeof(set), &set))
		return -1;
	numa_bitmask_clearall(mask);
	for (i = 0; i < mask->size && i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set))
			numa_bitmask_setbit(mask, i);
	return 0;
}

int numa_sched_setaffinity(int pid, struct bitmask *mask)
{
	cpu_set_t set;
	unsigned int i;

	CPU_ZERO(&set);
	for (i = 0; i < mask->size && i < CPU_SETSIZE; i++)
		if (numa_bitmask_isbitset(mask, i))
			CPU_SET(i, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

int numa_num_task_cpus(void)
{
	struct bitmask *m = numa_allocate_cpumask();
	int n = 1;

	if (m && !numa_sched_getaffinity(0, m))
		n = (int)numa_bitmask_weight(m);
	numa_bitmask_free(m);
	return n;
}

/* the CPUs of @s into a new mask, each one also in @allowed */
static struct bitmask *parse_cpus(const char *s, const struct bitmask *allowed)
{
	struct bitmask *b = numa_allocate_cpumask();
	const char *p = s;
	char *end;
	unsigned long lo, hi, i;

	if (!b)
		return NULL;
	if (!strcmp(s, "all")) {
		for (i = 0; i < b->size; i++)
			if (numa_bitmask_isbitset(allowed, (unsigned int)i))
				numa_bitmask_setbit(b, (unsigned int)i);
		return b;
	}
	while (*p) {
		errno = 0;
		lo = strtoul(p, &end, 10);
		if (end == p || errno)
			goto bad;
		hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtoul(++p, &end, 10);
			if (end == p || errno || hi < lo)
				goto bad;
			p = end;
		}
		for (i = lo; i <= hi; i++) {
			if (i >= b->size || !numa_bitmask_isbitset(allowed, (unsigned int)i))
				goto bad;
			numa_bitmask_setbit(b, (unsigned int)i);
		}
		if (*p == ',')
			p++;
		else if (*p)
			goto bad;
	}
	return b;
bad:
	numa_bitmask_free(b);
	return NULL;
}

struct bitmask *numa_parse_cpustring_all(const char *s)
{
	struct bitmask *all = numa_allocate_cpumask(), *b;
	unsigned int i;

	if (!all)
		return NULL;
	for (i = 0; i < all->size; i++)
		numa_bitmask_setbit(all, i);
	b = parse_cpus(s, all);
	numa_bitmask_free(all);
	return b;
}

struct bitmask *numa_parse_cpustring(const char *s)
{
	struct bitmask *task = numa_allocate_cpumask(), *b = NULL;

	if (task && !numa_sched_getaffinity(0, task))
		b = parse_cpus(s, task);
	numa_bitmask_free(task);
	return b;
}

int numa_node_of_cpu(int cpu)
{
	return cpu >= 0 && cpu < numa_num_configured_cpus() ? 0 : -1;
}

int numa_run_on_node(int node)
{
	if (node != 0 && node != -1) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

void *numa_alloc_onnode(size_t size, int node)
{
	void *p;

	(void)node;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void numa_free(void *mem, size_t size)
{
	if (mem)
		munmap(mem, size);
}

void numa_set_localalloc(void)
{
}
