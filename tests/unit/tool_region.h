/* SPDX-License-Identifier: MIT */
/*
 * tool_region.h - the fake IPC region the host tests hand to the Linux
 * tools (CKIPC_DEV=<file>): a region file mapped shared, and the channels
 * the RT latency and switchtest apps (cokernel/apps/latency.c,
 * switchtest.c) create in it. cmocka
 * asserts: include after <cmocka.h>.
 */
#ifndef TOOL_REGION_H
#define TOOL_REGION_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ck_ipc.h"
#include "ck_ipc_apps.h"

#define TOOL_REGION_BYTES CK_IPC_REGION_BYTES_DEFAULT

/* Make the region file from the mkstemp() template @path (a
 * "/tmp/...-XXXXXX" it rewrites), map it, format an empty directory. */
static inline uint8_t *tool_region_map(char *path)
{
	uint8_t *base;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, TOOL_REGION_BYTES), 0);
	base = mmap(NULL, TOOL_REGION_BYTES, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	assert_true(base != MAP_FAILED);
	close(fd);
	assert_int_equal(ck_ipc_dir_init(base, TOOL_REGION_BYTES), 0);
	return base;
}

/* A test's files: the region (a "/tmp/ck-region-XXXXXX" file, mapped at
 * base) and the tool's output file beside it. */
struct tool_files {
	char path[64], out[80];
	uint8_t *base;
};

static inline void tool_files_open(struct tool_files *t)
{
	snprintf(t->path, sizeof(t->path), "/tmp/ck-region-XXXXXX");
	t->base = tool_region_map(t->path);
	snprintf(t->out, sizeof(t->out), "%s.out", t->path);
}

static inline void tool_files_close(struct tool_files *t)
{
	munmap(t->base, TOOL_REGION_BYTES);
	unlink(t->path);
	unlink(t->out);
}

/* The latency app's three channels, RT handles in @ctl, @data, @hist. */
static inline void tool_region_latency(uint8_t *base, struct ck_ipc_chan *ctl,
				       struct ck_ipc_chan *data,
				       struct ck_ipc_chan *hist)
{
	assert_int_equal(ck_ipc_ring_create(base, TOOL_REGION_BYTES,
					    CK_LAT_CTL, CK_IPC_RING_LX2RT,
					    sizeof(struct ck_lat_cmd),
					    CK_LAT_CTL_SLOTS, 0, ctl),
			 0);
	assert_int_equal(ck_ipc_ring_create(base, TOOL_REGION_BYTES,
					    CK_LAT_DATA, CK_IPC_RING_RT2LX,
					    sizeof(struct ck_lat_rec),
					    CK_LAT_DATA_SLOTS,
					    CK_IPC_F_DROP_OLDEST, data),
			 0);
	assert_int_equal(ck_ipc_state_create(base, TOOL_REGION_BYTES,
					     CK_LAT_HIST, CK_IPC_STATE_RT2LX,
					     sizeof(struct ck_lat_hist), hist),
			 0);
}

/* The switchtest app's two channels, RT handles in @ctl, @data. */
static inline void tool_region_switchtest(uint8_t *base,
					  struct ck_ipc_chan *ctl,
					  struct ck_ipc_chan *data)
{
	assert_int_equal(ck_ipc_ring_create(base, TOOL_REGION_BYTES,
					    CK_SWT_CTL, CK_IPC_RING_LX2RT,
					    sizeof(struct ck_swt_cmd),
					    CK_SWT_CTL_SLOTS, 0, ctl),
			 0);
	assert_int_equal(ck_ipc_ring_create(base, TOOL_REGION_BYTES,
					    CK_SWT_DATA, CK_IPC_RING_RT2LX,
					    sizeof(struct ck_swt_rec),
					    CK_SWT_DATA_SLOTS,
					    CK_IPC_F_DROP_OLDEST, data),
			 0);
}

#endif /* TOOL_REGION_H */
