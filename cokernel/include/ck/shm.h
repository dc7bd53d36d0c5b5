/* SPDX-License-Identifier: MIT */
/*
 * shm.h - where the co-kernel sees the shared IPC region (DESIGN §4, §5).
 *
 * The region (reference board: PA 0x07C00000, 1 MiB, uncached on both
 * sides) is seen by the co-kernel at a virtual address that changes once:
 * at the hand-over, when Linux takes over the MMU and the co-kernel switches
 * to Linux's mapping of it. RT code must therefore never keep a pointer into
 * the region across calls: call ck_shm_base() each time and give it to the
 * ipc/ functions (which keep offsets, not pointers, in their handles).
 *
 * Who calls what (board/main code, cokernel/core/main.c and guest.c):
 *  - ck_shm_init(va, bytes) once at boot, after the region is mapped
 *    uncached and before the apps' init hooks run: it records the mapping
 *    and formats the empty channel directory (ipc/ck_ipc.h);
 *  - ck_shm_set_base(new_va) at the hand-over, while RT is paused, once
 *    Linux's uncached mapping of the same physical region is known
 *    (the board's shm device, ck_board.shm, whose va the hand-over rewrote). The contents are kept.
 */
#ifndef CK_SHM_H
#define CK_SHM_H

#include <stdint.h>

/**
 * ck_shm_base() - current virtual address of the shared IPC region.
 * Return: the base, or NULL when the board has no region (apps then run
 * without IPC). Context: any. Never cache the result across a blocking
 * call or a period.
 */
void *ck_shm_base(void);

/** ck_shm_size() - bytes of the region (0 if none). Context: any. */
uint32_t ck_shm_size(void);

/**
 * ck_shm_init() - record the region at @va (uncached, 8-byte aligned) of
 * @bytes and format its channel directory.
 * Return: 0 or -CK_EINVAL (NULL, misaligned, smaller than the directory).
 * Context: init, before the apps' init hooks.
 */
int ck_shm_init(void *va, uint32_t bytes);

/**
 * ck_shm_set_base() - move the region's virtual address to @va (same
 * physical memory, same size; contents untouched).
 * Context: hand-over, RT paused (no RT code may be inside an ipc/ call).
 */
void ck_shm_set_base(void *va);

#endif /* CK_SHM_H */
