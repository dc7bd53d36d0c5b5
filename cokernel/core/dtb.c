// SPDX-License-Identifier: MIT
/*
 * dtb.c - the few facts the co-kernel reads from the device tree the boot
 * loader hands over (U-Boot, or QEMU's -kernel loader): clock rates a board
 * cannot know at build time. libfdt (cokernel/lib/libfdt) does the parsing.
 */
#include <libfdt.h>
#include "core.h"
#include <ck/bsp.h>

/* A 1- or 2-cell property as a number; 0 if absent or of another size. */
static uint64_t prop_num(const void *fdt, int node, const char *name)
{
	int len = 0;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	if (!p)
		return 0;
	if (len == 4)
		return fdt32_to_cpu(p[0]);
	if (len == 8)
		return (uint64_t)fdt32_to_cpu(p[0]) << 32 | fdt32_to_cpu(p[1]);
	return 0;
}

static bool tree_ok(const void *fdt)
{
	return fdt && fdt_check_header(fdt) == 0;
}

uint64_t ck_dtb_timebase_hz(const void *fdt)
{
	int cpus, cpu;

	if (!tree_ok(fdt))
		return 0;
	cpus = fdt_path_offset(fdt, "/cpus");
	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(cpu, fdt, cpus) {
		const char *type = fdt_getprop(fdt, cpu, "device_type", NULL);

		if (type && !strcmp(type, "cpu"))
			return prop_num(fdt, cpu, "timebase-frequency");
	}
	return 0;
}

uint64_t ck_dtb_compatible_num(const void *fdt, const char *compatible,
			       const char *prop)
{
	int node;

	if (!tree_ok(fdt))
		return 0;
	node = fdt_node_offset_by_compatible(fdt, -1, compatible);
	return node < 0 ? 0 : prop_num(fdt, node, prop);
}
