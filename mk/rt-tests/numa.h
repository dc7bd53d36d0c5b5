/* SPDX-License-Identifier: MIT */
/*
 * numa.h - the part of libnuma's API that rt-tests (cyclictest, oslat,
 * signaltest: src/lib/rt-numa.c) calls, for a machine without NUMA: the
 * project's boards are single-node, single-core, and Debian has no libnuma
 * for powerpc or a musl SH-4. numa_available() says -1 (no NUMA), so
 * rt-tests takes its non-NUMA paths; the CPU masks work on the CPUs the
 * process may run on. Built into libnuma.a by mk/rt-tests-build.sh.
 * The names and signatures are libnuma's (numa(3)); the code is ours.
 */
#ifndef CK_RT_TESTS_NUMA_H
#define CK_RT_TESTS_NUMA_H

#include <stddef.h>

/* a set of CPUs or nodes: bit i of maskp is number i, size bits */
struct bitmask {
	unsigned long size;
	unsigned long *maskp;
};

/* -1: the system has no NUMA (always, here) */
int numa_available(void);
/* the CPUs configured / the process may run on (sysconf, affinity) */
int numa_num_configured_cpus(void);
int numa_num_task_cpus(void);
int numa_num_possible_cpus(void);
int numa_max_node(void);
/* an empty mask of numa_num_possible_cpus() bits; NULL when out of memory */
struct bitmask *numa_allocate_cpumask(void);
struct bitmask *numa_bitmask_alloc(unsigned int nbits);
void numa_bitmask_free(struct bitmask *bmp);
struct bitmask *numa_bitmask_setbit(struct bitmask *bmp, unsigned int n);
struct bitmask *numa_bitmask_clearbit(struct bitmask *bmp, unsigned int n);
struct bitmask *numa_bitmask_clearall(struct bitmask *bmp);
int numa_bitmask_isbitset(const struct bitmask *bmp, unsigned int n);
unsigned int numa_bitmask_weight(const struct bitmask *bmp);
/* "0-2,4" (CPU numbers, ranges; "all"): a new mask, NULL on a bad string
 * or a CPU beyond the possible ones (_all: of all CPUs, else of those the
 * process may run on) */
struct bitmask *numa_parse_cpustring(const char *s);
struct bitmask *numa_parse_cpustring_all(const char *s);
/* sched_{get,set}affinity on @mask; 0 or -1 with errno */
int numa_sched_getaffinity(int pid, struct bitmask *mask);
int numa_sched_setaffinity(int pid, struct bitmask *mask);
/* node 0 for any CPU; running on node 0 (or -1: any) is a no-op */
int numa_node_of_cpu(int cpu);
int numa_run_on_node(int node);
/* plain allocation (zeroed pages by mmap), freed with numa_free */
void *numa_alloc_onnode(size_t size, int node);
void numa_free(void *mem, size_t size);
void numa_set_localalloc(void);

#endif
