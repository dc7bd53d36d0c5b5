// SPDX-License-Identifier: MIT
/* shm.c - the co-kernel's current mapping of the shared IPC region. */
#include <ck/ck.h>
#include <ck/shm.h>
#include "ck_ipc.h"

/* Written at init and at the hand-over (RT paused), read anywhere: a
 * volatile word read is atomic on every supported CPU. */
static void *volatile shm_va;
static uint32_t shm_bytes;

void *ck_shm_base(void)
{
	return shm_va;
}

uint32_t ck_shm_size(void)
{
	return shm_va ? shm_bytes : 0;
}

int ck_shm_init(void *va, uint32_t bytes)
{
	int err = ck_ipc_dir_init(va, bytes);

	if (err)
		return err;
	shm_bytes = bytes;
	shm_va = va;
	return 0;
}

void ck_shm_set_base(void *va)
{
	if (va && shm_va)   /* a region that failed ck_shm_init stays off */
		shm_va = va;
}
