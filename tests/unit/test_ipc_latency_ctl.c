// SPDX-License-Identifier: MIT
/*
 * test_ipc_latency_ctl.c - the RT latency app on the sim arch, fed garbage
 * control messages by "Linux": each is ignored, said on the console and
 * counted in latency.ctl's `invalid` (what `ckipc list` shows as INVAL),
 * and sampling goes on undisturbed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_test.h"
#include <ck/shm.h>
#include "ck_ipc.h"
#include "ck_ipc_apps.h"

/* The app is built into this test as it is into the image. */
#include "../../cokernel/apps/latency.c"

#define REGION CK_IPC_REGION_BYTES_DEFAULT
#define MS 1000000ull

static void *region;

static const char *uart(void)
{
	int i;

	for (i = 0; i < 64; i++)
		console_drain();
	return sim_uart_output();
}

static int setup(void **state)
{
	sim_setup(state);
	memset(&lat, 0, sizeof(lat));
	assert_int_equal(posix_memalign(&region, 8, REGION), 0);
	memset(region, 0, REGION);
	assert_int_equal(ck_shm_init(region, REGION), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(region);
	return 0;
}

static uint32_t ctl_invalid(const struct ck_ipc_chan *ctl)
{
	struct ck_ipc_info info;

	assert_int_equal(ck_ipc_info(region, REGION, ctl->idx, &info), 0);
	return info.invalid;
}

/* Drain latency.data; return the seq of the last record (or @last). */
static uint32_t last_seq(struct ck_ipc_chan *data, uint32_t last)
{
	struct ck_lat_rec r;

	while (ck_ipc_recv(region, data, &r, sizeof(r)) == (int)sizeof(r))
		last = r.seq;
	return last;
}

static void test_garbage_ctl_counted_sampling_goes_on(void **state)
{
	struct ck_ipc_chan ctl, data;
	struct ck_lat_cmd c;
	uint32_t seq;

	(void)state;
	assert_int_equal(latency_init(), 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_CTL,
				     CK_IPC_SIDE_LINUX, &ctl),
			 0);
	assert_int_equal(ck_ipc_open(region, REGION, CK_LAT_DATA,
				     CK_IPC_SIDE_LINUX, &data),
			 0);
	sim_start();
	sim_run_until(1100 * MS);
	seq = last_seq(&data, 0xffffffffu);
	assert_int_equal(seq, 0);
	assert_int_equal(ctl_invalid(&ctl), 0);

	/* a message shorter than a command */
	assert_int_equal(ck_ipc_send(region, &ctl, "junk", 4), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 1);
	assert_non_null(strstr(uart(), "latency: control message of wrong "
				       "size, bytes 4 ignored"));
	/* an unknown command */
	memset(&c, 0, sizeof(c));
	c.cmd = 99;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 2);
	assert_non_null(strstr(uart(), "latency: unknown command 99 ignored"));
	/* a START whose period is out of range */
	c.cmd = CK_LAT_CMD_START;
	c.mode = CK_LAT_MODE_TASK;
	c.period_ns = 5;
	c.bucket_ns = 1000;
	c.cells = 10;
	assert_int_equal(ck_ipc_send(region, &ctl, &c, sizeof(c)), 0);
	sim_run_until(sim_now() + 5 * MS);
	assert_int_equal(ctl_invalid(&ctl), 3);

	/* none of it is a fault, and the boot session samples on */
	assert_false(ck_ipc_faulted(region, &ctl));
	assert_int_equal(lat.ctl.faults, 0);
	assert_int_equal(lat.mode, CK_LAT_MODE_TASK);
	assert_int_equal(lat.period_ns, CK_LAT_PERIOD_DEFAULT_NS);
	sim_run_until(3100 * MS);
	assert_int_equal(last_seq(&data, seq), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_garbage_ctl_counted_sampling_goes_on, setup,
			teardown),
	};

	return cmocka_run_group_tests_name("ipc_latency_ctl", tests, NULL,
					   NULL);
}
