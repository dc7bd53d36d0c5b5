// SPDX-License-Identifier: MIT
/*
 * test_dtb.c - the clocks the co-kernel reads from the boot DTB
 * (core/dtb.c over libfdt): trees written here with libfdt's sequential
 * writer, shaped like QEMU's ppce500 tree (hw/ppc/e500.c) and like a
 * U-Boot one, plus trees that lack the facts or are not trees at all.
 */
#include <libfdt.h>
#include <string.h>
#include <ck/bsp.h>
#include "sim_test.h"

static char blob[4096];

struct tree {
	bool cpus;              /* a /cpus node */
	bool other_first;       /* a non-cpu node before the cpu */
	int tb_cells;           /* 0: no timebase-frequency, 1 or 2 cells */
	uint64_t tb_hz;
	bool mpic;              /* an fsl,mpic node */
	uint32_t mpic_hz;       /* its clock-frequency; 0: none */
};

static const void *build(const struct tree *t)
{
	assert_int_equal(fdt_create(blob, sizeof(blob)), 0);
	assert_int_equal(fdt_finish_reservemap(blob), 0);
	assert_int_equal(fdt_begin_node(blob, ""), 0);
	if (t->cpus) {
		assert_int_equal(fdt_begin_node(blob, "cpus"), 0);
		if (t->other_first) {
			assert_int_equal(fdt_begin_node(blob, "idle-states"), 0);
			assert_int_equal(fdt_property_u32(blob, "timebase-frequency", 1), 0);
			assert_int_equal(fdt_end_node(blob), 0);
		}
		assert_int_equal(fdt_begin_node(blob, "PowerPC,8544@0"), 0);
		assert_int_equal(fdt_property_string(blob, "device_type", "cpu"), 0);
		if (t->tb_cells == 1)
			assert_int_equal(fdt_property_u32(blob, "timebase-frequency",
							  (uint32_t)t->tb_hz), 0);
		if (t->tb_cells == 2)
			assert_int_equal(fdt_property_u64(blob, "timebase-frequency",
							  t->tb_hz), 0);
		assert_int_equal(fdt_end_node(blob), 0);
		assert_int_equal(fdt_end_node(blob), 0);
	}
	assert_int_equal(fdt_begin_node(blob, "soc@e0000000"), 0);
	assert_int_equal(fdt_property_u32(blob, "bus-frequency", 0), 0);
	if (t->mpic) {
		assert_int_equal(fdt_begin_node(blob, "pic@40000"), 0);
		assert_int_equal(fdt_property_string(blob, "compatible", "fsl,mpic"), 0);
		if (t->mpic_hz)
			assert_int_equal(fdt_property_u32(blob, "clock-frequency",
							  t->mpic_hz), 0);
		assert_int_equal(fdt_end_node(blob), 0);
	}
	assert_int_equal(fdt_end_node(blob), 0);
	assert_int_equal(fdt_end_node(blob), 0);
	assert_int_equal(fdt_finish(blob), 0);
	return blob;
}

static uint64_t mpic_hz(const void *fdt)
{
	return ck_dtb_compatible_num(fdt, "fsl,mpic", "clock-frequency");
}

/* QEMU's ppce500 tree: a timebase, an MPIC without a clock. */
static void qemu_like(void **state)
{
	const struct tree t = { .cpus = true, .tb_cells = 1, .tb_hz = 400000000u,
				.mpic = true };
	const void *fdt = build(&t);

	(void)state;
	assert_int_equal(ck_dtb_timebase_hz(fdt), 400000000u);
	assert_int_equal(mpic_hz(fdt), 0);
}

/* A board's tree: both, the timebase in two cells, a node before the cpu. */
static void uboot_like(void **state)
{
	const struct tree t = { .cpus = true, .other_first = true, .tb_cells = 2,
				.tb_hz = 41666666u, .mpic = true,
				.mpic_hz = 333333333u };
	const void *fdt = build(&t);

	(void)state;
	assert_int_equal(ck_dtb_timebase_hz(fdt), 41666666u);
	assert_int_equal(mpic_hz(fdt), 333333333u);
}

static void missing_facts(void **state)
{
	const struct tree no_cpus = { .mpic = false };
	const struct tree no_tb = { .cpus = true, .tb_cells = 0, .mpic = true };

	(void)state;
	assert_int_equal(ck_dtb_timebase_hz(build(&no_cpus)), 0);
	assert_int_equal(mpic_hz(blob), 0);
	assert_int_equal(ck_dtb_timebase_hz(build(&no_tb)), 0);
}

static void not_a_tree(void **state)
{
	const struct tree t = { .cpus = true, .tb_cells = 1, .tb_hz = 5, .mpic = true,
				.mpic_hz = 7 };

	(void)state;
	assert_int_equal(ck_dtb_timebase_hz(NULL), 0);
	assert_int_equal(mpic_hz(NULL), 0);
	memset(blob, 0x5a, sizeof(blob));
	assert_int_equal(ck_dtb_timebase_hz(blob), 0);
	assert_int_equal(mpic_hz(blob), 0);
	build(&t);
	blob[0] ^= 1;                       /* the magic */
	assert_int_equal(ck_dtb_timebase_hz(blob), 0);
	assert_int_equal(mpic_hz(blob), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(qemu_like),
		cmocka_unit_test(uboot_like),
		cmocka_unit_test(missing_facts),
		cmocka_unit_test(not_a_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
