/* SPDX-License-Identifier: MIT */
/*
 * tlb1.h - the e500 co-kernel's TLB1 entries and where their EAs lie;
 * usable from C and assembly (start.S, arch.c). Board values come from
 * bsp/e500/board.mk (BOARD_*).
 *
 * Linux (the guest) uses TLB1[0-3]: its head's KERNELBASE entry (0) and
 * temporary one (1 or 2: 85xx_entry_mapping.S), its lowmem CAMs (0-2,
 * CONFIG_LOWMEM_CAM_NUM = 3) and loadcam_multi()'s temporary entry (3,
 * arch/powerpc/mm/nohash/e500.c) when it runs in address space 0. Linux
 * runs in address space 0 (MSR[IS] = MSR[DS] = 0) but for moments with
 * one temporary AS 1 copy of the entry its code runs in: its head's
 * (step 3), and at MMU_init switch_to_as1()'s (head_85xx.S), which takes
 * the highest invalid entry, TLB1[15]: a window's, which the co-kernel
 * maps only at attach, later, and which lies in Linux's vmalloc area. The co-kernel fetches its code
 * in AS 0 and accesses data in AS 1: every entry of it sets MSR[DS]
 * before its first store (entry.S, gate.S), so Linux, in AS 0, cannot
 * write its memory (EREF "Address spaces"; e500CORERM 12.2). Its entries
 * are protected (IPROT, so Linux's tlbivax and MMUCSR0 flushes leave
 * them; EREF "TLB invalidate protection") and lie above Linux's:
 *   TLB1_CK_A, TLB1_CK_B   its region at CK_REGION_VA in AS 0, supervisor
 *                          execute and read only, and CCSR (at CCSR_VA,
 *                          AS 1, I|G), one each: the region's is A unless
 *                          A mapped the code at reset (start.S)
 *   TLB1_CK_SHM            the IPC region at SHM_BOOT_VA, AS 1, I|G
 *   TLB1_CK_DATA           its region again, AS 1, read/write
 *   TLB1_LINUX..+2         while Linux runs, from attach: Linux's lowmem
 *                          CAMs again in AS 1, where the ops Linux calls
 *                          read and write its buffers (arch_guest_protect())
 *   TLB1_FIRST_WINDOW..15  the device windows at Linux's addresses, AS 1
 *                          (arch_map_window(), after attach)
 * and, unprotected, RAM at EA = PA in AS 1 while no Linux runs:
 *   TLB1_LOW               0 .. 64 MiB: the Linux payload; rewritten in
 *                          AS 0 as Linux's initial map right before its
 *                          entry (its head drops it)
 *   TLB1_HIGH              64 .. 128 MiB: the rest of RAM (the staged
 *                          kernel, the pristine copy)
 * While Linux runs, every EA of the co-kernel's entries lies in the 16 MiB
 * between Linux's lowmem (the first LINUX_MEM_SIZE bytes of RAM at
 * LINUX_PAGE_OFFSET) and VMALLOC_START (high_memory + 16 MiB, rounded down
 * to 16 MiB: arch/powerpc/include/asm/nohash/32/pgtable.h), which Linux
 * never maps, or in ranges Linux reserved (the windows), or is in AS 1
 * over Linux's lowmem once Linux's last AS 1 entry is gone: no EA is ever
 * mapped by two valid entries of one address space (a multi-hit,
 * undefined on silicon).
 */
#ifndef ARCH_TLB1_H
#define ARCH_TLB1_H

#define TLB1_ENTRIES 16
#define TLB1_CK_A 4
#define TLB1_CK_B 5
#define TLB1_CK_SHM 6
#define TLB1_CK_DATA 7
#define TLB1_LOW 8
#define TLB1_HIGH 9
#define TLB1_LINUX 10                   /* 10..12: Linux's 3 lowmem CAMs */
#define TLB1_LINUX_CAMS 3
#define TLB1_FIRST_WINDOW 13            /* 13..15: ARCH_MAX_WINDOWS 3 */

#define SZ_16M 0x01000000
#define SZ_64M 0x04000000

/* the gap between Linux's lowmem and its vmalloc area */
#define BOOKE_GAP_VA (BOARD_LINUX_PAGE_OFFSET + BOARD_LINUX_MEM_SIZE)
#define BOOKE_GAP_END ((BOOKE_GAP_VA + SZ_16M) & ~(SZ_16M - 1))

/* TSIZE of the region's and the IPC region's entries (4^t KiB) */
#if BOARD_CK_REGION_SIZE == 0x100000
#define CK_REGION_TSIZE 5
#elif BOARD_CK_REGION_SIZE == 0x400000
#define CK_REGION_TSIZE 6
#elif BOARD_CK_REGION_SIZE == 0x1000000
#define CK_REGION_TSIZE 7
#else
#error "CK_REGION_SIZE must be 1, 4 or 16 MiB (one TLB1 entry)"
#endif
#if BOARD_SHM_SIZE == 0x100000
#define SHM_TSIZE 5
#elif BOARD_SHM_SIZE == 0x400000
#define SHM_TSIZE 6
#else
#error "SHM_SIZE must be 1 or 4 MiB (one TLB1 entry)"
#endif

#if (BOARD_CK_REGION_VA | BOARD_CK_REGION_PA) % BOARD_CK_REGION_SIZE || \
	(BOARD_SHM_BOOT_VA | BOARD_SHM_PA) % BOARD_SHM_SIZE || BOARD_CCSR_VA % 0x100000
#error "a TLB1 entry's EA and PA must be aligned to its size"
#endif
#if BOARD_CK_REGION_VA < BOOKE_GAP_VA || \
	BOARD_CK_REGION_VA + BOARD_CK_REGION_SIZE > BOOKE_GAP_END || \
	BOARD_SHM_BOOT_VA < BOOKE_GAP_VA || BOARD_SHM_BOOT_VA + BOARD_SHM_SIZE > BOOKE_GAP_END || \
	BOARD_CCSR_VA < BOOKE_GAP_VA || BOARD_CCSR_VA + 0x100000 > BOOKE_GAP_END
#error "the co-kernel's region, IPC region and CCSR must lie in the gap above Linux's lowmem"
#endif
#if BOARD_RAM_PA != 0 || BOARD_RAM_SIZE > 2 * SZ_64M
#error "RAM must be at PA 0 and at most 128 MiB (TLB1_LOW, TLB1_HIGH)"
#endif

#endif /* ARCH_TLB1_H */
