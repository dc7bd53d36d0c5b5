/* SPDX-License-Identifier: MIT */
/*
 * bats-asm.h - the co-kernel's own BATs on the G2_LE, for assembly (after
 * <arch/g2.h>): start.S sets them at reset, entry.S at an RT entry during
 * Linux's boot (arch_rt_entry_boot); the private block's PP switch of the
 * entries and gates (entry.S, gate.S). Field layout: g2.h, PEM 7.4.3.
 */
#ifndef ARCH_BATS_ASM_H
#define ARCH_BATS_ASM_H

#define SZ_256M 0x10000000

/* bat \u, \l (SPR numbers) := \uval, \lval, the lower half first. Clobbers
 * r4. */
.macro bat_write u, l, uval, lval
	lis	r4, (\lval)@h
	ori	r4, r4, (\lval)@l
	mtspr	\l, r4
	lis	r4, (\uval)@h
	ori	r4, r4, (\uval)@l
	mtspr	\u, r4
.endm

/*
 * The co-kernel's map before Linux (the caller invalidated every other BAT
 * and issues the isync):
 *   IBAT4/DBAT4  EA CK_REGION_VA -> PA CK_REGION_PA, the region, cached (M)
 *   DBAT5        EA MBAR_PA -> PA MBAR_PA, the SoC's registers, I|G
 *   DBAT6        EA SHM_BOOT_VA -> PA SHM_PA, the IPC region, I|G
 *   DBAT7        EA 0 -> PA 0, 256 MiB, cached: RAM EA = PA
 * Clobbers r4.
 */
.macro ck_boot_bats
	bat_write SPRN_IBAT4U, SPRN_IBAT4U + 1, \
		BAT_U(BOARD_CK_REGION_VA, BOARD_CK_REGION_SIZE), \
		BAT_L(BOARD_CK_REGION_PA, BAT_M)
	bat_write SPRN_DBAT4U, SPRN_DBAT4U + 1, \
		BAT_U(BOARD_CK_REGION_VA, BOARD_CK_REGION_SIZE), \
		BAT_L(BOARD_CK_REGION_PA, BAT_M)
	bat_write SPRN_DBAT4U + 2, SPRN_DBAT4U + 3, \
		BAT_U(BOARD_MBAR_PA, BOARD_MBAR_SIZE), \
		BAT_L(BOARD_MBAR_PA, BAT_I | BAT_G)
	bat_write SPRN_DBAT4U + 4, SPRN_DBAT4U + 5, \
		BAT_U(BOARD_SHM_BOOT_VA, BOARD_SHM_SIZE), \
		BAT_L(BOARD_SHM_PA, BAT_I | BAT_G)
	bat_write SPRN_DBAT4U + 6, SPRN_DBAT4U + 7, \
		BAT_U(0, SZ_256M), BAT_L(0, BAT_M)
.endm

/*
 * The private block's protection (arch.c arch_guest_protect()): DBAT7's PP
 * bits, read-only in Linux's context from attach on, read/write on the
 * co-kernel's paths. Only the PP bits change: the rest of DBAT7L is the
 * block's (or, before attach, whatever Linux's context holds: its upper
 * half is invalid then).
 *   pp_open \old, \tmp   \old := DBAT7L, then its PP := read/write
 *   pp_put \saved, \tmp  DBAT7L's PP := \saved's
 * The caller synchronizes (isync, or an rfi/rfci that follows).
 */
.macro pp_open old, tmp
	mfspr	\old, SPRN_DBAT7L
	rlwinm	\tmp, \old, 0, 0, 29
	ori	\tmp, \tmp, BAT_PP_RW
	mtspr	SPRN_DBAT7L, \tmp
.endm

.macro pp_put saved, tmp
	mfspr	\tmp, SPRN_DBAT7L
	rlwimi	\tmp, \saved, 0, 30, 31
	mtspr	SPRN_DBAT7L, \tmp
.endm

#endif /* ARCH_BATS_ASM_H */
